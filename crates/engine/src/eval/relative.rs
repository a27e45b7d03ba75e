//! Relative chess: material and piece-square terms in the inner board's frame, plus the
//! terms that come from the outer board, and `SearchPosition` for
//! `rules::relative::RelativePosition`.
//!
//! | term | MG | EG | why |
//! |---|---|---|---|
//! | material, piece-square | as [`super::chess`] | | piece-square read at the nearest inner-board square |
//! | piece off the inner board | −10 − 15% of its value | same | an enemy move with the right shift pushes it over the edge |
//! | … and at distance 0 / 1 / 2 from the outer edge | a further −20% / −8% / −3% of its value | same | fewer enemy moves are needed to push it |
//! | own king off the inner board | −150, and −300 / −120 / −40 more at distance 0 / 1 / 2 from the outer edge | same | losing the king over the edge loses the game |
//! | room for forward moves (up to 4 squares) | +6 per square | +6 | the boundary rule caps each move's shift by the origin's distance to the edge |
//! | king escape removed by the boundary rule, per enemy piece within 3 squares | −6 | −6 | mates are easier near the edges |
//!
//! The origin O is shared, so room and escapes matter through direction: White moves
//! "forward" with +y shifts, which need O.y room; Black's need N−8−O.y.

use super::chess::{psqt, Tapered, EG_VALUE, MG_VALUE, ORDER_VALUE, PHASE_WEIGHT};
use crate::position::{keep_only, SearchPosition, HISTORY_SLOTS};
use rules::relative::{piece_code, Recentering, RelativeMove, RelativeMoveKind, RelativePosition};
use rules::{Color, GamePosition, Role};

/// The weights of relative chess's own terms, as [`white_score_with`] reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RelativeWeights {
    /// Lost by any piece standing off the inner board.
    pub off_inner_board: i32,
    /// Share of a piece's value lost just for standing off the inner board (per cent): any
    /// enemy move with the right shift pushes it over the edge.
    pub off_inner_board_percent: i32,
    /// An own king off the inner board can be pushed over the edge, which loses the game.
    pub king_off_inner_board: i32,
    /// Share of a piece's value lost at outer-edge distance 0, 1, 2 (per cent).
    pub edge_risk_percent: [i32; 3],
    /// What a king off the inner board loses at outer-edge distance 0, 1, 2.
    pub king_edge_risk: [i32; 3],
    /// Per square of room for forward moves, up to `MAX_COUNTED_ROOM`.
    pub forward_room: i32,
    /// Per king escape the boundary rule removes, for each enemy piece near that king.
    pub removed_escape: i32,
}

impl RelativeWeights {
    /// The number of weights, in the order of [`RelativeWeights::to_vec`].
    pub const COUNT: usize = 11;

    /// The weights in a fixed order, for the tuner.
    pub fn to_vec(&self) -> Vec<i32> {
        let mut all = vec![
            self.off_inner_board,
            self.off_inner_board_percent,
            self.king_off_inner_board,
        ];
        all.extend(self.edge_risk_percent);
        all.extend(self.king_edge_risk);
        all.extend([self.forward_room, self.removed_escape]);
        all
    }

    /// The weights from [`RelativeWeights::to_vec`]'s order; `None` unless there are
    /// exactly [`RelativeWeights::COUNT`].
    pub fn from_slice(all: &[i32]) -> Option<RelativeWeights> {
        let &[a, b, c, e0, e1, e2, k0, k1, k2, room, escape] = all else {
            return None;
        };
        Some(RelativeWeights {
            off_inner_board: a,
            off_inner_board_percent: b,
            king_off_inner_board: c,
            edge_risk_percent: [e0, e1, e2],
            king_edge_risk: [k0, k1, k2],
            forward_room: room,
            removed_escape: escape,
        })
    }
}

/// The weights the evaluation uses: `eval/relative_weights.rs`, written by the tuner.
pub const WEIGHTS: RelativeWeights = super::relative_weights::TUNED;

const MAX_COUNTED_ROOM: i32 = 4;

fn role_value(role: Role) -> i32 {
    ORDER_VALUE[role.index()]
}

/// Material plus piece-square value of each role on each inner-board square, per colour
/// (Black's read rank-flipped and negated: every term is from White's side), middlegame and
/// endgame: one lookup per piece.
static PIECE_SQUARE: [[[(i32, i32); 64]; 6]; 2] = piece_square_table();

const fn piece_square_table() -> [[[(i32, i32); 64]; 6]; 2] {
    let mut table = [[[(0, 0); 64]; 6]; 2];
    let mut color = 0;
    while color < 2 {
        let sign = if color == 0 { 1 } else { -1 };
        let mut role = 0;
        while role < 6 {
            let mut square = 0;
            while square < 64 {
                let seen = if color == 0 { square } else { square ^ 56 };
                table[color][role][square] = (
                    sign * (MG_VALUE[role] + psqt::MG[role][seen]),
                    sign * (EG_VALUE[role] + psqt::EG[role][seen]),
                );
                square += 1;
            }
            role += 1;
        }
        color += 1;
    }
    table
}

/// [`PIECE_SQUARE`] and the phase weight by the rules' mailbox code of a piece
/// ([`piece_code`]), sixteen rows so that any four-bit code indexes them (0 and 13..=15 hold
/// no piece and stay zero), packed into one word per square (see [`pack`]) so that a
/// square of the inner board costs one lookup and one addition, empty or not.
static PACKED_BY_CODE: [[i64; 64]; 16] = packed_by_code_table();

/// Bits per packed field: the middlegame and endgame sums over the inner board and the
/// phase sum stay far inside ±2^20.
const FIELD_BITS: u32 = 21;

/// Middlegame value, endgame value and phase weight in one word, each field a signed
/// multiple of its power of two: sums of packed words are the packed sums, as long as
/// every field's sum stays within its bits.
const fn pack(mg: i32, eg: i32, phase: i32) -> i64 {
    mg as i64 + ((eg as i64) << FIELD_BITS) + ((phase as i64) << (2 * FIELD_BITS))
}

/// The middlegame sum, endgame sum and phase of a sum of [`pack`]ed words.
fn unpack(packed: i64) -> (i32, i32, i32) {
    let low = |word: i64| (word << (64 - FIELD_BITS)) >> (64 - FIELD_BITS);
    let mg = low(packed);
    let rest = (packed - mg) >> FIELD_BITS;
    let eg = low(rest);
    let phase = (rest - eg) >> FIELD_BITS;
    (mg as i32, eg as i32, phase as i32)
}

const fn packed_by_code_table() -> [[i64; 64]; 16] {
    let mut table = [[0; 64]; 16];
    let mut color = 0;
    while color < 2 {
        let side = if color == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut role = 0;
        while role < 6 {
            let code = piece_code(side, Role::ALL[role]) as usize;
            let mut square = 0;
            while square < 64 {
                let (mg, eg) = PIECE_SQUARE[color][role][square];
                table[code][square] = pack(mg, eg, PHASE_WEIGHT[role]);
                square += 1;
            }
            role += 1;
        }
        color += 1;
    }
    table
}

/// The evaluation from White's side with the given weights of the relative terms.
///
/// The pieces on the inner board, usually nearly all, are read rank by rank from the rules'
/// mailbox, each adding its material and piece-square value in one lookup; the few off it
/// (read at the nearest inner-board square, less what their edge risk costs) and the
/// king-escape term come from passes over just the pieces they concern.
pub fn white_score_with(pos: &RelativePosition, weights: &RelativeWeights) -> i32 {
    let size = pos.size() as i32;
    let origin = pos.origin();
    let (ox, oy) = (origin.x as i32, origin.y as i32);
    let span = size - 8;
    // Every square of the inner board, without a branch on what stands there.
    let mut packed = 0i64;
    for (y, rank) in pos.inner_ranks().into_iter().enumerate() {
        for (x, code) in rank.to_le_bytes().into_iter().enumerate() {
            packed += PACKED_BY_CODE[code as usize & 15][y * 8 + x];
        }
    }
    let (mg, eg, mut phase) = unpack(packed);
    let mut total = Tapered { mg, eg };
    for color in Color::ALL {
        let table = &PIECE_SQUARE[color.index()];
        let sign = if color == Color::White { 1 } else { -1 };
        // Pieces on the inner board can never fall: the inner board stays inside.
        for (square, piece) in pos.pieces_off_inner_board(color) {
            let r = piece.role.index();
            phase += PHASE_WEIGHT[r];
            let (rx, ry) = pos.relative_of(square);
            let (mg, eg) = table[r][(ry.clamp(0, 7) * 8 + rx.clamp(0, 7)) as usize];
            total.add(mg, eg);
            let (x, y) = (square.x as i32, square.y as i32);
            let edge = x.min(y).min(size - 1 - x).min(size - 1 - y);
            let loss = if piece.role == Role::King {
                weights.king_off_inner_board
                    + weights.king_edge_risk.get(edge as usize).unwrap_or(&0)
            } else {
                let percent = weights.off_inner_board_percent
                    + weights.edge_risk_percent.get(edge as usize).unwrap_or(&0);
                weights.off_inner_board + role_value(piece.role) * percent / 100
            };
            total.add(-sign * loss, -sign * loss);
        }
        let forward_room = match color {
            Color::White => oy,
            Color::Black => span - oy,
        }
        .min(MAX_COUNTED_ROOM);
        let room = sign * weights.forward_room * forward_room;
        total.add(room, room);
    }
    // The boundary rule's toll on a king's steps depends on the origin alone; when it is
    // nothing the per-piece nearness test is skipped.
    let escapes = weights.removed_escape * removed_escapes(ox, oy, span);
    if escapes != 0 {
        for color in Color::ALL {
            let Some(king) = pos.king(color.other()) else {
                continue;
            };
            let (kx, ky) = (king.x as i32 - ox, king.y as i32 - oy);
            let near = pos
                .relative_pieces(color)
                .filter(|&(rx, ry, role)| {
                    (kx - rx).abs().max((ky - ry).abs()) <= 3
                        && !matches!(role, Role::Pawn | Role::King)
                })
                .count() as i32;
            let sign = if color == Color::White { 1 } else { -1 };
            total.add(sign * escapes * near, sign * escapes * near);
        }
    }
    total.blend(phase.min(24))
}

/// How many of a king's eight steps the boundary rule forbids at origin (ox, oy): a step by
/// d needs 0 ≤ O − d ≤ N − 8 on both axes.
fn removed_escapes(ox: i32, oy: i32, span: i32) -> i32 {
    // On each axis the steps −1, 0, 1 that keep the origin in 0..=span (0 always does); the
    // king keeps the pairs of allowed steps but (0, 0).
    let allowed = |o: i32| 3 - (o == 0) as i32 - (o == span) as i32;
    9 - allowed(ox) * allowed(oy)
}

/// The enemy pieces that could fall over the edge (those off the inner board), as relative
/// coordinates, with what the edge test needs from the position.
struct EdgeRisk {
    size: i32,
    origin: (i32, i32),
    aristotelian: bool,
    /// Relative coordinates and ordering value of each exposed enemy piece, kept inline
    /// (a side has at most 16 pieces) because this is built for every move ordered.
    exposed: [(i32, i32, i32); 16],
    exposed_count: usize,
}

/// What pushing the enemy king over the edge is worth to move ordering: more than any
/// material, since it ends the game.
const KING_LOSS_ORDER_VALUE: i32 = 20_000;

impl EdgeRisk {
    fn new(pos: &RelativePosition) -> EdgeRisk {
        let origin = pos.origin();
        let mut exposed = [(0, 0, 0); 16];
        let mut exposed_count = 0;
        let off_inner = pos
            .pieces_off_inner_board(pos.turn().other())
            .map(|(square, piece)| {
                let (rx, ry) = pos.relative_of(square);
                let value = match piece.role {
                    Role::King => KING_LOSS_ORDER_VALUE,
                    role => role_value(role),
                };
                (rx, ry, value)
            });
        for (slot, entry) in exposed.iter_mut().zip(off_inner) {
            *slot = entry;
            exposed_count += 1;
        }
        EdgeRisk {
            size: pos.size() as i32,
            origin: (origin.x as i32, origin.y as i32),
            aristotelian: pos.options().recentering == Recentering::Aristotelian,
            exposed,
            exposed_count,
        }
    }

    /// The value of the most valuable exposed piece that `mv` pushes over the edge, at the
    /// shift or at the recentering (0 when none; a piece it captures on its target does
    /// not count).
    fn loss_value(&self, mv: RelativeMove) -> i32 {
        if self.exposed_count == 0 {
            return 0;
        }
        let (dx, dy) = mv.shift();
        let shifted = (self.origin.0 - dx, self.origin.1 - dy);
        let step = if self.aristotelian {
            let centre = (self.size - 8) / 2;
            ((centre - shifted.0).signum(), (centre - shifted.1).signum())
        } else {
            (0, 0)
        };
        let target = (
            mv.to().x as i32 - self.origin.0,
            mv.to().y as i32 - self.origin.1,
        );
        let size = self.size;
        let on_board = |x: i32, y: i32| (0..size).contains(&x) && (0..size).contains(&y);
        self.exposed[..self.exposed_count]
            .iter()
            .filter(|&&(rx, ry, _)| {
                if (rx, ry) == target {
                    return false;
                }
                let (x, y) = (rx + shifted.0, ry + shifted.1);
                !on_board(x, y) || !on_board(x + step.0, y + step.1)
            })
            .map(|&(_, _, value)| value)
            .max()
            .unwrap_or(0)
    }

    fn loses_piece(&self, mv: RelativeMove) -> bool {
        self.loss_value(mv) > 0
    }
}

/// Whether `mv` pushes an enemy piece (other than one it captures) over the edge.
fn enemy_loses_over_edge(pos: &RelativePosition, mv: RelativeMove) -> bool {
    EdgeRisk::new(pos).loses_piece(mv)
}

fn captures_directly(pos: &RelativePosition, mv: RelativeMove) -> bool {
    mv.promotion() == Some(Role::Queen) || pos.captures_on_target(mv)
}

pub fn evaluate(pos: &RelativePosition) -> i32 {
    let sign = if pos.turn() == Color::White { 1 } else { -1 };
    white_score_with(pos, &WEIGHTS) * sign + 10
}

impl SearchPosition for RelativePosition {
    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn victim_value(&self, mv: RelativeMove) -> i32 {
        let direct = if mv.kind() == RelativeMoveKind::EnPassant {
            ORDER_VALUE[0]
        } else {
            match self.piece_at(mv.to()) {
                Some(piece) if piece.color != self.turn() => role_value(piece.role),
                _ => 0,
            }
        };
        if !self.has_pieces_off_inner_board(self.turn().other()) {
            return direct;
        }
        direct.max(EdgeRisk::new(self).loss_value(mv))
    }

    fn attacker_value(&self, mv: RelativeMove) -> i32 {
        self.piece_at(mv.from())
            .map_or(0, |piece| role_value(piece.role))
    }

    fn promotion_gain(&self, mv: RelativeMove) -> i32 {
        mv.promotion()
            .map_or(0, |role| role_value(role) - ORDER_VALUE[0])
    }

    fn is_noisy(&self, mv: RelativeMove) -> bool {
        captures_directly(self, mv) || enemy_loses_over_edge(self, mv)
    }

    fn noisy_moves(&self, moves: &mut Vec<RelativeMove>) {
        let start = moves.len();
        // The rules' captures and promotions, narrowed to the engine's noisy set (which
        // leaves out quiet under-promotions).
        RelativePosition::noisy_moves(self, moves);
        if !self.has_pieces_off_inner_board(self.turn().other()) {
            keep_only(moves, start, |mv| captures_directly(self, mv));
            return;
        }
        let risk = EdgeRisk::new(self);
        keep_only(moves, start, |mv| {
            captures_directly(self, mv) || risk.loses_piece(mv)
        });
    }

    // The captures' own pass skips the legality test of every quiet candidate.
    const STAGED_NOISY: bool = true;

    fn classify_noisy(&self, moves: &[RelativeMove], noisy: &mut Vec<bool>) {
        if !self.has_pieces_off_inner_board(self.turn().other()) {
            noisy.extend(moves.iter().map(|&mv| captures_directly(self, mv)));
            return;
        }
        let risk = EdgeRisk::new(self);
        noisy.extend(
            moves
                .iter()
                .map(|&mv| captures_directly(self, mv) || risk.loses_piece(mv)),
        );
    }

    fn gives_check_unplayed(&self, mv: RelativeMove) -> Option<bool> {
        Some(self.gives_check(mv))
    }

    fn is_legal_unplayed(&self, mv: RelativeMove) -> Option<bool> {
        Some(self.is_legal_move(mv))
    }

    fn null_move(&self) -> Option<RelativePosition> {
        // Every real move shifts the board, and can push the mover's own pieces that stand
        // off the inner board over the edge; a pass never does. With such pieces the pass is
        // too often better than any move for its score to be trusted.
        if self.pieces_off_inner_board(self.turn()).next().is_some() {
            return None;
        }
        let mut passed = self.clone();
        passed.play_null();
        Some(passed)
    }

    fn has_non_pawn_material(&self) -> bool {
        self.pieces_of(self.turn())
            .any(|(_, piece)| !matches!(piece.role, Role::Pawn | Role::King))
    }

    fn history_slot(&self, mv: RelativeMove) -> usize {
        let from = mv.from();
        let from_index = from.y as usize * 26 + from.x as usize;
        let (dx, dy) = mv.shift();
        // The piece's square and its shift identify the move; fold into the table.
        (from_index * 17 * 17 + ((dx + 8) * 17 + dy + 8) as usize) % HISTORY_SLOTS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use rules::relative::{Leave, RelativeOptions};

    /// The pass as position text would write it: the other side to move, no en-passant
    /// square, the clocks counting the pass as a move. The reader rebuilds everything (hash
    /// included) from scratch, so it checks the rules' incremental pass.
    fn passed_by_text(pos: &RelativePosition) -> RelativePosition {
        let text = pos.to_text();
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, _turn, castling, _ep, halfmoves, fullmoves, origin] = fields[..] else {
            panic!("seven fields in {text}");
        };
        let fullmoves: u32 = fullmoves.parse().unwrap();
        let (turn, fullmoves) = match pos.turn() {
            Color::White => ("b", fullmoves),
            Color::Black => ("w", fullmoves + 1),
        };
        let halfmoves = halfmoves.parse::<u32>().unwrap() + 1;
        let passed_text = format!("{board} {turn} {castling} - {halfmoves} {fullmoves} {origin}");
        RelativePosition::from_text(&passed_text, pos.options()).unwrap()
    }

    /// The tuner moves weights through `to_vec` and `from_slice`: every weight must make
    /// the round trip in its own place.
    /// The evaluation as first written, term by term over absolute squares: the reference
    /// the table-driven [`white_score_with`] must match exactly.
    fn reference_white_score(pos: &RelativePosition, weights: &RelativeWeights) -> i32 {
        let size = pos.size() as i32;
        let origin = pos.origin();
        let (ox, oy) = (origin.x as i32, origin.y as i32);
        let span = size - 8;
        let mut total = Tapered::default();
        let mut phase = 0;
        let kings = [pos.king(Color::White), pos.king(Color::Black)];
        // The boundary rule's toll on a king's steps depends on the origin alone.
        let removed = removed_escapes(ox, oy, span);
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let mut side = Tapered::default();
            let enemy_king = kings[color.other().index()];
            for (square, piece) in pos.pieces_of(color) {
                let role = piece.role;
                let r = role.index();
                phase += PHASE_WEIGHT[r];
                let (rx, ry) = pos.relative_of(square);
                let on_inner = (0..8).contains(&rx) && (0..8).contains(&ry);
                let nearest = (ry.clamp(0, 7) * 8 + rx.clamp(0, 7)) as usize;
                let table_index = match color {
                    Color::White => nearest,
                    Color::Black => nearest ^ 56,
                };
                side.add(
                    MG_VALUE[r] + psqt::MG[r][table_index],
                    EG_VALUE[r] + psqt::EG[r][table_index],
                );
                let (x, y) = (square.x as i32, square.y as i32);
                let edge = x.min(y).min(size - 1 - x).min(size - 1 - y);
                // Pieces on the inner board can never fall: the inner board stays inside.
                if !on_inner && role == Role::King {
                    let risk = weights.king_off_inner_board
                        + weights.king_edge_risk.get(edge as usize).unwrap_or(&0);
                    side.add(-risk, -risk);
                } else if !on_inner {
                    let percent = weights.off_inner_board_percent
                        + weights.edge_risk_percent.get(edge as usize).unwrap_or(&0);
                    let loss = weights.off_inner_board + role_value(role) * percent / 100;
                    side.add(-loss, -loss);
                }
                if let Some(king) = enemy_king {
                    let near = (king.x as i32 - x).abs().max((king.y as i32 - y).abs()) <= 3;
                    if near && !matches!(role, Role::Pawn | Role::King) {
                        let escapes = weights.removed_escape * removed;
                        side.add(escapes, escapes);
                    }
                }
            }
            let forward_room = match color {
                Color::White => oy,
                Color::Black => span - oy,
            }
            .min(MAX_COUNTED_ROOM);
            side.add(
                weights.forward_room * forward_room,
                weights.forward_room * forward_room,
            );
            total.add(sign * side.mg, sign * side.eg);
        }
        total.blend(phase.min(24))
    }

    #[test]
    fn the_table_driven_evaluation_matches_the_term_by_term_one() {
        let mut rng = Rng::new(17);
        let mut weights = WEIGHTS;
        // Every weight in play, including those the tuner set to zero.
        weights.forward_room = 5;
        weights.edge_risk_percent = [20, 8, 3];
        weights.king_edge_risk = [300, 120, 40];
        let (mut positions, mut off_inner) = (0, 0);
        for (size, recentering) in [
            (16, Recentering::Aristotelian),
            (10, Recentering::Aristotelian),
            (12, Recentering::Leibnizian),
            (26, Recentering::Leibnizian),
        ] {
            let options = RelativeOptions {
                size,
                recentering,
                leave: Leave::Yes,
            };
            for _ in 0..10 {
                let mut pos = RelativePosition::start(options);
                for _ in 0..100 {
                    for weights in [&WEIGHTS, &weights] {
                        assert_eq!(
                            white_score_with(&pos, weights),
                            reference_white_score(&pos, weights),
                            "{pos:?}"
                        );
                    }
                    positions += 1;
                    off_inner += Color::ALL
                        .into_iter()
                        .filter(|&color| pos.has_pieces_off_inner_board(color))
                        .count();
                    let mut moves = Vec::new();
                    if pos.lost_outright().is_none() {
                        pos.legal_moves(&mut moves);
                    }
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
                }
            }
        }
        assert!(
            positions > 1000 && off_inner > 500,
            "{positions} {off_inner}"
        );
    }

    #[test]
    fn removed_escapes_counts_the_forbidden_king_steps() {
        for span in 0..=18 {
            for ox in 0..=span {
                for oy in 0..=span {
                    let mut forbidden = 0;
                    for (dx, dy) in rules::types::KING_STEPS {
                        let (nx, ny) = (ox - dx, oy - dy);
                        if !(0..=span).contains(&nx) || !(0..=span).contains(&ny) {
                            forbidden += 1;
                        }
                    }
                    assert_eq!(removed_escapes(ox, oy, span), forbidden, "{span} {ox} {oy}");
                }
            }
        }
    }

    #[test]
    fn weights_round_trip_through_the_tuners_order() {
        let all = WEIGHTS.to_vec();
        assert_eq!(all.len(), RelativeWeights::COUNT);
        assert_eq!(RelativeWeights::from_slice(&all), Some(WEIGHTS));
        for index in 0..all.len() {
            let mut changed = all.clone();
            changed[index] += 1;
            let weights = RelativeWeights::from_slice(&changed).expect("as many weights");
            assert_eq!(weights.to_vec(), changed);
            assert_ne!(weights, WEIGHTS);
        }
        assert_eq!(RelativeWeights::from_slice(&all[1..]), None);
    }

    #[test]
    fn a_pass_hands_the_same_board_to_the_other_side() {
        let mut rng = Rng::new(11);
        let mut pos = RelativePosition::start(RelativeOptions::default());
        let (mut passes, mut passes_after_double_steps) = (0, 0);
        for _ in 0..160 {
            let mut moves = Vec::new();
            if pos.lost_outright().is_none() {
                pos.legal_moves(&mut moves);
            }
            if moves.is_empty() {
                break;
            }
            if !pos.is_check() {
                let mut null = pos.clone();
                null.play_null();
                let expected = passed_by_text(&pos);
                assert_eq!(null.to_text(), expected.to_text());
                assert_eq!(null.hash(), expected.hash(), "{pos:?}");
                assert_eq!(null.repetition_key(), expected.repetition_key());
                assert_eq!(null.turn(), pos.turn().other());
                assert_eq!(null.origin(), pos.origin());
                assert_eq!(null.ep_square(), None);
                assert_eq!(null.halfmove_clock(), pos.halfmove_clock() + 1);
                assert_ne!(null.hash(), pos.hash());
                let mut back = null.clone();
                back.play_null();
                assert_eq!(back.turn(), pos.turn());
                if pos.ep_square().is_none() {
                    assert_eq!(back.hash(), pos.hash());
                    assert_eq!(back.count_legal_moves(), pos.count_legal_moves());
                } else {
                    // The pass clears en passant: the board comes back without it.
                    assert_ne!(back.hash(), pos.hash());
                    passes_after_double_steps += 1;
                }
                passes += 1;
            }
            pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        assert!(passes > 40, "{passes} passes");
        assert!(passes_after_double_steps > 0);
    }

    #[test]
    fn no_null_move_while_own_pieces_stand_off_the_inner_board() {
        let mut rng = Rng::new(5);
        let mut pos = RelativePosition::start(RelativeOptions::default());
        let (mut refused, mut allowed) = (0, 0);
        for _ in 0..120 {
            let mut moves = Vec::new();
            if pos.lost_outright().is_none() {
                pos.legal_moves(&mut moves);
            }
            if moves.is_empty() {
                break;
            }
            if !pos.is_check() {
                let exposed = pos
                    .pieces_of(pos.turn())
                    .any(|(square, _)| !pos.is_on_inner_board(square));
                assert_eq!(pos.null_move().is_none(), exposed, "{pos:?}");
                if exposed {
                    refused += 1;
                } else {
                    allowed += 1;
                }
            }
            pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        assert!(
            refused > 0 && allowed > 0,
            "{refused} refused, {allowed} allowed"
        );
    }

    #[test]
    fn the_quick_edge_test_agrees_with_the_rules() {
        let mut rng = Rng::new(3);
        let mut losses_seen = 0;
        for (size, recentering) in [
            (10, Recentering::Aristotelian),
            (12, Recentering::Leibnizian),
            (16, Recentering::Leibnizian),
        ] {
            let options = RelativeOptions {
                size,
                recentering,
                leave: Leave::Yes,
            };
            for _ in 0..20 {
                let mut pos = RelativePosition::start(options);
                for _ in 0..60 {
                    let mut moves = Vec::new();
                    if pos.lost_outright().is_none() {
                        pos.legal_moves(&mut moves);
                    }
                    if moves.is_empty() {
                        break;
                    }
                    for &mv in &moves {
                        let expected = pos.edge_losses(mv)[pos.turn().other().index()];
                        assert_eq!(enemy_loses_over_edge(&pos, mv), expected, "{pos:?} {mv:?}");
                        losses_seen += expected as usize;
                    }
                    // The staged search relies on the noisy moves being those classified so.
                    let mut flags = Vec::new();
                    pos.classify_noisy(&moves, &mut flags);
                    let mut noisy = Vec::new();
                    SearchPosition::noisy_moves(&pos, &mut noisy);
                    let classified = moves.iter().zip(&flags).filter(|(_, &n)| n);
                    assert!(noisy.iter().eq(classified.map(|(mv, _)| mv)), "{pos:?}");
                    pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
                }
            }
        }
        assert!(
            losses_seen > 0,
            "the walks should push some piece over the edge"
        );
    }
}
