//! The engine's static evaluation of a Pousse position, and the threats it finds on the way.
//!
//! A position is judged line by line (every row and column) and marker by marker:
//!
//! - an *uncontested* line (markers of one colour only) is worth `open × k²` for its `k`
//!   markers, and `near` more when it is two markers short of a straight;
//! - a *contested* line is worth `mixed` per marker of difference;
//! - a *ready* line is one its owner turns into a straight with one push along it: `n − 1`
//!   own markers and one empty square (a push from either end closes the gap), or a full
//!   line whose one opposing marker sits at an end (a push from the other end drops it off).
//!   Such a push only ever adds the mover's markers to the crossing lines, so a ready line of
//!   the side to move is a win in one move, which the search takes without looking further.
//!   Ready lines of the other side are threats the side to move must meet: `threat` for one,
//!   `double_threat` for two or more;
//! - each marker is worth `centre` per ring away from the border (a push drops markers off at
//!   the edges, never in the middle), and `exposed` when it sits at the end of a full line,
//!   where the next push from the far end drops it;
//! - the side to move gets `tempo`.
//!
//! Values are in the engine's centi-marker scale; [`Weights::default`] are the tuned ones
//! (docs/pousse-engine.md says how they were found).

use super::board::{Board, Colour};
use super::game::Position;

/// Evaluation weights. Every field is one term of the evaluation described in the module
/// documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Times the square of the markers of an uncontested line.
    pub open: i32,
    /// Times the marker difference of a contested line.
    pub mixed: i32,
    /// An uncontested line two markers short of a straight.
    pub near: i32,
    /// One ready line of the side that has just moved (a threat to meet).
    pub threat: i32,
    /// Two or more ready lines of the side that has just moved.
    pub double_threat: i32,
    /// Times the ring (distance from the border) of each marker.
    pub centre: i32,
    /// A marker at the end of a full line.
    pub exposed: i32,
    /// Having the move.
    pub tempo: i32,
}

impl Weights {
    /// The number of weights, for tuners that treat them as a vector.
    pub const COUNT: usize = 8;

    /// The names of the weights, in the order of [`Weights::to_vec`].
    pub const NAMES: [&'static str; Weights::COUNT] = [
        "open",
        "mixed",
        "near",
        "threat",
        "double_threat",
        "centre",
        "exposed",
        "tempo",
    ];

    /// The weights as a vector, in the order of [`Weights::NAMES`].
    pub fn to_vec(&self) -> [i32; Weights::COUNT] {
        [
            self.open,
            self.mixed,
            self.near,
            self.threat,
            self.double_threat,
            self.centre,
            self.exposed,
            self.tempo,
        ]
    }

    /// Weights from a vector in the order of [`Weights::NAMES`].
    pub fn from_vec(values: [i32; Weights::COUNT]) -> Weights {
        let [open, mixed, near, threat, double_threat, centre, exposed, tempo] = values;
        Weights {
            open,
            mixed,
            near,
            threat,
            double_threat,
            centre,
            exposed,
            tempo,
        }
    }

    /// The first engine's evaluation: line balance and threats only, no new terms.
    pub fn line_balance_only() -> Weights {
        Weights {
            open: 5,
            mixed: 25,
            near: 0,
            threat: 60,
            double_threat: 60,
            centre: 0,
            exposed: 0,
            tempo: 15,
        }
    }
}

impl Default for Weights {
    fn default() -> Self {
        // Tuned by self-play (docs/pousse-engine.md, "Tuning").
        Weights {
            open: 5,
            mixed: 25,
            near: 20,
            threat: 120,
            double_threat: 600,
            centre: 10,
            exposed: -10,
            tempo: 15,
        }
    }
}

/// What the evaluation found in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assessment {
    /// The heuristic value for the side to move.
    pub score: i32,
    /// Ready lines of the side to move: when there is one, it wins with its next move.
    pub mover_ready: u32,
    /// Ready lines of the other side: threats the side to move must meet.
    pub threats: u32,
}

/// Whether a line with `own` and `other` markers, whose ends hold `ends`, can be made a
/// straight of the owner of `own` by one push along it.
fn ready(
    n: u32,
    own: u32,
    other: u32,
    own_colour: Colour,
    ends: (Option<Colour>, Option<Colour>),
) -> bool {
    if own + 1 != n {
        return false;
    }
    match other {
        0 => true,
        1 => {
            let other_colour = Some(own_colour.opponent());
            ends.0 == other_colour || ends.1 == other_colour
        }
        _ => false,
    }
}

/// Judges `position` for the side to move with `weights`.
pub fn assess<B: Board>(position: &Position<B>, weights: &Weights) -> Assessment {
    let n = position.board.size().get();
    let n32 = n as u32;
    let mut score = 0i32;
    let mut ready_lines = [0u32; 2];
    for line in 0..2 * n {
        let (x, o) = position.board.line_counts(line);
        let full = x + o == n32;
        let maybe_ready = x + 1 == n32 || o + 1 == n32;
        let ends = if full || maybe_ready {
            position.board.line_ends(line)
        } else {
            (None, None)
        };
        if maybe_ready {
            ready_lines[0] += u32::from(ready(n32, x, o, Colour::X, ends));
            ready_lines[1] += u32::from(ready(n32, o, x, Colour::O, ends));
        }
        if full {
            for end in [ends.0, ends.1] {
                match end {
                    Some(Colour::X) => score += weights.exposed,
                    Some(Colour::O) => score -= weights.exposed,
                    None => {}
                }
            }
        }
        let (xi, oi) = (x as i32, o as i32);
        if o == 0 {
            score += weights.open * xi * xi;
            if x + 2 == n32 {
                score += weights.near;
            }
        } else if x == 0 {
            score -= weights.open * oi * oi;
            if o + 2 == n32 {
                score -= weights.near;
            }
        } else {
            score += weights.mixed * (xi - oi);
        }
    }
    let (x_rings, o_rings) = position.board.ring_sums();
    score += weights.centre * (x_rings as i32 - o_rings as i32);
    let (mover, other) = match position.to_move {
        Colour::X => (0, 1),
        Colour::O => (1, 0),
    };
    let mut score = if mover == 0 { score } else { -score };
    score += weights.tempo;
    score -= match ready_lines[other] {
        0 => 0,
        1 => weights.threat,
        _ => weights.double_threat,
    };
    Assessment {
        score,
        mover_ready: ready_lines[mover],
        threats: ready_lines[other],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pousse::{BitBoard, Game, GeneralBoard, Move, RuleSet};

    fn position(text: &str) -> Position<BitBoard> {
        text.parse().expect("a valid diagram")
    }

    /// Whether some move of the side to move wins at once, by trying them all.
    fn wins_at_once(position: &Position<BitBoard>) -> bool {
        let n = position.board.size().get();
        Move::all(n).any(|mv| {
            position
                .after(mv)
                .is_ok_and(|next| next.winner() == Some(position.to_move))
        })
    }

    #[test]
    fn a_line_with_one_gap_is_ready() {
        let a = assess(&position("XX.X/..../..../O.O.:X"), &Weights::default());
        assert_eq!(a.mover_ready, 1);
        assert_eq!(a.threats, 0);
    }

    #[test]
    fn a_full_line_with_the_other_colour_at_an_end_is_ready() {
        let a = assess(&position("XXXO/..../O.../O...:X"), &Weights::default());
        assert_eq!(a.mover_ready, 1);
        let b = assess(&position("XXOX/..../O.../O...:X"), &Weights::default());
        assert_eq!(b.mover_ready, 0);
    }

    #[test]
    fn threats_belong_to_the_side_that_just_moved() {
        let a = assess(&position("XX.X/O.../O.../....:O"), &Weights::default());
        assert_eq!(a.mover_ready, 0);
        assert_eq!(a.threats, 1);
    }

    #[test]
    fn a_ready_line_always_means_a_win_at_once() {
        // Random positions: every position with a ready line for the side to move has a
        // winning move (the converse need not hold: other pushes may win too).
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..3000 {
            let n = rng.gen_range(1..=6);
            let mut game: Game<BitBoard> = Game::new(
                crate::games::pousse::Size::new(n).expect("size"),
                RuleSet::Waterloo,
            )
            .expect("game");
            let moves: Vec<Move> = Move::all(n).collect();
            for _ in 0..rng.gen_range(0..40) {
                if game.status() != crate::games::pousse::Status::Ongoing {
                    break;
                }
                let _ = game.play(moves[rng.gen_range(0..moves.len())]);
            }
            let p = game.position();
            if p.winner().is_some() {
                continue;
            }
            if assess(p, &Weights::default()).mover_ready > 0 {
                checked += 1;
                assert!(wins_at_once(p), "{p}");
            }
        }
        assert!(checked > 100, "only {checked} ready positions met");
    }

    #[test]
    fn both_boards_assess_alike() {
        let text = "XOX.X/OO.XO/X.XXO/..O.X/OXOXO:O";
        let bit: Position<BitBoard> = text.parse().expect("diagram");
        let general: Position<GeneralBoard> = text.parse().expect("diagram");
        let weights = Weights::default();
        assert_eq!(assess(&bit, &weights), assess(&general, &weights));
        assert_eq!(bit.board.ring_sums(), general.board.ring_sums());
        for line in 0..10 {
            assert_eq!(bit.board.line_ends(line), general.board.line_ends(line));
        }
    }

    #[test]
    fn the_evaluation_is_symmetric_between_colours() {
        let weights = Weights::default();
        let a = assess(&position("XO../.X../..O./....:X"), &weights);
        let b = assess(&position("OX../.O../..X./....:O"), &weights);
        assert_eq!(a, b);
    }
}
