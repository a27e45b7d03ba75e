//! What the search needs from a position beyond `rules::GamePosition`: evaluation, values for
//! move ordering, the variant's notion of a noisy move, and a null move where it is sound.
//! Implemented here, in the engine, for each variant's position type (see `eval::*`).

use crate::correction::CorrectionKeys;
use crate::search_params::{LeafPruning, NARROW_LEAF_PRUNING};
use rules::GamePosition;

/// The number of slots in the history tables; [`SearchPosition::history_slot`] must return
/// less than this.
pub const HISTORY_SLOTS: usize = 4096;

/// The number of piece-and-target slots of the continuation history;
/// [`SearchPosition::piece_to_slot`] must return less than this.
pub const PIECE_TO_SLOTS: usize = 1024;

pub trait SearchPosition: GamePosition {
    /// Whether a position repeated once inside the search tree already counts as a draw (the
    /// usual shortcut: a cycle the side to move entered can be repeated). Sliding chess turns
    /// it off: a slide can always be undone by sliding back, so nearly every line would
    /// end in such a cycle, while a real draw needs the third occurrence.
    const TWOFOLD_IS_DRAW: bool = true;

    /// How far from the leaves the search prunes quiet moves and whole nodes: by default
    /// the narrower pruning, the wider one where a match has shown it gains.
    #[inline]
    fn leaf_pruning(&self) -> &'static LeafPruning {
        &NARROW_LEAF_PRUNING
    }

    /// Static evaluation in centipawns from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// The material value of what `mv` removes from the opponent (0 when nothing), used to
    /// order captures most-valuable-victim first.
    fn victim_value(&self, mv: Self::Move) -> i32;

    /// The material value of the piece that makes `mv` (least valuable attacker first);
    /// 0 for actions without a moving piece.
    fn attacker_value(&self, mv: Self::Move) -> i32;

    /// The value a promotion adds (0 when `mv` promotes nothing).
    fn promotion_gain(&self, mv: Self::Move) -> i32;

    /// Whether quiescence must look at `mv`: captures, promotions and any action the variant
    /// cannot treat as quiet (sliding chess: slides that check or promote).
    fn is_noisy(&self, mv: Self::Move) -> bool {
        self.is_capture(mv) || self.promotion_gain(mv) > 0
    }

    /// `is_noisy` for each of `moves`, appended to `noisy`; variants whose test shares work
    /// between moves compute it once here.
    fn classify_noisy(&self, moves: &[Self::Move], noisy: &mut Vec<bool>) {
        noisy.extend(moves.iter().map(|&mv| self.is_noisy(mv)));
    }

    /// Appends the legal noisy actions. Variants whose noisiness test shares work between
    /// moves override this, as they do `classify_noisy`.
    fn noisy_moves(&self, moves: &mut Vec<Self::Move>) {
        let start = moves.len();
        self.legal_moves(moves);
        keep_only(moves, start, |mv| self.is_noisy(mv));
    }

    /// Whether the main search generates the noisy moves first ([`SearchPosition::noisy_moves`])
    /// and every legal move only when it reaches a move whose place in the order the noisy
    /// ones alone do not settle: worth it where `noisy_moves` costs much less than
    /// `legal_moves`, since a capture often cuts off. `noisy_moves` must then give exactly
    /// the legal moves `classify_noisy` calls noisy, and `is_legal_unplayed` must always
    /// judge (the full list then leaves the table's move out: searched first, or illegal);
    /// the search order does not change.
    const STAGED_NOISY: bool = false;

    /// Static exchange evaluation: whether `mv`, followed by the best sequence of captures
    /// on its target square, wins at least `threshold` centipawns. Variants without an
    /// exchange model say `true` (every noisy move is worth a look).
    fn see_ge(&self, _mv: Self::Move, _threshold: i32) -> bool {
        true
    }

    /// Whether `mv` checks the opponent, where the variant can tell without playing it
    /// (`None`: the search plays the move and asks the position after it). The search asks
    /// this of a quiet move it is about to prune, which then costs no child position, and
    /// of every move it plays, instead of asking the child: it must say exactly what
    /// `is_check` says after the move, and should cost less.
    fn gives_check_unplayed(&self, _mv: Self::Move) -> Option<bool> {
        None
    }

    /// Whether `mv`, a move remembered from elsewhere (the transposition table, whose entry
    /// may belong to another position with the same key), is legal here, where the variant
    /// can judge one move without generating them all (`None`: the search generates every
    /// move first). This lets the table's move be searched before the others are generated.
    fn is_legal_unplayed(&self, _mv: Self::Move) -> Option<bool> {
        None
    }

    /// The position with the turn passed to the opponent, where the variant allows pretending
    /// so; `None` when it does not. Only asked when the side to move is not in check.
    fn null_move(&self) -> Option<Self>;

    /// Whether the side to move has a piece other than king and pawns (the null-move guard
    /// against zugzwang).
    fn has_non_pawn_material(&self) -> bool;

    /// A slot in `0..HISTORY_SLOTS` identifying `mv` for the history heuristic (typically
    /// from-square × 64 + to-square); collisions only cost ordering quality.
    fn history_slot(&self, mv: Self::Move) -> usize;

    /// A slot in `0..PIECE_TO_SLOTS` identifying `mv` by what moves and where it goes (the
    /// continuation history pairs a move with the one before it, so the key must be small:
    /// its table is the square of this). Collisions only cost ordering quality.
    fn piece_to_slot(&self, mv: Self::Move) -> usize {
        self.history_slot(mv) % PIECE_TO_SLOTS
    }

    /// Hashes of what the evaluation tends to misjudge consistently (the pawn structure,
    /// each side's piece placement), for the correction history; `None` where the variant
    /// has no such keys.
    fn correction_keys(&self) -> Option<CorrectionKeys> {
        None
    }

    /// A hash of where the pawns stand (top bits well mixed), for the pawn history, which
    /// orders quiet moves by how they fared with the same pawns on the board; `None` where
    /// the variant has no such key.
    fn pawn_key(&self) -> Option<u64> {
        None
    }
}

/// Removes from `moves[start..]` the moves `keep` refuses, keeping the order of the rest.
pub(crate) fn keep_only<M: Copy>(
    moves: &mut Vec<M>,
    start: usize,
    mut keep: impl FnMut(M) -> bool,
) {
    let mut kept = start;
    for index in start..moves.len() {
        let mv = moves[index];
        if keep(mv) {
            moves[kept] = mv;
            kept += 1;
        }
    }
    moves.truncate(kept);
}
