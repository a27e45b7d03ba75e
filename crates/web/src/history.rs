//! Moving through the game's history: browsing past positions (the game never changes and the
//! clock pauses), continuing from a past position, and undo. A single step is animated, played
//! backwards when going back.

use crate::anim;
use crate::game_screen::GameScreen;
use crate::model::{action_from_text, BoardModel};

impl GameScreen {
    /// Shows the position after `target` plies (`None`, or the live count: the live game),
    /// animating a single step. Browsing never changes the game; the clock pauses.
    pub fn browse_to(&mut self, target: Option<usize>, now: f64) {
        let live = self.session.ply_count();
        let target = target.filter(|&ply| ply < live);
        if target == self.view_ply {
            return;
        }
        if self.view_ply.is_none() {
            self.charge_clock(now);
            self.clock.stop();
        }
        let from = self.view_ply.unwrap_or(live);
        let to = target.unwrap_or(live);
        let before = self.model.clone();
        self.view_ply = target;
        self.input.reset();
        self.refresh(now);
        self.animation = None;
        if from.abs_diff(to) == 1 {
            self.animate_step(&before, from.max(to), to < from, now);
        }
    }

    /// While browsing: takes the game back to the position shown and plays on from there.
    /// False when not browsing.
    pub fn continue_from_here(&mut self, now: f64) -> bool {
        let Some(target) = self.view_ply else {
            return false;
        };
        while self.session.ply_count() > target {
            if self.session.undo().is_err() {
                break;
            }
        }
        self.view_ply = None;
        self.clock.stop();
        self.animation = None;
        self.input.reset();
        self.refresh(now);
        true
    }

    /// Takes back one ply in hot-seat, or while the computer is still thinking; otherwise back
    /// to the previous turn of the person here (the other seat's reply and their move).
    /// Clocks return to what they were. False when there is nothing to take back.
    pub fn undo(&mut self, was_thinking: bool, now: f64) -> bool {
        if self.session.ply_count() == 0 {
            return false;
        }
        self.view_ply = None;
        self.animation = None;
        self.input.reset();
        self.session.set_pending_promotion(None);
        let board_before = self.session.board();
        let count_before = self.session.ply_count();
        if self.config.seats.hot_seat() || was_thinking {
            self.session.undo().ok();
        } else {
            while self.session.ply_count() > 0 {
                if self.session.undo().is_err() {
                    break;
                }
                if self.config.seats.get(self.session.turn()).is_here() {
                    break;
                }
            }
        }
        self.clock.stop();
        self.refresh(now);
        let count = self.session.ply_count();
        if count + 1 == count_before {
            self.animate_step(&board_before, count_before, true, now);
        }
        true
    }

    /// Animates ply number `ply` (1-based) between `other` and the board now shown:
    /// `backwards` when `other` is the later board.
    fn animate_step(&mut self, other: &BoardModel, ply: usize, backwards: bool, now: f64) {
        let texts = self.session.ply_texts();
        let Some(action) = ply
            .checked_sub(1)
            .and_then(|index| texts.get(index))
            .and_then(|text| action_from_text(text))
        else {
            return;
        };
        self.animation = if backwards {
            anim::step(&self.model, other, &action, true, now)
        } else {
            anim::step(other, &self.model, &action, false, now)
        };
        self.animations_started += u32::from(self.animation.is_some());
    }
}
