//! Background jobs through the router: a position over a game's instant caps but within its
//! job caps is analysed as a job (started, polled to its end, cancelled, refused when the
//! server is busy), the misère refusal of a game without misère play in the command line's
//! words, and the panel's exact numbers of a partizan value.

#![allow(clippy::unwrap_used)]

mod through_router;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy::registry;
use grundy_web::{AppState, ServerConfig};
use serde_json::{json, Value};
use through_router::{error_of, post_json as post, send};

/// Domineering on 7 × 3 has 21 empty cells: one over the instant cap, valued in seconds.
const OVER_INSTANT: &str = "7x3";

/// 6 × 6 Domineering takes minutes: a job to cancel.
const LONG: &str = "6x6";

fn state() -> AppState {
    AppState::with_config(
        None,
        ServerConfig {
            job_limit: Duration::from_secs(600),
            max_jobs: 1,
            ..ServerConfig::default()
        },
    )
}

async fn get(state: &AppState, path: &str) -> (StatusCode, Value) {
    send(
        state.clone(),
        Request::get(path).body(Body::empty()).unwrap(),
    )
    .await
}

async fn delete(state: &AppState, path: &str) -> (StatusCode, Value) {
    send(
        state.clone(),
        Request::delete(path).body(Body::empty()).unwrap(),
    )
    .await
}

/// Polls the job until it has ended (a minute at most per job is a guard against a hang,
/// not a measure).
async fn ended(state: &AppState, id: u64, guard: Duration) -> Value {
    let started = Instant::now();
    loop {
        let (status, job) = get(state, &format!("/api/jobs/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{job}");
        if job["state"] != "running" {
            return job;
        }
        assert!(started.elapsed() < guard, "job {id} still runs: {job}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until no job thread runs any more (a cancelled job counts until it has ended).
async fn idle(state: &AppState) {
    let started = Instant::now();
    while state.jobs.running() > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "a job still runs"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_over_the_instant_caps_is_analysed_as_a_job() {
    let state = state();
    // The instant analysis refuses it, naming the cap and the way out.
    let body = json!({"game": "domineering", "position": OVER_INSTANT});
    let (status, reply) = post(&state, "/api/analysis", body.clone()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{reply}");
    assert!(
        error_of(&reply).contains("over the server's cap of 20")
            && error_of(&reply).contains("as a background job"),
        "{reply}"
    );
    // Showing the position values nothing: it is served within the job caps.
    let (status, view) = post(&state, "/api/position", body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{view}");

    let (status, job) = post(&state, "/api/jobs", body.clone()).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{job}");
    assert_eq!(job["game"], "domineering");
    assert_eq!(job["limit_ms"], 600_000);
    let id = job["id"].as_u64().unwrap();
    let job = ended(&state, id, Duration::from_secs(120)).await;
    assert_eq!(job["state"], "done", "{job}");
    assert!(job["progress"]["valued"].as_u64().unwrap() > 0, "{job}");
    assert!(job["progress_text"]
        .as_str()
        .unwrap()
        .contains("positions valued"));
    let analysis = &job["analysis"];
    // After the position, each of its moves was valued, and counted.
    let total = analysis["moves"].as_array().unwrap().len() as u64;
    assert_eq!(job["progress"]["moves_total"], total, "{job}");
    assert_eq!(job["progress"]["moves_valued"], total, "{job}");
    // The value agrees with the command line's solver.
    let solved = registry::find("domineering")
        .unwrap()
        .solve(OVER_INSTANT, &Default::default())
        .unwrap();
    let grundy::report::Report::Valued(solved) = solved else {
        panic!("a partizan game is valued")
    };
    assert_eq!(
        analysis["position"]["partizan_value"],
        solved.canonical.as_str()
    );
    assert!(analysis["complete"].as_bool().unwrap());
    let moves = analysis["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|mv| mv["value"] != "unknown"),
        "{analysis}"
    );
    idle(&state).await;

    // The next position of the line is analysed from the kept game: its job ends at once
    // with every move valued.
    let first = moves[0]["move"].as_str().unwrap();
    let (status, job) = post(
        &state,
        "/api/jobs",
        json!({"game": "domineering", "position": OVER_INSTANT, "moves": [first]}),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{job}");
    let job = ended(&state, job["id"].as_u64().unwrap(), Duration::from_secs(60)).await;
    assert_eq!(job["state"], "done", "{job}");
    assert_eq!(job["analysis"]["view"]["moves"], json!([first]));
    idle(&state).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_is_cancelled_and_a_second_one_is_refused_while_one_runs() {
    let state = state();
    let body = json!({"game": "domineering", "position": LONG});
    let (status, job) = post(&state, "/api/jobs", body.clone()).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{job}");
    let id = job["id"].as_u64().unwrap();
    assert_eq!(job["state"], "running");
    // Busy: the server runs one job at most.
    let (status, reply) = post(&state, "/api/jobs", body.clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{reply}");
    assert!(error_of(&reply).contains("1 job at once"), "{reply}");
    // Its progress grows while it runs.
    let started = Instant::now();
    loop {
        let (_, job) = get(&state, &format!("/api/jobs/{id}")).await;
        assert_eq!(job["state"], "running", "{job}");
        if job["progress"]["valued"].as_u64().unwrap() > 0 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{job}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, job) = delete(&state, &format!("/api/jobs/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{job}");
    assert_eq!(job["state"], "cancelled");
    let job = ended(&state, id, Duration::from_secs(60)).await;
    assert_eq!(job["state"], "cancelled", "{job}");
    assert_eq!(job["analysis"], Value::Null);
    idle(&state).await;
    // Cancelling again changes nothing; a new job may start.
    let (status, job) = delete(&state, &format!("/api/jobs/{id}")).await;
    assert_eq!(
        (status, &job["state"]),
        (StatusCode::OK, &json!("cancelled"))
    );
    let (status, job) = post(&state, "/api/jobs", body).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{job}");
    let id = job["id"].as_u64().unwrap();
    delete(&state, &format!("/api/jobs/{id}")).await;
    idle(&state).await;
}

#[tokio::test]
async fn unknown_jobs_and_bad_requests_are_refused() {
    let state = state();
    for path in ["/api/jobs/999", "/api/jobs/abc"] {
        let (status, reply) = get(&state, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{reply}");
        assert!(error_of(&reply).contains("no job"), "{reply}");
        let (status, _) = delete(&state, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    // Past the job caps: 413 naming the cap.
    let (status, reply) = post(
        &state,
        "/api/jobs",
        json!({"game": "domineering", "position": "7x6"}),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{reply}");
    assert!(
        error_of(&reply).contains("even as a job")
            && error_of(&reply)
                .contains("the number of empty cells is 42, over the server's cap of 36"),
        "{reply}"
    );
    let cases = [
        (json!({"game": "chess"}), StatusCode::NOT_FOUND),
        (json!({"position": "4x4"}), StatusCode::BAD_REQUEST),
        (
            json!({"game": "domineering", "moves": "a1"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"game": "domineering", "position": "4x4", "moves": ["zz"]}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"game": "domineering", "movetime_ms": 0}),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (body, expected) in cases {
        let (status, reply) = post(&state, "/api/jobs", body.clone()).await;
        assert_eq!(status, expected, "{body}: {reply}");
    }
    let request = Request::post("/api/jobs")
        .header("content-type", "application/json")
        .body(Body::from("{"))
        .unwrap();
    let (status, _) = send(state.clone(), request).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(state.jobs.running(), 0);
}

/// What `grundy solve domineering 4x4@misere` prints on stderr (exit status 2), after its
/// `grundy: `.
const CLI_MISERE_REFUSAL: &str = "domineering has no misère version: misère play (the last \
     mover loses) is for the impartial games, and domineering is not impartial (\"@misere\")";

#[tokio::test]
async fn a_misere_position_of_a_partizan_game_is_refused_in_the_command_lines_words() {
    let state = state();
    let library = registry::find("domineering")
        .unwrap()
        .start("4x4@misere")
        .unwrap_err()
        .to_string();
    assert_eq!(library, CLI_MISERE_REFUSAL);
    for path in ["/api/position", "/api/analysis", "/api/jobs"] {
        let (status, reply) = post(
            &state,
            path,
            json!({"game": "domineering", "position": "4x4@misere"}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {reply}");
        assert_eq!(error_of(&reply), CLI_MISERE_REFUSAL, "{path}");
    }
    // The impartial games' misère play is untouched.
    let (status, reply) = post(
        &state,
        "/api/analysis",
        json!({"game": "nim", "position": "1+1+2@misere"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["position"]["value"], "win");
}

#[tokio::test]
async fn the_panel_gets_the_exact_stops_mean_temperature_and_walls() {
    let state = state();
    // `grundy solve domineering 2x3`: value {1/2|-2}, temperature 5/4, mean -3/4, stops
    // 1/2 and -2; `grundy value '{1/2|-2}' --json` gives the walls.
    let (status, reply) = post(
        &state,
        "/api/analysis",
        json!({"game": "domineering", "position": "2x3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let position = &reply["position"];
    assert_eq!(position["partizan_value"], "{1/2|-2}");
    assert!(position["thermograph"]
        .as_str()
        .unwrap()
        .starts_with("<svg"));
    assert_eq!(
        position["summary"],
        json!({
            "canonical": "{1/2|-2}",
            "outcome": "N",
            "outcome_meaning": "the player to move wins",
            "left_stop": "1/2",
            "right_stop": "-2",
            "mean": "-3/4",
            "temperature": "5/4",
            "left_wall": [
                {"temperature": "-1", "value": "1"},
                {"temperature": "-1/2", "value": "1"},
                {"temperature": "5/4", "value": "-3/4"}
            ],
            "right_wall": [
                {"temperature": "-1", "value": "-3"},
                {"temperature": "5/4", "value": "-3/4"}
            ],
            "all_small": false
        })
    );
    // Clobber is all-small: `grundy value '±{*,^}'` gives atomic weight 0.
    let (status, reply) = post(
        &state,
        "/api/analysis",
        json!({"game": "clobber", "position": "xoxo"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let summary = &reply["position"]["summary"];
    assert_eq!(reply["position"]["partizan_value"], "±{*,^}");
    assert_eq!(summary["all_small"], true, "{summary}");
    assert_eq!(summary["atomic_weight"], "0", "{summary}");
    assert_eq!(
        (&summary["temperature"], &summary["mean"]),
        (&json!("0"), &json!("0"))
    );
    // Impartial games have no summary.
    let (_, reply) = post(&state, "/api/analysis", json!({"game": "nim"})).await;
    assert_eq!(reply["position"].get("summary"), None, "{reply}");
}
