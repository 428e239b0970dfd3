//! `grundy solve bidding`.

use crate::error::CliError;
use crate::report::Analysis;

/// Analyses a bidding position written in its notation.
pub fn analyse(_position: &str, _limit: usize) -> Result<Analysis, CliError> {
    Err(CliError::Usage("the bidding solver is not built yet".into()))
}
