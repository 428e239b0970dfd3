//! Sticks, a game that is not in the registry, for the tests that serve a game of an
//! embedder's: take one or two sticks from a pile; who cannot move loses. Its entry names no
//! kind of board, so the page shows it in the generic view.

use grundy::game::Listing;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use grundy::error::{ParseError, RuleError};
use grundy::game::{Analysis, Budget, GameState, MoveList, Played, Relative, Rules};
use grundy::game::{CapEdge, GameEntry, OverCap};
use grundy::registry::Game;
use grundy::report::{Report, SolveError, SolveOptions};
use rand::{Rng, RngCore};

/// The largest pile the server serves.
pub const SERVED_MAX_STICKS: u32 = 1_000;

/// Sticks: take one or two sticks from a pile; who cannot move loses. A pile of `n` has the
/// Grundy value `n mod 3`. The slow variant's analysis waits for its budget's stop, as a
/// long computation that honours it does.
#[derive(Debug)]
pub struct SticksEntry {
    /// The name.
    pub name: &'static str,
    /// Other names.
    pub aliases: &'static [&'static str],
    /// True for the variant whose analysis waits for its stop.
    pub slow: bool,
    /// True for the variant whose analysis of a pile of 3 fails.
    pub broken: bool,
}

/// Sticks, served as an extra game.
pub const STICKS: SticksEntry = SticksEntry {
    name: "sticks",
    aliases: &["pile-of-sticks"],
    slow: false,
    broken: false,
};

/// Sticks whose analysis waits for its stop.
pub const SLOW_STICKS: SticksEntry = SticksEntry {
    name: "slow-sticks",
    aliases: &[],
    slow: true,
    broken: false,
};

/// Sticks whose analysis of a pile of 3 fails, as a game's own code may: the value is
/// unknown, and the comment says why.
pub const BROKEN_STICKS: SticksEntry = SticksEntry {
    name: "broken-sticks",
    aliases: &[],
    slow: false,
    broken: true,
};

/// The comment of the broken variant's failed analysis.
pub const BROKEN_COMMENT: &str = "unknown: the analysis of 3 sticks failed";

/// How many analyses of the slow variant have seen their stop raised.
pub static SLOW_ANALYSES_STOPPED: AtomicUsize = AtomicUsize::new(0);

/// True once an analysis of the slow variant has started.
pub static SLOW_ANALYSIS_STARTED: AtomicBool = AtomicBool::new(false);

impl Listing for SticksEntry {
    fn name(&self) -> &'static str {
        self.name
    }

    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }

    fn title(&self) -> &'static str {
        "Sticks"
    }

    fn summary(&self) -> &'static str {
        "Sticks: take one or two sticks from the pile; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "the number of sticks (10); moves 1 or 2, the sticks taken"
    }

    fn example(&self) -> &'static str {
        "7"
    }

    fn default_position(&self) -> &'static str {
        "10"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["10", "21"]
    }
}

impl GameEntry for SticksEntry {
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let sticks =
            grundy::game::with_position::<SticksRules<false>, _>(state, |n| *n).unwrap_or(0);
        OverCap::check("the pile", sticks, SERVED_MAX_STICKS)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        let cap = SERVED_MAX_STICKS;
        vec![CapEdge::new(cap.to_string(), (cap + 1).to_string())]
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        if self.broken {
            Ok(Box::new(Played::<SticksRules<false, true>>::start(
                self, position,
            )?))
        } else if self.slow {
            Ok(Box::new(Played::<SticksRules<true>>::start(
                self, position,
            )?))
        } else {
            Ok(Box::new(Played::<SticksRules<false>>::start(
                self, position,
            )?))
        }
    }

    fn solve(&self, _: &str, _: &SolveOptions) -> Result<Report, SolveError> {
        Err(SolveError::Unsupported(
            "sticks has no solver report".into(),
        ))
    }
}

/// The rules of sticks; `SLOW` for the variant whose analysis waits for its stop, `BROKEN`
/// for the one whose analysis of a pile of 3 fails.
pub struct SticksRules<const SLOW: bool, const BROKEN: bool = false>;

impl<const SLOW: bool, const BROKEN: bool> SticksRules<SLOW, BROKEN> {
    /// Moves to the end with perfect play: the winner takes what leaves a multiple of
    /// three, the loser one stick at a time.
    fn remoteness(n: u32) -> u128 {
        let pairs = u128::from(n / 3) * 2;
        if n % 3 == 0 {
            pairs
        } else {
            pairs + 1
        }
    }

    fn best(n: u32) -> Option<u32> {
        match n {
            0 => None,
            _ if n % 3 == 0 => Some(1),
            _ => Some(n % 3),
        }
    }
}

impl<const SLOW: bool, const BROKEN: bool> Rules for SticksRules<SLOW, BROKEN> {
    type Position = u32;
    type Move = u32;
    type Cache = ();

    fn parse_position(text: &str) -> Result<u32, ParseError> {
        text.trim()
            .parse()
            .map_err(|_| ParseError::at_token("not a number of sticks", text))
    }

    fn format_position(position: &u32) -> String {
        position.to_string()
    }

    fn parse_move(_: &u32, text: &str) -> Result<u32, ParseError> {
        match text.trim() {
            "1" => Ok(1),
            "2" => Ok(2),
            _ => Err(ParseError::at_token("a move takes 1 or 2 sticks", text)),
        }
    }

    fn apply(position: &u32, mv: &u32) -> Result<u32, RuleError> {
        position
            .checked_sub(*mv)
            .ok_or_else(|| RuleError::new(mv, format!("only {position} sticks are left")))
    }

    fn winner(position: &u32) -> Option<Relative> {
        (*position == 0).then_some(Relative::JustMoved)
    }

    fn legal_moves(position: &u32, limit: usize) -> MoveList {
        let all: Vec<String> = [1, 2]
            .into_iter()
            .filter(|take| take <= position)
            .map(|take: u32| take.to_string())
            .collect();
        let total = all.len();
        let moves: Vec<String> = all.into_iter().take(limit).collect();
        MoveList {
            complete: moves.len() == total,
            total: Some(total as u128),
            moves,
        }
    }

    fn random_move(position: &u32, rng: &mut dyn RngCore) -> Option<u32> {
        match position {
            0 => None,
            1 => Some(1),
            _ => Some(rng.gen_range(1..=2)),
        }
    }

    fn draw(position: &u32) -> String {
        format!("{} ({position} sticks)\n", "|".repeat(*position as usize))
    }

    fn analyse(position: &u32, budget: &Budget, _: &mut ()) -> Analysis {
        if BROKEN && *position == 3 {
            return Analysis {
                comment: Some(BROKEN_COMMENT.to_string()),
                ..Analysis::default()
            };
        }
        if SLOW {
            SLOW_ANALYSIS_STARTED.store(true, Ordering::SeqCst);
            while !budget.stop.is_raised() {
                std::thread::sleep(Duration::from_millis(5));
            }
            SLOW_ANALYSES_STOPPED.fetch_add(1, Ordering::SeqCst);
        }
        let n = *position;
        let best = Self::best(n).map(|take| take.to_string());
        let wins = n % 3 != 0;
        Analysis {
            to_move_wins: Some(wins),
            grundy_value: Some(u128::from(n % 3)),
            winning_moves: if wins {
                best.clone().into_iter().collect()
            } else {
                Vec::new()
            },
            winning_moves_complete: true,
            best_move: best,
            remoteness: Some(Self::remoteness(n)),
            remoteness_exact: true,
            comment: None,
            value: None,
            quotient_element: None,
        }
    }

    fn perfect_move(position: &u32, _: &Budget, _: &mut ()) -> Option<u32> {
        Self::best(*position)
    }

    fn stubborn_move(position: &u32, _: &Budget, _: &mut ()) -> Option<u32> {
        Self::best(*position)
    }
}

/// The handle of sticks.
pub fn sticks() -> Game {
    Game::new(&STICKS)
}
