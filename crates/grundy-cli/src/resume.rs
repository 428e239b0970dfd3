//! Resuming a match from its record: the games of the record that belong to the match
//! (`grundy match --record FILE`, also under `--sprt`), read once and told about on
//! standard error.

use std::collections::HashSet;
use std::path::Path;

use grundy_arena::record::{read_resumed, GameRecord};
use grundy_arena::schedule::GameKey;
use grundy_arena::tournament::Plan;

use crate::error::CliError;

/// The lines of a record named in a message before the rest are only counted.
const NAMED_LINES: usize = 10;

/// The games of the record at `path` that belong to `plan` (this game, a key in `keys`),
/// each once; when `tell`, the lines skipped and the repeats counted once are told on
/// standard error. A game on two lines that differ is an error.
pub fn resumed_games(
    path: &Path,
    plan: &Plan,
    keys: &HashSet<GameKey>,
    tell: bool,
) -> Result<Vec<GameRecord>, CliError> {
    let game = plan.game.name();
    let keep = |record: &GameRecord| {
        record.game == game && record.key.as_ref().is_some_and(|key| keys.contains(key))
    };
    let resumed = read_resumed(path, &keep).map_err(|error| match error {
        grundy_arena::record::ResumeError::Io { error, .. } => {
            CliError::file(path, "read the record")(error)
        }
        repeated => CliError::Usage(repeated.to_string()),
    })?;
    if !tell {
        return Ok(resumed.games);
    }
    for (place, why) in resumed.skipped.iter().take(NAMED_LINES) {
        eprintln!("grundy: {place} skipped: {why}; its game, if any, is played again");
    }
    if resumed.skipped.len() > NAMED_LINES {
        eprintln!(
            "grundy: {} more unreadable line(s) in {} skipped",
            resumed.skipped.len() - NAMED_LINES,
            path.display()
        );
    }
    for note in resumed.notes.iter().take(NAMED_LINES) {
        eprintln!("grundy: {note}");
    }
    if resumed.notes.len() > NAMED_LINES {
        eprintln!(
            "grundy: {} more repeated line(s) in {} counted once",
            resumed.notes.len() - NAMED_LINES,
            path.display()
        );
    }
    Ok(resumed.games)
}
