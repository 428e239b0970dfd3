//! A tournament of 1000 short rectangle games between built-in players, on 1 and on 2 worker
//! threads: wall time, and each thread's busy time (how evenly the cores were used).
//!
//! `cargo run --release -p grundy-arena --example tournament_bench [GAMES]`

use std::time::Duration;

use grundy::registry;
use grundy_arena::player::{Clock, Limits, PlayerSpec};
use grundy_arena::schedule;
use grundy_arena::tournament::{self, Plan, RunOptions};

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(1000);
    let specs: Vec<PlayerSpec> = ["perfect", "stubborn", "random", "noisy:0.2"]
        .iter()
        .filter_map(|text| text.parse().ok())
        .collect();
    let positions: Vec<String> = ["40x30", "64x63", "100x7", "1000x999", "33x11"]
        .iter()
        .map(|p| p.to_string())
        .collect();
    let rounds = (games / (positions.len() * 12) + 1) as u32;
    let mut schedule = schedule::schedule(specs.len(), &positions, rounds, false);
    schedule.truncate(games);
    let plan = Plan {
        game: registry::find("rectangle").expect("the rectangle game is registered"),
        entrants: tournament::entrants(&specs),
        games: schedule,
        clock: Clock {
            movetime: Some(Duration::from_secs(1)),
            gametime: None,
        },
        limits: Limits::default(),
        max_moves: 10_000,
        seed: 1,
    };
    let mut walls = Vec::new();
    for jobs in [1, 2] {
        let report = match tournament::run(
            &plan,
            &RunOptions {
                jobs,
                ..RunOptions::default()
            },
        ) {
            Ok(report) => report,
            Err(error) => {
                eprintln!("tournament failed: {error}");
                std::process::exit(1);
            }
        };
        let moves: usize = report.records.iter().map(|r| r.moves.len()).sum();
        let wall = report.wall.as_secs_f64();
        walls.push(wall);
        let busy: Vec<String> = report
            .busy
            .iter()
            .map(|busy| {
                format!(
                    "{:.3} s ({:.0}%)",
                    busy.as_secs_f64(),
                    100.0 * busy.as_secs_f64() / wall
                )
            })
            .collect();
        println!(
            "{jobs} thread(s): {} games, {moves} moves, wall {wall:.3} s, busy per thread {}",
            report.records.len(),
            busy.join(", ")
        );
    }
    println!("speed-up on 2 threads: {:.2}x", walls[0] / walls[1]);
}
