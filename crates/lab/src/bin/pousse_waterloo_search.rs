//! Waterloo Pousse from the empty board searched through the generic interface of any game
//! in progress (`grundy::loopy::played`): every position reachable is explored and labelled
//! won, lost or drawn by retrograde analysis, as for any game whose positions may repeat.
//! The 4 × 4 table (docs/pousse-table.md) is the answer to compare with; this measures how
//! far the generic route gets and at what rate:
//! `cargo run --release -p grundy-lab --bin pousse_waterloo_search -- SIZE SECONDS MEGABYTES`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use grundy::loopy::played::{PlayedRules, PlayedState};
use grundy::loopy::retrograde::{solve, Play};
use grundy::loopy::{Bounds, Explored};
use grundy::registry;
use grundy::stop::Stop;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, seconds, megabytes] = args.as_slice() else {
        eprintln!("usage: pousse_waterloo_search SIZE SECONDS MEGABYTES");
        return ExitCode::from(2);
    };
    let (Ok(seconds), Ok(megabytes)) = (seconds.parse::<u64>(), megabytes.parse::<usize>()) else {
        eprintln!("pousse_waterloo_search: SECONDS and MEGABYTES are whole numbers");
        return ExitCode::from(2);
    };
    let game = match registry::find("pousse-waterloo").and_then(|game| game.start(size)) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("pousse_waterloo_search: SIZE: {error}");
            return ExitCode::from(2);
        }
    };
    let stop = Stop::until(Instant::now() + Duration::from_secs(seconds));
    let mut bounds = Bounds::new(stop, Some(megabytes << 20)).with_progress(|progress| {
        eprintln!(
            "{} {} positions, {} moves, {} done, {} MB, {:.1} s",
            progress.phase,
            progress.positions,
            progress.moves,
            progress.settled,
            progress.bytes >> 20,
            progress.elapsed.as_secs_f64()
        );
    });
    let started = Instant::now();
    let start = PlayedState::new(game);
    let explored = match Explored::explore(&PlayedRules, start.clone(), &mut bounds) {
        Ok(explored) => explored,
        Err(error) => {
            eprintln!(
                "pousse_waterloo_search: {error} after {:.1} s",
                started.elapsed().as_secs_f64()
            );
            return ExitCode::FAILURE;
        }
    };
    let explored_in = started.elapsed();
    let solution = match solve(explored.graph(), Play::Normal, &mut bounds) {
        Ok(solution) => solution,
        Err(error) => {
            eprintln!("pousse_waterloo_search: {error}");
            return ExitCode::FAILURE;
        }
    };
    let Some(id) = explored.id(&start) else {
        eprintln!("pousse_waterloo_search: the start was not explored");
        return ExitCode::FAILURE;
    };
    println!(
        "{size}: {:?}, remoteness {:?}; {} positions explored in {:.1} s ({:.0} a second), solved in {:.1} s more",
        solution.outcome(id),
        solution.remoteness(id),
        explored.positions(),
        explored_in.as_secs_f64(),
        explored.positions() as f64 / explored_in.as_secs_f64(),
        (started.elapsed() - explored_in).as_secs_f64()
    );
    ExitCode::SUCCESS
}
