//! The saved-game JSON of `docs/saved-games.md`: the file's shape, reading it with size limits and
//! field-by-field errors, and the errors a load can end with. Replaying and validating the
//! contents against the rules is [`crate::any::AnyGame::from_saved`].
//!
//! Reading checks, in order: size, JSON syntax, `format`, `version`, `variant`, the number of
//! moves, then each field's type. Unknown fields are ignored and missing optional fields take
//! defaults (`options` the variant's defaults, `start` null, `setup` and `moves` empty, `clock`
//! null, `players` humans, `pending` nothing, `result` whatever the moves decide).

use crate::game::{color_name, ClockState, EndReason, Outcome};
use crate::options::OptionError;
use crate::position::VariantKind;
use crate::types::Color;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// The `format` value of every saved game.
pub const FORMAT: &str = "boardshift-game";
/// The version written; readers accept exactly the versions they know.
pub const VERSION: u64 = 1;
/// Larger inputs are refused before parsing.
pub const MAX_BYTES: usize = 4 * 1024 * 1024;
/// More setup steps plus moves than this are refused before any is replayed.
pub const MAX_MOVES: usize = 20_000;

/// Who plays each side (free text such as `human` or `computer:hard`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    #[serde(default = "human")]
    pub white: String,
    #[serde(default = "human")]
    pub black: String,
}

fn human() -> String {
    "human".to_string()
}

impl Default for Players {
    fn default() -> Players {
        Players {
            white: human(),
            black: human(),
        }
    }
}

/// What the game was waiting for when saved.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// From-to of a promotion move awaiting its piece (`e7e8`).
    #[serde(default)]
    pub promotion: Option<String>,
    /// The side whose draw offer is standing.
    #[serde(default, with = "color_name::option")]
    pub draw_offer: Option<Color>,
}

/// The result as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedResult {
    pub outcome: Outcome,
    #[serde(default)]
    pub reason: Option<EndReason>,
    /// The intended move of a correct draw claim (FIDE 9.2.1 / 9.3.1), which was not played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_move: Option<String>,
}

impl Default for SavedResult {
    fn default() -> SavedResult {
        SavedResult {
            outcome: Outcome::Ongoing,
            reason: None,
            claimed_move: None,
        }
    }
}

/// One saved game, field for field as in `docs/saved-games.md`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub format: String,
    pub version: u64,
    pub variant: String,
    #[serde(default)]
    pub options: Value,
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub setup: Vec<String>,
    #[serde(default)]
    pub moves: Vec<String>,
    #[serde(default)]
    pub clock: Option<ClockState>,
    #[serde(default)]
    pub players: Players,
    #[serde(default)]
    pub pending: Pending,
    /// `None` when the file has no `result`: the moves alone then decide it.
    #[serde(default)]
    pub result: Option<SavedResult>,
    #[serde(default)]
    pub saved_at: Option<String>,
}

/// Why a saved game could not be loaded. Every message names the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    TooLarge {
        bytes: usize,
        limit: usize,
    },
    NotJson(String),
    NotAnObject,
    MissingField(&'static str),
    BadField {
        field: &'static str,
        message: String,
    },
    WrongFormat(String),
    WrongVersion(String),
    UnknownVariant(String),
    TooManyMoves {
        count: usize,
        limit: usize,
    },
    BadOption(OptionError),
    BadStart {
        text: String,
        reason: String,
    },
    BadSetupStep {
        index: usize,
        text: String,
        reason: String,
    },
    BadMove {
        index: usize,
        text: String,
        reason: String,
    },
    Inconsistent(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::TooLarge { bytes, limit } => write!(
                f,
                "the file is too large for a saved game ({bytes} bytes; the limit is {limit})"
            ),
            SaveError::NotJson(error) => write!(f, "not JSON: {error}"),
            SaveError::NotAnObject => f.write_str("not a saved game: the JSON is not an object"),
            SaveError::MissingField(field) => {
                write!(f, "not a saved game: the field '{field}' is missing")
            }
            SaveError::BadField { field, message } => {
                write!(f, "bad field '{field}': {message}")
            }
            SaveError::WrongFormat(found) => write!(
                f,
                "wrong format {found} (expected \"{FORMAT}\"): not a Boardshift saved game"
            ),
            SaveError::WrongVersion(found) => write!(
                f,
                "unsupported version {found} (this program reads version {VERSION})"
            ),
            SaveError::UnknownVariant(name) => write!(
                f,
                "unknown variant {name} (expected standard, regroupment, sliding or relative)"
            ),
            SaveError::TooManyMoves { count, limit } => write!(
                f,
                "too many moves: {count} setup steps and moves (the limit is {limit})"
            ),
            SaveError::BadOption(error) => write!(f, "bad option: {error}"),
            SaveError::BadStart { text, reason } => {
                write!(f, "bad start position '{text}': {reason}")
            }
            SaveError::BadSetupStep {
                index,
                text,
                reason,
            } => write!(f, "setup[{index}] \"{text}\" cannot be played: {reason}"),
            SaveError::BadMove {
                index,
                text,
                reason,
            } => write!(f, "moves[{index}] \"{text}\" cannot be played: {reason}"),
            SaveError::Inconsistent(message) => write!(f, "inconsistent saved game: {message}"),
        }
    }
}

impl std::error::Error for SaveError {}

impl From<OptionError> for SaveError {
    fn from(error: OptionError) -> SaveError {
        SaveError::BadOption(error)
    }
}

impl SavedGame {
    /// Reads the JSON text of a saved game: limits, header fields and field types. The contents
    /// are not replayed here.
    pub fn parse(text: &str) -> Result<SavedGame, SaveError> {
        if text.len() > MAX_BYTES {
            return Err(SaveError::TooLarge {
                bytes: text.len(),
                limit: MAX_BYTES,
            });
        }
        let value: Value =
            serde_json::from_str(text).map_err(|error| SaveError::NotJson(error.to_string()))?;
        let Value::Object(object) = value else {
            return Err(SaveError::NotAnObject);
        };
        SavedGame::from_object(object)
    }

    fn from_object(mut object: Map<String, Value>) -> Result<SavedGame, SaveError> {
        let format = match object.get("format") {
            None => return Err(SaveError::MissingField("format")),
            Some(Value::String(text)) if text == FORMAT => text.clone(),
            Some(other) => return Err(SaveError::WrongFormat(short_json(other))),
        };
        let version = match object.get("version") {
            None => return Err(SaveError::MissingField("version")),
            Some(value) if value.as_u64() == Some(VERSION) => VERSION,
            Some(other) => return Err(SaveError::WrongVersion(short_json(other))),
        };
        let variant = match object.get("variant") {
            None => return Err(SaveError::MissingField("variant")),
            Some(Value::String(name)) if VariantKind::from_name(name).is_some() => name.clone(),
            Some(other) => return Err(SaveError::UnknownVariant(short_json(other))),
        };
        let count = |key: &str| match object.get(key) {
            Some(Value::Array(items)) => items.len(),
            _ => 0,
        };
        let steps = count("setup") + count("moves");
        if steps > MAX_MOVES {
            return Err(SaveError::TooManyMoves {
                count: steps,
                limit: MAX_MOVES,
            });
        }
        Ok(SavedGame {
            format,
            version,
            variant,
            options: object.remove("options").unwrap_or(Value::Null),
            start: take_field(&mut object, "start")?,
            setup: take_field(&mut object, "setup")?,
            moves: take_field(&mut object, "moves")?,
            clock: take_field(&mut object, "clock")?,
            players: take_field(&mut object, "players")?,
            pending: take_field(&mut object, "pending")?,
            result: take_field(&mut object, "result")?,
            saved_at: take_field(&mut object, "saved_at")?,
        })
    }

    /// The variant named by the file (checked by [`SavedGame::parse`]).
    pub fn variant_kind(&self) -> Result<VariantKind, SaveError> {
        VariantKind::from_name(&self.variant)
            .ok_or_else(|| SaveError::UnknownVariant(format!("\"{}\"", self.variant)))
    }

    /// Pretty-printed JSON.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// Removes and reads one optional field: absent or null gives the default.
fn take_field<T: DeserializeOwned + Default>(
    object: &mut Map<String, Value>,
    field: &'static str,
) -> Result<T, SaveError> {
    match object.remove(field) {
        None | Some(Value::Null) => Ok(T::default()),
        Some(value) => serde_json::from_value(value).map_err(|error| SaveError::BadField {
            field,
            message: error.to_string(),
        }),
    }
}

/// A JSON value for a message, cut short.
fn short_json(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 40 {
        let cut: String = text.chars().take(40).collect();
        format!("{cut}…")
    } else {
        text
    }
}
