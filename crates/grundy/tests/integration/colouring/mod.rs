//! The colouring games (Col, Snort) by their definition, for the tests of both: a vertex
//! list with neighbours and one character per vertex (`.` uncoloured, `L` blue, `R` red,
//! `l` only Left may colour it, `r` only Right), the options built move by move, the value
//! `{ Left's options | Right's options }` in the value store. No reduction, no components,
//! no relabelling.
#![allow(dead_code)]

use std::collections::HashMap;

use grundy::cgt::{GameId, ValueStore};

/// A position: the neighbours of each vertex (by index) and each vertex's character.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Plain {
    pub neighbours: Vec<Vec<usize>>,
    pub marks: Vec<char>,
}

impl Plain {
    /// The graph on `n` vertices with `edges`, every vertex `.`.
    pub fn new(n: usize, edges: &[(usize, usize)]) -> Plain {
        let mut neighbours = vec![Vec::new(); n];
        for &(a, b) in edges {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
        Plain {
            neighbours,
            marks: vec!['.'; n],
        }
    }

    /// The position in the edge-list notation, vertices named by index.
    pub fn text(&self) -> String {
        let n = self.marks.len();
        if n == 0 {
            return "empty".into();
        }
        let mut tokens = Vec::new();
        for a in 0..n {
            for &b in &self.neighbours[a] {
                if a < b {
                    tokens.push(format!("{a}-{b}"));
                }
            }
        }
        for v in 0..n {
            if self.marks[v] != '.' {
                tokens.push(format!("{v}:{}", self.marks[v]));
            } else if self.neighbours[v].is_empty() {
                tokens.push(v.to_string());
            }
        }
        tokens.join(",")
    }

    /// The positions after each move of the player whose colour is `me` (`L` or `R`):
    /// an uncoloured vertex, not tinted for the other, with no neighbour of the colour
    /// `avoid` (`me` in Col, the other's in Snort).
    pub fn options(&self, me: char, avoid: char) -> Vec<Plain> {
        let theirs_tint = if me == 'L' { 'r' } else { 'l' };
        let mut result = Vec::new();
        for v in 0..self.marks.len() {
            let mark = self.marks[v];
            if mark == 'L' || mark == 'R' || mark == theirs_tint {
                continue;
            }
            if self.neighbours[v].iter().any(|&w| self.marks[w] == avoid) {
                continue;
            }
            let mut next = self.clone();
            next.marks[v] = me;
            result.push(next);
        }
        result
    }
}

/// The value of `position` by the definition, `snort` choosing the rule.
pub fn brute(
    store: &mut ValueStore,
    memo: &mut HashMap<Plain, GameId>,
    position: &Plain,
    snort: bool,
) -> GameId {
    if let Some(&id) = memo.get(position) {
        return id;
    }
    let (left_avoid, right_avoid) = if snort { ('R', 'L') } else { ('L', 'R') };
    let lefts: Vec<GameId> = position
        .options('L', left_avoid)
        .iter()
        .map(|option| brute(store, memo, option, snort))
        .collect();
    let rights: Vec<GameId> = position
        .options('R', right_avoid)
        .iter()
        .map(|option| brute(store, memo, option, snort))
        .collect();
    let id = store.game(&lefts, &rights);
    memo.insert(position.clone(), id);
    id
}

/// Every simple graph on `n` vertices, as edge lists.
pub fn graphs(n: usize) -> Vec<Vec<(usize, usize)>> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    (0u64..1 << pairs.len())
        .map(|code| {
            pairs
                .iter()
                .enumerate()
                .filter(|(k, _)| code >> k & 1 == 1)
                .map(|(_, &pair)| pair)
                .collect()
        })
        .collect()
}

/// Every marking of `n` vertices with the characters of `marks`.
pub fn markings(n: usize, marks: &[char]) -> Vec<Vec<char>> {
    let mut all = vec![Vec::new()];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|head: Vec<char>| {
                marks.iter().map(move |&m| {
                    let mut next = head.clone();
                    next.push(m);
                    next
                })
            })
            .collect();
    }
    all
}

/// The `width × height` grid graph, cells named row by row.
pub fn grid(width: usize, height: usize) -> Plain {
    let mut edges = Vec::new();
    for r in 0..height {
        for c in 0..width {
            let v = r * width + c;
            if c + 1 < width {
                edges.push((v, v + 1));
            }
            if r + 1 < height {
                edges.push((v, v + width));
            }
        }
    }
    Plain::new(width * height, &edges)
}

/// Every small position the colouring tests check, each given to `check` with the store:
/// every graph of up to 4 vertices with every vertex uncoloured, blue, red or tinted, every
/// uncoloured graph of 5 and 6 vertices, and the grids up to 4 × 3. Returns how many.
pub fn every_small_position(
    store: &mut ValueStore,
    mut check: impl FnMut(&Plain, &mut ValueStore),
) -> usize {
    let mut count = 0;
    for n in 0..=4 {
        for edges in graphs(n) {
            for marks in markings(n, &['.', 'L', 'R', 'l', 'r']) {
                let mut position = Plain::new(n, &edges);
                position.marks = marks;
                check(&position, store);
                count += 1;
            }
        }
    }
    for n in 5..=6 {
        for edges in graphs(n) {
            check(&Plain::new(n, &edges), store);
            count += 1;
        }
    }
    for (width, height) in [(2, 2), (3, 2), (4, 2), (3, 3), (5, 2), (4, 3)] {
        check(&grid(width, height), store);
        count += 1;
    }
    count
}

/// How many positions [`every_small_position`] checks.
pub const SMALL_POSITIONS: usize = 1 + 5 + 2 * 25 + 8 * 125 + 64 * 625 + (1 << 10) + (1 << 15) + 6;
