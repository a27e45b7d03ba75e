//! The sixteen 2×2 tiles of the sliding-chess board, named by their lower-left square.

use crate::bitboard::Bitboard;
use crate::types::Square;
use std::fmt;

/// A 2×2 tile: tile file 0..4 and tile rank 0..4 packed as `file + 4 * rank`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

/// The four squares of the a1 tile; every other tile is this mask shifted.
const A1_TILE_SQUARES: u64 = 0x0303;

impl Tile {
    /// The tiles a starting gap is drawn from (the two middle tile rows).
    pub const MIDDLE: [Tile; 8] = [
        Tile(4),
        Tile(5),
        Tile(6),
        Tile(7),
        Tile(8),
        Tile(9),
        Tile(10),
        Tile(11),
    ];

    pub fn all() -> impl Iterator<Item = Tile> {
        (0..16).map(Tile)
    }

    /// `None` when the tile coordinates leave the 4×4 grid of tiles.
    #[inline]
    pub const fn from_coords(tile_file: i32, tile_rank: i32) -> Option<Tile> {
        if tile_file >= 0 && tile_file < 4 && tile_rank >= 0 && tile_rank < 4 {
            Some(Tile((tile_rank * 4 + tile_file) as u8))
        } else {
            None
        }
    }

    /// The tile that covers `square`.
    #[inline]
    pub const fn containing(square: Square) -> Tile {
        Tile(square.file() / 2 + square.rank() / 2 * 4)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn tile_file(self) -> i32 {
        (self.0 & 3) as i32
    }

    #[inline]
    pub const fn tile_rank(self) -> i32 {
        (self.0 >> 2) as i32
    }

    /// The square the tile is named after.
    #[inline]
    pub const fn lower_left(self) -> Square {
        Square::from_coords(2 * (self.0 & 3), 2 * (self.0 >> 2))
    }

    #[inline]
    pub const fn squares(self) -> Bitboard {
        Bitboard(A1_TILE_SQUARES << self.lower_left().index())
    }

    /// Whether the two tiles share an edge.
    #[inline]
    pub const fn is_adjacent(self, other: Tile) -> bool {
        (self.tile_file() - other.tile_file()).abs() + (self.tile_rank() - other.tile_rank()).abs()
            == 1
    }

    /// The up to four tiles sharing an edge with this one.
    pub fn neighbours(self) -> impl Iterator<Item = Tile> {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .filter_map(move |(df, dr)| {
                Tile::from_coords(self.tile_file() + df, self.tile_rank() + dr)
            })
    }

    /// Reads a tile name such as `c3` (its lower-left square); `None` for any other text,
    /// including squares that are not the lower-left corner of a tile.
    pub fn parse(text: &str) -> Option<Tile> {
        let square = Square::parse(text)?;
        (square.file() % 2 == 0 && square.rank() % 2 == 0).then(|| Tile::containing(square))
    }

    /// The tile whose four squares are exactly `squares`, if any.
    pub fn from_squares(squares: Bitboard) -> Option<Tile> {
        let tile = Tile::containing(squares.first()?);
        (tile.squares() == squares).then_some(tile)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.lower_left(), f)
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tile({})", self.lower_left())
    }
}
