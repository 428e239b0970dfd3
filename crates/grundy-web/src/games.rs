//! The one place where the web server looks games up: the list shown on the page and the
//! lookup by name. Everything else in this crate goes through [`list`] and [`find`], so the
//! source of games can change without touching the handlers.

use grundy::play::{GameKind, GameState};
use grundy::ParseError;

/// What the page needs to know of a game before playing it.
#[derive(Debug, Clone)]
pub struct GameEntry {
    kind: GameKind,
}

impl GameEntry {
    /// The game's name in the API and the URL (`rectangle`, `pousse-waterloo`, …).
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// One line on the game for a person.
    pub fn summary(&self) -> &'static str {
        match self.kind {
            GameKind::Rectangle => {
                "Rectangle game (IOI 2005): cut a rectangle, keep the larger piece; 1x1 loses"
            }
            GameKind::Cuboid => {
                "Cuboid slicing (IDI Open 2018): slice through a unit cube of one cuboid"
            }
            GameKind::Bidding => {
                "Licytacja (POI 2012): pass, double or triple the stake; the pass that fills the pile loses"
            }
            GameKind::Paper => {
                "Paper cutting (Codeforces 277C): cut along grid lines until all is 1x1"
            }
            GameKind::Pousse => "Pousse (ICFP 1998 rules): push markers in; repeating a state loses",
            GameKind::PousseWaterloo => {
                "Pousse (Waterloo 1998 rules): push markers in; no repetition rule"
            }
            GameKind::TakeBreak => {
                "Take-and-break games by their rules: octal codes, subtraction games, Grundy's game"
            }
        }
    }

    /// How positions are written, in a few words.
    pub fn notation(&self) -> &'static str {
        match self.kind {
            GameKind::Rectangle => "WIDTHxHEIGHT, e.g. 4x3; moves v1 (vertical cut) or h2",
            GameKind::Cuboid => "cuboids joined by +, e.g. 2x2x2+3x4x5; moves N:I,J,K",
            GameKind::Bidding => "n or n/pile/stake, e.g. 15 or 15/4/6; moves pass, double, triple",
            GameKind::Paper => "WxH or WxH:xb,yb,xe,ye;…, e.g. 3x2:1,0,1,2; moves xb,yb,xe,ye",
            GameKind::Pousse | GameKind::PousseWaterloo => {
                "size and moves (6:L1,T3) or a diagram (X../.O./...:X); moves L3, R3, T3, B3"
            }
            GameKind::TakeBreak => "rules:heaps, e.g. 0.137:5+7+12 or grundy:9; moves 12->3+4",
        }
    }

    /// The position a new game starts from when none is given.
    pub fn default_position(&self) -> &'static str {
        self.kind.default_position()
    }

    /// A menu of start positions of sensible sizes for the page.
    pub fn sizes(&self) -> &'static [&'static str] {
        match self.kind {
            GameKind::Rectangle => &["4x3", "8x5", "12x9", "33x11", "80x57"],
            GameKind::Cuboid => &["2x2x2+3x4x5", "3x3x3", "2x3x4", "1x2x3+2x2x2", "4x4x4"],
            GameKind::Bidding => &["5", "15", "25", "129", "390"],
            GameKind::Paper => &["2x1", "3x2", "4x3", "5x5", "2x2:0,1,2,1;1,2,1,0"],
            GameKind::Pousse | GameKind::PousseWaterloo => &["3", "4", "5", "6", "7"],
            GameKind::TakeBreak => &["0.137:5+7+12", "0.77:10+6", "grundy:9+5", "S(1,3,4):10+3"],
        }
    }

    /// True for impartial games, whose positions have a Grundy value.
    pub fn impartial(&self) -> bool {
        !matches!(self.kind, GameKind::Pousse | GameKind::PousseWaterloo)
    }

    /// True for games whose best move comes from a timed search rather than a solved table.
    pub fn searched(&self) -> bool {
        !self.impartial()
    }

    /// The board of a game in progress as rows of `X`, `O` and `.` (Pousse), for drawing;
    /// `None` for games whose notation already shows the position.
    pub fn board(&self, game: &dyn GameState) -> Option<String> {
        grundy::play::pousse::pousse_position(game).map(|position| position.diagram())
    }

    /// The independent parts of a position that is a sum of games (each cuboid of a cuboid
    /// position), each in the game's notation; empty for other games.
    pub fn components(&self, position: &str) -> Vec<String> {
        match self.kind {
            GameKind::Cuboid if position != "empty" => position
                .split('+')
                .map(|part| part.trim().to_string())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A new game from `position` in the game's notation.
    pub fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        self.kind.start(position)
    }
}

/// Every game the page offers, in the order of the menu.
pub fn list() -> Vec<GameEntry> {
    GameKind::ALL
        .into_iter()
        .map(|kind| GameEntry { kind })
        .collect()
}

/// The game called `name` (any letter case), or `None`.
pub fn find(name: &str) -> Option<GameEntry> {
    list()
        .into_iter()
        .find(|entry| entry.name().eq_ignore_ascii_case(name))
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
