//! Checks the rectangle game's closed-form remoteness against the exact sweep on every
//! rectangle with both sides up to `SIDE` (default 10000):
//!
//! ```text
//! cargo run --release -p grundy --example rectangle_sweep -- 10000
//! ```
//!
//! The sweep ([`RemotenessSweep`]) knows only the rules; the closed form
//! ([`formula_remoteness`]) is what `grundy solve rectangle` reports. Prints the number of
//! rectangles checked, the largest remoteness met and the time, or the first mismatch (exit
//! code 1). A bad argument exits with code 2.

use std::process::ExitCode;
use std::time::Instant;

use grundy::games::rectangle::remoteness::formula_remoteness;
use grundy::games::rectangle::sweep::RemotenessSweep;
use grundy::games::rectangle::Rectangle;

/// The largest side accepted: the sweep takes O(SIDE²) time.
const MAX_SIDE: u32 = 100_000;

/// The side from the command line, 1 ≤ side ≤ [`MAX_SIDE`].
fn parse_side(argument: Option<String>) -> Result<u32, String> {
    let Some(text) = argument else {
        return Ok(10_000);
    };
    match text.parse::<u32>() {
        Ok(side) if (1..=MAX_SIDE).contains(&side) => Ok(side),
        _ => Err(format!(
            "the side must be an integer from 1 to {MAX_SIDE}, got {text:?}"
        )),
    }
}

fn main() -> ExitCode {
    let side = match parse_side(std::env::args().nth(1)) {
        Ok(side) => side,
        Err(message) => {
            eprintln!("rectangle_sweep: {message}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let mut sweep = RemotenessSweep::new(side, side);
    let mut checked = 0u64;
    let mut largest = 0u32;
    while let Some((width, row)) = sweep.next_row() {
        for (height, &exact) in (1..).zip(row) {
            let Ok(position) = Rectangle::new(u64::from(width), height) else {
                continue;
            };
            if formula_remoteness(&position) != u128::from(exact) {
                eprintln!(
                    "mismatch at {position}: exact {exact}, closed form {}",
                    formula_remoteness(&position)
                );
                return ExitCode::from(1);
            }
            checked += 1;
            largest = largest.max(exact);
        }
        if width % 1000 == 0 {
            eprintln!(
                "width {width}: {checked} rectangles agree ({:.1} s)",
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "closed form = exact remoteness on all {checked} rectangles with sides <= {side} \
         (largest remoteness {largest}) in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
