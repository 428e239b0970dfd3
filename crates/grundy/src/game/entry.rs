//! The entry: what every front end asks of a game.
//!
//! Each game describes itself once, in its folder `games/<game>/entry.rs`, by implementing
//! [`GameEntry`]: its name and aliases, a one-line summary, its notation with an example,
//! its default position, how to start a game ([`GameEntry::start`], which gives the
//! object-safe [`GameState`]), how to solve a position ([`GameEntry::solve`], a structured
//! [`Report`]), which game-specific strategies it accepts besides the generic ones, its
//! contest batch format if it has one, and what front ends need beyond the rules: start
//! positions for a menu, the [`BoardKind`] the web page draws, sample positions for the tests
//! of every game. A front end holds a [`Game`](crate::registry::Game), the list's copyable
//! handle to an entry, and never matches on games; the list of entries is
//! [`crate::registry`].
//!
//! A *family* is one entry for many games whose rules are written in the position text
//! (a take-and-break code before the heaps, say `0.137:5+7+12`): [`GameEntry::start`] and
//! [`GameEntry::solve`] read the rules and the position together, so a family needs no more
//! than a game does. `docs/adding-a-game.md` walks through adding either.
//!
//! Why a trait with default methods rather than a struct of function pointers: an entry
//! overrides only what it has (a contest format, extra strategies, a warm-up), a generic
//! entry serves several rule sets (`pousse` and `pousse-waterloo` are one type with two rule
//! parameters; every partizan game is one blanket implementation,
//! [`crate::partizan::entry`]), and a family's entry may carry data; a `&'static dyn
//! GameEntry` is still as cheap to copy and as constant as a table of pointers.
//!
//! # Where this sits
//!
//! The entry is one of the traits a game implements, with [`GameState`] and
//! [`Rules`](super::Rules): it sits below the engines and knows none of them, nor any game,
//! nor the list (docs/architecture.md draws the layers; `crates/grundy/tests/integration/layers.rs`
//! checks them). An entry plays its game under the usual rules; misère play is a change of
//! rules that wraps any impartial game from above ([`crate::misere_play`]), and the list's
//! handle reads the rules term `@misere` and hands the position to it.
//!
//! ```
//! use grundy::game::GameEntry;
//! use grundy::registry::{self, Game};
//!
//! let game: Game = registry::find("nim").unwrap();
//! let entry: &'static dyn GameEntry = game.entry();
//! assert_eq!(entry.name(), "nim");
//! // The handle starts games, misère ones included; the entry alone plays the usual rules.
//! assert!(game.start("1+2@misere").unwrap().position().ends_with("@misere"));
//! assert!(entry.start("1+2@misere").is_err());
//! ```

use super::{CapEdge, GameState, OverCap, StrategyKind, Valuations};
use crate::drawing::{Board, Footprint};
use crate::error::ParseError;
use crate::report::{Report, SolveError, SolveOptions};

/// What a game lists about itself, the same for every kind of game: its names, the texts
/// that describe it and its positions for menus and tests. Every entry implements it once,
/// beside its [`GameEntry`] (or [`PartizanEntry`](crate::partizan::PartizanEntry)): the one
/// place these texts are declared, whatever route the game's entry takes.
pub trait Listing: Send + Sync {
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
}

/// One game (or family of games) as the rest of the program sees it. Implement it once per
/// game in `games/<game>/entry.rs` and add the folder with its entry to the `games!` list of
/// `games/mod.rs`.
pub trait GameEntry: Listing {
    /// The kind of board the web page draws for this game; `None` (the default) for the
    /// generic view: the game's text picture and the list of moves with their values.
    fn board_kind(&self) -> Option<BoardKind> {
        None
    }

    /// The board of `state` for a front end to draw ([`crate::drawing`]); `None` (the
    /// default) for a game whose board kind draws from the notation, or that has none.
    fn board(&self, state: &dyn GameState) -> Option<Board> {
        let _ = state;
        None
    }

    /// Where the move `mv` of `state` lies on its [`GameEntry::board`]: the cells it
    /// touches or the edge it takes ([`Footprint`]); `None` (the default) when the game
    /// gives no board or `mv` does not read.
    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let _ = (state, mv);
        None
    }

    /// For a graph board whose moves name its edges by their place in the position (a
    /// Hackenbush edge's number, which the edges after it lose when it is cut): for each edge
    /// of the board after `mv`, the index of that edge on the board of `state`, before the
    /// move. [`describe`](super::describe) follows each edge through the line with it, so
    /// that a page names it, and draws it, as in the start position. `None` (the default):
    /// the edges keep their names and places.
    fn kept_edges(&self, state: &dyn GameState, mv: &str) -> Option<Vec<usize>> {
        let _ = (state, mv);
        None
    }

    /// The position of `state` drawn as an SVG document (for notebooks), titled with the
    /// game and the position: by default its [`GameEntry::board`] drawn by
    /// [`crate::drawing::svg::picture`], so a game that describes its board has its picture;
    /// `None` for a game without a board.
    fn picture_svg(&self, state: &dyn GameState) -> Option<String> {
        let board = self.board(state)?;
        let title = format!("{} {}", self.title(), state.position());
        Some(crate::drawing::svg::picture(&board, &title))
    }

    /// The game's two valuations of a position, which must agree (the evaluator and the
    /// plain recursion, [`Valuations`]); `None` (the default) for a game without canonical
    /// values. Every partizan game of the list has them.
    fn valuations(&self) -> Option<&dyn Valuations> {
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

    /// True when the entry reads a position ending in `@misere` itself and plays it under
    /// misère play of its own (a game written in Python, partizan ones included), instead
    /// of the library's wrapper of the impartial games; false by default.
    fn plays_misere_itself(&self) -> bool {
        false
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

    /// For each quantity the caps of [`GameEntry::check_served`] bound, a position at the cap
    /// and the same one step past it ([`CapEdge`]), stated beside the caps so that the tests
    /// of every game follow them. A game with no caps of its own states where its notation
    /// stops (Nim's 1 000 heaps); the list is never empty for a game of the registry.
    fn cap_edges(&self) -> Vec<CapEdge>;

    /// [`GameEntry::cap_edges`] under misère play (positions ending in `@misere`), for the
    /// caps of [`GameEntry::check_served_misere`]: one edge per quantity they bound for an
    /// impartial game, none (the default) for a game the library does not play misère.
    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        Vec::new()
    }

    /// Whether a shared server values `state` as a background job (the page's cancellable
    /// jobs, `POST /api/jobs`): caps past those of [`GameEntry::check_served`], chosen so
    /// that the command line values a position at the caps within the job's time limit
    /// (twenty minutes by default). By default, the caps of [`GameEntry::check_served`]: a
    /// game that states no job caps gains nothing from a job.
    fn check_job(&self, state: &dyn GameState) -> Result<(), OverCap> {
        self.check_served(state)
    }

    /// [`GameEntry::check_served`] under misère play: whether a shared server serves
    /// `state` (the game under its usual rules) when it is played misère (`@misere`). The
    /// misère analysis is another computation (an exact search of every position reachable,
    /// or a theorem's), so an impartial game states caps of its own for it; by default, the
    /// caps of the usual rules. A background job under misère play takes these caps too, and
    /// past them what theory reaches ([`crate::misere_play::check_job`]).
    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        self.check_served(state)
    }

    /// A new game from `position` in the game's notation, under the game's usual rules (a
    /// rules term such as `@misere` is read above the entry, by the handle front ends hold,
    /// [`crate::registry::Game`]). The entry is `'static` (every entry is a constant of the
    /// list), so the game in progress can name it ([`GameState::entry`]).
    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError>;

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

    /// A small solving table, as a file name and its bytes, for a caller that solves many
    /// positions without the cache folder ([`SolveOptions::no_cache`]): written once and
    /// passed as [`SolveOptions::table`], it spares each solve building the table anew.
    /// `None` (the default) for a game that reads no table file.
    fn small_table(&self) -> Option<(String, Vec<u8>)> {
        None
    }

    /// The contest whose batch format this game answers (`grundy batch <game>`), in one
    /// line, or `None`.
    fn contest(&self) -> Option<&'static str> {
        None
    }

    /// Answers a contest input in exactly the contest's output format. By default an error
    /// naming the game: it has no contest format ([`crate::registry::answer_contest`] adds
    /// which games have one).
    fn answer_contest(&self, input: &[u8], options: &SolveOptions) -> Result<String, SolveError> {
        let _ = (input, options);
        Err(SolveError::Unsupported(format!(
            "{} has no contest batch format",
            self.name()
        )))
    }
}

/// The kinds of board the web page can draw. A renderer draws every game of its kind from
/// the position's notation (and, for grids, [`GameState::board`], or the structured
/// [`GameEntry::board`] for the kinds that say so), so a game of a kind the page knows needs
/// no drawing code of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// `WxH` rectangles joined by `+` whose moves cut one along a grid line (`v3`, `h2`;
    /// `2:v3` in the second rectangle when there are several).
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
    /// Heaps joined by `+`, after an optional `RULES:` prefix, whose moves are `HEAP->REST`
    /// (the size of the heap moved in) or `HEAP:AMOUNT` (its number, partizan subtraction).
    Heaps,
    /// A grid of cells that moves fill (Domineering; Cram, Snort, Col): placed pieces in
    /// their player's colour, holes dark; drawn from [`GameEntry::board`], moves of one or
    /// two cells ([`GameEntry::footprint`]).
    Cells,
    /// Stones on a grid that move or capture (Clobber; Konane, Amazons): drawn from
    /// [`GameEntry::board`], a move from its stone's cell to another.
    Stones,
    /// A row of cells numbered from 1 with pieces on it (Toads and Frogs; Toppling
    /// Dominoes): drawn from [`GameEntry::board`].
    Strip,
    /// A graph of coloured edges on the ground (Hackenbush), laid out by the game
    /// ([`GameEntry::board`]); a move takes an edge.
    Graph,
    /// A graph without a ground (Node Kayles, Arc Kayles, Snort, Col), laid out by
    /// [`crate::drawing::lay_out`] ([`crate::drawing::Layout::Vertices`]); a move takes a vertex
    /// or an edge, coloured vertices in their player's colour.
    Vertices,
}

impl BoardKind {
    /// Every kind, for the page's tests: each has a renderer.
    pub const ALL: [BoardKind; 11] = [
        BoardKind::Cuts,
        BoardKind::GridCuts,
        BoardKind::Boxes,
        BoardKind::PileAndStake,
        BoardKind::PushGrid,
        BoardKind::Heaps,
        BoardKind::Cells,
        BoardKind::Stones,
        BoardKind::Strip,
        BoardKind::Graph,
        BoardKind::Vertices,
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
            BoardKind::Cells => "cells",
            BoardKind::Stones => "stones",
            BoardKind::Strip => "strip",
            BoardKind::Graph => "graph",
            BoardKind::Vertices => "vertices",
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn board_kinds_have_renderer_names_and_caps_say_what_is_over() {
        assert_eq!(BoardKind::Strip.name(), "strip");
        assert_eq!(BoardKind::Vertices.name(), "vertices");
        let names: std::collections::HashSet<&str> =
            BoardKind::ALL.iter().map(|kind| kind.name()).collect();
        assert_eq!(names.len(), BoardKind::ALL.len());
        assert!(OverCap::check("the pile", 5u32, 5u32).is_ok());
        assert_eq!(
            OverCap::check("the pile", 6u32, 5u32)
                .unwrap_err()
                .to_string(),
            "the pile is 6, over the server's cap of 5"
        );
    }
}
