//! Where each square sits on the canvas (in CSS pixels) and which square a pointer is over,
//! for either orientation. Shared by drawing, input and the test hook.

use crate::model::Sq;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Geometry {
    /// Side of the square canvas in CSS pixels.
    pub size: f64,
    pub files: i32,
    pub ranks: i32,
    /// Seen from Black: a1 at the top right.
    pub flipped: bool,
}

impl Geometry {
    pub fn square(&self) -> f64 {
        self.size / self.files.max(self.ranks).max(1) as f64
    }

    /// Top-left corner of the (possibly fractional, for animation) square at `(x, y)`.
    pub fn corner(&self, x: f64, y: f64) -> (f64, f64) {
        let s = self.square();
        let column = if self.flipped {
            (self.files - 1) as f64 - x
        } else {
            x
        };
        let row = if self.flipped {
            y
        } else {
            (self.ranks - 1) as f64 - y
        };
        (column * s, row * s)
    }

    pub fn center(&self, sq: Sq) -> (f64, f64) {
        let (left, top) = self.corner(sq.x as f64, sq.y as f64);
        let half = self.square() / 2.0;
        (left + half, top + half)
    }

    /// The square under a point in CSS pixels relative to the canvas, if on the board.
    pub fn square_at(&self, px: f64, py: f64) -> Option<Sq> {
        let s = self.square();
        if px < 0.0 || py < 0.0 || s <= 0.0 {
            return None;
        }
        let column = (px / s).floor() as i32;
        let row = (py / s).floor() as i32;
        if column >= self.files || row >= self.ranks {
            return None;
        }
        let x = if self.flipped {
            self.files - 1 - column
        } else {
            column
        };
        let y = if self.flipped {
            row
        } else {
            self.ranks - 1 - row
        };
        Some(Sq::new(x, y))
    }
}

/// The side of the board (CSS px) for a window of `width` × `height`: beside the panel on a
/// wide screen, above it on a narrow one, never smaller than 240 px.
pub fn board_size(width: f64, height: f64) -> f64 {
    let size = if width <= 820.0 {
        (width - 16.0).min(height - 110.0)
    } else {
        (width - 360.0).min(height - 150.0)
    };
    size.clamp(240.0, 900.0).floor()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_map_back_to_their_squares_in_both_orientations() {
        for flipped in [false, true] {
            let g = Geometry {
                size: 480.0,
                files: 16,
                ranks: 16,
                flipped,
            };
            for x in 0..16 {
                for y in 0..16 {
                    let (cx, cy) = g.center(Sq::new(x, y));
                    assert_eq!(g.square_at(cx, cy), Some(Sq::new(x, y)));
                }
            }
            assert_eq!(g.square_at(480.0, 10.0), None);
        }
    }

    #[test]
    fn the_board_fits_a_phone_and_leaves_room_for_the_panel() {
        assert_eq!(board_size(390.0, 844.0), 374.0);
        assert_eq!(board_size(1200.0, 800.0), 650.0);
        assert_eq!(board_size(200.0, 200.0), 240.0);
    }

    #[test]
    fn white_sees_a1_bottom_left_and_black_sees_it_top_right() {
        let g = Geometry {
            size: 400.0,
            files: 8,
            ranks: 8,
            flipped: false,
        };
        assert_eq!(g.center(Sq::new(0, 0)), (25.0, 375.0));
        let g = Geometry { flipped: true, ..g };
        assert_eq!(g.center(Sq::new(0, 0)), (375.0, 25.0));
    }
}
