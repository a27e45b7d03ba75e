//! Variant options as one typed value per game: read from `KEY=VALUE` pairs (command line) and
//! from the `options` object of a saved game, written back to both, defaults per
//! `docs/saved-games.md`. The rule options live in each variant's module; `draws` is added here.
//!
//! Every source of options (command-line pairs, a saved game's `options` object, the app's
//! start form) goes through [`VariantOptions::set`], so a key the variant does not have is
//! refused with one message wherever it comes from.

use crate::chess960::Chess960Options;
use crate::game::DrawMode;
use crate::position::VariantKind;
use crate::regroupment::RegroupmentOptions;
use crate::relative::RelativeOptions;
use crate::sliding::SlidingOptions;
use crate::variant::{dispatch, Variant, VariantVisitor};
use serde_json::{Map, Value};
use std::fmt;

mod schema;

pub(crate) use schema::find_spec;
pub use schema::{OptionError, OptionSpec, OptionValues, DRAWS};

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
    Chess960 {
        rules: Chess960Options,
        draws: DrawMode,
    },
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
            VariantKind::Chess960 => VariantOptions::Chess960 {
                rules: Chess960Options::default(),
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
            VariantOptions::Chess960 { .. } => VariantKind::Chess960,
        }
    }

    /// The options of `variant`, in the order of the saved-game format: what each accepts, its
    /// default and a line of help. Parsing and messages follow it; tools can build their
    /// option lists and forms from it.
    pub fn schema(variant: VariantKind) -> &'static [OptionSpec] {
        struct Schema;
        impl VariantVisitor for Schema {
            type Output = &'static [OptionSpec];
            fn visit<V: Variant>(self) -> &'static [OptionSpec] {
                V::OPTIONS
            }
        }
        dispatch(variant, Schema)
    }

    /// The option keys of `variant`, in the order of [`VariantOptions::schema`].
    pub fn keys(variant: VariantKind) -> Vec<&'static str> {
        VariantOptions::schema(variant)
            .iter()
            .map(|spec| spec.key)
            .collect()
    }

    /// The draw handling chosen (sliding: always automatic).
    pub fn draws(&self) -> DrawMode {
        match self {
            VariantOptions::Standard { draws }
            | VariantOptions::Regroupment { draws, .. }
            | VariantOptions::Relative { draws, .. }
            | VariantOptions::Chess960 { draws, .. } => *draws,
            VariantOptions::Sliding(_) => DrawMode::Auto,
        }
    }

    /// Sets one option from its text key and value, checked against the schema.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let variant = self.variant();
        let spec = find_spec(VariantOptions::schema(variant), variant, key)?;
        match self {
            VariantOptions::Standard { draws }
            | VariantOptions::Regroupment { draws, .. }
            | VariantOptions::Relative { draws, .. }
            | VariantOptions::Chess960 { draws, .. }
                if key == DRAWS.key =>
            {
                *draws = spec.read(value, DrawMode::from_name)?
            }
            VariantOptions::Standard { .. } => return Err(spec.bad_value(value)),
            VariantOptions::Regroupment { rules, .. } => rules.set(key, value)?,
            VariantOptions::Sliding(sliding) => sliding.set(key, value)?,
            VariantOptions::Relative { rules, .. } => rules.set(key, value)?,
            VariantOptions::Chess960 { rules, .. } => rules.set(key, value)?,
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

    /// Reads the `options` object of a saved game (or the app's start form): null or missing
    /// keys take defaults; values are strings (numbers are accepted for `size`). Every key goes
    /// through [`VariantOptions::set`], as on the command line, so a key of another variant is
    /// refused with the same message everywhere.
    pub fn from_json(variant: VariantKind, value: &Value) -> Result<VariantOptions, OptionError> {
        let mut options = VariantOptions::default_for(variant);
        let object = match value {
            Value::Null => return Ok(options),
            Value::Object(object) => object,
            _ => return Err(OptionError::NotAnObject),
        };
        for (key, value) in object {
            let text = match value {
                Value::Null if VariantOptions::keys(variant).contains(&key.as_str()) => continue,
                Value::String(text) => text.clone(),
                Value::Number(number) => number.to_string(),
                other => {
                    if !VariantOptions::keys(variant).contains(&key.as_str()) {
                        return Err(OptionError::UnknownKey {
                            variant,
                            key: key.clone(),
                        });
                    }
                    return Err(OptionError::BadValue {
                        key: key.to_string(),
                        value: other.to_string(),
                        expected: "a string".to_string(),
                    });
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
            VariantOptions::Chess960 { rules, draws } => {
                pairs.push(("start", Some(rules.start_name())));
                pairs.push(("draws", Some(draws.name().to_string())));
            }
        }
        pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_schema_and_defaults_read_back() {
        for variant in VariantKind::ALL {
            let schema = VariantOptions::schema(variant);
            let keys: Vec<&str> = schema.iter().map(|spec| spec.key).collect();
            assert_eq!(keys, VariantOptions::keys(variant), "{variant}");
            let mut options = VariantOptions::default_for(variant);
            for spec in schema {
                if let Some(default) = spec.default {
                    options
                        .set(spec.key, default)
                        .expect("the default is accepted");
                }
            }
            assert_eq!(options, VariantOptions::default_for(variant), "{variant}");
        }
        let OptionValues::Choice(names) = DRAWS.values else {
            panic!("draws is a choice");
        };
        assert_eq!(names, DrawMode::NAMES);
    }

    #[test]
    fn messages_come_from_the_schema() {
        let mut options = VariantOptions::default_for(VariantKind::Relative);
        let error = options.set("size", "9").unwrap_err().to_string();
        assert_eq!(
            error,
            "bad value '9' for option size (expected a whole number from 10 to 26)"
        );
        let error = options.set("leave", "maybe").unwrap_err().to_string();
        assert_eq!(
            error,
            "bad value 'maybe' for option leave (expected one of yes, sides, no)"
        );
        let mut options = VariantOptions::default_for(VariantKind::Sliding);
        let error = options.set("gap", "e4").unwrap_err().to_string();
        assert!(
            error.contains("expected one of a3, c3, e3, g3, a5, c5, e5, g5"),
            "{error}"
        );
    }
}
