//! The evaluation of an 8×8 chess position (standard chess, Chess960 and regroupment;
//! sliding chess builds on it), and `SearchPosition` for `rules::ChessPosition`.
//!
//! Every term has a middlegame (MG) and an endgame (EG) weight; the two sums are blended by
//! the game phase (knight and bishop 1, rook 2, queen 4; 24 = all pieces on the board).
//! Scores are centipawns from White's side, negated for Black to move, plus a tempo bonus.
//! Every number below is a field of [`ChessWeights`]. Standard chess plays with
//! `STANDARD_WEIGHTS`, from `eval/standard_weights.rs`, which the tuner
//! (`examples/tune --variant standard`) writes; Chess960-style starts with
//! `CHESS960_WEIGHTS`, from `eval/chess960_weights.rs` (`--variant chess960-starts`);
//! sliding chess with the hand-set values ([`HAND_SET`]), which the table gives.
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
//!
//! Each set is fitted on games from its own starts: a set fitted on standard games alone
//! gained in standard chess but lost in Chess960 and regroupment (the figures are in
//! `docs/architecture.md`, on tuning).

use super::chess_keys::correction_keys;
use crate::correction::CorrectionKeys;
use crate::position::SearchPosition;
use rules::attacks;
use rules::{
    Bitboard, CastlingMode, ChessPosition, Color, Move, MoveKind, MoveList, Piece, Role, Square,
};

pub use super::chess_terms::{ChessWeights, WeightField, HAND_SET};

/// The weights the evaluation uses with Chess960 castling (Chess960, regroupment):
/// `eval/chess960_weights.rs`, written by the tuner from games in those starts.
pub const CHESS960_WEIGHTS: ChessWeights = super::chess960_weights::TUNED;

/// The weights the evaluation uses in standard chess: `eval/standard_weights.rs`, written by
/// the tuner from games in standard openings. Chess960-style starts have their own
/// ([`CHESS960_WEIGHTS`]): a set tuned on standard games lost there.
pub const STANDARD_WEIGHTS: ChessWeights = super::standard_weights::TUNED;

/// Hand-set middlegame material (relative chess's evaluation builds on it).
pub const MG_VALUE: [i32; 6] = material(&HAND_SET, false);
/// Hand-set endgame material (relative chess's evaluation builds on it).
pub const EG_VALUE: [i32; 6] = material(&HAND_SET, true);
/// The value used for move ordering and quiescence pruning.
pub const ORDER_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];
/// How much each role counts towards the game phase (24: all pieces on, 0: pawn ending).
pub(crate) const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// Squares a piece of each role reaches in a typical position (mobility counts the rest).
const MOBILITY_TYPICAL: [i32; 6] = [0, 4, 6, 6, 12, 0];

const fn material(weights: &ChessWeights, endgame: bool) -> [i32; 6] {
    let values = if endgame {
        weights.material_eg
    } else {
        weights.material_mg
    };
    [values[0], values[1], values[2], values[3], values[4], 0]
}

/// Piece-square tables, indexed `[role][square]` with squares seen from White (Black looks
/// them up rank-flipped). Built from simple rules whose sizes are weights, so each value is
/// explainable:
/// - pawns: advancement, a centre bonus on d/e (c/f) files, a penalty for unmoved d/e pawns;
/// - knights and bishops: closeness to the centre, a back-rank penalty;
/// - rooks: the seventh rank, the central files;
/// - queen: slight centralisation (more in the endgame);
/// - king: sheltered corners in the middlegame, the centre in the endgame.
pub mod psqt;

/// The evaluation's weights with the tables built from them (material included in the
/// tables), ready to evaluate.
#[derive(Clone, Debug)]
pub struct ChessEval {
    pub weights: ChessWeights,
    /// Material plus piece-square value, middlegame, `[role][square seen from White]`.
    pub mg: [[i32; 64]; 6],
    /// Material plus piece-square value, endgame.
    pub eg: [[i32; 64]; 6],
    /// The piece-square part alone, middlegame (sliding chess softens the king's).
    pub psqt_mg: [[i32; 64]; 6],
}

impl ChessEval {
    pub const fn new(weights: &ChessWeights) -> ChessEval {
        ChessEval {
            weights: *weights,
            mg: psqt::table(weights, material(weights, false), false),
            eg: psqt::table(weights, material(weights, true), true),
            psqt_mg: psqt::table(weights, [0; 6], false),
        }
    }
}

/// The evaluation the engine plays with in Chess960-style starts, from [`CHESS960_WEIGHTS`].
pub static CHESS960: ChessEval = ChessEval::new(&CHESS960_WEIGHTS);

/// The evaluation with the hand-set weights, which sliding chess builds on.
pub static HAND_SET_EVAL: ChessEval = ChessEval::new(&HAND_SET);

/// The evaluation the engine plays with in standard chess, from [`STANDARD_WEIGHTS`].
pub static STANDARD: ChessEval = ChessEval::new(&STANDARD_WEIGHTS);

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

/// Kings' steps between two squares.
fn king_distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
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
    white_terms_with(pos, &HAND_SET_EVAL)
}

/// [`white_terms`] with the given weights (the tuner's way in).
pub fn white_terms_with(pos: &ChessPosition, eval: &ChessEval) -> Tapered {
    let w = &eval.weights;
    let mut total = Tapered::default();
    let blocked = pos.blocked();
    let occupied = pos.occupied() | blocked;
    let pawns = pos.by_role(Role::Pawn);
    // What each side's pieces attack, by colour: all of them, and the knights' and bishops'
    // and the rooks' alone, for the threats once both sides are counted.
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut attacked_by_minors = [Bitboard::EMPTY; 2];
    let mut attacked_by_rooks = [Bitboard::EMPTY; 2];
    // What each side's pawns attack, by colour: for mobility, passed pawns and the threats.
    let pawn_attacks = Color::ALL.map(|color| pawn_attacks_of(color, pawns & pos.by_color(color)));
    for color in Color::ALL {
        let mut side = Tapered::default();
        let us = pos.by_color(color);
        let them = pos.by_color(color.other());
        let our_pawns = pawns & us;
        let their_pawns = pawns & them;
        let enemy_pawn_attacks = pawn_attacks[color.other().index()];
        let enemy_king = pos.king(color.other());
        let king_zone = attacks::king_attacks(enemy_king).with(enemy_king);
        let mut attack_units = 0;
        let mut attackers = 0;

        for role in Role::ALL {
            for sq in pos.by_piece(Piece::new(color, role)) {
                let index = white_view(sq, color);
                let r = role.index();
                side.add(eval.mg[r][index], eval.eg[r][index]);
                if matches!(role, Role::Pawn | Role::King) {
                    continue;
                }
                let reach = match role {
                    Role::Knight => attacks::knight_attacks(sq),
                    Role::Bishop => attacks::bishop_attacks(sq, occupied),
                    Role::Rook => attacks::rook_attacks(sq, occupied),
                    _ => attacks::queen_attacks(sq, occupied),
                } & !blocked;
                attacked[color.index()] |= reach;
                match role {
                    Role::Knight | Role::Bishop => attacked_by_minors[color.index()] |= reach,
                    Role::Rook => attacked_by_rooks[color.index()] |= reach,
                    _ => {}
                }
                let mobility =
                    (reach & !us & !enemy_pawn_attacks).count() as i32 - MOBILITY_TYPICAL[r];
                side.add(
                    mobility * w.mobility_mg[r - 1],
                    mobility * w.mobility_eg[r - 1],
                );
                let zone_hits = (reach & king_zone).count() as i32;
                if zone_hits > 0 {
                    attackers += 1;
                    attack_units += zone_hits * w.king_attack_units[r - 1];
                }
                if role == Role::Rook {
                    let file = Bitboard::file(sq.file());
                    if (file & pawns).is_empty() {
                        side.add(w.rook_open_file[0], w.rook_open_file[1]);
                    } else if (file & our_pawns).is_empty() {
                        side.add(w.rook_half_open_file[0], w.rook_half_open_file[1]);
                    }
                }
            }
        }
        if pos
            .by_piece(Piece::new(color, Role::Bishop))
            .more_than_one()
        {
            side.add(w.bishop_pair[0], w.bishop_pair[1]);
        }
        if attackers >= 2 {
            side.add((attack_units * attack_units / 4).min(w.king_attack_cap), 0);
        }

        // Pawn structure.
        let our_pawn_attacks = pawn_attacks[color.index()];
        for sq in our_pawns {
            let file = sq.file();
            let file_mask = Bitboard::file(file);
            if (ahead_of(sq, color, file_mask) & our_pawns).any() {
                side.add(-w.doubled_pawn[0], -w.doubled_pawn[1]);
            }
            if (adjacent_files(file) & our_pawns).is_empty() {
                side.add(-w.isolated_pawn[0], -w.isolated_pawn[1]);
            }
            let front_span = ahead_of(sq, color, file_mask | adjacent_files(file));
            if (front_span & their_pawns).is_empty()
                && (ahead_of(sq, color, file_mask) & our_pawns).is_empty()
            {
                let rank = sq.relative_rank(color) as usize;
                if (1..=6).contains(&rank) {
                    side.add(w.passed_pawn_mg[rank - 1], w.passed_pawn_eg[rank - 1]);
                    if our_pawn_attacks.contains(sq) {
                        side.add(w.passed_supported[0], w.passed_supported[1]);
                    }
                    if let Some(next) = sq.offset(0, color.forward()) {
                        if them.contains(next) {
                            side.add(-w.passed_blocked[0], -w.passed_blocked[1]);
                        }
                        if rank >= 4 {
                            let beyond_fourth = rank as i32 - 3;
                            let theirs = king_distance(enemy_king, next);
                            let ours = king_distance(pos.king(color), next);
                            let [their_weight, our_weight] = w.passed_king_distance_eg;
                            side.add(
                                0,
                                beyond_fourth * (their_weight * theirs - our_weight * ours),
                            );
                        }
                    }
                }
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
                    side.add(-w.open_file_near_king, 0);
                    continue;
                }
                if let Some(one) = king.offset(df, forward) {
                    if file_pawns.contains(one) {
                        side.add(w.pawn_shield[0], 0);
                        continue;
                    }
                }
                if let Some(two) = king.offset(df, 2 * forward) {
                    if file_pawns.contains(two) {
                        side.add(w.pawn_shield[1], 0);
                    }
                }
            }
        }
        let s = sign(color);
        total.add(s * side.mg, s * side.eg);
    }

    // Threats: enemy pieces attacked by something cheaper, or attacked and undefended.
    for color in Color::ALL {
        let (us, them) = (color.index(), color.other().index());
        let their_pieces = pos.by_color(color.other()) & !pawns & !pos.by_role(Role::King);
        let their_heavies = their_pieces & (pos.by_role(Role::Rook) | pos.by_role(Role::Queen));
        let their_king = attacks::king_attacks(pos.king(color.other()));
        let defended = attacked[them] | pawn_attacks[them] | their_king;
        let counts = [
            (pawn_attacks[us] & their_pieces).count() as i32,
            (attacked_by_minors[us] & their_heavies).count() as i32,
            (attacked_by_rooks[us] & their_pieces & pos.by_role(Role::Queen)).count() as i32,
            ((attacked[us] | pawn_attacks[us]) & their_pieces & !defended).count() as i32,
        ];
        let weights = [
            w.threat_by_pawn,
            w.threat_by_minor,
            w.threat_by_rook,
            w.hanging_piece,
        ];
        let s = sign(color);
        for (count, [mg, eg]) in counts.into_iter().zip(weights) {
            total.add(s * count * mg, s * count * eg);
        }
    }
    total
}

/// Whether neither side can force anything by material alone (for scaling, not a rule).
pub fn drawish_scale(pos: &ChessPosition, score: i32) -> i32 {
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

/// White's score (no tempo) with the given weights, drawish material scaled down.
pub fn white_score_with(pos: &ChessPosition, eval: &ChessEval) -> i32 {
    let score = white_terms_with(pos, eval).blend(phase(pos));
    drawish_scale(pos, score)
}

/// The evaluation for `pos`'s castling mode: standard chess's own weights, or those of
/// Chess960-style starts.
#[inline]
pub fn eval_for(pos: &ChessPosition) -> &'static ChessEval {
    match pos.mode() {
        CastlingMode::Standard => &STANDARD,
        CastlingMode::Chess960 => &CHESS960,
    }
}

/// The static evaluation from the side to move's point of view.
pub fn evaluate(pos: &ChessPosition) -> i32 {
    let eval = eval_for(pos);
    white_score_with(pos, eval) * sign(pos.turn()) + eval.weights.tempo
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

    fn correction_keys(&self) -> Option<CorrectionKeys> {
        Some(correction_keys(self))
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

    /// The tuner moves weights through `to_vec` and `from_slice`: every weight must make
    /// the round trip in its own place.
    #[test]
    fn weights_round_trip_through_the_tuners_order() {
        let all = CHESS960_WEIGHTS.to_vec();
        assert_eq!(all.len(), ChessWeights::COUNT);
        assert_eq!(ChessWeights::from_slice(&all), Some(CHESS960_WEIGHTS));
        for index in 0..all.len() {
            let mut changed = all.clone();
            changed[index] += 1;
            let weights = ChessWeights::from_slice(&changed).expect("as many weights");
            assert_eq!(weights.to_vec(), changed);
            assert_ne!(weights, CHESS960_WEIGHTS);
        }
        assert_eq!(ChessWeights::from_slice(&all[1..]), None);
    }

    /// Every weight reaches the evaluation: changing any one of them changes some
    /// position's score (a weight the evaluation ignored would be tuned for nothing).
    #[test]
    fn every_weight_changes_some_evaluation() {
        let fens = [
            "r1bqk2r/pp1n1ppp/2p1pn2/3p4/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 0 1",
            "r4rk1/1pp2ppp/p1n5/3Pp3/4P1q1/2PB1N2/P4PPP/R2Q1RK1 b - - 0 1",
            "6k1/1R3ppp/8/2P5/1P6/8/5PPP/6K1 w - - 0 1",
            "8/5k2/3p4/2pP4/2P2K2/8/6P1/8 w - - 0 1",
            "r3k2r/ppp2ppp/8/3q4/3Q4/8/PPP2PPP/R3K2R w KQkq - 0 1",
            "2kr3r/ppp3pp/2n5/8/2B1q3/2Q5/PP3PPP/4RRK1 w - - 0 1",
            "1r4k1/5ppp/8/2b5/8/6P1/1n3PKP/3R4 b - - 0 1",
            "4k3/8/8/8/8/8/4K3/R6r w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4r1k1/3q1ppp/8/3n4/3N4/4K3/3Q1PPP/4R3 w - - 0 1",
            "2r3k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1",
            "7k/8/8/8/8/2n5/8/K1q5 w - - 0 1",
            "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        ];
        let mut positions: Vec<ChessPosition> = fens
            .iter()
            .map(|fen| ChessPosition::from_fen(fen).unwrap())
            .collect();
        // Positions along random games, which are lopsided in every way sooner or later.
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..40 {
            let mut pos = ChessPosition::startpos();
            for ply in 0..120 {
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                let moves = moves.as_slice();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                pos.play(mv);
                if ply % 6 == 5 {
                    positions.push(pos);
                }
            }
        }
        let score = |weights: &ChessWeights| -> Vec<i32> {
            let eval = ChessEval::new(weights);
            positions
                .iter()
                .map(|pos| {
                    let terms = white_terms_with(pos, &eval);
                    terms.mg * 1000 + terms.eg + weights.tempo * 7
                })
                .collect()
        };
        // A low cap on the king attack, so that common attacks reach it.
        let low_cap = ChessWeights {
            king_attack_cap: 60,
            ..HAND_SET
        };
        let base = score(&low_cap);
        let all = low_cap.to_vec();
        let ignored: Vec<usize> = (0..all.len())
            .filter(|&index| {
                let mut changed = all.clone();
                changed[index] += 1;
                score(&ChessWeights::from_slice(&changed).unwrap()) == base
            })
            .collect();
        assert!(ignored.is_empty(), "weights {ignored:?} change nothing");
    }

    /// The evaluation's terms with every weight 0 but those `set` gives.
    fn terms_with_only(fen: &str, set: impl Fn(&mut ChessWeights)) -> (i32, i32) {
        let mut weights = ChessWeights::from_slice(&[0; ChessWeights::COUNT]).unwrap();
        set(&mut weights);
        let pos = ChessPosition::from_fen(fen).unwrap();
        let terms = white_terms_with(&pos, &ChessEval::new(&weights));
        (terms.mg, terms.eg)
    }

    /// The knight on d5, attacked by the rook, is defended by a black pawn on e6 and not by
    /// a white one.
    #[test]
    fn only_a_pieces_own_pawns_defend_it() {
        let hanging = |fen| terms_with_only(fen, |w| w.hanging_piece = [100, 10]);
        let white_pawn = hanging("4k3/8/4P3/3n4/8/8/8/3RK3 w - - 0 1");
        assert_eq!(white_pawn, (100, 10));
        let black_pawn = hanging("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1");
        assert_eq!(black_pawn, (0, 0));
    }

    /// A passed pawn on e6: two ranks beyond its fourth, its next square e7 four king steps
    /// from the black king and six from the white one; then blocked, and defended.
    #[test]
    fn passed_pawn_details() {
        let distance = terms_with_only("k7/8/4P3/8/8/8/8/4K3 w - - 0 1", |w| {
            w.passed_king_distance_eg = [10, 1];
        });
        assert_eq!(distance, (0, 2 * (10 * 4 - 6)));
        let blocked = |fen| terms_with_only(fen, |w| w.passed_blocked = [7, 9]);
        assert_eq!(blocked("k7/4n3/4P3/8/8/8/8/4K3 w - - 0 1"), (-7, -9));
        assert_eq!(blocked("k7/4N3/4P3/8/8/8/8/4K3 w - - 0 1"), (0, 0));
        let supported = terms_with_only("k7/8/4P3/3P4/8/8/8/4K3 w - - 0 1", |w| {
            w.passed_supported = [3, 5];
        });
        assert_eq!(supported, (3, 5));
    }

    /// The tuner writes `eval/standard_weights.rs` and `eval/chess960_weights.rs` with
    /// [`ChessWeights::source`]; the files in the repository end with that text, so what the
    /// tuner writes compiles.
    #[test]
    fn the_weights_file_is_what_the_tuner_writes() {
        let standard = include_str!("standard_weights.rs");
        assert!(standard.ends_with(&STANDARD_WEIGHTS.source()), "{standard}");
        let file = include_str!("chess960_weights.rs");
        assert!(file.ends_with(&CHESS960_WEIGHTS.source()), "{file}");
        let mut changed = CHESS960_WEIGHTS;
        changed.passed_pawn_eg[5] += 1;
        assert!(!file.ends_with(&changed.source()));
    }

    #[test]
    fn piece_square_tables_prefer_central_knights_and_castled_kings() {
        let (d4, a1, g1, e3) = (27, 0, 6, 20);
        assert!(psqt::MG[1][d4] > psqt::MG[1][a1]);
        assert!(psqt::MG[5][g1] > psqt::MG[5][e3]);
        assert!(psqt::EG[5][d4] > psqt::EG[5][a1]);
    }
}
