//! The page served by a program of its own: the Python package's `grundy.serve`, which
//! serves the games a person wrote beside the registry's, or any embedder that must know
//! the address before it blocks and must be able to stop the server.
//!
//! [`Server::bind`] reads the [`ServeOptions`], checks the extra games' names
//! ([`crate::games::Catalogue::with_extra_games`]), starts a runtime of its own and binds
//! the address; [`Server::address`] is then the address bound (port 0 gives a free port).
//! [`Server::run_until`] serves on the calling thread until a [`Stop`] is raised, and
//! [`Server::run_until_polling`] also asks a function of the caller's every
//! [`POLL_EVERY`] whether to stop: a Python embedder runs it with the GIL released and
//! takes the GIL in that function only to check for a pending signal (Ctrl-C).
//!
//! ```no_run
//! use std::sync::Mutex;
//! use grundy::stop::Stop;
//! use grundy_web::{ServeOptions, Server};
//!
//! # fn extra_games() -> Vec<grundy::registry::Game> { Vec::new() }
//! # fn check_signals() -> Result<(), String> { Ok(()) }
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let server = Server::bind(ServeOptions {
//!     addr: "127.0.0.1:0".parse()?,
//!     extra_games: extra_games(),
//!     ..ServeOptions::default()
//! })?; // a name taken by a built-in game is an error here
//! println!("http://{}/", server.address());
//! let stop = Stop::new(); // a clone raised on another thread stops the server too
//! let interrupted = Mutex::new(None);
//! // Python: this call inside `allow_threads`, and `check_signals` takes the GIL and calls
//! // `PyErr_CheckSignals`.
//! server.run_until_polling(&stop, || match check_signals() {
//!     Ok(()) => false,
//!     Err(error) => {
//!         *interrupted.lock().unwrap() = Some(error);
//!         true
//!     }
//! })?;
//! if let Some(error) = interrupted.into_inner().unwrap() {
//!     return Err(error.into()); // Python: raise the KeyboardInterrupt
//! }
//! # Ok(())
//! # }
//! ```

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use grundy::registry::Game;
use grundy::stop::Stop;
use tokio::net::TcpListener;
use tokio::runtime::Runtime;

use crate::blocking::JobWatch;
use crate::games::{Catalogue, CatalogueError};
use crate::{router, AppState, ServerConfig};

/// How often [`Server::run_until`] looks at its stop and [`Server::run_until_polling`]
/// calls its function.
pub const POLL_EVERY: Duration = Duration::from_millis(100);

/// How long a stopped server waits for the work under way to end (each job's token is
/// raised at the stop, and the library's computations honour it within 100 ms) before it
/// returns and leaves what is left to end on its own.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

/// What a server serves and where: the options of `grundy serve`, plus the games an
/// embedder adds to the registry's. [`Default`] is `grundy serve`'s: 127.0.0.1:8080, no
/// records, the default limits, no extra game.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The address to listen on; port 0 for a free port ([`Server::address`] says which).
    pub addr: SocketAddr,
    /// A directory of JSON Lines game records the page may replay (only files under it).
    pub records: Option<PathBuf>,
    /// The server's limits.
    pub config: ServerConfig,
    /// Games served after the registry's, in this order, each with the generic view unless
    /// it names a kind of board. A name or alias taken by another game is refused. Their
    /// work runs on a pool of its own ([`ServerConfig::extra_game_jobs`]).
    pub extra_games: Vec<Game>,
    /// The embedder's watch over each job on its own games (see [`JobWatch`]).
    pub watch: Option<Arc<dyn JobWatch>>,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            records: None,
            config: ServerConfig::default(),
            extra_games: Vec::new(),
            watch: None,
        }
    }
}

/// Why a server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// An extra game's name or alias is taken or unusable.
    #[error("{0}")]
    Games(#[from] CatalogueError),
    /// The records directory is not a directory.
    #[error("the records directory {0} is not a directory")]
    Records(PathBuf),
    /// The address could not be bound (in use, not this machine's, not allowed).
    #[error("cannot listen on {addr}: {error}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// What the system said.
        error: std::io::Error,
    },
    /// The server's threads could not be started.
    #[error("cannot start the server's threads: {0}")]
    Runtime(std::io::Error),
}

/// A server bound to its address, with threads of its own, not yet serving: see the
/// [module](self). It is [`Send`], so that an embedder may run it on any thread, and
/// nothing of it needs the embedder's locks (the GIL) while it runs, except the games'
/// own code.
#[derive(Debug)]
pub struct Server {
    runtime: Runtime,
    listener: TcpListener,
    address: SocketAddr,
    state: AppState,
}

impl Server {
    /// Checks `options`, starts the server's threads and binds its address. Nothing is
    /// served until [`Server::run_until`]; connections made before wait for it. Call it,
    /// and run the server, outside any async runtime: the server has its own (a program
    /// with a runtime of its own uses [`crate::router`] and
    /// [`crate::server::serve_until`]).
    pub fn bind(options: ServeOptions) -> Result<Server, StartError> {
        let games = Catalogue::with_extra_games(options.extra_games)?;
        if let Some(dir) = &options.records {
            if !dir.is_dir() {
                return Err(StartError::Records(dir.clone()));
            }
        }
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .thread_name("grundy-web")
            .build()
            .map_err(StartError::Runtime)?;
        let addr = options.addr;
        let bind = |error| StartError::Bind { addr, error };
        let listener = runtime.block_on(TcpListener::bind(addr)).map_err(bind)?;
        let address = listener.local_addr().map_err(bind)?;
        let state = AppState::watching(options.records, options.config, games, options.watch);
        Ok(Server {
            runtime,
            listener,
            address,
            state,
        })
    }

    /// The address the server listens on: the port chosen when port 0 was asked for.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The state the handlers share (the games served, the limits, the pool of jobs).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves on the calling thread until `stop` is raised (looked at every
    /// [`POLL_EVERY`]), then stops: see [`Server::run_until_polling`].
    pub fn run_until(self, stop: &Stop) -> std::io::Result<()> {
        self.run_until_polling(stop, || false)
    }

    /// Serves on the calling thread until `stop` is raised or `poll` returns true; `poll` is
    /// called on the calling thread every [`POLL_EVERY`]. Then the listener is closed (the
    /// port is free when this returns), the connections are closed, each job under way is
    /// told to stop (its token raised), and the server waits up to [`SHUTDOWN_GRACE`] for
    /// them to end. An error is an I/O error of the listener.
    pub fn run_until_polling(
        self,
        stop: &Stop,
        mut poll: impl FnMut() -> bool,
    ) -> std::io::Result<()> {
        let Server {
            runtime,
            listener,
            state,
            ..
        } = self;
        let config = (*state.config).clone();
        let app: Router = router(state);
        let stopped = async {
            let mut ticks = tokio::time::interval(POLL_EVERY);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                if stop.is_raised() || poll() {
                    return;
                }
            }
        };
        let served = runtime.block_on(crate::server::serve_until(listener, app, config, stopped));
        // Dropping the connections' tasks drops the requests' waits on their jobs, which
        // raises the jobs' tokens.
        runtime.shutdown_timeout(SHUTDOWN_GRACE);
        served
    }
}
