//! Sliding chess: the chess evaluation (the gap's squares stop rays and count as no one's
//! mobility) plus tile terms, and `SearchPosition` for `rules::sliding::SlidingPosition`.
//!
//! | term | MG | EG | why |
//! |---|---|---|---|
//! | own king on a tile next to the gap | −15 | −5 | either side may carry it into an attack |
//! | pawn one slide from its far rank | +60 | +90 | a slide of its tile queens it at once |
//! | king piece-square (middlegame) | ⅓ of chess's (⅔ removed) | | tiles carry kings around and back; a carried king is less exposed than a walked one |
//!
//! Slides that give check or promote are noisy (quiescence searches them); slides that
//! block a check are searched there too, as every evasion is. Material is not scaled
//! towards a draw: tiles can carry a lone piece into a mate.

use super::chess::{self as chess_eval, Tapered, ORDER_VALUE};
use crate::correction::CorrectionKeys;
use crate::position::SearchPosition;
use rules::sliding::{SlidingMove, SlidingPosition, Tile};
use rules::{Bitboard, Color, GamePosition, Piece, Role};

/// The weights of the tile terms, as [`white_score_with`] reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlidingWeights {
    /// Lost (middlegame, endgame) by a king on a tile next to the gap.
    pub king_by_gap: [i32; 2],
    /// Won (middlegame, endgame) by a pawn one slide from its far rank.
    pub pawn_one_slide_from_queening: [i32; 2],
    /// Share of chess's middlegame king piece-square value taken away (per cent).
    pub king_square_removed_percent: i32,
}

impl SlidingWeights {
    /// The number of weights, in the order of [`SlidingWeights::to_vec`].
    pub const COUNT: usize = 5;

    /// The weights in a fixed order, for the tuner.
    pub fn to_vec(&self) -> Vec<i32> {
        let mut all = self.king_by_gap.to_vec();
        all.extend(self.pawn_one_slide_from_queening);
        all.push(self.king_square_removed_percent);
        all
    }

    /// The weights from [`SlidingWeights::to_vec`]'s order; `None` unless there are
    /// exactly [`SlidingWeights::COUNT`].
    pub fn from_slice(all: &[i32]) -> Option<SlidingWeights> {
        let &[gap_mg, gap_eg, pawn_mg, pawn_eg, king_square] = all else {
            return None;
        };
        Some(SlidingWeights {
            king_by_gap: [gap_mg, gap_eg],
            pawn_one_slide_from_queening: [pawn_mg, pawn_eg],
            king_square_removed_percent: king_square,
        })
    }
}

/// The weights the evaluation uses: `eval/sliding_weights.rs`, written by the tuner.
pub const WEIGHTS: SlidingWeights = super::sliding_weights::TUNED;
/// What a queen made by a slide is worth to the move ordering.
const SLIDE_QUEEN_GAIN: i32 = ORDER_VALUE[4] - ORDER_VALUE[0];

/// The sliding-only terms from White's side.
fn tile_terms(pos: &SlidingPosition, weights: &SlidingWeights) -> Tapered {
    let chess = pos.chess();
    let gap = pos.gap();
    let mut terms = Tapered::default();
    let next_to_gap: Bitboard = gap
        .neighbours()
        .fold(Bitboard::EMPTY, |acc, tile| acc | tile.squares());
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let king = chess.king(color);
        let king_index = match color {
            Color::White => king.index(),
            Color::Black => king.flip_rank().index(),
        };
        let softened = chess_eval::HAND_SET_EVAL.psqt_mg[Role::King.index()][king_index]
            * weights.king_square_removed_percent
            / 100;
        terms.add(-sign * softened, 0);
        if next_to_gap.contains(king) {
            let [mg, eg] = weights.king_by_gap;
            terms.add(-sign * mg, -sign * eg);
        }
        // The tile just behind the gap (from this side's view) carries its pawns two ranks
        // forward; pawns on that tile's upper square row reach the far rank.
        let behind = Tile::from_coords(gap.tile_file(), gap.tile_rank() - color.forward());
        if let Some(tile) = behind {
            let far_rank_after = match color {
                Color::White => 7,
                Color::Black => 0,
            };
            let pawns = chess.by_piece(Piece::new(color, Role::Pawn)) & tile.squares();
            for sq in pawns {
                if sq.rank() as i32 + 2 * color.forward() == far_rank_after {
                    let [mg, eg] = weights.pawn_one_slide_from_queening;
                    terms.add(sign * mg, sign * eg);
                }
            }
        }
    }
    terms
}

/// The evaluation from White's side (no tempo) with the given weights of the tile terms.
pub fn white_score_with(pos: &SlidingPosition, weights: &SlidingWeights) -> i32 {
    let chess = pos.chess();
    let mut terms = chess_eval::white_terms(chess);
    let extra = tile_terms(pos, weights);
    terms.add(extra.mg, extra.eg);
    terms.blend(chess_eval::phase(chess))
}

pub fn evaluate(pos: &SlidingPosition) -> i32 {
    let sign = if pos.turn() == Color::White { 1 } else { -1 };
    white_score_with(pos, &WEIGHTS) * sign + 10
}

/// The queens a slide makes for the mover minus those it makes for the opponent.
fn slide_queen_balance(pos: &SlidingPosition, mv: SlidingMove) -> i32 {
    if !pos.slide_promotes(mv) {
        return 0;
    }
    let us = pos.turn();
    let queens = |p: &SlidingPosition, color: Color| {
        p.chess().by_piece(Piece::new(color, Role::Queen)).count() as i32
    };
    let after = pos.after(mv);
    (queens(&after, us) - queens(pos, us)) - (queens(&after, us.other()) - queens(pos, us.other()))
}

impl SearchPosition for SlidingPosition {
    const TWOFOLD_IS_DRAW: bool = false;

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn victim_value(&self, mv: SlidingMove) -> i32 {
        match mv {
            SlidingMove::Chess(mv) => chess_eval::victim_value(self.chess(), mv),
            SlidingMove::Slide { .. } => 0,
        }
    }

    fn attacker_value(&self, mv: SlidingMove) -> i32 {
        match mv {
            SlidingMove::Chess(mv) => chess_eval::attacker_value(self.chess(), mv),
            SlidingMove::Slide { .. } => 0,
        }
    }

    fn promotion_gain(&self, mv: SlidingMove) -> i32 {
        match mv {
            SlidingMove::Chess(mv) => chess_eval::promotion_gain(mv),
            SlidingMove::Slide { .. } => slide_queen_balance(self, mv).max(0) * SLIDE_QUEEN_GAIN,
        }
    }

    fn see_ge(&self, mv: SlidingMove, threshold: i32) -> bool {
        match mv {
            SlidingMove::Chess(mv) => chess_eval::see_ge(self.chess(), mv, threshold),
            SlidingMove::Slide { .. } => true,
        }
    }

    fn is_noisy(&self, mv: SlidingMove) -> bool {
        match mv {
            SlidingMove::Chess(chess_move) => chess_eval::is_noisy(self.chess(), chess_move),
            SlidingMove::Slide { .. } => self.slide_promotes(mv) || self.after(mv).is_check(),
        }
    }

    /// Passing is sound enough here: a side that may slide a tile is rarely in zugzwang.
    fn null_move(&self) -> Option<SlidingPosition> {
        self.after_null_move()
    }

    fn has_non_pawn_material(&self) -> bool {
        chess_eval::has_non_pawn_material(self.chess())
    }

    fn history_slot(&self, mv: SlidingMove) -> usize {
        match mv {
            SlidingMove::Chess(mv) => mv.from().index() * 64 + mv.to().index(),
            // A chess move never starts and ends on one square, so these slots are free.
            SlidingMove::Slide { from, .. } => from.lower_left().index() * 65,
        }
    }

    fn correction_keys(&self) -> Option<CorrectionKeys> {
        Some(super::chess_keys::correction_keys(self.chess()))
    }

    fn piece_to_slot(&self, mv: SlidingMove) -> usize {
        match mv {
            SlidingMove::Chess(mv) => {
                let piece = self
                    .chess()
                    .piece_at(mv.from())
                    .map_or(0, |p| p.color.index() * 6 + p.role as usize);
                piece * 64 + mv.to().index()
            }
            // After the twelve pieces' 768 slots: one per tile corner.
            SlidingMove::Slide { from, .. } => 768 + from.lower_left().index(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tuner moves weights through `to_vec` and `from_slice`: every weight must make
    /// the round trip in its own place.
    #[test]
    fn weights_round_trip_through_the_tuners_order() {
        let all = WEIGHTS.to_vec();
        assert_eq!(all.len(), SlidingWeights::COUNT);
        assert_eq!(SlidingWeights::from_slice(&all), Some(WEIGHTS));
        for index in 0..all.len() {
            let mut changed = all.clone();
            changed[index] += 1;
            let weights = SlidingWeights::from_slice(&changed).expect("as many weights");
            assert_eq!(weights.to_vec(), changed);
            assert_ne!(weights, WEIGHTS);
        }
        assert_eq!(SlidingWeights::from_slice(&all[1..]), None);
    }
}
