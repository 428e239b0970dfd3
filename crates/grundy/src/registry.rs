//! The one list of games: what every front end (the command line, the referee, the engine
//! protocol, the web page, the Python package) asks of a game, by name.
//!
//! Each game describes itself once, in its folder `games/<game>/entry.rs`, by implementing
//! [`GameEntry`]: its name and aliases, a one-line summary, its notation with an example,
//! its default position, how to start a game ([`GameEntry::start`], which gives the
//! object-safe [`GameState`]), how to solve a position ([`GameEntry::solve`], a structured
//! [`Report`]), which game-specific strategies it accepts besides the generic ones, its
//! contest batch format if it has one, and what front ends need beyond the rules: start
//! positions for a menu, the [`BoardKind`] the web page draws, sample positions for the tests
//! of every game. [`all`] lists the entries (the `games!` list in `games/mod.rs`, one line per
//! folder, is the only list of games) and [`find`] looks one up by name or alias; a front end
//! holds a [`Game`], a copyable handle to an entry, and never matches on games.
//!
//! A *family* is one entry for many games whose rules are written in the position text
//! (a take-and-break code before the heaps, say `0.137:5+7+12`): [`GameEntry::start`] and
//! [`GameEntry::solve`] read the rules and the position together, so a family needs no more
//! than a game does. `docs/adding-a-game.md` walks through adding either.
//!
//! Why a trait with default methods rather than a struct of function pointers: an entry
//! overrides only what it has (a contest format, extra strategies, a warm-up), a generic
//! entry serves several rule sets (`pousse` and `pousse-waterloo` are one type with two rule
//! parameters), and a family's entry may carry data; a `&'static dyn GameEntry` is still as
//! cheap to copy and as constant as a table of pointers.
//!
//! ```
//! use grundy::play::{Side, Status};
//! use grundy::registry::{self, Game};
//! use grundy::report::{Report, SolveOptions};
//!
//! // Every game, with its notation and an example a person can try.
//! for game in registry::all() {
//!     assert!(game.start(game.example()).is_ok(), "{game}");
//! }
//!
//! // Names and aliases; an unknown name lists the games.
//! let game: Game = registry::find("rec").unwrap();
//! assert_eq!(game.name(), "rectangle");
//! let unknown = registry::find("chess").unwrap_err().to_string();
//! assert!(unknown.contains("rectangle, cuboid"), "{unknown}");
//!
//! // Play through the object-safe interface …
//! let mut state = game.start("2x1").unwrap();
//! state.play("v1").unwrap();
//! assert_eq!(state.status(), Status::Won { winner: Side::First });
//!
//! // … or ask for the analysis.
//! let report = game.solve("4x3", &SolveOptions::default()).unwrap();
//! assert!(matches!(report, Report::Solved(ref solved) if solved.grundy == Some(2)));
//! ```

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::str::FromStr;

use crate::error::ParseError;
use crate::play::{GameState, Rules};

use crate::report::{Report, SolveError, SolveOptions};
use crate::strategy::{Strategy, StrategyKind, StrategySpec};

/// Every game and family, in the order help texts list them.
pub fn all() -> &'static [Game] {
    crate::games::GAMES
}

/// The game named `name` or one of its aliases (any letter case); an unknown name is an
/// error that lists the games.
pub fn find(name: &str) -> Result<Game, ParseError> {
    let wanted = name.trim().to_ascii_lowercase();
    all()
        .iter()
        .copied()
        .find(|game| game.name() == wanted || game.aliases().iter().any(|alias| *alias == wanted))
        .ok_or_else(|| {
            ParseError::at_token(
                format!("unknown game; the games are {}", names().join(", ")),
                name,
            )
        })
}

/// The names of every game, in order.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|game| game.name()).collect()
}

/// One game (or family of games) as the rest of the program sees it. Implement it once per
/// game in `games/<game>/entry.rs` and add the folder with its entry to the `games!` list of
/// `games/mod.rs`.
pub trait GameEntry: Send + Sync {
    /// The name on the command line, in the protocol and in records (lower case).
    fn name(&self) -> &'static str;

    /// Other names the game answers to (`rec` for the rectangle game).
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    /// The game's name for a person, capitalised as in prose (`Pousse`).
    fn title(&self) -> &'static str;

    /// One line: what the game is and where it comes from.
    fn summary(&self) -> &'static str;

    /// How positions and moves are written (one or two lines; `docs/notation.md` has the
    /// whole story).
    fn notation(&self) -> &'static str;

    /// A position in the notation that a person can try.
    fn example(&self) -> &'static str;

    /// A position to start from when none is given: the contest's first sample or the
    /// game's usual board, so `grundy match rectangle …` works without a position.
    fn default_position(&self) -> &'static str;

    /// Start positions of sensible sizes for a menu (the web page's), smallest first; empty
    /// by default, when a menu offers the default position and the example.
    fn start_positions(&self) -> &'static [&'static str] {
        &[]
    }

    /// Start positions for the tests that run every game (random play-outs, notation round
    /// trips, every front end): small enough to play out, varied enough to reach every rule.
    /// Empty by default, when the tests use the default position and the example.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[]
    }

    /// The kind of board the web page draws for this game; `None` (the default) for the
    /// generic view: the game's text picture and the list of moves with their values.
    fn board_kind(&self) -> Option<BoardKind> {
        None
    }

    /// The position of `state` drawn as an SVG document (for notebooks); `None` (the
    /// default) for a game without a drawing.
    fn picture_svg(&self, state: &dyn GameState) -> Option<String> {
        let _ = state;
        None
    }

    /// True for a family: one entry for many games whose rules are part of the position.
    fn is_family(&self) -> bool {
        false
    }

    /// True for impartial games, whose positions have a Grundy value; false for partizan
    /// games (a canonical value, or a search for Pousse).
    fn is_impartial(&self) -> bool {
        true
    }

    /// True for games whose best move comes from a timed search rather than a solver
    /// (Pousse); by default every game that is not impartial.
    fn is_searched(&self) -> bool {
        !self.is_impartial()
    }

    /// The independent parts of a position that is a sum of games (each cuboid of a cuboid
    /// position), each in the game's notation, for front ends that show them one by one;
    /// empty by default.
    fn components(&self, position: &str) -> Vec<String> {
        let _ = position;
        Vec::new()
    }

    /// The most legal moves any position reachable from `state` can have, when the rules
    /// give a bound (the OpenSpiel adapter of the Python package needs one); `None` by
    /// default.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        let _ = state;
        None
    }

    /// A bound on the number of moves left in any game from `state`, when the rules give
    /// one worth stating; `None` by default (and for games that may go on forever).
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        let _ = state;
        None
    }

    /// True when a game may go on forever (Waterloo Pousse has no repetition rule), so that
    /// play-outs need a cap on their length; false by default.
    fn may_not_end(&self) -> bool {
        false
    }

    /// Whether a shared server (the web page) serves `state`: the game's caps on the work a
    /// position implies (heaps and their sizes, sides, board size, the pile's limit), chosen
    /// so that replaying, analysing and valuing every move of a position within the caps
    /// takes well under a second. The error names the quantity and its cap. Every position
    /// is served by default; the command line does not ask.
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let _ = state;
        Ok(())
    }

    /// [`GameEntry::check_served`] under misère play: whether a shared server serves
    /// `state` (the game under its usual rules) when it is played misère (`@misere`). The
    /// misère analysis is another computation (an exact search of every position reachable,
    /// or a theorem's), so an impartial game states caps of its own for it; by default, the
    /// caps of the usual rules.
    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        self.check_served(state)
    }

    /// A new game from `position` in the game's notation.
    fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError>;

    /// The analysis of `position`: who wins and how, as far as the game's solver knows.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError>;

    /// The game-specific strategies this game accepts besides the generic ones (Pousse: the
    /// sparring partners `alphabeta` and `mcts`).
    fn own_strategies(&self) -> &'static [&'static dyn StrategyKind] {
        &[]
    }

    /// Prepares a game that a built-in engine is about to play, so that tables are
    /// allocated before the first move's clock starts. Nothing by default.
    fn warm_up(&self, game: &mut dyn GameState) {
        let _ = game;
    }

    /// The contest whose batch format this game answers (`grundy batch <game>`), in one
    /// line, or `None`.
    fn contest(&self) -> Option<&'static str> {
        None
    }

    /// Answers a contest input in exactly the contest's output format.
    fn answer_contest(&self, input: &[u8], options: &SolveOptions) -> Result<String, SolveError> {
        let _ = (input, options);
        Err(SolveError::Unsupported(format!(
            "{} has no contest batch format; the games with one are {}",
            self.name(),
            all()
                .iter()
                .filter(|game| game.contest().is_some())
                .map(|game| game.name())
                .collect::<Vec<_>>()
                .join(", ")
        )))
    }
}

/// A position over one of a game's caps for a shared server ([`GameEntry::check_served`]):
/// what is too large, how large it is and the cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverCap {
    /// The quantity, in words (`the largest heap`, `the board's side`).
    pub what: &'static str,
    /// Its value in the position.
    pub value: u128,
    /// The largest value served.
    pub cap: u128,
}

impl OverCap {
    /// `Err` naming `what` when `value` is over `cap`.
    pub fn check(
        what: &'static str,
        value: impl Into<u128>,
        cap: impl Into<u128>,
    ) -> Result<(), OverCap> {
        let (value, cap) = (value.into(), cap.into());
        if value > cap {
            Err(OverCap { what, value, cap })
        } else {
            Ok(())
        }
    }
}

impl fmt::Display for OverCap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is {}, over the server's cap of {}",
            self.what, self.value, self.cap
        )
    }
}

impl std::error::Error for OverCap {}

/// The kinds of board the web page can draw. A renderer draws every game of its kind from
/// the position's notation (and, for grids, [`GameState::board`]), so a game of a kind the
/// page knows needs no drawing code of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// A `WxH` rectangle whose moves cut it along a grid line (`v3`, `h2`).
    Cuts,
    /// A `WxH` sheet on a grid with the cuts made so far (`WxH:xb,yb,xe,ye;…`), whose moves
    /// cut along unit segments.
    GridCuts,
    /// Boxes joined by `+` (`2x2x2+3x4x5`), each drawn in layers of unit cubes.
    Boxes,
    /// A pile and a stake (`n/pile/stake`) raised by `pass`, `double` and `triple`.
    PileAndStake,
    /// A square grid of `X`, `O` and `.` whose moves push a marker in from a side (`L3`).
    PushGrid,
    /// Heaps joined by `+`, after an optional `RULES:` prefix, whose moves are `HEAP->REST`.
    Heaps,
}

impl BoardKind {
    /// Every kind, for the page's tests: each has a renderer.
    pub const ALL: [BoardKind; 6] = [
        BoardKind::Cuts,
        BoardKind::GridCuts,
        BoardKind::Boxes,
        BoardKind::PileAndStake,
        BoardKind::PushGrid,
        BoardKind::Heaps,
    ];

    /// The renderer's name on the page (`push-grid`).
    pub fn name(self) -> &'static str {
        match self {
            BoardKind::Cuts => "cuts",
            BoardKind::GridCuts => "grid-cuts",
            BoardKind::Boxes => "boxes",
            BoardKind::PileAndStake => "pile-stake",
            BoardKind::PushGrid => "push-grid",
            BoardKind::Heaps => "heaps",
        }
    }
}

/// A handle to one registry entry: copyable, compared and hashed by name, printed as its
/// name, read from a name or alias.
#[derive(Clone, Copy)]
pub struct Game(&'static dyn GameEntry);

impl Game {
    /// The handle of an entry (for entries outside the list, such as test games).
    pub const fn new(entry: &'static dyn GameEntry) -> Self {
        Game(entry)
    }

    /// The entry itself.
    pub fn entry(self) -> &'static dyn GameEntry {
        self.0
    }

    /// A player following `spec` in this game; `seed` fixes every random choice. An error
    /// when the strategy belongs to another game.
    pub fn strategy(self, spec: &StrategySpec, seed: u64) -> Result<Box<dyn Strategy>, ParseError> {
        spec.check_game(self)?;
        Ok(spec.build(seed))
    }

    /// A new game from `position` in the game's notation, under misère play when the
    /// position ends in the rules term `@misere` (impartial games only; see
    /// [`crate::misere_play`]). Every front end starts games here.
    pub fn start(self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        let (bare, misere) = crate::misere_play::split_misere(position);
        if !misere {
            return self.0.start(position);
        }
        crate::misere_play::check_misere(self)?;
        Ok(Box::new(crate::misere_play::state::MisereGame::new(
            self.0.start(bare)?,
        )))
    }

    /// The analysis of `position`, under misère play when it ends in `@misere` (see
    /// [`Game::start`]).
    pub fn solve(self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        let (bare, misere) = crate::misere_play::split_misere(position);
        if misere {
            crate::misere_play::solve::solve(self, bare, options)
        } else {
            self.0.solve(position, options)
        }
    }

    /// [`GameEntry::most_moves`] of `state`, a misère game included (its bound is the usual
    /// rules' bound: the moves are the same).
    pub fn most_moves(self, state: &dyn GameState) -> Option<u128> {
        self.0.most_moves(usual_rules(state))
    }

    /// [`GameEntry::longest_game`] of `state`, a misère game included.
    pub fn longest_game(self, state: &dyn GameState) -> Option<u128> {
        self.0.longest_game(usual_rules(state))
    }

    /// [`GameEntry::check_served`] of `state`, or [`GameEntry::check_served_misere`] of
    /// its usual rules' game when `state` is a misère game.
    pub fn check_served(self, state: &dyn GameState) -> Result<(), OverCap> {
        match state
            .as_any()
            .downcast_ref::<crate::misere_play::state::MisereGame>()
        {
            Some(misere) => self.0.check_served_misere(misere.inner()),
            None => self.0.check_served(state),
        }
    }

    /// The positions tests of every game start from: the entry's
    /// [`sample_positions`](GameEntry::sample_positions), else its default position and its
    /// example.
    pub fn test_positions(self) -> Vec<&'static str> {
        let samples = self.sample_positions();
        if !samples.is_empty() {
            return samples.to_vec();
        }
        let mut positions = vec![self.default_position()];
        if self.example() != self.default_position() {
            positions.push(self.example());
        }
        positions
    }

    /// True when `spec` can play this game: a generic strategy, or one of its own.
    pub fn accepts(self, spec: &StrategySpec) -> bool {
        match spec {
            StrategySpec::Own(own) => self
                .own_strategies()
                .iter()
                .any(|kind| kind.name() == own.name()),
            _ => true,
        }
    }
}

impl Deref for Game {
    type Target = dyn GameEntry;

    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Game {}

impl Hash for Game {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({})", self.name())
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Game {
    type Err = ParseError;

    /// Reads a game's name or alias (any letter case), as [`find`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        find(text)
    }
}

/// `state` under its usual rules: the game inside a misère game, else `state` itself.
fn usual_rules(state: &dyn GameState) -> &dyn GameState {
    match state
        .as_any()
        .downcast_ref::<crate::misere_play::state::MisereGame>()
    {
        Some(misere) => misere.inner(),
        None => state,
    }
}

/// Runs `f` on the current position of `state`, a game of the typed rules `R`: the typed
/// position itself when `state` is a [`crate::play::Played`] of `R`, else the position read
/// back from its notation; `None` when neither works.
pub fn with_position<R: Rules, T>(
    state: &dyn GameState,
    f: impl FnOnce(&R::Position) -> T,
) -> Option<T> {
    if let Some(played) = state.as_any().downcast_ref::<crate::play::Played<R>>() {
        return Some(f(played.current()));
    }
    if let Some(misere) = state
        .as_any()
        .downcast_ref::<crate::misere_play::state::MisereGame>()
    {
        return with_position::<R, T>(misere.inner(), f);
    }
    R::parse_position(crate::misere_play::split_misere(&state.position()).0)
        .ok()
        .map(|position| f(&position))
}

/// Starts a game of the typed rules `R` from `position`: the one line most entries'
/// [`GameEntry::start`] is.
pub fn start_played<R: Rules>(position: &str) -> Result<Box<dyn GameState>, ParseError> {
    Ok(Box::new(crate::play::Played::<R>::start(position)?))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn test_positions_are_served_and_huge_ones_are_not() {
        for game in all() {
            for position in game.test_positions() {
                let state = game.start(position).unwrap();
                assert!(
                    game.check_served(state.as_ref()).is_ok(),
                    "{game} {position}"
                );
            }
        }
        let takebreak = find("takebreak").unwrap();
        let huge = takebreak.start("0.77:5000").unwrap();
        let over = takebreak.check_served(huge.as_ref()).unwrap_err();
        assert_eq!(
            over.to_string(),
            "the largest heap is 5000, over the server's cap of 4096"
        );
        let bidding = find("bidding").unwrap();
        let big = bidding.start("33554432").unwrap();
        assert_eq!(bidding.check_served(big.as_ref()).unwrap_err().cap, 1 << 16);
    }

    #[test]
    fn misere_positions_have_caps_of_their_own() {
        let served = |game: &str, position: &str| {
            let game = find(game).unwrap();
            game.check_served(game.start(position).unwrap().as_ref())
        };
        assert!(served("takebreak", "0.77:4096").is_ok());
        assert_eq!(
            served("takebreak", "0.77:4096@misere")
                .unwrap_err()
                .to_string(),
            "the number of tokens under misère play is 4096, over the server's cap of 25"
        );
        assert!(served("takebreak", "0.77:20+5@misere").is_ok());
        assert!(served("rectangle", "100x100").is_ok());
        assert_eq!(
            served("rectangle", "100x100@misere").unwrap_err().what,
            "the longest side under misère play"
        );
        assert!(served("nim", "1000000+1").is_ok());
        assert!(served("nim", "1000000+1@misere").is_err());
        // A misère position is held to its entry's misère caps, read on its usual rules' game.
        for game in all().iter().filter(|game| game.is_impartial()) {
            for position in game.test_positions() {
                let misere = game.start(&format!("{position}@misere")).unwrap();
                let usual = game.start(position).unwrap();
                assert_eq!(
                    game.check_served(misere.as_ref()),
                    game.entry().check_served_misere(usual.as_ref()),
                    "{game} {position}"
                );
            }
        }
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for game in all() {
            for name in std::iter::once(&game.name()).chain(game.aliases()) {
                assert!(seen.insert(*name), "{name} is used twice");
                assert_eq!(*name, name.to_ascii_lowercase());
            }
        }
    }

    #[test]
    fn every_name_and_alias_finds_its_game() {
        for game in all() {
            assert_eq!(find(game.name()).unwrap(), *game);
            assert_eq!(find(&game.name().to_ascii_uppercase()).unwrap(), *game);
            for alias in game.aliases() {
                assert_eq!(find(alias).unwrap(), *game);
            }
        }
        assert_eq!(find("licytacja").unwrap().name(), "bidding");
        assert_eq!(find("rec").unwrap().name(), "rectangle");
    }

    #[test]
    fn an_unknown_name_lists_the_games() {
        let error = find("chess").unwrap_err();
        assert_eq!(error.location.token.as_deref(), Some("chess"));
        for game in all() {
            assert!(error.message.contains(game.name()), "{error}");
        }
    }

    #[test]
    fn examples_and_default_positions_start_and_solve() {
        let options = SolveOptions {
            depth: Some(2),
            no_cache: true,
            ..SolveOptions::default()
        };
        for game in all() {
            for position in [game.example(), game.default_position()] {
                let state = game.start(position).unwrap();
                assert_eq!(state.kind(), *game);
                let report = game.solve(position, &options).unwrap();
                let json = report.to_json();
                assert!(json.contains("\"position\":"), "{json}");
            }
        }
    }

    #[test]
    fn game_specific_strategies_play_only_their_games() {
        let mcts: StrategySpec = "mcts:playouts=10".parse().unwrap();
        for name in ["pousse", "pousse-waterloo"] {
            let game = find(name).unwrap();
            assert!(game.accepts(&mcts));
            assert_eq!(game.strategy(&mcts, 1).unwrap().name(), "mcts:playouts=10");
        }
        let rectangle = find("rectangle").unwrap();
        assert!(!rectangle.accepts(&mcts));
        let error = rectangle.strategy(&mcts, 1).err().unwrap().to_string();
        assert!(
            error.contains("mcts is a Pousse strategy; it cannot play rectangle"),
            "{error}"
        );
        for game in all() {
            for generic in ["perfect", "stubborn", "random", "noisy:0.2", "scripted:a,b"] {
                let spec: StrategySpec = generic.parse().unwrap();
                assert!(game.strategy(&spec, 3).is_ok(), "{generic} on {game}");
            }
        }
    }

    #[test]
    fn games_without_a_contest_say_which_have_one() {
        let error = find("rectangle")
            .unwrap()
            .answer_contest(b"", &SolveOptions::default())
            .unwrap_err()
            .to_string();
        assert!(error.contains("cuboid, paper, pousse"), "{error}");
    }
}
