//! The bidding game (XIX POI 2011/12, stage III, "Licytacja").
//!
//! Two players share a pile (empty at the start) and a stake (one stone at the start). On
//! their turn a player passes (the stake goes onto the pile and the stake resets to one),
//! doubles the stake or triples it. Doubling and tripling are allowed only while
//! `pile + stake < n`; once `pile + stake ≥ n` the player to move must pass, the pile reaches
//! `n` and that player loses.
//!
//! # The normal-play model
//!
//! This module models the game under normal play: a position with `pile + stake ≥ n` is
//! *terminal* (it has no legal moves) and lost for the player to move. The real game has one
//! more move at the very end, the loser's forced pass, which the model leaves out because it
//! changes nothing: whoever faces a terminal position has lost either way. Hence every
//! remoteness below counts one move fewer than the real game lasts;
//! [`BiddingValue::moves_to_end`] gives the real count (`remoteness + 1`).
//!
//! # Positions and notation
//!
//! A position is `n/pile/stake`, or just `n` for the start (pile 0, stake 1). Stakes are
//! always of the form 2^a·3^b because only those are reachable from stake 1, and
//! [`Bidding::new`] refuses any other. Moves are written `pass`, `double`, `triple`, or with
//! the codes of the contest library, `1`, `2`, `3`.
//!
//! ```
//! use grundy::games::bidding::{Bidding, BiddingTable, Move};
//! let start: Bidding = "15".parse().unwrap();
//! let after = start.play(Move::Triple).unwrap();
//! assert_eq!(after.to_string(), "15/0/3");
//! assert_eq!("15/4/6".parse::<Bidding>().unwrap().remaining(), 11);
//!
//! let table = BiddingTable::new(15).unwrap();
//! // n = 4: every move leaves the opponent a won position.
//! assert!(table.winning_moves(&Bidding::start(4).unwrap()).unwrap().is_empty());
//! ```
//!
//! # The fast solver
//!
//! The game depends only on `r = n − pile` and the stake `s`. With `s ≥ r` the position is
//! terminal; otherwise its three followers are `(r − s, 1)` (pass), `(r, 2s)` and `(r, 3s)`.
//! So the values of the stake-1 positions `(r, 1)` for every `r` determine everything: the
//! row of `r` (its 3-smooth stakes below `r`, about log₂r · log₃r / 2 of them) is rebuilt
//! from the stake-1 values of smaller `r`, largest stake first. [`BiddingTable`] stores one
//! 32-bit word per `r` (remoteness and Grundy value), so one table built for `n` answers
//! every position of every game with at most `n` stones.
//!
//! For who wins alone, [`BiddingOutcomes`] keeps one bit per room and computes the rows of
//! 64 consecutive rooms together with word operations: 0.3 s for n = 10^7, 3 s for 10^8,
//! up to [`BiddingOutcomes::MAX_N`] = 10^9. It has no remoteness and no Grundy value; the
//! tests compare it with [`BiddingTable`] on every position with at most 3000 stones of
//! room. docs/bidding.md says what structure of the game is known and what was checked.
//!
//! # Perfect strategy for players and opponent libraries
//!
//! A player needs no memory of the game: build one [`BiddingTable`] for the game's `n`
//! (about 9 ms and 123 kB for the contest's n = 30 000; 9 s and 40 MB for n = 10^7),
//! then for whatever position it faces call [`BiddingTable::perfect_move`], which wins as
//! fast as possible and, when lost, loses as slowly as possible. `None` means the position is over and the only
//! move of the real game, the forced losing [`Move::Pass`], remains. A contest-style driver
//! keeps the position itself, applies each move with [`Bidding::play`] (which refuses
//! illegal ones) and maps moves to and from the contest's codes with [`Move::code`] and
//! [`Move::from_code`]. [`BiddingTable::analyse`] adds the value after every move, for
//! strategies that must choose among winning moves (or play at random when lost).
//! [`analyse`] answers a single position without keeping a table.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, RuleError};
use crate::position::ImpartialGame;
use crate::report::Outcome;
use crate::nimber::Nimber;
use crate::stop::{Stop, Stopped};

pub mod analysis;
mod bits;
pub mod entry;
mod outcome;
pub mod play;

pub use outcome::BiddingOutcomes;

/// A move of the bidding game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Put the stake onto the pile; the stake starts again from one stone.
    Pass,
    /// Double the stake.
    Double,
    /// Triple the stake.
    Triple,
}

impl Move {
    /// All moves in the order of their contest codes (the order of
    /// [`ImpartialGame::legal_moves`]).
    pub const ALL: [Move; 3] = [Move::Pass, Move::Double, Move::Triple];

    /// The contest library's code: 1 pass, 2 double, 3 triple.
    pub fn code(self) -> u8 {
        match self {
            Move::Pass => 1,
            Move::Double => 2,
            Move::Triple => 3,
        }
    }

    /// The move with a contest library's code, if the code is one.
    pub fn from_code(code: u8) -> Option<Move> {
        match code {
            1 => Some(Move::Pass),
            2 => Some(Move::Double),
            3 => Some(Move::Triple),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Move::Pass => "pass",
            Move::Double => "double",
            Move::Triple => "triple",
        })
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads `pass`, `double`, `triple` (any letter case) or the codes `1`, `2`, `3`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let word = text.trim();
        let found = match word.to_ascii_lowercase().as_str() {
            "pass" | "1" => Some(Move::Pass),
            "double" | "2" => Some(Move::Double),
            "triple" | "3" => Some(Move::Triple),
            _ => None,
        };
        found.ok_or_else(|| {
            ParseError::at_token(
                "a bidding move must be pass, double, triple (or 1, 2, 3)",
                word,
            )
        })
    }
}

/// Why a bidding position is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidBidding {
    /// The game needs at least one stone to overflow.
    #[error("n must be at least 1")]
    ZeroN,
    /// n so large that a reachable stake would not fit in 64 bits.
    #[error("n must be at most {max}, got {n}", max = Bidding::MAX_N)]
    NTooLarge {
        /// The rejected n.
        n: u64,
    },
    /// A pile of n or more stones means the game is already over.
    #[error("the pile must be smaller than n = {n}, got {pile}")]
    PileTooLarge {
        /// The game's n.
        n: u64,
        /// The rejected pile.
        pile: u64,
    },
    /// A stake that cannot arise from stake 1 by doubling and tripling.
    #[error(
        "the stake must be of the form 2^a·3^b (only those are reachable from stake 1), got {stake}"
    )]
    StakeNotReachable {
        /// The rejected stake.
        stake: u64,
    },
}

/// A position of the bidding game: the overflow limit `n`, the pile and the stake.
///
/// Valid by construction: `1 ≤ n ≤` [`Bidding::MAX_N`], `pile < n` and the stake is 2^a·3^b.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bidding {
    n: u64,
    pile: u64,
    stake: u64,
}

/// Whether `value` is 2^a·3^b (with `a, b ≥ 0`); 0 is not.
fn is_three_smooth(value: u64) -> bool {
    if value == 0 {
        return false;
    }
    let mut rest = value >> value.trailing_zeros();
    while rest % 3 == 0 {
        rest /= 3;
    }
    rest == 1
}

impl Bidding {
    /// The largest supported n: every stake reachable in a game with at most this many
    /// stones (less than 3n) fits in a `u64`.
    pub const MAX_N: u64 = u64::MAX / 3;

    /// A validated position.
    pub fn new(n: u64, pile: u64, stake: u64) -> Result<Self, InvalidBidding> {
        if n == 0 {
            return Err(InvalidBidding::ZeroN);
        }
        if n > Self::MAX_N {
            return Err(InvalidBidding::NTooLarge { n });
        }
        if pile >= n {
            return Err(InvalidBidding::PileTooLarge { n, pile });
        }
        if !is_three_smooth(stake) {
            return Err(InvalidBidding::StakeNotReachable { stake });
        }
        Ok(Bidding { n, pile, stake })
    }

    /// The start of a game with overflow limit `n`: empty pile, stake 1.
    pub fn start(n: u64) -> Result<Self, InvalidBidding> {
        Bidding::new(n, 0, 1)
    }

    /// The overflow limit: the player whose pass makes the pile reach it loses.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// Stones on the pile.
    pub fn pile(&self) -> u64 {
        self.pile
    }

    /// The current stake.
    pub fn stake(&self) -> u64 {
        self.stake
    }

    /// `n − pile`, the room left: together with the stake it decides the game.
    pub fn remaining(&self) -> u64 {
        self.n - self.pile
    }

    /// Whether the player to move must pass and so loses (`pile + stake ≥ n`). Such a
    /// position is terminal in the normal-play model.
    pub fn is_over(&self) -> bool {
        self.stake >= self.remaining()
    }

    /// The legal moves: all three while the game is on, none once it is over (see the
    /// module documentation on the forced final pass).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            Vec::new()
        } else {
            Move::ALL.to_vec()
        }
    }

    /// The position after `mv`, or why it is illegal.
    pub fn play(&self, mv: Move) -> Result<Bidding, RuleError> {
        if self.is_over() {
            return Err(RuleError::new(
                mv,
                format!(
                    "the game {self} is over: pile + stake ≥ n, the player to move must pass and loses"
                ),
            ));
        }
        let overflow = || RuleError::new(mv, "the stake would not fit in 64 bits");
        let next = match mv {
            // pile + stake < n, so the new pile is below n.
            Move::Pass => Bidding {
                pile: self.pile + self.stake,
                stake: 1,
                ..*self
            },
            Move::Double => Bidding {
                stake: self.stake.checked_mul(2).ok_or_else(overflow)?,
                ..*self
            },
            Move::Triple => Bidding {
                stake: self.stake.checked_mul(3).ok_or_else(overflow)?,
                ..*self
            },
        };
        Ok(next)
    }

    /// The same game with the pile emptied and `n` reduced to [`Bidding::remaining`]: equal
    /// for every position with the same remaining room and stake.
    pub fn canonical(&self) -> Bidding {
        Bidding {
            n: self.remaining(),
            pile: 0,
            stake: self.stake,
        }
    }
}

impl fmt::Display for Bidding {
    /// `n` for a start position, `n/pile/stake` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pile == 0 && self.stake == 1 {
            write!(f, "{}", self.n)
        } else {
            write!(f, "{}/{}/{}", self.n, self.pile, self.stake)
        }
    }
}

/// Reads one `/`-separated field as a u64, locating any error at the field.
fn parse_field(text: &str, index: usize, what: &str) -> Result<u64, ParseError> {
    let located = |message: String| ParseError::at_token(message, text).with_column(index);
    if text.is_empty() {
        return Err(located(format!("{what} is missing")));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(located(format!("{what} must be a non-negative integer")));
    }
    text.parse::<u64>()
        .map_err(|_| located(format!("{what} is too large (at most {})", u64::MAX)))
}

impl FromStr for Bidding {
    type Err = ParseError;

    /// Reads `n` (a start position) or `n/pile/stake`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let fields: Vec<&str> = text.split('/').collect();
        let (n, pile, stake) = match fields.as_slice() {
            [n] => (parse_field(n, 1, "n")?, 0, 1),
            [n, pile, stake] => (
                parse_field(n, 1, "n")?,
                parse_field(pile, 2, "the pile")?,
                parse_field(stake, 3, "the stake")?,
            ),
            _ => {
                return Err(ParseError::at_token(
                    format!(
                        "a bidding position is n or n/pile/stake, got {} fields",
                        fields.len()
                    ),
                    text,
                ))
            }
        };
        Bidding::new(n, pile, stake).map_err(|error| {
            let (index, token) = match error {
                InvalidBidding::ZeroN | InvalidBidding::NTooLarge { .. } => (1, fields[0]),
                InvalidBidding::PileTooLarge { .. } => (2, fields[1]),
                InvalidBidding::StakeNotReachable { .. } => (3, fields[2]),
            };
            ParseError::at_token(error.to_string(), token).with_column(index)
        })
    }
}

/// The rules of the bidding game for the generic [`crate::impartial::Solver`].
///
/// The game is impartial (both players have the same moves) but not a sum, so a position is
/// one component; positions with the same remaining room and stake share a memo entry.
#[derive(Debug, Clone, Copy, Default)]
pub struct BiddingGame;

impl ImpartialGame for BiddingGame {
    type Position = Bidding;
    type Move = Move;

    fn legal_moves(&self, position: &Bidding) -> Vec<Move> {
        position.legal_moves()
    }

    fn apply(&self, position: &Bidding, mv: &Move) -> Result<Bidding, RuleError> {
        position.play(*mv)
    }

    fn canonical(&self, position: &Bidding) -> Bidding {
        position.canonical()
    }
}

/// Everything perfect play knows about one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BiddingValue {
    /// Moves left in the normal-play model when the winner wins as fast as possible and the
    /// loser loses as slowly as possible; even exactly when the player to move loses.
    pub remoteness: u64,
    /// The Sprague–Grundy value (0 to 3: a position has three moves at most).
    pub grundy: Nimber,
}

impl BiddingValue {
    /// Value of a terminal position.
    const TERMINAL: BiddingValue = BiddingValue {
        remoteness: 0,
        grundy: 0,
    };

    /// Who wins, seen by the player to move.
    pub fn outcome(&self) -> Outcome {
        Outcome::from_remoteness(self.remoteness)
    }

    /// Moves left in the real game, which ends with the loser's forced pass: `remoteness + 1`.
    pub fn moves_to_end(&self) -> u64 {
        self.remoteness + 1
    }
}

/// A full analysis of one position, as [`BiddingTable::analyse`] gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BiddingAnalysis {
    /// The position analysed.
    pub position: Bidding,
    /// Its value.
    pub value: BiddingValue,
    /// Every legal move with the value of the position it leads to, in the order of
    /// [`Move::ALL`]; empty when the position is terminal.
    pub moves: Vec<(Move, BiddingValue)>,
    /// The moves that leave the opponent lost, in the order of [`Move::ALL`].
    pub winning_moves: Vec<Move>,
    /// The fastest win, or when lost the slowest loss; `None` when terminal. Ties go to the
    /// first move in [`Move::ALL`], as in [`crate::impartial::Solver::perfect_move`].
    pub perfect_move: Option<Move>,
}

/// Why a table could not be built or could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The requested table size is outside what the table supports.
    #[error("a bidding table covers 1 to {max} stones, asked for {asked}", max = BiddingTable::MAX_N)]
    BadSize {
        /// The size asked for.
        asked: u64,
    },
    /// The requested size is outside what [`BiddingOutcomes`] supports.
    #[error(
        "a bidding outcome table covers 1 to {max} stones, asked for {asked}",
        max = BiddingOutcomes::MAX_N
    )]
    OutcomesBadSize {
        /// The size asked for.
        asked: u64,
    },
    /// The position needs more room than the table was built for.
    #[error(
        "the position {position} has {needed} stones of room, the table covers only {covered}"
    )]
    TooSmall {
        /// The position asked about.
        position: Bidding,
        /// Its remaining room `n − pile`.
        needed: u64,
        /// The table's size.
        covered: u64,
    },
    /// The build was stopped before it ended.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// How many rooms apart the table builds look at their [`Stop`] (a power of two, so that
/// the row pairs of [`BiddingTable::build`] meet it): 2^14 rooms take a few milliseconds.
pub const STOP_EVERY_ROOMS: usize = 1 << 14;

/// Bits of a table word that hold the remoteness; the two above hold the Grundy value.
const REMOTENESS_BITS: u32 = 30;
const REMOTENESS_MASK: u32 = (1 << REMOTENESS_BITS) - 1;

fn pack(remoteness: u32, grundy: u32) -> u32 {
    remoteness | (grundy << REMOTENESS_BITS)
}

fn unpack(word: u32) -> BiddingValue {
    BiddingValue {
        remoteness: u64::from(word & REMOTENESS_MASK),
        grundy: u64::from(word >> REMOTENESS_BITS),
    }
}

/// How much the player to move likes a follower, as one number: any follower lost for its
/// mover (even remoteness) beats any won one, a lost follower is better the sooner it ends,
/// a won one the later. Branch-free, because the table build does little else.
#[inline(always)]
fn preference(word: u32) -> u32 {
    let remoteness = word & REMOTENESS_MASK;
    let even = (remoteness & 1) ^ 1;
    // Even: 2^30 + (MASK − remoteness); odd: remoteness.
    (remoteness ^ (even.wrapping_neg() & REMOTENESS_MASK)) | (even << REMOTENESS_BITS)
}

/// The packed value of a position from the packed values of its three followers: the
/// remoteness rule of [`crate::impartial::Solver::remoteness`] (fastest win, else slowest
/// loss, plus one) and the mex of the Grundy values.
#[inline(always)]
fn combine(pass: u32, double: u32, triple: u32) -> u32 {
    let best = preference(pass)
        .max(preference(double))
        .max(preference(triple));
    let even = best >> REMOTENESS_BITS;
    let remoteness = (best & REMOTENESS_MASK) ^ (even.wrapping_neg() & REMOTENESS_MASK);
    let seen = (1u32 << (pass >> REMOTENESS_BITS))
        | (1 << (double >> REMOTENESS_BITS))
        | (1 << (triple >> REMOTENESS_BITS));
    pack(remoteness + 1, seen.trailing_ones())
}

/// Perfect play for every bidding position with at most `max_n` stones of room.
///
/// Holds the packed value (30-bit remoteness, 2-bit Grundy value) of every stake-1 position
/// `(r, 1)` for `1 ≤ r ≤ max_n`: 4 bytes per stone, 40 MB for n = 10^7. Any other position
/// `(r, s)` is answered by rebuilding the row of `r` (its O(log² r) stakes) from the table.
///
/// Answers depend only on the position, never on the history of a game, so one table can
/// serve any number of games and players at once (it is immutable and `Sync`).
///
/// ```
/// use grundy::games::bidding::{Bidding, BiddingTable, Move};
/// let table = BiddingTable::new(30_000).unwrap();
/// let position = Bidding::start(3).unwrap();
/// assert_eq!(table.perfect_move(&position).unwrap(), Some(Move::Triple));
/// let value = table.value(&position).unwrap();
/// // Triple leaves 3/0/3, where the opponent must pass and lose.
/// assert_eq!((value.remoteness, value.moves_to_end()), (1, 2));
/// ```
#[derive(Debug, Clone)]
pub struct BiddingTable {
    /// `words[r]`: the packed value of `(r, 1)`; `words[0]` is unused.
    words: Vec<u32>,
    /// The 3-smooth numbers below `max_n`, ascending.
    stakes: Vec<u64>,
    /// For each stake of `stakes`, the indices of its double and triple there.
    steps: Vec<Step>,
}

/// One stake of a row and where its raises stand in the row (`usize::MAX` when beyond the
/// table, hence beyond every row); kept together so the build reads one place per stake.
#[derive(Debug, Clone, Copy)]
struct Step {
    stake: usize,
    doubled: usize,
    tripled: usize,
}

impl BiddingTable {
    /// The largest supported size. A game with `r` stones of room lasts at most
    /// `(r − 1)(1 + ⌈log₂ r⌉) + ⌈log₂ r⌉` moves (at most r − 1 passes before the end, each
    /// preceded by at most ⌈log₂ r⌉ raises), which stays below 2^30 up to r = 2^25, so
    /// every remoteness fits the table's 30 bits.
    pub const MAX_N: u64 = 1 << 25;

    /// Builds the table for every position with at most `max_n` stones of room (every game
    /// with `n ≤ max_n`). Time O(max_n · log² max_n), memory 4 bytes per stone.
    pub fn new(max_n: u64) -> Result<Self, TableError> {
        BiddingTable::build(max_n, &Stop::NEVER)
    }

    /// [`BiddingTable::new`], giving up with [`TableError::Stopped`] when `stop` comes: it
    /// is looked at every [`STOP_EVERY_ROOMS`] rooms, a few milliseconds of work.
    pub fn build(max_n: u64, stop: &Stop) -> Result<Self, TableError> {
        if max_n == 0 || max_n > Self::MAX_N {
            return Err(TableError::BadSize { asked: max_n });
        }
        // max_n ≤ 2^25, so it and everything below fit in usize.
        let size = max_n as usize;
        let mut stakes = Vec::new();
        let mut power_of_three = 1u64;
        while power_of_three < max_n {
            let mut stake = power_of_three;
            while stake < max_n {
                stakes.push(stake);
                stake *= 2;
            }
            power_of_three *= 3;
        }
        stakes.sort_unstable();
        stakes.shrink_to_fit();
        let index_of = |stake: u64| stakes.binary_search(&stake).unwrap_or(usize::MAX);
        let steps: Vec<Step> = stakes
            .iter()
            .map(|&stake| Step {
                stake: stake as usize,
                doubled: index_of(2 * stake),
                tripled: index_of(3 * stake),
            })
            .collect();
        let mut table = BiddingTable {
            words: vec![0; size + 1],
            stakes,
            steps,
        };
        let stakes = table.stakes.clone();
        let below = |r: usize| stakes.partition_point(|&stake| stake < r as u64);
        let mut row = vec![0u32; table.stakes.len()];
        let mut next_row = vec![0u32; table.stakes.len()];
        // (1, 1) is terminal: words[1] stays 0. Then rows go in pairs (r, r + 1), whose
        // computations are independent except for the stake-1 entry of r + 1, so the
        // processor can overlap them.
        let mut r = 2;
        while r < size {
            if r % STOP_EVERY_ROOMS == 0 {
                stop.check()?;
            }
            let (below_r, below_next) = (below(r), below(r + 1));
            table.fill_row_pair(r, below_r, below_next, &mut row, &mut next_row);
            r += 2;
        }
        if r == size {
            table.fill_row(r, below(r), &mut row);
            table.words[r] = row[0];
        }
        Ok(table)
    }

    /// Fills `row[..below]` with the packed values of `(r, stakes[i])`, the largest stake
    /// first, from the table's words for `r' < r`. `below` is the number of stakes `< r`.
    #[inline]
    fn fill_row(&self, r: usize, below: usize, row: &mut [u32]) {
        let row = &mut row[..below];
        for (i, step) in self.steps[..below].iter().enumerate().rev() {
            let pass = self.words[r - step.stake];
            let double = row.get(step.doubled).copied().unwrap_or(0);
            let triple = row.get(step.tripled).copied().unwrap_or(0);
            row[i] = combine(pass, double, triple);
        }
    }

    /// Fills the rows of `r` and `r + 1` (`r ≥ 2`) like [`BiddingTable::fill_row`], the two
    /// interleaved, and stores their stake-1 words. Row `r + 1` needs row `r` only through
    /// `words[r]`, its pass from stake 1, which is computed last.
    fn fill_row_pair(
        &mut self,
        r: usize,
        below: usize,
        below_next: usize,
        row: &mut [u32],
        next_row: &mut [u32],
    ) {
        let (row, next_row) = (&mut row[..below], &mut next_row[..below_next]);
        let words = &mut self.words;
        let raised = |row: &[u32], step: &Step| {
            (
                row.get(step.doubled).copied().unwrap_or(0),
                row.get(step.tripled).copied().unwrap_or(0),
            )
        };
        // Stake r itself, when 3-smooth, is below r + 1 only.
        for (i, step) in self.steps[below..below_next].iter().enumerate().rev() {
            let (double, triple) = raised(next_row, step);
            next_row[below + i] = combine(words[r + 1 - step.stake], double, triple);
        }
        for (i, step) in self.steps[..below].iter().enumerate().rev().take(below - 1) {
            let (double, triple) = raised(row, step);
            row[i] = combine(words[r - step.stake], double, triple);
            let (double, triple) = raised(next_row, step);
            next_row[i] = combine(words[r + 1 - step.stake], double, triple);
        }
        let step = &self.steps[0];
        let (double, triple) = raised(row, step);
        row[0] = combine(words[r - 1], double, triple);
        words[r] = row[0];
        let (double, triple) = raised(next_row, step);
        next_row[0] = combine(words[r], double, triple);
        words[r + 1] = next_row[0];
    }

    /// The largest room (`n − pile`) the table answers for.
    pub fn max_n(&self) -> u64 {
        (self.words.len() - 1) as u64
    }

    /// Bytes of heap the table holds, computed from the sizes of its arrays.
    pub fn memory_bytes(&self) -> u64 {
        let words = self.words.capacity() * std::mem::size_of::<u32>();
        let stakes = self.stakes.capacity() * std::mem::size_of::<u64>();
        let steps = self.steps.capacity() * std::mem::size_of::<Step>();
        (words + stakes + steps) as u64
    }

    fn check(&self, position: &Bidding) -> Result<(), TableError> {
        if position.remaining() > self.max_n() {
            return Err(TableError::TooSmall {
                position: *position,
                needed: position.remaining(),
                covered: self.max_n(),
            });
        }
        Ok(())
    }

    /// The packed values of the followers of a position that is not over: pass, double,
    /// triple. The position must be within the table.
    fn follower_words(&self, position: &Bidding) -> [u32; 3] {
        let r = position.remaining() as usize;
        let below = self.stakes.partition_point(|&stake| stake < r as u64);
        let mut row = vec![0u32; below];
        self.fill_row(r, below, &mut row);
        // The stake is 3-smooth and below r, so it is among the stakes.
        let i = self.stakes.partition_point(|&stake| stake < position.stake);
        let step = self.steps[i];
        let at = |j: usize| row.get(j).copied().unwrap_or(0);
        [
            self.words[r - step.stake],
            at(step.doubled),
            at(step.tripled),
        ]
    }

    /// The value (remoteness and Grundy value) of a position.
    pub fn value(&self, position: &Bidding) -> Result<BiddingValue, TableError> {
        self.check(position)?;
        if position.is_over() {
            return Ok(BiddingValue::TERMINAL);
        }
        if position.stake == 1 {
            return Ok(unpack(self.words[position.remaining() as usize]));
        }
        let [pass, double, triple] = self.follower_words(position);
        Ok(unpack(combine(pass, double, triple)))
    }

    /// Who wins the position with perfect play.
    pub fn outcome(&self, position: &Bidding) -> Result<Outcome, TableError> {
        Ok(self.value(position)?.outcome())
    }

    /// Everything about a position: its value, the value after each move, the winning moves
    /// and the perfect move.
    pub fn analyse(&self, position: &Bidding) -> Result<BiddingAnalysis, TableError> {
        self.check(position)?;
        if position.is_over() {
            return Ok(BiddingAnalysis {
                position: *position,
                value: BiddingValue::TERMINAL,
                moves: Vec::new(),
                winning_moves: Vec::new(),
                perfect_move: None,
            });
        }
        let words = self.follower_words(position);
        let value = unpack(combine(words[0], words[1], words[2]));
        let moves: Vec<(Move, BiddingValue)> =
            Move::ALL.into_iter().zip(words.map(unpack)).collect();
        let winning_moves: Vec<Move> = moves
            .iter()
            .filter(|(_, after)| after.outcome() == Outcome::Loss)
            .map(|(mv, _)| *mv)
            .collect();
        // The first move reaching the remoteness `value` was computed from.
        let perfect_move = moves
            .iter()
            .find(|(_, after)| after.remoteness + 1 == value.remoteness)
            .map(|(mv, _)| *mv);
        Ok(BiddingAnalysis {
            position: *position,
            value,
            moves,
            winning_moves,
            perfect_move,
        })
    }

    /// The moves that leave the opponent lost (empty when the position is lost or over).
    pub fn winning_moves(&self, position: &Bidding) -> Result<Vec<Move>, TableError> {
        Ok(self.analyse(position)?.winning_moves)
    }

    /// The move of perfect play: the fastest win, or when lost the slowest loss. `None` when
    /// the position is over; the real game's only move there is the forced, losing
    /// [`Move::Pass`].
    ///
    /// This is the whole strategy an opponent library needs: it depends on the position
    /// only, so a player can be asked about any position at any time.
    pub fn perfect_move(&self, position: &Bidding) -> Result<Option<Move>, TableError> {
        Ok(self.analyse(position)?.perfect_move)
    }
}

/// Analyses one position without keeping a table: builds one just large enough (time
/// O(r log² r) for `r = n − pile`), answers, and drops it. For many questions build a
/// [`BiddingTable`] once instead. Gives up when `stop` comes before the table is built.
pub fn analyse(position: &Bidding, stop: &Stop) -> Result<BiddingAnalysis, TableError> {
    BiddingTable::build(position.remaining(), stop)?.analyse(position)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::impartial::Solver;

    fn position(text: &str) -> Bidding {
        text.parse().unwrap()
    }

    #[test]
    fn n1_first_player_must_pass_and_loses() {
        let start = position("1");
        assert!(start.is_over());
        assert!(start.legal_moves().is_empty());
        let value = analyse(&start, &Stop::NEVER).unwrap();
        assert_eq!(value.value.outcome(), Outcome::Loss);
        assert_eq!(value.value.remoteness, 0);
        assert_eq!(value.value.moves_to_end(), 1);
        assert_eq!(value.perfect_move, None);
    }

    #[test]
    fn small_games_by_hand() {
        let table = BiddingTable::new(10).unwrap();
        // n = 2: every move leaves pile + stake ≥ 2 for the opponent, who must pass.
        let two = table.analyse(&position("2")).unwrap();
        assert_eq!(two.winning_moves, Move::ALL.to_vec());
        assert_eq!(two.value.remoteness, 1);
        // n = 3: pass leaves 2 (won for the opponent); double leaves 3/0/2, from where pass
        // leaves 1 (lost); only triple wins, at once.
        let three = table.analyse(&position("3")).unwrap();
        assert_eq!(three.winning_moves, vec![Move::Triple]);
        assert_eq!(three.perfect_move, Some(Move::Triple));
        assert_eq!(three.value.remoteness, 1);
        // n = 4: pass leaves 3, double leaves 4/0/2 (won by double), triple leaves 4/0/3
        // (won by pass): lost.
        let four = table.analyse(&position("4")).unwrap();
        assert_eq!(four.value.outcome(), Outcome::Loss);
        assert!(four.winning_moves.is_empty());
    }

    #[test]
    fn table_matches_the_generic_solver_on_small_rooms() {
        let table = BiddingTable::new(60).unwrap();
        let mut solver = Solver::new(BiddingGame);
        for r in 1..=60u64 {
            let mut stake = 1;
            while stake <= 3 * r {
                if is_three_smooth(stake) {
                    let p = Bidding::new(r, 0, stake).unwrap();
                    let a = table.analyse(&p).unwrap();
                    assert_eq!(a.value.grundy, solver.grundy_value(&p), "{p}");
                    assert_eq!(a.value.remoteness, solver.remoteness(&p), "{p}");
                    assert_eq!(a.winning_moves, solver.winning_moves(&p), "{p}");
                    assert_eq!(a.perfect_move, solver.perfect_move(&p), "{p}");
                }
                stake += 1;
            }
        }
    }

    #[test]
    fn notation_round_trips() {
        for text in ["15", "15/4/6", "1", "30000/29999/1", "7/0/3"] {
            assert_eq!(position(text).to_string(), text);
        }
        assert_eq!(position("15/0/1").to_string(), "15");
        for mv in Move::ALL {
            assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
            assert_eq!(mv.code().to_string().parse::<Move>().unwrap(), mv);
            assert_eq!(Move::from_code(mv.code()), Some(mv));
        }
        assert!("4".parse::<Move>().is_err());
    }

    #[test]
    fn bad_positions_name_the_field() {
        let error = "15/4/5".parse::<Bidding>().unwrap_err();
        assert!(error.to_string().contains("2^a·3^b"), "{error}");
        assert_eq!(error.location.token.as_deref(), Some("5"));
        assert_eq!(error.location.column, Some(3));
        let error = "15/15/1".parse::<Bidding>().unwrap_err();
        assert_eq!(error.location.column, Some(2));
        let error = "0".parse::<Bidding>().unwrap_err();
        assert_eq!(error.message, "n must be at least 1");
    }

    #[test]
    fn over_positions_refuse_every_move() {
        let over = position("5/3/2");
        assert!(over.is_over());
        assert!(over.play(Move::Pass).is_err());
        assert!(position("5/3/1").play(Move::Pass).unwrap().is_over());
    }

    #[test]
    fn memory_is_four_bytes_per_stone_plus_the_stakes() {
        let table = BiddingTable::new(100_000).unwrap();
        let stakes = table.stakes.len() as u64;
        // Sum over 3^b < 10^5 of the powers of two below 10^5 / 3^b: 17 + 16 + 14 + … + 1.
        assert_eq!(stakes, 101);
        assert_eq!(
            table.memory_bytes(),
            4 * 100_001 + stakes * (8 + std::mem::size_of::<Step>() as u64)
        );
    }

    #[test]
    fn table_size_is_checked() {
        assert!(BiddingTable::new(0).is_err());
        assert!(BiddingTable::new(BiddingTable::MAX_N + 1).is_err());
        let table = BiddingTable::new(10).unwrap();
        assert!(matches!(
            table.value(&position("11")),
            Err(TableError::TooSmall { needed: 11, .. })
        ));
        // Room, not n, is what counts.
        assert!(table.value(&position("100/95/2")).is_ok());
    }
}
