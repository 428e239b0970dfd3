//! Where the sparse-space method spends its time on a long sequence:
//! `sparse_profile RULES FROM_LOG2 TO_LOG2` runs the one-core sparse loop to 2^k heaps for
//! each k in the range and prints, per length, the time, the rare heaps, the full scans and
//! the splits the searches visited, so that growth in any of them shows as the length
//! doubles. `sparse_profile RULES --rare LENGTH` runs once to LENGTH heaps and prints how many
//! rare heaps fall in each block of 2^22 heaps and the last rare heaps with their values.
//! Progress goes to stderr.

use std::time::Instant;

use grundy::games::takebreak::sparse::sparse_values_one_core;
use grundy::games::takebreak::HeapRules;
use grundy::stop::Stop;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = || -> ! {
        eprintln!(
            "usage: sparse_profile RULES FROM_LOG2 TO_LOG2 | sparse_profile RULES --rare LENGTH"
        );
        std::process::exit(2);
    };
    let Some(rules) = args.get(1).and_then(|text| text.parse::<HeapRules>().ok()) else {
        usage()
    };
    if args.get(2).map(String::as_str) == Some("--rare") {
        let Some(length) = args.get(3).and_then(|text| text.parse::<usize>().ok()) else {
            usage()
        };
        rare_blocks(&rules, length);
        return;
    }
    let log = |index: usize| args.get(index).and_then(|text| text.parse::<u32>().ok());
    let (Some(from), Some(to)) = (log(2), log(3)) else {
        usage()
    };
    println!("log2\tseconds\trare\tfull_scans\tsearch_steps\tsteps_per_heap");
    for k in from..=to {
        let count = 1usize << k;
        let start = Instant::now();
        let mut report_progress = |done: usize, all: usize| {
            if done % (1 << 20) == 0 {
                eprintln!("2^{k}: {done} of {all}");
            }
        };
        match sparse_values_one_core(&rules, count, &mut report_progress, &Stop::never()) {
            Ok((_, report)) => println!(
                "{k}\t{:.2}\t{}\t{}\t{}\t{:.1}",
                start.elapsed().as_secs_f64(),
                report.rare_heaps.len(),
                report.full_scans,
                report.search_steps,
                report.search_steps as f64 / count as f64
            ),
            Err(error) => {
                eprintln!("{error}");
                std::process::exit(1);
            }
        }
    }
}

/// Runs the sparse loop to `length` heaps and prints the rare heaps per block of 2^22 heaps
/// and the last 40 rare heaps with their values.
fn rare_blocks(rules: &HeapRules, length: usize) {
    let start = Instant::now();
    let mut report_progress = |done: usize, all: usize| {
        if done % (1 << 22) == 0 {
            eprintln!("{done} of {all} ({:.0} s)", start.elapsed().as_secs_f64());
        }
    };
    let (values, report) =
        match sparse_values_one_core(rules, length, &mut report_progress, &Stop::never()) {
            Ok(result) => result,
            Err(error) => {
                eprintln!("{error}");
                std::process::exit(1);
            }
        };
    println!(
        "{length} heaps in {:.1} s; labelling {:?}; {} rare heaps, {} full scans",
        start.elapsed().as_secs_f64(),
        report.labelling,
        report.rare_heaps.len(),
        report.full_scans
    );
    let block = 1usize << 22;
    for first in (0..length).step_by(block) {
        let rare = report
            .rare_heaps
            .iter()
            .filter(|heap| (first..first + block).contains(*heap))
            .count();
        println!("heaps {first}..{}: {rare} rare", first + block);
    }
    for &heap in report.rare_heaps.iter().rev().take(40) {
        println!("rare heap {heap}: value {}", values[heap]);
    }
}
