//! The games of a strength record (`target/strength/NAME.jsonl`, as
//! `scripts/pousse-strength.sh` writes it), replayed move by move.
#![allow(dead_code)] // each example uses the part it needs

use grundy::games::pousse::{BitBoard, Colour, Game, Move, RuleSet};

/// One recorded game: who played it, from where, and every position along it.
pub struct RecordedGame {
    /// The players' specifications, the one who moves first from the start position first.
    pub players: Vec<String>,
    /// The start position in the record's notation (`6:L3,B5`).
    pub start: String,
    /// The moves played from the start position.
    pub moves: Vec<Move>,
    /// The game before each move, and after the last one: `states[i]` is where `moves[i]`
    /// was played from.
    pub states: Vec<Game<BitBoard>>,
}

impl RecordedGame {
    /// The colour of the player in `seat` (0 moves first from the start position).
    pub fn colour(&self, seat: usize) -> Colour {
        let first = self.states[0].position().to_move;
        if seat == 0 {
            first
        } else {
            first.opponent()
        }
    }

    /// The seat of the first player whose specification starts with `prefix`.
    pub fn seat(&self, prefix: &str) -> Option<usize> {
        self.players.iter().position(|p| p.starts_with(prefix))
    }
}

/// Every game of the record at `path` (its first line describes the tournament).
pub fn read_record(path: &str) -> Vec<RecordedGame> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let players = record["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
                .collect();
            let start = record["position"].as_str().unwrap().to_string();
            let moves: Vec<Move> = record["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["move"].as_str().unwrap().parse().unwrap())
                .collect();
            let mut game: Game<BitBoard> = Game::from_notation(&start, RuleSet::Icfp).unwrap();
            let mut states = vec![game.clone()];
            for &mv in &moves {
                game.play(mv).unwrap();
                states.push(game.clone());
            }
            RecordedGame {
                players,
                start,
                moves,
                states,
            }
        })
        .collect()
}
