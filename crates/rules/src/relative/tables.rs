//! The precomputed tables behind relative chess's move generation and attack tests: which
//! relative squares survive each shift, the shift slots that keep a bounding box on board, and
//! per coordinate difference the pieces whose pattern covers it.

use super::options::{MAX_SIZE, MIN_SIZE};
use super::position::piece_code;
use super::square::{CELLS, PAD, STRIDE};
use crate::types::{Color, Role};

/// The longest shift range on one axis: N − 7 values, at most 19.
pub(super) const MAX_SHIFTS: usize = 19;

/// For each recentering (Aristotelian first) and board size, per shift slot
/// (slot = d − (O − (N − 8)) on one axis): the relative coordinates that survive both edge
/// checks. After the shift O′ = N − 8 − slot whatever O was, so the table needs no origin.
pub(super) static SURVIVORS: [[[(i8, i8); MAX_SHIFTS]; MAX_SIZE as usize + 1]; 2] =
    survivor_table();

pub(super) const fn survivor_table() -> [[[(i8, i8); MAX_SHIFTS]; MAX_SIZE as usize + 1]; 2] {
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
pub(super) struct SlotLimits {
    pub(super) last_starting: [i8; 48],
    pub(super) first_reaching: [i8; 48],
}

pub(super) static SLOT_LIMITS: [[SlotLimits; MAX_SIZE as usize + 1]; 2] = slot_limit_table();

pub(super) const fn slot_limit_table() -> [[SlotLimits; MAX_SIZE as usize + 1]; 2] {
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

/// Mailbox columns and rows in use (relative coordinates −PAD..48 − PAD).
pub(super) const SPAN: i32 = 48;
/// Side of the table of coordinate differences, −(SPAN − 1)..=SPAN − 1 on each axis.
pub(super) const DIFFS: usize = (2 * SPAN - 1) as usize;
/// Per mailbox index, its column and row folded as `difference_slot` folds a difference:
/// the difference slot of two indices is then `base[target] + difference_slot(0, 0) −
/// base[piece]`, one subtraction instead of two coordinate splits.
pub(super) static DIFFERENCE_BASE: [u16; CELLS] = {
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
pub(super) const FAR_LINE: u16 = 1;

/// For each difference (target − piece) in relative coordinates, a bit per piece code
/// (1..=12) whose movement pattern covers it, plus `FAR_LINE`: one load rules out almost
/// every piece of an attack test.
pub(super) static ATTACKERS: [u16; DIFFS * DIFFS] = attacker_table();
// Attack tests rely on a piece never attacking its own square.
const _: () = assert!(attacker_table()[difference_slot(0, 0)] == 0);

/// The `ATTACKERS` and `NEAR` slot of a coordinate difference.
#[inline]
pub(super) const fn difference_slot(dx: i32, dy: i32) -> usize {
    ((dy + SPAN - 1) as usize) * DIFFS + (dx + SPAN - 1) as usize
}

/// Bit 0 of a `NEAR` entry: the difference lies on a line or a knight's jump from the king.
pub(super) const ALIGNED: u32 = 1;

/// Piece-code bits of every rook, bishop and queen.
pub(super) const SLIDER_CODES: u32 = (code_bit(Color::White, Role::Bishop)
    | code_bit(Color::White, Role::Rook)
    | code_bit(Color::White, Role::Queen)
    | code_bit(Color::Black, Role::Bishop)
    | code_bit(Color::Black, Role::Rook)
    | code_bit(Color::Black, Role::Queen)) as u32;

/// For each difference (piece − king), a bit per piece code that could attack some square
/// of the 3×3 block around the king (a file or rank through the block, a diagonal through
/// it, or for the other pieces a distance of at most 3), plus `ALIGNED`; and from bit
/// `KING_HITS` on, a bit per code of the sliders whose line holds the king and of the pawns
/// and knights that attack it: what the legality data reads of every enemy piece, in one
/// load.
pub(super) static NEAR: [u32; DIFFS * DIFFS] = near_table();

/// The first bit of a `NEAR` entry's king-hitting codes.
pub(super) const KING_HITS: u32 = 16;

pub(super) const fn near_table() -> [u32; DIFFS * DIFFS] {
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
            // The king stands at −(dx, dy) from the piece.
            let mut hits = 0u16;
            color = 0;
            while color < 2 {
                let side = if color == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                if (dx == 0) != (dy == 0) {
                    hits |= code_bit(side, Role::Rook) | code_bit(side, Role::Queen);
                }
                if vx == vy && vx != 0 {
                    hits |= code_bit(side, Role::Bishop) | code_bit(side, Role::Queen);
                }
                if -dy == side.forward() && vx == 1 {
                    hits |= code_bit(side, Role::Pawn);
                }
                if vx * vy == 2 {
                    hits |= code_bit(side, Role::Knight);
                }
                color += 1;
            }
            entry |= (hits as u32) << KING_HITS;
            table[difference_slot(dx, dy)] = entry;
            dx += 1;
        }
        dy += 1;
    }
    table
}

pub(super) const fn code_bit(color: Color, role: Role) -> u16 {
    1 << piece_code(color, role)
}

pub(super) const fn attacker_table() -> [u16; DIFFS * DIFFS] {
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
