//! Pousse's lines in the registry: one entry type, once per rule set.

use crate::game::Listing;
use std::marker::PhantomData;

use crate::error::ParseError;
use crate::games::pousse::analysis::analyse;
use crate::games::pousse::play::{PousseRuleSet, PousseRules};
use crate::games::pousse::RuleSet;
use crate::games::pousse::{contest, sparring};
use crate::game::{Budget, GameState};
use crate::game::{BoardKind, CapEdge, GameEntry, OverCap};
use crate::game::{start_played, with_position};
use crate::report::{Report, SolveError, SolveOptions};
use crate::game::StrategyKind;

/// The largest board side a shared server analyses ([`GameEntry::check_served`]).
pub const SERVED_MAX_SIZE: usize = 12;

/// Pousse under the rule set `S`: `pousse` (ICFP 1998, repeating a state loses) or
/// `pousse-waterloo` (Waterloo 1998, no repetition rule).
#[derive(Debug)]
pub struct PousseEntry<S: PousseRuleSet>(PhantomData<S>);

impl<S: PousseRuleSet> PousseEntry<S> {
    /// The entry (a constant, for the registry's list).
    pub const NEW: PousseEntry<S> = PousseEntry(PhantomData);

    /// The rule set the options ask for: this entry's own when they name none. The
    /// `pousse` entry takes either (`--rules waterloo`); `pousse-waterloo` only its own.
    fn rules(&self, options: &SolveOptions) -> Result<RuleSet, SolveError> {
        let Some(text) = options.rules else {
            return Ok(S::RULES);
        };
        let asked: RuleSet = text.parse()?;
        if asked != S::RULES && S::RULES == RuleSet::Waterloo {
            return Err(SolveError::Unsupported(format!(
                "{} plays the Waterloo rules; for the {asked} rules use pousse --rules {asked}",
                S::NAME
            )));
        }
        Ok(asked)
    }
}

impl<S: PousseRuleSet + Sync> Listing for PousseEntry<S> {
    fn name(&self) -> &'static str {
        S::NAME
    }

    fn title(&self) -> &'static str {
        "Pousse"
    }

    fn summary(&self) -> &'static str {
        match S::RULES {
            RuleSet::Icfp => {
                "ICFP 1998 Pousse: push markers in from the edges, make more straights; repeating a state loses"
            }
            RuleSet::Waterloo => {
                "Waterloo 1998 Pousse: the same game without the repetition rule (a game may go on forever)"
            }
        }
    }

    fn notation(&self) -> &'static str {
        "N:moves (6:L1,T3) or a diagram X../.O./...:X with the side to move; moves L, R, T, B and a line 1..N"
    }

    fn example(&self) -> &'static str {
        "6:L1,T3"
    }

    fn default_position(&self) -> &'static str {
        "6"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["3", "4", "5", "6", "7"]
    }

    fn sample_positions(&self) -> &'static [&'static str] {
        match S::RULES {
            RuleSet::Icfp => &["4", "5:L1,T3", "X.../.O../..../....:X"],
            RuleSet::Waterloo => &["4", "3", "5:L2"],
        }
    }
}

impl<S: PousseRuleSet + Sync> GameEntry for PousseEntry<S> {
    fn may_not_end(&self) -> bool {
        S::RULES == RuleSet::Waterloo
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::PushGrid)
    }

    fn is_impartial(&self) -> bool {
        false
    }

    /// Four moves per line of the board, always. (No bound on a game's length: under the
    /// ICFP rule only the number of states bounds it, under the Waterloo rules a game may go
    /// on forever.)
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        state.legal_moves(0).total
    }

    /// Boards up to [`SERVED_MAX_SIZE`] on a side: an analysis searches every one of the
    /// 4N moves for a fixed time. (The search itself stops at its time limit.)
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let size = with_position::<PousseRules<S>, _>(state, |position| position.size() as u128)
            .unwrap_or(0);
        OverCap::check("the board's side", size, SERVED_MAX_SIZE as u128)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new("12", "13")]
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<PousseRules<S>>(self, position)
    }

    /// Reads every option but `no_cache`: `rules`, the search's `movetime`, `depth` and
    /// `threads`, and a solved `table` file.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        let rules = self.rules(options)?;
        Ok(Report::Searched(analyse(position, rules, options)?))
    }

    fn own_strategies(&self) -> &'static [&'static dyn StrategyKind] {
        &sparring::SPARRING_PARTNERS
    }

    /// The engine allocates its tables on first use: do it now, as a program does on
    /// `newgame`, and not on the first move's clock.
    fn warm_up(&self, game: &mut dyn GameState) {
        let warm_up = Budget {
            movetime: None,
            depth: Some(1),
            threads: 1,
            ..Budget::default()
        };
        let _ = game.analyse(&warm_up);
    }

    fn contest(&self) -> Option<&'static str> {
        Some("Waterloo 1998 / UVa 844 \"Pousse\": referee games, X WINS, O WINS or TIE GAME")
    }

    fn answer_contest(&self, input: &[u8], _: &SolveOptions) -> Result<String, SolveError> {
        Ok(contest::answer(input)?)
    }
}
