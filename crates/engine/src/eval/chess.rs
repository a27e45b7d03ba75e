//! The evaluation of an 8×8 chess position (standard chess and regroupment; sliding chess
//! builds on it), and `SearchPosition` for `rules::ChessPosition`.
//!
//! Every term has a middlegame (MG) and an endgame (EG) weight; the two sums are blended by
//! the game phase (knight and bishop 1, rook 2, queen 4; 24 = all pieces on the board).
//! Scores are centipawns from White's side, negated for Black to move, plus a tempo bonus.
//!
//! | term | MG | EG | notes |
//! |---|---|---|---|
//! | pawn / knight / bishop / rook / queen | 85 / 330 / 345 / 470 / 1000 | 110 / 300 / 320 / 530 / 980 | material |
//! | bishop pair | 25 | 55 | |
//! | piece-square | see [`psqt`] | | built from centralisation and advancement rules |
//! | mobility per reachable square (N, B, R, Q) | 4, 5, 2, 1 | 4, 5, 4, 2 | squares not own-occupied nor attacked by enemy pawns, minus a typical count |
//! | king attack | −(units²)/4, ≤ 500 | 0 | units: N 2, B 2, R 3, Q 5 per king-zone square hit; needs two attackers |
//! | pawn shield | +12 / +6 per pawn 1 / 2 ranks in front | 0 | king on its first two ranks |
//! | open file next to own king | −20 | 0 | |
//! | doubled / isolated pawn | −10 / −12 | −25 / −18 | |
//! | passed pawn by relative rank 2..7 | 5 10 15 30 50 80 | 10 20 35 60 100 150 | |
//! | rook on open / half-open file | 25 / 12 | 10 / 5 | |
//! | tempo | 10 | 10 | side to move |
//!
//! Drawish material (no pawns and at most a minor piece ahead) divides the score by 8; bare
//! kings or king and one minor against a bare king score 0.

use crate::position::SearchPosition;
use rules::attacks;
use rules::{Bitboard, ChessPosition, Color, Move, MoveKind, MoveList, Piece, Role, Square};

pub const MG_VALUE: [i32; 6] = [85, 330, 345, 470, 1000, 0];
pub const EG_VALUE: [i32; 6] = [110, 300, 320, 530, 980, 0];
/// The value used for move ordering and quiescence pruning.
pub const ORDER_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];
/// How much each role counts towards the game phase (24: all pieces on, 0: pawn ending).
pub(crate) const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

const MOBILITY_MG: [i32; 6] = [0, 4, 5, 2, 1, 0];
const MOBILITY_EG: [i32; 6] = [0, 4, 5, 4, 2, 0];
const MOBILITY_TYPICAL: [i32; 6] = [0, 4, 6, 6, 12, 0];
const KING_ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];
const PASSED_MG: [i32; 8] = [0, 5, 10, 15, 30, 50, 80, 0];
const PASSED_EG: [i32; 8] = [0, 10, 20, 35, 60, 100, 150, 0];
const TEMPO: i32 = 10;

/// Piece-square tables, indexed `[role][square]` with squares seen from White (Black looks
/// them up rank-flipped). Built at compile time from simple rules, so each value is
/// explainable:
/// - pawns: advancement, a centre bonus on d/e (c/f) files, a penalty for unmoved d/e pawns;
/// - knights and bishops: closeness to the centre, a back-rank penalty;
/// - rooks: the seventh rank, the central files;
/// - queen: slight centralisation (more in the endgame);
/// - king: sheltered corners in the middlegame, the centre in the endgame.
pub mod psqt {
    const CENTRE_DISTANCE: [i32; 8] = [3, 2, 1, 0, 0, 1, 2, 3];

    const fn value(role: usize, sq: usize, endgame: bool) -> i32 {
        let file = sq % 8;
        let rank = sq / 8;
        let centre = CENTRE_DISTANCE[file] + CENTRE_DISTANCE[rank];
        match (role, endgame) {
            (0, false) => {
                let advance = [0, 0, 4, 10, 20, 35, 60, 0][rank];
                let centre_file = match file {
                    3 | 4 if rank == 3 || rank == 4 => 15,
                    2 | 5 if rank == 3 || rank == 4 => 5,
                    3 | 4 if rank == 1 => -10,
                    _ => 0,
                };
                advance + centre_file
            }
            (0, true) => [0, -5, 0, 10, 25, 45, 70, 0][rank],
            (1, false) => 15 - 8 * centre - if rank == 0 { 10 } else { 0 },
            (1, true) => 12 - 6 * centre,
            (2, false) => 8 - 4 * centre - if rank == 0 { 10 } else { 0 },
            (2, true) => 8 - 4 * centre,
            (3, false) => {
                (if rank == 6 { 20 } else { 0 }) + if file == 3 || file == 4 { 5 } else { 0 }
            }
            (3, true) => {
                if rank == 6 {
                    10
                } else {
                    0
                }
            }
            (4, false) => 4 - 2 * centre,
            (4, true) => 10 - 5 * centre,
            (5, false) => match rank {
                0 => [20, 30, 10, 0, 0, 10, 30, 20][file],
                1 => [10, 10, -5, -15, -15, -5, 10, 10][file],
                _ => -30 - 10 * (rank as i32 - 2),
            },
            _ => 25 - 10 * centre,
        }
    }

    const fn table(endgame: bool) -> [[i32; 64]; 6] {
        let mut out = [[0; 64]; 6];
        let mut role = 0;
        while role < 6 {
            let mut sq = 0;
            while sq < 64 {
                out[role][sq] = value(role, sq, endgame);
                sq += 1;
            }
            role += 1;
        }
        out
    }

    pub const MG: [[i32; 64]; 6] = table(false);
    pub const EG: [[i32; 64]; 6] = table(true);
}

/// A middlegame / endgame pair being summed.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tapered {
    pub mg: i32,
    pub eg: i32,
}

impl Tapered {
    #[inline]
    pub fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }

    /// Blends by `phase` (0 = bare endgame … 24 = every piece on the board).
    #[inline]
    pub fn blend(self, phase: i32) -> i32 {
        let phase = phase.clamp(0, MAX_PHASE);
        (self.mg * phase + self.eg * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

#[inline]
fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

#[inline]
fn white_view(sq: Square, color: Color) -> usize {
    match color {
        Color::White => sq.index(),
        Color::Black => sq.flip_rank().index(),
    }
}

fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    let not_a = !Bitboard::file(0);
    let not_h = !Bitboard::file(7);
    match color {
        Color::White => Bitboard(((pawns & not_a).0 << 7) | ((pawns & not_h).0 << 9)),
        Color::Black => Bitboard(((pawns & not_a).0 >> 9) | ((pawns & not_h).0 >> 7)),
    }
}

fn adjacent_files(file: u8) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    if file > 0 {
        mask |= Bitboard::file(file - 1);
    }
    if file < 7 {
        mask |= Bitboard::file(file + 1);
    }
    mask
}

/// Squares strictly in front of `sq` from `color`'s side on the files in `files`.
fn ahead_of(sq: Square, color: Color, files: Bitboard) -> Bitboard {
    let rank = sq.rank();
    let ranks = match color {
        Color::White => {
            if rank == 7 {
                0
            } else {
                !0u64 << (8 * (rank + 1))
            }
        }
        Color::Black => (1u64 << (8 * rank)) - 1,
    };
    Bitboard(ranks) & files
}

/// The game phase, 0..=24.
pub fn phase(pos: &ChessPosition) -> i32 {
    Role::ALL
        .iter()
        .map(|&role| pos.by_role(role).count() as i32 * PHASE_WEIGHT[role.index()])
        .sum::<i32>()
        .min(MAX_PHASE)
}

/// The evaluation from White's side before the phase blend, so variants can add terms.
/// `blocked` squares (sliding chess's gap) stop rays and are never counted as mobility.
pub fn white_terms(pos: &ChessPosition) -> Tapered {
    let mut total = Tapered::default();
    let blocked = pos.blocked();
    let occupied = pos.occupied() | blocked;
    let pawns = pos.by_role(Role::Pawn);
    for color in Color::ALL {
        let mut side = Tapered::default();
        let us = pos.by_color(color);
        let them = pos.by_color(color.other());
        let our_pawns = pawns & us;
        let their_pawns = pawns & them;
        let enemy_pawn_attacks = pawn_attacks_of(color.other(), their_pawns);
        let enemy_king = pos.king(color.other());
        let king_zone = attacks::king_attacks(enemy_king).with(enemy_king);
        let mut attack_units = 0;
        let mut attackers = 0;

        for role in Role::ALL {
            for sq in pos.by_piece(Piece::new(color, role)) {
                let index = white_view(sq, color);
                let r = role.index();
                side.add(
                    MG_VALUE[r] + psqt::MG[r][index],
                    EG_VALUE[r] + psqt::EG[r][index],
                );
                if matches!(role, Role::Pawn | Role::King) {
                    continue;
                }
                let reach = match role {
                    Role::Knight => attacks::knight_attacks(sq),
                    Role::Bishop => attacks::bishop_attacks(sq, occupied),
                    Role::Rook => attacks::rook_attacks(sq, occupied),
                    _ => attacks::queen_attacks(sq, occupied),
                } & !blocked;
                let mobility =
                    (reach & !us & !enemy_pawn_attacks).count() as i32 - MOBILITY_TYPICAL[r];
                side.add(mobility * MOBILITY_MG[r], mobility * MOBILITY_EG[r]);
                let zone_hits = (reach & king_zone).count() as i32;
                if zone_hits > 0 {
                    attackers += 1;
                    attack_units += zone_hits * KING_ATTACK_UNITS[r];
                }
                if role == Role::Rook {
                    let file = Bitboard::file(sq.file());
                    if (file & pawns).is_empty() {
                        side.add(25, 10);
                    } else if (file & our_pawns).is_empty() {
                        side.add(12, 5);
                    }
                }
            }
        }
        if pos
            .by_piece(Piece::new(color, Role::Bishop))
            .more_than_one()
        {
            side.add(25, 55);
        }
        if attackers >= 2 {
            side.add((attack_units * attack_units / 4).min(500), 0);
        }

        // Pawn structure.
        for sq in our_pawns {
            let file = sq.file();
            let file_mask = Bitboard::file(file);
            if (ahead_of(sq, color, file_mask) & our_pawns).any() {
                side.add(-10, -25);
            }
            if (adjacent_files(file) & our_pawns).is_empty() {
                side.add(-12, -18);
            }
            let front_span = ahead_of(sq, color, file_mask | adjacent_files(file));
            if (front_span & their_pawns).is_empty()
                && (ahead_of(sq, color, file_mask) & our_pawns).is_empty()
            {
                let rank = sq.relative_rank(color) as usize;
                side.add(PASSED_MG[rank], PASSED_EG[rank]);
            }
        }

        // King shelter.
        let king = pos.king(color);
        if king.relative_rank(color) <= 1 {
            let forward = color.forward();
            for df in -1..=1 {
                let Some(file_sq) = king.offset(df, 0) else {
                    continue;
                };
                let file_pawns = our_pawns & Bitboard::file(file_sq.file());
                if file_pawns.is_empty() {
                    side.add(-20, 0);
                    continue;
                }
                if let Some(one) = king.offset(df, forward) {
                    if file_pawns.contains(one) {
                        side.add(12, 0);
                        continue;
                    }
                }
                if let Some(two) = king.offset(df, 2 * forward) {
                    if file_pawns.contains(two) {
                        side.add(6, 0);
                    }
                }
            }
        }
        let s = sign(color);
        total.add(s * side.mg, s * side.eg);
    }
    total
}

/// Whether neither side can force anything by material alone (for scaling, not a rule).
fn drawish_scale(pos: &ChessPosition, score: i32) -> i32 {
    let pawns = pos.by_role(Role::Pawn);
    let strong = if score > 0 {
        Color::White
    } else {
        Color::Black
    };
    let strong_pieces = pos.by_color(strong);
    if (pawns & strong_pieces).any() {
        return score;
    }
    let value = |color: Color| -> i32 {
        Role::ALL
            .iter()
            .map(|&r| pos.by_piece(Piece::new(color, r)).count() as i32 * ORDER_VALUE[r.index()])
            .sum()
    };
    let difference = value(strong) - value(strong.other());
    if difference < 400 {
        score / 8
    } else {
        score
    }
}

/// The static evaluation from the side to move's point of view.
pub fn evaluate(pos: &ChessPosition) -> i32 {
    let score = white_terms(pos).blend(phase(pos));
    let score = drawish_scale(pos, score);
    let relative = score * sign(pos.turn());
    relative + TEMPO
}

pub(crate) fn victim_value(pos: &ChessPosition, mv: Move) -> i32 {
    match mv.kind() {
        MoveKind::EnPassant => ORDER_VALUE[0],
        MoveKind::Castle => 0,
        _ => match pos.piece_at(mv.to()) {
            Some(piece) if piece.color != pos.turn() => ORDER_VALUE[piece.role.index()],
            _ => 0,
        },
    }
}

pub(crate) fn attacker_value(pos: &ChessPosition, mv: Move) -> i32 {
    pos.piece_at(mv.from())
        .map_or(0, |piece| ORDER_VALUE[piece.role.index()])
}

pub(crate) fn promotion_gain(mv: Move) -> i32 {
    match mv.kind() {
        MoveKind::Promotion(role) => ORDER_VALUE[role.index()] - ORDER_VALUE[0],
        _ => 0,
    }
}

/// Captures and queen promotions (under-promotions only when they capture).
pub(crate) fn is_noisy(pos: &ChessPosition, mv: Move) -> bool {
    match mv.kind() {
        MoveKind::Promotion(role) => role == Role::Queen || victim_value(pos, mv) > 0,
        MoveKind::EnPassant => true,
        MoveKind::Castle => false,
        _ => victim_value(pos, mv) > 0,
    }
}

/// Piece values for exchanges: knight and bishop equal, so a minor-for-minor trade is even.
const SEE_VALUE: [i32; 6] = [100, 325, 325, 500, 975, 20_000];

/// Static exchange evaluation (see [`SearchPosition::see_ge`]). X-rays appear because the
/// attackers are recomputed with the pieces already exchanged removed from the occupancy.
pub(crate) fn see_ge(pos: &ChessPosition, mv: Move, threshold: i32) -> bool {
    match mv.kind() {
        MoveKind::Castle => return threshold <= 0,
        MoveKind::EnPassant | MoveKind::Promotion(_) => return true,
        _ => {}
    }
    let (from, to) = (mv.from(), mv.to());
    let victim = pos
        .piece_at(to)
        .filter(|piece| piece.color != pos.turn())
        .map_or(0, |piece| SEE_VALUE[piece.role.index()]);
    let mut swap = victim - threshold;
    if swap < 0 {
        return false;
    }
    let Some(mover) = pos.piece_at(from) else {
        return true;
    };
    swap = SEE_VALUE[mover.role.index()] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied().without(from).without(to);
    let mut side = pos.turn();
    let mut wins = true;
    loop {
        side = side.other();
        let attackers = pos.attackers_to(to, side, occupied) & occupied;
        if attackers.is_empty() {
            break;
        }
        wins = !wins;
        let Some((square, role)) = Role::ALL
            .iter()
            .find_map(|&role| (attackers & pos.by_role(role)).first().map(|sq| (sq, role)))
        else {
            break;
        };
        if role == Role::King {
            // The king may take last only if the other side has nothing left to recapture.
            let defended = (pos.attackers_to(to, side.other(), occupied) & occupied).any();
            if defended {
                wins = !wins;
            }
            break;
        }
        swap = SEE_VALUE[role.index()] - swap;
        if swap < wins as i32 {
            break;
        }
        occupied = occupied.without(square);
    }
    wins
}

pub(crate) fn has_non_pawn_material(pos: &ChessPosition) -> bool {
    let kings_and_pawns = pos.by_role(Role::King) | pos.by_role(Role::Pawn);
    (pos.by_color(pos.turn()) & !kings_and_pawns).any()
}

/// A hash of where each side's pawns stand (top bits well mixed).
pub(crate) fn pawn_structure_key(pos: &ChessPosition) -> u64 {
    let pawns = pos.by_role(Role::Pawn);
    let white = (pawns & pos.by_color(Color::White)).0;
    let black = (pawns & pos.by_color(Color::Black)).0;
    (white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
        .wrapping_mul(0x1656_67B1_9E37_79F9)
}

impl SearchPosition for ChessPosition {
    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn victim_value(&self, mv: Move) -> i32 {
        victim_value(self, mv)
    }

    fn attacker_value(&self, mv: Move) -> i32 {
        attacker_value(self, mv)
    }

    fn promotion_gain(&self, mv: Move) -> i32 {
        promotion_gain(mv)
    }

    fn is_noisy(&self, mv: Move) -> bool {
        is_noisy(self, mv)
    }

    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        see_ge(self, mv, threshold)
    }

    fn noisy_moves(&self, moves: &mut Vec<Move>) {
        let mut list = MoveList::new();
        ChessPosition::legal_moves(self, &mut list);
        moves.extend(list.iter().copied().filter(|&mv| is_noisy(self, mv)));
    }

    fn null_move(&self) -> Option<ChessPosition> {
        let mut passed = *self;
        passed.play_null();
        Some(passed)
    }

    fn has_non_pawn_material(&self) -> bool {
        has_non_pawn_material(self)
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.from().index() * 64 + mv.to().index()
    }

    fn correction_key(&self) -> Option<u64> {
        Some(pawn_structure_key(self))
    }

    fn piece_to_slot(&self, mv: Move) -> usize {
        let piece = self
            .piece_at(mv.from())
            .map_or(0, |p| p.color.index() * 6 + p.role as usize);
        piece * 64 + mv.to().index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_balanced_and_mirrors_agree() {
        let start = ChessPosition::startpos();
        assert_eq!(white_terms(&start).blend(phase(&start)), 0);
        let white = ChessPosition::from_fen("4k3/8/8/8/3N4/8/PP6/4K3 w - - 0 1").unwrap();
        let black = ChessPosition::from_fen("4k3/pp6/8/3n4/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(evaluate(&white), evaluate(&black));
        assert!(evaluate(&white) > 300);
    }

    #[test]
    fn exchanges_are_judged_by_what_follows() {
        let see = |fen: &str, text: &str, threshold: i32| {
            let pos = ChessPosition::from_fen(fen).unwrap();
            let mv = pos.parse_uci(text).unwrap();
            see_ge(&pos, mv, threshold)
        };
        // Rook takes a pawn defended by a pawn: loses the exchange.
        assert!(!see("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 0));
        // Undefended pawn: wins 100.
        assert!(see("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 100));
        assert!(!see("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 101));
        // Pawn takes a knight defended by a pawn: wins.
        assert!(see("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5", 200));
        // Queen takes a pawn defended by a rook behind a rook (x-ray): loses.
        assert!(!see("3rk3/3r4/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 0));
        // Two rooks against one defender: the doubled rooks win the pawn.
        assert!(see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 0));
    }

    #[test]
    fn bare_minor_piece_is_scaled_towards_a_draw() {
        let pos = ChessPosition::from_fen("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        assert!(evaluate(&pos).abs() < 60);
    }

    #[test]
    fn piece_square_tables_prefer_central_knights_and_castled_kings() {
        let (d4, a1, g1, e3) = (27, 0, 6, 20);
        assert!(psqt::MG[1][d4] > psqt::MG[1][a1]);
        assert!(psqt::MG[5][g1] > psqt::MG[5][e3]);
        assert!(psqt::EG[5][d4] > psqt::EG[5][a1]);
    }
}
