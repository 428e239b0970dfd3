//! The engine's static evaluation of a Pousse position, and the threats it finds on the way.
//!
//! The evaluation is linear: a position is described by the [`Feature`]s below, each counted
//! for the side to move less the same count for the other side, and the score is their dot
//! product with the [`Weights`]. Being linear, the weights can be fitted to game results by
//! logistic regression (docs/pousse-engine.md, "Tuning").
//!
//! A *ready* line is one its owner turns into a straight with one push along it: `n − 1` own
//! markers and one empty square (a push from either end closes the gap), or a full line whose
//! one opposing marker sits at an end (a push from the other end drops it off). Such a push
//! only ever adds the mover's markers to the crossing lines, so a ready line of the side to
//! move is a win in one move, which the search takes without looking further; ready lines of
//! the other side are threats the side to move must meet.
//!
//! A line of `n − 1` own markers and one opposing marker away from its ends can still be
//! made a straight in one move: by a push *across* it, along the crossing line through that
//! marker, which replaces it by its neighbour (or by the pushed marker at the edge). On a
//! nearly full board most straights are made this way. With [`Across::Counted`] such a line
//! counts as ready too when one of the two crossing pushes wins outright (it is tried on a
//! copy of the board, since it also moves markers of other lines); then a position has a
//! ready line of the side to move exactly when the side to move has a winning move.

use super::board::{Board, Colour, LineView};
use super::game::Position;
use super::moves::{Edge, Move};

/// Whether lines completed by a push across them count as ready (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Across {
    /// Only pushes along a line make it ready (the engine before cross pushes were seen).
    Ignored,
    /// Lines a push across completes count for the side to move only: its wins in one are
    /// all seen, the other side's threats only along lines.
    MoverOnly,
    /// A line a winning push across it completes is ready as well.
    Counted,
    /// As `MoverOnly` for the score, but the other side's lines a push across completes are
    /// counted apart ([`Assessment::threats_across`]): they do not weigh as threats, yet the
    /// search does not stand pat in front of them (it looks one ply further at its horizon).
    Extended,
}

/// The terms of the evaluation, in the order of [`Weights::values`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// The square of the markers of each uncontested line (markers of one colour only).
    OpenSquare,
    /// Uncontested lines two markers short of a straight.
    Near,
    /// Uncontested lines three markers short of a straight.
    Far,
    /// The marker difference of each contested line.
    Mixed,
    /// Each marker's ring: its distance from the nearest edge.
    Centre,
    /// Markers on the border, where pushes drop them off.
    Border,
    /// Markers.
    Material,
    /// Markers at the end of a full line, which the next push from the far end drops.
    Exposed,
    /// Markers in a corner, at the end of a row and of a column.
    Corner,
    /// The other side has one ready line (a threat to meet).
    Threat,
    /// The other side has two or more ready lines.
    DoubleThreat,
    /// Having the move.
    Tempo,
    /// Full lines of `n − 1` own markers and one of the other side's: a push across through
    /// the odd marker, or one along that drops it, may make them a straight.
    Heavy,
    /// The square of the longer run of own markers from an end of each contested line: the
    /// pushes along the line from that end that would make it a straight are `n − run`.
    RunSquare,
    /// Contested lines whose longer own run from an end is `n − 2` (two pushes along it from
    /// a straight).
    RunNear,
    /// `OpenSquare` on a dense board (the dense features count their base feature times the
    /// board's fill in percent, and weigh in hundredths: see [`Feature::divisor`]).
    DenseOpenSquare,
    /// `Near` on a dense board.
    DenseNear,
    /// `Mixed` on a dense board.
    DenseMixed,
    /// `Centre` on a dense board.
    DenseCentre,
    /// `Border` on a dense board.
    DenseBorder,
    /// `Material` on a dense board.
    DenseMaterial,
    /// `Exposed` on a dense board.
    DenseExposed,
    /// `Corner` on a dense board.
    DenseCorner,
    /// `Threat` on a dense board.
    DenseThreat,
    /// `Tempo` on a dense board.
    DenseTempo,
    /// `Heavy` on a dense board.
    DenseHeavy,
    /// Pushes that do not lose at once (after them the other side does not have more
    /// straights): on a nearly full board many pushes move an opposing marker into the one
    /// odd square of a line, and the side left with fewer harmless moves runs out first.
    /// Counted on boards more than half full, zero on the others.
    Safe,
}

/// The number of features.
pub const FEATURES: usize = 27;

impl Feature {
    /// Every feature, in order.
    pub const ALL: [Feature; FEATURES] = [
        Feature::OpenSquare,
        Feature::Near,
        Feature::Far,
        Feature::Mixed,
        Feature::Centre,
        Feature::Border,
        Feature::Material,
        Feature::Exposed,
        Feature::Corner,
        Feature::Threat,
        Feature::DoubleThreat,
        Feature::Tempo,
        Feature::Heavy,
        Feature::RunSquare,
        Feature::RunNear,
        Feature::DenseOpenSquare,
        Feature::DenseNear,
        Feature::DenseMixed,
        Feature::DenseCentre,
        Feature::DenseBorder,
        Feature::DenseMaterial,
        Feature::DenseExposed,
        Feature::DenseCorner,
        Feature::DenseThreat,
        Feature::DenseTempo,
        Feature::DenseHeavy,
        Feature::Safe,
    ];

    /// Each dense feature with the feature it scales by the board's fill.
    pub const DENSE: [(Feature, Feature); 11] = [
        (Feature::DenseOpenSquare, Feature::OpenSquare),
        (Feature::DenseNear, Feature::Near),
        (Feature::DenseMixed, Feature::Mixed),
        (Feature::DenseCentre, Feature::Centre),
        (Feature::DenseBorder, Feature::Border),
        (Feature::DenseMaterial, Feature::Material),
        (Feature::DenseExposed, Feature::Exposed),
        (Feature::DenseCorner, Feature::Corner),
        (Feature::DenseThreat, Feature::Threat),
        (Feature::DenseTempo, Feature::Tempo),
        (Feature::DenseHeavy, Feature::Heavy),
    ];

    /// Whether the feature is one of the [`Feature::DENSE`] ones, weighed in hundredths.
    pub fn is_dense(self) -> bool {
        DENSE_FEATURE[self as usize]
    }

    /// What the feature's value times its weight is divided by in the score: 100 for the
    /// dense features (their value is in percent of fill), 1 for the others.
    pub fn divisor(self) -> f64 {
        if self.is_dense() {
            f64::from(DENSE_DIVISOR)
        } else {
            1.0
        }
    }

    /// The feature's name, as the tuning tools print it.
    pub fn name(self) -> &'static str {
        match self {
            Feature::OpenSquare => "open_square",
            Feature::Near => "near",
            Feature::Far => "far",
            Feature::Mixed => "mixed",
            Feature::Centre => "centre",
            Feature::Border => "border",
            Feature::Material => "material",
            Feature::Exposed => "exposed",
            Feature::Corner => "corner",
            Feature::Threat => "threat",
            Feature::DoubleThreat => "double_threat",
            Feature::Tempo => "tempo",
            Feature::Heavy => "heavy",
            Feature::RunSquare => "run_square",
            Feature::RunNear => "run_near",
            Feature::DenseOpenSquare => "dense_open_square",
            Feature::DenseNear => "dense_near",
            Feature::DenseMixed => "dense_mixed",
            Feature::DenseCentre => "dense_centre",
            Feature::DenseBorder => "dense_border",
            Feature::DenseMaterial => "dense_material",
            Feature::DenseExposed => "dense_exposed",
            Feature::DenseCorner => "dense_corner",
            Feature::DenseThreat => "dense_threat",
            Feature::DenseTempo => "dense_tempo",
            Feature::DenseHeavy => "dense_heavy",
            Feature::Safe => "safe",
        }
    }
}

/// Whether each feature (by index) is a dense one.
const DENSE_FEATURE: [bool; FEATURES] = {
    let mut dense = [false; FEATURES];
    let mut k = 0;
    while k < Feature::DENSE.len() {
        dense[Feature::DENSE[k].0 as usize] = true;
        k += 1;
    }
    dense
};

/// The dense features' values are the board's fill in percent times their base feature, so
/// their share of the score is divided by this.
pub const DENSE_DIVISOR: i32 = 100;

/// Evaluation weights, one per [`Feature`], in centi-markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// The weight of each feature, indexed by `Feature as usize`.
    pub values: [i32; FEATURES],
}

impl Weights {
    /// The weight of one feature.
    pub fn get(&self, feature: Feature) -> i32 {
        self.values[feature as usize]
    }

    /// The same weights with one changed.
    pub fn with(mut self, feature: Feature, weight: i32) -> Weights {
        self.values[feature as usize] = weight;
        self
    }

    /// The first engine's evaluation: line balance and threats only.
    pub fn line_balance_only() -> Weights {
        let mut values = [0; FEATURES];
        values[Feature::OpenSquare as usize] = 5;
        values[Feature::Mixed as usize] = 25;
        values[Feature::Threat as usize] = -60;
        values[Feature::DoubleThreat as usize] = -60;
        values[Feature::Tempo as usize] = 15;
        Weights { values }
    }
}

impl Default for Weights {
    fn default() -> Self {
        // Fitted to self-play results (docs/pousse-engine.md, "Tuning").
        Weights {
            values: [
                8, -16, 0, 25, 7, 0, 0, -8, 0, -190, -548, 54, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0,
            ],
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
    /// Lines of the other side that only a push across them completes, counted apart from
    /// `threats` (with [`Across::Extended`] only; 0 otherwise).
    pub threats_across: u32,
}

impl Assessment {
    /// Whether the other side wins with its next move unless the side to move prevents it.
    pub fn faces_threat(&self) -> bool {
        self.threats + self.threats_across > 0
    }
}

/// The features of a position for the side to move, and its ready lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    /// Each feature's value for the side to move less its value for the other side.
    pub values: [i32; FEATURES],
    /// Ready lines of the side to move.
    pub mover_ready: u32,
    /// Ready lines of the other side.
    pub threats: u32,
    /// Lines of the other side completed only across, with [`Across::Extended`].
    pub threats_across: u32,
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

/// Whether `colour`, to move, wins at once on `board`: a line of `n − 1` of its markers that
/// a push along or across it completes (or, with straights already on the board, some push
/// that leaves it more of them). The one-side, score-free form of the ready count, cheap
/// enough for every step of a playout.
pub fn can_win_at_once<B: Board>(board: &B, colour: Colour) -> bool {
    let n = board.size().get();
    let n32 = n as u32;
    let mut straights_on_board = false;
    for line in 0..2 * n {
        let (x, o) = board.line_counts(line);
        straights_on_board |= x == n32 || o == n32;
        let (own, other) = match colour {
            Colour::X => (x, o),
            Colour::O => (o, x),
        };
        if own + 1 == n32
            && (ready(n32, own, other, colour, board.line_ends(line))
                || (other == 1 && completed_across(board, line, colour)))
        {
            return true;
        }
    }
    straights_on_board && winning_pushes(board, colour) > 0
}

/// The longer run of X markers and of O markers from either end of `line` (rows first, then
/// columns), read square by square.
fn end_runs<B: Board>(board: &B, line: usize) -> (u32, u32) {
    let n = board.size().get();
    let cell = |k: usize| {
        if line < n {
            board.cell(line, k)
        } else {
            board.cell(k, line - n)
        }
    };
    let run = |from_start: bool| {
        let first = cell(if from_start { 0 } else { n - 1 });
        let length = (0..n)
            .map(|k| cell(if from_start { k } else { n - 1 - k }))
            .take_while(|&c| c.is_some() && c == first)
            .count() as u32;
        (first, length)
    };
    let mut runs = (0, 0);
    for (colour, length) in [run(true), run(false)] {
        match colour {
            Some(Colour::X) => runs.0 = runs.0.max(length),
            Some(Colour::O) => runs.1 = runs.1.max(length),
            None => {}
        }
    }
    runs
}

/// +1 for an X marker, −1 for an O marker, 0 for none.
fn sign(colour: Option<Colour>) -> i32 {
    match colour {
        Some(Colour::X) => 1,
        Some(Colour::O) => -1,
        None => 0,
    }
}

/// The features of `position`, lines completed across counted as ready.
pub fn features<B: Board>(position: &Position<B>) -> Features {
    features_with(position, Across::Counted)
}

/// The features of `position`, with lines completed across counted as ready or not.
pub fn features_with<B: Board>(position: &Position<B>, across: Across) -> Features {
    features_counting(position, across, Reading::ALL)
}

/// Which of the dearer features a call reads; those it does not read are zero.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reading {
    /// The end runs of contested lines, read square by square.
    runs: bool,
    /// `Safe`: the pushes of both sides that may lose at once, tried on a copy of the board.
    mobility: bool,
}

impl Reading {
    /// Every feature.
    const ALL: Reading = Reading {
        runs: true,
        mobility: true,
    };

    /// Whether `weights` weigh a dearer feature (one that a line's counts and ends do not
    /// decide).
    pub(super) fn any(self) -> bool {
        self.runs || self.mobility
    }

    /// The features `weights` gives a weight to (the dearer ones only when weighed).
    pub(super) fn for_weights(weights: &Weights) -> Reading {
        let weighed = |list: &[Feature]| list.iter().any(|&feature| weights.get(feature) != 0);
        Reading {
            runs: weighed(&[Feature::RunSquare, Feature::RunNear]),
            mobility: weighed(&[Feature::Safe]),
        }
    }
}

/// How many pushes of `colour` lose at once.
///
/// With no straight on the board, a push of `colour` gives the other side one only by moving
/// an opposing marker into the one odd square of a line that holds `n − 1` of the other
/// side's markers (a push along that line puts a marker of `colour` into it): only the two
/// pushes along the crossing line through that square can, and only they are tried. With
/// straights on the board (rare), every push is tried.
fn losing_pushes<B: Board>(board: &B, colour: Colour, straights_on_board: bool) -> i32 {
    let n = board.size().get();
    if straights_on_board {
        return Move::all(n)
            .filter(|&mv| dominant_after(board, mv, colour) == Some(colour.opponent()))
            .count() as i32;
    }
    let other = colour.opponent();
    // The moves tried, by index: 4n ≤ 448 for the largest boards.
    let mut tried = [0u64; 7];
    let mut losing = 0;
    for line in 0..2 * n {
        let (x, o) = board.line_counts(line);
        let theirs = match other {
            Colour::X => x,
            Colour::O => o,
        };
        if theirs + 1 != n as u32 {
            continue;
        }
        let Some(pushes) = pushes_across(board, line, other) else {
            continue;
        };
        for mv in pushes.into_iter().flatten() {
            let index = mv.index(n);
            let (word, bit) = (index / 64, 1u64 << (index % 64));
            if word >= tried.len() || tried[word] & bit != 0 {
                continue;
            }
            tried[word] |= bit;
            losing += i32::from(dominant_after(board, mv, colour) == Some(other));
        }
    }
    losing
}

/// The features that a line's two counts decide, in the order of [`count_terms`].
pub(super) const COUNT_FEATURES: [Feature; 6] = [
    Feature::OpenSquare,
    Feature::Near,
    Feature::Far,
    Feature::Mixed,
    Feature::Heavy,
    Feature::Material,
];

/// What one line with `x` and `o` markers adds to each of [`COUNT_FEATURES`], X less O, on a
/// board of side `n` (`row`: whether the line is a row; markers are counted on rows only).
pub(super) fn count_terms(n: u32, x: u32, o: u32, row: bool) -> [i32; 6] {
    let (xi, oi, n_i) = (x as i32, o as i32, n as i32);
    let full = x + o == n;
    let contested = x > 0 && o > 0;
    // Uncontested lines (an empty one adds nothing): X's count when O has none, O's when X
    // has none.
    let (x_open, o_open) = (i32::from(o == 0) * xi, i32::from(x == 0) * oi);
    let short_by = |open: i32, by: i32| i32::from(open > 0 && open + by == n_i);
    [
        x_open * x_open - o_open * o_open,
        short_by(x_open, 2) - short_by(o_open, 2),
        short_by(x_open, 3) - short_by(o_open, 3),
        i32::from(contested) * (xi - oi),
        i32::from(contested && full) * (i32::from(o == 1) - i32::from(x == 1)),
        i32::from(row) * (xi - oi),
    ]
}

/// What a walk over the lines of a position gathers besides the count terms: the ready
/// lines, the markers, and the terms that the lines' ends or places decide.
#[derive(Debug, Default)]
pub(super) struct LineWalk {
    /// Ready lines of X and of O (see the module comment).
    pub ready_lines: [u32; 2],
    /// Lines of X and of O that only a push across completes, with [`Across::Extended`].
    pub across_lines: [u32; 2],
    /// Markers on the board.
    pub markers: u32,
    /// The balance of the border lines (rows 0 and n − 1, columns 0 and n − 1), corners
    /// counted twice.
    border: i32,
    /// The `Exposed` balance.
    pub exposed: i32,
    /// The ends of rows 0 and n − 1.
    corners: [(Option<Colour>, Option<Colour>); 2],
    /// Whether some line is a straight.
    pub straights_on_board: bool,
}

impl LineWalk {
    /// Takes in line `line` of `position`, seen as `view`.
    #[inline]
    pub fn visit<B: Board>(
        &mut self,
        position: &Position<B>,
        across: Across,
        line: usize,
        view: LineView,
    ) {
        let LineView { x, o, ends } = view;
        let n = position.board.size().get();
        let n32 = n as u32;
        if line < n {
            self.markers += x + o;
        }
        // On a 1 × 1 board the one row is both border rows, the one column both columns.
        let sides =
            i32::from(line == 0 || line == n) + i32::from(line + 1 == n || line + 1 == 2 * n);
        self.border += sides * (x as i32 - o as i32);
        self.straights_on_board |= x == n32 || o == n32;
        if line == 0 {
            self.corners[0] = ends;
        } else if line + 1 == n {
            self.corners[1] = ends;
        }
        if x + o == n32 {
            self.exposed += sign(ends.0) + sign(ends.1);
        }
        if x + 1 != n32 && o + 1 != n32 {
            return;
        }
        for (colour, own, other, count) in [(Colour::X, x, o, 0), (Colour::O, o, x, 1)] {
            let counted = match across {
                Across::Ignored => false,
                Across::MoverOnly => colour == position.to_move,
                Across::Counted | Across::Extended => true,
            };
            let along = ready(n32, own, other, colour, ends);
            let by_across = !along
                && counted
                && own + 1 == n32
                && other == 1
                && completed_across(&position.board, line, colour);
            if across == Across::Extended && colour != position.to_move {
                self.ready_lines[count] += u32::from(along);
                self.across_lines[count] += u32::from(by_across);
            } else {
                self.ready_lines[count] += u32::from(along || by_across);
            }
        }
    }

    /// After the last line: with straights on the board, the wins in one are counted by
    /// trying every push.
    pub fn finish<B: Board>(&mut self, position: &Position<B>, across: Across) {
        if !self.straights_on_board || across == Across::Ignored {
            return;
        }
        // Both sides have as many straights (the game goes on): a push that breaks one of
        // the other side's also wins, and no line count shows it. Rare: try every move.
        for (index, colour) in [(0, Colour::X), (1, Colour::O)] {
            if across == Across::Counted || colour == position.to_move {
                self.ready_lines[index] = winning_pushes(&position.board, colour);
            } else if across == Across::Extended {
                // Its threats stay weighed as along lines; every winning push is met.
                self.across_lines[index] = winning_pushes(&position.board, colour);
            }
        }
    }

    /// The `Corner` balance.
    pub fn corner(&self) -> i32 {
        let [first, last] = self.corners;
        sign(first.0) + sign(first.1) + sign(last.0) + sign(last.1)
    }

    /// The `Border` balance on a board of side `n` (corners once).
    pub fn border(&self, n: usize) -> i32 {
        // Corner markers were counted twice on the border.
        self.border - if n > 1 { self.corner() } else { 0 }
    }

    /// The board's fill in percent.
    pub fn fill(&self, n: usize) -> i32 {
        (100 * self.markers / (n * n) as u32) as i32
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

/// The features of `position`; the dearer ones only as `reading` says, zero otherwise.
fn features_counting<B: Board>(
    position: &Position<B>,
    across: Across,
    reading: Reading,
) -> Features {
    let n = position.board.size().get();
    let n32 = n as u32;
    let mut f = [0i32; FEATURES];
    let mut walk = LineWalk::default();
    for (line, view) in position.board.lines().enumerate() {
        walk.visit(position, across, line, view);
        let (x, o) = (view.x, view.o);
        for (feature, term) in COUNT_FEATURES.iter().zip(count_terms(n32, x, o, line < n)) {
            f[*feature as usize] += term;
        }
        if reading.runs && x > 0 && o > 0 {
            let (x_run, o_run) = end_runs(&position.board, line);
            f[Feature::RunSquare as usize] += (x_run * x_run) as i32 - (o_run * o_run) as i32;
            f[Feature::RunNear as usize] +=
                i32::from(x_run + 2 == n32) - i32::from(o_run + 2 == n32);
        }
    }
    walk.finish(position, across);
    // On a board at most half full few pushes lose: not read, zero (a dearer term).
    if reading.mobility && 2 * walk.markers > n32 * n32 {
        // Both sides have 4n pushes: the difference of the safe ones is that of the losing.
        let straights_on_board = walk.straights_on_board;
        f[Feature::Safe as usize] = losing_pushes(&position.board, Colour::O, straights_on_board)
            - losing_pushes(&position.board, Colour::X, straights_on_board);
    }
    let (x_rings, o_rings) = position.board.ring_sums();
    f[Feature::Centre as usize] = x_rings as i32 - o_rings as i32;
    f[Feature::Exposed as usize] = walk.exposed;
    f[Feature::Border as usize] = walk.border(n);
    f[Feature::Corner as usize] = walk.corner();
    let (mover, other) = mover_and_other(position.to_move);
    if mover == 1 {
        for value in &mut f {
            *value = -*value;
        }
    }
    match walk.ready_lines[other] {
        0 => {}
        1 => f[Feature::Threat as usize] = 1,
        _ => f[Feature::DoubleThreat as usize] = 1,
    }
    f[Feature::Tempo as usize] = 1;
    let fill = walk.fill(n);
    for (dense, base) in Feature::DENSE {
        f[dense as usize] = f[base as usize] * fill;
    }
    Features {
        values: f,
        mover_ready: walk.ready_lines[mover],
        threats: walk.ready_lines[other],
        threats_across: walk.across_lines[other],
    }
}

/// Judges `position` for the side to move with `weights`, lines completed across counted
/// as ready.
pub fn assess<B: Board>(position: &Position<B>, weights: &Weights) -> Assessment {
    assess_with(position, weights, Across::Counted)
}

/// Judges `position` for the side to move with `weights`, lines completed across counted as
/// ready or not.
pub fn assess_with<B: Board>(
    position: &Position<B>,
    weights: &Weights,
    across: Across,
) -> Assessment {
    // The dearer features weigh nothing in the default weights: they are not read then.
    let found = features_counting(position, across, Reading::for_weights(weights));
    let (mut plain, mut dense) = (0, 0);
    for ((feature, value), weight) in Feature::ALL.iter().zip(found.values).zip(weights.values) {
        if feature.is_dense() {
            dense += value * weight;
        } else {
            plain += value * weight;
        }
    }
    let score = plain + dense / DENSE_DIVISOR;
    Assessment {
        score,
        mover_ready: found.mover_ready,
        threats: found.threats,
        threats_across: found.threats_across,
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
        // With the O inside the line, no push along it completes it, but the push down
        // column 3 brings the X above in from the top.
        let inside = position("XXOX/..../O.../O...:X");
        let b = assess_with(&inside, &Weights::default(), Across::Ignored);
        assert_eq!(b.mover_ready, 0);
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
        assert_eq!(
            assess_with(&p, &Weights::default(), Across::Ignored).mover_ready,
            0
        );
        // The same line seen from O, who is to move: a threat to meet, which the engine's
        // view (the side to move's lines only) leaves out.
        let q = position("..X./..X./XXOX/....:O");
        assert_eq!(assess(&q, &Weights::default()).threats, 1);
        assert_eq!(
            assess_with(&q, &Weights::default(), Across::MoverOnly).threats,
            0
        );
        // The extended view counts it apart: not weighed as a threat, but met all the same.
        let extended = assess_with(&q, &Weights::default(), Across::Extended);
        assert_eq!((extended.threats, extended.threats_across), (0, 1));
        assert!(extended.faces_threat());
        assert_eq!(
            extended.score,
            assess_with(&q, &Weights::default(), Across::MoverOnly).score
        );
        // An O above the O: the push down brings it into the row instead.
        let r = position("..X./..O./XXOX/....:X");
        assert_eq!(assess(&r, &Weights::default()).mover_ready, 0);
        assert!(!wins_at_once(&r));
    }

    /// A new Waterloo game of `n` × `n` and its pushes, for the random-position tests.
    fn waterloo_game(n: usize) -> (Game<BitBoard>, Vec<Move>) {
        let size = crate::games::pousse::Size::new(n).expect("size");
        let game = Game::new(size, RuleSet::Waterloo).expect("game");
        (game, Move::all(n).collect())
    }

    #[test]
    fn a_ready_line_is_exactly_a_win_at_once() {
        // Random positions: a position has a ready line for the side to move (counted
        // across as well) exactly when some move of the side to move wins at once.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut checked, mut across) = (0, 0);
        for _ in 0..3000 {
            let (mut game, moves) = waterloo_game(rng.gen_range(1..=6));
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
            let ready = assess(p, &Weights::default()).mover_ready > 0;
            assert_eq!(ready, wins_at_once(p), "{p}");
            assert_eq!(can_win_at_once(&p.board, p.to_move), ready, "{p}");
            let engine_view = assess_with(p, &Weights::default(), Across::MoverOnly);
            assert_eq!(engine_view.mover_ready > 0, ready, "{p}");
            let extended = assess_with(p, &Weights::default(), Across::Extended);
            assert_eq!(extended.mover_ready > 0, ready, "{p}");
            assert_eq!(extended.score, engine_view.score, "{p}");
            assert_eq!(extended.threats, engine_view.threats, "{p}");
            // The other side's wins at once are exactly its threats, along or across.
            let mut passed = p.clone();
            passed.to_move = passed.to_move.opponent();
            assert_eq!(extended.faces_threat(), wins_at_once(&passed), "{p}");
            if ready {
                checked += 1;
                if assess_with(p, &Weights::default(), Across::Ignored).mover_ready == 0 {
                    across += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} ready positions met");
        assert!(across > 10, "only {across} positions won by a push across");
    }

    #[test]
    fn safe_pushes_against_trying_every_push() {
        // Random positions, most of them dense: `safe` counts exactly the pushes after which
        // the other side does not win, for the side to move less the other side.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut unsafe_seen = 0;
        for _ in 0..400 {
            let n = rng.gen_range(2..=6);
            let (mut game, moves) = waterloo_game(n);
            // Random pushes that end no game, so that the boards fill.
            for _ in 0..rng.gen_range(0..4 * n * n) {
                game.play_unless_decisive(moves[rng.gen_range(0..moves.len())]);
            }
            let p = game.position();
            if 2 * p.board.markers() as usize <= n * n {
                continue;
            }
            let safe = |side: Colour| {
                let mut seen = p.clone();
                seen.to_move = side;
                moves
                    .iter()
                    .filter(|&&mv| {
                        seen.after(mv).expect("a legal push").winner() != Some(side.opponent())
                    })
                    .count() as i32
            };
            let (mover, other) = (safe(p.to_move), safe(p.to_move.opponent()));
            assert_eq!(
                features(p).values[Feature::Safe as usize],
                mover - other,
                "{p}"
            );
            if mover < moves.len() as i32 {
                unsafe_seen += 1;
            }
        }
        assert!(
            unsafe_seen > 20,
            "only {unsafe_seen} positions with a losing push"
        );
    }

    #[test]
    fn heavy_lines_and_dense_features() {
        // Row 0 holds five X and one O, column 5 five O and one X; 15 markers of 36.
        let p = position("XXOXXX/.....O/.....O/.....O/.....O/XX...O:X");
        let found = features_with(&p, Across::MoverOnly);
        let value = |feature: Feature| found.values[feature as usize];
        assert_eq!(value(Feature::Heavy), 0, "one heavy line each");
        let q = position("XXOXXX/.....O/.....O/.....O/.....O/XX....:X");
        let found = features_with(&q, Across::MoverOnly);
        let value = |feature: Feature| found.values[feature as usize];
        assert_eq!(value(Feature::Heavy), 1);
        // Contested lines: row 0 (X runs 2 from the left, 3 from the right) and column 5
        // (one X at the top, empty at the bottom: O has no run from an end).
        assert_eq!(value(Feature::RunSquare), 9 + 1);
        assert_eq!(value(Feature::RunNear), 0);
        let runs = position("XXXXO./....../....../....../....../......:X");
        let found_runs = features_with(&runs, Across::MoverOnly);
        assert_eq!(found_runs.values[Feature::RunSquare as usize], 16);
        assert_eq!(found_runs.values[Feature::RunNear as usize], 1);
        // Weighed only when a weight asks for them.
        let with_runs = Weights::default().with(Feature::RunNear, 10);
        let gained = assess_with(&runs, &with_runs, Across::MoverOnly).score
            - assess_with(&runs, &Weights::default(), Across::MoverOnly).score;
        assert_eq!(gained, 10);
        let fill = 100 * 12 / 36;
        for (dense, base) in Feature::DENSE {
            assert_eq!(value(dense), value(base) * fill, "{}", dense.name());
            assert_eq!(dense.divisor(), 100.0);
            assert_eq!(base.divisor(), 1.0);
        }
        // Seen from O, every count changes sign (tempo aside).
        let mut r = q.clone();
        r.to_move = Colour::O;
        let seen_by_o = features_with(&r, Across::MoverOnly);
        assert_eq!(seen_by_o.values[Feature::Heavy as usize], -1);
        assert_eq!(seen_by_o.values[Feature::DenseHeavy as usize], -fill);
        // A dense weight weighs in hundredths of the base feature times the fill.
        let weights = Weights::default().with(Feature::DenseHeavy, 300);
        let plain = assess_with(&q, &Weights::default(), Across::MoverOnly).score;
        let with_dense = assess_with(&q, &weights, Across::MoverOnly).score;
        assert_eq!(with_dense - plain, 300 * fill / 100);
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
