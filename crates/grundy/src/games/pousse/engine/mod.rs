//! The shipped engine: the search ([`search`]), the static evaluation it calls at every node
//! ([`evaluation`], prepared per board size and weights by [`evaluator`]), the transposition
//! table the search threads share, and the positions those threads are busy on.

pub mod evaluation;
pub mod evaluator;
pub mod search;

mod busy;
mod transposition;
