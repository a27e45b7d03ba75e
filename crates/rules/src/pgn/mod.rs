//! PGN (Portable Game Notation) in and out, as `docs/pgn.md` describes: writing any game with
//! the Seven Tag Roster, `Variant`/`SetUp`/`FEN`, `TimeControl`, `%clk` comments and its
//! termination; reading PGN written by other programs (comments, NAGs and variations skipped)
//! into a game that can be continued. Moves are read with the rules' own typed-move reader,
//! so every SAN form the move list writes or a player may type is understood.

mod lexer;
mod reader;
pub mod tags;
#[cfg(test)]
mod tests;
mod writer;

pub use reader::{read_pgn, PgnImport};
pub use writer::{move_list_text, write_pgn};

use std::fmt;

/// Larger PGN texts are refused before they are read (the saved-game limit).
pub const MAX_BYTES: usize = crate::save::MAX_BYTES;
/// Offending text is cut to this many characters in messages.
const MAX_QUOTE: usize = 80;

/// Where in a PGN text a problem was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Where {
    /// A line of the text (1-based): tags, comments, variations.
    Line(usize),
    /// A move, by its number and side (`12.` or `12...`), with its line.
    Move {
        number: u32,
        black: bool,
        line: usize,
    },
    /// The game as a whole (its result, its size).
    Game,
}

impl fmt::Display for Where {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Where::Line(line) => write!(f, "line {line}"),
            Where::Move {
                number,
                black,
                line,
            } => {
                let dots = if *black { "..." } else { "." };
                write!(f, "move {number}{dots} (line {line})")
            }
            Where::Game => f.write_str("game"),
        }
    }
}

/// Why a PGN text could not be imported: where, what, and the offending text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub at: Where,
    pub problem: String,
    /// The offending text, cut to 80 characters.
    pub text: String,
}

impl PgnError {
    pub(crate) fn new(at: Where, problem: impl Into<String>, text: &str) -> PgnError {
        let mut quoted: String = text.chars().take(MAX_QUOTE).collect();
        if text.chars().nth(MAX_QUOTE).is_some() {
            quoted.push('…');
        }
        PgnError {
            at,
            problem: problem.into(),
            text: quoted,
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PGN {}: {}", self.at, self.problem)?;
        if !self.text.is_empty() {
            write!(f, ": '{}'", self.text)?;
        }
        Ok(())
    }
}

impl std::error::Error for PgnError {}
