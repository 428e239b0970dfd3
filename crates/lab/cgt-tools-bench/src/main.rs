//! Values one position with cgt-tools and prints its canonical form on one line.
//!
//!   cgt-tools-bench GAME POSITION
//!
//! GAME is `domineering`, `konane`, `fission` or `amazons` (POSITION is cgt-tools' own grid
//! notation, rows joined by `|`), `toppling` (rows of `x` blue and `o` red dominoes joined by `|`) or
//! `snort` (an edge list `0-1,1-2`, vertices numbered from 0, every one on an edge).
//! The valuation is `PartizanGame::canonical_form` with a fresh transposition table, on one
//! thread (cgt-tools' `rayon` feature is off), so the process's CPU time is the valuation's.

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
use std::{process::ExitCode, str::FromStr};

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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, game, position] = args.as_slice() else {
        eprintln!("usage: cgt-tools-bench GAME POSITION");
        return ExitCode::from(2);
    };
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
