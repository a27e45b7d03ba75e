//! The legal actions of sliding chess: the chess core's legal moves (the gap is its blocked
//! squares) plus the slides of the tiles next to the gap that leave the mover's king safe.

use super::carry;
use super::{SlidingMove, SlidingPosition, Tile};
use crate::chess::MoveList;

impl SlidingPosition {
    /// Appends every legal action: chess moves first, then slides.
    #[inline]
    pub(super) fn generate_legal(&self, moves: &mut Vec<SlidingMove>) {
        let list = self.legal_chess_moves();
        moves.extend(list.iter().map(|&mv| SlidingMove::Chess(mv)));
        for tile in self.gap.neighbours() {
            if self.slide_is_legal(tile) {
                moves.push(SlidingMove::Slide {
                    from: tile,
                    to: self.gap,
                });
            }
        }
    }

    /// The number of legal actions, counted without listing the slides.
    #[inline]
    pub(super) fn count_legal(&self) -> usize {
        self.chess.count_legal()
            + self
                .gap
                .neighbours()
                .filter(|&tile| self.slide_is_legal(tile))
                .count()
    }

    /// Tiles that can legally slide into the gap now.
    pub fn movable_tiles(&self) -> Vec<Tile> {
        self.gap
            .neighbours()
            .filter(|&tile| self.slide_is_legal(tile))
            .collect()
    }

    /// Whether sliding `tile` into the gap leaves the mover's king safe.
    pub(super) fn slide_is_legal(&self, tile: Tile) -> bool {
        let (source, offset) = carry::carried(tile, self.gap);
        !self
            .chess
            .king_attacked_after_carry(source, offset, self.chess.turn())
    }

    pub(super) fn legal_chess_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.chess.legal_moves(&mut list);
        list
    }

    /// Whether the side to move has no legal action at all.
    pub fn has_no_legal_action(&self) -> bool {
        self.legal_chess_moves().is_empty()
            && self.gap.neighbours().all(|tile| !self.slide_is_legal(tile))
    }

    pub fn is_checkmate(&self) -> bool {
        self.chess.is_check() && self.has_no_legal_action()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.chess.is_check() && self.has_no_legal_action()
    }

    /// The move promotes a pawn by sliding it onto its far rank.
    pub fn slide_promotes(&self, mv: SlidingMove) -> bool {
        match mv {
            SlidingMove::Slide { from, to } => {
                let (source, offset) = carry::carried(from, to);
                self.chess.carry_promotes(source, offset)
            }
            SlidingMove::Chess(_) => false,
        }
    }
}
