//! The handlers of the JSON API (documented in `docs/web.md`).

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::Json;
use grundy::game::Budget;
use grundy::strategy::StrategySpec;
use serde::{Deserialize, Serialize};

use crate::analysis::{self, MoveValue, PositionValue};
use crate::blocking::Cancel;
use crate::error::ApiError;
use crate::records::{self, RecordFile};
use crate::server::ServerConfig;
use crate::session::{check_sizes, Caps, GameLine, GameView, Session};
use crate::AppState;

/// The longest time per move a request may ask of the Pousse engine.
pub const MAX_MOVETIME_MS: u64 = 10_000;

/// The time per move when a request names none.
pub const DEFAULT_MOVETIME_MS: u64 = 500;

/// One entry of `GET /api/games`.
#[derive(Debug, Serialize, Deserialize)]
pub struct GameInfo {
    /// The game's name.
    pub name: String,
    /// One line on the game.
    pub summary: String,
    /// How positions and moves are written.
    pub notation: String,
    /// The start position used when none is given.
    pub default_position: String,
    /// A menu of start positions.
    pub sizes: Vec<String>,
    /// True for impartial games (Grundy values).
    pub impartial: bool,
    /// True when moves come from a timed search (Pousse).
    pub searched: bool,
    /// The page's renderer for the board (`heaps`, `push-grid`, …), or `null` for the
    /// generic view: the text picture and the moves list.
    pub board: Option<String>,
}

/// `GET /api/games`: every game the server serves, in the order of the menu.
pub async fn list_games(State(state): State<AppState>) -> Json<Vec<GameInfo>> {
    Json(
        state
            .games
            .entries()
            .iter()
            .map(|entry| GameInfo {
                name: entry.name().to_string(),
                summary: entry.summary().to_string(),
                notation: entry.notation().to_string(),
                default_position: entry.default_position().to_string(),
                sizes: entry.sizes().iter().map(|size| size.to_string()).collect(),
                impartial: entry.impartial(),
                searched: entry.searched(),
                board: entry.board_kind().map(str::to_string),
            })
            .collect(),
    )
}

/// `POST /api/position`: checks a start position and moves, and shows the game.
pub async fn position(
    State(state): State<AppState>,
    body: Result<Json<GameLine>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Json(line) = body?;
    check_sizes(&line)?;
    let games = Arc::clone(&state.games);
    let view = state
        .pool_for(&line.game)
        .run(state.config.replay_limit, move |cancel| {
            // Showing a position values nothing: the larger caps of a job apply.
            Ok(Session::replay_within(&games, &line, cancel, Caps::Job)?.view())
        })
        .await?;
    Ok(Json(view))
}

/// The body of `POST /api/play`.
#[derive(Debug, Deserialize)]
pub struct PlayRequest {
    /// The game so far.
    #[serde(flatten)]
    pub line: GameLine,
    /// The move to play.
    #[serde(rename = "move")]
    pub mv: String,
}

/// `POST /api/play`: plays one move and shows the game after it.
pub async fn play(
    State(state): State<AppState>,
    body: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Json(value) = body?;
    let request: PlayRequest = from_value(value)?;
    check_sizes(&request.line)?;
    let games = Arc::clone(&state.games);
    let view = state
        .pool_for(&request.line.game)
        .run(state.config.replay_limit, move |cancel| {
            let mut session = Session::replay_within(&games, &request.line, cancel, Caps::Job)?;
            session.game.play(&request.mv).map_err(|error| {
                ApiError::illegal(format!(
                    "the move \"{}\" cannot be played: {error}",
                    request.mv
                ))
            })?;
            Ok(session.view())
        })
        .await?;
    Ok(Json(view))
}

/// The body of `POST /api/analysis` (and of `POST /api/jobs`).
#[derive(Debug, Clone, Deserialize)]
pub struct AnalysisRequest {
    /// The game so far.
    #[serde(flatten)]
    pub line: GameLine,
    /// The moves to value; every legal move (up to a limit) when absent.
    #[serde(default)]
    pub candidates: Option<Vec<String>>,
    /// Search time for the position itself (Pousse), in milliseconds.
    #[serde(default)]
    pub movetime_ms: Option<u64>,
}

/// The reply of `POST /api/analysis`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AnalysisReply {
    /// The game.
    pub view: GameView,
    /// The position's value for the side to move.
    pub position: PositionValue,
    /// Each move with its value for the mover.
    pub moves: Vec<MoveValue>,
    /// True when `moves` holds every legal move (or every candidate asked), each valued
    /// (in a game solved exactly: a move that could not be, says why in its `comment`).
    pub complete: bool,
    /// Each component of a sum (the cuboids of a cuboid position) with its Grundy value.
    pub components: Vec<Component>,
    /// A partizan game's moves of the player *not* to move, as if it were their turn (the
    /// same position with the other player to move, `@L`/`@R`), each valued for that player
    /// with the position it leaves and its value (`option_value`): with `moves`, both
    /// players' options, as CGSuite's explorer shows Left's and Right's. Empty for the
    /// impartial games (both players have the same moves), searched games and misère play.
    #[serde(default)]
    pub other_moves: Vec<MoveValue>,
}

/// The position of a partizan game `position` (`4x5`, `4x5@R`) with the other player to
/// move; `None` when it does not read.
fn other_side_to_move(position: &str) -> Option<String> {
    use grundy::player::Player;
    let (bare, side) = grundy::partizan::turn::split_turn(position).ok()?;
    Some(match side {
        Some(Player::Right) => format!("{bare}@L"),
        _ => format!("{bare}@R"),
    })
}

/// One component of a sum of games.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Component {
    /// The component's position in the game's notation.
    pub position: String,
    /// Its Grundy value (impartial games).
    pub grundy_value: Option<String>,
    /// Its canonical value (partizan games; absent for the others).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// `POST /api/analysis`: the position's value and every move's value for the mover.
pub async fn analyse(
    State(state): State<AppState>,
    body: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<AnalysisReply>, ApiError> {
    let Json(value) = body?;
    let request: AnalysisRequest = from_value(value)?;
    check_sizes(&request.line)?;
    let movetime = movetime(request.movetime_ms)?;
    let limit = analysis_limit(&state.config, movetime);
    let games = Arc::clone(&state.games);
    let reply = state
        .pool_for(&request.line.game)
        .run(limit, move |cancel| {
            let mut session = Session::replay(&games, &request.line, cancel)?;
            analyse_session(&mut session, request.candidates, movetime, cancel)
        })
        .await?;
    Ok(Json(reply))
}

/// The analysis of the position of `session`: its components, its value and each move's
/// value for the mover (`candidates`, or every legal move up to a limit), within the
/// search time `movetime` (Pousse) and `cancel`. Run on a blocking thread: by
/// `POST /api/analysis` within its time limit, and by a job ([`crate::jobs`]) within the
/// job's.
pub fn analyse_session(
    session: &mut Session,
    candidates: Option<Vec<String>>,
    movetime: Duration,
    cancel: &Cancel,
) -> Result<AnalysisReply, ApiError> {
    let searched = session.entry.searched();
    let budget = Budget {
        movetime: Some(movetime),
        depth: None,
        threads: 1,
        stop: cancel.stop().clone(),
    };
    // Under misère play a sum's parts do not add up, and no position has a Grundy
    // value: the overlay shows outcomes and remoteness only.
    let (_, misere) = grundy::misere_play::split_misere(&session.game.position());
    let impartial = session.entry.impartial() && !misere;
    // The position first: its valuation (the longest part) fills the game's cache, from
    // which its components and its moves are then valued.
    let game = session.game.as_mut();
    let position = analysis::with_summary(analysis::position_value(game, &budget, impartial));
    cancel.check()?;
    let parts = if misere {
        Vec::new()
    } else {
        session.entry.components(&session.game.position())
    };
    // A position of one component is its own component: its value is known already (a job's
    // large board is not valued twice).
    let whole = parts.len() == 1;
    let components = parts
        .into_iter()
        .map(|part| {
            let valued =
                if whole {
                    Some(position.clone())
                } else {
                    session.entry.start(&part).ok().map(|mut alone| {
                        analysis::position_value(alone.as_mut(), &budget, impartial)
                    })
                };
            let (grundy_value, value) = match valued {
                Some(valued) => (valued.grundy_value, valued.partizan_value),
                None => (None, None),
            };
            Component {
                position: part,
                grundy_value,
                value,
            }
        })
        .collect();
    cancel.check()?;
    let game = session.game.as_mut();
    let (moves, complete) = analysis::moves_to_value(game, candidates);
    let child = analysis::child_budget(searched, &budget);
    let mut valued = Vec::with_capacity(moves.len());
    // A job's progress: how many of the moves are valued.
    let meter = cancel.stop().meter();
    let total = moves.len() as u64;
    if let Some(meter) = meter {
        meter.record_moves(0, total);
    }
    for mv in &moves {
        cancel.check()?;
        valued.push(analysis::move_value(game, mv, &child, impartial, !searched));
        if let Some(meter) = meter {
            meter.record_moves(valued.len() as u64, total);
        }
    }
    // The other player's options, for a partizan game: its moves in the same position with
    // that player to move.
    let mut other_moves = Vec::new();
    // (A game whose position has a canonical value: the registry's partizan games.)
    let partizan =
        !session.entry.impartial() && !searched && !misere && position.partizan_value.is_some();
    let flipped = other_side_to_move(&session.game.position());
    if let Some(mut other) = flipped
        .filter(|_| partizan)
        .and_then(|flipped| session.entry.start(&flipped).ok())
    {
        let (moves, _) = analysis::moves_to_value(other.as_mut(), None);
        for mv in &moves {
            cancel.check()?;
            other_moves.push(analysis::move_value(
                other.as_mut(),
                mv,
                &child,
                false,
                true,
            ));
        }
    }
    // A value computed after the stop may be partial: none is sent.
    cancel.check()?;
    // A move of a game solved exactly that could not be valued leaves the list incomplete.
    let complete = complete && valued.iter().all(|valued| valued.comment.is_none());
    Ok(AnalysisReply {
        view: session.view(),
        position,
        moves: valued,
        complete,
        components,
        other_moves,
    })
}

/// The body of `POST /api/strategy`.
#[derive(Debug, Deserialize)]
pub struct StrategyRequest {
    /// The game so far.
    #[serde(flatten)]
    pub line: GameLine,
    /// `perfect`, `noisy`, `noisy:0.3`, `random`, `stubborn`, …
    pub strategy: String,
    /// Time per move for searched games, in milliseconds.
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// Seed of the strategy's random choices.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// The reply of `POST /api/strategy`.
#[derive(Debug, Serialize, Deserialize)]
pub struct StrategyReply {
    /// The move chosen.
    #[serde(rename = "move")]
    pub mv: String,
    /// The game after the move.
    pub view: GameView,
}

/// `POST /api/strategy`: the strategy's move, played.
pub async fn strategy(
    State(state): State<AppState>,
    body: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<StrategyReply>, ApiError> {
    let Json(value) = body?;
    let request: StrategyRequest = from_value(value)?;
    let spec: StrategySpec = request
        .strategy
        .parse()
        .map_err(|error| ApiError::bad_request(format!("bad strategy: {error}")))?;
    check_sizes(&request.line)?;
    let movetime = movetime(request.movetime_ms)?;
    let games = Arc::clone(&state.games);
    let reply = state
        .pool_for(&request.line.game)
        .run(
            movetime + state.config.replay_limit + state.config.search_slack,
            move |cancel| {
                let mut session = Session::replay(&games, &request.line, cancel)?;
                if session.game.status() != grundy::game::Status::Ongoing {
                    return Err(ApiError::illegal("the game is over; no move can be played"));
                }
                let seed = request.seed.unwrap_or(session.game.history().len() as u64);
                let budget = Budget {
                    movetime: Some(movetime),
                    depth: None,
                    threads: 1,
                    stop: cancel.stop().clone(),
                };
                let mut player = spec.build(seed);
                let chosen = player.choose(session.game.as_mut(), &budget);
                // A move chosen after the stop may come from an unfinished computation.
                cancel.check()?;
                let mv = chosen.ok_or_else(|| {
                    ApiError::illegal(format!("the strategy {spec} has no move here"))
                })?;
                session.game.play(&mv).map_err(|error| {
                    ApiError::illegal(format!(
                        "the strategy chose \"{mv}\", which is refused: {error}"
                    ))
                })?;
                Ok(StrategyReply {
                    mv,
                    view: session.view(),
                })
            },
        )
        .await?;
    Ok(Json(reply))
}

/// `GET /api/records`: the record files under the records directory.
pub async fn list_records(State(state): State<AppState>) -> Result<Json<Vec<String>>, ApiError> {
    match &state.records {
        Some(root) => Ok(Json(records::list(root))),
        None => Ok(Json(Vec::new())),
    }
}

/// The query of `GET /api/record`.
#[derive(Debug, Deserialize)]
pub struct RecordQuery {
    /// The file, relative to the records directory.
    pub path: String,
}

/// `GET /api/record?path=…`: one record file under the records directory.
pub async fn open_record(
    State(state): State<AppState>,
    query: Result<Query<RecordQuery>, QueryRejection>,
) -> Result<Json<RecordFile>, ApiError> {
    let Query(query) = query?;
    let root = state.records.as_ref().ok_or_else(|| {
        ApiError::not_found("the server has no records directory (start it with --records DIR)")
    })?;
    let path = records::resolve(root, &query.path)?;
    let cannot_read = |error: std::io::Error| {
        ApiError::not_found(format!("\"{}\" cannot be read: {error}", query.path))
    };
    let file = std::fs::File::open(&path).map_err(cannot_read)?;
    let size = file.metadata().map_err(cannot_read)?.len();
    if size > crate::RECORD_LIMIT as u64 {
        return Err(ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "\"{}\" is {size} bytes, over the limit of {} bytes",
                query.path,
                crate::RECORD_LIMIT
            ),
        ));
    }
    // A file that grows while it is read is read up to the limit.
    let limited = std::io::Read::take(file, crate::RECORD_LIMIT as u64);
    Ok(Json(records::read(
        &query.path,
        std::io::BufReader::new(limited),
        &state.games,
    )?))
}

/// `POST /api/records/upload`: a record sent as the body (JSON Lines), read as the file of
/// `GET /api/record` is: a line that is not UTF-8 or not a game is skipped and counted.
pub async fn upload_record(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<RecordFile>, ApiError> {
    let body = body?;
    Ok(Json(records::read("upload", body.as_ref(), &state.games)?))
}

/// The time limit of an analysis whose search time (Pousse) is `movetime`, queueing
/// included: the search time, the replay's limit and twice the search slack (the moves
/// after the position are valued too). The analysis of a position is answered only when it
/// ends within it: past it, the reply is 503 and the job is stopped.
pub fn analysis_limit(config: &ServerConfig, movetime: Duration) -> Duration {
    movetime + config.replay_limit + config.search_slack * 2
}

/// `movetime_ms` checked: 1 to [`MAX_MOVETIME_MS`], [`DEFAULT_MOVETIME_MS`] when absent.
pub(crate) fn movetime(requested: Option<u64>) -> Result<Duration, ApiError> {
    match requested.unwrap_or(DEFAULT_MOVETIME_MS) {
        ms @ 1..=MAX_MOVETIME_MS => Ok(Duration::from_millis(ms)),
        ms => Err(ApiError::bad_request(format!(
            "movetime_ms must be from 1 to {MAX_MOVETIME_MS}, got {ms}"
        ))),
    }
}

/// A request body holding a game line read into `T`, the error naming the field at fault
/// (`moves[1]: invalid type: …`), as the JSON rejections of [`ApiError`] do: 400, never
/// 422. Serde cannot follow a field into a flattened struct, so the game line is read on
/// its own first, and then the whole request.
pub(crate) fn from_value<T: serde::de::DeserializeOwned>(
    value: serde_json::Value,
) -> Result<T, ApiError> {
    let bad = |error: serde_path_to_error::Error<serde_json::Error>| {
        ApiError::bad_request(format!("bad request body: {error}"))
    };
    serde_path_to_error::deserialize::<_, GameLine>(&value).map_err(bad)?;
    serde_path_to_error::deserialize(value).map_err(bad)
}
