//! The clock between recorded times: the rules keep each side's remaining time; this counts
//! the time of the turn in progress (page milliseconds, passed in) and shows both faces.

use rules::game::ClockState;
use rules::Color;

/// The count of the turn in progress; stopped while no clock runs (untimed, setup phase,
/// game over, browsing the history).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TurnClock {
    started: Option<f64>,
}

impl TurnClock {
    pub fn is_running(&self) -> bool {
        self.started.is_some()
    }

    /// Runs the count when `runs` (starting it at `now` if it was stopped), stops it otherwise.
    pub fn sync(&mut self, runs: bool, now: f64) {
        if !runs {
            self.started = None;
        } else if self.started.is_none() {
            self.started = Some(now);
        }
    }

    pub fn stop(&mut self) {
        self.started = None;
    }

    /// The time used since the count started, restarting it: what to charge to the side to
    /// move. `None` while stopped.
    pub fn take_elapsed(&mut self, now: f64) -> Option<u64> {
        let started = self.started?;
        self.started = Some(now);
        Some((now - started).max(0.0) as u64)
    }

    /// The time used so far in this turn.
    pub fn elapsed(&self, now: f64) -> f64 {
        self.started.map_or(0.0, |started| (now - started).max(0.0))
    }

    /// Whether the side to move has used up `remaining_ms` by `now`.
    pub fn flag_due(&self, remaining_ms: u64, now: f64) -> bool {
        self.is_running() && remaining_ms as f64 <= self.elapsed(now)
    }
}

/// One side's clock as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockFace {
    pub text: String,
    pub running: bool,
    /// Stopped only because the history is being browsed (the text says so).
    pub paused: bool,
    /// Under ten seconds or a tenth of the initial time.
    pub low: bool,
}

/// The face of `side`'s clock at `now` while `turn` is to move.
pub fn face(
    clock: &ClockState,
    side: Color,
    turn: Color,
    count: &TurnClock,
    now: f64,
) -> ClockFace {
    let running = count.is_running() && turn == side;
    let used = if running { count.elapsed(now) } else { 0.0 };
    let remaining = (clock.remaining(side) as f64 - used).max(0.0);
    ClockFace {
        text: format_clock(remaining),
        running,
        paused: false,
        low: remaining < 10_000.0 || remaining < clock.initial_ms as f64 / 10.0,
    }
}

/// Marks `face` as paused by history browsing, visibly: a hot-seat opponent sees why the
/// clock of the side to move stands still.
pub fn show_paused(face: &mut ClockFace) {
    face.paused = true;
    face.text = format!("{} · paused", face.text);
}

/// `m:ss`, or `h:mm:ss` from an hour, or `s.t` (tenths) under ten seconds.
pub fn format_clock(ms: f64) -> String {
    if ms < 10_000.0 {
        let tenths = (ms / 100.0).floor() as u64;
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let seconds = (ms / 1000.0).floor() as u64;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_show_tenths_only_under_ten_seconds() {
        assert_eq!(format_clock(9_870.0), "9.8");
        assert_eq!(format_clock(10_000.0), "0:10");
        assert_eq!(format_clock(185_000.0), "3:05");
        assert_eq!(format_clock(3_725_000.0), "1:02:05");
        assert_eq!(format_clock(0.0), "0.0");
    }

    #[test]
    fn the_turn_count_charges_what_was_used_and_restarts() {
        let mut count = TurnClock::default();
        assert_eq!(count.take_elapsed(100.0), None);
        count.sync(true, 1_000.0);
        count.sync(true, 5_000.0);
        assert_eq!(count.elapsed(3_500.0), 2_500.0);
        assert!(count.flag_due(2_000, 3_500.0));
        assert!(!count.flag_due(3_000, 3_500.0));
        assert_eq!(count.take_elapsed(4_000.0), Some(3_000));
        assert_eq!(count.take_elapsed(4_250.0), Some(250));
        count.sync(false, 9_000.0);
        assert!(!count.is_running() && !count.flag_due(0, 10_000.0));
    }

    #[test]
    fn only_the_side_to_move_shows_a_running_clock() {
        let clock = ClockState::new(60_000, 0);
        let mut count = TurnClock::default();
        count.sync(true, 0.0);
        let white = face(&clock, Color::White, Color::White, &count, 52_000.0);
        assert_eq!(white.text, "8.0");
        assert!(white.running && white.low);
        let black = face(&clock, Color::Black, Color::White, &count, 52_000.0);
        assert_eq!(black.text, "1:00");
        assert!(!black.running && !black.low);
    }
}
