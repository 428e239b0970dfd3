//! The canonical value of every Domineering rectangle up to a size, by the evaluator with
//! components and cache (a fresh store per board) and, with `--plain`, by the plain
//! recursion: `domineering_sweep MAX_WIDTH MAX_HEIGHT [--plain] [--only]`. Prints one line
//! per board with the value, the time, the components valued and the store's size; with
//! `--only`, values the largest board alone. Progress goes to stderr every few seconds.

use std::time::{Duration, Instant};

use grundy::cgt::{plain_value, Evaluator, Progress, ValueStore, Watch};
use grundy::games::domineering::Domineering;
use grundy::stop::Stop;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let parse = |index: usize| args.get(index).and_then(|text| text.parse::<usize>().ok());
    let (Some(max_width), Some(max_height)) = (parse(1), parse(2)) else {
        eprintln!("usage: domineering_sweep MAX_WIDTH MAX_HEIGHT [--plain] [--only]");
        std::process::exit(2);
    };
    let plain = args.iter().any(|arg| arg == "--plain");
    let only = args.iter().any(|arg| arg == "--only");
    let sweep = Instant::now();
    for height in 1..=max_height {
        for width in 1..=max_width {
            if only && (width, height) != (max_width, max_height) {
                continue;
            }
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
            let mut evaluator = Evaluator::new();
            let value = if plain {
                plain_value(&mut store, &board)
            } else {
                let mut last = Instant::now();
                let mut show = |progress: &Progress| {
                    if last.elapsed() >= Duration::from_secs(5) {
                        last = Instant::now();
                        eprintln!("  {progress:?}");
                    }
                };
                let stop = Stop::never();
                let mut watch = Watch::new(&stop).report(&mut show);
                match evaluator.value_watched(&mut store, &board, &mut watch) {
                    Ok(value) => value,
                    Err(error) => {
                        eprintln!("{width}x{height}: {error}");
                        std::process::exit(1);
                    }
                }
            };
            let took = start.elapsed();
            let size = store.size();
            println!(
                "{width}x{height}\t{}\t{:.3} s\t{} components\t{} values\t{} remembered\t{} MB",
                store.display(value),
                took.as_secs_f64(),
                evaluator.cached(),
                size.values,
                size.remembered,
                // The store's size counts the evaluator's cache.
                size.bytes / 1_000_000
            );
        }
    }
    println!("all\t\t{:.3} s", sweep.elapsed().as_secs_f64());
}
