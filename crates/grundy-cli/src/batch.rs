//! `grundy batch`: the original contests' exact input and output formats.

use std::io::Read;

use clap::{Args, ValueEnum};

use grundy::contest::cuboid::ContestInput;
use grundy::games::cuboid::{TABLE_LIMIT_REASON, TABLE_MAX_SIDE};

use crate::cuboid_table::{source, table_for, CuboidTableArgs};
use crate::error::CliError;

/// The contest problems whose format `grundy batch` speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Problem {
    /// IDI Open 2018 "Cuboid Slicing Game" (Kattis cuboidslicinggame): the winner's name.
    Cuboid,
    /// Codeforces 277C "Game": FIRST and a winning cut, or SECOND.
    Paper,
    /// Waterloo 1998 / UVa 844 "Pousse": referee games, `X WINS`, `O WINS` or `TIE GAME`.
    Pousse,
}

/// Arguments of `grundy batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// The contest problem; its input is read from standard input.
    pub problem: Problem,
    /// Where the cuboid table comes from.
    #[command(flatten)]
    pub cuboid_table: CuboidTableArgs,
}

/// Reads standard input and answers it in the contest's format.
pub fn run(args: &BatchArgs) -> Result<String, CliError> {
    let mut input = Vec::new();
    std::io::stdin().lock().read_to_end(&mut input)?;
    let output = match args.problem {
        Problem::Cuboid => cuboid(&input, &args.cuboid_table)?,
        Problem::Paper => grundy::contest::paper::answer(&input)?,
        Problem::Pousse => grundy::contest::pousse::answer(&input)?,
    };
    Ok(output)
}

/// The cuboid contest with sides up to the longest table, from the table the options choose.
fn cuboid(input: &[u8], options: &CuboidTableArgs) -> Result<String, CliError> {
    let contest = ContestInput::read(input, TABLE_MAX_SIDE, TABLE_LIMIT_REASON)?;
    let source = source(options.table.as_ref(), options.no_cache);
    let table = table_for(contest.longest_side(), &source)?;
    contest
        .answer(&table)
        .map_err(|error| CliError::Usage(error.to_string()))
}
