//! The hashes the correction history keys an 8×8 position by (standard chess, the
//! Chess960-style starts and sliding chess's board): where each side's pawns stand, and where
//! each side's other pieces stand.

use crate::correction::CorrectionKeys;
use rules::{Bitboard, ChessPosition, Color, Role};

/// A hash of where each side's pawns stand (top bits well mixed).
pub(crate) fn pawn_structure_key(pos: &ChessPosition) -> u64 {
    let pawns = pos.by_role(Role::Pawn);
    pawns_key(
        pawns & pos.by_color(Color::White),
        pawns & pos.by_color(Color::Black),
    )
}

/// A hash of White's pawns `white` and Black's pawns `black` (top bits well mixed): the
/// correction history's pawn key, and the pawn-structure table's slot.
pub(super) fn pawns_key(white: Bitboard, black: Bitboard) -> u64 {
    (white.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.0.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
        .wrapping_mul(0x1656_67B1_9E37_79F9)
}

/// A hash of where `color`'s pieces other than pawns stand (top bits well mixed).
fn piece_placement_key(pos: &ChessPosition, color: Color) -> u64 {
    const MIXERS: [u64; 5] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0x27D4_EB2F_1656_67C5,
        0x85EB_CA77_C2B2_AE63,
    ];
    let own = pos.by_color(color);
    let roles = [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    let mixed = roles.iter().zip(MIXERS).fold(0u64, |hash, (&role, mixer)| {
        hash ^ (pos.by_role(role) & own).0.wrapping_mul(mixer)
    });
    mixed.wrapping_mul(0xFF51_AFD7_ED55_8CCD) ^ (mixed >> 29)
}

/// The correction history's keys: the pawn structure, then each side's piece placement.
pub(crate) fn correction_keys(pos: &ChessPosition) -> CorrectionKeys {
    [
        pawn_structure_key(pos),
        piece_placement_key(pos, Color::White),
        piece_placement_key(pos, Color::Black),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GamePosition;

    fn after(fen: &str, uci: &str) -> (CorrectionKeys, CorrectionKeys) {
        let before = ChessPosition::from_fen(fen).unwrap();
        let mut after = before;
        after.play_unchecked(before.parse_uci(uci).unwrap());
        (correction_keys(&before), correction_keys(&after))
    }

    #[test]
    fn each_key_follows_only_its_own_pieces() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let (before, knight) = after(start, "g1f3");
        assert_eq!(
            before[0], knight[0],
            "a knight move keeps the pawn structure"
        );
        assert_ne!(before[1], knight[1], "and moves White's pieces");
        assert_eq!(before[2], knight[2], "but not Black's");
        let (_, pawn) = after(start, "e2e4");
        assert_ne!(before[0], pawn[0]);
        assert_eq!(before[1..], pawn[1..], "a pawn move keeps the pieces' keys");
        let (before, capture) = after("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5");
        assert_ne!(before[0], capture[0]);
        assert_eq!(before[1], capture[1]);
        assert_ne!(
            before[2], capture[2],
            "the taken knight leaves Black's pieces"
        );
    }
}
