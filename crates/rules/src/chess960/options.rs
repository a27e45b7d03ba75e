//! The option of Chess960: which of the 960 starts to play (`start`: `random`, the default, or
//! a Scharnagl number 0–959), plus the shared `draws`.

use super::START_COUNT;
use crate::options::{find_spec, OptionError, OptionSpec, OptionValues, DRAWS};
use crate::position::VariantKind;

/// The word of the `start` option that asks for a fresh uniform draw.
pub const RANDOM_START: &str = "random";

/// The rule options of Chess960 (`draws` belongs to the game record).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chess960Options {
    /// The chosen start number, `None` to draw one.
    pub start: Option<u16>,
}

/// The `start` option.
pub const START_OPTION: OptionSpec = OptionSpec {
    key: "start",
    values: OptionValues::NumberOrWord {
        word: RANDOM_START,
        min: 0,
        max: START_COUNT as u32 - 1,
    },
    default: Some(RANDOM_START),
    about: "the start position: random, or its Scharnagl number (518 is the orthodox start)",
};

/// Every option of a Chess960 game, in the order of the saved-game format.
pub const OPTIONS: [OptionSpec; 2] = [START_OPTION, DRAWS];

impl Chess960Options {
    /// Sets one option from its text key and value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_spec(&[START_OPTION], VariantKind::Chess960, key)?;
        self.start = if value == RANDOM_START {
            None
        } else {
            let number = spec.read_number(value)?;
            Some(u16::try_from(number).map_err(|_| spec.bad_value(value))?)
        };
        Ok(())
    }

    /// The `start` option as text.
    pub fn start_name(&self) -> String {
        self.start
            .map_or_else(|| RANDOM_START.to_string(), |number| number.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_takes_random_or_a_number_below_960() {
        let mut options = Chess960Options::default();
        options.set("start", "518").expect("a number");
        assert_eq!(options.start, Some(518));
        assert_eq!(options.start_name(), "518");
        options.set("start", "random").expect("the word");
        assert_eq!(options, Chess960Options::default());
        let error = options.set("start", "960").unwrap_err().to_string();
        assert_eq!(
            error,
            "bad value '960' for option start (expected random or a whole number from 0 to 959)"
        );
        assert!(options.set("gap", "a3").is_err());
    }
}
