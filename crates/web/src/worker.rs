//! The computer opponent's side of the worker: requests and replies as JSON text, and the entry
//! point `worker_handle` that web/worker.js calls for each message. Runs only in the worker, so
//! the page never searches.

use crate::seat::LEVELS;
use crate::session::Session;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// What the page asks: the game so far (saved-game JSON), the level and the time to use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThinkRequest {
    pub id: u32,
    pub game: String,
    pub level: String,
    pub move_time_ms: u32,
    pub seed: u64,
}

/// The answer: the move text to play, or why there is none. `id` echoes the request's, so the
/// page ignores answers to positions it has left (undo, new game).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThinkReply {
    pub id: u32,
    pub text: Option<String>,
    pub error: Option<String>,
}

pub fn handle(request: &str) -> ThinkReply {
    let request: ThinkRequest = match serde_json::from_str(request) {
        Ok(request) => request,
        Err(error) => {
            return ThinkReply {
                id: 0,
                text: None,
                error: Some(format!("bad request: {error}")),
            }
        }
    };
    let level = LEVELS.into_iter().find(|l| l.name() == request.level);
    let chosen = match level {
        None => Err(format!("unknown level '{}'", request.level)),
        Some(level) => Session::load(&request.game).and_then(|(session, _)| {
            session.choose_move(level, request.move_time_ms, request.seed)
        }),
    };
    match chosen {
        Ok(text) => ThinkReply {
            id: request.id,
            text: Some(text),
            error: None,
        },
        Err(error) => ThinkReply {
            id: request.id,
            text: None,
            error: Some(error),
        },
    }
}

/// Called by web/worker.js for each message from the page.
#[wasm_bindgen]
pub fn worker_handle(request: &str) -> String {
    serde_json::to_string(&handle(request))
        .unwrap_or_else(|_| r#"{"id":0,"text":null,"error":"reply not serialisable"}"#.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_for_a_finished_or_broken_game_gets_a_clear_error() {
        let reply = handle("not json");
        assert!(reply.error.unwrap().starts_with("bad request"));
        let request = ThinkRequest {
            id: 5,
            game: "{}".into(),
            level: "easy".into(),
            move_time_ms: 50,
            seed: 1,
        };
        let reply = handle(&serde_json::to_string(&request).unwrap());
        assert_eq!(reply.id, 5);
        assert!(reply.text.is_none() && reply.error.is_some());
    }

    #[test]
    fn the_reply_is_a_move_of_the_saved_game() {
        let game =
            r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":["e2e4"]}"#;
        let request = ThinkRequest {
            id: 9,
            game: game.into(),
            level: "easy".into(),
            move_time_ms: 50,
            seed: 3,
        };
        let reply = handle(&serde_json::to_string(&request).unwrap());
        let text = reply.text.expect("a move");
        assert_eq!(text.len(), 4, "black's reply is plain UCI: {text}");
    }
}
