//! Matches and tournaments: a schedule of games (round robin or gauntlet, over positions,
//! both colours, several rounds), played on worker threads, each game recorded as it ends,
//! games already in the record skipped on resume, and a results table.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use grundy::registry::Game;

use crate::contender::{Contender, PlayerOptions};
use crate::pentanomial::{pair_counts, Pentanomial};
use crate::player::{Clock, Limits, PlayerSpec};
use crate::rating::{format_elo, Tally};
use crate::record::{GameRecord, RecordWriter};
use crate::referee::{play_game_clocked, GameSetup};
use crate::result::Termination;
use crate::schedule::GameKey;
use crate::schedule::Scheduled;
use crate::shard::Shard;

/// A player in a tournament: a unique label and what to run.
#[derive(Debug, Clone)]
pub struct Entrant {
    /// The player's name in records and tables (the spec with its options, made unique with
    /// `#2`, `#3`, …).
    pub label: String,
    /// What to run.
    pub spec: PlayerSpec,
    /// Its own clock and threads.
    pub options: PlayerOptions,
}

/// Labels the players by their specs, numbering repeats (`perfect`, `perfect#2`), so every
/// pairing has a key of its own.
pub fn entrants(specs: &[PlayerSpec]) -> Vec<Entrant> {
    let plain: Vec<Contender> = specs.iter().cloned().map(Contender::plain).collect();
    contender_entrants(&plain)
}

/// Labels players with their own terms as [`entrants`] does (`alphabeta@movetime=1000`).
pub fn contender_entrants(contenders: &[Contender]) -> Vec<Entrant> {
    let mut seen: Vec<String> = Vec::new();
    contenders
        .iter()
        .map(|contender| {
            let base = contender.to_string();
            let mut label = base.clone();
            let mut count = 1;
            while seen.contains(&label) {
                count += 1;
                label = format!("{base}#{count}");
            }
            seen.push(label.clone());
            Entrant {
                label,
                spec: contender.spec.clone(),
                options: contender.options,
            }
        })
        .collect()
}

/// Everything a run needs.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The game.
    pub game: Game,
    /// The players.
    pub entrants: Vec<Entrant>,
    /// The games, in order.
    pub games: Vec<Scheduled>,
    /// The clock of every game.
    pub clock: Clock,
    /// Limits for everything that is not a move.
    pub limits: Limits,
    /// The move cap (a draw by adjudication).
    pub max_moves: usize,
    /// The base seed; game `i` of the schedule is played with a seed drawn from it and `i`,
    /// so a resumed run plays each game as a fresh run would.
    pub seed: u64,
}

impl Plan {
    /// The record key of a scheduled game.
    pub fn key(&self, game: &Scheduled) -> GameKey {
        GameKey {
            first: self.entrants[game.first].label.clone(),
            second: self.entrants[game.second].label.clone(),
            position: game.position.clone(),
            round: game.round,
        }
    }

    /// The seed of game `index` of the schedule (SplitMix64 of the base seed and index).
    pub fn game_seed(&self, index: usize) -> u64 {
        let mut z = self
            .seed
            .wrapping_add((index as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// What a run did.
#[derive(Debug, Default)]
pub struct RunReport {
    /// The games played in this run, in the order they finished.
    pub records: Vec<GameRecord>,
    /// Scheduled games skipped because the record already held them.
    pub skipped: usize,
    /// Wall time of the run.
    pub wall: Duration,
    /// Time each worker thread spent playing games (the rest it waited or was idle).
    pub busy: Vec<Duration>,
}

/// Called with each record as its game finishes (from the worker thread that played it).
pub type OnRecord<'a> = &'a (dyn Fn(&GameRecord) + Sync);

/// How to run a plan.
#[derive(Default)]
pub struct RunOptions<'a> {
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Where each record goes as its game finishes.
    pub writer: Option<&'a RecordWriter>,
    /// Games already played (from the record file), skipped.
    pub done: HashSet<GameKey>,
    /// A progress line on standard error.
    pub progress: bool,
    /// Told of each finished game, after it is written.
    pub on_record: Option<OnRecord<'a>>,
    /// Only the games of this shard of the schedule (all games when `None`); a game keeps
    /// its index, so it is played with the same seed as in an unsharded run.
    pub shard: Option<Shard>,
    /// Set to stop the run: no further game is started (games under way finish).
    pub stop: Option<&'a AtomicBool>,
}

/// Plays every scheduled game not already done, on `jobs` threads, writing each record as
/// the game finishes. A record that cannot be written stops the run (games under way
/// finish) and is returned as the error.
pub fn run(plan: &Plan, options: &RunOptions<'_>) -> std::io::Result<RunReport> {
    let started = Instant::now();
    let shard = options.shard.unwrap_or(Shard::WHOLE);
    let mine: Vec<usize> = (0..plan.games.len())
        .filter(|&index| shard.holds(index))
        .collect();
    let todo: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|&index| !options.done.contains(&plan.key(&plan.games[index])))
        .collect();
    let skipped = mine.len() - todo.len();
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let records = Mutex::new(Vec::new());
    let failure: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let jobs = options.jobs.max(1).min(todo.len().max(1));
    let busy: Vec<Duration> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let mut busy = Duration::ZERO;
                    loop {
                        if failure.lock().map(|f| f.is_some()).unwrap_or(true) {
                            break;
                        }
                        if options.stop.is_some_and(|stop| stop.load(Ordering::SeqCst)) {
                            break;
                        }
                        let slot = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&index) = todo.get(slot) else {
                            break;
                        };
                        let begun = Instant::now();
                        let record = play_scheduled(plan, index);
                        if let Some(writer) = options.writer {
                            if let Err(error) = writer.write(&record) {
                                if let Ok(mut failure) = failure.lock() {
                                    failure.get_or_insert(error);
                                }
                            }
                        }
                        busy += begun.elapsed();
                        if let Some(on_record) = options.on_record {
                            on_record(&record);
                        }
                        let count = finished.fetch_add(1, Ordering::Relaxed) + 1;
                        if options.progress {
                            let mut stderr = std::io::stderr().lock();
                            let _ = write!(
                                stderr,
                                "\rgames {:>6}/{} ({} skipped, {:.1} s)",
                                count + skipped,
                                mine.len(),
                                skipped,
                                started.elapsed().as_secs_f64()
                            );
                            let _ = stderr.flush();
                        }
                        if let Ok(mut records) = records.lock() {
                            records.push(record);
                        }
                    }
                    busy
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().unwrap_or_default())
            .collect()
    });
    if options.progress {
        eprintln!();
    }
    if let Some(error) = failure.into_inner().ok().flatten() {
        return Err(error);
    }
    Ok(RunReport {
        records: records.into_inner().unwrap_or_default(),
        skipped,
        wall: started.elapsed(),
        busy,
    })
}

/// Plays game `index` of the plan with fresh players.
pub fn play_scheduled(plan: &Plan, index: usize) -> GameRecord {
    let game = &plan.games[index];
    let setup = GameSetup {
        game: plan.game,
        position: game.position.clone(),
        clock: plan.clock,
        limits: plan.limits,
        max_moves: plan.max_moves,
        seed: plan.game_seed(index),
    };
    let first = &plan.entrants[game.first];
    let second = &plan.entrants[game.second];
    let build = |entrant: &Entrant| {
        Contender {
            spec: entrant.spec.clone(),
            options: entrant.options,
        }
        .build(&plan.limits)
    };
    let mut first_player = build(first);
    let mut second_player = build(second);
    let clocks = [
        first.options.terms(plan.clock),
        second.options.terms(plan.clock),
    ];
    let mut record = play_game_clocked(
        &setup,
        clocks,
        [&first.label, &second.label],
        first_player.as_mut(),
        second_player.as_mut(),
    );
    record.key = Some(plan.key(game));
    record
}

/// One line of the results table.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The player.
    pub label: String,
    /// Wins, draws and losses against the field.
    pub tally: Tally,
    /// The part of `tally` from the games in which the player moved first (the rest it
    /// played second): the side to move at the start position may have an edge.
    pub as_first: Tally,
    /// Games that did not count.
    pub void: u64,
    /// Games lost by a fault (illegal move, protocol, time, crash, stall).
    pub faults: u64,
    /// The pentanomial counts, when every counted game of the player lies in a pair
    /// (the same position and round with the colours swapped).
    pub pairs: Option<Pentanomial>,
}

/// The standings of `labels` from `records` (this game's records with keys; others are
/// ignored), in the order of the labels.
pub fn standings(labels: &[String], records: &[GameRecord]) -> Vec<Standing> {
    let mut table: Vec<Standing> = labels
        .iter()
        .map(|label| Standing {
            label: label.clone(),
            tally: Tally::default(),
            as_first: Tally::default(),
            void: 0,
            faults: 0,
            pairs: None,
        })
        .collect();
    let find = |label: &str| labels.iter().position(|l| l == label);
    for record in records {
        let Some(key) = &record.key else { continue };
        let (Some(first), Some(second)) = (find(&key.first), find(&key.second)) else {
            continue;
        };
        match record.result.first_score() {
            None => {
                table[first].void += 1;
                table[second].void += 1;
            }
            Some(score) => {
                for (seat, mine) in [(first, score), (second, 1.0 - score)] {
                    table[seat].tally.count(mine);
                    if seat == first {
                        table[seat].as_first.count(mine);
                    }
                    if mine == 0.0 && record.result.termination != Termination::Normal {
                        table[seat].faults += 1;
                    }
                }
            }
        }
    }
    for (standing, pairs) in table.iter_mut().zip(pair_counts(labels, records)) {
        standing.pairs = pairs.filter(|p| p.pairs() > 0);
    }
    table
}

/// `wins-losses-draws (score%)`, or `-` without games.
fn tally_text(tally: &Tally) -> String {
    match tally.share() {
        Some(share) => format!(
            "{}-{}-{} ({})",
            tally.wins,
            tally.losses,
            tally.draws,
            percent(share)
        ),
        None => "-".to_string(),
    }
}

/// A share from 0 to 1 as a percentage with one decimal.
fn percent(share: f64) -> String {
    format!("{:.1}%", 100.0 * share)
}

/// The results table: each player's wins, losses, draws, score, Elo against the field with
/// its 95% margin, and likelihood of superiority, best score first. When a player's games
/// are all paired, the Elo, margin and likelihood come from the pentanomial counts (shown
/// in the last column: pairs scoring 0, ½, 1, 1½, 2 points), else from wins, draws and
/// losses. Below it, each player's wins, losses and draws as the first player and as the
/// second, and what the first player scored over all games.
pub fn results_table(standings: &[Standing]) -> String {
    let mut sorted = standings.to_vec();
    sorted.sort_by(|a, b| {
        let rate = |s: &Standing| s.tally.share().unwrap_or(0.0);
        rate(b).total_cmp(&rate(a))
    });
    let width = sorted
        .iter()
        .map(|s| s.label.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<width$}  {:>5} {:>5} {:>5} {:>5} {:>8} {:>7}  {:<14} {:>6}  pairs 0-2",
        "player", "games", "wins", "losses", "draws", "score", "faults", "elo ± 95%", "los",
    );
    for standing in &sorted {
        let tally = standing.tally;
        let (elo, los, pairs) = match standing.pairs {
            Some(pairs) => {
                let (elo, los) = format_elo(pairs.elo());
                (elo, los, pairs.to_compact())
            }
            None => {
                let (elo, los) = format_elo(tally.elo());
                (elo, los, "-".to_string())
            }
        };
        let score = tally.share().map_or_else(|| "-".to_string(), percent);
        let _ = writeln!(
            out,
            "{:<width$}  {:>5} {:>5} {:>6} {:>5} {:>8} {:>7}  {:<14} {:>6}  {}",
            standing.label,
            tally.games(),
            tally.wins,
            tally.losses,
            tally.draws,
            score,
            standing.faults,
            elo,
            los,
            pairs
        );
    }
    let mut first_player = Tally::default();
    let mut by_side = String::new();
    for standing in &sorted {
        first_player += standing.as_first;
        let _ = writeln!(
            by_side,
            "{:<width$}  {:>20}  {:>20}",
            standing.label,
            tally_text(&standing.as_first),
            tally_text(&(standing.tally - standing.as_first))
        );
    }
    if first_player.games() > 0 {
        let _ = writeln!(
            out,
            "{:<width$}  {:>20}  {:>20}",
            "as first / second", "w-l-d first", "w-l-d second"
        );
        out.push_str(&by_side);
        let _ = writeln!(
            out,
            "the first player: {} of {} games",
            tally_text(&first_player),
            first_player.games()
        );
    }
    if sorted.iter().any(|s| s.void > 0) {
        let voids: Vec<String> = sorted
            .iter()
            .filter(|s| s.void > 0)
            .map(|s| format!("{} {}", s.label, s.void))
            .collect();
        let _ = writeln!(out, "void games (not counted): {}", voids.join(", "));
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use grundy::registry;

    #[test]
    fn repeated_players_get_their_own_labels() {
        let specs: Vec<PlayerSpec> = ["perfect", "random", "perfect"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let labels: Vec<String> = entrants(&specs).into_iter().map(|e| e.label).collect();
        assert_eq!(labels, ["perfect", "random", "perfect#2"]);
    }

    #[test]
    fn a_small_round_robin_is_scored() {
        let specs: Vec<PlayerSpec> = ["perfect", "random", "stubborn"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let entrants = entrants(&specs);
        let plan = Plan {
            game: registry::find("rectangle").unwrap(),
            games: crate::schedule::schedule(3, &["9x7".to_string()], 2, false),
            entrants,
            clock: Clock::default(),
            limits: Limits::default(),
            max_moves: 1000,
            seed: 3,
        };
        let report = run(
            &plan,
            &RunOptions {
                jobs: 2,
                ..RunOptions::default()
            },
        )
        .unwrap();
        assert_eq!(report.records.len(), 12);
        let labels: Vec<String> = plan.entrants.iter().map(|e| e.label.clone()).collect();
        let table = standings(&labels, &report.records);
        let games: u64 = table.iter().map(|s| s.tally.games()).sum();
        assert_eq!(games, 24);
        // Perfect play never loses a game it can win; from 9x7 one side is lost, so perfect
        // wins every game where it starts in the winning seat.
        assert!(table[0].tally.wins >= 4, "{table:?}");
        let text = results_table(&table);
        assert!(text.contains("perfect") && text.contains("los"), "{text}");
        // Resume: everything is done, nothing is played again.
        let done: HashSet<GameKey> = report
            .records
            .iter()
            .filter_map(|r| r.key.clone())
            .collect();
        let again = run(
            &plan,
            &RunOptions {
                jobs: 2,
                done,
                ..RunOptions::default()
            },
        )
        .unwrap();
        assert_eq!((again.records.len(), again.skipped), (0, 12));
    }
}
