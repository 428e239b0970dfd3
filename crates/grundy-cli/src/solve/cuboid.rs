//! `grundy solve cuboid`.

use crate::error::CliError;
use crate::report::Analysis;

/// Analyses a cuboid position written in its notation.
pub fn analyse(_position: &str, _limit: usize) -> Result<Analysis, CliError> {
    Err(CliError::Usage("the cuboid solver is not built yet".into()))
}
