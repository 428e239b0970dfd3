//! The draw-aware solve of any game in progress (`grundy::loopy::played`) against the
//! games' own solvers: every small Nim position under normal play (outcome, remoteness,
//! every winning move) and under misère play (outcome and winning moves), Waterloo Pousse
//! on the boards its table documents (1 × 1 and 2 × 2 won by X in 1 and 3 moves, 3 × 3 a
//! draw, with every move of X drawing), and its bounds (a raised stop, a memory limit that
//! counts what each game in progress holds, not its key alone).
//! The whole module takes about a second in a debug build (the 3 × 3 Pousse board
//! explores its positions through the generic game interface).

use grundy::loopy::played::{solve_played, PlayedRules, PlayedState};
use grundy::loopy::{Bounds, Explored, LoopyError, Outcome, Rules, RulesFailed};
use grundy::registry;
use grundy::report::{Outcome as ShortOutcome, Report, SolveError, SolveOptions};
use grundy::stop::Stop;

/// Every Nim position of three heaps of at most 3 tokens, in the game's notation.
fn nim_positions() -> Vec<String> {
    let mut positions = Vec::new();
    for a in 1..=3 {
        for b in 0..=a {
            for c in 0..=b {
                let heaps: Vec<String> = [a, b, c]
                    .iter()
                    .filter(|&&heap| heap > 0)
                    .map(u32::to_string)
                    .collect();
                positions.push(heaps.join("+"));
            }
        }
    }
    positions
}

fn every_move() -> SolveOptions<'static> {
    SolveOptions {
        moves: usize::MAX,
        ..SolveOptions::default()
    }
}

#[test]
fn an_acyclic_game_gets_its_own_solvers_answer() {
    let nim = registry::find("nim").unwrap();
    for position in nim_positions() {
        let Report::Solved(short) = nim.solve(&position, &every_move()).unwrap() else {
            panic!("{position}: Nim is solved");
        };
        let played = solve_played(nim.start(&position).unwrap(), &every_move()).unwrap();
        let outcome = match short.outcome {
            ShortOutcome::Win => Outcome::Win,
            ShortOutcome::Loss => Outcome::Loss,
        };
        assert_eq!(played.outcome, outcome, "{position}");
        assert_eq!(
            played.remoteness.map(u64::from),
            short.remoteness.as_ref().map(|remoteness| remoteness.moves),
            "{position}"
        );
        let mut winning = played.winning_moves.clone();
        let mut expected = short.winning_moves.clone();
        winning.sort();
        expected.sort();
        assert_eq!(winning, expected, "{position}");
        assert!(played.drawing_moves.is_empty(), "{position}");
        if outcome == Outcome::Win {
            assert!(played
                .winning_moves
                .contains(played.best_move.as_ref().unwrap()));
        }
    }
}

#[test]
fn misere_play_comes_from_the_games_own_end() {
    let nim = registry::find("nim").unwrap();
    for position in nim_positions() {
        let misere = format!("{position}@misere");
        let Report::Solved(short) = nim.solve(&misere, &every_move()).unwrap() else {
            panic!("{misere}: misère Nim is solved");
        };
        let played = solve_played(nim.start(&misere).unwrap(), &every_move()).unwrap();
        let won = played.outcome == Outcome::Win;
        assert_eq!(won, short.outcome == ShortOutcome::Win, "{misere}");
        assert_ne!(played.outcome, Outcome::Draw, "{misere}");
        let mut winning = played.winning_moves.clone();
        let mut expected = short.winning_moves.clone();
        winning.sort();
        expected.sort();
        assert_eq!(winning, expected, "{misere}");
        // The game's own remoteness: the winner's claim at the end is no move.
        assert_eq!(
            played.remoteness.map(u64::from),
            short.remoteness.as_ref().map(|remoteness| remoteness.moves),
            "{misere}"
        );
        if won {
            assert!(
                winning.contains(played.best_move.as_ref().unwrap()),
                "{misere}"
            );
        }
    }
    // No heap left under misère play: the player to move has won, with no move to make. The
    // parity of a remoteness of 0 would call it lost; the analysis says won, in 0 moves.
    let played = solve_played(nim.start("0@misere").unwrap(), &every_move()).unwrap();
    assert_eq!((played.outcome, played.remoteness), (Outcome::Win, Some(0)));
    assert_eq!(played.best_move, None);
    // One heap of one: taking it hands the opponent the win, in 1 move (not 2 with the
    // claim).
    let played = solve_played(nim.start("1@misere").unwrap(), &every_move()).unwrap();
    assert_eq!(
        (played.outcome, played.remoteness),
        (Outcome::Loss, Some(1))
    );
}

#[test]
fn waterloo_pousse_small_boards_as_its_table_documents() {
    let pousse = registry::find("pousse-waterloo").unwrap();
    let one = solve_played(pousse.start("1").unwrap(), &every_move()).unwrap();
    assert_eq!((one.outcome, one.remoteness), (Outcome::Win, Some(1)));
    let two = solve_played(pousse.start("2").unwrap(), &every_move()).unwrap();
    assert_eq!((two.outcome, two.remoteness), (Outcome::Win, Some(3)));
    assert!(two.winning_moves.contains(two.best_move.as_ref().unwrap()));
    let three = solve_played(pousse.start("3").unwrap(), &every_move()).unwrap();
    assert_eq!((three.outcome, three.remoteness), (Outcome::Draw, None));
    assert!(three.winning_moves.is_empty());
    // Every first move of X on the empty board keeps the draw, and perfect play takes one.
    let first_moves = pousse.start("3").unwrap().legal_moves(usize::MAX).moves;
    assert_eq!(three.drawing_moves, first_moves);
    assert_eq!(three.best_move.as_ref(), first_moves.first());
    assert!(three.positions > 100, "{} positions", three.positions);
    // A Waterloo position is known by its board and side to move, which read back.
    let played = pousse.start("3:L1,T3").unwrap();
    let key = played.transposition_key();
    assert_eq!(key, "X.O/.../...:X");
    assert_eq!(pousse.start(&key).unwrap().transposition_key(), key);
}

#[test]
fn the_search_stops_and_keeps_to_its_memory_limit() {
    let pousse = registry::find("pousse-waterloo").unwrap();
    let stop = Stop::new();
    stop.raise();
    let stopped = SolveOptions {
        stop: &stop,
        ..SolveOptions::default()
    };
    assert!(matches!(
        solve_played(pousse.start("3").unwrap(), &stopped),
        Err(SolveError::Stopped(_))
    ));
    let small = SolveOptions {
        memory_limit: Some(10_000),
        ..SolveOptions::default()
    };
    let error = solve_played(pousse.start("3").unwrap(), &small).unwrap_err();
    assert!(
        matches!(&error, SolveError::TooLarge(message) if message.contains("memory limit")),
        "{error}"
    );
}

/// The count of the generic route before it counted the games in progress: their keys
/// alone.
struct KeysOnly;

impl Rules for KeysOnly {
    type State = PlayedState;

    fn moves(&self, state: &PlayedState, into: &mut Vec<PlayedState>) -> Result<(), RulesFailed> {
        PlayedRules.moves(state, into)
    }

    fn heap_bytes(&self, state: &PlayedState) -> usize {
        match state {
            PlayedState::Game { key, .. } => 2 * key.capacity(),
            PlayedState::Claimed => 0,
        }
    }
}

/// Whether exploring every position reachable from `position` of `game` keeps within
/// `limit` bytes, counted by `rules`.
fn fits<R: Rules<State = PlayedState>>(
    rules: &R,
    game: &str,
    position: &str,
    limit: usize,
) -> bool {
    let start = PlayedState::new(registry::find(game).unwrap().start(position).unwrap());
    let mut bounds = Bounds::new(Stop::new(), Some(limit));
    match Explored::explore(rules, start, &mut bounds) {
        Ok(_) => true,
        Err(error) => {
            assert!(matches!(error, LoopyError::OverMemory { .. }), "{error}");
            assert!(error.to_string().contains("memory limit"), "{error}");
            false
        }
    }
}

#[test]
fn the_memory_limit_counts_what_each_game_in_progress_holds() {
    for (game, position) in [("nim", "3+3+3"), ("pousse-waterloo", "2")] {
        // The least limit the keys alone fit under, by bisection.
        let (mut low, mut high) = (0usize, 1 << 26);
        assert!(fits(&KeysOnly, game, position, high));
        while high - low > 1 {
            let middle = low + (high - low) / 2;
            if fits(&KeysOnly, game, position, middle) {
                high = middle;
            } else {
                low = middle;
            }
        }
        // The games themselves (their boxes, histories and positions) do not fit there.
        assert!(
            !fits(&PlayedRules, game, position, high),
            "{game} {position}"
        );
        let small = SolveOptions {
            memory_limit: Some(high),
            ..SolveOptions::default()
        };
        let error = solve_played(
            registry::find(game).unwrap().start(position).unwrap(),
            &small,
        )
        .unwrap_err();
        assert!(
            matches!(&error, SolveError::TooLarge(message) if message.contains("memory limit")),
            "{error}"
        );
    }
}
