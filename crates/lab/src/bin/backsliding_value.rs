//! The value of one Backsliding Toads and Frogs row, with its time and the number of
//! positions it reaches, checked against an expected value when one is given (compared by
//! the definition of equality, not by printing):
//! `backsliding_value ROW [EXPECTED]`. CGSuite's `GameStripTest` value of `ttt..fff` takes
//! minutes of one core, too long for every test run, so it is reproduced here
//! (docs/loopy.md, docs/benchmarks.md):
//! `cargo run --release -p grundy-lab --bin backsliding_value -- ttt..fff '{on||0|-1/2} & {1/2|0||off}'`.

use std::process::ExitCode;
use std::time::Instant;

use grundy::cgt::loopy::LoopyEngine;
use grundy::cgt::ValueStore;
use grundy::games::backsliding::{explicit_graph, value, Backsliding};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (row, expected) = match args.as_slice() {
        [row] => (row, None),
        [row, expected] => (row, Some(expected)),
        _ => {
            eprintln!("usage: backsliding_value ROW [EXPECTED]");
            return ExitCode::from(2);
        }
    };
    let start: Backsliding = match row.parse() {
        Ok(start) => start,
        Err(error) => {
            eprintln!("backsliding_value: ROW: {error}");
            return ExitCode::from(2);
        }
    };
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::new(&mut store);
    let positions = match explicit_graph(&start, engine.budget()) {
        Ok((_, positions)) => positions.len(),
        Err(error) => {
            eprintln!("backsliding_value: {error}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!("valuing {start}: {positions} positions (a sided value can take minutes)…");
    let clock = Instant::now();
    let found = match value(&start, &mut engine) {
        Ok(found) => found,
        Err(error) => {
            eprintln!("backsliding_value: {error}");
            return ExitCode::FAILURE;
        }
    };
    let seconds = clock.elapsed().as_secs_f64();
    let shown = engine
        .display(&found)
        .unwrap_or_else(|error| format!("(not printable: {error})"));
    println!("{start} = {shown}   ({positions} positions, {seconds:.1} s)");
    let Some(expected) = expected else {
        return ExitCode::SUCCESS;
    };
    let agrees = engine
        .evaluate(expected)
        .and_then(|expected| engine.equal(&found, &expected));
    match agrees {
        Ok(true) => {
            println!("equal to {expected}");
            ExitCode::SUCCESS
        }
        Ok(false) => {
            eprintln!("backsliding_value: {start} is not {expected}");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("backsliding_value: EXPECTED: {error}");
            ExitCode::from(2)
        }
    }
}
