//! Reading a move as a player types it (`e2 e4`, `e2-e4`, `Nf3`, `nf3`, `Ng1f3`, `a8=Q`, `O-O`,
//! `exd6 e.p.`, …) in any game: the input is normalised, read in each way it can be read, and
//! matched against the names of every legal move — its move text and its readable notation as
//! the move list shows it — so a change of notation is accepted here without a change. The
//! answer is the move text to play, a promotion still waiting for its piece, or why not: the text
//! is unreadable, or it names a move that cannot be played here, with the reason.
//! `docs/move-text.md` ("Typing a move") describes what is accepted.

mod reading;
mod refusal;
#[cfg(test)]
mod tests;

pub use refusal::Refusal;

use crate::any::{AnyGame, RegroupmentGame, VariantGame};
use crate::game::Game;
use crate::regroupment::SetupError;
use crate::types::Role;
use crate::view::ViewPosition;
use reading::{normal_form, Reading, SanName, Xy};
use refusal::Board;
use std::fmt;

/// What typed input asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedMove {
    /// The move text of the one legal move it names.
    Play(String),
    /// A promotion named without its piece (`a8`, `a7a8`): its move text without the piece
    /// letter, for the piece chooser.
    NeedsPromotion(String),
}

/// Why typed input cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedMoveError {
    /// Nothing was typed.
    Empty,
    /// The text is no way of writing a move.
    Unreadable { typed: String },
    /// The text reads as a move, but no legal move (or more than one) matches it.
    Illegal { typed: String, reason: Refusal },
}

impl fmt::Display for TypedMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypedMoveError::Empty => write!(f, "type a move, e.g. e4, Nf3, e2e4 or O-O"),
            TypedMoveError::Unreadable { typed } => write!(
                f,
                "unreadable move '{typed}': type it as e.g. e4, Nf3, e2e4, e2-e4 or O-O"
            ),
            TypedMoveError::Illegal { typed, reason } => {
                write!(f, "illegal move '{typed}': {reason}")
            }
        }
    }
}

impl std::error::Error for TypedMoveError {}

impl AnyGame {
    /// Reads a move as a player types it and says which legal move it is (see the module
    /// documentation); a regroupment setup step is read during the setup phase.
    pub fn read_typed_move(&self, typed: &str) -> Result<TypedMove, TypedMoveError> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Err(TypedMoveError::Empty);
        }
        match &self.inner {
            VariantGame::Standard(game) => read_move(game, typed),
            VariantGame::Sliding(game) => read_move(game, typed),
            VariantGame::Relative(game) => read_move(game, typed),
            VariantGame::Regroupment(r) => match &r.game {
                Some(game) => read_move(game, typed),
                None => read_setup_step(r, typed),
            },
        }
    }
}

/// One legal move by all its names.
struct Named {
    text: String,
    display: String,
    /// The from, to and promotion of the move text, when it is written as two squares.
    squares: Option<(Xy, Xy, Option<Role>)>,
    /// The readable notation taken apart, when it is SAN-like.
    san: Option<SanName>,
}

impl Named {
    fn new(text: String, display: String) -> Named {
        Named {
            squares: reading::move_text_squares(&text),
            san: reading::read_san(&normal_form(&display), reading::PieceCase::AsWritten),
            text,
            display,
        }
    }

    /// The move's from-square in the coordinates of its readable notation, when the two
    /// names use the same squares (relative chess may name the target differently).
    fn san_from(&self) -> Option<Xy> {
        let (from, to, _) = self.squares?;
        (self.san.as_ref()?.to == to).then_some(from)
    }

    fn promotion(&self) -> Option<Role> {
        self.squares
            .and_then(|(_, _, promotion)| promotion)
            .or_else(|| self.san.as_ref().and_then(|san| san.promotion))
    }

    fn moving_role(&self) -> Option<Role> {
        let san = self.san.as_ref()?;
        Some(if san.castle.is_some() {
            Role::King
        } else {
            san.piece
        })
    }
}

/// Whether a reading names a legal move, and if so whether it leaves the promotion piece open.
fn matches(reading: &Reading, named: &Named) -> Option<bool> {
    match reading {
        Reading::Castle { long } => {
            let san = named.san.as_ref()?;
            (san.castle == Some(*long)).then_some(false)
        }
        Reading::Squares(squares) => {
            let (from, to, promotion) = named.squares?;
            if from != squares.from || to != squares.to {
                return None;
            }
            if squares
                .piece
                .is_some_and(|role| named.moving_role() != Some(role))
            {
                return None;
            }
            match (squares.promotion, promotion) {
                (Some(wanted), Some(has)) => (wanted == has).then_some(false),
                (Some(_), None) => None,
                (None, has) => Some(has.is_some()),
            }
        }
        Reading::San(wanted) => {
            let san = named.san.as_ref()?;
            if san.castle.is_some() || san.piece != wanted.piece || san.to != wanted.to {
                return None;
            }
            let from = named.san_from();
            let hint_fits = |typed: Option<u8>, of_from: fn(Xy) -> u8, written: Option<u8>| {
                typed.is_none_or(|value| match from {
                    Some(from) => of_from(from) == value,
                    None => written.is_none_or(|written| written == value),
                })
            };
            if !hint_fits(wanted.file, |xy| xy.0, san.file)
                || !hint_fits(wanted.rank, |xy| xy.1, san.rank)
            {
                return None;
            }
            match (wanted.promotion, named.promotion()) {
                (Some(wanted), Some(has)) => (wanted == has).then_some(false),
                (Some(_), None) => None,
                (None, has) => Some(has.is_some()),
            }
        }
    }
}

/// Reads typed input against the legal moves of a game being played. Only the names of the
/// moves and the board are gathered here, in the variant's typed code; the reading itself is
/// shared by every variant (one copy in the page's code, not three).
fn read_move<P: ViewPosition + refusal::RefusalHints>(
    game: &Game<P>,
    typed: &str,
) -> Result<TypedMove, TypedMoveError> {
    let position = game.position();
    let named: Vec<Named> = game
        .legal_moves()
        .iter()
        .map(|&mv| Named::new(position.move_text(mv), position.display_move(mv)))
        .collect();
    let board_view = P::board_view(game, game.ply_count(), None);
    let board = Board::new(&board_view, position.turn(), position.is_check());
    let by_move_text = |text: &str| {
        position
            .parse_move_text(text)
            .map(|mv| position.move_text(mv))
    };
    let over = game.result().is_some();
    decide(typed, over, &named, &board, position, &by_move_text)
}

/// The move text that the rules' own move-text reader makes of some text.
type MoveTextReader<'a> = dyn Fn(&str) -> Result<String, crate::MoveTextError> + 'a;

fn decide(
    typed: &str,
    over: bool,
    named: &[Named],
    board: &Board,
    hints: &dyn refusal::RefusalHints,
    by_move_text: &MoveTextReader,
) -> Result<TypedMove, TypedMoveError> {
    let illegal = |reason| TypedMoveError::Illegal {
        typed: typed.to_string(),
        reason,
    };
    if over {
        return Err(illegal(Refusal::GameOver));
    }
    // The rules' own move-text reader first (it knows forms like the king taking its rook).
    let mut move_text_illegal = false;
    for candidate in [typed.to_string(), reading::joined_squares(typed)] {
        match by_move_text(&candidate) {
            Ok(text) => return Ok(TypedMove::Play(text)),
            Err(crate::MoveTextError::Illegal { .. }) => move_text_illegal = true,
            Err(crate::MoveTextError::Unreadable { .. }) => {}
        }
    }

    let typed_normal = normal_form(typed);
    let tiers = reading::tiers(typed, board);
    let exact = |ignore_case: bool| -> Vec<(&Named, bool)> {
        named
            .iter()
            .filter(|named| {
                let display = normal_form(&named.display);
                if ignore_case {
                    display.eq_ignore_ascii_case(&typed_normal)
                        || named.text.eq_ignore_ascii_case(&typed_normal)
                } else {
                    display == typed_normal || named.text == typed_normal
                }
            })
            .map(|named| (named, false))
            .collect()
    };
    let mut found = exact(false);
    for tier in &tiers {
        if !found.is_empty() {
            break;
        }
        found = named
            .iter()
            .filter_map(|named| {
                let pending = tier
                    .iter()
                    .filter_map(|reading| matches(reading, named))
                    .min()?;
                Some((named, pending))
            })
            .collect();
    }
    if found.is_empty() {
        found = exact(true);
    }

    match found.as_slice() {
        [] => {
            let first = tiers.iter().flatten().next();
            match first {
                Some(reading) => Err(illegal(board.refusal(hints, reading))),
                None if move_text_illegal => Err(illegal(Refusal::NoSuchMove)),
                None => Err(TypedMoveError::Unreadable {
                    typed: typed.to_string(),
                }),
            }
        }
        [(named, false)] => Ok(TypedMove::Play(named.text.clone())),
        [(first, true), rest @ ..]
            if rest
                .iter()
                .all(|(named, pending)| *pending && same_squares(first, named)) =>
        {
            let mut text = first.text.clone();
            text.pop();
            Ok(TypedMove::NeedsPromotion(text))
        }
        several => {
            let mut candidates: Vec<String> = Vec::new();
            for (named, _) in several {
                let display = normal_form(&named.display);
                if !candidates.contains(&display) {
                    candidates.push(display);
                }
            }
            Err(illegal(Refusal::Ambiguous { candidates }))
        }
    }
}

fn same_squares(a: &Named, b: &Named) -> bool {
    match (a.squares, b.squares) {
        (Some((from_a, to_a, _)), Some((from_b, to_b, _))) => from_a == from_b && to_a == to_b,
        _ => false,
    }
}

/// Reads a regroupment setup step (`Kb1`, `kb1`, `Q-`); a refused step says why, in the
/// setup phase's own words (the bishop-colour rule, …).
fn read_setup_step(game: &RegroupmentGame, typed: &str) -> Result<TypedMove, TypedMoveError> {
    let compact: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(step) = game
        .legal_steps()
        .into_iter()
        .find(|step| step.eq_ignore_ascii_case(&compact))
    {
        return Ok(TypedMove::Play(step));
    }
    let mut canonical = compact.clone();
    if let Some(first) = canonical.get(..1).map(str::to_ascii_uppercase) {
        canonical.replace_range(..1, &first);
    }
    // Only the setup phase is tried, not the whole game record.
    let Some(mut trial) = game.phase.clone() else {
        return Err(TypedMoveError::Illegal {
            typed: typed.to_string(),
            reason: Refusal::NoSuchMove,
        });
    };
    let reason = match trial.apply_text(&canonical) {
        Ok(step) => return Ok(TypedMove::Play(step.to_string())),
        Err(SetupError::Unreadable(_)) => {
            return Err(TypedMoveError::Unreadable {
                typed: typed.to_string(),
            })
        }
        Err(SetupError::Illegal { reason, .. }) => reason,
        Err(error) => error.to_string(),
    };
    Err(TypedMoveError::Illegal {
        typed: typed.to_string(),
        reason: Refusal::Setup(reason),
    })
}
