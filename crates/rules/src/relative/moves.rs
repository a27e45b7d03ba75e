//! The move of relative chess (absolute from and to squares, promotion, kind) and the report
//! of what a move did, for animation.

use super::square::AbsSquare;
use crate::types::{Piece, Role};
use std::fmt;

/// What kind of chess move, read in relative terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RelativeMoveKind {
    Normal,
    /// A pawn's two-square step from its relative second rank.
    DoubleStep,
    EnPassant,
    /// The king's two-square step; `to` is the king's target.
    Castle,
}

/// A move: the absolute square of the piece that moves (it stays there) and the absolute
/// target square, plus the promotion piece and the kind. Packed into 32 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RelativeMove(u32);

impl RelativeMove {
    const KIND_SHIFT: u32 = 23;

    pub fn new(
        from: AbsSquare,
        to: AbsSquare,
        promotion: Option<Role>,
        kind: RelativeMoveKind,
    ) -> RelativeMove {
        let pack = |s: AbsSquare| s.x as u32 | (s.y as u32) << 5;
        let promo = promotion.map_or(0, |r| r.index() as u32);
        let kind = match kind {
            RelativeMoveKind::Normal => 0,
            RelativeMoveKind::DoubleStep => 1,
            RelativeMoveKind::EnPassant => 2,
            RelativeMoveKind::Castle => 3,
        };
        RelativeMove(pack(from) | pack(to) << 10 | promo << 20 | kind << Self::KIND_SHIFT)
    }

    #[inline]
    pub fn from(self) -> AbsSquare {
        AbsSquare::new((self.0 & 31) as u8, (self.0 >> 5 & 31) as u8)
    }

    #[inline]
    pub fn to(self) -> AbsSquare {
        AbsSquare::new((self.0 >> 10 & 31) as u8, (self.0 >> 15 & 31) as u8)
    }

    /// The piece a pawn becomes, if this move promotes.
    #[inline]
    pub fn promotion(self) -> Option<Role> {
        match self.0 >> 20 & 7 {
            0 => None,
            r => Some(Role::from_index(r as usize)),
        }
    }

    #[inline]
    pub fn kind(self) -> RelativeMoveKind {
        match self.0 >> Self::KIND_SHIFT & 3 {
            0 => RelativeMoveKind::Normal,
            1 => RelativeMoveKind::DoubleStep,
            2 => RelativeMoveKind::EnPassant,
            _ => RelativeMoveKind::Castle,
        }
    }

    /// The shift vector d = to − from; the outer board and every other piece move by −d.
    #[inline]
    pub fn shift(self) -> (i32, i32) {
        let (f, t) = (self.from(), self.to());
        (t.x as i32 - f.x as i32, t.y as i32 - f.y as i32)
    }

    /// The machine move text: `k5j7`, `i12i13q`.
    pub fn text(self) -> String {
        match self.promotion() {
            Some(role) => format!("{}{}{}", self.from(), self.to(), role.char()),
            None => format!("{}{}", self.from(), self.to()),
        }
    }
}

impl fmt::Debug for RelativeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.text())?;
        match self.kind() {
            RelativeMoveKind::Normal => Ok(()),
            kind => write!(f, "({kind:?})"),
        }
    }
}

/// A piece that fell over the edge of the outer board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeLoss {
    /// The absolute square it stood on just before the push that took it off the board: its
    /// square before the move for the first check, its square after the shift for the second.
    pub square: AbsSquare,
    pub piece: Piece,
}

/// Where the castling rook went, in absolute squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RookMotion {
    /// The rook's square before the move.
    pub from: AbsSquare,
    /// The rook's square after the shift (before any recentering).
    pub to: AbsSquare,
}

/// Everything a move did, in the order it happened, so that a board view can animate it:
/// first everything but the mover slides by −`shift` (the castling rook lands on its square),
/// the pieces of `lost_at_shift` fall off, then everything slides by `recentering` and the
/// pieces of `lost_at_recentering` fall off.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveReport {
    /// d = to − from.
    pub shift: (i32, i32),
    /// The inner board's a1 before the move.
    pub origin_before: (i32, i32),
    /// The inner board's a1 after the shift, before recentering (O′ = O − d).
    pub origin_after_shift: (i32, i32),
    /// The recentering step (each coordinate −1, 0 or 1).
    pub recentering: (i32, i32),
    /// The piece captured by the move itself and the absolute square it stood on.
    pub captured: Option<EdgeLoss>,
    pub lost_at_shift: Vec<EdgeLoss>,
    pub lost_at_recentering: Vec<EdgeLoss>,
    pub castling_rook: Option<RookMotion>,
    pub promotion: Option<Role>,
}

impl MoveReport {
    /// The inner board's a1 after the move.
    pub fn origin_after(&self) -> (i32, i32) {
        (
            self.origin_after_shift.0 + self.recentering.0,
            self.origin_after_shift.1 + self.recentering.1,
        )
    }
}
