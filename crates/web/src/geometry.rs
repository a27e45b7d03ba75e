//! Where each square sits on the canvas (in CSS pixels) and which square a pointer is over,
//! for either orientation and for a zoomed view of part of the board. Shared by drawing,
//! input and the test hook.

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
    /// A zoomed view showing only part of the board; `None` shows all of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<Window>,
}

/// The part of the board a zoomed view shows: `span` × `span` squares from the board
/// coordinates (`x`, `y`) of its lower-left corner, which may fall inside a square.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Window {
    pub x: f64,
    pub y: f64,
    pub span: f64,
}

/// Squares across a zoomed relative-chess view: the inner board and half a square around it,
/// which leaves more than 40 CSS px a square on a 390 px wide phone.
pub const ZOOM_SPAN: f64 = 9.0;

impl Window {
    /// The zoomed view around an 8×8 inner board whose a1 is at `origin`, kept on the board.
    pub fn around_inner_board(origin: (i32, i32), files: i32, ranks: i32) -> Window {
        let margin = (ZOOM_SPAN - 8.0) / 2.0;
        let place = |o: i32, count: i32| {
            (o as f64 - margin).clamp(0.0, (count as f64 - ZOOM_SPAN).max(0.0))
        };
        Window {
            x: place(origin.0, files),
            y: place(origin.1, ranks),
            span: ZOOM_SPAN,
        }
    }
}

impl Geometry {
    pub fn square(&self) -> f64 {
        match self.window {
            Some(window) => self.size / window.span,
            None => self.size / self.files.max(self.ranks).max(1) as f64,
        }
    }

    /// The lower-left corner and the columns and rows of what is shown.
    fn shown(&self) -> (f64, f64, f64, f64) {
        match self.window {
            Some(w) => (w.x, w.y, w.span, w.span),
            None => (0.0, 0.0, self.files as f64, self.ranks as f64),
        }
    }

    /// Top-left corner of the (possibly fractional, for animation) square at `(x, y)`; off the
    /// canvas for a square outside a zoomed view.
    pub fn corner(&self, x: f64, y: f64) -> (f64, f64) {
        let s = self.square();
        let (x0, y0, columns, rows) = self.shown();
        let column = if self.flipped {
            x0 + columns - 1.0 - x
        } else {
            x - x0
        };
        let row = if self.flipped {
            y - y0
        } else {
            y0 + rows - 1.0 - y
        };
        (column * s, row * s)
    }

    /// The file and rank along which coordinates are written: those of the first whole square
    /// in the lower-left corner of the view.
    pub fn label_file_and_rank(&self) -> (i32, i32) {
        let s = self.square();
        self.square_at(s * 0.99, self.size - s * 0.99)
            .map_or((0, 0), |sq| (sq.x, sq.y))
    }

    pub fn center(&self, sq: Sq) -> (f64, f64) {
        let (left, top) = self.corner(sq.x as f64, sq.y as f64);
        let half = self.square() / 2.0;
        (left + half, top + half)
    }

    /// The square under a point in CSS pixels relative to the canvas, if on the board.
    pub fn square_at(&self, px: f64, py: f64) -> Option<Sq> {
        let s = self.square();
        if px < 0.0 || py < 0.0 || px >= self.size || py >= self.size || s <= 0.0 {
            return None;
        }
        let (x0, y0, columns, rows) = self.shown();
        let (column, row) = (px / s, py / s);
        // The inverse of `corner`: a point inside a square's extent maps to that square.
        let x = if self.flipped {
            (x0 + columns - 1.0 - column).ceil()
        } else {
            (x0 + column).floor()
        };
        let y = if self.flipped {
            (y0 + row).floor()
        } else {
            (y0 + rows - 1.0 - row).ceil()
        };
        let (x, y) = (x as i32, y as i32);
        ((0..self.files).contains(&x) && (0..self.ranks).contains(&y)).then(|| Sq::new(x, y))
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
                window: None,
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
    fn a_zoomed_view_shows_the_inner_board_in_squares_a_finger_can_hit() {
        let size = board_size(390.0, 844.0);
        for flipped in [false, true] {
            let g = Geometry {
                size,
                files: 16,
                ranks: 16,
                flipped,
                window: Some(Window::around_inner_board((4, 3), 16, 16)),
            };
            assert!(g.square() >= 40.0, "{} px", g.square());
            for x in 4..12 {
                for y in 3..11 {
                    let (cx, cy) = g.center(Sq::new(x, y));
                    assert!(
                        cx > 0.0 && cy > 0.0 && cx < size && cy < size,
                        "{x},{y} shown"
                    );
                    assert_eq!(g.square_at(cx, cy), Some(Sq::new(x, y)), "{flipped}");
                }
            }
            let (file, rank) = g.label_file_and_rank();
            assert_eq!((file, rank), if flipped { (11, 10) } else { (4, 3) });
        }
        // Near the rim the view stops at the edge of the board.
        let window = Window::around_inner_board((0, 8), 16, 16);
        assert_eq!((window.x, window.y), (0.0, 7.0));
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
            window: None,
        };
        assert_eq!(g.center(Sq::new(0, 0)), (25.0, 375.0));
        let g = Geometry { flipped: true, ..g };
        assert_eq!(g.center(Sq::new(0, 0)), (375.0, 25.0));
    }
}
