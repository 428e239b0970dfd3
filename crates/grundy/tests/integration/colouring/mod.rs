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

/// Every small position the colouring tests check, one of each class of positions that differ
/// only in the names of their vertices (a relabelling changes no value), each given to
/// `check` with the store: every graph of up to 4 vertices with every vertex uncoloured,
/// blue, red or tinted, every uncoloured graph of 5 and 6 vertices, and the grids up to
/// 4 × 3. Returns how many; [`small_positions`] counts them independently.
pub fn every_small_position(
    store: &mut ValueStore,
    mut check: impl FnMut(&Plain, &mut ValueStore),
) -> usize {
    let mut count = 0;
    for n in 0..=4 {
        let orders = permutations(n);
        for edges in graphs(n) {
            for marks in markings(n, &MARKS) {
                let mut position = Plain::new(n, &edges);
                position.marks = marks;
                if is_first_of_its_class(&position, &orders) {
                    check(&position, store);
                    count += 1;
                }
            }
        }
    }
    for n in 5..=6 {
        let orders = permutations(n);
        for edges in graphs(n) {
            let position = Plain::new(n, &edges);
            if is_first_of_its_class(&position, &orders) {
                check(&position, store);
                count += 1;
            }
        }
    }
    for (width, height) in [(2, 2), (3, 2), (4, 2), (3, 3), (5, 2), (4, 3)] {
        check(&grid(width, height), store);
        count += 1;
    }
    count
}

/// The characters a vertex of the marked small positions takes.
const MARKS: [char; 5] = ['.', 'L', 'R', 'l', 'r'];

/// Every order of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|head: Vec<usize>| {
                (0..n)
                    .filter(|v| !head.contains(v))
                    .map(|v| {
                        let mut next = head.clone();
                        next.push(v);
                        next
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    all
}

/// The position as a key that orders positions: its edges as a bit set over the pairs of
/// vertices, then its marks, with vertex `v` renamed `order[v]`.
fn key(position: &Plain, order: &[usize]) -> (u64, Vec<char>) {
    let n = position.marks.len();
    let mut edges = 0u64;
    for (a, neighbours) in position.neighbours.iter().enumerate() {
        for &b in neighbours {
            let (x, y) = (order[a].min(order[b]), order[a].max(order[b]));
            edges |= 1 << (x * n + y);
        }
    }
    let mut marks = vec!['.'; n];
    for (v, &mark) in position.marks.iter().enumerate() {
        marks[order[v]] = mark;
    }
    (edges, marks)
}

/// True when no renaming of the vertices gives a smaller key: one position of each class.
fn is_first_of_its_class(position: &Plain, orders: &[Vec<usize>]) -> bool {
    let own = key(position, &(0..position.marks.len()).collect::<Vec<_>>());
    orders.iter().all(|order| key(position, order) >= own)
}

/// How many positions [`every_small_position`] checks, counted by Burnside's lemma (the
/// classes of a set under a group are the average number of elements each member of the
/// group fixes): a renaming of `n` vertices fixes 2 to the number of its cycles on the pairs
/// of vertices times the number of markings constant on its cycles of vertices.
pub fn small_positions() -> usize {
    let marked: usize = (0..=4).map(|n| classes(n, MARKS.len())).sum();
    let plain: usize = (5..=6).map(|n| classes(n, 1)).sum();
    marked + plain + 6
}

/// The classes of graphs on `n` vertices with one of `marks` characters on each vertex,
/// under renaming of the vertices, by Burnside's lemma (see [`small_positions`]).
pub fn classes(n: usize, marks: usize) -> usize {
    let orders = permutations(n);
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let fixed: usize = orders
        .iter()
        .map(|order| {
            let vertex_cycles = cycles((0..n).collect(), |v| order[v]);
            let pair_cycles = cycles(pairs.clone(), |(a, b)| {
                (order[a].min(order[b]), order[a].max(order[b]))
            });
            (1usize << pair_cycles) * marks.pow(vertex_cycles as u32)
        })
        .sum();
    fixed / orders.len()
}

/// The number of cycles of the map `step` on `items`.
fn cycles<T: Copy + PartialEq>(items: Vec<T>, step: impl Fn(T) -> T) -> usize {
    let mut seen: Vec<T> = Vec::new();
    let mut count = 0;
    for &start in &items {
        if seen.contains(&start) {
            continue;
        }
        count += 1;
        let mut at = start;
        loop {
            seen.push(at);
            at = step(at);
            if at == start {
                break;
            }
        }
    }
    count
}
