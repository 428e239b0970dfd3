//! Pousse behind [`GameState`], under either rule set.
//!
//! A position is a whole [`BoardGame`] (board, side to move, moves and, for the ICFP rule, every
//! state produced so far), because the repetition rule depends on the past. Copies of a game
//! share its history, so keeping every position for undo costs memory in proportion to the
//! length of the game. Boards up to 8 × 8 use the bitboard, larger ones the general board.
//!
//! Perfect play is the search [`PousseEngine`] within the [`Budget`] (movetime, depth, threads);
//! the engine and its transposition table live in the game's cache, so they are reused from
//! move to move. Stubborn play is the engine too: the search already prefers the slowest
//! loss and the quickest win among proven results, and a heuristic position has no proven
//! length to drag out. Boards up to 3 × 3, and 4 × 4 when its table file is at the default
//! location (`grundy solve-table pousse 4`), are solved exactly by a [`SolvedTable`], which
//! then gives the value, the remoteness and the move (the slowest loss, a draw when one can
//! be forced, or the quickest win) under the Waterloo rules. Under the ICFP rule the table's
//! wins and losses are used only when the game's past cannot interfere
//! ([`icfp`](crate::games::pousse::solved::icfp)); otherwise the engine searches. A table
//! file that exists but cannot be used is named in the analysis, and the engine searches.
//!
//! Notation: the size and the moves so far, `6:L1,T3`, or a diagram `X../.O./...:X` as in
//! `grundy solve pousse`; moves after a diagram are written after a `;`
//! (`X../.O./...:X;L1,T3`). Sides are named by the colour that moves first from the start
//! position and the other one (usually X and O).

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Duration;

use rand::{Rng, RngCore};

use crate::error::{ParseError, RuleError};
use crate::games::pousse::solved::retrograde::Value;
use crate::games::pousse::engine::search::{PousseEngine, SearchLimits, Score, SearchResult};
use crate::games::pousse::solved::icfp::{verdict, Verdict};
use crate::games::pousse::solved::{table_for_size, SolvedTable, TableFileError};
use crate::games::pousse::{
    BitBoard, Board, Colour, BoardGame, GeneralBoard, Move, RuleSet, PousseStatus,
};
use crate::game::{Analysis, Budget, GameState, MoveList, Relative, Rules};
use crate::player::Seat;

/// Transposition-table entries of a game's engine (16 bytes each: 8 MB).
const ENGINE_ENTRIES: usize = 1 << 19;
/// The search time when the budget sets neither a time nor a depth.
const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);
/// The length of the principal variation shown by an analysis.
const SHOWN_PV: usize = 12;

/// A rule set as a type, so each has its own registry entry.
pub trait PousseRuleSet: 'static + Send + fmt::Debug {
    /// The rules.
    const RULES: RuleSet;
    /// The game's name in the registry.
    const NAME: &'static str;
}

/// The ICFP 1998 rules: a move that repeats a state its player produced before loses.
#[derive(Debug, Clone, Copy)]
pub struct Icfp;

impl PousseRuleSet for Icfp {
    const RULES: RuleSet = RuleSet::Icfp;
    const NAME: &'static str = "pousse";
}

/// The Waterloo 1998 rules: no repetition rule.
#[derive(Debug, Clone, Copy)]
pub struct Waterloo;

impl PousseRuleSet for Waterloo {
    const RULES: RuleSet = RuleSet::Waterloo;
    const NAME: &'static str = "pousse-waterloo";
}

/// A game in either board representation.
#[derive(Debug, Clone)]
enum Boards {
    Bit(BoardGame<BitBoard>),
    General(BoardGame<GeneralBoard>),
}

/// Runs `$body` with `$game` bound to the game, whatever its board.
macro_rules! with_game {
    ($boards:expr, $game:ident => $body:expr) => {
        match $boards {
            Boards::Bit($game) => $body,
            Boards::General($game) => $body,
        }
    };
}

/// A Pousse game in its board representation, for players that run a search of their own
/// (the sparring partners of `grundy::strategy`).
#[derive(Debug, Clone, Copy)]
pub enum PousseGame<'a> {
    /// A board up to 8 × 8.
    Bit(&'a BoardGame<BitBoard>),
    /// A larger board.
    General(&'a BoardGame<GeneralBoard>),
}

/// The Pousse position of a game in progress under either rule set, read back from its
/// notation under the game's own rules; `None` for other games.
pub fn pousse_position(state: &dyn GameState) -> Option<PoussePosition> {
    let name = state.entry().name();
    let rules = if name == Icfp::NAME {
        Icfp::RULES
    } else if name == Waterloo::NAME {
        Waterloo::RULES
    } else {
        return None;
    };
    PoussePosition::parse(&state.position(), rules).ok()
}

/// A Pousse position: the game so far and how it started, for the notation.
#[derive(Debug, Clone)]
pub struct PoussePosition {
    /// The start in notation: the size (`6`) or a diagram.
    start: String,
    /// True when `start` is a size, so moves follow a `:`; a diagram takes a `;`.
    from_size: bool,
    game: Boards,
}

impl PoussePosition {
    /// The board size.
    pub fn size(&self) -> usize {
        with_game!(&self.game, game => game.position().board.size().get())
    }

    /// The colour to move.
    pub fn to_move(&self) -> Colour {
        with_game!(&self.game, game => game.position().to_move)
    }

    /// The rule set's status of the game.
    pub fn status(&self) -> PousseStatus {
        with_game!(&self.game, game => game.status())
    }

    /// The board as rows of `X`, `O` and `.`.
    pub fn diagram(&self) -> String {
        with_game!(&self.game, game => game.position().diagram())
    }

    /// The game with its history (the ICFP rule's produced states) in its board
    /// representation.
    pub fn game(&self) -> PousseGame<'_> {
        match &self.game {
            Boards::Bit(game) => PousseGame::Bit(game),
            Boards::General(game) => PousseGame::General(game),
        }
    }

    /// The colour that moved first from the start position.
    fn first_colour(&self) -> Colour {
        let moves = with_game!(&self.game, game => game.move_count());
        let to_move = self.to_move();
        if moves % 2 == 0 {
            to_move
        } else {
            to_move.opponent()
        }
    }

    fn parse(text: &str, rules: RuleSet) -> Result<PoussePosition, ParseError> {
        let text = text.trim();
        let (head, tail) = match text.split_once(';') {
            Some((head, tail)) => (head, Some(tail)),
            None => (text, None),
        };
        let general: BoardGame<GeneralBoard> = BoardGame::from_notation(head, rules)?;
        let size = general.position().board.size().get();
        let from_size = head
            .split(':')
            .next()
            .is_some_and(|first| !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()));
        if from_size && tail.is_some() {
            return Err(ParseError::at_token(
                "moves follow a size after `:` (6:L1,T3); `;` follows a diagram",
                text,
            ));
        }
        let start = if from_size {
            size.to_string()
        } else {
            general.position().to_string()
        };
        let mut game = if size <= 8 {
            Boards::Bit(BoardGame::from_notation(head, rules)?)
        } else {
            Boards::General(general)
        };
        with_game!(&mut game, game => game.play_list(tail.unwrap_or("")))?;
        Ok(PoussePosition {
            start,
            from_size,
            game,
        })
    }
}

impl fmt::Display for PoussePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> =
            with_game!(&self.game, game => game.moves().map(|mv| mv.to_string()).collect());
        if moves.is_empty() {
            return f.write_str(&self.start);
        }
        let separator = if self.from_size { ':' } else { ';' };
        write!(f, "{}{separator}{}", self.start, moves.join(","))
    }
}

/// The rules of Pousse under rule set `S`, for [`Played`](crate::game::Played).
#[derive(Debug, Clone, Copy)]
pub struct PousseRules<S: PousseRuleSet>(PhantomData<S>);

/// The solved table of a board size, none, or why its file cannot be used.
type FoundTable = Result<Option<Arc<SolvedTable>>, TableFileError>;

/// What a Pousse game keeps between moves: the engine with its transposition table, and
/// the solved table of the board size (shared by every game of the process).
#[derive(Default)]
pub struct PousseCache {
    engine: Option<PousseEngine>,
    /// The board size asked for and what was found for it.
    table: Option<(usize, FoundTable)>,
}

impl PousseCache {
    fn search(&mut self, position: &PoussePosition, budget: &Budget) -> SearchResult {
        let limits = SearchLimits {
            depth: budget.depth,
            nodes: None,
            movetime: match (budget.movetime, budget.depth) {
                (None, None) => Some(DEFAULT_MOVETIME),
                (time, _) => time,
            },
            threads: budget.threads.max(1),
        };
        let engine = self
            .engine
            .get_or_insert_with(|| PousseEngine::new(ENGINE_ENTRIES));
        with_game!(&position.game, game => engine.search_until(game, &limits, &budget.stop))
    }

    /// The solved table of the position's size, or why the file there cannot be used.
    fn table(&mut self, size: usize) -> FoundTable {
        match &self.table {
            Some((cached, found)) if *cached == size => found.clone(),
            _ => {
                let found = table_for_size(size);
                self.table = Some((size, found.clone()));
                found
            }
        }
    }

    /// What the solved table proves here, if anything, and a table file's problem.
    fn exact(&mut self, position: &PoussePosition) -> (Option<Verdict>, Option<TableFileError>) {
        match self.table(position.size()) {
            Ok(Some(table)) => (
                with_game!(&position.game, game => verdict(&table, game, SHOWN_PV)),
                None,
            ),
            Ok(None) => (None, None),
            Err(error) => (None, Some(error)),
        }
    }
}

impl<S: PousseRuleSet> Rules for PousseRules<S> {
    type Position = PoussePosition;
    type Move = Move;
    type Cache = PousseCache;

    fn parse_position(text: &str) -> Result<PoussePosition, ParseError> {
        PoussePosition::parse(text, S::RULES)
    }

    fn format_position(position: &PoussePosition) -> String {
        position.to_string()
    }

    /// Under the Waterloo rules a position's future is its board and the side to move (no
    /// repetition rule): its diagram in notation, `X../.O./...:X`, the same whichever moves
    /// led there. Under the ICFP rules the states already produced matter: the notation,
    /// moves included.
    fn transposition_key(position: &PoussePosition) -> String {
        match S::RULES {
            RuleSet::Waterloo => format!(
                "{}:{}",
                position.diagram().trim_end().replace('\n', "/"),
                position.to_move().letter()
            ),
            RuleSet::Icfp => position.to_string(),
        }
    }

    fn parse_move(_: &PoussePosition, text: &str) -> Result<Move, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &PoussePosition, mv: &Move) -> Result<PoussePosition, RuleError> {
        let mut next = position.clone();
        with_game!(&mut next.game, game => {
            game.position().board.size().check(*mv)?;
            game.play(*mv)?;
        });
        Ok(next)
    }

    fn winner(position: &PoussePosition) -> Option<Relative> {
        match position.status() {
            PousseStatus::Ongoing => None,
            PousseStatus::Won { winner, .. } if winner == position.to_move() => {
                Some(Relative::ToMove)
            }
            PousseStatus::Won { .. } => Some(Relative::JustMoved),
        }
    }

    fn side_name(start: &PoussePosition, side: Seat) -> String {
        let first = start.first_colour();
        match side {
            Seat::First => first.to_string(),
            Seat::Second => first.opponent().to_string(),
        }
    }

    /// Every edge and line: `L1…Ln`, `R1…Rn`, `T1…Tn`, `B1…Bn` (all legal; under the ICFP
    /// rule a repeating move is legal and loses).
    fn legal_moves(position: &PoussePosition, limit: usize) -> MoveList {
        let n = position.size();
        let moves: Vec<String> = Move::all(n).take(limit).map(|mv| mv.to_string()).collect();
        MoveList {
            complete: moves.len() == 4 * n,
            moves,
            total: Some(4 * n as u128),
        }
    }

    /// Uniform over the 4N moves.
    fn random_move(position: &PoussePosition, rng: &mut dyn RngCore) -> Option<Move> {
        let n = position.size();
        Move::from_index(rng.gen_range(0..4 * n), n)
    }

    /// The rows of `X`, `O` and `.`, top to bottom, for the page's push-grid renderer.
    fn board(position: &PoussePosition) -> Option<String> {
        Some(position.diagram())
    }

    /// The board with the row numbers (for `L` and `R` moves) at its sides and the column
    /// numbers (for `T` and `B`) above and below.
    fn draw(position: &PoussePosition) -> String {
        let n = position.size();
        let columns: String = (1..=n).map(|c| format!("{:>3}", c)).collect();
        let mut picture = format!("     T{columns}\n");
        for (row, line) in position.diagram().lines().enumerate() {
            let squares: String = line.chars().map(|square| format!("{square:>3}")).collect();
            picture.push_str(&format!("L {:>3} {squares}  {:<3} R\n", row + 1, row + 1));
        }
        picture.push_str(&format!("     B{columns}\n"));
        let straights = with_game!(&position.game, game => game.position().board.straights());
        picture.push_str(&match position.status() {
            PousseStatus::Ongoing => format!("{} to move", position.to_move()),
            PousseStatus::Won {
                winner,
                by_repetition: false,
            } => format!("{winner} has won by straights"),
            PousseStatus::Won { winner, .. } => {
                format!("{winner} has won: the other side repeated a state")
            }
        });
        picture.push_str(&format!(
            "; straights X {} O {}; {} rules\n",
            straights.x,
            straights.o,
            S::RULES
        ));
        picture
    }

    /// The engine's score and principal variation; a proven result gives the winner and
    /// the distance in moves (exact). Boards with a solved table: the table's value.
    fn analyse(position: &PoussePosition, budget: &Budget, cache: &mut PousseCache) -> Analysis {
        let (exact, problem) = cache.exact(position);
        if let Some(Verdict {
            value,
            remoteness_exact,
            best,
            line,
            winning,
            winning_complete,
        }) = exact
        {
            let line: Vec<String> = line.iter().map(ToString::to_string).collect();
            let (wins, moves) = match value {
                Value::Win(d) => (Some(true), Some(u128::from(d))),
                Value::Loss(d) => (Some(false), Some(u128::from(d))),
                Value::Draw => (None, None),
            };
            let how = match (value, remoteness_exact) {
                (Value::Draw, _) => "draw exact (solved table)".to_string(),
                (_, true) => "exact (solved table)".to_string(),
                (Value::Win(d) | Value::Loss(d), false) => format!(
                    "proven (solved table; the past cannot repeat, the game lasts at most {d} moves)"
                ),
            };
            return Analysis {
                to_move_wins: wins,
                best_move: best.map(|mv| mv.to_string()),
                winning_moves: winning.iter().map(ToString::to_string).collect(),
                winning_moves_complete: winning_complete,
                remoteness: moves,
                remoteness_exact: remoteness_exact && moves.is_some(),
                comment: Some(format!("{how} pv {}", line.join(" "))),
                ..Analysis::default()
            };
        }
        let result = cache.search(position, budget);
        let pv: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
        let (wins, moves, score) = match result.score {
            Score::Win(d) => (Some(true), Some(u128::from(d)), "proven".to_string()),
            Score::Loss(d) => (Some(false), Some(u128::from(d)), "proven".to_string()),
            Score::Eval(v) => (None, None, format!("eval {v:+}")),
        };
        // A proven win's best move is a winning move; the search does not look for others.
        let winning = match (result.score, result.best_move) {
            (Score::Win(_), Some(best)) => vec![best.to_string()],
            _ => Vec::new(),
        };
        Analysis {
            to_move_wins: wins,
            grundy_value: None,
            best_move: result.best_move.map(|mv| mv.to_string()),
            winning_moves: winning,
            winning_moves_complete: false,
            remoteness: moves,
            remoteness_exact: moves.is_some(),
            comment: Some(format!(
                "{score} depth {} nodes {} pv {}{}",
                result.depth,
                result.nodes,
                pv.join(" "),
                problem.map_or_else(String::new, |e| format!("; table not used: {e}"))
            )),
            value: None,
            quotient_element: None,
        }
    }

    /// The engine's move within the budget (a heuristic unless the search proves a
    /// result); from the solved table when it proves the position's value.
    fn perfect_move(
        position: &PoussePosition,
        budget: &Budget,
        cache: &mut PousseCache,
    ) -> Option<Move> {
        if position.status() != PousseStatus::Ongoing {
            return None;
        }
        if let (
            Some(Verdict {
                best: Some(best), ..
            }),
            _,
        ) = cache.exact(position)
        {
            return Some(best);
        }
        cache
            .search(position, budget)
            .best_move
            .or_else(|| Move::all(position.size()).next())
    }

    /// The engine's move, as [`PousseRules::perfect_move`]: its search already takes the
    /// slowest of proven losses and has no proven length to drag out otherwise.
    fn stubborn_move(
        position: &PoussePosition,
        budget: &Budget,
        cache: &mut PousseCache,
    ) -> Option<Move> {
        Self::perfect_move(position, budget, cache)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::game::{GameState, Played, Status};
    use crate::games::pousse::entry::PousseEntry;

    type IcfpGame = Played<PousseRules<Icfp>>;
    type WaterlooGame = Played<PousseRules<Waterloo>>;

    #[test]
    fn positions_round_trip_with_their_history() {
        let mut game = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "4:L1,T3").unwrap();
        assert_eq!(game.position(), "4:L1,T3");
        game.play("r2").unwrap();
        assert_eq!(game.position(), "4:L1,T3,R2");
        let diagram = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "X../.O./...:X").unwrap();
        assert_eq!(diagram.side_name(Seat::First), "X");
        let mut copy = diagram.clone();
        copy.play("B1").unwrap();
        let again = IcfpGame::start(&PousseEntry::<Icfp>::NEW, &copy.position()).unwrap();
        assert_eq!(again.position(), copy.position());
        assert!(IcfpGame::start(&PousseEntry::<Icfp>::NEW, "4:L5").is_err());
        assert!(IcfpGame::start(&PousseEntry::<Icfp>::NEW, "4;L1").is_err());
        let o_first = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "X../...:O").is_err();
        assert!(o_first, "a two-row diagram needs two squares per row");
        let o_first = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "X../.../...:O").unwrap();
        assert_eq!(o_first.side_name(Seat::First), "O");
    }

    #[test]
    fn a_straight_ends_the_game() {
        let mut game = WaterlooGame::start(&PousseEntry::<Waterloo>::NEW, "4").unwrap();
        for mv in ["L2", "T2", "L2", "B2", "R2", "T1"] {
            game.play(mv).unwrap();
        }
        assert_eq!(game.status(), Status::Ongoing);
        game.play("L2").unwrap();
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::First
            }
        );
        assert!(game.play("L1").is_err());
        assert!(game.draw().contains("X has won"));
    }

    #[test]
    fn the_repetition_rule_loses_under_icfp_only() {
        // X and O each push the same row back and forth; the third X move repeats a state.
        let moves = ["L1", "R1", "L1", "R1", "L1"];
        let mut icfp = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "3").unwrap();
        let mut waterloo = WaterlooGame::start(&PousseEntry::<Waterloo>::NEW, "3").unwrap();
        for mv in moves {
            if icfp.status() == Status::Ongoing {
                icfp.play(mv).unwrap();
            }
            waterloo.play(mv).unwrap();
        }
        assert_ne!(icfp.status(), Status::Ongoing);
        assert_eq!(waterloo.status(), Status::Ongoing);
    }

    #[test]
    fn the_engine_finds_an_immediate_win() {
        // X has three in row 2 of a 4x4 board... one push completes it.
        let mut game = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "..../XXX./..../O.O.:X").unwrap();
        let budget = Budget {
            movetime: None,
            depth: Some(3),
            threads: 1,
            ..Budget::default()
        };
        let analysis = game.analyse(&budget);
        assert_eq!(analysis.to_move_wins, Some(true), "{analysis}");
        let mv = game.perfect_move(&budget).unwrap();
        game.play(&mv).unwrap();
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::First
            }
        );
    }

    #[test]
    fn the_engine_beats_random_play() {
        let budget = Budget {
            movetime: None,
            depth: Some(3),
            threads: 1,
            ..Budget::default()
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..3 {
            let mut game = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "5").unwrap();
            while game.status() == Status::Ongoing {
                let mv = if game.side_to_move() == Seat::First {
                    game.perfect_move(&budget).unwrap()
                } else {
                    game.random_move(&mut rng).unwrap()
                };
                game.play(&mv).unwrap();
            }
            assert_eq!(
                game.status(),
                Status::Won {
                    winner: Seat::First
                },
                "{}",
                game.position()
            );
        }
    }

    #[test]
    fn small_waterloo_boards_are_exact() {
        let budget = Budget::default();
        for size in ["1", "2", "3"] {
            let mut game = WaterlooGame::start(&PousseEntry::<Waterloo>::NEW, size).unwrap();
            let analysis = game.analyse(&budget);
            assert!(analysis
                .comment
                .clone()
                .unwrap_or_default()
                .contains("exact"));
            if analysis.to_move_wins == Some(true) {
                assert!(analysis
                    .winning_moves
                    .contains(&analysis.best_move.clone().unwrap()));
                // Perfect play against perfect play lasts the proven distance.
                let mut moves = 0;
                while game.status() == Status::Ongoing {
                    let mv = game.perfect_move(&budget).unwrap();
                    game.play(&mv).unwrap();
                    moves += 1;
                }
                assert_eq!(Some(moves), analysis.remoteness, "{size}");
                assert_eq!(
                    game.status(),
                    Status::Won {
                        winner: Seat::First
                    }
                );
            }
        }
    }

    #[test]
    fn icfp_games_use_the_table_when_the_past_cannot_repeat() {
        let budget = Budget::default();
        let mut game = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "2").unwrap();
        let analysis = game.analyse(&budget);
        assert_eq!(analysis.to_move_wins, Some(true), "{analysis}");
        assert_eq!(analysis.remoteness, Some(3));
        assert!(!analysis.remoteness_exact);
        assert!(analysis
            .comment
            .clone()
            .unwrap_or_default()
            .contains("solved table"));
        let mut moves = 0;
        while game.status() == Status::Ongoing {
            let mv = game.perfect_move(&budget).unwrap();
            game.play(&mv).unwrap();
            moves += 1;
        }
        assert!(moves <= 3);
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::First
            }
        );
        // A draw under the Waterloo rules proves nothing under the ICFP rule: search.
        let mut draw = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "3").unwrap();
        let budget = Budget {
            movetime: None,
            depth: Some(2),
            threads: 1,
            ..Budget::default()
        };
        let comment = draw.analyse(&budget).comment.unwrap_or_default();
        assert!(comment.contains("depth"), "{comment}");
    }

    #[test]
    fn the_drawing_has_coordinates() {
        let game = IcfpGame::start(&PousseEntry::<Icfp>::NEW, "6:L1").unwrap();
        let picture = game.draw();
        assert!(picture.contains("L   1"), "{picture}");
        assert!(picture.contains("O to move"), "{picture}");
        assert_eq!(picture.lines().count(), 9);
    }
}
