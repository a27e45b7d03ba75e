//! `ChessPosition` as a `GamePosition`: standard chess (and, in Chess960 mode, the play phase
//! of Regroupment Chess).

use super::{ChessPosition, MoveKind, MoveList};
use crate::bitboard::Bitboard;
use crate::position::{GamePosition, MoveTextError, VariantKind};
use crate::types::{Color, Piece, Role};

impl GamePosition for ChessPosition {
    type Move = super::Move;

    const VARIANT: VariantKind = VariantKind::Standard;

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Self::Move>) {
        let mut list = MoveList::new();
        self.generate(&mut list);
        moves.extend_from_slice(&list);
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.count_legal()
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Self::Move) {
        self.play(mv);
    }

    #[inline]
    fn is_check(&self) -> bool {
        self.checkers.any()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn repetition_key(&self) -> u64 {
        ChessPosition::repetition_key(self)
    }

    #[inline]
    fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    #[inline]
    fn is_capture(&self, mv: Self::Move) -> bool {
        mv.kind() == MoveKind::EnPassant || (!mv.is_castle() && self.piece_at(mv.to()).is_some())
    }

    #[inline]
    fn is_zeroing(&self, mv: Self::Move) -> bool {
        self.is_capture(mv) || self.piece_at(mv.from()).map(|p| p.role) == Some(Role::Pawn)
    }

    #[inline]
    fn is_promotion(&self, mv: Self::Move) -> bool {
        mv.promotion_role().is_some()
    }

    fn move_text(&self, mv: Self::Move) -> String {
        self.uci(mv)
    }

    fn parse_move_text(&self, text: &str) -> Result<Self::Move, MoveTextError> {
        let trimmed = text.trim();
        let well_formed = trimmed.is_ascii()
            && (4..=5).contains(&trimmed.len())
            && crate::types::Square::parse(&trimmed[0..2]).is_some()
            && crate::types::Square::parse(&trimmed[2..4]).is_some()
            && trimmed
                .get(4..5)
                .is_none_or(|p| matches!(p, "q" | "r" | "b" | "n" | "Q" | "R" | "B" | "N"));
        if !well_formed {
            return Err(MoveTextError::Unreadable {
                text: text.to_string(),
            });
        }
        self.parse_uci(trimmed)
            .ok_or_else(|| MoveTextError::Illegal {
                text: trimmed.to_string(),
            })
    }

    fn display_move(&self, mv: Self::Move) -> String {
        self.san(mv)
    }

    fn position_text(&self) -> String {
        self.to_fen()
    }

    fn is_dead_by_material(&self) -> bool {
        let kings = self.by_role(Role::King);
        let others = self.occupied() & !kings;
        if others.is_empty() {
            return true;
        }
        let minors = self.by_role(Role::Knight) | self.by_role(Role::Bishop);
        if others.count() == 1 && (others & minors).any() {
            return true;
        }
        let bishops = self.by_role(Role::Bishop);
        others == bishops
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// Mating material as `docs/rules-standard.md` defines it for flag fall: a lone king, a lone
    /// knight, or bishops all on one colour of square cannot mate.
    fn can_ever_mate(&self, color: Color) -> bool {
        let own = self.by_color(color) & !self.by_role(Role::King);
        if own.is_empty() {
            return false;
        }
        if own.count() == 1 && (own & self.by_role(Role::Knight)).any() {
            return false;
        }
        let bishops = self.by_piece(Piece::new(color, Role::Bishop));
        let one_colour = (bishops & Bitboard::LIGHT_SQUARES).is_empty()
            || (bishops & Bitboard::DARK_SQUARES).is_empty();
        !(own == bishops && one_colour)
    }

    fn is_bare_king(&self, color: Color) -> bool {
        (self.by_color(color) & !self.by_role(Role::King)).is_empty()
    }
}
