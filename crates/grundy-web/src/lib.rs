//! `grundy serve`: a web page to play, analyse and replay every grundy game.
//!
//! The server answers a small JSON API (see `docs/web.md`) and serves one page whose files
//! are embedded in the binary. It keeps no game between requests: each request carries the
//! game's name, start position and moves, and is replayed through the same rules code as the
//! command line. Analysis and searches run on blocking threads with their own time limits, so
//! a long Pousse search never holds up other clients.
//!
//! The games served are the library's registry and, for an embedder, games of its own
//! ([`games::Catalogue`]). [`Server`] runs the page on threads of its own until told to
//! stop, for a program (the Python package) that serves games its user wrote.

pub mod analysis;
pub mod api;
mod assets;
pub mod blocking;
mod drawing;
pub mod edit;
pub mod embed;
pub mod error;
pub mod games;
pub mod jobs;
pub mod records;
pub mod scrub;
pub mod server;
pub mod session;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::{Method, StatusCode};
use axum::routing::{get, post};
use axum::Router;

use crate::blocking::{BlockingPool, JobWatch};
pub use crate::embed::{ServeOptions, Server, StartError};
use crate::error::ApiError;
use crate::games::Catalogue;
pub use crate::server::ServerConfig;

/// The largest request body accepted, in bytes (a record upload included).
pub const BODY_LIMIT: usize = 4 * 1024 * 1024;

/// The largest record file opened from the records directory, in bytes.
pub const RECORD_LIMIT: usize = 16 * 1024 * 1024;

/// How many analyses or searches run at once; more wait their turn.
pub const BLOCKING_JOBS: usize = 4;

/// How many requests on an embedder's own games run at once, on a pool of their own.
pub const EXTRA_GAME_JOBS: usize = 2;

/// What the handlers share.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The directory replays may read, if the server was given one.
    pub records: Option<Arc<PathBuf>>,
    /// Where replays, analyses and searches of the registry's games run.
    pub pool: BlockingPool,
    /// Where those of the embedder's own games run, each job under the embedder's watch:
    /// however their code behaves, the registry's games are served.
    pub extra_pool: BlockingPool,
    /// The embedder's watch over its own games' work (the background jobs' too).
    pub watch: Option<Arc<dyn JobWatch>>,
    /// The server's limits.
    pub config: Arc<ServerConfig>,
    /// The games served: every handler looks games up here.
    pub games: Arc<Catalogue>,
    /// The background jobs (`/api/jobs`).
    pub jobs: Arc<jobs::Jobs>,
}

impl AppState {
    /// A state reading records under `records` (none when `None`), with the default limits,
    /// serving the registry's games.
    pub fn new(records: Option<PathBuf>) -> Self {
        Self::with_config(records, ServerConfig::default())
    }

    /// A state reading records under `records`, with the limits of `config`, serving the
    /// registry's games.
    pub fn with_config(records: Option<PathBuf>, config: ServerConfig) -> Self {
        Self::with_games(records, config, Catalogue::builtin())
    }

    /// A state reading records under `records`, with the limits of `config`, serving
    /// `games` (see [`Catalogue::with_extra_games`]).
    pub fn with_games(records: Option<PathBuf>, config: ServerConfig, games: Catalogue) -> Self {
        Self::watching(records, config, games, None)
    }

    /// [`AppState::with_games`], the work on `games`' extra games under `watch`.
    pub fn watching(
        records: Option<PathBuf>,
        config: ServerConfig,
        games: Catalogue,
        watch: Option<Arc<dyn JobWatch>>,
    ) -> Self {
        AppState {
            records: records.map(Arc::new),
            pool: BlockingPool::new(config.blocking_jobs),
            extra_pool: BlockingPool::watched(
                config.extra_game_jobs,
                watch.clone(),
                config.extra_game_limit,
            ),
            watch,
            config: Arc::new(config),
            games: Arc::new(games),
            jobs: Arc::default(),
        }
    }

    /// Whether `game` names one of the embedder's own games.
    fn is_extra(&self, game: &str) -> bool {
        self.games.find(game).is_some_and(|entry| entry.is_extra())
    }

    /// The pool for work on `game`: the extra games' own, or the registry's (for a name
    /// the server does not serve too, which its job answers with 404 at once).
    pub fn pool_for(&self, game: &str) -> &BlockingPool {
        if self.is_extra(game) {
            &self.extra_pool
        } else {
            &self.pool
        }
    }

    /// The time limit of a background job on `game`: the server's, or for an embedder's
    /// own game at most [`ServerConfig::extra_game_limit`].
    pub fn job_limit_for(&self, game: &str) -> std::time::Duration {
        match self.config.extra_game_limit {
            Some(longest) if self.is_extra(game) => self.config.job_limit.min(longest),
            _ => self.config.job_limit,
        }
    }

    /// The watch over work on `game`: the embedder's for its own games, none for the
    /// registry's.
    pub fn watch_for(&self, game: &str) -> Option<Arc<dyn JobWatch>> {
        if self.is_extra(game) {
            self.watch.clone()
        } else {
            None
        }
    }
}

/// The whole application: the page, its files and the API.
pub fn router(state: AppState) -> Router {
    let body_timeout = state.config.body_read_timeout;
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::file))
        .route("/api/games", get(api::list_games))
        .route("/api/position", post(api::position))
        .route("/api/play", post(api::play))
        .route("/api/edit", post(edit::edit))
        .route("/api/analysis", post(api::analyse))
        .route("/api/strategy", post(api::strategy))
        .route("/api/jobs", post(jobs::start))
        .route("/api/jobs/{id}", get(jobs::status).delete(jobs::cancel))
        .route("/api/records", get(api::list_records))
        .route("/api/record", get(api::open_record))
        .route("/api/records/upload", post(api::upload_record))
        .method_not_allowed_fallback(|method: Method| async move {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                format!("the method {method} is not allowed on this endpoint"),
            )
        })
        .fallback(|| async { ApiError::not_found("no such page or endpoint") })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(move |request, next| {
            server::read_body_in_time(body_timeout, request, next)
        }))
        .with_state(state)
}

/// Serves the application on `addr` with the default limits and the registry's games until
/// the process ends. Prints the address it listens on (useful with port 0). An embedder
/// that serves games of its own, or needs to stop the server, uses [`Server`].
pub async fn serve(addr: SocketAddr, records: Option<PathBuf>) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    eprintln!("grundy serve: http://{}/", listener.local_addr()?);
    let config = ServerConfig::default();
    let app = router(AppState::with_config(records, config.clone()));
    server::serve_with(listener, app, config).await
}
