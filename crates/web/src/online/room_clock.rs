//! The clocks of an online game as shown: the server's numbers, counted down locally between
//! its messages. Showing zero is all this ever does — the server alone decides a flag. The same
//! goes for the grace period of a player who went away: the server says how much is left, the
//! page counts it down, and the server alone decides an abandonment.

use boardshift_rooms::protocol::SeatsView;
use boardshift_rooms::{ClocksView, ColorName};

/// `m:ss`, rounding up so that a clock shows 0:00 only when nothing is left.
pub fn format_ms(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// When (this page's time) each away seat's grace period ends, from the server's numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GraceCountdown {
    ends_at_ms: [Option<f64>; 2],
}

impl GraceCountdown {
    /// Reads the seats of a `state` or `seat` event that arrived at `received_at_ms`.
    pub fn from_seats(seats: &SeatsView, received_at_ms: f64) -> GraceCountdown {
        let end = |seat: &Option<boardshift_rooms::protocol::SeatView>| {
            let seat = seat.as_ref().filter(|seat| !seat.online)?;
            Some(received_at_ms + seat.grace_ms? as f64)
        };
        GraceCountdown {
            ends_at_ms: [end(&seats.white), end(&seats.black)],
        }
    }

    /// The grace left to `side` at `now_ms` (white first), when it is away from a live match.
    pub fn left_ms(&self, now_ms: f64) -> [Option<u64>; 2] {
        self.ends_at_ms
            .map(|end| end.map(|end| (end - now_ms).max(0.0) as u64))
    }
}

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
    use boardshift_rooms::protocol::SeatView;

    #[test]
    fn the_grace_of_an_away_seat_counts_down_from_the_servers_number() {
        let seat = |online, grace_ms| {
            Some(SeatView {
                name: "Bo".into(),
                online,
                grace_ms,
            })
        };
        let seats = SeatsView {
            white: seat(true, None),
            black: seat(false, Some(45_000)),
        };
        let grace = GraceCountdown::from_seats(&seats, 1_000.0);
        assert_eq!(grace.left_ms(1_000.0), [None, Some(45_000)]);
        assert_eq!(grace.left_ms(11_500.0), [None, Some(34_500)]);
        assert_eq!(grace.left_ms(90_000.0), [None, Some(0)]);
        // Away without a number (an older server, or no live match): no countdown is invented.
        let seats = SeatsView {
            white: seat(false, None),
            black: None,
        };
        assert_eq!(
            GraceCountdown::from_seats(&seats, 0.0).left_ms(5.0),
            [None, None]
        );
    }

    #[test]
    fn times_show_as_minutes_and_seconds_rounded_up() {
        assert_eq!(format_ms(0), "0:00");
        assert_eq!(format_ms(1), "0:01");
        assert_eq!(format_ms(34_500), "0:35");
        assert_eq!(format_ms(60_000), "1:00");
        assert_eq!(format_ms(605_000), "10:05");
    }

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
