//! The referee against faulty players: each fault gets its verdict, the referee never hangs,
//! no process survives its game, and the other player and the tournament go on.
//!
//! The players are `tests/players/rectangle.py MODE` (python3, standard library only).

#![allow(clippy::unwrap_used)]

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use grundy::player::Seat;
use grundy::registry;
use grundy_arena::player::{Clock, Limits, Player, PlayerSpec, ProcessPlayer};
use grundy_arena::record::{read_records, RecordWriter};
use grundy_arena::referee::{play_game, GameSetup, DEFAULT_MAX_MOVES};
use grundy_arena::result::Termination;
use grundy_arena::schedule;
use grundy_arena::schedule::GameKey;
use grundy_arena::tournament::{self, Plan, RunOptions};

fn script() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/players/rectangle.py")
        .display()
        .to_string()
}

fn argv(mode: &str) -> Vec<String> {
    vec!["python3".into(), script(), mode.into()]
}

/// Short limits: python starts in tens of ms; everything else is quick.
fn limits() -> Limits {
    Limits {
        startup: Duration::from_millis(3000),
        command: Duration::from_millis(1000),
        quit: Duration::from_millis(200),
        move_cap: Duration::from_secs(10),
    }
}

fn setup(position: &str, movetime_ms: u64, limits: Limits) -> GameSetup {
    GameSetup {
        game: registry::find("rectangle").unwrap(),
        position: position.to_string(),
        clock: Clock {
            movetime: Some(Duration::from_millis(movetime_ms)),
            gametime: None,
        },
        limits,
        max_moves: DEFAULT_MAX_MOVES,
        seed: 5,
    }
}

/// Live (not zombie) processes in process group `group`, from /proc.
fn live_members(group: i32) -> usize {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            entry.file_name().to_str()?.parse::<u32>().ok()?;
            std::fs::read_to_string(entry.path().join("stat")).ok()
        })
        .filter(|stat| {
            // "pid (comm) state ppid pgrp …": the command may hold spaces and parentheses.
            let Some(close) = stat.rfind(')') else {
                return false;
            };
            let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
            fields.len() > 2 && fields[0] != "Z" && fields[2].parse::<i32>().ok() == Some(group)
        })
        .count()
}

/// How long a test waits for something that must happen (a process group to die, a game to
/// end) before it calls it a hang: far beyond the limits of these games (seconds), so that
/// only a referee that hangs fails, never a slow machine.
const HANG: Duration = Duration::from_secs(60);

fn assert_group_gone(player: &dyn Player) {
    let group = player.process_group().expect("the program was started");
    let deadline = Instant::now() + HANG;
    while live_members(group) > 0 {
        assert!(
            Instant::now() < deadline,
            "process group {group} survived its game"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Plays the faulty program (first seat) against a built-in random player, on a thread of
/// its own: a referee that never ends the game fails the test instead of hanging it.
fn faulty_first(
    mode: &str,
    position: &str,
    movetime_ms: u64,
    limits: Limits,
) -> grundy_arena::record::GameRecord {
    let (sender, receiver) = std::sync::mpsc::channel();
    let (name, game) = (mode.to_string(), setup(position, movetime_ms, limits));
    let mut faulty = ProcessPlayer::new(argv(mode), limits);
    std::thread::spawn(move || {
        let mut other = PlayerSpec::Builtin("random".parse().unwrap()).build(&limits);
        let record = play_game(
            &game,
            [name.as_str(), "random"],
            &mut faulty,
            other.as_mut(),
        );
        let _ = sender.send((record, faulty));
    });
    let (record, faulty) = receiver
        .recv_timeout(HANG)
        .unwrap_or_else(|_| panic!("{mode}: the referee never ended the game"));
    assert_group_gone(&faulty);
    record
}

fn expect_fault(mode: &str, movetime_ms: u64, limits: Limits, verdict: Termination) {
    let record = faulty_first(mode, "1000x1000", movetime_ms, limits);
    assert_eq!(
        record.result.termination, verdict,
        "{mode}: {}",
        record.result
    );
    assert_eq!(record.result.winner_side(), Some(Seat::Second), "{mode}");
    assert!(!record.result.detail.is_empty(), "{mode}");
}

#[test]
fn a_well_behaved_program_plays_to_the_end() {
    let record = faulty_first("good", "40x30", 2000, limits());
    assert_eq!(
        record.result.termination,
        Termination::Normal,
        "{}",
        record.result
    );
    assert!(
        record.stderr[0].contains("genmove 1 on 40x30"),
        "{:?}",
        record.stderr
    );
    assert!(record.notes.is_empty(), "{:?}", record.notes);
    let mut replay = registry::find("rectangle").unwrap().start("40x30").unwrap();
    for mv in &record.moves {
        replay.play(&mv.mv).unwrap();
    }
}

#[test]
fn two_programs_play_each_other_and_perfect_play_wins() {
    // 20x9 is won for the side to move; the perfect script keeps the win.
    let limits = limits();
    let mut first = ProcessPlayer::new(argv("perfect"), limits);
    let mut second = ProcessPlayer::new(argv("good"), limits);
    for _ in 0..2 {
        let record = play_game(
            &setup("20x9", 2000, limits),
            ["perfect", "good"],
            &mut first,
            &mut second,
        );
        assert_eq!(
            record.result.termination,
            Termination::Normal,
            "{}",
            record.result
        );
        assert_eq!(record.result.winner_side(), Some(Seat::First));
        assert_group_gone(&first);
        assert_group_gone(&second);
    }
}

#[test]
fn crash_at_start() {
    expect_fault("crash_start", 1000, limits(), Termination::Crash);
    let record = faulty_first("crash_start", "4x3", 1000, limits());
    assert!(
        record.stderr[0].contains("crashing at start"),
        "{:?}",
        record.stderr
    );
}

#[test]
fn silence_at_start_is_a_stalled_engine() {
    let limits = Limits {
        startup: Duration::from_millis(300),
        ..limits()
    };
    expect_fault("hang_start", 1000, limits, Termination::Stalled);
}

#[test]
fn crash_mid_game() {
    let record = faulty_first("crash_mid", "1000x1000", 2000, limits());
    assert_eq!(
        record.result.termination,
        Termination::Crash,
        "{}",
        record.result
    );
    assert_eq!(record.moves.len(), 4);
    assert!(
        record.result.detail.contains("exit status: 3"),
        "{}",
        record.result
    );
    assert!(record.stderr[0].contains("crashing mid-game"));
}

#[test]
fn hanging_on_a_move_is_a_time_forfeit() {
    expect_fault("hang", 300, limits(), Termination::TimeForfeit);
}

#[test]
fn a_slow_answer_is_a_time_forfeit() {
    expect_fault("slow", 200, limits(), Termination::TimeForfeit);
}

#[test]
fn the_whole_game_clock_counts_too() {
    let limits = limits();
    let mut game = setup("1000x1000", 5000, limits);
    game.clock.gametime = Some(Duration::from_millis(300));
    let mut slow = ProcessPlayer::new(argv("slow"), limits);
    let mut other = PlayerSpec::Builtin("random".parse().unwrap()).build(&limits);
    let record = play_game(&game, ["slow", "random"], &mut slow, other.as_mut());
    assert_eq!(record.result.termination, Termination::TimeForfeit);
    assert_group_gone(&slow);
}

#[test]
fn hanging_on_play_is_a_stalled_engine() {
    let limits = Limits {
        command: Duration::from_millis(300),
        ..limits()
    };
    expect_fault("hang_play", 2000, limits, Termination::Stalled);
}

#[test]
fn illegal_moves_lose() {
    expect_fault("illegal", 2000, limits(), Termination::IllegalMove);
}

#[test]
fn protocol_errors_lose() {
    for mode in ["garbage", "wrong_id", "refuse", "endless", "endless_lines"] {
        expect_fault(mode, 5000, limits(), Termination::ProtocolError);
    }
}

#[test]
fn closing_the_output_is_a_crash() {
    expect_fault("close_stdout", 2000, limits(), Termination::Crash);
}

#[test]
fn ignoring_quit_gets_the_group_killed() {
    let record = faulty_first("ignore_quit", "30x20", 2000, limits());
    assert_eq!(
        record.result.termination,
        Termination::Normal,
        "{}",
        record.result
    );
    assert!(
        record.notes.iter().any(|note| note.contains("killed")),
        "{:?}",
        record.notes
    );
}

#[test]
fn children_of_the_program_die_with_it() {
    let record = faulty_first("grandchild", "30x20", 2000, limits());
    assert_eq!(
        record.result.termination,
        Termination::Normal,
        "{}",
        record.result
    );
}

#[test]
fn a_program_that_cannot_be_started_voids_the_game() {
    let limits = limits();
    let mut missing = ProcessPlayer::new(vec!["/nonexistent/engine".into()], limits);
    let mut other = PlayerSpec::Builtin("perfect".parse().unwrap()).build(&limits);
    let record = play_game(
        &setup("4x3", 1000, limits),
        ["missing", "perfect"],
        other.as_mut(),
        &mut missing,
    );
    assert_eq!(
        record.result.termination,
        Termination::Void,
        "{}",
        record.result
    );
    assert_eq!(record.result.first_score(), None);
    assert!(record.result.detail.contains("/nonexistent/engine"));
}

#[test]
fn a_tournament_goes_on_past_faulty_players_and_resumes() {
    let limits = Limits {
        command: Duration::from_millis(300),
        ..limits()
    };
    let specs: Vec<PlayerSpec> = vec![
        "random".parse().unwrap(),
        PlayerSpec::Command(argv("good")),
        PlayerSpec::Command(argv("crash_mid")),
        PlayerSpec::Command(argv("hang")),
        PlayerSpec::Command(vec!["/nonexistent/engine".into()]),
    ];
    let plan = Plan {
        game: registry::find("rectangle").unwrap(),
        entrants: tournament::entrants(&specs),
        games: schedule::schedule(specs.len(), &["200x100".to_string()], 1, true),
        clock: Clock {
            movetime: Some(Duration::from_millis(300)),
            gametime: None,
        },
        limits,
        max_moves: 1000,
        seed: 11,
    };
    let dir = std::env::temp_dir().join(format!("grundy-arena-tournament-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.jsonl");
    let _ = std::fs::remove_file(&path);
    let writer = RecordWriter::append(&path).unwrap();
    // Only the first half, as if interrupted.
    let mut half = plan.clone();
    half.games.truncate(4);
    let first = tournament::run(
        &half,
        &RunOptions {
            jobs: 2,
            writer: Some(&writer),
            ..RunOptions::default()
        },
    )
    .unwrap();
    assert_eq!(first.records.len(), 4);
    let (records, unreadable) = read_records(&path).unwrap();
    assert_eq!((records.len(), unreadable), (4, 0));
    let done: HashSet<GameKey> = records.iter().filter_map(|r| r.key.clone()).collect();
    let rest = tournament::run(
        &plan,
        &RunOptions {
            jobs: 2,
            writer: Some(&writer),
            done,
            ..RunOptions::default()
        },
    )
    .unwrap();
    assert_eq!((rest.records.len(), rest.skipped), (4, 4));
    let (records, _) = read_records(&path).unwrap();
    assert_eq!(records.len(), 8);
    let keys: HashSet<GameKey> = records.iter().filter_map(|r| r.key.clone()).collect();
    assert_eq!(keys.len(), 8);
    for record in &records {
        let key = record.key.as_ref().unwrap();
        let faulty = [&key.first, &key.second]
            .iter()
            .position(|label| !label.contains("good") && label.starts_with("cmd:"));
        match faulty {
            None => assert_eq!(
                record.result.termination,
                Termination::Normal,
                "{}",
                record.result
            ),
            Some(seat) => {
                if key.first.contains("nonexistent") || key.second.contains("nonexistent") {
                    assert_eq!(record.result.termination, Termination::Void);
                } else {
                    let winner = if seat == 0 { "second" } else { "first" };
                    assert_eq!(
                        record.result.winner.as_deref(),
                        Some(winner),
                        "{}",
                        record.result
                    );
                }
            }
        }
    }
    let labels: Vec<String> = plan.entrants.iter().map(|e| e.label.clone()).collect();
    let table = tournament::standings(&labels, &records);
    assert_eq!(table[0].tally.games(), 6);
    assert_eq!(table[0].void, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}
