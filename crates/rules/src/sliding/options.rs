//! The option of sliding chess: where the gap starts (drawn at random when not chosen). Sliding
//! chess has no `draws` option: threefold repetition and the 50-move rule always draw.

use super::{SlidingPosition, Tile};
use crate::options::{find_spec, OptionError, OptionSpec, OptionValues};
use crate::position::VariantKind;

/// Options of the variant: the starting gap, drawn at random when absent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SlidingOptions {
    pub gap: Option<Tile>,
}

/// Every option of a sliding chess game.
pub const OPTIONS: [OptionSpec; 1] = [OptionSpec {
    key: "gap",
    values: OptionValues::Choice(&["a3", "c3", "e3", "g3", "a5", "c5", "e5", "g5"]),
    default: None,
    about: "the tile missing at the start (one of the eight middle tiles; random when absent)",
}];

impl SlidingOptions {
    /// The gap the game starts with: the chosen one, or a fresh random draw.
    pub fn resolve_gap(&self) -> Tile {
        self.gap.unwrap_or_else(SlidingPosition::random_gap)
    }

    /// Sets one option from its text key and value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_spec(&OPTIONS, VariantKind::Sliding, key)?;
        let tile = spec.read(value, Tile::parse)?;
        self.gap = Some(tile);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gap_choices_are_the_middle_tiles() {
        let OptionValues::Choice(names) = OPTIONS[0].values else {
            panic!("gap is a choice");
        };
        let middle: Vec<String> = Tile::MIDDLE.iter().map(|tile| tile.to_string()).collect();
        assert_eq!(names, middle.as_slice());
    }
}
