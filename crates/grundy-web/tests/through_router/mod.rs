//! Requests through the router itself, for the API tests: the reply's status and its JSON
//! (or its text, as a JSON string, when it is not JSON).

#![allow(dead_code, clippy::unwrap_used)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_web::{router, AppState};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// Sends `request` to a router over `state`.
pub async fn send(state: AppState, request: Request<Body>) -> (StatusCode, Value) {
    let response = router(state).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

/// Posts `body` as JSON to `path` of a router over `state`.
pub async fn post_json(state: &AppState, path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(state.clone(), request).await
}

/// The error message of a reply.
pub fn error_of(value: &Value) -> &str {
    value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {value}"))
}
