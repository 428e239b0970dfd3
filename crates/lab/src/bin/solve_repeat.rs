//! `grundy solve GAME POSITION --json` run REPS times inside one process, timed without
//! the start of a process: prints the report once on standard output and, on standard
//! error, `in-process: MEDIAN_NS ns` (the median wall time of one whole report, from the
//! registry's `solve` to its JSON text, each from a fresh solver). The in-process half of
//! the timing against cgt-tools (crates/lab/scripts/cgt-tools-cpu.py `--in-process`,
//! docs/benchmarks.md); the driver of cgt-tools-compare.sh has the same mode
//! (`cgt-tools-bench repeat REPS GAME POSITION`).
//!
//!   solve_repeat REPS GAME POSITION        (solve_repeat 200 toppling LRRL.RLLR)

use std::process::ExitCode;
use std::time::Instant;

use grundy::registry;
use grundy::report::SolveOptions;

/// The median of `times`, which is not empty.
fn median(times: &mut [u128]) -> u128 {
    times.sort_unstable();
    times[times.len() / 2]
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let usage = || {
        eprintln!("usage: solve_repeat REPS GAME POSITION (solve_repeat 200 toppling LRRL.RLLR)");
        ExitCode::from(2)
    };
    let [_, reps, game, position] = args.as_slice() else {
        return usage();
    };
    let Some(reps) = reps.parse::<usize>().ok().filter(|&reps| reps > 0) else {
        return usage();
    };
    let game = match registry::find(game) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("solve_repeat: {error}");
            return ExitCode::from(2);
        }
    };
    let options = SolveOptions::default();
    let mut times = Vec::with_capacity(reps);
    let mut json = String::new();
    for _ in 0..reps {
        let start = Instant::now();
        json = match game.solve(position, &options) {
            Ok(report) => report.to_json(),
            Err(error) => {
                eprintln!("solve_repeat: {error}");
                return ExitCode::FAILURE;
            }
        };
        times.push(start.elapsed().as_nanos());
    }
    println!("{json}");
    eprintln!("in-process: {} ns", median(&mut times));
    ExitCode::SUCCESS
}
