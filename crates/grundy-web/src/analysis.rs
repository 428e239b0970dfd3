//! The analysis overlay: the value of the position for the side to move and of every move
//! for its mover (play the move, analyse the child, take the move back).

use std::time::{Duration, Instant};

use grundy::cgt::{Limits, ValueStore};
use grundy::game::{Analysis, Budget, GameState, Status};
use grundy::stop::Stop;
use serde::{Deserialize, Serialize};

/// The most moves valued in one request; the reply says when the list is cut.
pub const MAX_VALUED_MOVES: usize = 600;

/// A position's or a move's value, as GamesmanUni colours it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The player concerned wins with perfect play.
    Win,
    /// The player concerned loses against perfect play.
    Lose,
    /// Neither side can force an end (solved small Waterloo Pousse boards).
    Draw,
    /// Not known (an unfinished Pousse search).
    Unknown,
}

impl Value {
    /// The value for the other player.
    pub fn flipped(self) -> Value {
        match self {
            Value::Win => Value::Lose,
            Value::Lose => Value::Win,
            other => other,
        }
    }
}

/// What the solver says of a position, for the side to move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PositionValue {
    /// Win, lose, draw or unknown for the side to move.
    pub value: Value,
    /// Moves to the end with perfect play, when known.
    pub remoteness: Option<u64>,
    /// The Grundy value (impartial games).
    pub grundy_value: Option<String>,
    /// The move perfect play chooses.
    pub best_move: Option<String>,
    /// Some winning moves (all when `winning_moves_complete`).
    pub winning_moves: Vec<String>,
    /// True when `winning_moves` is complete.
    pub winning_moves_complete: bool,
    /// The search's score (Pousse), as the engine prints it.
    pub score: Option<String>,
    /// The principal variation (Pousse).
    pub pv: Vec<String>,
    /// The solver's comment, in full.
    pub comment: Option<String>,
    /// The game value in CGSuite's notation: a partizan game's canonical value (`{1|-1}`,
    /// `^*`, `3/4`) or a loopy impartial game's (`∞{0}`, `*2`); absent for the others. (The
    /// name is the field's first use, kept for the page and the API's clients.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partizan_value: Option<String>,
    /// The thermograph of the partizan value, as an SVG document (absent for the others).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thermograph: Option<String>,
    /// What follows from the partizan value, every number exact (absent for the others):
    /// the stops, mean, temperature, the thermograph's walls and the atomic weight, as
    /// `grundy value` prints them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<ValueSummary>,
    /// Under misère play, when the game's misère quotient decided the position: its element
    /// of the quotient, a word in the quotient's generators (`ab^2`, `1`), in the P-portion
    /// exactly when `value` is `lose`; the comment names the quotient and its generators
    /// (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quotient_element: Option<String>,
}

/// What `grundy value` says of a partizan value, every number an exact string (`"3/4"`,
/// `"-1"`) read from the library's dyadic rationals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ValueSummary {
    /// The canonical form in CGSuite's notation.
    pub canonical: String,
    /// The outcome class: `L`, `R`, `N` or `P`.
    pub outcome: String,
    /// The outcome in words.
    pub outcome_meaning: String,
    /// Left's stop (Left moving first, both playing to the end of the hot part).
    pub left_stop: String,
    /// Right's stop.
    pub right_stop: String,
    /// The mean (the thermograph's mast).
    pub mean: String,
    /// The temperature (`-1` for an integer).
    pub temperature: String,
    /// The left wall's breakpoints from temperature -1 up to the foot of the mast.
    pub left_wall: Vec<WallPoint>,
    /// The right wall's breakpoints.
    pub right_wall: Vec<WallPoint>,
    /// True when every subposition lets both players move or neither.
    pub all_small: bool,
    /// The atomic weight of an all-small value (absent otherwise, or when not found).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub atomic_weight: Option<String>,
}

/// A breakpoint of a thermograph's wall: at `temperature` the wall is at `value`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallPoint {
    /// The temperature (the vertical axis), exact.
    pub temperature: String,
    /// The value (the horizontal axis, increasing to the left), exact.
    pub value: String,
}

/// One move and its value for the player who makes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoveValue {
    /// The move as asked (or as listed by the game).
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in canonical notation; `None` when it is not legal.
    pub canonical: Option<String>,
    /// True when the move can be played here.
    pub legal: bool,
    /// Win, lose, draw or unknown for the mover.
    pub value: Value,
    /// Moves to the end after this move, with perfect play.
    pub remoteness: Option<u64>,
    /// Under misère play decided by the misère quotient: the element of the position the
    /// move leaves (in the P-portion exactly when the move wins; absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quotient_element: Option<String>,
    /// Why the move could not be valued, in a game solved exactly (a limit, or an error of
    /// an embedder's game's own code, named); absent when it was valued, and in a searched
    /// game, whose moves are often unknown by design.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The position the move leaves, in the game's notation (absent when it is not legal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The value of that position, the option's value as CGSuite's explorer shows it: a
    /// partizan game's canonical value (`{1|-1}`, `^*`), an impartial game's nimber under
    /// normal play (`*3`, `0`); absent when it is not known (a game over, a search, misère
    /// play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option_value: Option<String>,
}

/// An impartial game's Grundy value as its value in CGSuite's notation: `0`, `*`, `*3`.
fn nimber(grundy: &str) -> String {
    match grundy {
        "0" => "0".to_string(),
        "1" => "*".to_string(),
        other => format!("*{other}"),
    }
}

/// The value of the current position of `game` for the side to move.
pub fn position_value(game: &mut dyn GameState, budget: &Budget, impartial: bool) -> PositionValue {
    if let Status::Won { winner } = game.status() {
        let value = if winner == game.side_to_move() {
            Value::Win
        } else {
            Value::Lose
        };
        return PositionValue {
            value,
            remoteness: Some(0),
            grundy_value: impartial.then(|| "0".to_string()),
            best_move: None,
            winning_moves: Vec::new(),
            winning_moves_complete: true,
            score: None,
            pv: Vec::new(),
            comment: None,
            partizan_value: None,
            thermograph: None,
            summary: None,
            quotient_element: None,
        };
    }
    from_analysis(game.analyse(budget))
}

/// Reads a [`grundy::game::Analysis`] into the overlay's terms; the comment loses any path
/// it names (a table file's, say: see [`crate::scrub`]).
fn from_analysis(mut analysis: Analysis) -> PositionValue {
    analysis.comment = analysis
        .comment
        .map(|comment| crate::scrub::scrub("analysis comment", &comment));
    let comment = analysis.comment.clone().unwrap_or_default();
    let value = match analysis.to_move_wins {
        Some(true) => Value::Win,
        Some(false) => Value::Lose,
        None if comment.starts_with("draw") => Value::Draw,
        None => Value::Unknown,
    };
    let (score, pv) = match comment.split_once(" pv ") {
        Some((score, pv)) => (
            Some(score.trim().to_string()),
            pv.split_whitespace()
                .take_while(|word| !word.ends_with(';'))
                .map(str::to_string)
                .collect(),
        ),
        None => (None, Vec::new()),
    };
    PositionValue {
        value,
        remoteness: analysis.remoteness.and_then(|r| u64::try_from(r).ok()),
        grundy_value: analysis.grundy_value.map(|g| g.to_string()),
        best_move: analysis.best_move,
        winning_moves: analysis.winning_moves,
        winning_moves_complete: analysis.winning_moves_complete,
        score,
        pv,
        comment: analysis.comment,
        thermograph: None,
        summary: None,
        partizan_value: analysis.value,
        quotient_element: analysis.quotient_element,
    }
}

/// `value` with the thermograph and the summary of its partizan value, for the position the
/// panel shows (the moves' children are valued without them: a large board's children's
/// values are long to read back).
pub fn with_summary(mut value: PositionValue) -> PositionValue {
    if let Some((svg, summary)) = value.partizan_value.as_deref().and_then(thermograph) {
        value.thermograph = Some(svg);
        value.summary = Some(summary);
    }
    value
}

/// The thermograph of a value written in CGSuite's notation and its summary, drawn in a
/// store of its own (so that a long-running server keeps no values between requests),
/// within [`THERMOGRAPH_LIMITS`]: past them the answer has neither rather than a late one.
fn thermograph(value: &str) -> Option<(String, ValueSummary)> {
    let mut store = ValueStore::new();
    let (seconds, bytes) = THERMOGRAPH_LIMITS;
    let limits = Limits::new(Stop::until(Instant::now() + seconds), Some(bytes));
    store
        .bounded(limits, |store| {
            let id = store.evaluate(value).ok()?;
            let svg = store.thermograph_svg(id);
            Some((svg, summary_of(&store.summary(id))))
        })
        .ok()
        .flatten()
}

/// The library's summary in the API's terms: exact strings.
fn summary_of(summary: &grundy::cgt::Summary) -> ValueSummary {
    let wall = |points: &[grundy::cgt::WallPoint]| {
        points
            .iter()
            .map(|point| WallPoint {
                temperature: point.temperature.to_string(),
                value: point.value.to_string(),
            })
            .collect()
    };
    ValueSummary {
        canonical: summary.canonical.clone(),
        outcome: summary.outcome.letter().to_string(),
        outcome_meaning: summary.outcome_meaning.to_string(),
        left_stop: summary.left_stop.to_string(),
        right_stop: summary.right_stop.to_string(),
        mean: summary.mean.to_string(),
        temperature: summary.temperature.to_string(),
        left_wall: wall(&summary.left_wall),
        right_wall: wall(&summary.right_wall),
        all_small: summary.all_small,
        atomic_weight: summary.atomic_weight.clone(),
    }
}

/// The time and memory a thermograph may take: its value was already found within the
/// job's own limits, so reading it back and drawing it is quick unless the value is huge.
const THERMOGRAPH_LIMITS: (Duration, usize) = (Duration::from_secs(2), 256_000_000);

/// The value of `mv` for the side to move of `game`: the move is played, the child analysed,
/// and the move taken back; `game` is unchanged after the call. In a game solved `exact`ly,
/// a move whose value is unknown says why (the child's comment).
pub fn move_value(
    game: &mut dyn GameState,
    mv: &str,
    child_budget: &Budget,
    impartial: bool,
    exact: bool,
) -> MoveValue {
    let mover = game.side_to_move();
    let canonical = match game.play(mv) {
        Ok(canonical) => canonical,
        Err(_) => {
            return MoveValue {
                mv: mv.to_string(),
                canonical: None,
                legal: false,
                value: Value::Unknown,
                remoteness: None,
                quotient_element: None,
                comment: None,
                position: None,
                option_value: None,
            }
        }
    };
    let position = game.position();
    let (value, remoteness, quotient_element, comment, option_value) = match game.status() {
        Status::Won { winner } => (
            if winner == mover {
                Value::Win
            } else {
                Value::Lose
            },
            Some(0),
            None,
            None,
            // A game over is 0 in an impartial game; a partizan game's position where the
            // player to move has no move still has a value (the other's moves).
            if impartial {
                Some("0".to_string())
            } else if exact {
                game.analyse(child_budget).value
            } else {
                None
            },
        ),
        Status::Ongoing => {
            let child = position_value(game, child_budget, impartial);
            // The child's side to move is the mover's opponent.
            let value = if game.side_to_move() == mover {
                child.value
            } else {
                child.value.flipped()
            };
            let option_value = child
                .partizan_value
                .or_else(|| child.grundy_value.as_deref().map(nimber));
            let comment = child
                .comment
                .filter(|_| exact && value == Value::Unknown)
                .or_else(|| {
                    (exact && value == Value::Unknown)
                        .then(|| "the position after the move could not be solved".to_string())
                });
            (
                value,
                child.remoteness,
                child.quotient_element,
                comment,
                option_value,
            )
        }
    };
    game.undo();
    MoveValue {
        mv: mv.to_string(),
        canonical: Some(canonical),
        legal: true,
        value,
        remoteness,
        quotient_element,
        comment,
        position: Some(position),
        option_value,
    }
}

/// The moves to value: `candidates` when given (cut to [`MAX_VALUED_MOVES`]), otherwise the
/// game's own list; the flag is true when every legal move is in the list.
pub fn moves_to_value(
    game: &dyn GameState,
    candidates: Option<Vec<String>>,
) -> (Vec<String>, bool) {
    match candidates {
        Some(mut list) => {
            let complete = list.len() <= MAX_VALUED_MOVES;
            list.truncate(MAX_VALUED_MOVES);
            (list, complete)
        }
        None => {
            let list = game.legal_moves(MAX_VALUED_MOVES);
            (list.moves, list.complete)
        }
    }
}

/// The budget for each child of a searched game: shallow and short, so that 4N children of a
/// Pousse board cost a fraction of a second in all.
pub fn child_budget(searched: bool, budget: &Budget) -> Budget {
    if searched {
        Budget {
            movetime: Some(Duration::from_millis(15)),
            depth: Some(3),
            threads: 1,
            stop: budget.stop.clone(),
        }
    } else {
        budget.clone()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use grundy::registry;

    #[test]
    fn a_search_comment_gives_the_score_and_the_line() {
        let value = from_analysis(Analysis {
            comment: Some("eval -20 depth 5 nodes 181 pv L1 T3 T2; table not used: none".into()),
            ..Analysis::default()
        });
        assert_eq!(value.value, Value::Unknown);
        assert_eq!(value.score.as_deref(), Some("eval -20 depth 5 nodes 181"));
        assert_eq!(value.pv, ["L1", "T3"]);
        let draw = from_analysis(Analysis {
            comment: Some("draw exact (solved table) pv L1".into()),
            ..Analysis::default()
        });
        assert_eq!(draw.value, Value::Draw);
    }

    #[test]
    fn valuing_a_move_leaves_the_game_as_it_was() {
        let mut game = registry::find("rectangle").unwrap().start("4x3").unwrap();
        let budget = Budget::default();
        let win = move_value(game.as_mut(), "v1", &budget, true, true);
        assert_eq!((win.value, win.remoteness), (Value::Win, Some(4)));
        assert_eq!(win.comment, None);
        let lose = move_value(game.as_mut(), "h1", &budget, true, true);
        assert_eq!(lose.value, Value::Lose);
        let illegal = move_value(game.as_mut(), "v9", &budget, true, true);
        assert!(!illegal.legal);
        assert_eq!(game.position(), "4x3");
        assert!(game.history().is_empty());
        // The last move ends the game: a win at once for the mover.
        let mut end = registry::find("rectangle").unwrap().start("2x1").unwrap();
        let last = move_value(end.as_mut(), "v1", &budget, true, true);
        assert_eq!((last.value, last.remoteness), (Value::Win, Some(0)));
        assert_eq!(Value::Win.flipped(), Value::Lose);
        assert_eq!(Value::Draw.flipped(), Value::Draw);
    }
}
