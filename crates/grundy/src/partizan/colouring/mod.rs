//! The colouring games on graphs, Col and Snort (Winning Ways, ch. 2), as one position type
//! for both: the games differ in one rule, given by the game's folder through [`Rule`].
//!
//! Left colours an uncoloured vertex blue, Right colours one red. In **Col** a player may
//! not colour a vertex next to one of their own colour; in **Snort**, a vertex next to one
//! of the opponent's colour. Who cannot move loses.
//!
//! # Notation
//!
//! A position is a graph in the edge-list notation of [`crate::graph`] (`0-1,1-2,2-3,5`,
//! `empty` for no vertex) whose vertices may carry a tag:
//!
//! | tag | the vertex |
//! |-----|------------|
//! | `L` | coloured blue (by Left) |
//! | `R` | coloured red (by Right) |
//! | `l` | uncoloured, and only Left may colour it (tinted for Left) |
//! | `r` | uncoloured, and only Right may colour it (tinted for Right) |
//!
//! `WxH` (`3x4`: 3 columns, 4 rows, at most 64 cells) is the grid graph of a `W × H` board's
//! cells, named row by row from 0 at the top left ([`Graph::grid`]); it is read, and written
//! back in the edge-list notation. A move is the name of the vertex coloured (`2`); vertices
//! keep their names for the whole game. A played vertex stays in the position with its
//! colour, so `0-1,1-2` becomes `0-1,1-2,1:L` after Left's `1`.
//!
//! # Components
//!
//! A coloured vertex matters only through its neighbours: in Col a blue vertex forbids Left
//! its neighbours (they become `r`, or nobody's), in Snort it forbids Right (they become
//! `l`); a vertex nobody may colour never matters. So a position's components are the
//! connected parts of its uncoloured vertices that somebody may still colour, each tagged
//! with who may colour its vertices and renamed by [`canon::normal_form`]. Swapping the
//! tints `l` and `r` of a component swaps the players and negates its value
//! ([`PartizanPosition::negative`]).

pub mod canon;
mod entry;

pub use entry::{ColouringEntry, SERVED_MAX};

use std::fmt;
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;
use std::str::FromStr;

use crate::drawing::svg::owner;
use crate::drawing::{vertex_layout, Board, Footprint, Mark};
use crate::error::{ParseError, RuleError};
use crate::graph::{Graph, MAX_NAME, MAX_VERTICES};
use crate::partizan::PartizanGame;
use crate::player::Player;
use crate::position::PartizanPosition;

/// The tags a colouring position's vertices take (see the module documentation).
pub const TAGS: &str = "LRlr";

/// The one rule in which Col and Snort differ, as a type (a unit type in the game's folder),
/// with the texts of the game's registry entry ([`ColouringEntry`]).
pub trait Rule: Debug + Clone + Copy + PartialEq + Eq + Hash + Send + Sync + 'static {
    /// The game's name for messages and titles (`Col`).
    const NAME: &'static str;
    /// The registry's name of the game (`col`).
    const KEY: &'static str;
    /// [`Listing::summary`](crate::game::Listing::summary).
    const SUMMARY: &'static str;
    /// [`Listing::example`](crate::game::Listing::example).
    const EXAMPLE: &'static str;

    /// [`GameEntry::cap_edges`](crate::game::GameEntry::cap_edges): positions at the cap
    /// on the vertices left to colour ([`SERVED_MAX`]) and one step past it.
    fn cap_edges() -> Vec<crate::game::CapEdge>;

    /// The game's rule: whose colour `mover` may not colour a vertex next to (Col: the
    /// mover's own, Snort: the opponent's).
    fn avoided_colour(mover: Player) -> Player;
}

/// The rules of a colouring game, written once for Col and Snort.
impl<R: Rule> PartizanGame for Colouring<R> {
    /// The vertex board: coloured vertices as stones, uncoloured ones tinted for the one
    /// player who may colour them, empty when both may, a hole when neither may.
    fn board(&self) -> Option<Board> {
        let mark = |i: usize| match self.colour(i) {
            Some(side) => Mark::Stone(owner(side)),
            None => match (
                self.may_colour(i, Player::Left),
                self.may_colour(i, Player::Right),
            ) {
                (true, true) => Mark::Empty,
                (true, false) => Mark::Tinted(owner(Player::Left)),
                (false, true) => Mark::Tinted(owner(Player::Right)),
                (false, false) => Mark::Hole,
            },
        };
        Some(Board {
            layout: vertex_layout(&self.graph, mark),
            pieces: ["blue vertices", "red vertices"],
        })
    }

    type Move = Vertex;

    /// The vertices `side` may colour (uncoloured, not tinted for the opponent, next to no
    /// vertex of the colour the rule forbids), by name.
    fn moves(&self, side: Player) -> Vec<Vertex> {
        Colouring::moves(self, side)
    }

    /// The position with `vertex` coloured, or why `side` may not colour it.
    fn play(&self, side: Player, vertex: &Vertex) -> Result<Self, RuleError> {
        Colouring::play(self, side, vertex)
    }

    /// The position, then each vertex with its colour or who may colour it.
    fn draw(&self) -> String {
        Colouring::draw(self)
    }
}

/// A vertex's colour or tint: the tag of the notation.
fn colour_tag(side: Player) -> char {
    match side {
        Player::Left => 'L',
        Player::Right => 'R',
    }
}

/// The tint tag of a vertex only `side` may colour.
fn tint_tag(side: Player) -> char {
    match side {
        Player::Left => 'l',
        Player::Right => 'r',
    }
}

/// A position of Col or Snort (by `R`): a graph whose vertices may be coloured or tinted.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Colouring<R: Rule> {
    graph: Graph,
    rule: PhantomData<R>,
}

impl<R: Rule> Debug for Colouring<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", R::NAME, self.graph)
    }
}

impl<R: Rule> Colouring<R> {
    /// The position on `graph`, whose tags are among [`TAGS`] (others are dropped).
    pub fn new(graph: Graph) -> Self {
        let mut graph = graph;
        for index in 0..graph.len() {
            if !graph.tag(index).is_some_and(|tag| TAGS.contains(tag)) {
                graph.set_tag(index, None);
            }
        }
        Colouring {
            graph,
            rule: PhantomData,
        }
    }

    /// The graph, with the colours and tints as tags.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Who coloured vertex `index`, if anybody.
    pub fn colour(&self, index: usize) -> Option<Player> {
        match self.graph.tag(index) {
            Some('L') => Some(Player::Left),
            Some('R') => Some(Player::Right),
            _ => None,
        }
    }

    /// The vertices tagged `tag`, as bits of indices.
    fn tagged(&self, tag: char) -> u64 {
        (0..self.graph.len())
            .filter(|&i| self.graph.tag(i) == Some(tag))
            .fold(0, |set, i| set | 1u64 << i)
    }

    /// The vertices coloured by `side`, as bits of indices.
    fn coloured_by(&self, side: Player) -> u64 {
        self.tagged(colour_tag(side))
    }

    /// The vertices next to one of `set`, as bits of indices.
    fn next_to(&self, set: u64) -> u64 {
        let mut around = 0u64;
        let mut rest = set;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            around |= self.graph.neighbours(i);
        }
        around
    }

    /// The vertices `side` may colour, as bits of indices.
    pub fn allowed(&self, side: Player) -> u64 {
        let avoided = R::avoided_colour(side);
        let coloured = self.coloured_by(Player::Left) | self.coloured_by(Player::Right);
        self.graph.all()
            & !coloured
            & !self.tagged(tint_tag(side.opponent()))
            & !self.next_to(self.coloured_by(avoided))
    }

    /// Why `side` may not colour vertex `index`, or `None` when it may.
    fn forbidden(&self, index: usize, side: Player) -> Option<String> {
        let name = self.graph.name(index);
        if let Some(by) = self.colour(index) {
            return Some(format!("vertex {name} is already coloured by {by}"));
        }
        if self.graph.tag(index) == Some(tint_tag(side.opponent())) {
            return Some(format!("only {} may colour vertex {name}", side.opponent()));
        }
        let avoided = R::avoided_colour(side);
        let whose = if avoided == side {
            "your own".to_string()
        } else {
            format!("{avoided}'s")
        };
        let near = self.graph.neighbours(index) & self.coloured_by(avoided);
        if near != 0 {
            let next = self.graph.name(near.trailing_zeros() as usize);
            return Some(format!(
                "vertex {name} is next to vertex {next} of {whose} colour"
            ));
        }
        None
    }

    /// Whether `side` may colour vertex `index`.
    pub fn may_colour(&self, index: usize, side: Player) -> bool {
        self.allowed(side) & (1u64 << index) != 0
    }

    /// The number of uncoloured vertices: a bound on the moves of either player and on the
    /// moves left in the game.
    pub fn uncoloured(&self) -> usize {
        (0..self.graph.len())
            .filter(|&i| self.colour(i).is_none())
            .count()
    }

    /// The number of uncoloured vertices somebody may still colour.
    pub fn live(&self) -> usize {
        (self.allowed(Player::Left) | self.allowed(Player::Right)).count_ones() as usize
    }

    /// The vertices `side` may colour, by name in increasing order.
    pub fn moves(&self, side: Player) -> Vec<Vertex> {
        let allowed = self.allowed(side);
        (0..self.graph.len())
            .filter(|&i| allowed & (1u64 << i) != 0)
            .map(|i| Vertex(self.graph.name(i)))
            .collect()
    }

    /// The position after `side` colours `vertex`, or why it may not.
    pub fn play(&self, side: Player, vertex: &Vertex) -> Result<Self, RuleError> {
        let index = self
            .graph
            .index_of(vertex.0)
            .ok_or_else(|| RuleError::new(vertex, format!("there is no vertex {}", vertex.0)))?;
        if let Some(reason) = self.forbidden(index, side) {
            return Err(RuleError::new(vertex, reason));
        }
        Ok(self.coloured(index, side))
    }

    /// The position with vertex `index` coloured by `side`.
    fn coloured(&self, index: usize, side: Player) -> Self {
        let mut next = self.clone();
        next.graph.set_tag(index, Some(colour_tag(side)));
        next
    }

    /// The positions after each move of `side`, in the order of [`Colouring::moves`].
    pub fn options(&self, side: Player) -> Vec<Self> {
        let allowed = self.allowed(side);
        (0..self.graph.len())
            .filter(|&i| allowed & (1u64 << i) != 0)
            .map(|i| self.coloured(i, side))
            .collect()
    }

    /// The uncoloured vertices somebody may colour, with the colours gone: each tagged `l`
    /// or `r` when only one player may colour it (see the module documentation).
    pub fn reduced(&self) -> Graph {
        let (lefts, rights) = (self.allowed(Player::Left), self.allowed(Player::Right));
        let keep = lefts | rights;
        let mut tags = Vec::new();
        for i in 0..self.graph.len() {
            let (left, right) = (lefts & (1u64 << i) != 0, rights & (1u64 << i) != 0);
            if left || right {
                tags.push(match (left, right) {
                    (true, false) => Some('l'),
                    (false, true) => Some('r'),
                    _ => None,
                });
            }
        }
        let mut graph = self.graph.induced(keep);
        for (index, tag) in tags.into_iter().enumerate() {
            graph.set_tag(index, tag);
        }
        graph
    }

    /// The components (see the module documentation): none when nobody can move.
    pub fn components(&self) -> Vec<Self> {
        self.reduced()
            .components()
            .iter()
            .map(|part| Colouring::new(canon::normal_form(part)))
            .collect()
    }

    /// The component with its tints swapped (the players swapped): the negative value.
    pub fn negative(&self) -> Option<Self> {
        if (0..self.graph.len()).any(|i| self.colour(i).is_some()) {
            return None;
        }
        let mut graph = self.graph.clone();
        for i in 0..graph.len() {
            let swapped = match graph.tag(i) {
                Some('l') => Some('r'),
                Some('r') => Some('l'),
                tag => tag,
            };
            graph.set_tag(i, swapped);
        }
        Some(Colouring::new(canon::normal_form(&graph)))
    }

    /// The footprint of `vertex`: its index, or nothing when there is no such vertex.
    pub fn footprint(&self, vertex: &Vertex) -> Footprint {
        self.graph.index_of(vertex.0).into_iter().collect()
    }

    /// A picture for a terminal: the position, then one line per vertex with its colour or
    /// who may colour it, and its neighbours.
    pub fn draw(&self) -> String {
        let mut picture = format!("{self}\n");
        for i in 0..self.graph.len() {
            let state = match self.colour(i) {
                Some(Player::Left) => "blue".to_string(),
                Some(Player::Right) => "red".to_string(),
                None => match (
                    self.may_colour(i, Player::Left),
                    self.may_colour(i, Player::Right),
                ) {
                    (true, true) => "free".to_string(),
                    (true, false) => "only Left".to_string(),
                    (false, true) => "only Right".to_string(),
                    (false, false) => "nobody".to_string(),
                },
            };
            let around: Vec<String> = (0..self.graph.len())
                .filter(|&j| self.graph.has_edge(i, j))
                .map(|j| self.graph.name(j).to_string())
                .collect();
            picture.push_str(&format!(
                "{:>4}  {state:<10} {}\n",
                self.graph.name(i),
                around.join(" ")
            ));
        }
        picture
    }
}

/// Reads `WxH` as the grid graph, or `None` when `text` is not meant as one (it has no `x`,
/// or has a comma, a dash or a colon: an edge list).
fn grid(text: &str) -> Option<Result<Graph, ParseError>> {
    if text.contains([',', '-', ':']) {
        return None;
    }
    let (width, height) = text.split_once('x')?;
    let number = |word: &str| {
        (!word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()))
            .then(|| word.parse::<usize>().ok())
            .flatten()
    };
    let (Some(width), Some(height)) = (number(width), number(height)) else {
        return Some(Err(ParseError::at_token(
            format!("`{text}` is not a grid: write WxH, as 3x4"),
            text,
        )));
    };
    if width == 0 || height == 0 {
        return Some(Err(ParseError::at_token(
            format!("the grid `{text}` has no cell"),
            text,
        )));
    }
    Some(
        width
            .checked_mul(height)
            .filter(|&cells| cells <= MAX_VERTICES)
            .and_then(|_| Graph::grid(width, height))
            .ok_or_else(|| {
                ParseError::at_token(
                    format!("the grid `{text}` has more than {MAX_VERTICES} cells"),
                    text,
                )
            }),
    )
}

impl<R: Rule> FromStr for Colouring<R> {
    type Err = ParseError;

    /// The edge-list notation with tags `L`, `R`, `l`, `r`, or a grid `WxH`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        let graph = match grid(text) {
            Some(graph) => graph?,
            None => Graph::parse(text, TAGS)?,
        };
        Ok(Colouring::new(graph))
    }
}

impl<R: Rule> fmt::Display for Colouring<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.graph)
    }
}

impl<R: Rule> PartizanPosition for Colouring<R> {
    fn left_options(&self) -> Vec<Self> {
        self.options(Player::Left)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options(Player::Right)
    }

    fn components(&self) -> Vec<Self> {
        Colouring::components(self)
    }

    fn negative(&self) -> Option<Self> {
        Colouring::negative(self)
    }

    /// The graph's lists.
    fn heap_bytes(&self) -> usize {
        self.graph.heap_bytes()
    }
}

/// A move: the vertex coloured, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Vertex(pub u32);

impl FromStr for Vertex {
    type Err = ParseError;

    /// A vertex's name (`3`).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let word = text.trim();
        match word.parse::<u32>() {
            Ok(name) if name <= MAX_NAME && word.bytes().all(|b| b.is_ascii_digit()) => {
                Ok(Vertex(name))
            }
            _ => Err(ParseError::at_token(
                format!("`{word}` is not a vertex (a number from 0 to {MAX_NAME})"),
                word,
            )),
        }
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
