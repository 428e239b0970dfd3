//! CGSuite's notation of loopy games: reading values and expressions.
//!
//! Everything the short notation reads ([`crate::cgt::notation`]) is read here too, and:
//!
//! | written | value |
//! |---|---|
//! | `{pass|}`, `{0|pass}` | `pass` as an option: a move to the game itself |
//! | `a{0|a}`, `a{{|a}|}`, `a{0||||0|||a|*||*}` | a name before a brace names that position; the name inside it is a move back to it |
//! | `on`, `off`, `over`, `under`, `upon`, `dud`, `tis`, `tisn` | `{pass|}`, `{|pass}`, `{0|pass}`, `{pass|0}`, `{pass|*}`, `{pass|pass}`, `a{{|a}|}`, `a{|{a|}}` |
//! | `5over`, `3/2under`, `-5under` | `x over = {x|pass}`, `x under = {pass|x}` |
//! | `^[on]`, `-1/4v[on]`, `4v[on]*`, `^<on>`, `v<on>*` | the upon forms CGSuite prints (see [`super::print`]) |
//! | `Tiny(on)`, `Miny(over)` | `{0||0|-G}`, `{G|0||0}` of a loopy `G` |
//! | `A & B` | the sided value with onside `A` and offside `B` (`{on||0|-1/2} & {1/2|0||off}`) |
//!
//! Sums, differences, negatives, `±` and parentheses work on loopy values as on short ones.
//! A name or `pass` stands only as a whole option inside braces; a name defined twice, a
//! name used where it is not defined, and `pass` elsewhere are errors that name the token
//! and its byte offset.

use std::collections::HashMap;

use super::budget::LoopyError;
use super::graph::Graph;
use super::value::{LoopyEngine, LoopyValue};
use crate::cgt::dyadic::Dyadic;
use crate::cgt::notation::NotationError;
use crate::cgt::store::GameId;
use crate::cgt::tokens::{error_at, partners, tokenize, Dialect, Kind, Misread, Token, MAX_DEPTH};
use crate::stop::Stop;

/// The words that name constant values.
const CONSTANTS: [&str; 8] = ["on", "off", "dud", "over", "under", "upon", "tis", "tisn"];

/// Whether `text` needs the loopy notation: it has `pass`, a named position, a loopy
/// constant (`on`, `over`, `dud`, …), an upon form or `&`. Texts without them are short
/// expressions, read by the short notation exactly as before.
pub fn is_loopy(text: &str) -> bool {
    let Ok(tokens) = tokenize(text, Dialect::Loopy, &Stop::never()) else {
        return false;
    };
    tokens
        .iter()
        .enumerate()
        .any(|(i, token)| match &token.kind {
            Kind::Upon { .. } | Kind::Amp => true,
            Kind::Word(word) => {
                word == "pass"
                    || CONSTANTS.contains(&word.as_str())
                    || tokens.get(i + 1).is_some_and(|t| t.kind == Kind::Open)
            }
            _ => false,
        })
}

/// A short compact form: a number, ups (or an uptimal), a star.
#[derive(Debug, Clone, Default)]
struct Compact {
    number: Option<Dyadic>,
    ups: Option<i64>,
    uptimal: Option<(i8, u64)>,
    star: Option<u64>,
}

/// A value read, before it is computed.
#[derive(Debug, Clone)]
enum Ast {
    Compact(Compact),
    /// `x over` or `x under`.
    Pseudo {
        number: Dyadic,
        over: bool,
    },
    /// `x^[on]*n` and its kin.
    Upon {
        number: Dyadic,
        down: bool,
        th: bool,
        nimber: u64,
    },
    Constant(String),
    Sum(Box<Ast>, Box<Ast>),
    Difference(Box<Ast>, Box<Ast>),
    Negative(Box<Ast>),
    /// `±G`, or `±{A, B}`.
    PlusMinus(Vec<Ast>),
    Sided(Box<Ast>, Box<Ast>),
    Tiny {
        tiny: bool,
        arg: Box<Ast>,
    },
    Game {
        name: Option<(String, usize, usize)>,
        left: Vec<Ast>,
        right: Vec<Ast>,
    },
    Pass(usize, usize),
    Reference(String, usize, usize),
}

impl Ast {
    /// Whether this needs a graph built in place: it has `pass`, a name or a named game.
    fn needs_graph(&self) -> bool {
        match self {
            Ast::Pass(..) | Ast::Reference(..) => true,
            Ast::Game { name, left, right } => {
                name.is_some() || left.iter().chain(right).any(Ast::needs_graph)
            }
            Ast::Sum(a, b) | Ast::Difference(a, b) | Ast::Sided(a, b) => {
                a.needs_graph() || b.needs_graph()
            }
            Ast::Negative(a) | Ast::Tiny { arg: a, .. } => a.needs_graph(),
            Ast::PlusMinus(list) => list.iter().any(Ast::needs_graph),
            _ => false,
        }
    }

    /// The first `pass` or name inside that no game inside binds (a `pass` binds to the
    /// game it is an option of, a name to the game it names), with where it is. `option`:
    /// whether this stands as a whole option of a game; `bound`: the names of the games
    /// inside around it.
    fn free<'a>(
        &'a self,
        bound: &mut Vec<&'a str>,
        option: bool,
    ) -> Option<(&'a str, usize, usize)> {
        match self {
            Ast::Pass(start, end) => (!option).then_some(("pass", *start, *end)),
            Ast::Reference(name, start, end) => (!(option && bound.contains(&name.as_str())))
                .then_some((name.as_str(), *start, *end)),
            Ast::Game { name, left, right } => {
                if let Some((name, _, _)) = name {
                    bound.push(name);
                }
                let found = left.iter().chain(right).find_map(|a| a.free(bound, true));
                if name.is_some() {
                    bound.pop();
                }
                found
            }
            Ast::Sum(a, b) | Ast::Difference(a, b) | Ast::Sided(a, b) => {
                a.free(bound, false).or_else(|| b.free(bound, false))
            }
            Ast::Negative(a) | Ast::Tiny { arg: a, .. } => a.free(bound, false),
            Ast::PlusMinus(list) => list.iter().find_map(|a| a.free(bound, false)),
            _ => None,
        }
    }

    /// The first name defined again inside the braces it names (where a reference to it
    /// would be ambiguous), with where; `enclosing` holds the names around.
    fn redefined<'a>(&'a self, enclosing: &mut Vec<&'a str>) -> Option<(&'a str, usize, usize)> {
        match self {
            Ast::Game { name, left, right } => {
                if let Some((name, start, end)) = name {
                    if enclosing.contains(&name.as_str()) {
                        return Some((name, *start, *end));
                    }
                    enclosing.push(name);
                }
                let found = left
                    .iter()
                    .chain(right)
                    .find_map(|a| a.redefined(enclosing));
                if name.is_some() {
                    enclosing.pop();
                }
                found
            }
            Ast::Sum(a, b) | Ast::Difference(a, b) | Ast::Sided(a, b) => {
                a.redefined(enclosing).or_else(|| b.redefined(enclosing))
            }
            Ast::Negative(a) | Ast::Tiny { arg: a, .. } => a.redefined(enclosing),
            Ast::PlusMinus(list) => list.iter().find_map(|a| a.redefined(enclosing)),
            _ => None,
        }
    }

    /// The first name that is a constant's or `pass`, with where.
    fn reserved(&self) -> Option<(&str, usize, usize)> {
        match self {
            Ast::Game { name, left, right } => {
                if let Some((name, start, end)) = name {
                    if CONSTANTS.contains(&name.as_str()) || name == "pass" {
                        return Some((name, *start, *end));
                    }
                }
                left.iter().chain(right).find_map(Ast::reserved)
            }
            Ast::Sum(a, b) | Ast::Difference(a, b) | Ast::Sided(a, b) => {
                a.reserved().or_else(|| b.reserved())
            }
            Ast::Negative(a) | Ast::Tiny { arg: a, .. } => a.reserved(),
            Ast::PlusMinus(list) => list.iter().find_map(Ast::reserved),
            _ => None,
        }
    }
}

/// A recursive-descent reader over tokens, making the tree of the value.
struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    partner: Vec<usize>,
    pos: usize,
    end: usize,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, stop: &Stop) -> Result<Self, LoopyError> {
        let tokens = tokenize(text, Dialect::Loopy, stop).map_err(|misread| match misread {
            Misread::Notation(error) => LoopyError::Notation(error),
            Misread::Stopped(stopped) => LoopyError::Stopped(stopped),
        })?;
        let partner = partners(text, &tokens)?;
        let end = tokens.len();
        Ok(Parser {
            text,
            tokens,
            partner,
            pos: 0,
            end,
            depth: 0,
        })
    }

    fn error_here(&self, message: &str) -> NotationError {
        match self.tokens.get(self.pos.min(self.end)) {
            Some(token) if self.pos < self.end || self.end < self.tokens.len() => {
                error_at(self.text, token, message)
            }
            _ => NotationError {
                message: message.to_string(),
                token: String::new(),
                position: self.text.len(),
            },
        }
    }

    fn peek(&self) -> Option<&Kind> {
        (self.pos < self.end).then(|| &self.tokens[self.pos].kind)
    }

    /// Reads exactly the tokens `lo..hi`.
    fn whole(&mut self, lo: usize, hi: usize) -> Result<Ast, NotationError> {
        let saved = (self.pos, self.end);
        self.pos = lo;
        self.end = hi;
        let value = self.sided()?;
        if self.pos < self.end {
            return Err(self.error_here("unexpected token"));
        }
        (self.pos, self.end) = saved;
        Ok(value)
    }

    /// sided := expression ('&' expression)?
    fn sided(&mut self) -> Result<Ast, NotationError> {
        let onside = self.expression()?;
        if self.peek() == Some(&Kind::Amp) {
            self.pos += 1;
            let offside = self.expression()?;
            if self.peek() == Some(&Kind::Amp) {
                return Err(self.error_here("a sided value has one & (add parentheses)"));
            }
            return Ok(Ast::Sided(Box::new(onside), Box::new(offside)));
        }
        Ok(onside)
    }

    /// expression := signed (('+' | '-') signed)*
    fn expression(&mut self) -> Result<Ast, NotationError> {
        let mut value = self.signed()?;
        loop {
            match self.peek() {
                Some(Kind::Plus) => {
                    self.pos += 1;
                    value = Ast::Sum(Box::new(value), Box::new(self.signed()?));
                }
                Some(Kind::Minus) => {
                    self.pos += 1;
                    value = Ast::Difference(Box::new(value), Box::new(self.signed()?));
                }
                _ => return Ok(value),
            }
        }
    }

    fn signed(&mut self) -> Result<Ast, NotationError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_here(&format!("signs nested deeper than {MAX_DEPTH}")));
        }
        let value = self.signed_inner();
        self.depth -= 1;
        value
    }

    fn signed_inner(&mut self) -> Result<Ast, NotationError> {
        match self.peek() {
            Some(Kind::Minus) => {
                self.pos += 1;
                if let Some(Kind::Number(x)) = self.peek() {
                    let x = -x.clone();
                    self.pos += 1;
                    let value = self.after_number(x)?;
                    return self.after_compact(value);
                }
                Ok(Ast::Negative(Box::new(self.signed()?)))
            }
            Some(Kind::PlusMinus) => {
                self.pos += 1;
                self.plus_minus_operand()
            }
            _ => {
                let value = self.compact()?;
                self.after_compact(value)
            }
        }
    }

    /// An optional `±G` after a compact value (`2±1`).
    fn after_compact(&mut self, value: Ast) -> Result<Ast, NotationError> {
        if self.peek() == Some(&Kind::PlusMinus) {
            self.pos += 1;
            let switch = self.plus_minus_operand()?;
            return Ok(Ast::Sum(Box::new(value), Box::new(switch)));
        }
        Ok(value)
    }

    /// `±G`, or `±{A, B}` (a list without a bar).
    fn plus_minus_operand(&mut self) -> Result<Ast, NotationError> {
        if self.peek() == Some(&Kind::Open) {
            let open = self.pos;
            let close = self.partner[open];
            let has_bars = self
                .top_level(open + 1, close)
                .iter()
                .any(|&i| matches!(self.tokens[i].kind, Kind::Bars(_)));
            if !has_bars && close > open + 1 {
                let options = self.side(open, open + 1, close)?;
                self.pos = close + 1;
                return Ok(Ast::PlusMinus(options));
            }
        }
        Ok(Ast::PlusMinus(vec![self.signed()?]))
    }

    /// What may follow a number: `over`, `under`, ups, an upon form, a star, `Tiny(G)`.
    fn after_number(&mut self, x: Dyadic) -> Result<Ast, NotationError> {
        if let Some(Kind::Word(word)) = self.peek() {
            if word == "over" || word == "under" {
                let over = word == "over";
                self.pos += 1;
                return Ok(Ast::Pseudo { number: x, over });
            }
        }
        let tail = self.tail()?;
        Ok(match tail {
            None => Ast::Compact(Compact {
                number: Some(x),
                ..Compact::default()
            }),
            Some(Ast::Compact(mut compact)) => {
                compact.number = Some(x);
                Ast::Compact(compact)
            }
            Some(Ast::Upon {
                down, th, nimber, ..
            }) => Ast::Upon {
                number: x,
                down,
                th,
                nimber,
            },
            Some(other) => Ast::Sum(
                Box::new(Ast::Compact(Compact {
                    number: Some(x),
                    ..Compact::default()
                })),
                Box::new(other),
            ),
        })
    }

    /// Ups (or an uptimal, or an upon form) then a star, or a `Tiny(G)`, or nothing.
    fn tail(&mut self) -> Result<Option<Ast>, NotationError> {
        if let Some(Kind::Tiny(tiny)) = self.peek() {
            let tiny = *tiny;
            return self.tiny(tiny).map(Some);
        }
        let mut compact = Compact::default();
        let mut upon = None;
        match self.peek() {
            Some(Kind::Ups(n)) => {
                compact.ups = Some(*n);
                self.pos += 1;
            }
            Some(Kind::Uptimal { sign, n }) => {
                compact.uptimal = Some((*sign, *n));
                self.pos += 1;
            }
            Some(Kind::Upon { down, th }) => {
                upon = Some((*down, *th));
                self.pos += 1;
            }
            _ => {}
        }
        let star = if let Some(Kind::Star(m)) = self.peek() {
            let m = *m;
            self.pos += 1;
            Some(m)
        } else {
            None
        };
        if let Some((down, th)) = upon {
            return Ok(Some(Ast::Upon {
                number: Dyadic::ZERO,
                down,
                th,
                nimber: star.unwrap_or(0),
            }));
        }
        compact.star = star;
        if compact.ups.is_none() && compact.uptimal.is_none() && compact.star.is_none() {
            return Ok(None);
        }
        Ok(Some(Ast::Compact(compact)))
    }

    fn tiny(&mut self, tiny: bool) -> Result<Ast, NotationError> {
        self.pos += 1;
        if self.peek() != Some(&Kind::OpenParen) {
            return Err(self.error_here("expected ( after Tiny or Miny"));
        }
        let arg = self.compact()?;
        Ok(Ast::Tiny {
            tiny,
            arg: Box::new(arg),
        })
    }

    fn compact(&mut self) -> Result<Ast, NotationError> {
        let Some(kind) = self.peek().cloned() else {
            return Err(self.error_here("expected a value"));
        };
        let token = self.tokens[self.pos].clone();
        match kind {
            Kind::Number(x) => {
                self.pos += 1;
                self.after_number(x)
            }
            Kind::Ups(_)
            | Kind::Uptimal { .. }
            | Kind::Upon { .. }
            | Kind::Star(_)
            | Kind::Tiny(_) => {
                let tail = self.tail()?;
                tail.ok_or_else(|| self.error_here("expected a value"))
            }
            Kind::OpenParen => {
                let close = self.partner[self.pos];
                if close == self.pos + 1 {
                    return Err(self.error_here("empty parentheses"));
                }
                let value = self.whole(self.pos + 1, close)?;
                self.pos = close + 1;
                Ok(value)
            }
            Kind::Open => {
                let open = self.pos;
                let close = self.partner[open];
                let value = self.braces(open, open + 1, close, None)?;
                self.pos = close + 1;
                Ok(value)
            }
            Kind::Word(word) => {
                self.pos += 1;
                if self.peek() == Some(&Kind::Open) {
                    let open = self.pos;
                    let close = self.partner[open];
                    let name = Some((word, token.start, token.end));
                    let value = self.braces(open, open + 1, close, name)?;
                    self.pos = close + 1;
                    return Ok(value);
                }
                if word == "pass" {
                    return Ok(Ast::Pass(token.start, token.end));
                }
                if CONSTANTS.contains(&word.as_str()) {
                    return Ok(Ast::Constant(word));
                }
                Ok(Ast::Reference(word, token.start, token.end))
            }
            _ => Err(self.error_here("expected a value")),
        }
    }

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

    /// The game written between braces (tokens `lo..hi`), or a side of one written with
    /// bars; `name` names it.
    fn braces(
        &mut self,
        open: usize,
        lo: usize,
        hi: usize,
        name: Option<(String, usize, usize)>,
    ) -> Result<Ast, NotationError> {
        let bars: Vec<(usize, usize)> = self
            .top_level(lo, hi)
            .into_iter()
            .filter_map(|i| match self.tokens[i].kind {
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
        let left = self.side(split, lo, split)?;
        let right = self.side(split, split + 1, hi)?;
        Ok(Ast::Game { name, left, right })
    }

    fn side(&mut self, bar: usize, lo: usize, hi: usize) -> Result<Vec<Ast>, NotationError> {
        if lo == hi {
            return Ok(Vec::new());
        }
        let separators = self.top_level(lo, hi);
        if separators
            .iter()
            .any(|&i| matches!(self.tokens[i].kind, Kind::Bars(_)))
        {
            return Ok(vec![self.braces(bar, lo, hi, None)?]);
        }
        let mut options = Vec::new();
        let mut from = lo;
        for &comma in separators.iter().chain(std::iter::once(&hi)) {
            if comma == from {
                let at = if comma < hi { comma } else { hi - 1 };
                return Err(error_at(self.text, &self.tokens[at], "empty option"));
            }
            options.push(self.whole(from, comma)?);
            from = comma + 1;
        }
        Ok(options)
    }
}

/// A value read: a short game, kept in the store until it meets a loopy one, or a loopy
/// value.
#[derive(Debug, Clone)]
enum Val {
    Short(GameId),
    Loopy(LoopyValue),
}

/// The two graphs of a game being built in place: its onside and its offside (the same
/// until an option is a sided value).
#[derive(Default)]
struct Builder {
    on: Graph,
    off: Graph,
    on_shorts: Vec<Option<GameId>>,
    off_shorts: Vec<Option<GameId>>,
    on_memo: HashMap<GameId, u32>,
    off_memo: HashMap<GameId, u32>,
    sided: bool,
}

impl Builder {
    fn vertex(&mut self) -> (u32, u32) {
        let here = (self.on.add_vertex(), self.off.add_vertex());
        self.on_shorts.push(None);
        self.off_shorts.push(None);
        here
    }

    fn embed(
        &mut self,
        value: &Val,
        engine: &mut LoopyEngine<'_>,
    ) -> Result<(u32, u32), LoopyError> {
        let value = match value {
            Val::Short(id) => {
                engine.check_short_for_loopy(*id)?;
                let on = engine.expand_short(
                    &mut self.on,
                    &mut self.on_shorts,
                    &mut self.on_memo,
                    *id,
                )?;
                let off = engine.expand_short(
                    &mut self.off,
                    &mut self.off_shorts,
                    &mut self.off_memo,
                    *id,
                )?;
                return Ok((on, off));
            }
            Val::Loopy(value) => value,
        };
        let (on, off) = (value.onside(), value.offside());
        if !value.is_stopper() {
            self.sided = true;
        }
        let bytes = self.on.bytes() + self.off.bytes() + on.graph().bytes() + off.graph().bytes();
        engine.budget.check("a game being read", bytes)?;
        let on_offset = self.on.embed(on.graph());
        let off_offset = self.off.embed(off.graph());
        self.on_shorts.resize(self.on.len(), None);
        self.off_shorts.resize(self.off.len(), None);
        Ok((on_offset, off_offset))
    }

    fn edge(&mut self, from: (u32, u32), to: (u32, u32), left: bool) {
        if left {
            self.on.add_left(from.0, to.0);
            self.off.add_left(from.1, to.1);
        } else {
            self.on.add_right(from.0, to.0);
            self.off.add_right(from.1, to.1);
        }
    }
}

/// Reads a text into values.
struct Reader<'t, 'e, 's> {
    text: &'t str,
    engine: &'e mut LoopyEngine<'s>,
}

impl LoopyEngine<'_> {
    /// Reads a loopy value or expression (`a{0|a} + on`, `{pass|3/2}`, `over & v`) and
    /// returns its value: the canonical stopper, or the sided value.
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyEngine;
    /// use grundy::cgt::ValueStore;
    /// let mut store = ValueStore::new();
    /// let mut engine = LoopyEngine::new(&mut store);
    /// let g = engine.evaluate("{pass|3/2}").unwrap();
    /// assert_eq!(engine.display(&g).unwrap(), "3/2under");
    /// let tis = engine.evaluate("a{{|a}|}").unwrap();
    /// assert_eq!(engine.display(&tis).unwrap(), "1 & 0");
    /// ```
    pub fn evaluate(&mut self, text: &str) -> Result<LoopyValue, LoopyError> {
        let stop = self.budget().stop().clone();
        let mut parser = Parser::new(text, &stop)?;
        if parser.tokens.is_empty() {
            return Err(NotationError {
                message: "expected a value".to_string(),
                token: String::new(),
                position: text.len(),
            }
            .into());
        }
        let end = parser.end;
        let ast = parser.whole(0, end)?;
        if let Some((_, start, end)) = ast.reserved() {
            return Err(NotationError {
                message: "a constant's name cannot name a position".to_string(),
                token: text[start..end].to_string(),
                position: start,
            }
            .into());
        }
        if let Some((_, start, end)) = ast.redefined(&mut Vec::new()) {
            return Err(NotationError {
                message: "a name defined twice (again inside the braces it names)".to_string(),
                token: text[start..end].to_string(),
                position: start,
            }
            .into());
        }
        let mut reader = Reader { text, engine: self };
        match reader.value(&ast)? {
            Val::Short(id) => reader.engine.short(id),
            Val::Loopy(value) => Ok(value),
        }
    }
}

impl Reader<'_, '_, '_> {
    fn misplaced(&self, start: usize, end: usize) -> LoopyError {
        let word = &self.text[start..end];
        let message = if word == "pass" {
            "pass stands only as a whole option inside braces"
        } else {
            "a name stands only as a whole option inside the braces it names (unknown name here)"
        };
        NotationError {
            message: message.to_string(),
            token: word.to_string(),
            position: start,
        }
        .into()
    }

    /// The value as a loopy value (a short one made a graph).
    fn loopy(&mut self, value: Val) -> Result<LoopyValue, LoopyError> {
        match value {
            Val::Short(id) => {
                self.engine.check_short_for_loopy(id)?;
                self.engine.short(id)
            }
            Val::Loopy(value) => Ok(value),
        }
    }

    fn compact(&mut self, compact: &Compact) -> GameId {
        let store = &mut *self.engine.store;
        let mut parts = Vec::new();
        if let Some(x) = &compact.number {
            parts.push(store.number(x.clone()));
        }
        if let Some(n) = compact.ups {
            parts.push(store.ups(n));
        }
        if let Some((sign, n)) = compact.uptimal {
            let unit = store.up_nth(n);
            parts.push(if sign > 0 { unit } else { store.neg(unit) });
        }
        if let Some(m) = compact.star {
            parts.push(store.nimber(m));
        }
        store.sum(&parts)
    }

    fn add(&mut self, a: Val, b: Val) -> Result<Val, LoopyError> {
        if let (Val::Short(x), Val::Short(y)) = (&a, &b) {
            return Ok(Val::Short(self.engine.store.add(*x, *y)));
        }
        let a = self.loopy(a)?;
        let b = self.loopy(b)?;
        Ok(Val::Loopy(self.engine.add(&a, &b)?))
    }

    fn neg(&mut self, a: Val) -> Val {
        match a {
            Val::Short(x) => Val::Short(self.engine.store.neg(x)),
            Val::Loopy(value) => Val::Loopy(self.engine.neg(&value)),
        }
    }

    fn value(&mut self, ast: &Ast) -> Result<Val, LoopyError> {
        self.engine.budget.tick(1)?;
        match ast {
            Ast::Compact(compact) => Ok(Val::Short(self.compact(compact))),
            Ast::Pseudo { number, over } => {
                let pseudo = if *over {
                    super::facts::Pseudonumber::Over(number.clone())
                } else {
                    super::facts::Pseudonumber::Under(number.clone())
                };
                let id = self.engine.store.number(number.clone());
                self.engine.check_short_for_loopy(id)?;
                let form = self.engine.pseudonumber_form(&pseudo)?;
                let graph = form.graph().clone();
                Ok(Val::Loopy(self.engine.value_of_graph(&graph, 0)?))
            }
            Ast::Upon {
                number,
                down,
                th,
                nimber,
            } => self.upon(number, *down, *th, *nimber),
            Ast::Constant(word) => self.constant(word).map(Val::Loopy),
            Ast::Sum(a, b) => {
                let a = self.value(a)?;
                let b = self.value(b)?;
                self.add(a, b)
            }
            Ast::Difference(a, b) => {
                let a = self.value(a)?;
                let b = self.value(b)?;
                let b = self.neg(b);
                self.add(a, b)
            }
            Ast::Negative(a) => {
                let a = self.value(a)?;
                Ok(self.neg(a))
            }
            Ast::PlusMinus(list) => {
                let mut lefts = Vec::new();
                let mut rights = Vec::new();
                for item in list {
                    let value = self.value(item)?;
                    rights.push(self.neg(value.clone()));
                    lefts.push(value);
                }
                self.game_of(&lefts, &rights)
            }
            Ast::Sided(a, b) => {
                let a = self.value(a)?;
                let a = self.loopy(a)?;
                let b = self.value(b)?;
                let b = self.loopy(b)?;
                Ok(Val::Loopy(self.engine.and(&a, &b)?))
            }
            Ast::Tiny { tiny, arg } => {
                let g = self.value(arg)?;
                if let Val::Loopy(value) = &g {
                    if !value.is_stopper() {
                        let text = self.engine.display(value)?;
                        return Err(LoopyError::NotStopper(
                            text,
                            "Tiny(G) and Miny(G), which need a stopper G, are not defined for it",
                        ));
                    }
                }
                let zero = Val::Short(self.engine.store.zero());
                if *tiny {
                    let minus = self.neg(g);
                    let inner = self.game_of(std::slice::from_ref(&zero), &[minus])?;
                    self.game_of(&[zero], &[inner])
                } else {
                    let inner = self.game_of(&[g], std::slice::from_ref(&zero))?;
                    self.game_of(&[inner], &[zero])
                }
            }
            Ast::Game { .. } if ast.needs_graph() => {
                let mut builder = Builder::default();
                let mut scope = Vec::new();
                let root = self.build(&mut builder, ast, &mut scope)?;
                self.finish(builder, root)
            }
            Ast::Game { left, right, .. } => {
                let lefts: Vec<Val> = left
                    .iter()
                    .map(|a| self.value(a))
                    .collect::<Result<_, _>>()?;
                let rights: Vec<Val> = right
                    .iter()
                    .map(|a| self.value(a))
                    .collect::<Result<_, _>>()?;
                self.game_of(&lefts, &rights)
            }
            Ast::Pass(start, end) | Ast::Reference(_, start, end) => {
                Err(self.misplaced(*start, *end))
            }
        }
    }

    /// `{lefts | rights}` of values.
    fn game_of(&mut self, lefts: &[Val], rights: &[Val]) -> Result<Val, LoopyError> {
        let short = |values: &[Val]| -> Option<Vec<GameId>> {
            values
                .iter()
                .map(|v| match v {
                    Val::Short(id) => Some(*id),
                    Val::Loopy(_) => None,
                })
                .collect()
        };
        if let (Some(l), Some(r)) = (short(lefts), short(rights)) {
            return Ok(Val::Short(self.engine.store.game(&l, &r)));
        }
        let mut builder = Builder::default();
        let here = builder.vertex();
        for (values, left) in [(lefts, true), (rights, false)] {
            for value in values {
                let target = builder.embed(value, self.engine)?;
                builder.edge(here, target, left);
            }
        }
        self.finish(builder, here)
    }

    /// The value of the game at `root` of a builder.
    fn finish(&mut self, builder: Builder, root: (u32, u32)) -> Result<Val, LoopyError> {
        let value = if builder.sided {
            self.engine
                .value_of_sides(&builder.on, root.0, &builder.off, root.1)?
        } else {
            self.engine.value_of_graph(&builder.on, root.0)?
        };
        Ok(Val::Loopy(value))
    }

    /// Builds a game with `pass`, names or named games inside in place; returns its
    /// vertices.
    fn build(
        &mut self,
        builder: &mut Builder,
        ast: &Ast,
        scope: &mut Vec<(String, (u32, u32))>,
    ) -> Result<(u32, u32), LoopyError> {
        self.engine.budget.tick(1)?;
        let Ast::Game { name, left, right } = ast else {
            return Err(LoopyError::Internal(
                "a game expected while building".to_string(),
            ));
        };
        let here = builder.vertex();
        if let Some((name, _, _)) = name {
            scope.push((name.clone(), here));
        }
        for (options, is_left) in [(left, true), (right, false)] {
            for option in options {
                let target = match option {
                    Ast::Pass(..) => here,
                    Ast::Reference(name, start, end) => {
                        match scope.iter().rev().find(|(n, _)| n == name) {
                            Some((_, vertex)) => *vertex,
                            None => {
                                return Err(NotationError {
                                    message: "unknown name".to_string(),
                                    token: self.text[*start..*end].to_string(),
                                    position: *start,
                                }
                                .into())
                            }
                        }
                    }
                    Ast::Game { .. } if option.needs_graph() => {
                        crate::cgt::store::deep(|| self.build(builder, option, scope))?
                    }
                    other => {
                        if let Some((_, start, end)) = other.free(&mut Vec::new(), false) {
                            return Err(self.misplaced(start, end));
                        }
                        let value = self.value(other)?;
                        builder.embed(&value, self.engine)?
                    }
                };
                builder.edge(here, target, is_left);
            }
        }
        if name.is_some() {
            scope.pop();
        }
        Ok(here)
    }

    /// `x^[on]*n`, `x^<on>*n` and their negatives (`down`), built as CGSuite prints them.
    fn upon(
        &mut self,
        number: &Dyadic,
        down: bool,
        th: bool,
        nimber: u64,
    ) -> Result<Val, LoopyError> {
        if down {
            let up = self.upon(&-number, false, th, nimber)?;
            return Ok(self.neg(up));
        }
        let store = &mut *self.engine.store;
        let x = store.number(number.clone());
        if th {
            // {x, x*, …, x*n | x v[on]*(n xor 1)}
            let lefts: Vec<Val> = (0..=nimber)
                .map(|k| {
                    let store = &mut *self.engine.store;
                    let star = store.nimber(k);
                    Val::Short(store.add(x, star))
                })
                .collect();
            let right = self.upon(number, true, false, nimber ^ 1)?;
            return self.game_of(&lefts, &[right]);
        }
        // {pass, x | x} when n = 1, {pass | x*(n xor 1)} otherwise.
        let m = nimber ^ 1;
        let mut builder = Builder::default();
        let here = builder.vertex();
        builder.edge(here, here, true);
        if m == 0 {
            let target = builder.embed(&Val::Short(x), self.engine)?;
            builder.edge(here, target, true);
            builder.edge(here, target, false);
        } else {
            let store = &mut *self.engine.store;
            let star = store.nimber(m);
            let id = store.add(x, star);
            let target = builder.embed(&Val::Short(id), self.engine)?;
            builder.edge(here, target, false);
        }
        self.finish(builder, here)
    }

    fn constant(&mut self, word: &str) -> Result<LoopyValue, LoopyError> {
        let mut graph = Graph::new();
        let v = graph.add_vertex();
        match word {
            "on" => graph.add_left(v, v),
            "off" => graph.add_right(v, v),
            "dud" => {
                graph.add_left(v, v);
                graph.add_right(v, v);
            }
            "over" | "under" => {
                let zero = graph.add_vertex();
                if word == "over" {
                    graph.add_left(v, zero);
                    graph.add_right(v, v);
                } else {
                    graph.add_left(v, v);
                    graph.add_right(v, zero);
                }
            }
            "upon" => {
                let zero = graph.add_vertex();
                let star = graph.add_vertex();
                graph.add_left(star, zero);
                graph.add_right(star, zero);
                graph.add_left(v, v);
                graph.add_right(v, star);
            }
            "tis" | "tisn" => {
                // tis = {tisn |}, tisn = {| tis}.
                let w = graph.add_vertex();
                let (tis, tisn) = if word == "tis" { (v, w) } else { (w, v) };
                graph.add_left(tis, tisn);
                graph.add_right(tisn, tis);
            }
            _ => return Err(LoopyError::Internal(format!("no constant {word}"))),
        }
        self.engine.value_of_graph(&graph, v)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::cgt::ValueStore;

    fn shown(text: &str) -> String {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let value = engine.evaluate(text).unwrap();
        engine.display(&value).unwrap()
    }

    fn error(text: &str) -> (String, String, usize) {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        match engine.evaluate(text).unwrap_err() {
            LoopyError::Notation(e) => (e.message, e.token, e.position),
            other => panic!("{text}: {other}"),
        }
    }

    fn equal(a: &str, b: &str) -> bool {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let a = engine.evaluate(a).unwrap();
        let b = engine.evaluate(b).unwrap();
        engine.equal(&a, &b).unwrap()
    }

    #[test]
    fn loopy_texts_are_told_from_short_ones() {
        for loopy in [
            "on", "{pass|}", "a{0|a}", "over & v", "^[on]", "1 + tis", "v{0|v}", "{0|dud}",
        ] {
            assert!(is_loopy(loopy), "{loopy}");
        }
        for short in [
            "{2|-1}",
            "^*",
            "vv",
            "v2",
            "{1|0} + x",
            "Tiny(2)",
            "1/3",
            "",
        ] {
            assert!(!is_loopy(short), "{short}");
        }
    }

    #[test]
    fn constants_and_pseudonumbers() {
        for (text, printed) in [
            ("on", "on"),
            ("off", "off"),
            ("dud", "dud"),
            ("{pass|pass}", "dud"),
            ("over", "over"),
            ("a{0|a}", "over"),
            ("under", "under"),
            ("upon", "^[on]"),
            ("{pass|*}", "^[on]"),
            ("tis", "1 & 0"),
            ("tisn", "0 & -1"),
            ("5over", "5over"),
            ("{5|pass}", "5over"),
            ("3/2under", "3/2under"),
            ("-5under", "-5under"),
            ("-(5under)", "-5over"),
            ("{pass,0|}", "on"),
            ("{on|}", "on"),
        ] {
            assert_eq!(shown(text), printed, "{text}");
        }
    }

    #[test]
    fn upon_forms_read_as_printed_and_equal_their_sums() {
        for text in [
            "^[on]",
            "^[on]*",
            "v[on]",
            "-1/4v[on]",
            "4v[on]*",
            "^<on>",
            "v<on>*",
            "2^[on]*3",
        ] {
            assert_eq!(shown(text), text, "{text}");
        }
        // The printed forms are the sums they name.
        assert!(equal("^[on]*", "upon + *"));
        assert!(equal("1/2^[on]", "1/2 + upon"));
        assert!(equal("v[on]", "-upon"));
        assert!(equal("^<on>", "{0||0|0,pass}"));
    }

    #[test]
    fn short_parts_mix_with_loopy_ones() {
        assert_eq!(shown("on + 5 + ^"), "on");
        assert_eq!(shown("over + 1/2"), "1/2over");
        assert_eq!(shown("{1|pass} - 1"), "over");
        assert_eq!(shown("±{0|pass}"), "±over");
        assert_eq!(shown("+-(5over)"), "±(5over)");
        assert_eq!(shown("Tiny(on)"), "Tiny(on)");
        assert_eq!(shown("{0||0|off}"), "Tiny(on)");
        assert_eq!(shown("Miny(over)"), "Miny(over)");
        // over absorbs a star: over* = over.
        assert_eq!(shown("over + *"), "over");
        assert_eq!(shown("(over & v) + *"), "over & v*");
        assert_eq!(shown("{1|0} + 0"), "{1|0}");
    }

    #[test]
    fn errors_name_the_token_and_its_place() {
        assert_eq!(
            error("a{0|b}"),
            ("unknown name".to_string(), "b".to_string(), 4)
        );
        let (message, token, at) = error("a{0|a{1|a}}");
        assert!(message.contains("defined twice"));
        assert_eq!((token.as_str(), at), ("a", 4));
        let (message, token, at) = error("{0|a + 1}");
        assert!(message.contains("a name stands only as a whole option"));
        assert_eq!((token.as_str(), at), ("a", 3));
        let (message, _, at) = error("pass");
        assert!(message.contains("pass stands only"));
        assert_eq!(at, 0);
        let (message, token, _) = error("on{0|on}");
        assert!(message.contains("constant's name"));
        assert_eq!(token, "on");
        assert_eq!(
            error("over & v & 0").0,
            "a sided value has one & (add parentheses)"
        );
        assert_eq!(error("^<on").2, 0);
        assert_eq!(error("{0|pass").0, "unclosed bracket");
        // Two names side by side are two positions, not one defined twice.
        assert_eq!(shown("a{0|a} + a{0|a}"), "over");
    }
}
