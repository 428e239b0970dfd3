//! Conway's misère genus of the heaps of a heap game (any
//! [`HeapRuleset`]), and the rule by which sums of tame heaps are decided (*On Numbers and Games*, ch. 12; *Winning Ways*, ch. 13).
//!
//! The genus of a game `G` is `g^{γ0 γ1 γ2 …}`: `g` is its normal-play nim value and `γk`
//! the misère nim value of `G` plus `k` nim heaps of size 2, where the misère nim value of a
//! game is 1 when it has no move and otherwise the mex of its options' misère nim values (a
//! game is lost under misère play exactly when its misère nim value is 0). The sequence of
//! `γk` ends by alternating between two values, and is written up to where the alternation
//! starts: a Nim heap of 0 is `0^{120}`, of 1 is `1^{031}`, of 2 is `2^{20}`.
//!
//! [`GenusSearch`] computes `γ0` to `γ5` of each heap by an exact memoised search of the heap
//! plus nim heaps of 2 and 1 (sums of heaps are searched as multisets, without the nim-sum
//! shortcut that misère play lacks), bounded by a number of positions and a [`Stop`].
//!
//! A genus is *tame* when it is the genus of some position of Nim: `0^{120}`, `1^{031}`, or
//! `g^{g (g⊕2)}` for any `g`. When every heap up to the largest in a sum has a tame genus,
//! the heaps are added like misère Nim heaps ([`tame_to_move_wins`]): a heap `g^{g…}` acts
//! as a heap of more than one token with nim value `g`, `0^{120}` as an empty heap and
//! `1^{031}` as a single token.
//!
//! ```
//! use grundy::heap::Tabulated;
//! use grundy::misere_play::genus::GenusSearch;
//! use grundy::stop::Stop;
//!
//! // Kayles on heaps up to 3: knock down one pin or two neighbours.
//! let kayles = Tabulated::from_fn("kayles", 3, |n| {
//!     (1..=n.min(2))
//!         .flat_map(|knocked| (0..=n - knocked).map(move |left| vec![left, n - knocked - left]))
//!         .collect()
//! })
//! .unwrap();
//! let mut search = GenusSearch::new(&kayles, 100_000, &Stop::NEVER);
//! let genera: Vec<String> =
//!     (0..4).map(|heap| search.genus(heap).unwrap().to_string()).collect();
//! assert_eq!(genera, ["0^{120}", "1^{031}", "2^{20}", "3^{31}"]);
//! ```

use std::collections::HashMap;
use std::fmt;

use super::value::SearchError;
use crate::heap::HeapRuleset;
use crate::nimber::MexSet;
use crate::stop::Stop;

/// How many terms `γ0 …` of each genus are computed.
pub const GENUS_TERMS: usize = 6;

/// The largest heap whose genus is computed: the exact search of larger heaps is far beyond
/// any sensible position limit.
pub const MAX_GENUS_HEAP: u64 = 200;

/// A heap's genus: its normal nim value and the first [`GENUS_TERMS`] misère values.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play nim value `g`.
    pub normal: u64,
    /// `γ0, γ1, …`: the misère nim value of the heap plus 0, 1, … nim heaps of 2.
    pub misere: Vec<u64>,
}

impl Genus {
    /// The superscript as it is written: the terms up to where they start to alternate.
    pub fn superscript(&self) -> &[u64] {
        let mut len = self.misere.len();
        while len >= 3 && self.misere[len - 1] == self.misere[len - 3] {
            len -= 1;
        }
        &self.misere[..len]
    }

    /// Whether the genus is that of a position of Nim: `0^{120}`, `1^{031}` or `g^{g (g⊕2)}`.
    pub fn is_tame(&self) -> bool {
        let g = self.normal;
        match self.superscript() {
            [1, 2, 0] => g == 0,
            [0, 3, 1] => g == 1,
            [first, second] => *first == g && *second == g ^ 2,
            _ => false,
        }
    }

    /// For a tame genus: whether the heap acts as a Nim heap of more than one token (its
    /// misère value equals its normal value).
    pub fn acts_as_big_heap(&self) -> bool {
        self.misere.first() == Some(&self.normal)
    }
}

impl fmt::Display for Genus {
    /// `0^{120}`; terms of 10 or more are separated by commas: `12^{12,14}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let terms = self.superscript();
        let separator = if terms.iter().any(|term| *term >= 10) {
            ","
        } else {
            ""
        };
        let written: Vec<String> = terms.iter().map(u64::to_string).collect();
        write!(f, "{}^{{{}}}", self.normal, written.join(separator))
    }
}

/// A sum of heaps with some nim heaps of 2 and of 1 beside them: the positions the genus is
/// defined by. Heaps without a move are left out; the rest are sorted.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    heaps: Vec<u64>,
    twos: u32,
    ones: u32,
}

/// The exact search behind the genus, with its memo: reuse it for a whole sequence.
///
/// Its recursion follows the rules' options, so it ends only for rules that keep the
/// contract of [`HeapRuleset::for_each_option`] (every heap left smaller than the heap
/// moved in); a [`Tabulated`](crate::heap::Tabulated) table's heaps past its largest have
/// no move, so keep the heaps asked for within it.
pub struct GenusSearch<'a> {
    rules: &'a dyn HeapRuleset,
    misere: HashMap<Key, u64>,
    normal: HashMap<u64, u64>,
    limit: usize,
    stop: &'a Stop,
}

impl<'a> GenusSearch<'a> {
    /// A search under `rules` that keeps at most `limit` positions and gives up when `stop`
    /// is raised.
    pub fn new(rules: &'a dyn HeapRuleset, limit: usize, stop: &'a Stop) -> Self {
        GenusSearch {
            rules,
            misere: HashMap::new(),
            normal: HashMap::new(),
            limit,
            stop,
        }
    }

    /// The rules searched.
    pub fn rules(&self) -> &'a dyn HeapRuleset {
        self.rules
    }

    /// How many positions the search keeps.
    pub fn positions(&self) -> usize {
        self.misere.len()
    }

    /// The genus of a heap of `heap` tokens.
    pub fn genus(&mut self, heap: u64) -> Result<Genus, SearchError> {
        if heap > MAX_GENUS_HEAP {
            return Err(SearchError::TooLarge { limit: self.limit });
        }
        let normal = self.normal_value(heap);
        let mut misere = Vec::with_capacity(GENUS_TERMS);
        for twos in 0..GENUS_TERMS as u32 {
            let key = self.key(vec![heap], twos, 0);
            misere.push(self.misere_value(key)?);
        }
        Ok(Genus { normal, misere })
    }

    /// The misère nim value of the sum of `heaps`.
    pub fn misere_value_of(&mut self, heaps: &[u64]) -> Result<u64, SearchError> {
        if heaps.iter().any(|heap| *heap > MAX_GENUS_HEAP) {
            return Err(SearchError::TooLarge { limit: self.limit });
        }
        let key = self.key(heaps.to_vec(), 0, 0);
        self.misere_value(key)
    }

    /// The normal nim value of one heap, by the mex of its options.
    fn normal_value(&mut self, heap: u64) -> u64 {
        if let Some(value) = self.normal.get(&heap) {
            return *value;
        }
        let mut options = Vec::new();
        self.rules
            .for_each_option(heap, &mut |left| options.push(left.to_vec()));
        let mut seen = MexSet::default();
        for left in options {
            let value = left
                .iter()
                .fold(0, |sum, part| sum ^ self.normal_value(*part));
            seen.insert(value);
        }
        let value = seen.mex();
        self.normal.insert(heap, value);
        value
    }

    fn key(&self, mut heaps: Vec<u64>, twos: u32, ones: u32) -> Key {
        heaps.retain(|heap| self.rules.has_option(*heap));
        heaps.sort_unstable();
        Key { heaps, twos, ones }
    }

    /// The misère nim value of a position: 1 when there is no move, else the mex of the
    /// options' values.
    fn misere_value(&mut self, key: Key) -> Result<u64, SearchError> {
        if let Some(value) = self.misere.get(&key) {
            return Ok(*value);
        }
        if self.misere.len() >= self.limit {
            return Err(SearchError::TooLarge { limit: self.limit });
        }
        if self.misere.len() % 1024 == 0 {
            self.stop.check()?;
        }
        let mut options: Vec<Key> = Vec::new();
        if key.twos > 0 {
            options.push(Key {
                twos: key.twos - 1,
                ones: key.ones + 1,
                heaps: key.heaps.clone(),
            });
            options.push(Key {
                twos: key.twos - 1,
                ..key.clone()
            });
        }
        if key.ones > 0 {
            options.push(Key {
                ones: key.ones - 1,
                ..key.clone()
            });
        }
        let mut previous = None;
        for (at, heap) in key.heaps.iter().enumerate() {
            if previous == Some(*heap) {
                continue;
            }
            previous = Some(*heap);
            let rules = self.rules;
            rules.for_each_option(*heap, &mut |left| {
                // The other heaps of the key have moves; of the heaps left, only those with
                // moves are kept.
                let mut heaps = Vec::with_capacity(key.heaps.len() + left.len());
                heaps.extend_from_slice(&key.heaps[..at]);
                heaps.extend_from_slice(&key.heaps[at + 1..]);
                heaps.extend(left.iter().copied().filter(|part| rules.has_option(*part)));
                heaps.sort_unstable();
                options.push(Key {
                    heaps,
                    twos: key.twos,
                    ones: key.ones,
                });
            });
        }
        let value = if options.is_empty() {
            1
        } else {
            let mut seen = MexSet::default();
            for option in options {
                seen.insert(self.misere_value(option)?);
            }
            seen.mex()
        };
        self.misere.insert(key, value);
        Ok(value)
    }
}

/// Whether the player to move wins the sum of heaps of these genera under misère play, by
/// the tame rule; `None` when some genus is not tame (the rule does not apply).
///
/// The caller must know that the heaps are tame through and through (every heap they can
/// break into has a tame genus too): [`tame_up_to`] says so for every heap up to a size.
pub fn tame_to_move_wins(genera: &[&Genus]) -> Option<bool> {
    if genera.iter().any(|genus| !genus.is_tame()) {
        return None;
    }
    let sum = genera.iter().fold(0, |sum, genus| sum ^ genus.normal);
    let big = genera.iter().any(|genus| genus.acts_as_big_heap());
    Some(if big { sum != 0 } else { sum == 0 })
}

/// Whether every heap from 0 to `largest` has a tame genus: then every position whose heaps
/// are at most `largest` is decided by [`tame_to_move_wins`].
pub fn tame_up_to(search: &mut GenusSearch<'_>, largest: u64) -> Result<bool, SearchError> {
    for heap in 0..=largest {
        if !search.genus(heap)?.is_tame() {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::heap::Tabulated;

    fn genera(rules: &dyn HeapRuleset, heaps: u64) -> Vec<String> {
        let mut search = GenusSearch::new(rules, 1_000_000, &Stop::NEVER);
        (0..heaps)
            .map(|heap| search.genus(heap).unwrap().to_string())
            .collect()
    }

    #[test]
    fn nim_heaps_have_the_genera_of_winning_ways() {
        // Nim: leave any smaller heap, or none.
        let nim =
            Tabulated::from_fn("nim", 6, |n| (0..n).map(|left| vec![left]).collect()).unwrap();
        assert_eq!(
            genera(&nim, 6),
            ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "4^{46}", "5^{57}"]
        );
    }

    #[test]
    fn abbreviation_and_tameness() {
        let genus = Genus {
            normal: 0,
            misere: vec![1, 2, 0, 2, 0, 2],
        };
        assert_eq!(genus.superscript(), [1, 2, 0]);
        assert!(genus.is_tame());
        assert!(!genus.acts_as_big_heap());
        let wild = Genus {
            normal: 4,
            misere: vec![1, 4, 6, 4, 6, 4],
        };
        assert_eq!(wild.to_string(), "4^{146}");
        assert!(!wild.is_tame());
        let wide = Genus {
            normal: 12,
            misere: vec![12, 14, 12, 14],
        };
        assert_eq!(wide.to_string(), "12^{12,14}");
        assert!(wide.is_tame() && wide.acts_as_big_heap());
    }

    #[test]
    fn the_limit_is_named() {
        let kayles = Tabulated::from_fn("kayles", 40, |n| {
            (1..=n.min(2))
                .flat_map(|knocked| {
                    (0..=n - knocked).map(move |left| vec![left, n - knocked - left])
                })
                .collect()
        })
        .unwrap();
        let mut search = GenusSearch::new(&kayles, 50, &Stop::NEVER);
        let error = search.genus(30).unwrap_err();
        assert_eq!(error, SearchError::TooLarge { limit: 50 });
        assert!(search.genus(MAX_GENUS_HEAP + 1).is_err());
    }
}
