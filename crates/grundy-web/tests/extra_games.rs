//! A game that is not in the registry, served beside the registry's games as an embedder
//! (the Python package) serves a game its user wrote: listed, played through the API with
//! the values of its moves, recorded by the arena's referee and replayed from the record;
//! names taken by another game refused at start; and a [`Server`] that reports its address,
//! serves, and stops when told, stopping the work under way.

#![allow(clippy::unwrap_used)]

// The broken variant is for `extra_pool.rs`.
#[allow(dead_code)]
mod sticks;
mod through_router;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy::registry;
use grundy::registry::Game;
use grundy::stop::Stop;
use grundy_arena::player::{BuiltinPlayer, Clock, Limits};
use grundy_arena::record::RecordWriter;
use grundy_arena::referee::{play_game, GameSetup};
use grundy_web::games::{Catalogue, CatalogueError};
use grundy_web::{AppState, ServeOptions, Server, ServerConfig, StartError};
use serde_json::{json, Value};
use through_router::{error_of, post_json, send};

use crate::sticks::{
    sticks, SticksEntry, SLOW_ANALYSES_STOPPED, SLOW_ANALYSIS_STARTED, SLOW_STICKS,
};

/// How long a test waits for something that must happen before it calls it a hang.
const HANG: Duration = Duration::from_secs(60);

/// The registry's games and sticks.
fn state_with_sticks(records: Option<std::path::PathBuf>) -> AppState {
    let games = Catalogue::with_extra_games([sticks()]).unwrap();
    AppState::with_games(records, ServerConfig::default(), games)
}

async fn post(state: &AppState, path: &str, body: Value) -> (StatusCode, Value) {
    post_json(state, path, body).await
}

async fn get(state: &AppState, path: &str) -> (StatusCode, Value) {
    send(
        state.clone(),
        Request::get(path).body(Body::empty()).unwrap(),
    )
    .await
}

async fn upload(state: &AppState, bytes: Vec<u8>) -> (StatusCode, Value) {
    let request = Request::post("/api/records/upload")
        .body(Body::from(bytes))
        .unwrap();
    send(state.clone(), request).await
}

#[tokio::test]
async fn an_extra_game_is_listed_after_the_registrys_games() {
    let (status, games) = get(&state_with_sticks(None), "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games = games.as_array().unwrap();
    let names: Vec<&str> = games
        .iter()
        .map(|game| game["name"].as_str().unwrap())
        .collect();
    let mut expected = registry::names();
    expected.push("sticks");
    assert_eq!(names, expected);
    let listed = games.last().unwrap();
    assert_eq!(listed["default_position"], "10");
    assert_eq!(listed["sizes"], json!(["10", "21"]));
    assert_eq!(listed["impartial"], true);
    assert_eq!(listed["searched"], false);
    // No kind of board: the generic view, the text picture and the moves list.
    assert_eq!(listed["board"], Value::Null);
    // A server without it does not list it.
    let (_, builtin) = get(&AppState::new(None), "/api/games").await;
    assert_eq!(builtin.as_array().unwrap().len(), registry::all().len());
}

#[tokio::test]
async fn an_extra_game_is_played_through_the_api_with_the_values_of_its_moves() {
    let state = state_with_sticks(None);
    // Started from its default position, by its alias in another letter case.
    let (status, view) = post(&state, "/api/position", json!({"game": "Pile-Of-Sticks"})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["game"], "sticks");
    assert_eq!(view["position"], "10");
    assert_eq!(view["picture"], "|||||||||| (10 sticks)\n");
    assert_eq!(view["to_move"], "first");

    // The overlay: 10 is a win (Grundy value 1) by taking one, to a lost 9.
    let (status, analysis) = post(&state, "/api/analysis", json!({"game": "sticks"})).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let position = &analysis["position"];
    assert_eq!(position["value"], "win");
    assert_eq!(position["grundy_value"], "1");
    assert_eq!(position["remoteness"], 7);
    assert_eq!(position["best_move"], "1");
    assert_eq!(analysis["complete"], true);
    assert_eq!(
        analysis["moves"],
        json!([
            {"move": "1", "canonical": "1", "legal": true, "value": "win", "remoteness": 6,
             "position": "9", "option_value": "0"},
            {"move": "2", "canonical": "2", "legal": true, "value": "lose", "remoteness": 5,
             "position": "8", "option_value": "*2"},
        ])
    );

    // The strategy's move, then a person's, then to the end.
    let (status, reply) = post(
        &state,
        "/api/strategy",
        json!({"game": "sticks", "strategy": "perfect"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["move"], "1");
    let mut moves = vec!["1".to_string()];
    let mut view = reply["view"].clone();
    while view["over"] == false {
        let (status, next) = post(
            &state,
            "/api/play",
            json!({"game": "sticks", "moves": moves, "move": "2"}),
        )
        .await;
        if status == StatusCode::UNPROCESSABLE_ENTITY {
            // One stick left: two cannot be taken.
            assert!(error_of(&next).contains("only 1 sticks are left"), "{next}");
            let (status, last) = post(
                &state,
                "/api/play",
                json!({"game": "sticks", "moves": moves, "move": "1"}),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{last}");
            moves.push("1".into());
            view = last;
            continue;
        }
        assert_eq!(status, StatusCode::OK, "{next}");
        moves.push("2".into());
        view = next;
    }
    // 10 = 1 + 2 + 2 + 2 + 2 + 1: six moves, the second player made the last.
    assert_eq!(view["moves"], json!(["1", "2", "2", "2", "2", "1"]));
    assert_eq!(view["position"], "0");
    assert_eq!(view["winner"], "second");

    // Its own cap, and the unknown-game message, which lists it.
    let (status, reply) = post(
        &state,
        "/api/position",
        json!({"game": "sticks", "position": "1001"}),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{reply}");
    assert!(
        error_of(&reply).contains("the pile is 1001, over the server's cap of 1000"),
        "{reply}"
    );
    let (status, reply) = post(&state, "/api/position", json!({"game": "chess"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{reply}");
    let names: Vec<&str> = registry::all()
        .iter()
        .map(|game| game.name())
        .chain(["sticks"])
        .collect();
    assert!(
        error_of(&reply).ends_with(&format!("the games are {}", names.join(", "))),
        "{reply}"
    );
    // A server without it answers 404.
    let (status, reply) = post(
        &AppState::new(None),
        "/api/position",
        json!({"game": "sticks"}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{reply}");
    assert!(
        error_of(&reply).contains("unknown game \"sticks\""),
        "{reply}"
    );
}

/// One game of sticks from `position`, perfect against random, as `grundy match --record`
/// writes it.
fn recorded_game(position: &str, seed: u64) -> grundy_arena::record::GameRecord {
    let setup = GameSetup {
        game: sticks(),
        position: position.to_string(),
        clock: Clock::default(),
        limits: Limits::default(),
        max_moves: 1_000,
        seed,
    };
    let mut first = BuiltinPlayer::new("perfect".parse().unwrap());
    let mut second = BuiltinPlayer::new("random".parse().unwrap());
    play_game(&setup, ["perfect", "random"], &mut first, &mut second)
}

const RECTANGLE_LINE: &str = r#"{"game":"rectangle","position":"4x3","players":["perfect","random"],"seed":7,"moves":[{"move":"v1","ms":0.1},{"move":"h1","ms":0.1}],"result":{"winner":"first","termination":"normal","detail":""},"stderr":["",""],"notes":[],"key":null}"#;

#[tokio::test]
async fn an_extra_games_record_is_saved_listed_opened_uploaded_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sticks.jsonl");
    let writer = RecordWriter::append(&path).unwrap();
    for (position, seed) in [("10", 1), ("21", 2)] {
        writer.write(&recorded_game(position, seed)).unwrap();
    }
    drop(writer);
    let state = state_with_sticks(Some(dir.path().to_path_buf()));
    let (status, list) = get(&state, "/api/records").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list, json!(["sticks.jsonl"]));
    let (status, opened) = get(&state, "/api/record?path=sticks.jsonl").await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    let (status, uploaded) = upload(&state, std::fs::read(&path).unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{uploaded}");
    assert_eq!(uploaded["games"], opened["games"]);
    assert_eq!(opened["unknown_games"], json!([]));
    let games = opened["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    for game in games {
        assert_eq!(game["game"], "sticks");
        assert_eq!(game["result"]["termination"], "normal", "{game}");
        // Replayed as the page does: the start position and the moves, to the recorded end.
        let moves: Vec<&Value> = game["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|mv| &mv["move"])
            .collect();
        let (status, view) = post(
            &state,
            "/api/position",
            json!({"game": game["game"], "position": game["position"], "moves": moves}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["over"], true);
        assert_eq!(view["winner"], game["result"]["winner"]);
        // Perfect play from a won start wins.
        assert_eq!(view["winner"], "first");
    }

    // A server without sticks: the record holds no game it serves.
    let builtin = AppState::new(Some(dir.path().to_path_buf()));
    for (status, reply) in [
        get(&builtin, "/api/record?path=sticks.jsonl").await,
        upload(&builtin, std::fs::read(&path).unwrap()).await,
    ] {
        assert_eq!(status, StatusCode::NOT_FOUND, "{reply}");
        assert!(
            error_of(&reply)
                .contains("holds no game this server serves (its games are of \"sticks\")"),
            "{reply}"
        );
    }
    // A record of both: the rectangle game is replayed, sticks is named as not served.
    let mut mixed = format!("{RECTANGLE_LINE}\n").into_bytes();
    mixed.extend(std::fs::read(&path).unwrap());
    let (status, reply) = upload(&builtin, mixed.clone()).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["games"].as_array().unwrap().len(), 3);
    assert_eq!(reply["unknown_games"], json!(["sticks"]));
    let (status, reply) = upload(&state, mixed).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["unknown_games"], json!([]));
}

/// An entry named as the caller says, with the rules of sticks.
fn renamed(name: &'static str, aliases: &'static [&'static str]) -> Game {
    Game::new(Box::leak(Box::new(SticksEntry {
        name,
        aliases,
        slow: false,
        broken: false,
    })))
}

#[test]
fn a_name_taken_by_another_game_is_refused_at_start() {
    let options = |games: Vec<Game>| ServeOptions {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        extra_games: games,
        ..ServeOptions::default()
    };
    let refused = |games: Vec<Game>| match Server::bind(options(games)) {
        Err(StartError::Games(error)) => error,
        Err(other) => panic!("refused for another reason: {other}"),
        Ok(_) => panic!("the server started"),
    };
    assert_eq!(
        refused(vec![renamed("nim", &[])]).to_string(),
        "the game \"nim\" cannot be served: its name \"nim\" is already a name of the built-in \
         game \"nim\"; give it another name"
    );
    // An alias, in another letter case.
    let error = refused(vec![renamed("my-rectangle", &["REC"])]);
    assert_eq!(
        error,
        CatalogueError::NameTaken {
            game: "my-rectangle".into(),
            which: "its alias",
            name: "REC".into(),
            owner: "rectangle".into(),
            owner_kind: "built-in",
        }
    );
    // The name of a built-in game's alias.
    let error = refused(vec![renamed("octal", &[])]).to_string();
    assert!(error.contains("the built-in game \"takebreak\""), "{error}");
    // Two extra games of one name.
    let error = refused(vec![sticks(), renamed("Sticks", &[])]).to_string();
    assert!(
        error.contains("its name \"Sticks\" is already a name of the extra game \"sticks\""),
        "{error}"
    );
    // Names no request could name.
    assert!(matches!(
        refused(vec![renamed(" sticks", &[])]),
        CatalogueError::BadName { .. }
    ));
    assert!(matches!(
        refused(vec![renamed("", &[])]),
        CatalogueError::BadName { .. }
    ));
    // A records directory that is not one.
    let file = tempfile::NamedTempFile::new().unwrap();
    let records = ServeOptions {
        records: Some(file.path().to_path_buf()),
        ..options(vec![sticks()])
    };
    assert!(matches!(Server::bind(records), Err(StartError::Records(_))));
}

/// One request on its own connection: the status and the body.
fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(HANG)).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    let status = reply
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let body = reply
        .split_once("\r\n\r\n")
        .map(|(_, body)| body.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Waits (at most [`HANG`]) until `done` is true.
fn wait_for(what: &str, done: impl Fn() -> bool) {
    let since = Instant::now();
    while !done() {
        assert!(since.elapsed() < HANG, "{what} never happened");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The embedder's way: bind to port 0, read the port chosen, serve on a thread of its own
/// until a stop is raised. The stop closes the listener and stops the work under way: an
/// analysis that runs until its budget's stop is raised (its time limit is ten minutes, so
/// only the server's stop can end it in time) ends, and its request is not answered.
#[test]
fn a_server_reports_its_address_serves_and_stops_with_the_work_under_way() {
    let config = ServerConfig {
        replay_limit: Duration::from_secs(600),
        ..ServerConfig::default()
    };
    let server = Server::bind(ServeOptions {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        config,
        extra_games: vec![sticks(), Game::new(&SLOW_STICKS)],
        ..ServeOptions::default()
    })
    .unwrap();
    let addr = server.address();
    assert_ne!(addr.port(), 0);
    assert_eq!(server.state().games.names().last(), Some(&"slow-sticks"));
    let stop = Stop::new();
    let stopper = stop.clone();
    let serving = std::thread::spawn(move || server.run_until(&stop));

    let (status, body) = http(addr, "GET", "/api/games", "");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"name\":\"sticks\""), "{body}");
    let (status, body) = http(
        addr,
        "POST",
        "/api/position",
        r#"{"game":"sticks","moves":["1"]}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"position\":\"9\""), "{body}");

    let analysing = std::thread::spawn(move || {
        http(
            addr,
            "POST",
            "/api/analysis",
            r#"{"game":"slow-sticks","position":"4"}"#,
        )
    });
    wait_for("the slow analysis's start", || {
        SLOW_ANALYSIS_STARTED.load(Ordering::SeqCst)
    });
    assert_eq!(SLOW_ANALYSES_STOPPED.load(Ordering::SeqCst), 0);
    stopper.raise();
    serving.join().unwrap().unwrap();
    // The listener is closed once `run_until` has returned.
    assert!(TcpStream::connect(addr).is_err(), "the port is still open");
    wait_for("the stop of the slow analysis", || {
        SLOW_ANALYSES_STOPPED.load(Ordering::SeqCst) > 0
    });
    // Its connection was closed without a reply.
    let (status, _) = analysing.join().unwrap();
    assert_eq!(status, 0);
}

/// `run_until_polling` asks its function on the calling thread until it says stop (as a
/// Python embedder checks for Ctrl-C), and serves meanwhile.
#[test]
fn a_server_stops_when_its_poll_says_so() {
    let server = Server::bind(ServeOptions {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        extra_games: vec![sticks()],
        ..ServeOptions::default()
    })
    .unwrap();
    let addr = server.address();
    let answered = AtomicBool::new(false);
    let mut polls = 0;
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let (status, body) = http(addr, "POST", "/api/analysis", r#"{"game":"sticks"}"#);
            assert_eq!(status, 200, "{body}");
            answered.store(true, Ordering::SeqCst);
        });
        server
            .run_until_polling(&Stop::never(), || {
                polls += 1;
                answered.load(Ordering::SeqCst)
            })
            .unwrap();
    });
    assert!(polls >= 1);
    assert!(TcpStream::connect(addr).is_err(), "the port is still open");
}
