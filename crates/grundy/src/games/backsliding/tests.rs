//! Backsliding Toads and Frogs: the rules, the notation, CGSuite's value, and every value's
//! outcome against a retrograde analysis of play on every row of up to 6 cells.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::cgt::loopy::LoopyEngine;
use crate::cgt::ValueStore;
use crate::loopy::retrograde::{solve, Outcome, Play};
use crate::loopy::{Bounds, Explored, Rules, RulesFailed};
use crate::stop::Stop;

#[test]
fn moves_step_ahead_step_back_and_jump_one_piece() {
    let row: Backsliding = ".T.FT.".parse().unwrap();
    let mut lefts: Vec<String> = row.left_options().iter().map(|p| p.to_string()).collect();
    lefts.sort();
    // The Toad on 2 steps to 3 or back to 1; the Toad on 5 steps to 6; the one on 2 cannot
    // jump (cell 3 is empty), and the one on 5 has no Frog ahead.
    assert_eq!(lefts, ["..TFT.", ".T.F.T", "T..FT."]);
    let mut rights: Vec<String> = row.right_options().iter().map(|p| p.to_string()).collect();
    rights.sort();
    // The Frog on 4 steps to 3 (not back: a Toad is on 5); no Toad to jump on its left.
    assert_eq!(rights, [".TF.T."]);
    let jump: Backsliding = "TF.".parse().unwrap();
    assert_eq!(jump.left_options(), [".FT".parse::<Backsliding>().unwrap()]);
    // The Frog cannot step left onto the Toad, but it can step back right.
    assert_eq!(
        jump.right_options(),
        ["T.F".parse::<Backsliding>().unwrap()]
    );
}

#[test]
fn notation_reads_both_cases_and_names_what_is_wrong() {
    let row: Backsliding = " ttt..fff ".parse().unwrap();
    assert_eq!(row.to_string(), "TTT..FFF");
    assert_eq!(row.len(), 8);
    let error = "TT.x".parse::<Backsliding>().unwrap_err().to_string();
    assert!(error.contains("unknown cell 'x' at cell 4"), "{error}");
    let error = "".parse::<Backsliding>().unwrap_err().to_string();
    assert!(error.contains("1 to 64 cells, not 0"), "{error}");
    let long = ".".repeat(65);
    assert!(long.parse::<Backsliding>().is_err());
    assert!(".".repeat(64).parse::<Backsliding>().is_ok());
    assert!(Backsliding::new(3, 0b1, 0b1).is_err());
    assert!(Backsliding::new(3, 0b1000, 0).is_err());
}

#[test]
fn stoppers_and_short_rows_come_out_as_such() {
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::new(&mut store);
    // A Toad alone on two cells can step to and fro for ever while Right has no move: on.
    let on = value(&"T.".parse().unwrap(), &mut engine).unwrap();
    assert_eq!(engine.display(&on).unwrap(), "on");
    let off = value(&".F".parse().unwrap(), &mut engine).unwrap();
    assert_eq!(engine.display(&off).unwrap(), "off");
    // A row where no piece can move is 0.
    let zero = value(&"FT".parse().unwrap(), &mut engine).unwrap();
    assert_eq!(engine.display(&zero).unwrap(), "0");
}

#[test]
fn limits_end_the_work_with_a_clear_error() {
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::with_budget(&mut store, Budget::new(Stop::never(), Some(10_000)));
    let error = value(&"ttt..fff".parse().unwrap(), &mut engine).unwrap_err();
    assert!(matches!(error, LoopyError::OverMemory { .. }), "{error}");
    let stop = Stop::new();
    stop.raise();
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::with_budget(&mut store, Budget::new(stop, None));
    let error = value(&"ttt..fff".parse().unwrap(), &mut engine).unwrap_err();
    assert!(matches!(error, LoopyError::Stopped(_)), "{error}");
}

/// The rules of play written plainly on a row of bytes, with the player to move: the twin
/// that the retrograde analysis plays.
struct Play1;

impl Rules for Play1 {
    type State = (Vec<u8>, bool);

    fn moves(
        &self,
        state: &(Vec<u8>, bool),
        into: &mut Vec<(Vec<u8>, bool)>,
    ) -> Result<(), RulesFailed> {
        let (row, left) = state;
        let (mine, theirs, ahead) = if *left {
            (b'T', b'F', 1i32)
        } else {
            (b'F', b'T', -1i32)
        };
        let at = |i: i32| usize::try_from(i).ok().and_then(|i| row.get(i).copied());
        for i in 0..row.len() as i32 {
            if at(i) != Some(mine) {
                continue;
            }
            for (to, ok) in [
                (i + ahead, at(i + ahead) == Some(b'.')),
                (i - ahead, at(i - ahead) == Some(b'.')),
                (
                    i + 2 * ahead,
                    at(i + ahead) == Some(theirs) && at(i + 2 * ahead) == Some(b'.'),
                ),
            ] {
                if ok {
                    let mut next = row.clone();
                    next[i as usize] = b'.';
                    next[to as usize] = mine;
                    into.push((next, !left));
                }
            }
        }
        Ok(())
    }
}

/// Who wins `row` with Left and with Right to move: `Some(true)` Left, `None` a draw.
fn played(row: &str) -> (Option<bool>, Option<bool>) {
    let bytes = row.as_bytes().to_vec();
    let starts = [(bytes.clone(), true), (bytes, false)];
    let explored = Explored::explore_all(&Play1, starts.clone(), &mut Bounds::none()).unwrap();
    let solution = solve(explored.graph(), Play::Normal, &mut Bounds::none()).unwrap();
    let result = |start: &(Vec<u8>, bool)| {
        let outcome = solution.outcome(explored.id(start).unwrap());
        match outcome {
            Outcome::Draw => None,
            Outcome::Win => Some(start.1),
            Outcome::Loss => Some(!start.1),
        }
    };
    (result(&starts[0]), result(&starts[1]))
}

#[test]
fn every_value_has_the_outcome_of_play_on_every_row_up_to_6_cells() {
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::new(&mut store);
    let mut rows = 0;
    let mut draws = 0;
    for length in 1..=6u32 {
        for code in 0..3u32.pow(length) {
            let row: String = (0..length)
                .map(|i| ['.', 'T', 'F'][(code / 3u32.pow(i) % 3) as usize])
                .collect();
            let position: Backsliding = row.parse().unwrap();
            let value = value(&position, &mut engine).unwrap();
            let outcome = engine.outcome(&value).unwrap();
            let expected = played(&row);
            assert_eq!(
                outcome.results(),
                expected,
                "{row}: value {}, outcome {outcome}",
                engine.display(&value).unwrap()
            );
            rows += 1;
            if expected.0.is_none() || expected.1.is_none() {
                draws += 1;
            }
        }
    }
    assert_eq!(rows, 1092);
    // The check is not only of games that end: the plain retrograde analysis finds 11 rows
    // drawn with one player or both to move.
    assert_eq!(draws, 11, "rows with a draw");
}

/// Who wins moving first, as a report's players say it: `Some(true)` Left, `None` a draw.
fn reported(player: &crate::report::PlayerMoves) -> Option<bool> {
    let left = player.player == "left";
    match (player.wins, player.draws) {
        (true, _) => Some(left),
        (false, true) => None,
        (false, false) => Some(!left),
    }
}

/// The registry's route (the retrograde analysis of [`crate::loopy::partizan`] and the
/// value) against the plain twin above, on every row of up to 6 cells: each player's result
/// moving first, the outcome class's, and every winning and drawing move played out.
#[test]
fn the_registry_reports_the_outcome_of_play_on_every_row_up_to_6_cells() {
    use crate::game::GameEntry;
    use crate::loopy::entry::Loopy;
    use crate::report::{Report, SolveOptions};
    let entry: &'static dyn GameEntry = &Loopy(entry::BackslidingEntry);
    let options = SolveOptions {
        moves: usize::MAX,
        ..SolveOptions::default()
    };
    let mut drawn = 0;
    for length in 1..=6u32 {
        for code in 0..3u32.pow(length) {
            let row: String = (0..length)
                .map(|i| ['.', 'T', 'F'][(code / 3u32.pow(i) % 3) as usize])
                .collect();
            let Report::Valued(report) = entry.solve(&row, &options).unwrap() else {
                panic!("{row}: a loopy game is valued");
            };
            let (left, right) = played(&row);
            assert_eq!(report.players.len(), 2, "{row}");
            assert_eq!(reported(&report.players[0]), left, "{row}: Left first");
            assert_eq!(reported(&report.players[1]), right, "{row}: Right first");
            let class = match (left, right) {
                (Some(true), Some(true)) => "L",
                (Some(false), Some(false)) => "R",
                (Some(true), Some(false)) => "N",
                (Some(false), Some(true)) => "P",
                (None, None) => "D",
                (None, Some(true)) => "PHat",
                (Some(false), None) => "PCheck",
                (Some(true), None) => "NHat",
                (None, Some(false)) => "NCheck",
            };
            assert_eq!(report.outcome, class, "{row}: {}", report.canonical);
            // Each listed move of a win or a draw keeps that result for the mover.
            for (player, to_move) in report.players.iter().zip(["L", "R"]) {
                if !(player.wins || player.draws) {
                    continue;
                }
                for mv in &player.moves {
                    let mut state = entry.start(&format!("{row}@{to_move}")).unwrap();
                    state.play(mv).unwrap();
                    let (after_left, after_right) = played_with(&state.position());
                    let after = if to_move == "L" { after_right } else { after_left };
                    assert_eq!(after, reported(player), "{row}@{to_move}: {mv}");
                }
            }
            if left.is_none() || right.is_none() {
                drawn += 1;
            }
        }
    }
    assert_eq!(drawn, 11, "rows with a draw");
}

/// [`played`] of a position that may name its player (`.TF@R`): the results moving first
/// of its row.
fn played_with(position: &str) -> (Option<bool>, Option<bool>) {
    played(position.split('@').next().unwrap())
}
