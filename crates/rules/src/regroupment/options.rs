//! The options of Regroupment Chess (`order`, `king_knight`, `castling`, `start`) and their
//! text names as used on the command line and in saved games.

use std::fmt;

/// Declares an option's value enum with its text names (the first listed is the default).
macro_rules! option_values {
    ($(#[$doc:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            /// Every value, the default first.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The text names of the values, in the order of [`Self::ALL`].
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            pub fn from_name(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl Default for $name {
            fn default() -> $name {
                $name::ALL[0]
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

option_values! {
    /// Option `order`: in which order the four setup steps are taken.
    TurnOrder {
        Sequential => "sequential",
        Alternate => "alternate",
    }
}

option_values! {
    /// Option `king_knight`: whether the king step may swap the king with a knight.
    KingKnight {
        Allowed => "allowed",
        Forbidden => "forbidden",
    }
}

option_values! {
    /// Option `castling`: `curtailed` removes both castling rights of a king placed on the
    /// b- or g-file.
    CastlingRule {
        Full => "full",
        Curtailed => "curtailed",
    }
}

option_values! {
    /// Option `start`: `random` draws each side's back rank instead of playing the setup phase.
    StartRule {
        Choose => "choose",
        Random => "random",
    }
}

/// The rules options of Regroupment Chess. The `draws` option belongs to the game record and
/// is not kept here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RegroupmentOptions {
    pub order: TurnOrder,
    pub king_knight: KingKnight,
    pub castling: CastlingRule,
    pub start: StartRule,
}

/// Why an option could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    UnknownKey {
        key: String,
    },
    BadValue {
        key: &'static str,
        value: String,
        allowed: &'static [&'static str],
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownKey { key } => write!(
                f,
                "unknown regroupment option '{key}' (known: {})",
                RegroupmentOptions::KEYS.join(", ")
            ),
            OptionError::BadValue {
                key,
                value,
                allowed,
            } => write!(
                f,
                "bad value '{value}' for regroupment option '{key}' (allowed: {})",
                allowed.join(", ")
            ),
        }
    }
}

impl std::error::Error for OptionError {}

fn parse_value<T>(
    key: &'static str,
    value: &str,
    from_name: fn(&str) -> Option<T>,
    allowed: &'static [&'static str],
) -> Result<T, OptionError> {
    from_name(value).ok_or_else(|| OptionError::BadValue {
        key,
        value: value.to_string(),
        allowed,
    })
}

impl RegroupmentOptions {
    /// The option keys this struct holds.
    pub const KEYS: [&'static str; 4] = ["order", "king_knight", "castling", "start"];

    /// Sets one option from its text key and value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "order" => {
                self.order = parse_value("order", value, TurnOrder::from_name, TurnOrder::NAMES)?
            }
            "king_knight" => {
                self.king_knight = parse_value(
                    "king_knight",
                    value,
                    KingKnight::from_name,
                    KingKnight::NAMES,
                )?
            }
            "castling" => {
                self.castling = parse_value(
                    "castling",
                    value,
                    CastlingRule::from_name,
                    CastlingRule::NAMES,
                )?
            }
            "start" => {
                self.start = parse_value("start", value, StartRule::from_name, StartRule::NAMES)?
            }
            _ => {
                return Err(OptionError::UnknownKey {
                    key: key.to_string(),
                })
            }
        }
        Ok(())
    }

    /// The defaults with each `(key, value)` pair applied in turn.
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<RegroupmentOptions, OptionError> {
        let mut options = RegroupmentOptions::default();
        for (key, value) in pairs {
            options.set(key, value)?;
        }
        Ok(options)
    }

    /// Every option as `(key, value)` text, in the order of [`Self::KEYS`].
    pub fn pairs(&self) -> [(&'static str, &'static str); 4] {
        [
            ("order", self.order.name()),
            ("king_knight", self.king_knight.name()),
            ("castling", self.castling.name()),
            ("start", self.start.name()),
        ]
    }
}
