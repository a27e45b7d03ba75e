//! [`RegroupmentGame`]: a regroupment game is its setup phase, then standard chess with
//! Chess960 castling. Every way the setup phase differs from play (its steps, undoing back into
//! it, its status, its board, the clock that waits for play) is answered here, so the facade
//! only asks whether the game is still in its setup.

use super::status::{GameStatus, MoveEntry, Phase, PlayedInfo};
use crate::chess::ChessPosition;
use crate::game::{ClockState, DrawMode, Game, GameError, Outcome};
use crate::regroupment::{RegroupmentOptions, SetupPhase};
use crate::types::Color;
use crate::variant::{PositionTextError, Regroupment, Variant};
use crate::view::BoardView;

/// Regroupment: the setup phase, then standard chess with Chess960 castling.
#[derive(Clone, Debug)]
pub struct RegroupmentGame {
    /// `None` when the game started from a given position (or a random draw) without a phase.
    pub phase: Option<SetupPhase>,
    /// `None` until the setup phase is complete.
    pub game: Option<Game<ChessPosition>>,
    draws: DrawMode,
    /// The clock to start the play phase with (the clock does not run during the setup).
    clock: Option<ClockState>,
}

impl RegroupmentGame {
    /// A game that begins with the setup phase.
    pub(crate) fn with_setup(options: RegroupmentOptions, draws: DrawMode) -> RegroupmentGame {
        RegroupmentGame {
            phase: Some(SetupPhase::new(options)),
            game: None,
            draws,
            clock: None,
        }
    }

    /// A game that begins at `start`, without a setup phase.
    pub(crate) fn from_position(start: ChessPosition, draws: DrawMode) -> RegroupmentGame {
        RegroupmentGame {
            phase: None,
            game: Some(Game::with_policy(start, Regroupment::draw_policy(draws))),
            draws,
            clock: None,
        }
    }

    /// Whether the setup phase is still being played.
    pub fn in_setup(&self) -> bool {
        self.game.is_none()
    }

    /// Setup steps recorded.
    pub fn setup_len(&self) -> usize {
        self.phase.as_ref().map_or(0, |phase| phase.steps().len())
    }

    /// The setup phase after its first `steps` steps.
    pub fn phase_after(&self, steps: usize) -> Option<SetupPhase> {
        let phase = self.phase.as_ref()?;
        let taken = phase.steps().get(..steps)?;
        SetupPhase::from_steps(*phase.options(), taken).ok()
    }

    /// The legal setup steps as text (none once play has begun).
    pub fn legal_steps(&self) -> Vec<String> {
        match (&self.phase, &self.game) {
            (Some(phase), None) => phase.legal_steps().iter().map(|s| s.to_string()).collect(),
            _ => Vec::new(),
        }
    }

    /// Plays one setup step; the last one starts play.
    pub fn play_step(&mut self, text: &str) -> Result<PlayedInfo, GameError> {
        if self.game.is_some() {
            return Err(GameError::NoSetupPhase);
        }
        let phase = self.phase.as_mut().ok_or(GameError::NoSetupPhase)?;
        let step = phase.apply_text(text)?;
        self.start_play_if_complete()?;
        Ok(PlayedInfo {
            text: step.to_string(),
            display: step.to_string(),
            pending_promotion: None,
            setup_step: true,
            result: None,
        })
    }

    /// Starts play once the phase is complete.
    fn start_play_if_complete(&mut self) -> Result<(), GameError> {
        if self.game.is_some() {
            return Ok(());
        }
        if let Some(phase) = &self.phase {
            if phase.is_complete() {
                let start = phase
                    .start_position()
                    .map_err(|error| GameError::BadStart(PositionTextError::Setup(error)))?;
                let mut game = Game::with_policy(start, Regroupment::draw_policy(self.draws));
                game.set_clock(self.clock);
                self.game = Some(game);
            }
        }
        Ok(())
    }

    /// Takes back the last ply: a move, or a setup step (leaving play when it was the step
    /// that completed the phase).
    pub fn undo(&mut self) -> Result<(), GameError> {
        if let Some(game) = &mut self.game {
            if game.ply_count() > 0 || self.phase.is_none() {
                return game.undo();
            }
            self.clock = game.clock_at(0);
            self.game = None;
        }
        let phase = self.phase.as_mut().ok_or(GameError::NothingToUndo)?;
        phase.undo().map(|_| ()).ok_or(GameError::NothingToUndo)
    }

    /// The setup steps as move-list entries.
    pub fn setup_entries(&self) -> Vec<MoveEntry> {
        self.phase
            .iter()
            .flat_map(|phase| phase.steps())
            .map(|step| MoveEntry {
                text: step.to_string(),
                display: step.to_string(),
                marks: String::new(),
            })
            .collect()
    }

    /// The setup steps as recorded text.
    pub fn setup_texts(&self) -> Vec<String> {
        self.phase
            .iter()
            .flat_map(|phase| phase.steps())
            .map(|step| step.to_string())
            .collect()
    }

    /// The status panel during the setup phase.
    pub fn setup_status(&self, variant: &'static str, ply: usize) -> GameStatus {
        let next = self.phase.as_ref().and_then(|phase| phase.next_turn());
        GameStatus {
            variant,
            phase: Phase::Setup,
            setup_step: next.map(|(_, relocator)| relocator.name()),
            turn: next.map_or(Color::White, |(color, _)| color),
            in_check: false,
            outcome: Outcome::Ongoing,
            reason: None,
            result_text: None,
            pending_promotion: None,
            draw_offer: None,
            claimable: None,
            ply,
            halfmove_clock: 0,
            repetitions: 1,
            clock: self.clock,
        }
    }

    /// The board after `steps` setup steps, with swap targets when `selected` is given.
    pub fn setup_view(&self, steps: usize, selected: Option<(u8, u8)>) -> Option<BoardView> {
        self.phase_after(steps)?.board_view(selected)
    }

    /// The clock play starts with (during the setup phase) or runs with.
    pub fn clock(&self) -> Option<ClockState> {
        match &self.game {
            Some(game) => game.clock(),
            None => self.clock,
        }
    }

    pub fn set_clock(&mut self, clock: Option<ClockState>) {
        self.clock = clock;
        if let Some(game) = &mut self.game {
            game.set_clock(clock);
        }
    }
}
