//! The measurements behind the rule by which `grundy sequence` chooses its method
//! (`games::takebreak::compute::sparse_is_faster`): for each game that splits heaps in two,
//! at each length, the CPU time of the plain loop and of the sparse-space method on one core
//! (this process's own time from `/proc/self/stat`), with what the sparse method's sample
//! said (rare heaps, common heaps of a plentiful value), the split visits of the sparse
//! method relative to the plain loop's on the sample's last heaps (`Trial`), and
//! whether the rule picks the faster. Every sparse sequence is checked against the plain
//! loop's.
//!
//! `cargo bench -p grundy --bench takebreak_rule` (`TAKEBREAK_RULE_LENGTHS=50000,100000`
//! to choose the lengths).

#![allow(missing_docs, clippy::unwrap_used)]

use std::time::Duration;

use bench_support::cpu_times;
use grundy::games::takebreak::compute::{sparse_is_faster, Trial};
use grundy::games::takebreak::sequence::plain_values;
use grundy::games::takebreak::shape::Shape;
use grundy::games::takebreak::sparse::sparse_values_one_core;
use grundy::games::takebreak::HeapRules;
use grundy::stop::Stop;

/// Octal games with pair splits, from the well known (Kayles, Dawson's chess and Kayles)
/// to games with no known period, and Grundy's game.
const GAMES: [&str; 14] = [
    "0.137", "0.77", "0.07", "0.16", "0.161", "4.07", "grundy", "0.106", "0.6", "0.127", "4.05",
    "0.165", "0.4", "0.54",
];

/// This process's own CPU time.
fn cpu() -> Duration {
    cpu_times().map(|(own, _)| own).unwrap_or_default()
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the command line.
    let lengths: Vec<usize> = std::env::var("TAKEBREAK_RULE_LENGTHS")
        .unwrap_or_else(|_| "30000,60000,120000".to_string())
        .split(',')
        .map(|length| length.trim().parse().unwrap())
        .collect();
    println!(
        "| game | heaps | plain (CPU s) | sparse, one core (CPU s) | sparse / plain | rare | \
         plentiful | trial visits, sparse / plain | growth | estimate | rule picks | faster |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
    for game in GAMES {
        let rules: HeapRules = game.parse().unwrap();
        for &length in &lengths {
            let before = cpu();
            let plain = plain_values(&rules, length, &mut |_, _| {}, &Stop::NEVER).unwrap();
            let middle = cpu();
            let (sparse, report) =
                sparse_values_one_core(&rules, length, &mut |_, _| {}, &Stop::NEVER).unwrap();
            let after = cpu();
            assert_eq!(plain, sparse, "{game}");
            let plain_time = (middle - before).as_secs_f64();
            let sparse_time = (after - middle).as_secs_f64();
            let sample = report.sample;
            let trial = Trial::of(
                &Shape::of(&rules).unwrap(),
                &plain[..length.min(1 << 14)],
                &Stop::NEVER,
            )
            .unwrap();
            let picks = if sparse_is_faster(&trial, length) {
                "sparse"
            } else {
                "plain"
            };
            let faster = if sparse_time < plain_time {
                "sparse"
            } else {
                "plain"
            };
            println!(
                "| `{game}` | {length} | {plain_time:.2} | {sparse_time:.2} | {:.2} | {:.3} | \
                 {:.3} | {:.3} | {:.2} | {:.3} | {picks} | {faster} |",
                sparse_time / plain_time,
                sample.rare as f64 / sample.heaps as f64,
                sample.plentiful as f64 / sample.heaps as f64,
                trial.relative_visits(),
                trial.growth(),
                trial.estimate(length),
            );
        }
    }
}
