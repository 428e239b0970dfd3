//! An embedder's own games are served apart from the registry's: their work runs on a pool
//! of its own, each job under the embedder's watch (which the Python package uses to
//! interrupt a method that does not return) and within the embedder's time limit; a job
//! held there never keeps a registry game from being served. A move of a game solved
//! exactly whose value cannot be found says why, and the list is then not complete.

#![allow(clippy::unwrap_used)]

// The plain and the slow variants are for `extra_games.rs`.
#[allow(dead_code)]
mod sticks;
mod through_router;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use grundy::registry::Game;
use grundy_web::blocking::{Cancel, JobWatch};
use grundy_web::games::Catalogue;
use grundy_web::{AppState, ServerConfig};
use serde_json::{json, Value};
use through_router::{error_of, post_json};

use crate::sticks::{BROKEN_COMMENT, BROKEN_STICKS, SLOW_STICKS};

/// How long a test waits for something that must happen before it calls it a hang.
const HANG: Duration = Duration::from_secs(60);

/// A watch that keeps every job's token and runs the job, unless told to refuse.
#[derive(Debug, Default)]
struct Recording {
    tokens: Mutex<Vec<Cancel>>,
    refuse: AtomicBool,
}

impl Recording {
    fn tokens(&self) -> Vec<Cancel> {
        self.tokens.lock().unwrap().clone()
    }
}

impl JobWatch for Recording {
    fn watch(&self, cancel: &Cancel, job: &mut dyn FnMut()) {
        self.tokens.lock().unwrap().push(cancel.clone());
        if !self.refuse.load(Ordering::SeqCst) {
            job();
        }
    }
}

/// The registry's games and the slow and broken variants of sticks, their work watched by
/// `watch`, under `config`.
fn state(config: ServerConfig, watch: &Arc<Recording>) -> AppState {
    let games =
        Catalogue::with_extra_games([Game::new(&SLOW_STICKS), Game::new(&BROKEN_STICKS)]).unwrap();
    AppState::watching(
        None,
        config,
        games,
        Some(Arc::clone(watch) as Arc<dyn JobWatch>),
    )
}

/// Waits (at most [`HANG`]) until `done` is true.
async fn wait_for(what: &str, done: impl Fn() -> bool) {
    let since = Instant::now();
    while !done() {
        assert!(since.elapsed() < HANG, "{what} never happened");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// The slow variant's analysis holds the extra pool's one slot until its token is raised
/// (its time limit is ten minutes): meanwhile a registry game is analysed at once, on the
/// registry's pool, unwatched; a second slow analysis waits for the slot, and runs once
/// the first has ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_extra_job_never_keeps_a_registry_game_from_being_served() {
    let watch = Arc::new(Recording::default());
    let config = ServerConfig {
        extra_game_jobs: 1,
        replay_limit: Duration::from_secs(600),
        ..ServerConfig::default()
    };
    let state = state(config, &watch);
    let slow = json!({"game": "slow-sticks", "position": "4"});
    let first = tokio::spawn({
        let (state, slow) = (state.clone(), slow.clone());
        async move { post_json(&state, "/api/analysis", slow).await }
    });
    wait_for("the first slow analysis's start", || {
        state.extra_pool.running() == 1
    })
    .await;
    let second = tokio::spawn({
        let (state, slow) = (state.clone(), slow.clone());
        async move { post_json(&state, "/api/analysis", slow).await }
    });

    let (status, reply) = post_json(
        &state,
        "/api/analysis",
        json!({"game": "rectangle", "position": "4x3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["position"]["value"], "win");
    assert_eq!(state.extra_pool.running(), 1);
    assert_eq!(state.pool.peak(), 1);
    // Only the extra game's job was watched.
    assert_eq!(watch.tokens().len(), 1);

    // The embedder's watch ends the first job (as the Python package interrupts a method);
    // then the second runs, alone in its pool.
    watch.tokens()[0].cancel();
    let (status, reply) = first.await.unwrap();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{reply}");
    wait_for("the second slow analysis's start", || {
        watch.tokens().len() == 2
    })
    .await;
    watch.tokens()[1].cancel();
    let (status, _) = second.await.unwrap();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(state.extra_pool.peak(), 1);
    wait_for("the extra pool's end", || state.extra_pool.running() == 0).await;
}

/// An extra game's requests and background jobs keep within the embedder's time limit,
/// however long the server's own are; the job's token is raised at it, for the watch to see.
/// A job the watch refuses is answered 503.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_extra_games_work_keeps_the_embedders_time_limit_and_its_token_is_raised() {
    let watch = Arc::new(Recording::default());
    let config = ServerConfig {
        replay_limit: Duration::from_secs(600),
        extra_game_limit: Some(Duration::from_millis(300)),
        ..ServerConfig::default()
    };
    let state = state(config, &watch);
    let (status, reply) = post_json(
        &state,
        "/api/analysis",
        json!({"game": "slow-sticks", "position": "4"}),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{reply}");
    // The deadline ends the request, or, on a loaded machine, the job sees its token
    // raised at the same instant and stops first: either way the time limit is named.
    let error = error_of(&reply);
    assert!(
        error.contains("within its limit of 300 ms") || error.contains("stopped at its time limit"),
        "{reply}"
    );
    let tokens = watch.tokens();
    assert_eq!(tokens.len(), 1);
    assert!(tokens[0].is_cancelled());

    // A background job: the replay on the pool, then the job's own thread, both watched.
    let (status, job) = post_json(
        &state,
        "/api/jobs",
        json!({"game": "slow-sticks", "position": "4"}),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{job}");
    assert_eq!(job["limit_ms"], 300);
    wait_for("the job's watch", || watch.tokens().len() == 3).await;
    wait_for("the job's token", || watch.tokens()[2].is_cancelled()).await;

    // The registry's games keep their own limits, unwatched.
    let (status, reply) = post_json(&state, "/api/analysis", json!({"game": "nim"})).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(watch.tokens().len(), 3);

    watch.refuse.store(true, Ordering::SeqCst);
    let (status, reply) =
        post_json(&state, "/api/position", json!({"game": "broken-sticks"})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{reply}");
    assert!(error_of(&reply).contains("refused"), "{reply}");
}

/// The move to a position whose analysis fails is `unknown`, never a value, with the reason
/// in its `comment`, and the list of moves is not complete; valued moves have no comment.
/// The position itself says why in its own comment.
#[tokio::test]
async fn a_move_that_cannot_be_valued_says_why_and_the_list_is_not_complete() {
    let watch = Arc::new(Recording::default());
    let state = state(ServerConfig::default(), &watch);
    let (status, reply) = post_json(
        &state,
        "/api/analysis",
        json!({"game": "broken-sticks", "position": "5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["position"]["value"], "win");
    assert_eq!(reply["complete"], false, "{reply}");
    let moves = reply["moves"].as_array().unwrap();
    assert_eq!(
        moves[0],
        json!({"move": "1", "canonical": "1", "legal": true, "value": "lose", "remoteness": 3,
               "position": "4", "option_value": "*"})
    );
    assert_eq!(
        moves[1],
        json!({
            "move": "2", "canonical": "2", "legal": true, "value": "unknown",
            "remoteness": Value::Null, "comment": BROKEN_COMMENT, "position": "3"
        })
    );

    let (status, reply) = post_json(
        &state,
        "/api/analysis",
        json!({"game": "broken-sticks", "position": "3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["position"]["value"], "unknown");
    assert_eq!(reply["position"]["comment"], BROKEN_COMMENT);
    // Both moves lead to positions that are valued.
    assert_eq!(reply["complete"], true, "{reply}");
}
