//! `grundy solve rectangle`.

use crate::error::CliError;
use crate::report::Analysis;

/// Analyses a rectangle position written in its notation.
pub fn analyse(_position: &str, _limit: usize) -> Result<Analysis, CliError> {
    Err(CliError::Usage("the rectangle solver is not built yet".into()))
}
