//! Printing loopy values as CGSuite prints them, so that its output pasted here reads back
//! to the same value.
//!
//! The rules follow CGSuite's `CanonicalStopper`, `SimplifiedLoopyGame`, `Pseudonumber`
//! and `SidedValue` output:
//!
//! - a short position is written by the short printer ([`crate::cgt::print`]);
//! - pseudonumbers: `on`, `off`, `over`, `5over`, `3/2under` (in parentheses where a compound
//!   is not allowed: `±(5over)`);
//! - a stopper equal to its negative is `±G`; a plumtree `{x || x | y}` with `y - x ≤ under`
//!   is `xTiny(x - y)` (and `Miny` the mirror); `{pass | x*m}` and `{pass, x | x}` are
//!   `x^[on]*n` (`upon` forms, `n = m xor 1`), `{x, x*, …, x*n | x v[on]*(n xor 1)}` is
//!   `x^<on>*n`, and their negatives `v[on]`, `v<on>`;
//! - otherwise braces and bars as for short games, a move to the position itself written
//!   `pass`, and a position met again below itself named by a letter written before its
//!   brace: `a{0||||0|||a|*||*}`. Names run `a`, `b`, … (`v` is skipped, as it reads as
//!   down), then `N1`, `N2`, …;
//! - options in CGSuite's order: short games first in its deterministic order, then
//!   pseudonumbers by size, then other positions by their number of followers and a
//!   signature of their shape (CGSuite orders those by a hash of its own);
//! - a sided value is `onside & offside`, and `on & off` is `dud`.

use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::budget::LoopyError;
use super::facts::Pseudonumber;
use super::graph::Graph;
use super::value::{Form, LoopyEngine, LoopyValue};
use crate::cgt::dyadic::Dyadic;
use crate::cgt::store::{deep, GameId};

/// The widest bar written; a game that would need it is closed in braces.
const MAX_BARS: usize = 4;

/// The positions open above the one being written, each with its name once a position
/// below has referred to it.
#[derive(Default)]
struct Names {
    stack: Vec<(u32, Option<String>)>,
    count: usize,
}

impl Names {
    fn next_name(&mut self) -> String {
        // a..z without v, then N1, N2, ...
        const LETTERS: &[u8] = b"abcdefghijklmnopqrstuwxyz";
        let n = self.count;
        self.count += 1;
        if n < LETTERS.len() {
            (LETTERS[n] as char).to_string()
        } else {
            format!("N{}", n - LETTERS.len() + 1)
        }
    }
}

/// How a stopper position is written when not with braces.
#[derive(Debug, Clone)]
enum Special {
    Plain,
    Switch,
    Tiny {
        translate: Dyadic,
        subscript: Form,
        tiny: bool,
    },
    Upon(String),
}

/// What one printing of a form keeps: which positions are stoppers, how each is written,
/// the shape signature of each and the sorted options.
struct Printer {
    stoppers: Vec<bool>,
    specials: HashMap<u32, Special>,
    signatures: Vec<u64>,
    followers: HashMap<u32, usize>,
    sorted: HashMap<(u32, bool), Vec<u32>>,
}

/// An isomorphism-invariant signature of every vertex: hashes refined by the options'
/// hashes until they separate no more vertices.
fn signatures(graph: &Graph, seeds: Vec<u64>) -> Vec<u64> {
    let mut current = seeds;
    let mut classes = distinct(&current);
    for _ in 0..graph.len() {
        let next: Vec<u64> = (0..graph.len() as u32)
            .map(|v| {
                let mut lefts: Vec<u64> =
                    graph.left(v).iter().map(|&w| current[w as usize]).collect();
                let mut rights: Vec<u64> = graph
                    .right(v)
                    .iter()
                    .map(|&w| current[w as usize])
                    .collect();
                lefts.sort_unstable();
                rights.sort_unstable();
                let mut hasher = DefaultHasher::new();
                (current[v as usize], lefts, rights).hash(&mut hasher);
                hasher.finish()
            })
            .collect();
        let next_classes = distinct(&next);
        current = next;
        if next_classes == classes {
            break;
        }
        classes = next_classes;
    }
    current
}

fn distinct(values: &[u64]) -> usize {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len()
}

impl LoopyEngine<'_> {
    /// The value in CGSuite's notation.
    pub fn display(&mut self, value: &LoopyValue) -> Result<String, LoopyError> {
        match value {
            LoopyValue::Stopper(form) => self.display_form(form),
            LoopyValue::Sided { onside, offside } => {
                if self.pseudonumber_at(onside, 0) == Some(Pseudonumber::On)
                    && self.pseudonumber_at(offside, 0) == Some(Pseudonumber::Off)
                {
                    return Ok("dud".to_string());
                }
                Ok(format!(
                    "{} & {}",
                    self.display_form(onside)?,
                    self.display_form(offside)?
                ))
            }
        }
    }

    /// A form in CGSuite's notation (always in braces when it is not a single token).
    pub fn display_form(&mut self, form: &Form) -> Result<String, LoopyError> {
        let mut out = String::new();
        self.write_standalone(form, true, false, &mut out)?;
        Ok(out)
    }

    fn write_standalone(
        &mut self,
        form: &Form,
        force_braces: bool,
        force_parens: bool,
        out: &mut String,
    ) -> Result<usize, LoopyError> {
        let mut printer = self.printer(form);
        let mut names = Names::default();
        self.write_vertex(
            form,
            &mut printer,
            0,
            force_braces,
            force_parens,
            &mut names,
            out,
        )
    }

    fn printer(&mut self, form: &Form) -> Printer {
        let graph = form.graph();
        let mut short_texts: HashMap<GameId, u64> = HashMap::new();
        let seeds: Vec<u64> = (0..graph.len() as u32)
            .map(|v| match form.short_at(v) {
                Some(id) => *short_texts.entry(id).or_insert_with(|| {
                    let mut hasher = DefaultHasher::new();
                    self.store.display(id).hash(&mut hasher);
                    hasher.finish()
                }),
                None => 1,
            })
            .collect();
        Printer {
            stoppers: graph.stopper_vertices(),
            specials: HashMap::new(),
            signatures: signatures(graph, seeds),
            followers: HashMap::new(),
            sorted: HashMap::new(),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn write_vertex(
        &mut self,
        form: &Form,
        printer: &mut Printer,
        v: u32,
        force_braces: bool,
        force_parens: bool,
        names: &mut Names,
        out: &mut String,
    ) -> Result<usize, LoopyError> {
        self.budget.tick(1)?;
        if let Some(id) = form.short_at(v) {
            return Ok(self.store.write_short(id, force_braces, force_parens, out));
        }
        if let Some(pseudo) = self.pseudonumber_at(form, v) {
            let compound =
                matches!(&pseudo, Pseudonumber::Over(x) | Pseudonumber::Under(x) if !x.is_zero());
            if force_parens && compound {
                out.push('(');
            }
            out.push_str(&pseudo.to_string());
            if force_parens && compound {
                out.push(')');
            }
            return Ok(0);
        }
        if let Some(slot) = names.stack.iter_mut().find(|(w, _)| *w == v) {
            let name = match &slot.1 {
                Some(name) => name.clone(),
                None => {
                    let name = names_next(&mut names.count);
                    slot.1 = Some(name.clone());
                    name
                }
            };
            out.push_str(&name);
            return Ok(0);
        }
        if printer.stoppers[v as usize] {
            match self.special(form, printer, v)? {
                Special::Plain => {}
                Special::Switch => {
                    let lefts = self.sorted_options(form, printer, v, true);
                    out.push('±');
                    if lefts.len() > 1 {
                        out.push('{');
                    }
                    for (i, &w) in lefts.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        let mut fresh = Names::default();
                        deep(|| {
                            self.write_vertex(
                                form,
                                printer,
                                w,
                                true,
                                lefts.len() == 1,
                                &mut fresh,
                                out,
                            )
                        })?;
                    }
                    if lefts.len() > 1 {
                        out.push('}');
                    }
                    return Ok(0);
                }
                Special::Tiny {
                    translate,
                    subscript,
                    tiny,
                } => {
                    if force_parens {
                        out.push('(');
                    }
                    if !translate.is_zero() {
                        out.push_str(&translate.to_string());
                    }
                    out.push_str(if tiny { "Tiny(" } else { "Miny(" });
                    deep(|| self.write_standalone(&subscript, true, false, out))?;
                    out.push(')');
                    if force_parens {
                        out.push(')');
                    }
                    return Ok(0);
                }
                Special::Upon(text) => {
                    out.push_str(&text);
                    return Ok(0);
                }
            }
        }
        names.stack.push((v, None));
        let lefts = self.sorted_options(form, printer, v, true);
        let rights = self.sorted_options(form, printer, v, false);
        let mut slashes = 0;
        let mut sides = [String::new(), String::new()];
        for (side, options) in [&lefts, &rights].into_iter().enumerate() {
            for (i, &w) in options.iter().enumerate() {
                if i > 0 {
                    sides[side].push(',');
                }
                if w == v {
                    sides[side].push_str("pass");
                } else {
                    let mut text = String::new();
                    let width = deep(|| {
                        self.write_vertex(
                            form,
                            printer,
                            w,
                            options.len() > 1,
                            false,
                            names,
                            &mut text,
                        )
                    })?;
                    sides[side].push_str(&text);
                    slashes = slashes.max(width);
                }
            }
        }
        let name = names.stack.pop().and_then(|(_, name)| name);
        slashes += 1;
        let braces = force_braces
            || name.is_some()
            || lefts.is_empty()
            || rights.is_empty()
            || slashes == MAX_BARS;
        if let Some(name) = &name {
            out.push_str(name);
        }
        if braces {
            out.push('{');
        }
        out.push_str(&sides[0]);
        out.push_str(&"|".repeat(slashes));
        out.push_str(&sides[1]);
        if braces {
            out.push('}');
            Ok(0)
        } else {
            Ok(slashes)
        }
    }

    /// How the stopper position `v` is written.
    fn special(
        &mut self,
        form: &Form,
        printer: &mut Printer,
        v: u32,
    ) -> Result<Special, LoopyError> {
        if let Some(special) = printer.specials.get(&v) {
            return Ok(special.clone());
        }
        let special = self.find_special(form, v)?;
        printer.specials.insert(v, special.clone());
        Ok(special)
    }

    fn find_special(&mut self, form: &Form, v: u32) -> Result<Special, LoopyError> {
        let graph = form.graph();
        let here = form.at(v);
        if !graph.left(v).is_empty() && graph.left(v).len() == graph.right(v).len() {
            let negative = self.neg_form(&here);
            if self.forms_equal(&here, &negative)? {
                return Ok(Special::Switch);
            }
        }
        if here.graph().is_plumtree_from(0) {
            if let Some((translate, subscript, tiny)) = self.number_tiny(form, v)? {
                return Ok(Special::Tiny {
                    translate,
                    subscript,
                    tiny,
                });
            }
        }
        if let Some(text) = self.upon_text(form, v) {
            return Ok(Special::Upon(text));
        }
        Ok(Special::Plain)
    }

    /// The number part and nimber of a short position that is a number plus a nimber, seen
    /// negated when `negated`.
    fn number_star(&self, form: &Form, w: u32, negated: bool) -> Option<(Dyadic, u64)> {
        let nus = self.store.as_nus(form.short_at(w)?)?;
        if !nus.ups.is_zero() {
            return None;
        }
        let number = if negated { -nus.number } else { nus.number };
        Some((number, nus.nimber))
    }

    /// The upon form of `v`, seen negated when `negated`: `(uponth, number, printed nimber)`.
    fn upon_form(
        &self,
        form: &Form,
        v: u32,
        negated: bool,
        check_uponth: bool,
    ) -> Option<(bool, Dyadic, u64)> {
        let graph = form.graph();
        let (lefts, rights) = if negated {
            (graph.right(v), graph.left(v))
        } else {
            (graph.left(v), graph.right(v))
        };
        if let [r] = rights {
            if lefts.len() <= 2 {
                if let Some((x, m)) = self.number_star(form, *r, negated) {
                    let upon = if m == 0 {
                        lefts.len() == 2
                            && lefts.contains(&v)
                            && lefts.iter().any(|&l| {
                                l != v && self.number_star(form, l, negated) == Some((x.clone(), 0))
                            })
                    } else {
                        lefts == [v]
                    };
                    if upon {
                        return Some((false, x, m ^ 1));
                    }
                }
            }
            if check_uponth {
                if let Some((false, y, p)) = self.upon_form(form, *r, !negated, false) {
                    let x = -y;
                    let k = p ^ 1;
                    let mut found = vec![false; lefts.len()];
                    let all = lefts.len() as u64 == k + 1
                        && lefts
                            .iter()
                            .all(|&l| match self.number_star(form, l, negated) {
                                Some((number, nimber)) if number == x && nimber <= k => {
                                    let seen = &mut found[nimber as usize];
                                    !std::mem::replace(seen, true)
                                }
                                _ => false,
                            });
                    if all {
                        return Some((true, x, k));
                    }
                }
            }
        }
        None
    }

    /// `x^[on]*n`, `x^<on>*n`, `xv[on]*n` or `xv<on>*n` when `v` is an upon form.
    fn upon_text(&self, form: &Form, v: u32) -> Option<String> {
        let (uponth, number, nimber, down) = match self.upon_form(form, v, false, true) {
            Some((uponth, x, n)) => (uponth, x, n, false),
            None => {
                let (uponth, x, n) = self.upon_form(form, v, true, true)?;
                (uponth, -x, n, true)
            }
        };
        let mut text = String::new();
        if !number.is_zero() {
            text.push_str(&number.to_string());
        }
        text.push(if down { 'v' } else { '^' });
        text.push_str(if uponth { "<on>" } else { "[on]" });
        if nimber >= 1 {
            text.push('*');
            if nimber >= 2 {
                text.push_str(&nimber.to_string());
            }
        }
        Some(text)
    }

    /// The options of `v` in print order.
    fn sorted_options(
        &mut self,
        form: &Form,
        printer: &mut Printer,
        v: u32,
        left: bool,
    ) -> Vec<u32> {
        if let Some(sorted) = printer.sorted.get(&(v, left)) {
            return sorted.clone();
        }
        let graph = form.graph();
        let mut options: Vec<u32> = if left {
            graph.left(v).to_vec()
        } else {
            graph.right(v).to_vec()
        };
        for i in 1..options.len() {
            let mut j = i;
            while j > 0
                && self.print_order(form, printer, options[j], options[j - 1]) == Ordering::Less
            {
                options.swap(j, j - 1);
                j -= 1;
            }
        }
        printer.sorted.insert((v, left), options.clone());
        options
    }

    fn print_order(&mut self, form: &Form, printer: &mut Printer, a: u32, b: u32) -> Ordering {
        let class = |engine: &Self, w: u32| {
            if form.short_at(w).is_some() {
                0
            } else if engine.pseudonumber_at(form, w).is_some() {
                1
            } else {
                2
            }
        };
        let (ca, cb) = (class(self, a), class(self, b));
        if ca != cb {
            return ca.cmp(&cb);
        }
        match ca {
            0 => match (form.short_at(a), form.short_at(b)) {
                (Some(x), Some(y)) => self.store.print_order_of(x, y),
                _ => Ordering::Equal,
            },
            1 => self
                .pseudonumber_at(form, a)
                .cmp(&self.pseudonumber_at(form, b)),
            _ => {
                let size = |printer: &mut Printer, w: u32| {
                    *printer.followers.entry(w).or_insert_with(|| {
                        form.graph().reachable(&[w]).iter().filter(|&&r| r).count()
                    })
                };
                let (sa, sb) = (size(printer, a), size(printer, b));
                (sa, printer.signatures[a as usize], a).cmp(&(
                    sb,
                    printer.signatures[b as usize],
                    b,
                ))
            }
        }
    }
}

fn names_next(count: &mut usize) -> String {
    let mut names = Names {
        stack: Vec::new(),
        count: *count,
    };
    let name = names.next_name();
    *count = names.count;
    name
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::cgt::ValueStore;

    #[test]
    fn names_skip_v_and_go_on_with_numbers() {
        let mut count = 0;
        let names: Vec<String> = (0..28).map(|_| names_next(&mut count)).collect();
        assert_eq!(names[0], "a");
        assert_eq!(names[20], "u");
        assert_eq!(names[21], "w");
        assert_eq!(names[24], "z");
        assert_eq!(names[25], "N1");
        assert_eq!(names[27], "N3");
        assert!(!names.contains(&"v".to_string()));
    }

    #[test]
    fn named_positions_and_passes_are_written_as_cgsuite_writes_them() {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        for text in [
            "a{0||||0|||a|*||*}",
            "{0|a{0|0,{0|||a|0||0}}}",
            "{a{0,{0||0|a|||0}|0}|0}",
        ] {
            let value = engine.evaluate(text).unwrap();
            assert_eq!(engine.display(&value).unwrap(), text);
        }
        // A pass among other options is written `pass`, after the short options.
        let value = engine.evaluate("{pass,1|-1}").unwrap();
        assert_eq!(engine.display(&value).unwrap(), "{1,pass|-1}");
        // {pass, 0 | 1, {2|*}}: {2|*} reverses through 2 and 0 is dominated by the pass.
        let value = engine.evaluate("{pass,0|1,{2|*}}").unwrap();
        assert_eq!(engine.display(&value).unwrap(), "1under");
    }
}
