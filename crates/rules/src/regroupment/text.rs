//! Regroupment position text (`docs/position-text.md`): X-FEN or Shredder-FEN as in Chess960
//! mode, with one rule of the variant on top — a castling right belongs to a rook in its corner.

use crate::chess::{CastlingMode, ChessPosition, FenError, PositionError};

/// Reads a Regroupment position. Rooks start on a1/h1 (a8/h8) and only the king is relocated
/// (`docs/rules-regroupment.md`), so a castling right whose rook stands anywhere else cannot
/// come from a game and is refused rather than quietly dropped.
pub fn position_from_text(text: &str) -> Result<ChessPosition, FenError> {
    let position = ChessPosition::from_fen_mode(text, CastlingMode::Chess960)?;
    let outside_corners = position
        .castling_rooks()
        .find(|rook| rook.file() != 0 && rook.file() != 7);
    match outside_corners {
        Some(rook) => Err(FenError::Position(PositionError::CastlingRookNotInCorner(
            rook,
        ))),
        None => Ok(position),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_castling_rook_must_stand_in_its_corner() {
        // X-FEN `K` names the outermost king-side rook, here g1; Shredder-FEN `G` names it
        // directly. Neither is a Regroupment position.
        for text in [
            "4k3/8/8/8/8/8/8/R3K1R1 w K - 0 1",
            "4k3/8/8/8/8/8/8/R3K1R1 w G - 0 1",
            "1r2k3/8/8/8/8/8/8/4K3 b q - 0 1",
        ] {
            let error = position_from_text(text).unwrap_err().to_string();
            assert!(error.contains("not in its corner"), "{text}: {error}");
        }
        // The same boards without that right, or with the corner rook, are fine.
        for text in [
            "4k3/8/8/8/8/8/8/R3K1R1 w Q - 0 1",
            "4k3/8/8/8/8/8/8/R3K1R1 w A - 0 1",
            "4k3/8/8/8/8/8/8/R5KR w KQ - 0 1",
            "4k3/8/8/8/8/8/8/R5KR w HA - 0 1",
            "r5kr/8/8/8/8/8/8/1K6 b kq - 0 1",
        ] {
            assert!(position_from_text(text).is_ok(), "{text}");
        }
    }
}
