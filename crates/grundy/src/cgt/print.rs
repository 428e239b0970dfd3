//! Printing canonical forms exactly as CGSuite prints them, so that its output pasted here
//! reads back to the same value and prints as the same text.
//!
//! The rules follow CGSuite's `CanonicalShortGame` output (lib/core, `appendTo`):
//!
//! - A nus is written compactly: `0`, `-5/8`, `*2`, `^^*`, `1/2v*3`.
//! - Uptimals other than nus are written with braces, as in CGSuite's
//!   `CanonicalShortGameTestCase` (`{^|*||*|||*}`, `{0||0|v*}`); its `^<n>` is
//!   read (see [`crate::cgt::notation`]) but not printed.
//! - A game equal to its own negative, `{A, B | -A, -B}`, is written `±A` or `±{A,B}`. A
//!   single option that is a nus other than a number, a nimber or a multiple of up is put in
//!   parentheses (`±(1*)`, `±(^*)`); a game option is put in braces (`±{2|1}`).
//! - `{x || x | x - y}` with `x` a number and `y` a game whose mean is positive is
//!   `xTiny(y)` (`Tiny(1) = {0||0|-1}`, `2Tiny(2) = {2||2|0}`); its negative
//!   `{x + y | x || x}` is `xMiny(y)`.
//! - Otherwise the game is written with bars: a side with one option writes it without
//!   braces and the bar grows (`{2||1|0}`), a side with several writes each in braces
//!   (`{3|{1|*},{1|0}}`). A game whose bar would reach four (`||||`) is closed in braces and
//!   counts as a single token to the game around it, so no bar is longer than four:
//!   `{5|{4||||3|||2||1|0}}`. The whole value is always in braces.
//! - Options are listed in CGSuite's deterministic order: numbers by size, then nimbers, then
//!   other nus, then games compared by their sorted Left options and then their Right ones.

use std::cmp::Ordering;
use std::rc::Rc;

use super::dyadic::Dyadic;
use super::store::{deep, GameId, IdMap, ValueStore};

/// The widest bar written; a game that would need it is closed in braces.
const MAX_BARS: usize = 4;

/// What each game written is counted as against a bounded run's memory limit: its
/// punctuation (braces, bars, a comma) and, with the copies that join the two sides, twice
/// that held while the text is put together.
const PRINTED_BYTES_PER_GAME: usize = 16;

/// What each list of options kept in print order is counted as against a bounded run's
/// memory limit: its allocation and its entry in the map, and each option's id.
const SORTED_BYTES: usize = 48;
/// See [`SORTED_BYTES`].
const SORTED_BYTES_PER_OPTION: usize = 4;

/// The options of each game met while printing one value, in print order (`true` for the
/// Left options). Games are ordered by their sorted options, so without it the options of a
/// game deep in the tree would be sorted again for every comparison above it, a number of
/// sorts exponential in the depth: the value of the Hackenbush picture
/// `GGRRBRBRBRGGGGGGGGGGGGGRBRBRBRGGGG+GGBG` (140 values) had not printed its first 1 MB
/// in 30 s, and prints 64 MB in a quarter of a second with it.
type SortedOptions = IdMap<(GameId, bool), Rc<[GameId]>>;

impl ValueStore {
    /// The canonical form of `g` in CGSuite notation (see [`crate::cgt::print`] for the
    /// rules).
    ///
    /// ```
    /// use grundy::cgt::ValueStore;
    /// let mut store = ValueStore::new();
    /// let g = store.evaluate("{5|{4|{3|{2|{1|0}}}}}").unwrap();
    /// assert_eq!(store.display(g), "{5|{4||||3|||2||1|0}}");
    /// let tiny = store.evaluate("{0||0|-2}").unwrap();
    /// assert_eq!(store.display(tiny), "Tiny(2)");
    /// ```
    pub fn display(&mut self, g: GameId) -> String {
        let mut out = String::new();
        self.write_game(g, true, false, &mut out, &mut SortedOptions::default());
        out
    }

    /// Writes `g` as an option inside a loopy game's printed form: in braces when
    /// `force_braces`, a compound nus in parentheses when `force_parens`; returns the width
    /// of its outer bar when it is left open (0 when it is a single token).
    pub(crate) fn write_short(
        &mut self,
        g: GameId,
        force_braces: bool,
        force_parens: bool,
        out: &mut String,
    ) -> usize {
        self.write_game(
            g,
            force_braces,
            force_parens,
            out,
            &mut SortedOptions::default(),
        )
    }

    /// CGSuite's deterministic order of short games (numbers, nimbers, other nus, then the
    /// rest by their options), for the printed forms of loopy games.
    pub(crate) fn print_order_of(&mut self, g: GameId, h: GameId) -> Ordering {
        self.print_order(g, h, &mut SortedOptions::default())
    }

    /// Writes `g`; returns the width of its outer bar when it is left open (0 when it is a
    /// single token: a nus, a `±` form, a tiny or a game in braces).
    fn write_game(
        &mut self,
        g: GameId,
        force_braces: bool,
        force_parens: bool,
        out: &mut String,
        sorted: &mut SortedOptions,
    ) -> usize {
        if let Some(nus) = self.as_nus(g) {
            let plain =
                nus.is_number() || nus.number == Dyadic::ZERO && (nus.ups == 0 || nus.nimber == 0);
            let parens = force_parens && !plain;
            if parens {
                out.push('(');
            }
            let text = nus.to_string();
            out.push_str(&text);
            if parens {
                out.push(')');
            }
            self.charge(PRINTED_BYTES_PER_GAME + 2 * text.len());
            return 0;
        }
        // A printed form can be far larger than the store's nodes (it writes every shared
        // option out again): each game written is a step of a bounded run, and its text
        // counts against the run's memory limit.
        self.charge(PRINTED_BYTES_PER_GAME);
        self.step();
        if self.is_interrupted() {
            return 0;
        }
        let lefts = self.sorted_options(g, true, sorted);
        let rights = self.sorted_options(g, false, sorted);
        if self.is_own_negative(&lefts, &rights) {
            out.push('±');
            if lefts.len() > 1 {
                out.push('{');
            }
            for (i, &option) in lefts.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                deep(|| self.write_game(option, true, lefts.len() == 1, out, sorted));
            }
            if lefts.len() > 1 {
                out.push('}');
            }
            return 0;
        }
        if let Some((name, translate, subscript)) = self.tiny_form(&lefts, &rights) {
            if force_parens {
                out.push('(');
            }
            if translate != Dyadic::ZERO {
                out.push_str(&translate.to_string());
            }
            out.push_str(name);
            out.push('(');
            deep(|| self.write_game(subscript, true, false, out, sorted));
            out.push(')');
            if force_parens {
                out.push(')');
            }
            return 0;
        }
        let mut left_text = String::new();
        let left_bars = self.write_side(&lefts, &mut left_text, sorted);
        let mut right_text = String::new();
        let right_bars = self.write_side(&rights, &mut right_text, sorted);
        let bars = left_bars.max(right_bars);
        let closed = force_braces || bars == MAX_BARS;
        if closed {
            out.push('{');
        }
        out.push_str(&left_text);
        out.push_str(&"|".repeat(bars));
        out.push_str(&right_text);
        if closed {
            out.push('}');
            0
        } else {
            bars
        }
    }

    /// Writes one side's options, comma-separated; returns the bar the side needs.
    fn write_side(
        &mut self,
        options: &[GameId],
        out: &mut String,
        sorted: &mut SortedOptions,
    ) -> usize {
        let mut bars = 1;
        for (i, &option) in options.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let width = deep(|| self.write_game(option, options.len() > 1, false, out, sorted));
            bars = bars.max(width + 1);
        }
        bars
    }

    /// Whether a game with these options equals its negative (`{A | -A}`, written `±A`).
    fn is_own_negative(&mut self, lefts: &[GameId], rights: &[GameId]) -> bool {
        if lefts.is_empty() || lefts.len() != rights.len() {
            return false;
        }
        let mut negated: Vec<GameId> = lefts.iter().map(|&l| self.neg(l)).collect();
        let mut rights = rights.to_vec();
        negated.sort_unstable();
        rights.sort_unstable();
        negated == rights
    }

    /// `Some(("Tiny", x, y))` when the game is `x + Tiny(y) = {x || x | x - y}` with `x` a
    /// number and `y` of positive mean; `Some(("Miny", x, y))` for `x + Miny(y) =
    /// {x + y | x || x}`.
    fn tiny_form(
        &mut self,
        lefts: &[GameId],
        rights: &[GameId],
    ) -> Option<(&'static str, Dyadic, GameId)> {
        let ([left], [right]) = (lefts, rights) else {
            return None;
        };
        let (left, right) = (*left, *right);
        if let Some(x) = self.as_number(left) {
            let inner_lefts = self.left_options(right);
            let inner_rights = self.right_options(right);
            if let ([inner_left], [inner_right]) = (inner_lefts.as_slice(), inner_rights.as_slice())
            {
                if *inner_left == left && self.mean(*inner_right) < x {
                    let subscript = self.sub(left, *inner_right);
                    return Some(("Tiny", x, subscript));
                }
            }
        }
        if let Some(x) = self.as_number(right) {
            let inner_lefts = self.left_options(left);
            let inner_rights = self.right_options(left);
            if let ([inner_left], [inner_right]) = (inner_lefts.as_slice(), inner_rights.as_slice())
            {
                if *inner_right == right && self.mean(*inner_left) > x {
                    let subscript = self.sub(*inner_left, right);
                    return Some(("Miny", x, subscript));
                }
            }
        }
        None
    }

    /// The Left (or Right) options of `g` in CGSuite's deterministic order, sorted once per
    /// printing (`sorted` keeps them). Once a bounded run is interrupted the order is a
    /// placeholder, like every answer of the run: the comparisons are not store operations
    /// that answer at once, and would go on sorting after the limit has passed.
    fn sorted_options(
        &mut self,
        g: GameId,
        left: bool,
        sorted: &mut SortedOptions,
    ) -> Rc<[GameId]> {
        if let Some(options) = sorted.get(&(g, left)) {
            return options.clone();
        }
        let mut options = if left {
            self.left_options(g)
        } else {
            self.right_options(g)
        };
        // Insertion sort: option lists are short and the comparison needs the store.
        for i in 1..options.len() {
            let mut j = i;
            while j > 0
                && !self.is_interrupted()
                && self.print_order(options[j], options[j - 1], sorted) == Ordering::Less
            {
                options.swap(j, j - 1);
                j -= 1;
            }
        }
        let options: Rc<[GameId]> = options.into();
        if !self.is_interrupted() {
            self.charge(SORTED_BYTES + SORTED_BYTES_PER_OPTION * options.len());
            sorted.insert((g, left), options.clone());
        }
        options
    }

    /// CGSuite's deterministic order of games: numbers by size, then nimbers, then other
    /// nus (by number, ups, nimber), then other games by their sorted Left options and then
    /// their sorted Right options, a shorter list first when one is a prefix of the other.
    fn print_order(&mut self, g: GameId, h: GameId, sorted: &mut SortedOptions) -> Ordering {
        if g == h || self.is_interrupted() {
            return Ordering::Equal;
        }
        let rank = |store: &Self, x: GameId| match store.as_nus(x) {
            Some(n) if n.is_number() => 0,
            Some(n) if n.number == Dyadic::ZERO && n.ups == 0 => 1,
            Some(_) => 2,
            None => 3,
        };
        let (rg, rh) = (rank(self, g), rank(self, h));
        if rg != rh {
            return rg.cmp(&rh);
        }
        match (self.as_nus(g), self.as_nus(h)) {
            // As CGSuite's uptimal expansions compare: the number, then a nus without ups
            // before one with, then the ups, then the nimber (`5/2*` before `5/2v`).
            (Some(a), Some(b)) => (a.number, !a.ups.is_zero(), a.ups, a.nimber).cmp(&(
                b.number,
                !b.ups.is_zero(),
                b.ups,
                b.nimber,
            )),
            _ => {
                let gl = self.sorted_options(g, true, sorted);
                let hl = self.sorted_options(h, true, sorted);
                match self.compare_lists(&gl, &hl, sorted) {
                    Ordering::Equal => {
                        let gr = self.sorted_options(g, false, sorted);
                        let hr = self.sorted_options(h, false, sorted);
                        self.compare_lists(&gr, &hr, sorted)
                    }
                    other => other,
                }
            }
        }
    }

    fn compare_lists(
        &mut self,
        a: &[GameId],
        b: &[GameId],
        sorted: &mut SortedOptions,
    ) -> Ordering {
        for (&x, &y) in a.iter().zip(b) {
            match deep(|| self.print_order(x, y, sorted)) {
                Ordering::Equal => {}
                other => return other,
            }
        }
        a.len().cmp(&b.len())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn shown(text: &str) -> String {
        let mut store = ValueStore::new();
        let g = store.evaluate(text).unwrap();
        store.display(g)
    }

    /// CGSuite prints `+-` where its pictures show `±`; this printer writes `±`.
    fn as_printed(cgsuite: &str) -> String {
        cgsuite.replace("+-", "±")
    }

    /// Strings CGSuite prints, from its own test suite (github.com/aaron-siegel/cgsuite,
    /// lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala, the
    /// pairs of input and printed canonical form): read back, they print the same.
    #[test]
    fn cgsuite_canonical_short_game_test_cases() {
        for (input, printed) in [
            ("0", "0"),
            ("5", "5"),
            ("-1/2", "-1/2"),
            ("25/16", "25/16"),
            ("*8", "*8"),
            ("^", "^"),
            ("v*", "v*"),
            ("6+^*", "6^*"),
            ("^*6", "^*6"),
            ("73/16+v9*8", "73/16v9*8"),
            ("{0|*||*|||*||||*}", "{^|*||*|||*}"),
            ("{0||0|v*}", "{0||0|v*}"),
        ] {
            assert_eq!(shown(input), printed, "{input}");
            assert_eq!(shown(printed), printed, "{printed}");
        }
    }

    /// Canonical forms CGSuite prints for game positions, from its test suite
    /// (github.com/aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
    /// GameGridTest.scala): Amazons `x...|o...`, Domineering on the empty 4 x 4 board,
    /// AntiClobber `xoxo|oo..` and Clobber `xox|ox.`. Pasted here they print the same text.
    #[test]
    fn cgsuite_game_grid_outputs_read_back_unchanged() {
        for cgsuite in [
            "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}",
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
            "{*|-1}",
            "{^^*|*,v}",
        ] {
            assert_eq!(shown(cgsuite), as_printed(cgsuite), "{cgsuite}");
        }
    }

    #[test]
    fn bars_stop_at_four_and_the_game_is_closed_in_braces() {
        assert_eq!(shown("{2|{1|0}}"), "{2||1|0}");
        assert_eq!(shown("{3|{2|{1|0}}}"), "{3|||2||1|0}");
        assert_eq!(shown("{4|{3|{2|{1|0}}}}"), "{4||||3|||2||1|0}");
        assert_eq!(shown("{5|{4|{3|{2|{1|0}}}}}"), "{5|{4||||3|||2||1|0}}");
        assert_eq!(
            shown("{6||5|{4||||3|||2||1|0}}"),
            "{6||5|{4||||3|||2||1|0}}"
        );
        assert_eq!(shown("{{2|1}|{0|-1}}"), "{2|1||0|-1}");
        // Several options on a side: each in braces.
        assert_eq!(shown("{3|{1|0},{1|*}}"), "{3|{1|0},{1|*}}");
    }

    #[test]
    fn switches_tinies_and_their_parentheses() {
        assert_eq!(shown("{1|-1}"), "±1");
        assert_eq!(shown("{1*|-1*}"), "±(1*)");
        assert_eq!(shown("±(1^*)"), "±(1^*)");
        assert_eq!(shown("{1/2|-1/2}"), "±1/2");
        assert_eq!(shown("{*2|*2}"), "0");
        assert_eq!(shown("±{2|1}"), "±{2|1}");
        assert_eq!(shown("±{3,{4|0}}"), "±{3,{4|0}}");
        // CGSuite writes ± only for a game equal to its negative: {3|1} stays braces.
        assert_eq!(shown("2±1"), "{3|1}");
        assert_eq!(shown("{0||0|-1}"), "Tiny(1)");
        assert_eq!(shown("{1|0||0}"), "Miny(1)");
        assert_eq!(shown("{2||2|0}"), "2Tiny(2)");
        assert_eq!(shown("-3 + Tiny(1/2)"), "-3Tiny(1/2)");
        assert_eq!(shown("Tiny({2|1})"), "Tiny({2|1})");
        assert_eq!(shown("{0||0|{-1|-2}}"), "Tiny({2|1})");
        // Not tiny: the inner Right option's mean is not below the number.
        assert_eq!(shown("{0||0|v*}"), "{0||0|v*}");
    }
}
