//! Values one position with cgt-tools and prints its canonical form on one line.
//!
//!   cgt-tools-bench GAME POSITION
//!
//! GAME is `domineering`, `konane`, `fission` or `amazons` (POSITION is cgt-tools' own grid
//! notation, rows joined by `|`), `toppling` (rows of `x` blue and `o` red dominoes joined by `|`) or
//! `snort` (an edge list `0-1,1-2`, vertices numbered from 0, every one on an edge).
//! The valuation is `PartizanGame::canonical_form` with a fresh transposition table, on one
//! thread (cgt-tools' `rayon` feature is off), so the process's CPU time is the valuation's.
//!
//!   cgt-tools-bench wind_up N:SET
//!
//! values every cell of Wind-Up on a cycle of N cells with the subtraction set SET (`1,2,4`)
//! with cgt-tools' `WindUp::new_using_graph` (what its `wind_up range` command runs) and
//! prints the values of the cells 0 to N − 1 on one line, in grundy's notation (`0`, `*2`,
//! `∞{0,2}`: the finite values of an infinite one in increasing order).
//!
//!   cgt-tools-bench repeat REPS GAME POSITION
//!
//! values the position REPS times inside the process (each time read from its text, valued
//! with a fresh transposition table and printed to a string), prints the value once and, on
//! standard error, `in-process: MEDIAN_NS ns`: the median wall time of one valuation, without
//! the start of the process (grundy's lab has the same mode, `solve_repeat`).

use cgt::loopy::impartial::{games::wind_up::WindUp, vertex::Vertex};
use cgt::{
    graph::{Graph, VertexIndex, adjacency_matrix::undirected::UndirectedGraph},
    grid::small_bit_grid::SmallBitGrid,
    short::partizan::{
        canonical_form::CanonicalForm,
        games::{
            amazons::Amazons,
            domineering::Domineering,
            fission::Fission,
            konane::Konane,
            snort::{Snort, VertexColor, VertexKind},
            toppling_dominoes::{self, TopplingDominoes},
        },
        partizan_game::PartizanGame,
        transposition_table::ParallelTranspositionTable,
    },
};
use std::{process::ExitCode, str::FromStr, time::Instant};

#[cfg(not(windows))]
#[global_allocator]
static ALLOC: jemallocator::Jemalloc = jemallocator::Jemalloc;

fn value<G: PartizanGame + Send + Sync + Eq + std::hash::Hash + Clone>(g: &G) -> CanonicalForm {
    let tt = ParallelTranspositionTable::new();
    g.canonical_form(&tt)
}

fn parsed<G: FromStr>(position: &str) -> Result<G, String> {
    G::from_str(position).map_err(|_| format!("cannot read the position {position:?}"))
}

fn toppling(position: &str) -> Result<TopplingDominoes, String> {
    let mut rows = Vec::new();
    for row in position.split('|') {
        let tiles = row
            .chars()
            .map(|c| match c {
                'x' => Ok(toppling_dominoes::Tile::Blue),
                'o' => Ok(toppling_dominoes::Tile::Red),
                _ => Err(format!("cannot read the domino {c:?}")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let width = u8::try_from(tiles.len()).map_err(|_| format!("row too long: {row}"))?;
        rows.push(SmallBitGrid::from_arr(width, 1, &tiles).ok_or(format!("row too long: {row}"))?);
    }
    Ok(TopplingDominoes::new(rows))
}

fn snort(position: &str) -> Result<Snort<VertexKind, UndirectedGraph<VertexKind>>, String> {
    let mut edges = Vec::new();
    for edge in position.split(',') {
        let (a, b) = edge
            .split_once('-')
            .ok_or(format!("cannot read the edge {edge:?}"))?;
        let a: usize = a
            .parse()
            .map_err(|_| format!("cannot read the edge {edge:?}"))?;
        let b: usize = b
            .parse()
            .map_err(|_| format!("cannot read the edge {edge:?}"))?;
        edges.push((VertexIndex { index: a }, VertexIndex { index: b }));
    }
    let n = edges
        .iter()
        .map(|(a, b)| a.index.max(b.index) + 1)
        .max()
        .unwrap_or(0);
    let vertices = vec![VertexKind::Single(VertexColor::Empty); n];
    Ok(Snort::new(UndirectedGraph::from_edges(&edges, &vertices)))
}

fn run(game: &str, position: &str) -> Result<CanonicalForm, String> {
    Ok(match game {
        "domineering" => value(&parsed::<Domineering>(position)?),
        "konane" => value(&parsed::<Konane>(position)?),
        "fission" => value(&parsed::<Fission>(position)?),
        "amazons" => value(&parsed::<Amazons>(position)?),
        "toppling" => value(&toppling(position)?),
        "snort" => value(&snort(position)?),
        _ => return Err(format!("unknown game {game:?}")),
    })
}

/// A nimber in grundy's notation.
fn nimber(n: u32) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

/// The values of every cell of Wind-Up `N:SET`, in grundy's notation, joined by spaces.
fn wind_up(position: &str) -> Result<String, String> {
    let unread = || format!("cannot read the cycle {position:?}: write N:SET (12:1,2,4)");
    let (n, set) = position.split_once(':').ok_or_else(unread)?;
    let n: u32 = n.parse().map_err(|_| unread())?;
    let set = set
        .split(',')
        .map(|amount| amount.parse::<u32>().map_err(|_| unread()))
        .collect::<Result<Vec<u32>, String>>()?;
    let game = WindUp::new_using_graph(n, set);
    let cells: Vec<String> = game
        .graph()
        .iter()
        .map(|vertex| match vertex {
            Vertex::Value(n) => nimber(n.value()),
            Vertex::Loop(finite) => {
                let mut finite: Vec<u32> = finite.iter().map(|n| n.value()).collect();
                finite.sort_unstable();
                finite.dedup();
                let finite: Vec<String> = finite.iter().map(u32::to_string).collect();
                if finite.is_empty() {
                    "∞".to_string()
                } else {
                    format!("∞{{{}}}", finite.join(","))
                }
            }
        })
        .collect();
    Ok(cells.join(" "))
}

/// The value of `position` valued `reps` times, and the median time of one valuation in
/// nanoseconds.
fn repeat(reps: &str, game: &str, position: &str) -> Result<(String, u128), String> {
    let reps: usize = reps
        .parse()
        .ok()
        .filter(|&reps| reps > 0)
        .ok_or(format!("cannot read the repetitions {reps:?}"))?;
    let mut times = Vec::with_capacity(reps);
    let mut value = String::new();
    for _ in 0..reps {
        let start = Instant::now();
        value = run(game, position)?.to_string();
        times.push(start.elapsed().as_nanos());
    }
    times.sort_unstable();
    Ok((value, times[times.len() / 2]))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if let [_, mode, reps, game, position] = args.as_slice() {
        if mode == "repeat" {
            return match repeat(reps, game, position) {
                Ok((value, median)) => {
                    println!("{value}");
                    eprintln!("in-process: {median} ns");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("cgt-tools-bench: {e}");
                    ExitCode::from(2)
                }
            };
        }
    }
    let [_, game, position] = args.as_slice() else {
        eprintln!(
            "usage: cgt-tools-bench GAME POSITION | cgt-tools-bench repeat REPS GAME POSITION"
        );
        return ExitCode::from(2);
    };
    if game == "wind_up" {
        return match wind_up(position) {
            Ok(values) => {
                println!("{values}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("cgt-tools-bench: {e}");
                ExitCode::from(2)
            }
        };
    }
    match run(game, position) {
        Ok(value) => {
            println!("{value}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cgt-tools-bench: {e}");
            ExitCode::from(2)
        }
    }
}
