//! The 8×8 evaluation's terms for where a rook or bishop stands: on an open file, aimed at
//! the enemy king or queen, along a long diagonal, or shut in beside its own king. Counted in the same pass as
//! mobility, from the squares that pass already found the piece reaching.

use super::chess::{ChessEval, Tapered};
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
    /// Every pawn on the board.
    pub pawns: Bitboard,
    /// The side's own pawns.
    pub our_pawns: Bitboard,
}

/// The terms of `color`'s rook on `sq`, which reaches `reach`, from that side's view: on a
/// file without pawns or without its own pawns, on a file with a queen on it, on a file
/// through the enemy king's zone without yet hitting it, or shut in on the near-edge side of
/// its own king (worse once castling is gone).
pub(super) fn rook_terms(
    pos: &ChessPosition,
    eval: &ChessEval,
    color: Color,
    sq: Square,
    reach: Bitboard,
    around: &Surroundings,
) -> Tapered {
    let w = &eval.weights;
    let mut terms = Tapered::default();
    let file = Bitboard::file(sq.file());
    if (file & around.pawns).is_empty() {
        terms.add(w.rook_open_file[0], w.rook_open_file[1]);
    } else if (file & around.our_pawns).is_empty() {
        terms.add(w.rook_half_open_file[0], w.rook_half_open_file[1]);
    }
    if !eval.in_use.rook_placement {
        return terms;
    }
    if (file & pos.by_role(Role::Queen)).any() {
        let [mg, eg] = w.rook_queen_file;
        terms.add(mg, eg);
    }
    if (file & around.enemy_zone).any() && (reach & around.enemy_zone).is_empty() {
        terms.add(w.rook_king_ring_mg, 0);
    }
    let our_king = pos.king(color);
    let room = !(around.our_pawns.with(our_king) | around.enemy_pawn_attacks | around.blocked);
    let king_file = our_king.file();
    if (reach & room).count() <= 3 && (king_file < 4) == (sq.file() < king_file) {
        let share = if (pos.castling_rooks() & pos.by_color(color)).any() {
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
    eval: &ChessEval,
    sq: Square,
    reach: Bitboard,
    around: &Surroundings,
) -> Tapered {
    let w = &eval.weights;
    let mut terms = Tapered::default();
    if !eval.in_use.bishop_placement {
        return terms;
    }
    let past_pieces = attacks::bishop_attacks(sq, around.pawns | around.blocked);
    if (past_pieces & CENTRE).more_than_one() {
        terms.add(w.bishop_long_diagonal_mg, 0);
    }
    if (past_pieces & around.enemy_zone).any() && (reach & around.enemy_zone).is_empty() {
        terms.add(w.bishop_king_ring_mg, 0);
    }
    terms
}
