//! The paper cutting game behind [`GameState`](crate::game::GameState).
//!
//! Each interior line is a Nim heap of its uncut length, so the value and the winning moves
//! come straight from [`Paper`]. Remoteness, and with it the fastest win and the slowest
//! loss, is exact while at most [`EXACT_REMOTENESS_UNITS`] units are uncut
//! ([`Paper::perfect_play`]); above that perfect and stubborn play are heuristics (see
//! [`PaperRules::perfect_move`]). Cuts with the same number of uncut units on the same line
//! are the same Nim move, so choosing one segment per line and length loses nothing.

use rand::{Rng, RngCore};

use crate::error::{ParseError, RuleError};
use crate::games::paper::{Orientation, Paper, Segment, EXACT_REMOTENESS_UNITS};
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};

/// The most winning moves an analysis lists.
const LISTED_WINNING_MOVES: usize = 32;
/// Sheets at most this wide and high are drawn as a grid; larger ones are summarised.
const DRAW_MAX_SIDE: u64 = 16;
/// Cut lines listed one by one in the summary of a large sheet.
const SUMMARY_LINES: usize = 12;

/// The rules of the paper game for [`Played`](crate::game::Played).
#[derive(Debug, Clone, Copy)]
pub struct PaperRules;

/// The segment `[lo, hi)` on an interior line.
fn segment(orientation: Orientation, line: u64, lo: u64, hi: u64) -> Option<Segment> {
    match orientation {
        Orientation::Horizontal => Segment::new(lo, line, hi, line).ok(),
        Orientation::Vertical => Segment::new(line, lo, line, hi).ok(),
    }
}

/// `n (n + 1) / 2`: the number of segments on a stretch of `n` units.
fn segments_on(units: u64) -> u128 {
    let n = u128::from(units);
    n * (n + 1) / 2
}

/// The number of legal cuts on one line: every segment but those inside a cut span (spans
/// are merged and never touch, so a covered segment lies within one span).
fn cuts_on_line(paper: &Paper, orientation: Orientation, line: u64) -> u128 {
    let inside: u128 = paper
        .cut_spans(orientation, line)
        .iter()
        .map(|&(lo, hi)| segments_on(hi - lo))
        .sum();
    segments_on(paper.line_length(orientation)) - inside
}

/// The number of legal moves, by arithmetic over the lines; `None` when it does not fit in
/// a `u128` (a sheet of about 10^15 × 10^9 units or more has over 10^38 segments).
fn total_moves(paper: &Paper) -> Option<u128> {
    let mut total: u128 = 0;
    for o in [Orientation::Horizontal, Orientation::Vertical] {
        let lines = u128::from(paper.untouched_lines(o));
        total = total.checked_add(lines.checked_mul(segments_on(paper.line_length(o)))?)?;
    }
    for (o, line, _) in paper.cut_line_heaps() {
        total = total.checked_add(cuts_on_line(paper, o, line))?;
    }
    Some(total)
}

/// The coordinate of the `index`-th (0-based) untouched line running this way.
fn untouched_line(paper: &Paper, orientation: Orientation, index: u64) -> u64 {
    let mut candidate = index + 1;
    for (o, line, _) in paper.cut_line_heaps() {
        if o == orientation && line <= candidate {
            candidate += 1;
        }
    }
    candidate
}

/// The start of the `index`-th (0-based) uncut unit of a line.
fn uncut_unit(paper: &Paper, orientation: Orientation, line: u64, index: u64) -> u64 {
    let mut left = index;
    let mut position = 0;
    for &(lo, hi) in paper.cut_spans(orientation, line) {
        if position + left < lo {
            return position + left;
        }
        left -= lo - position;
        position = hi;
    }
    position + left
}

/// A move that cuts exactly one uncut unit: the heuristic slowest loss.
fn one_unit(paper: &Paper) -> Option<Segment> {
    let (orientation, line, _) = paper.all_line_heaps().find(|&(_, _, heap)| heap > 0)?;
    Some(paper.cut_from_start(orientation, line, 1))
}

/// Uncut units left after `mv` (`None` when it is illegal) on `paper`, which has `uncut`
/// uncut units: those less the units the segment cuts, found on the spans of its line that
/// it meets (applying the move would copy the sheet, for each move the heuristics weigh).
fn units_after(paper: &Paper, uncut: u128, mv: &Segment) -> Option<u128> {
    paper.check_move(mv).ok()?;
    Some(uncut - u128::from(paper.uncut_under(mv)))
}

impl Rules for PaperRules {
    type Position = Paper;
    type Move = Segment;
    type Cache = ();

    fn parse_position(text: &str) -> Result<Paper, ParseError> {
        text.trim().parse()
    }

    fn format_position(position: &Paper) -> String {
        position.to_string()
    }

    /// The same sheet with the cut lines of each orientation moved to the first lines, in
    /// order of their uncut lengths, each cut from its start. A line of `u` uncut units
    /// has moves leaving each of `0 … u − 1` (a cut from its first uncut unit on), wherever
    /// its cuts lie, so the two sheets are alike move for move; the exact misère search,
    /// which keeps its values by this key, then values each multiset of line lengths once
    /// rather than every arrangement of cuts.
    fn transposition_key(position: &Paper) -> String {
        let mut cuts = Vec::new();
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            let length = position.line_length(orientation);
            let mut heaps: Vec<u64> = position
                .cut_line_heaps()
                .filter(|(along, _, _)| *along == orientation)
                .map(|(_, _, heap)| heap)
                .collect();
            heaps.sort_unstable();
            for (line, heap) in (1..).zip(heaps) {
                cuts.extend(segment(orientation, line, 0, length - heap));
            }
        }
        Paper::with_cuts(position.width(), position.height(), cuts)
            .map_or_else(|_| position.to_string(), |paper| paper.to_string())
    }

    fn parse_move(_: &Paper, text: &str) -> Result<Segment, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &Paper, mv: &Segment) -> Result<Paper, RuleError> {
        position.apply(mv)
    }

    fn winner(position: &Paper) -> Option<Relative> {
        (position.uncut_units() == 0).then_some(Relative::JustMoved)
    }

    /// Line by line (horizontal lines first, each from the top coordinate 1), every segment
    /// `[lo, hi)` that touches an uncut unit, by `lo` then `hi`. The total is counted (and
    /// left out when it is beyond a `u128`).
    fn legal_moves(position: &Paper, limit: usize) -> MoveList {
        let mut moves = Vec::new();
        'lines: for (orientation, line, heap) in position.all_line_heaps() {
            if moves.len() >= limit {
                break;
            }
            if heap == 0 {
                continue;
            }
            let length = position.line_length(orientation);
            let spans = position.cut_spans(orientation, line);
            for lo in 0..length {
                // A segment [lo, hi) is covered when the span holding unit lo (spans are
                // merged and never touch, so there is at most one) reaches hi: the first
                // legal end is past that span, found without visiting the covered ends.
                let first_hi = match spans.iter().find(|&&(a, b)| a <= lo && lo < b) {
                    Some(&(_, b)) => b + 1,
                    None => lo + 1,
                };
                if first_hi > length {
                    // The span runs to the end of the line: no later start has a move.
                    break;
                }
                for hi in first_hi..=length {
                    if moves.len() >= limit {
                        break 'lines;
                    }
                    if let Some(cut) = segment(orientation, line, lo, hi) {
                        moves.push(cut.to_string());
                    }
                }
            }
        }
        let total = total_moves(position);
        MoveList {
            complete: total == Some(moves.len() as u128),
            moves,
            total,
        }
    }

    /// Not uniform over segments, but cheap on any sheet: an uncut unit is drawn uniformly
    /// (so a line is chosen with probability proportional to its uncut length), then the
    /// cut's start is drawn uniformly from the line's start up to that unit and its end
    /// uniformly from just after the unit up to the line's end. Every legal cut has a
    /// positive probability; long cuts over many uncut units are the likeliest.
    fn random_move(position: &Paper, rng: &mut dyn RngCore) -> Option<Segment> {
        let total = position.uncut_units();
        if total == 0 {
            return None;
        }
        let mut pick = rng.gen_range(0..total);
        let mut chosen = None;
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            let length = u128::from(position.line_length(orientation));
            let block = u128::from(position.untouched_lines(orientation)) * length;
            if pick < block {
                // Below the line count and the length, both u64.
                let line = untouched_line(position, orientation, (pick / length) as u64);
                chosen = Some((orientation, line, (pick % length) as u64));
                break;
            }
            pick -= block;
        }
        if chosen.is_none() {
            for (orientation, line, heap) in position.cut_line_heaps() {
                if pick < u128::from(heap) {
                    let unit = uncut_unit(position, orientation, line, pick as u64);
                    chosen = Some((orientation, line, unit));
                    break;
                }
                pick -= u128::from(heap);
            }
        }
        let (orientation, line, unit) = chosen?;
        let length = position.line_length(orientation);
        let lo = rng.gen_range(0..=unit);
        let hi = rng.gen_range(unit + 1..=length);
        segment(orientation, line, lo, hi)
    }

    /// Small sheets as a grid (`-` and `|` are cuts and the border, y grows upwards); large
    /// ones as a summary of the lines and the cut lines.
    fn draw(position: &Paper) -> String {
        let (width, height) = (position.width(), position.height());
        let mut picture = String::new();
        if width <= DRAW_MAX_SIDE && height <= DRAW_MAX_SIDE {
            let cut = |orientation: Orientation, line: u64, unit: u64| {
                position
                    .cut_spans(orientation, line)
                    .iter()
                    .any(|&(lo, hi)| lo <= unit && unit < hi)
            };
            for y in (0..=height).rev() {
                picture.push_str(&format!("{y:>3} "));
                for x in 0..width {
                    let edge = y == 0 || y == height || cut(Orientation::Horizontal, y, x);
                    picture.push('+');
                    picture.push_str(if edge { "--" } else { "  " });
                }
                picture.push_str("+\n");
                if y > 0 {
                    picture.push_str("    ");
                    for x in 0..=width {
                        let edge = x == 0 || x == width || cut(Orientation::Vertical, x, y - 1);
                        picture.push(if edge { '|' } else { ' ' });
                        if x < width {
                            picture.push_str("  ");
                        }
                    }
                    picture.push('\n');
                }
            }
            picture.push_str("    ");
            for x in 0..=width {
                picture.push_str(&format!("{:<3}", x));
            }
            picture.push('\n');
        } else {
            for orientation in [Orientation::Horizontal, Orientation::Vertical] {
                let cut_lines =
                    position.line_count(orientation) - position.untouched_lines(orientation);
                picture.push_str(&format!(
                    "{} {} lines of {} units: {} untouched, {} cut\n",
                    position.line_count(orientation),
                    match orientation {
                        Orientation::Horizontal => "horizontal",
                        Orientation::Vertical => "vertical",
                    },
                    position.line_length(orientation),
                    position.untouched_lines(orientation),
                    cut_lines
                ));
            }
            let cut: Vec<_> = position.cut_line_heaps().collect();
            for (orientation, line, heap) in cut.iter().take(SUMMARY_LINES) {
                let name = match orientation {
                    Orientation::Horizontal => "y",
                    Orientation::Vertical => "x",
                };
                let spans: Vec<String> = position
                    .cut_spans(*orientation, *line)
                    .iter()
                    .map(|(lo, hi)| format!("[{lo},{hi})"))
                    .collect();
                picture.push_str(&format!(
                    "  {name}={line}: {heap} uncut, cut {}\n",
                    spans.join(" ")
                ));
            }
            if cut.len() > SUMMARY_LINES {
                picture.push_str(&format!(
                    "  … and {} more cut lines\n",
                    cut.len() - SUMMARY_LINES
                ));
            }
        }
        picture.push_str(&format!(
            "sheet {width}x{height}, {} uncut units; a move xb,yb,xe,ye cuts along a grid line\n",
            position.uncut_units()
        ));
        picture
    }

    fn analyse(position: &Paper, budget: &Budget, cache: &mut ()) -> Analysis {
        let value = position.grundy_value();
        let winning: Vec<String> = position
            .winning_moves(LISTED_WINNING_MOVES)
            .iter()
            .map(ToString::to_string)
            .collect();
        let exact = position.perfect_play();
        Analysis {
            to_move_wins: Some(value != 0),
            grundy_value: Some(u128::from(value)),
            best_move: Self::perfect_move(position, budget, cache).map(|mv| mv.to_string()),
            winning_moves_complete: winning.is_empty(),
            winning_moves: winning,
            remoteness: exact.map(|(moves, _)| u128::from(moves)),
            remoteness_exact: exact.is_some(),
            comment: Some(format!(
                "lines with a winning cut: {} (one cut listed per line)",
                position.winning_line_count()
            )),
            value: None,
            quotient_element: None,
        }
    }

    /// Exact while at most [`EXACT_REMOTENESS_UNITS`] units are uncut. Above, a heuristic:
    /// when won, the listed winning cut that removes the most uncut units; when lost, a cut
    /// of a single unit.
    fn perfect_move(position: &Paper, _: &Budget, _: &mut ()) -> Option<Segment> {
        if let Some((_, best)) = position.perfect_play() {
            return best;
        }
        if position.grundy_value() == 0 {
            return one_unit(position);
        }
        let uncut = position.uncut_units();
        position
            .winning_moves(LISTED_WINNING_MOVES)
            .into_iter()
            .filter_map(|mv| Some((units_after(position, uncut, &mv)?, mv)))
            .min_by_key(|(units, _)| *units)
            .map(|(_, mv)| mv)
    }

    /// Lost: the slowest loss (as [`PaperRules::perfect_move`]). Won: of the winning cuts
    /// (one per line, which is every winning Nim move), the one after which the opponent's
    /// loss lasts longest; exact while small, otherwise the one removing the fewest units.
    fn stubborn_move(position: &Paper, budget: &Budget, cache: &mut ()) -> Option<Segment> {
        if position.grundy_value() == 0 {
            return Self::perfect_move(position, budget, cache);
        }
        let winning = position.winning_moves(LISTED_WINNING_MOVES);
        let uncut = position.uncut_units();
        if uncut <= EXACT_REMOTENESS_UNITS {
            return winning
                .into_iter()
                .filter_map(|mv| {
                    let (moves, _) = position.apply(&mv).ok()?.perfect_play()?;
                    Some((moves, mv))
                })
                .max_by_key(|(moves, _)| *moves)
                .map(|(_, mv)| mv);
        }
        winning
            .into_iter()
            .filter_map(|mv| Some((units_after(position, uncut, &mv)?, mv)))
            .max_by_key(|(units, _)| *units)
            .map(|(_, mv)| mv)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::paper::entry::PaperEntry;
    use crate::game::GameEntry;
    use crate::games::paper::PaperGame;
    use crate::position::ImpartialGame;
    use crate::game::{GameState, Played, Status};
    use crate::player::Seat;

    #[test]
    fn the_units_left_after_a_cut_are_those_of_the_cut_sheet() {
        let paper: Paper = "6x5:1,2,3,2;4,2,5,2;2,0,2,5".parse().unwrap();
        for text in ["0,2,6,2", "2,2,4,2", "3,1,3,4", "0,1,1,1", "2,1,2,4", "1,2,3,2"] {
            let mv: Segment = text.parse().unwrap();
            let applied = paper.apply(&mv).ok().map(|next| next.uncut_units());
            let uncut = paper.uncut_units();
            assert_eq!(units_after(&paper, uncut, &mv), applied, "{text}");
        }
    }

    #[test]
    fn sheets_with_the_same_line_lengths_share_a_key() {
        let key = |text: &str| PaperRules::transposition_key(&text.parse().unwrap());
        // Line y = 2 with 3 of 5 units uncut, line x = 3 with 1 of 4: moved to the first
        // lines and cut from their starts.
        assert_eq!(key("5x4:1,2,3,2;3,0,3,2;3,3,3,4"), "5x4:0,1,2,1;1,0,1,3");
        assert_eq!(key("5x4:4,1,5,1;2,1,3,1;1,4,1,1"), "5x4:0,1,2,1;1,0,1,3");
        assert_eq!(key("3x2"), "3x2");
        assert_eq!(key("1000000000x1000000000:7,0,7,1"), "1000000000x1000000000:1,0,1,1");
    }

    #[test]
    fn the_misere_search_by_keys_agrees_with_misere_nim_on_the_lines() {
        use crate::misere_play::nim::to_move_wins;
        use crate::misere_play::search::{MisereSearch, DEFAULT_LIMIT};
        use crate::stop::Stop;
        for text in ["3x3", "4x3:1,0,1,2", "4x3:0,1,2,1;2,1,4,1;3,3,3,1", "2x5:1,1,1,4"] {
            let mut game: Played<PaperRules> = Played::start(&PaperEntry, text).unwrap();
            for _ in 0..3 {
                let heaps: Vec<u64> = game
                    .current()
                    .all_line_heaps()
                    .map(|(_, _, heap)| heap)
                    .filter(|heap| *heap > 0)
                    .collect();
                let value = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER)
                    .value(&game)
                    .unwrap();
                assert_eq!(value.wins, to_move_wins(&heaps), "{}", game.position());
                let first = game.legal_moves(1).moves[0].clone();
                game.play(&first).unwrap();
            }
        }
    }

    #[test]
    fn moves_are_refereed_and_undone() {
        let mut game = Played::<PaperRules>::start(&PaperEntry, "2x1").unwrap();
        assert!(game.play("0,0,2,0").is_err());
        assert_eq!(game.play("1,1,1,0").unwrap(), "1,0,1,1");
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::First
            }
        );
        assert_eq!(game.undo().as_deref(), Some("1,0,1,1"));
        assert_eq!(game.position(), "2x1");
    }

    #[test]
    fn the_move_list_and_count_agree_with_the_generic_rules() {
        for text in ["3x2", "3x3:0,1,2,1", "4x2:1,1,3,1;2,0,2,1", "1x1"] {
            let paper: Paper = text.parse().unwrap();
            let all = PaperGame.legal_moves(&paper);
            let list = PaperRules::legal_moves(&paper, 10_000);
            assert_eq!(list.total, Some(all.len() as u128), "{text}");
            assert!(list.complete);
            let mut expected: Vec<String> = all.iter().map(ToString::to_string).collect();
            let mut got = list.moves.clone();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "{text}");
        }
        let huge: Paper = "1000000000x1000000000".parse().unwrap();
        let list = PaperRules::legal_moves(&huge, 5);
        assert_eq!(list.moves.len(), 5);
        assert!(!list.complete);
    }

    #[test]
    fn random_moves_are_legal_everywhere() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for text in [
            "3x3:0,1,2,1;1,0,1,3",
            "1000000000x1000000000:0,5,999999999,5",
            "2x1",
        ] {
            let paper: Paper = text.parse().unwrap();
            for _ in 0..100 {
                let mv = PaperRules::random_move(&paper, &mut rng).unwrap();
                paper.apply(&mv).unwrap();
            }
        }
    }

    #[test]
    fn a_move_count_beyond_u128_is_left_out() {
        // 10^15 horizontal lines of 10^9 units... and 10^9 − 1 lines of 10^15 units: about
        // 5·10^38 segments, more than a u128 holds. Found by the position fuzz target.
        for text in [
            "1000000000000000x1000000000:0,5,100,5",
            "1000000000000000x1000000000",
            "18446744073709551615x18446744073709551615",
        ] {
            let list = PaperRules::legal_moves(&text.parse().unwrap(), 3);
            assert_eq!(list.total, None, "{text}");
            assert!(!list.complete && list.moves.len() == 3, "{text}");
        }
        let game: &'static dyn GameEntry = &PaperEntry;
        let state = game.start("1000000000000000x1000000000:0,5,100,5").unwrap();
        assert_eq!(state.legal_moves(2).total, None);
        let list = PaperRules::legal_moves(&"1000000000x1000000000".parse().unwrap(), 1);
        assert_eq!(list.total, Some(999_999_999 * 2 * (1_000_000_000 * 1_000_000_001 / 2)));
    }

    #[test]
    fn the_largest_sheet_starts_and_plays() {
        // Its uncut units, about 2^129, overflowed a u128 when the game asked whether it
        // was over.
        let game: &'static dyn GameEntry = &PaperEntry;
        let text = "18446744073709551615x18446744073709551615";
        let mut state = game.start(text).unwrap();
        assert_eq!(state.status(), Status::Ongoing);
        assert!(state.draw().contains(&format!("{} uncut units", u128::MAX)));
        let first = state.legal_moves(1).moves[0].clone();
        state.play(&first).unwrap();
        assert_eq!(state.status(), Status::Ongoing);
        // Its winning lines, about 2^65, overflowed a u64 in the report (found by the
        // position fuzz target from this sheet's seed).
        let report = game
            .solve("18446744073709551370x18446744073709551615", &Default::default())
            .unwrap();
        let crate::report::Report::Solved(report) = report else {
            panic!("paper is solved exactly");
        };
        assert!(report.winning_move_count.parse::<u128>().unwrap() > u128::from(u64::MAX));
    }

    #[test]
    fn listing_moves_skips_long_cut_spans() {
        // Each covered segment [0, hi) of a cut of 3·10^10 units used to be visited and
        // refused one by one: the position fuzz target timed out on this sheet.
        let paper: Paper = "42949672955x4:0,1,34294967295,1".parse().unwrap();
        let list = PaperRules::legal_moves(&paper, 2);
        assert_eq!(list.moves, ["0,1,34294967296,1", "0,1,34294967297,1"]);
        // A line cut to its end has no move left: the list goes on to the next line.
        let paper: Paper = "42949672955x4:0,1,42949672955,1".parse().unwrap();
        let list = PaperRules::legal_moves(&paper, 1);
        assert_eq!(list.moves, ["0,2,1,2"]);
    }

    #[test]
    fn large_sheets_are_summarised() {
        let picture = PaperRules::draw(&"1000000000x7:0,3,5,3".parse().unwrap());
        assert!(picture.lines().count() < 20, "{picture}");
        assert!(picture.contains("y=3"), "{picture}");
        let small = PaperRules::draw(&"2x2:0,1,1,1".parse().unwrap());
        assert!(small.contains("+--+  +"), "{small}");
    }
}
