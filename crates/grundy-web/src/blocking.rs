//! Work that takes time (replaying a line, analysis, a Pousse search) runs on tokio's
//! blocking threads, a few at a time, each under its own time limit, so that the threads
//! that answer requests are never held up by a search.
//!
//! An embedder's own games (a game written in Python) run on a pool of their own, watched
//! by the embedder ([`JobWatch`]): their code is not the library's, and may not look at a
//! token at all (a method that never returns). The watch can interrupt such code once the
//! token is raised; if it cannot, that code holds a slot of its own pool only, and the
//! registry's games are served as ever.
//!
//! A job keeps its slot until its work has really ended: when its time limit passes, the
//! request is answered with 503 at once, the job's [`Cancel`] token is raised, and the slot
//! stays taken until the job returns. So no more than the pool's jobs ever run at once,
//! however many requests time out. A job checks its token between steps it controls (moves
//! replayed, moves valued) and passes it to the library's long computations (table builds,
//! sequences, searches), which honour it within 100 ms (see `docs/web.md`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::stop::Stop;
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// What an embedder does around each job of its own games, on the job's thread: the
/// Python package keeps the thread known while the job runs, so that a method of a user's
/// game that does not return can be interrupted once the job's token is raised (its time
/// limit, the request given up, the server stopped), and so that it can wait for every
/// such job to end before the interpreter does.
pub trait JobWatch: Send + Sync + std::fmt::Debug {
    /// Runs `job` on this thread, watched under `cancel`. It must call `job` once, unless
    /// it refuses the work altogether (the job then answers 503).
    fn watch(&self, cancel: &Cancel, job: &mut dyn FnMut());
}

/// Runs `job` on this thread under `watch` when there is one, else plainly.
pub fn run_watched<T>(
    watch: Option<&dyn JobWatch>,
    cancel: &Cancel,
    job: impl FnOnce(&Cancel) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let Some(watch) = watch else {
        return job(cancel);
    };
    let mut job = Some(job);
    let mut answer = None;
    watch.watch(cancel, &mut || {
        if let Some(job) = job.take() {
            answer = Some(job(cancel));
        }
    });
    answer.unwrap_or_else(|| {
        Err(ApiError::busy(
            "the work was refused: the server is stopping",
        ))
    })
}

/// Runs blocking jobs at most `permits` at a time, each under the pool's [`JobWatch`] when
/// it has one.
#[derive(Debug, Clone)]
pub struct BlockingPool {
    permits: Arc<Semaphore>,
    counts: Arc<Counts>,
    watch: Option<Arc<dyn JobWatch>>,
    /// The longest any job may take, whatever its own limit.
    longest: Option<Duration>,
}

/// How many jobs run now, and the most that ever ran at once.
#[derive(Debug, Default)]
struct Counts {
    running: AtomicUsize,
    peak: AtomicUsize,
}

/// Counts a job as running while it lives.
struct Running(Arc<Counts>);

impl Running {
    fn start(counts: Arc<Counts>) -> Running {
        let now = counts.running.fetch_add(1, Ordering::SeqCst) + 1;
        counts.peak.fetch_max(now, Ordering::SeqCst);
        Running(counts)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A job's signal to stop: raised when the request gave up on it, or once its deadline has
/// passed. A job checks it between the steps it controls and returns early, and hands
/// [`Cancel::stop`] to the library's long computations (table builds, sequences, searches),
/// which look at it themselves.
#[derive(Debug, Clone)]
pub struct Cancel {
    stop: Stop,
}

impl Cancel {
    /// A token raised by nobody, passing at `deadline`.
    pub fn until(deadline: Instant) -> Cancel {
        Cancel {
            stop: Stop::until(deadline),
        }
    }

    /// A token that is `stop` (a background job's, carrying its meter).
    pub fn with_stop(stop: Stop) -> Cancel {
        Cancel { stop }
    }

    /// True when the job should stop now.
    pub fn is_cancelled(&self) -> bool {
        self.stop.is_raised()
    }

    /// The time left before the deadline (zero once cancelled).
    pub fn remaining(&self) -> Duration {
        self.stop.remaining().unwrap_or(Duration::ZERO)
    }

    /// Raises the token.
    pub fn cancel(&self) {
        self.stop.raise();
    }

    /// The token as the library's [`Stop`], for its long computations.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// `Err(503)` when the job should stop, for `?` between steps.
    pub fn check(&self) -> Result<(), ApiError> {
        if self.is_cancelled() {
            Err(ApiError::busy(
                "the work was stopped at its time limit; try a smaller position or a shorter time",
            ))
        } else {
            Ok(())
        }
    }
}

/// Raises a job's token when dropped.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

impl BlockingPool {
    /// A pool letting `permits` jobs run at once.
    pub fn new(permits: usize) -> Self {
        BlockingPool {
            permits: Arc::new(Semaphore::new(permits.max(1))),
            counts: Arc::default(),
            watch: None,
            longest: None,
        }
    }

    /// A pool letting `permits` jobs run at once, each under `watch` when given, and for
    /// at most `longest` when given (its own limit when shorter).
    pub fn watched(
        permits: usize,
        watch: Option<Arc<dyn JobWatch>>,
        longest: Option<Duration>,
    ) -> Self {
        BlockingPool {
            watch,
            longest,
            ..BlockingPool::new(permits)
        }
    }

    /// How many jobs are running now (queued ones not counted).
    pub fn running(&self) -> usize {
        self.counts.running.load(Ordering::SeqCst)
    }

    /// The most jobs that ever ran at once in this pool.
    pub fn peak(&self) -> usize {
        self.counts.peak.load(Ordering::SeqCst)
    }

    /// Runs `job` on a blocking thread and waits for it at most `limit` (queueing time
    /// included; at most the pool's longest, when it has one). A job past its limit is answered with 503 and its [`Cancel`] token is
    /// raised; it keeps its slot until it returns. A job that panics is answered with 503
    /// too, naming the failure, so no request ever ends in a 500. When the request gives up
    /// on the job (the returned future is dropped: the server shuts down, say), the token is
    /// raised too.
    pub async fn run<T, F>(&self, limit: Duration, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    {
        let limit = self.longest.map_or(limit, |longest| limit.min(longest));
        let cancel = Cancel::until(Instant::now() + limit);
        // Raised however this future ends: a job still running then has nobody to answer.
        let _given_up = CancelOnDrop(cancel.clone());
        let permits = Arc::clone(&self.permits);
        let counts = Arc::clone(&self.counts);
        let watch = self.watch.clone();
        let token = cancel.clone();
        let work = async move {
            let permit = permits
                .acquire_owned()
                .await
                .map_err(|_| ApiError::busy("the server is shutting down"))?;
            let task = tokio::task::spawn_blocking(move || {
                // The slot and the count are released only when the work has ended, even
                // when nobody waits for it any more.
                let _permit = permit;
                let _running = Running::start(counts);
                token.check()?;
                run_watched(watch.as_deref(), &token, job)
            });
            match task.await {
                Ok(result) => result,
                Err(_) => Err(ApiError::busy(
                    "the analysis failed on this position; please report it",
                )),
            }
        };
        let outcome = tokio::time::timeout(limit, work).await;
        match outcome {
            Ok(result) => result,
            Err(_) => {
                cancel.cancel();
                Err(ApiError::busy(format!(
                    "the work did not finish within its limit of {} ms; try a shorter time",
                    limit.as_millis()
                )))
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    /// The slot is checked by the order of events, not by a stopwatch: a job past its time
    /// limit is answered at once but keeps its slot, so the next job runs only once the first
    /// has returned, never beside it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_timed_out_job_keeps_its_slot_until_it_ends() {
        let pool = BlockingPool::new(1);
        let (release, released) = std::sync::mpsc::channel::<()>();
        let first_ended = Arc::new(AtomicBool::new(false));
        let ended = Arc::clone(&first_ended);
        let slow = pool.run(Duration::from_millis(50), move |_| {
            // Held until the test lets it go, long after its limit.
            let _ = released.recv();
            ended.store(true, Ordering::SeqCst);
            Ok(())
        });
        assert_eq!(
            slow.await.unwrap_err().status,
            axum::http::StatusCode::SERVICE_UNAVAILABLE
        );
        assert_eq!(pool.running(), 1);
        let saw_the_first_ended = Arc::clone(&first_ended);
        let next = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.run(Duration::from_secs(60), move |_| {
                    Ok(saw_the_first_ended.load(Ordering::SeqCst))
                })
                .await
            }
        });
        // Time for a pool that freed the slot at the limit to start the next job early.
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(pool.running(), 1);
        release.send(()).unwrap();
        assert!(
            next.await.unwrap().unwrap(),
            "the next job ran before the first had ended"
        );
        assert_eq!(pool.running(), 0);
        assert_eq!(pool.peak(), 1);
    }

    /// A job past its limit sees its token raised and stops at its next look, long before
    /// its work would end (200 steps of 50 ms, ten seconds): counted in steps, not timed.
    #[tokio::test]
    async fn a_cancelled_job_sees_its_token() {
        let pool = BlockingPool::new(1);
        let steps = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&steps);
        let stopped = pool
            .run(Duration::from_millis(30), move |cancel| {
                for _ in 0..200 {
                    cancel.check()?;
                    counted.fetch_add(1, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(50));
                }
                Ok(())
            })
            .await;
        assert!(stopped.is_err());
        // The next job waits for the slot: once it has run, the cancelled job has returned.
        pool.run(Duration::from_secs(60), |_| Ok(())).await.unwrap();
        let done = steps.load(Ordering::SeqCst);
        assert!(done < 200, "the job did all its {done} steps");
        assert_eq!(pool.running(), 0);
    }
}
