//! Work that takes time (analysis, a Pousse search) runs on tokio's blocking threads, a few at
//! a time, each under its own time limit, so that the threads that answer requests are never
//! held up by a search.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Runs blocking jobs at most `permits` at a time.
#[derive(Debug, Clone)]
pub struct BlockingPool {
    permits: Arc<Semaphore>,
}

impl BlockingPool {
    /// A pool letting `permits` jobs run at once.
    pub fn new(permits: usize) -> Self {
        BlockingPool {
            permits: Arc::new(Semaphore::new(permits.max(1))),
        }
    }

    /// Runs `job` on a blocking thread and waits for it at most `limit` (queueing time
    /// included). A job past its limit is answered with 503; a job that panics with 503 too,
    /// naming the failure, so no request ever ends in a 500.
    pub async fn run<T, F>(&self, limit: Duration, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let permits = Arc::clone(&self.permits);
        let work = async move {
            let _permit = permits
                .acquire_owned()
                .await
                .map_err(|_| ApiError::busy("the server is shutting down"))?;
            match tokio::task::spawn_blocking(job).await {
                Ok(result) => result,
                Err(_) => Err(ApiError::busy(
                    "the analysis failed on this position; please report it",
                )),
            }
        };
        match tokio::time::timeout(limit, work).await {
            Ok(result) => result,
            Err(_) => Err(ApiError::busy(format!(
                "the work did not finish within its limit of {} ms; try a shorter time",
                limit.as_millis()
            ))),
        }
    }
}
