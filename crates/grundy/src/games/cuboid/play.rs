//! The cuboid slicing game behind [`GameState`](crate::game::GameState).
//!
//! Values and winning moves come from the shared table of Grundy values
//! ([`shared_table`]); remoteness depends on the whole sum, so it is searched with the
//! generic [`Solver`] (kept in the game's cache between moves) for positions of at most
//! [`REMOTENESS_MAX_VOLUME`] unit cubes. Above that, perfect and stubborn play are
//! heuristics: see [`CuboidRules::perfect_move`] and [`CuboidRules::stubborn_move`].

use rand::{Rng, RngCore};

use crate::error::{ParseError, RuleError};
use crate::games::cuboid::{
    analyse_sum_with, perfect_play, shared_table, Cube, CuboidGame, CuboidMove, CuboidPosition,
    OptionCounts, SumAnalysis, REMOTENESS_MAX_VOLUME, SUPPORTED_MAX_SIDE,
};
use crate::impartial::Solver;
use crate::position::ImpartialGame;
use crate::report::Outcome;
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};

/// The most winning moves an analysis lists.
const LISTED_WINNING_MOVES: usize = 32;

/// The rules of the cuboid game for [`Played`](crate::game::Played).
#[derive(Debug, Clone, Copy)]
pub struct CuboidRules;

/// What a cuboid game keeps between moves: the generic solver's memo, which the exact
/// remoteness of small positions reuses move after move, and the option counts of the
/// cuboids met, which count the winning moves of a sum by lookups (so that valuing every
/// move of a sum of many large cuboids does not go over every cube of each, move after
/// move).
#[derive(Default)]
pub struct CuboidCache {
    solver: Option<Solver<CuboidGame>>,
    counts: OptionCounts,
}

impl CuboidCache {
    fn solver(&mut self) -> &mut Solver<CuboidGame> {
        self.solver.get_or_insert_with(|| Solver::new(CuboidGame))
    }
}

/// The table's analysis of `position`: value, outcome and up to `limit` winning moves.
fn sum_analysis(
    position: &CuboidPosition,
    limit: usize,
    cache: &mut CuboidCache,
) -> Option<SumAnalysis> {
    let table = shared_table(position.longest_side().max(1)).ok()?;
    analyse_sum_with(&table, position, limit, &mut cache.counts).ok()
}

/// The heuristic move of perfect play above [`REMOTENESS_MAX_VOLUME`] unit cubes, from the
/// table's analysis `sum` of `position`: when won, of the winning moves listed the one
/// leaving the fewest cubes; when lost, the corner slice of the largest cuboid.
fn heuristic_move(position: &CuboidPosition, sum: &SumAnalysis) -> Option<CuboidMove> {
    if sum.outcome == Outcome::Loss {
        return corner_of_largest(position);
    }
    sum.winning_moves
        .iter()
        .filter_map(|mv| Some((volume_after(position, mv)?, *mv)))
        .min_by_key(|(volume, _)| *volume)
        .map(|(_, mv)| mv)
}

/// The corner slice of the largest cuboid: it removes the fewest cubes, the heuristic
/// slow move.
fn corner_of_largest(position: &CuboidPosition) -> Option<CuboidMove> {
    let (index, _) = position
        .cuboids()
        .iter()
        .enumerate()
        .max_by_key(|(index, cuboid)| (cuboid.volume(), std::cmp::Reverse(*index)))?;
    Some(CuboidMove {
        cuboid: index,
        cube: Cube { i: 0, j: 0, k: 0 },
    })
}

/// Volume left after `mv` (for the heuristics); `None` for an illegal move.
fn volume_after(position: &CuboidPosition, mv: &CuboidMove) -> Option<u128> {
    position.apply(mv).ok().map(|next| next.volume())
}

/// Whether the exact solver answers for `position`.
fn exact(position: &CuboidPosition) -> bool {
    position.volume() <= REMOTENESS_MAX_VOLUME
}

impl Rules for CuboidRules {
    type Position = CuboidPosition;
    type Move = CuboidMove;
    type Cache = CuboidCache;

    /// Reads `2x2x2+3x4x5`; sides beyond the table ([`SUPPORTED_MAX_SIDE`]) are refused,
    /// since no perfect player could play them.
    fn parse_position(text: &str) -> Result<CuboidPosition, ParseError> {
        let position: CuboidPosition = text.trim().parse()?;
        if position.longest_side() > SUPPORTED_MAX_SIDE {
            return Err(ParseError::at_token(
                format!("cuboid sides of at most {SUPPORTED_MAX_SIDE} can be played"),
                text.trim(),
            ));
        }
        Ok(position)
    }

    fn format_position(position: &CuboidPosition) -> String {
        position.to_string()
    }

    /// The cuboids turned so that their sides grow, in order ([`CuboidGame`]'s canonical
    /// form): neither rotations nor the order of the cuboids change the game (the moves
    /// correspond one to one), so the exact misère search values each such position once.
    fn transposition_key(position: &CuboidPosition) -> String {
        CuboidGame.canonical(position).to_string()
    }

    fn parse_move(_: &CuboidPosition, text: &str) -> Result<CuboidMove, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &CuboidPosition, mv: &CuboidMove) -> Result<CuboidPosition, RuleError> {
        position.apply(mv)
    }

    fn winner(position: &CuboidPosition) -> Option<Relative> {
        position.is_empty().then_some(Relative::JustMoved)
    }

    /// Cuboid by cuboid, cubes in `(i, j, k)` order; the total is the volume.
    fn legal_moves(position: &CuboidPosition, limit: usize) -> MoveList {
        let mut moves = Vec::new();
        'all: for (index, shape) in position.cuboids().iter().enumerate() {
            for i in 0..shape.x() {
                for j in 0..shape.y() {
                    for k in 0..shape.z() {
                        if moves.len() >= limit {
                            break 'all;
                        }
                        let mv = CuboidMove {
                            cuboid: index,
                            cube: Cube { i, j, k },
                        };
                        moves.push(mv.to_string());
                    }
                }
            }
        }
        let total = position.volume();
        MoveList {
            complete: moves.len() as u128 == total,
            moves,
            total: Some(total),
        }
    }

    /// Uniform over every unit cube of every cuboid.
    fn random_move(position: &CuboidPosition, rng: &mut dyn RngCore) -> Option<CuboidMove> {
        let total = position.volume();
        if total == 0 {
            return None;
        }
        let mut pick = rng.gen_range(0..total);
        for (index, shape) in position.cuboids().iter().enumerate() {
            if pick < shape.volume() {
                // `pick` is below a volume of at most 64^3, so the casts are exact.
                let (y, z) = (u128::from(shape.y()), u128::from(shape.z()));
                let cube = Cube {
                    i: (pick / (y * z)) as u32,
                    j: (pick / z % y) as u32,
                    k: (pick % z) as u32,
                };
                return Some(CuboidMove {
                    cuboid: index,
                    cube,
                });
            }
            pick -= shape.volume();
        }
        None
    }

    /// The cuboids numbered as moves name them, with their volumes.
    fn draw(position: &CuboidPosition) -> String {
        if position.is_empty() {
            return "no cuboid left: the player to move has lost\n".to_string();
        }
        let mut picture = String::new();
        for (index, cuboid) in position.cuboids().iter().enumerate() {
            picture.push_str(&format!(
                "{:>3}: {cuboid}  ({} unit cubes; I 0..={}, J 0..={}, K 0..={})\n",
                index + 1,
                cuboid.volume(),
                cuboid.x() - 1,
                cuboid.y() - 1,
                cuboid.z() - 1
            ));
        }
        picture.push_str(&format!(
            "{} cuboid{}, {} unit cubes; a move N:I,J,K slices cuboid N through cube (I,J,K)\n",
            position.cuboids().len(),
            if position.cuboids().len() == 1 {
                ""
            } else {
                "s"
            },
            position.volume()
        ));
        picture
    }

    fn analyse(position: &CuboidPosition, _: &Budget, cache: &mut CuboidCache) -> Analysis {
        let Some(sum) = sum_analysis(position, LISTED_WINNING_MOVES, cache) else {
            return Analysis::default();
        };
        let mut analysis = Analysis {
            to_move_wins: Some(sum.outcome == Outcome::Win),
            grundy_value: Some(u128::from(sum.value)),
            winning_moves: sum.winning_moves.iter().map(ToString::to_string).collect(),
            winning_moves_complete: sum.winning_move_count as usize == sum.winning_moves.len(),
            ..Analysis::default()
        };
        if let Some((moves, best)) = perfect_play(cache.solver(), position) {
            analysis.best_move = best.map(|mv| mv.to_string());
            analysis.remoteness = Some(u128::from(moves));
            analysis.remoteness_exact = true;
        } else {
            analysis.best_move = heuristic_move(position, &sum).map(|mv| mv.to_string());
            analysis.comment = Some(format!(
                "remoteness searched only up to {REMOTENESS_MAX_VOLUME} unit cubes"
            ));
        }
        analysis
    }

    /// Exact (fastest win, slowest loss) up to [`REMOTENESS_MAX_VOLUME`] unit cubes. Above,
    /// a heuristic: when won, of the first winning moves the one leaving the fewest cubes;
    /// when lost, the corner slice of the largest cuboid (it removes the fewest cubes).
    fn perfect_move(
        position: &CuboidPosition,
        _: &Budget,
        cache: &mut CuboidCache,
    ) -> Option<CuboidMove> {
        if position.is_empty() {
            return None;
        }
        if let Some((_, best)) = perfect_play(cache.solver(), position) {
            return best;
        }
        let sum = sum_analysis(position, LISTED_WINNING_MOVES, cache)?;
        heuristic_move(position, &sum)
    }

    /// Lost: the slowest loss (exact up to [`REMOTENESS_MAX_VOLUME`] cubes, else the corner
    /// slice of the largest cuboid). Won: the winning move after which the opponent's loss
    /// takes longest (exact when small), else the one leaving the most cubes.
    fn stubborn_move(
        position: &CuboidPosition,
        budget: &Budget,
        cache: &mut CuboidCache,
    ) -> Option<CuboidMove> {
        let sum = sum_analysis(position, usize::MAX, cache)?;
        if sum.outcome == Outcome::Loss {
            return Self::perfect_move(position, budget, cache);
        }
        if exact(position) {
            let solver = cache.solver();
            return sum
                .winning_moves
                .iter()
                .filter_map(|mv| Some((solver.remoteness(&position.apply(mv).ok()?), *mv)))
                .max_by_key(|(moves, mv)| (*moves, std::cmp::Reverse(*mv)))
                .map(|(_, mv)| mv);
        }
        sum.winning_moves
            .iter()
            .take(4 * LISTED_WINNING_MOVES)
            .filter_map(|mv| Some((volume_after(position, mv)?, *mv)))
            .max_by_key(|(volume, _)| *volume)
            .map(|(_, mv)| mv)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::cuboid::entry::CuboidEntry;
    use crate::game::{GameState, Played, Status};
    use crate::player::Seat;

    #[test]
    fn moves_are_refereed_and_undone() {
        let mut game = Played::<CuboidRules>::start(&CuboidEntry, "2x2x2+1x1x1").unwrap();
        assert_eq!(game.play("1:0,0,0").unwrap(), "1:0,0,0");
        assert_eq!(game.position(), "1x1x1+1x1x1");
        assert!(game.play("3:0,0,0").is_err());
        assert!(game.play("1:1,0,0").is_err());
        assert_eq!(game.position(), "1x1x1+1x1x1");
        game.play("2:0,0,0").unwrap();
        game.play("1:0,0,0").unwrap();
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::First
            }
        );
        assert_eq!(game.undo().as_deref(), Some("1:0,0,0"));
        assert_eq!(game.status(), Status::Ongoing);
    }

    #[test]
    fn random_moves_cover_every_cube() {
        let game = Played::<CuboidRules>::start(&CuboidEntry, "2x1x2+1x1x1").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let mv = game.random_move(&mut rng).unwrap();
            game.clone().play(&mv).unwrap();
            seen.insert(mv);
        }
        assert_eq!(seen.len(), 5);
        let list = game.legal_moves(3);
        assert_eq!(list.total, Some(5));
        assert_eq!(list.moves, ["1:0,0,0", "1:0,0,1", "1:1,0,0"]);
    }

    #[test]
    fn the_analysis_agrees_with_the_table() {
        let mut game = Played::<CuboidRules>::start(&CuboidEntry, "4x4x4+3x4x5").unwrap();
        let analysis = game.analyse(&Budget::default());
        assert_eq!(analysis.to_move_wins, Some(true));
        assert!(analysis.remoteness.is_none());
        let best = game.perfect_move(&Budget::default()).unwrap();
        assert!(analysis.winning_moves.contains(&best));
        let mut small = Played::<CuboidRules>::start(&CuboidEntry, "2x2x3").unwrap();
        let analysis = small.analyse(&Budget::default());
        assert!(analysis.remoteness_exact);
        assert_eq!(analysis.grundy_value, Some(2));
    }

    #[test]
    fn too_long_sides_are_refused() {
        assert!(Played::<CuboidRules>::start(&CuboidEntry, "65x1x1").is_err());
        assert!(Played::<CuboidRules>::start(&CuboidEntry, "64x1x1").is_ok());
    }

    #[test]
    fn turned_and_reordered_cuboids_share_a_key() {
        let a = CuboidRules::parse_position("3x1x2+1x1x1").unwrap();
        let b = CuboidRules::parse_position("1x1x1+2x3x1").unwrap();
        assert_eq!(CuboidRules::transposition_key(&a), "1x1x1+1x2x3");
        assert_eq!(CuboidRules::transposition_key(&b), "1x1x1+1x2x3");
    }

    /// The misère value (the player to move wins, remoteness) of `position` by a recursion
    /// on the cuboids as they are, keyed by their notation (no turning, no reordering).
    fn misere_by_recursion(
        position: &CuboidPosition,
        memo: &mut std::collections::HashMap<String, (bool, u64)>,
    ) -> (bool, u64) {
        if position.is_empty() {
            return (true, 0);
        }
        if let Some(known) = memo.get(&position.to_string()) {
            return *known;
        }
        let (mut fastest_win, mut slowest_loss) = (None::<u64>, None::<u64>);
        for mv in CuboidGame.legal_moves(position) {
            let (wins, moves) = misere_by_recursion(&position.apply(&mv).unwrap(), memo);
            if wins {
                slowest_loss = Some(slowest_loss.map_or(moves, |best| best.max(moves)));
            } else {
                fastest_win = Some(fastest_win.map_or(moves, |best| best.min(moves)));
            }
        }
        let value = match (fastest_win, slowest_loss) {
            (Some(win), _) => (true, win + 1),
            (None, loss) => (false, loss.unwrap_or(0) + 1),
        };
        memo.insert(position.to_string(), value);
        value
    }

    #[test]
    fn the_misere_search_of_turned_cuboids_agrees_with_a_recursion() {
        use crate::misere_play::search::{MisereSearch, DEFAULT_LIMIT};
        use crate::stop::Stop;
        let mut memo = std::collections::HashMap::new();
        for (text, first) in [
            ("3x2x2+1x1x2", None),
            ("2x3x1+2x2x3", Some("2:1,0,2")),
            ("3x3x2", Some("1:0,1,1")),
            ("1x2x3+3x2x1+2x2x2", None),
        ] {
            let mut game: Played<CuboidRules> = Played::start(&CuboidEntry, text).unwrap();
            if let Some(mv) = first {
                game.play(mv).unwrap();
            }
            let mut search = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER);
            let value = search.value(&game).unwrap();
            let expected = misere_by_recursion(game.current(), &mut memo);
            assert_eq!((value.wins, value.remoteness), expected, "{text} {first:?}");
        }
    }

    #[test]
    fn the_drawing_lists_the_cuboids() {
        let picture = CuboidRules::draw(&"2x2x2+3x4x5".parse().unwrap());
        assert!(picture.contains("1: 2x2x2"), "{picture}");
        assert!(picture.contains("2: 3x4x5"), "{picture}");
    }
}
