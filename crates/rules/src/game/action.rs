//! Player actions as data (so a network layer can carry them) and the move-text entry points
//! that may leave a promotion waiting for its piece.

use super::{Game, GameError};
use crate::position::GamePosition;
use crate::types::Color;
use serde::{Deserialize, Serialize};

/// Serde helpers writing a [`Color`] as `"white"` / `"black"`.
pub mod color_name {
    use crate::types::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(color: &Color, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(color.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        let name = String::deserialize(deserializer)?;
        Color::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown colour '{name}' (expected white or black)"))
        })
    }

    /// The same for `Option<Color>` (null when absent).
    pub mod option {
        use crate::types::Color;
        use serde::{Deserialize, Deserializer, Serializer};

        pub fn serialize<S: Serializer>(
            color: &Option<Color>,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            match color {
                Some(color) => serializer.serialize_str(color.name()),
                None => serializer.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Option<Color>, D::Error> {
            match Option::<String>::deserialize(deserializer)? {
                None => Ok(None),
                Some(name) => Color::from_name(&name).map(Some).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "unknown colour '{name}' (expected white, black or null)"
                    ))
                }),
            }
        }
    }
}

/// One player action, serialisable so that a network layer can carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", content = "value", rename_all = "snake_case")]
pub enum Action {
    /// Move text; a promotion move without its letter leaves the promotion pending, and a lone
    /// promotion letter completes a pending one.
    Move(String),
    Undo,
    #[serde(with = "color_name")]
    Resign(Color),
    #[serde(with = "color_name")]
    OfferDraw(Color),
    #[serde(with = "color_name")]
    AcceptDraw(Color),
    #[serde(with = "color_name")]
    DeclineDraw(Color),
    /// A claim by the side to move, optionally with the intended move.
    ClaimDraw(Option<String>),
    /// The time-keeper reports that this side's flag fell.
    #[serde(with = "color_name")]
    Flag(Color),
    /// Time spent by the side to move since the last report, in milliseconds.
    Elapsed(u64),
    /// Abandons a pending promotion choice.
    CancelPromotion,
}

/// What submitting move text did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Submitted<M> {
    Played(M),
    /// The text named a promotion move without its piece; the game now waits for the choice.
    PromotionPending(String),
}

impl<P: GamePosition> Game<P> {
    /// Like [`Game::play_text`], but a promotion move written without its piece makes the
    /// promotion pending, and a lone promotion letter completes a pending promotion.
    pub fn submit_text(&mut self, text: &str) -> Result<Submitted<P::Move>, GameError> {
        self.ensure_ongoing()?;
        let trimmed = text.trim();
        if let Some(pending) = &self.pending_promotion {
            if trimmed.len() == 1 {
                let full = format!("{pending}{}", trimmed.to_ascii_lowercase());
                return self.play_text(&full).map(Submitted::Played);
            }
        }
        match self.current.parse_move_text(trimmed) {
            Ok(mv) => {
                self.play(mv)?;
                Ok(Submitted::Played(mv))
            }
            Err(error) => match self.promotion_prefix(trimmed) {
                Some(prefix) => {
                    self.pending_promotion = Some(prefix.clone());
                    Ok(Submitted::PromotionPending(prefix))
                }
                None => Err(GameError::Move(error)),
            },
        }
    }

    /// The canonical from-to text when `text` names legal promotion moves without their piece.
    fn promotion_prefix(&self, text: &str) -> Option<String> {
        let wanted = text.trim().to_ascii_lowercase();
        if wanted.is_empty() {
            return None;
        }
        self.legal.iter().find_map(|&mv| {
            if !self.current.is_promotion(mv) {
                return None;
            }
            let full = self.current.move_text(mv);
            let mut chars = full.chars();
            chars.next_back();
            let prefix = chars.as_str();
            (prefix.to_ascii_lowercase() == wanted).then(|| prefix.to_string())
        })
    }

    /// Marks a promotion as waiting for its piece (`None` cancels). The text is the move text
    /// without the promotion letter.
    pub fn set_pending_promotion(&mut self, from_to: Option<&str>) -> Result<(), GameError> {
        match from_to {
            None => {
                self.pending_promotion = None;
                Ok(())
            }
            Some(text) => {
                self.ensure_ongoing()?;
                let prefix = self
                    .promotion_prefix(text)
                    .ok_or_else(|| GameError::NotAPromotion(text.to_string()))?;
                self.pending_promotion = Some(prefix);
                Ok(())
            }
        }
    }

    /// Applies one serialisable action.
    pub fn apply(&mut self, action: &Action) -> Result<(), GameError> {
        match action {
            Action::Move(text) => self.submit_text(text).map(|_| ()),
            Action::Undo => self.undo(),
            Action::Resign(color) => self.resign(*color).map(|_| ()),
            Action::OfferDraw(color) => self.offer_draw(*color).map(|_| ()),
            Action::AcceptDraw(color) => self.accept_draw(*color).map(|_| ()),
            Action::DeclineDraw(color) => self.decline_draw(*color),
            Action::ClaimDraw(None) => self.claim_draw().map(|_| ()),
            Action::ClaimDraw(Some(text)) => {
                self.ensure_ongoing()?;
                let mv = self.current.parse_move_text(text)?;
                self.claim_draw_with_move(mv).map(|_| ())
            }
            Action::Flag(color) => self.flag_fall(*color).map(|_| ()),
            Action::Elapsed(ms) => {
                self.ensure_ongoing()?;
                self.record_elapsed(*ms);
                Ok(())
            }
            Action::CancelPromotion => {
                if self.pending_promotion.take().is_some() {
                    Ok(())
                } else {
                    Err(GameError::NoPendingPromotion)
                }
            }
        }
    }
}
