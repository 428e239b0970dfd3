//! The position editor (`POST /api/edit`): an edit of the board made on the page, turned by
//! the server into the position's notation and read by the game's own parser. The edits
//! belong to a kind of board, not to a game, so that a new game of an existing kind needs
//! nothing new here: on the kinds whose positions are sums of parts joined by `+` (heaps,
//! cuts, boxes: `3+4`, `2x3+4x1`, `2x2x3`, after an optional `RULES:` prefix and before an
//! optional `@L`/`@R` or `@misere` suffix), an edit sets, adds or removes one part.

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::session;
use crate::AppState;

/// The kinds of board whose positions are sums of parts joined by `+`.
const SUM_KINDS: [&str; 3] = ["heaps", "cuts", "boxes"];

/// One edit of a board.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(tag = "op", rename_all = "kebab-case")]
pub enum Edit {
    /// Part `part` (from 0) of a sum becomes `value` (a heap's size, a rectangle `WxH`).
    SetPart {
        /// Which part.
        part: usize,
        /// Its new notation.
        value: String,
    },
    /// A part `value` joins the sum at its end.
    AddPart {
        /// The new part's notation.
        value: String,
    },
    /// Part `part` (from 0) leaves the sum.
    RemovePart {
        /// Which part.
        part: usize,
    },
}

/// The body of `POST /api/edit`.
#[derive(Debug, Deserialize)]
pub struct EditRequest {
    /// The game.
    pub game: String,
    /// The position edited, in the game's notation.
    pub position: String,
    /// The edit.
    pub edit: Edit,
}

/// The answer of `POST /api/edit`: the edited position, which the game's parser accepted.
#[derive(Debug, Serialize)]
pub struct Edited {
    /// The edited position in the game's notation.
    pub position: String,
}

/// The longest position an edit takes or makes, in bytes.
const MAX_POSITION: usize = 10_000;

/// `position` with `edit` made on it, for a board of the kind `kind`; an edit the kind has
/// not, or a part that is not there, is refused in words.
pub fn apply(kind: &str, position: &str, edit: &Edit) -> Result<String, String> {
    if !SUM_KINDS.contains(&kind) {
        return Err(format!(
            "the position editor does not edit {kind} boards yet"
        ));
    }
    let (body, suffix) = match position.rfind('@') {
        Some(at) => position.split_at(at),
        None => (position, ""),
    };
    let (prefix, sum) = match body.rfind(':') {
        Some(colon) => body.split_at(colon + 1),
        None => ("", body),
    };
    let mut parts: Vec<String> = if sum.trim().is_empty() {
        Vec::new()
    } else {
        sum.split('+').map(|part| part.trim().to_owned()).collect()
    };
    let count = parts.len();
    let missing = |part: usize| format!("there is no part {} of {count} to edit", part + 1);
    match edit {
        Edit::SetPart { part, value } => {
            *parts.get_mut(*part).ok_or_else(|| missing(*part))? = value.trim().to_owned();
        }
        Edit::AddPart { value } => parts.push(value.trim().to_owned()),
        Edit::RemovePart { part } => {
            if *part >= count {
                return Err(missing(*part));
            }
            if count == 1 {
                return Err("the last part of a position cannot be removed".to_owned());
            }
            parts.remove(*part);
        }
    }
    if parts
        .iter()
        .any(|part| part.is_empty() || part.contains(['+', '@', ':']))
    {
        return Err("a part is empty or holds `+`, `@` or `:`".to_owned());
    }
    Ok(format!("{prefix}{}{suffix}", parts.join("+")))
}

/// `POST /api/edit`: makes an edit of the board on a position and answers the edited
/// position once the game's own parser has read it; a refused edit is a 400 with the
/// parser's words, and nothing changes.
pub async fn edit(
    State(state): State<AppState>,
    body: Result<Json<EditRequest>, JsonRejection>,
) -> Result<Json<Edited>, ApiError> {
    let Json(request) = body?;
    if request.position.len() > MAX_POSITION {
        return Err(ApiError::too_large(format!(
            "the position is {} bytes long (the cap is {MAX_POSITION})",
            request.position.len()
        )));
    }
    let entry = session::find(&state.games, &request.game)?;
    let kind = entry.board_kind().unwrap_or("text");
    let position = apply(kind, &request.position, &request.edit).map_err(ApiError::bad_request)?;
    if position.len() > MAX_POSITION {
        return Err(ApiError::too_large(format!(
            "the edited position is {} bytes long (the cap is {MAX_POSITION})",
            position.len()
        )));
    }
    entry.start(&position).map_err(|error| {
        ApiError::bad_request(format!("{} refuses {position:?}: {error}", entry.name()))
    })?;
    Ok(Json(Edited { position }))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn set(part: usize, value: &str) -> Edit {
        Edit::SetPart {
            part,
            value: value.to_owned(),
        }
    }

    #[test]
    fn sums_are_edited_part_by_part_keeping_prefix_and_suffix() {
        assert_eq!(apply("heaps", "3+4+5", &set(1, "7")).unwrap(), "3+7+5");
        assert_eq!(
            apply("heaps", "0.07:10+3@misere", &set(0, "12")).unwrap(),
            "0.07:12+3@misere"
        );
        assert_eq!(
            apply(
                "cuts",
                "4x3@R",
                &Edit::AddPart {
                    value: "2x2".into()
                }
            )
            .unwrap(),
            "4x3+2x2@R"
        );
        assert_eq!(
            apply("boxes", "2x2x2+1x1x3", &Edit::RemovePart { part: 0 }).unwrap(),
            "1x1x3"
        );
    }

    #[test]
    fn edits_that_make_no_sum_are_refused_in_words() {
        assert_eq!(
            apply("heaps", "3+4", &set(2, "1")).unwrap_err(),
            "there is no part 3 of 2 to edit"
        );
        assert!(apply("heaps", "3", &Edit::RemovePart { part: 0 }).is_err());
        assert!(apply("heaps", "3+4", &set(0, "1+2")).is_err());
        assert!(apply("heaps", "3+4", &set(0, " ")).is_err());
        assert_eq!(
            apply("cells", "3x3", &set(0, "1")).unwrap_err(),
            "the position editor does not edit cells boards yet"
        );
    }
}
