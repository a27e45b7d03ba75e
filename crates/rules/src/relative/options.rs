//! The options of relative chess (outer board size, recentering, leave-inner-board) and
//! reading them from their names.

use crate::options::{find_spec, OptionError, OptionSpec, OptionValues, DRAWS};
use crate::position::VariantKind;

/// The smallest and largest outer board sizes.
pub const MIN_SIZE: u8 = 10;
pub const MAX_SIZE: u8 = 26;
pub const DEFAULT_SIZE: u8 = 16;

crate::named_enum! {
    /// What happens to the inner board after each move (step 7 of a move in `docs/rules-relative.md`).
    #[derive(Default)]
    pub enum Recentering {
        /// The inner board moves one square toward the centre on each axis, carrying every piece.
        #[default]
        Aristotelian => "aristotelian",
        /// Nothing happens.
        Leibnizian => "leibnizian",
    }
}

crate::named_enum! {
    /// Where the moving piece may go relative to the inner board (step 3 of a move in `docs/rules-relative.md`).
    #[derive(Default)]
    pub enum Leave {
        /// Anywhere on the outer board.
        #[default]
        Yes => "yes",
        /// Only off the inner board's sides: its relative rank must stay within 1..8.
        Sides => "sides",
        /// Never off the inner board.
        No => "no",
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
        let spec = find_spec(&RULE_OPTIONS, VariantKind::Relative, key)?;
        match key {
            // The schema bounds the size to 10..=26, so it fits in a u8.
            "size" => self.size = spec.read_number(value)? as u8,
            "recentering" => self.recentering = spec.read(value, Recentering::from_name)?,
            _ => self.leave = spec.read(value, Leave::from_name)?,
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
    RULE_OPTIONS[0].check(&size.to_string())
}

/// The rule options of relative chess, as schema (the `draws` option is added by
/// [`OPTIONS`]).
pub const RULE_OPTIONS: [OptionSpec; 3] = [
    OptionSpec {
        key: "size",
        values: OptionValues::Range {
            min: MIN_SIZE as u32,
            max: MAX_SIZE as u32,
        },
        default: Some("16"),
        about: "squares along each side of the outer board",
    },
    OptionSpec {
        key: "recentering",
        values: OptionValues::Choice(&Recentering::NAMES),
        default: Some(Recentering::NAMES[0]),
        about: "whether the inner board moves one square toward the centre after each move",
    },
    OptionSpec {
        key: "leave",
        values: OptionValues::Choice(&Leave::NAMES),
        default: Some(Leave::NAMES[0]),
        about: "where a moving piece may leave the inner board: anywhere, off its sides, never",
    },
];

/// Every option of a relative chess game, in the order of the saved-game format.
pub const OPTIONS: [OptionSpec; 4] = [RULE_OPTIONS[0], RULE_OPTIONS[1], RULE_OPTIONS[2], DRAWS];

/// Why an option could not be set (the crate's one option error).
pub type RelativeOptionError = OptionError;
