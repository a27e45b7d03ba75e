//! Arrows and circles a player draws over the board with the right button, and the slot for an
//! engine arrow: plain data and the drawing gesture's rules, painted by the page. Squares are
//! the board's absolute squares (`Sq`), so marks stay on the same squares when the board is
//! flipped and, in relative chess, on the same outer-board squares when the inner board moves.

use crate::model::Sq;
use serde::Serialize;

/// A mark's colour, picked by the modifier keys held when the right button goes down, as on
/// lichess: none → green, Shift or Ctrl → red, Alt or Meta → blue, both groups → yellow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Brush {
    Green,
    Red,
    Blue,
    Yellow,
}

impl Brush {
    pub fn from_modifiers(shift_or_ctrl: bool, alt_or_meta: bool) -> Brush {
        match (shift_or_ctrl, alt_or_meta) {
            (false, false) => Brush::Green,
            (true, false) => Brush::Red,
            (false, true) => Brush::Blue,
            (true, true) => Brush::Yellow,
        }
    }
}

/// An arrow from `from` to `to`, or a circle round `from` when both are the same square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Shape {
    pub from: Sq,
    pub to: Sq,
    pub brush: Brush,
}

impl Shape {
    pub fn is_circle(&self) -> bool {
        self.from == self.to
    }
}

/// Everything drawn over the position by the right button, plus the engine's arrow.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Marks {
    pub shapes: Vec<Shape>,
    /// The shape being drawn: the right button is down and the pointer over `to`.
    pub drawing: Option<Shape>,
    /// The engine's best move in the position shown, drawn in its own colour; set by analysis.
    pub engine_arrow: Option<(Sq, Sq)>,
}

impl Marks {
    /// The right button went down over `at` (off the board: nothing starts).
    pub fn start(&mut self, at: Option<Sq>, brush: Brush) -> bool {
        self.drawing = at.map(|sq| Shape {
            from: sq,
            to: sq,
            brush,
        });
        self.drawing.is_some()
    }

    /// The pointer moved while drawing; true when the shape being drawn changed.
    pub fn drag_to(&mut self, at: Option<Sq>) -> bool {
        match (self.drawing.as_mut(), at) {
            (Some(shape), Some(sq)) if shape.to != sq => {
                shape.to = sq;
                true
            }
            _ => false,
        }
    }

    /// The right button came up over `at`: the shape is added, or taken away when the same
    /// squares already carry one of the same colour (a different colour replaces it). Released
    /// off the board, nothing changes. True when something drawn changed.
    pub fn finish(&mut self, at: Option<Sq>) -> bool {
        let Some(mut shape) = self.drawing.take() else {
            return false;
        };
        let Some(to) = at else {
            return true;
        };
        shape.to = to;
        let same_squares = |s: &Shape| s.from == shape.from && s.to == shape.to;
        let existing = self.shapes.iter().position(same_squares);
        match existing {
            Some(index) if self.shapes[index].brush == shape.brush => {
                self.shapes.remove(index);
            }
            Some(index) => self.shapes[index] = shape,
            None => self.shapes.push(shape),
        }
        true
    }

    /// A left click on the board: every drawn mark goes (the engine arrow stays, it is not the
    /// player's). True when something was drawn.
    pub fn clear(&mut self) -> bool {
        let had = !self.shapes.is_empty() || self.drawing.is_some();
        self.shapes.clear();
        self.drawing = None;
        had
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Option<Sq> {
        Sq::parse(name)
    }

    fn draw(marks: &mut Marks, from: &str, to: &str, brush: Brush) -> bool {
        marks.start(sq(from), brush);
        marks.drag_to(sq(to));
        marks.finish(sq(to))
    }

    #[test]
    fn modifiers_pick_the_colours_lichess_uses() {
        assert_eq!(Brush::from_modifiers(false, false), Brush::Green);
        assert_eq!(Brush::from_modifiers(true, false), Brush::Red);
        assert_eq!(Brush::from_modifiers(false, true), Brush::Blue);
        assert_eq!(Brush::from_modifiers(true, true), Brush::Yellow);
    }

    #[test]
    fn a_drag_draws_an_arrow_and_a_click_a_circle() {
        let mut marks = Marks::default();
        assert!(draw(&mut marks, "e2", "e4", Brush::Green));
        assert!(draw(&mut marks, "d5", "d5", Brush::Red));
        assert_eq!(marks.shapes.len(), 2);
        assert!(!marks.shapes[0].is_circle());
        assert_eq!(marks.shapes[0].to, Sq::new(4, 3));
        assert!(marks.shapes[1].is_circle());
        assert_eq!(marks.drawing, None);
    }

    #[test]
    fn the_same_mark_again_takes_it_away_and_another_colour_replaces_it() {
        let mut marks = Marks::default();
        draw(&mut marks, "e2", "e4", Brush::Green);
        draw(&mut marks, "e2", "e4", Brush::Blue);
        assert_eq!(marks.shapes.len(), 1);
        assert_eq!(marks.shapes[0].brush, Brush::Blue);
        draw(&mut marks, "e2", "e4", Brush::Blue);
        assert!(marks.shapes.is_empty());
    }

    #[test]
    fn released_off_the_board_nothing_is_added() {
        let mut marks = Marks::default();
        marks.start(sq("e2"), Brush::Green);
        assert!(marks.drag_to(sq("e5")));
        assert!(!marks.drag_to(None));
        assert!(marks.finish(None));
        assert!(marks.shapes.is_empty());
        assert!(!marks.start(None, Brush::Green));
        assert!(!marks.finish(sq("e4")));
    }

    #[test]
    fn a_left_click_clears_the_players_marks_but_not_the_engine_arrow() {
        let mut marks = Marks {
            engine_arrow: Some((Sq::new(6, 0), Sq::new(5, 2))),
            ..Marks::default()
        };
        assert!(!marks.clear());
        draw(&mut marks, "a1", "a1", Brush::Yellow);
        assert!(marks.clear());
        assert!(marks.shapes.is_empty());
        assert!(marks.engine_arrow.is_some());
    }
}
