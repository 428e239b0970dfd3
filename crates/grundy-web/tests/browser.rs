//! The page in a real headless Chromium driven over WebDriver: a full game of each seed game
//! against the engine by clicking on the board, the overlay's colours, undo and redo from the
//! keyboard, a record stepped through move by move, and a screenshot of each game. The
//! server serves an extra game beside the registry's (sticks, as an embedder adds one),
//! played in the generic view like the games that name no kind of board.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/install-browser.sh` installs them);
//! without `/usr/bin/chromedriver` the test fails, it is never skipped.

#![allow(clippy::unwrap_used, clippy::expect_used)]

// Only sticks itself is played here; the slow variant is for `extra_games.rs`.
#[allow(dead_code)]
mod sticks;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use grundy::drawing::{Footprint, Layout, Mark};
use grundy::game::BoardKind;
use grundy::game::{Budget, Status};
use grundy::registry;
use grundy::registry::Game;
use grundy::report::{Report, SolveOptions};
use grundy::strategy::StrategySpec;
use grundy_arena::record::{GameRecord, MoveRecord};
use grundy_arena::result::{GameResult, Termination};
use grundy_web::games::Catalogue;
use grundy_web::{router, AppState, ServerConfig};
use serde_json::{json, Value};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";
/// The longest wait for the page to settle after an action (an upper bound, not a timing
/// check: a slower machine only waits longer).
const SETTLE: Duration = Duration::from_secs(90);

/// Kills chromedriver when the test ends, however it ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts chromedriver on a free port and waits until it listens. The tests of this file run
/// in parallel, so choosing a port and starting a driver on it happen under one lock: two
/// drivers never race for one port (the loser would exit, and its test would talk to the
/// winner's driver until that test ends). A driver that exits anyway (its port taken by
/// another program meanwhile) is started again on another port.
fn start_chromedriver() -> (Driver, u16) {
    static STARTING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    assert!(
        Path::new(CHROMEDRIVER).exists(),
        "{CHROMEDRIVER} is missing: run .ci/install-browser.sh (Debian packages chromium and \
         chromium-driver) before the browser tests"
    );
    let _starting = STARTING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for _ in 0..5 {
        let port = free_port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let mut driver = Driver(child);
        let started = Instant::now();
        loop {
            if driver.0.try_wait().expect("chromedriver's state").is_some() {
                break;
            }
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return (driver, port);
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "chromedriver did not listen on port {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    panic!("chromedriver exited on five free ports in a row");
}

async fn start_server(records: &Path) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    // The registry's games and an extra game, as an embedder serves them.
    let games = Catalogue::with_extra_games([sticks::sticks()]).unwrap();
    let state = AppState::with_games(Some(records.to_path_buf()), ServerConfig::default(), games);
    let app = router(state);
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

async fn connect(port: u16, profile: &Path) -> Client {
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("browserName".into(), json!("chrome"));
    capabilities.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,1000",
                format!("--user-data-dir={}", profile.display()),
            ]
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a Chromium session through chromedriver")
}

/// Waits until the page has loaded, no request is under way and its link is written.
async fn settle(client: &Client) {
    let started = Instant::now();
    loop {
        let ready = client
            .execute(
                "return document.body.dataset.loaded === '1' && document.body.dataset.busy === '0' \
                 && !hashWriter.timer;",
                vec![],
            )
            .await
            .unwrap();
        if ready == Value::Bool(true) {
            return;
        }
        assert!(started.elapsed() < SETTLE, "the page did not settle");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn board_attr(client: &Client, name: &str) -> String {
    client
        .find(Locator::Css("#board"))
        .await
        .unwrap()
        .attr(name)
        .await
        .unwrap()
        .unwrap_or_default()
}

/// The text of the element `css` selects.
async fn text_of(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

async fn error_text(client: &Client) -> String {
    text_of(client, "#error").await
}

/// The colour the page must give a move of this value.
fn colour(value: &str) -> &'static str {
    match value {
        "win" => "#1b1b1b",
        "lose" => "#a6a6a6",
        "draw" => "#5e5e5e",
        "unknown" => "#c4c4c4",
        _ => "#4d4d4d",
    }
}

/// Checks every move on the board has its value's colour (fill or stroke); returns the
/// values seen.
async fn check_colours(client: &Client) -> Vec<(String, String)> {
    let mut seen = Vec::new();
    for element in client
        .find_all(Locator::Css("#board [data-move]"))
        .await
        .unwrap()
    {
        let mv = element.attr("data-move").await.unwrap().unwrap();
        let value = element.attr("data-value").await.unwrap().unwrap();
        let painted = match element.attr("fill").await.unwrap() {
            Some(fill) => fill,
            None => element.attr("stroke").await.unwrap().unwrap(),
        };
        assert_eq!(painted, colour(&value), "{mv} is {value}");
        seen.push((mv, value));
    }
    seen
}

/// The text of the analysis panel.
async fn panel_text(client: &Client) -> String {
    text_of(client, "#analysis").await
}

/// Clicks the element `css` selects (the first), which must be there.
async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn toggle_overlay(client: &Client) {
    click(client, "#overlay").await;
    settle(client).await;
}

/// Each move's value for its mover, computed beside the page: play, analyse, undo.
fn expected_values(game: Game, position: &str) -> Vec<(String, String)> {
    let mut state = game.start(position).unwrap();
    let moves = state.legal_moves(10_000).moves;
    moves
        .into_iter()
        .map(|mv| {
            state.play(&mv).unwrap();
            let value = match state.status() {
                Status::Won { .. } => "win",
                Status::Ongoing => match state.analyse(&Budget::default()).to_move_wins {
                    Some(true) => "lose",
                    Some(false) => "win",
                    None => "unknown",
                },
            };
            state.undo();
            (mv, value.to_string())
        })
        .collect()
}

fn output_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays a whole game from `position` as the first player against the perfect strategy,
/// clicking the first move drawn on the board each turn; saves a screenshot with the overlay
/// on after two moves. Returns the number of moves of the game.
async fn play_a_game(
    client: &Client,
    base: &str,
    game: &Game,
    position: &str,
    picture_after_first_exchange: bool,
) -> usize {
    // As the page writes its links: `+` in a position is %2B.
    let encoded = position.replace('+', "%2B");
    let url =
        format!("{base}/#game={game}&position={encoded}&mode=first&strategy=perfect&movetime=100");
    // From a blank page, so that the page is loaded anew and reads its link.
    client.goto("about:blank").await.unwrap();
    client.goto(&url).await.unwrap();
    settle(client).await;
    assert_eq!(
        board_attr(client, "data-game").await,
        game.name(),
        "{}",
        error_text(client).await
    );
    toggle_overlay(client).await;
    let values = check_colours(client).await;
    assert!(!values.is_empty(), "{game}: no move drawn on the board");
    let screenshot = output_dir().join(format!("{game}.png"));
    std::fs::write(&screenshot, client.screenshot().await.unwrap()).unwrap();
    let mut clicks = 0;
    while board_attr(client, "data-over").await != "1" {
        if game.may_not_end() && clicks == 6 {
            return board_attr(client, "data-ply").await.parse().unwrap();
        }
        assert!(clicks < 300, "{game}: the game did not end");
        let before = board_attr(client, "data-ply").await;
        let first = client
            .find(Locator::Css("#board [data-move]"))
            .await
            .unwrap_or_else(|_| panic!("{game}: no move to click at ply {before}"));
        first.click().await.unwrap_or_else(|error| {
            panic!("{game}: the first move drawn at ply {before}: {error}")
        });
        settle(client).await;
        let after = board_attr(client, "data-ply").await;
        assert_ne!(
            before,
            after,
            "{game}: the click played nothing: {}",
            error_text(client).await
        );
        clicks += 1;
        check_colours(client).await;
        // The picture of the game: after the first exchange, unless that ended it.
        if picture_after_first_exchange
            && clicks == 1
            && board_attr(client, "data-over").await != "1"
        {
            // Away from the board, so that no move is drawn hovered.
            click(client, "h1").await;
            std::fs::write(&screenshot, client.screenshot().await.unwrap()).unwrap();
        }
    }
    assert_eq!(error_text(client).await, "");
    let status = client
        .find(Locator::Css("#status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.starts_with("Game over"), "{game}: {status}");
    board_attr(client, "data-ply").await.parse().unwrap()
}

/// The generic view, which every game gets when its entry names no kind of board (and any
/// game when the text view is asked for): the game's text picture on the board, and the
/// moves list, coloured by value under the overlay, as the way to play. Plays a whole game
/// of `game` from `position` against the engine by clicking the list.
async fn play_in_the_text_view(client: &Client, base: &str, game: Game, position: &str) -> usize {
    let encoded = position.replace('+', "%2B");
    let url = format!(
        "{base}/#game={game}&position={encoded}&mode=first&strategy=perfect&overlay=1&text=1"
    );
    client.goto("about:blank").await.unwrap();
    client.goto(&url).await.unwrap();
    settle(client).await;
    let picture = client
        .find(Locator::Css("#board pre"))
        .await
        .unwrap_or_else(|_| panic!("{game}: no text picture on the board"))
        .text()
        .await
        .unwrap();
    let drawn = game.start(position).unwrap().draw();
    assert_eq!(picture.trim(), drawn.trim(), "{game}");
    assert!(
        client
            .find_all(Locator::Css("#board [data-move]"))
            .await
            .unwrap()
            .is_empty(),
        "{game}: the text view drew a board"
    );
    let expected = expected_values(game, position);
    let mut listed = Vec::new();
    for button in client
        .find_all(Locator::Css("#movelist [data-list-move]"))
        .await
        .unwrap()
    {
        let mv = button.attr("data-list-move").await.unwrap().unwrap();
        let value = button.attr("class").await.unwrap().unwrap_or_default();
        listed.push((mv, value));
    }
    listed.sort();
    let mut expected_sorted = expected.clone();
    expected_sorted.sort();
    assert_eq!(
        listed, expected_sorted,
        "{game}: the moves list and its colours"
    );
    let mut clicks = 0;
    while board_attr(client, "data-over").await != "1" {
        assert!(clicks < 300, "{game}: the game did not end");
        let before = board_attr(client, "data-ply").await;
        client
            .find(Locator::Css("#movelist [data-list-move]"))
            .await
            .unwrap_or_else(|_| panic!("{game}: no move in the list at ply {before}"))
            .click()
            .await
            .unwrap();
        settle(client).await;
        assert_ne!(before, board_attr(client, "data-ply").await, "{game}");
        clicks += 1;
    }
    std::fs::write(
        output_dir().join(format!("{game}-text.png")),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    board_attr(client, "data-ply").await.parse().unwrap()
}

/// The moves of the line the page's link holds (`moves=…`).
async fn line_of(client: &Client) -> Vec<String> {
    let moves = client
        .execute(
            "return new URLSearchParams(location.hash.slice(1)).get('moves') || '';",
            vec![],
        )
        .await
        .unwrap();
    moves
        .as_str()
        .unwrap()
        .split(' ')
        .filter(|mv| !mv.is_empty())
        .map(str::to_string)
        .collect()
}

/// A move of the game tree as the move list shows it.
#[derive(Debug, Clone, PartialEq)]
struct TreeNode {
    mv: String,
    name: String,
    depth: String,
    value: Option<String>,
    mistake: bool,
    current: bool,
}

/// The moves of the game tree in the order the list shows them (the main line, each
/// variation after the move it branches from), read in one call.
async fn tree_nodes(client: &Client) -> Vec<TreeNode> {
    let nodes = client
        .execute(
            "return Array.from(document.querySelectorAll('#line .node')).map((n) => [\
             n.dataset.move || '', n.dataset.name || '', n.dataset.depth || '', \
             n.dataset.value ?? null, n.dataset.mistake !== undefined, \
             n.classList.contains('current')]);",
            vec![],
        )
        .await
        .unwrap();
    let text = |value: &Value| value.as_str().unwrap_or_default().to_string();
    nodes
        .as_array()
        .unwrap()
        .iter()
        .map(|node| TreeNode {
            mv: text(&node[0]),
            name: text(&node[1]),
            depth: text(&node[2]),
            value: node[3].as_str().map(str::to_string),
            mistake: node[4] == Value::Bool(true),
            current: node[5] == Value::Bool(true),
        })
        .collect()
}

/// The values of the attribute `name` of the elements `css` selects on the page, in order
/// (an element without it gives ""), read in one call.
async fn attrs_of(client: &Client, css: &str, name: &str) -> Vec<String> {
    let values = client
        .execute(
            "return Array.from(document.querySelectorAll(arguments[0])).map((e) => e.getAttribute(arguments[1]) ?? '');",
            vec![Value::from(css), Value::from(name)],
        )
        .await
        .unwrap();
    values
        .as_array()
        .unwrap()
        .iter()
        .map(|value| value.as_str().unwrap_or_default().to_string())
        .collect()
}

/// The values of the attribute `name` of the elements `css` selects on the board, in order.
async fn attrs(client: &Client, css: &str, name: &str) -> Vec<String> {
    attrs_of(client, &format!("#board {css}"), name).await
}

/// Clicks the board element `css` selects.
async fn click_on(client: &Client, css: &str) {
    client
        .find(Locator::Css(&format!("#board {css}")))
        .await
        .unwrap_or_else(|_| panic!("nothing on the board at {css}"))
        .click()
        .await
        .unwrap();
}

/// Checks what a partizan game's board shows against the game replayed here and the
/// library's description of its board ([`grundy::game::describe`], the one place that says what a
/// board holds; each game's own tests check that against its notation): the position, every
/// cell's mark, the stones, the pieces placed and the edges, as the layout has them, the
/// side to move, and the overlay's colours against each move's value.
async fn check_partizan_board(client: &Client, game: Game, start: &str) {
    let line = line_of(client).await;
    let mut state = game.start(start).unwrap();
    for mv in &line {
        state.play(mv).unwrap();
    }
    let position = state.position();
    assert_eq!(
        board_attr(client, "data-position").await,
        position,
        "{game}"
    );
    let view = grundy::game::describe(state.as_ref()).expect("a partizan game with a board");
    match &view.board.layout {
        Layout::Cells { cells, .. } | Layout::Strip { cells } => {
            let marks = attrs(client, "[data-cell]", "data-mark").await;
            let codes: Vec<String> = cells.iter().map(|mark| mark.code()).collect();
            assert_eq!(marks, codes, "{game}: the cells' marks");
            let stones = attrs(client, "[data-stone]", "data-stone").await;
            let owners: Vec<&str> = cells
                .iter()
                .filter_map(|mark| match mark {
                    Mark::Stone(owner) => Some(owner.word()),
                    _ => None,
                })
                .collect();
            assert_eq!(stones, owners, "{game}: a stone on each stone's cell");
            if matches!(view.board.layout, Layout::Strip { .. }) {
                let numbers = attrs(client, "[data-cell]", "data-cell").await;
                let expected: Vec<String> = (1..=cells.len()).map(|n| n.to_string()).collect();
                assert_eq!(numbers, expected, "{game}: cells numbered from 1");
            }
            if game.entry().board_kind() == Some(BoardKind::Cells) {
                // Every move of the line is a piece in its player's colour.
                let placed = attrs(client, "[data-placed]", "data-placed").await;
                let by = attrs(client, "[data-placed]", "data-by").await;
                let played: Vec<&str> = view.played.iter().map(|p| p.mv.as_str()).collect();
                let owners: Vec<&str> = view.played.iter().map(|p| p.by.word()).collect();
                assert_eq!(placed, played, "{game}: the placed pieces");
                assert_eq!(by, owners, "{game}: the placed pieces' players");
            }
        }
        Layout::Graph { edges, taken, .. } => {
            // One edge per edge of the position, taken by the move its number is now, and
            // labelled with its name in the start position; the edges the last move took
            // marked where they stood; the line reads the edges' names.
            let drawn = attrs(client, "[data-edge]", "data-edge").await;
            let moves: Vec<&str> = edges.iter().map(|edge| edge.mv.as_str()).collect();
            assert_eq!(drawn, moves, "{game}: the edges");
            let names = attrs(client, "[data-edge]", "data-name").await;
            let expected: Vec<&str> = edges.iter().map(|edge| edge.name.as_str()).collect();
            assert_eq!(names, expected, "{game}: the edges' names");
            let gone = attrs(client, ".taken", "data-name").await;
            let expected: Vec<&str> = taken.iter().map(|edge| edge.name.as_str()).collect();
            assert_eq!(gone, expected, "{game}: the last move's edges");
            let items = tree_nodes(client).await;
            let expected: Vec<(String, String)> = view
                .played
                .iter()
                .map(|played| (played.mv.clone(), played.name.clone()))
                .collect();
            let shown: Vec<(String, String)> =
                items.into_iter().map(|node| (node.mv, node.name)).collect();
            assert_eq!(shown, expected, "{game}: the line by the edges' names");
        }
        Layout::Vertices { vertices, .. } => {
            let marks = attrs(client, "[data-vertex]", "data-mark").await;
            let codes: Vec<String> = vertices.iter().map(|vertex| vertex.mark.code()).collect();
            assert_eq!(marks, codes, "{game}: the vertices' marks");
        }
    }
    if state.status() == Status::Ongoing {
        let side = state.side_name(state.side_to_move()).to_lowercase();
        let marker = attrs(client, ".caption", "data-to-move").await;
        assert_eq!(marker, [side], "{game}: the side to move on the board");
        let mut seen = check_colours(client).await;
        let mut expected = expected_values(game, &position);
        seen.sort();
        expected.sort();
        if view.moves.iter().any(|(_, at)| at.len() == 3) {
            check_three_cell_overlay(&seen, &expected, &view.moves, &position);
        } else {
            assert_eq!(seen, expected, "{game} at {position}: the overlay");
        }
    }
}

/// The overlay of moves of three cells (an amazon's cell, where it lands, where its arrow
/// burns): one disc for each way a piece can go (the first two cells), standing for a move
/// of that way with the best value among them (a win if any, else one not lost, else a
/// loss), coloured by it.
fn check_three_cell_overlay(
    seen: &[(String, String)],
    expected: &[(String, String)],
    footprints: &[(String, Footprint)],
    at: &str,
) {
    let way = |mv: &str| -> Vec<usize> {
        let (_, cells) = footprints
            .iter()
            .find(|(name, _)| name == mv)
            .unwrap_or_else(|| panic!("{mv} is no move at {at}"));
        cells[..2].to_vec()
    };
    let rank = |value: &str| match value {
        "win" => 0,
        "lose" => 2,
        _ => 1,
    };
    let mut best: std::collections::BTreeMap<Vec<usize>, String> = Default::default();
    for (mv, value) in expected {
        let held = best.entry(way(mv)).or_insert_with(|| value.clone());
        if rank(value) < rank(held) {
            *held = value.clone();
        }
    }
    let drawn: std::collections::BTreeMap<Vec<usize>, String> = seen
        .iter()
        .map(|(mv, value)| (way(mv), value.clone()))
        .collect();
    assert_eq!(drawn.len(), seen.len(), "at {at}: one disc a way");
    for pair in seen {
        assert!(
            expected.contains(pair),
            "at {at}: {pair:?} is no move's value"
        );
    }
    assert_eq!(drawn, best, "at {at}: the overlay");
}

/// Plays a whole game of a partizan game from `start` as Left against the perfect engine
/// by clicking on the board: the cells of a move (the first then the second, and an amazon's
/// arrow third) on a grid, the piece on a strip, the edge of a graph; checks the board after
/// every exchange, that `bad_clicks` (each a list of clicks on the board) show `error`
/// without playing anything, and saves a screenshot after the first exchange.
async fn play_partizan_by_clicking(
    client: &Client,
    base: &str,
    game: Game,
    start: &str,
    bad_clicks: &[&str],
    error: &str,
) -> usize {
    let encoded = start.replace('+', "%2B").replace('#', "%23");
    let url =
        format!("{base}/#game={game}&position={encoded}&mode=first&strategy=perfect&overlay=1");
    client.goto("about:blank").await.unwrap();
    client.goto(&url).await.unwrap();
    settle(client).await;
    assert_eq!(board_attr(client, "data-game").await, game.name());
    check_partizan_board(client, game, start).await;
    // A bad click says why in the page's error line, and plays nothing.
    for css in bad_clicks {
        click_on(client, css).await;
        settle(client).await;
    }
    assert_eq!(error_text(client).await, error, "{game}");
    assert_eq!(board_attr(client, "data-ply").await, "0", "{game}");
    let mut exchanges = 0;
    while board_attr(client, "data-over").await != "1" {
        assert!(exchanges < 100, "{game}: the game did not end");
        let before: usize = board_attr(client, "data-ply").await.parse().unwrap();
        // A winning move when the overlay shows one, else the first.
        let values = attrs(client, "[data-move]", "data-value").await;
        let pick = values.iter().position(|v| v == "win").unwrap_or(0);
        if game.entry().board_kind() == Some(BoardKind::Graph) {
            let edge = attrs(client, "[data-move]", "data-move").await[pick].clone();
            click_on(client, &format!("[data-edge='{edge}']")).await;
        } else {
            let at = attrs(client, "[data-move]", "data-at").await[pick].clone();
            let cells: Vec<usize> = at.split(',').map(|c| c.parse().unwrap()).collect();
            let names = attrs(client, "[data-cell]", "data-cell").await;
            click_on(client, &format!("[data-cell='{}']", names[cells[0]])).await;
            if game.entry().board_kind() != Some(BoardKind::Strip) {
                // On a grid the first cell is selected and the second plays the move; on a
                // strip the piece's cell plays it.
                assert_eq!(board_attr(client, "data-ply").await, before.to_string());
                client
                    .find(Locator::Css("#board .selected"))
                    .await
                    .expect("the first cell is selected");
                click_on(client, &format!("[data-cell='{}']", names[cells[1]])).await;
            }
            if let Some(&arrow) = cells.get(2) {
                // An amazon's move: the amazon and its landing are selected; the arrow's
                // cell plays the move.
                assert_eq!(board_attr(client, "data-ply").await, before.to_string());
                click_on(client, &format!("[data-cell='{}']", names[arrow])).await;
            }
        }
        settle(client).await;
        let after: usize = board_attr(client, "data-ply").await.parse().unwrap();
        assert!(
            after > before,
            "{game}: the click played nothing: {}",
            error_text(client).await
        );
        assert_eq!(error_text(client).await, "", "{game}");
        exchanges += 1;
        check_partizan_board(client, game, start).await;
        if exchanges == 1 && board_attr(client, "data-over").await != "1" {
            click(client, "h1").await;
            std::fs::write(
                output_dir().join(format!("{game}-board.png")),
                client.screenshot().await.unwrap(),
            )
            .unwrap();
        }
    }
    let status = text_of(client, "#status").await;
    assert!(status.starts_with("Game over"), "{game}: {status}");
    board_attr(client, "data-ply").await.parse().unwrap()
}

/// A real record: perfect against random on 8x5, as `grundy match --record` writes it.
fn write_record(dir: &Path) -> Vec<String> {
    let mut game = registry::find("rectangle").unwrap().start("8x5").unwrap();
    let mut players = [
        "perfect".parse::<StrategySpec>().unwrap().build(1),
        "random".parse::<StrategySpec>().unwrap().build(2),
    ];
    let mut moves = Vec::new();
    while game.status() == Status::Ongoing {
        let mover = moves.len() % 2;
        let mv = players[mover]
            .choose(game.as_mut(), &Budget::default())
            .unwrap();
        game.play(&mv).unwrap();
        moves.push(mv);
    }
    let record = GameRecord {
        game: "rectangle".into(),
        position: "8x5".into(),
        players: ["perfect".into(), "random".into()],
        seed: 1,
        moves: moves
            .iter()
            .map(|mv| MoveRecord {
                mv: mv.clone(),
                ms: 0.1,
            })
            .collect(),
        result: GameResult {
            winner: Some("first".into()),
            termination: Termination::Normal,
            detail: String::new(),
        },
        stderr: [String::new(), String::new()],
        notes: Vec::new(),
        key: None,
    };
    let line = serde_json::to_string(&record).unwrap();
    std::fs::write(dir.join("match.jsonl"), format!("{line}\n")).unwrap();
    moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_analyses_and_replays_every_game_in_chromium() {
    let (_driver, port) = start_chromedriver();
    let records = tempfile::tempdir().unwrap();
    let recorded = write_record(records.path());
    let addr = start_server(records.path()).await;
    let base = format!("http://{addr}");
    let profile = tempfile::tempdir().unwrap();
    let client = connect(port, profile.path()).await;

    // The overlay's colours are the rules' values, computed here beside the page.
    client
        .goto(&format!("{base}/#game=rectangle&position=8x5&mode=two"))
        .await
        .unwrap();
    settle(&client).await;
    let plain = check_colours(&client).await;
    assert!(
        plain.iter().all(|(_, value)| value == "plain"),
        "overlay off: {plain:?}"
    );
    toggle_overlay(&client).await;
    let mut seen = check_colours(&client).await;
    let mut expected = expected_values(registry::find("rectangle").unwrap(), "8x5");
    seen.sort();
    expected.sort();
    assert_eq!(seen, expected);
    assert!(seen.iter().any(|(_, v)| v == "win") && seen.iter().any(|(_, v)| v == "lose"));
    let grundy = client
        .find(Locator::Css("#analysis"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(grundy.contains("Grundy value"), "{grundy}");

    // A game of every game of the registry against the engine, by clicking, from the first
    // start position the page's menu offers; a game that may go on forever stops after a few
    // exchanges.
    for game in registry::all() {
        let position = game.start_positions().first().copied();
        let position = position.unwrap_or(game.default_position());
        if game.board_kind().is_none() {
            // A game without a kind of board is shown in the generic view, played below.
            continue;
        }
        let plies = play_a_game(&client, &base, game, position, game.is_searched()).await;
        assert!(plies >= 1, "{game}");
        assert!(output_dir().join(format!("{game}.png")).exists());
    }
    // Wythoff's board keeps the start's frame as the queen moves, its cells named as the
    // notation names squares (`3,5`: column 3, row 5, from the corner at 0,0), and the queen
    // in the caption's colour.
    client.goto("about:blank").await.unwrap();
    client
        .goto(&format!("{base}/#game=wythoff&position=3,5&mode=two"))
        .await
        .unwrap();
    settle(&client).await;
    let queen_at = |names: Vec<String>, marks: Vec<String>| -> Vec<String> {
        names
            .into_iter()
            .zip(marks)
            .filter(|(_, mark)| mark == "stone either")
            .map(|(name, _)| name)
            .collect()
    };
    let names = attrs(&client, "[data-cell]", "data-cell").await;
    let marks = attrs(&client, "[data-cell]", "data-mark").await;
    assert_eq!(names.len(), 4 * 6);
    assert_eq!(queen_at(names.clone(), marks), ["3,5"]);
    let colours = client
        .execute(
            "return [document.querySelector('#board [data-stone]').getAttribute('fill'), \
             document.querySelector('#board .caption circle').getAttribute('fill')];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(colours[0], colours[1], "the queen in the caption's colour");
    click_on(&client, "[data-move='3,5->1,3']").await;
    settle(&client).await;
    assert_eq!(board_attr(&client, "data-position").await, "1,3");
    let after = attrs(&client, "[data-cell]", "data-cell").await;
    let marks = attrs(&client, "[data-cell]", "data-mark").await;
    assert_eq!(after, names, "the board keeps its frame");
    assert_eq!(queen_at(after, marks), ["1,3"]);

    // The partizan games on their boards, played by clicking cells, pieces and edges.
    let partizan = [
        (
            "domineering",
            "..#./..../.#..",
            &["[data-cell='c1']", "[data-cell='a1']", "[data-cell='c2']"][..],
            "a1 and c2 make no move of Left",
        ),
        (
            "domineering",
            "..#./..../.#..",
            &["[data-cell='c1']"][..],
            "no move of Left uses c1",
        ),
        (
            "clobber",
            "xoxo/oxox/xoxo",
            &["[data-cell='a1']", "[data-cell='c1']"][..],
            "a1 and c1 make no move of Left",
        ),
        (
            "toadsfrogs",
            "TTT..FFF",
            &["[data-cell='8']"][..],
            "no move of Left uses 8",
        ),
        (
            "amazons",
            "x..o/#..#/o..x",
            &["[data-cell='a1']", "[data-cell='d1']"][..],
            "a1 and d1 make no move of Left",
        ),
        (
            "amazons",
            "x..o/#..#/o..x",
            &["[data-cell='a1']", "[data-cell='b1']", "[data-cell='a3']"][..],
            "a1, b1 and a3 make no move of Left",
        ),
        (
            "hackenbush",
            "BRB+RBR+GG",
            &["[data-edge='2']"][..],
            "edge 2 is Red: Left may not take it",
        ),
        (
            "hackenbush",
            "0-1:B,1-2:R,1-3:G,2-3:B",
            &["[data-edge='2']"][..],
            "edge 2 is Red: Left may not take it",
        ),
    ];
    for (name, start, bad, error) in partizan {
        let game = registry::find(name).unwrap();
        let plies = play_partizan_by_clicking(&client, &base, game, start, bad, error).await;
        assert!(plies >= 1, "{name} {start}");
    }

    // The generic view plays every solved game too (impartial or partizan): a game that
    // names no kind of board needs no JavaScript of its own, a game the embedder added
    // (sticks) included.
    let served = registry::all().iter().copied().chain([sticks::sticks()]);
    for game in served.filter(|game| !game.is_searched()) {
        let position = game.test_positions()[0];
        let plies = play_in_the_text_view(&client, &base, game, position).await;
        assert!(plies >= 1, "{game}");
    }
    // The extra game is in the menu, and gets the generic view without asking for it.
    client.goto("about:blank").await.unwrap();
    client
        .goto(&format!("{base}/#game=sticks&position=5&mode=two"))
        .await
        .unwrap();
    settle(&client).await;
    let menu: Value = client
        .execute(
            "return [...document.querySelectorAll('#game option')].map((o) => o.value);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(menu.as_array().unwrap().last().unwrap(), "sticks");
    let picture = text_of(&client, "#board pre").await;
    assert_eq!(picture.trim(), "||||| (5 sticks)");
    // A partizan game's panel shows its value, each component's value and the thermograph.
    client.goto("about:blank").await.unwrap();
    client
        .goto(&format!(
            "{base}/#game=hackenbush&position=BRB%2BGG&mode=two&overlay=1"
        ))
        .await
        .unwrap();
    settle(&client).await;
    let panel = panel_text(&client).await;
    assert!(panel.contains("Game value"), "{panel}");
    assert!(panel.contains("3/4*2"), "{panel}");
    assert!(
        panel.contains("BRB: 3/4") && panel.contains("GG: *2"),
        "{panel}"
    );
    client
        .find(Locator::Css("#thermograph svg"))
        .await
        .expect("the thermograph is drawn");
    std::fs::write(
        output_dir().join("partizan-panel.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    // Each option's value for both players, as CGSuite's explorer lists them: Left's
    // options (Left to move) and Right's (the same position, Right to move), each the value
    // of the position it leaves, computed here by the library; a click walks into it.
    let hackenbush = registry::find("hackenbush").unwrap();
    for (css, start) in [("#options-mover", "BRB+GG"), ("#options-other", "BRB+GG@R")] {
        let shown: Vec<(String, String)> = {
            let mut shown = Vec::new();
            for button in client
                .find_all(Locator::Css(&format!("{css} [data-option]")))
                .await
                .unwrap()
            {
                shown.push((
                    button.attr("data-option").await.unwrap().unwrap(),
                    button.attr("data-option-value").await.unwrap().unwrap(),
                ));
            }
            shown
        };
        let mut state = hackenbush.start(start).unwrap();
        let expected: Vec<(String, String)> = state
            .legal_moves(100)
            .moves
            .into_iter()
            .map(|mv| {
                state.play(&mv).unwrap();
                let value = state.analyse(&Budget::default()).value.unwrap();
                state.undo();
                (mv, value)
            })
            .collect();
        assert_eq!(shown, expected, "{start}: the options and their values");
    }
    let target = attrs_of(&client, "#options-other [data-option]", "data-position").await;
    click(&client, "#options-other [data-option]").await;
    settle(&client).await;
    assert_eq!(board_attr(&client, "data-position").await, target[0]);
    // The position editor's choice of who moves: Right, then Left again, each read by the
    // server as a new position.
    client
        .find(Locator::Css("#side"))
        .await
        .unwrap()
        .select_by_value("R")
        .await
        .unwrap();
    settle(&client).await;
    assert_eq!(
        board_attr(&client, "data-position").await,
        format!("{}@R", target[0])
    );
    assert_eq!(attrs(&client, ".caption", "data-to-move").await, ["right"]);
    assert_eq!(error_text(&client).await, "");
    // Pousse shows the engine's score and line.
    client.goto("about:blank").await.unwrap();
    client
        .goto(&format!(
            "{base}/#game=pousse&position=5&mode=two&overlay=1"
        ))
        .await
        .unwrap();
    settle(&client).await;
    let analysis = panel_text(&client).await;
    assert!(
        analysis.contains("Score") && analysis.contains("Principal variation"),
        "{analysis}"
    );

    // The misère switch: a position ending in @misere ticks it, and the overlay values the
    // moves the misère way, as the library's misère solve does.
    client.goto("about:blank").await.unwrap();
    client
        .goto(&format!(
            "{base}/#game=nim&position=1%2B1%2B2%40misere&mode=two&overlay=1"
        ))
        .await
        .unwrap();
    settle(&client).await;
    let ticked = client
        .execute("return document.getElementById('misere').checked;", vec![])
        .await
        .unwrap();
    assert_eq!(ticked, Value::Bool(true));
    let seen = check_colours(&client).await;
    let mut winning: Vec<String> = seen
        .iter()
        .filter(|(_, value)| value == "win")
        .map(|(mv, _)| mv.clone())
        .collect();
    let solved = registry::find("nim")
        .unwrap()
        .solve("1+1+2@misere", &SolveOptions::default())
        .unwrap();
    let Report::Solved(report) = solved else {
        panic!("misère Nim is solved: {solved:?}")
    };
    let mut expected = report.winning_moves.clone();
    winning.sort();
    expected.sort();
    assert_eq!(winning, expected, "misère winning moves on the page");
    assert!(seen.len() > winning.len(), "{seen:?}");
    std::fs::write(
        output_dir().join("misere-nim.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();

    // Undo and redo from the keyboard, in a game between two people.
    client.goto("about:blank").await.unwrap();
    client
        .goto(&format!("{base}/#game=bidding&position=15&mode=two"))
        .await
        .unwrap();
    settle(&client).await;
    for mv in ["triple", "pass"] {
        click(&client, &format!("#board [data-move='{mv}']")).await;
        settle(&client).await;
    }
    assert_eq!(board_attr(&client, "data-position").await, "15/3/1");
    let body = client.find(Locator::Css("body")).await.unwrap();
    body.send_keys("u").await.unwrap();
    settle(&client).await;
    assert_eq!(board_attr(&client, "data-position").await, "15/0/3");
    body.send_keys("r").await.unwrap();
    settle(&client).await;
    assert_eq!(board_attr(&client, "data-position").await, "15/3/1");
    let hash: Value = client
        .execute("return location.hash;", vec![])
        .await
        .unwrap();
    assert!(
        hash.as_str().unwrap().contains("moves=triple+pass"),
        "{hash}"
    );

    // Playing from an earlier move starts a variation: the line is kept, the tree shows
    // both, each move goes to its position, and under the overlay each move carries its
    // result for its mover and a mistake (a won position turned into a lost one) is marked.
    body.send_keys("u").await.unwrap();
    settle(&client).await;
    let before_variation = board_attr(&client, "data-position").await;
    let other = attrs(&client, "[data-move]", "data-move")
        .await
        .into_iter()
        .find(|mv| mv != "pass")
        .expect("a move other than pass after triple");
    click(&client, &format!("#board [data-move='{other}']")).await;
    settle(&client).await;
    toggle_overlay(&client).await;
    let nodes = tree_nodes(&client).await;
    let shape: Vec<(&str, &str, bool)> = nodes
        .iter()
        .map(|node| (node.mv.as_str(), node.depth.as_str(), node.current))
        .collect();
    assert_eq!(
        shape,
        [
            ("triple", "0", false),
            ("pass", "0", false),
            (other.as_str(), "1", true)
        ],
        "the tree"
    );
    let hash: Value = client
        .execute("return location.hash;", vec![])
        .await
        .unwrap();
    assert!(
        hash.as_str()
            .unwrap()
            .contains(&format!("moves=triple+{other}")),
        "{hash}"
    );
    let bidding = registry::find("bidding").unwrap();
    for (node, position) in nodes
        .iter()
        .zip(["15", &before_variation, &before_variation])
    {
        let values = expected_values(bidding, position);
        let value = values
            .iter()
            .find(|(mv, _)| *mv == node.mv)
            .map(|(_, v)| v.clone());
        assert_eq!(node.value, value, "the result of {}", node.mv);
        let won = values.iter().any(|(_, v)| v == "win");
        let mistake = won && value.as_deref() == Some("lose");
        assert_eq!(node.mistake, mistake, "{} a mistake", node.mv);
    }
    click(&client, "#line .node[data-move='pass']").await;
    settle(&client).await;
    assert_eq!(board_attr(&client, "data-position").await, "15/3/1");
    toggle_overlay(&client).await;

    // A move typed in notation.
    let field = client.find(Locator::Css("#move-text")).await.unwrap();
    field.send_keys("double").await.unwrap();
    field
        .send_keys(&char::from(Key::Enter).to_string())
        .await
        .unwrap();
    settle(&client).await;
    assert_eq!(board_attr(&client, "data-position").await, "15/3/2");

    // A record from the server's directory, stepped through move by move.
    client.goto("about:blank").await.unwrap();
    client.goto(&format!("{base}/")).await.unwrap();
    settle(&client).await;
    client
        .find(Locator::Css("#records"))
        .await
        .unwrap()
        .select_by_value("match.jsonl")
        .await
        .unwrap();
    click(&client, "#open-record").await;
    settle(&client).await;
    assert_eq!(board_attr(&client, "data-position").await, "8x5");
    let mut replay = registry::find("rectangle").unwrap().start("8x5").unwrap();
    for (ply, mv) in recorded.iter().enumerate() {
        client
            .find(Locator::Css("body"))
            .await
            .unwrap()
            .send_keys(&char::from(Key::Right).to_string())
            .await
            .unwrap();
        settle(&client).await;
        replay.play(mv).unwrap();
        assert_eq!(board_attr(&client, "data-ply").await, (ply + 1).to_string());
        assert_eq!(
            board_attr(&client, "data-position").await,
            replay.position()
        );
        check_colours(&client).await;
    }
    assert_eq!(board_attr(&client, "data-over").await, "1");
    // Every position has a point on the value chart; clicking the first goes back there.
    let points = client
        .find_all(Locator::Css("#chart .chart-point"))
        .await
        .unwrap();
    assert_eq!(points.len(), recorded.len() + 1);
    points[0].click().await.unwrap();
    settle(&client).await;
    assert_eq!(board_attr(&client, "data-ply").await, "0");
    let png = client.screenshot().await.unwrap();
    std::fs::write(output_dir().join("replay.png"), png).unwrap();

    // The same record uploaded from a file.
    let upload = client.find(Locator::Css("#upload")).await.unwrap();
    upload
        .send_keys(records.path().join("match.jsonl").to_str().unwrap())
        .await
        .unwrap();
    settle(&client).await;
    let source = text_of(&client, "#record-info").await;
    assert_eq!(source, "upload: 1 games");
    assert_eq!(board_attr(&client, "data-ply").await, "0");
    assert_eq!(board_attr(&client, "data-position").await, "8x5");

    // A damaged record uploaded: its game lines are read and its bad lines skipped, as the
    // command line reads it, and the page says which (the invalid byte reaches the server).
    let damaged = tempfile::tempdir().unwrap();
    let damaged_path = damaged.path().join("damaged.jsonl");
    let game_line = std::fs::read(records.path().join("match.jsonl")).unwrap();
    let mut bytes = game_line.clone();
    bytes.extend_from_slice(b"{\"game\":\"rect\xffangle\"}\n{broken\n");
    bytes.extend_from_slice(&game_line);
    std::fs::write(&damaged_path, &bytes).unwrap();
    upload
        .send_keys(damaged_path.to_str().unwrap())
        .await
        .unwrap();
    settle(&client).await;
    let info = text_of(&client, "#record-info").await;
    assert_eq!(
        info,
        "upload: 2 games; 2 unreadable lines skipped (lines 2, 3)"
    );
    assert_eq!(board_attr(&client, "data-position").await, "8x5");
    let png = client.screenshot().await.unwrap();
    std::fs::write(output_dir().join("replay-damaged.png"), png).unwrap();

    // A record of a game this server does not serve beside one it does: the page says so,
    // opens the game it serves, and refuses to open the other with a message.
    let foreign = String::from_utf8(game_line.clone()).unwrap().replacen(
        "\"game\":\"rectangle\"",
        "\"game\":\"chess\"",
        1,
    );
    let mixed_path = damaged.path().join("mixed.jsonl");
    let mut mixed = foreign.into_bytes();
    mixed.extend_from_slice(&game_line);
    std::fs::write(&mixed_path, &mixed).unwrap();
    upload
        .send_keys(mixed_path.to_str().unwrap())
        .await
        .unwrap();
    settle(&client).await;
    let info = text_of(&client, "#record-info").await;
    assert_eq!(
        info,
        "upload: 2 games; games of chess cannot be replayed here (this server does not serve it)"
    );
    assert_eq!(board_attr(&client, "data-position").await, "8x5");
    client
        .find(Locator::Css("#record-game"))
        .await
        .unwrap()
        .select_by_value("0")
        .await
        .unwrap();
    settle(&client).await;
    let error = text_of(&client, "#error").await;
    assert_eq!(
        error,
        "game 1 of the record is of \"chess\", which this server does not serve"
    );

    check_panel_misere_and_jobs(&client, &base).await;

    client.close().await.unwrap();
}

/// The partizan panel, the misère refusal and a job, on the page: a misère position of
/// Domineering shows the command line's refusal in the red error area with the Misère box
/// unticked; the thermograph of 2 × 3 Domineering is drawn with labels at the page's text
/// size and a wall's point read by hovering it; 6 × 6 Domineering (over the instant caps)
/// runs as a job whose progress line grows and whose Cancel button stops it; 7 × 3 (just
/// over the caps, valued in seconds) runs as a job to its end and the overlay follows.
async fn check_panel_misere_and_jobs(client: &Client, base: &str) {
    let js = |script: &'static str| async move { client.execute(script, vec![]).await.unwrap() };
    client.goto("about:blank").await.unwrap();
    client
        .goto(&format!(
            "{base}/#game=domineering&position=4x4@misere&mode=two"
        ))
        .await
        .unwrap();
    settle(client).await;
    let refusal = registry::find("domineering")
        .unwrap()
        .start("4x4@misere")
        .unwrap_err()
        .to_string();
    assert_eq!(error_text(client).await, refusal);
    assert!(refusal.starts_with("domineering has no misère version"));
    assert_eq!(js("return $('misere').checked;").await, json!(false));

    // The panel of {1/2|-2}: exact numbers, and the thermograph drawn at the page's size.
    client.goto("about:blank").await.unwrap();
    client
        .goto(&format!(
            "{base}/#game=domineering&position=2x3&mode=two&overlay=1"
        ))
        .await
        .unwrap();
    settle(client).await;
    assert_eq!(text_of(client, "#game-value").await, "{1/2|-2}");
    assert_eq!(text_of(client, "#value-temperature").await, "5/4");
    assert_eq!(text_of(client, "#value-mean").await, "-3/4");
    assert_eq!(text_of(client, "#value-left-stop").await, "1/2");
    assert_eq!(text_of(client, "#value-right-stop").await, "-2");
    let sizes = js(
        "const label = document.querySelector('#thermograph svg text');
         return [getComputedStyle(label).fontSize, getComputedStyle(document.body).fontSize,
                 label.getBoundingClientRect().height];",
    )
    .await;
    assert_eq!(sizes[0], sizes[1], "thermograph labels: {sizes}");
    assert!(
        sizes[2].as_f64().unwrap() >= 12.0,
        "labels drawn small: {sizes}"
    );
    // Every tick is an exact number (`3/4`, never `.75`), and both axes are named.
    let ticks = js(
        "return [...document.querySelectorAll('#thermograph .tick')].map((t) => t.textContent);",
    )
    .await;
    let ticks: Vec<&str> = ticks
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert!(ticks.len() >= 6, "ticks: {ticks:?}");
    assert!(
        ticks.iter().all(|t| {
            let t = t.strip_prefix('-').unwrap_or(t);
            t.split('/')
                .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
        }),
        "ticks: {ticks:?}"
    );
    assert_eq!(
        js("return [...document.querySelectorAll('#thermograph .axis-title')].map((t) => t.textContent);").await,
        json!(["value (Left's side to the left)", "temperature"])
    );
    let point = client
        .find(Locator::Css(
            "#thermograph .wall-point[data-side='left'][data-temperature='-1/2']",
        ))
        .await
        .unwrap();
    use fantoccini::actions::InputSource;
    let hover = fantoccini::actions::MouseActions::new("mouse".into()).then(
        fantoccini::actions::PointerAction::MoveToElement {
            element: point,
            duration: None,
            x: 0.0,
            y: 0.0,
        },
    );
    client.perform_actions(hover).await.unwrap();
    assert_eq!(
        text_of(client, "#thermo-readout").await,
        "left wall: temperature -1/2, value 1"
    );
    let png = client.screenshot().await.unwrap();
    std::fs::write(output_dir().join("thermograph.png"), png).unwrap();

    // 6 × 6: a job with a progress line; Cancel stops it.
    client.goto("about:blank").await.unwrap();
    client
        .goto(&format!(
            "{base}/#game=domineering&position=6x6&mode=two&overlay=1"
        ))
        .await
        .unwrap();
    let started = Instant::now();
    loop {
        let line = js("return $('job').hidden ? '' : $('job-progress').textContent;").await;
        if line
            .as_str()
            .unwrap_or_default()
            .contains("positions valued")
        {
            break;
        }
        assert!(started.elapsed() < SETTLE, "no progress line: {line}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The board is drawn while the job runs, every move of Left on it (30 vertical
    // dominoes), of unknown value.
    let targets =
        "return [...document.querySelectorAll('#board [data-move]')].map((e) => e.dataset.value);";
    assert_eq!(js(targets).await, json!(vec!["unknown"; 30]));
    click(client, "#job-cancel").await;
    settle(client).await;
    assert_eq!(error_text(client).await, "the analysis job was cancelled");
    assert_eq!(js("return $('job').hidden;").await, json!(true));
    // After Cancel the board stays, and a click on it plays (the next position's job is
    // cancelled in turn).
    assert_eq!(js(targets).await.as_array().unwrap().len(), 30);
    let first = js("const t = document.querySelector('#board [data-move]'); \
                    t.dispatchEvent(new MouseEvent('click', { bubbles: true })); return t.dataset.move;")
    .await;
    let started = Instant::now();
    while js("return state.line.length === 1 && !$('job').hidden;").await != json!(true) {
        assert!(
            started.elapsed() < SETTLE,
            "the click after Cancel played nothing: {}",
            error_text(client).await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(js("return state.line;").await, json!([first]));
    click(client, "#job-cancel").await;
    settle(client).await;
    assert_eq!(board_attr(client, "data-ply").await, "1");

    // 7 × 3: a job to its end (once the cancelled one has ended: one job at a time), then
    // the overlay.
    let mut attempts = 0;
    loop {
        client.goto("about:blank").await.unwrap();
        client
            .goto(&format!(
                "{base}/#game=domineering&position=7x3&mode=two&overlay=1"
            ))
            .await
            .unwrap();
        settle(client).await;
        let error = error_text(client).await;
        if !error.contains("at once") {
            assert_eq!(error, "");
            break;
        }
        attempts += 1;
        assert!(attempts < 20, "the cancelled job never ended");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert_eq!(js("return $('job').hidden;").await, json!(true));
    assert!(!text_of(client, "#game-value").await.is_empty());
    assert!(!client
        .find_all(Locator::Css("#movelist button.win, #movelist button.lose"))
        .await
        .unwrap()
        .is_empty());
}

/// A misère sum of wild Dawson's chess heaps too large for the exact search (past its
/// million positions): the page values it as a job, by the game's misère quotient, and
/// shows the position's element of the quotient and whether it is in the P-portion, and
/// each move's result's element on its button in the move list, the moves coloured by the
/// quotient's outcomes. Each expected element is read from the library's quotient of the
/// position each move leaves. Saves the screenshot of docs/images/web-misere-quotient.png.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_shows_the_misere_quotient_of_a_large_sum_in_chromium() {
    use grundy::misere_play::theory::quotient_reading;
    use grundy::stop::Stop;

    let (_driver, _records, _profile, base, client) = browser_session().await;
    let position = "0.137:32+31+30+29";
    client
        .goto(&format!(
            "{base}/#game=takebreak&position=0.137%3A32%2B31%2B30%2B29%40misere&mode=two&overlay=1"
        ))
        .await
        .unwrap();
    // The job runs the exact search to its limit, then builds the quotient once: wait for
    // the panel (an upper bound on the wait, not a timing check).
    let started = Instant::now();
    loop {
        let shown = client
            .execute(
                "return document.body.dataset.busy === '0' && \
                 !!document.getElementById('quotient-element');",
                vec![],
            )
            .await
            .unwrap();
        if shown == Value::Bool(true) {
            break;
        }
        let error = error_text(&client).await;
        assert!(error.is_empty(), "{error}");
        assert!(
            started.elapsed() < Duration::from_secs(900),
            "no quotient element on the page: {}",
            panel_text(&client).await
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let usual = registry::find("takebreak")
        .unwrap()
        .start(position)
        .unwrap();
    let reading = quotient_reading(&usual.heap_sum().unwrap(), &Stop::NEVER).unwrap();
    let shown = text_of(&client, "#quotient-element").await;
    assert!(
        shown.starts_with(&format!("{} (", reading.position.word)),
        "{shown}"
    );
    let portion = if reading.position.p_portion {
        "P-portion: a P-position"
    } else {
        "not in the P-portion"
    };
    assert!(shown.contains(portion), "{shown}");
    let named = text_of(&client, "#quotient-name").await;
    assert!(named.contains("0.137 on heaps up to 32"), "{named}");
    // Each move in the list: its colour and its result's element, from the quotient of the
    // position it leaves.
    let buttons = client
        .find_all(Locator::Css("#movelist button"))
        .await
        .unwrap();
    assert!(!buttons.is_empty());
    let mut wins = 0;
    for button in &buttons {
        let mv = button.attr("data-list-move").await.unwrap().unwrap();
        let class = button.attr("class").await.unwrap().unwrap_or_default();
        let element = button
            .attr("data-element")
            .await
            .unwrap()
            .unwrap_or_default();
        let mut child = usual.clone_box();
        child.play(&mv).unwrap();
        let after = quotient_reading(&child.heap_sum().unwrap(), &Stop::NEVER).unwrap();
        assert_eq!(element, after.position.word, "{mv}");
        // The result in the P-portion: the mover wins.
        let value = if after.position.p_portion {
            "win"
        } else {
            "lose"
        };
        assert_eq!(class, value, "{mv}");
        wins += usize::from(after.position.p_portion);
        let title = button.attr("title").await.unwrap().unwrap_or_default();
        assert!(
            title.contains(&format!("quotient element {element}")),
            "{title}"
        );
    }
    // The position is won exactly when some move leads into the P-portion.
    assert_eq!(wins > 0, !reading.position.p_portion);
    let seen = check_colours(&client).await;
    assert!(!seen.is_empty());
    std::fs::write(
        output_dir().join("misere-quotient.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    client.close().await.unwrap();
}

/// Chromium through chromedriver on a server of its own (no records): the driver, the
/// records' and the profile's directories (kept until the test ends), the page's address and
/// the session.
async fn browser_session() -> (Driver, tempfile::TempDir, tempfile::TempDir, String, Client) {
    let (driver, port) = start_chromedriver();
    let records = tempfile::tempdir().unwrap();
    let addr = start_server(records.path()).await;
    let profile = tempfile::tempdir().unwrap();
    let client = connect(port, profile.path()).await;
    (driver, records, profile, format!("http://{addr}"), client)
}

/// What `click_every_move.js` saw on one position.
struct Clicked {
    label: String,
    legal: usize,
    played: usize,
    via_cells: usize,
    problems: Vec<String>,
    latencies: Vec<f64>,
}

/// Clicks every move drawn on the page's position (and plays each legal move drawn nowhere
/// through its cells), going back after each: see `click_every_move.js`.
async fn click_every_move(client: &Client, label: String) -> Clicked {
    let seen = client
        .execute_async(include_str!("click_every_move.js"), vec![])
        .await
        .unwrap();
    assert!(seen.get("error").is_none(), "{label}: {seen}");
    let strings = |key: &str| -> Vec<String> {
        seen[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect()
    };
    Clicked {
        label: format!("{label} ({})", seen["position"].as_str().unwrap()),
        legal: seen["legal"].as_u64().unwrap() as usize,
        played: strings("played").len(),
        via_cells: strings("viaCells").len(),
        problems: strings("problems"),
        latencies: seen["latencies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect(),
    }
}

/// Runs `script` in the page (an async function body returning JSON) and waits for the page
/// to settle.
async fn in_page(client: &Client, script: &str) -> Value {
    let wrapped = format!(
        "const done = arguments[arguments.length - 1]; \
         (async () => {{ {script} }})().then(done, (e) => done({{ error: String(e) }}));"
    );
    let value = client.execute_async(&wrapped, vec![]).await.unwrap();
    settle(client).await;
    value
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_move_of_every_game_plays_what_was_clicked_in_chromium() {
    let (_driver, _records, _profile, base, client) = browser_session().await;
    client
        .goto(&format!(
            "{base}/#game=nim&position=1%2B2&mode=two&overlay=1"
        ))
        .await
        .unwrap();
    settle(&client).await;
    let started = Instant::now();
    // The games the server serves (the page's list, from /api/games), and for each the
    // position of its menu with the fewest legal moves (at least two).
    let games = in_page(
        &client,
        "const out = []; \
         for (const g of state.games) { \
           let best = null; \
           for (const size of g.sizes) { \
             try { \
               const a = await api.post('/api/analysis', { game: g.name, position: size, moves: [] }); \
               const n = a.moves.filter((m) => m.legal).length; \
               if (n >= 2 && (!best || n < best[1])) best = [size, n]; \
             } catch (_) {} \
           } \
           out.push([g.name, best ? best[0] : g.default_position]); \
         } \
         return out;",
    )
    .await;
    let mut cases: Vec<(String, String)> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| {
            (
                pair[0].as_str().unwrap().to_owned(),
                pair[1].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert!(cases.len() >= registry::all().len(), "{cases:?}");
    // The positions of the report (two Toppling dominoes falling towards each other).
    cases.push(("toppling".into(), "LRRL.RLLGR.GLR".into()));
    let mut seen = Vec::new();
    for (game, position) in &cases {
        let start = in_page(
            &client,
            &format!(
                "await newGame({}, {}); return state.view ? state.view.position : document.getElementById('error').textContent;",
                json!(game),
                json!(position)
            ),
        )
        .await;
        assert!(
            error_text(&client).await.is_empty(),
            "{game} {position}: {start}"
        );
        seen.push(click_every_move(&client, format!("{game} {position}")).await);
        // The position after the first move: the other player to move (Cutcake's Right).
        let over = in_page(
            &client,
            "if (state.view.over) return true; \
             await playMove(state.analysis.moves.find((m) => m.legal).move); \
             return state.view.over;",
        )
        .await;
        if over != Value::Bool(true) {
            seen.push(click_every_move(&client, format!("{game} {position}, a move on")).await);
        }
    }
    let mut problems = Vec::new();
    let mut latencies = Vec::new();
    for clicked in &seen {
        println!(
            "{}: {} legal moves, {} clicked ({} through their cells), slowest click {:.0} ms",
            clicked.label,
            clicked.legal,
            clicked.played,
            clicked.via_cells,
            clicked.latencies.iter().cloned().fold(0.0, f64::max)
        );
        assert!(clicked.legal >= 1, "{}", clicked.label);
        problems.extend(
            clicked
                .problems
                .iter()
                .map(|p| format!("{}: {p}", clicked.label)),
        );
        latencies.extend(clicked.latencies.iter().cloned());
    }
    latencies.sort_by(f64::total_cmp);
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{} clicks in {:.1} s: click to board drawn again, median {:.0} ms, 95th percentile {:.0} ms, slowest {:.0} ms",
        latencies.len(),
        started.elapsed().as_secs_f64(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    // Values with their symbols.
    let symbols = in_page(
        &client,
        "return ['^', 'v*', '^^*', 'vv', '2Tiny(2)', 'Miny(1/2)', '{1/2|-2}', '{0|v*}'].map(valueSymbols);",
    )
    .await;
    assert_eq!(
        symbols,
        json!([
            "\u{2191}",
            "\u{2193}*",
            "\u{21d1}*",
            "\u{21d3}",
            "2\u{29fe}\u{2082}",
            "\u{29ff}_1/2",
            "{1/2|-2}",
            "{0|\u{2193}*}"
        ])
    );
    // A bad position gets the red message and leaves the board and the link as they were;
    // the link keeps the mode and the overlay.
    settle(&client).await;
    let before = in_page(
        &client,
        "return [location.hash, $('board').dataset.position, $('position').value];",
    )
    .await;
    let hash = before[0].as_str().unwrap();
    assert!(
        hash.contains("mode=two") && hash.contains("overlay=1"),
        "{hash}"
    );
    in_page(
        &client,
        "$('position').value = '3x'; $('setup').requestSubmit(); return null;",
    )
    .await;
    let error = error_text(&client).await;
    assert!(!error.is_empty(), "a bad position gets a message");
    let after = in_page(
        &client,
        "return [location.hash, $('board').dataset.position, $('position').value];",
    )
    .await;
    assert_eq!(before, after, "{error}");
    // With the overlay off nothing tells win from loss: the board's moves, the move list,
    // the value history.
    toggle_overlay(&client).await;
    let marks = in_page(
        &client,
        "return [...document.querySelectorAll('#board [data-value], .chart-point')].map((e) => e.dataset.value)\
           .concat([...document.querySelectorAll('#movelist button')].map((b) => b.className || 'plain'))\
           .concat([...document.querySelectorAll('#board [data-badge]')].map(() => 'badge'));",
    )
    .await;
    let marks = marks.as_array().unwrap();
    assert!(
        !marks.is_empty() && marks.iter().all(|m| m == "plain"),
        "{marks:?}"
    );
    let hash = in_page(&client, "return location.hash;").await;
    assert!(!hash.as_str().unwrap().contains("overlay"), "{hash}");
    client.close().await.unwrap();
}

/// The last move is marked on every vertex board (a yellow ring round the vertex it took or
/// coloured, at that vertex's place, or a band along the edge it took, between its ends'
/// places) and on every board drawn from the notation (a badge naming it): for one game of
/// each such kind the server lists, after its first legal move, with nothing marked before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_move_is_marked_on_vertex_and_notation_boards_in_chromium() {
    let (_driver, _records, _profile, base, client) = browser_session().await;
    client
        .goto(&format!("{base}/#game=nim&position=1%2B2&mode=two"))
        .await
        .unwrap();
    settle(&client).await;
    let kinds = [
        "vertices",
        "heaps",
        "cuts",
        "boxes",
        "pile-stake",
        "grid-cuts",
        "push-grid",
    ];
    let games = in_page(
        &client,
        "return state.games.map((g) => [g.name, g.board || '', g.default_position]);",
    )
    .await;
    let mut checked: Vec<String> = Vec::new();
    for game in games.as_array().unwrap() {
        let [name, kind, position] = [0, 1, 2].map(|i| game[i].as_str().unwrap().to_owned());
        if !kinds.contains(&kind.as_str())
            || checked.iter().any(|k| *k == kind && kind != "vertices")
        {
            continue;
        }
        let url = format!(
            "{base}/#game={name}&position={}&mode=two",
            position.replace('+', "%2B")
        );
        // A page of its own for each game (a new link on the same page keeps its line).
        client.goto("about:blank").await.unwrap();
        client.goto(&url).await.unwrap();
        settle(&client).await;
        let before = in_page(
            &client,
            "const places = {}; \
             for (const g of document.querySelectorAll('#board [data-vertex]')) { \
               const c = g.querySelector('circle'); \
               places[g.dataset.vertex] = [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]; \
             } \
             const first = state.analysis.moves.find((m) => m.legal).move; \
             const d = state.view.drawing; \
             let spots = []; \
             if (d && d.layout === 'vertices') { \
               const at = d.moves.find((m) => m.move === first).at; \
               const ends = at.flatMap((i) => i < d.vertices.length ? [i] : d.edges[i - d.vertices.length]); \
               spots = ends.map((i) => places[d.vertices[i].name]); \
             } \
             return { marks: document.querySelectorAll('#board .last-move').length, first, spots };",
        )
        .await;
        assert_eq!(before["marks"], 0, "{name}: a mark before any move");
        let first = before["first"].as_str().unwrap().to_owned();
        let after = in_page(
            &client,
            &format!(
                "await playMove({first:?}); \
                 const mark = document.querySelector('#board .last-move'); \
                 if (!mark) return {{ none: true }}; \
                 const n = (a) => Number(mark.getAttribute(a)); \
                 return {{ last: mark.dataset.last, tag: mark.tagName, \
                          points: mark.tagName === 'circle' ? [[n('cx'), n('cy')]] \
                                : mark.tagName === 'line' ? [[n('x1'), n('y1')], [n('x2'), n('y2')]] : [] }};"
            ),
        )
        .await;
        assert!(after.get("none").is_none(), "{name}: no mark after {first}");
        assert_eq!(after["last"], first.as_str(), "{name}");
        if kind == "vertices" {
            // The places of the vertex the move takes or colours, or of its edge's ends, as
            // the board drew them before the move.
            let expected = before["spots"].clone();
            assert!(!expected.as_array().unwrap().is_empty(), "{name}: {first}");
            assert_eq!(after["points"], expected, "{name}: {first}");
        } else {
            assert_eq!(after["tag"], "g", "{name}: the badge");
        }
        checked.push(kind);
    }
    for kind in kinds {
        assert!(
            checked.iter().any(|k| k == kind),
            "no game of the kind {kind}: {checked:?}"
        );
    }
    // Node Kayles, Arc Kayles, Snort, Col and every other game on a graph.
    assert!(
        checked.iter().filter(|k| *k == "vertices").count() >= 4,
        "{checked:?}"
    );
}

/// What the position editor's tests read of the page: the position, the link, the board's
/// label, the number of legal moves, the red message, the edit buttons, and the vertices and
/// edges drawn.
const EDITOR_LOOK: &str = "return { position: state.view.position, hash: location.hash, \
    board: document.querySelector('#board svg').getAttribute('aria-label'), \
    legal: state.analysis.moves.filter((m) => m.legal).length, \
    error: document.querySelector('#error').textContent, \
    buttons: document.querySelectorAll('#board .edit-button').length, \
    vertices: document.querySelectorAll('#board [data-vertex]').length, \
    edges: [...document.querySelectorAll('#board [data-edge]')].map((e) => e.dataset.edge) };";

/// Clicks `clicks` in turn, an edit the server must refuse with words holding `message`:
/// the page shows them in red and keeps its position, board, link and analysis.
async fn check_refused_edit(client: &Client, clicks: &[&str], message: &str) {
    let before = in_page(client, EDITOR_LOOK).await;
    for css in clicks {
        click(client, css).await;
    }
    settle(client).await;
    let after = in_page(client, EDITOR_LOOK).await;
    assert!(
        after["error"].as_str().unwrap().contains(message),
        "{after}"
    );
    for key in ["position", "board", "hash", "legal", "vertices", "edges"] {
        assert_eq!(after[key], before[key], "{key}");
    }
}

/// The position editor on a heaps board (Nim): with *Edit position* ticked, a click on a
/// heap's `+` sends the edit to the server, whose answer (read by Nim's parser) replaces the
/// board, the link and the analysis; a `−` that would leave an empty heap in a sum is refused
/// by Nim's parser: the red message, and the board and the link as they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_position_editor_edits_a_heaps_board_through_the_server_in_chromium() {
    let (_driver, _records, _profile, base, client) = browser_session().await;
    client
        .goto(&format!("{base}/#game=nim&position=3%2B1&mode=two"))
        .await
        .unwrap();
    settle(&client).await;
    let start = in_page(&client, EDITOR_LOOK).await;
    assert_eq!(
        start["buttons"], 0,
        "no edit buttons before the editor is on"
    );
    assert_eq!(start["legal"], 4);
    click(&client, "#edit").await;
    settle(&client).await;
    // Two heaps: −, + and × each (no − on an empty heap), and + for a new heap.
    assert_eq!(in_page(&client, EDITOR_LOOK).await["buttons"], 7);
    click(
        &client,
        "#board .edit-button[data-edit='set-part'][data-part='0'][data-value='4']",
    )
    .await;
    settle(&client).await;
    let edited = in_page(&client, EDITOR_LOOK).await;
    assert_eq!(edited["position"], "4+1");
    assert_eq!(edited["board"], "heaps 4+1");
    assert!(
        edited["hash"].as_str().unwrap().contains("position=4%2B1"),
        "{edited}"
    );
    assert_eq!(edited["legal"], 5, "the analysis of 4+1");
    assert_eq!(edited["error"], "");
    check_refused_edit(
        &client,
        &["#board .edit-button[data-edit='set-part'][data-part='1'][data-value='0']"],
        "a heap holds at least 1 token",
    )
    .await;
}

/// The position editor on a vertex board (Node Kayles): a click on two vertices adds the edge
/// between them, `+` adds a vertex (board, link and analysis change); a tag, which Node
/// Kayles does not allow, is refused by its parser: the red message, nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_position_editor_edits_a_vertex_board_through_the_server_in_chromium() {
    let (_driver, _records, _profile, base, client) = browser_session().await;
    client
        .goto(&format!(
            "{base}/#game=nodekayles&position=0-1,1-2&mode=two"
        ))
        .await
        .unwrap();
    settle(&client).await;
    click(&client, "#edit").await;
    settle(&client).await;
    click(&client, "#board [data-vertex='0']").await;
    click(&client, "#board [data-vertex='2']").await;
    settle(&client).await;
    let triangle = in_page(&client, EDITOR_LOOK).await;
    assert_eq!(triangle["edges"].as_array().unwrap().len(), 3, "{triangle}");
    assert!(
        triangle["position"].as_str().unwrap().contains("0-2"),
        "{triangle}"
    );
    assert!(
        triangle["hash"].as_str().unwrap().contains("0-2"),
        "{triangle}"
    );
    click(&client, "#board .edit-button[data-edit='add-vertex']").await;
    settle(&client).await;
    let added = in_page(&client, EDITOR_LOOK).await;
    assert_eq!(added["vertices"], 4, "{added}");
    assert_eq!(
        added["legal"], 4,
        "the analysis of the triangle and a lone vertex"
    );
    assert_ne!(added["hash"], triangle["hash"]);
    assert_eq!(added["error"], "");
    check_refused_edit(
        &client,
        &[
            "#board [data-vertex='1']",
            "#board .edit-button[data-edit='set-tag'][data-tag='L']",
        ],
        "1:L",
    )
    .await;
}

/// The position editor on the sum boards drawn from the notation, `cuts` (Cutcake) and
/// `boxes` (the cuboid game): a size one more, or a part more, is accepted (board, link and
/// analysis change); removing the only part is refused: the red message, nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_position_editor_edits_cuts_and_boxes_boards_through_the_server_in_chromium() {
    let (_driver, _records, _profile, base, client) = browser_session().await;
    // Cutcake 2x1 (Left cuts vertically: one move) becomes 3x1 (two moves); the cuboid
    // game's 1x1x2 (two cubes to slice through) becomes 1x1x2+1x1x1 (three).
    for (game, start, grow, grown, legal) in [
        (
            "cutcake",
            "2x1",
            "[data-edit='set-part'][data-value='3x1']",
            "3x1",
            [1, 2],
        ),
        (
            "cuboid",
            "1x1x2",
            "[data-edit='add-part']",
            "1x1x2+1x1x1",
            [2, 3],
        ),
    ] {
        client.goto("about:blank").await.unwrap();
        client
            .goto(&format!("{base}/#game={game}&position={start}&mode=two"))
            .await
            .unwrap();
        settle(&client).await;
        assert_eq!(
            in_page(&client, EDITOR_LOOK).await["legal"],
            legal[0],
            "{game}"
        );
        click(&client, "#edit").await;
        settle(&client).await;
        click(&client, &format!("#board .edit-button{grow}")).await;
        settle(&client).await;
        let edited = in_page(&client, EDITOR_LOOK).await;
        assert_eq!(edited["position"], grown, "{game}: {edited}");
        assert_eq!(edited["board"], format!("{game} {grown}"));
        assert!(
            edited["hash"]
                .as_str()
                .unwrap()
                .contains(&grown.replace('+', "%2B")),
            "{edited}"
        );
        assert_eq!(edited["legal"], legal[1], "{game}");
        assert_eq!(edited["error"], "");
        if game == "cuboid" {
            // Two parts: the first goes, then the only one left may not.
            click(
                &client,
                "#board .edit-button[data-edit='remove-part'][data-part='1']",
            )
            .await;
            settle(&client).await;
        }
        check_refused_edit(
            &client,
            &["#board .edit-button[data-edit='remove-part'][data-part='0']"],
            "cannot be removed",
        )
        .await;
    }
}
