//! The canonical value of every Domineering rectangle up to a size, by the evaluator with
//! components and cache (a fresh store per board) and, with `--plain`, by the plain
//! recursion: `domineering_sweep MAX_WIDTH MAX_HEIGHT [--plain]`. Prints one line per board
//! with the value and the time; progress goes to stderr.

use std::time::Instant;

use grundy::cgt::{plain_value, Evaluator, ValueStore};
use grundy::games::domineering::Domineering;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let parse = |index: usize| args.get(index).and_then(|text| text.parse::<usize>().ok());
    let (Some(max_width), Some(max_height)) = (parse(1), parse(2)) else {
        eprintln!("usage: domineering_sweep MAX_WIDTH MAX_HEIGHT [--plain]");
        std::process::exit(2);
    };
    let plain = args.iter().any(|arg| arg == "--plain");
    let sweep = Instant::now();
    for height in 1..=max_height {
        for width in 1..=max_width {
            let board = match Domineering::new(width, height) {
                Ok(board) => board,
                Err(error) => {
                    eprintln!("{width}x{height}: {error}");
                    std::process::exit(2);
                }
            };
            eprintln!("valuing {width}x{height} …");
            let mut store = ValueStore::new();
            let start = Instant::now();
            let value = if plain {
                plain_value(&mut store, &board)
            } else {
                Evaluator::new().value(&mut store, &board)
            };
            let took = start.elapsed();
            println!(
                "{width}x{height}\t{}\t{:.3} s\t{} values",
                store.display(value),
                took.as_secs_f64(),
                store.len()
            );
        }
    }
    println!("all\t\t{:.3} s", sweep.elapsed().as_secs_f64());
}
