//! The one place where the web server looks games up: the [`Catalogue`] of the games a
//! server serves, which the library's registry seeds and an embedder may extend with games
//! of its own (a game written in Python, say). Every handler asks the catalogue of the
//! server's state, for the menu and for each lookup by name; nothing else in this crate
//! reads the registry.

use std::collections::HashMap;

use grundy::error::ParseError;
use grundy::game::GameState;
use grundy::game::{BoardKind, OverCap};
use grundy::registry;
use grundy::registry::Game;

/// What the page needs to know of a game before playing it.
#[derive(Debug, Clone)]
pub struct GameEntry {
    game: Game,
    /// True for an embedder's own game (served after the registry's).
    extra: bool,
}

impl GameEntry {
    /// The entry of `game`, one of the registry's.
    pub fn new(game: Game) -> Self {
        GameEntry { game, extra: false }
    }

    /// True for an embedder's own game, whose work runs on a pool of its own.
    pub fn is_extra(&self) -> bool {
        self.extra
    }

    /// The game's handle.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The game's name in the API and the URL (`rectangle`, `pousse-waterloo`, …).
    pub fn name(&self) -> &'static str {
        self.game.name()
    }

    /// Other names the game answers to.
    pub fn aliases(&self) -> &'static [&'static str] {
        self.game.aliases()
    }

    /// One line on the game for a person.
    pub fn summary(&self) -> &'static str {
        self.game.summary()
    }

    /// How positions are written, in a few words.
    pub fn notation(&self) -> &'static str {
        self.game.notation()
    }

    /// The position a new game starts from when none is given.
    pub fn default_position(&self) -> &'static str {
        self.game.default_position()
    }

    /// A menu of start positions of sensible sizes for the page: the entry's own, else its
    /// default position and its example.
    pub fn sizes(&self) -> Vec<&'static str> {
        let menu = self.game.start_positions();
        if !menu.is_empty() {
            return menu.to_vec();
        }
        let mut fallback = vec![self.game.default_position()];
        if self.game.example() != self.game.default_position() {
            fallback.push(self.game.example());
        }
        fallback
    }

    /// The renderer that draws this game's board on the page (`push-grid`), or `None` for
    /// the generic view (the text picture and the list of moves).
    pub fn board_kind(&self) -> Option<&'static str> {
        self.game.board_kind().map(BoardKind::name)
    }

    /// True for impartial games, whose positions have a Grundy value.
    pub fn impartial(&self) -> bool {
        self.game.is_impartial()
    }

    /// True for games whose best move comes from a timed search rather than a solved table.
    pub fn searched(&self) -> bool {
        self.game.is_searched()
    }

    /// The board of a game in progress as rows of text (Pousse: `X`, `O`, `.`), for the
    /// grid renderers; `None` for games whose notation already shows the position.
    pub fn board(&self, game: &dyn GameState) -> Option<String> {
        game.board()
    }

    /// The independent parts of a position that is a sum of games (each cuboid of a cuboid
    /// position), each in the game's notation; empty for other games.
    pub fn components(&self, position: &str) -> Vec<String> {
        self.game.components(position)
    }

    /// Whether the server serves `game`: `Err` names the game's cap it is over.
    pub fn check_served(&self, game: &dyn GameState) -> Result<(), OverCap> {
        self.game.check_served(game)
    }

    /// Whether the server values `game` as a background job (`POST /api/jobs`): `Err`
    /// names the game's job cap it is over.
    pub fn check_job(&self, game: &dyn GameState) -> Result<(), OverCap> {
        self.game.check_job(game)
    }

    /// A new game from `position` in the game's notation.
    pub fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        self.game.start(position)
    }
}

/// The games a server serves, in the order of the menu: the registry's games, then the
/// embedder's extra games in the order given. Every name and alias answers to one game only
/// (any letter case), so that a request, a link or a record names one game.
#[derive(Debug, Clone)]
pub struct Catalogue {
    entries: Vec<GameEntry>,
    /// Each name and alias in lower case, and the entry it names.
    names: HashMap<String, usize>,
}

/// An extra game the catalogue refuses (see [`Catalogue::with_extra_games`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    /// A name or alias of the extra game is already a name or alias of another game.
    #[error(
        "the game \"{game}\" cannot be served: {which} \"{name}\" is already a name of the \
         {owner_kind} game \"{owner}\"; give it another name"
    )]
    NameTaken {
        /// The extra game's name.
        game: String,
        /// `its name` or `its alias`.
        which: &'static str,
        /// The name or alias that collides.
        name: String,
        /// The game that already answers to it.
        owner: String,
        /// `built-in` or `extra`.
        owner_kind: &'static str,
    },
    /// A name or alias that no request could name: empty, or with white space at its ends.
    #[error(
        "the game \"{game}\" cannot be served: {which} \"{name}\" is empty or has white \
         space at its ends"
    )]
    BadName {
        /// The extra game's name.
        game: String,
        /// `its name` or `its alias`.
        which: &'static str,
        /// The name or alias at fault.
        name: String,
    },
}

impl Catalogue {
    /// The registry's games, as `grundy serve` serves them.
    pub fn builtin() -> Self {
        let mut catalogue = Catalogue {
            entries: Vec::new(),
            names: HashMap::new(),
        };
        for &game in registry::all() {
            // The registry's own tests keep its names and aliases unique.
            let _ = catalogue.add(game, false);
        }
        catalogue
    }

    /// The registry's games followed by `extra`, in the order given. An extra game whose
    /// name or alias is already a name or alias of a built-in game or of an earlier extra
    /// game (in any letter case), or is empty or has white space at its ends, is refused
    /// with an error naming both games.
    pub fn with_extra_games(extra: impl IntoIterator<Item = Game>) -> Result<Self, CatalogueError> {
        let mut catalogue = Catalogue::builtin();
        for game in extra {
            catalogue.add(game, true)?;
        }
        Ok(catalogue)
    }

    /// Adds `game` (an embedder's own when `extra`) after the others, or refuses it
    /// (nothing added) when one of its names is taken or unusable.
    fn add(&mut self, game: Game, extra: bool) -> Result<(), CatalogueError> {
        let names = std::iter::once(("its name", game.name()))
            .chain(game.aliases().iter().map(|alias| ("its alias", *alias)));
        let mut keys = Vec::new();
        for (which, name) in names {
            if name.is_empty() || name.trim() != name {
                return Err(CatalogueError::BadName {
                    game: game.name().to_string(),
                    which,
                    name: name.to_string(),
                });
            }
            let key = name.to_ascii_lowercase();
            let taken = self
                .names
                .get(&key)
                .map(|&index| self.entries[index].name());
            let taken = taken.or_else(|| keys.contains(&key).then(|| game.name()));
            if let Some(owner) = taken {
                let builtin = registry::all().iter().any(|known| known.name() == owner);
                return Err(CatalogueError::NameTaken {
                    game: game.name().to_string(),
                    which,
                    name: name.to_string(),
                    owner: owner.to_string(),
                    owner_kind: if builtin { "built-in" } else { "extra" },
                });
            }
            keys.push(key);
        }
        let index = self.entries.len();
        self.entries.push(GameEntry { game, extra });
        self.names.extend(keys.into_iter().map(|key| (key, index)));
        Ok(())
    }

    /// Every game served, in the order of the menu.
    pub fn entries(&self) -> &[GameEntry] {
        &self.entries
    }

    /// The names of the games served, in the order of the menu.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(GameEntry::name).collect()
    }

    /// The game called `name` or one of its aliases (any letter case, white space at the
    /// ends ignored), or `None` when the server does not serve it.
    pub fn find(&self, name: &str) -> Option<GameEntry> {
        let key = name.trim().to_ascii_lowercase();
        self.names
            .get(&key)
            .map(|&index| self.entries[index].clone())
    }
}

impl Default for Catalogue {
    /// The registry's games ([`Catalogue::builtin`]).
    fn default() -> Self {
        Catalogue::builtin()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_game_starts_from_its_default_and_its_sizes() {
        let games = Catalogue::builtin();
        assert_eq!(games.names(), registry::names());
        for entry in games.entries() {
            assert!(
                entry.start(entry.default_position()).is_ok(),
                "{}",
                entry.name()
            );
            for size in entry.sizes() {
                assert!(entry.start(size).is_ok(), "{} {size}", entry.name());
            }
            assert_eq!(games.find(entry.name()).unwrap().name(), entry.name());
            for alias in entry.aliases() {
                assert_eq!(games.find(alias).unwrap().name(), entry.name());
            }
        }
        assert_eq!(games.find("RECTANGLE").unwrap().name(), "rectangle");
        assert_eq!(games.find(" rec ").unwrap().name(), "rectangle");
        let cuboid = games.find("cuboid").unwrap();
        assert_eq!(cuboid.components("2x2x2+3x4x5"), ["2x2x2", "3x4x5"]);
        assert!(cuboid.components("empty").is_empty());
        assert!(games
            .find("rectangle")
            .unwrap()
            .components("4x3")
            .is_empty());
        assert!(games.find("chess").is_none());
    }

    #[test]
    fn an_extra_game_may_not_take_a_built_in_name_or_alias() {
        let nim = registry::find("nim").unwrap();
        let error = Catalogue::with_extra_games([nim]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the game \"nim\" cannot be served: its name \"nim\" is already a name of the \
             built-in game \"nim\"; give it another name"
        );
        // An extra rectangle answers to the alias `rec` too, which is taken.
        let rectangle = registry::find("rectangle").unwrap();
        assert!(matches!(
            Catalogue::with_extra_games([rectangle]),
            Err(CatalogueError::NameTaken { .. })
        ));
    }
}
