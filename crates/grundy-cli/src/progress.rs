//! A progress bar on standard error for matches and tournaments: games done of the total,
//! the first player's score and Elo so far, the time left. Drawn only when standard error is
//! a terminal and `--quiet` is not given; standard output never carries it.

use std::io::IsTerminal;
use std::sync::Mutex;

use grundy_arena::rating::{format_elo, Tally};
use grundy_arena::record::GameRecord;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `total` steps drawn with `template` on standard error when `wanted` and standard
/// error is a terminal, hidden otherwise (every long command's bar starts here).
pub fn bar_on_stderr(total: Option<u64>, wanted: bool, template: &str) -> ProgressBar {
    let shown = wanted && std::io::stderr().is_terminal();
    let bar = ProgressBar::with_draw_target(
        total,
        if shown {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// The bar and the first player's tally.
pub struct GameProgress {
    bar: ProgressBar,
    player: String,
    tally: Mutex<Tally>,
}

impl GameProgress {
    /// A bar for `total` games of which `done` are already played, following `player`
    /// (the match's first player, or a tournament's first entrant); shown when `wanted`
    /// and standard error is a terminal.
    pub fn new(total: usize, done: usize, player: &str, wanted: bool) -> Self {
        let bar = bar_on_stderr(
            Some(total as u64),
            wanted,
            "games {pos}/{len} [{bar:24}] {msg} {elapsed} (eta {eta})",
        );
        bar.set_position(done as u64);
        bar.tick();
        GameProgress {
            bar,
            player: player.to_string(),
            tally: Mutex::new(Tally::default()),
        }
    }

    /// Counts a finished game and runs `print` (output on standard output) without
    /// tearing the bar.
    pub fn record(&self, record: &GameRecord, print: impl FnOnce()) {
        if let (Ok(mut tally), Some(key), Some(score)) = (
            self.tally.lock(),
            record.key.as_ref(),
            record.result.first_score(),
        ) {
            let mine = if key.first == self.player {
                Some(score)
            } else if key.second == self.player {
                Some(1.0 - score)
            } else {
                None
            };
            if let Some(mine) = mine {
                tally.count(mine);
            }
            let (elo, _) = format_elo(tally.elo());
            self.bar.set_message(format!(
                "{} {:.1}% elo {elo}",
                self.player,
                100.0 * tally.share().unwrap_or(0.0)
            ));
        }
        self.bar.suspend(print);
        self.bar.inc(1);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
