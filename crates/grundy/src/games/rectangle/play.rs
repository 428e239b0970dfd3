//! The rectangle game behind [`GameState`](crate::game::GameState).

use rand::{Rng, RngCore};

use crate::error::{ParseError, RuleError};
use crate::games::rectangle::remoteness::{
    formula_remoteness, perfect_move, remoteness_report, stubborn_move, EXACT_BUDGET,
};
use crate::games::rectangle::solve::{grundy_value, outcome, winning_moves, winning_results};
use crate::games::rectangle::{Cut, Direction, Rectangle};
use crate::report::Outcome;
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};

/// The rules of the rectangle game for [`Played`](crate::game::Played).
#[derive(Debug, Clone, Copy)]
pub struct RectangleRules;

/// The widest picture [`Rules::draw`] makes, in characters.
const DRAW_COLUMNS: u64 = 40;
/// The tallest picture, in lines.
const DRAW_ROWS: u64 = 12;

impl Rules for RectangleRules {
    type Position = Rectangle;
    type Move = Cut;
    type Cache = ();

    fn parse_position(text: &str) -> Result<Rectangle, ParseError> {
        text.trim().parse()
    }

    fn format_position(position: &Rectangle) -> String {
        position.to_string()
    }

    fn parse_move(_: &Rectangle, text: &str) -> Result<Cut, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &Rectangle, mv: &Cut) -> Result<Rectangle, RuleError> {
        position.apply(mv)
    }

    fn winner(position: &Rectangle) -> Option<Relative> {
        position.is_terminal().then_some(Relative::JustMoved)
    }

    /// Vertical cuts from the left, then horizontal cuts from the top.
    fn legal_moves(position: &Rectangle, limit: usize) -> MoveList {
        let vertical = position.width() - 1;
        let horizontal = position.height() - 1;
        let moves: Vec<String> = (1..=vertical)
            .map(|p| Cut::new(Direction::Vertical, p))
            .chain((1..=horizontal).map(|p| Cut::new(Direction::Horizontal, p)))
            .take(limit)
            .map(|cut| cut.to_string())
            .collect();
        let total = u128::from(vertical) + u128::from(horizontal);
        MoveList {
            complete: moves.len() as u128 == total,
            moves,
            total: Some(total),
        }
    }

    /// Uniform over all cuts (both directions, every position).
    fn random_move(position: &Rectangle, rng: &mut dyn RngCore) -> Option<Cut> {
        let vertical = u128::from(position.width() - 1);
        let total = vertical + u128::from(position.height() - 1);
        if total == 0 {
            return None;
        }
        let pick = rng.gen_range(0..total);
        // Both branches stay below a side that fits in u64.
        let cut = if pick < vertical {
            Cut::new(Direction::Vertical, (pick + 1) as u64)
        } else {
            Cut::new(Direction::Horizontal, (pick - vertical + 1) as u64)
        };
        Some(cut)
    }

    /// The rectangle as a box scaled to fit a terminal, with its sides written beside it.
    fn draw(position: &Rectangle) -> String {
        let (width, height) = (position.width(), position.height());
        let scale = (width.div_ceil(DRAW_COLUMNS))
            .max(height.div_ceil(DRAW_ROWS))
            .max(1);
        let columns = (width.div_ceil(scale)).max(1) as usize;
        let rows = (height.div_ceil(scale)).max(1) as usize;
        let mut picture = String::new();
        let edge = format!("+{}+\n", "-".repeat(columns));
        picture.push_str(&edge);
        for row in 0..rows {
            picture.push('|');
            picture.push_str(&" ".repeat(columns));
            picture.push('|');
            if row == rows / 2 {
                picture.push_str(&format!("  height {height}"));
            }
            picture.push('\n');
        }
        picture.push_str(&edge);
        picture.push_str(&format!("width {width}"));
        if scale > 1 {
            picture.push_str(&format!(" (drawn at 1:{scale})"));
        }
        picture.push('\n');
        picture
    }

    fn analyse(position: &Rectangle, _: &Budget, _: &mut ()) -> Analysis {
        let report = remoteness_report(position, EXACT_BUDGET);
        let winning: Vec<String> = winning_moves(position)
            .iter()
            .map(ToString::to_string)
            .collect();
        Analysis {
            to_move_wins: Some(outcome(position) == Outcome::Win),
            grundy_value: Some(u128::from(grundy_value(position))),
            best_move: perfect_move(position).map(|cut| cut.to_string()),
            winning_moves: winning,
            winning_moves_complete: true,
            remoteness: report.map(|report| u128::from(report.moves)),
            // Table or proved closed form: both exact.
            remoteness_exact: report.is_some(),
            comment: None,
            value: None,
            quotient_element: None,
        }
    }

    fn perfect_move(position: &Rectangle, _: &Budget, _: &mut ()) -> Option<Cut> {
        perfect_move(position)
    }

    /// Lost: the slowest loss. Won: of the (at most two) winning results, the one that
    /// leaves the opponent the longest lost game.
    fn stubborn_move(position: &Rectangle, _: &Budget, _: &mut ()) -> Option<Cut> {
        if outcome(position) == Outcome::Loss {
            return stubborn_move(position);
        }
        winning_results(position)
            .into_iter()
            .filter_map(|(direction, kept)| {
                let cut = position.cut_keeping(direction, kept)?;
                let next = position.apply(&cut).ok()?;
                Some((formula_remoteness(&next), cut))
            })
            .max_by_key(|(moves, _)| *moves)
            .map(|(_, cut)| cut)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::rectangle::entry::RectangleEntry;
    use crate::game::{GameState, Played, Status};
    use crate::player::Seat;

    #[test]
    fn a_game_is_refereed_move_by_move() {
        let mut game = Played::<RectangleRules>::start(&RectangleEntry, "4x3").unwrap();
        assert_eq!(game.play("V1").unwrap(), "v1");
        assert_eq!(game.position(), "3x3");
        assert_eq!(game.side_to_move(), Seat::Second);
        let error = game.play("v3").unwrap_err();
        assert!(error.to_string().contains("v3"), "{error}");
        assert_eq!(game.position(), "3x3");
        assert_eq!(game.undo().as_deref(), Some("v1"));
        assert_eq!(game.position(), "4x3");
        assert_eq!(game.undo(), None);
    }

    #[test]
    fn perfect_play_wins_from_a_won_start() {
        let mut game = Played::<RectangleRules>::start(&RectangleEntry, "80x57").unwrap();
        let budget = Budget::default();
        while game.status() == Status::Ongoing {
            let mv = game.perfect_move(&budget).unwrap();
            game.play(&mv).unwrap();
        }
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::First
            }
        );
    }

    #[test]
    fn random_moves_are_legal_and_cover_both_directions() {
        let game = Played::<RectangleRules>::start(&RectangleEntry, "5x4").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let mv = game.random_move(&mut rng).unwrap();
            game.clone().play(&mv).unwrap();
            seen.insert(mv);
        }
        assert_eq!(seen.len(), 7);
    }

    #[test]
    fn legal_moves_are_listed_and_counted() {
        let game = Played::<RectangleRules>::start(&RectangleEntry, "3x2").unwrap();
        let list = game.legal_moves(10);
        assert_eq!(list.moves, ["v1", "v2", "h1"]);
        assert!(list.complete);
        let big = Played::<RectangleRules>::start(&RectangleEntry, "100000000x99999999").unwrap();
        let list = big.legal_moves(3);
        assert_eq!(list.moves.len(), 3);
        assert_eq!(list.total, Some(199_999_997));
        assert!(!list.complete);
    }

    #[test]
    fn the_stubborn_winner_still_wins() {
        let budget = Budget::default();
        for start in ["4x3", "33x11", "80x57"] {
            let mut game = Played::<RectangleRules>::start(&RectangleEntry, start).unwrap();
            let mut moves = 0;
            while game.status() == Status::Ongoing {
                let mv = game.stubborn_move(&budget).unwrap();
                game.play(&mv).unwrap();
                moves += 1;
            }
            assert_eq!(
                game.status(),
                Status::Won {
                    winner: Seat::First
                },
                "{start} after {moves} moves"
            );
        }
    }

    #[test]
    fn the_drawing_names_both_sides() {
        let picture = RectangleRules::draw(&"4x3".parse().unwrap());
        assert!(picture.contains("width 4"));
        assert!(picture.contains("height 3"));
        let picture = RectangleRules::draw(&"100000000x99999999".parse().unwrap());
        assert!(picture.lines().count() <= 16);
    }
}
