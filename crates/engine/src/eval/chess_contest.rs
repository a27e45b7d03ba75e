//! The 8×8 evaluation's terms that weigh one side's reach against the other's, counted once
//! both sides' attacks are known: threats, safe checks, the king attack, how safe a passed
//! pawn's path is, squares both sides contest, space, and the king's place among the pawns.

use super::chess::{
    ahead_of, king_distance, pawn_attacks_of, pawn_pushes, sign, ChessEval, Tapered,
};
use super::chess_terms::ChessWeights;
use rules::attacks;
use rules::{Bitboard, ChessPosition, Color, Piece, Role};

/// What each side's pieces and pawns reach, by colour, gathered while each side's own terms
/// are counted.
pub(super) struct Reach {
    /// Every square a knight, bishop, rook or queen attacks.
    pub attacked: [Bitboard; 2],
    /// The same for each kind alone: knights, bishops, rooks, queens.
    pub attacked_by: [[Bitboard; 4]; 2],
    pub pawn_attacks: [Bitboard; 2],
    /// King-attack units on the enemy king's zone, and how many pieces hit it.
    pub king_attack: [(i32, i32); 2],
    /// Passed pawns.
    pub passed: [Bitboard; 2],
    /// Squares no piece may enter or pass (sliding chess's gap).
    pub blocked: Bitboard,
    /// Every occupied or blocked square.
    pub occupied: Bitboard,
    /// Both sides' pawns.
    pub pawns: Bitboard,
}

/// Files a–d and e–h.
const QUEEN_SIDE: Bitboard = Bitboard(0x0f0f_0f0f_0f0f_0f0f);
const KING_SIDE: Bitboard = Bitboard(0xf0f0_f0f0_f0f0_f0f0);

/// Files c–f, where space is counted.
const CENTRE_FILES: Bitboard = Bitboard(0x3c3c_3c3c_3c3c_3c3c);

/// The files that make up the flank of a king on each file: a–c, a–d, a–d, c–f, c–f, e–h,
/// e–h, f–h.
fn king_flank(file: u8) -> Bitboard {
    let (first, last) = match file {
        0 => (0, 2),
        1 | 2 => (0, 3),
        3 | 4 => (2, 5),
        5 | 6 => (4, 7),
        _ => (5, 7),
    };
    (first..=last).fold(Bitboard::EMPTY, |mask, f| mask | Bitboard::file(f))
}

/// The squares up to three steps behind `pawns`, from `color`'s side.
fn behind(color: Color, pawns: Bitboard) -> Bitboard {
    let step = |b: Bitboard| match color {
        Color::White => Bitboard(b.0 >> 8),
        Color::Black => Bitboard(b.0 << 8),
    };
    let one = step(pawns);
    let two = step(one);
    one | two | step(two)
}

/// The contested terms from White's side, before the phase blend.
pub(super) fn contested_terms(pos: &ChessPosition, eval: &ChessEval, reach: &Reach) -> Tapered {
    let w = &eval.weights;
    let mut total = Tapered::default();
    let &Reach {
        ref attacked,
        ref attacked_by,
        ref pawn_attacks,
        ref king_attack,
        ref passed,
        blocked,
        occupied,
        pawns,
    } = reach;
    for color in Color::ALL {
        let (us, them) = (color.index(), color.other().index());
        let s = sign(color);
        let our_pieces = pos.by_color(color);
        let our_pawns = pawns & our_pieces;
        let their_pieces = pos.by_color(color.other()) & !pawns & !pos.by_role(Role::King);
        let their_heavies = their_pieces & (pos.by_role(Role::Rook) | pos.by_role(Role::Queen));
        let their_king_square = pos.king(color.other());
        let their_king = attacks::king_attacks(their_king_square);
        let our_king_square = pos.king(color);
        let our_king = attacks::king_attacks(our_king_square);
        // Every square the enemy guards, and every square we attack.
        let defended = attacked[them] | pawn_attacks[them] | their_king;
        let ours = attacked[us] | pawn_attacks[us];
        let [by_knights, by_bishops, by_rooks, by_queens] = attacked_by[us];

        // Threats: enemy pieces attacked by something cheaper, or attacked and undefended.
        let counts = [
            (pawn_attacks[us] & their_pieces).count() as i32,
            ((by_knights | by_bishops) & their_heavies).count() as i32,
            (by_rooks & their_pieces & pos.by_role(Role::Queen)).count() as i32,
            (ours & their_pieces & !defended).count() as i32,
            (our_king & pos.by_color(color.other()) & !defended).count() as i32,
            (attacked[us] & attacked[them] & !pawn_attacks[them]).count() as i32,
        ];
        let weights = [
            w.threat_by_pawn,
            w.threat_by_minor,
            w.threat_by_rook,
            w.hanging_piece,
            w.threat_by_king,
            w.restricted_square,
        ];
        for (count, [mg, eg]) in counts.into_iter().zip(weights) {
            total.add(s * count * mg, s * count * eg);
        }

        // Pawn pushes (one square, or two from the start) to squares no enemy pawn guards
        // and the enemy does not hold alone, and what the pushed pawns would attack.
        let empty = !occupied;
        let third_rank = Bitboard::rank(if color == Color::White { 2 } else { 5 });
        let single = pawn_pushes(color, our_pawns) & empty;
        let pushed = (single | pawn_pushes(color, single & third_rank) & empty)
            & !pawn_attacks[them]
            & (!(attacked[them] | their_king) | ours);
        let push_threats = (pawn_attacks_of(color, pushed) & their_pieces).count() as i32;
        let [mg, eg] = w.threat_by_pawn_push;
        total.add(s * push_threats * mg, s * push_threats * eg);

        // Checks the enemy king cannot stop by guarding the square.
        let safe = !defended & !our_pieces & !blocked;
        let diagonal = attacks::bishop_attacks(their_king_square, occupied) & safe;
        let straight = attacks::rook_attacks(their_king_square, occupied) & safe;
        let checks = [
            attacks::knight_attacks(their_king_square) & safe & by_knights,
            diagonal & by_bishops,
            straight & by_rooks,
            (diagonal | straight) & by_queens,
        ];
        for (check, weight) in checks.into_iter().zip(w.safe_check_mg) {
            if check.any() {
                total.add(s * weight, 0);
            }
        }

        // The king attack: units for the zone squares our pieces hit, more for those the
        // enemy guards with nothing but its king or queen, fewer without our queen.
        let (mut units, attackers) = king_attack[us];
        if attackers >= 2 {
            let zone = their_king.with(their_king_square);
            let guarded = pawn_attacks[them] | (attacked[them] & !attacked_by[them][3]);
            units += (zone & ours & !guarded).count() as i32 * w.king_zone_weak;
            if pos.by_piece(Piece::new(color, Role::Queen)).is_empty() {
                units -= w.king_danger_no_queen;
            }
            let units = units.max(0);
            total.add(s * (units * units / 4).min(w.king_attack_cap), 0);
        }

        // How safe a passed pawn's way forward is, from the fifth rank on.
        let our_guard = ours | our_king;
        for sq in passed[us] {
            let rank = sq.relative_rank(color) as i32;
            let Some(next) = sq.offset(0, color.forward()) else {
                continue;
            };
            if rank < 4 {
                continue;
            }
            let beyond_fourth = rank - 3;
            let path = ahead_of(sq, color, Bitboard::file(sq.file()));
            let mut add = |[mg, eg]: [i32; 2]| {
                total.add(s * beyond_fourth * mg, s * beyond_fourth * eg);
            };
            if (path & defended).is_empty() {
                add(w.passed_safe_path);
            }
            if !defended.contains(next) {
                add(w.passed_safe_next);
            }
            if our_guard.contains(next) {
                add(w.passed_next_defended);
            }
        }

        // Space: centre squares on our side no enemy pawn guards, those behind our pawns
        // twice, worth more with more pieces on the board.
        let own_half = Bitboard::rank(1) | Bitboard::rank(2) | Bitboard::rank(3);
        let own_half = match color {
            Color::White => own_half,
            Color::Black => Bitboard(own_half.0.swap_bytes()),
        };
        let room = CENTRE_FILES & own_half & !our_pawns & !pawn_attacks[them];
        let space = (room.count() + (room & behind(color, our_pawns)).count()) as i32;
        let pieces = (our_pieces & !pawns).count() as i32 - 1;
        total.add(s * space * pieces * w.space_mg / 16, 0);

        // Squares from which a knight, bishop or rook of ours would harass the enemy's
        // only queen.
        let their_queens = pos.by_piece(Piece::new(color.other(), Role::Queen));
        if eval.in_use.queen_harassment && their_queens.count() == 1 {
            let queen = their_queens.single();
            let open = !pawn_attacks[them] & !our_pieces & !blocked;
            let knight_squares = attacks::knight_attacks(queen) & by_knights & open;
            // The queen guards its own lines; only its other guards count.
            let [by_their_knights, by_their_bishops, by_their_rooks, _] = attacked_by[them];
            let guarded = pawn_attacks[them]
                | their_king
                | by_their_knights
                | by_their_bishops
                | by_their_rooks;
            let slider_squares = (attacks::bishop_attacks(queen, occupied) & by_bishops
                | attacks::rook_attacks(queen, occupied) & by_rooks)
                & open
                & !guarded;
            for (squares, [mg, eg]) in [
                (knight_squares, w.knight_on_queen),
                (slider_squares, w.slider_on_queen),
            ] {
                let count = squares.count() as i32;
                total.add(s * count * mg, s * count * eg);
            }
        }

        // The king's place among the pawns: near its own in the endgame, and not on a
        // flank where none are left.
        let nearest = our_pawns
            .into_iter()
            .map(|pawn| king_distance(our_king_square, pawn))
            .min()
            .unwrap_or(0);
        total.add(0, -s * nearest * w.king_pawn_distance_eg);
        if (king_flank(our_king_square.file()) & pawns).is_empty() {
            let [mg, eg] = w.pawnless_flank;
            total.add(-s * mg, -s * eg);
        }
    }
    total
}

/// How far the endgame score `eg` (White's view) moves with the position's complexity:
/// towards a win when much is left to play for, towards a draw, never past zero, when
/// little is.
pub(super) fn winnable_eg(pos: &ChessPosition, w: &ChessWeights, reach: &Reach, eg: i32) -> i32 {
    if w.winnable == [0; 8] {
        return 0;
    }
    let [passed, per_pawn, outflank, infiltrate, both_flanks, pawn_ending, unwinnable, fixed] =
        w.winnable;
    let pawns = reach.pawns;
    let (white_king, black_king) = (pos.king(Color::White), pos.king(Color::Black));
    let file_gap = (white_king.file() as i32 - black_king.file() as i32).abs();
    let rank_gap = (white_king.rank() as i32 - black_king.rank() as i32).abs();
    let outflanking = file_gap - rank_gap;
    let on_both_flanks = (pawns & QUEEN_SIDE).any() && (pawns & KING_SIDE).any();
    let infiltrated = white_king.rank() > 3 || black_king.rank() < 4;
    let only_pawns = (pos.occupied() & !pawns & !pos.by_role(Role::King)).is_empty();
    let almost_unwinnable = outflanking < 0 && !on_both_flanks;
    let passed_count = (reach.passed[0] | reach.passed[1]).count() as i32;
    let complexity = passed * passed_count
        + per_pawn * pawns.count() as i32
        + outflank * outflanking
        + infiltrate * i32::from(infiltrated)
        + both_flanks * i32::from(on_both_flanks)
        + pawn_ending * i32::from(only_pawns)
        - unwinnable * i32::from(almost_unwinnable)
        - 2 * fixed;
    eg.signum() * complexity.max(-eg.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kings_flank_covers_its_file_and_the_nearby_ones() {
        assert_eq!(king_flank(0), Bitboard(0x0707_0707_0707_0707));
        assert_eq!(king_flank(4), Bitboard(0x3c3c_3c3c_3c3c_3c3c));
        assert_eq!(king_flank(7), Bitboard(0xe0e0_e0e0_e0e0_e0e0));
    }

    #[test]
    fn behind_reaches_three_steps_back_towards_the_own_side() {
        let e4 = Bitboard(1 << 28);
        assert_eq!(
            behind(Color::White, e4),
            Bitboard((1 << 20) | (1 << 12) | (1 << 4))
        );
        let e5 = Bitboard(1 << 36);
        assert_eq!(
            behind(Color::Black, e5),
            Bitboard((1 << 44) | (1 << 52) | (1 << 60))
        );
    }
}
