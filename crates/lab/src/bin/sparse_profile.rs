//! Where the sparse-space method spends its time on a long sequence:
//! `sparse_profile RULES FROM_LOG2 TO_LOG2` runs the one-core sparse loop to 2^k heaps for
//! each k in the range and prints, per length, the time, the rare heaps, the full scans and
//! the splits the searches visited, so that growth in any of them shows as the length
//! doubles. Progress goes to stderr.

use std::time::Instant;

use grundy::games::takebreak::sparse::sparse_values_one_core;
use grundy::games::takebreak::HeapRules;
use grundy::stop::Stop;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = || -> ! {
        eprintln!("usage: sparse_profile RULES FROM_LOG2 TO_LOG2");
        std::process::exit(2);
    };
    let Some(rules) = args.get(1).and_then(|text| text.parse::<HeapRules>().ok()) else {
        usage()
    };
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
