//! Saved games to and from [`AnyGame`]: writing a game as a [`SavedGame`], and loading one by
//! replaying every step through the rules and checking that its result, pending state and
//! clocks fit the position they lead to. Nothing is returned unless all of it is consistent.

use super::{Pending, Players, SaveError, SavedGame, SavedResult, FORMAT, VERSION};
use crate::any::{AnyGame, GameVisitor, GameVisitorMut, RegroupmentGame, Stage};
use crate::game::{ClockState, EndReason, Game, GameEnd, Outcome};
use crate::options::VariantOptions;
use crate::regroupment::StartRule;
use crate::types::Color;
use crate::view::ViewPosition;

impl AnyGame {
    /// The game as a saved-game value (clocks from the game itself).
    pub fn to_save(&self, saved_at: &str, players: &Players) -> SavedGame {
        let setup = self
            .inner
            .regroupment()
            .map(RegroupmentGame::setup_texts)
            .unwrap_or_default();
        let (moves, mut pending, result) = self.inner.visit(SavedParts).unwrap_or_default();
        if self.result().is_some() {
            // Nothing is pending in a finished game, whichever way it ended (the reader refuses
            // a pending offer or promotion after the end).
            pending = Default::default();
        }
        SavedGame {
            format: FORMAT.to_string(),
            version: VERSION,
            variant: self.variant().name().to_string(),
            options: self.options.to_json(),
            start: self.start_text.clone(),
            setup,
            moves,
            clock: self.clock(),
            players: players.clone(),
            pending,
            result: Some(result),
            saved_at: Some(saved_at.to_string()),
        }
    }

    /// The game as saved-game JSON text.
    pub fn to_save_json(&self, saved_at: &str, players: &Players) -> String {
        self.to_save(saved_at, players).to_json_pretty()
    }

    /// Reads and fully validates saved-game JSON; nothing is returned unless every part is
    /// consistent with the rules.
    pub fn from_save_json(text: &str) -> Result<(AnyGame, Players), SaveError> {
        let saved = SavedGame::parse(text)?;
        let game = AnyGame::from_saved(&saved)?;
        Ok((game, saved.players))
    }

    /// Replays a saved game through the rules and checks its result, pending and clock fields.
    pub fn from_saved(saved: &SavedGame) -> Result<AnyGame, SaveError> {
        let variant = saved.variant_kind()?;
        let options = VariantOptions::from_json(variant, &saved.options)?;
        let mut build = options;
        if let VariantOptions::Regroupment { rules, .. } = &mut build {
            if rules.start == StartRule::Random {
                if saved.start.is_some() || !saved.setup.is_empty() {
                    // A recorded game never draws again: its start or setup says what was drawn.
                    rules.start = StartRule::Choose;
                } else if !saved.moves.is_empty() {
                    return Err(SaveError::Inconsistent(
                        "start = random with moves but no recorded start position".to_string(),
                    ));
                }
            }
        }
        if let VariantOptions::Chess960 { rules, .. } = &build {
            if rules.start.is_none() && saved.start.is_none() && !saved.moves.is_empty() {
                return Err(SaveError::Inconsistent(
                    "start = random with moves but no recorded start position".to_string(),
                ));
            }
        }
        if let VariantOptions::Sliding(sliding) = &build {
            if sliding.gap.is_none() && saved.start.is_none() && !saved.moves.is_empty() {
                return Err(SaveError::Inconsistent(
                    "moves are recorded but neither the gap option nor a start position says where the gap was"
                        .to_string(),
                ));
            }
        }
        let mut game = AnyGame::with_start(build, saved.start.as_deref()).map_err(|error| {
            match &saved.start {
                Some(text) => SaveError::BadStart {
                    text: text.clone(),
                    reason: error.to_string(),
                },
                None => SaveError::Inconsistent(error.to_string()),
            }
        })?;
        if let (
            VariantOptions::Regroupment { rules: chosen, .. },
            VariantOptions::Regroupment { rules, .. },
        ) = (&options, &mut game.options)
        {
            rules.start = chosen.start;
            if chosen.start == StartRule::Random {
                // A rematch draws new back ranks.
                game.requested = (options, None);
            }
        }
        if let VariantOptions::Chess960 { rules, .. } = &options {
            if rules.start.is_none() {
                // A rematch draws a new start.
                game.requested = (options, None);
            }
        }
        game.replay_setup(&saved.setup)?;
        game.replay_moves(&saved.moves)?;
        if let Some(clock) = saved.clock {
            check_clock(&clock)?;
        }
        game.set_clock(saved.clock);
        game.restore_result(saved)?;
        game.restore_pending(&saved.pending)?;
        Ok(game)
    }

    fn replay_setup(&mut self, steps: &[String]) -> Result<(), SaveError> {
        let variant = self.variant();
        for (index, text) in steps.iter().enumerate() {
            let reason = match self.inner.regroupment_mut() {
                None => Some(format!("{} chess has no setup phase", variant.name())),
                Some(r) if r.phase.is_none() => {
                    Some("the game starts from a position: no setup steps".to_string())
                }
                Some(r) if !r.in_setup() => Some("the setup phase is already over".to_string()),
                Some(r) => r.play_step(text).err().map(|error| error.to_string()),
            };
            if let Some(reason) = reason {
                return Err(SaveError::BadSetupStep {
                    index,
                    text: text.clone(),
                    reason,
                });
            }
        }
        Ok(())
    }

    fn replay_moves(&mut self, moves: &[String]) -> Result<(), SaveError> {
        for (index, text) in moves.iter().enumerate() {
            let outcome = match self.inner.playing_mut() {
                None => Err(format!(
                    "the setup phase is not over ({} of 4 steps recorded)",
                    self.setup_ply_count()
                )),
                Some(game) => match game.result() {
                    Some(end) => Err(format!("the game was already over ({end})")),
                    None => game.play_recorded(text).map_err(|error| error.to_string()),
                },
            };
            if let Err(reason) = outcome {
                return Err(SaveError::BadMove {
                    index,
                    text: text.clone(),
                    reason,
                });
            }
        }
        Ok(())
    }

    fn restore_result(&mut self, saved: &SavedGame) -> Result<(), SaveError> {
        let Some(result) = &saved.result else {
            return Ok(());
        };
        match (result.outcome, result.reason) {
            (Outcome::Ongoing, Some(reason)) => {
                return inconsistent(format!("result '*' with reason {reason}"))
            }
            (Outcome::Win(_) | Outcome::Draw, None) => {
                return inconsistent(format!(
                    "result {} without a reason",
                    result.outcome.result_text()
                ))
            }
            _ => {}
        }
        if result.claimed_move.is_some()
            && !matches!(
                result.reason,
                Some(EndReason::ThreefoldRepetition | EndReason::FiftyMoves)
            )
        {
            return inconsistent("a claimed move without a draw claim".to_string());
        }
        let restore = RestoreResult {
            result,
            clock: saved.clock,
        };
        match self.inner.visit_mut(restore) {
            Some(restored) => restored,
            None => match result.outcome {
                Outcome::Ongoing => Ok(()),
                _ => {
                    inconsistent("a result is recorded but the setup phase is not over".to_string())
                }
            },
        }
    }

    fn restore_pending(&mut self, pending: &Pending) -> Result<(), SaveError> {
        if pending.promotion.is_none() && pending.draw_offer.is_none() {
            return Ok(());
        }
        match self.inner.stage() {
            Stage::Setup(_) => {
                inconsistent("something is pending but the setup phase is not over".to_string())
            }
            Stage::Play(_) => self
                .inner
                .visit_mut(RestorePending(pending))
                .unwrap_or(Ok(())),
        }
    }
}

fn inconsistent(message: String) -> Result<(), SaveError> {
    Err(SaveError::Inconsistent(message))
}

fn check_clock(clock: &ClockState) -> Result<(), SaveError> {
    // A week is far beyond any time control; larger values can only be a broken file.
    const LIMIT_MS: u64 = 7 * 24 * 3600 * 1000;
    if clock.initial_ms > LIMIT_MS
        || clock.increment_ms > LIMIT_MS
        || clock.remaining_ms.iter().any(|&ms| ms > LIMIT_MS)
    {
        return inconsistent(format!("clock values beyond {LIMIT_MS} ms"));
    }
    if clock.remaining_ms == [0, 0] {
        // The first flag to fall ends the game, so the other clock cannot run down as well.
        return inconsistent(
            "both clocks are at zero (the game ends when the first flag falls)".to_string(),
        );
    }
    Ok(())
}

/// The moves, pending state and result of the game being played, as a save records them.
struct SavedParts;

impl GameVisitor for SavedParts {
    type Output = (Vec<String>, Pending, SavedResult);

    fn visit<P: ViewPosition>(self, game: &Game<P>) -> Self::Output {
        let moves = game
            .history()
            .iter()
            .map(|record| record.text.clone())
            .collect();
        let pending = Pending {
            promotion: game.pending_promotion().map(str::to_string),
            draw_offer: game.draw_offer(),
        };
        let result = SavedResult {
            outcome: game.outcome(),
            reason: game.result().map(|end| end.reason),
            claimed_move: game.claimed_move().map(str::to_string),
        };
        (moves, pending, result)
    }
}

/// Checks a saved result against the final position and, when it came from an event
/// (resignation, flag, agreement, claim), restores it.
struct RestoreResult<'a> {
    result: &'a SavedResult,
    clock: Option<ClockState>,
}

impl GameVisitorMut for RestoreResult<'_> {
    type Output = Result<(), SaveError>;

    fn visit<P: ViewPosition>(self, g: &mut Game<P>) -> Self::Output {
        let RestoreResult { result, clock } = self;
        if let Some(end) = g.result() {
            if result.outcome != end.outcome || result.reason != Some(end.reason) {
                return inconsistent(format!(
                    "the moves end the game ({end}) but the result says {} {}",
                    result.outcome.result_text(),
                    result.reason.map_or("(no reason)", EndReason::name)
                ));
            }
            return Ok(());
        }
        let Some(reason) = result.reason else {
            return Ok(());
        };
        let wanted = GameEnd {
            outcome: result.outcome,
            reason,
        };
        let fits = match reason {
            EndReason::Resignation => match result.outcome {
                Outcome::Win(winner) => !g.position().is_bare_king(winner),
                _ => false,
            },
            EndReason::ResignationVsBareKing => {
                result.outcome == Outcome::Draw
                    && Color::ALL.iter().any(|&c| g.position().is_bare_king(c))
            }
            EndReason::DrawAgreed => result.outcome == Outcome::Draw,
            EndReason::Timeout | EndReason::TimeoutVsInsufficientMaterial => {
                let Some(clock) = clock else {
                    return inconsistent(format!("result {reason} in a game without a clock"));
                };
                let flagged: Vec<Color> = Color::ALL
                    .into_iter()
                    .filter(|&c| clock.remaining(c) == 0)
                    .collect();
                if flagged.is_empty() {
                    return inconsistent(format!("result {reason} but neither clock is at zero"));
                }
                flagged.iter().any(|&c| g.flag_result(c) == wanted)
            }
            EndReason::ThreefoldRepetition | EndReason::FiftyMoves => {
                if result.outcome != Outcome::Draw || g.policy().automatic_threefold_and_fifty {
                    false
                } else {
                    let check = match &result.claimed_move {
                        None => g.claim_check(None),
                        Some(text) => match g.position().parse_move_text(text) {
                            Ok(mv) if g.legal_moves().contains(&mv) => g.claim_check(Some(mv)),
                            _ => {
                                return inconsistent(format!(
                                    "the claimed move '{text}' is not legal in the final position"
                                ))
                            }
                        },
                    };
                    if reason == EndReason::ThreefoldRepetition {
                        check.threefold
                    } else {
                        check.fifty
                    }
                }
            }
            _ => false,
        };
        if !fits {
            return inconsistent(format!(
                "the result {} by {reason} does not fit the final position",
                result.outcome.result_text()
            ));
        }
        let claimed = result.claimed_move.as_ref().and_then(|text| {
            g.position()
                .parse_move_text(text)
                .ok()
                .map(|mv| g.position().move_text(mv))
        });
        g.set_event_end(wanted, claimed);
        Ok(())
    }
}

/// Restores a pending promotion and a standing draw offer, checked against the final position.
struct RestorePending<'a>(&'a Pending);

impl GameVisitorMut for RestorePending<'_> {
    type Output = Result<(), SaveError>;

    fn visit<P: ViewPosition>(self, g: &mut Game<P>) -> Self::Output {
        let pending = self.0;
        if let Some(end) = g.result() {
            return inconsistent(format!("something is pending but the game is over ({end})"));
        }
        if let Some(text) = &pending.promotion {
            if g.set_pending_promotion(Some(text)).is_err() {
                return inconsistent(format!(
                    "pending promotion '{text}' is not the start of a legal promotion move"
                ));
            }
        }
        g.set_draw_offer(pending.draw_offer);
        Ok(())
    }
}
