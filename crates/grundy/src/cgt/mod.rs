//! Values of short partizan games: combinatorial game theory as in *Winning Ways*
//! (Berlekamp, Conway, Guy), *On Numbers and Games* (Conway), Siegel's *Combinatorial Game
//! Theory* (2013) and the program CGSuite.
//!
//! Left is the positive player: `G > 0` means Left wins whoever starts. A game is written
//! `{L | R}` with Left's options before the bar.
//!
//! - [`ValueStore`] keeps every value in canonical form, one [`GameId`] per value, and adds,
//!   negates and compares them ([`Comparison`], [`OutcomeClass`]).
//! - Numbers are exact [`Dyadic`] rationals; [`Nus`] (number + ups + nimber) have closed forms.
//! - Stops, mean, temperature and the [`Thermograph`] in [`thermograph`]; atomic weights of
//!   all-small games in [`atomic`].
//! - CGSuite-style notation and expressions in [`notation`]; a [`Summary`] for front ends;
//!   SVG pictures of thermographs in [`svg`].
//! - [`Value`]: values with operators in one shared store, for front ends.
//! - [`Evaluator`] and [`plain_value`]: values of game positions (any
//!   [`PartizanPosition`](crate::position::PartizanPosition));
//!   [`Watch`]: stopping, bounding and following a long valuation.
//!
//! See docs/partizan.md for the notation, the conventions and the algorithms.
//!
//! ```
//! use grundy::cgt::ValueStore;
//! let mut store = ValueStore::new();
//! let g = store.evaluate("{2|-1}").unwrap();
//! assert_eq!(store.mean(g).to_string(), "1/2");
//! assert_eq!(store.temperature(g).to_string(), "3/2");
//! ```

pub mod atomic;
pub mod bounds;
pub mod dyadic;
pub mod loopy;
pub mod notation;
pub mod nus;
pub mod position;
pub mod print;
pub mod store;
pub mod summary;
pub mod svg;
pub mod thermograph;
mod tokens;
pub mod toy;
pub mod uptimal;
pub mod value;
pub mod watch;

pub use atomic::NotAllSmall;
pub use bounds::Limits;
pub use dyadic::{Dyadic, DyadicError};
pub use notation::NotationError;
pub use nus::Nus;
pub use position::{plain_value, plain_value_within, Evaluator};
pub use store::{Comparison, GameId, OutcomeClass, StoreSize, ValueStore};
pub use summary::{PrintedInteger, PrintedPoint, PrintedSummary, Summary};
pub use svg::thermograph_svg;
pub use thermograph::{Thermograph, WallPoint};
pub use value::Value;
pub use watch::{Interrupted, Progress, Watch};
