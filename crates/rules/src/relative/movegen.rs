//! Legal move generation and attack detection for relative chess.
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

use super::moves::{RelativeMove, RelativeMoveKind};
use super::options::{Leave, Recentering, MAX_SIZE, MIN_SIZE};
use super::position::{
    back_rank, code_color, code_role, piece_code, RelativePosition, BLACK_LONG, BLACK_SHORT,
    MAX_PIECES, WHITE_LONG, WHITE_SHORT,
};
use super::square::{offset, rel_coords, rel_index, AbsSquare, CELLS, NO_SQUARE, PAD, STRIDE};
use crate::types::{Color, Role, KING_STEPS, KNIGHT_STEPS};

const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// A bit number for each of the eight ray directions (components −1, 0 or 1).
#[inline]
const fn ray_bit(dx: i32, dy: i32) -> u32 {
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

/// The longest shift range on one axis: N − 7 values, at most 19.
const MAX_SHIFTS: usize = 19;

/// For each recentering (Aristotelian first) and board size, per shift slot
/// (slot = d − (O − (N − 8)) on one axis): the relative coordinates that survive both edge
/// checks. After the shift O′ = N − 8 − slot whatever O was, so the table needs no origin.
static SURVIVORS: [[[(i8, i8); MAX_SHIFTS]; MAX_SIZE as usize + 1]; 2] = survivor_table();

const fn survivor_table() -> [[[(i8, i8); MAX_SHIFTS]; MAX_SIZE as usize + 1]; 2] {
    let mut table = [[[(0, 0); MAX_SHIFTS]; MAX_SIZE as usize + 1]; 2];
    let mut mode = 0;
    while mode < 2 {
        let mut n = MIN_SIZE as i32;
        while n <= MAX_SIZE as i32 {
            let centre = (n - 8) / 2;
            let mut slot = 0;
            while slot < n - 7 {
                let shifted = n - 8 - slot;
                let step = if mode == 0 {
                    (centre - shifted).signum()
                } else {
                    0
                };
                // r survives when r + O′ and r + O′ + step both lie in 0..n.
                let low = if step < 0 { -shifted - step } else { -shifted };
                let high = if step > 0 {
                    n - 1 - shifted - step
                } else {
                    n - 1 - shifted
                };
                table[mode][n as usize][slot as usize] = (low as i8, high as i8);
                slot += 1;
            }
            n += 1;
        }
        mode += 1;
    }
    table
}

/// For each recentering and board size: per relative coordinate v (stored at v + PAD), the
/// last shift slot whose survivor range starts at or below v, and the first whose range ends
/// at or above v. Both range ends grow with the slot, so the slots keeping every piece of a
/// bounding box [low, high] on board form the run `first_reaching[high]..=last_starting[low]`.
#[derive(Clone, Copy)]
struct SlotLimits {
    last_starting: [i8; 48],
    first_reaching: [i8; 48],
}

static SLOT_LIMITS: [[SlotLimits; MAX_SIZE as usize + 1]; 2] = slot_limit_table();

const fn slot_limit_table() -> [[SlotLimits; MAX_SIZE as usize + 1]; 2] {
    const EMPTY: SlotLimits = SlotLimits {
        last_starting: [-1; 48],
        first_reaching: [MAX_SHIFTS as i8; 48],
    };
    let mut table = [[EMPTY; MAX_SIZE as usize + 1]; 2];
    let mut mode = 0;
    while mode < 2 {
        let mut n = MIN_SIZE as usize;
        while n <= MAX_SIZE as usize {
            let ranges = &SURVIVORS[mode][n];
            let mut v = 0;
            while v < 48 {
                let coordinate = v as i32 - PAD;
                let mut slot = 0;
                while slot < n - 7 {
                    let (low, high) = ranges[slot];
                    if low as i32 <= coordinate {
                        table[mode][n].last_starting[v] = slot as i8;
                    }
                    if high as i32 >= coordinate
                        && table[mode][n].first_reaching[v] == MAX_SHIFTS as i8
                    {
                        table[mode][n].first_reaching[v] = slot as i8;
                    }
                    slot += 1;
                }
                v += 1;
            }
            n += 1;
        }
        mode += 1;
    }
    table
}

/// What the side to move's legality test needs, computed once per position.
struct Legality {
    king: usize,
    king_x: i32,
    king_y: i32,
    checkers: u32,
    /// The single checker's square and, for a slider, its direction from the king and
    /// distance (so blocking squares can be recognised).
    checker: usize,
    check_line: Option<(i32, i32, i32)>,
    pins: [(u16, i8, i8); 8],
    pin_count: usize,
    /// Smallest shift on each axis the boundary rule allows.
    shift_low: (i32, i32),
    /// Bit per shift value on each axis: set when no piece at all falls over the edge (for
    /// king moves, whose safety depends on lines from the target).
    all_survive: (u32, u32),
    /// The same for the pieces that can matter to the king where it stands: those on its
    /// lines or a knight's jump away (for every other move).
    near_survive: (u32, u32),
    /// The same for the opponent's pieces: a shift whose bit is clear on either axis pushes
    /// one of them over the edge (which counts as a capture).
    enemy_survive: (u32, u32),
    /// Per shift value on each axis: the relative coordinates that survive both edge
    /// checks (a piece survives exactly when its relative square, the mover's new one
    /// included, lies in this range on both axes).
    survive: &'static [(i8, i8); MAX_SHIFTS],
    /// The opponent's pieces on the king's lines or a knight's jump away: the only ones
    /// that can attack the king where it stands, whatever else moves or falls.
    aligned: [u16; MAX_PIECES],
    aligned_count: u8,
    /// Bit per slot of the opponent's piece list: pieces that could attack a square next
    /// to the king (the only squares a king step tests).
    near_king: u32,
}

impl Legality {
    /// Whether `(x, y)` lies on the ray from the king in `(dx, dy)`, `1..=max` steps out.
    #[inline]
    fn on_ray(&self, x: i32, y: i32, dx: i32, dy: i32, max: i32) -> bool {
        let (vx, vy) = (x - self.king_x, y - self.king_y);
        let steps = if dx != 0 { vx * dx } else { vy * dy };
        steps >= 1 && steps <= max && vx == dx * steps && vy == dy * steps
    }

    #[inline]
    fn pin_direction(&self, from: usize) -> Option<(i32, i32)> {
        self.pins[..self.pin_count]
            .iter()
            .find(|pin| pin.0 as usize == from)
            .map(|pin| (pin.1 as i32, pin.2 as i32))
    }
}

/// The window of relative target squares a piece may move to, before the leave setting.
#[derive(Clone, Copy)]
struct Window {
    x_low: i32,
    x_high: i32,
    y_low: i32,
    y_high: i32,
}

impl Window {
    #[inline]
    fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x_low && x <= self.x_high && y >= self.y_low && y <= self.y_high
    }

    #[inline]
    fn clamp_x(self, low: i32, high: i32) -> Window {
        Window {
            x_low: self.x_low.max(low),
            x_high: self.x_high.min(high),
            ..self
        }
    }

    #[inline]
    fn clamp_y(self, low: i32, high: i32) -> Window {
        Window {
            y_low: self.y_low.max(low),
            y_high: self.y_high.min(high),
            ..self
        }
    }

    /// Steps from `(x, y)` in `(dx, dy)` that stay inside (the start must be inside).
    #[inline]
    fn reach(&self, x: i32, y: i32, dx: i32, dy: i32) -> i32 {
        let along_x = match dx {
            1 => self.x_high - x,
            -1 => x - self.x_low,
            _ => i32::MAX,
        };
        let along_y = match dy {
            1 => self.y_high - y,
            -1 => y - self.y_low,
            _ => i32::MAX,
        };
        along_x.min(along_y)
    }
}

/// Mailbox columns and rows in use (relative coordinates −PAD..48 − PAD).
const SPAN: i32 = 48;
/// Side of the table of coordinate differences, −(SPAN − 1)..=SPAN − 1 on each axis.
const DIFFS: usize = (2 * SPAN - 1) as usize;
/// Per mailbox index, its column and row folded as `difference_slot` folds a difference:
/// the difference slot of two indices is then `base[target] + difference_slot(0, 0) −
/// base[piece]`, one subtraction instead of two coordinate splits.
static DIFFERENCE_BASE: [u16; CELLS] = {
    let mut base = [0u16; CELLS];
    let mut index = 0;
    while index < CELLS {
        let column = index % STRIDE as usize;
        let row = index / STRIDE as usize;
        if column < SPAN as usize {
            base[index] = (row * DIFFS + column) as u16;
        }
        index += 1;
    }
    base
};

/// Bit 0 of an `ATTACKERS` entry: the difference is a line of more than one step, so the
/// squares in between must be empty.
const FAR_LINE: u16 = 1;

/// For each difference (target − piece) in relative coordinates, a bit per piece code
/// (1..=12) whose movement pattern covers it, plus `FAR_LINE`: one load rules out almost
/// every piece of an attack test.
static ATTACKERS: [u16; DIFFS * DIFFS] = attacker_table();
// Attack tests rely on a piece never attacking its own square.
const _: () = assert!(attacker_table()[difference_slot(0, 0)] == 0);

/// The `ATTACKERS` and `NEAR` slot of a coordinate difference.
#[inline]
const fn difference_slot(dx: i32, dy: i32) -> usize {
    ((dy + SPAN - 1) as usize) * DIFFS + (dx + SPAN - 1) as usize
}

/// Bit 0 of a `NEAR` entry: the difference lies on a line or a knight's jump from the king.
const ALIGNED: u32 = 1;

/// Piece-code bits of every rook, bishop and queen.
const SLIDER_CODES: u32 = (code_bit(Color::White, Role::Bishop)
    | code_bit(Color::White, Role::Rook)
    | code_bit(Color::White, Role::Queen)
    | code_bit(Color::Black, Role::Bishop)
    | code_bit(Color::Black, Role::Rook)
    | code_bit(Color::Black, Role::Queen)) as u32;

/// For each difference (piece − king), a bit per piece code that could attack some square
/// of the 3×3 block around the king (a file or rank through the block, a diagonal through
/// it, or for the other pieces a distance of at most 3), plus `ALIGNED`.
static NEAR: [u32; DIFFS * DIFFS] = near_table();

const fn near_table() -> [u32; DIFFS * DIFFS] {
    let mut table = [0u32; DIFFS * DIFFS];
    let mut dy = -(SPAN - 1);
    while dy < SPAN {
        let mut dx = -(SPAN - 1);
        while dx < SPAN {
            let (vx, vy) = (dx.abs(), dy.abs());
            let straight = vx <= 1 || vy <= 1;
            let diagonal = (dx - dy).abs() <= 2 || (dx + dy).abs() <= 2;
            let close = vx <= 3 && vy <= 3;
            let mut entry = 0u32;
            let mut color = 0;
            while color < 2 {
                let side = if color == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                if straight {
                    entry |= code_bit(side, Role::Rook) as u32;
                }
                if diagonal {
                    entry |= code_bit(side, Role::Bishop) as u32;
                }
                if straight || diagonal {
                    entry |= code_bit(side, Role::Queen) as u32;
                }
                if close {
                    entry |= (code_bit(side, Role::Pawn)
                        | code_bit(side, Role::Knight)
                        | code_bit(side, Role::King)) as u32;
                }
                color += 1;
            }
            if vx == 0 || vy == 0 || vx == vy || vx * vy == 2 {
                entry |= ALIGNED;
            }
            table[difference_slot(dx, dy)] = entry;
            dx += 1;
        }
        dy += 1;
    }
    table
}

const fn code_bit(color: Color, role: Role) -> u16 {
    1 << piece_code(color, role)
}

const fn attacker_table() -> [u16; DIFFS * DIFFS] {
    let mut table = [0u16; DIFFS * DIFFS];
    let mut dy = -(SPAN - 1);
    while dy < SPAN {
        let mut dx = -(SPAN - 1);
        while dx < SPAN {
            let mut entry = 0u16;
            let (ax, ay) = (dx.abs(), dy.abs());
            let straight = (dx == 0) != (dy == 0);
            let diagonal = ax == ay && ax != 0;
            let far = (straight || diagonal) && (ax > 1 || ay > 1);
            let mut color = 0;
            while color < 2 {
                let side = if color == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                if dy == side.forward() && ax == 1 {
                    entry |= code_bit(side, Role::Pawn);
                }
                if ax * ay == 2 {
                    entry |= code_bit(side, Role::Knight);
                }
                if ax <= 1 && ay <= 1 && (ax | ay) != 0 {
                    entry |= code_bit(side, Role::King);
                }
                if straight {
                    entry |= code_bit(side, Role::Rook) | code_bit(side, Role::Queen);
                }
                if diagonal {
                    entry |= code_bit(side, Role::Bishop) | code_bit(side, Role::Queen);
                }
                color += 1;
            }
            if far {
                entry |= FAR_LINE;
            }
            table[difference_slot(dx, dy)] = entry;
            dx += 1;
        }
        dy += 1;
    }
    table
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
    fn leave_allows(&self, x: i32, y: i32) -> bool {
        match self.options.leave {
            Leave::Yes => true,
            Leave::Sides => (0..8).contains(&y),
            Leave::No => (0..8).contains(&x) && (0..8).contains(&y),
        }
    }

    /// Whether `by` attacks the relative square `target`, by geometry alone (boundary rule,
    /// outer-board limit and leave setting do not matter). `ignore` is read as empty.
    pub(crate) fn is_attacked(&self, target: usize, by: Color, ignore: usize) -> bool {
        let side = by.index();
        let board = &self.board;
        self.squares[side][..self.counts[side] as usize]
            .iter()
            .any(|&index| {
                // A piece on the target itself reads as no attack (no pattern covers a
                // difference of zero).
                self.hits(index as usize, target, |square| {
                    square != ignore && board[square] != 0
                })
            })
    }

    /// Whether the piece standing on `index` hits `target` by its movement pattern, with
    /// `occupied` deciding which squares in between block.
    #[inline(always)]
    fn hits(&self, index: usize, target: usize, occupied: impl Fn(usize) -> bool) -> bool {
        let slot = DIFFERENCE_BASE[target] as usize + difference_slot(0, 0)
            - DIFFERENCE_BASE[index] as usize;
        let entry = ATTACKERS[slot];
        if entry & (1 << self.board[index]) == 0 {
            return false;
        }
        if entry & FAR_LINE == 0 {
            return true;
        }
        let (px, py) = rel_coords(index);
        let (tx, ty) = rel_coords(target);
        let (dx, dy) = (tx - px, ty - py);
        let step = offset(dx.signum(), dy.signum());
        let mut square = index;
        for _ in 1..dx.abs().max(dy.abs()) {
            square = square.wrapping_add_signed(step);
            if occupied(square) {
                return false;
            }
        }
        true
    }

    /// Whether the opponent attacks `target`, a square next to the king, with `ignore` read
    /// as empty; only the pieces marked in `info.near_king` can.
    fn attacked_next_to_king(&self, info: &Legality, target: usize, ignore: usize) -> bool {
        let by = self.turn.other();
        let list = &self.squares[by.index()];
        let board = &self.board;
        let mut candidates = info.near_king;
        while candidates != 0 {
            let index = list[candidates.trailing_zeros() as usize] as usize;
            candidates &= candidates - 1;
            if index != target
                && self.hits(index, target, |square| {
                    square != ignore && board[square] != 0
                })
            {
                return true;
            }
        }
        false
    }

    /// Whether the side to move's king, on `king` after a move from `from` to `to` (capturing
    /// on `to`, or on `captured` en passant), is attacked once every piece outside
    /// `survivors` has gone over the edge. Pieces keep their relative squares, so the test
    /// reads the current board with those few squares overridden. (A blocker outside
    /// `survivors` needs no care: the window is convex, so it never lies between a surviving
    /// attacker and the king.)
    fn is_attacked_after(
        &self,
        info: &Legality,
        king: usize,
        survivors: &Window,
        from: usize,
        to: usize,
        captured: usize,
    ) -> bool {
        let by = self.turn.other();
        let board = &self.board;
        let occupied = |square: usize| {
            square == to || (square != from && square != captured && board[square] != 0)
        };
        let attacks = |&index: &u16| {
            let index = index as usize;
            let (x, y) = rel_coords(index);
            index != to
                && index != captured
                && survivors.contains(x, y)
                && self.hits(index, king, occupied)
        };
        if king == info.king {
            info.aligned[..info.aligned_count as usize]
                .iter()
                .any(attacks)
        } else {
            // A king step: only the pieces that could reach a square next to the king matter.
            let list = &self.squares[by.index()];
            let mut candidates = info.near_king;
            while candidates != 0 {
                let slot = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                if attacks(&list[slot]) {
                    return true;
                }
            }
            false
        }
    }

    /// Whether the side to move's king is attacked.
    pub(crate) fn in_check(&self) -> bool {
        match self.kings[self.turn.index()] {
            NO_SQUARE => false,
            king => self.is_attacked(king as usize, self.turn.other(), usize::MAX),
        }
    }

    /// Checkers, pins and the per-shift edge safety of the side to move.
    fn legality(&self, king: usize) -> Legality {
        let us = self.turn;
        let them = us.other();
        let (king_x, king_y) = rel_coords(king);
        let mut info = Legality {
            king,
            king_x,
            king_y,
            checkers: 0,
            checker: 0,
            check_line: None,
            pins: [(0, 0, 0); 8],
            pin_count: 0,
            shift_low: (0, 0),
            all_survive: (0, 0),
            near_survive: (0, 0),
            enemy_survive: (0, 0),
            aligned: [0; MAX_PIECES],
            aligned_count: 0,
            near_king: 0,
            survive: &SURVIVORS[(self.options.recentering == Recentering::Leibnizian) as usize]
                [self.options.size as usize],
        };
        // Bounding boxes (relative coordinates) of every piece, and of the pieces on the
        // king's lines or a knight's jump from it.
        // Both boxes start as the inner board: it never falls off, so adding it changes no
        // survival test, and pieces on it need no widening.
        let mut all = Window {
            x_low: 0,
            x_high: 7,
            y_low: 0,
            y_high: 7,
        };
        let mut near = all;
        let mut enemy = all;
        let widen = |window: &mut Window, x: i32, y: i32| {
            window.x_low = window.x_low.min(x);
            window.x_high = window.x_high.max(x);
            window.y_low = window.y_low.min(y);
            window.y_high = window.y_high.max(y);
        };
        let mut slider_rays = 0u32;
        // Own pieces on the inner board neither fall nor attack, so only the others.
        let mut slots = self.outside[us.index()];
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let (x, y) = rel_coords(self.squares[us.index()][slot] as usize);
            widen(&mut all, x, y);
            if NEAR[difference_slot(x - king_x, y - king_y)] & ALIGNED != 0 {
                widen(&mut near, x, y);
            }
        }
        let list = &self.squares[them.index()];
        for (slot, &index) in list[..self.counts[them.index()] as usize]
            .iter()
            .enumerate()
        {
            let (x, y) = rel_coords(index as usize);
            let inner = (x as u32 | y as u32) < 8;
            if !inner {
                widen(&mut all, x, y);
                widen(&mut enemy, x, y);
            }
            let (sx, sy) = (x - king_x, y - king_y);
            let difference = difference_slot(sx, sy);
            let code_bit = 1u32 << self.board[index as usize];
            let near_entry = NEAR[difference];
            // Could it attack a square next to the king? On a file or rank through the 3×3
            // block, a diagonal through it, or within a knight's jump.
            info.near_king |= ((near_entry & code_bit != 0) as u32) << slot;
            // Rays from the king worth walking: those with an enemy slider on them (slider
            // lines read the same from either end).
            if ATTACKERS[difference] as u32 & code_bit & SLIDER_CODES != 0 {
                slider_rays |= 1 << ray_bit(sx.signum(), sy.signum());
            }
            if near_entry & ALIGNED != 0 {
                if !inner {
                    widen(&mut near, x, y);
                }
                info.aligned[info.aligned_count as usize] = index;
                info.aligned_count += 1;
            }
        }
        let board = &self.board;

        let behind = us.forward();
        let pawn = piece_code(them, Role::Pawn);
        let knight = piece_code(them, Role::Knight);
        for (dx, dy) in [(-1, behind), (1, behind)]
            .into_iter()
            .filter(|&(dx, dy)| board[rel_index(king_x + dx, king_y + dy)] == pawn)
            .chain(
                KNIGHT_STEPS
                    .into_iter()
                    .filter(|&(dx, dy)| board[rel_index(king_x + dx, king_y + dy)] == knight),
            )
        {
            info.checkers += 1;
            info.checker = rel_index(king_x + dx, king_y + dy);
        }

        let queen = piece_code(them, Role::Queen);
        let window = all;
        for (directions, slider) in [
            (ROOK_DIRECTIONS, piece_code(them, Role::Rook)),
            (BISHOP_DIRECTIONS, piece_code(them, Role::Bishop)),
        ] {
            for (dx, dy) in directions {
                if slider_rays >> ray_bit(dx, dy) & 1 == 0 {
                    continue;
                }
                let step = offset(dx, dy);
                let mut index = king;
                let mut shield: Option<usize> = None;
                for distance in 1..=window.reach(king_x, king_y, dx, dy) {
                    index = index.wrapping_add_signed(step);
                    let code = board[index];
                    if code == 0 {
                        continue;
                    }
                    let hostile_slider = code == slider || code == queen;
                    if code_color(code) == us {
                        if shield.is_some() {
                            break;
                        }
                        shield = Some(index);
                    } else {
                        if hostile_slider {
                            match shield {
                                None => {
                                    info.checkers += 1;
                                    info.checker = index;
                                    info.check_line = Some((dx, dy, distance));
                                }
                                Some(pinned) => {
                                    info.pins[info.pin_count] = (pinned as u16, dx as i8, dy as i8);
                                    info.pin_count += 1;
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        if info.checkers > 1 {
            info.check_line = None;
        }

        let n = self.options.size as i32;
        let (ox, oy) = self.origin;
        info.shift_low = (ox - (n - 8), oy - (n - 8));
        let limits = &SLOT_LIMITS[(self.options.recentering == Recentering::Leibnizian) as usize]
            [n as usize];
        let slots = |low: i32, high: i32| {
            let last = limits.last_starting[(low + PAD) as usize] as i32;
            let first = limits.first_reaching[(high + PAD) as usize] as i32;
            if last >= first {
                ((2u32 << last) - 1) & !((1u32 << first) - 1)
            } else {
                0
            }
        };
        info.all_survive = (slots(all.x_low, all.x_high), slots(all.y_low, all.y_high));
        info.near_survive = (
            slots(near.x_low, near.x_high),
            slots(near.y_low, near.y_high),
        );
        info.enemy_survive = (
            slots(enemy.x_low, enemy.x_high),
            slots(enemy.y_low, enemy.y_high),
        );
        info
    }

    /// Legality of a candidate (every kind but castling). `captured` is the square of a pawn
    /// taken en passant (`usize::MAX` otherwise; a capture on `to` needs no mention).
    #[inline]
    fn is_legal_candidate(
        &self,
        info: &Legality,
        mv: RelativeMove,
        from: usize,
        to: usize,
        is_king: bool,
        captured: usize,
    ) -> bool {
        let (dx, dy) = mv.shift();
        let slot_x = (dx - info.shift_low.0) as usize;
        let slot_y = (dy - info.shift_low.1) as usize;
        let (x_low, x_high) = info.survive[slot_x];
        let (y_low, y_high) = info.survive[slot_y];
        let survivors = Window {
            x_low: x_low as i32,
            x_high: x_high as i32,
            y_low: y_low as i32,
            y_high: y_high as i32,
        };
        let (tx, ty) = rel_coords(to);
        let masks = if is_king {
            info.all_survive
        } else {
            info.near_survive
        };
        let no_matter_lost = masks.0 >> slot_x & masks.1 >> slot_y & 1 != 0;
        // The mover survives exactly when its new relative square does.
        if !no_matter_lost || !survivors.contains(tx, ty) || captured != usize::MAX {
            let king = if is_king { to } else { info.king };
            let (king_x, king_y) = rel_coords(king);
            return survivors.contains(king_x, king_y)
                && !self.is_attacked_after(info, king, &survivors, from, to, captured);
        }
        if is_king {
            return !self.attacked_next_to_king(info, to, info.king);
        }
        // Without edge losses a double check leaves only king moves (with them, a move may
        // push a checker over the edge, which the slow path above judges).
        if info.checkers > 1 {
            return false;
        }
        if info.checkers > 0 {
            let blocks = match info.check_line {
                Some((cdx, cdy, distance)) => info.on_ray(tx, ty, cdx, cdy, distance - 1),
                None => false,
            };
            if to != info.checker && !blocks {
                return false;
            }
        }
        match info.pin_direction(from) {
            Some((pdx, pdy)) => info.on_ray(tx, ty, pdx, pdy, i32::MAX),
            None => true,
        }
    }

    /// Legality by playing the move on a copy: the mover's king must still be on the board
    /// and not attacked.
    pub(crate) fn is_legal_by_playing(&self, mv: RelativeMove) -> bool {
        let us = self.turn;
        let mut next = self.clone();
        next.apply(mv, None);
        match next.kings[us.index()] {
            NO_SQUARE => false,
            king => !next.is_attacked(king as usize, us.other(), usize::MAX),
        }
    }

    #[inline]
    fn abs_of(&self, x: i32, y: i32) -> AbsSquare {
        AbsSquare::new((x + self.origin.0) as u8, (y + self.origin.1) as u8)
    }

    /// Every legal move, into `sink`.
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let them = us.other();
        let (king, their_king) = (self.kings[us.index()], self.kings[them.index()]);
        if king == NO_SQUARE || their_king == NO_SQUARE {
            return;
        }
        let info = self.legality(king as usize);
        let n = self.options.size;
        let board = &self.board;
        let (own_low, own_high) = (piece_code(us, Role::Pawn), piece_code(us, Role::King));
        let is_own = |code: u8| code >= own_low && code <= own_high;

        for slot in 0..self.counts[us.index()] as usize {
            let from = self.squares[us.index()][slot] as usize;
            let code = board[from];
            let role = code_role(code);
            let (x, y) = rel_coords(from);
            let window = self.target_window(x, y);
            // A piece inside the leave window cannot come back into it once a ray leaves
            // it, so its rays may stop there.
            let (window, check_leave) = match self.options.leave {
                Leave::Yes => (window, false),
                Leave::Sides if (0..8).contains(&y) => (window.clamp_y(0, 7), false),
                Leave::No if (0..8).contains(&x) && (0..8).contains(&y) => {
                    (window.clamp_y(0, 7).clamp_x(0, 7), false)
                }
                _ => (window, true),
            };
            let leave_allows = |tx: i32, ty: i32| !check_leave || self.leave_allows(tx, ty);
            let from_abs = self.abs_of(x, y);
            // Not the king, not pinned, no check, and not on the outer edge (so the
            // recentering cannot push the mover off): legal unless a piece that matters to
            // the king falls over the edge.
            let last = n - 1;
            let simple = role != Role::King
                && info.checkers == 0
                && info.pin_direction(from).is_none()
                && from_abs.x != 0
                && from_abs.y != 0
                && from_abs.x != last
                && from_abs.y != last;
            let slot_base = (x + info.shift_low.0, y + info.shift_low.1);
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
                let quick = simple
                    && kind != RelativeMoveKind::EnPassant
                    && info.near_survive.0 >> (tx - slot_base.0) as u32
                        & info.near_survive.1 >> (ty - slot_base.1) as u32
                        & 1
                        != 0;
                let make = |promotion: Option<Role>| {
                    RelativeMove::new(from_abs, self.abs_of(tx, ty), promotion, kind)
                };
                if !quick {
                    let to = rel_index(tx, ty);
                    let mv = make(promotes.then_some(Role::Queen));
                    let legal = match kind {
                        RelativeMoveKind::Castle => self.is_legal_by_playing(mv),
                        RelativeMoveKind::EnPassant => {
                            let victim = rel_index(tx, y);
                            self.is_legal_candidate(&info, mv, from, to, false, victim)
                        }
                        _ => self.is_legal_candidate(
                            &info,
                            mv,
                            from,
                            to,
                            role == Role::King,
                            usize::MAX,
                        ),
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
