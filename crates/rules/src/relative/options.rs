//! The options of relative chess (outer board size, recentering, leave-inner-board) and
//! reading them from their names.

use std::fmt;

/// The smallest and largest outer board sizes.
pub const MIN_SIZE: u8 = 10;
pub const MAX_SIZE: u8 = 26;
pub const DEFAULT_SIZE: u8 = 16;

/// What happens to the inner board after each move (step 7 in `docs/rules-relative.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Recentering {
    /// The inner board moves one square toward the centre on each axis, carrying every piece.
    #[default]
    Aristotelian,
    /// Nothing happens.
    Leibnizian,
}

impl Recentering {
    pub const ALL: [Recentering; 2] = [Recentering::Aristotelian, Recentering::Leibnizian];

    pub const fn name(self) -> &'static str {
        match self {
            Recentering::Aristotelian => "aristotelian",
            Recentering::Leibnizian => "leibnizian",
        }
    }

    pub fn from_name(name: &str) -> Result<Recentering, RelativeOptionError> {
        Recentering::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| RelativeOptionError::BadValue {
                key: "recentering",
                value: name.to_string(),
                expected: "aristotelian or leibnizian",
            })
    }
}

/// Where the moving piece may go relative to the inner board (step 3 in `docs/rules-relative.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Leave {
    /// Anywhere on the outer board.
    #[default]
    Yes,
    /// Only off the inner board's sides: its relative rank must stay within 1..8.
    Sides,
    /// Never off the inner board.
    No,
}

impl Leave {
    pub const ALL: [Leave; 3] = [Leave::Yes, Leave::Sides, Leave::No];

    pub const fn name(self) -> &'static str {
        match self {
            Leave::Yes => "yes",
            Leave::Sides => "sides",
            Leave::No => "no",
        }
    }

    pub fn from_name(name: &str) -> Result<Leave, RelativeOptionError> {
        Leave::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .ok_or_else(|| RelativeOptionError::BadValue {
                key: "leave",
                value: name.to_string(),
                expected: "yes, sides or no",
            })
    }
}

/// The rule options of one relative chess game. Draw handling is a game-level option and is
/// not part of this type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RelativeOptions {
    /// The outer board is `size`×`size` squares, `MIN_SIZE..=MAX_SIZE`.
    pub size: u8,
    pub recentering: Recentering,
    pub leave: Leave,
}

impl Default for RelativeOptions {
    fn default() -> Self {
        RelativeOptions {
            size: DEFAULT_SIZE,
            recentering: Recentering::default(),
            leave: Leave::default(),
        }
    }
}

impl RelativeOptions {
    /// Options with a checked size.
    pub fn new(
        size: u8,
        recentering: Recentering,
        leave: Leave,
    ) -> Result<RelativeOptions, RelativeOptionError> {
        check_size(size as u32)?;
        Ok(RelativeOptions {
            size,
            recentering,
            leave,
        })
    }

    /// Sets one option from its text form (`size`, `recentering`, `leave`).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RelativeOptionError> {
        match key {
            "size" => {
                let size: u32 = value.parse().map_err(|_| RelativeOptionError::BadValue {
                    key: "size",
                    value: value.to_string(),
                    expected: "a whole number from 10 to 26",
                })?;
                check_size(size)?;
                self.size = size as u8;
            }
            "recentering" => self.recentering = Recentering::from_name(value)?,
            "leave" => self.leave = Leave::from_name(value)?,
            _ => return Err(RelativeOptionError::UnknownKey(key.to_string())),
        }
        Ok(())
    }

    /// The options as `(key, value)` text pairs, in the order of `docs/saved-games.md`.
    pub fn to_pairs(&self) -> [(&'static str, String); 3] {
        [
            ("size", self.size.to_string()),
            ("recentering", self.recentering.name().to_string()),
            ("leave", self.leave.name().to_string()),
        ]
    }

    /// The centred coordinate of the inner board's a1 on each axis: ⌊(size − 8) / 2⌋.
    pub const fn centre(&self) -> u8 {
        (self.size - 8) / 2
    }
}

fn check_size(size: u32) -> Result<(), RelativeOptionError> {
    if (MIN_SIZE as u32..=MAX_SIZE as u32).contains(&size) {
        Ok(())
    } else {
        Err(RelativeOptionError::BadSize(size))
    }
}

/// Why an option could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelativeOptionError {
    UnknownKey(String),
    BadValue {
        key: &'static str,
        value: String,
        expected: &'static str,
    },
    BadSize(u32),
}

impl fmt::Display for RelativeOptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelativeOptionError::UnknownKey(key) => {
                write!(f, "unknown relative chess option '{key}' (expected size, recentering or leave)")
            }
            RelativeOptionError::BadValue {
                key,
                value,
                expected,
            } => write!(f, "bad value '{value}' for option {key} (expected {expected})"),
            RelativeOptionError::BadSize(size) => write!(
                f,
                "board size {size} is out of range (the outer board is {MIN_SIZE} to {MAX_SIZE} squares wide)"
            ),
        }
    }
}

impl std::error::Error for RelativeOptionError {}
