//! The JSON API, endpoint by endpoint, good requests and bad ones, through the router itself.

#![allow(clippy::unwrap_used)]

mod through_router;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_web::AppState;
use serde_json::{json, Value};
use through_router::{error_of, send};

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    post_raw(path, body.to_string()).await
}

async fn post_raw(path: &str, body: String) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    send(AppState::new(None), request).await
}

async fn get(state: AppState, path: &str) -> (StatusCode, Value) {
    send(state, Request::get(path).body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn games_lists_the_seed_games() {
    let (status, games) = get(AppState::new(None), "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["name"].as_str().unwrap())
        .collect();
    // The registry's list, in its order, each with the kind of board the page draws.
    assert_eq!(names, grundy::registry::names());
    for (listed, game) in games
        .as_array()
        .unwrap()
        .iter()
        .zip(grundy::registry::all())
    {
        let kind = game.board_kind().map(|kind| kind.name());
        assert_eq!(listed["board"].as_str(), kind, "{game}");
    }
    assert_eq!(games[0]["default_position"], "4x3");
    assert_eq!(games[0]["impartial"], true);
}

#[tokio::test]
async fn the_view_of_a_board_game_has_a_drawing_and_other_views_none() {
    let (status, view) = post(
        "/api/position",
        json!({"game": "domineering", "position": "#../...", "moves": ["b1-b2"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let drawing = &view["drawing"];
    assert_eq!(drawing["layout"], "cells");
    assert_eq!(
        drawing["cells"],
        json!(["hole", "filled", "empty", "empty", "filled", "empty"])
    );
    assert_eq!(
        drawing["played"],
        json!([{"move": "b1-b2", "name": "b1-b2", "by": "left", "at": [1, 4]}])
    );
    assert_eq!(view["over"], true);
    let (_, view) = post(
        "/api/position",
        json!({"game": "toadsfrogs", "position": "T.F@R"}),
    )
    .await;
    assert_eq!(view["drawing"]["layout"], "strip");
    assert_eq!(view["drawing"]["to_move"], "right");
    assert_eq!(
        view["drawing"]["moves"],
        json!([{"move": "3-2", "at": [2, 1]}])
    );
    let (_, view) = post("/api/position", json!({"game": "rectangle"})).await;
    assert_eq!(view["drawing"], Value::Null);
}

#[tokio::test]
async fn position_replays_moves_and_reports_the_winner() {
    let (status, view) = post(
        "/api/position",
        json!({"game": "rectangle", "position": "4x3", "moves": ["v1", "h1", "h1", "v1", "V1"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["position"], "1x1");
    assert_eq!(view["over"], true);
    assert_eq!(view["winner"], "first");
    assert_eq!(view["moves"], json!(["v1", "h1", "h1", "v1", "v1"]));
    let (_, view) = post(
        "/api/position",
        json!({"game": "pousse", "position": "3", "moves": ["L1"]}),
    )
    .await;
    assert_eq!(view["board"], "X..\n...\n...\n");
    assert_eq!(view["to_move_name"], "O");
    let (_, view) = post("/api/position", json!({"game": "bidding"})).await;
    assert_eq!(view["position"], "15", "the default position");
}

#[tokio::test]
async fn play_applies_one_move() {
    let (status, view) = post(
        "/api/play",
        json!({"game": "bidding", "position": "15", "moves": ["triple"], "move": "2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["position"], "15/0/6");
    assert_eq!(view["to_move"], "first");
}

#[tokio::test]
async fn analysis_values_every_move_for_its_mover() {
    let (status, reply) = post(
        "/api/analysis",
        json!({"game": "rectangle", "position": "4x3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["position"]["value"], "win");
    assert_eq!(reply["position"]["grundy_value"], "2");
    assert_eq!(reply["position"]["remoteness"], 5);
    let moves = reply["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3 + 2);
    for mv in moves {
        // v1 and v3 leave 3x3, a loss for the opponent; the others leave a win for them.
        let expected = if mv["move"] == "v1" || mv["move"] == "v3" {
            "win"
        } else {
            "lose"
        };
        assert_eq!(mv["value"], expected, "{mv}");
        // The option's value is its nimber: 0 exactly for the position lost by its mover.
        let nimber = mv["option_value"].as_str().unwrap();
        assert_eq!(nimber == "0", expected == "win", "{mv}");
        assert!(nimber == "0" || nimber.starts_with('*'), "{mv}");
        assert!(mv["position"].as_str().unwrap().contains('x'), "{mv}");
    }
    assert_eq!(reply["complete"], true);
    // Impartial: both players have the same moves, no other list.
    assert_eq!(reply["other_moves"], json!([]));
}

#[tokio::test]
async fn analysis_of_a_loopy_impartial_game_gives_its_loopy_value_and_each_options() {
    // Fair Shares and Varied Pairs: 12 -> twelve ones wins at once (0); every other split
    // of 12 leaves a draw, of value ∞ (docs/loopy.md).
    let (status, reply) = post(
        "/api/analysis",
        json!({"game": "fairshares", "position": "12"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["position"]["value"], "win");
    // The position's own loopy value, as the panel shows it (docs/loopy.md's table).
    assert_eq!(reply["position"]["partizan_value"], "∞{0}", "{reply}");
    let moves = reply["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5, "{reply}");
    for mv in moves {
        let (value, option) = if mv["move"] == "12->1+1+1+1+1+1+1+1+1+1+1+1" {
            ("win", "0")
        } else {
            ("draw", "∞")
        };
        assert_eq!(mv["value"], value, "{mv}");
        assert_eq!(mv["option_value"], option, "{mv}");
    }
}

#[tokio::test]
async fn analysis_gives_both_players_options_with_their_values() {
    // 2 × 2 Domineering, ±1 = {1|-1}: each of Left's two vertical dominoes leaves 1, each of
    // Right's two horizontal ones -1, as CGSuite's explorer lists Left's and Right's options.
    let (status, reply) = post(
        "/api/analysis",
        json!({"game": "domineering", "position": "../.."}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["position"]["partizan_value"], "±1");
    let values = |list: &Value| -> Vec<(String, String, String)> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|mv| {
                (
                    mv["option_value"].as_str().unwrap().to_string(),
                    mv["value"].as_str().unwrap().to_string(),
                    mv["position"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let left = values(&reply["moves"]);
    let right = values(&reply["other_moves"]);
    assert_eq!(left.len(), 2);
    assert_eq!(right.len(), 2);
    assert!(
        left.iter()
            .all(|(value, outcome, _)| value == "1" && outcome == "win"),
        "{left:?}"
    );
    assert!(
        right
            .iter()
            .all(|(value, outcome, _)| value == "-1" && outcome == "win"),
        "{right:?}"
    );
    // Right's options are positions with Left to move again.
    assert!(
        right
            .iter()
            .all(|(_, _, position)| !position.ends_with("@R")),
        "{right:?}"
    );
    assert!(
        left.iter().all(|(_, _, position)| position.ends_with("@R")),
        "{left:?}"
    );
}

#[tokio::test]
async fn analysis_under_misere_play_values_every_move_the_misere_way() {
    // Misère Nim 1+1+2: only 2->1 (leaving three single tokens) wins.
    let (status, reply) = post(
        "/api/analysis",
        json!({"game": "nim", "position": "1+1+2@misere"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["position"]["value"], "win");
    assert_eq!(reply["position"]["grundy_value"], Value::Null);
    assert_eq!(reply["position"]["best_move"], "2->1");
    for mv in reply["moves"].as_array().unwrap() {
        let expected = if mv["move"] == "2->1" { "win" } else { "lose" };
        assert_eq!(mv["value"], expected, "{mv}");
    }
    assert_eq!(reply["components"], json!([]));
    // Taking the last token loses.
    let (_, reply) = post(
        "/api/position",
        json!({"game": "nim", "position": "1@misere", "moves": ["1->0"]}),
    )
    .await;
    assert_eq!(reply["over"], true, "{reply}");
    assert_eq!(reply["winner"], "second", "{reply}");
    // A partizan game refuses misère play.
    let (status, reply) = post(
        "/api/analysis",
        json!({"game": "domineering", "position": "2x2@misere"}),
    )
    .await;
    assert!(status.is_client_error(), "{reply}");
    assert!(error_of(&reply).contains("domineering"), "{reply}");
}

#[tokio::test]
async fn analysis_gives_the_grundy_value_of_each_cuboid_of_a_sum() {
    let (status, reply) = post(
        "/api/analysis",
        json!({"game": "cuboid", "position": "2x2x2+3x4x5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    // 2x2x2 is a loss alone (value 0); the sum's value is the XOR of the parts.
    assert_eq!(
        reply["components"][0],
        json!({"position": "2x2x2", "grundy_value": "0"})
    );
    assert_eq!(reply["components"][1]["position"], "3x4x5");
    assert_eq!(
        reply["components"][1]["grundy_value"],
        reply["position"]["grundy_value"]
    );
    let (_, reply) = post("/api/analysis", json!({"game": "rectangle"})).await;
    assert_eq!(reply["components"], json!([]));
}

#[tokio::test]
async fn analysis_values_candidates_and_flags_illegal_ones() {
    let (status, reply) = post(
        "/api/analysis",
        json!({"game": "paper", "position": "2x1", "candidates": ["1,0,1,1", "0,0,2,0"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["moves"][0]["value"], "win");
    assert_eq!(reply["moves"][0]["remoteness"], 0);
    assert_eq!(reply["moves"][1]["legal"], false);
}

#[tokio::test]
async fn analysis_of_pousse_gives_a_score_and_a_line() {
    let (status, reply) = post(
        "/api/analysis",
        json!({"game": "pousse", "position": "4", "moves": ["L1"], "movetime_ms": 100}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert!(reply["position"]["score"].is_string(), "{reply}");
    assert!(!reply["position"]["pv"].as_array().unwrap().is_empty());
    assert_eq!(reply["moves"].as_array().unwrap().len(), 16);
    assert_eq!(reply["position"]["grundy_value"], Value::Null);
}

#[tokio::test]
async fn analysis_of_a_solved_waterloo_board_finds_the_draw() {
    let (status, reply) = post(
        "/api/analysis",
        json!({"game": "pousse-waterloo", "position": "3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["position"]["value"], "draw");
}

#[tokio::test]
async fn strategy_plays_the_perfect_move() {
    let (status, reply) = post(
        "/api/strategy",
        json!({"game": "bidding", "position": "15", "strategy": "perfect"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["move"], "triple");
    assert_eq!(reply["view"]["moves"], json!(["triple"]));
    let (status, reply) = post(
        "/api/strategy",
        json!({"game": "pousse", "position": "5", "strategy": "perfect", "movetime_ms": 50}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["view"]["moves"].as_array().unwrap().len(), 1);
    for strategy in ["random", "noisy:0.5", "stubborn"] {
        let (status, reply) = post(
            "/api/strategy",
            json!({"game": "cuboid", "position": "2x2x3", "strategy": strategy, "seed": 4}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{strategy}: {reply}");
    }
}

#[tokio::test]
async fn bad_requests_get_a_4xx_naming_the_fault() {
    let cases: Vec<(&str, String, StatusCode, &str)> = vec![
        (
            "/api/position",
            "{\"game\": ".into(),
            StatusCode::BAD_REQUEST,
            "malformed JSON",
        ),
        (
            "/api/position",
            json!({"game": "chess"}).to_string(),
            StatusCode::NOT_FOUND,
            "unknown game \"chess\"",
        ),
        (
            "/api/position",
            json!({"game": "rectangle", "position": "0x5"}).to_string(),
            StatusCode::BAD_REQUEST,
            "bad rectangle position \"0x5\"",
        ),
        (
            "/api/position",
            json!({"game": "rectangle", "moves": ["v1", "v9"]}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "move 2 \"v9\"",
        ),
        (
            "/api/play",
            json!({"game": "rectangle", "move": "x1"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "\"x1\"",
        ),
        (
            "/api/play",
            json!({"game": "rectangle"}).to_string(),
            StatusCode::BAD_REQUEST,
            "missing field `move`",
        ),
        (
            "/api/play",
            json!({"game": "rectangle", "position": "1x1", "move": "v1"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "cannot be played",
        ),
        (
            "/api/play",
            "[1, 2]".into(),
            StatusCode::BAD_REQUEST,
            "bad request body",
        ),
        (
            "/api/analysis",
            json!({"game": "pousse", "movetime_ms": 0}).to_string(),
            StatusCode::BAD_REQUEST,
            "movetime_ms",
        ),
        (
            "/api/analysis",
            json!({"game": "pousse", "movetime_ms": 999_999}).to_string(),
            StatusCode::BAD_REQUEST,
            "movetime_ms",
        ),
        (
            "/api/strategy",
            json!({"game": "rectangle", "strategy": "best"}).to_string(),
            StatusCode::BAD_REQUEST,
            "unknown strategy",
        ),
        (
            "/api/strategy",
            json!({"game": "rectangle", "strategy": "alphabeta"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "no move",
        ),
        (
            "/api/strategy",
            json!({"game": "rectangle", "position": "1x1", "strategy": "perfect"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "the game is over",
        ),
        (
            "/api/records/upload",
            "not a record\n".into(),
            StatusCode::BAD_REQUEST,
            "line 1",
        ),
    ];
    for (path, body, expected, needle) in cases {
        let (status, reply) = post_raw(path, body.clone()).await;
        assert_eq!(status, expected, "{path} {body}: {reply}");
        let message = error_of(&reply);
        assert!(message.contains(needle), "{path} {body}: {message}");
    }
}

/// Every rejection of a JSON body (malformed, a field missing, a field of the wrong type) is
/// 400 with the server's JSON error naming the problem, on every endpoint that takes one:
/// 422 is only for illegal moves.
#[tokio::test]
async fn every_json_body_rejection_is_400_naming_the_problem() {
    let endpoints = [
        ("/api/position", json!({"game": "rectangle"})),
        ("/api/play", json!({"game": "rectangle", "move": "v1"})),
        ("/api/analysis", json!({"game": "rectangle"})),
        (
            "/api/strategy",
            json!({"game": "rectangle", "strategy": "perfect"}),
        ),
    ];
    for (path, good) in endpoints {
        let (status, reply) = post(path, good.clone()).await;
        assert_eq!(status, StatusCode::OK, "{path}: {reply}");
        let mut cases: Vec<(String, String)> = vec![
            ("{\"game\": ".into(), "malformed JSON body".into()),
            (
                "{\"game\": \"rectangle\",}".into(),
                "malformed JSON body".into(),
            ),
            ("".into(), "malformed JSON body".into()),
            ("[1, 2]".into(), "bad request body".into()),
        ];
        // Each field in turn missing, then given a value of the wrong type: named.
        for field in good.as_object().unwrap().keys() {
            let mut missing = good.clone();
            missing.as_object_mut().unwrap().remove(field);
            cases.push((missing.to_string(), format!("missing field `{field}`")));
            let mut mistyped = good.clone();
            mistyped[field] = json!(7);
            cases.push((
                mistyped.to_string(),
                format!("bad request body: {field}: invalid type: integer `7`"),
            ));
        }
        let mut moves = good.clone();
        moves["moves"] = json!(["v1", 3]);
        cases.push((
            moves.to_string(),
            "bad request body: moves[1]: invalid type: integer `3`".into(),
        ));
        for (body, needle) in cases {
            let (status, reply) = post_raw(path, body.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {reply}");
            let message = error_of(&reply);
            assert!(message.contains(&needle), "{path} {body}: {message}");
        }
    }
}

#[tokio::test]
async fn a_wrong_method_is_405_in_json() {
    let (status, reply) = get(AppState::new(None), "/api/position").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{reply}");
    assert!(
        error_of(&reply).contains("the method GET is not allowed on this endpoint"),
        "{reply}"
    );
    let request = Request::post("/api/games").body(Body::empty()).unwrap();
    let (status, reply) = send(AppState::new(None), request).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{reply}");
    assert!(error_of(&reply).contains("POST"), "{reply}");
}

#[tokio::test]
async fn a_body_without_json_content_type_or_over_the_limit_is_refused() {
    let request = Request::post("/api/position")
        .body(Body::from(json!({"game": "rectangle"}).to_string()))
        .unwrap();
    let (status, reply) = send(AppState::new(None), request).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(error_of(&reply).contains("Content-Type"));
    let huge = json!({"game": "rectangle", "moves": vec!["v1"; grundy_web::BODY_LIMIT / 4]});
    let (status, reply) = post("/api/position", huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{reply}");
    assert!(error_of(&reply).contains("limit"));
    let request = Request::post("/api/records/upload")
        .body(Body::from(vec![b'x'; grundy_web::BODY_LIMIT + 1]))
        .unwrap();
    let (status, reply) = send(AppState::new(None), request).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{reply}");
}

#[tokio::test]
async fn unknown_paths_and_assets_are_404_in_json() {
    let (status, reply) = get(AppState::new(None), "/api/nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_of(&reply).contains("no such"));
    let (status, reply) = get(AppState::new(None), "/assets/secret.txt").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_of(&reply).contains("secret.txt"));
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let (status, page) = get(AppState::new(None), "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.as_str().unwrap().contains("<svg") || page.as_str().unwrap().contains("app.js"));
    let kinds = grundy::game::BoardKind::ALL.map(|kind| format!("render-{}.js", kind.name()));
    let renderers = kinds.iter().map(String::as_str);
    for name in ["app.js", "style.css", "board.js"]
        .into_iter()
        .chain(renderers)
    {
        let (status, _) = get(AppState::new(None), &format!("/assets/{name}")).await;
        assert_eq!(status, StatusCode::OK, "{name}");
    }
}

const RECORD_LINE: &str = r#"{"game":"rectangle","position":"4x3","players":["perfect","random"],"seed":7,"moves":[{"move":"v1","ms":0.1},{"move":"h1","ms":0.1}],"result":{"winner":"first","termination":"normal","detail":""},"stderr":["",""],"notes":[],"key":null}"#;

#[tokio::test]
async fn records_are_listed_opened_and_uploaded() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("runs")).unwrap();
    std::fs::write(
        dir.path().join("runs/a.jsonl"),
        format!("{RECORD_LINE}\n{{broken\n"),
    )
    .unwrap();
    let state = AppState::new(Some(dir.path().to_path_buf()));
    let (status, list) = get(state.clone(), "/api/records").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list, json!(["runs/a.jsonl"]));
    let (status, record) = get(state.clone(), "/api/record?path=runs/a.jsonl").await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["games"][0]["moves"][1]["move"], "h1");
    assert_eq!(record["unreadable"].as_array().unwrap().len(), 1);
    let (status, record) = post_raw("/api/records/upload", format!("{RECORD_LINE}\n")).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["source"], "upload");
    assert_eq!(record["skipped"], 0);
}

/// Three games, a game's line with an invalid byte (line 3) and a line of broken JSON
/// (line 5): the bytes of a record a crash or a bad copy left.
fn damaged_record() -> Vec<u8> {
    let other = RECORD_LINE.replace("\"seed\":7", "\"seed\":8");
    let third = RECORD_LINE.replace("\"seed\":7", "\"seed\":9");
    let mut bytes = format!("{RECORD_LINE}\n\n").into_bytes();
    let mut invalid = RECORD_LINE.as_bytes().to_vec();
    invalid[12] = 0xff; // inside "rectangle"
    bytes.extend_from_slice(&invalid);
    bytes.extend_from_slice(format!("\n{other}\n{{\"game\":\"rect\n{third}\n").as_bytes());
    bytes
}

/// What the command line reads in the same bytes: the games and how many lines it skips.
fn read_by_the_command_line(bytes: &[u8]) -> (Vec<Value>, usize) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.jsonl");
    std::fs::write(&path, bytes).unwrap();
    let (games, skipped) = grundy_arena::record::read_records(&path).unwrap();
    let games = games
        .iter()
        .map(|game| serde_json::to_value(game).unwrap())
        .collect();
    (games, skipped)
}

#[tokio::test]
async fn a_damaged_record_loses_only_its_bad_lines_as_on_the_command_line() {
    let bytes = damaged_record();
    let (cli_games, cli_skipped) = read_by_the_command_line(&bytes);
    assert_eq!((cli_games.len(), cli_skipped), (3, 2));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("damaged.jsonl"), &bytes).unwrap();
    let state = AppState::new(Some(dir.path().to_path_buf()));
    let (status, from_file) = get(state, "/api/record?path=damaged.jsonl").await;
    assert_eq!(status, StatusCode::OK, "{from_file}");
    let request = Request::post("/api/records/upload")
        .header("content-type", "application/octet-stream")
        .body(Body::from(bytes))
        .unwrap();
    let (status, uploaded) = send(AppState::new(None), request).await;
    assert_eq!(status, StatusCode::OK, "{uploaded}");
    for (source, record) in [("damaged.jsonl", from_file), ("upload", uploaded)] {
        assert_eq!(record["source"], source);
        let games = record["games"].as_array().unwrap();
        assert_eq!(games, &cli_games, "{source}");
        let seeds: Vec<&Value> = games.iter().map(|game| &game["seed"]).collect();
        assert_eq!(seeds, [7, 8, 9], "{source}");
        assert_eq!(record["skipped"], 2, "{source}");
        let unreadable = record["unreadable"].as_array().unwrap();
        assert_eq!(unreadable.len(), 2, "{source}: {unreadable:?}");
        assert!(
            unreadable[0]
                .as_str()
                .unwrap()
                .starts_with("line 3: not UTF-8 (an invalid byte at column 13)"),
            "{source}: {unreadable:?}"
        );
        assert!(
            unreadable[1]
                .as_str()
                .unwrap()
                .starts_with("line 5: not JSON"),
            "{source}: {unreadable:?}"
        );
        assert_eq!(record["stopped_at"], Value::Null);
    }
}

#[tokio::test]
async fn a_record_with_no_game_or_over_the_size_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("empty.jsonl"), b"\n\xff\xfe\n").unwrap();
    // Sparse: the size is what is checked, before anything is read.
    let big = std::fs::File::create(dir.path().join("big.jsonl")).unwrap();
    big.set_len(grundy_web::RECORD_LIMIT as u64 + 1).unwrap();
    let state = AppState::new(Some(dir.path().to_path_buf()));
    let (status, reply) = get(state.clone(), "/api/record?path=empty.jsonl").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    assert!(
        error_of(&reply).contains("empty.jsonl holds no game record (line 2: not UTF-8"),
        "{reply}"
    );
    let (status, reply) = get(state, "/api/record?path=big.jsonl").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{reply}");
    assert!(error_of(&reply).contains("over the limit"), "{reply}");
}

#[tokio::test]
async fn record_paths_may_not_leave_the_directory() {
    let dir = tempfile::tempdir().unwrap();
    let inner = dir.path().join("records");
    std::fs::create_dir(&inner).unwrap();
    std::fs::write(dir.path().join("outside.jsonl"), format!("{RECORD_LINE}\n")).unwrap();
    let state = AppState::new(Some(inner.clone()));
    for path in ["../outside.jsonl", "%2Fetc%2Fpasswd", "..%2Foutside.jsonl"] {
        let (status, reply) = get(state.clone(), &format!("/api/record?path={path}")).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {reply}");
        assert!(error_of(&reply).contains("outside the records directory"));
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.path().join("outside.jsonl"), inner.join("link.jsonl"))
            .unwrap();
        let (status, _) = get(state.clone(), "/api/record?path=link.jsonl").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "a link out of the directory");
    }
    let (status, reply) = get(state.clone(), "/api/record?path=missing.jsonl").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_of(&reply).contains("missing.jsonl"));
    let (status, reply) = get(state, "/api/record").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&reply).contains("path"));
    let (status, reply) = get(AppState::new(None), "/api/record?path=a.jsonl").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_of(&reply).contains("--records"));
}

#[tokio::test]
async fn edit_makes_an_edit_of_the_board_and_checks_it_with_the_games_parser() {
    // A sum: a heap one token larger, the misère suffix kept.
    let (status, body) = post(
        "/api/edit",
        json!({"game": "nim", "position": "3+4@misere", "edit": {"op": "set-part", "part": 1, "value": "5"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"position": "3+5@misere"}));
    // A graph written as WxH is edited as the game writes it back: an edge less.
    let (status, body) = post(
        "/api/edit",
        json!({"game": "col", "position": "2x2@R", "edit": {"op": "toggle-edge", "a": "0", "b": "1"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["position"], "0-2,1-3,2-3@R");
    // Refused by the game's parser, in its words; by the editor, in its own; unknown game.
    let cases = [
        (
            json!({"game": "nim", "position": "3+4", "edit": {"op": "set-part", "part": 0, "value": "0"}}),
            StatusCode::BAD_REQUEST,
            "a heap holds at least 1 token",
        ),
        (
            json!({"game": "nodekayles", "position": "0-1", "edit": {"op": "set-tag", "vertex": "0", "tag": "L"}}),
            StatusCode::BAD_REQUEST,
            "nodekayles refuses \"0-1,0:L\"",
        ),
        (
            json!({"game": "nim", "position": "3", "edit": {"op": "remove-part", "part": 0}}),
            StatusCode::BAD_REQUEST,
            "cannot be removed",
        ),
        (
            json!({"game": "domineering", "position": "3x3", "edit": {"op": "add-vertex"}}),
            StatusCode::BAD_REQUEST,
            "does not edit cells boards yet",
        ),
        (
            json!({"game": "nim", "position": "3", "edit": {"op": "paint"}}),
            StatusCode::BAD_REQUEST,
            "paint",
        ),
        (
            json!({"game": "chess", "position": "3", "edit": {"op": "add-vertex"}}),
            StatusCode::NOT_FOUND,
            "unknown game",
        ),
    ];
    for (request, status, words) in cases {
        let (got, body) = post("/api/edit", request.clone()).await;
        assert_eq!(got, status, "{request}: {body}");
        assert!(error_of(&body).contains(words), "{request}: {body}");
    }
}
