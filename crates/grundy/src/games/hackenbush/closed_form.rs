//! The values of Hackenbush components that a theorem gives without a search, each in time
//! linear in the number of edges (a tree's, linear in the edges times the length of the
//! numbers added):
//!
//! - **A Blue-Red stalk** is the number whose sign expansion is its colour sequence, bottom
//!   edge first, Blue `+` and Red `-` (Berlekamp's rule, *Winning Ways* ch. 2): the first
//!   run of `k` edges of one colour is worth `±k`, and the `j`-th edge after it `±1/2^j`.
//!   `BBRB` is `2 - 1/2 + 1/4 = 7/4`.
//! - **A Blue-Red tree** by the colon principle (*Winning Ways* ch. 7): the value of an edge
//!   with a picture on top depends only on that picture's value, so each node's branches add
//!   up to a number `x`, and the edge below them is worth `x + 1` when Blue and `x > 0`, else
//!   `(x + n) / 2^(n-1)` with `n` the least positive integer with `x + n > 1` (Red: the
//!   negative of the Blue edge under `-x`).
//! - **A Green tree** by the colon principle for impartial games: an edge with a tree of
//!   nim value `g` on top is worth `*(g+1)`, branches at a node add up in nim sum.
//!
//! Any other component (Green mixed with Blue or Red, cycles, loops) has no closed form
//! here and is searched.

use super::{slot, Colour, Edge, Node};
use crate::cgt::Dyadic;
use crate::integer::Integer;
use crate::position::KnownValue;

/// The value of `edges` (a grounded picture, its nodes numbered 1, 2, … as pictures keep
/// them) when it is a Blue-Red stalk, a Blue-Red forest or a Green forest; `None` otherwise.
pub(super) fn value(edges: &[Edge]) -> Option<KnownValue> {
    let tree = Tree::of(edges)?;
    let green = edges.iter().filter(|e| e.colour == Colour::Green).count();
    if green == edges.len() {
        return Some(KnownValue::Nimber(tree.nim_value()));
    }
    if green > 0 {
        return None;
    }
    let number = match tree.stalk() {
        Some(colours) => stalk_value(&colours),
        None => tree.number_value()?,
    };
    Some(KnownValue::Number {
        numerator: number.numerator().clone(),
        exponent: number.exponent(),
    })
}

/// The value of a Blue-Red stalk, bottom edge first, by its sign expansion.
pub(super) fn stalk_value(colours: &[Colour]) -> Dyadic {
    let sign = |colour: Colour| colour == Colour::Blue;
    let Some(&first) = colours.first() else {
        return Dyadic::ZERO;
    };
    let run = colours.iter().take_while(|&&c| c == first).count();
    let tail = &colours[run..];
    // value = ±run + Σ ±2^-j: over the denominator 2^m, the tail's signs are the bits of
    // the numerator, the first below the run at bit m - 1.
    let m = tail.len() as u64;
    let bits = |wanted: bool| -> Integer {
        let mut digits = vec![0u32; tail.len() / 32 + 1];
        for (j, &colour) in tail.iter().enumerate() {
            if sign(colour) == wanted {
                let bit = tail.len() - 1 - j;
                digits[bit / 32] |= 1 << (bit % 32);
            }
        }
        Integer::from(num_bigint::BigInt::from(num_bigint::BigUint::new(digits)))
    };
    let run = Integer::from(run as u64).shl(m);
    let whole = if sign(first) { run } else { -&run };
    Dyadic::new(&(&whole + &bits(true)) - &bits(false), m)
}

/// A grounded forest: each node's children and the colour of the edge to each, the nodes
/// in preorder from the ground.
struct Tree {
    children: Vec<Vec<(Colour, Node)>>,
    preorder: Vec<Node>,
}

impl Tree {
    /// The forest of `edges`, or `None` when they hold a cycle or a loop.
    fn of(edges: &[Edge]) -> Option<Tree> {
        let size = edges.iter().map(|e| slot(e.b)).max().unwrap_or(0) + 1;
        let mut adjacent: Vec<Vec<(Colour, Node)>> = vec![Vec::new(); size];
        for edge in edges {
            if edge.a == edge.b {
                return None;
            }
            adjacent[slot(edge.a)].push((edge.colour, edge.b));
            adjacent[slot(edge.b)].push((edge.colour, edge.a));
        }
        let mut seen = vec![false; size];
        let mut children: Vec<Vec<(Colour, Node)>> = vec![Vec::new(); size];
        let mut preorder = Vec::with_capacity(size);
        let mut stack: Vec<(Node, Option<Node>)> = vec![(0, None)];
        seen[0] = true;
        while let Some((node, parent)) = stack.pop() {
            preorder.push(node);
            let mut skipped_parent = false;
            for &(colour, other) in &adjacent[slot(node)] {
                if Some(other) == parent && !skipped_parent {
                    skipped_parent = true;
                    continue;
                }
                if seen[slot(other)] {
                    return None; // a cycle, or a second edge to the same node
                }
                seen[slot(other)] = true;
                children[slot(node)].push((colour, other));
                stack.push((other, Some(node)));
            }
        }
        Some(Tree { children, preorder })
    }

    /// The colours from the ground up when the forest is one stalk.
    fn stalk(&self) -> Option<Vec<Colour>> {
        let mut colours = Vec::with_capacity(self.preorder.len());
        let mut node = 0;
        loop {
            match self.children[slot(node)].as_slice() {
                [] => return Some(colours),
                &[(colour, above)] => {
                    colours.push(colour);
                    node = above;
                }
                _ => return None,
            }
        }
    }

    /// The nim value of a Green forest.
    fn nim_value(&self) -> u64 {
        let mut nim = vec![0u64; self.children.len()];
        for &node in self.preorder.iter().rev() {
            nim[slot(node)] = self.children[slot(node)]
                .iter()
                .fold(0, |sum, &(_, child)| sum ^ (nim[slot(child)] + 1));
        }
        nim[0]
    }

    /// The number of a Blue-Red forest; `None` when a number outgrows what the rule can
    /// shift (never for a picture that fits in memory).
    fn number_value(&self) -> Option<Dyadic> {
        let mut values = vec![Dyadic::ZERO; self.children.len()];
        for &node in self.preorder.iter().rev() {
            let mut sum = Dyadic::ZERO;
            for &(colour, child) in &self.children[slot(node)] {
                let above = std::mem::take(&mut values[slot(child)]);
                sum = &sum + &edge_under(colour, &above)?;
            }
            values[slot(node)] = sum;
        }
        values.into_iter().next()
    }
}

/// The value of an edge of `colour` with a picture of value `x` on top (the colon
/// principle's rule for Blue-Red Hackenbush).
fn edge_under(colour: Colour, x: &Dyadic) -> Option<Dyadic> {
    match colour {
        Colour::Blue => blue_under(x),
        Colour::Red => blue_under(&-x).map(|value| -value),
        Colour::Green => None,
    }
}

/// A Blue edge under `x`: `x + 1` when `x > 0`, else `(x + n) / 2^(n-1)` with `n = ⌊-x⌋ + 2`,
/// the least positive integer with `x + n > 1`.
fn blue_under(x: &Dyadic) -> Option<Dyadic> {
    if x.signum() > 0 {
        return Some(x + &Dyadic::integer(1));
    }
    let n = (-x).floor().to_i64()?.checked_add(2)?;
    let lifted = x + &Dyadic::integer(n);
    let n = u64::try_from(n).ok()?;
    Some(Dyadic::new(
        lifted.numerator().clone(),
        lifted.exponent() + n - 1,
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::cgt::{plain_value, ValueStore};
    use crate::games::hackenbush::Hackenbush;
    use crate::position::PartizanPosition;
    use proptest::prelude::*;

    /// The closed form's value of `picture` against the plain recursion over its options
    /// (which never asks for a closed form), in one store; `false` when there is no closed
    /// form.
    fn agrees(picture: &Hackenbush) -> bool {
        let Some(known) = picture.known_value() else {
            return false;
        };
        let mut store = ValueStore::new();
        let closed = store.known(known);
        let searched = plain_value(&mut store, picture);
        assert_eq!(
            store.display(closed),
            store.display(searched),
            "{picture}"
        );
        true
    }

    fn stalk(colours: &[Colour]) -> Hackenbush {
        Hackenbush::from_stalks(&[colours.to_vec()]).unwrap()
    }

    #[test]
    fn stalks_read_their_sign_expansion() {
        for (text, value) in [("B", "1"), ("BR", "1/2"), ("BBRB", "7/4"), ("RBB", "-1/4")] {
            let picture: Hackenbush = text.parse().unwrap();
            let mut store = ValueStore::new();
            let known = store.known(picture.known_value().unwrap());
            assert_eq!(store.display(known), value, "{text}");
        }
        // B and 299 R: 1 - 1/2 - 1/4 - … - 1/2^299 = 1/2^299, exactly.
        let long = stalk(&[&[Colour::Blue][..], &[Colour::Red; 299][..]].concat());
        let Some(KnownValue::Number { numerator, exponent }) = long.known_value() else {
            panic!("a Blue-Red stalk has a closed form");
        };
        assert_eq!((numerator, exponent), (Integer::from(1i64), 299));
    }

    /// Every stalk of up to 8 edges of the three colours: the Blue-Red and all-Green ones
    /// have a closed form and it is the searched value; the mixed ones have none.
    #[test]
    fn every_short_stalk_agrees_with_the_search() {
        let colours = [Colour::Blue, Colour::Red, Colour::Green];
        let mut with_closed_form = 0;
        for length in 1..=8u32 {
            for code in 0..3usize.pow(length) {
                let word: Vec<Colour> = (0..length)
                    .map(|i| colours[code / 3usize.pow(i) % 3])
                    .collect();
                let green = word.iter().filter(|&&c| c == Colour::Green).count();
                let expected = green == 0 || green == word.len();
                assert_eq!(agrees(&stalk(&word)), expected, "{word:?}");
                with_closed_form += usize::from(expected);
            }
        }
        assert_eq!(with_closed_form, (1..=8).map(|n| (1 << n) + 1).sum::<usize>());
    }

    /// A random tree: each new node hangs from an earlier one or the ground, its edge's
    /// colour from `palette`.
    fn any_tree(palette: &'static [Colour], edges: usize) -> impl Strategy<Value = Hackenbush> {
        prop::collection::vec((any::<u16>(), prop::sample::select(palette)), 1..=edges).prop_map(
            |hangs| {
                let edges = hangs
                    .iter()
                    .enumerate()
                    .map(|(index, &(parent, colour))| {
                        let parent = Node::from(parent) % (index as Node + 1);
                        Edge::new(parent, index as Node + 1, colour)
                    })
                    .collect();
                Hackenbush::new(edges).unwrap()
            },
        )
    }

    proptest! {
        #[test]
        fn longer_blue_red_stalks_agree_with_the_search(
            word in prop::collection::vec(prop::sample::select(&[Colour::Blue, Colour::Red][..]), 9..=14)
        ) {
            prop_assert!(agrees(&stalk(&word)));
        }

        #[test]
        fn blue_red_trees_agree_with_the_search(
            tree in any_tree(&[Colour::Blue, Colour::Red], 8)
        ) {
            prop_assert!(agrees(&tree));
        }

        #[test]
        fn green_trees_agree_with_the_search(tree in any_tree(&[Colour::Green], 6)) {
            prop_assert!(agrees(&tree));
        }

        #[test]
        fn mixed_trees_and_graphs_are_left_to_the_search(
            tree in any_tree(&[Colour::Blue, Colour::Red, Colour::Green], 6)
        ) {
            let colours: std::collections::BTreeSet<_> =
                tree.edges().iter().map(|e| e.colour == Colour::Green).collect();
            prop_assert_eq!(tree.known_value().is_some(), colours.len() == 1);
        }
    }

    #[test]
    fn cycles_and_loops_have_no_closed_form() {
        for text in ["0-1:B,1-2:R,0-2:B", "0-1:B,1-1:R", "0-0:G", "0-1:G,0-1:G"] {
            let picture: Hackenbush = text.parse().unwrap();
            assert!(picture.known_value().is_none(), "{text}");
        }
    }
}
