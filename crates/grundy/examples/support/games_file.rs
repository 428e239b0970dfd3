//! The labelled positions that `pousse_patterns games` writes: one `GAME POSITION WON` line
//! per position of a finished self-play game.

use grundy::games::pousse::evaluation::assess_with;
use grundy::games::pousse::search::{Across, Weights};
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

/// The positions of a `games` file that the present evaluation does not find decided (a side
/// to move with a ready line is decided, not judged), split into those to fit and those held
/// out, each as `make` builds it from the position, the evaluation's score and the result
/// (1 when the side to move went on to win).
pub fn samples<T>(
    file: &str,
    make: impl Fn(&Position<BitBoard>, f64, f64) -> T,
) -> (Vec<T>, Vec<T>) {
    let weights = Weights::default();
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (game, position, won) in read_games(file) {
        let assessment = assess_with(&position, &weights, Across::MoverOnly);
        if assessment.mover_ready > 0 {
            continue;
        }
        let sample = make(
            &position,
            f64::from(assessment.score),
            f64::from(u8::from(won)),
        );
        if held_out(game) {
            held.push(sample);
        } else {
            train.push(sample);
        }
    }
    (train, held)
}
