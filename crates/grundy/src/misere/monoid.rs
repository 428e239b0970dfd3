//! A finite commutative monoid with a marked subset, its P-portion: the algebra a misère
//! quotient is made of. Elements are numbered `0..order`, the identity is 0, and products
//! are read from a full table (the quotients this crate builds are capped in order, so the
//! table stays small).

use std::collections::HashMap;

/// An element of a [`BipartiteMonoid`], by its number (0 is the identity).
pub type Element = u32;

/// A finite commutative monoid with its P-portion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BipartiteMonoid {
    order: usize,
    /// `table[x * order + y]` is `x · y`.
    table: Vec<Element>,
    /// `p[x]`: whether the positions whose image is `x` are P-positions.
    p: Vec<bool>,
}

impl BipartiteMonoid {
    /// The trivial quotient: the identity alone, which is not in the P-portion (the empty
    /// position is won by the player to move in misère play).
    pub fn trivial() -> Self {
        BipartiteMonoid {
            order: 1,
            table: vec![0],
            p: vec![false],
        }
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product `x · y`.
    pub fn multiply(&self, x: Element, y: Element) -> Element {
        self.table[x as usize * self.order + y as usize]
    }

    /// The product of any number of elements (the identity for none).
    pub fn product(&self, elements: impl IntoIterator<Item = Element>) -> Element {
        elements
            .into_iter()
            .fold(0, |total, element| self.multiply(total, element))
    }

    /// Whether `x` is in the P-portion.
    pub fn is_p(&self, x: Element) -> bool {
        self.p[x as usize]
    }

    /// The elements of the P-portion, in increasing number.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.order as Element)
            .filter(|x| self.is_p(*x))
            .collect()
    }
}

/// A monoid given by its size, its product and its P-portion before indistinguishable
/// elements are merged.
pub struct Unreduced<'a> {
    /// The number of elements; 0 is the identity.
    pub order: usize,
    /// The product of two elements.
    pub multiply: &'a dyn Fn(usize, usize) -> usize,
    /// Whether an element is in the P-portion.
    pub is_p: &'a dyn Fn(usize) -> bool,
}

/// The quotient of a monoid by indistinguishability (`x ~ y` when `xz` and `yz` are in the
/// P-portion for the same `z`), and the class of each original element.
pub fn reduce(monoid: &Unreduced<'_>) -> (BipartiteMonoid, Vec<Element>) {
    let order = monoid.order;
    let words = order.div_ceil(64);
    let mut class_of = vec![0 as Element; order];
    let mut classes: HashMap<Vec<u64>, Element> = HashMap::new();
    let mut members: Vec<usize> = Vec::new();
    let mut signature = vec![0u64; words];
    // The identity is met first, so it becomes class 0.
    for (x, class) in class_of.iter_mut().enumerate() {
        signature.iter_mut().for_each(|word| *word = 0);
        for z in 0..order {
            if (monoid.is_p)((monoid.multiply)(x, z)) {
                signature[z / 64] |= 1 << (z % 64);
            }
        }
        let next = classes.len() as Element;
        let found = *classes.entry(signature.clone()).or_insert(next);
        if found == next {
            members.push(x);
        }
        *class = found;
    }
    let reduced = members.len();
    let mut table = vec![0 as Element; reduced * reduced];
    for (a, &x) in members.iter().enumerate() {
        for (b, &y) in members.iter().enumerate() {
            table[a * reduced + b] = class_of[(monoid.multiply)(x, y)];
        }
    }
    let p = members.iter().map(|&x| (monoid.is_p)(x)).collect();
    (
        BipartiteMonoid {
            order: reduced,
            table,
            p,
        },
        class_of,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indistinguishable_elements_merge() {
        // Z/4 with P = {1, 3}: 0 ~ 2 and 1 ~ 3 (both tell only the parity).
        let multiply = |x: usize, y: usize| (x + y) % 4;
        let is_p = |x: usize| x % 2 == 1;
        let (reduced, class_of) = reduce(&Unreduced {
            order: 4,
            multiply: &multiply,
            is_p: &is_p,
        });
        assert_eq!(reduced.order(), 2);
        assert_eq!(class_of, vec![0, 1, 0, 1]);
        assert_eq!(reduced.multiply(1, 1), 0);
        assert_eq!(reduced.p_portion(), vec![1]);
        assert_eq!(reduced.product([1, 1, 1]), 1);
    }

    #[test]
    fn the_trivial_quotient_has_no_p_position() {
        let trivial = BipartiteMonoid::trivial();
        assert_eq!(trivial.order(), 1);
        assert!(trivial.p_portion().is_empty());
    }
}
