//! A normal form for the small tagged graphs the colouring games value: the vertices renamed
//! 0, 1, … so that isomorphic graphs (tags kept) share a name as often as is cheap, and the
//! form of a form is itself.
//!
//! Colour refinement splits the vertices into classes by tag, degree and, round after round,
//! the classes of their neighbours; the classes are ordered by what they are, never by the
//! vertices' names. When the orders within every class number at most [`MAX_ORDERS`], each
//! is tried and the least adjacency wins: a canonical form (isomorphic graphs get the same
//! one). Otherwise the vertices are taken by class, then by name: still a normal form (the
//! form of a form is itself, since the names it gives run in that order), only not shared by
//! every isomorphic graph.

use crate::graph::Graph;

/// The most vertex orders the canonical form tries.
pub const MAX_ORDERS: usize = 720;

/// The class of each vertex (by index) after colour refinement, numbered from 0 in an order
/// that depends on the graph's shape and tags only.
fn refine(graph: &Graph) -> Vec<usize> {
    let n = graph.len();
    let rank = |keys: &[(usize, Vec<usize>)]| -> Vec<usize> {
        let mut distinct: Vec<&(usize, Vec<usize>)> = keys.iter().collect();
        distinct.sort();
        distinct.dedup();
        keys.iter()
            .map(|key| distinct.binary_search(&key).unwrap_or(0))
            .collect()
    };
    let tag_rank = |tag: Option<char>| tag.map_or(0, |t| 1 + t as usize);
    let first: Vec<(usize, Vec<usize>)> = (0..n)
        .map(|i| (tag_rank(graph.tag(i)), vec![graph.degree(i)]))
        .collect();
    let mut classes = rank(&first);
    loop {
        let count = classes.iter().max().map_or(0, |&c| c + 1);
        let keys: Vec<(usize, Vec<usize>)> = (0..n)
            .map(|i| {
                let mut around: Vec<usize> = (0..n)
                    .filter(|&j| graph.has_edge(i, j))
                    .map(|j| classes[j])
                    .collect();
                around.sort_unstable();
                (classes[i], around)
            })
            .collect();
        let next = rank(&keys);
        if next.iter().max().map_or(0, |&c| c + 1) == count {
            return classes;
        }
        classes = next;
    }
}

/// The number of orders within the classes, or `None` past `limit`.
fn orders_count(sizes: &[usize], limit: usize) -> Option<usize> {
    let mut total = 1usize;
    for &size in sizes {
        for k in 2..=size {
            total = total.checked_mul(k).filter(|&t| t <= limit)?;
        }
    }
    Some(total)
}

/// Every permutation of `items`.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for (k, &first) in items.iter().enumerate() {
        let rest: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, &item)| item)
            .collect();
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

/// The adjacency rows of `graph` with its vertices taken in `order` (old indices).
fn rows(graph: &Graph, order: &[usize]) -> Vec<u64> {
    let mut place = vec![0usize; graph.len()];
    for (new, &old) in order.iter().enumerate() {
        place[old] = new;
    }
    order
        .iter()
        .map(|&old| {
            let mut row = 0u64;
            let mut rest = graph.neighbours(old);
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                row |= 1u64 << place[j];
            }
            row
        })
        .collect()
}

/// `graph` with its vertices renamed 0, 1, … in the order `order` (old indices), tags kept.
fn renamed(graph: &Graph, order: &[usize]) -> Graph {
    let names: Vec<u32> = (0..order.len() as u32).collect();
    let Some(mut result) = Graph::with_vertices(&names) else {
        return graph.clone();
    };
    for (new, &old) in order.iter().enumerate() {
        result.set_tag(new, graph.tag(old));
    }
    for (a, b) in graph.edges() {
        let (x, y) = (
            order.iter().position(|&v| v == a).unwrap_or(0),
            order.iter().position(|&v| v == b).unwrap_or(0),
        );
        result.add_edge(x, y);
    }
    result
}

/// The normal form of `graph` (see the module documentation).
pub fn normal_form(graph: &Graph) -> Graph {
    let classes = refine(graph);
    let count = classes.iter().max().map_or(0, |&c| c + 1);
    let members: Vec<Vec<usize>> = (0..count)
        .map(|c| (0..graph.len()).filter(|&i| classes[i] == c).collect())
        .collect();
    let sizes: Vec<usize> = members.iter().map(Vec::len).collect();
    if orders_count(&sizes, MAX_ORDERS).is_none() {
        let order: Vec<usize> = members.concat();
        return renamed(graph, &order);
    }
    let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
    for class in &members {
        let choices = permutations(class);
        orders = orders
            .iter()
            .flat_map(|head| {
                choices.iter().map(move |choice| {
                    let mut order = head.clone();
                    order.extend(choice);
                    order
                })
            })
            .collect();
    }
    let best = orders
        .into_iter()
        .min_by_key(|order| rows(graph, order))
        .unwrap_or_else(|| members.concat());
    renamed(graph, &best)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn form(text: &str) -> Graph {
        normal_form(&Graph::parse(text, "lr").unwrap())
    }

    #[test]
    fn isomorphic_small_graphs_share_their_form() {
        assert_eq!(form("7-3,3-5"), form("1-2,0-1"));
        assert_eq!(form("0-1,1-2,2-3,0:l"), form("5-6,6-7,7-8,8:l"));
        assert_ne!(form("0-1,1-2,2-3,0:l"), form("0-1,1-2,2-3,1:l"));
        assert_eq!(form("0-1,0-2,0-3,3-4"), form("9-4,4-1,4-2,1-7"));
        assert_ne!(form("0-1,0-2,0-3,3-4"), form("9-4,4-1,4-2,4-3"));
        assert_eq!(
            form("0-1,1-2,2-3,3-4,4-5,5-0,0-3"),
            form("0-1,1-2,2-3,3-4,4-5,5-0,1-4")
        );
    }

    #[test]
    fn the_form_of_a_form_is_itself() {
        for graph in [
            Graph::grid(4, 4).unwrap(),
            Graph::grid(3, 2).unwrap(),
            Graph::path(20).unwrap(),
            Graph::cycle(9).unwrap(),
            Graph::parse("0-1,1-2,2-3,3-4,1:l,4:r,9-10", "lr").unwrap(),
        ] {
            let once = normal_form(&graph);
            assert_eq!(normal_form(&once), once, "{graph}");
            assert_eq!(once.edge_count(), graph.edge_count());
            assert_eq!(once.names(), (0..graph.len() as u32).collect::<Vec<_>>());
        }
    }
}
