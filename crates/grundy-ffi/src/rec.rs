//! IOI 2005 REC through `creclib.h`: the opponent library's referee and the linked player.
//!
//! The C interface is `int dimension_x(); int dimension_y(); void cut(direction, int);`
//! with `vertical = 0`, `horizontal = 1`. The solution moves first; `cut` records its move,
//! lets the library answer and returns, and the library ends the process when the game is
//! over or a cut is illegal.

use std::fmt;
use std::str::FromStr;

use grundy::contest_input::Tokens;
use grundy::error::ParseError;
use grundy::games::rectangle::remoteness::{perfect_move, stubborn_move, Opponent};
use grundy::games::rectangle::{Cut, Direction, Rectangle};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::config::{self, Environment};
use crate::verdict::Verdict;

/// The largest side the interface can report: `dimension_x` returns a C `int`.
pub const MAX_SIDE: u64 = i32::MAX as u64;

/// How the opponent library plays (`GRUNDY_STRATEGY`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecStrategy {
    /// `perfect` (the default, as the judges' library "always plays optimally"): the
    /// fastest win when winning, the slowest loss when losing.
    Perfect,
    /// `stubborn`: drags a lost game out as long as it can (the same moves as `perfect`,
    /// named for the role it plays against a winner that must keep the game short).
    Stubborn,
    /// `shave`: cuts one unit off the longer side, the seeds' "very simple" opponent and the
    /// one the contest's 14 s limit is quoted against.
    Shave,
    /// `random`: a uniformly random legal cut.
    Random,
    /// `noisy`: a random cut one time in ten, otherwise `perfect`.
    Noisy,
}

impl RecStrategy {
    /// Every strategy, for tests and documentation.
    pub const ALL: [RecStrategy; 5] = [
        RecStrategy::Perfect,
        RecStrategy::Stubborn,
        RecStrategy::Shave,
        RecStrategy::Random,
        RecStrategy::Noisy,
    ];

    /// The name `GRUNDY_STRATEGY` takes.
    pub fn name(self) -> &'static str {
        match self {
            RecStrategy::Perfect => "perfect",
            RecStrategy::Stubborn => "stubborn",
            RecStrategy::Shave => "shave",
            RecStrategy::Random => "random",
            RecStrategy::Noisy => "noisy",
        }
    }

    /// The library's cut in `position` (not terminal).
    fn choose(self, position: &Rectangle, rng: &mut ChaCha8Rng) -> Option<Cut> {
        match self {
            RecStrategy::Perfect => perfect_move(position),
            RecStrategy::Stubborn => stubborn_move(position),
            RecStrategy::Shave => Opponent::ShaveOne.choose(position),
            RecStrategy::Random => random_cut(position, rng),
            RecStrategy::Noisy => {
                if rng.gen_ratio(1, 10) {
                    random_cut(position, rng)
                } else {
                    perfect_move(position)
                }
            }
        }
    }
}

impl fmt::Display for RecStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RecStrategy {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        RecStrategy::ALL
            .into_iter()
            .find(|strategy| strategy.name() == text.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                format!(
                    "{}={text:?} is not a REC strategy (perfect, stubborn, shave, random, noisy)",
                    config::STRATEGY_VAR
                )
            })
    }
}

/// A uniformly random legal cut: every (direction, position) pair equally likely.
fn random_cut(position: &Rectangle, rng: &mut ChaCha8Rng) -> Option<Cut> {
    let vertical = position.width() - 1;
    let horizontal = position.height() - 1;
    let total = vertical + horizontal;
    if total == 0 {
        return None;
    }
    let pick = rng.gen_range(0..total);
    Some(if pick < vertical {
        Cut::new(Direction::Vertical, pick + 1)
    } else {
        Cut::new(Direction::Horizontal, pick - vertical + 1)
    })
}

/// The C name of a direction value, for messages.
fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Vertical => "vertical",
        Direction::Horizontal => "horizontal",
    }
}

/// What the REC opponent library does: it holds the rectangle, checks the solution's cuts
/// and answers them.
#[derive(Debug, Clone)]
pub struct RecReferee {
    position: Rectangle,
    moves: u64,
    strategy: RecStrategy,
    rng: ChaCha8Rng,
}

impl RecReferee {
    /// A game from `start` with the library playing `strategy`, random choices seeded by
    /// `seed`.
    pub fn new(start: Rectangle, strategy: RecStrategy, seed: u64) -> Self {
        RecReferee {
            position: start,
            moves: 0,
            strategy,
            rng: config::rng(seed),
        }
    }

    /// The library's start from its standard input (width and height, as in the seeds'
    /// example library) and the environment.
    pub fn from_input(input: &[u8], environment: &Environment) -> Result<Self, String> {
        let start = parse_start(input).map_err(|error| format!("input: {error}"))?;
        let strategy = match &environment.strategy {
            Some(name) => name.parse()?,
            None => RecStrategy::Perfect,
        };
        let seed = environment.seed.unwrap_or(config::DEFAULT_SEED);
        Ok(RecReferee::new(start, strategy, seed))
    }

    /// The rectangle the solution is to cut.
    pub fn position(&self) -> Rectangle {
        self.position
    }

    /// Moves made so far by both sides.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// `dimension_x()`: the width (fits an `int`: checked when the game was read).
    #[inline]
    pub fn dimension_x(&self) -> i32 {
        i32::try_from(self.position.width()).unwrap_or(i32::MAX)
    }

    /// `dimension_y()`: the height.
    #[inline]
    pub fn dimension_y(&self) -> i32 {
        i32::try_from(self.position.height()).unwrap_or(i32::MAX)
    }

    /// The verdict before any move: a 1×1 start leaves the solution without a move, so it
    /// has lost. `None` otherwise.
    pub fn start_verdict(&self) -> Option<Verdict> {
        self.position.is_terminal().then(|| Verdict::loss(0))
    }

    /// `cut(direction, position)`: records the solution's cut and plays the library's answer.
    /// `None` while the game goes on; the verdict once it is over or the cut is illegal.
    /// `direction` is the raw C enum value (0 vertical, 1 horizontal).
    #[inline]
    pub fn cut(&mut self, direction: i32, position: i32) -> Option<Verdict> {
        let direction = match direction {
            0 => Direction::Vertical,
            1 => Direction::Horizontal,
            other => {
                return Some(Verdict::illegal(
                    self.moves,
                    format!(
                        "cut({other}, {position}) on {}: the direction must be vertical (0) or horizontal (1)",
                        self.position
                    ),
                ))
            }
        };
        let side = self.position.side(direction);
        let legal = u64::try_from(position).is_ok_and(|p| p >= 1 && p < side);
        if !legal {
            let reason = if side == 1 {
                "the side is 1, it cannot be cut".to_string()
            } else {
                format!("position must be 1..{}", side - 1)
            };
            return Some(Verdict::illegal(
                self.moves,
                format!(
                    "cut({}, {position}) on {}: {reason}",
                    direction_name(direction),
                    self.position
                ),
            ));
        }
        self.play(Cut::new(direction, position as u64));
        self.moves += 1;
        if self.position.is_terminal() {
            return Some(Verdict::win(self.moves));
        }
        let Some(answer) = self.strategy.choose(&self.position, &mut self.rng) else {
            return Some(Verdict::error(format!(
                "the library found no move in {}",
                self.position
            )));
        };
        self.play(answer);
        self.moves += 1;
        self.position
            .is_terminal()
            .then(|| Verdict::loss(self.moves))
    }

    /// Applies a cut already known to be legal.
    #[inline]
    fn play(&mut self, cut: Cut) {
        if let Ok(next) = self.position.apply(&cut) {
            self.position = next;
        }
    }
}

/// Reads the start: two integers, width then height, each 1 to [`MAX_SIDE`].
pub fn parse_start(input: &[u8]) -> Result<Rectangle, ParseError> {
    let mut tokens = Tokens::from_bytes(input)?;
    let width: u64 = tokens.next_integer("the width", 1..=MAX_SIDE)?;
    let height: u64 = tokens.next_integer("the height", 1..=MAX_SIDE)?;
    tokens.expect_end()?;
    Rectangle::new(width, height)
}

/// The C calls a REC player makes, so that [`play`] can drive a C library or, in tests, a
/// [`RecReferee`].
pub trait RecLibrary {
    /// `dimension_x()`.
    fn dimension_x(&mut self) -> i32;
    /// `dimension_y()`.
    fn dimension_y(&mut self) -> i32;
    /// `cut(direction, position)`; `false` when the game is over (a C library ends the
    /// process instead of returning).
    fn cut(&mut self, direction: Direction, position: i32) -> bool;
}

/// grundy's REC player: the fastest win (and the slowest loss if it was handed a lost
/// start), move after move, until the library ends the game. Returns the number of cuts it
/// made; it stops on its own only when the library reports a position it cannot cut, reports
/// nonsense, or stops shrinking the rectangle (a C library that breaks the protocol).
pub fn play<L: RecLibrary>(library: &mut L) -> u64 {
    let mut made = 0u64;
    let mut last: Option<(u64, u64)> = None;
    loop {
        let (x, y) = (library.dimension_x(), library.dimension_y());
        let (Ok(x), Ok(y)) = (u64::try_from(x), u64::try_from(y)) else {
            return made;
        };
        if last.is_some_and(|(lx, ly)| x >= lx && y >= ly) {
            return made;
        }
        last = Some((x, y));
        let Ok(position) = Rectangle::new(x, y) else {
            return made;
        };
        let Some(cut) = perfect_move(&position) else {
            return made;
        };
        let Ok(at) = i32::try_from(cut.position) else {
            return made;
        };
        made += 1;
        if !library.cut(cut.direction, at) {
            return made;
        }
    }
}

/// A [`RecReferee`] seen as a library, for playing [`play`] in-process: it keeps the
/// verdict instead of ending the process.
#[derive(Debug, Clone)]
pub struct InProcess {
    /// The referee.
    pub referee: RecReferee,
    /// The verdict once the game ended.
    pub verdict: Option<Verdict>,
}

impl InProcess {
    /// Wraps a referee.
    pub fn new(referee: RecReferee) -> Self {
        let verdict = referee.start_verdict();
        InProcess { referee, verdict }
    }
}

impl RecLibrary for InProcess {
    fn dimension_x(&mut self) -> i32 {
        self.referee.dimension_x()
    }

    fn dimension_y(&mut self) -> i32 {
        self.referee.dimension_y()
    }

    fn cut(&mut self, direction: Direction, position: i32) -> bool {
        if self.verdict.is_some() {
            return false;
        }
        let code = match direction {
            Direction::Vertical => 0,
            Direction::Horizontal => 1,
        };
        self.verdict = self.referee.cut(code, position);
        self.verdict.is_none()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use grundy::games::rectangle::remoteness::RemotenessTable;
    use grundy::games::rectangle::solve;
    use grundy::report::Outcome;

    fn game(w: u64, h: u64, strategy: RecStrategy, seed: u64) -> Verdict {
        let mut library = InProcess::new(RecReferee::new(
            Rectangle::new(w, h).unwrap(),
            strategy,
            seed,
        ));
        play(&mut library);
        library.verdict.unwrap()
    }

    #[test]
    fn the_sample_game() {
        // 4x3 against the perfect library: won in 5 moves (the exact remoteness).
        assert_eq!(game(4, 3, RecStrategy::Perfect, 0), Verdict::win(5));
    }

    #[test]
    fn wins_every_winnable_start_in_the_exact_remoteness() {
        let table = RemotenessTable::build(24, 24, u64::MAX).unwrap();
        for w in 1..=24 {
            for h in 1..=24 {
                let start = Rectangle::new(w, h).unwrap();
                let remoteness = table.get(&start).unwrap();
                for strategy in RecStrategy::ALL {
                    for seed in 0..2 {
                        let verdict = game(w, h, strategy, seed);
                        if solve::outcome(&start) == Outcome::Win {
                            assert_eq!(verdict.kind, crate::VerdictKind::Win, "{start} {strategy}");
                            assert!(verdict.moves <= remoteness, "{start} {strategy}");
                            if matches!(strategy, RecStrategy::Perfect | RecStrategy::Stubborn) {
                                assert_eq!(verdict.moves, remoteness, "{start}");
                            }
                        } else if matches!(strategy, RecStrategy::Perfect) {
                            assert_eq!(verdict, Verdict::loss(remoteness), "{start}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn illegal_cuts_are_named() {
        let mut referee = RecReferee::new(Rectangle::new(4, 3).unwrap(), RecStrategy::Perfect, 0);
        assert_eq!(
            referee.cut(0, 0).unwrap().to_string(),
            "ILLEGAL: cut(vertical, 0) on 4x3: position must be 1..3"
        );
        assert_eq!(
            referee.cut(1, 3).unwrap().to_string(),
            "ILLEGAL: cut(horizontal, 3) on 4x3: position must be 1..2"
        );
        assert_eq!(
            referee.cut(2, 1).unwrap().to_string(),
            "ILLEGAL: cut(2, 1) on 4x3: the direction must be vertical (0) or horizontal (1)"
        );
        let mut thin = RecReferee::new(Rectangle::new(4, 1).unwrap(), RecStrategy::Perfect, 0);
        assert_eq!(
            thin.cut(1, 1).unwrap().to_string(),
            "ILLEGAL: cut(horizontal, 1) on 4x1: the side is 1, it cannot be cut"
        );
        assert_eq!(thin.cut(0, -5).unwrap().exit_code(), 2);
    }

    #[test]
    fn input_and_environment() {
        let env = Environment::default();
        let referee = RecReferee::from_input(b"4\n3\n", &env).unwrap();
        assert_eq!((referee.dimension_x(), referee.dimension_y()), (4, 3));
        assert!(RecReferee::from_input(b"4\n", &env)
            .unwrap_err()
            .contains("height"));
        assert!(RecReferee::from_input(b"0 3", &env)
            .unwrap_err()
            .contains("width"));
        assert!(RecReferee::from_input(b"3000000000 3", &env).is_err());
        assert!(RecReferee::from_input(b"4 3 5", &env).is_err());
        let bad = Environment {
            strategy: Some("clever".into()),
            seed: None,
        };
        assert!(RecReferee::from_input(b"4 3", &bad)
            .unwrap_err()
            .contains("GRUNDY_STRATEGY"));
        for strategy in RecStrategy::ALL {
            assert_eq!(strategy.name().parse::<RecStrategy>(), Ok(strategy));
        }
    }

    #[test]
    fn one_by_one_start_is_lost_at_once() {
        let referee = RecReferee::new(Rectangle::new(1, 1).unwrap(), RecStrategy::Perfect, 0);
        assert_eq!(referee.start_verdict(), Some(Verdict::loss(0)));
    }
}
