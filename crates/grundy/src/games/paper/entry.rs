//! The paper cutting game's line in the registry.

use crate::game::Listing;
use crate::error::ParseError;
use crate::games::paper::analysis::analyse;
use crate::games::paper::contest;
use crate::games::paper::play::PaperRules;
use crate::game::GameState;
use crate::game::{BoardKind, CapEdge, GameEntry, OverCap};
use crate::game::{start_played, with_position};
use crate::report::{Report, SolveError, SolveOptions};

/// The most cut grid lines of a sheet a shared server analyses
/// ([`GameEntry::check_served`]).
pub const SERVED_MAX_CUT_LINES: usize = 2_000;

/// The most uncut units a sheet may have for a shared server to analyse it under misère
/// play ([`GameEntry::check_served_misere`]): the exact misère search values every multiset
/// of the lines' uncut lengths reached; a 4 × 4 sheet (24 units) takes under 0.1 s, 5 × 4
/// (31) about 0.3 s and 5 × 5 (40) 2 s (docs/web.md).
pub const SERVED_MISERE_MAX_UNITS: u128 = 24;

/// Codeforces 277C: cut a sheet of paper along grid lines.
#[derive(Debug, Clone, Copy)]
pub struct PaperEntry;

impl Listing for PaperEntry {
    fn name(&self) -> &'static str {
        "paper"
    }

    fn title(&self) -> &'static str {
        "the paper cutting game"
    }

    fn summary(&self) -> &'static str {
        "Codeforces 277C: cut a sheet along grid lines; who cannot cut anything new loses"
    }

    fn notation(&self) -> &'static str {
        "WxH or WxH:xb,yb,xe,ye;… with the cuts made so far (3x2:1,0,1,2); moves xb,yb,xe,ye"
    }

    fn example(&self) -> &'static str {
        "2x2:0,1,2,1;1,2,1,0"
    }

    fn default_position(&self) -> &'static str {
        "2x1"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["2x1", "3x2", "4x3", "5x5", "2x2:0,1,2,1;1,2,1,0"]
    }

    fn sample_positions(&self) -> &'static [&'static str] {
        &["2x1", "3x3", "5x4:0,1,3,1", "6x5:2,0,2,3"]
    }
}

impl GameEntry for PaperEntry {
    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::GridCuts)
    }

    /// One move per segment that is not wholly cut, and cuts only grow: the legal moves of
    /// `state` bound those of every later position.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        state.legal_moves(0).total
    }

    /// Every move cuts at least one uncut unit, and every uncut unit is a legal move of its
    /// own: at most the number of legal moves.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        state.legal_moves(0).total
    }

    /// At most [`SERVED_MAX_CUT_LINES`] grid lines with cuts (the analysis is a sum over
    /// them); sides up to the contest's (10⁹), which cost nothing more.
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let lines = with_position::<PaperRules, _>(state, |paper| {
            paper.cut_line_heaps().count() as u128
        })
        .unwrap_or(0);
        OverCap::check("the number of cut grid lines", lines, SERVED_MAX_CUT_LINES as u128)
    }

    /// Unit cuts on 2 000 grid lines (1 000 vertical, 1 000 horizontal) of the contest's
    /// largest sheet, and one line more. Its line: 10 000 moves (a shared server's most),
    /// each a cut of one unit on a line already cut that stays a span of its own, so that
    /// every position replayed and valued holds some 12 000 spans (the first legal moves
    /// would cut a new line, over the cap, at once).
    fn cap_edges(&self) -> Vec<CapEdge> {
        let sheet = |lines: usize| {
            let cuts: Vec<String> = (1..=lines)
                .map(|i| {
                    if i % 2 == 1 {
                        format!("{i},0,{i},1")
                    } else {
                        format!("0,{i},1,{i}")
                    }
                })
                .collect();
            format!("1000000000x1000000000:{}", cuts.join(";"))
        };
        let mut edge = CapEdge::new(sheet(2_000), sheet(2_001));
        edge.line = (0..10_000)
            .map(|j| format!("1,{},1,{}", 2 * j + 3, 2 * j + 4))
            .collect();
        vec![edge]
    }

    /// 24 uncut units (31 less a line of 5 and 2 of another), and 25.
    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        vec![CapEdge::misere("5x4:0,1,5,1;1,0,1,2", "5x4:0,1,5,1;1,0,1,1")]
    }

    /// The caps of [`GameEntry::check_served`], and at most [`SERVED_MISERE_MAX_UNITS`]
    /// uncut units: the exact misère search values every position reached.
    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        self.check_served(state)?;
        let units =
            with_position::<PaperRules, _>(state, |paper| paper.uncut_units()).unwrap_or(0);
        OverCap::check(
            "the number of uncut units under misère play",
            units,
            SERVED_MISERE_MAX_UNITS,
        )
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<PaperRules>(self, position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse(position, options.moves)?))
    }

    fn contest(&self) -> Option<&'static str> {
        Some("Codeforces 277C \"Game\": FIRST and a winning cut, or SECOND")
    }

    fn answer_contest(&self, input: &[u8], _: &SolveOptions) -> Result<String, SolveError> {
        Ok(contest::answer(input)?)
    }
}
