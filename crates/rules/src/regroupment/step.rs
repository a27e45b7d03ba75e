//! One step of the Regroupment setup phase (`Kd1`, `Q-`, …): its parts and its text form.

use crate::types::{Color, Square};
use std::fmt;
use std::str::FromStr;

/// The piece a setup step relocates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relocator {
    King,
    Queen,
}

impl Relocator {
    /// The letter that opens the step's text.
    pub const fn letter(self) -> char {
        match self {
            Relocator::King => 'K',
            Relocator::Queen => 'Q',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Relocator::King => "king",
            Relocator::Queen => "queen",
        }
    }
}

/// A setup step: the king or the queen swaps with the piece on `swap_with`, or (`None`) the
/// side declines to relocate it. The side is implied by whose step it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SetupStep {
    pub relocator: Relocator,
    pub swap_with: Option<Square>,
}

impl SetupStep {
    pub const fn king_swap(with: Square) -> SetupStep {
        SetupStep {
            relocator: Relocator::King,
            swap_with: Some(with),
        }
    }

    pub const fn queen_swap(with: Square) -> SetupStep {
        SetupStep {
            relocator: Relocator::Queen,
            swap_with: Some(with),
        }
    }

    pub const fn decline(relocator: Relocator) -> SetupStep {
        SetupStep {
            relocator,
            swap_with: None,
        }
    }

    /// The side whose back rank the step's square is on (a declined step names no side).
    pub fn square_color(self) -> Option<Color> {
        match self.swap_with?.rank() {
            0 => Some(Color::White),
            7 => Some(Color::Black),
            _ => None,
        }
    }

    /// Reads `K<square>`, `Q<square>`, `K-` or `Q-`, allowing surrounding white space.
    pub fn parse(text: &str) -> Result<SetupStep, StepTextError> {
        let unreadable = || StepTextError {
            text: text.to_string(),
        };
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let relocator = match chars.next() {
            Some('K') => Relocator::King,
            Some('Q') => Relocator::Queen,
            _ => return Err(unreadable()),
        };
        let rest = chars.as_str();
        let swap_with = if rest == "-" {
            None
        } else {
            Some(Square::parse(rest).ok_or_else(unreadable)?)
        };
        Ok(SetupStep {
            relocator,
            swap_with,
        })
    }
}

impl fmt::Display for SetupStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.swap_with {
            Some(square) => write!(f, "{}{}", self.relocator.letter(), square),
            None => write!(f, "{}-", self.relocator.letter()),
        }
    }
}

impl FromStr for SetupStep {
    type Err = StepTextError;

    fn from_str(text: &str) -> Result<SetupStep, StepTextError> {
        SetupStep::parse(text)
    }
}

impl serde::Serialize for SetupStep {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for SetupStep {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SetupStep, D::Error> {
        let text = String::deserialize(deserializer)?;
        SetupStep::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Text that is not a setup step at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepTextError {
    pub text: String,
}

impl fmt::Display for StepTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unreadable setup step '{}' (expected K<square>, Q<square>, K- or Q-)",
            self.text
        )
    }
}

impl std::error::Error for StepTextError {}
