//! The JSON API and the WebSocket route: `GET /api/health`, `GET /api/rooms` (public rooms),
//! `GET /api/games/ID` (a saved game, finished or live) and `GET /ws`.

use crate::http::plain;
use crate::hub::Hub;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use http::{header, HeaderValue, StatusCode};
use std::sync::Arc;

/// Longest game id accepted in a URL.
const MAX_GAME_ID_BYTES: usize = 64;

pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/api/health", get(|| async { "ok" }))
        .route("/api/rooms", get(rooms))
        .route("/api/games/{id}", get(game))
        .route("/ws", get(crate::ws::upgrade))
        .with_state(hub)
}

fn json(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn rooms(State(hub): State<Arc<Hub>>) -> Response {
    let rooms = hub.public_rooms().await;
    json(
        StatusCode::OK,
        serde_json::to_string(&serde_json::json!({ "rooms": rooms }))
            .unwrap_or_else(|_| "{\"rooms\":[]}".to_string()),
    )
}

async fn game(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let well_formed = !id.is_empty()
        && id.len() <= MAX_GAME_ID_BYTES
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !well_formed {
        return plain(StatusCode::NOT_FOUND, "no such game\n");
    }
    match hub.game_json(&id).await {
        Ok(Some(game)) => {
            let mut response = json(StatusCode::OK, game);
            if let Ok(disposition) =
                HeaderValue::from_str(&format!("inline; filename=\"boardshift-{id}.json\""))
            {
                response
                    .headers_mut()
                    .insert(header::CONTENT_DISPOSITION, disposition);
            }
            response
        }
        Ok(None) => plain(StatusCode::NOT_FOUND, "no such game\n"),
        Err(_) => plain(
            StatusCode::SERVICE_UNAVAILABLE,
            "the game store is unavailable\n",
        ),
    }
}
