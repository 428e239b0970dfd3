//! What a partizan game's folder gives the shared play adapter ([`PartizanGame`]), and the
//! solver every partizan game shares ([`PartizanSolver`]): canonical values through the value
//! engine, who wins, every winning move, and perfect play.
//!
//! # Who wins
//!
//! Left moving first wins `G` exactly when some Left option `G^L` satisfies `G^L ≥ 0` (Right,
//! to move there, loses), and Right moving first wins when some `G^R ≤ 0`. So a move is
//! winning exactly when the option's value is `≥ 0` for Left, `≤ 0` for Right. Values come
//! from [`Evaluator`]: the position is split into its components, each valued once through a
//! cache kept for the whole game.
//!
//! # Perfect play
//!
//! Perfect play means the fastest win and the slowest loss. The number of moves left is not a
//! function of the value, so it is searched exactly (memoised over positions and the player
//! to move) when the position's game tree stays within [`REMOTENESS_NODES`] positions (and
//! [`REMOTENESS_OPTIONS`] options listed); then
//! the perfect move is the fastest win or the slowest loss, exactly. Beyond that the value
//! decides, by a stated rule:
//!
//! - winning: the winning option with the best mean for the mover (Left the greatest, Right
//!   the least), ties to the coldest (the least temperature): it keeps the most in hand and
//!   leaves the opponent least to fight over;
//! - losing: the option with the best mean for the mover, ties to the hottest (Berlekamp's
//!   *Hotstrat*): the loser keeps as much as it can and the position as sharp as it can, so
//!   that an opponent's error costs the most;
//! - the stubborn player, winning, takes the hottest winning option instead (the game stays
//!   long and sharp), and losing plays as above.

use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasherDefault;
use std::str::FromStr;

use super::option_change::Parts;
use crate::cgt::store::{Beside, IdHasher};
use crate::cgt::{Dyadic, Evaluator, GameId, Interrupted, Limits, ValueStore, Watch};
use crate::drawing::Board;
use crate::error::{ParseError, RuleError};
use crate::player::Player;
use crate::position::PartizanPosition;

/// The most positions the exact remoteness search of one position may visit before the
/// value-based rule is used instead (about a tenth of a second of search).
pub const REMOTENESS_NODES: usize = 200_000;

/// The most options the exact remoteness search of one position may list (each position
/// searched lists its mover's options) before the value-based rule is used instead: a
/// game with a million moves a turn (a Cutcake cake a million wide) gives up after a few
/// positions rather than holding a million options at every level of the search.
pub const REMOTENESS_OPTIONS: usize = 4_000_000;

/// The most memory a valuation's component cache and value store may be estimated to hold
/// before it is given up as too large ([`Interrupted::OverMemory`]): the store's default
/// ([`DEFAULT_MEMORY_LIMIT`](crate::cgt::bounds::DEFAULT_MEMORY_LIMIT)).
pub const MEMORY_LIMIT: usize = crate::cgt::bounds::DEFAULT_MEMORY_LIMIT;

/// A partizan game's rules as its folder gives them to the shared adapter, solver and
/// report: positions with their options and components (the value engine's
/// [`PartizanPosition`]), notation both ways (`Display` and
/// `FromStr`, without the `@L`/`@R` suffix, which [`super::turn`] reads), and moves. A game
/// implements it on its position type, in its `mod.rs` beside the rules (the methods are
/// the rules, not a forwarding of them).
pub trait PartizanGame:
    PartizanPosition + fmt::Display + FromStr<Err = ParseError> + Send + Sync + 'static
{
    /// A move, in the game's notation.
    type Move: Clone + fmt::Debug + fmt::Display + FromStr<Err = ParseError> + PartialEq + Send;

    /// Every legal move of `side`, in a fixed order.
    fn moves(&self, side: Player) -> Vec<Self::Move>;

    /// The position after `side` plays `mv`, or why it is illegal.
    fn play(&self, side: Player, mv: &Self::Move) -> Result<Self, RuleError>;

    /// The position's board for a front end to draw ([`crate::drawing`]): the one
    /// description its page board, its SVG picture and its terminal picture come from;
    /// none by default (the page's generic view).
    fn board(&self) -> Option<Board> {
        None
    }

    /// A picture for a person at a terminal: the board's text picture
    /// ([`crate::drawing::text`]) when the game has a board that one draws, else the
    /// notation. A game drawn otherwise (a graph, a cake) writes its own.
    fn draw(&self) -> String {
        crate::drawing::text::picture_or_notation(self.board().as_ref(), self)
    }

    /// The position as the remoteness search remembers it: positions with the same key
    /// must have the same remoteness for each player to move (the same game tree up to
    /// the names of the moves). The position itself unless the game knows better: a sum
    /// whose parts are kept in the order the moves name them may sort them and drop the
    /// parts where nobody can move.
    fn remoteness_key(&self) -> Self {
        self.clone()
    }

    /// The most positions the exact remoteness search of one position may visit
    /// ([`REMOTENESS_NODES`] unless the game lowers it: a game whose positions have hundreds
    /// of options spends as long on fewer positions).
    const REMOTENESS_NODES: usize = REMOTENESS_NODES;

    /// The most options that search may list ([`REMOTENESS_OPTIONS`] unless the game
    /// lowers it).
    const REMOTENESS_OPTIONS: usize = REMOTENESS_OPTIONS;
}

/// How much the value-based rule prefers a move: compared as a pair, greater first.
type Preference = (Dyadic, Dyadic);

/// One legal move with what is known of it for the mover.
#[derive(Debug, Clone)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// The value of the position it leads to.
    pub value: GameId,
    /// Whether the mover wins after it (the opponent, to move, loses).
    pub wins: bool,
}

/// One legal move with who wins after it and the mean of the position it leads to, found
/// from the position's value and what the move changed ([`option_change`](super::option_change)),
/// without the value of the position it leads to.
struct MoveOutcome<G: PartizanGame> {
    /// The move.
    mv: G::Move,
    /// The position it leads to.
    after: G,
    /// Whether the mover wins after it (the opponent, to move, loses).
    wins: bool,
    /// The mean of the position it leads to.
    mean: Dyadic,
}

/// Positions owning at least this many heap bytes have their options made one at a time in
/// the remoteness search (each move played as it is searched) rather than listed at once:
/// a sum of ten thousand cakes has ten thousand options of ten thousand cakes each, 1.6 GB
/// listed at once.
const ONE_OPTION_AT_A_TIME: usize = 4096;

/// The most entries the remoteness memo is given room for before its first search (the
/// game's [`PartizanGame::REMOTENESS_NODES`] when fewer): a search that visits a few
/// thousand positions does not grow the memo step by step, and a small one does not hold
/// the room of the shared budget of [`REMOTENESS_NODES`].
const MEMO_RESERVED: usize = 4096;

/// Why the exact remoteness of a position was not found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsearched {
    /// The search visited its most positions or listed its most options
    /// ([`PartizanGame::REMOTENESS_NODES`], [`PartizanGame::REMOTENESS_OPTIONS`]).
    Budget,
    /// The search's memo and the options its recursion held would have passed the memory
    /// limit of the bounded run under way (its limit, in bytes).
    Memory {
        /// The memory limit, in bytes.
        limit: usize,
    },
    /// The bounded run under way was interrupted (its stop came or the store passed the
    /// memory limit).
    Interrupted,
}

/// What one remoteness search may still spend.
struct Budget {
    /// Positions to visit.
    positions: usize,
    /// Options to list.
    options: usize,
    /// Bytes of memo entries and of options held by the recursion, when a memory limit
    /// bounds the search.
    bytes: Option<usize>,
    /// Why the search gave up, once it has.
    gave_up: Option<Unsearched>,
}

impl Budget {
    /// Spends `bytes`: false (and the search gives up) when they are not left.
    fn spend(&mut self, bytes: usize, limit: Option<usize>) -> bool {
        match (&mut self.bytes, limit) {
            (Some(left), Some(limit)) => match left.checked_sub(bytes) {
                Some(rest) => {
                    *left = rest;
                    true
                }
                None => {
                    self.gave_up = Some(Unsearched::Memory { limit });
                    false
                }
            },
            _ => true,
        }
    }

    /// Gives `bytes` back (options the recursion no longer holds).
    fn refund(&mut self, bytes: usize) {
        if let Some(left) = &mut self.bytes {
            *left = left.saturating_add(bytes);
        }
    }
}

/// What the remoteness search remembers of positions with the player to move, hashed as
/// the evaluator's cache is (the store's word hasher: the keys are positions of the game,
/// not input an adversary chooses to collide; SipHash was a sixth of `grundy solve`'s time
/// on small sums of Toppling Dominoes rows, docs/benchmarks.md).
type Memo<G, V> = HashMap<(G, Player), V, BuildHasherDefault<IdHasher>>;

/// The value store, the component cache and the exact remoteness memo of one game in
/// progress (or one analysis): kept between moves, so each component is valued once.
pub struct PartizanSolver<G: PartizanGame> {
    store: ValueStore,
    evaluator: Evaluator<G>,
    /// Exact remoteness of positions with the player to move, where searched.
    remoteness: Memo<G, u32>,
    /// An estimate of the bytes the remoteness memo and [`beyond_budget`] hold, counted in
    /// the store's size.
    memo_bytes: usize,
    /// Positions with the player to move whose search from the top gave up (its budget ran
    /// out, or its memory): asked again (the report and the perfect move both ask), they
    /// are answered at once.
    beyond_budget: Memo<G, Unsearched>,
}

impl<G: PartizanGame> Default for PartizanSolver<G> {
    fn default() -> Self {
        PartizanSolver {
            store: ValueStore::new(),
            evaluator: Evaluator::new(),
            remoteness: Memo::default(),
            memo_bytes: 0,
            beyond_budget: Memo::default(),
        }
    }
}

/// The bytes of one entry of a memo keyed by `key`: the entry twice (the hash table's
/// slack) and the heap the key owns.
fn memo_entry_bytes<G: PartizanGame, V>(key: &G) -> usize {
    2 * std::mem::size_of::<((G, Player), V)>() + key.heap_bytes()
}

impl<G: PartizanGame> PartizanSolver<G> {
    /// The value store, for summaries, notation and thermographs of the values found.
    pub fn store(&mut self) -> &mut ValueStore {
        &mut self.store
    }

    /// The canonical value of `position`.
    pub fn value(&mut self, position: &G) -> GameId {
        self.evaluator.value(&mut self.store, position)
    }

    /// The canonical value of `position`, looking at `watch` (its stop, its memory limit,
    /// its progress receiver) as it goes. What was valued before an interruption stays
    /// cached.
    pub fn value_watched(
        &mut self,
        position: &G,
        watch: &mut Watch<'_>,
    ) -> Result<GameId, Interrupted> {
        self.evaluator
            .value_watched(&mut self.store, position, watch)
    }

    /// Runs `work` with every valuation, store operation and remoteness search inside it
    /// bounded by `limits` ([`ValueStore::bounded`]): `Err` with the reason once the stop
    /// comes or the memory limit is passed.
    pub fn bounded<R>(
        &mut self,
        limits: Limits,
        work: impl FnOnce(&mut Self) -> R,
    ) -> Result<R, Interrupted> {
        let outer = self.store.begin_bounded(limits);
        let answer = work(self);
        self.store.end_bounded(outer).map(|()| answer)
    }

    /// How many components the cache holds.
    pub fn cached(&self) -> usize {
        self.evaluator.cached()
    }

    /// Whether `side`, moving first in `position`, wins.
    pub fn wins(&mut self, position: &G, side: Player) -> bool {
        let value = self.value(position);
        match side {
            Player::Left => self.store.left_wins_moving_first(value),
            Player::Right => self.store.right_wins_moving_first(value),
        }
    }

    /// Every legal move of `side` with the value it leads to and whether it wins. Inside a
    /// bounded run that has been interrupted, the moves valued so far.
    pub fn move_values(&mut self, position: &G, side: Player) -> Vec<MoveValue<G::Move>> {
        let mut values = Vec::new();
        self.each_option(position, side, |solver, mv, after| {
            let value = solver.value(&after);
            let wins = solver.wins_at(value, side);
            values.push(MoveValue { mv, value, wins });
        });
        values
    }

    /// Calls `visit` with each legal move of `side` and the position it leads to, in the
    /// order of [`PartizanGame::moves`]; inside a bounded run, until it is interrupted.
    fn each_option(
        &mut self,
        position: &G,
        side: Player,
        mut visit: impl FnMut(&mut Self, G::Move, G),
    ) {
        for mv in position.moves(side) {
            // Each move is a step: a sum of many parts takes as long to play as it has parts.
            self.store.step();
            if self.store.is_interrupted() {
                break;
            }
            let Ok(after) = position.play(side, &mv) else {
                continue;
            };
            visit(self, mv, after);
        }
    }

    /// Whether `side`, having moved to a position of value `option`, wins (`option ≥ 0`
    /// for Left, `≤ 0` for Right).
    fn wins_at(&mut self, option: GameId, side: Player) -> bool {
        let zero = self.store.zero();
        match side {
            Player::Left => self.store.ge(option, zero),
            Player::Right => self.store.le(option, zero),
        }
    }

    /// Every legal move of `side` with whether it wins and the mean after it, as
    /// [`PartizanSolver::move_values`] would give them, but found by comparing the position's
    /// value with what the move changed (one or two components) rather than adding every
    /// component of each option into a canonical form; an option that keeps none of the
    /// position's components is valued. Inside a bounded run that has been interrupted, the
    /// moves found so far.
    fn move_outcomes(&mut self, position: &G, side: Player) -> Vec<MoveOutcome<G>> {
        let value = self.value(position);
        let mean = self.store.mean(value);
        let parts = Parts::new(&mut self.store, &mut self.evaluator, position);
        let mut outcomes = Vec::new();
        self.each_option(position, side, |solver, mv, after| {
            let (wins, after_mean) =
                match parts.change(&mut solver.store, &mut solver.evaluator, &after) {
                    // The option is `value - change`.
                    Some(change) => {
                        let wins = match side {
                            Player::Left => solver.store.le(change, value),
                            Player::Right => solver.store.le(value, change),
                        };
                        (wins, &mean - &solver.store.mean(change))
                    }
                    None => {
                        let option = solver.value(&after);
                        (solver.wins_at(option, side), solver.store.mean(option))
                    }
                };
            outcomes.push(MoveOutcome {
                mv,
                after,
                wins,
                mean: after_mean,
            });
        });
        outcomes
    }

    /// The moves of `side` that win, or every move when none does (the moves whose
    /// [`MoveValue::wins`] is [`PartizanSolver::wins`]), in the order of
    /// [`PartizanGame::moves`].
    pub fn winning_moves(&mut self, position: &G, side: Player) -> Vec<G::Move> {
        let wins = self.wins(position, side);
        self.move_outcomes(position, side)
            .into_iter()
            .filter(|outcome| outcome.wins == wins)
            .map(|outcome| outcome.mv)
            .collect()
    }

    /// The exact number of moves left with perfect play (fastest win, slowest loss) when
    /// `side` is to move, if the search stays within its budget ([`REMOTENESS_NODES`] new
    /// positions, [`REMOTENESS_OPTIONS`] options listed) and the memory limit of the
    /// bounded run under way.
    pub fn remoteness(&mut self, position: &G, side: Player) -> Option<u32> {
        self.search(position, side).ok()
    }

    /// [`PartizanSolver::remoteness`], or why it was not found.
    pub fn search(&mut self, position: &G, side: Player) -> Result<u32, Unsearched> {
        if !self.count_work(position) {
            return Err(Unsearched::Interrupted);
        }
        let key = (position.remoteness_key(), side);
        if let Some(&why) = self.beyond_budget.get(&key) {
            return Err(why);
        }
        if let Some(&known) = self.remoteness.get(&key) {
            return Ok(known);
        }
        if self.remoteness.is_empty() {
            // Room for what the search may remember, up to a few thousand positions, at
            // once: growing the memo from nothing, entry by entry, was a sixth of a search
            // that met its budget (docs/benchmarks.md, Toppling Dominoes).
            self.remoteness
                .reserve(G::REMOTENESS_NODES.min(MEMO_RESERVED));
        }
        let limit = self.store.memory_limit();
        let mut budget = Budget {
            positions: G::REMOTENESS_NODES,
            options: G::REMOTENESS_OPTIONS,
            bytes: self.store.memory_room(),
            gave_up: None,
        };
        let found = self.search_remoteness(position, side, &mut budget, limit);
        let answer = match found {
            _ if self.store.is_interrupted() => Err(Unsearched::Interrupted),
            Some(remoteness) => Ok(remoteness),
            None => {
                let why = budget.gave_up.unwrap_or(Unsearched::Budget);
                if let Unsearched::Memory { .. } = why {
                    // What the search found stays right, but holding it would leave the
                    // rest of the work no room: it is dropped.
                    self.remoteness = Memo::default();
                    self.memo_bytes = 0;
                }
                self.memo_bytes += memo_entry_bytes::<G, Unsearched>(&key.0);
                self.beyond_budget.insert(key, why);
                Err(why)
            }
        };
        self.store.hold_beside(Beside::Memo, self.memo_bytes);
        answer
    }

    /// Counts the work of finding `position`'s key and looking it up as steps of the
    /// bounded run under way (one, and one more for each 256 heap bytes the position owns:
    /// a sum of ten thousand cakes is sorted and hashed at each look-up): false once the run
    /// is interrupted.
    fn count_work(&mut self, position: &G) -> bool {
        self.store.steps(1 + position.heap_bytes() / 256);
        !self.store.is_interrupted()
    }

    /// The search, with what is left of its budget: positions, options listed and bytes.
    fn search_remoteness(
        &mut self,
        position: &G,
        side: Player,
        budget: &mut Budget,
        limit: Option<usize>,
    ) -> Option<u32> {
        // Each position met is a step of a bounded run: the search stops with it.
        if !self.count_work(position) {
            return None;
        }
        let key = (position.remoteness_key(), side);
        if let Some(&known) = self.remoteness.get(&key) {
            return Some(known);
        }
        if budget.positions == 0 {
            return None;
        }
        budget.positions -= 1;
        let entry = memo_entry_bytes::<G, u32>(&key.0);
        if !budget.spend(entry, limit) {
            return None;
        }
        let mut fastest_win: Option<u32> = None;
        let mut slowest_loss = 0u32;
        let mut record = |after: u32| {
            if after % 2 == 0 {
                fastest_win = Some(fastest_win.map_or(after, |best| best.min(after)));
            } else {
                slowest_loss = slowest_loss.max(after);
            }
        };
        let no_move;
        if position.heap_bytes() >= ONE_OPTION_AT_A_TIME {
            // One option at a time: the moves are listed (small), each played as it is
            // searched, so the recursion holds one option of each position on its path.
            let moves = position.moves(side);
            budget.options = budget.options.checked_sub(moves.len())?;
            let held = moves.len() * std::mem::size_of::<G::Move>() + position.heap_bytes();
            if !budget.spend(held, limit) {
                return None;
            }
            no_move = moves.is_empty();
            // As deep as the game is long: on a stack that grows on the heap (room looked
            // for once a position, not once an option).
            crate::cgt::store::deep(|| {
                for mv in &moves {
                    let Ok(option) = position.play(side, mv) else {
                        continue;
                    };
                    record(self.search_remoteness(&option, side.opponent(), budget, limit)?);
                }
                Some(())
            })?;
            budget.refund(held);
        } else {
            let options = position.options(side);
            budget.options = budget.options.checked_sub(options.len())?;
            let held = options
                .iter()
                .map(|option| std::mem::size_of::<G>() + option.heap_bytes())
                .sum::<usize>();
            if !budget.spend(held, limit) {
                return None;
            }
            no_move = options.is_empty();
            // As deep as the game is long (hundreds of thousands of moves for a sum of large
            // heaps): on a stack that grows on the heap (room looked for once a position).
            crate::cgt::store::deep(|| {
                for option in &options {
                    record(self.search_remoteness(option, side.opponent(), budget, limit)?);
                }
                Some(())
            })?;
            budget.refund(held);
        }
        // No move: the mover has lost, 0 moves left. A move to a lost position (even
        // remoteness) wins; otherwise every move loses.
        let remoteness = match fastest_win {
            Some(after) => after + 1,
            None if no_move => 0,
            None => slowest_loss + 1,
        };
        self.remoteness.insert(key, remoteness);
        self.memo_bytes += entry;
        Some(remoteness)
    }

    /// The move perfect play makes for `side` (fastest win, slowest loss; see the module
    /// documentation for positions too large for an exact search), or the move the stubborn
    /// player makes when `stubborn`; `None` when `side` has no move.
    pub fn choose(&mut self, position: &G, side: Player, stubborn: bool) -> Option<G::Move> {
        if self.remoteness(position, side).is_some() {
            return self.choose_exactly(position, side, stubborn);
        }
        self.choose_by_value(position, side, stubborn)
    }

    /// The move the value-based rule makes (see the module documentation), whatever the
    /// size of the position.
    pub(crate) fn choose_by_value(
        &mut self,
        position: &G,
        side: Player,
        stubborn: bool,
    ) -> Option<G::Move> {
        let moves = self.move_outcomes(position, side);
        let winning = moves.iter().any(|candidate| candidate.wins);
        let for_mover = |mean: &Dyadic| match side {
            Player::Left => mean.clone(),
            Player::Right => -mean,
        };
        // Unless the stubborn player wins (the temperature first), the mean decides first:
        // only the candidates of the best mean need their temperature, so only they are
        // valued.
        let best_mean = moves
            .iter()
            .filter(|candidate| candidate.wins == winning)
            .map(|candidate| for_mover(&candidate.mean))
            .max();
        let mut best: Option<(&MoveOutcome<G>, Preference)> = None;
        for candidate in moves.iter().filter(|candidate| candidate.wins == winning) {
            let for_mover = for_mover(&candidate.mean);
            if !(winning && stubborn) && Some(&for_mover) != best_mean.as_ref() {
                continue;
            }
            let value = self.value(&candidate.after);
            let temperature = self.store.temperature(value);
            let key = if winning && stubborn {
                (temperature, for_mover)
            } else if winning {
                (for_mover, -temperature)
            } else {
                (for_mover, temperature)
            };
            if best.as_ref().map_or(true, |(_, kept)| key > *kept) {
                best = Some((candidate, key));
            }
        }
        best.map(|(candidate, _)| candidate.mv.clone())
    }

    /// [`PartizanSolver::choose`] where every option's remoteness is known: the fastest win
    /// (the longest when `stubborn`) or the slowest loss.
    fn choose_exactly(&mut self, position: &G, side: Player, stubborn: bool) -> Option<G::Move> {
        let mut scored = Vec::new();
        for mv in position.moves(side) {
            let Ok(after) = position.play(side, &mv) else {
                continue;
            };
            let remoteness = self.remoteness(&after, side.opponent())?;
            scored.push((mv, remoteness));
        }
        let wins = |remoteness: u32| remoteness % 2 == 0;
        let winning = scored.iter().any(|(_, remoteness)| wins(*remoteness));
        scored
            .into_iter()
            .filter(|(_, remoteness)| wins(*remoteness) == winning)
            .max_by_key(|(_, remoteness)| {
                if winning && !stubborn {
                    -i64::from(*remoteness)
                } else {
                    i64::from(*remoteness)
                }
            })
            .map(|(mv, _)| mv)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::partizan::oracle;
    use crate::partizan::toy::Stalks;

    /// Numbers, nimbers and their sums: every outcome class.
    const POSITIONS: [&str; 9] = [
        "0",
        "L",
        "R",
        "E",
        "LR",
        "LR+R",
        "E+E",
        "LRE+RL+E",
        "LLE+RRE+ELR",
    ];

    #[test]
    fn values_decide_who_wins_as_the_brute_force_does() {
        let mut solver = PartizanSolver::<Stalks>::default();
        for text in POSITIONS {
            let position: Stalks = text.parse().unwrap();
            for side in [Player::Left, Player::Right] {
                let brute = match side {
                    Player::Left => oracle::left_wins_moving_first(&position),
                    Player::Right => oracle::right_wins_moving_first(&position),
                };
                assert_eq!(solver.wins(&position, side), brute, "{text} {side}");
            }
        }
    }

    #[test]
    fn winning_moves_lead_to_lost_positions() {
        let mut solver = PartizanSolver::<Stalks>::default();
        for text in POSITIONS {
            let position: Stalks = text.parse().unwrap();
            for side in [Player::Left, Player::Right] {
                for candidate in solver.move_values(&position, side) {
                    let after = position.play(side, &candidate.mv).unwrap();
                    let opponent_wins = solver.wins(&after, side.opponent());
                    assert_eq!(candidate.wins, !opponent_wins, "{} {side}", candidate.mv);
                }
            }
        }
    }

    #[test]
    fn remoteness_counts_the_moves_of_a_stalk() {
        // One stalk of five Left edges: Right has no move; whatever Left chops leaves Right
        // none, a win in 1.
        let mut solver = PartizanSolver::<Stalks>::default();
        let stalk: Stalks = "LLLLL".parse().unwrap();
        assert_eq!(solver.remoteness(&stalk, Player::Right), Some(0));
        assert_eq!(solver.remoteness(&stalk, Player::Left), Some(1));
        assert!(solver.choose(&stalk, Player::Right, false).is_none());
        assert!(solver.choose(&stalk, Player::Left, false).is_some());
        // `LL+R`, Left to move: chopping the lowest edge loses (Right chops, Left has no
        // move); the top one wins in 3 (Left, Right, Left).
        let sum: Stalks = "LL+R".parse().unwrap();
        assert_eq!(solver.remoteness(&sum, Player::Left), Some(3));
        assert_eq!(
            solver
                .choose(&sum, Player::Left, false)
                .unwrap()
                .to_string(),
            "1.2"
        );
    }
}
