//! The server's limits under attack, against the real listener on 127.0.0.1 with a plain
//! HTTP/1.1 client over TCP: expensive analyses never run more than the pool's jobs at once
//! and end once their time is up; huge lines are refused before any work; half-sent headers,
//! slow bodies and idle connections are closed; a connection over the cap is refused; and a
//! damaged table's path never reaches a reply.
//!
//! What is asserted is behaviour (statuses, counts, the order of events), never how fast:
//! every wait is bounded by [`HANG`], far beyond what any of it takes on a loaded machine,
//! so that only a server that hangs fails. The times are printed for a person to read.

#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use grundy_web::{router, AppState, ServerConfig};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long a test waits for something that must happen before it calls it a hang.
const HANG: Duration = Duration::from_secs(60);

/// Short limits, so that every test takes a few seconds.
fn test_config() -> ServerConfig {
    ServerConfig {
        header_read_timeout: Duration::from_millis(800),
        body_read_timeout: Duration::from_millis(800),
        max_connections: 256,
        blocking_jobs: 4,
        replay_limit: Duration::from_millis(300),
        search_slack: Duration::ZERO,
        ..ServerConfig::default()
    }
}

async fn start(config: ServerConfig) -> (SocketAddr, AppState) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = AppState::with_config(None, config.clone());
    let app = router(state.clone());
    tokio::spawn(grundy_web::server::serve_with(listener, app, config));
    (addr, state)
}

/// One request on its own connection (`Connection: close`): the status and the body.
async fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut reply = Vec::new();
    // A connection the server resets after its reply still gives the reply read so far.
    let _ = tokio::time::timeout(HANG, stream.read_to_end(&mut reply))
        .await
        .expect("the reply came within a minute");
    parse_reply(&reply)
}

fn parse_reply(reply: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(reply).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, body)| body.to_string())
        .unwrap_or_default();
    (status, body)
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let (status, text) = request(addr, "POST", path, &body.to_string()).await;
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// GET / and how long it took.
async fn timed_index(addr: SocketAddr) -> (u16, Duration) {
    let started = Instant::now();
    let (status, _) = request(addr, "GET", "/", "").await;
    (status, started.elapsed())
}

fn error_of(reply: &Value) -> String {
    reply["error"].as_str().unwrap_or_default().to_string()
}

/// Sixteen analyses at once, more than their limits let the pool's 4 slots finish: at most 4
/// ever run, every request past its limit gets 503 (queueing counts against the limit, so at
/// least the last round of four does, however fast the machine), the page is answered while
/// all four slots are busy, the work ends after the last reply, and a cheap request is
/// answered afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timed_out_analyses_never_run_past_the_cap_and_stop() {
    let config = test_config();
    let (addr, state) = start(config).await;
    // A 12 x 12 Pousse board: a search of 800 ms (it stops after half of it at the
    // earliest), then 48 moves valued for up to 15 ms each; the limit is the search time
    // plus the replay's 300 ms, 1.1 s. A job takes at least 400 ms, so the fourth round of
    // four waits at least 1.2 s in all and times out on any machine; on a loaded one every
    // request does.
    let body = json!({"game": "pousse", "position": "12", "movetime_ms": 800});
    let started = Instant::now();
    let mut requests = Vec::new();
    for _ in 0..16 {
        let body = body.clone();
        requests.push(tokio::spawn(async move {
            post(addr, "/api/analysis", body).await
        }));
    }
    let mut peak_seen = 0;
    let mut index_slowest = Duration::ZERO;
    // GET / answered with every slot taken both when it was sent and when it came back: the
    // searches do not hold up the threads that answer requests.
    let mut answered_while_full = 0;
    while !requests.iter().all(|task| task.is_finished()) {
        let before = state.pool.running();
        peak_seen = peak_seen.max(before);
        let (status, took) = timed_index(addr).await;
        assert_eq!(status, 200);
        if before == 4 && state.pool.running() == 4 {
            answered_while_full += 1;
        }
        index_slowest = index_slowest.max(took);
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(started.elapsed() < HANG, "the requests never ended");
    }
    let answered = started.elapsed();
    let mut timed_out = 0;
    for task in requests {
        let (status, reply) = task.await.unwrap();
        if status == 200 {
            continue;
        }
        assert_eq!(status, 503, "{reply}");
        assert!(error_of(&reply).contains("limit"), "{reply}");
        timed_out += 1;
    }
    assert!(timed_out >= 4, "only {timed_out} of 16 timed out");
    // The jobs still running when the last reply went end (their tokens are raised).
    let mut stopped_after = Duration::ZERO;
    while state.pool.running() > 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
        stopped_after = started.elapsed() - answered;
        assert!(stopped_after < HANG, "the work went on");
    }
    let (status, reply) = post(addr, "/api/analysis", json!({"game": "rectangle"})).await;
    assert_eq!(status, 200, "{reply}");
    eprintln!(
        "16 analyses: {timed_out} got 503, all answered after {answered:?}; peak jobs {} (seen \
         {peak_seen}); work stopped {stopped_after:?} after the last reply; slowest GET / \
         {index_slowest:?}; {answered_while_full} GET / answered with every slot busy",
        state.pool.peak()
    );
    assert!(state.pool.peak() <= 4, "peak {}", state.pool.peak());
    assert!(
        answered_while_full > 0,
        "the page was never answered while the pool was full"
    );
}

/// A line of 200 000 heaps and 1 000 moves, a pile limit of 2^25, too many moves or too long
/// a position: refused with 413, the message naming the cap, while GET / answers. The caps
/// every line has (its moves, its position's length) are checked before any job starts; a
/// game's own caps, on the position it reads, before any move is replayed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn huge_lines_are_refused_before_the_work() {
    let (addr, state) = start(test_config()).await;
    let heaps = vec!["2"; 200_000].join("+");
    let moves: Vec<String> = (0..1_000).map(|_| "2->1".to_string()).collect();
    let cases = [
        (
            json!({"game": "takebreak", "position": format!("0.77:{heaps}"), "moves": moves}),
            "the position is",
        ),
        (
            json!({"game": "takebreak", "position": format!("0.77:{}", vec!["2"; 5_000].join("+")), "moves": moves}),
            "the number of heaps is 5000, over the server's cap of 1000",
        ),
        (
            json!({"game": "takebreak", "position": "0.77:100000"}),
            "the largest heap is 100000",
        ),
        (
            json!({"game": "bidding", "position": "33554432"}),
            "the pile's limit n is 33554432",
        ),
        (
            json!({"game": "cuboid", "position": "31x2x2"}),
            "the longest side is 31",
        ),
        (
            json!({"game": "pousse", "position": "13"}),
            "the board's side is 13",
        ),
        (
            json!({"game": "rectangle", "moves": vec!["v1"; 10_001]}),
            "too many moves: 10001",
        ),
    ];
    // The caps of every line first: no job is started for them.
    let generic = [&cases[0], &cases[6]];
    for path in [
        "/api/position",
        "/api/analysis",
        "/api/play",
        "/api/strategy",
    ] {
        for (body, needle) in generic {
            let mut body = body.clone();
            body["move"] = json!("2->1");
            body["strategy"] = json!("perfect");
            let (status, reply) = post(addr, path, body).await;
            assert_eq!(status, 413, "{path} {needle}: {reply}");
            assert!(error_of(&reply).contains(needle), "{path}: {reply}");
        }
    }
    assert_eq!(
        state.pool.peak(),
        0,
        "a job was started for a line over a cap"
    );
    for path in ["/api/position", "/api/analysis"] {
        for (body, needle) in &cases {
            let started = Instant::now();
            let (status, reply) = post(addr, path, body.clone()).await;
            let took = started.elapsed();
            assert_eq!(status, 413, "{path} {needle}: {reply}");
            assert!(error_of(&reply).contains(needle), "{path}: {reply}");
            eprintln!("{path} {needle}: 413 in {took:?}");
        }
    }
    // Two huge bodies at once (about 400 KB each) while GET / is asked.
    let huge = json!({"game": "takebreak", "position": format!("0.77:{heaps}"), "moves": moves});
    let started = Instant::now();
    let both: Vec<_> = (0..2)
        .map(|_| {
            let huge = huge.clone();
            tokio::spawn(async move { post(addr, "/api/position", huge).await })
        })
        .collect();
    let (status, took) = timed_index(addr).await;
    assert_eq!(status, 200);
    for task in both {
        assert_eq!(task.await.unwrap().0, 413);
    }
    eprintln!(
        "two 400 KB lines refused in {:?}; GET / meanwhile in {took:?}",
        started.elapsed()
    );
    // The largest served take-and-break position, with its line, is answered well in time.
    let largest = vec!["4096"; 1_000].join("+");
    let started = Instant::now();
    let (status, reply) = post(
        addr,
        "/api/position",
        json!({"game": "takebreak", "position": format!("0.77:{largest}"), "moves": vec!["4096->4094"; 1_000]}),
    )
    .await;
    assert_eq!(status, 200, "{reply}");
    eprintln!(
        "1 000 heaps of 4 096 and 1 000 moves replayed in {:?}",
        started.elapsed()
    );
}

/// 200 connections that send half a request header are all closed by the server (after its
/// header timeout), and GET / answers meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_headers_are_closed_and_the_page_still_answers() {
    let config = test_config();
    let timeout = config.header_read_timeout;
    let (addr, _) = start(config).await;
    let started = Instant::now();
    let mut attackers = Vec::new();
    for _ in 0..200 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            .await
            .unwrap();
        attackers.push(stream);
    }
    let mut slowest = Duration::ZERO;
    for _ in 0..10 {
        let (status, took) = timed_index(addr).await;
        assert_eq!(status, 200);
        slowest = slowest.max(took);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut closed = 0;
    let give_up = tokio::time::Instant::now() + HANG;
    for mut stream in attackers {
        let mut buffer = [0u8; 512];
        // The server closes the connection (an error reply or none): the read ends.
        let read = tokio::time::timeout_at(give_up, async {
            loop {
                match stream.read(&mut buffer).await {
                    Ok(0) | Err(_) => break,
                    Ok(_) => continue,
                }
            }
        })
        .await;
        if read.is_ok() {
            closed += 1;
        }
    }
    let all_closed = started.elapsed();
    eprintln!(
        "200 half headers: {closed} closed after {all_closed:?} (timeout {timeout:?}); \
         slowest GET / {slowest:?}"
    );
    assert_eq!(closed, 200);
}

/// A kept-alive connection left idle is closed after the header timeout; a body that
/// trickles in gets 408; a connection over the cap gets 503 at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_slow_bodies_and_extra_connections_are_cut() {
    let config = ServerConfig {
        max_connections: 8,
        ..test_config()
    };
    let timeout = config.header_read_timeout;
    let (addr, _) = start(config).await;

    // Idle after one request.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    let ended = tokio::time::timeout(HANG, async {
        loop {
            match idle.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the idle connection stayed open");
    assert_eq!(parse_reply(&received).0, 200);
    let idle_closed = started.elapsed();
    // Kept alive, not cut at once: a lower bound, which a slow machine only makes truer.
    assert!(idle_closed >= timeout / 2, "{idle_closed:?}");

    // A body announced as 100 bytes, of which 10 come.
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(
        b"POST /api/position HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"game\": ",
    )
    .await
    .unwrap();
    let started = Instant::now();
    let mut reply = Vec::new();
    let _ = tokio::time::timeout(HANG, slow.read_to_end(&mut reply)).await;
    let slow_answered = started.elapsed();
    assert_eq!(
        parse_reply(&reply).0,
        408,
        "{}",
        String::from_utf8_lossy(&reply)
    );

    // Eight open connections fill the cap; the ninth is refused at once.
    let mut held = Vec::new();
    for _ in 0..8 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        held.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    let started = Instant::now();
    let (status, body) = request(addr, "GET", "/", "").await;
    let refused_in = started.elapsed();
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("too many connections"), "{body}");
    drop(held);
    // Once the held connections are gone, the page answers again.
    let since = Instant::now();
    while request(addr, "GET", "/", "").await.0 != 200 {
        assert!(since.elapsed() < HANG, "the page never answered again");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    eprintln!(
        "idle connection closed after {idle_closed:?}; slow body answered 408 after \
         {slow_answered:?}; connection over the cap refused in {refused_in:?}"
    );
}

/// A damaged solved-table file at the default location: the analysis says the table was
/// not used, but the reply names no path.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_tables_path_never_appears_in_a_reply() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("pousse-4.table");
    std::fs::write(&table, b"not a table at all").unwrap();
    // Only this test of the binary looks for a table, and only for 4 x 4 boards.
    std::env::set_var("GRUNDY_TABLE_DIR", dir.path());
    let (addr, _) = start(test_config()).await;
    let dir_text = dir.path().display().to_string();
    for (path, body) in [
        (
            "/api/analysis",
            json!({"game": "pousse", "position": "4", "movetime_ms": 50}),
        ),
        (
            "/api/strategy",
            json!({"game": "pousse", "position": "4", "strategy": "perfect", "movetime_ms": 50}),
        ),
    ] {
        let (status, text) = request(addr, "POST", path, &body.to_string()).await;
        assert!(!text.contains(&dir_text), "{path}: {status} {text}");
        assert!(!text.contains("pousse-4.table"), "{path}: {status} {text}");
        if path == "/api/analysis" {
            assert_eq!(status, 200, "{text}");
            assert!(text.contains("table not used"), "{text}");
            assert!(text.contains("[file]"), "{text}");
        }
    }
}
