//! The app's serialisable state: which game with which options, who plays each side, the time
//! control, and the player actions that change a game. Everything here can be stored (autosave)
//! or carried over a network (online rooms) as JSON.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        [Level::Easy, Level::Medium, Level::Hard]
            .into_iter()
            .find(|l| l.name() == name)
    }

    /// How long the computer may think per move when no clock runs.
    pub fn think_ms(self) -> u32 {
        match self {
            Level::Easy => 300,
            Level::Medium => 1000,
            Level::Hard => 2000,
        }
    }
}

/// Who plays a side; written as in saved games: `human` or `computer:<level>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Computer(Level),
}

impl Player {
    pub fn text(self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Computer(level) => format!("computer:{}", level.name()),
        }
    }

    pub fn parse(text: &str) -> Option<Player> {
        match text.split_once(':') {
            None if text == "human" => Some(Player::Human),
            Some(("computer", level)) => Level::from_name(level).map(Player::Computer),
            _ => None,
        }
    }
}

impl Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        let text = String::deserialize(d)?;
        Player::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown player '{text}'")))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

/// Everything chosen on the start screen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameConfig {
    pub variant: String,
    /// Variant options as in saved games (`docs/saved-games.md`), e.g. `size` → `16`.
    pub options: BTreeMap<String, String>,
    pub white: Player,
    pub black: Player,
    pub time_control: Option<TimeControl>,
}

impl GameConfig {
    pub fn player(&self, white: bool) -> Player {
        if white {
            self.white
        } else {
            self.black
        }
    }

    /// The configuration of a rematch: colours swap; options that were drawn at random (the
    /// sliding gap) are drawn again by leaving them out.
    pub fn rematch(&self, random_gap: bool) -> GameConfig {
        let mut next = self.clone();
        std::mem::swap(&mut next.white, &mut next.black);
        if random_gap {
            next.options.remove("gap");
        }
        next
    }

    pub fn has_computer(&self) -> bool {
        matches!(self.white, Player::Computer(_)) || matches!(self.black, Player::Computer(_))
    }
}

/// A player's action on the game: what a local click, a typed command or (later) a network
/// message asks for. Applying the same actions in order reproduces the same game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum PlayerAction {
    Play { text: String },
    Resign { white: bool },
    OfferDraw { white: bool },
    AcceptDraw { white: bool },
    ClaimDraw { with_move: Option<String> },
    Undo,
    Rematch,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_use_the_saved_game_spelling() {
        assert_eq!(Player::Computer(Level::Hard).text(), "computer:hard");
        assert_eq!(
            Player::parse("computer:easy"),
            Some(Player::Computer(Level::Easy))
        );
        assert_eq!(Player::parse("human"), Some(Player::Human));
        assert_eq!(Player::parse("computer:godlike"), None);
    }

    #[test]
    fn rematch_swaps_colours_and_redraws_a_random_gap() {
        let mut options = BTreeMap::new();
        options.insert("gap".to_string(), "e5".to_string());
        let config = GameConfig {
            variant: "sliding".into(),
            options,
            white: Player::Human,
            black: Player::Computer(Level::Medium),
            time_control: None,
        };
        let next = config.rematch(true);
        assert_eq!(next.white, Player::Computer(Level::Medium));
        assert_eq!(next.black, Player::Human);
        assert!(!next.options.contains_key("gap"));
        assert_eq!(
            config.rematch(false).options.get("gap").map(String::as_str),
            Some("e5")
        );
    }

    #[test]
    fn actions_serialise_as_tagged_json() {
        let json = serde_json::to_string(&PlayerAction::Play {
            text: "e2e4".into(),
        })
        .unwrap();
        assert_eq!(json, r#"{"action":"play","text":"e2e4"}"#);
        let back: PlayerAction = serde_json::from_str(&json).unwrap();
        assert_eq!(
            back,
            PlayerAction::Play {
                text: "e2e4".into()
            }
        );
    }
}
