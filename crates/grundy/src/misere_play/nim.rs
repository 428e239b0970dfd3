//! Misère Nim by Bouton's rule (1902), for any number of heaps of any size.
//!
//! The player to move wins exactly when some heap holds more than one token and the
//! nim-sum is not 0, or every heap holds at most one token and the nim-sum is 0 (an even
//! number of single tokens). Play is normal Nim's until a move would leave no heap above
//! one; that move instead leaves an odd number of single tokens.
//!
//! ```
//! use grundy::misere_play::nim::{to_move_wins, winning_moves};
//! assert!(!to_move_wins(&[1, 1, 1])); // whoever moves takes the last token in the end
//! assert!(!to_move_wins(&[2, 2])); // as in normal play
//! assert!(!to_move_wins(&[1, 2, 3])); // a big heap and nim-sum 0: lost, as in normal play
//! assert!(to_move_wins(&[1, 1])); // normal play's loss, misère play's win
//! assert_eq!(winning_moves(&[1, 2, 4]), vec![(4, 3)]); // the normal move 4->3
//! ```

/// Whether the player to move wins misère Nim on `heaps` (empty heaps allowed).
pub fn to_move_wins(heaps: &[u64]) -> bool {
    let sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
    if heaps.iter().any(|heap| *heap > 1) {
        sum != 0
    } else {
        sum == 0
    }
}

/// Every winning move as `(heap, rest)`: a heap of that size is left with `rest` tokens;
/// one move per distinct heap size, by increasing size. Empty when the position is lost.
pub fn winning_moves(heaps: &[u64]) -> Vec<(u64, u64)> {
    let mut sizes: Vec<u64> = heaps.iter().copied().filter(|heap| *heap > 0).collect();
    sizes.sort_unstable();
    sizes.dedup();
    if !to_move_wins(heaps) {
        return Vec::new();
    }
    let big = heaps.iter().filter(|heap| **heap > 1).count();
    let ones = heaps.iter().filter(|heap| **heap == 1).count();
    let sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
    match big {
        // No token at all: the game is over (won by the player to move), no move is left.
        0 if ones == 0 => Vec::new(),
        // Only single tokens, an even number of them: take one.
        0 => vec![(1, 0)],
        // One big heap: leave an odd number of single tokens.
        1 => {
            let Some(&heap) = sizes.last() else {
                return Vec::new();
            };
            let rest = if ones % 2 == 0 { 1 } else { 0 };
            vec![(heap, rest)]
        }
        // Two big heaps or more: a normal Nim move, which leaves a big heap.
        _ => sizes
            .into_iter()
            .filter(|heap| heap ^ sum < *heap)
            .map(|heap| (heap, heap ^ sum))
            .collect(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn worked_examples() {
        assert!(to_move_wins(&[]));
        assert!(winning_moves(&[]).is_empty());
        assert!(!to_move_wins(&[1]));
        assert!(!to_move_wins(&[1, 1, 1]));
        assert!(to_move_wins(&[1, 1]));
        assert!(!to_move_wins(&[2, 2]));
        assert!(!to_move_wins(&[1, 2, 3]));
        assert!(winning_moves(&[1, 2, 3]).is_empty());
        assert_eq!(winning_moves(&[1, 2, 4]), vec![(4, 3)]);
        assert_eq!(winning_moves(&[5]), vec![(5, 1)]);
        assert_eq!(winning_moves(&[1, 1, 7]), vec![(7, 1)]);
        assert_eq!(winning_moves(&[1, 7]), vec![(7, 0)]);
        assert_eq!(winning_moves(&[1, 1]), vec![(1, 0)]);
        assert!(winning_moves(&[2, 2]).is_empty());
        let huge = u64::MAX;
        assert_eq!(winning_moves(&[huge, 1]), vec![(huge, 0)]);
        assert!(!to_move_wins(&[huge, huge]));
    }
}
