//! Small undirected graphs for the games played on the vertices or edges of a graph (Node
//! Kayles, Arc Kayles, Snort, Col): a simple graph of at most [`MAX_VERTICES`] vertices with
//! named vertices, an optional one-letter tag on each (a colour, a tint), its connected
//! components, a relabelling for memo keys, and the edge-list notation with errors that name
//! the token.
//!
//! # Notation
//!
//! Tokens separated by commas: an edge `A-B` between the vertices named `A` and `B`
//! (numbers from 0 to [`MAX_NAME`]), and a vertex `A` alone, or `A:T` with its tag `T` (a
//! letter the game allows). A vertex is in the graph when a token names it, so a vertex with
//! no edge is written alone. `empty` is the graph of no vertices.
//!
//! ```
//! use grundy::graph::Graph;
//! let path: Graph = Graph::parse("0-1,1-2,5:B", "B").unwrap();
//! assert_eq!(path.len(), 4);
//! assert_eq!(path.components().len(), 2);
//! assert_eq!(path.to_string(), "0-1,1-2,5:B");
//! assert!(Graph::parse("0-0", "").unwrap_err().to_string().contains("0-0"));
//! ```
//!
//! Vertices keep their names through moves (a vertex removed leaves the others' names as
//! they were), so a move names the same vertex before and after another move.

use std::fmt;

use crate::error::ParseError;

/// The most vertices a graph holds: its adjacency is a row of bits per vertex.
pub const MAX_VERTICES: usize = 64;

/// The largest name of a vertex.
pub const MAX_NAME: u32 = 9999;

/// A simple undirected graph (no loops, no repeated edges) of at most [`MAX_VERTICES`]
/// vertices, each with a name and an optional tag. Vertex *indices* run from 0 to
/// `len() - 1` in the order of the names; moves and the notation use the names.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    names: Vec<u32>,
    tags: Vec<Option<char>>,
    adjacency: Vec<u64>,
}

/// The bit of vertex index `index`.
fn bit(index: usize) -> u64 {
    1u64 << index
}

impl Graph {
    /// A picture for a terminal: each vertex with its neighbours, one line each.
    pub fn draw(&self) -> String {
        if self.is_empty() {
            return "(no vertices)\n".to_string();
        }
        let mut picture = String::new();
        for index in 0..self.len() {
            let around: Vec<String> = (0..self.len())
                .filter(|&other| self.has_edge(index, other))
                .map(|other| self.name(other).to_string())
                .collect();
            picture.push_str(&format!("{:>5} : {}\n", self.name(index), around.join(" ")));
        }
        picture
    }

    /// The heap bytes the graph owns (its lists' buffers), for a solver's estimate of its
    /// memo tables.
    pub fn heap_bytes(&self) -> usize {
        self.names.capacity() * std::mem::size_of::<u32>()
            + self.tags.capacity() * std::mem::size_of::<Option<char>>()
            + self.adjacency.capacity() * std::mem::size_of::<u64>()
    }

    /// The graph of no vertices.
    pub fn empty() -> Self {
        Graph {
            names: Vec::new(),
            tags: Vec::new(),
            adjacency: Vec::new(),
        }
    }

    /// The graph of the vertices named `names` (sorted, distinct, at most
    /// [`MAX_VERTICES`]) with no edge and no tag; `None` otherwise.
    pub fn with_vertices(names: &[u32]) -> Option<Self> {
        if names.len() > MAX_VERTICES
            || names.windows(2).any(|pair| pair[0] >= pair[1])
            || names.iter().any(|&name| name > MAX_NAME)
        {
            return None;
        }
        Some(Graph {
            names: names.to_vec(),
            tags: vec![None; names.len()],
            adjacency: vec![0; names.len()],
        })
    }

    /// The path of `n` vertices named 0 to `n - 1` (at most [`MAX_VERTICES`]).
    pub fn path(n: usize) -> Option<Self> {
        let names: Vec<u32> = (0..n)
            .map(|i| u32::try_from(i).ok())
            .collect::<Option<_>>()?;
        let mut graph = Graph::with_vertices(&names)?;
        for i in 1..n {
            graph.add_edge(i - 1, i);
        }
        Some(graph)
    }

    /// The cycle of `n` vertices named 0 to `n - 1` (`n` from 3 to [`MAX_VERTICES`]).
    pub fn cycle(n: usize) -> Option<Self> {
        if n < 3 {
            return None;
        }
        let mut graph = Graph::path(n)?;
        graph.add_edge(n - 1, 0);
        Some(graph)
    }

    /// The graph of the cells of a `width × height` grid, cells adjacent when they share a
    /// side, named row by row from the top left (0, 1, …); `None` past [`MAX_VERTICES`].
    pub fn grid(width: usize, height: usize) -> Option<Self> {
        let cells = width.checked_mul(height)?;
        let names: Vec<u32> = (0..cells)
            .map(|i| u32::try_from(i).ok())
            .collect::<Option<_>>()?;
        let mut graph = Graph::with_vertices(&names)?;
        for row in 0..height {
            for column in 0..width {
                let cell = row * width + column;
                if column + 1 < width {
                    graph.add_edge(cell, cell + 1);
                }
                if row + 1 < height {
                    graph.add_edge(cell, cell + width);
                }
            }
        }
        Some(graph)
    }

    /// The edge-list notation of the `width × height` grid graph ([`Graph::grid`]), then
    /// `extra` (more edges, lone vertices, tags) after a comma when it is not empty; empty
    /// when there is no such grid.
    pub fn grid_notation(width: usize, height: usize, extra: &str) -> String {
        let grid = Graph::grid(width, height).map_or_else(String::new, |grid| grid.to_string());
        match (grid.is_empty(), extra.is_empty()) {
            (_, true) => grid,
            (true, false) => extra.to_string(),
            (false, false) => format!("{grid},{extra}"),
        }
    }

    /// Joins the vertices of indices `a` and `b` (distinct, in range) by an edge.
    ///
    /// # Panics
    ///
    /// If `a` or `b` is out of range.
    pub fn add_edge(&mut self, a: usize, b: usize) {
        if a != b {
            self.adjacency[a] |= bit(b);
            self.adjacency[b] |= bit(a);
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The set of every vertex, as bits of their indices.
    pub fn all(&self) -> u64 {
        if self.len() == MAX_VERTICES {
            u64::MAX
        } else {
            bit(self.len()) - 1
        }
    }

    /// The name of vertex `index`.
    pub fn name(&self, index: usize) -> u32 {
        self.names[index]
    }

    /// The names of the vertices, by index.
    pub fn names(&self) -> &[u32] {
        &self.names
    }

    /// The index of the vertex named `name`, if it is in the graph.
    pub fn index_of(&self, name: u32) -> Option<usize> {
        self.names.binary_search(&name).ok()
    }

    /// The tag of vertex `index`.
    pub fn tag(&self, index: usize) -> Option<char> {
        self.tags[index]
    }

    /// Sets the tag of vertex `index`.
    pub fn set_tag(&mut self, index: usize, tag: Option<char>) {
        self.tags[index] = tag;
    }

    /// The neighbours of vertex `index`, as bits of their indices.
    pub fn neighbours(&self, index: usize) -> u64 {
        self.adjacency[index]
    }

    /// The number of neighbours of vertex `index`.
    pub fn degree(&self, index: usize) -> usize {
        self.adjacency[index].count_ones() as usize
    }

    /// Whether the vertices of indices `a` and `b` are joined.
    pub fn has_edge(&self, a: usize, b: usize) -> bool {
        self.adjacency[a] & bit(b) != 0
    }

    /// The edges as pairs of indices `(a, b)` with `a < b`, in order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut edges = Vec::new();
        for a in 0..self.len() {
            for b in a + 1..self.len() {
                if self.has_edge(a, b) {
                    edges.push((a, b));
                }
            }
        }
        edges
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.adjacency
            .iter()
            .map(|row| row.count_ones() as usize)
            .sum::<usize>()
            / 2
    }

    /// The subgraph on the vertices of `keep` (bits of indices), names and tags kept.
    pub fn induced(&self, keep: u64) -> Graph {
        let kept: Vec<usize> = (0..self.len()).filter(|&i| keep & bit(i) != 0).collect();
        let mut graph = Graph {
            names: kept.iter().map(|&i| self.names[i]).collect(),
            tags: kept.iter().map(|&i| self.tags[i]).collect(),
            adjacency: vec![0; kept.len()],
        };
        for (new_a, &a) in kept.iter().enumerate() {
            for (new_b, &b) in kept.iter().enumerate() {
                if self.has_edge(a, b) {
                    graph.adjacency[new_a] |= bit(new_b);
                }
            }
        }
        graph
    }

    /// The graph without the vertices of `remove` (bits of indices) and their edges.
    pub fn without(&self, remove: u64) -> Graph {
        self.induced(self.all() & !remove)
    }

    /// The vertices reachable from `start` (an index) inside `within` (bits of indices).
    pub fn reach(&self, start: usize, within: u64) -> u64 {
        let mut seen = bit(start) & within;
        let mut frontier = seen;
        while frontier != 0 {
            let mut next = 0;
            let mut rest = frontier;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                next |= self.adjacency[i];
            }
            frontier = next & within & !seen;
            seen |= frontier;
        }
        seen
    }

    /// The vertex sets of the connected components, as bits of indices, in the order of
    /// their smallest index.
    pub fn component_sets(&self) -> Vec<u64> {
        let mut left = self.all();
        let mut sets = Vec::new();
        while left != 0 {
            let start = left.trailing_zeros() as usize;
            let set = self.reach(start, left);
            sets.push(set);
            left &= !set;
        }
        sets
    }

    /// The connected components, each a graph with the names and tags it had.
    pub fn components(&self) -> Vec<Graph> {
        self.component_sets()
            .into_iter()
            .map(|set| self.induced(set))
            .collect()
    }

    /// Whether the graph is connected (the empty graph is).
    pub fn is_connected(&self) -> bool {
        self.component_sets().len() <= 1
    }

    /// The graph with its vertices renamed 0, 1, … in an order that depends only on the
    /// shape, not on the names (by tag, degree and the neighbours' degrees, then by a walk
    /// from the first): a key for memo tables. Two graphs with the same key are isomorphic
    /// (the key is the graph relabelled); isomorphic graphs often, not always, share it.
    pub fn relabelled(&self) -> Graph {
        let n = self.len();
        let signature = |i: usize| {
            let mut around: Vec<usize> = (0..n)
                .filter(|&j| self.has_edge(i, j))
                .map(|j| self.degree(j))
                .collect();
            around.sort_unstable();
            (self.tags[i], self.degree(i), around)
        };
        let signatures: Vec<_> = (0..n).map(signature).collect();
        // Breadth first from the vertex of the least signature, taking each layer's vertices
        // by signature.
        let mut order: Vec<usize> = Vec::with_capacity(n);
        let mut placed = 0u64;
        while order.len() < n {
            let start = (0..n)
                .filter(|&i| placed & bit(i) == 0)
                .min_by(|&a, &b| signatures[a].cmp(&signatures[b]))
                .unwrap_or(0);
            placed |= bit(start);
            let mut queue = vec![start];
            let mut head = 0;
            while head < queue.len() {
                let at = queue[head];
                head += 1;
                let mut next: Vec<usize> = (0..n)
                    .filter(|&j| self.has_edge(at, j) && placed & bit(j) == 0)
                    .collect();
                next.sort_by(|&a, &b| signatures[a].cmp(&signatures[b]));
                for j in next {
                    placed |= bit(j);
                    queue.push(j);
                }
            }
            order.extend(queue);
        }
        let mut position = vec![0; n];
        for (new, &old) in order.iter().enumerate() {
            position[old] = new;
        }
        let mut graph = Graph {
            names: (0..n).map(|i| i as u32).collect(),
            tags: order.iter().map(|&old| self.tags[old]).collect(),
            adjacency: vec![0; n],
        };
        for (a, b) in self.edges() {
            graph.add_edge(position[a], position[b]);
        }
        graph
    }

    /// Whether the graph is a path (connected, every degree at most 2, no cycle); a single
    /// vertex is one.
    pub fn is_path(&self) -> bool {
        !self.is_empty()
            && self.is_connected()
            && self.edge_count() + 1 == self.len()
            && (0..self.len()).all(|i| self.degree(i) <= 2)
    }

    /// The vertices of a path from one end to the other, or `None` if it is no path.
    pub fn path_order(&self) -> Option<Vec<usize>> {
        if !self.is_path() {
            return None;
        }
        let start = (0..self.len()).find(|&i| self.degree(i) <= 1)?;
        let mut order = vec![start];
        let mut seen = bit(start);
        while let Some(next) = (0..self.len())
            .find(|&j| seen & bit(j) == 0 && self.has_edge(order[order.len() - 1], j))
        {
            seen |= bit(next);
            order.push(next);
        }
        Some(order)
    }

    /// Reads the edge-list notation (see the module's documentation), with tags from the
    /// letters of `tags`. Errors name the token: a vertex that is no number or past
    /// [`MAX_NAME`], a loop, an edge written twice, a tag not allowed or given twice, more
    /// than [`MAX_VERTICES`] vertices.
    pub fn parse(text: &str, tags: &str) -> Result<Graph, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::new(
                "empty graph notation: write `empty` for no vertices",
            ));
        }
        if text == "empty" {
            return Ok(Graph::empty());
        }
        let vertex = |word: &str, token: &str| -> Result<u32, ParseError> {
            let word = word.trim();
            if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::at_token(
                    format!("`{word}` is not a vertex (a number from 0 to {MAX_NAME})"),
                    token,
                ));
            }
            match word.parse::<u32>() {
                Ok(name) if name <= MAX_NAME => Ok(name),
                _ => Err(ParseError::at_token(
                    format!("vertex {word} is past the largest name, {MAX_NAME}"),
                    token,
                )),
            }
        };
        let mut edges: Vec<(u32, u32, &str)> = Vec::new();
        let mut lone: Vec<(u32, Option<char>, &str)> = Vec::new();
        for token in text.split(',') {
            let token = token.trim();
            if token.is_empty() {
                return Err(ParseError::at_token("an empty token between commas", text));
            }
            if let Some((a, b)) = token.split_once('-') {
                let (a, b) = (vertex(a, token)?, vertex(b, token)?);
                if a == b {
                    return Err(ParseError::at_token(
                        format!("`{token}` is a loop: a vertex is not its own neighbour"),
                        token,
                    ));
                }
                edges.push((a.min(b), a.max(b), token));
            } else {
                let (word, tag) = match token.split_once(':') {
                    Some((word, tag)) => {
                        let mut letters = tag.chars();
                        match (letters.next(), letters.next()) {
                            (Some(letter), None) if tags.contains(letter) => (word, Some(letter)),
                            _ => {
                                let allowed = if tags.is_empty() {
                                    "this game tags no vertex".to_string()
                                } else {
                                    format!(
                                        "a tag is one of {}",
                                        tags.chars()
                                            .map(String::from)
                                            .collect::<Vec<_>>()
                                            .join(", ")
                                    )
                                };
                                return Err(ParseError::at_token(
                                    format!("`{tag}` is not a tag of `{token}`: {allowed}"),
                                    token,
                                ));
                            }
                        }
                    }
                    None => (token, None),
                };
                lone.push((vertex(word, token)?, tag, token));
            }
        }
        let mut names: Vec<u32> = edges
            .iter()
            .flat_map(|&(a, b, _)| [a, b])
            .chain(lone.iter().map(|&(name, _, _)| name))
            .collect();
        names.sort_unstable();
        names.dedup();
        if names.len() > MAX_VERTICES {
            return Err(ParseError::new(format!(
                "{} vertices: a graph has at most {MAX_VERTICES}",
                names.len()
            )));
        }
        let mut graph = Graph::with_vertices(&names)
            .ok_or_else(|| ParseError::new("the vertices do not make a graph"))?;
        for (a, b, token) in edges {
            let (a, b) = (
                graph.index_of(a).unwrap_or_default(),
                graph.index_of(b).unwrap_or_default(),
            );
            if graph.has_edge(a, b) {
                return Err(ParseError::at_token(
                    format!("the edge `{token}` is written twice"),
                    token,
                ));
            }
            graph.add_edge(a, b);
        }
        for (name, tag, token) in lone {
            let index = graph.index_of(name).unwrap_or_default();
            if tag.is_some() {
                if graph.tags[index].is_some() {
                    return Err(ParseError::at_token(
                        format!("vertex {name} is tagged twice"),
                        token,
                    ));
                }
                graph.tags[index] = tag;
            }
        }
        Ok(graph)
    }
}

impl fmt::Display for Graph {
    /// The edges in order of their ends' names, then each vertex that has no edge or has a
    /// tag (`5`, `3:B`); `empty` for no vertices. [`Graph::parse`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return write!(f, "empty");
        }
        let mut tokens: Vec<String> = self
            .edges()
            .into_iter()
            .map(|(a, b)| format!("{}-{}", self.names[a], self.names[b]))
            .collect();
        for i in 0..self.len() {
            match self.tags[i] {
                Some(tag) => tokens.push(format!("{}:{tag}", self.names[i])),
                None if self.adjacency[i] == 0 => tokens.push(self.names[i].to_string()),
                None => {}
            }
        }
        write!(f, "{}", tokens.join(","))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn notation_reads_back_and_keeps_names() {
        for text in [
            "empty",
            "0",
            "0-1",
            "0-1,0-2,1-2",
            "3-7,7-9,4",
            "0-1,2:B,3:R",
        ] {
            let graph = Graph::parse(text, "BR").unwrap();
            assert_eq!(graph.to_string(), text);
            assert_eq!(Graph::parse(&graph.to_string(), "BR").unwrap(), graph);
        }
        let graph = Graph::parse(" 2-1 , 1-0 ", "").unwrap();
        assert_eq!(graph.to_string(), "0-1,1-2");
        let smaller = graph.without(bit(1));
        assert_eq!(smaller.to_string(), "0,2");
        assert_eq!(smaller.index_of(2), Some(1));
    }

    #[test]
    fn bad_graphs_name_their_token() {
        for (text, token) in [
            ("0-x", "0-x"),
            ("0-0", "0-0"),
            ("0-1,1-0", "1-0"),
            ("0-1,,2", "0-1,,2"),
            ("3:Q", "3:Q"),
            ("3:B,3:B", "3:B"),
            ("10000", "10000"),
            ("-1", "-1"),
        ] {
            let error = Graph::parse(text, "B").unwrap_err();
            assert_eq!(
                error.location.token.as_deref(),
                Some(token),
                "{text}: {error}"
            );
        }
        assert!(Graph::parse("", "").is_err());
        let many: Vec<String> = (0..65).map(|i| i.to_string()).collect();
        let error = Graph::parse(&many.join(","), "").unwrap_err();
        assert!(error.to_string().contains("at most 64"), "{error}");
    }

    #[test]
    fn components_paths_cycles_and_grids() {
        let graph = Graph::parse("0-1,1-2,5-6,9", "").unwrap();
        let parts: Vec<String> = graph.components().iter().map(|g| g.to_string()).collect();
        assert_eq!(parts, ["0-1,1-2", "5-6", "9"]);
        assert!(graph.components().iter().all(Graph::is_path));
        assert_eq!(Graph::path(4).unwrap().to_string(), "0-1,1-2,2-3");
        assert!(!Graph::cycle(4).unwrap().is_path());
        let grid = Graph::grid(3, 2).unwrap();
        assert_eq!(grid.edge_count(), 7);
        assert!(grid.has_edge(0, 3) && grid.has_edge(1, 2) && !grid.has_edge(2, 3));
        assert_eq!(
            Graph::parse("4-2,2-9", "").unwrap().path_order().unwrap(),
            [1, 0, 2]
        );
        assert!(Graph::grid(9, 8).is_none());
    }

    #[test]
    fn relabelling_forgets_names_and_keeps_the_shape() {
        let a = Graph::parse("7-3,3-5", "").unwrap().relabelled();
        let b = Graph::parse("1-2,0-1", "").unwrap().relabelled();
        assert_eq!(a, b);
        assert_eq!(a.edge_count(), 2);
        let tagged = Graph::parse("0-1,0:B", "B").unwrap().relabelled();
        assert_eq!(tagged.tags.iter().flatten().count(), 1);
        assert_ne!(tagged, Graph::parse("0-1", "B").unwrap().relabelled());
    }
}
