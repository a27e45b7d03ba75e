//! The computer's move: a saved game in, the move text to play out, at the level asked.

use crate::protocol::{ThinkReply, ThinkRequest};
use engine::variants::SearchGameVisitor;
use engine::{Level, Limits, SearchPosition, TimeSource};
use rules::any::AnyGame;
use rules::game::Game;

/// Answers one request (JSON text); every failure becomes the reply's `error`.
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
    let chosen = match Level::from_name(&request.level) {
        None => Err(format!("unknown level '{}'", request.level)),
        Some(level) => load(&request.game)
            .and_then(|game| choose_move(&game, level, request.move_time_ms, request.seed)),
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

/// The game of saved-game JSON, with its clock.
pub fn load(saved: &str) -> Result<AnyGame, String> {
    AnyGame::from_save_json(saved)
        .map(|(game, _players)| game)
        .map_err(|e| e.to_string())
}

/// The computer's choice for the side to move of `game`.
pub fn choose_move(
    game: &AnyGame,
    level: Level,
    move_time_ms: u32,
    seed: u64,
) -> Result<String, String> {
    let mut limits = Limits::move_time(move_time_ms as u64);
    if let Some(clock) = game.clock() {
        let turn = game.status().turn;
        limits.clock = Some(engine::Clock {
            remaining_ms: clock.remaining(turn),
            increment_ms: clock.increment_ms,
            moves_to_go: None,
        });
    }
    let think = Think {
        limits: &limits,
        level,
        seed,
    };
    let chosen = match engine::variants::visit_game(game, think) {
        Some(chosen) => chosen,
        None => {
            // Setup steps are a matter of taste, not search: pick one at random.
            let steps = game.legal_actions();
            (!steps.is_empty()).then(|| steps[(seed % steps.len() as u64) as usize].clone())
        }
    };
    chosen.ok_or_else(|| "there is no legal move".to_string())
}

/// One search of the game being played, whatever its variant.
struct Think<'a> {
    limits: &'a Limits,
    level: Level,
    seed: u64,
}

impl SearchGameVisitor for Think<'_> {
    type Output = Option<String>;

    fn visit<P: SearchPosition>(self, game: &Game<P>) -> Option<String> {
        let keys = engine::variants::history_keys(game);
        let position = game.position();
        let clock = WallClock::new();
        let request = engine::SearchRequest {
            position,
            history_keys: &keys,
            limits: *self.limits,
            level: self.level,
            seed: self.seed,
            time: &clock,
        };
        let result = engine::think(&request);
        result.best_move.map(|mv| position.move_text(mv))
    }
}

/// Milliseconds from the JS clock in the worker, `Instant` natively.
pub(crate) struct WallClock {
    #[cfg(not(target_arch = "wasm32"))]
    start: std::time::Instant,
}

impl WallClock {
    pub(crate) fn new() -> WallClock {
        WallClock {
            #[cfg(not(target_arch = "wasm32"))]
            start: std::time::Instant::now(),
        }
    }
}

impl TimeSource for WallClock {
    #[cfg(target_arch = "wasm32")]
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn now_ms(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }
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
    fn an_unknown_level_is_named_in_the_error() {
        let game =
            r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":["e2e4"]}"#;
        let request = ThinkRequest {
            id: 2,
            game: game.into(),
            level: "grandmaster".into(),
            move_time_ms: 50,
            seed: 1,
        };
        let reply = handle(&serde_json::to_string(&request).unwrap());
        assert!(reply.error.unwrap().contains("grandmaster"));
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

    #[test]
    fn the_computer_answers_with_a_legal_move() {
        let game =
            load(r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":[]}"#)
                .unwrap();
        let text = choose_move(&game, Level::Easy, 100, 7).unwrap();
        assert!(game.legal_actions().contains(&text));
    }
}
