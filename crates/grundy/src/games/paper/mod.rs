//! The paper cutting game (Codeforces 277C "Game").
//!
//! A W × H sheet lies on the integer grid. A move cuts along an interior grid line (never
//! along the border lines x = 0, x = W, y = 0, y = H) between two integer points; the endpoints
//! may lie on the border. The knife may pass over parts already cut but must cut at least one
//! unit segment that was not cut before. The player who cannot move (the sheet is cut into
//! 1 × 1 squares) loses.
//!
//! # Why it is Nim
//!
//! Each interior line is independent of the others, and on one line a move can remove any
//! number `1..=L` of its `L` uncut units: cut from the line's start until exactly that many
//! uncut units are covered. So the line is a Nim heap of size `L` and the sheet is the sum of
//! its lines. Lines never cut are all alike (W units for each of the H − 1 horizontal lines,
//! H units for each of the W − 1 vertical ones), so only the parity of their number matters,
//! and sheets of 10^9 × 10^9 are solved by looking at the cut lines only.
//!
//! # Storage
//!
//! A [`Paper`] keeps, for each orientation, only the lines that have cuts, in one flat sorted
//! array of merged, disjoint, non-touching half-open spans: no allocation per line or per cut,
//! and one canonical representation per position (so derived equality and hashing are the
//! game's).
//!
//! ```
//! use grundy::games::paper::{Paper, Segment};
//! let paper: Paper = "2x1".parse().unwrap();
//! assert_eq!(paper.grundy_value(), 1);
//! assert_eq!(paper.winning_move(), Some("1,0,1,1".parse::<Segment>().unwrap()));
//! let lost: Paper = "2x2:0,1,2,1;1,2,1,0".parse().unwrap();
//! assert_eq!(lost.grundy_value(), 0);
//! assert_eq!(lost.to_string(), "2x2:0,1,2,1;1,0,1,2");
//! ```

pub mod analysis;
pub mod contest;
pub mod entry;
pub mod play;

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, RuleError};
use crate::impartial::{Solver, Sum};
use crate::position::ImpartialGame;
use crate::nimber::Nimber;

/// Which way a grid line runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// A line y = c, running from x = 0 to x = W; the sheet has H − 1 interior ones.
    Horizontal,
    /// A line x = c, running from y = 0 to y = H; the sheet has W − 1 interior ones.
    Vertical,
}

/// Why a segment is not a cut of a sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// The sheet would have no area.
    #[error("a sheet needs a width and a height of at least 1")]
    EmptySheet,
    /// The endpoints differ in both coordinates.
    #[error("a cut must be horizontal or vertical, not diagonal")]
    Diagonal,
    /// The endpoints are the same point.
    #[error("a cut must have positive length")]
    ZeroLength,
    /// The cut runs along one of the four border lines.
    #[error("a cut must not run along the border of the sheet")]
    OnBorder,
    /// An endpoint lies outside the sheet.
    #[error("a cut must lie inside the sheet")]
    Outside,
}

/// An axis-parallel segment of positive length between integer points, written
/// `xb,yb,xe,ye`. The endpoints are stored in increasing order (a cut given backwards is the
/// same cut), so two segments are equal exactly when they cover the same points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Segment {
    xb: u64,
    yb: u64,
    xe: u64,
    ye: u64,
}

impl Segment {
    /// The segment between two points, in either order; an error when it is diagonal or a
    /// single point, because neither is a cut.
    pub fn new(xb: u64, yb: u64, xe: u64, ye: u64) -> Result<Segment, GeometryError> {
        if xb != xe && yb != ye {
            return Err(GeometryError::Diagonal);
        }
        if xb == xe && yb == ye {
            return Err(GeometryError::ZeroLength);
        }
        Ok(Segment {
            xb: xb.min(xe),
            yb: yb.min(ye),
            xe: xb.max(xe),
            ye: yb.max(ye),
        })
    }

    /// The segment covering `lo..hi` (lo < hi) of the line `coordinate`, for code that
    /// already knows it is well formed.
    fn on_line(orientation: Orientation, coordinate: u64, lo: u64, hi: u64) -> Segment {
        debug_assert!(lo < hi);
        match orientation {
            Orientation::Horizontal => Segment {
                xb: lo,
                yb: coordinate,
                xe: hi,
                ye: coordinate,
            },
            Orientation::Vertical => Segment {
                xb: coordinate,
                yb: lo,
                xe: coordinate,
                ye: hi,
            },
        }
    }

    /// The smaller x coordinate.
    pub fn xb(&self) -> u64 {
        self.xb
    }

    /// The smaller y coordinate.
    pub fn yb(&self) -> u64 {
        self.yb
    }

    /// The larger x coordinate.
    pub fn xe(&self) -> u64 {
        self.xe
    }

    /// The larger y coordinate.
    pub fn ye(&self) -> u64 {
        self.ye
    }

    /// Which way the segment runs.
    pub fn orientation(&self) -> Orientation {
        if self.yb == self.ye {
            Orientation::Horizontal
        } else {
            Orientation::Vertical
        }
    }

    /// The line the segment lies on (its y for a horizontal one, its x for a vertical one)
    /// and the half-open range it covers along that line.
    pub fn on_its_line(&self) -> (u64, u64, u64) {
        match self.orientation() {
            Orientation::Horizontal => (self.yb, self.xb, self.xe),
            Orientation::Vertical => (self.xb, self.yb, self.ye),
        }
    }
}

impl fmt::Display for Segment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{},{}", self.xb, self.yb, self.xe, self.ye)
    }
}

impl FromStr for Segment {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = text.split(',').collect();
        if parts.len() != 4 {
            return Err(ParseError::at_token(
                "a cut is written xb,yb,xe,ye (four numbers)",
                text,
            ));
        }
        let mut numbers = [0u64; 4];
        for (number, part) in numbers.iter_mut().zip(&parts) {
            *number = parse_u64(part).ok_or_else(|| {
                ParseError::at_token("a coordinate must be a natural number", part)
            })?;
        }
        let [xb, yb, xe, ye] = numbers;
        Segment::new(xb, yb, xe, ye).map_err(|error| ParseError::at_token(error.to_string(), text))
    }
}

/// A plain decimal natural number (no sign, no spaces), as notation uses it.
fn parse_u64(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The cut lines of one orientation: line coordinates in increasing order, and for each the
/// merged spans, all in one flat array.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
struct Lines {
    /// Coordinates of the lines that have cuts, strictly increasing.
    coordinates: Vec<u64>,
    /// `ends[i]` is one past the last span of line `i` in `spans`.
    ends: Vec<usize>,
    /// Half-open cut spans `[lo, hi)`, sorted, disjoint and not touching within each line.
    spans: Vec<(u64, u64)>,
}

impl Lines {
    /// Builds the lines from `(line, lo, hi)` triples in any order, merging overlaps.
    ///
    /// When every number fits in 32 bits (contest sheets), the triples are packed into one
    /// `u128` each: sorting plain integers is markedly faster than sorting tuples.
    fn from_triples(mut triples: Vec<(u64, u64, u64)>) -> Lines {
        const LOW: u64 = u32::MAX as u64;
        if triples
            .iter()
            .all(|&(line, _, hi)| line <= LOW && hi <= LOW)
        {
            let mut packed: Vec<u128> = triples
                .iter()
                .map(|&(line, lo, hi)| {
                    (u128::from(line) << 64) | (u128::from(lo) << 32) | u128::from(hi)
                })
                .collect();
            drop(triples);
            packed.sort_unstable();
            let unpack = |key: u128| {
                let line = (key >> 64) as u64;
                let lo = ((key >> 32) as u64) & LOW;
                let hi = (key as u64) & LOW;
                (line, lo, hi)
            };
            Lines::from_sorted(packed.len(), packed.into_iter().map(unpack))
        } else {
            triples.sort_unstable();
            Lines::from_sorted(triples.len(), triples.into_iter())
        }
    }

    /// Builds the lines from `count` triples sorted by line, then by lo.
    fn from_sorted(count: usize, triples: impl Iterator<Item = (u64, u64, u64)>) -> Lines {
        let mut lines = Lines {
            coordinates: Vec::new(),
            ends: Vec::new(),
            spans: Vec::with_capacity(count),
        };
        for (line, lo, hi) in triples {
            let same_line = lines.coordinates.last() == Some(&line);
            if same_line {
                if let Some(last) = lines.spans.last_mut() {
                    if lo <= last.1 {
                        last.1 = last.1.max(hi);
                        continue;
                    }
                }
            } else {
                if !lines.coordinates.is_empty() {
                    lines.ends.push(lines.spans.len());
                }
                lines.coordinates.push(line);
            }
            lines.spans.push((lo, hi));
        }
        if !lines.coordinates.is_empty() {
            lines.ends.push(lines.spans.len());
        }
        lines
    }

    /// Adds the cut `[lo, hi)` (lo < hi) on the line at `coordinate`, merging it with the
    /// spans it overlaps or touches: the lines [`Lines::from_triples`] would build with it,
    /// in one pass over the spans after it rather than a sort of them all.
    fn insert(&mut self, coordinate: u64, lo: u64, hi: u64) {
        match self.coordinates.binary_search(&coordinate) {
            Err(index) => {
                let at = if index == 0 { 0 } else { self.ends[index - 1] };
                self.coordinates.insert(index, coordinate);
                self.spans.insert(at, (lo, hi));
                self.ends.insert(index, at + 1);
                for end in &mut self.ends[index + 1..] {
                    *end += 1;
                }
            }
            Ok(index) => {
                let start = if index == 0 { 0 } else { self.ends[index - 1] };
                let spans = &self.spans[start..self.ends[index]];
                // The spans met are those that end at `lo` or later and start at `hi` or
                // earlier: a run, since the spans are sorted and apart.
                let first = start + spans.partition_point(|&(_, b)| b < lo);
                let last = start + spans.partition_point(|&(a, _)| a <= hi);
                let merged = if first < last {
                    (lo.min(self.spans[first].0), hi.max(self.spans[last - 1].1))
                } else {
                    (lo, hi)
                };
                self.spans.splice(first..last, [merged]);
                let removed = last - first;
                for end in &mut self.ends[index..] {
                    *end = *end + 1 - removed;
                }
            }
        }
    }

    /// Every stored span as a `(line, lo, hi)` triple.
    fn triples(&self) -> impl Iterator<Item = (u64, u64, u64)> + '_ {
        (0..self.coordinates.len()).flat_map(move |i| {
            self.spans_of(i)
                .iter()
                .map(move |&(lo, hi)| (self.coordinates[i], lo, hi))
        })
    }

    /// The spans of the `index`-th stored line.
    fn spans_of(&self, index: usize) -> &[(u64, u64)] {
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.spans[start..self.ends[index]]
    }

    /// The spans of the line at `coordinate` (empty when it has no cut).
    fn spans_at(&self, coordinate: u64) -> &[(u64, u64)] {
        match self.coordinates.binary_search(&coordinate) {
            Ok(index) => self.spans_of(index),
            Err(_) => &[],
        }
    }

    /// The `(coordinate, spans)` of every stored line, in increasing order.
    fn iter(&self) -> impl Iterator<Item = (u64, &[(u64, u64)])> + '_ {
        (0..self.coordinates.len()).map(move |i| (self.coordinates[i], self.spans_of(i)))
    }
}

/// Units of a line of `length` not covered by `spans` (merged, inside the line).
fn uncut(length: u64, spans: &[(u64, u64)]) -> u64 {
    length - spans.iter().map(|(lo, hi)| hi - lo).sum::<u64>()
}

/// The end `e` such that `[0, e)` covers exactly `units` uncut units of a line whose cut
/// spans are `spans` (merged, sorted); `units` must not exceed the uncut length.
fn end_covering(spans: &[(u64, u64)], units: u64) -> u64 {
    let mut position = 0;
    let mut left = units;
    for &(lo, hi) in spans {
        let gap = lo - position;
        if left <= gap {
            return position + left;
        }
        left -= gap;
        position = hi;
    }
    position + left
}

/// A position: a W × H sheet and the parts of its interior lines cut so far.
///
/// Notation: `WxH`, or `WxH:` followed by cuts `xb,yb,xe,ye` separated by `;`. Cuts may
/// overlap and be reversed; [`Display`](fmt::Display) writes the merged cuts, horizontal lines
/// first, each from left to right, so equal positions print alike.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Paper {
    width: u64,
    height: u64,
    horizontal: Lines,
    vertical: Lines,
}

impl Paper {
    /// An uncut sheet; an error when a side is 0.
    pub fn new(width: u64, height: u64) -> Result<Paper, GeometryError> {
        if width == 0 || height == 0 {
            return Err(GeometryError::EmptySheet);
        }
        Ok(Paper {
            width,
            height,
            horizontal: Lines::default(),
            vertical: Lines::default(),
        })
    }

    /// A sheet with cuts already made (in any order, overlapping, repeated). Sorting and
    /// merging once makes this O(k log k) for k cuts, the way contest inputs are read.
    pub fn with_cuts<I>(width: u64, height: u64, cuts: I) -> Result<Paper, GeometryError>
    where
        I: IntoIterator<Item = Segment>,
    {
        let mut paper = Paper::new(width, height)?;
        paper.add_cuts(cuts)?;
        Ok(paper)
    }

    /// The width W.
    pub fn width(&self) -> u64 {
        self.width
    }

    /// The height H.
    pub fn height(&self) -> u64 {
        self.height
    }

    /// Whether `segment` is a cut of this sheet: on an interior line, inside the sheet.
    pub fn check(&self, segment: &Segment) -> Result<(), GeometryError> {
        let (line, _, hi) = segment.on_its_line();
        let (line_end, length) = match segment.orientation() {
            Orientation::Horizontal => (self.height, self.width),
            Orientation::Vertical => (self.width, self.height),
        };
        if line > line_end || hi > length {
            return Err(GeometryError::Outside);
        }
        if line == 0 || line == line_end {
            return Err(GeometryError::OnBorder);
        }
        Ok(())
    }

    /// Adds cuts (checked like [`Paper::check`]); the position is unchanged on error.
    pub fn add_cuts<I>(&mut self, cuts: I) -> Result<(), GeometryError>
    where
        I: IntoIterator<Item = Segment>,
    {
        let cuts = cuts.into_iter();
        // Reserving for the worst split spares the copies of growing a million-cut vector.
        let expected = cuts.size_hint().0;
        let mut horizontal: Vec<(u64, u64, u64)> = Vec::with_capacity(expected);
        let mut vertical: Vec<(u64, u64, u64)> = Vec::with_capacity(expected);
        for cut in cuts {
            self.check(&cut)?;
            match cut.orientation() {
                Orientation::Horizontal => horizontal.push(cut.on_its_line()),
                Orientation::Vertical => vertical.push(cut.on_its_line()),
            }
        }
        if !horizontal.is_empty() {
            horizontal.extend(self.horizontal.triples());
            self.horizontal = Lines::from_triples(horizontal);
        }
        if !vertical.is_empty() {
            vertical.extend(self.vertical.triples());
            self.vertical = Lines::from_triples(vertical);
        }
        Ok(())
    }

    fn lines(&self, orientation: Orientation) -> &Lines {
        match orientation {
            Orientation::Horizontal => &self.horizontal,
            Orientation::Vertical => &self.vertical,
        }
    }

    /// How many interior lines run this way: H − 1 horizontal, W − 1 vertical.
    pub fn line_count(&self, orientation: Orientation) -> u64 {
        match orientation {
            Orientation::Horizontal => self.height - 1,
            Orientation::Vertical => self.width - 1,
        }
    }

    /// The length of every line running this way: W for horizontal, H for vertical.
    pub fn line_length(&self, orientation: Orientation) -> u64 {
        match orientation {
            Orientation::Horizontal => self.width,
            Orientation::Vertical => self.height,
        }
    }

    /// How many interior lines running this way have no cut at all.
    pub fn untouched_lines(&self, orientation: Orientation) -> u64 {
        self.line_count(orientation) - self.lines(orientation).coordinates.len() as u64
    }

    /// The uncut length of one interior line: its Nim heap.
    pub fn uncut_length(&self, orientation: Orientation, coordinate: u64) -> u64 {
        uncut(
            self.line_length(orientation),
            self.lines(orientation).spans_at(coordinate),
        )
    }

    /// The cut spans `[lo, hi)` of one line, merged and in order.
    pub fn cut_spans(&self, orientation: Orientation, coordinate: u64) -> &[(u64, u64)] {
        self.lines(orientation).spans_at(coordinate)
    }

    /// `(orientation, coordinate, uncut length)` of every line that has a cut; the other
    /// lines are counted by [`Paper::untouched_lines`].
    pub fn cut_line_heaps(&self) -> impl Iterator<Item = (Orientation, u64, u64)> + '_ {
        [Orientation::Horizontal, Orientation::Vertical]
            .into_iter()
            .flat_map(move |orientation| {
                let length = self.line_length(orientation);
                self.lines(orientation)
                    .iter()
                    .map(move |(line, spans)| (orientation, line, uncut(length, spans)))
            })
    }

    /// Every interior line's `(orientation, coordinate, uncut length)`, untouched lines
    /// included: up to W + H − 2 items, so for small sheets only.
    pub fn all_line_heaps(&self) -> impl Iterator<Item = (Orientation, u64, u64)> + '_ {
        [Orientation::Horizontal, Orientation::Vertical]
            .into_iter()
            .flat_map(move |orientation| {
                (1..=self.line_count(orientation))
                    .map(move |line| (orientation, line, self.uncut_length(orientation, line)))
            })
    }

    /// The total number of uncut interior units: the most moves a game can last. Saturates
    /// at `u128::MAX`, which only sheets with both sides near `u64::MAX` reach (each
    /// orientation's product fits, their sum may not).
    pub fn uncut_units(&self) -> u128 {
        let untouched = [Orientation::Horizontal, Orientation::Vertical]
            .into_iter()
            .map(|o| u128::from(self.untouched_lines(o)) * u128::from(self.line_length(o)));
        let cut = self
            .cut_line_heaps()
            .map(|(_, _, heap)| u128::from(heap));
        untouched.chain(cut).fold(0, u128::saturating_add)
    }

    /// The Grundy value: the nim-sum of the uncut lengths of all interior lines.
    pub fn grundy_value(&self) -> Nimber {
        let mut value = 0;
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            if self.untouched_lines(orientation) % 2 == 1 {
                value ^= self.line_length(orientation);
            }
        }
        self.cut_line_heaps()
            .fold(value, |acc, (_, _, heap)| acc ^ heap)
    }

    /// The cut that removes `units` uncut units from a line (1 ≤ units ≤ its uncut length),
    /// starting at the line's start: the move that shrinks that heap by `units`.
    pub fn cut_from_start(&self, orientation: Orientation, coordinate: u64, units: u64) -> Segment {
        let end = end_covering(self.lines(orientation).spans_at(coordinate), units);
        Segment::on_line(orientation, coordinate, 0, end)
    }

    /// The smallest coordinates of untouched lines running this way, at most `limit`.
    fn first_untouched(&self, orientation: Orientation, limit: usize) -> Vec<u64> {
        let cut = &self.lines(orientation).coordinates;
        let mut found = Vec::new();
        let mut candidate = 1;
        let mut next_cut = 0;
        while found.len() < limit && candidate <= self.line_count(orientation) {
            while next_cut < cut.len() && cut[next_cut] < candidate {
                next_cut += 1;
            }
            if next_cut < cut.len() && cut[next_cut] == candidate {
                candidate += 1;
                continue;
            }
            found.push(candidate);
            candidate += 1;
        }
        found
    }

    /// Up to `limit` winning moves, one per line on which one exists: the cut from the line's
    /// start that leaves the heap at `heap ^ value`. Cut lines come first, then the first
    /// untouched lines, horizontal before vertical.
    pub fn winning_moves(&self, limit: usize) -> Vec<Segment> {
        let value = self.grundy_value();
        let mut moves = Vec::new();
        if value == 0 {
            return moves;
        }
        for (orientation, line, heap) in self.cut_line_heaps() {
            if moves.len() >= limit {
                return moves;
            }
            if heap ^ value < heap {
                moves.push(self.cut_from_start(orientation, line, heap - (heap ^ value)));
            }
        }
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            let heap = self.line_length(orientation);
            if heap ^ value < heap {
                let room = limit.saturating_sub(moves.len());
                for line in self.first_untouched(orientation, room) {
                    moves.push(Segment::on_line(
                        orientation,
                        line,
                        0,
                        heap - (heap ^ value),
                    ));
                }
            }
        }
        moves
    }

    /// One winning move, when the player to move wins.
    pub fn winning_move(&self) -> Option<Segment> {
        self.winning_moves(1).into_iter().next()
    }

    /// How many interior lines carry a winning move (each such line has exactly one target
    /// uncut length, reached by many segments). Counted arithmetically, so untouched lines
    /// cost nothing even when there are 10^9 of them. A `u128`: the lines of both
    /// orientations of the largest sheet, about 2^65, do not fit in a `u64`.
    pub fn winning_line_count(&self) -> u128 {
        let value = self.grundy_value();
        if value == 0 {
            return 0;
        }
        let mut count = 0;
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            let heap = self.line_length(orientation);
            if heap ^ value < heap {
                count += u128::from(self.untouched_lines(orientation));
            }
        }
        count
            + self
                .cut_line_heaps()
                .filter(|(_, _, heap)| heap ^ value < *heap)
                .count() as u128
    }

    /// The uncut units of `segment`'s line that it lies on (a segment within the sheet):
    /// the units a move along it cuts. Looks only at the spans it meets, found by
    /// bisection.
    pub fn uncut_under(&self, segment: &Segment) -> u64 {
        let (line, lo, hi) = segment.on_its_line();
        let spans = self.lines(segment.orientation()).spans_at(line);
        let first = spans.partition_point(|&(_, b)| b <= lo);
        let last = spans.partition_point(|&(a, _)| a < hi);
        let covered: u64 = spans[first..last.max(first)]
            .iter()
            .map(|&(a, b)| b.min(hi).saturating_sub(a.max(lo)))
            .sum();
        hi - lo - covered
    }

    /// Whether `segment` is a legal move: a cut of this sheet touching an uncut unit.
    pub fn check_move(&self, segment: &Segment) -> Result<(), RuleError> {
        self.check(segment)
            .map_err(|error| RuleError::new(segment, error.to_string()))?;
        if self.uncut_under(segment) == 0 {
            return Err(RuleError::new(
                segment,
                "every unit of it is already cut; a move must cut something new",
            ));
        }
        Ok(())
    }

    /// The position after the move `segment`, or why it is illegal. Copies the sheet and
    /// merges the cut into its line: O(cuts) per move, no sort.
    pub fn apply(&self, segment: &Segment) -> Result<Paper, RuleError> {
        self.check_move(segment)?;
        let mut next = self.clone();
        let (line, lo, hi) = segment.on_its_line();
        match segment.orientation() {
            Orientation::Horizontal => next.horizontal.insert(line, lo, hi),
            Orientation::Vertical => next.vertical.insert(line, lo, hi),
        }
        Ok(next)
    }
}

/// Positions with at most this many uncut units get an exact remoteness from
/// [`Paper::perfect_play`]: the Nim states are then the partitions of at most this many
/// units, a few thousand.
pub const EXACT_REMOTENESS_UNITS: u128 = 16;

/// One Nim heap: take any positive number of units. The paper game is a sum of these, one per
/// interior line, which is all the remoteness search needs to know.
struct Heap;

impl ImpartialGame for Heap {
    type Position = u64;
    type Move = u64;

    fn legal_moves(&self, heap: &u64) -> Vec<u64> {
        (1..=*heap).collect()
    }

    fn apply(&self, heap: &u64, take: &u64) -> Result<u64, RuleError> {
        match heap.checked_sub(*take) {
            Some(left) if *take > 0 => Ok(left),
            _ => Err(RuleError::new(
                take,
                "a line cannot lose more units than it has",
            )),
        }
    }
}

impl Paper {
    /// The remoteness and the move perfect play makes (the fastest win, or the slowest loss;
    /// `None` when no move is left), computed exactly over the Nim heaps of the lines. `None`
    /// when more than [`EXACT_REMOTENESS_UNITS`] units are uncut, because the search grows
    /// with the number of partitions of the uncut units.
    pub fn perfect_play(&self) -> Option<(u64, Option<Segment>)> {
        if self.uncut_units() > EXACT_REMOTENESS_UNITS {
            return None;
        }
        let lines: Vec<(Orientation, u64, u64)> = self
            .all_line_heaps()
            .filter(|&(_, _, heap)| heap > 0)
            .collect();
        let heaps: Vec<u64> = lines.iter().map(|&(_, _, heap)| heap).collect();
        let mut solver = Solver::new(Sum(Heap));
        let remoteness = solver.remoteness(&heaps);
        let best = solver.perfect_move(&heaps).and_then(|mv| {
            let &(orientation, line, _) = lines.get(mv.component)?;
            Some(self.cut_from_start(orientation, line, mv.mv))
        });
        Some((remoteness, best))
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)?;
        let mut separator = ":";
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            for (line, lo, hi) in self.lines(orientation).triples() {
                write!(
                    f,
                    "{separator}{}",
                    Segment::on_line(orientation, line, lo, hi)
                )?;
                separator = ";";
            }
        }
        Ok(())
    }
}

impl FromStr for Paper {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let (size, cuts) = match text.split_once(':') {
            Some((size, cuts)) => (size, Some(cuts)),
            None => (text, None),
        };
        let (width, height) = size
            .split_once('x')
            .ok_or_else(|| ParseError::at_token("a sheet is written WxH, e.g. 2x2", size))?;
        let width = parse_u64(width)
            .ok_or_else(|| ParseError::at_token("the width must be a natural number", width))?;
        let height = parse_u64(height)
            .ok_or_else(|| ParseError::at_token("the height must be a natural number", height))?;
        let mut paper = Paper::new(width, height)
            .map_err(|error| ParseError::at_token(error.to_string(), size))?;
        if let Some(cuts) = cuts {
            let mut segments = Vec::new();
            for part in cuts.split(';') {
                let segment: Segment = part.parse()?;
                paper
                    .check(&segment)
                    .map_err(|error| ParseError::at_token(error.to_string(), part))?;
                segments.push(segment);
            }
            paper
                .add_cuts(segments)
                .map_err(|error| ParseError::new(error.to_string()))?;
        }
        Ok(paper)
    }
}

/// The rules of the paper game for the generic solver. `legal_moves` lists every segment
/// `[a, b]` of every interior line that touches an uncut unit — O((W + H) · max(W, H)^2)
/// moves — so it is for small sheets only; large sheets use [`Paper::grundy_value`] and
/// [`Paper::winning_moves`].
#[derive(Debug, Clone, Copy, Default)]
pub struct PaperGame;

impl ImpartialGame for PaperGame {
    type Position = Paper;
    type Move = Segment;

    fn legal_moves(&self, paper: &Paper) -> Vec<Segment> {
        let mut moves = Vec::new();
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            let length = paper.line_length(orientation);
            for line in 1..=paper.line_count(orientation) {
                let spans = paper.lines(orientation).spans_at(line);
                for lo in 0..length {
                    for hi in lo + 1..=length {
                        let covered: u64 = spans
                            .iter()
                            .map(|&(a, b)| b.min(hi).saturating_sub(a.max(lo)))
                            .sum();
                        if covered < hi - lo {
                            moves.push(Segment::on_line(orientation, line, lo, hi));
                        }
                    }
                }
            }
        }
        moves
    }

    fn apply(&self, paper: &Paper, segment: &Segment) -> Result<Paper, RuleError> {
        paper.apply(segment)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::impartial::Solver;
    use crate::report::Outcome;
    use proptest::prelude::*;

    #[test]
    fn segments_are_normalised_and_validated() {
        let s = Segment::new(2, 1, 0, 1).unwrap();
        assert_eq!(s.to_string(), "0,1,2,1");
        assert_eq!(Segment::new(0, 0, 1, 1), Err(GeometryError::Diagonal));
        assert_eq!(Segment::new(3, 3, 3, 3), Err(GeometryError::ZeroLength));
        assert!("1,2,3".parse::<Segment>().is_err());
        assert!("1,2,3,x".parse::<Segment>().is_err());
        assert!("-1,2,3,2".parse::<Segment>().is_err());
    }

    #[test]
    fn sheets_must_have_area_and_cuts_must_be_inside() {
        assert_eq!(Paper::new(0, 3), Err(GeometryError::EmptySheet));
        let paper = Paper::new(3, 2).unwrap();
        let check = |text: &str| paper.check(&text.parse().unwrap());
        assert_eq!(check("0,0,3,0"), Err(GeometryError::OnBorder));
        assert_eq!(check("0,2,3,2"), Err(GeometryError::OnBorder));
        assert_eq!(check("3,0,3,2"), Err(GeometryError::OnBorder));
        assert_eq!(check("0,1,4,1"), Err(GeometryError::Outside));
        assert_eq!(check("1,0,1,3"), Err(GeometryError::Outside));
        assert_eq!(check("4,0,4,1"), Err(GeometryError::Outside));
        assert_eq!(check("0,1,3,1"), Ok(()));
        assert_eq!(check("2,2,2,0"), Ok(()));
    }

    #[test]
    fn cuts_are_merged() {
        let paper: Result<Paper, _> = "10x3:0,1,2,1;5,1,3,1;2,1,3,1;7,1,8,1;1,1,9,2".parse();
        assert!(paper.is_err(), "diagonal");
        let paper: Paper = "10x3:0,1,2,1;5,1,3,1;2,1,3,1;7,1,8,1;1,2,1,0"
            .parse()
            .unwrap();
        assert_eq!(paper.to_string(), "10x3:0,1,5,1;7,1,8,1;1,0,1,2");
        assert_eq!(paper.uncut_length(Orientation::Horizontal, 1), 4);
        assert_eq!(paper.uncut_length(Orientation::Horizontal, 2), 10);
        assert_eq!(paper.uncut_length(Orientation::Vertical, 1), 1);
        assert_eq!(paper.untouched_lines(Orientation::Vertical), 8);
        assert_eq!(paper.to_string().parse::<Paper>().unwrap(), paper);
    }

    #[test]
    fn winning_cut_skips_cut_parts() {
        let paper: Paper = "10x2:1,1,3,1;5,1,6,1".parse().unwrap();
        // Uncut: [0,1), [3,5), [6,10): 7 units; removing 4 ends at 6 + 1 = 7.
        assert_eq!(
            paper
                .cut_from_start(Orientation::Horizontal, 1, 4)
                .to_string(),
            "0,1,7,1"
        );
        assert_eq!(
            paper
                .cut_from_start(Orientation::Horizontal, 1, 3)
                .to_string(),
            "0,1,5,1"
        );
    }

    #[test]
    fn samples() {
        let first: Paper = "2x1".parse().unwrap();
        assert_eq!(first.winning_move().unwrap().to_string(), "1,0,1,1");
        let second: Paper = "2x2:0,1,2,1;0,1,2,1;1,2,1,0;1,1,1,2".parse().unwrap();
        assert_eq!(second.grundy_value(), 0);
        assert_eq!(second.winning_moves(5), vec![]);
    }

    #[test]
    fn moves_must_cut_something_new() {
        let paper: Paper = "3x3:0,1,3,1".parse().unwrap();
        let error = paper.apply(&"1,1,2,1".parse().unwrap()).unwrap_err();
        assert!(error.to_string().contains("already cut"), "{error}");
        assert!(paper.apply(&"0,0,3,0".parse().unwrap()).is_err());
        let next = paper.apply(&"0,2,1,2".parse().unwrap()).unwrap();
        assert_eq!(next.to_string(), "3x3:0,1,3,1;0,2,1,2");
    }

    #[test]
    fn huge_sheets_count_lines_arithmetically() {
        let paper: Paper = "1000000000x1000000000".parse().unwrap();
        assert_eq!(paper.grundy_value(), 0);
        let paper: Paper = "1000000000x999999999".parse().unwrap();
        // 999999998 horizontal lines of 10^9 (even), 999999999 vertical of 999999999 (odd).
        assert_eq!(paper.grundy_value(), 999_999_999);
        // Every line wins: 10^9 ^ 999999999 = 1023 < 10^9, and 999999999 ^ 999999999 = 0.
        assert_eq!(paper.winning_line_count(), 999_999_998 + 999_999_999);
        let mv = paper.winning_move().unwrap();
        assert_eq!(mv.to_string(), "0,1,999998977,1");
        assert_eq!(paper.apply(&mv).unwrap().grundy_value(), 0);
        let moves = paper.winning_moves(3);
        assert_eq!(moves[1].to_string(), "0,2,999998977,2");
        assert_eq!(paper.apply(&mv).unwrap().grundy_value(), 0);
    }

    #[test]
    fn generic_solver_agrees_on_small_sheets() {
        let mut solver = Solver::new(PaperGame);
        for width in 1..=3 {
            for height in 1..=2 {
                let paper = Paper::new(width, height).unwrap();
                let fast = paper.grundy_value();
                assert_eq!(
                    solver.outcome(&paper),
                    Outcome::from_grundy(fast),
                    "{paper}"
                );
                for mv in paper.winning_moves(usize::MAX) {
                    let next = paper.apply(&mv).unwrap();
                    assert_eq!(solver.outcome(&next), Outcome::Loss, "{paper} {mv}");
                }
            }
        }
    }

    #[test]
    fn perfect_play_matches_the_generic_remoteness() {
        let mut solver = Solver::new(PaperGame);
        for text in [
            "2x1",
            "3x2",
            "2x3:0,1,1,1",
            "3x3:0,1,3,1;1,0,1,2",
            "4x2:1,0,1,2",
            "1x4",
        ] {
            let paper: Paper = text.parse().unwrap();
            let (remoteness, best) = paper.perfect_play().unwrap();
            assert_eq!(remoteness, solver.remoteness(&paper), "{paper}");
            match best {
                Some(mv) => {
                    let next = paper.apply(&mv).unwrap();
                    assert_eq!(solver.remoteness(&next) + 1, remoteness, "{paper} {mv}");
                }
                None => assert_eq!(remoteness, 0),
            }
        }
        assert!("5x5".parse::<Paper>().unwrap().perfect_play().is_none());
    }

    proptest! {
        #[test]
        fn random_text_never_panics(text in "\\PC{0,40}") {
            let _ = text.parse::<Paper>();
            let _ = text.parse::<Segment>();
        }

        #[test]
        fn notation_round_trips(
            width in 1u64..6,
            height in 1u64..6,
            cuts in proptest::collection::vec((0u64..7, 0u64..7, 0u64..7, any::<bool>()), 0..8),
        ) {
            let segments: Vec<Segment> = cuts
                .into_iter()
                .filter_map(|(line, a, b, vertical)| {
                    let s = if vertical { Segment::new(line, a, line, b) } else { Segment::new(a, line, b, line) };
                    s.ok()
                })
                .collect();
            let Ok(paper) = Paper::with_cuts(width, height, segments) else { return Ok(()) };
            let text = paper.to_string();
            prop_assert_eq!(text.parse::<Paper>().unwrap(), paper);
        }

        #[test]
        fn a_move_merges_its_cut_as_a_rebuild_does_and_cuts_the_units_under_it(
            width in 1u64..9,
            height in 1u64..9,
            cuts in proptest::collection::vec((0u64..9, 0u64..9, 0u64..9, any::<bool>()), 0..24),
        ) {
            let segment = |(line, a, b, vertical): (u64, u64, u64, bool)| {
                if vertical { Segment::new(line, a, line, b) } else { Segment::new(a, line, b, line) }
            };
            let mut paper = Paper::new(width, height).unwrap();
            let mut made = Vec::new();
            for cut in cuts {
                let Ok(cut) = segment(cut) else { continue };
                let Ok(next) = paper.apply(&cut) else { continue };
                made.push(cut);
                prop_assert_eq!(&next, &Paper::with_cuts(width, height, made.clone()).unwrap());
                let cut_units = u128::from(paper.uncut_under(&cut));
                prop_assert_eq!(next.uncut_units() + cut_units, paper.uncut_units());
                paper = next;
            }
        }
    }
}
