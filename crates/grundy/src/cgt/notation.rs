//! CGSuite notation: reading values and expressions (printing is in [`crate::cgt::print`]).
//!
//! | written | value |
//! |---|---|
//! | `0`, `-3`, `3/4`, `-5/8` | numbers (dyadic: the denominator is a power of two) |
//! | `*`, `*2` | nimbers |
//! | `^`, `v`, `^^`/`^2`, `vv`/`v2`, `^3`, `↑`, `↓`, `⇑`, `⇓` | multiples of up and down |
//! | `^*`, `1/2^*`, `3*2`, `^*3`, `-1v` | juxtaposed parts add: number, then ups, then star |
//! | `±1`, `+-1`, `±{2|1}`, `±(1*)`, `2±1` | `±G = {G | -G}`; `x±G = x + ±G` |
//! | `±{3,{4|0}}` | `±` of a list of options: `{3, {4|0} | -3, -{4|0}}` |
//! | `^<2>`, `v<3>*`, `1v<2>` | uptimals: up-nth `↑ⁿ` (`↑² = {0|↓*}`), with a number before and a star after |
//! | `Tiny(2)`, `2Tiny(2)`, `Miny(1/32)` | `Tiny(G) = {0||0|-G}`, `Miny(G) = {G|0||0}`; a number before them adds |
//! | `{A, B | C}`, `{|}`, `{0|}` | a game from its Left and Right options |
//! | `{2||1|0}`, `{0||||{0||v|-1},{1|0}}` | `{2 | {1|0}}`: more bars bind looser, so `||` splits first |
//! | `{1|0} + ^ - (1/2 + *)` | sums, differences, negatives, parentheses |
//!
//! In a sign position (at the start, after an operator, after `(`), `-` directly before a
//! number makes a negative number that the ups and star after it join: `-1^` is `-1 + ↑`
//! (as printed), while `-(1^)` is `-1 + ↓`. `+-` written together is `±`.
//!
//! Everything CGSuite prints for a short game is read: its output pasted here gives back the
//! same value, which prints as the same text.

use super::store::{GameId, ValueStore};
use super::tokens::{error_at, partners, tokenize, Dialect, Kind, Misread, Token, MAX_DEPTH};
use super::watch::Interrupted;

/// A text that is not a value (the foundations' error of the value notations).
pub use crate::error::NotationError;

/// A recursive-descent reader over tokens, building values in a store as it reads.
struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    /// For each opening brace or parenthesis, the index of its partner, and back.
    partner: Vec<usize>,
    pos: usize,
    end: usize,
    depth: usize,
    store: &'a mut ValueStore,
}

impl<'a> Parser<'a> {
    fn new(
        text: &'a str,
        tokens: Vec<Token>,
        store: &'a mut ValueStore,
    ) -> Result<Self, NotationError> {
        let partner = partners(text, &tokens)?;
        let end = tokens.len();
        Ok(Parser {
            text,
            tokens,
            partner,
            pos: 0,
            end,
            depth: 0,
            store,
        })
    }

    /// An error at the current token, or at the end of the current range.
    fn error_here(&self, message: &str) -> NotationError {
        if self.pos < self.end {
            error_at(self.text, &self.tokens[self.pos], message)
        } else {
            let position = self
                .tokens
                .get(self.end)
                .map_or(self.text.len(), |t| t.start);
            match self.tokens.get(self.end) {
                Some(token) if self.end < self.tokens.len() => error_at(self.text, token, message),
                _ => NotationError {
                    message: message.to_string(),
                    token: String::new(),
                    position,
                },
            }
        }
    }

    fn peek(&self) -> Option<Kind> {
        (self.pos < self.end).then(|| self.tokens[self.pos].kind.clone())
    }

    /// Parses exactly the tokens `lo..hi` as an expression.
    fn expression_in(&mut self, lo: usize, hi: usize) -> Result<GameId, NotationError> {
        let (saved_pos, saved_end) = (self.pos, self.end);
        self.pos = lo;
        self.end = hi;
        let value = self.expression()?;
        if self.pos < self.end {
            return Err(self.error_here("unexpected token"));
        }
        self.pos = saved_pos;
        self.end = saved_end;
        Ok(value)
    }

    /// expression := signed (('+' | '-') signed)*
    fn expression(&mut self) -> Result<GameId, NotationError> {
        let mut value = self.signed()?;
        loop {
            match self.peek() {
                Some(Kind::Plus) => {
                    self.pos += 1;
                    let term = self.signed()?;
                    value = self.store.add(value, term);
                }
                Some(Kind::Minus) => {
                    self.pos += 1;
                    let term = self.signed()?;
                    value = self.store.sub(value, term);
                }
                _ => return Ok(value),
            }
        }
    }

    /// signed := '-' NUMBER compact-rest | '-' signed | '±' signed | compact ('±' signed)?
    fn signed(&mut self) -> Result<GameId, NotationError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_here(&format!("signs nested deeper than {MAX_DEPTH}")));
        }
        let value = self.signed_inner();
        self.depth -= 1;
        value
    }

    fn signed_inner(&mut self) -> Result<GameId, NotationError> {
        match self.peek() {
            Some(Kind::Minus) => {
                self.pos += 1;
                if let Some(Kind::Number(x)) = self.peek() {
                    self.pos += 1;
                    let number = self.store.number(-x);
                    return self.after_compact(number, true);
                }
                let value = self.signed()?;
                Ok(self.store.neg(value))
            }
            Some(Kind::PlusMinus) => {
                self.pos += 1;
                self.plus_minus_operand()
            }
            _ => {
                let value = self.compact()?;
                self.after_compact(value, false)
            }
        }
    }

    /// The rest of a compact form after its number (`^*` of `-1^*`), then an optional `±G`.
    fn after_compact(&mut self, value: GameId, rest: bool) -> Result<GameId, NotationError> {
        let mut value = value;
        if rest {
            let tail = self.ups_and_star()?;
            if let Some(tail) = tail {
                value = self.store.add(value, tail);
            }
        }
        if self.peek() == Some(Kind::PlusMinus) {
            self.pos += 1;
            let switch = self.plus_minus_operand()?;
            value = self.store.add(value, switch);
        }
        Ok(value)
    }

    /// `Tiny(G) = {0 || 0 | -G}` or `Miny(G) = {G | 0 || 0}`, at a `Tiny` or `Miny` token.
    fn tiny(&mut self, tiny: bool) -> Result<GameId, NotationError> {
        self.pos += 1;
        if self.peek() != Some(Kind::OpenParen) {
            return Err(self.error_here("expected ( after Tiny or Miny"));
        }
        let subscript = self.compact()?;
        let zero = self.store.zero();
        Ok(if tiny {
            let minus = self.store.neg(subscript);
            let inner = self.store.game(&[zero], &[minus]);
            self.store.game(&[zero], &[inner])
        } else {
            let inner = self.store.game(&[subscript], &[zero]);
            self.store.game(&[inner], &[zero])
        })
    }

    /// `±` applied to what follows: `±G`, or `±{A, B}` (a list of options in braces without
    /// a bar), which is `{A, B | -A, -B}`.
    fn plus_minus_operand(&mut self) -> Result<GameId, NotationError> {
        if self.peek() == Some(Kind::Open) {
            let open = self.pos;
            let close = self.partner[open];
            let separators = self.top_level(open + 1, close);
            let has_bars = separators
                .iter()
                .any(|&i| matches!(self.tokens[i].kind, Kind::Bars(_)));
            if !has_bars && close > open + 1 {
                let options = self.side(open, open + 1, close)?;
                self.pos = close + 1;
                let negatives: Vec<GameId> = options.iter().map(|&o| self.store.neg(o)).collect();
                return Ok(self.store.game(&options, &negatives));
            }
        }
        let value = self.signed()?;
        Ok(self.plus_minus(value))
    }

    fn plus_minus(&mut self, value: GameId) -> GameId {
        let negative = self.store.neg(value);
        self.store.game(&[value], &[negative])
    }

    /// Optional ups then optional star, or a `Tiny(G)` / `Miny(G)` (after a number, as in
    /// `2Tiny(2)`).
    fn ups_and_star(&mut self) -> Result<Option<GameId>, NotationError> {
        if let Some(Kind::Tiny(tiny)) = self.peek() {
            return self.tiny(tiny).map(Some);
        }
        let mut parts = Vec::new();
        match self.peek() {
            Some(Kind::Ups(n)) => {
                self.pos += 1;
                parts.push(self.store.ups(n));
            }
            Some(Kind::Uptimal { sign, n }) => {
                self.pos += 1;
                let unit = self.store.up_nth(n);
                parts.push(if sign > 0 { unit } else { self.store.neg(unit) });
            }
            _ => {}
        }
        if let Some(Kind::Star(m)) = self.peek() {
            self.pos += 1;
            parts.push(self.store.nimber(m));
        }
        Ok(if parts.is_empty() {
            None
        } else {
            Some(self.store.sum(&parts))
        })
    }

    /// compact := NUMBER? UPS? STAR? (at least one) | '{' options '}' | '(' expression ')'
    fn compact(&mut self) -> Result<GameId, NotationError> {
        match self.peek() {
            Some(Kind::Number(x)) => {
                self.pos += 1;
                let number = self.store.number(x);
                let tail = self.ups_and_star()?;
                Ok(match tail {
                    Some(tail) => self.store.add(number, tail),
                    None => number,
                })
            }
            Some(Kind::Ups(_) | Kind::Uptimal { .. } | Kind::Star(_) | Kind::Tiny(_)) => {
                let tail = self.ups_and_star()?;
                tail.ok_or_else(|| self.error_here("expected a value"))
            }
            Some(Kind::OpenParen) => {
                let close = self.partner[self.pos];
                if close == self.pos + 1 {
                    return Err(self.error_here("empty parentheses"));
                }
                let value = self.expression_in(self.pos + 1, close)?;
                self.pos = close + 1;
                Ok(value)
            }
            Some(Kind::Open) => {
                let open = self.pos;
                let close = self.partner[open];
                let value = self.braces(open, open + 1, close)?;
                self.pos = close + 1;
                Ok(value)
            }
            _ => Err(self.error_here("expected a value")),
        }
    }

    /// The top-level separators in `lo..hi` (outside nested brackets): bar runs and commas.
    fn top_level(&self, lo: usize, hi: usize) -> Vec<usize> {
        let mut found = Vec::new();
        let mut i = lo;
        while i < hi {
            match self.tokens[i].kind {
                Kind::Open | Kind::OpenParen => i = self.partner[i],
                Kind::Bars(_) | Kind::Comma => found.push(i),
                _ => {}
            }
            i += 1;
        }
        found
    }

    /// The game written between braces `open` and `hi` (tokens `lo..hi`), or a side of one
    /// that is itself written with bars.
    fn braces(&mut self, open: usize, lo: usize, hi: usize) -> Result<GameId, NotationError> {
        let separators = self.top_level(lo, hi);
        let bars: Vec<(usize, usize)> = separators
            .iter()
            .filter_map(|&i| match self.tokens[i].kind {
                Kind::Bars(n) => Some((i, n)),
                _ => None,
            })
            .collect();
        let Some(most) = bars.iter().map(|&(_, n)| n).max() else {
            return Err(error_at(
                self.text,
                &self.tokens[open],
                "a game in braces needs a bar between its Left and Right options",
            ));
        };
        let widest: Vec<usize> = bars
            .iter()
            .filter(|&&(_, n)| n == most)
            .map(|&(i, _)| i)
            .collect();
        if widest.len() > 1 {
            return Err(error_at(
                self.text,
                &self.tokens[widest[1]],
                "ambiguous bars: two of the same width at one level (add braces)",
            ));
        }
        let split = widest[0];
        let lefts = self.side(split, lo, split)?;
        let rights = self.side(split, split + 1, hi)?;
        Ok(self.store.game(&lefts, &rights))
    }

    /// One side of a game: empty, a single game written with bars, or a list of values.
    fn side(&mut self, bar: usize, lo: usize, hi: usize) -> Result<Vec<GameId>, NotationError> {
        if lo == hi {
            return Ok(Vec::new());
        }
        let separators = self.top_level(lo, hi);
        let has_bars = separators
            .iter()
            .any(|&i| matches!(self.tokens[i].kind, Kind::Bars(_)));
        if has_bars {
            return Ok(vec![self.braces(bar, lo, hi)?]);
        }
        let mut options = Vec::new();
        let mut from = lo;
        for &comma in separators.iter().chain(std::iter::once(&hi)) {
            if comma == from {
                let at = if comma < hi { comma } else { hi - 1 };
                return Err(error_at(self.text, &self.tokens[at], "empty option"));
            }
            options.push(self.expression_in(from, comma)?);
            from = comma + 1;
        }
        Ok(options)
    }
}

impl ValueStore {
    /// Reads a value or an expression of values (`{1|0} + ^ - (1/2 + *)`) and returns its
    /// canonical form.
    ///
    /// ```
    /// use grundy::cgt::ValueStore;
    /// let mut store = ValueStore::new();
    /// let g = store.evaluate("{1|0} + ^ - (1/2 + *)").unwrap();
    /// assert_eq!(store.display(g), "{1/2^*|-1/2^*}");
    /// let error = store.evaluate("1 + 1/3").unwrap_err();
    /// assert_eq!((error.token.as_str(), error.position), ("1/3", 4));
    /// ```
    pub fn evaluate(&mut self, text: &str) -> Result<GameId, NotationError> {
        // Reading a long number looks at the stop of the bounded run under way; stopped,
        // the run is interrupted and the answer is its placeholder.
        let tokens = match tokenize(text, Dialect::Short, self.stop()) {
            Ok(tokens) => tokens,
            Err(Misread::Notation(error)) => return Err(error),
            Err(Misread::Stopped(stopped)) => {
                self.interrupt(Interrupted::Stopped(stopped));
                return Ok(self.placeholder());
            }
        };
        let mut parser = Parser::new(text, tokens, self)?;
        if parser.tokens.is_empty() {
            return Err(NotationError {
                message: "expected a value".to_string(),
                token: String::new(),
                position: text.len(),
            });
        }
        let end = parser.end;
        parser.expression_in(0, end)
    }

    /// Reads a value written in notation; the same as [`evaluate`](Self::evaluate), since
    /// every canonical form is written as an expression.
    pub fn parse(&mut self, text: &str) -> Result<GameId, NotationError> {
        self.evaluate(text)
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

    fn error(text: &str) -> (String, usize) {
        let mut store = ValueStore::new();
        let e = store.evaluate(text).unwrap_err();
        (e.token, e.position)
    }

    #[test]
    fn compact_values() {
        for (text, expected) in [
            ("0", "0"),
            ("-3", "-3"),
            ("3/4", "3/4"),
            ("-5/8", "-5/8"),
            ("*", "*"),
            ("*2", "*2"),
            ("^", "^"),
            ("v", "v"),
            ("^*", "^*"),
            ("v*", "v*"),
            ("^2", "^^"),
            ("^^", "^^"),
            ("v2", "vv"),
            ("^3", "^3"),
            ("↑", "^"),
            ("↓", "v"),
            ("⇑", "^^"),
            ("⇓", "vv"),
            ("1/2^*", "1/2^*"),
            ("3*2", "3*2"),
            ("^*3", "^*3"),
            ("-1^", "-1^"),
            ("-(1^)", "-1v"),
            ("{|}", "0"),
            ("{0|}", "1"),
            ("{|0}", "-1"),
            ("{0|0}", "*"),
            ("{0|*}", "^"),
            ("{0|1}", "1/2"),
            ("{0,*|0,*}", "*2"),
        ] {
            assert_eq!(shown(text), expected, "{text}");
        }
    }

    #[test]
    fn switches_and_general_games() {
        assert_eq!(shown("±1"), "±1");
        assert_eq!(shown("+-1"), "±1");
        assert_eq!(shown("{1|-1}"), "±1");
        assert_eq!(shown("2±1"), "{3|1}");
        assert_eq!(shown("1±1"), "{2|0}");
        assert_eq!(shown("±{1,{2|0}}"), "±{1,{2|0}}");
        assert_eq!(shown("+-{1,{2|0}}"), "±{1,{2|0}}");
        assert_eq!(shown("1±{1,{2|0}}"), shown("1 + ±{1,{2|0}}"));
        assert_eq!(shown("2Tiny(2)"), shown("2 + {0||0|-2}"));
        assert_eq!(shown("Miny(1/32)"), shown("{1/32|0||0}"));
        // Uptimals as CGSuite writes them: ↑² = {0|↓*}, ↓² its negative, ↑[2] = ↑ + ↑².
        assert_eq!(shown("^<2>"), "{0|v*}");
        assert_eq!(shown("v<2>"), "{^*|0}");
        assert_eq!(shown("^<1>"), "^");
        assert_eq!(shown("1v<2>*"), shown("1 - ^<2> + *"));
        assert_eq!(shown("{2|-1}"), "{2|-1}");
        assert_eq!(shown("{2||1|0}"), "{2||1|0}");
        assert_eq!(shown("{2|{1|0}}"), "{2||1|0}");
        assert_eq!(shown("{{2|1}|{0|-1}}"), "{2|1||0|-1}");
        assert_eq!(shown("±{2|1}"), "±{2|1}");
        // Right prefers {1|0} to 2, which is dominated.
        assert_eq!(shown("{3|2,{1|0}}"), "{3||1|0}");
        // Options in CGSuite's order: {1|0} before {1|*} (a number before a nimber).
        assert_eq!(shown("{3|{1|0},{1|*}}"), "{3|{1|0},{1|*}}");
        // A nus without ups before one with them, whatever their sign, as CGSuite orders
        // uptimal expansions (its Fox and Geese value `{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}`).
        assert_eq!(shown("{3|5/2v,5/2*}"), "{3|5/2*,5/2v}");
        assert_eq!(shown("{3|5/2^,5/2*}"), "{3|5/2*,5/2^}");
    }

    #[test]
    fn expressions() {
        assert_eq!(shown("^ + ^"), "^^");
        assert_eq!(shown("* + *"), "0");
        assert_eq!(shown("1/2 + 1/2"), "1");
        assert_eq!(shown("{1|0} - {1|0}"), "0");
        assert_eq!(shown("-(^*)"), "v*");
        assert_eq!(shown("-^"), "v");
        assert_eq!(shown("3 - -2"), "5");
    }

    #[test]
    fn errors_name_the_token_and_its_position() {
        assert_eq!(error("1/3"), ("1/3".to_string(), 0));
        assert_eq!(error("{1|0} + x"), ("x".to_string(), 8));
        assert_eq!(error("{1|2|3}"), ("|".to_string(), 4));
        assert_eq!(error("{1}"), ("{".to_string(), 0));
        assert_eq!(error("(1"), ("(".to_string(), 0));
        assert_eq!(error("1 2"), ("2".to_string(), 2));
        assert_eq!(error(""), (String::new(), 0));
        assert_eq!(error("1 +"), (String::new(), 3));
        assert_eq!(error("{1,|0}"), (",".to_string(), 2));
        assert_eq!(error("^<2"), ("^<2".to_string(), 0));
        assert_eq!(error("v<x>"), ("v<x".to_string(), 0));
        assert_eq!(error("1 + ^<é"), ("^<é".to_string(), 4));
        assert!(error(&"(".repeat(10_000)).1 < 1000);
        assert!(error(&"-".repeat(10_000)).1 < 1000);
    }
}
