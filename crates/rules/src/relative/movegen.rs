//! Move generation for relative chess (attack tests and legality live in `legality`, the
//! precomputed tables in `tables`).
//!
//! Candidates are generated in relative terms (rays, steps and pawn moves from the mover's
//! relative square) within the window of targets that the outer-board limit, the boundary
//! rule and the leave setting allow. Pieces keep their relative squares through a move, so
//! the pieces that fall over the edge are those outside a window that depends only on the
//! shift vector d (see `SURVIVORS`). Legality then takes one of three paths:
//! - nothing that matters to the king falls (decided per axis and shift from bounding boxes):
//!   the ordinary check-and-pin test, or for a king step an attack test on its target;
//! - otherwise (and for en passant): the king's survival, then an attack test on the current
//!   board with the few changed squares overridden and the fallen pieces left out;
//! - castling: the move is played on a copy and judged on the result.

use super::legality::Legality;
use super::moves::{RelativeMove, RelativeMoveKind};
use super::options::Leave;
use super::position::{
    back_rank, code_role, piece_code, RelativePosition, BLACK_LONG, BLACK_SHORT, WHITE_LONG,
    WHITE_SHORT,
};
use super::square::{offset, rel_coords, rel_index, AbsSquare, NO_SQUARE};
use crate::types::{Color, Role, KING_STEPS, KNIGHT_STEPS};

pub(super) const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
pub(super) const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// A bit number for each of the eight ray directions (components −1, 0 or 1).
#[inline]
pub(super) const fn ray_bit(dx: i32, dy: i32) -> u32 {
    ((dx + 1) * 3 + dy + 1) as u32
}

/// Receives generated moves: a list, or a counter.
pub(crate) trait MoveSink {
    /// Whether the sink only counts (so moves may be counted in bulk).
    const COUNT_ONLY: bool = false;

    /// Whether the sink takes only captures (pushing an enemy piece over the edge included)
    /// and promotions, so quiet candidates are dropped before their legality test.
    const NOISY_ONLY: bool = false;

    /// Takes one legal move; `make` builds it only if the sink needs it.
    fn push_with(&mut self, make: impl FnOnce() -> RelativeMove);

    /// Takes `count` legal moves without naming them (counting sinks only).
    fn add(&mut self, _count: usize) {}
}

impl MoveSink for Vec<RelativeMove> {
    #[inline]
    fn push_with(&mut self, make: impl FnOnce() -> RelativeMove) {
        self.push(make());
    }
}

pub(crate) struct MoveCounter(pub usize);

impl MoveSink for MoveCounter {
    const COUNT_ONLY: bool = true;

    #[inline]
    fn add(&mut self, count: usize) {
        self.0 += count;
    }

    #[inline]
    fn push_with(&mut self, _make: impl FnOnce() -> RelativeMove) {
        self.0 += 1;
    }
}

/// Looks for one move among those generated.
struct FindMove {
    wanted: RelativeMove,
    found: bool,
}

impl MoveSink for FindMove {
    #[inline]
    fn push_with(&mut self, make: impl FnOnce() -> RelativeMove) {
        self.found |= make() == self.wanted;
    }
}

#[derive(Clone, Copy)]
pub(super) struct Window {
    pub(super) x_low: i32,
    pub(super) x_high: i32,
    pub(super) y_low: i32,
    pub(super) y_high: i32,
}

impl Window {
    #[inline]
    pub(super) fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x_low && x <= self.x_high && y >= self.y_low && y <= self.y_high
    }

    #[inline]
    pub(super) fn clamp_x(self, low: i32, high: i32) -> Window {
        Window {
            x_low: self.x_low.max(low),
            x_high: self.x_high.min(high),
            ..self
        }
    }

    #[inline]
    pub(super) fn clamp_y(self, low: i32, high: i32) -> Window {
        Window {
            y_low: self.y_low.max(low),
            y_high: self.y_high.min(high),
            ..self
        }
    }

    /// Steps from `(x, y)` in `(dx, dy)` that stay inside (the start must be inside).
    /// Worked out without branches: the directions of a piece's rays follow each other in
    /// no pattern a branch predictor could learn.
    #[inline]
    pub(super) fn reach(&self, x: i32, y: i32, dx: i32, dy: i32) -> i32 {
        use std::hint::select_unpredictable as select;
        let along_x = select(dx > 0, self.x_high - x, x - self.x_low);
        let along_y = select(dy > 0, self.y_high - y, y - self.y_low);
        select(dx == 0, i32::MAX, along_x).min(select(dy == 0, i32::MAX, along_y))
    }
}

/// A piece about to have its moves judged: where it stands, and whether it is simple (not
/// the king, not pinned, no check, not on the outer edge, so the recentering cannot push it
/// off): a simple mover's move is legal unless a piece that matters to the king falls over
/// the edge, which its target's place in the legality data's survival box tells at once.
pub(super) struct Mover {
    from: usize,
    from_abs: AbsSquare,
    y: i32,
    is_king: bool,
    pub(super) simple: bool,
    pub(super) slot_base: (i32, i32),
}

impl RelativePosition {
    /// Targets a piece on relative `(x, y)` may reach under the outer-board limit and the
    /// boundary rule: d must keep 0 ≤ O − d ≤ N − 8 on each axis.
    #[inline]
    fn target_window(&self, x: i32, y: i32) -> Window {
        let n = self.options.size as i32;
        let (ox, oy) = self.origin;
        let (ax, ay) = (x + ox, y + oy);
        Window {
            x_low: (-ox).max(ax - (n - 8)),
            x_high: (n - 1 - ox).min(ax),
            y_low: (-oy).max(ay - (n - 8)),
            y_high: (n - 1 - oy).min(ay),
        }
    }

    /// The leave-inner-board setting for the mover's new relative square.
    #[inline]
    pub(super) fn leave_allows(&self, x: i32, y: i32) -> bool {
        match self.options.leave {
            Leave::Yes => true,
            Leave::Sides => (0..8).contains(&y),
            Leave::No => (0..8).contains(&x) && (0..8).contains(&y),
        }
    }

    /// The targets a piece on relative `(x, y)` may reach, and whether each target still
    /// needs the leave test. A piece inside the leave window cannot come back into it once
    /// a ray leaves it, so its window is clamped to it and its rays may stop there.
    #[inline]
    pub(super) fn move_window(&self, x: i32, y: i32) -> (Window, bool) {
        let window = self.target_window(x, y);
        match self.options.leave {
            Leave::Yes => (window, false),
            Leave::Sides if (0..8).contains(&y) => (window.clamp_y(0, 7), false),
            Leave::No if (0..8).contains(&x) && (0..8).contains(&y) => {
                (window.clamp_y(0, 7).clamp_x(0, 7), false)
            }
            _ => (window, true),
        }
    }

    #[inline]
    pub(super) fn abs_of(&self, x: i32, y: i32) -> AbsSquare {
        AbsSquare::new((x + self.origin.0) as u8, (y + self.origin.1) as u8)
    }

    /// What each move of the piece on relative square `from` is judged legal by.
    #[inline(always)]
    pub(super) fn mover(&self, info: &Legality, from: usize, role: Role) -> Mover {
        let (x, y) = rel_coords(from);
        let from_abs = self.abs_of(x, y);
        let last = self.options.size - 1;
        let simple = role != Role::King
            && info.checkers == 0
            && info.pin_direction(from).is_none()
            && from_abs.x != 0
            && from_abs.y != 0
            && from_abs.x != last
            && from_abs.y != last;
        Mover {
            from,
            from_abs,
            y,
            is_king: role == Role::King,
            simple,
            slot_base: (x + info.shift_low.0, y + info.shift_low.1),
        }
    }

    /// Pushes `mover`'s move to (`tx`, `ty`) into `sink`, once per promotion piece where
    /// it promotes, if it is legal: at once for a simple mover whose target keeps every
    /// piece that matters to the king on the board, by the full test otherwise.
    #[inline(always)]
    pub(super) fn push_if_legal<S: MoveSink>(
        &self,
        sink: &mut S,
        info: &Legality,
        mover: &Mover,
        (tx, ty): (i32, i32),
        kind: RelativeMoveKind,
        promotes: bool,
    ) {
        let quick = mover.simple
            && kind != RelativeMoveKind::EnPassant
            && info.near_survive.0 >> (tx - mover.slot_base.0) as u32
                & info.near_survive.1 >> (ty - mover.slot_base.1) as u32
                & 1
                != 0;
        let make = |promotion: Option<Role>| {
            RelativeMove::new(mover.from_abs, self.abs_of(tx, ty), promotion, kind)
        };
        if !quick {
            let (from, to) = (mover.from, rel_index(tx, ty));
            let mv = make(promotes.then_some(Role::Queen));
            let legal = match kind {
                RelativeMoveKind::Castle => self.is_legal_by_playing(mv),
                RelativeMoveKind::EnPassant => {
                    let victim = rel_index(tx, mover.y);
                    self.is_legal_candidate(info, mv, from, to, false, victim)
                }
                _ => self.is_legal_candidate(info, mv, from, to, mover.is_king, usize::MAX),
            };
            if !legal {
                return;
            }
        }
        if promotes {
            for promotion in Role::PROMOTIONS {
                sink.push_with(|| make(Some(promotion)));
            }
        } else {
            sink.push_with(|| make(None));
        }
    }

    /// Every legal move, into `sink`.
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        self.generate_pieces(sink, u32::MAX);
    }

    /// Whether `mv` is legal here. Only the moves of the piece on its from-square are
    /// generated, so a move remembered from elsewhere (a search's transposition table) is
    /// judged at the cost of one piece's moves, by the same rules as every other move.
    pub fn is_legal_move(&self, mv: RelativeMove) -> bool {
        let us = self.turn.index();
        let from = mv.from();
        let pieces = &self.squares[us][..self.counts[us] as usize];
        let Some(slot) = pieces.iter().position(|&index| {
            let (x, y) = rel_coords(index as usize);
            self.abs_of(x, y) == from
        }) else {
            return false;
        };
        let mut finder = FindMove {
            wanted: mv,
            found: false,
        };
        self.generate_pieces(&mut finder, 1 << slot);
        finder.found
    }

    /// The legal moves of the pieces whose slots in the side to move's piece list are set
    /// in `pieces`, into `sink`.
    fn generate_pieces<S: MoveSink>(&self, sink: &mut S, pieces: u32) {
        let us = self.turn;
        let them = us.other();
        let (king, their_king) = (self.kings[us.index()], self.kings[them.index()]);
        if king == NO_SQUARE || their_king == NO_SQUARE {
            return;
        }
        // With no enemy piece off the inner board no shift pushes one over the edge, so the
        // noisy moves are the captures and promotions alone, found by their own pass.
        if S::NOISY_ONLY && self.outside[them.index()] == 0 {
            self.generate_captures(sink, king as usize, pieces);
            return;
        }
        let count = self.counts[us.index()] as u32;
        let mut slots = ((1u64 << count) - 1) as u32 & pieces;
        if slots == 0 {
            return;
        }
        let info = self.legality(king as usize);
        let board = &self.board;
        let (own_low, own_high) = (piece_code(us, Role::Pawn), piece_code(us, Role::King));
        let is_own = |code: u8| code >= own_low && code <= own_high;

        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let from = self.squares[us.index()][slot] as usize;
            let code = board[from];
            let role = code_role(code);
            let (x, y) = rel_coords(from);
            let (window, check_leave) = self.move_window(x, y);
            let leave_allows = |tx: i32, ty: i32| !check_leave || self.leave_allows(tx, ty);
            let mover = self.mover(&info, from, role);
            let (simple, slot_base) = (mover.simple, mover.slot_base);
            let emit = |sink: &mut S, tx: i32, ty: i32, kind: RelativeMoveKind, promotes: bool| {
                if S::NOISY_ONLY
                    && !promotes
                    && kind != RelativeMoveKind::EnPassant
                    && board[rel_index(tx, ty)] == 0
                    && info.enemy_survive.0 >> (tx - slot_base.0) as u32
                        & info.enemy_survive.1 >> (ty - slot_base.1) as u32
                        & 1
                        != 0
                {
                    return;
                }
                self.push_if_legal(sink, &info, &mover, (tx, ty), kind, promotes);
            };
            match role {
                Role::Pawn => {
                    let forward = us.forward();
                    let last_rank = back_rank(them);
                    let ty = y + forward;
                    let ahead = from.wrapping_add_signed(offset(0, forward));
                    if board[ahead] == 0 {
                        if window.contains(x, ty) && leave_allows(x, ty) {
                            emit(sink, x, ty, RelativeMoveKind::Normal, ty == last_rank);
                        }
                        let ty2 = ty + forward;
                        if y == back_rank(us) + forward
                            && board[ahead.wrapping_add_signed(offset(0, forward))] == 0
                            && window.contains(x, ty2)
                            && leave_allows(x, ty2)
                        {
                            emit(sink, x, ty2, RelativeMoveKind::DoubleStep, false);
                        }
                    }
                    for dx in [-1, 1] {
                        // Most capture squares are empty and not the en-passant square, so
                        // the board is read before the window is.
                        let target = ahead.wrapping_add_signed(offset(dx, 0));
                        let victim = board[target];
                        let kind = if victim != 0 {
                            if is_own(victim) {
                                continue;
                            }
                            RelativeMoveKind::Normal
                        } else if target == self.ep as usize {
                            RelativeMoveKind::EnPassant
                        } else {
                            continue;
                        };
                        let tx = x + dx;
                        if window.contains(tx, ty) && leave_allows(tx, ty) {
                            let promotes = kind == RelativeMoveKind::Normal && ty == last_rank;
                            emit(sink, tx, ty, kind, promotes);
                        }
                    }
                }
                Role::Knight | Role::King => {
                    let steps = if role == Role::Knight {
                        &KNIGHT_STEPS
                    } else {
                        &KING_STEPS
                    };
                    for &(dx, dy) in steps {
                        let (tx, ty) = (x + dx, y + dy);
                        if window.contains(tx, ty)
                            && !is_own(board[from.wrapping_add_signed(offset(dx, dy))])
                            && leave_allows(tx, ty)
                        {
                            emit(sink, tx, ty, RelativeMoveKind::Normal, false);
                        }
                    }
                    if role == Role::King && info.checkers == 0 {
                        self.generate_castling(x, y, &window, &mut |tx, ty, kind, promotes| {
                            emit(sink, tx, ty, kind, promotes)
                        });
                    }
                }
                Role::Bishop | Role::Rook | Role::Queen => {
                    let directions: &[(i32, i32)] = match role {
                        Role::Bishop => &BISHOP_DIRECTIONS,
                        Role::Rook => &ROOK_DIRECTIONS,
                        _ => &KING_STEPS,
                    };
                    if S::COUNT_ONLY && simple && !check_leave {
                        self.count_simple_rays(
                            sink,
                            &info,
                            (from, x, y),
                            directions,
                            &window,
                            &|sink: &mut S, tx, ty| {
                                emit(sink, tx, ty, RelativeMoveKind::Normal, false)
                            },
                        );
                        continue;
                    }
                    for &(dx, dy) in directions {
                        let step = offset(dx, dy);
                        let mut index = from;
                        let (mut tx, mut ty) = (x, y);
                        for _ in 0..window.reach(x, y, dx, dy) {
                            index = index.wrapping_add_signed(step);
                            tx += dx;
                            ty += dy;
                            let target = board[index];
                            if is_own(target) {
                                break;
                            }
                            if leave_allows(tx, ty) {
                                emit(sink, tx, ty, RelativeMoveKind::Normal, false);
                            }
                            if target != 0 {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Counts the moves of an unpinned slider (no check, not on the outer edge, no leave
    /// test needed) along its rays: the targets are found by walking the ray, and the ones
    /// whose shift loses nothing that matters to the king are counted at once from the
    /// per-shift masks; the others go through `slow`.
    #[inline(always)]
    fn count_simple_rays<S: MoveSink>(
        &self,
        sink: &mut S,
        info: &Legality,
        (from, x, y): (usize, i32, i32),
        directions: &[(i32, i32)],
        window: &Window,
        slow: &impl Fn(&mut S, i32, i32),
    ) {
        let us = self.turn;
        let (own_low, own_high) = (piece_code(us, Role::Pawn), piece_code(us, Role::King));
        // The slot of d = 0 on each axis.
        let base = (-info.shift_low.0, -info.shift_low.1);
        // Bit j − 1 set when the j-th step along the ray keeps the king's pieces on board.
        let along = |mask: u32, base: i32, d: i32| match d {
            0 => {
                if mask >> base & 1 != 0 {
                    u32::MAX
                } else {
                    0
                }
            }
            1 => mask >> (base + 1),
            _ => {
                if base == 0 {
                    0
                } else {
                    mask.reverse_bits() >> (32 - base)
                }
            }
        };
        for &(dx, dy) in directions {
            let step = offset(dx, dy);
            let reach = window.reach(x, y, dx, dy);
            let mut index = from;
            let mut targets = reach;
            for free in 0..reach {
                index = index.wrapping_add_signed(step);
                let code = self.board[index];
                if code != 0 {
                    let own = code >= own_low && code <= own_high;
                    targets = free + !own as i32;
                    break;
                }
            }
            if targets <= 0 {
                continue;
            }
            let span = u32::MAX >> (32 - targets);
            let quick = along(info.near_survive.0, base.0, dx)
                & along(info.near_survive.1, base.1, dy)
                & span;
            sink.add(quick.count_ones() as usize);
            let mut rest = span & !quick;
            while rest != 0 {
                let j = rest.trailing_zeros() as i32 + 1;
                rest &= rest - 1;
                slow(sink, x + j * dx, y + j * dy);
            }
        }
    }

    /// Castling candidates for a king on relative `(x, y)` not in check; legality after the
    /// move is left to `emit`.
    fn generate_castling(
        &self,
        x: i32,
        y: i32,
        window: &Window,
        emit: &mut impl FnMut(i32, i32, RelativeMoveKind, bool),
    ) {
        let us = self.turn;
        let rank = back_rank(us);
        if (x, y) != (4, rank) {
            return;
        }
        let (short, long) = match us {
            Color::White => (WHITE_SHORT, WHITE_LONG),
            Color::Black => (BLACK_SHORT, BLACK_LONG),
        };
        let rook = piece_code(us, Role::Rook);
        let them = us.other();
        let empty = |file: i32| self.board[rel_index(file, rank)] == 0;
        let safe = |file: i32| !self.is_attacked(rel_index(file, rank), them, usize::MAX);
        if self.castling & short != 0
            && self.board[rel_index(7, rank)] == rook
            && empty(5)
            && empty(6)
            && window.contains(6, rank)
            && safe(5)
            && safe(6)
        {
            emit(6, rank, RelativeMoveKind::Castle, false);
        }
        if self.castling & long != 0
            && self.board[rel_index(0, rank)] == rook
            && empty(1)
            && empty(2)
            && empty(3)
            && window.contains(2, rank)
            && safe(3)
            && safe(2)
        {
            emit(2, rank, RelativeMoveKind::Castle, false);
        }
    }

    /// The legal moves, as a list.
    pub fn legal_move_list(&self) -> Vec<RelativeMove> {
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        moves
    }

    /// Whether a legal en-passant capture exists (for repetition identity).
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        let us = self.turn;
        if self.ep == NO_SQUARE
            || self.kings[us.index()] == NO_SQUARE
            || self.kings[us.other().index()] == NO_SQUARE
        {
            return false;
        }
        // Only the (at most two) pawns beside the double-stepped pawn can take en passant,
        // so those few candidates are judged instead of generating every move.
        let (tx, ty) = rel_coords(self.ep as usize);
        let y = ty - us.forward();
        let pawn = piece_code(us, Role::Pawn);
        [tx - 1, tx + 1].into_iter().any(|x| {
            self.board[rel_index(x, y)] == pawn
                && self.target_window(x, y).contains(tx, ty)
                && self.leave_allows(tx, ty)
                && self.board[rel_index(tx, ty)] == 0
                && self.is_legal_by_playing(RelativeMove::new(
                    self.abs_of(x, y),
                    self.abs_of(tx, ty),
                    None,
                    RelativeMoveKind::EnPassant,
                ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::moves::{RelativeMove, RelativeMoveKind};
    use crate::relative::random_games::for_each_position;
    use crate::types::Role;

    /// Random games on several boards and settings: `is_legal_move` accepts every legal move
    /// and refuses the others among moves of the positions before (as a transposition table
    /// would offer them) and the legal moves with another kind or promotion.
    #[test]
    fn is_legal_move_agrees_with_the_move_list() {
        let mut earlier: Vec<RelativeMove> = Vec::new();
        let (mut accepted, mut refused) = (0, 0);
        for_each_position(31, [16, 10, 12, 10, 26], |pos, all| {
            let altered = all.iter().flat_map(|mv| {
                let other_kind = match mv.kind() {
                    RelativeMoveKind::Normal => RelativeMoveKind::DoubleStep,
                    _ => RelativeMoveKind::Normal,
                };
                let other_promotion = match mv.promotion() {
                    Some(_) => None,
                    None => Some(Role::Queen),
                };
                [
                    RelativeMove::new(mv.from(), mv.to(), mv.promotion(), other_kind),
                    RelativeMove::new(mv.from(), mv.to(), other_promotion, mv.kind()),
                ]
            });
            let candidates: Vec<RelativeMove> = all
                .iter()
                .copied()
                .chain(earlier.drain(..))
                .chain(altered)
                .collect();
            for mv in candidates {
                let legal = all.contains(&mv);
                assert_eq!(pos.is_legal_move(mv), legal, "{pos:?} {mv:?}");
                if legal {
                    accepted += 1;
                } else {
                    refused += 1;
                }
            }
            earlier.extend_from_slice(all);
        });
        assert!(accepted > 10_000, "{accepted} accepted");
        assert!(refused > 10_000, "{refused} refused");
    }
}
