//! Hackenbush's components and their numbering.
//!
//! Two edges are in one component when they are joined through nodes other than the
//! ground: the ground is where independent pictures stand side by side, so an edge from the
//! ground to the ground is a component of its own. Each component is renumbered, the ground
//! staying 0:
//!
//! - **A tree** (as many edges as nodes above the ground; stalks included) gets a canonical
//!   form: each node's subtrees are ordered by (colour of the edge to them, canonical code
//!   of the subtree), and nodes are numbered in depth-first preorder along that order, the
//!   edges listed in the same order. Isomorphic coloured trees therefore normalise to the
//!   same picture, and a stalk to the stalk form's numbering (`0-1`, `1-2`, …).
//! - **Any other graph** (cycles, parallel edges, loops) is numbered breadth-first from the
//!   ground, each node's undiscovered neighbours taken in order of (colour of the first edge
//!   reaching them, old number), and its edges are sorted. This is idempotent but not
//!   canonical: two isomorphic graphs written with different numbers may normalise
//!   differently, which only costs cache hits.

use std::collections::BTreeMap;

use super::{slot, Colour, Edge, Hackenbush, Node};

/// The components of `picture`, each renumbered.
pub(super) fn components(picture: &Hackenbush) -> Vec<Hackenbush> {
    let edges = &picture.edges;
    // Union-find over nodes (numbered 1, 2, … in a picture); the ground never joins anything.
    let size = edges.iter().map(|edge| slot(edge.b)).max().unwrap_or(0) + 1;
    let mut parent: Vec<usize> = (0..size).collect();
    fn root(parent: &mut [usize], mut node: usize) -> usize {
        while parent[node] != node {
            parent[node] = parent[parent[node]];
            node = parent[node];
        }
        node
    }
    for edge in edges {
        let (a, b) = (slot(edge.a), slot(edge.b));
        if a != 0 && b != 0 {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra] = rb;
        }
    }
    // Group the edges by the root of their upper end, in order of first appearance; each
    // ground-to-ground edge alone.
    let mut groups: Vec<Vec<Edge>> = Vec::new();
    let mut group_of_root: BTreeMap<usize, usize> = BTreeMap::new();
    for edge in edges {
        if edge.b == 0 {
            groups.push(vec![*edge]);
            continue;
        }
        let key = root(&mut parent, slot(edge.b));
        let group = *group_of_root.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[group].push(*edge);
    }
    groups.into_iter().map(normalise).collect()
}

/// One component's edges renumbered (see the module documentation).
fn normalise(edges: Vec<Edge>) -> Hackenbush {
    let mut nodes: Vec<Node> = edges.iter().flat_map(|edge| [edge.a, edge.b]).collect();
    nodes.sort_unstable();
    nodes.dedup();
    let above_ground = nodes.iter().filter(|&&node| node != 0).count();
    let is_tree = edges.len() == above_ground && edges.iter().all(|edge| edge.a != edge.b);
    let edges = if is_tree {
        tree_form(&edges)
    } else {
        breadth_first_form(&edges)
    };
    Hackenbush { edges }
}

/// Each node's neighbours with the colour of the edge to them, indexed by the nodes
/// compacted to 0, 1, … in order of first appearance (the ground first).
type Around = Vec<Vec<(Colour, usize)>>;

/// [`Around`] of the edges, and the compacted number of each old node.
fn neighbours(edges: &[Edge]) -> (Around, BTreeMap<Node, usize>) {
    let mut index: BTreeMap<Node, usize> = BTreeMap::from([(0, 0)]);
    for edge in edges {
        for node in [edge.a, edge.b] {
            let next = index.len();
            index.entry(node).or_insert(next);
        }
    }
    let mut around = vec![Vec::new(); index.len()];
    for edge in edges {
        let (a, b) = (index[&edge.a], index[&edge.b]);
        around[a].push((edge.colour, b));
        if a != b {
            around[b].push((edge.colour, a));
        }
    }
    (around, index)
}

/// The canonical numbering of a tree standing on the ground at node 0: each subtree's code
/// computed once, children before their parent (no recursion, so a stalk of any height is
/// numbered without exhausting the stack).
fn tree_form(edges: &[Edge]) -> Vec<Edge> {
    let (around, _) = neighbours(edges);
    if let Some(stalk) = stalk_form(&around) {
        return stalk;
    }
    // Preorder from the ground, with each node's parent.
    let mut parent: Vec<Option<usize>> = vec![None; around.len()];
    let mut preorder = Vec::with_capacity(around.len());
    let mut stack = vec![0usize];
    while let Some(node) = stack.pop() {
        preorder.push(node);
        for &(_, other) in &around[node] {
            if Some(other) != parent[node] {
                parent[other] = Some(node);
                stack.push(other);
            }
        }
    }
    // Each subtree's code and its children in canonical order: by (colour of the edge to
    // them, code of their subtree).
    let mut codes: Vec<String> = vec![String::new(); around.len()];
    let mut ordered: Vec<Vec<(Colour, usize)>> = vec![Vec::new(); around.len()];
    for &node in preorder.iter().rev() {
        let mut below: Vec<(Colour, usize)> = around[node]
            .iter()
            .copied()
            .filter(|&(_, other)| Some(other) != parent[node])
            .collect();
        below.sort_by(|x, y| (x.0, &codes[x.1]).cmp(&(y.0, &codes[y.1])));
        let mut code = String::new();
        for &(colour, child) in &below {
            code.push(colour.letter());
            code.push('(');
            code.push_str(&codes[child]);
            code.push(')');
        }
        for &(_, child) in &below {
            codes[child] = String::new();
        }
        codes[node] = code;
        ordered[node] = below;
    }
    // Number in preorder along that order, listing each edge as its upper end is numbered.
    let mut out = Vec::with_capacity(edges.len());
    let mut label: Vec<Node> = vec![0; around.len()];
    let mut next: Node = 1;
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    while let Some((node, taken)) = stack.pop() {
        let Some(&(colour, child)) = ordered[node].get(taken) else {
            continue;
        };
        stack.push((node, taken + 1));
        label[child] = next;
        next = next.saturating_add(1);
        out.push(Edge::new(label[node], label[child], colour));
        stack.push((child, 0));
    }
    out
}

/// A stalk's numbering (`0-1`, `1-2`, …, bottom edge first), which is its canonical tree
/// form, found in linear time; `None` when the tree is not a stalk.
fn stalk_form(around: &[Vec<(Colour, usize)>]) -> Option<Vec<Edge>> {
    if around[0].len() != 1 || around.iter().skip(1).any(|next| next.len() > 2) {
        return None;
    }
    let mut out = Vec::with_capacity(around.len());
    let (mut below, mut node) = (0usize, 0usize);
    let mut label: Node = 0;
    loop {
        let Some(&(colour, above)) = around[node]
            .iter()
            .find(|&&(_, other)| other != below)
        else {
            return Some(out);
        };
        out.push(Edge::new(label, label + 1, colour));
        label += 1;
        (below, node) = (node, above);
    }
}

/// The breadth-first numbering of any grounded graph, edges sorted.
fn breadth_first_form(edges: &[Edge]) -> Vec<Edge> {
    let (around, index) = neighbours(edges);
    let old: Vec<Node> = index.keys().copied().collect();
    let mut label: Vec<Option<Node>> = vec![None; around.len()];
    label[0] = Some(0);
    let mut queue = vec![0usize];
    let mut next: Node = 1;
    let mut head = 0;
    while let Some(&node) = queue.get(head) {
        head += 1;
        // Undiscovered neighbours in order of (colour of the first edge reaching them, old
        // number).
        let mut reached: Vec<(Colour, Node, usize)> = around[node]
            .iter()
            .map(|&(colour, other)| (colour, old[other], other))
            .collect();
        reached.sort_unstable();
        for (_, _, other) in reached {
            if label[other].is_none() {
                label[other] = Some(next);
                next = next.saturating_add(1);
                queue.push(other);
            }
        }
    }
    let mut out: Vec<Edge> = edges
        .iter()
        .map(|edge| {
            let new = |node: Node| label[index[&node]].unwrap_or(0);
            Edge::new(new(edge.a), new(edge.b), edge.colour)
        })
        .collect();
    out.sort_unstable();
    out
}
