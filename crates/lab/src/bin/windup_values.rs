//! Values every cell of a Wind-Up cycle at once and prints the values of the cells 0 to
//! N − 1 on one line (`0 ∞{0} ∞{0} 0 …`): the explicit graph of the cycle labelled by
//! `grundy::games::windup::cycle_values`, what the timing against cgt-tools' `WindUp`
//! measures (crates/lab/scripts/cgt-tools-compare.sh, docs/benchmarks.md).
//!
//!   windup_values N:SET        (windup_values 12:1,2,4)

use std::process::ExitCode;

use grundy::games::windup::cycle_values;
use grundy::loopy::Bounds;

/// The cycle's size and its set, from `N:SET`.
fn read(text: &str) -> Option<(u32, Vec<u32>)> {
    let (cells, set) = text.split_once(':')?;
    let set = set
        .split(',')
        .map(|amount| amount.trim().parse().ok())
        .collect::<Option<Vec<u32>>>()?;
    Some((cells.trim().parse().ok()?, set))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some((cells, set)) = args.get(1).and_then(|text| read(text)) else {
        eprintln!("usage: windup_values N:SET (12:1,2,4)");
        return ExitCode::from(2);
    };
    match cycle_values(cells, &set, &mut Bounds::none()) {
        Ok(values) => {
            let values: Vec<String> = values.iter().map(ToString::to_string).collect();
            println!("{}", values.join(" "));
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("windup_values: {error}");
            ExitCode::FAILURE
        }
    }
}
