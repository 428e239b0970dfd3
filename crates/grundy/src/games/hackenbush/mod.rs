//! Red–Blue–Green Hackenbush (Winning Ways): a graph of edges standing on the ground, each
//! Blue (Left's), Red (Right's) or Green (either's). A move deletes one edge of the mover's
//! colour or a Green one; then every edge no longer connected to the ground disappears. The
//! player who cannot move loses.
//!
//! # Notation
//!
//! Two forms, read by [`Hackenbush`]'s `FromStr` and chosen by its `Display`:
//!
//! - **Stalks**: `BBR+GG`, each `+`-separated term a stalk rising from the ground, its
//!   colours bottom edge first (`B`, `R`, `G`, lower case read too).
//! - **Edge list**: `0-1:B,1-2:R,1-3:G`, comma-separated edges `NODE-NODE:COLOUR`, where node
//!   `0` (or `g`) is the ground and the others are numbers up to 4294967295, in any order; parallel
//!   edges and loops are allowed. Every edge must be connected to the ground. The nodes are
//!   renumbered 1, 2, … in order of first appearance, so only the order of the edges is
//!   kept: `g-5:B,5-9:R` is the stalk `BR`.
//!
//! The empty picture is `0`. `Display` writes stalks when the position is exactly what the
//! stalk form would build (nodes numbered up each stalk in turn), the edge list otherwise,
//! each edge smaller node first.
//!
//! A move is the number of the edge deleted, counting from 1 in the order written: in
//! `BBR+GG` the Red edge is `3` and the bottom Green edge `4`. Edges keep their order, so
//! after a move the numbers of later edges go down.
//!
//! ```
//! use grundy::games::hackenbush::{Chop, Hackenbush};
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let picture: Hackenbush = "BR+G".parse().unwrap();
//! assert_eq!(picture.moves(Player::Left), ["1".parse::<Chop>().unwrap(), "3".parse().unwrap()]);
//! // Cutting the bottom Blue edge drops the Red one above it.
//! assert_eq!(picture.play(Player::Left, &"1".parse().unwrap()).unwrap().to_string(), "G");
//! let graph: Hackenbush = "g-1:B,1-2:R,2-0:G".parse().unwrap();
//! assert_eq!(graph.to_string(), "0-1:B,1-2:R,0-2:G");
//! ```
//!
//! # Components
//!
//! The connected parts of the graph with the ground taken out: edges meeting only at the
//! ground are in different components (each edge from the ground to the ground is one of its
//! own). Each is renumbered; `components.rs` says how, and which equal graphs are sure to
//! normalise equally (trees, hence stalks, always do; other graphs may not).
//!
//! # Values from closed forms
//!
//! A picture has any number of edges (the value engine's memory limit bounds the search).
//! Components of one kind are valued at once, in time linear in their size
//! ([`PartizanPosition::known_value`], `closed_form.rs`): Blue-Red stalks by their sign
//! expansion, Blue-Red trees and Green trees by the colon principle; the others are searched.

pub mod chop;
mod closed_form;
mod components;
pub mod entry;
#[cfg(test)]
mod golden;
mod picture;
mod notation;

use crate::drawing::{Board, GraphEdge, Layout, Owner};
use std::collections::{HashMap, HashSet};
use std::fmt;

pub use chop::Chop;
use crate::error::{ParseError, RuleError};
use crate::partizan::{oracle, PartizanGame};
use crate::position::{KnownValue, PartizanPosition};
use crate::player::Player;

/// A node of a picture: 0 is the ground.
pub type Node = u32;

/// The node's place in a list indexed by nodes.
fn slot(node: Node) -> usize {
    node as usize
}

/// The colour of an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Left's.
    Blue,
    /// Either player's.
    Green,
    /// Right's.
    Red,
}

impl Colour {
    /// The letter of the notation: `B`, `G` or `R`.
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'B',
            Colour::Green => 'G',
            Colour::Red => 'R',
        }
    }

    /// The colour of a letter (either case).
    pub fn from_letter(letter: char) -> Option<Self> {
        match letter.to_ascii_uppercase() {
            'B' => Some(Colour::Blue),
            'G' => Some(Colour::Green),
            'R' => Some(Colour::Red),
            _ => None,
        }
    }

    /// Whether `side` may delete an edge of this colour.
    pub fn allows(self, side: Player) -> bool {
        matches!(
            (self, side),
            (Colour::Green, _) | (Colour::Blue, Player::Left) | (Colour::Red, Player::Right)
        )
    }
}

/// An edge between two nodes (the smaller first; node 0 is the ground) and its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// The smaller end.
    pub a: Node,
    /// The larger end (equal to `a` for a loop).
    pub b: Node,
    /// Whose it is.
    pub colour: Colour,
}

impl Edge {
    /// An edge between `x` and `y`, stored smaller end first.
    pub fn new(x: Node, y: Node, colour: Colour) -> Self {
        Edge {
            a: x.min(y),
            b: x.max(y),
            colour,
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}:{}", self.a, self.b, self.colour.letter())
    }
}

/// A Hackenbush picture: its edges in the order written (each smaller node first), every one
/// connected to the ground, the nodes above the ground renumbered 1, 2, … in order of first
/// appearance (so `0-5:B,5-9:R` is kept as `0-1:B,1-2:R`, the stalk `BR`). Any number of
/// edges; node numbers up to `u32::MAX` are read. Equality is of the edge
/// lists: the same graph written in another order is a different value of this type (its
/// [`Hackenbush::components`] are normalised further).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hackenbush {
    edges: Vec<Edge>,
}

impl Hackenbush {
    /// A picture of these edges, or an error naming the first edge not connected to the
    /// ground.
    pub fn new(edges: Vec<Edge>) -> Result<Self, ParseError> {
        let grounded = grounded(&edges);
        if let Some(index) = (0..edges.len()).find(|&index| !grounded[index]) {
            return Err(ParseError::at_token(
                format!("edge {} is not connected to the ground", index + 1),
                &edges[index].to_string(),
            )
            .with_column(index + 1));
        }
        Ok(Hackenbush {
            edges: renumbered(edges),
        })
    }

    /// The empty picture, `0`.
    pub fn empty() -> Self {
        Hackenbush::default()
    }

    /// Stalks from the ground, each listed bottom edge first, nodes numbered up each stalk
    /// in turn; an error when there are more edges than nodes can be numbered (`u32::MAX`).
    pub fn from_stalks(stalks: &[Vec<Colour>]) -> Result<Self, ParseError> {
        let total: usize = stalks.iter().map(Vec::len).sum();
        if Node::try_from(total).is_err() {
            return Err(ParseError::new(format!(
                "a picture has at most {} edges, got {total}",
                Node::MAX
            )));
        }
        let mut edges = Vec::with_capacity(total);
        let mut next: Node = 1;
        for stalk in stalks {
            let mut below: Node = 0;
            for &colour in stalk {
                edges.push(Edge::new(below, next, colour));
                below = next;
                next = next.saturating_add(1);
            }
        }
        Ok(Hackenbush { edges })
    }

    /// The edges in order.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Whether there is no edge.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The stalks, bottom edge first, when the picture is exactly what
    /// [`Hackenbush::from_stalks`] builds from them.
    pub fn stalks(&self) -> Option<Vec<Vec<Colour>>> {
        // Edge `k` (from 1) must end at node `k`, starting from the ground or node `k - 1`.
        let mut stalks: Vec<Vec<Colour>> = Vec::new();
        for (top, edge) in (1usize..).zip(&self.edges) {
            let (a, b) = (slot(edge.a), slot(edge.b));
            if b != top {
                return None;
            }
            match stalks.last_mut() {
                Some(stalk) if a == top - 1 && a != 0 => stalk.push(edge.colour),
                _ if a == 0 => stalks.push(vec![edge.colour]),
                _ => return None,
            }
        }
        Some(stalks)
    }

    /// The picture without edge `index` and without what then hangs in the air.
    fn without(&self, index: usize) -> Self {
        let edges = self
            .kept_after(index)
            .into_iter()
            .map(|kept| self.edges[kept])
            .collect();
        Hackenbush {
            edges: renumbered(edges),
        }
    }

    /// The edges left after cutting edge `index`, each as its index in this picture, in
    /// order: the edges of the picture [`Hackenbush`] becomes are these, renumbered (what
    /// hangs in the air once the edge is cut falls with it). Empty past the edges.
    pub fn kept_after(&self, index: usize) -> Vec<usize> {
        let mut kept: Vec<usize> = (0..self.edges.len()).filter(|&i| i != index).collect();
        let rest: Vec<Edge> = kept.iter().map(|&i| self.edges[i]).collect();
        let grounded = grounded(&rest);
        let mut keep = grounded.iter();
        kept.retain(|_| keep.next().copied().unwrap_or(false));
        kept
    }

    /// The pictures after each move of Left.
    pub fn left_options(&self) -> Vec<Self> {
        self.moves(Player::Left)
            .iter()
            .map(|chop| self.without(chop.edge))
            .collect()
    }

    /// The pictures after each move of Right.
    pub fn right_options(&self) -> Vec<Self> {
        self.moves(Player::Right)
            .iter()
            .map(|chop| self.without(chop.edge))
            .collect()
    }

    /// The components, renumbered (see the module documentation).
    pub fn components(&self) -> Vec<Self> {
        components::components(self)
    }
}

/// The edges with the nodes above the ground numbered 1, 2, … in order of first appearance
/// (each edge's smaller end first), so that the numbering is a function of the list's order
/// alone: applied twice it changes nothing.
fn renumbered(mut edges: Vec<Edge>) -> Vec<Edge> {
    let mut label: HashMap<Node, Node> = HashMap::with_capacity(edges.len() + 1);
    label.insert(0, 0);
    let mut next: Node = 1;
    let mut name = |node: Node| -> Node {
        *label.entry(node).or_insert_with(|| {
            let new = next;
            next = next.saturating_add(1);
            new
        })
    };
    for edge in &mut edges {
        let (a, b) = (name(edge.a), name(edge.b));
        *edge = Edge::new(a, b, edge.colour);
    }
    edges
}

/// For each edge, whether it is connected to the ground (node 0) through the edges: a
/// search from the ground, in time linear in the number of edges.
fn grounded(edges: &[Edge]) -> Vec<bool> {
    let mut touching: HashMap<Node, Vec<usize>> = HashMap::with_capacity(edges.len() + 1);
    for (index, edge) in edges.iter().enumerate() {
        touching.entry(edge.a).or_default().push(index);
        if edge.b != edge.a {
            touching.entry(edge.b).or_default().push(index);
        }
    }
    let mut reached: HashSet<Node> = HashSet::from([0]);
    let mut queue: Vec<Node> = vec![0];
    while let Some(node) = queue.pop() {
        for &index in touching.get(&node).map_or(&[][..], Vec::as_slice) {
            for end in [edges[index].a, edges[index].b] {
                if reached.insert(end) {
                    queue.push(end);
                }
            }
        }
    }
    edges.iter().map(|edge| reached.contains(&edge.a)).collect()
}

impl PartizanPosition for Hackenbush {
    fn left_options(&self) -> Vec<Self> {
        Hackenbush::left_options(self)
    }

    fn right_options(&self) -> Vec<Self> {
        Hackenbush::right_options(self)
    }

    fn components(&self) -> Vec<Self> {
        Hackenbush::components(self)
    }

    /// The value of a Blue-Red stalk, a Blue-Red tree or a Green tree, from its closed form
    /// (`closed_form.rs`); `None` for the other components, which are searched.
    fn known_value(&self) -> Option<KnownValue> {
        closed_form::value(&self.edges)
    }

    /// The list of edges, with its allocation's header.
    fn heap_bytes(&self) -> usize {
        self.edges.capacity() * std::mem::size_of::<Edge>() + 16
    }
}

impl PartizanGame for Hackenbush {
    /// The picture laid out (`Hackenbush::drawing`), each edge labelled with its
    /// number, which is the move that takes it.
    fn board(&self) -> Option<Board> {
        let drawing = self.drawing();
        let edges = drawing
            .edges
            .into_iter()
            .enumerate()
            .map(|(index, (shape, label, colour))| GraphEdge {
                owner: match colour {
                    Colour::Blue => Owner::Left,
                    Colour::Red => Owner::Right,
                    Colour::Green => Owner::Either,
                },
                shape,
                label,
                mv: Chop::new(index).to_string(),
                name: Chop::new(index).to_string(),
            })
            .collect();
        Some(Board {
            layout: Layout::Graph {
                width: drawing.width,
                height: drawing.height,
                ground: drawing.ground,
                nodes: drawing.nodes,
                edges,
                taken: Vec::new(),
            },
            pieces: ["Blue and Green edges", "Red and Green edges"],
        })
    }

    type Move = Chop;

    /// Every move of `side`: the edges of its colour and the Green ones.
    fn moves(&self, side: Player) -> Vec<Chop> {
        (0..self.edges.len())
            .filter(|&index| self.edges[index].colour.allows(side))
            .map(Chop::new)
            .collect()
    }

    /// The picture after `chop`, or why `side` may not make it.
    fn play(&self, side: Player, chop: &Chop) -> Result<Self, RuleError> {
        let edge = self
            .edges
            .get(chop.edge)
            .ok_or_else(|| RuleError::new(chop, format!("there are {} edges", self.edges.len())))?;
        if !edge.colour.allows(side) {
            return Err(RuleError::new(
                chop,
                format!("edge {edge} is not {side}'s to cut"),
            ));
        }
        Ok(self.without(chop.edge))
    }

    /// A picture for a terminal: stalks drawn upright on a ground line, each edge its
    /// colour's letter and its number (the move that deletes it: `B1`, `R2`), any other
    /// graph as its numbered edges.
    fn draw(&self) -> String {
        match self.stalks() {
            Some(stalks) if !stalks.is_empty() => {
                // Each edge as its letter and number; edges are numbered up each stalk in turn.
                let mut number = 0;
                let cells: Vec<Vec<String>> = stalks
                    .iter()
                    .map(|stalk| {
                        stalk
                            .iter()
                            .map(|colour| {
                                number += 1;
                                format!("{}{number}", colour.letter())
                            })
                            .collect()
                    })
                    .collect();
                let widths: Vec<usize> = cells
                    .iter()
                    .map(|stalk| stalk.iter().map(String::len).max().unwrap_or(1))
                    .collect();
                let height = stalks.iter().map(Vec::len).max().unwrap_or(0);
                let mut picture = String::new();
                for level in (0..height).rev() {
                    let row: Vec<String> = cells
                        .iter()
                        .zip(&widths)
                        .map(|(stalk, &width)| {
                            format!("{:<width$}", stalk.get(level).map_or("", String::as_str))
                        })
                        .collect();
                    picture.push_str(row.join(" ").trim_end());
                    picture.push('\n');
                }
                let ground = widths.iter().sum::<usize>() + widths.len() - 1;
                picture.push_str(&"=".repeat(ground));
                picture.push('\n');
                picture
            }
            Some(_) => "(no edges)\n".to_string(),
            None => {
                let name = |node: Node| {
                    if node == 0 {
                        "ground".to_string()
                    } else {
                        node.to_string()
                    }
                };
                self.edges
                    .iter()
                    .enumerate()
                    .map(|(index, edge)| {
                        let colour = match edge.colour {
                            Colour::Blue => "blue",
                            Colour::Green => "green",
                            Colour::Red => "red",
                        };
                        format!(
                            "{:>3}: {} - {} {colour}\n",
                            index + 1,
                            name(edge.a),
                            name(edge.b)
                        )
                    })
                    .collect()
            }
        }
    }
}

/// Whether Left (Blue) wins `picture` moving first, by memoised brute force (a test oracle).
pub fn left_wins_moving_first(picture: &Hackenbush) -> bool {
    oracle::left_wins_moving_first(picture)
}

/// Whether Right (Red) wins `picture` moving first, by memoised brute force (a test oracle).
pub fn right_wins_moving_first(picture: &Hackenbush) -> bool {
    oracle::right_wins_moving_first(picture)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::position::PartizanPosition;
    use crate::partizan::{
        check_components, check_options_partition, check_outcome_of_components,
    };
    use proptest::prelude::*;

    fn picture(text: &str) -> Hackenbush {
        text.parse().unwrap()
    }

    fn texts(pictures: &[Hackenbush]) -> Vec<String> {
        pictures.iter().map(Hackenbush::to_string).collect()
    }

    #[test]
    fn cutting_drops_what_hangs_in_the_air() {
        let stalks = picture("BRG+R");
        assert_eq!(texts(&stalks.left_options()), ["R", "BR+R"]);
        assert_eq!(texts(&stalks.right_options()), ["B+R", "BR+R", "BRG"]);
        let moves: Vec<String> = stalks
            .moves(Player::Right)
            .iter()
            .map(Chop::to_string)
            .collect();
        assert_eq!(moves, ["2", "3", "4"]);
        let play = |side, text: &str| stalks.play(side, &text.parse().unwrap());
        assert_eq!(
            play(Player::Left, "2").unwrap_err().to_string(),
            "illegal move 2: edge 1-2:R is not Left's to cut"
        );
        assert_eq!(
            play(Player::Left, "5").unwrap_err().to_string(),
            "illegal move 5: there are 4 edges"
        );
        // An arch stays up on one leg; a loop falls with its stem.
        let arch = picture("0-1:B,1-2:R,0-2:G");
        assert_eq!(texts(&arch.left_options()), ["1-2:R,0-2:G", "BR"]);
        let lollipop = picture("0-1:B,1-1:R");
        assert_eq!(texts(&lollipop.left_options()), ["0"]);
        assert_eq!(texts(&lollipop.right_options()), ["B"]);
    }

    #[test]
    fn pictures_are_drawn() {
        assert_eq!(picture("BRG+R").draw(), "G3\nR2\nB1 R4\n=====\n");
        assert_eq!(
            picture("G+BBBBBBBBBR").draw(),
            "   R11\n   B10\n   B9\n   B8\n   B7\n   B6\n   B5\n   B4\n   B3\nG1 B2\n======\n"
        );
        assert_eq!(
            picture("0-1:B,1-2:R,0-2:G").draw(),
            "  1: ground - 1 blue\n  2: 1 - 2 red\n  3: ground - 2 green\n"
        );
        assert_eq!(picture("0").draw(), "(no edges)\n");
    }

    #[test]
    fn components_stand_apart_on_the_ground() {
        let graph = picture("0-1:B,1-2:R,0-3:G,3-4:G,0-0:R,0-4:B,0-5:G");
        assert_eq!(
            texts(&graph.components()),
            ["BR", "0-1:B,0-2:G,1-2:G", "0-0:R", "G"]
        );
        check_components(&graph).unwrap();
        // Isomorphic trees normalise alike, whatever the numbering and order.
        let one = picture("0-1:B,1-2:R,1-3:G,3-4:B");
        let other = picture("0-7:B,7-9:G,7-8:R,9-2:B");
        assert_eq!(one.components(), other.components());
        assert_eq!(texts(&one.components()), ["0-1:B,1-2:G,2-3:B,1-4:R"]);
        assert_eq!(texts(&picture("0-3:B,3-9:R").components()), ["BR"]);
    }

    /// A random picture: stalks, then random extra edges between nodes already grounded.
    fn any_picture(extra: usize) -> impl Strategy<Value = Hackenbush> {
        let colour = prop_oneof![Just(Colour::Blue), Just(Colour::Red), Just(Colour::Green)];
        (
            prop::collection::vec(prop::collection::vec(colour.clone(), 1..4), 0..4),
            prop::collection::vec((any::<u8>(), any::<u8>(), colour), 0..=extra),
        )
            .prop_map(|(stalks, extra)| {
                let base = Hackenbush::from_stalks(&stalks).unwrap();
                let nodes = base.edges().len() as u16 + 1;
                let mut edges = base.edges().to_vec();
                for (x, y, colour) in extra {
                    let node = |n: u8| Node::from(n) % Node::from(nodes);
                    edges.push(Edge::new(node(x), node(y), colour));
                }
                Hackenbush::new(edges).unwrap()
            })
    }

    /// A random tree: each new node hangs from an earlier one or the ground.
    fn any_forest() -> impl Strategy<Value = Hackenbush> {
        let colour = prop_oneof![Just(Colour::Blue), Just(Colour::Red), Just(Colour::Green)];
        prop::collection::vec((any::<u8>(), colour), 0..8).prop_map(|hangs| {
            let edges = hangs
                .iter()
                .enumerate()
                .map(|(index, &(parent, colour))| {
                    Edge::new(Node::from(parent) % (index as Node + 1), index as Node + 1, colour)
                })
                .collect();
            Hackenbush::new(edges).unwrap()
        })
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_picture(3)) {
            prop_assert_eq!(position.to_string().parse::<Hackenbush>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_picture(3)) {
            for side in [Player::Left, Player::Right] {
                let after: Vec<Hackenbush> = position
                    .moves(side)
                    .iter()
                    .map(|chop| position.play(side, &chop.to_string().parse().unwrap()).unwrap())
                    .collect();
                prop_assert_eq!(&after, &position.options(side));
                for next in after {
                    prop_assert!(next.edges().len() < position.edges().len());
                    prop_assert_eq!(next.to_string().parse::<Hackenbush>().unwrap(), next);
                }
            }
        }

        #[test]
        fn components_partition_the_moves(position in any_picture(3)) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_outcome_of_components(&position), Ok(()));
        }

        #[test]
        fn forests_partition_their_options_exactly(position in any_forest()) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_options_partition(&position), Ok(()));
        }

        #[test]
        fn no_text_panics(text in "[BRGbrg+0-9:,g-]{0,20}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<Hackenbush>() {
                prop_assert_eq!(position.to_string().parse::<Hackenbush>().unwrap(), position);
            }
            let _ = text.parse::<Chop>();
        }
    }
}
