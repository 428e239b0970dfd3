//! Pousse measurements run in-process: the depth the engine reaches in a fixed time, and
//! matches of the engine against weaker players with both colours alternating.
//!
//! `match size ms opponent games [first game] [move cap]`: the last two split a long match
//! into ranges that can run side by side (game numbers fix openings and seeds) and raise the
//! 400-move cap for boards whose games run long.
//!
//! ```text
//! cargo run --release -p grundy --example pousse_match -- depth 1000
//! cargo run --release -p grundy --example pousse_match -- match 6 20 greedy 100
//! cargo run --release -p grundy --example pousse_match -- match 6 20 depth2 100
//! cargo run --release -p grundy --example pousse_match -- match 6 20 half 100
//! cargo run --release -p grundy --example pousse_match -- match 7 100 half 100 100 2000
//! cargo run --release -p grundy --example pousse_match -- ab 6 new old 100 - 40
//! cargo run --release -p grundy --example pousse_match -- dense 6 100 75 new lmr
//! ```
//!
//! `vs size config ms partner partner_ms games first [suite]` plays an engine configuration
//! against a sparring partner on paired openings: random two-move ones, or the positions of a
//! suite file (`data/openings/pousse-6.txt`; game `k` opens with position `k / 2`, the engine
//! playing X in the even games). Partners: `mcts`, `kmcts` (MCTS whose playouts know
//! the immediate threats), `alphabeta`. Configurations besides the named ones: `w:<weights>`,
//! `lp:<count>:<fill>:<weight>` (knowing playouts at dense leaves), `switch:<empty>:<knowing>`
//! (MCTS once at most `empty` squares are empty), `open:<empty>` (MCTS while more than `empty`
//! squares are empty, the engine after), `start:<percent>` (no iteration starts after that
//! share of the deadline), `nullfill:<percent>` (null moves only on boards at most that
//! full), `mcts` and `kmcts` (MCTS throughout), `hybrid:`/`pick:<share>:<margin>:<empty>`
//! (MCTS's judgement on dense boards, see `Hybrid`), `trap:<margin>:<weight>:<depth>` (the
//! near-best root move whose replies most often lose to a short forced win), and
//! `emcts:<scale>:<exploration>` (MCTS with the evaluation at its leaves), and
//! `<config>+pat:<file>` (`pat:<file>` for the default engine) adding a line-pattern table
//! fitted by `pousse_patterns`, `<config>+net:<file>` (`net:<file>`) a value network
//! fitted by `pousse_net`, and `<config>+net` (`net`) the fitted 6 × 6 network the library
//! holds (`fitted_network_6x6`; the engine plays without a network by default).
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

use std::sync::Arc;
use std::time::Duration;

use grundy::games::pousse::classic::{Classic, ClassicLimits};
use grundy::games::pousse::mcts::{Mcts, MctsLimits};
use grundy::games::pousse::players::{play_from, EnginePlayer, Greedy, Player};
use grundy::games::pousse::search::{Across, Engine, Features, Limits, Score, Weights};
use grundy::games::pousse::{
    fitted_network_6x6, BitBoard, Board, Colour, Game, Move, PatternTable, RuleSet, Size, Status,
    ValueNet,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The default move cap of a match game; an unfinished game counts half (ICFP rules have no
/// draws, so the cap only bounds the run time).
const MAX_MOVES: usize = 400;

fn depth_report(movetime: u64) {
    for n in [6usize, 7] {
        for line in ["", "L1,T2,R3", "L3,T3,B2,R4,L2,T1"] {
            let text = format!("{n}:{line}");
            let game: Game<BitBoard> = Game::from_notation(&text, RuleSet::Icfp).unwrap();
            for threads in [1, 2] {
                let limits = Limits::movetime(Duration::from_millis(movetime), threads);
                let result = Engine::new(1 << 20).search(&game, &limits);
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
            let mut engine = Engine::new(1 << 20);
            configure(&mut engine, name);
            let limits = Limits {
                threads,
                ..Limits::depth(depth)
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
            Limits::movetime(Duration::from_millis(movetime / 2), 1),
            1 << 18,
        )),
    }
}

/// A random opening of `plies` moves that ends no game (seeded, so both colours get it).
fn opening(size: Size, plies: usize, seed: u64) -> Game<BitBoard> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let mut game: Game<BitBoard> = Game::new(size, RuleSet::Icfp).unwrap();
        let moves: Vec<_> = Move::all(size.get()).collect();
        for _ in 0..plies {
            let _ = game.play(moves[rng.gen_range(0..moves.len())]);
        }
        if game.status() == Status::Ongoing {
            return game;
        }
    }
}

/// The random two-move opening of pair `pair` of `vs` (both games of a pair start from it).
fn paired_opening(size: Size, pair: u64) -> Game<BitBoard> {
    opening(size, 2, 9000 + pair)
}

/// The positions of a file, one in notation per line (blank lines and `#` comments skipped),
/// each with its text, under the ICFP rules; a file that cannot be read or a line that is not
/// a position stops the program with its name.
fn read_positions(file: &str) -> Vec<(String, Game<BitBoard>)> {
    let text = std::fs::read_to_string(file)
        .unwrap_or_else(|error| panic!("cannot read the positions file {file}: {error}"));
    text.lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            let game = Game::from_notation(line, RuleSet::Icfp)
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
/// score. Game numbers fix the openings and seeds, so a match split into ranges run side by
/// side plays the same games as one run; each game's result goes to stderr as it ends.
fn run_match(n: usize, movetime: u64, kind: &str, games: usize, first: usize, cap: usize) {
    let size = Size::new(n).unwrap();
    let (mut wins, mut losses, mut unfinished) = (0usize, 0usize, 0usize);
    let mut engine_x_wins = 0;
    for game in first..first + games {
        let engine_colour = if game % 2 == 0 { Colour::X } else { Colour::O };
        let start = opening(size, 2, (game / 2) as u64);
        let mut engine: Box<dyn Player<BitBoard>> = Box::new(EnginePlayer::new(
            Limits::movetime(Duration::from_millis(movetime), 1),
            1 << 18,
        ));
        let mut other = opponent(kind, movetime, game as u64);
        let (status, moves) = if engine_colour == Colour::X {
            play_from(start, engine.as_mut(), other.as_mut(), cap)
        } else {
            play_from(start, other.as_mut(), engine.as_mut(), cap)
        };
        match status {
            Status::Won { winner, .. } if winner == engine_colour => {
                wins += 1;
                if engine_colour == Colour::X {
                    engine_x_wins += 1;
                }
            }
            Status::Won { .. } => losses += 1,
            Status::Ongoing => unfinished += 1,
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

/// Sets `engine` up as configuration `name` (see [`config`]); `<config>+pat:<file>` (or
/// `pat:<file>` for the default engine) adds the line-pattern table in `file`, and
/// `<config>+net:<file>` (last) the value network in `file`, `<config>+net` (`net`) the
/// library's fitted 6 × 6 one; `nonet` is the default engine, without a network, under the
/// name it had while the network was on by default.
fn configure(engine: &mut Engine, name: &str) {
    let (name, network) = match name.split_once("net:") {
        Some((base, file)) => {
            let text = std::fs::read_to_string(file).unwrap();
            let network: ValueNet = text.parse().unwrap();
            (base.trim_end_matches('+'), Some(Arc::new(network)))
        }
        None if name == "nonet" => ("new", None),
        None if name == "net" => ("new", fitted_network_6x6()),
        None => match name.strip_suffix("+net") {
            Some(base) => (base, fitted_network_6x6()),
            None => (name, None),
        },
    };
    engine.network = network;
    let (base, patterns) = match name.split_once("pat:") {
        Some((base, file)) => {
            let text = std::fs::read_to_string(file).unwrap();
            let table: PatternTable = text.parse().unwrap();
            (base.trim_end_matches('+'), Some(Arc::new(table)))
        }
        None => (name, None),
    };
    let (weights, features) = config(if base.is_empty() { "new" } else { base });
    engine.weights = weights;
    engine.features = features;
    engine.patterns = patterns;
}

/// Sets a switch of [`Features`] that takes a percentage.
type SetPercent = fn(&mut Features, u32);

/// An engine configuration by name, for A/B matches: `new` (the default engine), `old` (the
/// first engine's evaluation, no extensions or reductions), `nolmr`, `noext`, `oldeval`,
/// `nocross` and the others below.
fn config(name: &str) -> (Weights, Features) {
    let all = Features::default();
    // Switches set to a percentage: `nullfill:` (null moves only on boards at most that
    // full) and `start:` (no iteration starts after that share of the deadline).
    let percent_switches: [(&str, SetPercent); 2] = [
        ("nullfill:", |features, percent| {
            features.null_move_max_fill = percent
        }),
        ("start:", |features, percent| {
            features.last_start_percent = percent
        }),
    ];
    for (prefix, set) in percent_switches {
        if let Some(percent) = name.strip_prefix(prefix) {
            let mut features = all;
            set(&mut features, percent.parse().unwrap());
            return (Weights::default(), features);
        }
    }
    match name {
        "old" => (
            Weights::line_balance_only(),
            Features {
                threat_extension: false,
                late_move_reductions: false,
                quiescence: false,
                forcing_extension: false,
                null_move: false,
                use_whole_budget: false,
                defer_busy_moves: true,
                across: Across::Ignored,
                ..all
            },
        ),
        "oldeval" => (Weights::line_balance_only(), all),
        "nolmr" => (
            Weights::default(),
            Features {
                late_move_reductions: false,
                ..all
            },
        ),
        "lmr" => (
            Weights::default(),
            Features {
                late_move_reductions: true,
                ..all
            },
        ),
        // A classical program's evaluation: line balance growing with the count, and
        // centre distance; no threat terms, extensions or quiescence.
        "classic" => (
            Weights {
                values: {
                    let mut values = [0; grundy::games::pousse::evaluation::FEATURES];
                    values[..5].copy_from_slice(&[10, 0, 0, 10, 10]);
                    values
                },
            },
            Features {
                threat_extension: false,
                late_move_reductions: false,
                quiescence: false,
                forcing_extension: false,
                null_move: false,
                use_whole_budget: false,
                defer_busy_moves: true,
                across: Across::Ignored,
                ..all
            },
        ),
        "forcing" => (
            Weights::default(),
            Features {
                forcing_extension: true,
                ..all
            },
        ),
        "q" => (
            Weights::default(),
            Features {
                quiescence: true,
                ..all
            },
        ),
        "noq" => (
            Weights::default(),
            Features {
                quiescence: false,
                ..all
            },
        ),
        "nonull" => (
            Weights::default(),
            Features {
                null_move: false,
                ..all
            },
        ),
        "whole" => (
            Weights::default(),
            Features {
                use_whole_budget: true,
                ..all
            },
        ),
        // Plain Lazy SMP: threads share only the table (matters with `/t2` and up).
        "lazy" => (
            Weights::default(),
            Features {
                defer_busy_moves: false,
                ..all
            },
        ),
        // Lines completed by a push across them not seen as ready.
        "nocross" => (
            Weights::default(),
            Features {
                across: Across::Ignored,
                ..all
            },
        ),
        // Lines completed across seen as threats of the other side as well.
        "crossthreat" => (
            Weights::default(),
            Features {
                across: Across::Counted,
                ..all
            },
        ),
        // The other side's lines completed across extend the search at its horizon (and rule
        // out a null move) without weighing as threats.
        "crossext" => (
            Weights::default(),
            Features {
                across: Across::Extended,
                ..all
            },
        ),
        // Nodes whose subtree met a repetition on the searched line are not stored.
        "ghi" => (
            Weights::default(),
            Features {
                line_bound_unstored: true,
                ..all
            },
        ),
        "noext" => (
            Weights::default(),
            Features {
                threat_extension: false,
                ..all
            },
        ),
        _ if name.starts_with("lp:") => {
            // Knowing playouts at dense leaves: `lp:<count>:<fill>:<weight>`.
            let parts: Vec<u32> = name[3..]
                .split(':')
                .map(|part| part.parse().unwrap())
                .collect();
            (
                Weights::default(),
                Features {
                    leaf_playouts: grundy::games::pousse::search::LeafPlayouts {
                        count: parts[0],
                        fill: parts[1],
                        weight: parts[2] as i32,
                    },
                    ..all
                },
            )
        }
        _ => match name.strip_prefix("w:") {
            // Weights written out, in the order of `Feature::ALL`.
            Some(list) => {
                // Features added since a list was written weigh zero.
                let mut values = [0; grundy::games::pousse::evaluation::FEATURES];
                for (slot, v) in values.iter_mut().zip(list.split(',')) {
                    *slot = v.parse().unwrap();
                }
                (Weights { values }, all)
            }
            None => (Weights::default(), all),
        },
    }
}

/// Plays configuration `a` against `b` at `movetime` ms per move (or at fixed depth when
/// `depth` is set), `games` games on paired random openings; prints a's score.
fn ab(n: usize, a: &str, b: &str, movetime: u64, depth: Option<u32>, games: usize, first: usize) {
    let size = Size::new(n).unwrap();
    let mut score = 0.0;
    let (mut wins, mut losses, mut unfinished) = (0, 0, 0);
    let player = |name: &str| {
        // `config/tN` searches on N threads (a path such as `pat:/tmp/…` is not a count).
        let (name, threads) = name
            .rsplit_once("/t")
            .and_then(|(name, threads)| Some((name, threads.parse().ok()?)))
            .unwrap_or((name, 1));
        let limits = match depth {
            Some(depth) => Limits {
                threads,
                ..Limits::depth(depth)
            },
            None => Limits::movetime(Duration::from_millis(movetime), threads),
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
            Status::Won { winner, .. } if winner == a_colour => {
                wins += 1;
                score += 1.0;
            }
            Status::Won { .. } => losses += 1,
            Status::Ongoing => {
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
    let mut engine = Engine::new(1 << 18);
    let mut longest = Duration::ZERO;
    let mut over = 0;
    for i in 0..searches {
        let game = opening(size, 2 + i % 30, i as u64);
        let result = engine.search(&game, &Limits::movetime(budget, threads));
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

    fn engine_limits(self) -> Limits {
        match self {
            Budget::Millis(ms) => Limits::movetime(Duration::from_millis(ms), 1),
            Budget::Count(nodes) => Limits {
                nodes: Some(nodes),
                ..Limits::default()
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
    fn choose(&mut self, game: &Game<BitBoard>) -> Option<Move> {
        self.mcts.knowledge = self.kind == "kmcts";
        let kind = if self.kind == "kmcts" {
            "mcts"
        } else {
            self.kind.as_str()
        };
        match (kind, self.budget) {
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

/// The engine with MCTS's judgement on dense boards (`hybrid:<share>:<margin>:<empty>`, and
/// `pick:` with the same numbers, [`Hybrid::pick`]):
/// with at most `empty` squares empty, MCTS searches for about `share` of the budget (counted
/// in playouts) and the engine for what is left, split between the position and the position after MCTS's move; MCTS's move
/// is played unless the engine proves it lost or scores it more than `margin` below its own.
struct Hybrid {
    engine: Engine,
    mcts: Mcts,
    budget: Duration,
    share: f64,
    margin: i32,
    empty: usize,
    /// MCTS while more than `empty` squares are empty, the engine after (`open:<empty>`).
    mcts_while_open: bool,
    /// MCTS judges the engine's candidates instead (`pick:<share>:<margin>:<empty>`).
    candidates: bool,
    /// The candidates judged by the traps they set instead (`trap:<margin>:<weight>:<depth>`,
    /// see [`Hybrid::trap`]): the weight of the share of replies that lose by force, and the
    /// depth each reply is searched to.
    traps: Option<(i32, u32)>,
}

impl Hybrid {
    /// `hybrid:<share>:<margin>:<empty>` (`pick:` alike, see [`Hybrid::pick`]), or
    /// `switch:<empty>:<knowing>`: the engine until at
    /// most `empty` squares are empty, MCTS alone with the whole budget after (share 1), its
    /// playouts knowing the immediate threats when `knowing` is 1; or `open:<empty>`: MCTS
    /// alone while more than `empty` squares are empty, the engine after.
    fn parse(spec: &str, budget: Duration, seed: u64) -> Hybrid {
        let parts: Vec<&str> = spec.split(':').collect();
        let mut mcts = Mcts::new(seed);
        let mcts_while_open = parts[0] == "open";
        let traps = (parts[0] == "trap").then(|| {
            let number = |k: usize| parts[k].parse::<i32>().unwrap();
            (number(2), number(3) as u32)
        });
        let (share, margin, empty) = if traps.is_some() {
            (0.0, parts[1].parse().unwrap(), usize::MAX)
        } else if parts[0] == "emcts" {
            let number = |k: usize| parts[k].parse::<f64>().unwrap();
            mcts.leaf_evaluation = Some((Weights::default(), number(1)));
            mcts.exploration = number(2);
            (1.0, 0, 99_999)
        } else if parts[0] == "switch" {
            mcts.knowledge = parts[2] == "1";
            (1.0, 0, parts[1].parse().unwrap())
        } else if mcts_while_open {
            (1.0, 0, parts[1].parse().unwrap())
        } else {
            let number = |k: usize| parts[k].parse::<f64>().unwrap();
            (number(1), number(2) as i32, number(3) as usize)
        };
        Hybrid {
            engine: Engine::new(1 << 18),
            mcts,
            budget,
            share,
            margin,
            empty,
            mcts_while_open,
            candidates: parts[0] == "pick",
            traps,
        }
    }
}

/// A score's value for comparing: proven results beyond every heuristic one.
fn comparable(score: Score) -> i32 {
    match score {
        Score::Eval(value) => value,
        Score::Win(plies) => 1_000_000 - plies as i32,
        Score::Loss(plies) => -1_000_000 + plies as i32,
    }
}

impl Player<BitBoard> for Hybrid {
    fn choose(&mut self, game: &Game<BitBoard>) -> Option<Move> {
        let started = std::time::Instant::now();
        let board = &game.position().board;
        let n = board.size().get();
        let empty = n * n - board.markers() as usize;
        // MCTS's part of the game: the dense boards, or with `open:` the open ones.
        let mcts_part = (empty > self.empty) == self.mcts_while_open;
        if !mcts_part {
            return self
                .engine
                .search(game, &Limits::movetime(self.budget, 1))
                .best_move;
        }
        if self.candidates {
            return self.pick(game, started);
        }
        if let Some((weight, depth)) = self.traps {
            return self.trap(game, started, weight, depth);
        }
        if self.share >= 1.0 {
            return self
                .mcts
                .search(game, &MctsLimits::movetime(self.budget))
                .best_move;
        }
        // MCTS by playouts (its timed search keeps a margin of 3 ms or more), at about
        // 330 000 playouts a second on 6 × 6; the engine has what is left of the budget.
        let started = std::time::Instant::now();
        let playouts = (self.share * self.budget.as_secs_f64() * 330_000.0) as u64;
        let suggestion = self
            .mcts
            .search(game, &MctsLimits::playouts(playouts.max(1)))
            .best_move?;
        let left = self.budget.saturating_sub(started.elapsed());
        let part = |share: f64| left.mul_f64(share);
        let rest = 1.0;
        let own = self
            .engine
            .search(game, &Limits::movetime(part(rest * 0.6), 1));
        let best = own.best_move?;
        if best == suggestion || matches!(own.score, Score::Win(_)) {
            return Some(best);
        }
        let mut after = game.clone();
        if after.play(suggestion).is_err() {
            return Some(best);
        }
        let reply = self
            .engine
            .search(&after, &Limits::movetime(part(rest * 0.4), 1));
        let suggested = -comparable(reply.score);
        let lost = matches!(reply.score, Score::Win(_));
        if lost || suggested < comparable(own.score) - self.margin {
            Some(best)
        } else {
            Some(suggestion)
        }
    }
}

impl Hybrid {
    /// `pick:`'s move on a dense board: the engine searches the position, then every root
    /// move two plies shallower than it reached, and the moves that score within `margin` of
    /// the best of them (none proven lost) are the candidates; MCTS then searches the
    /// position after each candidate with an equal part of `share` of the budget (counted in
    /// playouts), and the candidate after which the other side's best reply wins least often
    /// is played. The engine keeps the tactics (a move it proves lost or scores far below is
    /// never played), MCTS breaks the ties of a dense board.
    fn pick(&mut self, game: &Game<BitBoard>, started: std::time::Instant) -> Option<Move> {
        let engine_time = self.budget.mul_f64(1.0 - self.share);
        let own = self
            .engine
            .search(game, &Limits::movetime(engine_time.mul_f64(0.6), 1));
        let best = own.best_move?;
        if !matches!(own.score, Score::Eval(_)) {
            return Some(best);
        }
        let Some(candidates) = self.candidates(game, &own, started + engine_time) else {
            return Some(best);
        };
        let candidates: Vec<(Move, Game<BitBoard>)> = candidates
            .into_iter()
            .map(|(mv, after, _)| (mv, after))
            .collect();
        // MCTS by playouts, at about 250 000 a second on 6 × 6, in what is left of its share.
        let left = self.budget.saturating_sub(started.elapsed());
        let playouts = (left.as_secs_f64() * 0.9 * 250_000.0) as u64 / candidates.len() as u64;
        if playouts < 200 {
            return Some(best);
        }
        let mut chosen = (best, f64::NEG_INFINITY);
        for (mv, after) in &candidates {
            let reply = self.mcts.search(after, &MctsLimits::playouts(playouts));
            let value = 1.0 - reply.win_rate;
            // The engine's move wins ties.
            if value > chosen.1 || (value == chosen.1 && *mv == best) {
                chosen = (*mv, value);
            }
        }
        if started.elapsed() > self.budget.mul_f64(1.1) {
            eprintln!(
                "pick: a move took {:.1} ms of {} ms",
                started.elapsed().as_secs_f64() * 1e3,
                self.budget.as_millis()
            );
        }
        Some(chosen.0)
    }
}

impl Hybrid {
    /// The candidates of `pick:` and `trap:`: every root move searched two plies shallower
    /// than `own` reached, so that their scores compare, and those within `margin` of the
    /// best of them (none proven lost; `own`'s move always), each with the position after it
    /// and its score. `None` when the search passes `deadline` or fewer than two remain.
    fn candidates(
        &mut self,
        game: &Game<BitBoard>,
        own: &grundy::games::pousse::search::SearchResult,
        deadline: std::time::Instant,
    ) -> Option<Vec<(Move, Game<BitBoard>, i32)>> {
        let best = own.best_move?;
        let depth = own.depth.saturating_sub(2).max(1);
        let mut scored = Vec::new();
        for mv in Move::all(game.position().board.size().get()) {
            if std::time::Instant::now() >= deadline {
                return None;
            }
            let mut after = game.clone();
            if after.play(mv).is_err() || after.status() != Status::Ongoing {
                continue;
            }
            let reply = self.engine.search(&after, &Limits::depth(depth));
            if matches!(reply.score, Score::Eval(_)) {
                scored.push((mv, after, -comparable(reply.score)));
            }
        }
        let top = scored.iter().map(|(_, _, value)| *value).max()?;
        let candidates: Vec<_> = scored
            .into_iter()
            .filter(|(mv, _, value)| *value >= top - self.margin || *mv == best)
            .collect();
        (candidates.len() >= 2).then_some(candidates)
    }

    /// `trap:`'s move: the engine searches the position in 30% of the budget, then every
    /// root move two plies shallower, and the moves within `margin` of the best of them
    /// (none proven lost; the engine's own move always) are the candidates. For each, best
    /// first, every reply of the other side that does not end the game at once (a player
    /// that knows the immediate results never plays those) is searched to `depth`, and the
    /// share of them after which the engine proves a win is the candidate's traps. The
    /// candidate with the highest score plus `weight` times that share is played; only the
    /// candidates judged in full within 85% of the budget compete. With `TRAP_DEBUG` set in
    /// the environment each choice is printed on standard error.
    fn trap(
        &mut self,
        game: &Game<BitBoard>,
        started: std::time::Instant,
        weight: i32,
        trap_depth: u32,
    ) -> Option<Move> {
        let n = game.position().board.size().get();
        let deadline = self.budget.mul_f64(0.85);
        let own = self
            .engine
            .search(game, &Limits::movetime(self.budget.mul_f64(0.3), 1));
        let best = own.best_move?;
        if !matches!(own.score, Score::Eval(_)) {
            return Some(best);
        }
        let Some(mut candidates) = self.candidates(game, &own, started + self.budget.mul_f64(0.55))
        else {
            return Some(best);
        };
        candidates.sort_by_key(|(mv, _, value)| (*mv != best, -*value));
        let mut chosen: Option<(Move, f64)> = None;
        'candidates: for (mv, after, value) in &candidates {
            let (mut traps, mut replies) = (0u32, 0u32);
            for reply in Move::all(n) {
                if started.elapsed() >= deadline {
                    break 'candidates;
                }
                let mut next = after.clone();
                if next.play(reply).is_err() || next.status() != Status::Ongoing {
                    continue;
                }
                replies += 1;
                let answer = self.engine.search(&next, &Limits::depth(trap_depth));
                if matches!(answer.score, Score::Win(_)) {
                    traps += 1;
                }
            }
            let judged = f64::from(*value)
                + f64::from(weight) * f64::from(traps) / f64::from(replies.max(1));
            if chosen.map_or(true, |(_, so_far)| judged > so_far) {
                chosen = Some((*mv, judged));
            }
        }
        if std::env::var_os("TRAP_DEBUG").is_some() {
            eprintln!(
                "trap: {} candidates, depth {}, chose {:?} over {best}, {:.1} ms",
                candidates.len(),
                own.depth,
                chosen.map(|(mv, judged)| (mv.to_string(), judged)),
                started.elapsed().as_secs_f64() * 1e3
            );
        }
        Some(chosen.map_or(best, |(mv, _)| mv))
    }
}

/// Engine configuration `config` within `budget` against a sparring partner (`mcts` or
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
    let suite: Option<Vec<Game<BitBoard>>> = suite.map(|file| {
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
        // MCTS throughout is a switch that never waits for the board to fill.
        let mixed = match config_name {
            "mcts" | "kmcts" => Some(format!("switch:99999:{}", u8::from(config_name == "kmcts"))),
            _ if config_name.starts_with("switch:")
                || config_name.starts_with("hybrid:")
                || config_name.starts_with("pick:")
                || config_name.starts_with("trap:")
                || config_name.starts_with("emcts:")
                || config_name.starts_with("open:") =>
            {
                Some(config_name.to_string())
            }
            _ => None,
        };
        let mut engine: Box<dyn Player<BitBoard>> = if let Some(spec) = mixed {
            let Budget::Millis(ms) = Budget::parse(budget) else {
                panic!("{config_name} needs a time budget");
            };
            Box::new(Hybrid::parse(
                &spec,
                Duration::from_millis(ms),
                1_000 + game as u64,
            ))
        } else {
            let mut player = EnginePlayer::new(Budget::parse(budget).engine_limits(), 1 << 18);
            configure(player.engine_mut(), config_name);
            Box::new(player)
        };
        let mut partner = Partner {
            kind: kind.to_string(),
            budget: Budget::parse(partner_budget),
            mcts: Mcts::new(game as u64),
            classic: Classic::new(1 << 18),
        };
        let engine_colour = if game % 2 == 0 { Colour::X } else { Colour::O };
        let (status, moves) = if engine_colour == Colour::X {
            play_from(start, &mut *engine, &mut partner, MAX_MOVES)
        } else {
            play_from(start, &mut partner, &mut *engine, MAX_MOVES)
        };
        match status {
            Status::Won { winner, .. } if winner == engine_colour => {
                score += 1.0;
                wins += 1;
            }
            Status::Won { .. } => {}
            Status::Ongoing => score += 0.5,
        }
        eprintln!(
            "game {game}: engine as {engine_colour:?}, {status:?} after {} moves",
            moves.len()
        );
        if matches!(status, Status::Won { winner, .. } if winner != engine_colour) {
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
        let mut engine = Engine::new(1 << 18);
        nodes += engine
            .search(&game, &Limits::movetime(Duration::from_millis(ms), 1))
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
fn dense_position(size: Size, fill: usize, seed: u64) -> Game<BitBoard> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = size.get();
    let moves: Vec<_> = Move::all(n).collect();
    let mut game: Game<BitBoard> = Game::new(size, RuleSet::Icfp).unwrap();
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
        let mut engine = Engine::new(1 << 20);
        configure(&mut engine, name);
        for seed in 0..40 {
            let game = dense_position(size, fill, 900 + seed);
            engine.clear();
            let result = engine.search(&game, &Limits::movetime(Duration::from_millis(ms), 1));
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
            args.get(3).map_or("old", String::as_str),
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
    let mut engine = Engine::new(1 << 20);
    configure(&mut engine, config);
    let start = std::time::Instant::now();
    let mut total = 0;
    for (line, game) in positions {
        engine.clear();
        let result = engine.search(&game, &Limits::depth(depth));
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
    let game: Game<BitBoard> = Game::from_notation(position, RuleSet::Icfp).unwrap();
    let mut engine = Engine::new(1 << 22);
    configure(&mut engine, config);
    for d in 1..=depth {
        engine.clear();
        let result = engine.search(&game, &Limits::depth(d));
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
    let mut game: Game<BitBoard> = Game::from_notation(&format!("{size}:"), RuleSet::Icfp).unwrap();
    let mut engine = Engine::new(1 << 20);
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
