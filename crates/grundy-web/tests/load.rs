//! A bounded load test against a real listener on 127.0.0.1: 1 000 requests from 50
//! concurrent clients are all answered, and not held up by a long Pousse search that runs
//! beside them: replies come while it is still thinking. (How many do depends on the
//! machine's load and is printed, not asserted.)

#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use axum::body::Body;
use http_body_util::BodyExt;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Value};

const CLIENTS: usize = 50;
const REQUESTS_PER_CLIENT: usize = 20;

async fn start_server() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = grundy_web::router(grundy_web::AppState::new(None));
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

async fn post(
    client: &Client<HttpConnector, Body>,
    addr: SocketAddr,
    path: &str,
    body: Value,
) -> (u16, Value) {
    let request = axum::http::Request::post(format!("http://{addr}{path}"))
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = client.request(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_clients_are_answered_while_a_long_search_runs() {
    let addr = start_server().await;
    let client: Client<HttpConnector, Body> = Client::builder(TokioExecutor::new()).build_http();

    // The longest search a request may ask for: ten seconds on a 7 x 7 board.
    let search_client = client.clone();
    let searched = Arc::new(AtomicBool::new(false));
    let search_ended = Arc::clone(&searched);
    let search = tokio::spawn(async move {
        let reply = post(
            &search_client,
            addr,
            "/api/strategy",
            json!({"game": "pousse", "position": "7", "strategy": "perfect", "movetime_ms": 10_000}),
        )
        .await;
        search_ended.store(true, Ordering::SeqCst);
        reply
    });
    // Light replies that came back while the search was still thinking.
    let during_search = Arc::new(AtomicUsize::new(0));

    let mut clients = Vec::new();
    for index in 0..CLIENTS {
        let client = client.clone();
        let (searched, during_search) = (Arc::clone(&searched), Arc::clone(&during_search));
        clients.push(tokio::spawn(async move {
            let mut answered = 0;
            for round in 0..REQUESTS_PER_CLIENT {
                let (status, reply) = match (index + round) % 4 {
                    0 => {
                        post(
                            &client,
                            addr,
                            "/api/position",
                            json!({"game": "rectangle", "position": "80x57", "moves": ["v1"]}),
                        )
                        .await
                    }
                    1 => {
                        post(
                            &client,
                            addr,
                            "/api/play",
                            json!({"game": "bidding", "position": "129", "move": "double"}),
                        )
                        .await
                    }
                    2 => {
                        post(
                            &client,
                            addr,
                            "/api/position",
                            json!({"game": "pousse", "position": "6", "moves": ["L1", "T2"]}),
                        )
                        .await
                    }
                    _ => post(&client, addr, "/api/position", json!({"game": "chess"})).await,
                };
                let expected = if (index + round) % 4 == 3 { 404 } else { 200 };
                assert_eq!(status, expected, "{reply}");
                if !searched.load(Ordering::SeqCst) {
                    during_search.fetch_add(1, Ordering::SeqCst);
                }
                answered += 1;
            }
            answered
        }));
    }
    let mut answered = 0;
    for handle in clients {
        answered += handle.await.unwrap();
    }
    assert_eq!(answered, CLIENTS * REQUESTS_PER_CLIENT);
    let during = during_search.load(Ordering::SeqCst);
    eprintln!("{during} of {answered} light requests answered while the search was thinking");
    assert!(during > 0, "the light requests waited for the search");
    let (status, reply) = search.await.unwrap();
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["view"]["moves"].as_array().unwrap().len(), 1);
}
