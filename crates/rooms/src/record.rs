//! One match's game and its bookkeeping (players, start and end, who has moved, the server
//! clock's reference instant), stored as saved-game JSON so that a room can be persisted and
//! restored exactly; and the record of a finished game handed to the server for storage.

use crate::protocol::{ColorName, ResultView, Token};
use rules::any::AnyGame;
use rules::save::{Players, SavedGame};
use rules::Color;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How a match ended, as the room reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchEnd {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when aborted.
    pub result: String,
    /// A reason of the saved-game format, or `abandonment` / `aborted`.
    pub reason: String,
    pub ended_ms: u64,
}

impl MatchEnd {
    /// The winner, if the match had one.
    pub fn winner(&self) -> Option<Color> {
        match self.result.as_str() {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            _ => None,
        }
    }

    pub fn is_draw(&self) -> bool {
        self.result == "1/2-1/2"
    }
}

/// The current (or last) match of a room.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MatchRecord {
    pub id: String,
    pub number: u32,
    #[serde(with = "game_as_save")]
    pub game: AnyGame,
    /// Who played White and Black when the match started.
    pub players: [Token; 2],
    pub names: [String; 2],
    pub started_ms: u64,
    pub end: Option<MatchEnd>,
    /// Whether each side has played at least one ply (setup steps count): a side that leaves
    /// before its first ply aborts the game instead of losing it.
    pub moved: [bool; 2],
    /// The instant from which the running clock is charged; `None` while no clock runs.
    pub clock_mark_ms: Option<u64>,
    /// Rematch votes of the seated players, by colour.
    pub rematch: [bool; 2],
}

impl MatchRecord {
    pub fn is_live(&self) -> bool {
        self.end.is_none()
    }

    pub fn result_view(&self) -> Option<ResultView> {
        self.end.as_ref().map(|end| ResultView {
            result: end.result.clone(),
            reason: end.reason.clone(),
            game_id: self.id.clone(),
        })
    }

    pub fn rematch_votes(&self) -> Vec<ColorName> {
        Color::ALL
            .into_iter()
            .filter(|color| self.rematch[color.index()])
            .map(ColorName::from)
            .collect()
    }

    /// The game as saved-game JSON, with the players' names and `saved_at` = `at_ms`.
    pub fn saved_game(&self, at_ms: u64) -> SavedGame {
        let players = Players {
            white: self.names[0].clone(),
            black: self.names[1].clone(),
        };
        let mut saved = self.game.to_save(&iso_time(at_ms), &players);
        if let (Some(end), Some(result)) = (&self.end, &mut saved.result) {
            if end.reason == "aborted" {
                // The rules record no result for an aborted game; the room's reason is kept
                // in the finished-game record, not in the file.
                result.reason = None;
            }
        }
        saved
    }

    pub fn saved_value(&self, at_ms: u64) -> serde_json::Value {
        serde_json::to_value(self.saved_game(at_ms)).unwrap_or(serde_json::Value::Null)
    }
}

/// Serialises the game as its saved-game value and restores it by replaying it through the
/// rules (every step checked again).
mod game_as_save {
    use super::*;

    pub fn serialize<S: Serializer>(game: &AnyGame, serializer: S) -> Result<S::Ok, S::Error> {
        game.to_save("", &Players::default()).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<AnyGame, D::Error> {
        let saved = SavedGame::deserialize(deserializer)?;
        AnyGame::from_saved(&saved).map_err(serde::de::Error::custom)
    }
}

/// A finished game, for the server to store and serve at `GET /api/games/ID`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub game_id: String,
    pub room: String,
    pub match_number: u32,
    pub white: String,
    pub black: String,
    pub variant: String,
    pub started_ms: u64,
    pub ended_ms: u64,
    pub result: String,
    pub reason: String,
    /// The saved-game JSON text.
    pub saved: String,
}

/// `YYYY-MM-DDTHH:MM:SSZ` for milliseconds since the Unix epoch (UTC, proleptic Gregorian).
pub fn iso_time(ms: u64) -> String {
    let seconds = ms / 1000;
    let days = (seconds / 86_400) as i64;
    let in_day = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        in_day / 3600,
        in_day / 60 % 60,
        in_day % 60
    )
}

/// The calendar date of a day count since 1970-01-01 (the well-known era-based method).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::iso_time;

    #[test]
    fn iso_time_matches_known_instants() {
        assert_eq!(iso_time(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_time(951_782_400_000), "2000-02-29T00:00:00Z");
        assert_eq!(iso_time(1_796_036_400_000), "2026-11-30T11:00:00Z");
    }
}
