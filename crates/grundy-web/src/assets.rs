//! The page's files, embedded in the binary: nothing to build or install beside it.

use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

use crate::error::ApiError;

/// The page.
const INDEX: &str = include_str!("../assets/index.html");

/// The scripts and the style sheet, by the name the page asks for.
const FILES: [(&str, &str, &str); 16] = [
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
        "render-cuts.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-cuts.js"),
    ),
    (
        "render-boxes.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-boxes.js"),
    ),
    (
        "render-pile-stake.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-pile-stake.js"),
    ),
    (
        "render-grid-cuts.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-grid-cuts.js"),
    ),
    (
        "render-push-grid.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-push-grid.js"),
    ),
    (
        "render-heaps.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-heaps.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/board.js"),
    ),
    (
        "render-cells.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-cells.js"),
    ),
    (
        "render-stones.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-stones.js"),
    ),
    (
        "render-strip.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-strip.js"),
    ),
    (
        "render-graph.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-graph.js"),
    ),
    (
        "render-vertices.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/render-vertices.js"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::game::BoardKind;
    use grundy::registry;

    #[test]
    fn every_board_kind_has_a_renderer_that_the_page_loads() {
        for kind in BoardKind::ALL {
            let file = format!("render-{}.js", kind.name());
            let served = FILES.iter().find(|(name, _, _)| *name == file);
            let Some((_, _, script)) = served else {
                panic!("no renderer {file} for the board kind {kind:?}");
            };
            assert!(
                script.contains(&format!("Renderers[\"{}\"] =", kind.name()))
                    || script.contains(&format!("Renderers.{} =", kind.name())),
                "{file} registers no renderer named {}",
                kind.name()
            );
            assert!(
                INDEX.contains(&format!("<script src=\"/assets/{file}\"></script>")),
                "the page does not load {file}"
            );
        }
        // Each renderer is of a kind, never of a game.
        let renderers = FILES
            .iter()
            .filter(|(name, _, _)| name.starts_with("render-"))
            .count();
        assert_eq!(renderers, BoardKind::ALL.len());
        for game in registry::all() {
            assert!(
                !FILES
                    .iter()
                    .any(|(name, _, _)| *name == format!("render-{game}.js")),
                "a renderer is named for the game {game}"
            );
        }
    }
}
