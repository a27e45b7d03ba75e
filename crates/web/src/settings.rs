//! The player's remembered settings (board theme, piece set, coordinates, animation speed,
//! auto-queen, move confirmation, hot-seat auto-flip, sound): their defaults, the colours of
//! each board theme, and reading them back so that a damaged entry gives the defaults.
//! Stored as JSON under `SETTINGS_KEY`; see docs/README.md ("Settings").

use serde::{Deserialize, Serialize};

/// The browser storage key of the settings object. Other parts of the page read and write
/// fields of it (the sound toggle: `sound`), so its fields are only ever added, never renamed.
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

/// A missing field takes its default, so entries written by older versions still read.
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

/// What a control of the settings dialog shows: a choice by its stored name, or a switch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ControlValue {
    Choice(String),
    Switch(bool),
}

/// The stored name of a choice (`"blue"`), from its serde form.
fn choice_name(value: &impl Serialize) -> ControlValue {
    let quoted = serde_json::to_string(value).unwrap_or_default();
    ControlValue::Choice(quoted.trim_matches('"').to_string())
}

impl Settings {
    /// Reads stored settings: missing fields take their defaults, unknown ones are ignored,
    /// and text that cannot be read as settings gives the defaults.
    pub fn from_json(text: &str) -> Settings {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Each field by its stored name with its value, as the dialog's controls show them.
    pub fn control_values(&self) -> [(&'static str, ControlValue); 8] {
        use ControlValue::Switch;
        [
            ("board_theme", choice_name(&self.board_theme)),
            ("piece_set", choice_name(&self.piece_set)),
            ("coordinates", Switch(self.coordinates)),
            ("animation", choice_name(&self.animation)),
            ("auto_queen", Switch(self.auto_queen)),
            ("confirm_moves", Switch(self.confirm_moves)),
            ("auto_flip", Switch(self.auto_flip)),
            ("sound", Switch(self.sound)),
        ]
    }

    /// Settings from the dialog's controls (field name and value); as `from_json` otherwise.
    pub fn from_controls(controls: &[(String, ControlValue)]) -> Settings {
        let fields: Vec<String> = controls
            .iter()
            .map(|(field, value)| {
                let value = match value {
                    ControlValue::Choice(name) => serde_json::to_string(name).unwrap_or_default(),
                    ControlValue::Switch(on) => on.to_string(),
                };
                format!(
                    "{}:{value}",
                    serde_json::to_string(field).unwrap_or_default()
                )
            })
            .collect();
        Settings::from_json(&format!("{{{}}}", fields.join(",")))
    }
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
    fn a_bad_value_gives_the_defaults() {
        let settings = Settings::from_json(r#"{"board_theme":"purple","sound":false}"#);
        assert_eq!(settings, Settings::default());
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

    fn all_changed() -> Settings {
        Settings {
            board_theme: BoardTheme::Blue,
            piece_set: PieceSet::Flat,
            coordinates: false,
            animation: AnimationSpeed::Slow,
            auto_queen: true,
            confirm_moves: true,
            auto_flip: true,
            sound: false,
        }
    }

    #[test]
    fn settings_round_trip_through_storage_and_the_dialog() {
        let settings = all_changed();
        assert_eq!(Settings::from_json(&settings.to_json()), settings);
        let controls: Vec<(String, ControlValue)> = settings
            .control_values()
            .into_iter()
            .map(|(field, value)| (field.to_string(), value))
            .collect();
        assert_eq!(
            controls[0],
            ("board_theme".into(), ControlValue::Choice("blue".into()))
        );
        assert_eq!(Settings::from_controls(&controls), settings);
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
