//! The relative chess position: pieces kept on relative squares (a padded mailbox plus piece
//! lists) and the inner board's origin O on the outer board; setting up and playing moves.

use super::hash::{castling_key, ep_key, origin_key, piece_key, BLACK_TO_MOVE_KEY};
use super::moves::{EdgeLoss, MoveReport, RelativeMove, RelativeMoveKind, RookMotion};
use super::options::{Recentering, RelativeOptions};
use super::square::{rel_coords, rel_index, AbsSquare, CELLS, NO_SQUARE, PAD, STRIDE};
use crate::types::{Color, Piece, Role};

/// The most pieces one side may have.
pub const MAX_PIECES: usize = 32;

/// Castling right bits: White short, White long, Black short, Black long.
pub(crate) const WHITE_SHORT: u8 = 1;
pub(crate) const WHITE_LONG: u8 = 2;
pub(crate) const BLACK_SHORT: u8 = 4;
pub(crate) const BLACK_LONG: u8 = 8;

/// Mailbox byte of a piece: 0 is empty, 1..=6 White pawn..king, 7..=12 Black pawn..king
/// (as [`RelativePosition::inner_ranks`] gives them).
#[inline]
pub const fn piece_code(color: Color, role: Role) -> u8 {
    (color as u8) * 6 + role as u8 + 1
}

#[inline]
pub(crate) const fn code_color(code: u8) -> Color {
    if code > 6 {
        Color::Black
    } else {
        Color::White
    }
}

/// The role of each mailbox code (code 0, empty, reads as a pawn and is never asked).
const ROLES: [Role; 13] = [
    Role::Pawn,
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

#[inline]
pub(crate) const fn code_role(code: u8) -> Role {
    ROLES[code as usize]
}

/// The piece of each mailbox code (code 0 is never asked).
static PIECES: [Piece; 13] = {
    let mut pieces = [Piece::new(Color::White, Role::Pawn); 13];
    let mut code = 1;
    while code < 13 {
        pieces[code] = Piece::new(code_color(code as u8), code_role(code as u8));
        code += 1;
    }
    pieces
};

#[inline]
pub(crate) fn code_piece(code: u8) -> Piece {
    PIECES[code as usize]
}

/// Whether a mailbox index lies on the inner board.
#[inline]
pub(crate) const fn is_inner(index: usize) -> bool {
    let (x, y) = rel_coords(index);
    (x as u32 | y as u32) < 8
}

/// The absolute-rank row (relative y) of a side's back rank on the inner board.
#[inline]
pub(crate) const fn back_rank(color: Color) -> i32 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// A relative chess position. Cheap to copy (a fixed-size mailbox), no heap data.
#[derive(Clone)]
pub struct RelativePosition {
    /// Piece codes on relative squares, see [`rel_index`].
    pub(crate) board: [u8; CELLS],
    /// Mailbox indices of each side's pieces, the first `counts[side]` in use.
    pub(crate) squares: [[u16; MAX_PIECES]; 2],
    pub(crate) counts: [u8; 2],
    /// Bit per slot of `squares`: set when that piece stands off the inner board (only those
    /// can fall over the edge).
    pub(crate) outside: [u32; 2],
    /// Mailbox index of each king, `NO_SQUARE` once it has gone over the edge.
    pub(crate) kings: [u16; 2],
    /// O: the absolute square of the inner board's a1.
    pub(crate) origin: (i32, i32),
    pub(crate) options: RelativeOptions,
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    /// Relative en-passant square (mailbox index) or `NO_SQUARE`.
    pub(crate) ep: u16,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Hash of everything but the en-passant square.
    pub(crate) base_hash: u64,
}

impl RelativePosition {
    /// An empty outer board with the inner board at `origin`, White to move, no rights.
    pub(crate) fn empty(options: RelativeOptions, origin: (i32, i32)) -> RelativePosition {
        RelativePosition {
            board: [0; CELLS],
            squares: [[NO_SQUARE; MAX_PIECES]; 2],
            counts: [0; 2],
            outside: [0; 2],
            kings: [NO_SQUARE; 2],
            origin,
            options,
            turn: Color::White,
            castling: 0,
            ep: NO_SQUARE,
            halfmoves: 0,
            fullmoves: 1,
            base_hash: origin_key(origin.0, origin.1) ^ castling_key(0),
        }
    }

    /// The orthodox start on the centred inner board.
    pub fn start(options: RelativeOptions) -> RelativePosition {
        let c = options.centre() as i32;
        let mut pos = RelativePosition::empty(options, (c, c));
        for (x, role) in crate::types::ORTHODOX_BACK_RANK.into_iter().enumerate() {
            let x = x as i32;
            pos.put(rel_index(x, 0), Piece::new(Color::White, role));
            pos.put(rel_index(x, 1), Piece::new(Color::White, Role::Pawn));
            pos.put(rel_index(x, 6), Piece::new(Color::Black, Role::Pawn));
            pos.put(rel_index(x, 7), Piece::new(Color::Black, role));
        }
        pos.set_castling(WHITE_SHORT | WHITE_LONG | BLACK_SHORT | BLACK_LONG);
        pos
    }

    /// Places a piece on an empty relative square. The caller keeps within `MAX_PIECES`.
    pub(crate) fn put(&mut self, index: usize, piece: Piece) {
        let code = piece_code(piece.color, piece.role);
        let side = piece.color.index();
        self.board[index] = code;
        let slot = self.counts[side] as usize;
        self.squares[side][slot] = index as u16;
        self.outside[side] |= (!is_inner(index) as u32) << slot;
        self.counts[side] += 1;
        if piece.role == Role::King {
            self.kings[side] = index as u16;
        }
        self.base_hash ^= piece_key(code, index);
    }

    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.base_hash ^= castling_key(self.castling) ^ castling_key(rights);
        self.castling = rights;
    }

    pub(crate) fn set_turn(&mut self, turn: Color) {
        if turn != self.turn {
            self.base_hash ^= BLACK_TO_MOVE_KEY;
            self.turn = turn;
        }
    }

    // ----- queries -----

    pub fn options(&self) -> RelativeOptions {
        self.options
    }

    /// N: the outer board is N×N.
    pub fn size(&self) -> u8 {
        self.options.size
    }

    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// O: the absolute square of the inner board's a1.
    pub fn origin(&self) -> AbsSquare {
        AbsSquare::new(self.origin.0 as u8, self.origin.1 as u8)
    }

    /// The relative coordinates (a1 = (0, 0)) of an absolute square.
    pub fn relative_of(&self, square: AbsSquare) -> (i32, i32) {
        (
            square.x as i32 - self.origin.0,
            square.y as i32 - self.origin.1,
        )
    }

    /// Whether an absolute square lies on the inner board.
    pub fn is_on_inner_board(&self, square: AbsSquare) -> bool {
        let (x, y) = self.relative_of(square);
        (0..8).contains(&x) && (0..8).contains(&y)
    }

    #[inline]
    pub(crate) fn abs_of_index(&self, index: usize) -> AbsSquare {
        let (x, y) = rel_coords(index);
        AbsSquare::new((x + self.origin.0) as u8, (y + self.origin.1) as u8)
    }

    #[inline]
    pub(crate) fn index_of_abs(&self, square: AbsSquare) -> usize {
        let (x, y) = self.relative_of(square);
        rel_index(x, y)
    }

    #[inline]
    pub fn piece_at(&self, square: AbsSquare) -> Option<Piece> {
        let size = self.size();
        if square.x >= size || square.y >= size {
            return None;
        }
        match self.board[self.index_of_abs(square)] {
            0 => None,
            code => Some(code_piece(code)),
        }
    }

    /// Whether `mv` takes a piece where it lands or en passant (a piece it pushes over the
    /// edge aside): what move ordering and quiescence ask of every move, so read from the
    /// mailbox without building a [`Piece`]. A target off the outer board reads a square
    /// that is always empty (or none past the mailbox's last row), so needs no test of its
    /// own.
    #[inline]
    pub fn captures_on_target(&self, mv: RelativeMove) -> bool {
        if mv.kind() == RelativeMoveKind::EnPassant {
            return true;
        }
        let to = mv.to();
        let (ox, oy) = self.origin;
        let column = to.x as usize + (PAD - ox) as usize;
        let row = to.y as usize + (PAD - oy) as usize;
        match self.board.get(row * STRIDE as usize + column) {
            Some(&code) => code != 0 && code_color(code) != self.turn,
            None => false,
        }
    }

    /// Every piece with its absolute square, White's first.
    pub fn pieces(&self) -> Vec<(AbsSquare, Piece)> {
        Color::ALL
            .into_iter()
            .flat_map(|color| self.pieces_of(color))
            .collect()
    }

    /// The pieces of one side with their absolute squares.
    pub fn pieces_of(&self, color: Color) -> impl Iterator<Item = (AbsSquare, Piece)> + '_ {
        let side = color.index();
        self.squares[side][..self.counts[side] as usize]
            .iter()
            .map(move |&index| {
                let index = index as usize;
                (self.abs_of_index(index), code_piece(self.board[index]))
            })
    }

    /// The pieces of one side as relative coordinates (the inner board's a1 is (0, 0)) and
    /// roles: what an evaluation reads for every piece, without the absolute squares that
    /// [`RelativePosition::pieces_of`] works out.
    #[inline]
    pub fn relative_pieces(&self, color: Color) -> impl Iterator<Item = (i32, i32, Role)> + '_ {
        let side = color.index();
        self.squares[side][..self.counts[side] as usize]
            .iter()
            .map(move |&index| {
                let (x, y) = rel_coords(index as usize);
                (x, y, code_role(self.board[index as usize]))
            })
    }

    /// The inner board's ranks, its first rank first, each as eight bytes (the a-file in
    /// the lowest), one [`piece_code`] per square: what an evaluation reads to visit the
    /// pieces on the inner board, most of them, without going through the piece lists.
    #[inline]
    pub fn inner_ranks(&self) -> [u64; 8] {
        std::array::from_fn(|y| {
            let start = rel_index(0, y as i32);
            let rank: [u8; 8] = self.board[start..start + 8]
                .try_into()
                .expect("eight squares of a rank");
            u64::from_le_bytes(rank)
        })
    }

    /// Whether any piece of one side stands off the inner board (so could fall over an edge).
    #[inline]
    pub fn has_pieces_off_inner_board(&self, color: Color) -> bool {
        self.outside[color.index()] != 0
    }

    /// The pieces of one side that stand off the inner board (the only ones an edge can
    /// take), with their absolute squares; cheap when there are none.
    pub fn pieces_off_inner_board(
        &self,
        color: Color,
    ) -> impl Iterator<Item = (AbsSquare, Piece)> + '_ {
        let side = color.index();
        let mut slots = self.outside[side];
        std::iter::from_fn(move || {
            if slots == 0 {
                return None;
            }
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let index = self.squares[side][slot] as usize;
            Some((self.abs_of_index(index), code_piece(self.board[index])))
        })
    }

    /// How many pieces a side has left.
    pub fn piece_count(&self, color: Color) -> usize {
        self.counts[color.index()] as usize
    }

    /// The king's absolute square, `None` once it has gone over the edge.
    pub fn king(&self, color: Color) -> Option<AbsSquare> {
        match self.kings[color.index()] {
            NO_SQUARE => None,
            index => Some(self.abs_of_index(index as usize)),
        }
    }

    /// Castling rights as (White short, White long, Black short, Black long).
    pub fn castling_rights(&self) -> [bool; 4] {
        [WHITE_SHORT, WHITE_LONG, BLACK_SHORT, BLACK_LONG].map(|bit| self.castling & bit != 0)
    }

    /// The en-passant square (absolute) written after a double step, if any.
    pub fn ep_square(&self) -> Option<AbsSquare> {
        (self.ep != NO_SQUARE).then(|| self.abs_of_index(self.ep as usize))
    }

    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The hash including the en-passant square whenever one is set.
    pub fn full_hash(&self) -> u64 {
        match self.ep {
            NO_SQUARE => self.base_hash,
            ep => self.base_hash ^ ep_key(ep as usize),
        }
    }

    /// Whether an absolute coordinate pair lies on the outer board.
    #[inline]
    pub(crate) fn on_board(&self, x: i32, y: i32) -> bool {
        let n = self.options.size as i32;
        (0..n).contains(&x) && (0..n).contains(&y)
    }

    /// The recentering step from a provisional origin: one square toward the centre on each
    /// axis (Aristotelian), or none (Leibnizian).
    #[inline]
    pub(crate) fn recentering_step(&self, provisional: (i32, i32)) -> (i32, i32) {
        match self.options.recentering {
            Recentering::Leibnizian => (0, 0),
            Recentering::Aristotelian => {
                let c = self.options.centre() as i32;
                ((c - provisional.0).signum(), (c - provisional.1).signum())
            }
        }
    }

    // ----- making moves -----

    /// Passes the turn without moving, for null-move search: the same board and origin with
    /// the other side to move, no en-passant square, and the clocks counting the pass as a
    /// move. A pass is no action of the game (`legal_moves` never offers one); the caller
    /// makes sure the side to move is not in check.
    pub fn play_null(&mut self) {
        self.ep = NO_SQUARE;
        self.halfmoves = crate::position::advance_counter(self.halfmoves);
        if self.turn == Color::Black {
            self.fullmoves = crate::position::advance_counter(self.fullmoves);
        }
        self.set_turn(self.turn.other());
    }

    /// Plays a legal move and reports what happened, for animation.
    pub fn play_with_report(&mut self, mv: RelativeMove) -> MoveReport {
        let mut report = MoveReport::default();
        self.apply(mv, Some(&mut report));
        report
    }

    /// Drops a slot from a side's piece list by moving the last entry into it.
    #[inline]
    fn remove_slot(&mut self, side: usize, slot: usize) {
        let last = self.counts[side] as usize - 1;
        self.squares[side][slot] = self.squares[side][last];
        // The last entry's bit moves to `slot` (when they differ) and leaves `last`.
        let outside = self.outside[side];
        let moved = (outside >> last & (slot != last) as u32) << slot;
        self.outside[side] = (outside & !(1 << last) & !(1 << slot)) | moved;
        self.counts[side] -= 1;
    }

    /// The slot of a side's piece list that holds `index`. Four entries are compared at
    /// once, as the 16-bit lanes of a word (a lane is zero exactly where the entry equals
    /// `index`), and the stale entries past the count are never read.
    #[inline]
    fn slot_of(&self, side: usize, index: usize) -> Option<usize> {
        const LOW: u64 = 0x7fff_7fff_7fff_7fff;
        let count = self.counts[side] as usize;
        let wanted = (index as u64 & 0xffff) * 0x0001_0001_0001_0001;
        for (word, lanes) in self.squares[side][..count.next_multiple_of(4)]
            .chunks_exact(4)
            .enumerate()
        {
            let packed = lanes
                .iter()
                .rev()
                .fold(0u64, |packed, &square| packed << 16 | square as u64);
            let difference = packed ^ wanted;
            // The top bit of each lane is set when the lane is zero.
            let zero = !(((difference & LOW) + LOW) | difference | LOW);
            if zero != 0 {
                let slot = word * 4 + zero.trailing_zeros() as usize / 16;
                return (slot < count).then_some(slot);
            }
        }
        None
    }

    /// Removes the piece on a relative square from the board and its list.
    fn remove(&mut self, index: usize) {
        let code = self.board[index];
        let side = code_color(code).index();
        if let Some(slot) = self.slot_of(side, index) {
            self.remove_slot(side, slot);
        }
        self.board[index] = 0;
        self.base_hash ^= piece_key(code, index);
        if code_role(code) == Role::King {
            self.kings[side] = NO_SQUARE;
        }
    }

    /// Moves the piece on `from` to the empty square `to`, turning it into `code`.
    fn relocate(&mut self, from: usize, to: usize, code: u8) {
        let old = self.board[from];
        let side = code_color(old).index();
        self.board[from] = 0;
        self.board[to] = code;
        self.base_hash ^= piece_key(old, from) ^ piece_key(code, to);
        if let Some(slot) = self.slot_of(side, from) {
            self.squares[side][slot] = to as u16;
            let bit = 1u32 << slot;
            self.outside[side] = if is_inner(to) {
                self.outside[side] & !bit
            } else {
                self.outside[side] | bit
            };
        }
        if code_role(code) == Role::King {
            self.kings[side] = to as u16;
        }
    }

    /// The two edge checks in one pass: removes every piece whose relative square lies off the
    /// outer board with the inner board's a1 at `shifted` (first check) or at `settled`
    /// (second check). Lost pieces are reported on their squares before the move (first
    /// check) or after the shift (second). Returns whether each check took anything.
    fn drop_off_board(
        &mut self,
        before: (i32, i32),
        shifted: (i32, i32),
        settled: (i32, i32),
        mut report: Option<&mut MoveReport>,
    ) -> (bool, bool) {
        let mut lost = (false, false);
        for side in 0..2 {
            // Slots from `slot` up still to look at; only pieces off the inner board can fall
            // (the inner board always stays inside the outer board).
            let mut pending = self.outside[side];
            while pending != 0 {
                let slot = pending.trailing_zeros() as usize;
                let index = self.squares[side][slot] as usize;
                let (x, y) = rel_coords(index);
                let first = !self.on_board(x + shifted.0, y + shifted.1);
                if !first && self.on_board(x + settled.0, y + settled.1) {
                    pending = self.outside[side] & (u32::MAX << slot << 1);
                    continue;
                }
                let code = self.board[index];
                if let Some(report) = report.as_deref_mut() {
                    let (list, seen_from) = if first {
                        (&mut report.lost_at_shift, before)
                    } else {
                        (&mut report.lost_at_recentering, shifted)
                    };
                    list.push(EdgeLoss {
                        square: AbsSquare::new((x + seen_from.0) as u8, (y + seen_from.1) as u8),
                        piece: code_piece(code),
                    });
                }
                if first {
                    lost.0 = true;
                } else {
                    lost.1 = true;
                }
                // The last piece moves into this slot and is looked at next.
                self.remove_slot(side, slot);
                pending = self.outside[side] & (u32::MAX << slot);
                self.board[index] = 0;
                self.base_hash ^= piece_key(code, index);
                if code_role(code) == Role::King {
                    self.kings[side] = NO_SQUARE;
                }
            }
        }
        lost
    }

    /// Castling rights that survive a move touching a relative square.
    #[inline]
    fn rights_kept_after_touching(index: usize) -> u8 {
        let all = WHITE_SHORT | WHITE_LONG | BLACK_SHORT | BLACK_LONG;
        match rel_coords(index) {
            (4, 0) => all & !(WHITE_SHORT | WHITE_LONG),
            (7, 0) => all & !WHITE_SHORT,
            (0, 0) => all & !WHITE_LONG,
            (4, 7) => all & !(BLACK_SHORT | BLACK_LONG),
            (7, 7) => all & !BLACK_SHORT,
            (0, 7) => all & !BLACK_LONG,
            _ => all,
        }
    }

    /// Steps 4–8 of `docs/rules-relative.md` and the bookkeeping after them, for a move known to be
    /// legal (or at least a candidate: legality is judged on the result).
    pub(crate) fn apply(&mut self, mv: RelativeMove, mut report: Option<&mut MoveReport>) {
        let us = self.turn;
        let (ox, oy) = self.origin;
        let (from_abs, to_abs) = (mv.from(), mv.to());
        let (dx, dy) = mv.shift();
        let (fx, fy) = (from_abs.x as i32 - ox, from_abs.y as i32 - oy);
        let (tx, ty) = (to_abs.x as i32 - ox, to_abs.y as i32 - oy);
        let from = rel_index(fx, fy);
        let to = rel_index(tx, ty);
        let code = self.board[from];
        let kind = mv.kind();
        let mut zeroing = code_role(code) == Role::Pawn;

        if let Some(report) = report.as_deref_mut() {
            report.shift = (dx, dy);
            report.origin_before = (ox, oy);
            report.promotion = mv.promotion();
        }
        if self.ep != NO_SQUARE {
            self.ep = NO_SQUARE;
        }

        let captured_at = match kind {
            RelativeMoveKind::EnPassant => Some(rel_index(tx, fy)),
            _ if self.board[to] != 0 => Some(to),
            _ => None,
        };
        if let Some(victim) = captured_at {
            if let Some(report) = report.as_deref_mut() {
                report.captured = Some(EdgeLoss {
                    square: self.abs_of_index(victim),
                    piece: code_piece(self.board[victim]),
                });
            }
            self.remove(victim);
            zeroing = true;
        }

        let new_code = match mv.promotion() {
            Some(role) => piece_code(us, role),
            None => code,
        };
        self.relocate(from, to, new_code);

        if kind == RelativeMoveKind::Castle {
            let (rook_x, rook_target_x) = if dx > 0 { (7, 5) } else { (0, 3) };
            let rook_from = rel_index(rook_x, fy);
            let rook_to = rel_index(rook_target_x, fy);
            self.relocate(rook_from, rook_to, self.board[rook_from]);
            if let Some(report) = report.as_deref_mut() {
                report.castling_rook = Some(RookMotion {
                    from: AbsSquare::new((rook_x + ox) as u8, (fy + oy) as u8),
                    to: AbsSquare::new((rook_target_x + ox - dx) as u8, (fy + oy - dy) as u8),
                });
            }
        }

        let rights = self.castling
            & Self::rights_kept_after_touching(from)
            & Self::rights_kept_after_touching(to);
        if rights != self.castling {
            self.set_castling(rights);
        }

        // The mover stays put, so the inner board (and everything else) moves by −d.
        let shifted = (ox - dx, oy - dy);
        let step = self.recentering_step(shifted);
        let settled = (shifted.0 + step.0, shifted.1 + step.1);
        let (lost_first, lost_second) =
            self.drop_off_board((ox, oy), shifted, settled, report.as_deref_mut());
        if let Some(report) = report {
            report.origin_after_shift = shifted;
            report.recentering = step;
        }
        self.base_hash ^= origin_key(ox, oy) ^ origin_key(settled.0, settled.1);
        self.origin = settled;

        if kind == RelativeMoveKind::DoubleStep && self.board[to] == new_code {
            self.ep = rel_index(tx, fy + us.forward()) as u16;
        }
        self.halfmoves = if zeroing || lost_first || lost_second {
            0
        } else {
            crate::position::advance_counter(self.halfmoves)
        };
        if us == Color::Black {
            self.fullmoves = crate::position::advance_counter(self.fullmoves);
        }
        self.set_turn(us.other());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::GamePosition;

    #[test]
    fn two_passes_give_back_the_position_without_en_passant() {
        let options = RelativeOptions::default();
        let mut pos = RelativePosition::start(options);
        // 1. e4 leaves an en-passant square; the pass clears it and counts as Black's move.
        let double_step = pos.parse_move("i6i8").expect("e-pawn double step");
        pos.play_unchecked(double_step);
        assert!(pos.ep_square().is_some());
        let mut passed = pos.clone();
        passed.play_null();
        assert_eq!(passed.turn(), Color::White);
        assert_eq!(passed.ep_square(), None);
        assert_eq!((passed.halfmoves(), passed.fullmoves()), (1, 2));
        let reread = RelativePosition::from_text(&passed.to_text(), options).expect("own text");
        assert_eq!(passed.full_hash(), reread.full_hash());
        let mut back = passed.clone();
        back.play_null();
        assert_eq!(back.turn(), Color::Black);
        assert_eq!(back.full_hash(), pos.base_hash);
        assert_eq!(back.count_legal_moves(), pos.count_legal_moves());
    }

    #[test]
    fn pieces_off_the_inner_board_are_those_outside_its_eight_by_eight() {
        let mut pos = RelativePosition::start(RelativeOptions::default());
        let mut rng = crate::rng::Rng::seeded(3);
        let mut seen = 0;
        for _ in 0..100 {
            for color in Color::ALL {
                let expected: Vec<_> = pos
                    .pieces_of(color)
                    .filter(|&(square, _)| !pos.is_on_inner_board(square))
                    .collect();
                let mut listed: Vec<_> = pos.pieces_off_inner_board(color).collect();
                listed.sort_by_key(|&(square, _)| square);
                let mut expected = expected;
                expected.sort_by_key(|&(square, _)| square);
                assert_eq!(listed, expected, "{pos:?}");
                seen += listed.len();
            }
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        assert!(seen > 0);
    }
}
