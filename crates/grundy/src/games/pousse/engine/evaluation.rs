//! The engine's static evaluation of a Pousse position, and the threats it finds on the way.
//!
//! The evaluation is linear: a position is described by the [`Terms`] below, each counted
//! for the side to move less the same count for the other side, and the score is their sum
//! weighted by the [`Weights`], one named weight per term. Being linear, the weights can be
//! fitted to game results (docs/pousse-engine.md, "The evaluation").
//!
//! A *ready* line is one its owner turns into a straight with one push along it: `n − 1` own
//! markers and one empty square (a push from either end closes the gap), or a full line whose
//! one opposing marker sits at an end (a push from the other end drops it off). Such a push
//! only ever adds the mover's markers to the crossing lines, so a ready line of the side to
//! move is a win in one move, which the search takes without looking further; ready lines of
//! the other side are threats the side to move must meet.
//!
//! A line of `n − 1` markers of the side to move and one opposing marker away from its ends
//! can still be made a straight in one move: by a push *across* it, along the crossing line
//! through that marker, which replaces it by its neighbour (or by the pushed marker at the
//! edge). On a nearly full board most straights are made this way. Such a line counts as
//! ready for the side to move when one of the two crossing pushes wins outright (it is tried
//! on a copy of the board, since it also moves markers of other lines), and with straights
//! of both sides already on the board every push is tried: so the side to move has a ready
//! line exactly when it has a winning move. The other side's lines count as ready only
//! along them.

use crate::games::pousse::board::{Board, Colour, Edge, LineView, Move};
use crate::games::pousse::game::Position;

/// The evaluation's weights, in centi-markers: one per term of [`Terms`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// The square of the markers of each uncontested line (markers of one colour only).
    pub open_square: i32,
    /// Uncontested lines two markers short of a straight.
    pub near: i32,
    /// The marker difference of each contested line.
    pub mixed: i32,
    /// Each marker's ring: its distance from the nearest edge.
    pub centre: i32,
    /// Markers at the end of a full line, which the next push from the far end drops.
    pub exposed: i32,
    /// The other side has one ready line (a threat to meet).
    pub threat: i32,
    /// The other side has two or more ready lines.
    pub double_threat: i32,
    /// Having the move.
    pub tempo: i32,
}

impl Default for Weights {
    /// Fitted to self-play results by SPSA (docs/pousse-engine.md, "The evaluation").
    fn default() -> Self {
        Weights {
            open_square: 8,
            near: -16,
            mixed: 25,
            centre: 7,
            exposed: -8,
            threat: -190,
            double_threat: -548,
            tempo: 54,
        }
    }
}

impl Weights {
    /// The score of `terms`: each term times its weight, summed.
    pub fn score(&self, terms: &Terms) -> i32 {
        self.open_square * terms.open_square
            + self.near * terms.near
            + self.mixed * terms.mixed
            + self.centre * terms.centre
            + self.exposed * terms.exposed
            + self.threat * terms.threat
            + self.double_threat * terms.double_threat
            + self.tempo * terms.tempo
    }
}

/// The terms of the evaluation of a position, for the side to move: the board's terms are
/// its count less the other side's, the threat terms and the tempo its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Terms {
    /// k² for each uncontested line with k markers.
    pub open_square: i32,
    /// Uncontested lines two markers short of a straight.
    pub near: i32,
    /// The marker difference of each contested line.
    pub mixed: i32,
    /// Each marker's ring: its distance from the nearest edge.
    pub centre: i32,
    /// Markers at the end of a full line.
    pub exposed: i32,
    /// 1 when the other side has exactly one ready line.
    pub threat: i32,
    /// 1 when the other side has two or more ready lines.
    pub double_threat: i32,
    /// 1: the side to move has the move.
    pub tempo: i32,
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

impl Assessment {
    /// Whether the other side wins with its next move unless the side to move prevents it.
    pub fn faces_threat(&self) -> bool {
        self.threats > 0
    }
}

/// The terms of a position for the side to move, and its ready lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionTerms {
    /// The terms of the evaluation.
    pub terms: Terms,
    /// Ready lines of the side to move.
    pub mover_ready: u32,
    /// Ready lines of the other side.
    pub threats: u32,
}

/// Whether a line with `own` and `other` markers, whose ends hold `ends`, can be made a
/// straight of `own_colour` by one push along it.
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

/// The side with more straights after `colour` pushes `mv` (tried on a copy of the board),
/// if any: the side that wins by that push.
fn dominant_after<B: Board>(board: &B, mv: Move, colour: Colour) -> Option<Colour> {
    let mut after = board.clone();
    after.push(mv, colour).ok()?;
    after.straights().dominant()
}

/// The pushes across `line`, which holds `n − 1` markers of `owner` and one other square:
/// along the crossing line through that square, from either end, so that the square takes
/// its neighbour's marker (or the pushed one at the edge). None when the line is full of
/// `owner`'s markers.
fn pushes_across<B: Board>(board: &B, line: usize, owner: Colour) -> Option<[Option<Move>; 2]> {
    let n = board.size().get();
    let square = |k: usize| if line < n { (line, k) } else { (k, line - n) };
    let odd = (0..n).find(|&k| {
        let (row, column) = square(k);
        board.cell(row, column) != Some(owner)
    })?;
    // The crossing line through the odd square is column `odd` for a row, row `odd` for a
    // column.
    let edges = if line < n {
        [Edge::Top, Edge::Bottom]
    } else {
        [Edge::Left, Edge::Right]
    };
    Some(edges.map(|edge| Move::new(edge, odd + 1)))
}

/// Whether `colour` wins at once by pushing across `line`, which holds `n − 1` of its
/// markers and one other square.
fn completed_across<B: Board>(board: &B, line: usize, colour: Colour) -> bool {
    pushes_across(board, line, colour).is_some_and(|pushes| {
        pushes
            .into_iter()
            .flatten()
            .any(|mv| dominant_after(board, mv, colour) == Some(colour))
    })
}

/// The moves by which `colour` wins at once, each tried on a copy of the board.
fn winning_pushes<B: Board>(board: &B, colour: Colour) -> u32 {
    let n = board.size().get();
    let wins = Move::all(n).filter(|&mv| dominant_after(board, mv, colour) == Some(colour));
    wins.count() as u32
}

/// What one line with `x` and `o` markers adds to `open_square`, `near` and `mixed`, X less
/// O, on a board of side `n`: the terms a line's two counts decide.
pub(super) fn count_terms(n: u32, x: u32, o: u32) -> [i32; 3] {
    let (xi, oi, n_i) = (x as i32, o as i32, n as i32);
    let contested = x > 0 && o > 0;
    // Uncontested lines (an empty one adds nothing): X's count when O has none, O's when X
    // has none.
    let (x_open, o_open) = (i32::from(o == 0) * xi, i32::from(x == 0) * oi);
    let short_by = |open: i32, by: i32| i32::from(open > 0 && open + by == n_i);
    [
        x_open * x_open - o_open * o_open,
        short_by(x_open, 2) - short_by(o_open, 2),
        i32::from(contested) * (xi - oi),
    ]
}

/// What a walk over the lines of a position gathers besides the count terms: the ready
/// lines and the `exposed` balance.
#[derive(Debug, Default)]
pub(super) struct LineWalk {
    /// Ready lines of X and of O (see the module comment).
    pub ready_lines: [u32; 2],
    /// The `exposed` balance, X less O.
    pub exposed: i32,
    /// Whether some line is a straight.
    straights_on_board: bool,
}

impl LineWalk {
    /// Takes in line `line` of `position`, seen as `view`.
    #[inline]
    pub fn visit<B: Board>(&mut self, position: &Position<B>, line: usize, view: LineView) {
        let LineView { x, o, ends } = view;
        let n32 = position.board.size().get() as u32;
        self.straights_on_board |= x == n32 || o == n32;
        if x + o == n32 {
            self.exposed += sign(ends.0) + sign(ends.1);
        }
        if x + 1 != n32 && o + 1 != n32 {
            return;
        }
        for (colour, own, other, count) in [(Colour::X, x, o, 0), (Colour::O, o, x, 1)] {
            let along = ready(n32, own, other, colour, ends);
            // Lines completed across count for the side to move only.
            let by_across = !along
                && colour == position.to_move
                && own + 1 == n32
                && other == 1
                && completed_across(&position.board, line, colour);
            self.ready_lines[count] += u32::from(along || by_across);
        }
    }

    /// After the last line: with straights on the board, the side to move's wins in one are
    /// counted by trying every push.
    pub fn finish<B: Board>(&mut self, position: &Position<B>) {
        if !self.straights_on_board {
            return;
        }
        // Both sides have as many straights (the game goes on): a push that breaks one of
        // the other side's also wins, and no line count shows it. Rare: try every move.
        let (mover, _) = mover_and_other(position.to_move);
        self.ready_lines[mover] = winning_pushes(&position.board, position.to_move);
    }
}

/// +1 for an X marker, −1 for an O marker, 0 for none.
fn sign(colour: Option<Colour>) -> i32 {
    match colour {
        Some(Colour::X) => 1,
        Some(Colour::O) => -1,
        None => 0,
    }
}

/// The indices of the side to move and of the other side in per-colour pairs such as
/// [`LineWalk::ready_lines`] (X first).
pub(super) fn mover_and_other(to_move: Colour) -> (usize, usize) {
    match to_move {
        Colour::X => (0, 1),
        Colour::O => (1, 0),
    }
}

/// The terms of `position` for the side to move, and its ready lines, counted term by term
/// (the search uses the faster [`super::evaluator::Evaluator`], which gives the same).
pub fn position_terms<B: Board>(position: &Position<B>) -> PositionTerms {
    let n = position.board.size().get();
    let n32 = n as u32;
    let mut terms = Terms::default();
    let mut walk = LineWalk::default();
    for (line, view) in position.board.lines().enumerate() {
        walk.visit(position, line, view);
        let [open_square, near, mixed] = count_terms(n32, view.x, view.o);
        terms.open_square += open_square;
        terms.near += near;
        terms.mixed += mixed;
    }
    walk.finish(position);
    let (x_rings, o_rings) = position.board.ring_sums();
    terms.centre = x_rings as i32 - o_rings as i32;
    terms.exposed = walk.exposed;
    let (mover, other) = mover_and_other(position.to_move);
    if mover == 1 {
        for term in [
            &mut terms.open_square,
            &mut terms.near,
            &mut terms.mixed,
            &mut terms.centre,
            &mut terms.exposed,
        ] {
            *term = -*term;
        }
    }
    match walk.ready_lines[other] {
        0 => {}
        1 => terms.threat = 1,
        _ => terms.double_threat = 1,
    }
    terms.tempo = 1;
    PositionTerms {
        terms,
        mover_ready: walk.ready_lines[mover],
        threats: walk.ready_lines[other],
    }
}

/// Judges `position` for the side to move with `weights`.
pub fn assess<B: Board>(position: &Position<B>, weights: &Weights) -> Assessment {
    let found = position_terms(position);
    Assessment {
        score: weights.score(&found.terms),
        mover_ready: found.mover_ready,
        threats: found.threats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pousse::{BitBoard, BoardGame, GeneralBoard, Move, RuleSet};

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
        // With the O inside the line, no push along it completes it, but the push down
        // column 3 brings the X above in from the top.
        let inside = position("XXOX/..../O.../O...:X");
        assert_eq!(assess(&inside, &Weights::default()).mover_ready, 1);
    }

    #[test]
    fn threats_belong_to_the_side_that_just_moved() {
        let a = assess(&position("XX.X/O.../O.../....:O"), &Weights::default());
        assert_eq!(a.mover_ready, 0);
        assert_eq!(a.threats, 1);
    }

    #[test]
    fn a_line_completed_across_is_ready() {
        // Row 2 is X X O X: a push down column 3 puts the X above the O in its place.
        let text = "..X./..X./XXOX/....:X";
        let p = position(text);
        assert!(wins_at_once(&p));
        assert_eq!(assess(&p, &Weights::default()).mover_ready, 1);
        // The same line seen from O, who is to move: a threat to meet, which the engine's
        // view (the side to move's lines only) leaves out.
        let q = position("..X./..X./XXOX/....:O");
        assert_eq!(assess(&q, &Weights::default()).threats, 0);
        // An O above the O: the push down brings it into the row instead.
        let r = position("..X./..O./XXOX/....:X");
        assert_eq!(assess(&r, &Weights::default()).mover_ready, 0);
        assert!(!wins_at_once(&r));
    }

    /// A new Waterloo game of `n` × `n` and its pushes, for the random-position tests.
    fn waterloo_game(n: usize) -> (BoardGame<BitBoard>, Vec<Move>) {
        let size = crate::games::pousse::Size::new(n).expect("size");
        let game = BoardGame::new(size, RuleSet::Waterloo).expect("game");
        (game, Move::all(n).collect())
    }

    #[test]
    fn a_ready_line_is_exactly_a_win_at_once() {
        // Random positions: a position has a ready line for the side to move (counted
        // across as well) exactly when some move of the side to move wins at once.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..3000 {
            let (mut game, moves) = waterloo_game(rng.gen_range(1..=6));
            for _ in 0..rng.gen_range(0..40) {
                if game.status() != crate::games::pousse::PousseStatus::Ongoing {
                    break;
                }
                let _ = game.play(moves[rng.gen_range(0..moves.len())]);
            }
            let p = game.position();
            if p.winner().is_some() {
                continue;
            }
            let ready = assess(p, &Weights::default()).mover_ready > 0;
            assert_eq!(ready, wins_at_once(p), "{p}");
            if ready {
                checked += 1;
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
