//! `grundy solve paper`.

use grundy::games::paper::{Orientation, Paper};
use grundy::impartial::{ImpartialGame, Outcome, Solver, Sum};
use grundy::RuleError;

use crate::error::CliError;
use crate::report::{Analysis, Remoteness, RemotenessKind};

/// Positions with at most this many uncut units get an exact remoteness: the Nim states are
/// then the partitions of at most this many units, a few thousand.
const EXACT_REMOTENESS_UNITS: u128 = 16;

/// One Nim heap: take any positive number of units. The paper game is a sum of these, one per
/// interior line, which is all the remoteness search needs to know.
struct Heap;

impl ImpartialGame for Heap {
    type Position = u64;
    type Move = u64;

    fn legal_moves(&self, heap: &u64) -> Vec<u64> {
        (1..=*heap).collect()
    }

    fn apply(&self, heap: &u64, take: &u64) -> Result<u64, RuleError> {
        match heap.checked_sub(*take) {
            Some(left) if *take > 0 => Ok(left),
            _ => Err(RuleError::new(
                take,
                "a line cannot lose more units than it has",
            )),
        }
    }
}

/// The most winning moves listed: a 10^9 × 10^9 sheet can have two billion winning lines.
const MAX_LISTED: usize = 100_000;

/// Analyses a paper position written in its notation.
pub fn analyse(position: &str, limit: usize) -> Result<Analysis, CliError> {
    let paper: Paper = position.parse()?;
    let limit = limit.min(MAX_LISTED);
    let grundy = paper.grundy_value();
    let outcome = Outcome::from_grundy(grundy);
    let winning_moves: Vec<String> = paper
        .winning_moves(limit)
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut notes = vec![
        "each interior line is a Nim heap of its uncut length; the winning move count is the \
         number of lines on which a winning cut exists (each has many equivalent segments)"
            .to_string(),
    ];
    let (remoteness, best_move) = if paper.uncut_units() <= EXACT_REMOTENESS_UNITS {
        let lines: Vec<(Orientation, u64, u64)> = paper
            .all_line_heaps()
            .filter(|&(_, _, heap)| heap > 0)
            .collect();
        let heaps: Vec<u64> = lines.iter().map(|&(_, _, heap)| heap).collect();
        let mut solver = Solver::new(Sum(Heap));
        let remoteness = Remoteness {
            moves: solver.remoteness(&heaps),
            kind: RemotenessKind::Exact,
        };
        let best_move = solver.perfect_move(&heaps).and_then(|mv| {
            let &(orientation, line, _) = lines.get(mv.component)?;
            Some(paper.cut_from_start(orientation, line, mv.mv).to_string())
        });
        (Some(remoteness), best_move)
    } else {
        notes.push(format!(
            "remoteness is computed only when at most {EXACT_REMOTENESS_UNITS} units are uncut"
        ));
        (None, winning_moves.first().cloned())
    };
    Ok(Analysis {
        game: "paper".into(),
        position: paper.to_string(),
        outcome,
        grundy: Some(grundy),
        winning_moves,
        winning_move_count: paper.winning_line_count().to_string(),
        best_move,
        remoteness,
        notes,
    })
}
