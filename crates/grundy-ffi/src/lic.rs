//! POI 2012 Licytacja through `cliclib.h`: the opponent library's referee and the linked
//! player.
//!
//! The C interface is `int inicjuj(); void alojzy(int x); int bajtazar();`: `inicjuj` once
//! (it returns `n`), then `alojzy` (the solution's move: 1 pass, 2 double, 3 triple) and
//! `bajtazar` (the library's move, returned) alternately. Once pile + stake ≥ n the player
//! to move may only pass, and the pass that makes the pile reach n loses; the library ends
//! the process then.

use std::fmt;
use std::str::FromStr;

use grundy::contest_input::Tokens;
use grundy::error::ParseError;
use grundy::games::bidding::{Bidding, BiddingTable, Move};
use grundy::report::Outcome;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::config::{self, Environment};
use crate::verdict::Verdict;

/// The largest `n` a library or player accepts: the largest the bidding table covers.
pub const MAX_N: u64 = BiddingTable::MAX_N;

/// How many of its first moves the POI "random" library (code 0) plays at random before it
/// turns optimal.
pub const RANDOM_OPENING_MOVES: u64 = 4;

/// How the opponent library plays: `GRUNDY_STRATEGY`, or the POI judge's strategy code on
/// standard input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LicStrategy {
    /// `perfect` (the default): the fastest win when winning, the slowest loss when losing.
    Perfect,
    /// `optimal` (POI code 2): a winning move when there is one (the fastest), a random
    /// move in a lost position.
    Optimal,
    /// `noisy` (POI code 1): a random move one time in ten while pile + stake < 5n/7,
    /// otherwise `optimal`.
    Noisy,
    /// `opening` (POI code 0, "random"): the first few moves at random
    /// ([`RANDOM_OPENING_MOVES`]), then `optimal`.
    Opening,
    /// `random`: every move at random.
    Random,
    /// `cyclic` (POI code 3, the seeds' example library): pass, double, triple, pass, ...
    Cyclic,
}

impl LicStrategy {
    /// Every strategy, for tests and documentation.
    pub const ALL: [LicStrategy; 6] = [
        LicStrategy::Perfect,
        LicStrategy::Optimal,
        LicStrategy::Noisy,
        LicStrategy::Opening,
        LicStrategy::Random,
        LicStrategy::Cyclic,
    ];

    /// The name `GRUNDY_STRATEGY` takes.
    pub fn name(self) -> &'static str {
        match self {
            LicStrategy::Perfect => "perfect",
            LicStrategy::Optimal => "optimal",
            LicStrategy::Noisy => "noisy",
            LicStrategy::Opening => "opening",
            LicStrategy::Random => "random",
            LicStrategy::Cyclic => "cyclic",
        }
    }

    /// The strategy of a POI judge's code (0 random, 1 near-optimal, 2 optimal, 3 cyclic).
    pub fn from_poi_code(code: u8) -> Option<LicStrategy> {
        match code {
            0 => Some(LicStrategy::Opening),
            1 => Some(LicStrategy::Noisy),
            2 => Some(LicStrategy::Optimal),
            3 => Some(LicStrategy::Cyclic),
            _ => None,
        }
    }

    /// Whether the strategy consults the perfect-play table.
    fn needs_table(self) -> bool {
        !matches!(self, LicStrategy::Random | LicStrategy::Cyclic)
    }
}

impl fmt::Display for LicStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for LicStrategy {
    type Err = String;

    /// The names of [`LicStrategy::name`]; `stubborn` is `perfect`, `scripted` is `cyclic`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let word = text.trim().to_ascii_lowercase();
        let alias = match word.as_str() {
            "stubborn" => "perfect",
            "scripted" => "cyclic",
            other => other,
        };
        LicStrategy::ALL
            .into_iter()
            .find(|strategy| strategy.name() == alias)
            .ok_or_else(|| {
                format!(
                    "{}={text:?} is not a Licytacja strategy (perfect, optimal, noisy, opening, random, cyclic)",
                    config::STRATEGY_VAR
                )
            })
    }
}

/// What the library's standard input says: `n`, then optionally the POI judge's strategy
/// code and check number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LicInput {
    /// The overflow limit.
    pub n: u64,
    /// The POI strategy code 0–3, when given.
    pub code: Option<u8>,
    /// The POI check number, when given; it seeds the random choices.
    pub check: Option<u64>,
}

/// Reads [`LicInput`]: `n` (1 to [`MAX_N`]), optionally a code 0–3 and a check number.
pub fn parse_input(input: &[u8]) -> Result<LicInput, ParseError> {
    let mut tokens = Tokens::from_bytes(input)?;
    let n: u64 = tokens.next_integer("n", 1..=MAX_N)?;
    let mut code = None;
    let mut check = None;
    if tokens.peek().is_some() {
        code = Some(tokens.next_integer("the strategy code", 0..=3u8)?);
        if tokens.peek().is_some() {
            check = Some(tokens.next_integer("the check number", 0..=u64::MAX)?);
        }
    }
    tokens.expect_end()?;
    Ok(LicInput { n, code, check })
}

/// Where the call protocol stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// `inicjuj` not yet called.
    Start,
    /// The solution's turn: `alojzy` expected.
    Solution,
    /// The library's turn: `bajtazar` expected.
    Library,
}

/// What the Licytacja opponent library does: it holds the game, checks the solution's calls
/// and answers them.
#[derive(Debug, Clone)]
pub struct LicReferee {
    position: Bidding,
    phase: Phase,
    moves: u64,
    library_moves: u64,
    strategy: LicStrategy,
    table: Option<BiddingTable>,
    rng: ChaCha8Rng,
}

impl LicReferee {
    /// A game with limit `n`, the library playing `strategy`, random choices seeded by
    /// `seed`. Builds the perfect-play table when the strategy needs it (about 1 ms for
    /// n = 30 000).
    pub fn new(n: u64, strategy: LicStrategy, seed: u64) -> Result<Self, String> {
        let table = if strategy.needs_table() {
            Some(BiddingTable::new(n).map_err(|error| error.to_string())?)
        } else {
            None
        };
        LicReferee::with_table(n, strategy, seed, table)
    }

    /// [`LicReferee::new`] with a table already built (it must cover `n`; `None` only for
    /// the strategies that do not consult it), so that many games can share one build.
    pub fn with_table(
        n: u64,
        strategy: LicStrategy,
        seed: u64,
        table: Option<BiddingTable>,
    ) -> Result<Self, String> {
        let position = Bidding::start(n).map_err(|error| error.to_string())?;
        match &table {
            Some(table) if table.max_n() < n => {
                return Err(format!(
                    "the table covers n up to {}, not {n}",
                    table.max_n()
                ))
            }
            None if strategy.needs_table() => {
                return Err(format!("the {strategy} strategy needs a table"))
            }
            _ => {}
        }
        Ok(LicReferee {
            position,
            phase: Phase::Start,
            moves: 0,
            library_moves: 0,
            strategy,
            table,
            rng: config::rng(seed),
        })
    }

    /// The library from its standard input and the environment: `GRUNDY_STRATEGY` wins over
    /// the input's strategy code, `GRUNDY_SEED` over its check number.
    pub fn from_input(input: &[u8], environment: &Environment) -> Result<Self, String> {
        let input = parse_input(input).map_err(|error| format!("input: {error}"))?;
        let strategy = match (&environment.strategy, input.code) {
            (Some(name), _) => name.parse()?,
            (None, Some(code)) => LicStrategy::from_poi_code(code).unwrap_or(LicStrategy::Perfect),
            (None, None) => LicStrategy::Perfect,
        };
        let seed = environment
            .seed
            .or(input.check)
            .unwrap_or(config::DEFAULT_SEED);
        LicReferee::new(input.n, strategy, seed)
    }

    /// The current position.
    pub fn position(&self) -> Bidding {
        self.position
    }

    /// Moves made so far by both sides.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// The library's strategy.
    pub fn strategy(&self) -> LicStrategy {
        self.strategy
    }

    /// `inicjuj()`: starts the game and returns `n`; only once.
    pub fn inicjuj(&mut self) -> Result<i32, Verdict> {
        if self.phase != Phase::Start {
            return Err(Verdict::illegal(
                self.moves,
                "inicjuj() called a second time (it must be called exactly once, first)",
            ));
        }
        self.phase = Phase::Solution;
        i32::try_from(self.position.n()).map_err(|_| {
            Verdict::error(format!("n = {} does not fit in an int", self.position.n()))
        })
    }

    /// `alojzy(x)`: the solution's move. `None` while the game goes on; the verdict when the
    /// move loses (a pass that overflows the pile) or breaks the protocol.
    pub fn alojzy(&mut self, x: i32) -> Option<Verdict> {
        match self.phase {
            Phase::Start => {
                return Some(Verdict::illegal(
                    self.moves,
                    format!("alojzy({x}) called before inicjuj()"),
                ))
            }
            Phase::Library => {
                return Some(Verdict::illegal(
                    self.moves,
                    format!("alojzy({x}) called twice in a row: bajtazar() must come between"),
                ))
            }
            Phase::Solution => {}
        }
        let Some(mv) = u8::try_from(x).ok().and_then(Move::from_code) else {
            return Some(Verdict::illegal(
                self.moves,
                format!(
                    "alojzy({x}) at {}: the move must be 1 (pass), 2 (double) or 3 (triple)",
                    self.describe()
                ),
            ));
        };
        self.moves += 1;
        if self.position.is_over() {
            if mv != Move::Pass {
                return Some(Verdict::illegal(
                    self.moves - 1,
                    format!(
                        "alojzy({x}) at {}: pile + stake >= n, only a pass (1) is allowed",
                        self.describe()
                    ),
                ));
            }
            return Some(Verdict::loss(self.moves));
        }
        match self.position.play(mv) {
            Ok(next) => self.position = next,
            Err(error) => return Some(Verdict::error(error.to_string())),
        }
        self.phase = Phase::Library;
        None
    }

    /// `bajtazar()`: the library's move, returned as its code; the verdict instead when the
    /// library must pass and so loses, or when the call is out of order.
    pub fn bajtazar(&mut self) -> Result<i32, Verdict> {
        match self.phase {
            Phase::Start => {
                return Err(Verdict::illegal(
                    self.moves,
                    "bajtazar() called before inicjuj()",
                ))
            }
            Phase::Solution => {
                return Err(Verdict::illegal(
                    self.moves,
                    "bajtazar() called twice in a row: alojzy(x) must come between",
                ))
            }
            Phase::Library => {}
        }
        self.moves += 1;
        if self.position.is_over() {
            return Err(Verdict::win(self.moves));
        }
        let mv = self.choose();
        self.library_moves += 1;
        match self.position.play(mv) {
            Ok(next) => self.position = next,
            Err(error) => return Err(Verdict::error(error.to_string())),
        }
        self.phase = Phase::Solution;
        Ok(i32::from(mv.code()))
    }

    /// The position in the words of the messages: `pile 18, stake 1, n 15`.
    fn describe(&self) -> String {
        format!(
            "pile {}, stake {}, n {}",
            self.position.pile(),
            self.position.stake(),
            self.position.n()
        )
    }

    /// The library's move in a position that is not over.
    fn choose(&mut self) -> Move {
        let random = |rng: &mut ChaCha8Rng| Move::ALL[rng.gen_range(0..3)];
        match self.strategy {
            LicStrategy::Perfect => self.perfect().unwrap_or(Move::Pass),
            LicStrategy::Optimal => self.optimal(),
            LicStrategy::Noisy => {
                let early =
                    self.position.pile() + self.position.stake() < 5 * self.position.n() / 7;
                if early && self.rng.gen_ratio(1, 10) {
                    random(&mut self.rng)
                } else {
                    self.optimal()
                }
            }
            LicStrategy::Opening => {
                if self.library_moves < RANDOM_OPENING_MOVES {
                    random(&mut self.rng)
                } else {
                    self.optimal()
                }
            }
            LicStrategy::Random => random(&mut self.rng),
            LicStrategy::Cyclic => Move::ALL[(self.library_moves % 3) as usize],
        }
    }

    /// The table's perfect move.
    fn perfect(&self) -> Option<Move> {
        self.table
            .as_ref()
            .and_then(|table| table.perfect_move(&self.position).ok().flatten())
    }

    /// The fastest win when winning, a random move when lost.
    fn optimal(&mut self) -> Move {
        let winning = self
            .table
            .as_ref()
            .and_then(|table| table.outcome(&self.position).ok())
            == Some(Outcome::Win);
        match self.perfect() {
            Some(mv) if winning => mv,
            _ => Move::ALL[self.rng.gen_range(0..3)],
        }
    }
}

/// The C calls a Licytacja player makes, so that [`play`] can drive a C library or, in
/// tests, a [`LicReferee`].
pub trait LicLibrary {
    /// `inicjuj()`.
    fn inicjuj(&mut self) -> i32;
    /// `alojzy(x)`; `false` when the game is over.
    fn alojzy(&mut self, x: i32) -> bool;
    /// `bajtazar()`; `None` when the game is over.
    fn bajtazar(&mut self) -> Option<i32>;
}

/// Why [`play`] stopped without the library ending the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// `inicjuj` returned an `n` outside 1..=[`MAX_N`].
    BadN(i32),
    /// `bajtazar` returned something other than 1, 2 or 3.
    BadMove(i32),
    /// The table could not be built.
    Table(String),
}

/// grundy's Licytacja player: perfect play (the fastest win, or the slowest loss when the
/// start is lost) from `inicjuj` until the library ends the game. `Ok` when the library
/// ended it (or returned after the last pass), an error when the library broke the protocol.
pub fn play<L: LicLibrary>(library: &mut L) -> Result<(), PlayError> {
    play_with(library, None)
}

/// [`play`] with a table already built, when it covers the `n` the library returns (a
/// table for that `n` is built otherwise): many games can share one build.
pub fn play_with<L: LicLibrary>(
    library: &mut L,
    table: Option<&BiddingTable>,
) -> Result<(), PlayError> {
    let n = library.inicjuj();
    let Ok(start) = u64::try_from(n)
        .map_err(|_| ())
        .and_then(|n| Bidding::start(n).map_err(|_| ()))
    else {
        return Err(PlayError::BadN(n));
    };
    if start.n() > MAX_N {
        return Err(PlayError::BadN(n));
    }
    let built;
    let table = match table {
        Some(table) if table.max_n() >= start.n() => table,
        _ => {
            built = BiddingTable::new(start.n())
                .map_err(|error| PlayError::Table(error.to_string()))?;
            &built
        }
    };
    let mut position = start;
    loop {
        let mine = table
            .perfect_move(&position)
            .map_err(|error| PlayError::Table(error.to_string()))?
            .unwrap_or(Move::Pass);
        let over = position.is_over();
        if !library.alojzy(i32::from(mine.code())) {
            return Ok(());
        }
        if over {
            // Our forced pass lost. A conforming library has ended the process; one that
            // notices the end only on its next call gets that call.
            library.bajtazar();
            return Ok(());
        }
        position = position
            .play(mine)
            .map_err(|error| PlayError::Table(error.to_string()))?;
        let Some(code) = library.bajtazar() else {
            return Ok(());
        };
        let theirs = u8::try_from(code)
            .ok()
            .and_then(Move::from_code)
            .ok_or(PlayError::BadMove(code))?;
        if position.is_over() {
            // The library had to pass and lost. A conforming one has ended the process; one
            // that notices the end only on its next call gets that call (a pass).
            library.alojzy(i32::from(Move::Pass.code()));
            return Ok(());
        }
        position = position
            .play(theirs)
            .map_err(|_| PlayError::BadMove(code))?;
    }
}

/// A [`LicReferee`] seen as a library, for playing [`play`] in-process: it keeps the verdict
/// instead of ending the process.
#[derive(Debug, Clone)]
pub struct InProcess {
    /// The referee.
    pub referee: LicReferee,
    /// The verdict once the game ended.
    pub verdict: Option<Verdict>,
}

impl InProcess {
    /// Wraps a referee.
    pub fn new(referee: LicReferee) -> Self {
        InProcess {
            referee,
            verdict: None,
        }
    }
}

impl LicLibrary for InProcess {
    fn inicjuj(&mut self) -> i32 {
        match self.referee.inicjuj() {
            Ok(n) => n,
            Err(verdict) => {
                self.verdict = Some(verdict);
                0
            }
        }
    }

    fn alojzy(&mut self, x: i32) -> bool {
        if self.verdict.is_some() {
            return false;
        }
        self.verdict = self.referee.alojzy(x);
        self.verdict.is_none()
    }

    fn bajtazar(&mut self) -> Option<i32> {
        if self.verdict.is_some() {
            return None;
        }
        match self.referee.bajtazar() {
            Ok(code) => Some(code),
            Err(verdict) => {
                self.verdict = Some(verdict);
                None
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::VerdictKind;

    fn game(n: u64, strategy: LicStrategy, seed: u64) -> Verdict {
        let mut library = InProcess::new(LicReferee::new(n, strategy, seed).unwrap());
        play(&mut library).unwrap();
        library.verdict.unwrap()
    }

    #[test]
    fn wins_every_winnable_n_against_every_strategy() {
        let table = BiddingTable::new(400).unwrap();
        for n in 1..=400 {
            let start = Bidding::start(n).unwrap();
            let value = table.value(&start).unwrap();
            for strategy in LicStrategy::ALL {
                for seed in 0..3 {
                    let verdict = game(n, strategy, seed);
                    if value.outcome() == Outcome::Win {
                        assert_eq!(verdict.kind, VerdictKind::Win, "n {n} {strategy} {seed}");
                        if strategy == LicStrategy::Perfect {
                            assert_eq!(verdict.moves, value.moves_to_end(), "n {n}");
                        }
                    } else if strategy == LicStrategy::Perfect {
                        assert_eq!(verdict, Verdict::loss(value.moves_to_end()), "n {n}");
                    }
                }
            }
        }
    }

    /// The promise: every winnable n ≤ 30 000 is won against the POI judge's
    /// strategies: every n against `optimal` (POI code 2, the judges' main library), every
    /// 5th n against the cyclic, near-optimal and random-opening ones too.
    #[test]
    fn wins_every_winnable_n_up_to_30000() {
        let table = BiddingTable::new(30_000).unwrap();
        let mut won = 0;
        for n in 1..=30_000u64 {
            let start = Bidding::start(n).unwrap();
            if table.outcome(&start).unwrap() != Outcome::Win {
                continue;
            }
            let strategies: &[LicStrategy] = if n % 5 == 0 {
                &[
                    LicStrategy::Optimal,
                    LicStrategy::Cyclic,
                    LicStrategy::Noisy,
                    LicStrategy::Opening,
                ]
            } else {
                &[LicStrategy::Optimal]
            };
            for &strategy in strategies {
                let shared = strategy.needs_table().then(|| table.clone());
                let referee = LicReferee::with_table(n, strategy, n, shared).unwrap();
                let mut library = InProcess::new(referee);
                play_with(&mut library, Some(&table)).unwrap();
                let verdict = library.verdict.unwrap();
                assert_eq!(verdict.kind, VerdictKind::Win, "n {n} {strategy}");
            }
            won += 1;
        }
        assert!(won > 10_000, "{won} winnable starts");
    }

    #[test]
    fn protocol_errors() {
        let mut referee = LicReferee::new(15, LicStrategy::Perfect, 0).unwrap();
        assert!(referee
            .alojzy(2)
            .unwrap()
            .to_string()
            .contains("before inicjuj"));
        assert_eq!(referee.bajtazar().unwrap_err().exit_code(), 2);
        assert_eq!(referee.inicjuj(), Ok(15));
        assert!(referee
            .inicjuj()
            .unwrap_err()
            .to_string()
            .contains("second time"));
        assert!(referee
            .bajtazar()
            .unwrap_err()
            .to_string()
            .contains("twice in a row"));
        assert!(referee.alojzy(4).unwrap().to_string().contains("must be 1"));
        assert!(referee.alojzy(2).is_none());
        assert!(referee
            .alojzy(2)
            .unwrap()
            .to_string()
            .contains("twice in a row"));
    }

    #[test]
    fn the_sample_game_then_a_forced_double() {
        // The seed's sample: 2, 2, 3, 1, 2, 3 leaves pile 12, stake 6 with n 15.
        let mut referee = LicReferee::new(15, LicStrategy::Cyclic, 0).unwrap();
        referee.inicjuj().unwrap();
        assert!(referee.alojzy(2).is_none());
        assert_eq!(referee.bajtazar(), Ok(1));
        let position = referee.position();
        assert_eq!((position.pile(), position.stake()), (2, 1));
        let mut forced = LicReferee::new(2, LicStrategy::Cyclic, 0).unwrap();
        forced.inicjuj().unwrap();
        assert!(forced.alojzy(2).is_none());
        // The library must pass: pile 2 ≥ 2, the solution wins.
        assert_eq!(forced.bajtazar(), Err(Verdict::win(2)));
        let mut lost = LicReferee::new(1, LicStrategy::Perfect, 0).unwrap();
        lost.inicjuj().unwrap();
        assert!(lost.alojzy(3).unwrap().to_string().contains("only a pass"));
        let mut lost = LicReferee::new(1, LicStrategy::Perfect, 0).unwrap();
        lost.inicjuj().unwrap();
        assert_eq!(lost.alojzy(1), Some(Verdict::loss(1)));
    }

    #[test]
    fn input_and_environment() {
        let env = Environment::default();
        assert_eq!(
            parse_input(b"29990\n2 12345\n").unwrap(),
            LicInput {
                n: 29990,
                code: Some(2),
                check: Some(12345)
            }
        );
        let referee = LicReferee::from_input(b"15 3", &env).unwrap();
        assert_eq!(referee.strategy(), LicStrategy::Cyclic);
        let env_wins = Environment {
            strategy: Some("random".into()),
            seed: Some(3),
        };
        let referee = LicReferee::from_input(b"15 3", &env_wins).unwrap();
        assert_eq!(referee.strategy(), LicStrategy::Random);
        assert!(parse_input(b"0").is_err());
        assert!(parse_input(b"15 4").is_err());
        assert!(parse_input(b"15 1 2 3").is_err());
        assert!(parse_input(b"abc").is_err());
        for strategy in LicStrategy::ALL {
            assert_eq!(strategy.name().parse::<LicStrategy>(), Ok(strategy));
        }
        assert_eq!("scripted".parse::<LicStrategy>(), Ok(LicStrategy::Cyclic));
        assert!("x".parse::<LicStrategy>().is_err());
    }
}
