//! The referee: one game between two players, with the position, the clocks and the verdict
//! in the referee's hands.
//!
//! The referee owns the position (a [`GameState`](grundy::game::GameState)) and checks every move itself; a player's
//! word counts for nothing. Each side's clock runs only while that side is asked for a move.
//! Whatever happens, the game ends with exactly one [`GameResult`], both players are
//! finished (their process groups killed), and the call returns.

use std::time::{Duration, Instant};

use crate::player::{Clock, Fault, Finish, GameStart, Limits, Player};
use crate::record::{GameRecord, MoveRecord};
use crate::result::{GameResult, Termination};
use grundy::game::Status;
use grundy::player::Seat;
use grundy::registry::Game;

/// The result of a game that `side` lost by `fault` (or that the referee's side voided).
fn fault_result(side: Seat, fault: Fault) -> GameResult {
    if fault.kind == Termination::Void {
        GameResult {
            winner: None,
            termination: Termination::Void,
            detail: format!("{side} player: {}", fault.detail),
        }
    } else {
        GameResult::win(
            side.other(),
            fault.kind,
            format!("{side} player: {}", fault.detail),
        )
    }
}

/// Everything about one game but the players.
#[derive(Debug, Clone)]
pub struct GameSetup {
    /// Which game.
    pub game: Game,
    /// The start position in notation.
    pub position: String,
    /// The clock.
    pub clock: Clock,
    /// Time limits for everything that is not a move.
    pub limits: Limits,
    /// After this many moves the game is a draw by adjudication.
    pub max_moves: usize,
    /// The seed; the first player gets `2·seed`, the second `2·seed + 1`.
    pub seed: u64,
}

/// The default move cap: a million moves, beyond perfect against stubborn play from
/// 10^8 × (10^8 − 1) (about 391 000 moves) and the end of a Pousse game going round in
/// circles (set a smaller cap for Pousse tournaments, as the contests did).
pub const DEFAULT_MAX_MOVES: usize = 1_000_000;

/// Plays one game between `first` and `second` (seats from the start position) and returns
/// its record. `names` are the players as written, for the record.
pub fn play_game(
    setup: &GameSetup,
    names: [&str; 2],
    first: &mut dyn Player,
    second: &mut dyn Player,
) -> GameRecord {
    play_game_clocked(setup, [Terms::new(setup.clock); 2], names, first, second)
}

/// One side's terms: its clock, and how far a move may go over its limit before the side
/// forfeits (cutechess's `timemargin`: for machines whose scheduling delays would otherwise
/// decide games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Terms {
    /// The side's clock; the side is told it and plans by it.
    pub clock: Clock,
    /// The grace over any limit before a time forfeit.
    pub time_margin: Duration,
}

impl Terms {
    /// A clock with no grace.
    pub fn new(clock: Clock) -> Self {
        Terms {
            clock,
            time_margin: Duration::ZERO,
        }
    }
}

/// Plays one game as [`play_game`] does, each side under its own terms (`terms[0]` the
/// first player's): each is told its own clock, and each forfeits when it overruns its own
/// limits by more than its own margin. `setup.clock` is not used.
pub fn play_game_clocked(
    setup: &GameSetup,
    clocks: [Terms; 2],
    names: [&str; 2],
    first: &mut dyn Player,
    second: &mut dyn Player,
) -> GameRecord {
    let mut players: [&mut dyn Player; 2] = [first, second];
    let mut moves = Vec::new();
    let result = referee(setup, clocks, &mut players, &mut moves);
    let finishes: Vec<Finish> = players.iter_mut().map(|player| player.finish()).collect();
    GameRecord {
        game: setup.game.to_string(),
        position: setup.position.clone(),
        players: [names[0].to_string(), names[1].to_string()],
        seed: setup.seed,
        moves,
        result,
        stderr: [
            finishes[0].stderr_tail.clone(),
            finishes[1].stderr_tail.clone(),
        ],
        notes: finishes
            .iter()
            .zip(["first", "second"])
            .filter_map(|(finish, seat)| finish.note.as_ref().map(|note| format!("{seat}: {note}")))
            .collect(),
        key: None,
    }
}

fn referee(
    setup: &GameSetup,
    clocks: [Terms; 2],
    players: &mut [&mut dyn Player; 2],
    moves: &mut Vec<MoveRecord>,
) -> GameResult {
    let mut state = match setup.game.start(&setup.position) {
        Ok(state) => state,
        Err(error) => {
            return GameResult {
                winner: None,
                termination: Termination::Void,
                detail: format!("bad start position: {error}"),
            }
        }
    };
    for side in [Seat::First, Seat::Second] {
        let start = GameStart {
            game: setup.game,
            position: setup.position.clone(),
            clock: clocks[side.index()].clock,
            seed: setup.seed.wrapping_mul(2).wrapping_add(side.index() as u64),
        };
        if let Err(fault) = players[side.index()].start(&start) {
            return fault_result(side, fault);
        }
    }
    let mut used = [Duration::ZERO; 2];
    loop {
        let side = state.side_to_move();
        if let Status::Won { winner } = state.status() {
            return GameResult::win(winner, Termination::Normal, "");
        }
        if moves.len() >= setup.max_moves {
            return GameResult {
                winner: None,
                termination: Termination::MoveCap,
                detail: format!(
                    "draw by adjudication after {} moves (the move cap)",
                    moves.len()
                ),
            };
        }
        let Terms { clock, time_margin } = clocks[side.index()];
        let time_left = clock
            .gametime
            .map(|total| total.saturating_sub(used[side.index()]));
        let mut limit = setup.limits.move_cap;
        if let Some(movetime) = clock.movetime {
            limit = limit.min(movetime);
        }
        if let Some(left) = time_left {
            limit = limit.min(left);
        }
        let asked = Instant::now();
        let answer = players[side.index()].genmove_with_margin(limit, time_margin, time_left);
        let elapsed = asked.elapsed();
        used[side.index()] += elapsed;
        let mv = match answer {
            Ok(mv) => mv,
            Err(fault) => return fault_result(side, fault),
        };
        if elapsed > limit + time_margin {
            let margin = if time_margin.is_zero() {
                String::new()
            } else {
                format!(" and the margin {} ms", time_margin.as_millis())
            };
            return fault_result(
                side,
                Fault::new(
                    Termination::TimeForfeit,
                    format!(
                        "{mv} took {} ms, the limit was {} ms{margin}",
                        elapsed.as_millis(),
                        limit.as_millis()
                    ),
                ),
            );
        }
        let canonical = match state.play(&mv) {
            Ok(canonical) => canonical,
            Err(error) => {
                return fault_result(
                    side,
                    Fault::new(
                        Termination::IllegalMove,
                        format!("{:?} in {}: {error}", shorten(&mv), state.position()),
                    ),
                )
            }
        };
        moves.push(MoveRecord {
            mv: canonical.clone(),
            ms: elapsed.as_secs_f64() * 1000.0,
        });
        // The opponent hears every move, the last one too, so its board stays the referee's.
        if let Err(fault) = players[side.other().index()].opponent_moved(&canonical) {
            return fault_result(side.other(), fault);
        }
    }
}

fn shorten(text: &str) -> String {
    text.chars().take(40).collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::player::BuiltinPlayer;
    use grundy::registry;

    fn setup(position: &str) -> GameSetup {
        GameSetup {
            game: registry::find("rectangle").unwrap(),
            position: position.to_string(),
            clock: Clock::default(),
            limits: Limits::default(),
            max_moves: DEFAULT_MAX_MOVES,
            seed: 1,
        }
    }

    fn builtin(spec: &str) -> BuiltinPlayer {
        BuiltinPlayer::new(spec.parse().unwrap())
    }

    #[test]
    fn perfect_play_wins_a_won_position_on_the_board() {
        // 4x3 is a first-player win.
        let record = play_game(
            &setup("4x3"),
            ["perfect", "random"],
            &mut builtin("perfect"),
            &mut builtin("random"),
        );
        assert_eq!(record.result.termination, Termination::Normal);
        assert_eq!(record.result.winner_side(), Some(Seat::First));
        let mut replay = registry::find("rectangle").unwrap().start("4x3").unwrap();
        for mv in &record.moves {
            replay.play(&mv.mv).unwrap();
        }
        assert_eq!(
            replay.status(),
            Status::Won {
                winner: Seat::First
            }
        );
    }

    #[test]
    fn the_move_cap_is_a_draw_by_adjudication() {
        let mut game = setup("100x100");
        game.max_moves = 3;
        let record = play_game(
            &game,
            ["stubborn", "stubborn"],
            &mut builtin("stubborn"),
            &mut builtin("stubborn"),
        );
        assert_eq!(record.result.termination, Termination::MoveCap);
        assert_eq!(record.result.winner, None);
        assert_eq!(record.result.first_score(), Some(0.5));
        assert!(record.result.detail.contains("adjudication"));
        assert_eq!(record.moves.len(), 3);
    }

    #[test]
    fn every_game_plays_to_a_result_with_legal_moves() {
        for &kind in registry::all() {
            let game = GameSetup {
                game: kind,
                position: kind.default_position().to_string(),
                max_moves: 300,
                ..setup("1x1")
            };
            let record = play_game(
                &game,
                ["random", "random"],
                &mut builtin("random"),
                &mut builtin("random"),
            );
            assert!(
                matches!(
                    record.result.termination,
                    Termination::Normal | Termination::MoveCap
                ),
                "{kind}: {}",
                record.result
            );
            let mut replay = kind.start(kind.default_position()).unwrap();
            for mv in &record.moves {
                replay.play(&mv.mv).unwrap();
            }
        }
    }

    #[test]
    fn a_bad_start_position_voids_the_game() {
        let record = play_game(
            &setup("0x3"),
            ["perfect", "perfect"],
            &mut builtin("perfect"),
            &mut builtin("perfect"),
        );
        assert_eq!(record.result.termination, Termination::Void);
        assert_eq!(record.result.first_score(), None);
    }
}
