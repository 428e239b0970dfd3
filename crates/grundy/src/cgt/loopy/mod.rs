//! Loopy partizan games: stoppers and sided values (Conway, *Winning Ways* ch. 11; Siegel,
//! *Combinatorial Game Theory* ch. VI; CGSuite's `CanonicalStopper` and `SidedValue`).
//!
//! A loopy game is a finite [`Graph`] of positions with Left and Right moves, a move to the
//! position itself included (`pass`). Play may go on for ever; such a play is a draw.
//!
//! - A **stopper** has no infinite alternating run of moves from any position. Stoppers
//!   compare by survival (`G ≥ H` when Left, moving second in `G − H`, never runs out of
//!   moves), and each equals exactly one stopper in simplest form, its canonical form
//!   ([`canonical`]): dominated and reversible options removed, equal positions fused.
//! - Any other game is a **sided value** `G⁺ & G⁻`: its onside (infinite play is Left's)
//!   and offside (Right's), found by sidling ([`sides`]). Sums, negatives and comparisons
//!   of sided values go side by side.
//!
//! [`LoopyEngine`] does all of it: reading CGSuite's notation ([`notation`]), printing it
//! ([`mod@print`]), sums, comparisons, outcome classes with draws, stops and the other facts
//! CGSuite gives ([`facts`]), each operation bounded by a [`Budget`] (a stop, a memory
//! limit, progress reports).
//!
//! ```
//! use grundy::cgt::loopy::LoopyEngine;
//! use grundy::cgt::ValueStore;
//! let mut store = ValueStore::new();
//! let mut engine = LoopyEngine::new(&mut store);
//! let on = engine.evaluate("on").unwrap();
//! let off = engine.evaluate("off").unwrap();
//! let dud = engine.add(&on, &off).unwrap();
//! assert_eq!(engine.display(&dud).unwrap(), "dud");
//! assert_eq!(engine.outcome(&dud).unwrap().name(), "D");
//! let over = engine.evaluate("over").unwrap();
//! let zero = engine.evaluate("0").unwrap();
//! assert!(engine.le(&zero, &over).unwrap());
//! ```

pub mod budget;
pub mod canonical;
pub mod facts;
pub mod graph;
pub mod notation;
pub mod print;
pub mod sides;
pub mod summary;
pub mod survival;
pub mod value;

pub use budget::{Budget, LoopyError};
pub use facts::{LoopyOutcome, Pseudonumber};
pub use graph::Graph;
pub use notation::is_loopy;
pub use summary::LoopySummary;
pub use survival::Mode;
pub use value::{Form, LoopyEngine, LoopyValue};

#[cfg(test)]
mod brute;
#[cfg(test)]
mod cgsuite_cases;
#[cfg(test)]
mod properties;
