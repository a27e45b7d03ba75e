//! Zobrist hash keys for the 8×8 games, generated at compile time from a fixed seed so that
//! hashes are identical on every platform and in every build.

use crate::types::{Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// Keys: 12×64 piece-square, then 64 castling-rook squares, 8 en-passant files, 64 blocked
/// squares, 64 double-step squares, and the side to move.
const KEY_COUNT: usize = 12 * 64 + 64 + 8 + 64 + 64 + 1;

const KEYS: [u64; KEY_COUNT] = {
    let mut keys = [0u64; KEY_COUNT];
    let mut state = 0x426f_6172_6473_6869u64;
    let mut i = 0;
    while i < KEY_COUNT {
        let (next, value) = splitmix(state);
        state = next;
        keys[i] = value;
        i += 1;
    }
    keys
};

const CASTLING_BASE: usize = 12 * 64;
const EP_BASE: usize = CASTLING_BASE + 64;
const BLOCKED_BASE: usize = EP_BASE + 8;
const DOUBLE_STEP_BASE: usize = BLOCKED_BASE + 64;
const TURN_INDEX: usize = DOUBLE_STEP_BASE + 64;

#[inline]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    KEYS[piece.index() * 64 + sq.index()]
}

/// Key of a rook square that carries a castling right.
#[inline]
pub fn castling_rook(sq: Square) -> u64 {
    KEYS[CASTLING_BASE + sq.index()]
}

#[inline]
pub fn en_passant_file(file: u8) -> u64 {
    KEYS[EP_BASE + file as usize]
}

#[inline]
pub fn blocked(sq: Square) -> u64 {
    KEYS[BLOCKED_BASE + sq.index()]
}

#[inline]
pub fn double_step(sq: Square) -> u64 {
    KEYS[DOUBLE_STEP_BASE + sq.index()]
}

/// Mixed in when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    KEYS[TURN_INDEX]
}
