//! Squares of the outer board (absolute, named `a1`…`z26`) and the padded mailbox index used
//! for relative squares.

use std::fmt;

/// A square of the outer board, seen from White: `x` is the file (0 = `a`), `y` the rank
/// (0 = `1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsSquare {
    pub x: u8,
    pub y: u8,
}

impl AbsSquare {
    pub const fn new(x: u8, y: u8) -> AbsSquare {
        AbsSquare { x, y }
    }

    /// The square at signed coordinates, if they lie on a `size`×`size` board.
    pub fn try_new(x: i32, y: i32, size: u8) -> Option<AbsSquare> {
        let n = size as i32;
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| AbsSquare::new(x as u8, y as u8))
    }

    /// Reads a square name (`k5`, `d16`) on a `size`×`size` board.
    pub fn parse(text: &str, size: u8) -> Option<AbsSquare> {
        let (square, rest) = AbsSquare::parse_prefix(text, size)?;
        rest.is_empty().then_some(square)
    }

    /// Reads a square name at the start of `text` and returns the rest. The rank takes as many
    /// digits as form a rank of the board, so `k12j14` reads as `k12` then `j14`.
    pub(crate) fn parse_prefix(text: &str, size: u8) -> Option<(AbsSquare, &str)> {
        let bytes = text.as_bytes();
        let file = *bytes.first()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let x = file - b'a';
        let digits = bytes[1..]
            .iter()
            .take(2)
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 || bytes[1] == b'0' {
            return None;
        }
        let rank: u32 = text[1..1 + digits].parse().ok()?;
        if x >= size || rank == 0 || rank > size as u32 {
            return None;
        }
        Some((AbsSquare::new(x, (rank - 1) as u8), &text[1 + digits..]))
    }
}

impl fmt::Display for AbsSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x) as char, self.y as u32 + 1)
    }
}

impl fmt::Debug for AbsSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Relative coordinates run from −(N−8) to N−1 (at most −18..25 on 26×26). With two spare
/// squares on each side, so that knight and king steps from any square of the outer board stay
/// inside the array (and read empty there), 48 rows and columns are enough; rows are 64 wide
/// so that coordinates come from an index by shifts and masks.
pub(crate) const STRIDE: i32 = 64;
const ROWS: i32 = 48;
/// Relative coordinate `r` is stored at column/row `r + PAD`.
pub(crate) const PAD: i32 = 20;
pub(crate) const CELLS: usize = (STRIDE * ROWS) as usize;
/// Marks "no square" in the compact square fields.
pub(crate) const NO_SQUARE: u16 = u16::MAX;

/// Mailbox index of a relative square.
#[inline]
pub(crate) const fn rel_index(x: i32, y: i32) -> usize {
    ((y + PAD) * STRIDE + x + PAD) as usize
}

/// Relative coordinates of a mailbox index.
#[inline]
pub(crate) const fn rel_coords(index: usize) -> (i32, i32) {
    let i = index as u32;
    (
        (i & (STRIDE as u32 - 1)) as i32 - PAD,
        (i >> STRIDE.trailing_zeros()) as i32 - PAD,
    )
}

/// Mailbox step for a relative direction.
#[inline]
pub(crate) const fn offset(dx: i32, dy: i32) -> isize {
    (dy * STRIDE + dx) as isize
}
