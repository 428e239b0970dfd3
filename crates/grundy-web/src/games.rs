//! The one place where the web server looks games up: the list shown on the page and the
//! lookup by name, both from the library's registry. Everything else in this crate goes
//! through [`list`] and [`find`].

use grundy::entry::{BoardKind, Game, OverCap};
use grundy::play::GameState;
use grundy::registry;
use grundy::ParseError;

/// What the page needs to know of a game before playing it.
#[derive(Debug, Clone)]
pub struct GameEntry {
    game: Game,
}

impl GameEntry {
    /// The game's name in the API and the URL (`rectangle`, `pousse-waterloo`, …).
    pub fn name(&self) -> &'static str {
        self.game.name()
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

    /// A new game from `position` in the game's notation.
    pub fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        self.game.start(position)
    }
}

/// Every game the page offers, in the order of the menu.
pub fn list() -> Vec<GameEntry> {
    registry::all()
        .iter()
        .map(|&game| GameEntry { game })
        .collect()
}

/// The game called `name` or one of its aliases (any letter case), or `None`.
pub fn find(name: &str) -> Option<GameEntry> {
    registry::find(name).ok().map(|game| GameEntry { game })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_game_starts_from_its_default_and_its_sizes() {
        for entry in list() {
            assert!(
                entry.start(entry.default_position()).is_ok(),
                "{}",
                entry.name()
            );
            for size in entry.sizes() {
                assert!(entry.start(size).is_ok(), "{} {size}", entry.name());
            }
            assert_eq!(find(entry.name()).unwrap().name(), entry.name());
        }
        assert_eq!(find("RECTANGLE").unwrap().name(), "rectangle");
        let cuboid = find("cuboid").unwrap();
        assert_eq!(cuboid.components("2x2x2+3x4x5"), ["2x2x2", "3x4x5"]);
        assert!(cuboid.components("empty").is_empty());
        assert!(find("rectangle").unwrap().components("4x3").is_empty());
        assert!(find("chess").is_none());
    }
}
