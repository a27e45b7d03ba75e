//! Position text: an N×N FEN with a seventh field, the inner board's a1.

use super::options::{RelativeOptions, MAX_SIZE, MIN_SIZE};
use super::position::{
    back_rank, RelativePosition, BLACK_LONG, BLACK_SHORT, MAX_PIECES, WHITE_LONG, WHITE_SHORT,
};
use super::square::{rel_index, AbsSquare};
use crate::position::{read_move_counter, MAX_MOVE_COUNTER};
use crate::types::{Color, Piece, Role};
use std::fmt;

/// Why position text could not be read; the message names the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelativePositionError(pub String);

impl fmt::Display for RelativePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RelativePositionError {}

fn fail<T>(message: impl Into<String>) -> Result<T, RelativePositionError> {
    Err(RelativePositionError(message.into()))
}

/// Reads the board field: N ranks of N squares, top rank first. Returns the size and the
/// pieces with their absolute squares.
fn read_board(field: &str) -> Result<(u8, Vec<(AbsSquare, Piece)>), RelativePositionError> {
    let ranks: Vec<&str> = field.split('/').collect();
    let n = ranks.len();
    if !(MIN_SIZE as usize..=MAX_SIZE as usize).contains(&n) {
        return fail(format!(
            "the board field has {n} ranks; the outer board must be {MIN_SIZE} to {MAX_SIZE} squares wide"
        ));
    }
    let mut pieces = Vec::new();
    for (row, rank_text) in ranks.iter().enumerate() {
        let y = (n - 1 - row) as u8;
        let rank_name = y as usize + 1;
        let mut x = 0usize;
        let mut run = 0usize;
        let mut run_digits = 0;
        for c in rank_text.chars() {
            if let Some(digit) = c.to_digit(10) {
                if run_digits == 0 && digit == 0 {
                    return fail(format!("rank {rank_name} has an empty run starting with 0"));
                }
                run = run * 10 + digit as usize;
                run_digits += 1;
                if run > n {
                    return fail(format!(
                        "rank {rank_name} has an empty run of {run} squares on a board {n} wide"
                    ));
                }
                continue;
            }
            x += run;
            run = 0;
            run_digits = 0;
            let piece = Piece::from_fen_char(c).ok_or_else(|| {
                RelativePositionError(format!("unexpected character '{c}' in rank {rank_name}"))
            })?;
            if x >= n {
                return fail(format!("rank {rank_name} has more than {n} squares"));
            }
            pieces.push((AbsSquare::new(x as u8, y), piece));
            x += 1;
        }
        x += run;
        if x != n {
            return fail(format!(
                "rank {rank_name} has {x} squares; the board is {n} wide"
            ));
        }
    }
    Ok((n as u8, pieces))
}

fn read_castling(field: &str) -> Result<u8, RelativePositionError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in field.chars() {
        let bit = match c {
            'K' => WHITE_SHORT,
            'Q' => WHITE_LONG,
            'k' => BLACK_SHORT,
            'q' => BLACK_LONG,
            _ => {
                return fail(format!(
                    "unexpected character '{c}' in the castling field '{field}' (expected K, Q, k, q or -)"
                ))
            }
        };
        if rights & bit != 0 {
            return fail(format!("castling right '{c}' is given twice in '{field}'"));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn read_counter(field: &str, what: &str, min: u32) -> Result<u32, RelativePositionError> {
    read_move_counter(field, min).ok_or_else(|| {
        RelativePositionError(format!(
            "the {what} '{field}' is not a whole number from {min} to {MAX_MOVE_COUNTER}"
        ))
    })
}

impl RelativePosition {
    /// Reads position text. The board field decides the size (`options.size` is replaced by
    /// it); recentering and leave come from `options`.
    pub fn from_text(
        text: &str,
        options: RelativeOptions,
    ) -> Result<RelativePosition, RelativePositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 7 {
            return fail(format!(
                "position text has {} fields; relative chess needs 7 (board, side to move, castling, en passant, half-move clock, move number, inner board a1)",
                fields.len()
            ));
        }
        let (size, pieces) = read_board(fields[0])?;
        let options = RelativeOptions { size, ..options };
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return fail(format!("the side to move '{other}' is neither w nor b")),
        };
        let castling = read_castling(fields[2])?;
        let ep = match fields[3] {
            "-" => None,
            name => Some(AbsSquare::parse(name, size).ok_or_else(|| {
                RelativePositionError(format!(
                    "the en-passant square '{name}' is not a square of the {size}×{size} board"
                ))
            })?),
        };
        let halfmoves = read_counter(fields[4], "half-move clock", 0)?;
        let fullmoves = read_counter(fields[5], "move number", 1)?;
        let origin = AbsSquare::parse(fields[6], size).ok_or_else(|| {
            RelativePositionError(format!(
                "the inner board field '{}' is not a square of the {size}×{size} board",
                fields[6]
            ))
        })?;
        let highest = size - 8;
        if origin.x > highest || origin.y > highest {
            return fail(format!(
                "an inner board with a1 on {origin} would stick out of the {size}×{size} board (a1 must be within a1..{})",
                AbsSquare::new(highest, highest)
            ));
        }
        let origin = (origin.x as i32, origin.y as i32);

        let mut pos = RelativePosition::empty(options, origin);
        pos.set_turn(turn);
        pos.halfmoves = halfmoves;
        pos.fullmoves = fullmoves;
        for color in Color::ALL {
            let count = pieces.iter().filter(|(_, p)| p.color == color).count();
            if count > MAX_PIECES {
                return fail(format!(
                    "{} has {count} pieces; at most {MAX_PIECES} are allowed",
                    color.name()
                ));
            }
            let kings = pieces
                .iter()
                .filter(|(_, p)| *p == Piece::new(color, Role::King))
                .count();
            // The side to move may have none: its king went over the edge on the last move,
            // which ended the game (`docs/position-text.md`), and that final position is
            // written like any other.
            let lost_over_edge = kings == 0 && color == turn;
            if kings != 1 && !lost_over_edge {
                return fail(format!(
                    "{} has {kings} kings; exactly one is needed (none only for the side to move, whose king went over the edge)",
                    color.name()
                ));
            }
        }
        for &(square, piece) in &pieces {
            let (x, y) = pos.relative_of(square);
            if piece.role == Role::Pawn && !(1..=6).contains(&y) {
                return fail(format!(
                    "the {} pawn on {square} stands on relative rank {}; pawns can only be on relative ranks 2 to 7",
                    piece.color.name(),
                    y + 1
                ));
            }
            pos.put(rel_index(x, y), piece);
        }

        for (bit, color, rook_x, letter) in [
            (WHITE_SHORT, Color::White, 7, 'K'),
            (WHITE_LONG, Color::White, 0, 'Q'),
            (BLACK_SHORT, Color::Black, 7, 'k'),
            (BLACK_LONG, Color::Black, 0, 'q'),
        ] {
            if castling & bit == 0 {
                continue;
            }
            let rank = back_rank(color);
            let king = pos.board[rel_index(4, rank)];
            let rook = pos.board[rel_index(rook_x, rank)];
            let owns = |code: u8, role: Role| {
                code != 0 && code == super::position::piece_code(color, role)
            };
            if !owns(king, Role::King) {
                return fail(format!(
                    "castling right '{letter}' needs the {} king on its relative e{} ({})",
                    color.name(),
                    rank + 1,
                    pos.abs_of_index(rel_index(4, rank))
                ));
            }
            if !owns(rook, Role::Rook) {
                return fail(format!(
                    "castling right '{letter}' needs a {} rook on its relative {}{} ({})",
                    color.name(),
                    (b'a' + rook_x as u8) as char,
                    rank + 1,
                    pos.abs_of_index(rel_index(rook_x, rank))
                ));
            }
        }
        pos.set_castling(castling);

        if let Some(square) = ep {
            let (x, y) = pos.relative_of(square);
            let mover = turn.other();
            let forward = mover.forward();
            let expected_y = back_rank(mover) + 2 * forward;
            let pawn = super::position::piece_code(mover, Role::Pawn);
            let valid = y == expected_y
                && pos.board[rel_index(x, y)] == 0
                && pos.board[rel_index(x, y + forward)] == pawn
                && pos.board[rel_index(x, y - forward)] == 0;
            if !valid {
                return fail(format!(
                    "en-passant square {square} does not follow a {} double step (it must be the empty relative rank {} square behind a {} pawn, with the pawn's start square empty)",
                    mover.name(),
                    expected_y + 1,
                    mover.name()
                ));
            }
            pos.ep = rel_index(x, y) as u16;
        }

        let waiting = turn.other();
        if pos.is_attacked(pos.kings[waiting.index()] as usize, turn, usize::MAX) {
            return fail(format!(
                "the side not to move ({}) is in check",
                waiting.name()
            ));
        }
        Ok(pos)
    }

    /// Writes position text.
    pub fn to_text(&self) -> String {
        let n = self.size() as usize;
        let mut grid = vec![None; n * n];
        for (square, piece) in self.pieces() {
            grid[square.y as usize * n + square.x as usize] = Some(piece);
        }
        let mut text = String::with_capacity(n * n / 2 + 32);
        for y in (0..n).rev() {
            let mut empty = 0;
            for x in 0..n {
                match grid[y * n + x] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(piece.fen_char());
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            if y > 0 {
                text.push('/');
            }
        }
        text.push(' ');
        text.push(self.turn.letter());
        text.push(' ');
        if self.castling == 0 {
            text.push('-');
        }
        for (bit, letter) in [
            (WHITE_SHORT, 'K'),
            (WHITE_LONG, 'Q'),
            (BLACK_SHORT, 'k'),
            (BLACK_LONG, 'q'),
        ] {
            if self.castling & bit != 0 {
                text.push(letter);
            }
        }
        let ep = match self.ep_square() {
            Some(square) => square.to_string(),
            None => "-".to_string(),
        };
        text.push_str(&format!(
            " {ep} {} {} {}",
            self.halfmoves,
            self.fullmoves,
            self.origin()
        ));
        text
    }
}
