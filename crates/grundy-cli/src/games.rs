//! `grundy games`: every game and family the registry knows, for a person or (with
//! `--json`) a program.

use std::fmt::Write as _;

use clap::Args;
use grundy::registry;
use grundy::registry::Game;
use serde::Serialize;

/// Arguments of `grundy games`.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Print one line of JSON (an array of games) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// One game as `grundy games --json` describes it.
#[derive(Debug, Serialize)]
struct Listing {
    name: &'static str,
    aliases: &'static [&'static str],
    family: bool,
    summary: &'static str,
    notation: &'static str,
    example: &'static str,
    default_position: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    contest: Option<&'static str>,
}

impl From<Game> for Listing {
    fn from(game: Game) -> Self {
        Listing {
            name: game.name(),
            aliases: game.aliases(),
            family: game.is_family(),
            summary: game.summary(),
            notation: game.notation(),
            example: game.example(),
            default_position: game.default_position(),
            contest: game.contest(),
        }
    }
}

/// Each game's position notation, one line a game, for `grundy solve --help`.
pub fn notation_help() -> String {
    let mut text = String::from("Position notation (see docs/notation.md):\n");
    for game in registry::all() {
        let _ = writeln!(text, "  {}: {}", game.name(), game.notation());
    }
    text
}

/// Each contest whose format `grundy batch` answers, one line a game, for `grundy batch
/// --help`.
pub fn contest_help() -> String {
    let mut text = String::from("Contests (the problem is the game's name):\n");
    for game in registry::all() {
        if let Some(contest) = game.contest() {
            let _ = writeln!(text, "  {}: {contest}", game.name());
        }
    }
    text
}

/// The list of games, as text or JSON.
pub fn run(args: &GamesArgs) -> String {
    let listings: Vec<Listing> = registry::all().iter().map(|game| (*game).into()).collect();
    if args.json {
        return match serde_json::to_string(&listings) {
            Ok(json) => json + "\n",
            // Serialising plain strings cannot fail.
            Err(error) => format!("{{\"error\":\"{error}\"}}\n"),
        };
    }
    let mut text = String::new();
    for listing in &listings {
        let aliases = if listing.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also {})", listing.aliases.join(", "))
        };
        let family = if listing.family { " [family]" } else { "" };
        let _ = writeln!(text, "{}{aliases}{family}", listing.name);
        let _ = writeln!(text, "  {}", listing.summary);
        let _ = writeln!(text, "  notation: {}", listing.notation);
        let _ = writeln!(
            text,
            "  example:  grundy solve {} {}",
            listing.name, listing.example
        );
        if let Some(contest) = listing.contest {
            let _ = writeln!(text, "  batch:    {contest}");
        }
    }
    text
}
