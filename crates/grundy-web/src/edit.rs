//! The position editor (`POST /api/edit`): an edit of the board made on the page, turned by
//! the server into the position's notation and read by the game's own parser. The edits
//! belong to a kind of board, not to a game, so that a new game of an existing kind needs
//! nothing new here: on the kinds whose positions are sums of parts joined by `+` (heaps,
//! cuts, boxes: `3+4`, `2x3+4x1`, `2x2x3`, after an optional `RULES:` prefix and before an
//! optional `@L`/`@R` or `@misere` suffix), an edit sets, adds or removes one part; on the
//! vertex boards (the games on graphs, whose positions are edge lists `0-1,1-2,2:L`), an
//! edit adds or deletes an edge or a vertex, or sets a vertex's tag.

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
    /// The edge between the vertices named `a` and `b` is deleted if the graph has it,
    /// added if not.
    ToggleEdge {
        /// One end's name.
        a: String,
        /// The other end's name.
        b: String,
    },
    /// A vertex without an edge joins the graph, named one more than the largest name.
    AddVertex,
    /// The vertex named `vertex` leaves the graph with its edges.
    RemoveVertex {
        /// Its name.
        vertex: String,
    },
    /// The vertex named `vertex` gets the tag `tag` (a colour, a tint: `L`, `r`), or none
    /// when `tag` is empty; the game's parser says which tags it allows.
    SetTag {
        /// Its name.
        vertex: String,
        /// The tag, or nothing.
        tag: String,
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
    let (body, suffix) = match position.rfind('@') {
        Some(at) => position.split_at(at),
        None => (position, ""),
    };
    if kind == "vertices" {
        return Ok(format!("{}{suffix}", edit_graph(body, edit)?));
    }
    if !SUM_KINDS.contains(&kind) {
        return Err(format!(
            "the position editor does not edit {kind} boards yet"
        ));
    }
    let (prefix, sum) = match body.rfind(':') {
        Some(colon) => body.split_at(colon + 1),
        None => ("", body),
    };
    // `empty` is the sum of no parts (a cuboid sum with every cuboid gone).
    let mut parts: Vec<String> = if sum.trim().is_empty() || sum.trim() == "empty" {
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
        Edit::ToggleEdge { .. }
        | Edit::AddVertex
        | Edit::RemoveVertex { .. }
        | Edit::SetTag { .. } => {
            return Err(format!("a {kind} board has no vertices to edit"));
        }
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

/// The edge list `graph` (`0-1,1-2,2:L`, or `empty`) with `edit` made on it, written back
/// with every vertex still named (a vertex that loses its last edge is written alone).
fn edit_graph(graph: &str, edit: &Edit) -> Result<String, String> {
    let mut tokens: Vec<String> = graph
        .split(',')
        .map(|token| token.trim().to_owned())
        .filter(|token| !token.is_empty() && token != "empty")
        .collect();
    // The vertex names of a token: an edge's two ends, or a vertex alone (with its tag).
    let ends = |token: &str| -> Vec<String> {
        match token.split_once('-') {
            Some((a, b)) => vec![a.trim().to_owned(), b.trim().to_owned()],
            None => vec![token.split(':').next().unwrap_or("").trim().to_owned()],
        }
    };
    let names = |tokens: &[String]| -> Vec<String> {
        let mut all: Vec<String> = tokens.iter().flat_map(|token| ends(token)).collect();
        all.sort();
        all.dedup();
        all
    };
    let before = names(&tokens);
    let has = |name: &str| before.iter().any(|other| other == name);
    let no_vertex = |name: &str| format!("the graph has no vertex {name:?}");
    match edit {
        Edit::ToggleEdge { a, b } => {
            for name in [a, b] {
                if !has(name) {
                    return Err(no_vertex(name));
                }
            }
            if a == b {
                return Err(format!("an edge joins two vertices, not {a} to itself"));
            }
            let is_it = |token: &String| {
                let pair = ends(token);
                token.contains('-') && pair.contains(a) && pair.contains(b)
            };
            if tokens.iter().any(is_it) {
                tokens.retain(|token| !is_it(token));
            } else {
                tokens.push(format!("{a}-{b}"));
            }
        }
        Edit::AddVertex => {
            let next = before
                .iter()
                .filter_map(|name| name.parse::<u64>().ok())
                .max()
                .map_or(0, |largest| largest + 1);
            tokens.push(next.to_string());
        }
        Edit::RemoveVertex { vertex } => {
            if !has(vertex) {
                return Err(no_vertex(vertex));
            }
            tokens.retain(|token| !ends(token).contains(vertex));
        }
        Edit::SetTag { vertex, tag } => {
            if !has(vertex) {
                return Err(no_vertex(vertex));
            }
            tokens.retain(|token| token.contains('-') || ends(token)[0] != *vertex);
            tokens.push(if tag.trim().is_empty() {
                vertex.clone()
            } else {
                format!("{vertex}:{}", tag.trim())
            });
        }
        Edit::SetPart { .. } | Edit::AddPart { .. } | Edit::RemovePart { .. } => {
            return Err("a graph has no parts to edit: edit its edges and vertices".to_owned());
        }
    }
    // Every vertex still in the graph stays named.
    let kept = names(&tokens);
    for name in before {
        let removed = matches!(edit, Edit::RemoveVertex { vertex } if *vertex == name);
        if !removed && !kept.contains(&name) {
            tokens.push(name);
        }
    }
    Ok(if tokens.is_empty() {
        "empty".to_owned()
    } else {
        tokens.join(",")
    })
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
    // A graph is edited as its game writes it back (`3x3` as its edge list).
    let now = if kind == "vertices" {
        entry
            .start(&request.position)
            .map_err(|error| ApiError::bad_request(error.to_string()))?
            .position()
    } else {
        request.position.clone()
    };
    let position = apply(kind, &now, &request.edit).map_err(ApiError::bad_request)?;
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
            apply(
                "boxes",
                "empty",
                &Edit::AddPart {
                    value: "1x1x1".into()
                }
            )
            .unwrap(),
            "1x1x1"
        );
        assert_eq!(
            apply("boxes", "2x2x2+1x1x3", &Edit::RemovePart { part: 0 }).unwrap(),
            "1x1x3"
        );
    }

    #[test]
    fn graphs_are_edited_by_edges_vertices_and_tags() {
        let toggle = |a: &str, b: &str| Edit::ToggleEdge {
            a: a.into(),
            b: b.into(),
        };
        let graph = "0-1,1-2,2:L";
        assert_eq!(
            apply("vertices", graph, &toggle("2", "0")).unwrap(),
            "0-1,1-2,2:L,2-0"
        );
        // Deleting 1-2 keeps 2, which has its tag, and 0-1 keeps 0 and 1.
        assert_eq!(
            apply("vertices", graph, &toggle("2", "1")).unwrap(),
            "0-1,2:L"
        );
        assert_eq!(
            apply("vertices", "0-1@R", &toggle("0", "1")).unwrap(),
            "0,1@R"
        );
        assert_eq!(
            apply("vertices", graph, &Edit::AddVertex).unwrap(),
            "0-1,1-2,2:L,3"
        );
        assert_eq!(apply("vertices", "empty", &Edit::AddVertex).unwrap(), "0");
        let remove = |v: &str| Edit::RemoveVertex { vertex: v.into() };
        assert_eq!(apply("vertices", graph, &remove("1")).unwrap(), "2:L,0");
        assert_eq!(apply("vertices", "0", &remove("0")).unwrap(), "empty");
        let tag = |v: &str, t: &str| Edit::SetTag {
            vertex: v.into(),
            tag: t.into(),
        };
        assert_eq!(
            apply("vertices", graph, &tag("2", "")).unwrap(),
            "0-1,1-2,2"
        );
        assert_eq!(
            apply("vertices", graph, &tag("0", "r")).unwrap(),
            "0-1,1-2,2:L,0:r"
        );
        assert_eq!(
            apply("vertices", graph, &toggle("0", "7")).unwrap_err(),
            "the graph has no vertex \"7\""
        );
        assert!(apply("vertices", graph, &toggle("1", "1")).is_err());
        assert!(apply("vertices", graph, &set(0, "1")).is_err());
        assert!(apply("heaps", "3", &Edit::AddVertex).is_err());
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
