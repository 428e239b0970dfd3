//! The listener: accepts connections up to a cap and serves each with HTTP/1.1 under time
//! limits, so that slow or idle clients cannot hold the server's connections or memory.
//!
//! - A connection must send a request's whole header within
//!   [`ServerConfig::header_read_timeout`]; the same limit applies to a kept-alive
//!   connection waiting for its next request (hyper's header-read timer starts as soon as
//!   the connection waits for a request head), so an idle connection is closed after it.
//! - A request's body must arrive within [`ServerConfig::body_read_timeout`] (else 408).
//! - At most [`ServerConfig::max_connections`] connections are served at once; a connection
//!   beyond the cap is answered 503 at once and closed.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The server's limits; [`Default`] gives those of `grundy serve`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    /// How long a connection may take to send a request's header, and how long a kept-alive
    /// connection may stay idle before its next request.
    pub header_read_timeout: Duration,
    /// How long a request's body may take to arrive.
    pub body_read_timeout: Duration,
    /// The most connections served at once.
    pub max_connections: usize,
    /// How many replays, analyses and searches of the registry's games run at once.
    pub blocking_jobs: usize,
    /// How many of those on an embedder's own games run at once, on a pool of their own.
    pub extra_game_jobs: usize,
    /// The longest a request (or a background job) on an embedder's own games may take,
    /// when shorter than its own limit; `None`: the limits of the registry's games.
    pub extra_game_limit: Option<Duration>,
    /// The time a line may take to replay (`/api/position`, `/api/play`), queueing
    /// included; analyses and searches have it on top of their own.
    pub replay_limit: Duration,
    /// The time an analysis or a search may take on top of its search time (twice this for
    /// an analysis, which values every move after the position).
    pub search_slack: Duration,
    /// The time a background job (`POST /api/jobs`) may take, its replay included.
    pub job_limit: Duration,
    /// How many background jobs run at once; past it a new one is refused with 429.
    pub max_jobs: usize,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            header_read_timeout: Duration::from_secs(10),
            body_read_timeout: Duration::from_secs(10),
            max_connections: 512,
            blocking_jobs: crate::BLOCKING_JOBS,
            extra_game_jobs: crate::EXTRA_GAME_JOBS,
            extra_game_limit: None,
            replay_limit: Duration::from_secs(5),
            search_slack: Duration::from_secs(5),
            job_limit: Duration::from_secs(1200),
            max_jobs: 1,
        }
    }
}

/// Serves `app` on `listener` under the limits of `config` until the process ends.
pub async fn serve_with(
    listener: TcpListener,
    app: Router,
    config: ServerConfig,
) -> std::io::Result<()> {
    serve_until(listener, app, config, std::future::pending()).await
}

/// Serves `app` on `listener` under the limits of `config` until `shutdown` completes; then
/// accepts no more connections and returns, closing the listener. The connections being
/// served go on as tasks of the runtime (shutting the runtime down ends them, see
/// [`crate::Server`]).
pub async fn serve_until(
    listener: TcpListener,
    app: Router,
    config: ServerConfig,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => return Ok(()),
            accepted = listener.accept() => accepted,
        };
        let (mut stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, say: wait a little rather than spin.
                eprintln!("grundy serve: accept failed: {error}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            tokio::spawn(async move {
                let refusal =
                    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
                    content-length: 43\r\nconnection: close\r\n\r\n\
                    {\"error\":\"too many connections; try again\"}";
                // Write the refusal, then read what the client sent (for a second at most)
                // so that closing does not reset the connection before it reads the reply.
                let _ = tokio::time::timeout(Duration::from_secs(1), async {
                    stream.write_all(refusal).await?;
                    stream.shutdown().await?;
                    let mut sink = [0u8; 1024];
                    while stream.read(&mut sink).await? > 0 {}
                    Ok::<(), std::io::Error>(())
                })
                .await;
            });
            eprintln!("grundy serve: connection from {peer} refused: at the cap of connections");
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let header_timeout = config.header_read_timeout;
        tokio::spawn(async move {
            let _slot = slot;
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service);
            // A failed connection (a header timeout, a client gone) concerns that client only.
            let _ = connection.await;
        });
    }
}

/// Reads a request's whole body within `limit` (at most [`crate::BODY_LIMIT`] bytes, one
/// more to tell a body over it) before the handler sees it: a body that trickles in is
/// answered 408 and does not hold a handler.
pub async fn read_body_in_time(limit: Duration, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    match tokio::time::timeout(limit, axum::body::to_bytes(body, crate::BODY_LIMIT + 1)).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Ok(Err(_)) => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the body is larger than the limit of {} bytes (or was cut short)",
                crate::BODY_LIMIT
            ),
        )
        .into_response(),
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the body did not arrive within the limit of {} ms",
                limit.as_millis()
            ),
        )
        .into_response(),
    }
}
