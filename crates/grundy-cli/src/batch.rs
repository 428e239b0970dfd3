//! `grundy batch`: the original contests' exact input and output formats.

use std::io::Read;

use clap::{Args, ValueEnum};

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
}

/// Reads standard input and answers it in the contest's format.
pub fn run(args: &BatchArgs) -> Result<String, CliError> {
    let mut input = Vec::new();
    std::io::stdin().lock().read_to_end(&mut input)?;
    let output = match args.problem {
        Problem::Cuboid => grundy::contest::cuboid::answer(&input)?,
        Problem::Paper => grundy::contest::paper::answer(&input)?,
        Problem::Pousse => grundy::contest::pousse::answer(&input)?,
    };
    Ok(output)
}
