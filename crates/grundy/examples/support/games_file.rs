//! The labelled positions that `pousse_patterns games` writes: one `GAME POSITION WON` line
//! per position of a finished self-play game.

use grundy::games::pousse::{BitBoard, Position};

/// The positions of a `games` file: each with its game's number and whether its side to move
/// went on to win.
pub fn read_games(file: &str) -> Vec<(usize, Position<BitBoard>, bool)> {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .enumerate()
        .map(|(number, line)| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [game, position, won] = fields[..] else {
                panic!("line {}: expected `GAME POSITION WON`", number + 1);
            };
            (game.parse().unwrap(), position.parse().unwrap(), won == "1")
        })
        .collect()
}

/// One game in ten is held out of the fits, to measure them on games they did not see.
pub fn held_out(game: usize) -> bool {
    game % 10 == 9
}
