//! Everything a front end shows about a loopy value, in one serialisable record.

use serde::Serialize;

use super::budget::LoopyError;
use super::facts::{LoopyOutcome, Pseudonumber};
use super::value::{LoopyEngine, LoopyValue};

/// What `grundy value` prints and `--json` serialises for a loopy value. Quantities that a
/// kind of value does not have are absent (`None`): stops and the stopper's predicates for
/// a value that is not a stopper, the predicates of stoppers' sides for a value whose sides
/// are not stoppers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoopySummary {
    /// The value in CGSuite's notation.
    pub canonical: String,
    /// `stopper`, `stopper-sided` (both sides stoppers) or `sided`.
    pub kind: &'static str,
    /// The outcome class (`L`, `R`, `N`, `P`, `D`, `PHat`, `PCheck`, `NHat`, `NCheck`).
    pub outcome: LoopyOutcome,
    /// The outcome in words.
    pub outcome_meaning: &'static str,
    /// The onside.
    pub onside: String,
    /// The offside.
    pub offside: String,
    /// The left stop, of a stopper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_stop: Option<Pseudonumber>,
    /// The right stop, of a stopper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_stop: Option<Pseudonumber>,
    /// Whether the strong stops are one number (of a stopper-sided value).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub numberish: Option<bool>,
    /// Whether the strong stops are zero (of a stopper-sided value).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub infinitesimal: Option<bool>,
    /// Whether `G + G = G`.
    pub idempotent: bool,
    /// Whether the only cycles are passes (of a stopper).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plumtree: Option<bool>,
    /// Whether it is a pseudonumber (of a stopper).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pseudonumber: Option<bool>,
    /// Whether it is a number plus a tiny or a miny (of a stopper).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number_tiny: Option<bool>,
    /// The degree `G +↑ (-G)` (of a stopper).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degree: Option<String>,
    /// The variety (of a stable stopper whose degree is idempotent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variety: Option<String>,
    /// Why a stopper has no variety.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_variety: Option<String>,
    /// Whether the stopper is stable (when its degree is idempotent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stable: Option<bool>,
    /// The number of positions of the canonical stopper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub follower_count: Option<usize>,
    /// The Left options of the canonical stopper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_options: Option<Vec<String>>,
    /// The Right options of the canonical stopper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_options: Option<Vec<String>>,
}

impl LoopyEngine<'_> {
    /// The summary of a loopy value.
    pub fn summary(&mut self, value: &LoopyValue) -> Result<LoopySummary, LoopyError> {
        let canonical = self.display(value)?;
        let outcome = self.outcome(value)?;
        let onside = self.display_form(value.onside())?;
        let offside = self.display_form(value.offside())?;
        let idempotent = self.is_idempotent(value)?;
        let kind = if value.is_stopper() {
            "stopper"
        } else if value.is_stopper_sided() {
            "stopper-sided"
        } else {
            "sided"
        };
        let mut summary = LoopySummary {
            canonical,
            kind,
            outcome,
            outcome_meaning: outcome.describe(),
            onside,
            offside,
            left_stop: None,
            right_stop: None,
            numberish: None,
            infinitesimal: None,
            idempotent,
            plumtree: None,
            pseudonumber: None,
            number_tiny: None,
            degree: None,
            variety: None,
            no_variety: None,
            stable: None,
            follower_count: None,
            left_options: None,
            right_options: None,
        };
        if value.is_stopper_sided() {
            summary.numberish = Some(self.is_numberish(value)?);
            summary.infinitesimal = Some(self.is_infinitesimal(value)?);
        }
        if let LoopyValue::Stopper(form) = value {
            summary.left_stop = Some(self.stop(form, true)?);
            summary.right_stop = Some(self.stop(form, false)?);
            summary.plumtree = Some(self.is_plumtree(form));
            summary.pseudonumber = Some(self.is_pseudonumber(form));
            summary.number_tiny = Some(self.is_number_tiny(form)?);
            let degree = self.degree(form)?;
            summary.degree = Some(self.display_form(&degree)?);
            match self.variety(form) {
                Ok(variety) => {
                    summary.variety = Some(self.display_form(&variety)?);
                    summary.stable = Some(true);
                }
                Err(LoopyError::Undefined(reason)) => {
                    summary.stable = self.is_stable(form).ok();
                    summary.no_variety = Some(reason);
                }
                Err(other) => return Err(other),
            }
            summary.follower_count = Some(form.len());
            let texts = |engine: &mut Self, left: bool| -> Result<Vec<String>, LoopyError> {
                engine
                    .options(form, left)
                    .iter()
                    .map(|option| engine.display_form(option))
                    .collect()
            };
            summary.left_options = Some(texts(self, true)?);
            summary.right_options = Some(texts(self, false)?);
        }
        Ok(summary)
    }
}
