//! The take-and-break family's line in the registry: one entry for every game given by its
//! rules, the rules written before the heaps (`0.137:5+7+12`).

use crate::game::Listing;
use crate::error::ParseError;
use crate::games::takebreak::analysis::analyse;
use crate::games::takebreak::options::for_each_option;
use crate::games::takebreak::HeapRules;
use crate::games::takebreak::play::TakeBreakRules;
use crate::game::{GameState, Rules};
use crate::game::{BoardKind, CapEdge, GameEntry, OverCap, sum_of};
use crate::game::{start_played, with_position};
use crate::report::{Report, SolveError, SolveOptions};

/// The largest bound on the legal moves [`GameEntry::most_moves`] counts up to.
pub const MOST_MOVES_COUNTED: u128 = 1 << 24;

/// The most heaps of a position a shared server analyses ([`GameEntry::check_served`]).
pub const SERVED_MAX_HEAPS: usize = 1_000;

/// The largest heap a shared server analyses ([`GameEntry::check_served`]).
pub const SERVED_MAX_HEAP: u64 = 4_096;

/// The work of the exact misère search a shared server allows (positions it may reach
/// times the options of a heap), from which [`served_misere_tokens`] sets a game's cap on
/// tokens under misère play: at the caps it sets, the analysis takes about 0.1–0.3 s
/// (docs/web.md).
pub const SERVED_MISERE_WORK: u128 = 250_000;

/// The most tokens [`served_misere_tokens`] allows, whatever the rules.
pub const SERVED_MISERE_MAX_TOKENS: u64 = 64;

/// The most tokens (all heaps together) a position of the game `rules` may hold for a
/// shared server to analyse it under misère play ([`GameEntry::check_served_misere`]).
///
/// The server's misère analysis searches every position reachable (the misère quotient
/// and the genus answer only beyond it), and from `n` tokens the positions reachable are
/// sums of heaps of at most `n` tokens in all (heaps only shrink and split): at most
/// `p(0) + p(1) + … + p(n)`, counting partitions. The cap is the largest `n` whose count
/// times the most options of a heap of at most `n` tokens is within [`SERVED_MISERE_WORK`]
/// (and at most [`SERVED_MISERE_MAX_TOKENS`]): 27 tokens for `0.137`, 25 for Kayles
/// (`0.77`), 16 for `hex:c.ff…f`, whose heaps have hundreds of options.
pub fn served_misere_tokens(rules: &HeapRules) -> u64 {
    const MOST: usize = SERVED_MISERE_MAX_TOKENS as usize;
    let mut partitions = [0u128; MOST + 1];
    partitions[0] = 1;
    for part in 1..=MOST {
        for n in part..=MOST {
            partitions[n] += partitions[n - part];
        }
    }
    let (mut reachable, mut most_options) = (1u128, 1u128);
    for (n, count) in (1..).zip(&partitions[1..]) {
        reachable += count;
        let mut options = 0u128;
        for_each_option(rules, n, |_, _| options += 1);
        most_options = most_options.max(options);
        if reachable * most_options > SERVED_MISERE_WORK {
            return n - 1;
        }
    }
    SERVED_MISERE_MAX_TOKENS
}

/// Take-and-break games by their rules: octal and hexadecimal codes, subtraction and
/// all-but subtraction games, Grundy's game. Of the solve options it reads only `moves`.
#[derive(Debug, Clone, Copy)]
pub struct TakeBreakEntry;

impl Listing for TakeBreakEntry {
    fn name(&self) -> &'static str {
        "takebreak"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["octal", "take-and-break"]
    }

    fn title(&self) -> &'static str {
        "take-and-break games"
    }

    fn summary(&self) -> &'static str {
        "Take-and-break games by their rules: octal and hex codes, subtraction games, Grundy's game"
    }

    fn notation(&self) -> &'static str {
        "RULES:HEAPS, rules 0.137, hex:0.f, S(1,3,4), AB(1,2) or grundy (0.137:5+7+12); \
         moves HEAP->LEFT+LEFT (12->3+4, 5->0)"
    }

    fn example(&self) -> &'static str {
        "0.137:5+7+12"
    }

    fn default_position(&self) -> &'static str {
        "0.137:5+7+12"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["0.137:5+7+12", "0.77:10+6", "grundy:9+5", "S(1,3,4):10+3"]
    }

    fn sample_positions(&self) -> &'static [&'static str] {
        &["0.137:5+7+12", "grundy:9+4", "S(1,3,4):10+3", "0.77:6"]
    }
}

impl GameEntry for TakeBreakEntry {
    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Heaps)
    }

    fn is_family(&self) -> bool {
        true
    }

    /// Heaps only shrink and split, so every later position's heaps are sizes from 1 to
    /// the largest heap of `state`, each distinct size moved in counting once: the options
    /// of every size up to the largest heap bound the legal moves. `None` when that sum
    /// passes [`MOST_MOVES_COUNTED`] (no front end lists so many).
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        let position = TakeBreakRules::parse_position(&state.position()).ok()?;
        let largest = position.heaps.iter().copied().max().unwrap_or(0);
        let mut total: u128 = 0;
        for heap in 1..=largest {
            for_each_option(&position.rules, heap, |_, _| total += 1);
            if total > MOST_MOVES_COUNTED {
                return None;
            }
        }
        Some(total)
    }

    /// Every move removes a token (and leaves at most 3 heaps where there was one) or
    /// splits a heap, so 3 · tokens − heaps falls by at least one each move. (No bound on
    /// the number of moves: splitting a heap can add moves.)
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        let position = TakeBreakRules::parse_position(&state.position()).ok()?;
        let tokens: u128 = position.heaps.iter().map(|heap| u128::from(*heap)).sum();
        Some(3 * tokens - position.heaps.len() as u128)
    }

    /// At most [`SERVED_MAX_HEAPS`] heaps, none over [`SERVED_MAX_HEAP`]: the Grundy
    /// values of every size up to the largest heap are computed, and a move copies the heaps.
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let (count, largest) = with_position::<TakeBreakRules, _>(state, |position| {
            let largest = position.heaps.iter().copied().max().unwrap_or(0);
            (position.heaps.len() as u128, largest)
        })
        .unwrap_or((0, 0));
        OverCap::check("the number of heaps", count, SERVED_MAX_HEAPS as u128)?;
        OverCap::check("the largest heap", largest, SERVED_MAX_HEAP)
    }

    /// The largest heap under four rules of different costs, and the most heaps.
    fn cap_edges(&self) -> Vec<CapEdge> {
        let mut edges: Vec<CapEdge> = ["0.137", "0.77", "grundy", "S(1,3,4)"]
            .iter()
            .map(|rules| CapEdge::new(format!("{rules}:4096"), format!("{rules}:4097")))
            .collect();
        edges.push(CapEdge::new(
            format!("0.137:{}", sum_of("4096", 1_000)),
            format!("0.137:{}", sum_of("1", 1_001)),
        ));
        edges
    }

    /// The largest heap under rules of different costs (the rules with the most options per
    /// heap have the smallest cap), and a sum.
    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        let mut edges: Vec<CapEdge> = [
            ("0.137", 27),
            ("0.77", 25),
            ("grundy", 28),
            ("S(1,3,4)", 35),
            ("4.7", 25),
        ]
        .iter()
        .map(|(rules, cap)| {
            CapEdge::misere(&format!("{rules}:{cap}"), &format!("{rules}:{}", cap + 1))
        })
        .collect();
        let every = format!("hex:c.{}", "f".repeat(40));
        edges.push(CapEdge::misere(&format!("{every}:16"), &format!("{every}:17")));
        edges.push(CapEdge::misere("0.77:13+12", "0.77:13+13"));
        edges
    }

    /// The caps of [`GameEntry::check_served`], and at most [`served_misere_tokens`] of
    /// the rules: the exact misère search values every position reached.
    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        self.check_served(state)?;
        let (tokens, cap) = with_position::<TakeBreakRules, _>(state, |position| {
            let tokens: u128 = position.heaps.iter().map(|heap| u128::from(*heap)).sum();
            (tokens, served_misere_tokens(&position.rules))
        })
        .unwrap_or((0, 0));
        OverCap::check("the number of tokens under misère play", tokens, cap)
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<TakeBreakRules>(self, position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse(position, options.moves, options.stop)?))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_misere_cap_on_tokens_follows_the_options_of_the_rules() {
        let cap = |rules: &str| served_misere_tokens(&rules.parse().unwrap());
        assert_eq!(cap("0.137"), 27);
        assert_eq!(cap("0.77"), 25);
        assert_eq!(cap("4.7"), 25);
        assert_eq!(cap("S(1,3,4)"), 35);
        assert_eq!(cap(&format!("hex:c.{}", "f".repeat(40))), 16);
        // A game without moves still has its positions to search.
        assert_eq!(cap("0.0"), 40);
        // The default position is served under misère play.
        let state = TakeBreakEntry.start("0.137:5+7+12").unwrap();
        assert!(TakeBreakEntry.check_served_misere(state.as_ref()).is_ok());
        let over = TakeBreakEntry.start("0.77:20+6").unwrap();
        assert_eq!(
            TakeBreakEntry
                .check_served_misere(over.as_ref())
                .unwrap_err()
                .to_string(),
            "the number of tokens under misère play is 26, over the server's cap of 25"
        );
    }

    #[test]
    fn a_huge_heap_has_no_stated_move_bound() {
        let state = TakeBreakEntry.start("0.77:1000000").unwrap();
        assert_eq!(TakeBreakEntry.most_moves(state.as_ref()), None);
    }
}
