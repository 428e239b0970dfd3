//! `grundy batch pousse` against a plain C referee, as whole jobs: each run starts the
//! process, feeds it the same input file on standard input and collects its standard
//! output. The C referee (`benches/c/pousse_referee.c`) is compiled here with `cc -O2`, and
//! a second time with `-DBRANCH_FREE` (no test on whether a moved square changed); all three
//! programs must print byte-identical answers before anything is timed.
//!
//! The input (benches/support/pousse_input.rs) holds over 900 000 applied moves on 7 × 7,
//! 30 × 30 and 100 × 100 boards. Besides criterion's figures, the benchmark times the
//! programs in alternation and prints the ratios of their medians, which is steadier than
//! two separate criterion runs on a busy machine.
//!
//! Run with `cargo bench -p grundy-cli --bench pousse_batch`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/pousse_input.rs"]
mod pousse_input;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bench_support::run_c;
use criterion::Criterion;

const SEED: u64 = 1998;
/// Applied moves on 7 × 7, 30 × 30 and 100 × 100 boards.
const MOVES: (usize, usize, usize) = (300_000, 300_000, 400_000);
/// Alternating runs of each program for the printed ratio.
const ROUNDS: usize = 15;

fn tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// Compiles the C referee into the target directory with `cc -O2` and the extra `flags`,
/// and returns its path.
fn build_c(name: &str, flags: &[&str]) -> PathBuf {
    bench_support::build_c(
        env!("CARGO_MANIFEST_DIR"),
        "benches/c/pousse_referee.c",
        env!("CARGO_TARGET_TMPDIR"),
        name,
        flags,
    )
}

/// Runs `program` with `args` on the input file and returns its standard output.
fn run(program: &Path, args: &[&str], input: &Path) -> Vec<u8> {
    run_c(program, args, Some(input))
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let c = build_c("pousse_referee_c", &[]);
    let c_branch_free = build_c("pousse_referee_c_branch_free", &["-DBRANCH_FREE"]);
    let grundy = PathBuf::from(env!("CARGO_BIN_EXE_grundy"));
    let input = pousse_input::generate(SEED, MOVES.0, MOVES.1, MOVES.2);
    let input_path = tmp().join("pousse_batch_input.txt");
    std::fs::write(&input_path, &input.text).unwrap();
    let expected = run(&c, &[], &input_path);
    let answer = run(&grundy, &["batch", "pousse"], &input_path);
    assert_eq!(answer, expected, "grundy and the C referee disagree");
    let other = run(&c_branch_free, &[], &input_path);
    assert_eq!(other, expected, "the two C referees disagree");
    let verdicts = String::from_utf8_lossy(&answer);
    println!(
        "input: {} games, {} bytes, {} moves applied (7 × 7: {}, 30 × 30: {}, 100 × 100: {}); \
         {} X WINS, {} O WINS, {} TIE GAME",
        input.games,
        input.text.len(),
        input.applied,
        input.applied_by_size[0],
        input.applied_by_size[1],
        input.applied_by_size[2],
        verdicts.matches("X WINS").count(),
        verdicts.matches("O WINS").count(),
        verdicts.matches("TIE GAME").count(),
    );

    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8))
        .configure_from_args();
    let mut group = criterion.benchmark_group("pousse_batch");
    group.bench_function("grundy", |b| {
        b.iter(|| run(&grundy, &["batch", "pousse"], &input_path))
    });
    group.bench_function("c", |b| b.iter(|| run(&c, &[], &input_path)));
    group.bench_function("c_branch_free", |b| {
        b.iter(|| run(&c_branch_free, &[], &input_path))
    });
    group.finish();

    let programs: [(&str, &Path, &[&str]); 3] = [
        ("grundy", &grundy, &["batch", "pousse"]),
        ("C", &c, &[]),
        ("C branch-free", &c_branch_free, &[]),
    ];
    let mut times = vec![Vec::new(); programs.len()];
    for _ in 0..ROUNDS {
        for ((_, program, args), times) in programs.iter().zip(&mut times) {
            let start = Instant::now();
            run(program, args, &input_path);
            times.push(start.elapsed());
        }
    }
    let medians: Vec<Duration> = times.into_iter().map(median).collect();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "alternating runs ({ROUNDS} each), medians: grundy {:.2} ms, C {:.2} ms, \
         C branch-free {:.2} ms; grundy / C = {:.3}, grundy / C branch-free = {:.3}",
        ms(medians[0]),
        ms(medians[1]),
        ms(medians[2]),
        medians[0].as_secs_f64() / medians[1].as_secs_f64(),
        medians[0].as_secs_f64() / medians[2].as_secs_f64(),
    );
    criterion.final_summary();
}
