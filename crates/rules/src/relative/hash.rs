//! Zobrist-style keys for relative chess. The board is too large for a comfortable key table,
//! so each key is a fixed mix of what it stands for (piece and relative square, origin, …).

/// A 64-bit finaliser with good avalanche: distinct inputs give unrelated-looking keys.
#[inline]
const fn mix(input: u64) -> u64 {
    let mut z = input.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const PIECE_TAG: u64 = 1 << 40;
const ORIGIN_TAG: u64 = 2 << 40;
const CASTLING_TAG: u64 = 3 << 40;
const EP_TAG: u64 = 4 << 40;
const SIDE_TAG: u64 = 5 << 40;

/// Key of a piece code on a mailbox index (relative square).
#[inline]
pub(crate) const fn piece_key(code: u8, index: usize) -> u64 {
    mix(PIECE_TAG | (code as u64) << 16 | index as u64)
}

/// Key of the inner board's a1 on the outer board.
#[inline]
pub(crate) const fn origin_key(x: i32, y: i32) -> u64 {
    mix(ORIGIN_TAG | (x as u8 as u64) << 8 | y as u8 as u64)
}

#[inline]
pub(crate) const fn castling_key(rights: u8) -> u64 {
    mix(CASTLING_TAG | rights as u64)
}

#[inline]
pub(crate) const fn ep_key(index: usize) -> u64 {
    mix(EP_TAG | index as u64)
}

/// Present in the hash when Black is to move.
pub(crate) const BLACK_TO_MOVE_KEY: u64 = mix(SIDE_TAG);
