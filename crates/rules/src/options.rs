//! Variant options as one typed value per game: read from `KEY=VALUE` pairs (command line) and
//! from the `options` object of a saved game, written back to both, defaults per
//! `docs/saved-games.md`. The rule options live in each variant's module; `draws` is added here.
//!
//! A saved game's `options` object ignores keys it does not know (like every other unknown
//! field of the file); on the command line an unknown key is an error.

use crate::game::DrawMode;
use crate::position::VariantKind;
use crate::regroupment::{CastlingRule, KingKnight, RegroupmentOptions, StartRule, TurnOrder};
use crate::relative::RelativeOptions;
use crate::sliding::{SlidingOptions, Tile};
use serde_json::{Map, Value};
use std::fmt;

/// The options of one game, typed per variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantOptions {
    Standard {
        draws: DrawMode,
    },
    Regroupment {
        rules: RegroupmentOptions,
        draws: DrawMode,
    },
    /// Sliding chess has no `draws` option: threefold and 50 moves are always automatic.
    Sliding(SlidingOptions),
    Relative {
        rules: RelativeOptions,
        draws: DrawMode,
    },
}

/// Why an option could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    UnknownKey {
        variant: VariantKind,
        key: String,
    },
    BadValue {
        key: String,
        value: String,
        expected: String,
    },
    /// Command-line text that is not `KEY=VALUE`.
    NotAPair(String),
    /// A saved game's `options` that is neither an object nor null.
    NotAnObject,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownKey { variant, key } => write!(
                f,
                "unknown option '{key}' for variant {} (known: {})",
                variant.name(),
                VariantOptions::keys(*variant).join(", ")
            ),
            OptionError::BadValue {
                key,
                value,
                expected,
            } => write!(
                f,
                "bad value '{value}' for option {key} (expected {expected})"
            ),
            OptionError::NotAPair(text) => {
                write!(f, "option '{text}' is not of the form KEY=VALUE")
            }
            OptionError::NotAnObject => f.write_str("options must be a JSON object or null"),
        }
    }
}

impl std::error::Error for OptionError {}

const GAP_NAMES: &str = "one of a3 c3 e3 g3 a5 c5 e5 g5";

impl VariantOptions {
    /// The defaults of `variant` (sliding: no gap chosen, so a random one at start).
    pub fn default_for(variant: VariantKind) -> VariantOptions {
        match variant {
            VariantKind::Standard => VariantOptions::Standard {
                draws: DrawMode::Auto,
            },
            VariantKind::Regroupment => VariantOptions::Regroupment {
                rules: RegroupmentOptions::default(),
                draws: DrawMode::Auto,
            },
            VariantKind::Sliding => VariantOptions::Sliding(SlidingOptions::default()),
            VariantKind::Relative => VariantOptions::Relative {
                rules: RelativeOptions::default(),
                draws: DrawMode::Auto,
            },
        }
    }

    pub fn variant(&self) -> VariantKind {
        match self {
            VariantOptions::Standard { .. } => VariantKind::Standard,
            VariantOptions::Regroupment { .. } => VariantKind::Regroupment,
            VariantOptions::Sliding(_) => VariantKind::Sliding,
            VariantOptions::Relative { .. } => VariantKind::Relative,
        }
    }

    /// The option keys of `variant`, in the order of `docs/saved-games.md`.
    pub fn keys(variant: VariantKind) -> &'static [&'static str] {
        match variant {
            VariantKind::Standard => &["draws"],
            VariantKind::Regroupment => &["order", "king_knight", "castling", "start", "draws"],
            VariantKind::Sliding => &["gap"],
            VariantKind::Relative => &["size", "recentering", "leave", "draws"],
        }
    }

    /// The draw handling chosen (sliding: always automatic).
    pub fn draws(&self) -> DrawMode {
        match self {
            VariantOptions::Standard { draws }
            | VariantOptions::Regroupment { draws, .. }
            | VariantOptions::Relative { draws, .. } => *draws,
            VariantOptions::Sliding(_) => DrawMode::Auto,
        }
    }

    /// Sets one option from its text key and value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let variant = self.variant();
        let unknown = || OptionError::UnknownKey {
            variant,
            key: key.to_string(),
        };
        let bad_value = |error: &dyn fmt::Display| OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected_values(key, &error.to_string()),
        };
        match self {
            VariantOptions::Standard { draws } => match key {
                "draws" => *draws = parse_draws(value)?,
                _ => return Err(unknown()),
            },
            VariantOptions::Regroupment { rules, draws } => match key {
                "draws" => *draws = parse_draws(value)?,
                _ => {
                    if !RegroupmentOptions::KEYS.contains(&key) {
                        return Err(unknown());
                    }
                    rules.set(key, value).map_err(|error| bad_value(&error))?;
                }
            },
            VariantOptions::Sliding(sliding) => match key {
                "gap" => sliding.gap = Some(parse_gap(value)?),
                _ => return Err(unknown()),
            },
            VariantOptions::Relative { rules, draws } => match key {
                "draws" => *draws = parse_draws(value)?,
                "size" | "recentering" | "leave" => {
                    rules.set(key, value).map_err(|error| bad_value(&error))?;
                }
                _ => return Err(unknown()),
            },
        }
        Ok(())
    }

    /// The defaults of `variant` with each `KEY=VALUE` text applied in turn.
    pub fn from_pairs<S: AsRef<str>>(
        variant: VariantKind,
        pairs: &[S],
    ) -> Result<VariantOptions, OptionError> {
        let mut options = VariantOptions::default_for(variant);
        for pair in pairs {
            let pair = pair.as_ref();
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| OptionError::NotAPair(pair.to_string()))?;
            options.set(key.trim(), value.trim())?;
        }
        Ok(options)
    }

    /// Reads the `options` object of a saved game: null or missing keys take defaults, unknown
    /// keys are ignored, values are strings (numbers are accepted for `size`).
    pub fn from_json(variant: VariantKind, value: &Value) -> Result<VariantOptions, OptionError> {
        let mut options = VariantOptions::default_for(variant);
        let object = match value {
            Value::Null => return Ok(options),
            Value::Object(object) => object,
            _ => return Err(OptionError::NotAnObject),
        };
        for &key in VariantOptions::keys(variant) {
            let text = match object.get(key) {
                None | Some(Value::Null) => continue,
                Some(Value::String(text)) => text.clone(),
                Some(Value::Number(number)) => number.to_string(),
                Some(other) => {
                    return Err(OptionError::BadValue {
                        key: key.to_string(),
                        value: other.to_string(),
                        expected: "a string".to_string(),
                    })
                }
            };
            options.set(key, &text)?;
        }
        Ok(options)
    }

    /// The options as the `options` object of a saved game (every key written; `size` as a
    /// number; an unchosen sliding gap as null).
    pub fn to_json(&self) -> Value {
        let mut object = Map::new();
        for (key, value) in self.to_pairs() {
            let value = match (key, value) {
                ("size", Some(text)) => text
                    .parse::<u64>()
                    .map(Value::from)
                    .unwrap_or(Value::String(text)),
                (_, Some(text)) => Value::String(text),
                (_, None) => Value::Null,
            };
            object.insert(key.to_string(), value);
        }
        Value::Object(object)
    }

    /// Every option as `(key, value)`; `None` for an unchosen sliding gap.
    pub fn to_pairs(&self) -> Vec<(&'static str, Option<String>)> {
        let mut pairs: Vec<(&'static str, Option<String>)> = Vec::new();
        match self {
            VariantOptions::Standard { draws } => {
                pairs.push(("draws", Some(draws.name().to_string())));
            }
            VariantOptions::Regroupment { rules, draws } => {
                for (key, value) in rules.pairs() {
                    pairs.push((key, Some(value.to_string())));
                }
                pairs.push(("draws", Some(draws.name().to_string())));
            }
            VariantOptions::Sliding(sliding) => {
                pairs.push(("gap", sliding.gap.map(|tile| tile.to_string())));
            }
            VariantOptions::Relative { rules, draws } => {
                for (key, value) in rules.to_pairs() {
                    pairs.push((key, Some(value)));
                }
                pairs.push(("draws", Some(draws.name().to_string())));
            }
        }
        pairs
    }
}

fn parse_draws(value: &str) -> Result<DrawMode, OptionError> {
    DrawMode::from_name(value).ok_or_else(|| OptionError::BadValue {
        key: "draws".to_string(),
        value: value.to_string(),
        expected: "auto or fide".to_string(),
    })
}

fn parse_gap(value: &str) -> Result<Tile, OptionError> {
    Tile::parse(value)
        .filter(|tile| Tile::MIDDLE.contains(tile))
        .ok_or_else(|| OptionError::BadValue {
            key: "gap".to_string(),
            value: value.to_string(),
            expected: GAP_NAMES.to_string(),
        })
}

/// What a key accepts, for messages; the variant module's own message for keys not listed.
fn expected_values(key: &str, fallback: &str) -> String {
    let names: &[&str] = match key {
        "order" => TurnOrder::NAMES,
        "king_knight" => KingKnight::NAMES,
        "castling" => CastlingRule::NAMES,
        "start" => StartRule::NAMES,
        "recentering" => &["aristotelian", "leibnizian"],
        "leave" => &["yes", "sides", "no"],
        "size" => return "a whole number from 10 to 26".to_string(),
        _ => return fallback.to_string(),
    };
    format!("one of {}", names.join(", "))
}
