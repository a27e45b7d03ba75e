//! The player's remembered settings (board theme, piece set, coordinates, animation speed,
//! auto-queen, move confirmation, hot-seat auto-flip, sound): their defaults, the colours of
//! each board theme, and reading them back leniently so a damaged entry never stops the app.
//! Stored as JSON under `SETTINGS_KEY`; see docs/README.md ("Settings").

use serde::{Deserialize, Serialize};

/// The browser storage key of the settings object. Other parts of the page read fields of it
/// (the sounds read `sound`), so its fields are only ever added, never renamed.
pub const SETTINGS_KEY: &str = "boardshift-settings";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardTheme {
    /// Light and dark brown, the classic look.
    #[default]
    Brown,
    Blue,
    Green,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceSet {
    /// The shaded set in `pieces/`.
    #[default]
    Classic,
    /// The flat geometric set in `pieces-flat/`.
    Flat,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnimationSpeed {
    Off,
    Fast,
    #[default]
    Normal,
    Slow,
}

/// Every field falls back to its default on its own when missing or unreadable (see
/// `Settings::from_json`), so an older or damaged entry keeps what it still says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub board_theme: BoardTheme,
    pub piece_set: PieceSet,
    pub coordinates: bool,
    pub animation: AnimationSpeed,
    /// A pawn reaching the last rank becomes a queen without the chooser.
    pub auto_queen: bool,
    /// A move made on the board waits for Confirm or Cancel before it is played.
    pub confirm_moves: bool,
    /// In a game of two players on this screen the board turns to the side to move.
    pub auto_flip: bool,
    pub sound: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            board_theme: BoardTheme::default(),
            piece_set: PieceSet::default(),
            coordinates: true,
            animation: AnimationSpeed::default(),
            auto_queen: false,
            confirm_moves: false,
            auto_flip: false,
            sound: true,
        }
    }
}

/// The colours a board theme paints its squares with.
#[derive(Debug, PartialEq, Eq)]
pub struct Palette {
    pub light: &'static str,
    pub dark: &'static str,
}

impl BoardTheme {
    pub const ALL: [BoardTheme; 3] = [BoardTheme::Brown, BoardTheme::Blue, BoardTheme::Green];

    pub fn palette(self) -> &'static Palette {
        match self {
            BoardTheme::Brown => &Palette {
                light: "#f0d9b5",
                dark: "#b58863",
            },
            BoardTheme::Blue => &Palette {
                light: "#dee3e6",
                dark: "#7f9fb8",
            },
            BoardTheme::Green => &Palette {
                light: "#eeeed2",
                dark: "#769656",
            },
        }
    }
}

impl PieceSet {
    /// The folder of the set's images, relative to the page.
    pub fn folder(self) -> &'static str {
        match self {
            PieceSet::Classic => "pieces",
            PieceSet::Flat => "pieces-flat",
        }
    }

    /// The image of a piece, e.g. `pieces-flat/wN.svg` for key `wN`.
    pub fn image_url(self, key: &str) -> String {
        format!("{}/{key}.svg", self.folder())
    }
}

impl AnimationSpeed {
    /// How long a move's animation lasts against the normal speed; `None`: no animation.
    pub fn pace(self) -> Option<f64> {
        match self {
            AnimationSpeed::Off => None,
            AnimationSpeed::Fast => Some(0.5),
            AnimationSpeed::Normal => Some(1.0),
            AnimationSpeed::Slow => Some(2.0),
        }
    }
}

impl Settings {
    /// Reads stored settings. Text that is not a JSON object gives the defaults; inside an
    /// object each field is read on its own, so one bad value costs only that setting.
    pub fn from_json(text: &str) -> Settings {
        let Ok(serde_json::Value::Object(stored)) = serde_json::from_str(text) else {
            return Settings::default();
        };
        let mut settings = serde_json::to_value(Settings::default()).unwrap_or_default();
        if let serde_json::Value::Object(fields) = &mut settings {
            for (name, value) in stored {
                let Some(slot) = fields.get_mut(&name) else {
                    continue;
                };
                let previous = std::mem::replace(slot, value);
                if serde_json::from_value::<Settings>(settings_probe(fields)).is_err() {
                    if let Some(slot) = fields.get_mut(&name) {
                        *slot = previous;
                    }
                }
            }
        }
        serde_json::from_value(settings).unwrap_or_default()
    }

    /// The stored form: this object merged over `stored` (what was kept before), so fields
    /// written by other parts of the page or by a newer version survive a save.
    pub fn to_json(&self, stored: Option<&str>) -> String {
        let mut merged = match stored.and_then(|text| serde_json::from_str(text).ok()) {
            Some(serde_json::Value::Object(fields)) => fields,
            _ => serde_json::Map::new(),
        };
        if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(self) {
            merged.extend(fields);
        }
        serde_json::Value::Object(merged).to_string()
    }
}

fn settings_probe(fields: &serde_json::Map<String, serde_json::Value>) -> serde_json::Value {
    serde_json::Value::Object(fields.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_text_gives_the_defaults() {
        for text in ["", "not json", "[1,2]", "null", "42", "{\"board_theme\":"] {
            assert_eq!(Settings::from_json(text), Settings::default(), "{text}");
        }
    }

    #[test]
    fn a_bad_field_costs_only_that_setting() {
        let settings =
            Settings::from_json(r#"{"board_theme":"purple","sound":false,"coordinates":"yes"}"#);
        assert_eq!(settings.board_theme, BoardTheme::Brown);
        assert!(!settings.sound);
        assert!(settings.coordinates);
    }

    #[test]
    fn missing_and_unknown_fields_are_fine() {
        let settings = Settings::from_json(r#"{"auto_queen":true,"volume":3}"#);
        assert!(settings.auto_queen);
        assert_eq!(
            Settings {
                auto_queen: false,
                ..settings
            },
            Settings::default()
        );
    }

    #[test]
    fn settings_round_trip() {
        let settings = Settings {
            board_theme: BoardTheme::Blue,
            piece_set: PieceSet::Flat,
            coordinates: false,
            animation: AnimationSpeed::Slow,
            auto_queen: true,
            confirm_moves: true,
            auto_flip: true,
            sound: false,
        };
        assert_eq!(Settings::from_json(&settings.to_json(None)), settings);
    }

    #[test]
    fn saving_keeps_fields_this_version_does_not_know() {
        let text = Settings::default().to_json(Some(r#"{"volume":3,"sound":false}"#));
        let stored: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(stored["volume"], 3);
        assert_eq!(stored["sound"], true);
    }

    #[test]
    fn themes_differ_and_piece_sets_have_their_own_folders() {
        let lights: Vec<_> = BoardTheme::ALL.iter().map(|t| t.palette().light).collect();
        assert!(lights
            .iter()
            .enumerate()
            .all(|(i, a)| !lights[..i].contains(a)));
        assert_eq!(PieceSet::Flat.image_url("wN"), "pieces-flat/wN.svg");
        assert_eq!(PieceSet::Classic.image_url("bK"), "pieces/bK.svg");
    }
}
