//! Pousse measurements run in-process: the depth the engine reaches in a fixed time, and
//! matches of the engine against weaker players and the sparring partners with both colours
//! alternating.
//!
//! `match size ms opponent games [first game] [move cap]`: the last two split a long match
//! into ranges that can run side by side (game numbers fix openings and seeds) and raise the
//! 400-move cap for boards whose games run long.
//!
//! ```text
//! cargo run --release -p grundy-lab --bin pousse_match -- depth 1000
//! cargo run --release -p grundy-lab --bin pousse_match -- match 6 20 greedy 100
//! cargo run --release -p grundy-lab --bin pousse_match -- match 6 20 depth2 100
//! cargo run --release -p grundy-lab --bin pousse_match -- match 6 20 half 100
//! cargo run --release -p grundy-lab --bin pousse_match -- match 7 100 half 100 100 2000
//! cargo run --release -p grundy-lab --bin pousse_match -- ab 6 new nonull 100 - 40
//! cargo run --release -p grundy-lab --bin pousse_match -- dense 6 100 75 new nonull
//! ```
//!
//! `vs size config ms partner partner_ms games first [suite]` plays an engine configuration
//! against a sparring partner on paired openings: random two-move ones, or the positions of a
//! suite file (`data/openings/pousse-6.txt`; game `k` opens with position `k / 2`, the engine
//! playing X in the even games). Partners: `mcts`, `alphabeta`. Configurations: `new` (the
//! engine as shipped), `nonull`, `noext`, `lazy` and `start:<percent>` (see [`config`]).
//!
//! `dense size ms fill configs…` prints the depth each configuration completes in `ms` on
//! boards at least `fill` percent full (random pushes that end no game), over the positions
//! its search does not find decided.
//!
//! `probe config position depth` searches one position (`6:L1,T3,…`) to each depth up to
//! `depth` with a fresh table and prints score, best move, nodes and line at each.
//! `fixed config file depth` searches every position of a file (one per line) to `depth`
//! with a fresh table each and prints move, score and nodes: two builds that print the same
//! lines search the same trees (the check behind a "no change in play" claim).
//! `replay config game first ms [fresh]` replays a game (`6:` and all its moves, as a
//! strength record holds them) from move `first` on, searching every second position for
//! `ms` (or `n<count>` nodes, which repeats exactly) with one engine kept across the moves
//! as a player keeps it (its table cleared before each move when `fresh` is 1), and prints the move found
//! beside the move played.
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use grundy::games::pousse::engine::search::{PousseEngine, Score, SearchFeatures, SearchLimits};
use grundy::games::pousse::sparring::classic::{Classic, ClassicLimits};
use grundy::games::pousse::sparring::mcts::{Mcts, MctsLimits};
use grundy::games::pousse::{
    BitBoard, Board, BoardGame, Colour, Move, PousseStatus, RuleSet, Size,
};
use grundy_lab::players::{play_from, EnginePlayer, Greedy, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The default move cap of a match game; an unfinished game counts half (ICFP rules have no
/// draws, so the cap only bounds the run time).
const MAX_MOVES: usize = 400;

fn depth_report(movetime: u64) {
    for n in [6usize, 7] {
        for line in ["", "L1,T2,R3", "L3,T3,B2,R4,L2,T1"] {
            let text = format!("{n}:{line}");
            let game: BoardGame<BitBoard> = BoardGame::from_notation(&text, RuleSet::Icfp).unwrap();
            for threads in [1, 2] {
                let limits = SearchLimits::movetime(Duration::from_millis(movetime), threads);
                let result = PousseEngine::new(1 << 20).search(&game, &limits);
                let seconds = result.elapsed.as_secs_f64();
                println!(
                    "{text:<22} threads {threads}: depth {:>2}, {:>9} nodes, {:>8.0} nodes/s, {:.3} s, best {}",
                    result.depth,
                    result.nodes,
                    result.nodes as f64 / seconds,
                    seconds,
                    result.best_move.map(|m| m.to_string()).unwrap_or_default()
                );
            }
        }
    }
}

/// Time to depth: searches positions along random games of size `n` to `depth` on one
/// thread, on two with moves put off between threads, and on two with plain Lazy SMP, and
/// prints the wall time of each (sum over the positions) and its ratio to one thread.
fn time_to_depth(n: usize, depth: u32, positions: usize) {
    let size = Size::new(n).unwrap();
    let schemes = [
        ("1 thread", 1, "new"),
        ("2 threads, deferring", 2, "new"),
        ("2 threads, lazy", 2, "lazy"),
    ];
    let mut totals = [Duration::ZERO; 3];
    for index in 0..positions {
        let game = opening(size, 4 + index % 12, 9000 + index as u64);
        for (slot, &(_, threads, name)) in schemes.iter().enumerate() {
            let mut engine = PousseEngine::new(1 << 20);
            configure(&mut engine, name);
            let limits = SearchLimits {
                threads,
                ..SearchLimits::depth(depth)
            };
            let result = engine.search(&game, &limits);
            totals[slot] += result.elapsed;
        }
    }
    for (slot, &(label, _, _)) in schemes.iter().enumerate() {
        println!(
            "{n}x{n} depth {depth}, {positions} positions, {label:<21}: {:>8.3} s, {:.2}x one thread",
            totals[slot].as_secs_f64(),
            totals[0].as_secs_f64() / totals[slot].as_secs_f64()
        );
    }
}

fn opponent(kind: &str, movetime: u64, seed: u64) -> Box<dyn Player<BitBoard>> {
    match kind {
        "greedy" => Box::new(Greedy::new(seed)),
        "depth2" => Box::new(EnginePlayer::fixed_depth(2)),
        _ => Box::new(EnginePlayer::new(
            SearchLimits::movetime(Duration::from_millis(movetime / 2), 1),
            1 << 18,
        )),
    }
}

/// A random opening of `plies` moves that ends no game (seeded, so both colours get it).
fn opening(size: Size, plies: usize, seed: u64) -> BoardGame<BitBoard> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let mut game: BoardGame<BitBoard> = BoardGame::new(size, RuleSet::Icfp).unwrap();
        let moves: Vec<_> = Move::all(size.get()).collect();
        for _ in 0..plies {
            let _ = game.play(moves[rng.gen_range(0..moves.len())]);
        }
        if game.status() == PousseStatus::Ongoing {
            return game;
        }
    }
}

/// The random two-move opening of pair `pair` of `vs` (both games of a pair start from it).
fn paired_opening(size: Size, pair: u64) -> BoardGame<BitBoard> {
    opening(size, 2, 9000 + pair)
}

/// The positions of a file, one in notation per line (blank lines and `#` comments skipped),
/// each with its text, under the ICFP rules; a file that cannot be read or a line that is not
/// a position stops the program with its name.
fn read_positions(file: &str) -> Vec<(String, BoardGame<BitBoard>)> {
    let text = std::fs::read_to_string(file)
        .unwrap_or_else(|error| panic!("cannot read the positions file {file}: {error}"));
    text.lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            let game = BoardGame::from_notation(line, RuleSet::Icfp)
                .unwrap_or_else(|error| panic!("{file}: position {line}: {error}"));
            (line.to_string(), game)
        })
        .collect()
}

/// The 95% Wilson score interval of `score` over `games` games.
fn wilson(score: f64, games: usize) -> (f64, f64) {
    let n = games as f64;
    let z = 1.96f64;
    let centre = (score + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (score * (1.0 - score) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

/// Plays `games` games numbered from `first` (pairs on the same random two-move opening, the
/// engine taking X in the even-numbered game and O in the odd one) and prints the engine's
/// score. BoardGame numbers fix the openings and seeds, so a match split into ranges run side by
/// side plays the same games as one run; each game's result goes to stderr as it ends.
fn run_match(n: usize, movetime: u64, kind: &str, games: usize, first: usize, cap: usize) {
    let size = Size::new(n).unwrap();
    let (mut wins, mut losses, mut unfinished) = (0usize, 0usize, 0usize);
    let mut engine_x_wins = 0;
    for game in first..first + games {
        let engine_colour = if game % 2 == 0 { Colour::X } else { Colour::O };
        let start = opening(size, 2, (game / 2) as u64);
        let mut engine: Box<dyn Player<BitBoard>> = Box::new(EnginePlayer::new(
            SearchLimits::movetime(Duration::from_millis(movetime), 1),
            1 << 18,
        ));
        let mut other = opponent(kind, movetime, game as u64);
        let (status, moves) = if engine_colour == Colour::X {
            play_from(start, engine.as_mut(), other.as_mut(), cap)
        } else {
            play_from(start, other.as_mut(), engine.as_mut(), cap)
        };
        match status {
            PousseStatus::Won { winner, .. } if winner == engine_colour => {
                wins += 1;
                if engine_colour == Colour::X {
                    engine_x_wins += 1;
                }
            }
            PousseStatus::Won { .. } => losses += 1,
            PousseStatus::Ongoing => unfinished += 1,
        }
        eprintln!(
            "game {game}: engine as {engine_colour:?}, {status:?} after {} moves",
            moves.len()
        );
    }
    let score = (wins as f64 + 0.5 * unfinished as f64) / games as f64;
    let (low, high) = wilson(score, games);
    println!(
        "{n}x{n} {movetime} ms/move vs {kind}: {games} games from game {first}, cap {cap} moves, +{wins} -{losses} ={unfinished} \
         (engine as X won {engine_x_wins}), score {:.1}% (95% interval {:.1}%-{:.1}%)",
        100.0 * score,
        100.0 * low,
        100.0 * high
    );
}

/// Sets `engine` up as configuration `name` (see [`config`]); `name/tN` (where a player
/// is named) also sets the threads.
fn configure(engine: &mut PousseEngine, name: &str) {
    engine.features = config(name);
}

/// An engine configuration by name, for A/B matches: `new` (the default engine), `nonull`
/// (no null-move pruning), `noext` (no threat extension), `lazy` (plain Lazy SMP: threads
/// share only the table; matters with `/t2` and up) and `start:<percent>` (no iteration
/// starts after that share of the deadline). A name it does not know stops the program.
fn config(name: &str) -> SearchFeatures {
    let all = SearchFeatures::default();
    if let Some(percent) = name.strip_prefix("start:") {
        return SearchFeatures {
            last_start_percent: percent.parse().unwrap(),
            ..all
        };
    }
    match name {
        "new" | "" => all,
        "nonull" => SearchFeatures {
            null_move: false,
            ..all
        },
        "noext" => SearchFeatures {
            threat_extension: false,
            ..all
        },
        "lazy" => SearchFeatures {
            defer_busy_moves: false,
            ..all
        },
        _ => {
            eprintln!("pousse_match: unknown configuration {name} (new, nonull, noext, lazy, start:<percent>)");
            std::process::exit(2)
        }
    }
}

/// Plays configuration `a` against `b` at `movetime` ms per move (or at fixed depth when
/// `depth` is set), `games` games on paired random openings; prints a's score.
fn ab(n: usize, a: &str, b: &str, movetime: u64, depth: Option<u32>, games: usize, first: usize) {
    let size = Size::new(n).unwrap();
    let mut score = 0.0;
    let (mut wins, mut losses, mut unfinished) = (0, 0, 0);
    let player = |name: &str| {
        // `config/tN` searches on N threads.
        let (name, threads) = name
            .rsplit_once("/t")
            .and_then(|(name, threads)| Some((name, threads.parse().ok()?)))
            .unwrap_or((name, 1));
        let limits = match depth {
            Some(depth) => SearchLimits {
                threads,
                ..SearchLimits::depth(depth)
            },
            None => SearchLimits::movetime(Duration::from_millis(movetime), threads),
        };
        let mut player = EnginePlayer::new(limits, 1 << 18);
        configure(player.engine_mut(), name);
        player
    };
    for game in first..first + games {
        let start = opening(size, 2, 5000 + (game / 2) as u64);
        let mut pa = player(a);
        let mut pb = player(b);
        let a_colour = if game % 2 == 0 { Colour::X } else { Colour::O };
        let (status, moves) = if a_colour == Colour::X {
            play_from(start, &mut pa, &mut pb, MAX_MOVES)
        } else {
            play_from(start, &mut pb, &mut pa, MAX_MOVES)
        };
        match status {
            PousseStatus::Won { winner, .. } if winner == a_colour => {
                wins += 1;
                score += 1.0;
            }
            PousseStatus::Won { .. } => losses += 1,
            PousseStatus::Ongoing => {
                unfinished += 1;
                score += 0.5;
            }
        }
        eprintln!(
            "game {game}: {a} as {a_colour:?}, {status:?} after {} moves",
            moves.len()
        );
    }
    let (low, high) = wilson(score / games as f64, games);
    println!(
        "{n}x{n} {a} vs {b} at {}: {games} games, +{wins} -{losses} ={unfinished}, score {:.1}% (95% interval {:.1}%-{:.1}%)",
        depth.map_or(format!("{movetime} ms"), |d| format!("depth {d}")),
        100.0 * score / games as f64,
        100.0 * low,
        100.0 * high
    );
}

/// Runs `searches` timed searches of `movetime` ms on `threads` threads from positions along
/// a random game, and prints the longest time taken: the engine must never pass its budget,
/// however busy the machine.
fn timing(movetime: u64, threads: usize, searches: usize) {
    let size = Size::new(7).unwrap();
    let budget = Duration::from_millis(movetime);
    let mut engine = PousseEngine::new(1 << 18);
    let mut longest = Duration::ZERO;
    let mut over = 0;
    for i in 0..searches {
        let game = opening(size, 2 + i % 30, i as u64);
        let result = engine.search(&game, &SearchLimits::movetime(budget, threads));
        longest = longest.max(result.elapsed);
        over += usize::from(result.elapsed > budget);
    }
    println!(
        "{searches} searches of {movetime} ms on {threads} threads: longest {:.1} ms, {over} over budget",
        longest.as_secs_f64() * 1000.0
    );
}

/// A budget per move: `100` is milliseconds, `n400000` nodes (the engine), `p20000` playouts
/// (mcts) or `d6` depth (alphabeta); node, playout and depth budgets make a match repeat
/// exactly whatever else the machine is doing.
#[derive(Debug, Clone, Copy)]
enum Budget {
    Millis(u64),
    Count(u64),
}

impl Budget {
    fn parse(text: &str) -> Budget {
        match text.strip_prefix(['n', 'p', 'd']) {
            Some(count) => Budget::Count(count.parse().unwrap()),
            None => Budget::Millis(text.parse().unwrap()),
        }
    }

    fn engine_limits(self) -> SearchLimits {
        match self {
            Budget::Millis(ms) => SearchLimits::movetime(Duration::from_millis(ms), 1),
            Budget::Count(nodes) => SearchLimits {
                nodes: Some(nodes),
                ..SearchLimits::default()
            },
        }
    }
}

/// A sparring partner as a [`Player`]: `mcts` or `alphabeta` within a budget per move.
struct Partner {
    kind: String,
    budget: Budget,
    mcts: Mcts,
    classic: Classic,
}

impl Player<BitBoard> for Partner {
    fn choose(&mut self, game: &BoardGame<BitBoard>) -> Option<Move> {
        match (self.kind.as_str(), self.budget) {
            ("mcts", Budget::Millis(ms)) => {
                self.mcts
                    .search(game, &MctsLimits::movetime(Duration::from_millis(ms)))
                    .best_move
            }
            ("mcts", Budget::Count(playouts)) => {
                self.mcts
                    .search(game, &MctsLimits::playouts(playouts))
                    .best_move
            }
            (_, Budget::Millis(ms)) => {
                self.classic
                    .search(game, &ClassicLimits::movetime(Duration::from_millis(ms)))
                    .best_move
            }
            (_, Budget::Count(depth)) => {
                self.classic
                    .search(game, &ClassicLimits::depth(depth as u32))
                    .best_move
            }
        }
    }
}

/// PousseEngine configuration `config` within `budget` against a sparring partner (`mcts` or
/// `alphabeta`) within `partner_budget`, games `first..first + games` on paired openings;
/// prints the engine's score, and each game the engine lost as a position (`6:R5,B3,…`,
/// the opening and every move) that `replay` and `grundy solve pousse` read.
fn versus(
    n: usize,
    config_name: &str,
    budget: &str,
    kind: &str,
    partner_budget: &str,
    games: std::ops::Range<usize>,
    suite: Option<&str>,
) {
    let (first, count) = (games.start, games.len());
    let size = Size::new(n).unwrap();
    let suite: Option<Vec<BoardGame<BitBoard>>> = suite.map(|file| {
        read_positions(file)
            .into_iter()
            .map(|(_, game)| game)
            .collect()
    });
    let (mut score, mut wins) = (0.0, 0);
    for game in games {
        let start = match &suite {
            Some(positions) => positions[(game / 2) % positions.len()].clone(),
            None => paired_opening(size, (game / 2) as u64),
        };
        let mut engine = EnginePlayer::new(Budget::parse(budget).engine_limits(), 1 << 18);
        configure(engine.engine_mut(), config_name);
        let mut partner = Partner {
            kind: kind.to_string(),
            budget: Budget::parse(partner_budget),
            mcts: Mcts::new(game as u64),
            classic: Classic::new(1 << 18),
        };
        let engine_colour = if game % 2 == 0 { Colour::X } else { Colour::O };
        let (status, moves) = if engine_colour == Colour::X {
            play_from(start, &mut engine, &mut partner, MAX_MOVES)
        } else {
            play_from(start, &mut partner, &mut engine, MAX_MOVES)
        };
        match status {
            PousseStatus::Won { winner, .. } if winner == engine_colour => {
                score += 1.0;
                wins += 1;
            }
            PousseStatus::Won { .. } => {}
            PousseStatus::Ongoing => score += 0.5,
        }
        eprintln!(
            "game {game}: engine as {engine_colour:?}, {status:?} after {} moves",
            moves.len()
        );
        if matches!(status, PousseStatus::Won { winner, .. } if winner != engine_colour) {
            let record: Vec<String> = moves.iter().map(ToString::to_string).collect();
            eprintln!("  lost: {n}:{}", record.join(","));
        }
    }
    let (low, high) = wilson(score / count as f64, count);
    println!(
        "{n}x{n} {config_name} at {budget} vs {kind} at {partner_budget}: {count} games from {first}, {wins} won, score {:.1}% (95% interval {:.1}%-{:.1}%)",
        100.0 * score / count as f64,
        100.0 * low,
        100.0 * high
    );
}

/// How many nodes the engine and how many playouts MCTS make in `ms` milliseconds from
/// positions along random games of `n` × `n`, to translate a time budget into counts.
fn rates(n: usize, ms: u64) {
    let size = Size::new(n).unwrap();
    let (mut nodes, mut playouts) = (0, 0);
    for seed in 0..10 {
        let game = opening(size, 6, 500 + seed);
        let mut engine = PousseEngine::new(1 << 18);
        nodes += engine
            .search(&game, &SearchLimits::movetime(Duration::from_millis(ms), 1))
            .nodes;
        let mut mcts = Mcts::new(seed);
        playouts += mcts
            .search(&game, &MctsLimits::movetime(Duration::from_millis(ms)))
            .playouts;
    }
    println!(
        "{n}x{n} in {ms} ms: engine {} nodes, mcts {} playouts (mean of 10 positions)",
        nodes / 10,
        playouts / 10
    );
}

/// A position along a random game of `n` × `n` whose pushes end no game, played until the
/// board holds `fill` percent of markers or more.
fn dense_position(size: Size, fill: usize, seed: u64) -> BoardGame<BitBoard> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = size.get();
    let moves: Vec<_> = Move::all(n).collect();
    let mut game: BoardGame<BitBoard> = BoardGame::new(size, RuleSet::Icfp).unwrap();
    for _ in 0..10 * n * n {
        if 100 * game.position().board.markers() as usize >= fill * n * n {
            break;
        }
        game.play_unless_decisive(moves[rng.gen_range(0..moves.len())]);
    }
    game
}

/// Depth and node rate of each configuration in `ms` milliseconds on the positions, among 40
/// of boards at least `fill` percent full, that the search does not find decided: what a
/// dearer evaluation costs where it is read.
fn dense_rates(n: usize, ms: u64, fill: usize, configs: &[String]) {
    let size = Size::new(n).unwrap();
    for name in configs {
        let (mut nodes, mut depth, mut seconds, mut searched) = (0u64, 0u32, 0.0, 0u32);
        let mut engine = PousseEngine::new(1 << 20);
        configure(&mut engine, name);
        for seed in 0..40 {
            let game = dense_position(size, fill, 900 + seed);
            engine.clear();
            let result =
                engine.search(&game, &SearchLimits::movetime(Duration::from_millis(ms), 1));
            // A position already won or lost ends its search early: not a measure of depth.
            if !matches!(result.score, Score::Eval(_)) {
                continue;
            }
            searched += 1;
            nodes += result.nodes;
            depth += result.depth;
            seconds += result.elapsed.as_secs_f64();
        }
        println!(
            "{n}x{n} fill >= {fill}% in {ms} ms: {name}: {searched} positions not yet decided, mean depth {:.1}, {:.0} nodes/s",
            f64::from(depth) / f64::from(searched.max(1)),
            nodes as f64 / seconds
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("depth") => depth_report(number(1, 1000)),
        Some("match") => run_match(
            number(1, 6) as usize,
            number(2, 20),
            args.get(3).map_or("greedy", String::as_str),
            number(4, 20) as usize,
            number(5, 0) as usize,
            number(6, MAX_MOVES as u64) as usize,
        ),
        Some("timing") => timing(number(1, 100), number(2, 1) as usize, number(3, 100) as usize),
        Some("vs") => versus(
            number(1, 6) as usize,
            args.get(2).map_or("new", String::as_str),
            args.get(3).map_or("30", String::as_str),
            args.get(4).map_or("mcts", String::as_str),
            args.get(5).map_or("300", String::as_str),
            number(7, 0) as usize..(number(7, 0) + number(6, 20)) as usize,
            args.get(8).map(String::as_str),
        ),
        Some("openings") => {
            let n = number(1, 6) as usize;
            for pair in number(2, 0)..number(2, 0) + number(3, 10) {
                let game = paired_opening(Size::new(n).unwrap(), pair);
                let moves: Vec<String> = game.moves().map(|mv| mv.to_string()).collect();
                println!("{n}:{}", moves.join(","));
            }
        }
        Some("ttd") => time_to_depth(number(1, 6) as usize, number(2, 9) as u32, number(3, 20) as usize),
        Some("rates") => rates(number(1, 7) as usize, number(2, 100)),
        Some("dense") => dense_rates(
            number(1, 6) as usize,
            number(2, 100),
            number(3, 75) as usize,
            &args[4.min(args.len())..],
        ),
        Some("probe") => probe(
            args.get(1).map_or("new", String::as_str),
            args.get(2).map_or("6:", String::as_str),
            number(3, 9) as u32,
        ),
        Some("fixed") => fixed(
            args.get(1).map_or("new", String::as_str),
            args.get(2).map_or("positions.txt", String::as_str),
            number(3, 7) as u32,
        ),
        Some("replay") => replay(
            args.get(1).map_or("new", String::as_str),
            args.get(2).map_or("6:", String::as_str),
            number(3, 2) as usize,
            args.get(4).map_or("68", String::as_str),
            number(5, 0) != 0,
        ),
        Some("ab") => ab(
            number(1, 6) as usize,
            args.get(2).map_or("new", String::as_str),
            args.get(3).map_or("nonull", String::as_str),
            number(4, 100),
            args.get(5).and_then(|d| d.strip_prefix('d')).and_then(|d| d.parse().ok()),
            number(6, 20) as usize,
            number(7, 0) as usize,
        ),
        _ => eprintln!(
            "usage: pousse_match depth [ms] | match [size] [ms] [greedy|depth2|half] [games] [first game] [move cap] | ab [size] [a] [b] [ms] [dDEPTH|-] [games] [first game] | vs [size] [config] [ms|nNODES] [mcts|alphabeta] [partner ms|pPLAYOUTS|dDEPTH] [games] [first game] [suite file] | openings [size] [first pair] [pairs] | ttd [size] [depth] [positions] | rates [size] [ms] | dense [size] [ms] [fill %] [config...] | timing [ms] [threads] [searches] | probe [config] [position] [depth] | fixed [config] [positions file] [depth] | replay [config] [game] [first] [ms] [fresh 0|1]"
        ),
    }
}

/// Searches every position of `file` (one in notation per line; blank lines and `#`
/// comments skipped) with configuration `config` to `depth` on one thread, a fresh table each,
/// and prints each result on a line: two builds that print the same lines search the same
/// trees. The total nodes and the node rate go to stderr.
fn fixed(config: &str, file: &str, depth: u32) {
    let positions = read_positions(file);
    let mut engine = PousseEngine::new(1 << 20);
    configure(&mut engine, config);
    let start = std::time::Instant::now();
    let mut total = 0;
    for (line, game) in positions {
        engine.clear();
        let result = engine.search(&game, &SearchLimits::depth(depth));
        total += result.nodes;
        println!(
            "{line} depth {} best {} {:?} nodes {}",
            result.depth,
            result.best_move.map(|m| m.to_string()).unwrap_or_default(),
            result.score,
            result.nodes
        );
    }
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "{total} nodes in {seconds:.2} s: {:.0} nodes/s",
        total as f64 / seconds
    );
}

/// Searches one position with configuration `config` to each depth up to `depth` on one
/// thread, a fresh table each time, and prints what each depth finds.
fn probe(config: &str, position: &str, depth: u32) {
    let game: BoardGame<BitBoard> = BoardGame::from_notation(position, RuleSet::Icfp).unwrap();
    let mut engine = PousseEngine::new(1 << 22);
    configure(&mut engine, config);
    for d in 1..=depth {
        engine.clear();
        let result = engine.search(&game, &SearchLimits::depth(d));
        let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {d:>2}: {:?} best {} nodes {} pv {}",
            result.score,
            result.best_move.map(|m| m.to_string()).unwrap_or_default(),
            result.nodes,
            pv.join(" ")
        );
    }
}

/// Replays the game `moves` (a position in notation, every move of the game) from move
/// `first` on, searching each position of the side that moves at `first` within `budget`
/// (milliseconds, or `n<count>` nodes as for `vs`) with one engine kept across the moves (as
/// a player keeps it), or with its table cleared before each move when `fresh`, and prints the move found
/// beside the move played.
fn replay(config: &str, moves: &str, first: usize, budget: &str, fresh: bool) {
    let limits = Budget::parse(budget).engine_limits();
    let (size, list) = moves.split_once(':').unwrap();
    let all: Vec<&str> = list.split(',').collect();
    let mut game: BoardGame<BitBoard> =
        BoardGame::from_notation(&format!("{size}:"), RuleSet::Icfp).unwrap();
    let mut engine = PousseEngine::new(1 << 20);
    configure(&mut engine, config);
    for (ply, played) in all.iter().enumerate() {
        if ply >= first && (ply - first) % 2 == 0 {
            if fresh {
                engine.clear();
            }
            let result = engine.search(&game, &limits);
            println!(
                "ply {ply:>3}: played {played:>3}, found {:>3} {:?} depth {}",
                result.best_move.map(|m| m.to_string()).unwrap_or_default(),
                result.score,
                result.depth
            );
        }
        game.play(played.parse().unwrap()).unwrap();
    }
}
