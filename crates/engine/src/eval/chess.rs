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
//! | safe check (N, B, R, Q) | off | 0 | per kind of piece that can check from a square the enemy does not guard |
//! | knight / bishop outpost | off | off | relative rank 4–6, guarded by a pawn, no enemy pawn can chase it |
//! | backward pawn | off | off | neighbours all ahead, next square guarded by an enemy pawn |
//! | pawn storm, enemy pawn 1 / 2 / 3 ranks before the king | off | 0 | per file at the king |
//! | connected pawn by relative rank 2..7 | off | off | a pawn beside one of ours on its rank, or guarded by one |
//! | bishop's own pawns on its colour | off | off | per bishop and pawn |
//! | knight / bishop straight behind a pawn | off | off | either side's pawn |
//! | knight / bishop far from its king | off | off | per king step beyond the first |
//! | safe pawn push attacking a piece | off | off | per enemy piece the pushed pawns would attack |
//! | passed pawn with a free path | off | off | rank 5–7, nothing in front, times ranks beyond the fourth |
//! | weak king-zone squares, no queen | off | 0 | king-attack units: per zone square we hit that only the king or queen guards; fewer without our queen |
//! | passed pawn's safe path / safe next square / next square guarded | off | off | rank 5–7, times ranks beyond the fourth |
//! | king to its nearest pawn | 0 | off | per step |
//! | king on a flank without pawns | off | off | |
//! | weak (isolated or backward) pawn unopposed | off | off | no enemy pawn in front on its file |
//! | king attacking an unguarded piece | off | off | per piece or pawn |
//! | restricted square | off | off | per square both sides' pieces attack and no enemy pawn guards |
//! | space | off | 0 | safe centre squares on our side (twice behind our pawns) × our pieces / 16 |
//! | per-square correction | off | off | one number per piece kind and square, added to the rule-built table |
//!
//! The terms from the safe check on came after sliding chess was measured on the hand-set
//! values, so they are off (0) there and only the tuned sets give them a size. The terms
//! that weigh both sides' attacks are counted in `chess_contest`; where a rook or bishop
//! stands, in `chess_pieces`, from the attacks the mobility pass finds; the pawn structure and
//! the kings' shelter, in `chess_pawns`, which remembers them by pawn placement. A term whose
//! weights are all 0 is not counted at all, so sliding chess does not pay for the terms it
//! lacks.
//!
//! Drawish material (no pawns and at most a minor piece ahead) divides the score by 8; bare
//! kings or king and one minor against a bare king score 0.
//!
//! Each set is fitted on games from its own starts: a set fitted on standard games alone
//! gained in standard chess but lost in Chess960 and regroupment (the figures are in
//! `docs/architecture.md`, on tuning).

use super::chess_contest::{contested_terms, winnable_eg, Reach};
use super::chess_keys::correction_keys;
use super::chess_pawns::{cached_pawn_structure, pawn_structure, PawnStructure};
use super::chess_pieces::{bishop_terms, rook_terms, Surroundings};
use crate::correction::CorrectionKeys;
use crate::position::SearchPosition;
use crate::search_params::{LeafPruning, CHESS960_LEAF_PRUNING, WIDE_LEAF_PRUNING};
use rules::attacks;
use rules::{
    Bitboard, CastlingMode, ChessPosition, Color, Move, MoveKind, MoveList, Piece, Role, Square,
};

pub use super::chess_terms::{
    ChessWeights, WeightField, CORRECTIONS, HAND_SET, MOBILITY_COUNTS, MOBILITY_COUNT_START,
    SQUARE_TABLE,
};

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

/// Where each kind's entries end in a mobility-by-count table (N, B, R, Q).
const MOBILITY_COUNT_END: [usize; 4] = [
    MOBILITY_COUNT_START[1],
    MOBILITY_COUNT_START[2],
    MOBILITY_COUNT_START[3],
    MOBILITY_COUNTS,
];

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
    /// Which groups of costlier terms have a weight other than 0, so an evaluation skips
    /// the rest without looking at the weights each time.
    pub in_use: TermsInUse,
}

/// Groups of terms that cost extra work to count, each `true` when any of its weights is
/// not 0.
#[derive(Clone, Copy, Debug)]
pub struct TermsInUse {
    /// A rook on the queen's file, aimed at the enemy king, or shut in by its own king.
    pub rook_placement: bool,
    /// A bishop on a long diagonal or aimed at the enemy king through pieces.
    pub bishop_placement: bool,
    /// Our pieces able to harass the enemy's only queen.
    pub queen_harassment: bool,
}

const fn any_nonzero(values: &[i32]) -> bool {
    let mut i = 0;
    while i < values.len() {
        if values[i] != 0 {
            return true;
        }
        i += 1;
    }
    false
}

impl ChessEval {
    pub const fn new(weights: &ChessWeights) -> ChessEval {
        let w = weights;
        ChessEval {
            weights: *weights,
            mg: psqt::table(weights, material(weights, false), false),
            eg: psqt::table(weights, material(weights, true), true),
            psqt_mg: psqt::table(weights, [0; 6], false),
            in_use: TermsInUse {
                rook_placement: any_nonzero(&w.rook_queen_file)
                    || w.rook_king_ring_mg != 0
                    || any_nonzero(&w.trapped_rook),
                bishop_placement: w.bishop_long_diagonal_mg != 0 || w.bishop_king_ring_mg != 0,
                queen_harassment: any_nonzero(&w.knight_on_queen)
                    || any_nonzero(&w.slider_on_queen),
            },
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
pub(super) fn sign(color: Color) -> i32 {
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

pub(super) fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    let not_a = !Bitboard::file(0);
    let not_h = !Bitboard::file(7);
    match color {
        Color::White => Bitboard(((pawns & not_a).0 << 7) | ((pawns & not_h).0 << 9)),
        Color::Black => Bitboard(((pawns & not_a).0 >> 9) | ((pawns & not_h).0 >> 7)),
    }
}

/// The squares `pawns` would reach one step forward, whatever stands there.
pub(super) fn pawn_pushes(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => Bitboard(pawns.0 << 8),
        Color::Black => Bitboard(pawns.0 >> 8),
    }
}

/// Kings' steps between two squares.
pub(super) fn king_distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

pub(super) fn adjacent_files(file: u8) -> Bitboard {
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
pub(super) fn ahead_of(sq: Square, color: Color, files: Bitboard) -> Bitboard {
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

/// The squares a knight, bishop, rook or queen on `sq` attacks; `blocked` squares stop rays
/// and are never attacked.
#[inline(always)]
fn piece_reach(role: Role, sq: Square, occupied: Bitboard, blocked: Bitboard) -> Bitboard {
    let reach = match role {
        Role::Knight => attacks::knight_attacks(sq),
        Role::Bishop => attacks::bishop_attacks(sq, occupied),
        Role::Rook => attacks::rook_attacks(sq, occupied),
        _ => attacks::queen_attacks(sq, occupied),
    };
    reach & !blocked
}

/// The mobility-by-count entry of a knight, bishop, rook or queen reaching `reached`
/// squares.
#[inline]
fn mobility_count_entry(role: Role, reached: usize) -> usize {
    let kind = role.index() - 1;
    (MOBILITY_COUNT_START[kind] + reached).min(MOBILITY_COUNT_END[kind] - 1)
}

/// Each knight, bishop, rook and queen's colour and mobility-by-count entry (see
/// [`ChessWeights::mobility_count_mg`]): what the tuner reads those weights' slopes from.
pub fn mobility_count_entries(pos: &ChessPosition) -> Vec<(Color, usize)> {
    let blocked = pos.blocked();
    let occupied = pos.occupied() | blocked;
    let pawns = pos.by_role(Role::Pawn);
    let mut entries = Vec::new();
    for color in Color::ALL {
        let us = pos.by_color(color);
        let enemy_pawn_attacks =
            pawn_attacks_of(color.other(), pawns & pos.by_color(color.other()));
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for sq in pos.by_piece(Piece::new(color, role)) {
                let reach = piece_reach(role, sq, occupied, blocked);
                let reached = (reach & !us & !enemy_pawn_attacks).count() as usize;
                entries.push((color, mobility_count_entry(role, reached)));
            }
        }
    }
    entries
}

/// The evaluation from White's side before the phase blend, so variants can add terms.
/// `blocked` squares (sliding chess's gap) stop rays and are never counted as mobility.
pub fn white_terms(pos: &ChessPosition) -> Tapered {
    white_terms_static(pos, &HAND_SET_EVAL)
}

/// [`white_terms`] with the given weights (the tuner's way in).
pub fn white_terms_with(pos: &ChessPosition, eval: &ChessEval) -> Tapered {
    let [white, black] = pawns_by_color(pos);
    let structure = pawn_structure(white, black, kings(pos), &eval.weights);
    white_terms_given(pos, eval, &structure)
}

/// [`white_terms_with`] for an evaluation that lives for the whole program, its pawn
/// structure remembered from earlier positions with the same pawns.
pub fn white_terms_static(pos: &ChessPosition, eval: &'static ChessEval) -> Tapered {
    let [white, black] = pawns_by_color(pos);
    let structure = cached_pawn_structure(white, black, kings(pos), eval);
    white_terms_given(pos, eval, &structure)
}

/// Each side's pawns, White's first.
fn pawns_by_color(pos: &ChessPosition) -> [Bitboard; 2] {
    Color::ALL.map(|color| pos.by_role(Role::Pawn) & pos.by_color(color))
}

/// Both kings' squares, White's first.
fn kings(pos: &ChessPosition) -> [Square; 2] {
    Color::ALL.map(|color| pos.king(color))
}

/// The evaluation from White's side with the pawn structure already counted.
fn white_terms_given(pos: &ChessPosition, eval: &ChessEval, structure: &PawnStructure) -> Tapered {
    let w = &eval.weights;
    let mut total = structure.score;
    total.add(structure.shelter_mg, 0);
    let blocked = pos.blocked();
    let occupied = pos.occupied() | blocked;
    let pawns = pos.by_role(Role::Pawn);
    // What each side's pieces attack, by colour: all of them, and each kind (N, B, R, Q)
    // alone, for the threats and the safe checks once both sides are counted.
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut attacked_by = [[Bitboard::EMPTY; 4]; 2];
    // What each side's pawns attack, by colour: for mobility, passed pawns and the threats.
    let pawn_attacks = Color::ALL.map(|color| pawn_attacks_of(color, pawns & pos.by_color(color)));
    let mut king_attack = [(0, 0); 2];
    let passed = structure.passed;
    for color in Color::ALL {
        let mut side = Tapered::default();
        let us = pos.by_color(color);
        let them = pos.by_color(color.other());
        let our_pawns = pawns & us;
        let their_pawns = pawns & them;
        let enemy_pawn_attacks = pawn_attacks[color.other().index()];
        let enemy_king = pos.king(color.other());
        let our_king = pos.king(color);
        let king_zone = attacks::king_attacks(enemy_king).with(enemy_king);
        let mut attack_units = 0;
        let mut attackers = 0;
        let around = Surroundings {
            enemy_zone: king_zone,
            enemy_pawn_attacks,
            blocked,
            pawns,
            our_pawns,
        };

        for role in Role::ALL {
            for sq in pos.by_piece(Piece::new(color, role)) {
                let index = white_view(sq, color);
                let r = role.index();
                side.add(eval.mg[r][index], eval.eg[r][index]);
                if matches!(role, Role::Pawn | Role::King) {
                    continue;
                }
                let reach = piece_reach(role, sq, occupied, blocked);
                attacked[color.index()] |= reach;
                attacked_by[color.index()][r - 1] |= reach;
                if matches!(role, Role::Knight | Role::Bishop)
                    && (3..=5).contains(&sq.relative_rank(color))
                    && pawn_attacks[color.index()].contains(sq)
                    && (ahead_of(sq, color, adjacent_files(sq.file())) & their_pawns).is_empty()
                {
                    let [mg, eg] = if role == Role::Knight {
                        w.knight_outpost
                    } else {
                        w.bishop_outpost
                    };
                    side.add(mg, eg);
                }
                if matches!(role, Role::Knight | Role::Bishop) {
                    let steps = king_distance(sq, our_king) - 1;
                    side.add(-steps * w.king_protector[0], -steps * w.king_protector[1]);
                    if sq
                        .offset(0, color.forward())
                        .is_some_and(|front| pawns.contains(front))
                    {
                        side.add(w.minor_behind_pawn[0], w.minor_behind_pawn[1]);
                    }
                    if role == Role::Bishop {
                        let colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
                            Bitboard::LIGHT_SQUARES
                        } else {
                            !Bitboard::LIGHT_SQUARES
                        };
                        let same = (our_pawns & colour).count() as i32;
                        side.add(-same * w.bishop_pawns[0], -same * w.bishop_pawns[1]);
                    }
                }
                let reached = (reach & !us & !enemy_pawn_attacks).count() as usize;
                let mobility = reached as i32 - MOBILITY_TYPICAL[r];
                side.add(
                    mobility * w.mobility_mg[r - 1],
                    mobility * w.mobility_eg[r - 1],
                );
                let entry = mobility_count_entry(role, reached);
                side.add(w.mobility_count_mg[entry], w.mobility_count_eg[entry]);
                let zone_hits = (reach & king_zone).count() as i32;
                if zone_hits > 0 {
                    attackers += 1;
                    attack_units += zone_hits * w.king_attack_units[r - 1];
                }
                let placement = match role {
                    Role::Rook => rook_terms(pos, eval, color, sq, reach, &around),
                    Role::Bishop => bishop_terms(eval, sq, reach, &around),
                    _ => Tapered::default(),
                };
                side.add(placement.mg, placement.eg);
            }
        }
        if pos
            .by_piece(Piece::new(color, Role::Bishop))
            .more_than_one()
        {
            side.add(w.bishop_pair[0], w.bishop_pair[1]);
        }
        king_attack[color.index()] = (attack_units, attackers);

        // Passed pawns against the kings and pieces (the pawn-only terms come from
        // `structure`).
        for sq in structure.passed[color.index()] {
            let rank = sq.relative_rank(color) as usize;
            if let Some(next) = sq.offset(0, color.forward()) {
                if them.contains(next) {
                    side.add(-w.passed_blocked[0], -w.passed_blocked[1]);
                }
                if rank >= 4 {
                    let beyond_fourth = rank as i32 - 3;
                    let theirs = king_distance(enemy_king, next);
                    let ours = king_distance(our_king, next);
                    let [their_weight, our_weight] = w.passed_king_distance_eg;
                    side.add(
                        0,
                        beyond_fourth * (their_weight * theirs - our_weight * ours),
                    );
                    if (ahead_of(sq, color, Bitboard::file(sq.file())) & occupied).is_empty() {
                        let [mg, eg] = w.passed_free_path;
                        side.add(beyond_fourth * mg, beyond_fourth * eg);
                    }
                }
            }
        }

        let s = sign(color);
        total.add(s * side.mg, s * side.eg);
    }

    let reach = Reach {
        attacked,
        attacked_by,
        pawn_attacks,
        king_attack,
        passed,
        blocked,
        occupied,
        pawns,
    };
    let contested = contested_terms(pos, eval, &reach);
    total.add(contested.mg, contested.eg);
    total.add(0, winnable_eg(pos, w, &reach, total.eg));
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

/// [`white_score_with`] for an evaluation that lives for the whole program (see
/// [`white_terms_static`]).
pub fn white_score_static(pos: &ChessPosition, eval: &'static ChessEval) -> i32 {
    let score = white_terms_static(pos, eval).blend(phase(pos));
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
    white_score_static(pos, eval) * sign(pos.turn()) + eval.weights.tempo
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

    /// Standard chess prunes wider; the Chess960-style starts lost with it (see
    /// `search_params`).
    #[inline]
    fn leaf_pruning(&self) -> &'static LeafPruning {
        match self.mode() {
            CastlingMode::Standard => &WIDE_LEAF_PRUNING,
            CastlingMode::Chess960 => &CHESS960_LEAF_PRUNING,
        }
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

    fn pawn_key(&self) -> Option<u64> {
        Some(super::chess_keys::pawn_structure_key(self))
    }

    fn piece_to_slot(&self, mv: Move) -> usize {
        let piece = self
            .piece_at(mv.from())
            .map_or(0, |p| p.color.index() * 6 + p.role as usize);
        piece * 64 + mv.to().index()
    }
}

#[cfg(test)]
mod tests;
