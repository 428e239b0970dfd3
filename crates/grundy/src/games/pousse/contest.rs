//! The Waterloo local contest 1998 problem D / UVa 844 "Pousse" format: referee games.
//!
//! The input is whitespace-separated tokens: for each game a board size N (1 to 100), the
//! moves (`L3`, `R1`, `T2`, `B4`), then `QUIT`; several games follow one another. For each
//! game the output is one line: `X WINS` or `O WINS` as soon as a move produces a dominant
//! colour, or `TIE GAME` when `QUIT` comes first.
//!
//! Decisions where the contest is silent:
//! - after a winning move, the tokens up to that game's `QUIT` are ignored without being
//!   read as moves, as the contest says (they are never played);
//! - `QUIT` is case-sensitive, move letters may be lower case (`l2`);
//! - an empty input has an empty answer; a game without its `QUIT` is an error.
//!
//! Errors name the game (1-based), the line and the token.
//!
//! ```
//! let output = grundy::games::pousse::contest::answer(b"4 L2 T2 L2 B2 R2 QUIT 4 L2 T2 L2 B2 R2 T1 L2 QUIT").unwrap();
//! assert_eq!(output, "TIE GAME\nX WINS\n");
//! ```

use crate::error::ParseError;
use crate::games::pousse::{Colour, FlatBoard, Move, Position, Size};
use crate::contest_input::Tokens;

/// The token that ends a game.
const QUIT: &str = "QUIT";

fn in_game(error: ParseError, game: usize) -> ParseError {
    ParseError {
        message: format!("game {game}: {}", error.message),
        location: error.location,
    }
}

/// Answers the contest input `input` with exactly the output the contest expects.
pub fn answer(input: &[u8]) -> Result<String, ParseError> {
    let mut tokens = Tokens::from_bytes(input)?;
    let mut output = String::new();
    let mut number = 0;
    while tokens.peek().is_some() {
        number += 1;
        let verdict = referee(&mut tokens).map_err(|error| in_game(error, number))?;
        output.push_str(verdict);
        output.push('\n');
    }
    Ok(output)
}

/// Reads one game up to its `QUIT` and returns its verdict.
///
/// The Waterloo rules are the straights alone (no repetition rule, no history), so the game
/// is a [`Position`] on the [`FlatBoard`], the board that does only the work the straight
/// count needs, and a move is applied only while nobody has won.
fn referee(tokens: &mut Tokens<'_>) -> Result<&'static str, ParseError> {
    let size = tokens.next_integer::<u64>("the board size", 1..=100)?;
    let size = Size::new(size as usize)?;
    let mut position: Position<FlatBoard> = Position::start(size)?;
    let mut winner = None;
    loop {
        let token = tokens.expect("a move or QUIT")?;
        if token.text == QUIT {
            return Ok(match winner {
                Some(Colour::X) => "X WINS",
                Some(Colour::O) => "O WINS",
                None => "TIE GAME",
            });
        }
        if winner.is_some() {
            continue;
        }
        let mv: Move = token
            .text
            .parse()
            .map_err(|e: ParseError| token.error(format!("{}, or QUIT", e.message)))?;
        position.play(mv).map_err(|e| {
            token
                .error(format!(
                    "move {mv} is out of range: the board is {n} × {n}",
                    n = size.get()
                ))
                .with_token(&e.mv)
        })?;
        winner = position.winner();
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn contest_sample() {
        let input = "4\nL2\nT2\nL2\nB2\nR2\nQUIT\n4\nL2\nT2\nL2\nB2\nR2\nT1\nL2\nQUIT\n";
        assert_eq!(answer(input.as_bytes()).unwrap(), "TIE GAME\nX WINS\n");
    }

    #[test]
    fn moves_after_a_win_are_ignored_up_to_quit() {
        assert_eq!(
            answer(b"1 L1 garbage L7 QUIT 1 QUIT").unwrap(),
            "X WINS\nTIE GAME\n"
        );
        assert_eq!(answer(b"").unwrap(), "");
    }

    #[test]
    fn o_can_win() {
        // X: (1,1), (1,3), (2,1); O fills row 3 from the left.
        assert_eq!(answer(b"3 L1 L3 R1 L3 L2 L3 QUIT").unwrap(), "O WINS\n");
    }

    #[test]
    fn errors_name_game_line_and_token() {
        let cases: [(&str, &str); 7] = [
            ("4 L2 QUIT\n4 L5 QUIT", "game 2"),
            ("4 L2 Q QUIT", "\"Q\""),
            ("0 QUIT", "game 1"),
            ("101 QUIT", "\"101\""),
            ("4 L2 T2", "end of the input"),
            ("x", "\"x\""),
            ("4 L2\nquit", "line 2"),
        ];
        for (input, needle) in cases {
            let error = answer(input.as_bytes()).unwrap_err().to_string();
            assert!(error.contains(needle), "{input:?}: {error}");
            assert!(!error.contains('\n'));
        }
    }

    /// A long game on the largest board, then the contest's sample: the long game's verdict
    /// is the one the general board gives, move by move up to the first straight, and the
    /// game after it is read from the right token on.
    #[test]
    fn large_boards_and_long_games_are_refereed_as_the_general_board_plays_them() {
        let size = Size::new(100).unwrap();
        let moves: Vec<Move> = (0..200_000usize)
            .map(|i| {
                let edge = ["L", "R", "T", "B"][i % 4];
                format!("{edge}{}", (i * 37) % 100 + 1).parse().unwrap()
            })
            .collect();
        let mut input = String::from("100\n");
        for mv in &moves {
            input.push_str(&format!("{mv}\n"));
        }
        input.push_str("QUIT\n4 L2 T2 L2 B2 R2 T1 L2 QUIT\n");
        let mut general: Position<crate::games::pousse::GeneralBoard> =
            Position::start(size).unwrap();
        let mut winner = None;
        for &mv in &moves {
            general.play(mv).unwrap();
            winner = general.winner();
            if winner.is_some() {
                break;
            }
        }
        let expected = match winner {
            Some(Colour::X) => "X WINS",
            Some(Colour::O) => "O WINS",
            None => "TIE GAME",
        };
        assert_eq!(answer(input.as_bytes()).unwrap(), format!("{expected}\nX WINS\n"));
    }

    proptest! {
        #[test]
        fn no_input_panics(text in "[0-9LRTBQUIT lrtb\\n]{0,60}") {
            let _ = answer(text.as_bytes());
        }

        #[test]
        fn no_bytes_panic(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
            let _ = answer(&bytes);
        }
    }
}
