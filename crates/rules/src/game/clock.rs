//! The clocks as plain data: the caller reports elapsed time, the game charges the side to
//! move, adds the increment to the mover and decides a fallen flag (FIDE 6.9).

use super::{EndReason, Game, GameEnd, GameError};
use crate::position::GamePosition;
use crate::types::Color;
use serde::{Deserialize, Serialize};

/// Both clocks, as plain data (no time source).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockState {
    pub initial_ms: u64,
    pub increment_ms: u64,
    /// White's then Black's remaining time.
    pub remaining_ms: [u64; 2],
}

impl ClockState {
    /// A fresh clock: both sides at `initial_ms`.
    pub const fn new(initial_ms: u64, increment_ms: u64) -> ClockState {
        ClockState {
            initial_ms,
            increment_ms,
            remaining_ms: [initial_ms, initial_ms],
        }
    }

    pub const fn remaining(&self, color: Color) -> u64 {
        self.remaining_ms[color.index()]
    }
}

impl<P: GamePosition> Game<P> {
    /// Starts the game with a clock (or none). Meant for a new game; after moves it also
    /// replaces every recorded clock snapshot, which is what a reload from a file wants.
    pub fn set_clock(&mut self, clock: Option<ClockState>) {
        self.start_clock = clock;
        self.clock = clock;
        for record in &mut self.history {
            record.clock_after = clock;
        }
    }

    pub fn clock(&self) -> Option<ClockState> {
        self.clock
    }

    /// The clocks as they were when the position after `ply` plies arose.
    pub fn clock_at(&self, ply: usize) -> Option<ClockState> {
        if ply == 0 {
            self.start_clock
        } else {
            self.history
                .get(ply - 1)
                .and_then(|record| record.clock_after)
        }
    }

    /// `color`'s flag fell: that side loses unless the opponent could never mate (FIDE 6.9;
    /// variants without material rules look only at a bare king).
    pub fn flag_fall(&mut self, color: Color) -> Result<GameEnd, GameError> {
        self.ensure_ongoing()?;
        let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
        clock.remaining_ms[color.index()] = 0;
        let end = self.flag_result(color);
        self.finish(end);
        Ok(end)
    }

    /// The result a fallen flag of `color` would give in the live position.
    pub fn flag_result(&self, color: Color) -> GameEnd {
        let opponent = color.other();
        let can_mate = if self.policy.material_rules {
            self.current.can_ever_mate(opponent)
        } else {
            !self.current.is_bare_king(opponent)
        };
        if can_mate {
            GameEnd::win(opponent, EndReason::Timeout)
        } else {
            GameEnd::draw(EndReason::TimeoutVsInsufficientMaterial)
        }
    }

    /// Charges `elapsed_ms` to the side to move; at zero its flag falls. Returns the ending
    /// this caused, if any. Does nothing without a clock or after the game ended.
    pub fn record_elapsed(&mut self, elapsed_ms: u64) -> Option<GameEnd> {
        if self.is_over() {
            return None;
        }
        let turn = self.current.turn();
        let clock = self.clock.as_mut()?;
        let remaining = &mut clock.remaining_ms[turn.index()];
        *remaining = remaining.saturating_sub(elapsed_ms);
        if *remaining == 0 {
            self.flag_fall(turn).ok()
        } else {
            None
        }
    }
}
