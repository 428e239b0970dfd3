//! `grundy misere-quotient`: the misère quotient of a take-and-break game on heaps up to a
//! bound, its presentation, its P-portion, the element of each heap and where it stops
//! growing (see docs/misere.md, "Misère quotients"). All the work is in `grundy::misere_quotient`,
//! which takes any heap ruleset: the rules are read by the take-and-break family's registry
//! entry, and this command knows no game's type.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use grundy::error::ParseError;
use grundy::heap::HeapRuleset;
use grundy::misere_quotient::quotient::DEFAULT_MEMORY_LIMIT;
use grundy::misere_quotient::{
    element_of_counts, misere_quotient_within, outcome_of_element, prove_periodicity, stable_from,
    Element, Periodic, Presentation, QuotientError, QuotientProgress, MAX_HEAPS,
};
use grundy::registry;
use grundy::report::Outcome;

use crate::error::CliError;

/// Arguments of `grundy misere-quotient`.
#[derive(Debug, Args)]
pub struct MisereQuotientArgs {
    /// The rules of a take-and-break game: `0.77` (Kayles), `0.137` (Dawson's chess),
    /// `4.7`, `hex:0.f`, `S(1,3,4)`, `AB(1,2)` or `grundy`.
    pub rules: String,
    /// The largest heap: the quotient of every sum of heaps of at most N tokens.
    #[arg(long, value_name = "N")]
    pub heaps: u64,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Give up after this many seconds (exit code 1, naming the limit). No limit by
    /// default; Ctrl-C stops it at any time, the same way, with status 130.
    #[arg(long, value_name = "SECONDS", value_parser = crate::solve::parse_time_limit)]
    pub time_limit: Option<Duration>,
    /// Give up, with status 1, once a proof's states or the quotient's product tables are
    /// estimated to hold more than this many megabytes (default 4000, which keeps the
    /// process under about 8 GB; it bounds the order of the quotient, 18,257 elements by
    /// default, as the square of the order grows the tables).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub memory_limit: Option<u64>,
    /// Also decide a sum of heaps through the quotient: heap sizes separated by spaces or
    /// commas, each `H` or `HxC` for C copies of a heap of H tokens (`"5x1000000 9 12"`).
    /// Heaps past the bound need a proved period.
    #[arg(long, value_name = "HEAPS")]
    pub sum: Option<String>,
}

/// Reads `--sum`: `H` or `HxC` items separated by spaces or commas.
fn parse_sum(text: &str) -> Result<Vec<(u64, u64)>, CliError> {
    let items: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|item| !item.is_empty())
        .collect();
    if items.is_empty() {
        return Err(CliError::Usage(
            "--sum is empty: give heap sizes such as \"5 7 9\" or \"5x1000000 9\"".into(),
        ));
    }
    items
        .iter()
        .map(|item| {
            let (heap, copies) = match item.split_once('x') {
                Some((heap, copies)) => (heap, copies),
                None => (*item, "1"),
            };
            match (heap.parse::<u64>(), copies.parse::<u64>()) {
                (Ok(heap), Ok(copies)) => Ok((heap, copies)),
                _ => Err(CliError::Usage(format!(
                    "--sum item {item:?} is not a heap size: write H or HxC (C copies of a \
                     heap of H tokens), both whole numbers below 2^64"
                ))),
            }
        })
        .collect()
}

/// Heaps per printed row.
const ROW: usize = 10;

/// The registry's family of games given by heap rules written before the heaps
/// (`0.77:5+7`): it reads the rules of this command.
const HEAP_RULES_FAMILY: &str = "takebreak";

/// The heap ruleset written `text` (`0.77`, `S(1,3,4)`, `grundy`), read by the registry
/// entry of [`HEAP_RULES_FAMILY`] as the rules of a position without heaps: the same
/// reading, and the same errors, as the rules of any position of the family.
fn heap_ruleset(text: &str) -> Result<Arc<dyn HeapRuleset>, ParseError> {
    let family = registry::find(HEAP_RULES_FAMILY)?;
    let empty = family.entry().start(&format!("{text}:0"))?;
    empty.heap_sum().map(|sum| sum.rules).ok_or_else(|| {
        ParseError::new(format!("{} positions are not sums of heaps", family.name()))
    })
}

/// Runs `grundy misere-quotient`.
pub fn run(args: &MisereQuotientArgs) -> Result<String, CliError> {
    let rules = heap_ruleset(&args.rules).map_err(|error| {
        CliError::Usage(format!(
            "{error} ({:?} is not a take-and-break game; Kayles is 0.77, Dawson's chess 0.137)",
            args.rules
        ))
    })?;
    if args.heaps == 0 || args.heaps > MAX_HEAPS {
        return Err(CliError::Usage(format!(
            "--heaps {} is refused: give a heap bound from 1 to {MAX_HEAPS} (each heap costs \
             a proof over every sum of the heaps before it, so larger bounds would not finish)",
            args.heaps
        )));
    }
    let sum = args.sum.as_deref().map(parse_sum).transpose()?;
    let stop = crate::solve::stop_at(args.time_limit);
    let started = Instant::now();
    let mut last_shown: Option<Instant> = None;
    let bound = args.heaps;
    let mut progress = |at: QuotientProgress| {
        let now = Instant::now();
        let due = match last_shown {
            None => now - started >= Duration::from_secs(1),
            Some(last) => now - last >= Duration::from_secs(1) || (at.finished && at.heap == bound),
        };
        if due {
            last_shown = Some(now);
            let seconds = (now - started).as_secs_f64();
            if at.finished {
                eprintln!("grundy: heap {} of {bound} ({seconds:.0} s)", at.heap);
            } else {
                eprintln!(
                    "grundy: heap {} of {bound}: guess corrected {} times, {} elements \
                     ({seconds:.0} s)",
                    at.heap, at.corrections, at.order
                );
            }
        }
    };
    let memory_limit = args
        .memory_limit
        .map_or(DEFAULT_MEMORY_LIMIT, crate::solve::megabytes);
    let quotient = misere_quotient_within(
        rules.as_ref(),
        args.heaps,
        &mut progress,
        &stop,
        memory_limit,
    )
    .map_err(|error| match error {
        QuotientError::Stopped(stopped) => CliError::stopped(stopped, args.time_limit),
        over @ QuotientError::OverMemory { .. } => CliError::TooLarge(over.to_string()),
        QuotientError::TooManyHeaps(_) | QuotientError::TooLarge { .. } => {
            CliError::Usage(error.to_string())
        }
        other => CliError::Usage(other.to_string()),
    })?;
    let presentation = Presentation::of(&quotient);
    let periodic = prove_periodicity(&quotient);
    let monoid = quotient.monoid();
    let p_words: Vec<String> = monoid
        .p_portion()
        .iter()
        .map(|x| presentation.element_word(*x))
        .collect();
    let heap_words: Vec<String> = quotient
        .heap_elements()
        .iter()
        .map(|x| presentation.element_word(*x))
        .collect();
    let decided = match &sum {
        Some(counts) => Some(decide_sum(&quotient, periodic.as_ref(), counts)?),
        None => None,
    };
    if args.json {
        // The whole monoid, so that other programs can decide sums from it: element `x`
        // is `elements[x]`, `x · y` is `table[x][y]`, and heap `h` is `heap_numbers[h]`.
        let order = monoid.order() as Element;
        let elements: Vec<String> = (0..order).map(|x| presentation.element_word(x)).collect();
        let table: Vec<Vec<Element>> = (0..order)
            .map(|x| (0..order).map(|y| monoid.multiply(x, y)).collect())
            .collect();
        let json = serde_json::json!({
            "rules": rules.name(),
            "heaps": args.heaps,
            "order": monoid.order(),
            "p_portion": p_words,
            "generators": presentation.generators,
            "relations": presentation.relation_texts(),
            "heap_elements": heap_words,
            "orders": quotient.orders(),
            "periodic": periodic,
            "stable_from": stable_from(&quotient),
            "proof_states": quotient.states_proved(),
            "elements": elements,
            "table": table,
            "p_numbers": monoid.p_portion(),
            "heap_numbers": quotient.heap_elements(),
            "sum": decided.as_ref().map(|(element, outcome)| serde_json::json!({
                "element": presentation.element_word(*element),
                "p_position": *outcome == Outcome::Loss,
            })),
        });
        return Ok(format!("{json}\n"));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "misère quotient of {}, heaps 1 to {}",
        rules.name(),
        args.heaps
    );
    let _ = writeln!(
        out,
        "order {}, P-portion {} elements",
        monoid.order(),
        p_words.len()
    );
    let generators: Vec<String> = presentation
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    let _ = writeln!(out, "generators: {}", generators.join(", "));
    let _ = writeln!(
        out,
        "relations: {}",
        presentation.relation_texts().join(", ")
    );
    let _ = writeln!(out, "P-portion: {{{}}}", p_words.join(", "));
    let _ = writeln!(out, "element of each heap:");
    let width = heap_words.iter().map(String::len).max().unwrap_or(1);
    let label = args.heaps.to_string().len();
    for (row, chunk) in heap_words.chunks(ROW).enumerate() {
        let cells: Vec<String> = chunk.iter().map(|w| format!("{w:>width$}")).collect();
        let _ = writeln!(out, "{:>label$}: {}", row * ROW, cells.join(" "));
    }
    let _ = writeln!(out, "{}", stability_line(&quotient, periodic.as_ref()));
    if let Some((element, outcome)) = decided {
        let verdict = match outcome {
            Outcome::Loss => "a P-position: the player to move loses",
            _ => "an N-position: the player to move wins",
        };
        let _ = writeln!(
            out,
            "sum {}: element {}, {verdict}",
            args.sum.as_deref().unwrap_or_default().trim(),
            presentation.element_word(element)
        );
    }
    Ok(out)
}

/// The element and misère outcome of a sum given by numbers of copies.
fn decide_sum(
    quotient: &grundy::misere_quotient::MisereQuotient,
    periodic: Option<&Periodic>,
    counts: &[(u64, u64)],
) -> Result<(Element, Outcome), CliError> {
    let element = element_of_counts(quotient, periodic, counts)
        .map_err(|error| CliError::Usage(format!("--sum: {error}")))?;
    let outcome = outcome_of_element(quotient, element);
    Ok((element, outcome))
}
/// What is known about larger heaps.
fn stability_line(
    quotient: &grundy::misere_quotient::MisereQuotient,
    periodic: Option<&Periodic>,
) -> String {
    match periodic {
        Some(found) => format!(
            "proved: the elements repeat with period {} from heap {} (checked to heap {}, \
             which the periodicity theorem for misère quotients extends to every heap), so \
             this is the quotient of the whole game",
            found.period, found.preperiod, found.checked_to
        ),
        None => format!(
            "stable from heap {} up to the bound {}: nothing is claimed for larger heaps",
            stable_from(quotient),
            quotient.bound()
        ),
    }
}
