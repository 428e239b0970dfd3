//! What a loopy value is: its stops (pseudonumbers: numbers, `x over`, `x under`, `on`,
//! `off`), its outcome class (with the draws of loopy play), and the predicates and
//! quantities CGSuite gives a stopper: numberish, infinitesimal, idempotent, plumtree,
//! pseudonumber, number-tiny, degree, variety, stability, followers.
//!
//! Definitions (Siegel, *Combinatorial Game Theory*, ch. VI; CGSuite's `CanonicalStopper`):
//! the left stop of a stopper is the largest right stop of its Left options (a pseudonumber
//! is its own stop); a stop's *strong* form drops `over`/`under`; the upsum `G +↑ H` is the
//! onside of `G + H` and the downsum `G +↓ H` its offside; the degree of a loopy stopper is
//! `G +↑ (-G)`; with an idempotent degree `D`, the variety is `G +↑ ((-G) +↓ (-D))` when it
//! equals `G +↓ ((-G) +↑ D)` (the game is then *stable*).

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;

use serde::Serialize;

use super::budget::LoopyError;
use super::graph::Graph;
use super::survival::Mode;
use super::value::{Form, LoopyEngine, LoopyValue};
use crate::cgt::dyadic::Dyadic;
use crate::cgt::store::deep;

/// A stop of a stopper: a number, a number with `over` or `under`, `on` or `off`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Pseudonumber {
    /// `off = {|pass}`, below everything.
    Off,
    /// `x under = {pass|x}`, just below `x`.
    Under(Dyadic),
    /// The number `x`.
    Number(Dyadic),
    /// `x over = {x|pass}`, just above `x`.
    Over(Dyadic),
    /// `on = {pass|}`, above everything.
    On,
}

impl Pseudonumber {
    fn rank(&self) -> (i8, Option<&Dyadic>, i8) {
        match self {
            Pseudonumber::Off => (-1, None, 0),
            Pseudonumber::Under(x) => (0, Some(x), -1),
            Pseudonumber::Number(x) => (0, Some(x), 0),
            Pseudonumber::Over(x) => (0, Some(x), 1),
            Pseudonumber::On => (1, None, 0),
        }
    }

    /// Without `over` or `under`: the strong stop.
    pub fn strong(&self) -> Pseudonumber {
        match self {
            Pseudonumber::Under(x) | Pseudonumber::Over(x) => Pseudonumber::Number(x.clone()),
            other => other.clone(),
        }
    }

    /// Whether this is a number.
    pub fn is_number(&self) -> bool {
        matches!(self, Pseudonumber::Number(_))
    }

    /// The negative.
    pub fn neg(&self) -> Pseudonumber {
        match self {
            Pseudonumber::Off => Pseudonumber::On,
            Pseudonumber::On => Pseudonumber::Off,
            Pseudonumber::Under(x) => Pseudonumber::Over(-x),
            Pseudonumber::Over(x) => Pseudonumber::Under(-x),
            Pseudonumber::Number(x) => Pseudonumber::Number(-x),
        }
    }
}

impl Ord for Pseudonumber {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Pseudonumber {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Pseudonumber {
    /// As CGSuite prints it: `off`, `3/2under`, `under`, `-1/4`, `over`, `5over`, `on`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let with = |f: &mut fmt::Formatter<'_>, x: &Dyadic, word: &str| {
            if x.is_zero() {
                f.write_str(word)
            } else {
                write!(f, "{x}{word}")
            }
        };
        match self {
            Pseudonumber::Off => f.write_str("off"),
            Pseudonumber::On => f.write_str("on"),
            Pseudonumber::Number(x) => write!(f, "{x}"),
            Pseudonumber::Over(x) => with(f, x, "over"),
            Pseudonumber::Under(x) => with(f, x, "under"),
        }
    }
}

impl Serialize for Pseudonumber {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

/// The outcome class of a loopy game: who wins when Left starts and when Right starts, a
/// draw (infinite play) being possible (CGSuite's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum LoopyOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
    /// A draw whoever starts.
    D,
    /// Left moving first draws; Right moving first loses.
    PHat,
    /// Left moving first loses; Right moving first draws.
    PCheck,
    /// Left moving first wins; Right moving first draws.
    NHat,
    /// Left moving first draws; Right moving first wins.
    NCheck,
}

impl LoopyOutcome {
    /// CGSuite's name: `L`, `R`, `N`, `P`, `D`, `PHat`, `PCheck`, `NHat`, `NCheck`.
    pub fn name(self) -> &'static str {
        match self {
            LoopyOutcome::L => "L",
            LoopyOutcome::R => "R",
            LoopyOutcome::N => "N",
            LoopyOutcome::P => "P",
            LoopyOutcome::D => "D",
            LoopyOutcome::PHat => "PHat",
            LoopyOutcome::PCheck => "PCheck",
            LoopyOutcome::NHat => "NHat",
            LoopyOutcome::NCheck => "NCheck",
        }
    }

    /// In words.
    pub fn describe(self) -> &'static str {
        match self {
            LoopyOutcome::L => "Left wins whoever starts",
            LoopyOutcome::R => "Right wins whoever starts",
            LoopyOutcome::N => "the player to move wins",
            LoopyOutcome::P => "the player to move loses",
            LoopyOutcome::D => "a draw whoever starts",
            LoopyOutcome::PHat => "Left moving first draws, Right moving first loses",
            LoopyOutcome::PCheck => "Left moving first loses, Right moving first draws",
            LoopyOutcome::NHat => "Left moving first wins, Right moving first draws",
            LoopyOutcome::NCheck => "Left moving first draws, Right moving first wins",
        }
    }

    /// The result when Left starts and when Right starts: `Some(true)` a Left win,
    /// `Some(false)` a Right win, `None` a draw.
    pub fn results(self) -> (Option<bool>, Option<bool>) {
        match self {
            LoopyOutcome::L => (Some(true), Some(true)),
            LoopyOutcome::R => (Some(false), Some(false)),
            LoopyOutcome::N => (Some(true), Some(false)),
            LoopyOutcome::P => (Some(false), Some(true)),
            LoopyOutcome::D => (None, None),
            LoopyOutcome::PHat => (None, Some(true)),
            LoopyOutcome::PCheck => (Some(false), None),
            LoopyOutcome::NHat => (Some(true), None),
            LoopyOutcome::NCheck => (None, Some(false)),
        }
    }

    /// The class from the result when Left starts and when Right starts.
    pub fn from_results(left_first: Option<bool>, right_first: Option<bool>) -> LoopyOutcome {
        match (left_first, right_first) {
            (Some(true), Some(true)) => LoopyOutcome::L,
            (Some(false), Some(false)) => LoopyOutcome::R,
            (Some(true), Some(false)) => LoopyOutcome::N,
            (Some(false), Some(true)) => LoopyOutcome::P,
            (None, None) => LoopyOutcome::D,
            (None, Some(true)) => LoopyOutcome::PHat,
            (Some(false), None) => LoopyOutcome::PCheck,
            (Some(true), None) => LoopyOutcome::NHat,
            (None, Some(false)) => LoopyOutcome::NCheck,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl LoopyEngine<'_> {
    /// The pseudonumber the game from `v` is, if it is one: a short number, `on`, `off`,
    /// `x over = {x|pass}` or `x under = {pass|x}`.
    pub(crate) fn pseudonumber_at(&self, form: &Form, v: u32) -> Option<Pseudonumber> {
        if let Some(id) = form.short_at(v) {
            return self.store.as_number(id).map(Pseudonumber::Number);
        }
        let graph = form.graph();
        let number = |w: u32| form.short_at(w).and_then(|id| self.store.as_number(id));
        match (graph.left(v), graph.right(v)) {
            ([l], []) if *l == v => Some(Pseudonumber::On),
            ([], [r]) if *r == v => Some(Pseudonumber::Off),
            ([l], [r]) if *r == v && *l != v => number(*l).map(Pseudonumber::Over),
            ([l], [r]) if *l == v && *r != v => number(*r).map(Pseudonumber::Under),
            _ => None,
        }
    }

    /// The left stop (`left`) or right stop of a stopper.
    pub fn stop(&mut self, form: &Form, left: bool) -> Result<Pseudonumber, LoopyError> {
        if !form.is_stopper() {
            let text = self.display_form(form)?;
            return Err(LoopyError::NotStopper(text, "it has no stops"));
        }
        let mut memo = HashMap::new();
        self.stop_at(form, 0, left, &mut memo)
    }

    fn stop_at(
        &mut self,
        form: &Form,
        v: u32,
        left: bool,
        memo: &mut HashMap<(u32, bool), Option<Pseudonumber>>,
    ) -> Result<Pseudonumber, LoopyError> {
        if let Some(pseudo) = self.pseudonumber_at(form, v) {
            return Ok(pseudo);
        }
        if let Some(id) = form.short_at(v) {
            let stop = if left {
                self.store.left_stop(id)
            } else {
                self.store.right_stop(id)
            };
            return Ok(Pseudonumber::Number(stop));
        }
        match memo.get(&(v, left)) {
            Some(Some(stop)) => return Ok(stop.clone()),
            Some(None) => {
                return Err(LoopyError::Internal(
                    "a stop depends on itself, which a stopper cannot do".to_string(),
                ))
            }
            None => {}
        }
        memo.insert((v, left), None);
        self.budget.tick(1)?;
        let options: Vec<u32> = if left {
            form.graph().left(v).to_vec()
        } else {
            form.graph().right(v).to_vec()
        };
        let mut best: Option<Pseudonumber> = None;
        for w in options {
            let stop = deep(|| self.stop_at(form, w, !left, memo))?;
            best = Some(match best {
                None => stop,
                Some(b) if left => b.max(stop),
                Some(b) => b.min(stop),
            });
        }
        let stop = best.ok_or_else(|| {
            LoopyError::Internal("a loopy stopper position with no move for one side".to_string())
        })?;
        memo.insert((v, left), Some(stop.clone()));
        Ok(stop)
    }

    /// The outcome class: who wins moving first, for each player, on each side.
    pub fn outcome(&mut self, value: &LoopyValue) -> Result<LoopyOutcome, LoopyError> {
        let zero_id = self.store.zero();
        let zero = self.short_form(zero_id)?;
        let side =
            |engine: &mut Self, form: &Form, mode: Mode| -> Result<(bool, bool), LoopyError> {
                Ok((
                    engine.forms_le(&zero, form, mode)?,
                    engine.forms_le(form, &zero, mode)?,
                ))
            };
        match value {
            LoopyValue::Stopper(form) => {
                let (ge, le) = side(self, form, Mode::Stopper)?;
                // A stopper with ge and le both is zero: the player to move loses.
                Ok(LoopyOutcome::from_results(Some(!le), Some(ge)))
            }
            LoopyValue::Sided { onside, offside } => {
                let (on_ge, on_le) = side(self, onside, Mode::Onside)?;
                let (off_ge, off_le) = side(self, offside, Mode::Offside)?;
                // Left moving first wins if she wins the offside (where draws are Right's),
                // draws if she survives only the onside; Right the mirror.
                let left_first = if !off_le {
                    Some(true)
                } else if !on_le {
                    None
                } else {
                    Some(false)
                };
                let right_first = if !on_ge {
                    Some(false)
                } else if !off_ge {
                    None
                } else {
                    Some(true)
                };
                Ok(LoopyOutcome::from_results(left_first, right_first))
            }
        }
    }

    /// Whether the value is a number (a short one).
    pub fn is_number(&self, value: &LoopyValue) -> bool {
        value.short().is_some_and(|id| self.store.is_number(id))
    }

    /// Whether the strong left stop is a number equal to the strong right stop (of a sided
    /// value: the onside's left stop and the offside's right stop are equal, as CGSuite
    /// asks).
    pub fn is_numberish(&mut self, value: &LoopyValue) -> Result<bool, LoopyError> {
        let left = self.stop(value.onside(), true)?.strong();
        let right = self.stop(value.offside(), false)?.strong();
        Ok(left == right && (left.is_number() || !value.is_stopper()))
    }

    /// Whether both strong stops (of each side) are zero.
    pub fn is_infinitesimal(&mut self, value: &LoopyValue) -> Result<bool, LoopyError> {
        let zero = Pseudonumber::Number(Dyadic::ZERO);
        for form in [value.onside(), value.offside()] {
            for left in [true, false] {
                if self.stop(form, left)?.strong() != zero {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Whether `G + G = G`.
    pub fn is_idempotent(&mut self, value: &LoopyValue) -> Result<bool, LoopyError> {
        let twice = self.add(value, value)?;
        self.equal(&twice, value)
    }

    /// Whether the stopper's only cycles are passes.
    pub fn is_plumtree(&self, form: &Form) -> bool {
        form.graph().is_plumtree_from(0)
    }

    /// Whether the stopper is a pseudonumber.
    pub fn is_pseudonumber(&self, form: &Form) -> bool {
        self.pseudonumber_at(form, 0).is_some()
    }

    /// The upsum `a +↑ b`: the onside of `a + b`, which must be a stopper.
    pub fn upsum(&mut self, a: &Form, b: &Form) -> Result<Form, LoopyError> {
        self.side_sum(a, b, true)
    }

    /// The downsum `a +↓ b`: the offside of `a + b`, which must be a stopper.
    pub fn downsum(&mut self, a: &Form, b: &Form) -> Result<Form, LoopyError> {
        self.side_sum(a, b, false)
    }

    fn side_sum(&mut self, a: &Form, b: &Form, onside: bool) -> Result<Form, LoopyError> {
        let sum: Graph = self.sum_graph(a, b)?;
        let side = if sum.is_stopper_from(0) {
            self.canonical_form(&sum, 0)?
        } else if onside {
            self.onside_form(&sum, 0)?
        } else {
            self.offside_form(&sum, 0)?
        };
        if !side.is_stopper() {
            let text = self.display_form(&side)?;
            return Err(LoopyError::NotStopper(
                text,
                "the side of the sum has no canonical form",
            ));
        }
        Ok(side)
    }

    /// The degree of a stopper: `0` for a short game, `G +↑ (-G)` otherwise.
    pub fn degree(&mut self, form: &Form) -> Result<Form, LoopyError> {
        if form.short().is_some() {
            let zero = self.store.zero();
            return self.short_form(zero);
        }
        let negative = self.neg_form(form);
        self.upsum(form, &negative)
    }

    /// The two varieties of `G` for degree `degree`: `G +↑ ((-G) +↓ (-D))` and
    /// `G +↓ ((-G) +↑ D)`.
    fn varieties(&mut self, form: &Form) -> Result<(Form, Form), LoopyError> {
        let degree = self.degree(form)?;
        let degree_value = LoopyValue::Stopper(degree.clone());
        if !self.is_idempotent(&degree_value)? {
            return Err(LoopyError::Undefined(
                "the variety is defined only when the degree is idempotent, and it is not"
                    .to_string(),
            ));
        }
        let negative = self.neg_form(form);
        let negative_degree = self.neg_form(&degree);
        let inner = self.downsum(&negative, &negative_degree)?;
        let up = self.upsum(form, &inner)?;
        let inner = self.upsum(&negative, &degree)?;
        let down = self.downsum(form, &inner)?;
        Ok((up, down))
    }

    /// Whether the stopper is stable: its two varieties are equal.
    pub fn is_stable(&mut self, form: &Form) -> Result<bool, LoopyError> {
        let (up, down) = self.varieties(form)?;
        self.forms_equal(&up, &down)
    }

    /// The variety of a stable stopper.
    pub fn variety(&mut self, form: &Form) -> Result<Form, LoopyError> {
        let (up, down) = self.varieties(form)?;
        if self.forms_equal(&up, &down)? {
            Ok(up)
        } else {
            Err(LoopyError::Undefined(
                "the game is not stable, so it has no variety".to_string(),
            ))
        }
    }

    /// Whether two stoppers are equal.
    pub(crate) fn forms_equal(&mut self, a: &Form, b: &Form) -> Result<bool, LoopyError> {
        Ok(self.forms_le(a, b, Mode::Stopper)? && self.forms_le(b, a, Mode::Stopper)?)
    }

    /// Whether the stopper is `{x || x | y}` with `y - x ≤ under` (or the mirror
    /// `{y | x || x}` with `x - y ≤ under`), `x` a number: the translate of a tiny (miny).
    /// Returns the translate, the subscript and whether it is a tiny.
    pub(crate) fn number_tiny(
        &mut self,
        form: &Form,
        v: u32,
    ) -> Result<Option<(Dyadic, Form, bool)>, LoopyError> {
        let graph = form.graph();
        let ([l], [r]) = (graph.left(v), graph.right(v)) else {
            return Ok(None);
        };
        let (l, r) = (*l, *r);
        let number =
            |engine: &Self, w: u32| form.short_at(w).and_then(|id| engine.store.as_number(id));
        if let Some(x) = number(self, l) {
            if let ([rl], [rr]) = (graph.left(r), graph.right(r)) {
                if *rl == l {
                    // y ≤ x + under = {pass | x}.
                    let y = form.at(*rr);
                    let bound = self.pseudonumber_form(&Pseudonumber::Under(x.clone()))?;
                    if self.forms_le(&y, &bound, Mode::Stopper)? {
                        let shift = self.store.number(x.clone());
                        let shift = self.short(shift)?;
                        let negative_y = self.neg(&LoopyValue::Stopper(y));
                        let subscript = self.add(&shift, &negative_y)?;
                        if let LoopyValue::Stopper(subscript) = subscript {
                            return Ok(Some((x, subscript, true)));
                        }
                    }
                }
            }
        }
        if let Some(x) = number(self, r) {
            if let ([ll], [lr]) = (graph.left(l), graph.right(l)) {
                if *lr == r {
                    // y ≥ x + over = {x | pass}.
                    let y = form.at(*ll);
                    let bound = self.pseudonumber_form(&Pseudonumber::Over(x.clone()))?;
                    if self.forms_le(&bound, &y, Mode::Stopper)? {
                        let shift = self.store.number(-&x);
                        let shift = self.short(shift)?;
                        let subscript = self.add(&LoopyValue::Stopper(y), &shift)?;
                        if let LoopyValue::Stopper(subscript) = subscript {
                            return Ok(Some((x, subscript, false)));
                        }
                    }
                }
            }
        }
        Ok(None)
    }

    /// Whether the stopper is a translate of a tiny or a miny: a number plus `{0||0|-x}` or
    /// its negative.
    pub fn is_number_tiny(&mut self, form: &Form) -> Result<bool, LoopyError> {
        Ok(self.number_tiny(form, 0)?.is_some())
    }

    /// The form of a pseudonumber.
    pub fn pseudonumber_form(&mut self, pseudo: &Pseudonumber) -> Result<Form, LoopyError> {
        let mut graph = Graph::new();
        let mut shorts = Vec::new();
        let v = graph.add_vertex();
        shorts.push(None);
        match pseudo {
            Pseudonumber::On => graph.add_left(v, v),
            Pseudonumber::Off => graph.add_right(v, v),
            Pseudonumber::Number(x) => {
                let id = self.store.number(x.clone());
                return self.short_form(id);
            }
            Pseudonumber::Over(x) | Pseudonumber::Under(x) => {
                let id = self.store.number(x.clone());
                let w = self.expand_short(&mut graph, &mut shorts, &mut HashMap::new(), id)?;
                if matches!(pseudo, Pseudonumber::Over(_)) {
                    graph.add_left(v, w);
                    graph.add_right(v, v);
                } else {
                    graph.add_left(v, v);
                    graph.add_right(v, w);
                }
            }
        }
        Ok(Form::new(graph, shorts))
    }

    /// The options of `mover` of a stopper, each as a stopper of its own.
    pub fn options(&self, form: &Form, left: bool) -> Vec<Form> {
        let graph = form.graph();
        let targets = if left { graph.left(0) } else { graph.right(0) };
        targets.iter().map(|&w| form.at(w)).collect()
    }

    /// Every position of the canonical form, each as a stopper of its own.
    pub fn followers(&self, form: &Form) -> Vec<Form> {
        (0..form.len() as u32).map(|v| form.at(v)).collect()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn pseudonumbers_are_ordered_and_printed() {
        let x = |s: &str| s.parse::<Dyadic>().unwrap();
        let chain = [
            Pseudonumber::Off,
            Pseudonumber::Under(x("-1")),
            Pseudonumber::Number(x("-1")),
            Pseudonumber::Over(x("-1")),
            Pseudonumber::Under(x("0")),
            Pseudonumber::Number(x("0")),
            Pseudonumber::Over(x("0")),
            Pseudonumber::Under(x("3/2")),
            Pseudonumber::On,
        ];
        for pair in chain.windows(2) {
            assert!(pair[0] < pair[1], "{} < {}", pair[0], pair[1]);
        }
        let texts: Vec<String> = chain.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            ["off", "-1under", "-1", "-1over", "under", "0", "over", "3/2under", "on"]
        );
        assert_eq!(
            Pseudonumber::Over(x("5")).neg(),
            Pseudonumber::Under(x("-5"))
        );
        assert_eq!(
            Pseudonumber::Over(x("5")).strong(),
            Pseudonumber::Number(x("5"))
        );
    }

    #[test]
    fn outcome_classes_from_their_results_and_back() {
        for outcome in [
            LoopyOutcome::L,
            LoopyOutcome::R,
            LoopyOutcome::N,
            LoopyOutcome::P,
            LoopyOutcome::D,
            LoopyOutcome::PHat,
            LoopyOutcome::PCheck,
            LoopyOutcome::NHat,
            LoopyOutcome::NCheck,
        ] {
            let (left, right) = outcome.results();
            assert_eq!(LoopyOutcome::from_results(left, right), outcome);
        }
        assert_eq!(LoopyOutcome::PHat.results(), (None, Some(true)));
    }
}
