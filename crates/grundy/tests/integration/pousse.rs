//! Pousse rules: hand-made positions, the contest samples, and the bitboard against the
//! general board on random games.
#![allow(clippy::unwrap_used)]

use grundy::games::pousse::{
    BitBoard, Board, BoardGame, Colour, GeneralBoard, LineView, Move, Position, PousseStatus,
    RuleSet, Size,
};
use proptest::prelude::*;

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn position<B: Board>(text: &str) -> Position<B> {
    text.parse().unwrap()
}

/// Plays `moves` from `start` on both boards and checks they agree; returns the general one.
fn after(start: &str, moves: &[&str]) -> Position<GeneralBoard> {
    let mut general: Position<GeneralBoard> = position(start);
    let mut bits: Position<BitBoard> = position(start);
    for m in moves {
        general.play(mv(m)).unwrap();
        bits.play(mv(m)).unwrap();
        assert_eq!(general.to_string(), bits.to_string());
        assert_eq!(general.board.zobrist(), bits.board.zobrist());
        assert_eq!(general.board.straights(), bits.board.straights());
    }
    general
}

#[test]
fn push_from_the_left_moves_markers_up_to_the_first_gap() {
    let p = after("XO.O/..../..../....:X", &["L1"]);
    assert_eq!(p.to_string(), "XXOO/..../..../....:O");
}

#[test]
fn push_from_the_right() {
    let p = after("O.XO/..../..../....:X", &["R1"]);
    assert_eq!(p.to_string(), "OXOX/..../..../....:O");
}

#[test]
fn push_from_the_top() {
    let p = after("..O./..X./..../..O.:O", &["T3"]);
    assert_eq!(p.to_string(), "..O./..O./..X./..O.:X");
}

#[test]
fn push_from_the_bottom() {
    let p = after("..../.X../.O../.O..:X", &["B2"]);
    assert_eq!(p.to_string(), ".X../.O../.O../.X..:O");
}

#[test]
fn the_last_marker_of_a_full_line_falls_off() {
    let p = after("XOXO/..../..../....:O", &["L1"]);
    assert_eq!(p.to_string(), "OXOX/..../..../....:X");
    let p = after("XOXO/..../..../....:O", &["R1"]);
    assert_eq!(p.to_string(), "OXOO/..../..../....:X");
    let p = after("X.../O.../X.../O...:X", &["T1"]);
    assert_eq!(p.to_string(), "X.../X.../O.../X...:O");
    let p = after("X.../O.../X.../O...:X", &["B1"]);
    assert_eq!(p.to_string(), "O.../X.../O.../X...:O");
}

#[test]
fn one_by_one_board_x_wins_at_once() {
    for first in ["L1", "R1", "T1", "B1"] {
        let mut game: BoardGame<GeneralBoard> =
            BoardGame::new(Size::new(1).unwrap(), RuleSet::Waterloo).unwrap();
        assert_eq!(
            game.play(mv(first)).unwrap(),
            PousseStatus::Won {
                winner: Colour::X,
                by_repetition: false
            }
        );
        assert!(game.play(mv("L1")).is_err());
    }
}

#[test]
fn simultaneous_straights_of_both_colours_continue_the_game() {
    // Row 1 becomes all X while row 2 is all O: one straight each, no winner.
    let p = after("XX./OOO/...:X", &["L1"]);
    assert_eq!(p.board.straights().x, 1);
    assert_eq!(p.board.straights().o, 1);
    assert_eq!(p.winner(), None);
}

#[test]
fn a_move_can_make_the_opponent_win() {
    // X pushes column 1, which completes O's row 2 (the O from row 1 drops into it).
    let p = after("O../.OO/X..:X", &["T1"]);
    assert_eq!(p.to_string(), "X../OOO/X..:O");
    assert_eq!(p.winner(), Some(Colour::O));
    let mut game =
        BoardGame::from_position(position::<BitBoard>("O../.OO/X..:X"), RuleSet::Waterloo);
    assert_eq!(
        game.play(mv("T1")).unwrap(),
        PousseStatus::Won {
            winner: Colour::O,
            by_repetition: false
        }
    );
}

#[test]
fn moves_beyond_the_board_are_rule_errors() {
    let mut p: Position<BitBoard> = position("..../..../..../....");
    assert!(p.play(mv("L5")).is_err());
    let mut g: Position<GeneralBoard> = position("..../..../..../....");
    assert!(g.play(mv("B5")).is_err());
}

#[test]
fn contest_samples() {
    let mut game: BoardGame<GeneralBoard> =
        BoardGame::new(Size::new(4).unwrap(), RuleSet::Waterloo).unwrap();
    for m in ["L2", "T2", "L2", "B2", "R2"] {
        assert_eq!(game.play(mv(m)).unwrap(), PousseStatus::Ongoing);
    }
    let mut game: BoardGame<BitBoard> =
        BoardGame::new(Size::new(4).unwrap(), RuleSet::Waterloo).unwrap();
    for m in ["L2", "T2", "L2", "B2", "R2", "T1"] {
        assert_eq!(game.play(mv(m)).unwrap(), PousseStatus::Ongoing);
    }
    assert_eq!(
        game.play(mv("L2")).unwrap(),
        PousseStatus::Won {
            winner: Colour::X,
            by_repetition: false
        }
    );
}

#[test]
fn icfp_repetition_loses_for_the_player_who_repeats() {
    // Pushing a full row rotates it: XXO, OXX, XOX, OXO, then X's XOX again, with O to
    // move, a state X itself produced two moves earlier.
    let start = "XOO/.../...:X";
    let mut game = BoardGame::from_position(position::<BitBoard>(start), RuleSet::Icfp);
    let line = ["L1"; 5];
    for m in &line[..4] {
        assert_eq!(game.play(mv(m)).unwrap(), PousseStatus::Ongoing);
    }
    assert_eq!(
        game.play(mv("L1")).unwrap(),
        PousseStatus::Won {
            winner: Colour::O,
            by_repetition: true
        }
    );
    // The same moves under Waterloo rules never end the game.
    let mut game = BoardGame::from_position(position::<BitBoard>(start), RuleSet::Waterloo);
    for m in line {
        assert_eq!(game.play(mv(m)).unwrap(), PousseStatus::Ongoing);
    }
}

#[test]
fn diagrams_round_trip_and_bad_ones_are_errors() {
    let p: Position<GeneralBoard> = position("X.O/.O./..X:O");
    assert_eq!(p.to_string(), "X.O/.O./..X:O");
    assert_eq!(p.diagram(), "X.O\n.O.\n..X\n");
    for bad in [
        "",
        "X../..",
        "XQ/..",
        "../..:Z",
        "XX/..",
        "..../..../..../....:X/",
    ] {
        assert!(bad.parse::<Position<GeneralBoard>>().is_err(), "{bad}");
    }
    assert!(
        "........./........./........./........./........./........./........./........./........."
            .parse::<Position<BitBoard>>()
            .is_err()
    );
}

fn random_game(size: usize, choices: &[usize], rules: RuleSet) {
    let size = Size::new(size).unwrap();
    let mut general: BoardGame<GeneralBoard> = BoardGame::new(size, rules).unwrap();
    let mut bits: BoardGame<BitBoard> = BoardGame::new(size, rules).unwrap();
    let moves: Vec<Move> = Move::all(size.get()).collect();
    for &choice in choices {
        let m = moves[choice % moves.len()];
        let a = general.play(m);
        let b = bits.play(m);
        assert_eq!(a, b);
        assert_eq!(general.position().to_string(), bits.position().to_string());
        assert_eq!(general.position().key(), bits.position().key());
        assert_eq!(
            general.position().board.straights(),
            bits.position().board.straights()
        );
        for line in 0..2 * size.get() {
            assert_eq!(
                general.position().board.line_counts(line),
                bits.position().board.line_counts(line)
            );
        }
        let general_lines: Vec<LineView> = general.position().board.lines().collect();
        let bit_lines: Vec<LineView> = bits.position().board.lines().collect();
        assert_eq!(general_lines, bit_lines);
        if a.is_err() {
            break;
        }
    }
}

/// Plays `choices` under the ICFP rule and checks every status against a plain list of the
/// states produced so far; a copy taken half-way then plays other moves without changing
/// the game it was copied from.
fn repetitions_against_a_list(size: usize, choices: &[usize]) {
    let size = Size::new(size).unwrap();
    let mut game: BoardGame<BitBoard> = BoardGame::new(size, RuleSet::Icfp).unwrap();
    let mut produced: Vec<Position<BitBoard>> = Vec::new();
    let moves: Vec<Move> = Move::all(size.get()).collect();
    let mut copy = None;
    for (turn, &choice) in choices.iter().enumerate() {
        if game.status() != PousseStatus::Ongoing {
            break;
        }
        if turn == choices.len() / 2 {
            copy = Some(game.clone());
        }
        let mover = game.position().to_move;
        let status = game.play(moves[choice % moves.len()]).unwrap();
        let here = game.position().clone();
        let expected = if let Some(winner) = here.winner() {
            PousseStatus::Won {
                winner,
                by_repetition: false,
            }
        } else if produced.contains(&here) {
            PousseStatus::Won {
                winner: mover.opponent(),
                by_repetition: true,
            }
        } else {
            produced.push(here.clone());
            PousseStatus::Ongoing
        };
        assert_eq!(status, expected, "move {}", turn + 1);
        assert_eq!(game.was_produced(&here), here.winner().is_none());
        assert_eq!(game.produced_keys().count(), produced.len());
    }
    if let Some(mut copy) = copy {
        let record: Vec<Move> = game.moves().collect();
        let shared = copy.move_count();
        for m in moves.iter().rev() {
            if copy.status() == PousseStatus::Ongoing {
                copy.play(*m).unwrap();
            }
        }
        assert_eq!(game.moves().collect::<Vec<_>>(), record);
        assert_eq!(
            copy.moves().take(shared).collect::<Vec<_>>(),
            &record[..shared]
        );
    }
}

proptest! {
    #[test]
    fn bitboard_and_general_board_agree(size in 1usize..=8, choices in prop::collection::vec(0usize..32, 0..200), icfp in any::<bool>()) {
        random_game(size, &choices, if icfp { RuleSet::Icfp } else { RuleSet::Waterloo });
    }

    #[test]
    fn icfp_repetitions_match_a_list_of_states(size in 2usize..=3, choices in prop::collection::vec(0usize..12, 0..300)) {
        repetitions_against_a_list(size, &choices);
    }
}

mod retrograde {
    use super::*;
    use grundy::games::pousse::solved::retrograde::{Table, Value};

    #[test]
    fn start_values() {
        assert_eq!(Table::solve(1).unwrap().start_value(), Value::Win(1));
        assert_eq!(Table::solve(2).unwrap().start_value(), Value::Win(3));
        assert_eq!(Table::solve(3).unwrap().start_value(), Value::Draw);
        assert!(Table::solve(0).is_err());
        assert!(Table::solve(4).is_err());
    }

    /// Every value obeys its definition over the moves, replayed on the general board.
    #[test]
    fn values_are_consistent_with_the_moves() {
        for n in 1..=3 {
            let table = Table::solve(n).unwrap();
            let mut draws = 0;
            for (state, value) in table.states() {
                let state: Position<GeneralBoard> = state.convert().unwrap();
                if let Some(winner) = state.winner() {
                    let expected = if winner == state.to_move {
                        Value::Win(0)
                    } else {
                        Value::Loss(0)
                    };
                    assert_eq!(value, expected);
                    continue;
                }
                let children: Vec<Value> = Move::all(n)
                    .map(|m| table.value(&state.after(m).unwrap()).unwrap())
                    .collect();
                let fastest_win = children
                    .iter()
                    .filter_map(|v| match v {
                        Value::Loss(d) => Some(d + 1),
                        _ => None,
                    })
                    .min();
                let all_won = children.iter().all(|v| matches!(v, Value::Win(_)));
                let slowest_loss = children
                    .iter()
                    .filter_map(|v| match v {
                        Value::Win(d) => Some(d + 1),
                        _ => None,
                    })
                    .max();
                let expected = match (fastest_win, all_won) {
                    (Some(d), _) => Value::Win(d),
                    (None, true) => Value::Loss(slowest_loss.unwrap()),
                    (None, false) => Value::Draw,
                };
                if expected == Value::Draw {
                    draws += 1;
                }
                assert_eq!(value, expected, "{state}");
            }
            assert_eq!(draws > 0, n == 3);
        }
    }
}

mod engine {
    use super::*;
    use grundy::games::pousse::engine::search::{
        PousseEngine, Score, SearchFeatures, SearchLimits,
    };
    use grundy::games::pousse::solved::retrograde::{Table, Value};
    use std::time::Duration;

    fn wins_at_once(text: &str, rules: RuleSet) {
        let game = BoardGame::from_position(position::<BitBoard>(text), rules);
        let result = PousseEngine::new(1 << 12).search(&game, &SearchLimits::depth(4));
        assert_eq!(result.score, Score::Win(1), "{text}");
        let mut next = game.clone();
        let mover = game.position().to_move;
        assert_eq!(
            next.play(result.best_move.unwrap()).unwrap(),
            PousseStatus::Won {
                winner: mover,
                by_repetition: false
            }
        );
    }

    #[test]
    fn finds_wins_in_one() {
        wins_at_once("XX./.../O.O:X", RuleSet::Icfp);
        wins_at_once("X.X./.O../.O../.O..:O", RuleSet::Waterloo);
        // O wins by pushing X's column into a full O row: T1 from the top.
        wins_at_once("X../.OO/...:O", RuleSet::Icfp);
    }

    #[test]
    fn finds_a_win_in_three_moves() {
        // X threatens two rows at once; whatever O does, X completes one.
        let game =
            BoardGame::from_position(position::<BitBoard>("XX../..../XX../O.O.:X"), RuleSet::Icfp);
        let result = PousseEngine::new(1 << 14).search(&game, &SearchLimits::depth(5));
        assert_eq!(result.score, Score::Win(3), "{result:?}");
    }

    /// A player keeps its engine (and its table) from move to move, and a search may be
    /// stopped in the middle of an iteration. In this game (from a strength run against MCTS,
    /// the engine X) the kept engine, stopped at 250 000 nodes a move, once proved its
    /// previous best move lost in the iteration the stop cut short before it had searched
    /// any other, and played that move, where a fresh search finds B1 worth about +10. The
    /// engine plays a move not known to lose instead.
    #[test]
    fn a_cut_short_iteration_does_not_play_a_move_it_proved_lost() {
        let moves = "R2,B3,R2,T3,R3,T3,R3,T3,R3,L3,T3,T2,R1,T1,R2,T1,T4,L5,L4,L1,R1,L6";
        let moves: Vec<&str> = moves.split(',').collect();
        let mut kept = PousseEngine::new(1 << 20);
        let limits = SearchLimits {
            nodes: Some(250_000),
            ..SearchLimits::depth(64)
        };
        let mut game: BoardGame<BitBoard> = BoardGame::from_notation("6:", RuleSet::Icfp).unwrap();
        for (ply, mv) in moves.iter().enumerate() {
            if ply >= 2 && ply % 2 == 0 {
                kept.search(&game, &limits);
            }
            game.play(mv.parse().unwrap()).unwrap();
        }
        let result = kept.search(&game, &limits);
        assert!(
            !matches!(result.score, Score::Loss(_))
                && result.best_move.unwrap().to_string() != "L5",
            "{result:?}"
        );
        // The move the engine played in that game loses.
        let mut lost = game.clone();
        lost.play("L5".parse().unwrap()).unwrap();
        let check = PousseEngine::new(1 << 20).search(&lost, &SearchLimits::depth(8));
        assert!(matches!(check.score, Score::Win(_)), "{check:?}");
    }

    /// The engine's proven results agree with the retrograde table of the 3 × 3 board.
    #[test]
    fn agrees_with_the_retrograde_table() {
        agrees_with_the_retrograde_table_on(1, 7, 1000);
    }

    /// The same with threads that put off each other's moves: sharing the work must not
    /// change a proven result.
    #[test]
    fn agrees_with_the_retrograde_table_on_three_threads() {
        agrees_with_the_retrograde_table_on(3, 29, 250);
    }

    fn agrees_with_the_retrograde_table_on(threads: usize, every: usize, at_least: usize) {
        agrees_with_the_retrograde_table_with(SearchFeatures::default(), threads, every, at_least);
    }

    /// Checks every `every`-th position of the 3 × 3 table won or lost within five moves,
    /// at least `at_least` of them, searched with `features` on `threads` threads.
    fn agrees_with_the_retrograde_table_with(
        features: SearchFeatures,
        threads: usize,
        every: usize,
        at_least: usize,
    ) {
        let table = Table::solve(3).unwrap();
        let mut engine = PousseEngine::new(1 << 16);
        engine.features = features;
        let mut checked = 0;
        for (i, (state, value)) in table.states().enumerate() {
            if i % every != 0 || state.winner().is_some() {
                continue;
            }
            let distance = match value {
                Value::Win(d) | Value::Loss(d) if d <= 5 => d,
                _ => continue,
            };
            engine.clear();
            let game = BoardGame::from_position(state.clone(), RuleSet::Waterloo);
            let limits = SearchLimits {
                threads,
                ..SearchLimits::depth(distance)
            };
            let result = engine.search(&game, &limits);
            let expected = match value {
                Value::Win(d) => Score::Win(d),
                Value::Loss(d) => Score::Loss(d),
                Value::Draw => unreachable!(),
            };
            assert_eq!(result.score, expected, "{state}");
            if let Value::Win(_) = value {
                let next = state.after(result.best_move.unwrap()).unwrap();
                let after = table.value(&next).unwrap();
                assert_eq!(after, Value::Loss(distance - 1), "{state}");
            }
            checked += 1;
        }
        assert!(checked > at_least, "{checked}");
    }

    /// The 7 × 7 game after L4, T4, R3.
    fn seven_after_three_moves() -> BoardGame<BitBoard> {
        let mut game: BoardGame<BitBoard> =
            BoardGame::new(Size::new(7).unwrap(), RuleSet::Icfp).unwrap();
        for m in ["L4", "T4", "R3"] {
            game.play(mv(m)).unwrap();
        }
        game
    }

    /// True when `best` can be played in `game`.
    fn legal(game: &BoardGame<BitBoard>, best: Option<Move>) -> bool {
        best.is_some_and(|best| game.clone().play(best).is_ok())
    }

    /// Stopping by behaviour, not by a stopwatch: a search whose stop is raised before it
    /// begins (its clock ten minutes away) ends at its first look at the stop, exactly where
    /// a limit of one look's nodes ends it, with the move of a complete first iteration; on
    /// two threads too, where the helpers stop with it.
    #[test]
    fn a_search_told_to_stop_ends_at_its_first_look_with_a_legal_move() {
        let game = seven_after_three_moves();
        let stop = grundy::stop::Stop::new();
        stop.raise();
        let far = SearchLimits::movetime(Duration::from_secs(600), 1);
        let stopped = PousseEngine::new(1 << 18).search_until(&game, &far, &stop);
        // The search looks at its stop, its clock and its node limit every 256 nodes.
        let one_look = SearchLimits {
            nodes: Some(256),
            ..SearchLimits::default()
        };
        let counted = PousseEngine::new(1 << 18).search(&game, &one_look);
        assert_eq!(
            (
                &stopped.best_move,
                stopped.depth,
                &stopped.pv,
                stopped.nodes
            ),
            (
                &counted.best_move,
                counted.depth,
                &counted.pv,
                counted.nodes
            )
        );
        assert!(stopped.depth >= 1, "{stopped:?}");
        assert!(legal(&game, stopped.best_move), "{stopped:?}");
        let two = SearchLimits::movetime(Duration::from_secs(600), 2);
        let stopped = PousseEngine::new(1 << 18).search_until(&game, &two, &stop);
        assert!((1..64).contains(&stopped.depth), "{stopped:?}");
        assert!(legal(&game, stopped.best_move), "{stopped:?}");
    }

    /// A timed search on two threads ends on its clock, with the move of a complete
    /// iteration, far short of the deepest one; busy cores change how deep it gets, not
    /// that it answers with a legal move. (How its deadline is set within the budget is
    /// checked in `engine::search`; how late searches end on a loaded machine is measured
    /// by the benchmarks, not asserted.)
    #[test]
    fn timed_searches_answer_from_complete_iterations_even_when_the_cores_are_busy() {
        let game = seven_after_three_moves();
        let limit = Duration::from_millis(100);
        let result = PousseEngine::new(1 << 18).search(&game, &SearchLimits::movetime(limit, 2));
        assert!((1..64).contains(&result.depth), "{result:?}");
        assert!(legal(&game, result.best_move), "{result:?}");
        assert_eq!(result.pv.first(), result.best_move.as_ref());
        let _busy = BusyCores::start(2);
        let mut engine = PousseEngine::new(1 << 18);
        let mut game: BoardGame<BitBoard> =
            BoardGame::new(Size::new(7).unwrap(), RuleSet::Icfp).unwrap();
        for (i, m) in ["L4", "T4", "R3", "B2", "L1", "T6", "R5", "B7", "L3", "T2"]
            .iter()
            .enumerate()
        {
            game.play(mv(m)).unwrap();
            let budget = Duration::from_millis(if i % 2 == 0 { 10 } else { 90 });
            let result = engine.search(&game, &SearchLimits::movetime(budget, 1 + i % 2));
            assert!((1..64).contains(&result.depth), "search {i}: {result:?}");
            assert!(legal(&game, result.best_move), "search {i}: {result:?}");
        }
    }

    /// Two threads that do nothing but spin, until dropped: a machine whose cores are busy.
    struct BusyCores {
        stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
        threads: Vec<std::thread::JoinHandle<()>>,
    }

    impl BusyCores {
        fn start(count: usize) -> BusyCores {
            let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let threads = (0..count)
                .map(|_| {
                    let stop = std::sync::Arc::clone(&stop);
                    std::thread::spawn(move || {
                        let mut x = 0u64;
                        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                            x = std::hint::black_box(x.wrapping_mul(6364136223846793005) + 1);
                        }
                    })
                })
                .collect();
            BusyCores { stop, threads }
        }
    }

    impl Drop for BusyCores {
        fn drop(&mut self) {
            self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            for thread in self.threads.drain(..) {
                let _ = thread.join();
            }
        }
    }

    #[test]
    fn node_limits_make_runs_reproducible() {
        let game: BoardGame<BitBoard> =
            BoardGame::new(Size::new(6).unwrap(), RuleSet::Icfp).unwrap();
        let limits = SearchLimits {
            nodes: Some(20_000),
            ..SearchLimits::default()
        };
        let a = PousseEngine::new(1 << 14).search(&game, &limits);
        let b = PousseEngine::new(1 << 14).search(&game, &limits);
        assert_eq!(a.pv, b.pv);
        assert_eq!(a.nodes, b.nodes);
    }

    #[test]
    fn works_on_the_general_board() {
        let game: BoardGame<GeneralBoard> =
            BoardGame::new(Size::new(12).unwrap(), RuleSet::Waterloo).unwrap();
        let result = PousseEngine::new(1 << 12).search(&game, &SearchLimits::depth(2));
        assert!(result.best_move.unwrap().line() <= 12);
    }
}

mod notation {
    use super::*;

    #[test]
    fn games_are_read_from_moves_or_diagrams() {
        let game: BoardGame<GeneralBoard> =
            BoardGame::from_notation("6:L1,T3,R2", RuleSet::Icfp).unwrap();
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.move_count(), 3);
        assert_eq!(
            game.position().to_string(),
            "X.O.../.....X/....../....../....../......:O"
        );
        let game: BoardGame<BitBoard> = BoardGame::from_notation("5", RuleSet::Waterloo).unwrap();
        assert_eq!(game.position().to_move, Colour::X);
        let game: BoardGame<BitBoard> =
            BoardGame::from_notation("X../.O./..X", RuleSet::Icfp).unwrap();
        assert_eq!(game.position().to_move, Colour::O);
        for bad in ["0", "101", "6:L7", "6:L1,Q2", "1:L1,L1", "X./../..", ""] {
            assert!(
                BoardGame::<GeneralBoard>::from_notation(bad, RuleSet::Icfp).is_err(),
                "{bad}"
            );
        }
    }

    proptest! {
        #[test]
        fn reading_never_panics(text in "[0-9XO.:/,LRTBx ]{0,30}") {
            let _ = BoardGame::<GeneralBoard>::from_notation(&text, RuleSet::Icfp);
            let _ = BoardGame::<BitBoard>::from_notation(&text, RuleSet::Waterloo);
        }
    }
}

#[test]
fn a_push_that_would_make_a_straight_is_not_played_by_play_unless_decisive() {
    // 2 × 2 after X's L1 and O's B1: X on row 1, O below it. X's L1 again fills row 1
    // with X (a straight, the game would end), so it is refused; R2 is not decisive.
    let mut game: BoardGame<BitBoard> =
        BoardGame::from_notation("2:L1,B1", RuleSet::Icfp).expect("game");
    let before = game.position().clone();
    let markers = before.board.markers();
    assert!(!game.play_unless_decisive(mv("L1")), "{}", game.position());
    assert_eq!(game.position(), &before);
    assert_eq!(game.status(), PousseStatus::Ongoing);
    assert!(game.play_unless_decisive(mv("R2")));
    assert_eq!(game.position().board.markers(), markers + 1);
}
