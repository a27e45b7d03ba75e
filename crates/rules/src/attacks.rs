//! Precomputed attack tables: knight, king and pawn attacks, magic-indexed rook and bishop
//! attacks, and the `between` / `line` tables used for pins and check evasions.
//!
//! Layout: one `u64` slab holds every rook slot (per-square block of `2^bits` entries) followed
//! by every bishop slot; `Magic` records each square's mask, multiplier, shift and block offset.
//! The tables are filled once per process (about a millisecond), the multipliers themselves are
//! found at compile time by `build.rs`.

use crate::bitboard::Bitboard;
use crate::magic_search::{
    relevant_mask, subsets, walk_attacks, BISHOP_DIRECTIONS, ROOK_DIRECTIONS,
};
use crate::types::{Color, Square, KING_STEPS, KNIGHT_STEPS};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    multiplier: u64,
    shift: u32,
    offset: u32,
}

pub struct Tables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    slab: Vec<u64>,
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    between: Vec<u64>,
    line: Vec<u64>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

#[inline]
fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::new)
}

/// Fills the tables now rather than on first use (e.g. before timing something).
pub fn init() {
    tables();
}

fn step_attacks(square: u32, steps: &[(i32, i32)]) -> u64 {
    let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
    steps
        .iter()
        .filter_map(|&(df, dr)| Square::try_from_coords(file + df, rank + dr))
        .fold(0, |acc, sq| acc | 1 << sq.index())
}

impl Tables {
    fn new() -> Tables {
        let mut slab = Vec::with_capacity(107_648);
        let mut fill = |magics: &[u64; 64], directions: &[(i32, i32); 4]| {
            let mut entries = [Magic::default(); 64];
            for (square, entry) in entries.iter_mut().enumerate() {
                let mask = relevant_mask(square as u32, directions);
                let bits = mask.count_ones();
                let offset = slab.len();
                slab.resize(offset + (1 << bits), 0);
                for occ in subsets(mask) {
                    let index = (occ.wrapping_mul(magics[square]) >> (64 - bits)) as usize;
                    slab[offset + index] = walk_attacks(square as u32, occ, directions);
                }
                *entry = Magic {
                    mask,
                    multiplier: magics[square],
                    shift: 64 - bits,
                    offset: offset as u32,
                };
            }
            entries
        };
        let rook = fill(&ROOK_MAGICS, &ROOK_DIRECTIONS);
        let bishop = fill(&BISHOP_MAGICS, &BISHOP_DIRECTIONS);

        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for sq in 0..64u32 {
            knight[sq as usize] = step_attacks(sq, &KNIGHT_STEPS);
            king[sq as usize] = step_attacks(sq, &KING_STEPS);
            pawn[0][sq as usize] = step_attacks(sq, &[(-1, 1), (1, 1)]);
            pawn[1][sq as usize] = step_attacks(sq, &[(-1, -1), (1, -1)]);
        }

        let mut between = vec![0u64; 64 * 64];
        let mut line = vec![0u64; 64 * 64];
        for a in 0..64u32 {
            for directions in [&ROOK_DIRECTIONS, &BISHOP_DIRECTIONS] {
                let from_a = walk_attacks(a, 0, directions);
                for b in 0..64u32 {
                    if a == b || from_a & (1 << b) == 0 {
                        continue;
                    }
                    let from_b = walk_attacks(b, 0, directions);
                    let index = (a * 64 + b) as usize;
                    line[index] = (from_a & from_b) | (1 << a) | (1 << b);
                    between[index] =
                        walk_attacks(a, 1 << b, directions) & walk_attacks(b, 1 << a, directions);
                }
            }
        }
        Tables {
            rook,
            bishop,
            slab,
            knight,
            king,
            pawn,
            between,
            line,
        }
    }

    #[inline]
    fn slider(&self, magic: &Magic, occupied: Bitboard) -> Bitboard {
        let index = ((occupied.0 & magic.mask).wrapping_mul(magic.multiplier) >> magic.shift)
            as usize
            + magic.offset as usize;
        Bitboard(self.slab[index])
    }
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    t.slider(&t.rook[sq.index()], occupied)
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    t.slider(&t.bishop[sq.index()], occupied)
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(tables().knight[sq.index()])
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(tables().king[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(tables().pawn[color.index()][sq.index()])
}

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().between[a.index() * 64 + b.index()])
}

/// The whole rank, file or diagonal through `a` and `b` (both included); empty when unaligned.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().line[a.index() * 64 + b.index()])
}

/// Attacks of a piece of `role` and `color` on `sq` (pawns: captures only).
pub fn attacks(piece: crate::types::Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    use crate::types::Role;
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_ray_walks() {
        let mut seed = 0x1234_5678u64;
        for sq in 0..64u8 {
            for _ in 0..200 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let occ = seed & seed.rotate_left(17);
                let square = Square::new(sq);
                assert_eq!(
                    rook_attacks(square, Bitboard(occ)).0,
                    walk_attacks(sq as u32, occ, &ROOK_DIRECTIONS)
                );
                assert_eq!(
                    bishop_attacks(square, Bitboard(occ)).0,
                    walk_attacks(sq as u32, occ, &BISHOP_DIRECTIONS)
                );
            }
        }
    }

    #[test]
    fn between_and_line() {
        let a1 = Square::new(0);
        let h8 = Square::new(63);
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(line(a1, h8).count(), 8);
        assert!(between(a1, Square::new(10)).is_empty());
        assert!(line(a1, Square::new(10)).is_empty());
    }
}
