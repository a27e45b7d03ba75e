//! Sliding chess: standard chess on a board of sixteen 2×2 tiles with one tile missing (the
//! gap). A turn is a chess move or a slide of a tile next to the gap. The gap is the chess
//! core's set of blocked squares, so chess moves come from the core generator; slides are
//! added here as bitboard shifts of a tile.

mod carry;
mod keys;
mod notation;
mod text;
mod tile;

pub use text::SlidingTextError;
pub use tile::Tile;

use crate::bitboard::Bitboard;
use crate::chess::{ChessPosition, Move, MoveKind, MoveList};
use crate::position::{GamePosition, MoveTextError, VariantKind};
use crate::types::{Color, Piece, Role, Square};

/// An action of sliding chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlidingMove {
    /// An ordinary chess move (castling encoded king-takes-rook, as in the core).
    Chess(Move),
    /// The tile `from` slides into the gap at `to`.
    Slide { from: Tile, to: Tile },
}

/// Options of the variant: the starting gap, drawn at random when absent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SlidingOptions {
    pub gap: Option<Tile>,
}

impl SlidingOptions {
    /// The gap the game starts with: the chosen one, or a fresh random draw.
    pub fn resolve_gap(&self) -> Tile {
        self.gap.unwrap_or_else(SlidingPosition::random_gap)
    }
}

/// A sliding-chess position: the chess core with the gap as its blocked squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlidingPosition {
    chess: ChessPosition,
    gap: Tile,
    /// Hash of the gap and the double-step set, which the core hash leaves out.
    sliding_hash: u64,
}

impl SlidingPosition {
    /// The orthodox start position with the gap at `gap`.
    pub fn start(gap: Tile) -> SlidingPosition {
        let mut chess = ChessPosition::startpos();
        chess.prepare_sliding_start(gap);
        SlidingPosition::from_parts(chess, gap)
    }

    /// `chess` must have the squares of `gap` as its blocked squares.
    fn from_parts(chess: ChessPosition, gap: Tile) -> SlidingPosition {
        SlidingPosition {
            chess,
            gap,
            sliding_hash: keys::gap(gap) ^ keys::double_steps(chess.double_step()),
        }
    }

    /// One of the eight middle tiles, uniformly at random. Should the system's random
    /// source fail, the game still starts, with the gap at e5.
    pub fn random_gap() -> Tile {
        let mut byte = [0u8; 1];
        match getrandom::fill(&mut byte) {
            Ok(()) => Tile::MIDDLE[(byte[0] & 7) as usize],
            Err(_) => Tile::MIDDLE[6],
        }
    }

    /// The start position for the options (random gap when none is chosen).
    pub fn from_options(options: &SlidingOptions) -> SlidingPosition {
        SlidingPosition::start(options.resolve_gap())
    }

    /// Reads position text (see `docs/position-text.md`).
    pub fn from_text(text: &str) -> Result<SlidingPosition, SlidingTextError> {
        text::read_position(text)
    }

    /// The underlying chess position (gap squares are its blocked squares).
    pub fn chess(&self) -> &ChessPosition {
        &self.chess
    }

    /// The missing tile.
    pub fn gap(&self) -> Tile {
        self.gap
    }

    /// Tiles that can legally slide into the gap now.
    pub fn movable_tiles(&self) -> Vec<Tile> {
        self.gap
            .neighbours()
            .filter(|&tile| self.slide_is_legal(tile))
            .collect()
    }

    /// Every piece with its square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.chess
            .occupied()
            .filter_map(|sq| self.chess.piece_at(sq).map(|piece| (sq, piece)))
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.chess.piece_at(sq)
    }

    /// Home-rank pawns that may still double-step.
    pub fn double_step_pawns(&self) -> Bitboard {
        self.chess.double_step() & self.chess.by_role(Role::Pawn)
    }

    /// Whether sliding `tile` into the gap leaves the mover's king safe.
    fn slide_is_legal(&self, tile: Tile) -> bool {
        !self
            .chess
            .king_attacked_after_carry(tile, self.gap, self.chess.turn())
    }

    fn legal_chess_moves(&self) -> MoveList {
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

    /// The position after `mv` (which must be legal here).
    pub fn after(&self, mv: SlidingMove) -> SlidingPosition {
        let mut next = *self;
        next.play_unchecked(mv);
        next
    }

    /// The position with the turn passed (for null-move search; not a move of the game).
    /// `None` when the side to move is in check, where passing would leave the king en prise.
    pub fn after_null_move(&self) -> Option<SlidingPosition> {
        if self.chess.is_check() {
            return None;
        }
        let mut next = *self;
        next.chess.play_null();
        Some(next)
    }

    /// The move promotes a pawn by sliding it onto its far rank.
    pub fn slide_promotes(&self, mv: SlidingMove) -> bool {
        match mv {
            SlidingMove::Slide { from, to } => self.chess.carry_promotes(from, to),
            SlidingMove::Chess(_) => false,
        }
    }
}

impl GamePosition for SlidingPosition {
    type Move = SlidingMove;

    const VARIANT: VariantKind = VariantKind::Sliding;

    fn turn(&self) -> Color {
        self.chess.turn()
    }

    fn legal_moves(&self, moves: &mut Vec<SlidingMove>) {
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

    fn count_legal_moves(&self) -> usize {
        self.chess.count_legal()
            + self
                .gap
                .neighbours()
                .filter(|&tile| self.slide_is_legal(tile))
                .count()
    }

    fn play_unchecked(&mut self, mv: SlidingMove) {
        match mv {
            SlidingMove::Chess(mv) => {
                // The core keeps the double-step set as squares; the pawn that moves (and
                // any pawn captured) takes its flag with it.
                let touched = Bitboard::from_square(mv.from()) | Bitboard::from_square(mv.to());
                self.sliding_hash ^= keys::double_steps(self.chess.double_step & touched);
                self.chess.double_step &= !touched;
                self.chess.play(mv);
            }
            SlidingMove::Slide { from, to } => {
                self.sliding_hash ^= keys::double_steps(self.chess.double_step & from.squares())
                    ^ keys::gap(to)
                    ^ keys::gap(from);
                self.chess.carry_tile(from, to);
                self.gap = from;
            }
        }
    }

    fn is_check(&self) -> bool {
        self.chess.is_check()
    }

    fn hash(&self) -> u64 {
        self.chess.hash() ^ self.sliding_hash
    }

    fn repetition_key(&self) -> u64 {
        self.chess.repetition_key() ^ self.sliding_hash
    }

    fn halfmove_clock(&self) -> u32 {
        self.chess.halfmoves()
    }

    fn fullmove_number(&self) -> u32 {
        self.chess.fullmoves()
    }

    fn is_capture(&self, mv: SlidingMove) -> bool {
        match mv {
            SlidingMove::Chess(mv) => {
                mv.kind() == MoveKind::EnPassant
                    || (!mv.is_castle()
                        && self.chess.by_color(self.turn().other()).contains(mv.to()))
            }
            SlidingMove::Slide { .. } => false,
        }
    }

    fn is_zeroing(&self, mv: SlidingMove) -> bool {
        match mv {
            SlidingMove::Chess(chess_move) => {
                self.chess.by_role(Role::Pawn).contains(chess_move.from()) || self.is_capture(mv)
            }
            SlidingMove::Slide { from, to } => self.chess.carry_promotes(from, to),
        }
    }

    fn is_promotion(&self, mv: SlidingMove) -> bool {
        matches!(mv, SlidingMove::Chess(mv) if mv.promotion_role().is_some())
    }

    fn move_text(&self, mv: SlidingMove) -> String {
        notation::move_text(mv)
    }

    fn parse_move_text(&self, text: &str) -> Result<SlidingMove, MoveTextError> {
        notation::parse_move_text(self, text)
    }

    fn display_move(&self, mv: SlidingMove) -> String {
        notation::display_move(self, mv)
    }

    fn position_text(&self) -> String {
        text::write_position(self)
    }

    fn is_bare_king(&self, color: Color) -> bool {
        !self.chess.by_color(color).more_than_one()
    }
}
