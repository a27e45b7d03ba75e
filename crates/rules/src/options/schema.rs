//! The option schema: every option of every variant described once, as data (key, accepted
//! values, default, a line of help). Parsing checks values against it and error messages are
//! written from it; tools build their option lists and forms from it (UCI `option` lines, the
//! app's start screen) instead of repeating the vocabulary.

use crate::position::VariantKind;

/// The values an option accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValues {
    /// One of these names.
    Choice(&'static [&'static str]),
    /// A whole number in `min..=max`.
    Range { min: u32, max: u32 },
    /// A word, or a whole number in `min..=max` (Chess960's `start`: `random` or 0–959).
    NumberOrWord {
        word: &'static str,
        min: u32,
        max: u32,
    },
}

/// One option of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub key: &'static str,
    pub values: OptionValues,
    /// The value taken when the option is not given; `None` when a fresh random value is drawn
    /// instead (sliding's `gap`).
    pub default: Option<&'static str>,
    /// One line for help texts and forms.
    pub about: &'static str,
}

impl OptionSpec {
    /// What the option accepts, for messages: `one of auto, fide`, `a whole number from 10 to
    /// 26`.
    pub fn expected(&self) -> String {
        match self.values {
            OptionValues::Choice(names) => format!("one of {}", names.join(", ")),
            OptionValues::Range { min, max } => format!("a whole number from {min} to {max}"),
            OptionValues::NumberOrWord { word, min, max } => {
                format!("{word} or a whole number from {min} to {max}")
            }
        }
    }

    /// Whether `value` is acceptable; the error names the key, the value and what is expected.
    pub fn check(&self, value: &str) -> Result<(), OptionError> {
        let fits = match self.values {
            OptionValues::Choice(names) => names.contains(&value),
            OptionValues::Range { min, max } => value
                .parse::<u32>()
                .is_ok_and(|number| (min..=max).contains(&number)),
            OptionValues::NumberOrWord { word, min, max } => {
                value == word
                    || value
                        .parse::<u32>()
                        .is_ok_and(|number| (min..=max).contains(&number))
            }
        };
        if fits {
            Ok(())
        } else {
            Err(self.bad_value(value))
        }
    }

    /// The error for a value this option does not accept.
    pub fn bad_value(&self, value: &str) -> OptionError {
        OptionError::BadValue {
            key: self.key.to_string(),
            value: value.to_string(),
            expected: self.expected(),
        }
    }

    /// Reads a choice through the value type's `from_name`, checked against the schema first.
    pub(crate) fn read<T>(
        &self,
        value: &str,
        from_name: fn(&str) -> Option<T>,
    ) -> Result<T, OptionError> {
        self.check(value)?;
        from_name(value).ok_or_else(|| self.bad_value(value))
    }

    /// Reads a whole number, checked against the schema.
    pub(crate) fn read_number(&self, value: &str) -> Result<u32, OptionError> {
        self.check(value)?;
        value.parse().map_err(|_| self.bad_value(value))
    }
}

/// Finds `key` in `schema`, or the error for an option `variant` does not have.
pub(crate) fn find_spec<'a>(
    schema: &'a [OptionSpec],
    variant: VariantKind,
    key: &str,
) -> Result<&'a OptionSpec, OptionError> {
    schema
        .iter()
        .find(|spec| spec.key == key)
        .ok_or_else(|| OptionError::UnknownKey {
            variant,
            key: key.to_string(),
        })
}

/// The `draws` option shared by standard, regroupment, relative chess and Chess960.
pub const DRAWS: OptionSpec = OptionSpec {
    key: "draws",
    values: OptionValues::Choice(&["auto", "fide"]),
    default: Some("auto"),
    about: "threefold repetition and the 50-move rule: automatic draws, or claims (FIDE)",
};

/// Why an option could not be read. One type for every variant and every source (command-line
/// pairs, saved games, the app's form); its messages come from the schema.
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

impl std::error::Error for OptionError {}
