//! Play-outs of a user's game under normal or misère play: whether the player to move
//! wins, and the remoteness (how many moves the game lasts when the winner hurries and the
//! loser holds out). A play-out walks whole positions (a sum's remoteness is not its
//! parts'), so it is slower than a value on games with components.

use pyo3::prelude::*;

use super::walk::{Mover, Walk};

/// The play-out of a position: whether the player to move wins, and in how many moves.
pub type PlayOut = (bool, u64);

impl<'py> Walk<'_, 'py> {
    /// The play-out of `position` with `mover` to move (met as an option of `parent`).
    pub fn play_out(
        &mut self,
        position: &Bound<'py, PyAny>,
        mover: Mover,
        misere: bool,
        parent: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<PlayOut> {
        let table = mover.index(misere);
        let (key, found) = self
            .run
            .look_up(&self.tables.play_outs[table], position, parent)?;
        if let Some(known) = found {
            return Ok(known);
        }
        if !self.tables.loopy_play[table].is_empty()
            && self.tables.loopy_play[table]
                .get(&key, &mut self.run.user_time)?
                .is_some()
        {
            return Err(self.loopy_known(&key));
        }
        self.run
            .check_position(position, parent, mover.method(self.py()))?;
        self.enter(&key)?;
        let options = self.moves(&key, mover)?;
        let answer = match self.best_of(&options, position, mover, misere) {
            Ok(answer) => answer,
            Err(error) => {
                self.keep_moves(&key, mover, &options);
                return Err(error);
            }
        };
        self.leave();
        self.tables.play_outs[table].insert(&key, answer);
        self.counted(&key)?;
        Ok(answer)
    }

    /// The play-outs of `options` (the moves of `mover` from `position`), each after the
    /// move.
    pub fn option_play_outs(
        &mut self,
        options: &[Bound<'py, PyAny>],
        position: &Bound<'py, PyAny>,
        mover: Mover,
        misere: bool,
    ) -> PyResult<Vec<PlayOut>> {
        options
            .iter()
            .map(|option| {
                self.deeper(|walk| walk.play_out(option, mover.other(), misere, Some(position)))
            })
            .collect()
    }

    /// The play-out of a position whose mover has `options`: the winner takes the quickest
    /// win, the loser the slowest loss. Without a move the mover loses (normal play) or wins
    /// (misère play) at once.
    fn best_of(
        &mut self,
        options: &[Bound<'py, PyAny>],
        position: &Bound<'py, PyAny>,
        mover: Mover,
        misere: bool,
    ) -> PyResult<PlayOut> {
        if options.is_empty() {
            return Ok((misere, 0));
        }
        let after = self.option_play_outs(options, position, mover, misere)?;
        Ok(best(&after))
    }
}

/// The play-out of a position from those of its options (each non-empty list; the game
/// is at most as long as the number of positions, so `+ 1` never wraps).
pub fn best(after: &[PlayOut]) -> PlayOut {
    let quickest_win = after
        .iter()
        .filter(|(opponent_wins, _)| !opponent_wins)
        .map(|(_, moves)| moves + 1)
        .min();
    match quickest_win {
        Some(moves) => (true, moves),
        None => (
            false,
            after.iter().map(|(_, moves)| moves + 1).max().unwrap_or(0),
        ),
    }
}
