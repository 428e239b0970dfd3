//! The board of a game in progress as the page draws it (the `drawing` field of a game
//! view): the library's [`grundy::drawing`] description in JSON. See docs/web.md.

use grundy::drawing::{EdgeShape, GraphEdge, Layout, Naming};
use grundy::game::{describe, BoardView, GameState};
use serde_json::{json, Value};

/// The drawing of `game`, or `None` when its game gives no board.
pub fn drawing(game: &dyn GameState) -> Option<Value> {
    describe(game).map(|view| to_json(&view))
}

/// A number of the layout, rounded to a hundredth of a pixel.
fn px(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// An edge of a graph board: its move now, its name (from the start position), whose it
/// is, where its label goes and its path or circle.
fn edge_json(edge: &GraphEdge) -> Value {
    let mut drawn = json!({
        "move": edge.mv,
        "name": edge.name,
        "owner": edge.owner.word(),
        "label": [px(edge.label.0), px(edge.label.1)],
    });
    match (edge.shape.path_data(px), edge.shape) {
        (Some(path), _) => drawn["path"] = json!(path),
        (None, EdgeShape::Loop { cx, cy, r }) => drawn["circle"] = json!([px(cx), px(cy), px(r)]),
        (None, EdgeShape::Curve { .. }) => {}
    }
    drawn
}

fn to_json(view: &BoardView) -> Value {
    let mut drawing = match &view.board.layout {
        Layout::Cells {
            width,
            height,
            cells,
            naming,
        } => {
            let mut grid = json!({
                "layout": "cells",
                "width": width,
                "height": height,
                "naming": match naming {
                    Naming::LettersAndRows => "letters-rows",
                    Naming::LettersAndRowsUp => "letters-rows-up",
                    Naming::Numbers => "numbers",
                    Naming::Coordinates { .. } => "coordinates",
                },
                "cells": cells.iter().map(|mark| mark.code()).collect::<Vec<_>>(),
            });
            if let Naming::Coordinates { blocks } = naming {
                grid["blocks"] = json!(blocks
                    .iter()
                    .map(|(first, width)| [first, width])
                    .collect::<Vec<_>>());
            }
            grid
        }
        Layout::Strip { cells } => json!({
            "layout": "strip",
            "width": cells.len(),
            "height": 1,
            "naming": "numbers",
            "cells": cells.iter().map(|mark| mark.code()).collect::<Vec<_>>(),
        }),
        Layout::Graph {
            width,
            height,
            ground,
            nodes,
            edges,
            taken,
        } => json!({
            "layout": "graph",
            "width": px(*width),
            "height": px(*height),
            "ground": px(*ground),
            "nodes": nodes.iter().map(|(x, y)| [px(*x), px(*y)]).collect::<Vec<_>>(),
            "edges": edges.iter().map(edge_json).collect::<Vec<_>>(),
            "taken": taken.iter().map(edge_json).collect::<Vec<_>>(),
        }),
        Layout::Vertices {
            width,
            height,
            vertices,
            edges,
        } => json!({
            "layout": "vertices",
            "width": px(*width),
            "height": px(*height),
            "vertices": vertices.iter().map(|vertex| json!({
                "x": px(vertex.x),
                "y": px(vertex.y),
                "name": vertex.name,
                "mark": vertex.mark.code(),
            })).collect::<Vec<_>>(),
            "edges": edges.iter().map(|(a, b)| [a, b]).collect::<Vec<_>>(),
        }),
    };
    drawing["pieces"] = json!({
        "left": view.board.pieces[0],
        "right": view.board.pieces[1],
    });
    drawing["to_move"] = json!(view.to_move.word());
    drawing["moves"] = view
        .moves
        .iter()
        .map(|(mv, at)| json!({ "move": mv, "at": at }))
        .collect();
    drawing["played"] = view
        .played
        .iter()
        .map(|played| {
            let mut json = json!({
                "move": played.mv,
                "name": played.name,
                "by": played.by.word(),
                "at": played.footprint,
            });
            // On a vertex board, where the move lies as the board is drawn now.
            if !played.spots.is_empty() {
                json["spots"] = played.spots.iter().map(|(x, y)| [px(*x), px(*y)]).collect();
            }
            json
        })
        .collect();
    drawing
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use grundy::registry;

    #[test]
    fn a_domineering_drawing_lists_holes_placed_dominoes_and_legal_moves() {
        let mut game = registry::find("domineering")
            .unwrap()
            .start("#../...")
            .unwrap();
        game.play("b1-b2").unwrap();
        let drawing = drawing(game.as_ref()).unwrap();
        assert_eq!(drawing["layout"], "cells");
        assert_eq!(
            drawing["cells"],
            json!(["hole", "filled", "empty", "empty", "filled", "empty"])
        );
        assert_eq!(
            drawing["played"],
            json!([{ "move": "b1-b2", "name": "b1-b2", "by": "left", "at": [1, 4] }])
        );
        assert_eq!(drawing["to_move"], "right");
        assert_eq!(drawing["moves"], json!([]));
        assert_eq!(drawing["pieces"]["left"], "vertical dominoes");
    }

    #[test]
    fn the_moves_of_a_vertex_board_give_where_they_lie_as_it_is_drawn_now() {
        // Node Kayles on the path 0-1-2-3: taking vertex 2 takes 1 and 3 with it; the mark
        // stays at vertex 2's place, which the start board gave it.
        let mut game = registry::find("nodekayles")
            .unwrap()
            .start("0-1,1-2,2-3")
            .unwrap();
        let start = drawing(game.as_ref()).unwrap();
        game.play("2").unwrap();
        let after = drawing(game.as_ref()).unwrap();
        let vertex = &start["vertices"][2];
        assert_eq!(vertex["name"], "2");
        assert_eq!(
            after["played"][0]["spots"],
            json!([[vertex["x"], vertex["y"]]])
        );
        // Arc Kayles takes an edge: the mark is the edge's two ends.
        let mut game = registry::find("arckayles")
            .unwrap()
            .start("0-1,1-2,2-3,3-4")
            .unwrap();
        let start = drawing(game.as_ref()).unwrap();
        let first = game.legal_moves(100).moves[1].clone();
        // An edge's footprint is its one index after the five vertices.
        let at = start["moves"][1]["at"].as_array().unwrap();
        assert_eq!(at.len(), 1);
        let edge = &start["edges"][at[0].as_u64().unwrap() as usize - 5];
        let place = |end: usize| {
            let vertex = &start["vertices"][edge[end].as_u64().unwrap() as usize];
            json!([vertex["x"], vertex["y"]])
        };
        game.play(&first).unwrap();
        let spots = drawing(game.as_ref()).unwrap()["played"][0]["spots"].clone();
        assert_eq!(spots, json!([place(0), place(1)]));
    }

    #[test]
    fn a_hackenbush_drawing_labels_each_edge_with_its_move() {
        let game = registry::find("hackenbush").unwrap().start("BR+G").unwrap();
        let drawing = drawing(game.as_ref()).unwrap();
        let edges = drawing["edges"].as_array().unwrap();
        let labels: Vec<&str> = edges.iter().map(|e| e["move"].as_str().unwrap()).collect();
        assert_eq!(labels, ["1", "2", "3"]);
        assert_eq!(edges[1]["owner"], "right");
        assert!(edges[0]["path"].as_str().unwrap().starts_with("M "));
        assert_eq!(
            drawing["moves"],
            json!([{ "move": "1", "at": [0] }, { "move": "3", "at": [2] }])
        );
        assert_eq!(drawing["taken"], json!([]));
        // Games whose board kind draws from the notation have no drawing.
        let nim = registry::find("nim").unwrap().start("3+4").unwrap();
        assert!(super::drawing(nim.as_ref()).is_none());
    }

    #[test]
    fn hackenbush_edges_keep_their_start_names_and_places_through_the_line() {
        // Two stalks, blue-red and green-red: edges 1 2 and 3 4.
        let mut game = registry::find("hackenbush")
            .unwrap()
            .start("BR+GR")
            .unwrap();
        let start = drawing(game.as_ref()).unwrap();
        // Left cuts edge 1: edge 2 falls with it, edges 3 and 4 are now 1 and 2.
        game.play("1").unwrap();
        let after = drawing(game.as_ref()).unwrap();
        let edges = after["edges"].as_array().unwrap();
        let moves: Vec<&str> = edges.iter().map(|e| e["move"].as_str().unwrap()).collect();
        let names: Vec<&str> = edges.iter().map(|e| e["name"].as_str().unwrap()).collect();
        assert_eq!(moves, ["1", "2"]);
        assert_eq!(names, ["3", "4"]);
        // Each edge where it stood at the start, and the taken ones marked there.
        assert_eq!(edges[0]["path"], start["edges"][2]["path"]);
        assert_eq!(edges[1]["path"], start["edges"][3]["path"]);
        let taken: Vec<&str> = after["taken"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        assert_eq!(taken, ["1", "2"]);
        assert_eq!(after["taken"][0]["path"], start["edges"][0]["path"]);
        assert_eq!(after["width"], start["width"]);
        // Right cuts the red edge on the green one: move 2 now, edge 4 of the start.
        game.play("2").unwrap();
        let last = drawing(game.as_ref()).unwrap();
        let played: Vec<(&str, &str)> = last["played"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["move"].as_str().unwrap(), m["name"].as_str().unwrap()))
            .collect();
        assert_eq!(played, [("1", "1"), ("2", "4")]);
        assert_eq!(last["edges"][0]["name"], "3");
        assert_eq!(last["taken"][0]["name"], "4");
        assert_eq!(last["nodes"].as_array().unwrap().len(), 1);
    }
}
