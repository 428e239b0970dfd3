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
//! each quantity a cap bounds, a position at that cap ([`largest_served`]), each checked to
//! be served while the same position one step past the cap is refused, so that the rows
//! follow the caps if they move. Every game of the registry must have a row: a new game
//! fails here until its largest positions are added. The largest positions are also
//! analysed after a line of moves (the first legal move each time, up to the server's cap
//! on a line's moves, or a line costlier to replay: [`costliest_lines`]), so that the replay
//! counts. Impartial games are also analysed under
//! misère play, which has caps of its own
//! ([`grundy::game::GameEntry::check_served_misere`]): the largest misère positions
//! ([`largest_served_misere`], alone and after a line) and the test and start positions
//! that those caps admit. Within the deadline, the library's own limits (a memory limit, the
//! exact misère search's limit) must not have cut the analysis short either: a solved
//! game's value and every valued move's must be known, under misère play too (the misère
//! caps keep within the exact search), and an unfinished partizan game's canonical value
//! present; only a Pousse search may say `unknown`.

#![allow(clippy::unwrap_used)]

mod through_router;

use std::time::Instant;

use axum::http::StatusCode;
use grundy::registry;
use grundy::registry::Game;
use grundy_web::session::MAX_MOVES;
use grundy_web::AppState;
use serde_json::{json, Value};
use through_router::post_json as post;

/// `count` copies of `part` joined by `+`.
fn sum(part: &str, count: usize) -> String {
    vec![part; count].join("+")
}

/// The edge list of the `width × height` grid (cells named row by row), followed by
/// `extra` (more edges or lone vertices) when it is not empty.
fn grid(width: usize, height: usize, extra: &str) -> String {
    let grid = grundy::graph::Graph::grid(width, height)
        .unwrap()
        .to_string();
    if extra.is_empty() {
        grid
    } else {
        format!("{grid},{extra}")
    }
}

/// For each quantity a game's caps bound: a position at the cap (the hardest such position
/// known: the largest board, the costliest rules) and the same one step past it, which the
/// server refuses (413; 400 where the notation itself stops there, as Nim's 1 000 heaps, a
/// game without caps of its own under normal play).
fn largest_served(game: &str) -> Vec<(String, String)> {
    let pair = |at: &str, past: &str| (at.to_string(), past.to_string());
    match game {
        "rectangle" => vec![pair("1000000x1000000", "1000001x1000000")],
        "cuboid" => vec![
            pair("30x30x30", "31x30x30"),
            (sum("30x30x30", 1_000), sum("1x1x1", 1_001)),
        ],
        "bidding" => vec![pair("65536", "65537")],
        "paper" => {
            // Unit cuts on 2 000 grid lines (1 000 vertical, 1 000 horizontal) of the
            // contest's largest sheet; one more line is over the cap.
            let cuts = |lines: usize| {
                let cuts: Vec<String> = (1..=lines)
                    .map(|i| {
                        if i % 2 == 1 {
                            format!("{i},0,{i},1")
                        } else {
                            format!("0,{i},1,{i}")
                        }
                    })
                    .collect();
                format!("1000000000x1000000000:{}", cuts.join(";"))
            };
            vec![(cuts(2_000), cuts(2_001))]
        }
        "pousse" | "pousse-waterloo" => vec![pair("12", "13")],
        "takebreak" => {
            let mut rows: Vec<(String, String)> = ["0.137", "0.77", "grundy", "S(1,3,4)"]
                .iter()
                .map(|rules| (format!("{rules}:4096"), format!("{rules}:4097")))
                .collect();
            rows.push((
                format!("0.137:{}", sum("4096", 1_000)),
                format!("0.137:{}", sum("1", 1_001)),
            ));
            rows
        }
        "nim" => {
            // As many heaps as the notation takes, each as large as it takes.
            let heap = u64::MAX.to_string();
            vec![(sum(&heap, 1_000), sum(&heap, 1_001))]
        }
        // 6 × 4 with four cells blocked: 20 empty cells, the cap, and 21.
        "domineering" => vec![pair(
            "#...../....../....../...###",
            "#...../....../....../....##",
        )],
        "hackenbush" => vec![
            pair("BRGBRGBR+GBRGBRGB", "BRGBRGBR+GBRGBRGB+G"),
            pair("GGGGGGGG+GGGGGGGG", "GGGGGGGG+GGGGGGGG+G"),
        ],
        "toadsfrogs" => vec![pair("TTT.....FFFF", "TTT......FFFF")],
        "clobber" => vec![
            pair("xoxo/oxox/xoxo", "xoxo/oxox/xoxo/x..."),
            pair("xoxoxo/oxoxox", "xoxoxo/oxoxox/x....."),
        ],
        // The board's 40 columns and 40 rows: one queen at the far cell (a column and a row
        // past each cap), and two queens side by side filling the width.
        "wythoff" => vec![
            pair("39,39", "40,39"),
            pair("39,39", "39,40"),
            pair("19,39+18,39", "19,39+19,39"),
        ],
        // A 6 × 4 grid: 24 vertices, the cap, and a lone vertex more.
        "nodekayles" => vec![(grid(6, 4, ""), grid(6, 4, "24"))],
        // A 4 × 4 grid: 24 edges, the cap, and an edge more.
        "arckayles" => vec![(grid(4, 4, ""), grid(4, 4, "16-17"))],
        // 16 stones, the cap, on a 4 × 5 board with four holes in the middle, and 17.
        "konane" => vec![pair(
            "xoxo/o..x/x..o/oxox/xoxo",
            "xoxo/o..x/x..o/oxox/xoxo/x...",
        )],
        // 16 dominoes, the cap, in eight rows of two (the costliest remoteness search of
        // those measured), and 17.
        "toppling" => vec![pair("LR.RL.LR.RL.LR.RL.LR.RL", "LR.RL.LR.RL.LR.RL.LR.RL.G")],
        // 12 cuts, the cap, in one cake and in a sum; and 13.
        "cutcake" => vec![pair("7x7", "8x7"), pair("3x2+5x1+4x3", "3x2+5x1+4x4")],
        // A 5 × 2 grid: 10 vertices left to colour, the cap, and a lone vertex more; a
        // coloured vertex is not counted, nor one between a blue and a red (nobody may
        // colour it).
        "col" => vec![
            pair("5x2", &grid(5, 2, "10")),
            pair(
                &grid(5, 2, "10:L,11-12,12-13,11:R,13:L"),
                &grid(5, 2, "10:L,11-12,11:R"),
            ),
        ],
        // As Col: a coloured vertex is not counted, nor one between a blue and a red.
        "snort" => vec![
            pair("5x2", &grid(5, 2, "10")),
            pair(
                &grid(5, 2, "10:L,11-12,12-13,11:R,13:L"),
                &grid(5, 2, "10:L,11-12,11:L"),
            ),
        ],
        // 24 empty cells, the cap, and 25: a 5 × 5 board less a corner, a 6 × 4 rectangle
        // (valued 0 at once, but every move is valued) and a strip of 24.
        "cram" => vec![
            pair("...../...../...../...../....#", "5x5"),
            pair("6x4", "....../....../....../....../.#####"),
            pair("24x1", "25x1"),
        ],
        // 20 empty cells, the cap, and 21: a lone stone in the middle of a 7 × 3 board (and
        // of an 11 × 2 one), and four stones on 6 × 4 (and on 5 × 5).
        "fission" => vec![
            pair("......./...x.../.......", ".........../.....x....."),
            pair(
                "x..x../....../....../x..x..",
                "x..x./...../...../...../x..x.",
            ),
        ],
        // 10 open cells (empty or an amazon), the cap, and 11: one amazon each on 5 × 2,
        // and on 4 × 3 two holes and three or four amazons (the costliest mixes measured).
        "amazons" => vec![
            pair("x..../o....", "x..../o..../####."),
            pair("x..o/#..#/o..x", "x..o/...#/o..x"),
            pair("x..o/#..#/o...", "x..o/...#/o..."),
        ],
        // Heaps totalling 20, the cap, and one counter more: under `1,3|2,3`, whose
        // canonical forms grow fastest of the sets measured, one heap and a sum.
        "psub" => vec![
            pair("1,3|2,3:20", "1,3|2,3:21"),
            pair("1,3|2,3:10+10", "1,3|2,3:10+11"),
        ],
        // Four skiers, the cap, on the largest slope (64 cells), stacked so that every
        // jumper can jump; and a fifth.
        "skijumps" => vec![pair(
            "L......./R......./L......./R......./......../......../......../........",
            "L......./R......./L......./R......./L......./......../......../........",
        )],
        _ => Vec::new(),
    }
}

/// For each quantity an impartial game's misère caps bound: a misère position at the cap
/// (the hardest known) and the same one step past it, which the server refuses (413).
/// Partizan games have none.
fn largest_served_misere(game: &str) -> Vec<(String, String)> {
    let pair = |at: &str, past: &str| (format!("{at}@misere"), format!("{past}@misere"));
    match game {
        "rectangle" => vec![pair("64x64", "65x64")],
        "cuboid" => vec![
            // 100 unit cubes, a sum of several shapes (the hardest kind), and 101.
            pair("3x3x4+3x3x4+2x2x7", "3x3x4+3x3x4+2x2x7+1x1x1"),
            pair("1x1x30", "1x1x31"),
        ],
        "bidding" => vec![pair("2048", "2049")],
        // 24 uncut units (31 less a line of 5 and 2 of another), and 25.
        "paper" => vec![pair("5x4:0,1,5,1;1,0,1,2", "5x4:0,1,5,1;1,0,1,1")],
        "takebreak" => {
            let mut rows: Vec<(String, String)> = [
                ("0.137", 27),
                ("0.77", 25),
                ("grundy", 28),
                ("S(1,3,4)", 35),
                ("4.7", 25),
            ]
            .iter()
            .map(|(rules, cap)| pair(&format!("{rules}:{cap}"), &format!("{rules}:{}", cap + 1)))
            .collect();
            // The rules with the most options per heap have the smallest cap.
            let every = format!("hex:c.{}", "f".repeat(40));
            rows.push(pair(&format!("{every}:16"), &format!("{every}:17")));
            rows.push(pair("0.77:13+12", "0.77:13+13"));
            rows
        }
        "nim" => vec![pair(&sum("6", 8), &format!("{}+1", sum("6", 8)))],
        // (9 + 1)(9 + 1) × (9 + 1)(19 + 1) = 20 000 positions reachable, the cap, and 21 000.
        "wythoff" => vec![pair("9,9+9,19", "9,9+9,20")],
        // A 7 × 2 grid: 14 vertices, the misère cap, and a lone vertex more.
        "nodekayles" => vec![pair(&grid(7, 2, ""), &grid(7, 2, "14"))],
        // 16 empty cells, the misère cap, and 17.
        "cram" => vec![pair("4x4", "..../..../..../..../.###")],
        // A 3 × 3 grid (12 edges) and a path of 2 edges: 14, the misère cap, and one more.
        "arckayles" => vec![pair(
            &grid(3, 3, "9-10,10-11"),
            &grid(3, 3, "9-10,10-11,11-12"),
        )],
        _ => Vec::new(),
    }
}

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
    let known = |value: &Value| value == "win" || value == "lose";
    let valued = &reply["position"];
    if !known(&valued["value"]) {
        return Err(format!(
            "{what}: the position's value is not known: {valued}"
        ));
    }
    let over = reply["view"]["over"] == true;
    if !game.is_impartial() && !over && !valued["partizan_value"].is_string() {
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
    for (largest, _) in largest_served(game.name())
        .into_iter()
        .chain(largest_served_misere(game.name()))
    {
        let line = first_moves(game, &largest);
        if !line.is_empty() {
            lines.push((largest.clone(), line));
        }
        lines.push((largest, Vec::new()));
    }
    lines.extend(costliest_lines(game.name()));
    lines
}

/// Lines whose replay costs more than the first moves' (which for the largest paper sheet
/// would cut a new line, over the cap, at once): the largest sheet after a line of the most
/// moves, each a cut of one unit on a line already cut that stays a span of its own, so that
/// every position replayed and valued holds some 12 000 spans.
fn costliest_lines(game: &str) -> Vec<(String, Vec<String>)> {
    match game {
        "paper" => {
            let (largest, _) = largest_served("paper").remove(0);
            let cuts = (0..MAX_MOVES)
                .map(|j| format!("1,{},1,{}", 2 * j + 3, 2 * j + 4))
                .collect();
            vec![(largest, cuts)]
        }
        _ => Vec::new(),
    }
}

/// See the [module](self): the positions of every game, the largest served among them,
/// are analysed by the server within its limits, and one step past a cap is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_position_a_games_caps_admit_is_analysed_within_the_servers_limits() {
    let state = AppState::new(None);
    let mut failures = Vec::new();
    for &game in registry::all() {
        let rows = largest_served(game.name());
        assert!(
            !rows.is_empty(),
            "{game} has no largest served position in this test: add one per capped quantity"
        );
        let misere_rows = largest_served_misere(game.name());
        assert_eq!(
            !misere_rows.is_empty(),
            game.is_impartial(),
            "{game}: an impartial game needs its largest served misère positions in this test, \
             one per quantity its misère caps bound (and a partizan game none)"
        );
        for (at, past) in rows.iter().chain(&misere_rows) {
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
            if let Err(failure) = analysed(&state, game, &position, &moves).await {
                failures.push(failure);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
