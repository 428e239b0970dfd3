//! How far the Node Kayles and Arc Kayles evaluators get: the value of each grid and path,
//! largest last, with its time (docs/benchmarks.md): `kayles_graph_sizes GAME [SECONDS]`,
//! GAME `nodekayles` or `arckayles`. A shape stops after its first board past SECONDS
//! (60 by default). Run it optimised:
//! `cargo run --release -p grundy-lab --bin kayles_graph_sizes -- nodekayles 10`.

use std::time::Instant;

use grundy::games::arckayles::ArcKayles;
use grundy::games::nodekayles::NodeKayles;
use grundy::graph::Graph;

/// The shapes measured, each a family of graphs in increasing size.
fn shapes() -> Vec<(&'static str, Vec<Graph>)> {
    let family = |columns: std::ops::RangeInclusive<usize>, rows: Option<usize>| -> Vec<Graph> {
        columns
            .filter_map(|n| Graph::grid(n, rows.unwrap_or(n)))
            .collect()
    };
    vec![
        ("grid 3 x n", family(1..=21, Some(3))),
        ("grid 4 x n", family(1..=16, Some(4))),
        ("grid n x n", family(1..=8, None)),
        ("path", Graph::path(64).into_iter().collect()),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let limit: f64 = match args.get(2).map(|text| text.parse::<f64>()) {
        None => 60.0,
        Some(Ok(seconds)) if seconds > 0.0 => seconds,
        Some(_) => {
            eprintln!("kayles_graph_sizes: SECONDS must be a positive number");
            std::process::exit(2);
        }
    };
    let value: fn(&Graph) -> u64 = match args.get(1).map(String::as_str) {
        Some("nodekayles") => {
            |graph| grundy::impartial::searched::grundy_value(&NodeKayles::new(graph.clone()))
        }
        Some("arckayles") => {
            |graph| grundy::impartial::searched::grundy_value(&ArcKayles::new(graph.clone()))
        }
        _ => {
            eprintln!("usage: kayles_graph_sizes nodekayles|arckayles [SECONDS]");
            std::process::exit(2);
        }
    };
    for (name, graphs) in shapes() {
        for graph in graphs {
            let start = Instant::now();
            let found = value(&graph);
            let seconds = start.elapsed().as_secs_f64();
            println!(
                "{name}: {} vertices, {} edges: *{found} in {seconds:.3} s",
                graph.len(),
                graph.edge_count()
            );
            if seconds > limit {
                break;
            }
        }
    }
}
