//! The arguments of `grundy value`, read by the command's three routes: short games
//! ([`crate::value_cmd`]), sums of loopy impartial values ([`crate::value_loopy_impartial`])
//! and loopy partizan games ([`crate::value_loopy_partizan`]).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

/// Arguments of `grundy value`.
#[derive(Debug, Args)]
pub struct ValueArgs {
    /// The game: a value or an expression such as `{2|-1}`, `^*`, `±1`, `{2||1|0}`,
    /// `{1|0} + ^ - (1/2 + *)`, in one argument: quote it in the shell (`*`, `|`, `&` and
    /// `{` mean something there). It may begin with a minus sign (`-1/2`). An expression
    /// with `∞` or `inf` is a sum of loopy impartial values (`∞{0,2} + *3`, `inf{0,2} + *3`):
    /// its value, its outcome (P, N or D) and which parts to move in. A loopy partizan game:
    /// `{pass|3/2}`, `a{0||||0|||a|*||*}`, `on`, `over`, `dud`, `upon`, `tis`, `5over + ^`,
    /// `over & v` (docs/loopy.md).
    #[arg(allow_hyphen_values = true, value_name = "EXPR")]
    pub expression: String,
    /// Print the summary as one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the thermograph as an SVG picture to FILE.
    #[arg(long, value_name = "FILE")]
    pub thermograph: Option<PathBuf>,
    /// Give up after this many seconds (a decimal such as 0.5): the command says so and
    /// exits with status 1. Ctrl-C stops it at any time, the same way, with status 130. No
    /// limit by default.
    #[arg(long, value_name = "SECONDS", value_parser = crate::solve::parse_time_limit)]
    pub time_limit: Option<Duration>,
    /// Give up, with status 1, once the values computed are estimated to hold more than
    /// this many megabytes (default 4000, which keeps the process under about 8 GB; short
    /// expressions such as `±1 + ±2 + … + ±40` need far more; docs/partizan.md).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub memory_limit: Option<u64>,
}
