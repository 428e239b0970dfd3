//! One description per board: for every game of the registry, on each of its sample
//! positions, its default position and every position one move after them, the SVG
//! picture and the terminal picture are drawn from the board the page draws
//! ([`grundy::drawing::Board`]), and show exactly what it holds.

#![allow(clippy::unwrap_used)]

use grundy::drawing::{text, Board, Layout, Mark};
use grundy::game::{GameEntry, GameState};

/// The most moves followed from each position (every move of the small samples).
const MOVES_FOLLOWED: usize = 64;

/// How many SVG elements of each kind `board` must be drawn with: cells, round pieces,
/// dominoes, graph edges, vertices.
fn expected_counts(board: &Board) -> [usize; 5] {
    let marks = |cells: &[Mark]| {
        let pieces = cells
            .iter()
            .filter(|mark| matches!(mark, Mark::Stone(_) | Mark::Piece(..)))
            .count();
        let dominoes = cells
            .iter()
            .filter(|mark| matches!(mark, Mark::Domino(..)))
            .count();
        [cells.len(), pieces, dominoes, 0, 0]
    };
    match &board.layout {
        Layout::Cells { cells, .. } | Layout::Strip { cells } => marks(cells),
        Layout::Graph { edges, .. } => [0, 0, 0, edges.len(), 0],
        Layout::Vertices { vertices, .. } => [0, 0, 0, 0, vertices.len()],
    }
}

/// The same counts read from an SVG document.
fn drawn_counts(svg: &str) -> [usize; 5] {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}:\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let classes: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("class"))
        .collect();
    let count = |prefix: &str| classes.iter().filter(|c| c.starts_with(prefix)).count();
    [
        count("cell"),
        count("piece "),
        count("domino "),
        count("edge "),
        count("vertex"),
    ]
}

/// Checks the pictures of `state` against its board; the board's layout kind when it has
/// one.
fn check_pictures(entry: &dyn GameEntry, state: &dyn GameState) -> Option<&'static str> {
    let name = format!("{} {}", entry.name(), state.position());
    let Some(board) = entry.board(state) else {
        assert_eq!(
            entry.picture_svg(state),
            None,
            "{name}: a picture without a board"
        );
        return None;
    };
    let svg = entry
        .picture_svg(state)
        .unwrap_or_else(|| panic!("{name}: a board without a picture"));
    assert_eq!(
        drawn_counts(&svg),
        expected_counts(&board),
        "{name}:\n{svg}"
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(
        title.text(),
        Some(format!("{} {}", entry.title(), state.position()).as_str())
    );
    if let Some(picture) = text::picture(&board) {
        assert!(
            state.draw().contains(&picture),
            "{name}: the terminal picture\n{}\nis not the board's\n{picture}",
            state.draw()
        );
    }
    Some(match board.layout {
        Layout::Cells { .. } => "cells",
        Layout::Strip { .. } => "strip",
        Layout::Graph { .. } => "graph",
        Layout::Vertices { .. } => "vertices",
    })
}

#[test]
fn every_board_of_the_registry_is_drawn_as_svg_and_text_from_its_description() {
    let (mut drawn, mut layouts) = (Vec::new(), Vec::new());
    for game in grundy::registry::all() {
        let entry = game.entry();
        let mut positions = entry.sample_positions().to_vec();
        positions.push(entry.default_position());
        let mut boards = 0;
        for position in positions {
            let state = entry.start(position).unwrap();
            let Some(layout) = check_pictures(entry, state.as_ref()) else {
                continue;
            };
            layouts.push(layout);
            boards += 1;
            for mv in state.legal_moves(MOVES_FOLLOWED).moves {
                let mut next = state.clone_box();
                next.play(&mv).unwrap();
                check_pictures(entry, next.as_ref());
            }
        }
        if boards > 0 {
            drawn.push(entry.name());
        }
    }
    // Every kind of layout was drawn, so that no renderer passes unchecked.
    for kind in ["cells", "strip", "graph", "vertices"] {
        assert!(
            layouts.contains(&kind),
            "no {kind} board drawn: {layouts:?}"
        );
    }
    assert!(drawn.len() >= 10, "only {drawn:?} drawn");
}
