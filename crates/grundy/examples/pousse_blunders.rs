//! Where the engine's lost games were lost: replays the games of a match record
//! (`target/strength/NAME.jsonl`, as `scripts/pousse-strength.sh` writes it) that the named
//! player lost, and searches each of its last moves again, deeply, to find the move after
//! which the loss was proven although the position before it was not lost.
//!
//! ```text
//! cargo run --release -p grundy --example pousse_blunders -- target/strength/mcts-10x-6.jsonl perfect 2000 12
//! ```
//!
//! Arguments: the record, the prefix of the player whose losses are looked at, the deep
//! search's milliseconds, and how many of the player's last moves are searched again. With
//! `0` moves, every position the player moved from is searched instead and each lost game is
//! printed on one line as `empty squares:score` pairs (`W`/`L` and plies for a proven result),
//! which shows where the evaluation turned.
//!
//! With `mcts:<ms>` as the moves, MCTS judges every move the player made in its lost games:
//! a search of `<ms>` from the position before the move (its best move and the mover's win
//! rate with it) and one from the position after (the player's win rate is one less the
//! other side's), beside the engine's own score of the position (searched for the deep
//! search's milliseconds). A move whose win rate falls more than 0.08 below MCTS's best is
//! marked `<<<` and its position drawn; each game ends with the ply at which MCTS first gave
//! the player under 0.4, and how often MCTS would have played the player's move.
//!
//! ```text
//! cargo run --release -p grundy --example pousse_blunders -- target/strength/mcts-10x-6.jsonl perfect 60 mcts:300
//! ```
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use grundy::games::pousse::mcts::{Mcts, MctsLimits};
use grundy::games::pousse::search::{Engine, Limits, Score};
use grundy::games::pousse::{BitBoard, Board, Game, Move, Status};

#[path = "support/strength_record.rs"]
mod strength_record;
use strength_record::{read_record, RecordedGame};

fn deep(game: &Game<BitBoard>, ms: u64) -> (Score, Option<Move>, u32) {
    let result = Engine::new(1 << 22).search(game, &Limits::movetime(Duration::from_millis(ms), 1));
    (result.score, result.best_move, result.depth)
}

/// The empty squares of a game's board.
fn empty_squares(game: &Game<BitBoard>) -> u32 {
    let board = &game.position().board;
    let n = board.size().get() as u32;
    n * n - board.markers()
}

/// What is looked at in each lost game (the fourth argument).
enum Mode {
    /// `mcts:<ms>`: MCTS judges every move of the player.
    Judge(u64),
    /// `0`: the deep search's score before every move of the player, on one line.
    Series,
    /// `N`: the player's last `N` moves searched again, until a proven loss.
    Last(usize),
}

fn score_text(score: Score) -> String {
    match score {
        Score::Eval(v) => format!("{v}"),
        Score::Win(p) => format!("W{p}"),
        Score::Loss(p) => format!("L{p}"),
    }
}

/// MCTS's judgement of each of the player's moves (`ours`, indices into `moves`): its win
/// rate before the move with its own best move, and after the player's move.
fn judge(states: &[Game<BitBoard>], moves: &[Move], ours: &[usize], ms: u64, judge_ms: u64) {
    let limits = MctsLimits::movetime(Duration::from_millis(judge_ms));
    let mut mcts = Mcts::new(7);
    let (mut agreed, mut turned) = (0, None);
    for &i in ours {
        let before = &states[i];
        let best = mcts.search(before, &limits);
        let after = &states[i + 1];
        let played = if after.status() == Status::Ongoing {
            1.0 - mcts.search(after, &limits).win_rate
        } else {
            0.0
        };
        let empty = empty_squares(before);
        let best_move = best.best_move.map(|m| m.to_string()).unwrap_or_default();
        agreed += usize::from(best.best_move == Some(moves[i]));
        if turned.is_none() && best.win_rate < 0.4 {
            turned = Some((i, empty));
        }
        let drop = best.win_rate - played;
        println!(
            "  ply {i:>3} ({empty:>2} empty): engine {:>6}, mcts {:.3} with {best_move}, played {} {:.3}{}",
            score_text(deep(before, ms).0),
            best.win_rate,
            moves[i],
            played,
            if drop > 0.08 { "  <<<" } else { "" }
        );
        if drop > 0.08 {
            println!("{}", before.position().diagram());
        }
    }
    match turned {
        Some((ply, empty)) => println!("  mcts first under 0.4 at ply {ply} ({empty} empty)"),
        None => println!("  mcts never under 0.4"),
    }
    println!(
        "  mcts would have played the same move {agreed} of {} times",
        ours.len()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let player = &args[1];
    let ms: u64 = args[2].parse().unwrap();
    let mode = match args[3].strip_prefix("mcts:") {
        Some(judge_ms) => Mode::Judge(judge_ms.parse().unwrap()),
        None => match args[3].parse().unwrap() {
            0 => Mode::Series,
            last => Mode::Last(last),
        },
    };
    for recorded in read_record(&args[0]) {
        let Some(seat) = recorded.seat(player) else {
            continue;
        };
        let RecordedGame {
            start,
            moves,
            states,
            ..
        } = &recorded;
        let game = states.last().unwrap();
        let opening_moves = states[0].move_count();
        let Status::Won { winner, .. } = game.status() else {
            continue;
        };
        let our_colour = recorded.colour(seat);
        if winner == our_colour {
            continue;
        }
        let ours: Vec<usize> = (0..moves.len()).filter(|i| i % 2 == seat).collect();
        let last = match mode {
            Mode::Judge(judge_ms) => {
                println!("{start} lost as {our_colour:?}, {} plies", moves.len());
                judge(states, moves, &ours, ms, judge_ms);
                continue;
            }
            Mode::Series => {
                let series: Vec<String> = ours
                    .iter()
                    .map(|&i| {
                        let empty = empty_squares(&states[i]);
                        format!("{empty}:{}", score_text(deep(&states[i], ms).0))
                    })
                    .collect();
                println!("{start} lost as {our_colour:?}: {}", series.join(" "));
                continue;
            }
            Mode::Last(last) => last,
        };
        let examined: Vec<usize> = ours.iter().rev().take(last).rev().copied().collect();
        println!(
            "game {start}: {} moves, lost as {:?} (opening {opening_moves} moves)",
            moves.len(),
            our_colour
        );
        for &i in &examined {
            let before = &states[i];
            let (score, best, depth) = deep(before, ms);
            let empty = empty_squares(before);
            println!(
                "  ply {:>3} ({:>2} from end, {:>2} empty): played {}, deep best {} depth {:>2} score {:?}",
                i,
                moves.len() - i,
                empty,
                moves[i],
                best.map(|m| m.to_string()).unwrap_or_default(),
                depth,
                score
            );
            if matches!(score, Score::Loss(_)) {
                println!("  {}", before.position().diagram());
                break;
            }
        }
    }
}
