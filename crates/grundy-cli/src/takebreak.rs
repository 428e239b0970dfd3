//! `grundy sequence` and `grundy solve-impartial`: take-and-break games given by their rules
//! (octal and hexadecimal codes, subtraction and all-but games, Grundy's game; see
//! docs/impartial-games.md). All analysis comes from `grundy::games::takebreak`.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use grundy::games::takebreak::compute::{self, compute};
use grundy::games::takebreak::period::{window, NoPeriod};
use grundy::games::takebreak::sum::Remoteness;
use grundy::games::takebreak::{analyse, find_period, HeapRules};
use grundy::heap::{format_heaps, parse_heaps};
use grundy::impartial::heap_values::check_length;
use grundy::report::Outcome;

use crate::error::CliError;

/// How `grundy sequence` computes the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// The sparse-space method where it applies and a sample says it is the faster, the
    /// plain loop elsewhere.
    Auto,
    /// The plain mex loop.
    Plain,
    /// The sparse-space method (games that split heaps in two).
    Sparse,
}

/// Arguments of `grundy sequence`.
#[derive(Debug, Args)]
pub struct SequenceArgs {
    /// The rules: `0.137`, `hex:0.f`, `S(1,3,4)`, `AB(1,2)` or `grundy`.
    pub rules: String,
    /// The last heap size: values G(0) to G(N) are computed.
    #[arg(long)]
    pub to: usize,
    /// Print one line of JSON (with every value) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print only the summary (periodicity, largest value), not the values.
    #[arg(long)]
    pub summary: bool,
    /// How to compute the values.
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    pub method: Method,
    /// Misère play: Conway's genus of every heap beside its nim value (docs/misere.md).
    #[arg(long)]
    pub misere: bool,
}

/// Arguments of `grundy solve-impartial`.
#[derive(Debug, Args)]
pub struct SolveImpartialArgs {
    /// The rules: `0.137`, `hex:0.f`, `S(1,3,4)`, `AB(1,2)` or `grundy`.
    pub rules: String,
    /// The heaps, `5+7+12`.
    pub heaps: String,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Show at most this many winning moves (the count of all of them is always given).
    #[arg(long, default_value_t = 20)]
    pub moves: usize,
}

/// Values per row of the printed sequence.
const ROW: usize = 12;

/// Progress on standard error, once work has run for a second, then every second.
struct ShownProgress {
    started: Instant,
    last: Option<Instant>,
}

impl ShownProgress {
    /// Nothing shown yet; the clock starts now.
    fn new() -> Self {
        ShownProgress {
            started: Instant::now(),
            last: None,
        }
    }

    /// Shows `done` of `total` when a second has passed since the start or the last line,
    /// and the end when anything was shown before it.
    fn report(&mut self, done: usize, total: usize) {
        let now = Instant::now();
        let due = match self.last {
            None => now - self.started >= SECOND,
            Some(last) => now - last >= SECOND || done == total,
        };
        if due {
            self.last = Some(now);
            let elapsed = (now - self.started).as_secs_f64();
            eprintln!("grundy: {done} of {total} values ({elapsed:.0} s)");
        }
    }
}

/// How often progress is shown.
const SECOND: Duration = Duration::from_secs(1);

/// Runs `grundy sequence`.
pub fn run_sequence(args: &SequenceArgs) -> Result<String, CliError> {
    let rules: HeapRules = args.rules.parse()?;
    if args.misere {
        return crate::sequence_misere::run(&rules, args.to, args.json);
    }
    let count = args
        .to
        .checked_add(1)
        .ok_or_else(|| CliError::Usage(format!("--to {} is too large", args.to)))?;
    check_length(count)?;
    let method = match args.method {
        Method::Auto => compute::Method::Auto,
        Method::Plain => compute::Method::Plain,
        Method::Sparse => compute::Method::Sparse,
    };
    let mut shown = ShownProgress::new();
    let computed = compute(
        &rules,
        count,
        method,
        &mut |done, total| shown.report(done, total),
        &crate::solve::stop_at(None),
    )?;
    let values = computed.values;
    let method = match computed.method {
        compute::Method::Sparse => "sparse",
        _ => "plain",
    };
    let periodicity = find_period(&rules, &values, count / 2);
    let max = values.iter().copied().max().unwrap_or(0);
    if args.json {
        let (status, period) = match &periodicity {
            Ok(found) => ("proved", Some(found)),
            Err(NoPeriod::NotFoundUpTo(_)) => ("not_found", None),
            Err(NoPeriod::NoTheorem) => ("no_theorem", None),
        };
        let json = serde_json::json!({
            "rules": rules.to_string(),
            "to": args.to,
            "method": method,
            "computed": computed.computed,
            "extended_by_period": computed.computed < count,
            "max_value": max,
            "periodicity": status,
            "preperiod": period.map(|p| p.preperiod),
            "period": period.map(|p| p.period),
            "values": values,
        });
        return Ok(format!("{json}\n"));
    }
    let mut out = String::new();
    let _ = writeln!(out, "nim sequence of {rules}, G(0) to G({})", args.to);
    if !args.summary {
        let width = max.to_string().len();
        let header = args.to.to_string().len();
        for (row, chunk) in values.chunks(ROW).enumerate() {
            let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>width$}")).collect();
            let _ = writeln!(out, "{:>header$}: {}", row * ROW, cells.join(" "));
        }
    }
    let _ = writeln!(out, "largest value {max}");
    match periodicity {
        Ok(found) => {
            let checked = window(&rules, found.preperiod, found.period).unwrap_or(0);
            let _ = writeln!(
                out,
                "periodic: period {}, pre-period {} (proved: the values repeat for every \
                 heap n with {} <= n < {checked}, which the periodicity theorem extends to \
                 every heap)",
                found.period,
                found.preperiod,
                found.preperiod.max(1)
            );
        }
        Err(NoPeriod::NotFoundUpTo(_)) => {
            let _ = writeln!(out, "no period found up to {}", args.to);
        }
        Err(NoPeriod::NoTheorem) => {
            let _ = writeln!(
                out,
                "no period claimed: the periodicity theorem does not apply to {rules}"
            );
        }
    }
    Ok(out)
}

/// Runs `grundy solve-impartial`.
pub fn run_solve(args: &SolveImpartialArgs) -> Result<String, CliError> {
    let rules: HeapRules = args.rules.parse()?;
    let heaps = parse_heaps(&args.heaps)?;
    let report = analyse(&rules, &heaps, &crate::solve::stop_at(None))?;
    if args.json {
        let json = serde_json::to_string(&report)
            .map_err(|error| CliError::Usage(format!("cannot write JSON: {error}")))?;
        return Ok(format!("{json}\n"));
    }
    let mut out = String::new();
    let _ = writeln!(out, "rules {rules}, heaps {}", format_heaps(&report.heaps));
    let values: Vec<String> = report
        .heaps
        .iter()
        .zip(&report.heap_values)
        .map(|(heap, value)| format!("G({heap}) = {value}"))
        .collect();
    if !values.is_empty() {
        let _ = writeln!(out, "heap values: {}", values.join(", "));
    }
    let winner = match report.outcome {
        Outcome::Win => "the player to move wins",
        Outcome::Loss => "the player to move loses",
    };
    let _ = writeln!(out, "value {}: {winner}", report.value);
    if report.outcome == Outcome::Win {
        let shown: Vec<String> = report
            .winning_moves
            .iter()
            .take(args.moves)
            .map(ToString::to_string)
            .collect();
        let more = report.winning_moves.len().saturating_sub(args.moves);
        let tail = if more > 0 {
            format!(" … and {more} more")
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "winning moves ({}): {}{tail}",
            report.winning_moves.len(),
            shown.join(" ")
        );
    }
    match report.remoteness {
        Remoteness::Exact(moves) => {
            let _ = writeln!(out, "remoteness {moves} (exact)");
        }
        Remoteness::TooLarge(tokens) => {
            let _ = writeln!(
                out,
                "remoteness not computed: {tokens} tokens, exact remoteness is computed up to {} tokens",
                grundy::games::takebreak::sum::REMOTENESS_TOKENS
            );
        }
    }
    Ok(out)
}
