//! Every position a game's caps admit is one the server finishes: the analysis of the
//! largest positions each game of the registry serves, partizan games and Pousse included.
//!
//! A game's caps ([`grundy::game::GameEntry::check_served`]) are chosen so that
//! replaying a line, analysing the position and valuing every move take well under a
//! second. How fast is not asserted here: no test of this project asserts a time it
//! measures. What is asserted is a bound on the work that the server itself enforces: each
//! analysis goes through the router and the handler of `POST /api/analysis`, with the limits
//! of `grundy serve` (`ServerConfig::default()`), so it runs in the server's pool of jobs
//! under the deadline the server gives an analysis ([`grundy_web::api::analysis_limit`]: the
//! search time, the replay's limit and twice the search slack, 15.5 s), whose passing
//! raises the job's cancel token and answers 503. The reply must be 200: the job ended
//! before the server would have cut it off. A game whose caps admit a position that the
//! server cuts off fails this test. (The times are printed for a person to read.)
//!
//! The positions of each game: its test positions, its menu of start positions, and, for
//! each quantity a cap bounds, the position at that cap that the game states beside its caps
//! ([`grundy::game::GameEntry::cap_edges`]), each checked to be served while the same
//! position one step past the cap is refused. Every game of the registry must state them (a
//! new game's folder does; nothing here names a game). The positions at the caps are also
//! analysed after a line of moves (the first legal move each time, up to the server's cap on
//! a line's moves, or the costlier line the game states), so that the replay counts.
//! Impartial games are also analysed under misère play, which has caps of its own
//! ([`grundy::game::GameEntry::check_served_misere`]): the positions at the misère caps
//! ([`grundy::game::GameEntry::cap_edges_misere`], alone and after a line) and the test and
//! start positions
//! that those caps admit. Within the deadline, the library's own limits (a memory limit, the
//! exact misère search's limit) must not have cut the analysis short either: a solved
//! game's value and every valued move's must be known, under misère play too (the misère
//! caps keep within the exact search), and an unfinished partizan game's canonical value
//! present; only a Pousse search may say `unknown`.

#![allow(clippy::unwrap_used)]

mod through_router;

use std::time::Instant;

use axum::http::StatusCode;
use grundy::game::CapEdge;
use grundy::registry;
use grundy::registry::Game;
use grundy_web::session::MAX_MOVES;
use grundy_web::AppState;
use serde_json::{json, Value};
use through_router::post_json as post;

/// The first legal move each time from `position`, until the game ends, the server's cap
/// on a line's moves, or a move that would reach a position over the game's caps (a cut
/// on one more line of a paper sheet, a heap split into one too many).
fn first_moves(game: Game, position: &str) -> Vec<String> {
    let mut state = game.start(position).unwrap();
    let mut moves = Vec::new();
    while moves.len() < MAX_MOVES {
        let Some(mv) = state.legal_moves(1).moves.into_iter().next() else {
            break;
        };
        let played = state.play(&mv).unwrap();
        if game.check_served(state.as_ref()).is_err() {
            break;
        }
        moves.push(played);
    }
    moves
}

/// The analysis of `position` after `moves`, by the server with the limits of
/// `grundy serve`: `Err` says what is wrong unless the reply is 200 (the job ended before
/// its deadline) with values the library did not cut short. The time is printed for a
/// person to read.
async fn analysed(
    state: &AppState,
    game: Game,
    position: &str,
    moves: &[String],
) -> Result<(), String> {
    let shown: String = position.chars().take(40).collect();
    let body = json!({"game": game.name(), "position": position, "moves": moves});
    let started = Instant::now();
    let (status, reply) = post(state, "/api/analysis", body).await;
    let took = started.elapsed();
    let what = format!("{game} {shown} after {} moves", moves.len());
    eprintln!("{what}: {status} in {took:?}");
    if status != StatusCode::OK {
        return Err(format!(
            "{what}: the server cut the analysis off: {status} {reply}"
        ));
    }
    if game.is_searched() {
        return Ok(());
    }
    // A game that may not end (a loopy one) has drawn positions too, and the page gives it
    // outcomes and remoteness without a value (docs/web.md).
    let loopy = game.may_not_end();
    let known = |value: &Value| value == "win" || value == "lose" || (loopy && value == "draw");
    let valued = &reply["position"];
    if !known(&valued["value"]) {
        return Err(format!(
            "{what}: the position's value is not known: {valued}"
        ));
    }
    let over = reply["view"]["over"] == true;
    if !game.is_impartial() && !loopy && !over && !valued["partizan_value"].is_string() {
        return Err(format!("{what}: no canonical value: {valued}"));
    }
    for mv in reply["moves"].as_array().unwrap() {
        if mv["legal"] != true || !known(&mv["value"]) {
            return Err(format!("{what}: a move's value is not known: {mv}"));
        }
    }
    Ok(())
}

/// The lines analysed for `game`: each of its test positions and start positions (for
/// impartial games also under misère play, where its misère caps admit them), and each
/// position at its caps alone and after a line of moves, under normal play and (impartial
/// games) misère play.
fn lines_of(game: Game) -> Vec<(String, Vec<String>)> {
    let mut positions: Vec<String> = Vec::new();
    for position in game
        .test_positions()
        .into_iter()
        .chain(game.start_positions().iter().copied())
    {
        let misere = format!("{position}@misere");
        let served = |text: &str| {
            let state = game.start(text).unwrap();
            game.check_served(state.as_ref()).is_ok()
        };
        let variants = if game.is_impartial() && served(&misere) {
            vec![position.to_string(), misere]
        } else {
            vec![position.to_string()]
        };
        for variant in variants {
            if !positions.contains(&variant) {
                positions.push(variant);
            }
        }
    }
    let mut lines: Vec<(String, Vec<String>)> = positions
        .into_iter()
        .map(|position| (position, Vec::new()))
        .collect();
    for edge in game.cap_edges().into_iter().chain(game.cap_edges_misere()) {
        let line = if edge.line.is_empty() {
            first_moves(game, &edge.at)
        } else {
            edge.line.into_iter().take(MAX_MOVES).collect()
        };
        if !line.is_empty() {
            lines.push((edge.at.clone(), line));
        }
        lines.push((edge.at, Vec::new()));
    }
    lines
}

/// See the [module](self): the positions of every game, the largest served among them,
/// are analysed by the server within its limits, and one step past a cap is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_position_a_games_caps_admit_is_analysed_within_the_servers_limits() {
    let state = AppState::new(None);
    let mut lines = Vec::new();
    for &game in registry::all() {
        let rows = game.cap_edges();
        assert!(
            !rows.is_empty(),
            "{game} states no position at its caps: its entry's cap_edges needs one per capped \
             quantity"
        );
        let misere_rows = game.cap_edges_misere();
        assert_eq!(
            !misere_rows.is_empty(),
            game.is_impartial(),
            "{game}: an impartial game states its positions at its misère caps \
             (cap_edges_misere), one per quantity they bound (and a partizan game none)"
        );
        for CapEdge { at, past, .. } in rows.iter().chain(&misere_rows) {
            let shown: String = at.chars().take(40).collect();
            let served = game.start(at).unwrap();
            assert!(
                game.check_served(served.as_ref()).is_ok(),
                "{game} {shown} is not served"
            );
            // Analysed one step past the cap: refused (showing the position alone may be
            // served within the larger caps of a job, since it values nothing).
            let body = json!({"game": game.name(), "position": past});
            let (status, reply) = post(&state, "/api/analysis", body).await;
            assert!(
                [StatusCode::PAYLOAD_TOO_LARGE, StatusCode::BAD_REQUEST].contains(&status),
                "{game}: one step past the cap ({shown}…) is served: {status} {reply}"
            );
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                let error = reply["error"].as_str().unwrap_or_default();
                assert!(
                    error.contains(" is ") && error.contains("over the server's cap of"),
                    "{game}: the refusal of {shown}… names no quantity and cap: {error}"
                );
            }
        }
        for (position, moves) in lines_of(game) {
            lines.push((game, position, moves));
        }
    }
    // Two analyses at a time, as two clients of the server would send them: the server's
    // pool runs them side by side, each under its own deadline.
    let mut halves = Vec::new();
    for half in 0..2 {
        let state = state.clone();
        let mine: Vec<_> = lines.iter().skip(half).step_by(2).cloned().collect();
        halves.push(tokio::spawn(async move {
            let mut failures = Vec::new();
            for (game, position, moves) in mine {
                if let Err(failure) = analysed(&state, game, &position, &moves).await {
                    failures.push(failure);
                }
            }
            failures
        }));
    }
    let mut failures = Vec::new();
    for half in halves {
        failures.extend(half.await.unwrap());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
