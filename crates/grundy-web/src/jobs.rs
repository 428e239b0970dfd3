//! Background jobs: the analysis of a position over a game's instant caps but within its job
//! caps (`GameEntry::check_job`: 6 × 6 Domineering), which takes minutes rather than the
//! fraction of a second of an instant request. `POST /api/jobs` starts one and answers its
//! id at once; `GET /api/jobs/{id}` says how far it has come (the valuation's own figures,
//! through the [`Meter`] of its stop) and holds the analysis once done; `DELETE
//! /api/jobs/{id}` cancels it.
//!
//! A job runs on a thread of its own (under the embedder's watch for its own games, see
//! [`crate::blocking::JobWatch`]), under its own time limit
//! ([`crate::ServerConfig::job_limit`]), and at most [`crate::ServerConfig::max_jobs`] run
//! at once (a job counts until its thread has really ended, a cancelled one included); past
//! that a new job is refused with 429. A finished job is kept for [`KEPT_FOR`] so that its page can read
//! it, then forgotten.
//!
//! The game of the last job that ended with an analysis is kept too, with the cache of
//! values its valuation filled: the next job on the same game and start position replays
//! its line on that game, so the positions after the valued one's moves (all of them
//! subpositions of it) are analysed at once.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use grundy::game::GameState;
use grundy::stop::{Meter, Stop};
use serde::{Deserialize, Serialize};

use crate::api::{self, AnalysisReply, AnalysisRequest};
use crate::blocking::{run_watched, Cancel};
use crate::error::ApiError;
use crate::games::Catalogue;
use crate::session::{check_sizes, find, Caps, Session};
use crate::AppState;

/// How long a finished job (done, failed or cancelled) is kept for its page to read.
pub const KEPT_FOR: Duration = Duration::from_secs(600);

/// The most finished jobs kept at once; the oldest are forgotten first.
pub const MOST_KEPT: usize = 64;

/// What a job is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    /// Still valuing.
    Running,
    /// Ended with the analysis.
    Done,
    /// Ended without one: its time limit, the memory limit, or a bad line.
    Failed,
    /// Cancelled by `DELETE /api/jobs/{id}`.
    Cancelled,
}

/// How far a job has come: the valuation's figures, as it last reported them.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct JobProgress {
    /// Positions (components) valued so far.
    pub valued: u64,
    /// Positions in the valuation's cache.
    pub cached: u64,
    /// Distinct values in the value store.
    pub values: u64,
    /// The estimated heap bytes of the cache and the store.
    pub bytes: u64,
    /// Moves of the position valued so far, once the position itself is valued.
    pub moves_valued: u64,
    /// The moves to value (0 until the position itself is valued).
    pub moves_total: u64,
    /// Time since the job started, in milliseconds.
    pub elapsed_ms: u64,
}

/// The reply of every job endpoint.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JobReply {
    /// The job's id, for `GET` and `DELETE /api/jobs/{id}`.
    pub id: u64,
    /// Running, done, failed or cancelled.
    pub state: JobState,
    /// The game.
    pub game: String,
    /// The start position, as the request gave it.
    pub position: String,
    /// The moves played from it.
    pub moves: Vec<String>,
    /// The job's time limit, in milliseconds.
    pub limit_ms: u64,
    /// The figures of its progress.
    pub progress: JobProgress,
    /// The progress in words, for the page's progress line.
    pub progress_text: String,
    /// The analysis, once done (as `POST /api/analysis` answers it).
    pub analysis: Option<AnalysisReply>,
    /// Why it failed (once failed or cancelled).
    pub error: Option<String>,
}

/// One job.
struct Job {
    id: u64,
    game: String,
    position: String,
    moves: Vec<String>,
    started: Instant,
    limit: Duration,
    cancel: Cancel,
    /// Raised by `DELETE`, so that a stop is told from a time limit.
    cancelled: Stop,
    meter: Arc<Meter>,
    outcome: Mutex<Outcome>,
}

/// A job's result so far.
enum Outcome {
    Running,
    Done(Box<AnalysisReply>, Duration),
    Failed(String, Duration),
    Cancelled(Duration),
}

/// The game of the last job that ended with an analysis, with its cache of values.
struct KeptGame {
    game: String,
    start: String,
    state: Box<dyn GameState>,
}

/// The jobs of a server.
#[derive(Default)]
pub struct Jobs {
    next: AtomicU64,
    running: Arc<AtomicU64>,
    table: Mutex<HashMap<u64, Arc<Job>>>,
    kept: Arc<Mutex<Option<KeptGame>>>,
}

impl std::fmt::Debug for Jobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Jobs")
            .field("running", &self.running())
            .finish_non_exhaustive()
    }
}

/// Locks `mutex`, even when a thread panicked while holding it (the data is plain).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Jobs {
    /// How many jobs are running now (a cancelled one until its thread has ended).
    pub fn running(&self) -> u64 {
        self.running.load(Ordering::SeqCst)
    }

    /// Cancels every job (the server stops).
    pub fn cancel_all(&self) {
        for job in lock(&self.table).values() {
            job.cancel.cancel();
        }
    }

    /// Forgets the finished jobs past [`KEPT_FOR`], and the oldest past [`MOST_KEPT`].
    fn purge(&self) {
        let mut table = lock(&self.table);
        table.retain(|_, job| match &*lock(&job.outcome) {
            Outcome::Running => true,
            Outcome::Done(_, at) | Outcome::Failed(_, at) | Outcome::Cancelled(at) => {
                job.started.elapsed().saturating_sub(*at) < KEPT_FOR
            }
        });
        while table.len() > MOST_KEPT {
            let Some(oldest) = table
                .values()
                .filter(|job| !matches!(*lock(&job.outcome), Outcome::Running))
                .min_by_key(|job| job.id)
                .map(|job| job.id)
            else {
                break;
            };
            table.remove(&oldest);
        }
    }

    fn get(&self, id: &str) -> Result<Arc<Job>, ApiError> {
        self.purge();
        id.parse::<u64>()
            .ok()
            .and_then(|id| lock(&self.table).get(&id).cloned())
            .ok_or_else(|| {
                ApiError::not_found(format!(
                    "no job {:?} on this server (a finished job is kept {} minutes)",
                    crate::session::shortened(id),
                    KEPT_FOR.as_secs() / 60
                ))
            })
    }
}

impl Drop for Jobs {
    fn drop(&mut self) {
        self.cancel_all();
    }
}

impl Job {
    fn reply(&self) -> JobReply {
        let reading = self.meter.read();
        let (state, analysis, error, elapsed) = match &*lock(&self.outcome) {
            Outcome::Running => (JobState::Running, None, None, self.started.elapsed()),
            Outcome::Done(reply, at) => (JobState::Done, Some((**reply).clone()), None, *at),
            Outcome::Failed(error, at) => (JobState::Failed, None, Some(error.clone()), *at),
            Outcome::Cancelled(at) => (
                JobState::Cancelled,
                None,
                Some("the job was cancelled".to_string()),
                *at,
            ),
        };
        let progress = JobProgress {
            valued: reading.valued,
            cached: reading.cached,
            values: reading.values,
            bytes: reading.bytes,
            moves_valued: reading.moves_valued,
            moves_total: reading.moves_total,
            elapsed_ms: elapsed.as_millis() as u64,
        };
        let seconds = elapsed.as_secs_f64();
        let progress_text = match state {
            JobState::Running if reading.readings == 0 => {
                format!("starting ({seconds:.1} s)")
            }
            JobState::Running if reading.moves_total > 0 => format!(
                "the position is valued ({} values in the store, {} MB); valuing its moves: {} of {} done, {seconds:.1} s of {} s",
                reading.values,
                reading.bytes / 1_000_000,
                reading.moves_valued,
                reading.moves_total,
                self.limit.as_secs()
            ),
            _ => format!(
                "{} positions valued, {} in the cache, {} values in the store ({} MB), {seconds:.1} s of {} s",
                reading.valued,
                reading.cached,
                reading.values,
                reading.bytes / 1_000_000,
                self.limit.as_secs()
            ),
        };
        JobReply {
            id: self.id,
            state,
            game: self.game.clone(),
            position: self.position.clone(),
            moves: self.moves.clone(),
            limit_ms: self.limit.as_millis() as u64,
            progress,
            progress_text,
            analysis,
            error,
        }
    }
}

/// Counts a job as running until its thread ends.
struct Running(Arc<AtomicU64>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `POST /api/jobs`: an analysis request (as `POST /api/analysis` takes) started as a job;
/// answers 202 with the job. The line is checked first (400, 404, 413 past the game's job
/// caps, 422), and 429 when the server already runs its most jobs.
pub async fn start(
    State(state): State<AppState>,
    body: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Json(value) = body?;
    let request: AnalysisRequest = api::from_value(value)?;
    check_sizes(&request.line)?;
    let movetime = api::movetime(request.movetime_ms)?;
    // The line is replayed once on the pool first, so that a bad one is answered at once.
    let games = Arc::clone(&state.games);
    let line = request.line.clone();
    state
        .pool_for(&line.game)
        .run(state.config.replay_limit, move |cancel| {
            Session::replay_within(&games, &line, cancel, Caps::Job).map(|_| ())
        })
        .await?;
    let jobs = Arc::clone(&state.jobs);
    jobs.purge();
    let most = state.config.max_jobs.max(1) as u64;
    // Counted before the thread starts, so that two requests at once cannot both pass.
    if jobs
        .running
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |now| {
            (now < most).then_some(now + 1)
        })
        .is_err()
    {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "the server already runs {most} job{} at once, its most; try again when {} ended, or cancel {}",
                if most == 1 { "" } else { "s" },
                if most == 1 { "it has" } else { "one has" },
                if most == 1 { "it" } else { "one" },
            ),
        ));
    }
    let running = Running(Arc::clone(&jobs.running));
    let limit = state.job_limit_for(&request.line.game);
    let meter = Arc::new(Meter::default());
    let cancel =
        Cancel::with_stop(Stop::until(Instant::now() + limit).with_meter(Arc::clone(&meter)));
    let id = jobs.next.fetch_add(1, Ordering::SeqCst) + 1;
    let job = Arc::new(Job {
        id,
        game: request.line.game.clone(),
        position: request.line.position.clone().unwrap_or_default(),
        moves: request.line.moves.clone(),
        started: Instant::now(),
        limit,
        cancel,
        cancelled: Stop::new(),
        meter,
        outcome: Mutex::new(Outcome::Running),
    });
    lock(&jobs.table).insert(id, Arc::clone(&job));
    let games = Arc::clone(&state.games);
    let kept = Arc::clone(&jobs.kept);
    let watch = state.watch_for(&request.line.game);
    let worker = Arc::clone(&job);
    let spawned = std::thread::Builder::new()
        .name(format!("grundy-job-{id}"))
        .spawn(move || {
            let _running = running;
            let job = worker;
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_watched(watch.as_deref(), &job.cancel, |cancel| {
                    run(&games, &kept, &request, movetime, cancel)
                })
            }));
            let at = job.started.elapsed();
            let outcome = match result {
                _ if job.cancelled.is_raised() => Outcome::Cancelled(at),
                Ok(Ok(reply)) => Outcome::Done(Box::new(reply), at),
                Ok(Err(error)) if job.cancel.is_cancelled() => Outcome::Failed(
                    format!(
                        "the job did not finish within its limit of {} s ({})",
                        job.limit.as_secs(),
                        crate::scrub::scrub("job error", &error.message)
                    ),
                    at,
                ),
                Ok(Err(error)) => {
                    Outcome::Failed(crate::scrub::scrub("job error", &error.message), at)
                }
                Err(_) => Outcome::Failed(
                    "the analysis failed on this position; please report it".to_string(),
                    at,
                ),
            };
            *lock(&job.outcome) = outcome;
        });
    if spawned.is_err() {
        *lock(&job.outcome) = Outcome::Failed(
            "the job's thread could not be started".to_string(),
            Duration::ZERO,
        );
    }
    Ok((StatusCode::ACCEPTED, Json(job.reply())))
}

/// The job's work: the line replayed (on the kept game when it is of the same game and
/// start), then analysed as `POST /api/analysis` does; the game is kept afterwards.
fn run(
    games: &Catalogue,
    kept: &Mutex<Option<KeptGame>>,
    request: &AnalysisRequest,
    movetime: Duration,
    cancel: &Cancel,
) -> Result<AnalysisReply, ApiError> {
    let line = &request.line;
    let entry = find(games, &line.game)?;
    let fresh = Session::start_within(games, line, Caps::Job)?;
    let start = fresh.start_position();
    let reused = {
        let mut kept = lock(kept);
        match kept.take() {
            Some(game) if game.game == entry.name() && game.start == start => Some(game.state),
            other => {
                *kept = other;
                None
            }
        }
    };
    let game = match reused {
        Some(mut state) => {
            while !state.history().is_empty() {
                state.undo();
            }
            state
        }
        None => fresh,
    };
    let mut session = Session::play_line(entry, game, line, cancel, Caps::Job)?;
    let reply = api::analyse_session(&mut session, request.candidates.clone(), movetime, cancel)?;
    *lock(kept) = Some(KeptGame {
        game: session.entry.name().to_string(),
        start,
        state: session.game,
    });
    Ok(reply)
}

/// `GET /api/jobs/{id}`: the job, with its progress, and its analysis once done; 404 for
/// an unknown id.
pub async fn status(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<JobReply>, ApiError> {
    Ok(Json(state.jobs.get(&id)?.reply()))
}

/// `DELETE /api/jobs/{id}`: cancels the job (it stops within a few milliseconds, and
/// counts as running until it has); a finished job is left as it is. Answers the job.
pub async fn cancel(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<JobReply>, ApiError> {
    let job = state.jobs.get(&id)?;
    if matches!(*lock(&job.outcome), Outcome::Running) {
        job.cancelled.raise();
        job.cancel.cancel();
        // The reply says cancelled at once; the thread records it when it has ended.
        let at = job.started.elapsed();
        let mut reply = job.reply();
        reply.state = JobState::Cancelled;
        reply.error = Some("the job was cancelled".to_string());
        reply.progress.elapsed_ms = at.as_millis() as u64;
        return Ok(Json(reply));
    }
    Ok(Json(job.reply()))
}
