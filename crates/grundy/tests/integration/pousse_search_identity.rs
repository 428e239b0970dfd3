//! The engine's search, pinned: for every position of both opening suites, under both rule
//! sets, a fixed-depth search on one thread must return the move, score, principal variation
//! and node count recorded in `data/pousse_search_identity.txt`. Any change to the search,
//! its move ordering or its evaluation that alters what it finds or how it gets there shows
//! up here.
//!
//! To record the table again (only when a change of the search is meant):
//! `POUSSE_IDENTITY_WRITE=1 cargo test -p grundy --test integration pousse_search_identity::`.
#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;
use std::path::PathBuf;

use grundy::games::pousse::engine::search::{PousseEngine, Score, SearchLimits};
use grundy::games::pousse::{BitBoard, Board, BoardGame, GeneralBoard, PousseStatus, RuleSet};

/// The depth of every search of the table.
const DEPTH: u32 = 5;
/// The transposition table of the shipped engine (`ENGINE_ENTRIES` of `pousse::play`).
const ENTRIES: usize = 1 << 19;
/// Openings of each suite played on to fuller boards.
const MIDGAMES: usize = 25;
/// The moves played on from each of them.
const PLAYED_ON: usize = 30;

fn workspace_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

fn table_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pousse_search_identity.txt")
}

/// The positions of an opening suite, in order.
fn suite(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(workspace_file(path)).unwrap();
    text.lines()
        .map(|line| line.split('#').next().unwrap().trim())
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect()
}

fn score_text(score: Score) -> String {
    match score {
        Score::Eval(value) => format!("eval{value}"),
        Score::Win(plies) => format!("win{plies}"),
        Score::Loss(plies) => format!("loss{plies}"),
    }
}

/// One line of the table: a fresh engine's search of `position` at [`DEPTH`].
fn searched<B: Board>(position: &str, rules: RuleSet, engine: &mut PousseEngine) -> String {
    let game: BoardGame<B> = BoardGame::from_notation(position, rules).unwrap();
    engine.clear();
    let result = engine.search(&game, &SearchLimits::depth(DEPTH));
    let pv: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
    format!(
        "{rules} {position} depth={} move={} score={} nodes={} pv={}",
        result.depth,
        result.best_move.map_or("-".into(), |mv| mv.to_string()),
        score_text(result.score),
        result.nodes,
        pv.join(","),
    )
}

/// `position` with [`PLAYED_ON`] more moves, each the engine's at depth 3 (fewer when the
/// game ends), in the notation `N:moves`.
fn played_on(position: &str, rules: RuleSet, engine: &mut PousseEngine) -> String {
    let mut game: BoardGame<BitBoard> = BoardGame::from_notation(position, rules).unwrap();
    for _ in 0..PLAYED_ON {
        engine.clear();
        let Some(mv) = engine.search(&game, &SearchLimits::depth(3)).best_move else {
            break;
        };
        let mut next = game.clone();
        if next.play(mv).is_err() || next.status() != PousseStatus::Ongoing {
            break;
        }
        game = next;
    }
    let moves: Vec<String> = game.moves().map(|mv| mv.to_string()).collect();
    format!("{}:{}", game.position().board.size().get(), moves.join(","))
}

/// Every line of the table, searched now.
fn table() -> String {
    let mut engine = PousseEngine::new(ENTRIES);
    let mut out = String::new();
    for suite_file in ["data/openings/pousse-6.txt", "data/openings/pousse-7.txt"] {
        for position in suite(suite_file) {
            for rules in [RuleSet::Icfp, RuleSet::Waterloo] {
                writeln!(
                    out,
                    "{}",
                    searched::<BitBoard>(&position, rules, &mut engine)
                )
                .unwrap();
            }
        }
    }
    // Fuller boards, where wins, losses and repetitions are found: each of the first
    // openings of both suites played on by the engine itself at depth 3.
    for suite_file in ["data/openings/pousse-6.txt", "data/openings/pousse-7.txt"] {
        for position in suite(suite_file).iter().take(MIDGAMES) {
            for rules in [RuleSet::Icfp, RuleSet::Waterloo] {
                let played = played_on(position, rules, &mut engine);
                writeln!(out, "{}", searched::<BitBoard>(&played, rules, &mut engine)).unwrap();
            }
        }
    }
    // The general board (boards over 8 x 8) runs the same search: a few of the 6 x 6 suite.
    for position in suite("data/openings/pousse-6.txt").iter().take(10) {
        let line = searched::<GeneralBoard>(position, RuleSet::Icfp, &mut engine);
        writeln!(out, "general {line}").unwrap();
    }
    out
}

#[test]
fn the_search_finds_what_it_found() {
    let now = table();
    if std::env::var_os("POUSSE_IDENTITY_WRITE").is_some() {
        std::fs::write(table_file(), &now).unwrap();
        return;
    }
    let recorded = std::fs::read_to_string(table_file()).unwrap();
    let mut differ = 0;
    for (line, (was, is)) in recorded.lines().zip(now.lines()).enumerate() {
        if was != is {
            differ += 1;
            eprintln!("line {}:\n  recorded {was}\n  searched {is}", line + 1);
        }
    }
    assert_eq!(
        recorded.lines().count(),
        now.lines().count(),
        "table length"
    );
    assert_eq!(differ, 0, "{differ} searches differ from the record");
}
