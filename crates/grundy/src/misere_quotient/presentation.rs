//! A quotient written as the papers write it: generators (the heaps that bring a new
//! element, named `a`, `b`, `c`, … in the order of the heaps), relations such as `a^2 = 1`
//! and `b^3 = b`, and every element as a word in the generators.
//!
//! Each element gets as its normal form the first word that reaches it, words taken by
//! increasing degree and, within a degree, with the earlier generators' exponents largest
//! first. The relations are the words that are not normal forms although every word one
//! letter shorter inside them is, each set equal to the normal form of its element: they
//! rewrite every word to its normal form, so they present the monoid.

use std::collections::{BTreeSet, HashSet};

use serde::Serialize;

use super::monoid::Element;
use super::quotient::MisereQuotient;

/// One generator: a heap whose element is not a product of the earlier generators.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Generator {
    /// The letter it is written with.
    pub name: String,
    /// The heap it stands for.
    pub heap: u64,
    /// Its element.
    pub element: Element,
}

/// Generators, relations and normal forms of a quotient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// The generators, by increasing heap.
    pub generators: Vec<Generator>,
    /// `(word, normal form)`: exponent vectors, one exponent per generator.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
    /// The normal form of each element.
    pub normal_forms: Vec<Vec<u32>>,
}

/// The letter of the `index`-th generator: `a` to `z`, then `x26`, `x27`, ….
fn letter(index: usize) -> String {
    match u8::try_from(index) {
        Ok(small) if small < 26 => char::from(b'a' + small).to_string(),
        _ => format!("x{index}"),
    }
}

impl Presentation {
    /// The presentation of `quotient` (its heaps up to the bound give the generators).
    pub fn of(quotient: &MisereQuotient) -> Self {
        let monoid = quotient.monoid();
        let order = monoid.order();
        let mut generators: Vec<Generator> = Vec::new();
        let mut generated = vec![false; order];
        generated[0] = true;
        for (heap, element) in quotient.heap_elements().iter().enumerate().skip(1) {
            if generated[*element as usize] {
                continue;
            }
            generators.push(Generator {
                name: letter(generators.len()),
                heap: heap as u64,
                element: *element,
            });
            // Close under the generators again.
            let mut queue: Vec<Element> = (0..order as Element)
                .filter(|x| generated[*x as usize])
                .collect();
            while let Some(x) = queue.pop() {
                for generator in &generators {
                    let y = monoid.multiply(x, generator.element);
                    if !generated[y as usize] {
                        generated[y as usize] = true;
                        queue.push(y);
                    }
                }
            }
        }
        let count = generators.len();
        let mut normal_forms: Vec<Option<Vec<u32>>> = vec![None; order];
        normal_forms[0] = Some(vec![0; count]);
        let mut is_normal: HashSet<Vec<u32>> = HashSet::from([vec![0; count]]);
        let mut level: Vec<(Vec<u32>, Element)> = vec![(vec![0; count], 0)];
        let mut relations = Vec::new();
        while !level.is_empty() {
            let mut candidates: BTreeSet<std::cmp::Reverse<Vec<u32>>> = BTreeSet::new();
            let mut element_of = std::collections::HashMap::new();
            for (word, element) in &level {
                for (index, generator) in generators.iter().enumerate() {
                    let mut longer = word.clone();
                    longer[index] += 1;
                    element_of
                        .entry(longer.clone())
                        .or_insert_with(|| monoid.multiply(*element, generator.element));
                    candidates.insert(std::cmp::Reverse(longer));
                }
            }
            let mut next = Vec::new();
            for std::cmp::Reverse(word) in candidates {
                let minimal = (0..count).filter(|i| word[*i] > 0).all(|i| {
                    let mut shorter = word.clone();
                    shorter[i] -= 1;
                    is_normal.contains(&shorter)
                });
                if !minimal {
                    continue;
                }
                let element = element_of[&word];
                match &normal_forms[element as usize] {
                    Some(normal) => relations.push((word, normal.clone())),
                    None => {
                        normal_forms[element as usize] = Some(word.clone());
                        is_normal.insert(word.clone());
                        next.push((word, element));
                    }
                }
            }
            level = next;
        }
        Presentation {
            generators,
            relations,
            normal_forms: normal_forms
                .into_iter()
                .map(|form| form.unwrap_or_default())
                .collect(),
        }
    }

    /// A word from its exponents: `ab^2c`, or `1` for the empty word.
    pub fn word(&self, exponents: &[u32]) -> String {
        let mut text = String::new();
        for (generator, exponent) in self.generators.iter().zip(exponents) {
            match exponent {
                0 => {}
                1 => text.push_str(&generator.name),
                _ => text.push_str(&format!("{}^{exponent}", generator.name)),
            }
        }
        if text.is_empty() {
            text.push('1');
        }
        text
    }

    /// The normal form of an element, as a word.
    pub fn element_word(&self, element: Element) -> String {
        self.word(&self.normal_forms[element as usize])
    }

    /// Every relation as text, `a^2 = 1`.
    pub fn relation_texts(&self) -> Vec<String> {
        self.relations
            .iter()
            .map(|(word, normal)| format!("{} = {}", self.word(word), self.word(normal)))
            .collect()
    }
}
