//! Reading PGN into a game that can be continued: the variant and start from the tags, every
//! move through the rules' typed-move reader, the clocks from `TimeControl` and `%clk`, and the
//! result — from the moves when they decide it, otherwise from the tags (a timeout, an agreed
//! draw or a resignation). Nothing is returned unless the whole game was read.

use super::lexer::{lex, Lexed, Tag};
use super::tags::{
    event_reason, read_clock_comment, read_time_control, variant_from_tag, BOARDSHIFT_OPTIONS,
    BOARDSHIFT_VARIANT, REGROUPMENT_SETUP,
};
use super::{PgnError, Where, MAX_BYTES};
use crate::any::AnyGame;
use crate::game::{ClockState, EndReason, Outcome};
use crate::options::VariantOptions;
use crate::position::VariantKind;
use crate::save::{Players, MAX_MOVES};
use crate::typed_move::TypedMove;
use crate::types::Color;

/// An imported game, who played it, and what the import had to leave out or assume.
#[derive(Clone, Debug)]
pub struct PgnImport {
    pub game: AnyGame,
    pub players: Players,
    /// Sentences for the player: more games in the file, clocks that could not be kept, …
    pub notes: Vec<String>,
}

/// Reads the first game of a PGN text.
pub fn read_pgn(text: &str) -> Result<PgnImport, PgnError> {
    if text.len() > MAX_BYTES {
        return Err(PgnError::new(
            Where::Game,
            format!(
                "the text is too large ({} bytes; the limit is {MAX_BYTES})",
                text.len()
            ),
            "",
        ));
    }
    let lexed = lex(text)?;
    if lexed.tags.is_empty() && lexed.moves.is_empty() && lexed.result.is_none() {
        return Err(PgnError::new(
            Where::Game,
            "no game found: the text has no tags and no moves",
            "",
        ));
    }
    if lexed.moves.len() > MAX_MOVES {
        return Err(PgnError::new(
            Where::Game,
            format!(
                "too many moves: {} (the limit is {MAX_MOVES})",
                lexed.moves.len()
            ),
            "",
        ));
    }
    let mut notes = Vec::new();
    if lexed.more_follows {
        notes.push("The text holds more than one game: the first was imported.".to_string());
    }
    let mut game = start_game(&lexed)?;
    let clock = set_up_clock(&lexed, &mut game, &mut notes)?;
    play_moves(&lexed, &mut game, clock)?;
    finish(&lexed, &mut game, &mut notes)?;
    let players = Players {
        white: tag(&lexed, "White")
            .map(|t| t.value.clone())
            .unwrap_or_else(|| "?".to_string()),
        black: tag(&lexed, "Black")
            .map(|t| t.value.clone())
            .unwrap_or_else(|| "?".to_string()),
    };
    Ok(PgnImport {
        game,
        players,
        notes,
    })
}

fn tag<'a>(lexed: &'a Lexed, name: &str) -> Option<&'a Tag> {
    lexed
        .tags
        .iter()
        .find(|tag| tag.name.eq_ignore_ascii_case(name))
}

fn tag_error(tag: &Tag, problem: impl Into<String>) -> PgnError {
    PgnError::new(
        Where::Line(tag.line),
        problem,
        &format!("[{} \"{}\"]", tag.name, tag.value),
    )
}

/// The game at its start: variant, options and start position from the tags, Regroupment
/// setup steps replayed.
fn start_game(lexed: &Lexed) -> Result<AnyGame, PgnError> {
    let variant_tag = tag(lexed, BOARDSHIFT_VARIANT).or_else(|| tag(lexed, "Variant"));
    let variant = match variant_tag {
        None => VariantKind::Standard,
        Some(found) => variant_from_tag(&found.value).ok_or_else(|| {
            tag_error(
                found,
                "unsupported variant (Boardshift plays standard chess, Chess960, Regroupment, \
                 Sliding and Relative)",
            )
        })?,
    };
    let mut options = VariantOptions::default_for(variant);
    if let Some(found) = tag(lexed, BOARDSHIFT_OPTIONS) {
        for pair in found.value.split_whitespace() {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| tag_error(found, format!("option '{pair}' is not KEY=VALUE")))?;
            options
                .set(key, value)
                .map_err(|error| tag_error(found, format!("bad option: {error}")))?;
        }
    }
    let fen = tag(lexed, "FEN").filter(|found| !found.value.trim().is_empty());
    let setup = tag(lexed, REGROUPMENT_SETUP).filter(|found| !found.value.trim().is_empty());
    if let (Some(steps), VariantKind::Regroupment) = (setup, variant) {
        return replay_setup(options, steps, fen);
    }
    if fen.is_none() && matches!(variant, VariantKind::Chess960 | VariantKind::Sliding) {
        let found = variant_tag.map_or(String::new(), |t| t.value.clone());
        return Err(PgnError::new(
            Where::Game,
            format!(
                "a {} game needs its start position in a FEN tag",
                variant.name()
            ),
            &found,
        ));
    }
    AnyGame::with_start(options, fen.map(|found| found.value.as_str())).map_err(|error| match fen {
        Some(found) => tag_error(found, format!("bad start position: {error}")),
        None => PgnError::new(Where::Game, error.to_string(), ""),
    })
}

/// A Regroupment game from its setup steps; a FEN tag, when given, must be the position they
/// lead to.
fn replay_setup(
    options: VariantOptions,
    steps: &Tag,
    fen: Option<&Tag>,
) -> Result<AnyGame, PgnError> {
    let mut game =
        AnyGame::with_start(options, None).map_err(|error| tag_error(steps, error.to_string()))?;
    for step in steps.value.split_whitespace() {
        if !game.is_setup_phase() {
            return Err(tag_error(
                steps,
                format!("setup step '{step}' after the setup"),
            ));
        }
        game.play(step)
            .map_err(|error| tag_error(steps, format!("setup step '{step}': {error}")))?;
    }
    if let Some(fen) = fen {
        let board = |text: &str| {
            text.split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ")
        };
        if game.is_setup_phase() || board(&game.position_text()) != board(&fen.value) {
            return Err(tag_error(
                fen,
                format!(
                    "the FEN tag is not the position the setup steps lead to ({})",
                    game.position_text()
                ),
            ));
        }
    }
    Ok(game)
}

/// Starts the clocks from the `TimeControl` tag, when it has one period.
fn set_up_clock(
    lexed: &Lexed,
    game: &mut AnyGame,
    notes: &mut Vec<String>,
) -> Result<Option<ClockState>, PgnError> {
    let has_clk = lexed.moves.iter().any(|token| {
        token
            .comments
            .iter()
            .any(|c| read_clock_comment(c).is_some())
    });
    let control = tag(lexed, "TimeControl").map(|found| found.value.trim());
    let clock = match control.and_then(read_time_control) {
        Some((initial, increment)) => Some(ClockState::new(initial, increment)),
        None => {
            if has_clk || !matches!(control, None | Some("-" | "?" | "")) {
                notes.push(format!(
                    "The time control '{}' cannot be kept: the game is imported without clocks.",
                    control.unwrap_or("")
                ));
            }
            None
        }
    };
    game.set_clock(clock);
    Ok(clock)
}

/// Plays every move; a `%clk` comment after a move sets the mover's clock to what it says.
fn play_moves(
    lexed: &Lexed,
    game: &mut AnyGame,
    clock: Option<ClockState>,
) -> Result<(), PgnError> {
    let start = game.position_text();
    let fields: Vec<&str> = start.split_whitespace().collect();
    let mut black = fields.get(1) == Some(&"b");
    let mut number: u32 = fields
        .get(5)
        .and_then(|text| text.parse().ok())
        .unwrap_or(1);
    for token in &lexed.moves {
        let at = Where::Move {
            number,
            black,
            line: token.line,
        };
        let text = match game.read_typed_move(&token.text) {
            Ok(TypedMove::Play(text)) => text,
            Ok(TypedMove::NeedsPromotion(_)) => {
                return Err(PgnError::new(
                    at,
                    "a promotion without the piece it promotes to",
                    &token.text,
                ))
            }
            Err(error) => return Err(PgnError::new(at, error.to_string(), &token.text)),
        };
        let mover = if black { Color::Black } else { Color::White };
        let clk = token.comments.iter().find_map(|c| read_clock_comment(c));
        if let (Some(clock), Some(clk), Some(live)) = (clock, clk, game.clock()) {
            // The clock after the move includes the increment: charge the difference to the
            // mover before the move, never so much that its flag falls here.
            let before = live.remaining(mover);
            let elapsed = (before + clock.increment_ms).saturating_sub(clk);
            if elapsed > 0 && elapsed < before {
                game.record_elapsed(elapsed);
            }
        }
        game.play(&text)
            .map_err(|error| PgnError::new(at.clone(), error.to_string(), &token.text))?;
        if game.is_setup_phase() {
            continue;
        }
        if black {
            number += 1;
        }
        black = !black;
    }
    Ok(())
}

/// Sets the result the PGN records when the moves do not decide it, and checks that a result
/// the moves decide agrees with it.
fn finish(lexed: &Lexed, game: &mut AnyGame, notes: &mut Vec<String>) -> Result<(), PgnError> {
    let written = lexed
        .result
        .as_deref()
        .or_else(|| tag(lexed, "Result").map(|found| found.value.as_str()))
        .unwrap_or("*");
    let outcome = Outcome::from_result_text(written.trim()).ok_or_else(|| {
        PgnError::new(
            Where::Game,
            "unknown result (expected 1-0, 0-1, 1/2-1/2 or *)",
            written,
        )
    })?;
    if let Some(end) = game.result() {
        if outcome != Outcome::Ongoing && outcome != end.outcome {
            return Err(PgnError::new(
                Where::Game,
                format!("the result does not fit the moves, which end the game: {end}"),
                written,
            ));
        }
        return Ok(());
    }
    if outcome == Outcome::Ongoing {
        return Ok(());
    }
    if game.is_setup_phase() {
        return Err(PgnError::new(
            Where::Game,
            "a result is recorded but the game is still in its setup",
            written,
        ));
    }
    let mut hints = tag(lexed, "Termination").map_or(String::new(), |t| t.value.clone());
    for comment in lexed
        .moves
        .last()
        .map_or(&lexed.leading_comments, |m| &m.comments)
    {
        hints.push(' ');
        hints.push_str(comment);
    }
    let mut reason = event_reason(&hints, outcome);
    if reason == EndReason::Timeout && game.clock().is_none() {
        notes.push(
            "The game was lost on time, but it has no clocks here: it is recorded as a \
             resignation."
                .to_string(),
        );
        reason = EndReason::Resignation;
    }
    let turn = game.status().turn;
    let end = match (reason, outcome) {
        (EndReason::Timeout, Outcome::Win(winner)) => game.flag_fall(winner.other()),
        // A draw on time: the side to move ran out against a lone king.
        (EndReason::Timeout, _) => game.flag_fall(turn),
        (EndReason::DrawAgreed, _) => game
            .offer_draw(turn.other())
            .and_then(|_| game.accept_draw(turn)),
        (_, Outcome::Win(winner)) => game.resign(winner.other()),
        (_, _) => game
            .offer_draw(turn.other())
            .and_then(|_| game.accept_draw(turn)),
    }
    .map_err(|error| PgnError::new(Where::Game, error.to_string(), written))?;
    if end.outcome != outcome {
        return Err(PgnError::new(
            Where::Game,
            format!("the result does not fit the final position: it would be {end}"),
            written,
        ));
    }
    Ok(())
}
