//! What the fuzz targets share: picking a game from the first byte, cheap solve options,
//! the bounds that keep every run short (a few solves are cheap enough, valuations are
//! bounded by a deadline and a memory limit), and a scratch folder for the readers that take
//! a path.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use grundy::registry::Game;
use grundy::registry;
use grundy::report::SolveOptions;
use grundy::stop::Stop;

/// The game the first byte picks (modulo the number of games) and the rest of the input.
pub fn pick_game(data: &[u8]) -> Option<(Game, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let games = registry::all();
    Some((games[usize::from(first) % games.len()], rest))
}

/// How long a bounded valuation may run (a value read from notation, a partizan position
/// solved) before it is interrupted: the stop is looked at every few thousand steps, so a
/// run ends a few milliseconds after it, far inside libFuzzer's timeout.
pub const VALUATION_TIME: Duration = Duration::from_millis(200);

/// The most bytes a bounded valuation's store (and a partizan solve's cache) may be
/// estimated to hold before it is interrupted.
pub const VALUATION_MEMORY: usize = 64_000_000;

/// The stop of a bounded valuation that starts now: [`VALUATION_TIME`] from now.
pub fn valuation_stop() -> Stop {
    Stop::until(Instant::now() + VALUATION_TIME)
}

/// The games valued by the partizan solver: partizan (not impartial) and solved rather than
/// searched, as the registry describes each entry (Domineering, Hackenbush, Toads and
/// Frogs, Clobber today).
pub fn valued_games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        registry::all()
            .iter()
            .copied()
            .filter(|game| is_valued(*game))
            .collect()
    })
}

/// Whether `game` is valued by the partizan solver (see [`valued_games`]).
pub fn is_valued(game: Game) -> bool {
    !game.is_impartial() && !game.is_searched()
}

/// The valued game the first byte picks (modulo the number of valued games) and the rest
/// of the input.
pub fn pick_valued_game(data: &[u8]) -> Option<(Game, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let games = valued_games();
    if games.is_empty() {
        return None;
    }
    Some((games[usize::from(first) % games.len()], rest))
}

/// A folder of this process for the files the targets write (table and record files).
pub fn scratch_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        // GRUNDY_FUZZ_SCRATCH (set by .ci/fuzz.sh, which removes it), else memory rather
        // than disk where there is one: the targets write a file every run.
        let shm = Path::new("/dev/shm");
        let base = match std::env::var_os("GRUNDY_FUZZ_SCRATCH") {
            Some(dir) => PathBuf::from(dir),
            None if shm.is_dir() => shm.to_path_buf(),
            None => std::env::temp_dir(),
        };
        let dir = base.join(format!("grundy-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder in the temporary folder");
        dir
    })
}

/// Writes `bytes` to the file `name` of the scratch folder and returns its path.
pub fn scratch_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = scratch_dir().join(name);
    std::fs::write(&path, bytes).expect("a file in the scratch folder");
    path
}

/// The table file of `game` that every solve of it reads, for the games that read one
/// ([`GameEntry::small_table`](grundy::game::GameEntry::small_table)): each is written to
/// the scratch folder once, on first use, so a position too large for it is refused by the
/// table reader instead of building a larger table for seconds.
pub fn table_file(game: Game) -> Option<&'static Path> {
    static FILES: OnceLock<HashMap<&'static str, PathBuf>> = OnceLock::new();
    FILES
        .get_or_init(|| {
            registry::all()
                .iter()
                .filter_map(|game| {
                    let (name, bytes) = game.entry().small_table()?;
                    Some((game.name(), scratch_file(&name, &bytes)))
                })
                .collect()
        })
        .get(game.name())
        .map(PathBuf::as_path)
}

/// Cheap solve options: depth 1 for searched games, a few winning moves, no table cache.
pub fn options(game: Game) -> SolveOptions<'static> {
    SolveOptions {
        moves: 4,
        depth: Some(1),
        threads: Some(1),
        no_cache: true,
        table: table_file(game),
        ..SolveOptions::default()
    }
}

/// Solves `text` as a position of `game` with [`options`], within [`VALUATION_TIME`] and
/// [`VALUATION_MEMORY`]: every game's solve looks at its stop, so any position of any game
/// is solved on every run, and a solve that overruns its stop by far is a hang libFuzzer
/// reports. Stopped and refused solves are answers like any other.
pub fn solve_bounded(game: Game, text: &str) {
    let stop = valuation_stop();
    let bounded = SolveOptions {
        stop: &stop,
        memory_limit: Some(VALUATION_MEMORY),
        ..options(game)
    };
    let _ = game.solve(text, &bounded);
}

/// Starts `text` as a position of `game`: that must never panic, and a position that
/// starts must print a position that starts again to the same position (with its status
/// and first moves read without panic).
pub fn check_round_trip(game: Game, text: &str) {
    if let Ok(state) = game.start(text) {
        let position = state.position();
        let again = game
            .start(&position)
            .unwrap_or_else(|error| panic!("{game}: {position:?} from {text:?}: {error}"));
        assert_eq!(again.position(), position, "{game}: from {text:?}");
        let _ = state.status();
        let _ = state.legal_moves(4);
    }
}
