//! Nim as a heap ruleset ([`HeapRuleset`]): a heap of `n` may be left as any smaller heap,
//! or removed. Through it the engines that work on any heap game (misère theory, the plain
//! nim-value loop) see Nim positions, and it says it is Nim, so that misère Nim is decided
//! by Bouton's rule for heaps of any size.

use crate::heap::HeapRuleset;

/// Nim's rules for the engines that work on any heap game.
///
/// ```
/// use grundy::games::nim::ruleset::NimRuleset;
/// use grundy::heap::HeapRuleset;
///
/// let mut options = Vec::new();
/// NimRuleset.for_each_option(3, &mut |left| options.push(left.to_vec()));
/// assert_eq!(options, [vec![2], vec![1], vec![]]);
/// assert!(NimRuleset.is_nim());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct NimRuleset;

impl HeapRuleset for NimRuleset {
    fn name(&self) -> String {
        "nim".to_string()
    }

    /// From taking one token to emptying the heap, as Nim lists its moves (`5->4` …
    /// `5->0`). A heap of `n` has `n` options: only small heaps should be listed.
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for rest in (1..heap).rev() {
            visit(&[rest]);
        }
        if heap > 0 {
            visit(&[]);
        }
    }

    fn has_option(&self, heap: u64) -> bool {
        heap > 0
    }

    fn is_nim(&self) -> bool {
        true
    }

    /// Every heap of more than one token may be left one token smaller.
    fn single_heap_step(&self) -> Option<u64> {
        Some(1)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::nim::NimGame;
    use crate::impartial::heap_values::nim_values;
    use crate::impartial::Solver;
    use crate::position::ImpartialGame;
    use crate::stop::Stop;

    #[test]
    fn the_ruleset_has_the_moves_and_values_of_nim() {
        let values = nim_values(&NimRuleset, 20, &Stop::NEVER, &mut |_, _| {}).unwrap();
        assert_eq!(values, (0..=20).collect::<Vec<u64>>());
        let mut solver = Solver::new(NimGame);
        for heap in 0..8u64 {
            let mut listed = Vec::new();
            NimRuleset.for_each_option(heap, &mut |left| listed.push(left.first().copied().unwrap_or(0)));
            let moves: Vec<u64> = NimGame.legal_moves(&vec![heap]).iter().map(|mv| mv.rest).collect();
            assert_eq!(listed, moves, "heap {heap}");
            assert_eq!(solver.grundy_value(&vec![heap]), values[heap as usize]);
        }
    }
}
