//! [`DynGame`]: the text-level operations of one variant's game record, object-safe so that
//! the facade forwards to whichever variant is playing without a match per method. Implemented
//! once, for every `Game<P>` whose position has a [`ViewPosition`].

use super::status::{GameStatus, MoveEntry, Phase, PlayedInfo};
use crate::game::{Action, ClaimResult, ClockState, Game, GameEnd, GameError, Submitted};
use crate::types::Color;
use crate::view::{BoardView, ViewPosition};

/// One variant's game seen through move text. Plies count this game's own moves (a
/// regroupment setup phase is the facade's business).
pub trait DynGame {
    fn legal_move_texts(&self) -> Vec<String>;
    /// Move text for `text`, which may be the variant's readable notation (SAN).
    fn canonical_move_text(&self, text: &str) -> String;
    /// Plays move text or readable notation; a promotion without its piece waits for it.
    fn play(&mut self, text: &str) -> Result<PlayedInfo, GameError>;
    /// Plays move text exactly as recorded (a saved game's moves).
    fn play_recorded(&mut self, text: &str) -> Result<(), GameError>;
    fn undo(&mut self) -> Result<(), GameError>;
    fn ply_count(&self) -> usize;
    fn position_text_at(&self, ply: usize) -> Option<String>;
    fn move_entries(&self) -> Vec<MoveEntry>;
    fn result(&self) -> Option<GameEnd>;
    fn status(&self, variant: &'static str, ply: usize) -> GameStatus;
    fn board_view(&self, ply: usize, selected: Option<(u8, u8)>) -> Option<BoardView>;
    fn resign(&mut self, color: Color) -> Result<GameEnd, GameError>;
    fn offer_draw(&mut self, color: Color) -> Result<Option<GameEnd>, GameError>;
    fn accept_draw(&mut self, color: Color) -> Result<GameEnd, GameError>;
    fn decline_draw(&mut self, color: Color) -> Result<(), GameError>;
    fn claim_draw(&mut self, intended: Option<&str>) -> Result<ClaimResult, GameError>;
    fn flag_fall(&mut self, color: Color) -> Result<GameEnd, GameError>;
    fn record_elapsed(&mut self, elapsed_ms: u64) -> Option<GameEnd>;
    fn set_clock(&mut self, clock: Option<ClockState>);
    fn clock(&self) -> Option<ClockState>;
    fn clock_at(&self, ply: usize) -> Option<ClockState>;
    fn set_pending_promotion(&mut self, from_to: Option<&str>) -> Result<(), GameError>;
    fn apply(&mut self, action: &Action) -> Result<(), GameError>;
}

impl<P: ViewPosition> DynGame for Game<P> {
    fn legal_move_texts(&self) -> Vec<String> {
        Game::legal_move_texts(self)
    }

    fn canonical_move_text(&self, text: &str) -> String {
        self.position()
            .move_text_from_readable(self.legal_moves(), text)
            .unwrap_or_else(|| text.to_string())
    }

    fn play(&mut self, text: &str) -> Result<PlayedInfo, GameError> {
        let text = self.canonical_move_text(text);
        match self.submit_text(&text)? {
            Submitted::Played(_) => {
                let record = self.history().last().ok_or(GameError::NotLegal)?;
                Ok(PlayedInfo {
                    text: record.text.clone(),
                    display: record.display.clone(),
                    pending_promotion: None,
                    setup_step: false,
                    result: self.result(),
                })
            }
            Submitted::PromotionPending(prefix) => Ok(PlayedInfo {
                text: String::new(),
                display: String::new(),
                pending_promotion: Some(prefix),
                setup_step: false,
                result: None,
            }),
        }
    }

    fn play_recorded(&mut self, text: &str) -> Result<(), GameError> {
        self.play_text(text).map(|_| ())
    }

    fn undo(&mut self) -> Result<(), GameError> {
        Game::undo(self)
    }

    fn ply_count(&self) -> usize {
        Game::ply_count(self)
    }

    fn position_text_at(&self, ply: usize) -> Option<String> {
        self.position_at(ply)
            .map(|position| position.position_text())
    }

    fn move_entries(&self) -> Vec<MoveEntry> {
        self.history()
            .iter()
            .map(|record| MoveEntry {
                text: record.text.clone(),
                display: record.display.clone(),
                marks: record.before.move_marks(record.mv),
            })
            .collect()
    }

    fn result(&self) -> Option<GameEnd> {
        Game::result(self)
    }

    fn status(&self, variant: &'static str, ply: usize) -> GameStatus {
        let position = self.position();
        let result = Game::result(self);
        GameStatus {
            variant,
            phase: Phase::Play,
            setup_step: None,
            turn: position.turn(),
            in_check: position.is_check(),
            outcome: self.outcome(),
            reason: result.map(|end| end.reason),
            result_text: result.map(|end| end.to_string()),
            pending_promotion: self.pending_promotion().map(str::to_string),
            draw_offer: self.draw_offer(),
            claimable: self.claimable_draw(),
            ply,
            halfmove_clock: position.halfmove_clock(),
            repetitions: self.repetition_count(),
            clock: Game::clock(self),
        }
    }

    fn board_view(&self, ply: usize, selected: Option<(u8, u8)>) -> Option<BoardView> {
        (ply <= Game::ply_count(self)).then(|| P::board_view(self, ply, selected))
    }

    fn resign(&mut self, color: Color) -> Result<GameEnd, GameError> {
        Game::resign(self, color)
    }

    fn offer_draw(&mut self, color: Color) -> Result<Option<GameEnd>, GameError> {
        Game::offer_draw(self, color)
    }

    fn accept_draw(&mut self, color: Color) -> Result<GameEnd, GameError> {
        Game::accept_draw(self, color)
    }

    fn decline_draw(&mut self, color: Color) -> Result<(), GameError> {
        Game::decline_draw(self, color)
    }

    fn claim_draw(&mut self, intended: Option<&str>) -> Result<ClaimResult, GameError> {
        match intended {
            None => Game::claim_draw(self).map(ClaimResult::Drawn),
            Some(written) => {
                if let Some(end) = Game::result(self) {
                    return Err(GameError::GameOver(end));
                }
                let text = self.canonical_move_text(written);
                let mv = self.position().parse_move_text(&text)?;
                self.claim_draw_with_move(mv)
            }
        }
    }

    fn flag_fall(&mut self, color: Color) -> Result<GameEnd, GameError> {
        Game::flag_fall(self, color)
    }

    fn record_elapsed(&mut self, elapsed_ms: u64) -> Option<GameEnd> {
        Game::record_elapsed(self, elapsed_ms)
    }

    fn set_clock(&mut self, clock: Option<ClockState>) {
        Game::set_clock(self, clock)
    }

    fn clock(&self) -> Option<ClockState> {
        Game::clock(self)
    }

    fn clock_at(&self, ply: usize) -> Option<ClockState> {
        Game::clock_at(self, ply)
    }

    fn set_pending_promotion(&mut self, from_to: Option<&str>) -> Result<(), GameError> {
        Game::set_pending_promotion(self, from_to)
    }

    fn apply(&mut self, action: &Action) -> Result<(), GameError> {
        match action {
            Action::Move(text) => DynGame::play(self, text).map(|_| ()),
            Action::ClaimDraw(intended) => {
                DynGame::claim_draw(self, intended.as_deref()).map(|_| ())
            }
            other => Game::apply(self, other),
        }
    }
}
