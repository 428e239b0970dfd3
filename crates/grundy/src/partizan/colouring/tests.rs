//! The colouring machinery on both rules: notation, moves, the reduction and components.

use super::*;
use crate::cgt::{plain_value, Evaluator, ValueStore};
use crate::partizan::{check_components, check_options_partition, check_outcome_of_components};
use proptest::prelude::*;

/// Col's rule, for these tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct TestCol;

impl Rule for TestCol {
    const NAME: &'static str = "Col";
    const KEY: &'static str = "test-col";
    const SUMMARY: &'static str = "Col, for the tests";
    const EXAMPLE: &'static str = "0-1";

    fn cap_edges() -> Vec<crate::game::CapEdge> {
        Vec::new()
    }

    fn avoided_colour(mover: Player) -> Player {
        mover
    }
}

/// Snort's rule, for these tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct TestSnort;

impl Rule for TestSnort {
    const NAME: &'static str = "Snort";
    const KEY: &'static str = "test-snort";
    const SUMMARY: &'static str = "Snort, for the tests";
    const EXAMPLE: &'static str = "0-1";

    fn cap_edges() -> Vec<crate::game::CapEdge> {
        Vec::new()
    }

    fn avoided_colour(mover: Player) -> Player {
        mover.opponent()
    }
}

fn col(text: &str) -> Colouring<TestCol> {
    text.parse().unwrap()
}

fn snort(text: &str) -> Colouring<TestSnort> {
    text.parse().unwrap()
}

fn names(moves: &[Vertex]) -> Vec<u32> {
    moves.iter().map(|v| v.0).collect()
}

#[test]
fn notation_reads_back_and_grids_are_read() {
    for text in ["empty", "0", "0-1,1-2,1:L", "0-1,0:l,1:r,5:R"] {
        assert_eq!(col(text).to_string(), text);
    }
    assert_eq!(col("2x2").to_string(), "0-1,0-2,1-3,2-3");
    assert_eq!(col("8x8").graph().len(), 64);
    for (text, token) in [
        ("0x3", "0x3"),
        ("3x", "3x"),
        ("9x8", "9x8"),
        ("0-1,1:B", "1:B"),
        ("0-1,1-1", "1-1"),
        ("0-1,1-x", "1-x"),
        ("3xy", "3xy"),
        ("99999x99999999999999999999", "99999x99999999999999999999"),
    ] {
        let error = text.parse::<Colouring<TestCol>>().unwrap_err();
        assert_eq!(
            error.location.token.as_deref(),
            Some(token),
            "{text}: {error}"
        );
    }
    assert!("9x8"
        .parse::<Colouring<TestCol>>()
        .unwrap_err()
        .to_string()
        .contains("64"));
}

#[test]
fn col_forbids_your_own_colour_next_door_and_snort_the_opponents() {
    let c = col("0-1,1-2,0:L");
    assert_eq!(names(&c.moves(Player::Left)), [2]);
    assert_eq!(names(&c.moves(Player::Right)), [1, 2]);
    let s = snort("0-1,1-2,0:L");
    assert_eq!(names(&s.moves(Player::Left)), [1, 2]);
    assert_eq!(names(&s.moves(Player::Right)), [2]);
    let play = |side, name| c.play(side, &Vertex(name));
    assert_eq!(
        play(Player::Right, 1).unwrap().to_string(),
        "0-1,1-2,0:L,1:R"
    );
    assert_eq!(
        play(Player::Left, 1).unwrap_err().to_string(),
        "illegal move 1: vertex 1 is next to vertex 0 of your own colour"
    );
    assert_eq!(
        play(Player::Left, 0).unwrap_err().to_string(),
        "illegal move 0: vertex 0 is already coloured by Left"
    );
    assert_eq!(
        play(Player::Left, 7).unwrap_err().to_string(),
        "illegal move 7: there is no vertex 7"
    );
    assert_eq!(
        snort("0-1,1-2,0:L")
            .play(Player::Right, &Vertex(1))
            .unwrap_err()
            .to_string(),
        "illegal move 1: vertex 1 is next to vertex 0 of Left's colour"
    );
    assert_eq!(
        col("3:r")
            .play(Player::Left, &Vertex(3))
            .unwrap_err()
            .to_string(),
        "illegal move 3: only Right may colour vertex 3"
    );
    assert_eq!(
        "x".parse::<Vertex>().unwrap_err().location.token.as_deref(),
        Some("x")
    );
}

#[test]
fn colours_become_tints_and_dead_vertices_go() {
    // Col: the blue vertex forbids Left on 1; the red one forbids Right on 1 too: 1 is dead.
    assert_eq!(col("0-1,1-2,0:L").reduced().to_string(), "1-2,1:r");
    assert_eq!(col("0-1,1-2,0:L,2:R").reduced().to_string(), "empty");
    // Snort: the blue vertex forbids Right on 1.
    assert_eq!(snort("0-1,1-2,0:L").reduced().to_string(), "1-2,1:l");
    assert_eq!(snort("0-1,1-2,0:L,2:R").reduced().to_string(), "empty");
    assert!(col("0-1,0:L,1:R").components().is_empty());
    let parts = col("0-1,1-2,2-3,3-4,2:L").components();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0], parts[1]);
}

#[test]
fn a_lone_vertex_is_star_and_an_edge_zero_in_col_and_hot_in_snort() {
    let mut store = ValueStore::new();
    for (text, col_value, snort_value) in [
        ("0", "*", "*"),
        ("0-1", "0", "{1|-1}"),
        ("0:l", "1", "1"),
        ("0:r", "-1", "-1"),
    ] {
        let expected = store.evaluate(col_value).unwrap();
        assert_eq!(
            Evaluator::new().value(&mut store, &col(text)),
            expected,
            "{text}"
        );
        let expected = store.evaluate(snort_value).unwrap();
        assert_eq!(
            Evaluator::new().value(&mut store, &snort(text)),
            expected,
            "{text}"
        );
    }
}

/// Every graph on the vertices 0..n (edges by a code) with each vertex tagged from
/// `tags` (`-` for none), by a second code.
fn small_graphs(n: usize, tags: &[Option<char>]) -> Vec<Graph> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let mut all = Vec::new();
    for edges in 0u32..1 << pairs.len() {
        for mut code in 0..tags.len().pow(n as u32) {
            let names: Vec<u32> = (0..n as u32).collect();
            let mut graph = Graph::with_vertices(&names).unwrap();
            for (k, &(a, b)) in pairs.iter().enumerate() {
                if edges >> k & 1 == 1 {
                    graph.add_edge(a, b);
                }
            }
            for i in 0..n {
                graph.set_tag(i, tags[code % tags.len()]);
                code /= tags.len();
            }
            all.push(graph);
        }
    }
    all
}

const ALL_TAGS: [Option<char>; 5] = [None, Some('L'), Some('R'), Some('l'), Some('r')];

#[test]
fn components_check_on_every_small_position() {
    for n in 0..=4 {
        for graph in small_graphs(n, &ALL_TAGS) {
            let c = Colouring::<TestCol>::new(graph.clone());
            assert_eq!(check_components(&c), Ok(()));
            assert_eq!(check_options_partition(&c), Ok(()));
            assert_eq!(check_outcome_of_components(&c), Ok(()));
            let s = Colouring::<TestSnort>::new(graph);
            assert_eq!(check_components(&s), Ok(()));
            assert_eq!(check_options_partition(&s), Ok(()));
            assert_eq!(check_outcome_of_components(&s), Ok(()));
        }
    }
}

#[test]
fn components_and_negatives_keep_the_value() {
    let mut store = ValueStore::new();
    let mut col_evaluator = Evaluator::new();
    let mut snort_evaluator = Evaluator::new();
    for n in 0..=4 {
        for graph in small_graphs(n, &[None, Some('L'), Some('r')]) {
            let c = Colouring::<TestCol>::new(graph.clone());
            let ours = col_evaluator.value(&mut store, &c);
            assert_eq!(ours, plain_value(&mut store, &c), "{c:?}");
            let s = Colouring::<TestSnort>::new(graph);
            let ours = snort_evaluator.value(&mut store, &s);
            assert_eq!(ours, plain_value(&mut store, &s), "{s:?}");
            for part in s.components() {
                let negative = part.negative().unwrap();
                let (a, b) = (
                    plain_value(&mut store, &part),
                    plain_value(&mut store, &negative),
                );
                assert_eq!(store.neg(a), b, "{part:?}");
            }
        }
    }
}

proptest! {
    #[test]
    fn moves_are_the_options(edges in proptest::collection::vec((0u32..8, 0u32..8), 0..14),
                             tags in proptest::collection::vec(0usize..5, 8)) {
        let mut tokens: Vec<String> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (a, b) in edges {
            if a != b && seen.insert((a.min(b), a.max(b))) {
                tokens.push(format!("{a}-{b}"));
            }
        }
        for (name, tag) in tags.iter().enumerate() {
            match ALL_TAGS[*tag] {
                Some(t) => tokens.push(format!("{name}:{t}")),
                None => tokens.push(name.to_string()),
            }
        }
        let position = col(&tokens.join(","));
        for side in [Player::Left, Player::Right] {
            let played: Vec<Colouring<TestCol>> = position
                .moves(side)
                .iter()
                .map(|v| position.play(side, &v.to_string().parse().unwrap()).unwrap())
                .collect();
            prop_assert_eq!(&played, &position.options(side));
        }
        prop_assert_eq!(position.to_string().parse::<Colouring<TestCol>>().unwrap(), position.clone());
        prop_assert_eq!(check_components(&position), Ok(()));
    }

    #[test]
    fn no_text_panics(text in "[0-9,:\\-xLRlr ]{0,20}|\\PC{0,20}") {
        if let Ok(position) = text.parse::<Colouring<TestSnort>>() {
            prop_assert_eq!(position.to_string().parse::<Colouring<TestSnort>>().unwrap(), position);
        }
        let _ = text.parse::<Vertex>();
    }
}
