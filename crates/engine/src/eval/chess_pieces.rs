//! The 8×8 evaluation's terms for where a rook or bishop stands: aimed at the enemy king or
//! queen, along a long diagonal, or shut in beside its own king. Counted in the same pass as
//! mobility, from the squares that pass already found the piece reaching.

use super::chess::Tapered;
use super::chess_terms::ChessWeights;
use rules::attacks;
use rules::{Bitboard, ChessPosition, Color, Role, Square};

/// d4, e4, d5 and e5.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// What a side's rooks and bishops are measured against.
pub(super) struct Surroundings {
    /// The enemy king's square and the squares around it.
    pub enemy_zone: Bitboard,
    /// Squares the enemy's pawns attack.
    pub enemy_pawn_attacks: Bitboard,
    /// Squares no piece may enter or pass (sliding chess's gap).
    pub blocked: Bitboard,
}

/// The terms of `color`'s rook on `sq`, which reaches `reach`, from that side's view: on a
/// file with a queen on it, on a file through the enemy king's zone without yet hitting it,
/// or shut in on the near-edge side of its own king (worse once castling is gone).
pub(super) fn rook_terms(
    pos: &ChessPosition,
    w: &ChessWeights,
    color: Color,
    sq: Square,
    reach: Bitboard,
    around: &Surroundings,
) -> Tapered {
    let mut terms = Tapered::default();
    if w.rook_queen_file == [0, 0] && w.rook_king_ring_mg == 0 && w.trapped_rook == [0, 0] {
        return terms;
    }
    let file = Bitboard::file(sq.file());
    if (file & pos.by_role(Role::Queen)).any() {
        let [mg, eg] = w.rook_queen_file;
        terms.add(mg, eg);
    }
    if (file & around.enemy_zone).any() && (reach & around.enemy_zone).is_empty() {
        terms.add(w.rook_king_ring_mg, 0);
    }
    let us = pos.by_color(color);
    let our_king = pos.king(color);
    let room = !((pos.by_role(Role::Pawn) & us).with(our_king)
        | around.enemy_pawn_attacks
        | around.blocked);
    let king_file = our_king.file();
    if (reach & room).count() <= 3 && (king_file < 4) == (sq.file() < king_file) {
        let share = if (pos.castling_rooks() & us).any() {
            1
        } else {
            2
        };
        let [mg, eg] = w.trapped_rook;
        terms.add(-share * mg, -share * eg);
    }
    terms
}

/// The terms of a bishop on `sq`, which reaches `reach`, from its side's view: seeing two
/// centre squares past any pieces but pawns, or aimed at the enemy king's zone through
/// pieces that still stand in the way.
pub(super) fn bishop_terms(
    pos: &ChessPosition,
    w: &ChessWeights,
    sq: Square,
    reach: Bitboard,
    around: &Surroundings,
) -> Tapered {
    let mut terms = Tapered::default();
    if w.bishop_long_diagonal_mg == 0 && w.bishop_king_ring_mg == 0 {
        return terms;
    }
    let past_pieces = attacks::bishop_attacks(sq, pos.by_role(Role::Pawn) | around.blocked);
    if (past_pieces & CENTRE).more_than_one() {
        terms.add(w.bishop_long_diagonal_mg, 0);
    }
    if (past_pieces & around.enemy_zone).any() && (reach & around.enemy_zone).is_empty() {
        terms.add(w.bishop_king_ring_mg, 0);
    }
    terms
}
