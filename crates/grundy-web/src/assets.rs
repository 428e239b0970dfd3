//! The page's files, embedded in the binary: nothing to build or install beside it.

use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

use crate::error::ApiError;

/// The page.
const INDEX: &str = include_str!("../assets/index.html");

/// The scripts and the style sheet, by the name the page asks for.
const FILES: [(&str, &str, &str); 10] = [
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/api.js"),
    ),
    (
        "chart.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/chart.js"),
    ),
    (
        "render-rectangle.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-rectangle.js"),
    ),
    (
        "render-cuboid.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-cuboid.js"),
    ),
    (
        "render-bidding.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-bidding.js"),
    ),
    (
        "render-paper.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-paper.js"),
    ),
    (
        "render-pousse.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-pousse.js"),
    ),
    (
        "render-takebreak.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-takebreak.js"),
    ),
];

/// `GET /`: the page.
pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/{name}`: one embedded file.
pub async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, mime, text)) => ([(header::CONTENT_TYPE, *mime)], *text).into_response(),
        None => ApiError::not_found(format!("no asset \"{name}\"")).into_response(),
    }
}
