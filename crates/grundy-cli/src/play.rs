//! `grundy play`: a person against a grundy strategy at the terminal.
//!
//! [`session`] holds the whole conversation over any reader and writer, so it is tested
//! with scripted input; [`run`] wires it to standard input and output. The person types
//! moves in the game's notation or one of the words in [`HELP`].

use std::io::{self, BufRead, BufReader, Write};

use clap::Args;
use grundy::game::Strategy;
use grundy::game::{Budget, GameState, MoveError, Status};
use grundy::player::Seat;
use grundy::registry;
use grundy::registry::Game;
use grundy::strategy::StrategySpec;
use grundy_arena::engine::{read_line, Line};
use grundy_arena::protocol::MAX_LINE_BYTES;

use crate::error::CliError;

/// Arguments of `grundy play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game.
    pub game: String,
    /// The start position, in the game's notation (default: the game's usual start).
    pub position: Option<String>,
    /// How grundy chooses its moves: perfect, stubborn, random, noisy[:ε], scripted:m1,m2,…,
    /// and for Pousse alphabeta[:depth=N] or mcts[:playouts=N] (sparring partners).
    #[arg(long, default_value = "perfect")]
    pub strategy: String,
    /// Fixes grundy's random choices, so a game replays exactly.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Your seat: `first` (you move first) or `second`.
    #[arg(long, default_value = "first")]
    pub side: String,
    /// Impartial games: misère play, where the player who makes the last move loses (the
    /// same as ending the position in `@misere`).
    #[arg(long)]
    pub misere: bool,
}

/// How many legal moves `moves` shows.
pub const MOVES_SHOWN: usize = 40;

/// The words the player may type besides moves.
pub const HELP: &str = "\
type a move (as in the list `moves` shows) or one of:
  moves   the legal moves
  hint    the solver's analysis and best move
  undo    take back your last move and grundy's reply
  board   draw the position again
  help    this text
  quit    leave the game";

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The game was played out; the winner.
    Won(Seat),
    /// The person typed `quit` or the input ended.
    Left,
}

/// Plays one game: the person at `input`/`output` holds `human`, `strategy` the other seat.
pub fn session(
    game: &mut dyn GameState,
    strategy: &mut dyn Strategy,
    human: Seat,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> io::Result<Ending> {
    let budget = Budget::default();
    writeln!(
        output,
        "{} from {}: you play {} ({}), grundy plays {} with the {} strategy. Type help for help.",
        game.entry().name(),
        game.position(),
        human,
        game.side_name(human),
        human.other(),
        strategy.name()
    )?;
    let mut show_board = true;
    loop {
        if show_board {
            write!(output, "\n{}", game.draw())?;
            writeln!(output, "position {}", game.position())?;
            show_board = false;
        }
        if let Status::Won { winner } = game.status() {
            let who = if winner == human {
                "you win"
            } else {
                "grundy wins"
            };
            writeln!(
                output,
                "game over: {winner} ({}) wins, {who} after {} moves",
                game.side_name(winner),
                game.history().len()
            )?;
            output.flush()?;
            return Ok(Ending::Won(winner));
        }
        if game.side_to_move() != human {
            let Some(mv) = strategy.choose(game, &budget) else {
                writeln!(output, "grundy found no move")?;
                return Ok(Ending::Left);
            };
            match game.play(&mv) {
                Ok(mv) => writeln!(output, "grundy plays {mv}")?,
                Err(error) => {
                    writeln!(output, "grundy chose an illegal move {mv}: {error}")?;
                    return Ok(Ending::Left);
                }
            }
            show_board = true;
            continue;
        }
        write!(output, "your move> ")?;
        output.flush()?;
        let text = match read_line(input, MAX_LINE_BYTES)? {
            None => {
                writeln!(output, "\nend of input: game left unfinished")?;
                output.flush()?;
                return Ok(Ending::Left);
            }
            Some(Line::Text(text)) => text,
            Some(Line::TooLong) => {
                writeln!(output, "that line is too long; type help for help")?;
                continue;
            }
            Some(Line::NotUtf8) => {
                writeln!(output, "that line is not text; type help for help")?;
                continue;
            }
        };
        let word = text.trim();
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => writeln!(output, "{HELP}")?,
            "board" => show_board = true,
            "quit" | "exit" => {
                writeln!(output, "game left unfinished")?;
                output.flush()?;
                return Ok(Ending::Left);
            }
            "moves" => {
                let list = game.legal_moves(MOVES_SHOWN);
                let count = match list.total {
                    Some(total) => format!("{total} legal moves"),
                    None => "legal moves".to_string(),
                };
                let more = if list.complete { "" } else { " …" };
                writeln!(output, "{count}: {}{more}", list.moves.join(" "))?;
            }
            "hint" => {
                let analysis = game.analyse(&budget);
                writeln!(output, "hint: {analysis}")?;
            }
            "undo" => {
                // The person has moved when the history holds a move made from their seat.
                let first_own = usize::from(human == Seat::Second);
                if game.history().len() <= first_own {
                    writeln!(output, "nothing to undo: you have not moved yet")?;
                } else {
                    let mut taken = Vec::new();
                    while let Some(mv) = game.undo() {
                        taken.push(mv);
                        if game.side_to_move() == human {
                            break;
                        }
                    }
                    taken.reverse();
                    writeln!(output, "took back {}", taken.join(" "))?;
                    show_board = true;
                }
            }
            _ => match game.play(word) {
                Ok(mv) => {
                    writeln!(output, "you play {mv}")?;
                    show_board = true;
                }
                Err(MoveError::Parse(error)) => writeln!(
                    output,
                    "not a move or a command: {error}; type help for help"
                )?,
                Err(error) => writeln!(
                    output,
                    "illegal move: {error}; type moves for the legal moves"
                )?,
            },
        }
    }
}

/// Reads the options, then plays one game at the terminal.
pub fn run(args: &PlayArgs) -> Result<String, CliError> {
    let kind: Game = registry::find(&args.game)?;
    let position = args
        .position
        .clone()
        .unwrap_or_else(|| kind.default_position().to_string());
    let position = if args.misere {
        grundy::misere_play::with_misere_term(&position)
    } else {
        position
    };
    let mut game = kind.start(&position)?;
    let spec: StrategySpec = args.strategy.parse()?;
    spec.check_game(kind.entry())?;
    let human = match args.side.to_ascii_lowercase().as_str() {
        "first" => Seat::First,
        "second" => Seat::Second,
        _ => {
            return Err(CliError::Usage(format!(
                "--side {}: the side is first or second",
                args.side
            )))
        }
    };
    let mut strategy = spec.build(args.seed);
    let mut input = BufReader::new(io::stdin().lock());
    let mut output = io::stdout().lock();
    match session(
        game.as_mut(),
        strategy.as_mut(),
        human,
        &mut input,
        &mut output,
    ) {
        Ok(_) => Ok(String::new()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(error) => Err(CliError::Io(error)),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn play(position: &str, spec: &str, human: Seat, script: &str) -> (Ending, String) {
        let mut game = registry::find("rectangle")
            .unwrap()
            .start(position)
            .unwrap();
        let mut strategy = spec.parse::<StrategySpec>().unwrap().build(0);
        let mut output = Vec::new();
        let ending = session(
            game.as_mut(),
            strategy.as_mut(),
            human,
            &mut script.as_bytes(),
            &mut output,
        )
        .unwrap();
        (ending, String::from_utf8(output).unwrap())
    }

    #[test]
    fn a_person_wins_with_perfect_moves() {
        // 4x3: v1 leaves 3x3 (lost for grundy); then mirror grundy's cuts.
        let (ending, text) = play("4x3", "scripted:h1", Seat::First, "v1\nv1\nv1\n");
        assert_eq!(ending, Ending::Won(Seat::First), "{text}");
        assert!(text.contains("you play v1\n"), "{text}");
        assert!(text.contains("grundy plays h1\n"), "{text}");
        assert!(
            text.contains("game over: first (first) wins, you win after 5 moves"),
            "{text}"
        );
    }

    #[test]
    fn words_and_bad_input_keep_the_game_going() {
        let (ending, text) = play(
            "4x3",
            "perfect",
            Seat::First,
            "help\nmoves\nhint\nv7\nzz\n\nundo\nboard\nquit\n",
        );
        assert_eq!(ending, Ending::Left);
        assert!(text.contains("moves   the legal moves"), "{text}");
        assert!(text.contains("5 legal moves: v1 v2 v3 h1 h2\n"), "{text}");
        assert!(text.contains("hint: win in 5 best v1"), "{text}");
        assert!(text.contains("illegal move: "), "{text}");
        assert!(text.contains("not a move or a command: "), "{text}");
        assert!(text.contains("nothing to undo"), "{text}");
        assert!(text.ends_with("game left unfinished\n"), "{text}");
    }

    #[test]
    fn undo_takes_back_the_move_and_the_reply() {
        let (_, text) = play("4x3", "perfect", Seat::First, "h1\nundo\nmoves\n");
        assert!(
            text.contains("took back h1 v1\n") || text.contains("took back h1 "),
            "{text}"
        );
        let after = text.split("took back").nth(1).unwrap();
        assert!(after.contains("position 4x3"), "{text}");
    }

    #[test]
    fn lines_that_are_not_text_are_refused_and_the_game_goes_on() {
        let mut game = registry::find("rectangle").unwrap().start("4x3").unwrap();
        let mut strategy = StrategySpec::Perfect.build(0);
        let mut script: Vec<u8> = b"\xff\xfe\n".to_vec();
        script.extend(std::iter::repeat(b'v').take(MAX_LINE_BYTES + 1));
        script.extend_from_slice(b"\nquit\n");
        let mut output = Vec::new();
        let ending = session(
            game.as_mut(),
            strategy.as_mut(),
            Seat::First,
            &mut script.as_slice(),
            &mut output,
        )
        .unwrap();
        assert_eq!(ending, Ending::Left);
        let text = String::from_utf8(output).unwrap();
        assert!(text.contains("your move> that line is not text"), "{text}");
        assert!(text.contains("your move> that line is too long"), "{text}");
        assert!(
            text.ends_with("your move> game left unfinished\n"),
            "{text}"
        );
    }

    #[test]
    fn grundy_moves_first_when_the_person_is_second() {
        let (ending, text) = play("4x3", "perfect", Seat::Second, "undo\n");
        assert_eq!(ending, Ending::Left);
        assert!(text.contains("grundy plays v1\n"), "{text}");
        assert!(text.contains("nothing to undo"), "{text}");
        assert!(
            text.ends_with("end of input: game left unfinished\n"),
            "{text}"
        );
    }
}
