//! The app's serialisable state: which game with which options, who sits at each side, the
//! time control, and the player actions that change a game. Everything here can be stored
//! (autosave) or carried over a network (online rooms) as JSON.

use crate::seat::Seats;
use rules::{Color, VariantKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

/// Everything chosen on the start screen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameConfig {
    #[serde(with = "variant_name")]
    pub variant: VariantKind,
    /// Variant options as in saved games (`docs/saved-games.md`), e.g. `size` → `16`.
    pub options: BTreeMap<String, String>,
    #[serde(flatten)]
    pub seats: Seats,
    pub time_control: Option<TimeControl>,
}

impl GameConfig {
    /// The configuration of a rematch: colours swap; a sliding gap that was drawn at random is
    /// drawn again (left out), a chosen one is kept.
    pub fn rematch(&self, gap_was_random: bool) -> GameConfig {
        let mut next = self.clone();
        next.seats = self.seats.swapped();
        if gap_was_random {
            next.options.remove("gap");
        }
        next
    }
}

/// A player's action on the game: what a local click, a typed command, the computer or (later)
/// a network message asks for. Applying the same actions in order reproduces the same game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum PlayerAction {
    Play {
        text: String,
    },
    Resign {
        #[serde(with = "color_name")]
        side: Color,
    },
    OfferDraw {
        #[serde(with = "color_name")]
        side: Color,
    },
    AcceptDraw {
        #[serde(with = "color_name")]
        side: Color,
    },
    ClaimDraw {
        with_move: Option<String>,
    },
    Undo,
    Rematch,
}

/// `"white"` / `"black"`, as in saved games.
mod color_name {
    use rules::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(color.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let name = String::deserialize(d)?;
        Color::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown side '{name}' (expected white or black)"))
        })
    }
}

/// A variant by its saved-game name (`standard`, `sliding`, …).
mod variant_name {
    use rules::VariantKind;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(variant: &VariantKind, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(variant.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<VariantKind, D::Error> {
        let name = String::deserialize(d)?;
        VariantKind::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown game '{name}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;
    use engine::Level;

    #[test]
    fn rematch_swaps_colours_and_redraws_a_random_gap() {
        let mut options = BTreeMap::new();
        options.insert("gap".to_string(), "e5".to_string());
        let config = GameConfig {
            variant: VariantKind::Sliding,
            options,
            seats: Seats {
                white: Seat::Here,
                black: Seat::Computer(Level::Medium),
            },
            time_control: None,
        };
        let next = config.rematch(true);
        assert_eq!(next.seats.white, Seat::Computer(Level::Medium));
        assert_eq!(next.seats.black, Seat::Here);
        assert!(!next.options.contains_key("gap"));
        assert_eq!(
            config.rematch(false).options.get("gap").map(String::as_str),
            Some("e5")
        );
    }

    #[test]
    fn actions_and_configs_serialise_as_tagged_json() {
        let json = serde_json::to_string(&PlayerAction::Play {
            text: "e2e4".into(),
        })
        .unwrap();
        assert_eq!(json, r#"{"action":"play","text":"e2e4"}"#);
        let resign: PlayerAction =
            serde_json::from_str(r#"{"action":"resign","side":"black"}"#).unwrap();
        assert_eq!(resign, PlayerAction::Resign { side: Color::Black });
        assert!(
            serde_json::from_str::<PlayerAction>(r#"{"action":"resign","side":"red"}"#)
                .unwrap_err()
                .to_string()
                .contains("unknown side 'red'")
        );
        let config = GameConfig {
            variant: VariantKind::Relative,
            options: BTreeMap::new(),
            seats: Seats {
                white: Seat::Here,
                black: Seat::Computer(Level::Easy),
            },
            time_control: None,
        };
        let json = serde_json::to_string(&config).unwrap();
        assert!(json.contains(r#""variant":"relative""#), "{json}");
        assert!(json.contains(r#""black":"computer:easy""#), "{json}");
        assert_eq!(serde_json::from_str::<GameConfig>(&json).unwrap(), config);
    }
}
