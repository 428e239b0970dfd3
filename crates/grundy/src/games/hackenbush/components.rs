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

use super::{Colour, Edge, Hackenbush};

/// The components of `picture`, each renumbered.
pub(super) fn components(picture: &Hackenbush) -> Vec<Hackenbush> {
    let edges = &picture.edges;
    // Union-find over nodes; the ground never joins anything.
    let mut parent: Vec<usize> = (0..=super::MAX_NODE).collect();
    fn root(parent: &mut [usize], mut node: usize) -> usize {
        while parent[node] != node {
            parent[node] = parent[parent[node]];
            node = parent[node];
        }
        node
    }
    for edge in edges {
        let (a, b) = (usize::from(edge.a), usize::from(edge.b));
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
        let key = root(&mut parent, usize::from(edge.b));
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
    let mut nodes: Vec<u8> = edges.iter().flat_map(|edge| [edge.a, edge.b]).collect();
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

/// The canonical numbering of a tree standing on the ground at node 0.
fn tree_form(edges: &[Edge]) -> Vec<Edge> {
    let children = |node: u8, parent: Option<u8>| -> Vec<(Colour, u8)> {
        edges
            .iter()
            .filter_map(|edge| {
                let other = if edge.a == node {
                    edge.b
                } else if edge.b == node {
                    edge.a
                } else {
                    return None;
                };
                (Some(other) != parent).then_some((edge.colour, other))
            })
            .collect()
    };
    /// A subtree's code and its children in canonical order.
    fn code(
        node: u8,
        parent: Option<u8>,
        children: &dyn Fn(u8, Option<u8>) -> Vec<(Colour, u8)>,
    ) -> (String, Vec<(Colour, u8, String)>) {
        let mut below: Vec<(Colour, u8, String)> = children(node, parent)
            .into_iter()
            .map(|(colour, child)| (colour, child, code(child, Some(node), children).0))
            .collect();
        below.sort_by(|x, y| (x.0, &x.2).cmp(&(y.0, &y.2)));
        let text = below
            .iter()
            .map(|(colour, _, code)| format!("{}({code})", colour.letter()))
            .collect();
        (text, below)
    }
    /// Numbers the subtree of `node` (numbered `label`) in preorder, appending its edges.
    fn number(
        node: u8,
        label: u8,
        parent: Option<u8>,
        children: &dyn Fn(u8, Option<u8>) -> Vec<(Colour, u8)>,
        next: &mut u8,
        out: &mut Vec<Edge>,
    ) {
        let (_, below) = code(node, parent, children);
        for (colour, child, _) in below {
            let child_label = *next;
            *next = next.saturating_add(1);
            out.push(Edge::new(label, child_label, colour));
            number(child, child_label, Some(node), children, next, out);
        }
    }
    let mut out = Vec::with_capacity(edges.len());
    let mut next = 1u8;
    number(0, 0, None, &children, &mut next, &mut out);
    out
}

/// The breadth-first numbering of any grounded graph, edges sorted.
fn breadth_first_form(edges: &[Edge]) -> Vec<Edge> {
    let mut label: [Option<u8>; super::MAX_NODE + 1] = [None; super::MAX_NODE + 1];
    label[0] = Some(0);
    let mut queue = vec![0u8];
    let mut next = 1u8;
    let mut head = 0;
    while let Some(&node) = queue.get(head) {
        head += 1;
        let mut reached: Vec<(Colour, u8)> = edges
            .iter()
            .filter_map(|edge| {
                if edge.a == node {
                    Some((edge.colour, edge.b))
                } else if edge.b == node {
                    Some((edge.colour, edge.a))
                } else {
                    None
                }
            })
            .collect();
        reached.sort_unstable();
        for (_, other) in reached {
            if label[usize::from(other)].is_none() {
                label[usize::from(other)] = Some(next);
                next = next.saturating_add(1);
                queue.push(other);
            }
        }
    }
    let mut out: Vec<Edge> = edges
        .iter()
        .map(|edge| {
            let new = |node: u8| label[usize::from(node)].unwrap_or(0);
            Edge::new(new(edge.a), new(edge.b), edge.colour)
        })
        .collect();
    out.sort_unstable();
    out
}
