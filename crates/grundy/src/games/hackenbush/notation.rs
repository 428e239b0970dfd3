//! Reading and writing Hackenbush pictures: `0`, stalks (`BBR+GG`) or an edge list
//! (`0-1:B,1-2:R`). Errors name the term (stalk or edge) by its place and text.

use std::fmt;
use std::str::FromStr;

use super::{Colour, Edge, Hackenbush, Node};
use crate::error::ParseError;

impl fmt::Display for Hackenbush {
    /// `0` when empty, the stalk form when the picture is one, else the edge list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.edges.is_empty() {
            return f.write_str("0");
        }
        if let Some(stalks) = self.stalks() {
            let terms: Vec<String> = stalks
                .iter()
                .map(|stalk| stalk.iter().map(|colour| colour.letter()).collect())
                .collect();
            return f.write_str(&terms.join("+"));
        }
        let edges: Vec<String> = self.edges.iter().map(Edge::to_string).collect();
        f.write_str(&edges.join(","))
    }
}

impl FromStr for Hackenbush {
    type Err = ParseError;

    /// Reads `0`, an edge list (a text with `-` or `:`) or stalks.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        if text == "0" {
            return Ok(Hackenbush::empty());
        }
        if text.contains(['-', ':']) {
            parse_edges(text)
        } else {
            parse_stalks(text)
        }
    }
}

/// Reads `+`-separated stalks of colour letters.
fn parse_stalks(text: &str) -> Result<Hackenbush, ParseError> {
    let mut stalks = Vec::new();
    for (index, term) in text.split('+').enumerate() {
        let fail = |message: String| ParseError::at_token(message, term).with_column(index + 1);
        if term.is_empty() {
            return Err(fail(format!(
                "stalk {} is empty (a picture is stalks of B, R and G joined by '+', an edge \
                 list such as 0-1:B,1-2:R, or 0)",
                index + 1
            )));
        }
        let stalk = term
            .chars()
            .enumerate()
            .map(|(position, letter)| {
                Colour::from_letter(letter).ok_or_else(|| {
                    fail(format!(
                        "unknown colour {letter:?} at edge {} of stalk {} (colours are B, R \
                         and G)",
                        position + 1,
                        index + 1
                    ))
                })
            })
            .collect::<Result<Vec<Colour>, ParseError>>()?;
        stalks.push(stalk);
    }
    Hackenbush::from_stalks(&stalks).map_err(|error| error.with_token(text))
}

/// Reads comma-separated `NODE-NODE:COLOUR` edges.
fn parse_edges(text: &str) -> Result<Hackenbush, ParseError> {
    let mut edges = Vec::new();
    for (index, term) in text.split(',').enumerate() {
        let fail = |message: String| ParseError::at_token(message, term).with_column(index + 1);
        let (nodes, colour) = term.split_once(':').ok_or_else(|| {
            fail(format!(
                "edge {} must be written NODE-NODE:COLOUR, as in 0-1:B",
                index + 1
            ))
        })?;
        let (x, y) = nodes.split_once('-').ok_or_else(|| {
            fail(format!(
                "edge {} must be written NODE-NODE:COLOUR, as in 0-1:B",
                index + 1
            ))
        })?;
        let node = |text: &str| -> Result<Node, ParseError> {
            if text == "g" || text == "G" {
                return Ok(0);
            }
            let number = if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
                text.parse::<Node>().ok()
            } else {
                None
            };
            number.ok_or_else(|| {
                fail(format!(
                    "node {text:?} of edge {} is not a number from 0 (the ground, also g) to \
                     {}",
                    index + 1,
                    Node::MAX
                ))
            })
        };
        let (x, y) = (node(x)?, node(y)?);
        let mut letters = colour.chars();
        let colour = match (letters.next().and_then(Colour::from_letter), letters.next()) {
            (Some(colour), None) => colour,
            _ => {
                return Err(fail(format!(
                    "the colour {colour:?} of edge {} is not B, R or G",
                    index + 1
                )))
            }
        };
        edges.push(Edge::new(x, y, colour));
    }
    Hackenbush::new(edges)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_read_back() {
        for text in [
            "0",
            "B",
            "BBR+GG",
            "G+G+G",
            "0-1:B,1-2:R,0-2:G",
            "0-0:G",
            "0-1:B,0-1:R",
        ] {
            assert_eq!(text.parse::<Hackenbush>().unwrap().to_string(), text);
        }
        // Stalks written as edges are printed as stalks.
        let text = "0-1:B,1-2:R,0-3:G";
        assert_eq!(text.parse::<Hackenbush>().unwrap().to_string(), "BR+G");
        assert_eq!(
            "g-5:b,5-9:r".parse::<Hackenbush>().unwrap().to_string(),
            "BR"
        );
        assert_eq!(
            "0-5:B,3-5:R,0-3:G"
                .parse::<Hackenbush>()
                .unwrap()
                .to_string(),
            "0-1:B,1-2:R,0-2:G"
        );
        assert_eq!("bbr".parse::<Hackenbush>().unwrap().to_string(), "BBR");
    }

    #[test]
    fn errors_name_the_term() {
        for (text, message, column) in [
            ("BB++R", "stalk 2 is empty", 2),
            ("", "stalk 1 is empty", 1),
            ("BX", "unknown colour 'X' at edge 2 of stalk 1", 1),
            ("0-1:B,1-2", "edge 2 must be written NODE-NODE:COLOUR", 2),
            ("0-1:B,12:R", "edge 2 must be written NODE-NODE:COLOUR", 2),
            ("0-4294967296:B", "node \"4294967296\" of edge 1 is not a number", 1),
            ("0-x:B", "node \"x\" of edge 1 is not a number", 1),
            ("0-1:Y", "the colour \"Y\" of edge 1 is not B, R or G", 1),
            ("0-1:BB", "the colour \"BB\" of edge 1 is not B, R or G", 1),
            ("0-1:B,2-3:R", "edge 2 is not connected to the ground", 2),
        ] {
            let error = text.parse::<Hackenbush>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
            assert_eq!(error.location.column, Some(column), "{text}");
        }
        // No cap on the number of edges: a stalk of 1 000 and an edge list past node 255.
        let long = "B".repeat(1000);
        assert_eq!(long.parse::<Hackenbush>().unwrap().edges().len(), 1000);
        let far = "0-1000:G,1000-70000:B".parse::<Hackenbush>().unwrap();
        assert_eq!(far.to_string(), "GB");
    }
}
