//! The board of a game in progress as the page draws it (the `drawing` field of a game
//! view): the library's [`grundy::drawing`] description in JSON. See docs/web.md.

use grundy::drawing::{EdgeShape, Layout, Naming};
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

fn to_json(view: &BoardView) -> Value {
    let mut drawing = match &view.board.layout {
        Layout::Cells {
            width,
            height,
            cells,
            naming,
        } => json!({
            "layout": "cells",
            "width": width,
            "height": height,
            "naming": match naming {
                Naming::LettersAndRows => "letters-rows",
                Naming::LettersAndRowsUp => "letters-rows-up",
                Naming::Numbers => "numbers",
            },
            "cells": cells.iter().map(|mark| mark.code()).collect::<Vec<_>>(),
        }),
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
        } => json!({
            "layout": "graph",
            "width": px(*width),
            "height": px(*height),
            "ground": px(*ground),
            "nodes": nodes.iter().map(|(x, y)| [px(*x), px(*y)]).collect::<Vec<_>>(),
            "edges": edges.iter().map(|edge| {
                let mut drawn = json!({
                    "move": edge.mv,
                    "owner": edge.owner.word(),
                    "label": [px(edge.label.0), px(edge.label.1)],
                });
                match edge.shape {
                    EdgeShape::Curve { x1, y1, cx, cy, x2, y2 } => {
                        drawn["path"] = json!(format!(
                            "M {} {} Q {} {} {} {}",
                            px(x1), px(y1), px(cx), px(cy), px(x2), px(y2)
                        ));
                    }
                    EdgeShape::Loop { cx, cy, r } => {
                        drawn["circle"] = json!([px(cx), px(cy), px(r)]);
                    }
                }
                drawn
            }).collect::<Vec<_>>(),
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
        .map(|played| json!({ "move": played.mv, "by": played.by.word(), "at": played.footprint }))
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
            json!([{ "move": "b1-b2", "by": "left", "at": [1, 4] }])
        );
        assert_eq!(drawing["to_move"], "right");
        assert_eq!(drawing["moves"], json!([]));
        assert_eq!(drawing["pieces"]["left"], "vertical dominoes");
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
        // Games whose board kind draws from the notation have no drawing.
        let nim = registry::find("nim").unwrap().start("3+4").unwrap();
        assert!(super::drawing(nim.as_ref()).is_none());
    }
}
