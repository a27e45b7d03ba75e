//! How a game ends: who won ([`Outcome`]), why ([`EndReason`]) and both together
//! ([`GameEnd`]), with the stable names saved games and tools use.

use crate::types::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who won, if anyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Color),
    Draw,
    Ongoing,
}

impl Outcome {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`, as in saved games and PGN.
    pub const fn result_text(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Ongoing => "*",
        }
    }

    pub fn from_result_text(text: &str) -> Option<Outcome> {
        match text {
            "1-0" => Some(Outcome::Win(Color::White)),
            "0-1" => Some(Outcome::Win(Color::Black)),
            "1/2-1/2" => Some(Outcome::Draw),
            "*" => Some(Outcome::Ongoing),
            _ => None,
        }
    }
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.result_text())
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Outcome, D::Error> {
        let text = String::deserialize(deserializer)?;
        Outcome::from_result_text(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown outcome '{text}' (expected 1-0, 0-1, 1/2-1/2 or *)"
            ))
        })
    }
}

crate::named_enum! {
    /// Why a game ended. The snake_case names are stable: saved games and tools use them.
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum EndReason {
        Checkmate => "checkmate",
        Stalemate => "stalemate",
        ThreefoldRepetition => "threefold_repetition",
        FivefoldRepetition => "fivefold_repetition",
        FiftyMoves => "fifty_moves",
        SeventyFiveMoves => "seventy_five_moves",
        InsufficientMaterial => "insufficient_material",
        Timeout => "timeout",
        TimeoutVsInsufficientMaterial => "timeout_vs_insufficient_material",
        Resignation => "resignation",
        ResignationVsBareKing => "resignation_vs_bare_king",
        DrawAgreed => "draw_agreed",
        KingLostOverEdge => "king_lost_over_edge",
    }
}

impl EndReason {
    /// Words for a banner ("by checkmate", "by threefold repetition", …).
    pub const fn description(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::ThreefoldRepetition => "threefold repetition",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::FiftyMoves => "the 50-move rule",
            EndReason::SeventyFiveMoves => "the 75-move rule",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::Timeout => "timeout",
            EndReason::TimeoutVsInsufficientMaterial => {
                "timeout against insufficient mating material"
            }
            EndReason::Resignation => "resignation",
            EndReason::ResignationVsBareKing => "resignation against a bare king",
            EndReason::DrawAgreed => "agreement",
            EndReason::KingLostOverEdge => "king lost over the edge",
        }
    }

    /// Whether the reason follows from the moves alone (rather than from an event such as a
    /// resignation, a flag, an agreement or a claim).
    pub const fn is_positional(self) -> bool {
        matches!(
            self,
            EndReason::Checkmate
                | EndReason::Stalemate
                | EndReason::FivefoldRepetition
                | EndReason::SeventyFiveMoves
                | EndReason::InsufficientMaterial
                | EndReason::KingLostOverEdge
        )
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameEnd {
    pub outcome: Outcome,
    pub reason: EndReason,
}

impl GameEnd {
    pub const fn win(winner: Color, reason: EndReason) -> GameEnd {
        GameEnd {
            outcome: Outcome::Win(winner),
            reason,
        }
    }

    pub const fn draw(reason: EndReason) -> GameEnd {
        GameEnd {
            outcome: Outcome::Draw,
            reason,
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            Outcome::Win(color) => {
                let side = match color {
                    Color::White => "White",
                    Color::Black => "Black",
                };
                write!(
                    f,
                    "{} {side} wins by {}",
                    self.outcome.result_text(),
                    self.reason.description()
                )
            }
            Outcome::Draw => write!(f, "1/2-1/2 draw by {}", self.reason.description()),
            Outcome::Ongoing => f.write_str("*"),
        }
    }
}
