//! The computer opponent's bookkeeping on the page side: numbered requests to the worker, and
//! replies matched to the request under way so that an answer to a position the game has left
//! (undo, new game, resignation) is ignored. The worker itself is `worker.rs`; the page's
//! transport to it is in `page/`.

use crate::seat::Seat;
use crate::worker::{ThinkReply, ThinkRequest};
use engine::Level;

/// How long the computer may think on a move: the level's own time, and under a clock no more
/// than a sixtieth of what is left plus most of the increment, so that a fast clock makes it
/// hurry (about 1 s a move at 1+0) long before its flag is in danger.
pub fn think_time_ms(level: Level, clock: Option<(u64, u64)>) -> u32 {
    let own = Seat::think_ms(level);
    match clock {
        Some((remaining_ms, increment_ms)) => {
            let share = remaining_ms / 60 + increment_ms * 3 / 4;
            own.min(u32::try_from(share).unwrap_or(u32::MAX)).max(50)
        }
        None => own,
    }
}

#[derive(Debug, Default)]
pub struct Opponent {
    request_id: u32,
    thinking: bool,
}

impl Opponent {
    pub fn thinking(&self) -> bool {
        self.thinking
    }

    /// A request for the computer's move in `game` (saved-game JSON); the reply is awaited.
    pub fn ask(
        &mut self,
        game: String,
        level: Level,
        move_time_ms: u32,
        seed: u64,
    ) -> ThinkRequest {
        self.request_id = self.request_id.wrapping_add(1);
        self.thinking = true;
        ThinkRequest {
            id: self.request_id,
            game,
            level: level.name().to_string(),
            move_time_ms,
            seed,
        }
    }

    /// Forgets the request under way. True when a search was running: a search cannot be
    /// interrupted from outside, so the worker must be replaced.
    pub fn cancel(&mut self) -> bool {
        self.request_id = self.request_id.wrapping_add(1);
        std::mem::replace(&mut self.thinking, false)
    }

    /// The worker could not run at all.
    pub fn failed(&mut self) {
        self.thinking = false;
    }

    /// The move text (or the worker's error) when `reply` answers the request under way;
    /// `None` for a stale reply.
    pub fn accept(&mut self, reply: ThinkReply) -> Option<Result<String, String>> {
        if !self.thinking || reply.id != self.request_id {
            return None;
        }
        self.thinking = false;
        Some(match (reply.text, reply.error) {
            (Some(text), _) => Ok(text),
            (None, error) => Err(error.unwrap_or_else(|| "no reason given".to_string())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(id: u32, text: &str) -> ThinkReply {
        ThinkReply {
            id,
            text: Some(text.to_string()),
            error: None,
        }
    }

    #[test]
    fn a_fast_clock_makes_the_computer_hurry() {
        assert_eq!(think_time_ms(Level::Hard, None), 2_000);
        assert_eq!(think_time_ms(Level::Hard, Some((60_000, 0))), 1_000);
        assert_eq!(think_time_ms(Level::Hard, Some((15_000, 0))), 250);
        assert_eq!(think_time_ms(Level::Hard, Some((300_000, 3_000))), 2_000);
        assert_eq!(think_time_ms(Level::Easy, Some((60_000, 0))), 300);
        assert_eq!(think_time_ms(Level::Hard, Some((600, 0))), 50);
    }

    #[test]
    fn only_the_reply_to_the_request_under_way_is_accepted() {
        let mut opponent = Opponent::default();
        let first = opponent.ask("{}".into(), Level::Easy, 300, 1);
        assert!(opponent.thinking());
        assert!(opponent.cancel(), "a running search needs a new worker");
        assert!(!opponent.cancel(), "nothing runs any more");
        assert_eq!(opponent.accept(reply(first.id, "e2e4")), None);
        let second = opponent.ask("{}".into(), Level::Hard, 2000, 2);
        assert_ne!(first.id, second.id);
        assert_eq!(second.level, "hard");
        assert_eq!(
            opponent.accept(reply(second.id, "e7e5")),
            Some(Ok("e7e5".to_string()))
        );
        assert!(!opponent.thinking());
        assert_eq!(
            opponent.accept(reply(second.id, "e7e5")),
            None,
            "answered once"
        );
    }
}
