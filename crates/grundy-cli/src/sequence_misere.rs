//! `grundy sequence RULES --to N --misere`: Conway's misère genus of every heap beside its
//! nim value (see `grundy::misere_play::genus` and docs/misere.md), for any heap ruleset.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use grundy::heap::HeapRuleset;
use grundy::misere_play::genus::{Genus, GenusSearch, MAX_GENUS_HEAP};
use grundy::misere_play::theory::GENUS_LIMIT;
use grundy::misere_play::value::SearchError;

use crate::error::CliError;

/// The genus of heaps 0 to `to` under `rules`, as text or one line of JSON.
pub fn run(rules: &dyn HeapRuleset, to: usize, json: bool) -> Result<String, CliError> {
    let last = u64::try_from(to).unwrap_or(u64::MAX);
    if last > MAX_GENUS_HEAP {
        return Err(CliError::Usage(format!(
            "--to {to} with --misere: the genus is computed by an exact search of each heap \
             plus heaps of 2, which is out of reach past heap {MAX_GENUS_HEAP}"
        )));
    }
    let name = rules.name();
    let stop = crate::solve::stop_at(None);
    let mut search = GenusSearch::new(rules, GENUS_LIMIT, &stop);
    let started = Instant::now();
    let mut shown = started;
    let mut genera: Vec<Genus> = Vec::with_capacity(to + 1);
    for heap in 0..=last {
        let genus = search.genus(heap).map_err(|error| match error {
            SearchError::Stopped(stopped) => CliError::stopped(stopped, None),
            other => CliError::Usage(format!(
                "the genus of heap {heap} of {name}: {other}; heaps 0 to {} were computed",
                heap.saturating_sub(1)
            )),
        })?;
        genera.push(genus);
        if shown.elapsed() >= Duration::from_secs(1) {
            shown = Instant::now();
            eprintln!(
                "grundy: genus of heap {heap} of {last} ({:.0} s, {} positions)",
                started.elapsed().as_secs_f64(),
                search.positions()
            );
        }
    }
    let first_wild = genera.iter().position(|genus| !genus.is_tame());
    if json {
        let value = serde_json::json!({
            "rules": name,
            "to": to,
            "play": "misere",
            "values": genera.iter().map(|genus| genus.normal).collect::<Vec<_>>(),
            "genus": genera.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "misere_values": genera
                .iter()
                .map(|genus| genus.misere.first().copied().unwrap_or(0))
                .collect::<Vec<_>>(),
            "tame_genus": genera.iter().map(Genus::is_tame).collect::<Vec<_>>(),
            "first_wild_heap": first_wild,
        });
        return Ok(format!("{value}\n"));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "misère genus of {name}, heaps 0 to {to}: g^{{γ0γ1…}} is the nim value g and the \
         misère nim values γk of the heap plus k heaps of 2"
    );
    let width = to.to_string().len();
    for (heap, genus) in genera.iter().enumerate() {
        let tame = match (genus.is_tame(), first_wild) {
            (false, _) => "wild",
            (true, Some(wild)) if wild < heap => "tame genus (a smaller heap is wild)",
            (true, _) => "tame",
        };
        let _ = writeln!(
            out,
            "{heap:>width$}: value {:<3} genus {:<12} {tame}",
            genus.normal,
            genus.to_string()
        );
    }
    match first_wild {
        None => {
            let _ = writeln!(
                out,
                "every heap up to {to} is tame: sums of them are decided by the misère Nim rule"
            );
        }
        Some(heap) => {
            let _ = writeln!(
                out,
                "the first wild heap is {heap}: sums of heaps below it are decided by the \
                 misère Nim rule, others by the misère quotient (grundy misere-quotient) or \
                 by exact search"
            );
        }
    }
    Ok(out)
}
