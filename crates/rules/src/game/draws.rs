//! Draw handling: the `draws` option and what each variant makes of it, repetition counting,
//! draw offers and claims (FIDE 9.2 / 9.3).

use super::{EndReason, Game, GameEnd, GameError};
use crate::position::GamePosition;
use crate::types::Color;
use serde::{Deserialize, Serialize};

crate::named_enum! {
    /// How threefold repetition and the 50-move rule are handled (`docs/rules-standard.md`, option `draws`).
    #[derive(Default, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum DrawMode {
        /// They end the game by themselves.
        #[default]
        Auto => "auto",
        /// They only make a draw claimable.
        Fide => "fide",
    }
}

/// Which draw rules a game plays: the option chosen, adjusted by what the variant allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawPolicy {
    pub mode: DrawMode,
    /// Threefold repetition and the 50-move rule end the game by themselves.
    pub automatic_threefold_and_fifty: bool,
    /// Dead positions by material are drawn, and flag fall looks at mating material (FIDE 6.9)
    /// rather than only at a bare king.
    pub material_rules: bool,
}

impl DrawPolicy {
    /// The policy of a game under `mode`, for a variant whose threefold and 50-move draws are
    /// `always_automatic` or follow the option, and that has or lacks the material rules.
    /// Each variant's choice is its [`crate::variant::Variant::draw_policy`].
    pub const fn new(mode: DrawMode, always_automatic: bool, material_rules: bool) -> DrawPolicy {
        DrawPolicy {
            mode,
            automatic_threefold_and_fifty: always_automatic || matches!(mode, DrawMode::Auto),
            material_rules,
        }
    }
}

/// What a correct or wrong claim did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimResult {
    /// The claim was right: the game is drawn for this reason.
    Drawn(EndReason),
    /// The claim with an intended move was wrong: the move was played and the game goes on
    /// (or ended by that move's own consequences).
    RejectedMovePlayed,
}

/// Which draw claims a position supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimCheck {
    pub threefold: bool,
    pub fifty: bool,
}

impl ClaimCheck {
    /// The reason a claim would give (threefold first).
    pub fn reason(self) -> Option<EndReason> {
        if self.threefold {
            Some(EndReason::ThreefoldRepetition)
        } else if self.fifty {
            Some(EndReason::FiftyMoves)
        } else {
            None
        }
    }
}

impl<P: GamePosition> Game<P> {
    /// The side whose draw offer is standing.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// The repetition keys of the positions after ply 0, 1, …, the live one last.
    pub fn repetition_keys(&self) -> &[u64] {
        &self.keys
    }

    /// How often the live position has occurred (itself included).
    pub fn repetition_count(&self) -> usize {
        count_occurrences(
            &self.keys,
            self.current.repetition_key(),
            self.current.halfmove_clock(),
        )
    }

    /// What the side to move could claim now (FIDE mode), if anything.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        if self.is_over() || self.policy.automatic_threefold_and_fifty {
            return None;
        }
        self.claim_check(None).reason()
    }

    /// Which claims the live position supports (`None`), or the position the intended move
    /// `mv` would produce, whatever the draw mode.
    pub fn claim_check(&self, mv: Option<P::Move>) -> ClaimCheck {
        match mv {
            None => ClaimCheck {
                threefold: self.repetition_count() >= 3,
                fifty: self.current.halfmove_clock() >= 100,
            },
            Some(mv) => {
                let mut after = self.current.clone();
                after.play_unchecked(mv);
                let earlier = match after.halfmove_clock() {
                    0 => 0,
                    halfmoves => {
                        count_occurrences(&self.keys, after.repetition_key(), halfmoves - 1)
                    }
                };
                ClaimCheck {
                    threefold: earlier + 1 >= 3,
                    fifty: after.halfmove_clock() >= 100,
                }
            }
        }
    }

    /// A draw offer by `color`. An offer crossing the opponent's standing offer agrees the draw
    /// (returned as the ending).
    pub fn offer_draw(&mut self, color: Color) -> Result<Option<GameEnd>, GameError> {
        self.ensure_ongoing()?;
        if self.draw_offer == Some(color.other()) {
            return self.accept_draw(color).map(Some);
        }
        self.draw_offer = Some(color);
        Ok(None)
    }

    /// `color` accepts the opponent's standing offer.
    pub fn accept_draw(&mut self, color: Color) -> Result<GameEnd, GameError> {
        self.ensure_ongoing()?;
        if self.draw_offer != Some(color.other()) {
            return Err(GameError::NoDrawOffer);
        }
        let end = GameEnd::draw(EndReason::DrawAgreed);
        self.finish(end);
        Ok(end)
    }

    /// `color` declines the opponent's standing offer explicitly.
    pub fn decline_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.ensure_ongoing()?;
        if self.draw_offer != Some(color.other()) {
            return Err(GameError::NoDrawOffer);
        }
        self.draw_offer = None;
        Ok(())
    }

    /// A claim by the side to move on the live position (FIDE mode).
    pub fn claim_draw(&mut self) -> Result<EndReason, GameError> {
        self.ensure_ongoing()?;
        self.ensure_claims_apply()?;
        let reason = self.claimable_draw().ok_or_else(|| {
            GameError::NothingToClaim(
                "the position has not occurred three times and the 50-move count is not complete"
                    .to_string(),
            )
        })?;
        self.finish(GameEnd::draw(reason));
        Ok(reason)
    }

    /// A claim by the side to move with an intended move (FIDE 9.2.1 / 9.3.1), judged on the
    /// position that move would produce. Right: the game is drawn and the move is not played.
    /// Wrong: the move is played and the game goes on.
    pub fn claim_draw_with_move(&mut self, mv: P::Move) -> Result<ClaimResult, GameError> {
        self.ensure_ongoing()?;
        self.ensure_claims_apply()?;
        if !self.legal.contains(&mv) {
            return Err(GameError::NotLegal);
        }
        match self.claim_after_move(mv) {
            Some(reason) => {
                self.claimed_move = Some(self.current.move_text(mv));
                self.finish(GameEnd::draw(reason));
                Ok(ClaimResult::Drawn(reason))
            }
            None => {
                self.play_checked(mv);
                Ok(ClaimResult::RejectedMovePlayed)
            }
        }
    }

    /// What a claim with intended move `mv` would establish, if anything.
    pub fn claim_after_move(&self, mv: P::Move) -> Option<EndReason> {
        self.claim_check(Some(mv)).reason()
    }

    fn ensure_claims_apply(&self) -> Result<(), GameError> {
        if self.policy.automatic_threefold_and_fifty {
            Err(GameError::NothingToClaim(
                "threefold repetition and the 50-move rule are automatic in this game".to_string(),
            ))
        } else {
            Ok(())
        }
    }

    /// Restores a standing draw offer (reload).
    pub fn set_draw_offer(&mut self, offer: Option<Color>) {
        self.draw_offer = offer;
    }
}

/// How many of the last positions of `keys` equal `key`. Only the last `halfmoves` + 1 entries
/// can: any earlier position lies before an irreversible move.
fn count_occurrences(keys: &[u64], key: u64, halfmoves: u32) -> usize {
    let window = (halfmoves as usize).saturating_add(1).min(keys.len());
    keys[keys.len() - window..]
        .iter()
        .filter(|&&k| k == key)
        .count()
}
