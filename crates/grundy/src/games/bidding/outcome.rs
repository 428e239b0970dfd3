//! Who wins every bidding position, one bit per stone: the fast solver for large n.
//!
//! [`super::BiddingTable`] keeps the remoteness and Grundy value of every stake-1 position
//! and rebuilds each room's whole row of stakes one entry at a time: O(n log² n) scalar
//! steps, 9 s for n = 10^7. Who wins needs one bit per position, and that makes the rows
//! of 64 consecutive rooms computable together, one stake at a time, with word operations.
//!
//! # The recurrence, by rooms of 64
//!
//! Write `W(r)` for "the player to move wins `(r, 1)`" and `F(r, s)` for the same at stake
//! `s`, with `F(r, s) = false` when `s ≥ r` (the position is over). For `s < r`:
//!
//! `F(r, s) = ¬W(r − s) ∨ ¬F(r, 2s) ∨ ¬F(r, 3s)`, and `W(r) = F(r, 1)`.
//!
//! A room depends on smaller rooms only through the pass, `W(r − s)`. For the 64 rooms
//! `base..base + 64` and any stake `s ≥ 64`, every `r − s` is below `base`: the 64 bits of
//! `W(r − s)` are one (unaligned) word of what is already computed, and the 64 values
//! `F(·, s)` are one word operation on the words of `2s` and `3s`, largest stake first. A
//! stake `s` in `2^k ..= 2^(k+1) − 1` (k < 6) looks back at least `2^k` rooms, so it is
//! done the same way on aligned sub-blocks of `2^k` rooms, as soon as the rooms before
//! the sub-block are known: stakes 32 to 54 on halves, 16 to 27 on quarters, …, stake 1 on
//! single rooms, whose bit is `W`.
//!
//! So the build costs about `(log₂ n · log₃ n / 2) / 64` word operations per stone for the
//! large stakes and a constant number for the sixteen stakes below 64: 0.3 s for n = 10^7,
//! 3 s for n = 10^8 (docs/benchmark-notes.md), and n/8 bytes.

use super::bits::Bits;
use super::{Bidding, Move, TableError, STOP_EVERY_ROOMS};
use crate::stop::{Stop, Stopped};
use crate::report::Outcome;

/// Who wins every bidding position with at most `max_n` stones of room (`n − pile`).
///
/// Exact, like [`super::BiddingTable`] (the tests compare the two on every position with at
/// most 3000 stones of room), but it knows only who wins, not how fast and not the Grundy
/// value. Answers depend only on the position; one table serves every game with
/// `n ≤ max_n`, at any point.
///
/// ```
/// use grundy::games::bidding::{Bidding, BiddingOutcomes, Move};
/// use grundy::report::Outcome;
/// let outcomes = BiddingOutcomes::new(1_000).unwrap();
/// assert_eq!(outcomes.outcome(&Bidding::start(4).unwrap()).unwrap(), Outcome::Loss);
/// let fifteen = Bidding::start(15).unwrap();
/// assert_eq!(outcomes.winning_moves(&fifteen).unwrap(), vec![Move::Triple]);
/// ```
#[derive(Debug, Clone)]
pub struct BiddingOutcomes {
    /// Bit `r`: `W(r)`, the player to move wins `(r, 1)`. Bit 0 is unused and zero.
    won: Bits,
    /// The 3-smooth stakes below `max_n`, ascending.
    stakes: Vec<u64>,
    /// For each stake, the indices of its double and triple in `stakes`, or `stakes.len()`
    /// when beyond the table (a position that is over whatever the room).
    raises: Vec<[usize; 2]>,
    max_n: u64,
}

/// Stakes below this are done on sub-blocks (the rest on whole blocks of 64 rooms).
const BLOCK: u64 = 64;
/// Sub-block levels: level `k < 6` holds stakes `2^k ..= 2^(k+1) − 1`, level 6 all ≥ 64.
const LEVELS: usize = 7;

impl BiddingOutcomes {
    /// The largest supported room. The table takes n/8 bytes (125 MB here) and about 35 s to
    /// build at this size; the limit is a choice, not a bound of the method (64-bit stakes
    /// would allow far more).
    pub const MAX_N: u64 = 1_000_000_000;

    /// Computes who wins every position with at most `max_n` stones of room. Time
    /// O(max_n · (1 + log² max_n / 64)), memory max_n/8 bytes.
    pub fn new(max_n: u64) -> Result<Self, TableError> {
        BiddingOutcomes::build(max_n, &Stop::NEVER)
    }

    /// [`BiddingOutcomes::new`], giving up with [`TableError::Stopped`] when `stop` comes:
    /// it is looked at every [`STOP_EVERY_ROOMS`] rooms (about a millisecond of work).
    pub fn build(max_n: u64, stop: &Stop) -> Result<Self, TableError> {
        if max_n == 0 || max_n > Self::MAX_N {
            return Err(TableError::OutcomesBadSize { asked: max_n });
        }
        let stakes = three_smooth_below(max_n);
        let index_of = |stake: u64| stakes.binary_search(&stake).unwrap_or(stakes.len());
        let raises = stakes
            .iter()
            .map(|&stake| [index_of(2 * stake), index_of(3 * stake)])
            .collect();
        let mut table = BiddingOutcomes {
            won: Bits::zeros(max_n + BLOCK),
            stakes,
            raises,
            max_n,
        };
        table.fill_blocks(stop)?;
        Ok(table)
    }

    /// Fills `won` block by block (see the module documentation), until `stop`.
    fn fill_blocks(&mut self, stop: &Stop) -> Result<(), Stopped> {
        let mut levels: [Vec<usize>; LEVELS] = Default::default();
        for (i, &stake) in self.stakes.iter().enumerate().rev() {
            levels[(stake.ilog2() as usize).min(LEVELS - 1)].push(i);
        }
        // masks[i], bit j: F(base + j, stakes[i]); the extra last entry stays 0, the value
        // of a raise beyond the table.
        let mut masks = vec![0u64; self.stakes.len() + 1];
        let blocks = self.max_n / BLOCK + 1;
        let stop_every = (STOP_EVERY_ROOMS as u64 / BLOCK).max(1);
        for block in 0..blocks {
            if block % stop_every == 0 {
                stop.check()?;
            }
            let base = block * BLOCK;
            for offset in 0..BLOCK {
                for level in (0..LEVELS).rev() {
                    let width = 1u64 << level;
                    if offset % width == 0 {
                        self.fill(&levels[level], base, offset, width, &mut masks);
                    }
                }
                self.won.or_word(block as usize, masks[0] & (1 << offset));
            }
        }
        self.won.clear_from(self.max_n + 1);
        Ok(())
    }

    /// Computes `F(r, s)` for the rooms `base + offset .. base + offset + width` and the
    /// stakes `level` (indices, largest stake first), into bits `offset..offset + width`
    /// of their masks. Every room those stakes pass to is already in `won`.
    #[inline(always)]
    fn fill(&self, level: &[usize], base: u64, offset: u64, width: u64, masks: &mut [u64]) {
        let sub = if width == BLOCK {
            u64::MAX
        } else {
            ((1u64 << width) - 1) << offset
        };
        let start = base + offset;
        for &i in level {
            let stake = self.stakes[i];
            if stake >= base + BLOCK {
                // Over in every room of the block: the mask stays 0.
                continue;
            }
            let passed = if stake <= start {
                self.won.window(start - stake)
            } else {
                self.won.window_from(0, stake - start)
            } << offset;
            // Rooms base + j with stake < base + j are not over.
            let live = if stake < base {
                u64::MAX
            } else {
                u64::MAX.checked_shl((stake - base + 1) as u32).unwrap_or(0)
            };
            let [doubled, tripled] = self.raises[i];
            let value = !passed | !masks[doubled] | !masks[tripled];
            masks[i] = (masks[i] & !sub) | (sub & live & value);
        }
    }

    /// The largest room (`n − pile`) the table answers for.
    pub fn max_n(&self) -> u64 {
        self.max_n
    }

    /// Bytes of heap the table holds, computed from the sizes of its arrays.
    pub fn memory_bytes(&self) -> u64 {
        let stakes = self.stakes.capacity() * std::mem::size_of::<u64>();
        let raises = self.raises.capacity() * std::mem::size_of::<[usize; 2]>();
        self.won.memory_bytes() + (stakes + raises) as u64
    }

    /// Whether the player to move wins `(room, 1)`; `None` for room 0 or beyond the table.
    pub fn wins_at_stake_one(&self, room: u64) -> Option<bool> {
        (1..=self.max_n).contains(&room).then(|| self.won.get(room))
    }

    fn check(&self, position: &Bidding) -> Result<(), TableError> {
        if position.remaining() > self.max_n {
            return Err(TableError::TooSmall {
                position: *position,
                needed: position.remaining(),
                covered: self.max_n,
            });
        }
        Ok(())
    }

    /// Whether the player to move wins after each move of a position that is not over:
    /// pass, double, triple. Rebuilds the position's row, O(log² r) steps.
    fn followers_win(&self, position: &Bidding) -> [bool; 3] {
        let room = position.remaining();
        let below = self.stakes.partition_point(|&stake| stake < room);
        // row[i]: F(room, stakes[i]); entries from `below` on stay false (over).
        let mut row = vec![false; self.stakes.len() + 1];
        for i in (0..below).rev() {
            let [doubled, tripled] = self.raises[i];
            row[i] = !self.won.get(room - self.stakes[i]) || !row[doubled] || !row[tripled];
        }
        // The stake is 3-smooth and below the room, so it is among the stakes.
        let i = self
            .stakes
            .partition_point(|&stake| stake < position.stake());
        let [doubled, tripled] = self.raises[i];
        [
            self.won.get(room - position.stake()),
            row[doubled],
            row[tripled],
        ]
    }

    /// Who wins the position with perfect play.
    pub fn outcome(&self, position: &Bidding) -> Result<Outcome, TableError> {
        let wins = !self.winning_moves(position)?.is_empty();
        Ok(if wins { Outcome::Win } else { Outcome::Loss })
    }

    /// Every legal move with who then wins, seen by the player then to move (the
    /// opponent), in the order of [`Move::ALL`]; empty when the position is over.
    pub fn moves(&self, position: &Bidding) -> Result<Vec<(Move, Outcome)>, TableError> {
        self.check(position)?;
        if position.is_over() {
            return Ok(Vec::new());
        }
        let followers = self.followers_win(position);
        Ok(Move::ALL
            .into_iter()
            .zip(followers)
            .map(|(mv, wins)| (mv, if wins { Outcome::Win } else { Outcome::Loss }))
            .collect())
    }

    /// The moves that leave the opponent lost, in the order of [`Move::ALL`] (empty when
    /// the position is lost or over).
    pub fn winning_moves(&self, position: &Bidding) -> Result<Vec<Move>, TableError> {
        Ok(self
            .moves(position)?
            .into_iter()
            .filter(|(_, after)| *after == Outcome::Loss)
            .map(|(mv, _)| mv)
            .collect())
    }
}

/// The numbers 2^a·3^b below `limit`, ascending.
fn three_smooth_below(limit: u64) -> Vec<u64> {
    let mut stakes = Vec::new();
    let mut power_of_three = 1u64;
    while power_of_three < limit {
        let mut stake = power_of_three;
        while stake < limit {
            stakes.push(stake);
            stake *= 2;
        }
        power_of_three *= 3;
    }
    stakes.sort_unstable();
    stakes.shrink_to_fit();
    stakes
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn start(n: u64) -> Bidding {
        Bidding::start(n).unwrap()
    }

    #[test]
    fn small_rooms_by_hand() {
        let table = BiddingOutcomes::new(10).unwrap();
        // 1 is over; 2 and 3 are won at once; 4, 6 and 8 are lost (the first three losses).
        let won: Vec<bool> = (1..=10)
            .map(|r| table.wins_at_stake_one(r).unwrap())
            .collect();
        assert_eq!(
            won,
            [false, true, true, false, true, false, true, false, true, true]
        );
        assert_eq!(table.winning_moves(&start(3)).unwrap(), vec![Move::Triple]);
        assert_eq!(table.winning_moves(&start(2)).unwrap(), Move::ALL.to_vec());
        assert!(table.moves(&start(1)).unwrap().is_empty());
        assert_eq!(table.outcome(&start(1)).unwrap(), Outcome::Loss);
    }

    #[test]
    fn bits_past_the_size_stay_clear() {
        let table = BiddingOutcomes::new(70).unwrap();
        assert!((71..200).all(|bit| !table.won.get(bit)));
    }

    #[test]
    fn agrees_with_the_full_table_across_block_edges() {
        let full = super::super::BiddingTable::new(1000).unwrap();
        for size in [1, 63, 64, 65, 127, 128, 129, 1000] {
            let table = BiddingOutcomes::new(size).unwrap();
            for r in 1..=size {
                let expected = full.outcome(&start(r)).unwrap() == Outcome::Win;
                assert_eq!(table.wins_at_stake_one(r).unwrap(), expected, "{size} {r}");
            }
        }
    }

    #[test]
    fn size_is_checked_and_named() {
        let error = BiddingOutcomes::new(BiddingOutcomes::MAX_N + 1).unwrap_err();
        assert!(error.to_string().contains("1000000000"), "{error}");
        assert!(BiddingOutcomes::new(0).is_err());
        let table = BiddingOutcomes::new(10).unwrap();
        assert!(matches!(
            table.outcome(&start(11)),
            Err(TableError::TooSmall { needed: 11, .. })
        ));
        assert!(table.outcome(&"100/95/2".parse().unwrap()).is_ok());
    }

    #[test]
    fn memory_is_a_bit_per_stone() {
        let table = BiddingOutcomes::new(1 << 20).unwrap();
        let bits = ((1u64 << 20) + 64) / 64 + 2;
        let stakes = table.stakes.len() as u64;
        assert_eq!(table.memory_bytes(), 8 * bits + stakes * (8 + 16));
    }
}
