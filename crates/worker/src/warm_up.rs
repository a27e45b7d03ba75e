//! The warm-up: a short search of the game shown, asked by the page once it is idle. A browser
//! first runs wasm through a quick baseline compiler and recompiles the hot functions with its
//! optimising one only after they have run a while, on background threads; on a two-core
//! machine that recompilation, landing in the first search a player waits on, starves the
//! page's own thread. Run early, it happens while nobody waits, and the optimised code is
//! shared with every later worker of the page (analysis, review). See docs/architecture.md.

use crate::protocol::{WarmUpReply, WarmUpRequest};
use crate::think::{load, WallClock};
use engine::variants::SearchGameVisitor;
use engine::{Level, Limits, SearchPosition, SearchRequest, Searcher};
use rules::game::Game;

/// The warm-up's transposition table: its size changes no code path, so the smallest will do.
const TABLE_MB: usize = 1;

/// At most this many setup steps are taken to reach a position that can be searched.
const MAX_SETUP_STEPS: usize = 64;

/// Searches the request's game (its setup phase, if any, completed by the first legal steps)
/// for `time_ms`, and says how many nodes that took.
pub fn warm_up(request: &WarmUpRequest) -> WarmUpReply {
    let failed = |error: String| WarmUpReply {
        error: Some(error),
        ..WarmUpReply::default()
    };
    let mut game = match load(&request.game) {
        Ok(game) => game,
        Err(error) => return failed(error),
    };
    let search = WarmUp {
        time_ms: request.time_ms,
    };
    for _ in 0..MAX_SETUP_STEPS {
        if let Some(nodes) = engine::variants::visit_game(&game, search) {
            return WarmUpReply {
                warmed_up: true,
                nodes,
                error: None,
            };
        }
        let Some(step) = game.legal_actions().into_iter().next() else {
            break;
        };
        if let Err(error) = game.play(&step) {
            return failed(error.to_string());
        }
    }
    failed("no position to search".to_string())
}

#[derive(Clone, Copy)]
struct WarmUp {
    time_ms: u32,
}

impl SearchGameVisitor for WarmUp {
    /// Nodes searched.
    type Output = u64;

    fn visit<P: SearchPosition>(self, game: &Game<P>) -> u64 {
        let keys = engine::variants::history_keys(game);
        let clock = WallClock::new();
        let request = SearchRequest::new(game.position(), Level::Analysis, &clock)
            .with_history(&keys)
            .with_limits(Limits::move_time(u64::from(self.time_ms)));
        Searcher::<P>::new(TABLE_MB).think(&request).nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::WorkerRequest;

    fn request(game: &str) -> String {
        serde_json::to_string(&WorkerRequest::WarmUp {
            warm_up: WarmUpRequest {
                game: game.into(),
                time_ms: 20,
            },
        })
        .unwrap()
    }

    #[test]
    fn a_warm_up_searches_and_its_reply_is_never_taken_for_a_move() {
        let game = r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":[]}"#;
        let reply = crate::handle_any(&request(game), &mut |_| panic!("no progress reports"));
        let warmed: WarmUpReply = serde_json::from_str(&reply).unwrap();
        assert!(warmed.warmed_up && warmed.nodes > 0, "{reply}");
        assert!(serde_json::from_str::<crate::ThinkReply>(&reply).is_err());
        assert!(serde_json::from_str::<crate::AnalysisInfo>(&reply).is_err());
    }

    #[test]
    fn a_warm_up_in_regroupments_setup_completes_the_setup_first() {
        let game = r#"{"format":"boardshift-game","version":1,"variant":"regroupment","moves":[]}"#;
        let reply = warm_up(&WarmUpRequest {
            game: game.into(),
            time_ms: 20,
        });
        assert!(reply.warmed_up && reply.nodes > 0, "{reply:?}");
    }

    #[test]
    fn a_broken_game_gets_an_error_not_a_search() {
        let reply = warm_up(&WarmUpRequest {
            game: "{".into(),
            time_ms: 20,
        });
        assert!(!reply.warmed_up && reply.error.is_some());
    }
}
