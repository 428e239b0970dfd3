//! `grundy match --sprt`: the sequential test's state during a match — the pairs so far,
//! a line with the LLR and its bounds after each pair, and the stop signal once decided.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use grundy_arena::pentanomial::{pair_counts, Pentanomial};
use grundy_arena::record::GameRecord;
use grundy_arena::schedule::GameKey;
use grundy_arena::sprt::{Decision, Sprt};
use grundy_arena::tournament::Plan;

use crate::error::CliError;

/// A running SPRT for the match's first player.
pub struct SequentialTest {
    sprt: Sprt,
    labels: Vec<String>,
    records: Mutex<Vec<GameRecord>>,
    last: Mutex<Option<(Pentanomial, f64)>>,
    /// Set once the test has decided: the match starts no further game.
    pub stop: AtomicBool,
}

impl SequentialTest {
    /// A test of `plan`'s match, counting the games its record already holds (read as a
    /// resumed run reads them; the run itself tells of the lines skipped).
    pub fn new(sprt: Sprt, plan: &Plan, record: Option<&Path>) -> Result<Self, CliError> {
        let keys: std::collections::HashSet<GameKey> =
            plan.games.iter().map(|game| plan.key(game)).collect();
        let earlier = match record {
            Some(path) => crate::resume::resumed_games(path, plan, &keys, false)?,
            None => Vec::new(),
        };
        let test = SequentialTest {
            sprt,
            labels: plan.entrants.iter().map(|e| e.label.clone()).collect(),
            records: Mutex::new(earlier),
            last: Mutex::new(None),
            stop: AtomicBool::new(false),
        };
        test.evaluate();
        Ok(test)
    }

    /// Counts a finished game; after a complete pair prints the LLR line and decides.
    pub fn add(&self, record: &GameRecord) {
        if let Ok(mut records) = self.records.lock() {
            records.push(record.clone());
        }
        self.evaluate();
    }

    fn evaluate(&self) {
        let Ok(records) = self.records.lock() else {
            return;
        };
        if records.is_empty() || records.len() % 2 == 1 {
            return;
        }
        let Some(Some(pairs)) = pair_counts(&self.labels, &records).into_iter().next() else {
            return;
        };
        if pairs.pairs() == 0 {
            return;
        }
        if let Ok(last) = self.last.lock() {
            if last.is_some_and(|(seen, _)| seen == pairs) {
                return;
            }
        }
        let llr = self.sprt.llr(&pairs);
        let (lower, upper) = self.sprt.bounds();
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(
            stdout,
            "sprt: {} pairs (0-2 points: {}) llr {:+.3} bounds ({:.3}, {:.3})",
            pairs.pairs(),
            pairs.to_compact(),
            llr,
            lower,
            upper
        );
        let _ = stdout.flush();
        if self.sprt.decide(llr) != Decision::Continue {
            self.stop.store(true, Ordering::SeqCst);
        }
        if let Ok(mut last) = self.last.lock() {
            *last = Some((pairs, llr));
        }
    }

    /// The final line: the decision, or none within the games allowed.
    pub fn verdict(&self) -> String {
        let sprt = self.sprt;
        let head = format!(
            "sprt [{}, {}] alpha {} beta {}",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        );
        match self.last.lock().ok().and_then(|last| *last) {
            None => format!("{head}: no complete pair, no decision\n"),
            Some((pairs, llr)) => {
                let decision = sprt.decide(llr);
                let tail = if decision == Decision::Continue {
                    " within the --games bound"
                } else {
                    ""
                };
                format!(
                    "{head}: {decision}{tail} after {} pairs (llr {:+.3})\n",
                    pairs.pairs(),
                    llr
                )
            }
        }
    }
}
