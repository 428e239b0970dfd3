//! Wythoff's game behind [`GameState`](crate::game::GameState).
//!
//! Positions `3,5+2,7`, moves `3,5->1,3` (see [`super`]). Perfect play is exact on positions
//! of at most [`REMOTENESS_STATES`] reachable positions, keeps the win beyond wherever the
//! position is valued ([`super::solve`]), and is a guess on sums that cannot be valued.

use rand::{Rng, RngCore};

use super::solve::{
    grundy_value, outcome, perfect_move, remoteness, stubborn_move, unvalued_reason,
    winning_moves, REMOTENESS_STATES,
};
use super::{nth_queen_move, queen_move_count, Wythoff, WythoffGame, WythoffMove};
use crate::error::{ParseError, RuleError};
use crate::impartial::bounds::DEFAULT_MEMORY_LIMIT;
use crate::impartial::{Halted, SearchBounds, Solver};
use crate::report::Outcome;
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};

/// The rules of Wythoff's game for [`Played`](crate::game::Played).
#[derive(Debug, Clone, Copy)]
pub struct WythoffRules;

/// What the solver keeps between moves: the generic solver's memo for small positions.
pub struct WythoffCache {
    solver: Solver<WythoffGame>,
}

impl Default for WythoffCache {
    fn default() -> Self {
        WythoffCache {
            solver: Solver::new(WythoffGame),
        }
    }
}

/// The largest queen [`Rules::draw`] draws as a grid.
const DRAWN_MAX: u128 = 12;
/// The most winning moves an [`Analysis`] lists.
const SHOWN_MOVES: usize = 40;

impl Rules for WythoffRules {
    type Position = Wythoff;
    type Move = WythoffMove;
    type Cache = WythoffCache;

    fn parse_position(text: &str) -> Result<Wythoff, ParseError> {
        text.trim().parse()
    }

    fn format_position(position: &Wythoff) -> String {
        position.to_string()
    }

    /// The queens not in their corner, each written `a,b` with `a ≤ b`, sorted: their order,
    /// mirror images and the queens at home change nothing of the future.
    fn transposition_key(position: &Wythoff) -> String {
        let mut queens: Vec<(u128, u128)> = position
            .queens()
            .iter()
            .filter(|queen| **queen != (0, 0))
            .map(|(a, b)| (*a.min(b), *a.max(b)))
            .collect();
        queens.sort_unstable();
        if queens.is_empty() {
            return "0,0".to_string();
        }
        let queens: Vec<String> = queens.iter().map(|(a, b)| format!("{a},{b}")).collect();
        queens.join("+")
    }

    fn parse_move(_: &Wythoff, text: &str) -> Result<WythoffMove, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &Wythoff, mv: &WythoffMove) -> Result<Wythoff, RuleError> {
        position.apply(mv)
    }

    fn winner(position: &Wythoff) -> Option<Relative> {
        position.is_terminal().then_some(Relative::JustMoved)
    }

    /// By distinct queen in the order they first appear, each along its first coordinate,
    /// its second, then its diagonal, shortest step first.
    fn legal_moves(position: &Wythoff, limit: usize) -> MoveList {
        let mut moves = Vec::new();
        'queens: for from in position.distinct_queens() {
            let mut n = 0u128;
            while let Some(to) = nth_queen_move(from, n) {
                if moves.len() >= limit {
                    break 'queens;
                }
                moves.push(WythoffMove { from, to }.to_string());
                n += 1;
            }
        }
        let total = position.move_count();
        MoveList {
            complete: total == Some(moves.len() as u128),
            moves,
            total,
        }
    }

    /// Uniform over the distinct moves (moves of equal queens count once); when their number
    /// passes `u128`, uniform over the queens first.
    fn random_move(position: &Wythoff, rng: &mut dyn RngCore) -> Option<WythoffMove> {
        let queens = position.distinct_queens();
        match position.move_count() {
            Some(0) => None,
            Some(total) => {
                let mut pick = rng.gen_range(0..total);
                for from in queens {
                    let count = queen_move_count(from)?;
                    if pick < count {
                        return nth_queen_move(from, pick).map(|to| WythoffMove { from, to });
                    }
                    pick -= count;
                }
                None
            }
            None => {
                let movable: Vec<_> = queens.into_iter().filter(|q| *q != (0, 0)).collect();
                let from = movable[rng.gen_range(0..movable.len())];
                let count = queen_move_count(from).unwrap_or(u128::MAX);
                nth_queen_move(from, rng.gen_range(0..count)).map(|to| WythoffMove { from, to })
            }
        }
    }

    /// Each queen on its grid, the corner `+` at the top left and the queen `Q`, or its
    /// coordinates when the grid would be too large.
    fn draw(position: &Wythoff) -> String {
        let mut picture = String::new();
        for &(a, b) in position.queens() {
            picture.push_str(&format!("queen {a},{b}\n"));
            if a > DRAWN_MAX || b > DRAWN_MAX {
                continue;
            }
            for row in 0..=b {
                let line: String = (0..=a)
                    .map(|column| match (column, row) {
                        (c, r) if c == a && r == b => 'Q',
                        (0, 0) => '+',
                        _ => '.',
                    })
                    .collect();
                picture.push_str(&line);
                picture.push('\n');
            }
        }
        picture
    }

    /// The analysis; only the reason in the comment when the budget's stop or the memory
    /// limit ends the remoteness search.
    fn analyse(position: &Wythoff, budget: &Budget, cache: &mut WythoffCache) -> Analysis {
        analysis(position, &mut cache.solver, &bounds(budget)).unwrap_or_else(|halted| Analysis {
            comment: Some(halted.to_string()),
            ..Analysis::default()
        })
    }

    fn perfect_move(position: &Wythoff, budget: &Budget, cache: &mut WythoffCache) -> Option<WythoffMove> {
        perfect_move(position, &mut cache.solver, &bounds(budget)).ok().flatten()
    }

    fn stubborn_move(position: &Wythoff, budget: &Budget, cache: &mut WythoffCache) -> Option<WythoffMove> {
        stubborn_move(position, &mut cache.solver, &bounds(budget)).ok().flatten()
    }
}

/// The budget's stop and the default memory limit.
fn bounds(budget: &Budget) -> SearchBounds {
    SearchBounds::new(budget.stop.clone(), Some(DEFAULT_MEMORY_LIMIT))
}

/// The analysis within `bounds`.
fn analysis(
    position: &Wythoff,
    solver: &mut Solver<WythoffGame>,
    bounds: &SearchBounds,
) -> Result<Analysis, Halted> {
        let winning = winning_moves(position);
        let exact = remoteness(position, solver, bounds)?;
        let comment = match unvalued_reason(position) {
            Some(reason) => Some(reason),
            None => exact.is_none().then(|| {
                format!("remoteness not computed (exact up to {REMOTENESS_STATES} positions reachable)")
            }),
        };
        let known = winning.clone().unwrap_or_default();
        Ok(Analysis {
            to_move_wins: outcome(position).map(|outcome| outcome == Outcome::Win),
            grundy_value: grundy_value(position).map(u128::from),
            best_move: perfect_move(position, solver, bounds)?.map(|mv| mv.to_string()),
            winning_moves_complete: winning.is_some() && known.len() <= SHOWN_MOVES,
            winning_moves: known
                .iter()
                .take(SHOWN_MOVES)
                .map(ToString::to_string)
                .collect(),
            remoteness: exact.map(u128::from),
            remoteness_exact: exact.is_some(),
            comment,
            value: None,
            quotient_element: None,
        })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::wythoff::entry::WythoffEntry;
    use crate::game::{GameState, Played, Status};
    use crate::player::Seat;

    #[test]
    fn a_game_is_refereed_move_by_move() {
        let mut game = Played::<WythoffRules>::start(&WythoffEntry, "4,5").unwrap();
        assert_eq!(game.play(" 4,5 -> 1,2 ").unwrap(), "4,5->1,2");
        assert_eq!(game.side_to_move(), Seat::Second);
        assert!(game.play("1,2->1,2").is_err());
        assert!(game.play("4,5->0,0").is_err());
        game.play("1,2->0,1").unwrap();
        game.play("0,1->0,0").unwrap();
        assert_eq!(game.position(), "0,0");
        assert_eq!(game.status(), Status::Won { winner: Seat::First });
        assert!(game.legal_moves(10).moves.is_empty());
    }

    #[test]
    fn moves_are_listed_counted_and_drawn_at_random() {
        let game = Played::<WythoffRules>::start(&WythoffEntry, "1,2+1,2").unwrap();
        let list = game.legal_moves(10);
        assert_eq!(list.moves, ["1,2->0,2", "1,2->1,1", "1,2->1,0", "1,2->0,1"]);
        assert_eq!(list.total, Some(4));
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let big = Played::<WythoffRules>::start(&WythoffEntry, 
            "340282366920938463463374607431768211455,340282366920938463463374607431768211455",
        )
        .unwrap();
        assert_eq!(big.legal_moves(1).total, None);
        for _ in 0..20 {
            let mv = big.random_move(&mut rng).unwrap();
            big.clone().play(&mv).unwrap();
        }
    }

    #[test]
    fn the_drawing_shows_small_queens() {
        assert_eq!(WythoffRules::draw(&"2,1".parse().unwrap()), "queen 2,1\n+..\n..Q\n");
        assert_eq!(WythoffRules::draw(&"20,1".parse().unwrap()), "queen 20,1\n");
    }
}
