//! The clocks of an online game as shown: the server's numbers, counted down locally between
//! its messages. Showing zero is all this ever does — the server alone decides a flag.

use boardshift_rooms::{ClocksView, ColorName};

/// The last clock reading from the server and when (this page's time) it arrived.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoomClock {
    reading: ClocksView,
    received_at_ms: f64,
}

impl RoomClock {
    pub fn new(reading: ClocksView, received_at_ms: f64) -> RoomClock {
        RoomClock {
            reading,
            received_at_ms,
        }
    }

    /// White's and Black's remaining time at `now_ms`. The running side's time falls from the
    /// server's reading; it stops at zero. `frozen` stops a side's clock too: the player's own
    /// clock once they have sent a move that the server has not confirmed yet.
    pub fn shown_ms(&self, now_ms: f64, frozen: Option<ColorName>) -> (u64, u64) {
        let elapsed = (now_ms - self.received_at_ms).max(0.0) as u64;
        let counted = |side: ColorName, reading: u64| {
            if self.reading.running == Some(side) && frozen != Some(side) {
                reading.saturating_sub(elapsed)
            } else {
                reading
            }
        };
        (
            counted(ColorName::White, self.reading.white_ms),
            counted(ColorName::Black, self.reading.black_ms),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_running_clock_counts_down_and_stops_at_zero() {
        let clock = RoomClock::new(
            ClocksView {
                white_ms: 5_000,
                black_ms: 3_000,
                running: Some(ColorName::Black),
            },
            1_000.0,
        );
        assert_eq!(clock.shown_ms(1_000.0, None), (5_000, 3_000));
        assert_eq!(clock.shown_ms(2_500.0, None), (5_000, 1_500));
        assert_eq!(clock.shown_ms(60_000.0, None), (5_000, 0));
        // A sent move freezes the mover's clock until the server answers.
        assert_eq!(
            clock.shown_ms(2_500.0, Some(ColorName::Black)),
            (5_000, 3_000)
        );
        // A page clock running behind the reading's arrival never adds time.
        assert_eq!(clock.shown_ms(0.0, None), (5_000, 3_000));
    }
}
