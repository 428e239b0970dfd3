//! `grundy solve paper`.

use crate::error::CliError;
use crate::report::Analysis;

/// Analyses a paper position written in its notation.
pub fn analyse(_position: &str, _limit: usize) -> Result<Analysis, CliError> {
    Err(CliError::Usage("the paper solver is not built yet".into()))
}
