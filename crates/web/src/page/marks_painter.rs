//! Draws the arrows and circles of `marks` over the pieces: an arrow is a shaft and a head from
//! square centre to square centre, a circle a ring inside its square; the engine's arrow is
//! drawn in a colour of its own, the shape being drawn a little fainter. Also the page's entry
//! that sets the engine arrow.

use super::painter::Painter;
use super::{run_now, Redraw};
use crate::marks::{Brush, Marks};
use crate::model::Sq;
use wasm_bindgen::prelude::*;

/// `app_engine_arrow("g1", "f3")` from the module (`""` for either clears it): shows the engine's
/// best move; the analysis feature calls it, the browser tests too.
#[wasm_bindgen]
pub fn app_engine_arrow(from: &str, to: &str) -> Result<(), JsValue> {
    let arrow = Sq::parse(from).zip(Sq::parse(to));
    run_now(Redraw::Board, |page| page.app.set_engine_arrow(arrow))
}

/// Lichess's brush colours, so its players read the marks at once.
fn brush_color(brush: Brush) -> &'static str {
    match brush {
        Brush::Green => "#15781b",
        Brush::Red => "#882020",
        Brush::Blue => "#003088",
        Brush::Yellow => "#e68f00",
    }
}

/// The engine's best move: a violet no player brush uses.
const ENGINE_COLOR: &str = "#8a3fd1";

pub fn paint(painter: &Painter, marks: &Marks) {
    let ctx = painter.ctx;
    ctx.save();
    for shape in &marks.shapes {
        draw(painter, shape.from, shape.to, brush_color(shape.brush), 0.8);
    }
    if let Some((from, to)) = marks.engine_arrow {
        draw(painter, from, to, ENGINE_COLOR, 0.8);
    }
    if let Some(shape) = marks.drawing {
        draw(
            painter,
            shape.from,
            shape.to,
            brush_color(shape.brush),
            0.55,
        );
    }
    ctx.restore();
}

fn draw(painter: &Painter, from: Sq, to: Sq, color: &str, alpha: f64) {
    let ctx = painter.ctx;
    let dpr = painter.dpr;
    let s = painter.geometry.square() * dpr;
    let centre = |sq: Sq| {
        let (x, y) = painter.geometry.center(sq);
        (x * dpr, y * dpr)
    };
    ctx.set_global_alpha(alpha);
    ctx.set_stroke_style_str(color);
    ctx.set_fill_style_str(color);
    let (ax, ay) = centre(from);
    if from == to {
        let line = s * 0.07;
        ctx.set_line_width(line);
        ctx.begin_path();
        ctx.arc(ax, ay, s * 0.45, 0.0, std::f64::consts::TAU).ok();
        ctx.stroke();
        return;
    }
    let (bx, by) = centre(to);
    let (dx, dy) = (bx - ax, by - ay);
    let length = dx.hypot(dy);
    let (ux, uy) = (dx / length, dy / length);
    let head = (s * 0.38).min(length * 0.6);
    let (neck_x, neck_y) = (bx - ux * head, by - uy * head);
    ctx.set_line_width(s * 0.16);
    ctx.set_line_cap("butt");
    ctx.begin_path();
    ctx.move_to(ax + ux * s * 0.1, ay + uy * s * 0.1);
    ctx.line_to(neck_x, neck_y);
    ctx.stroke();
    let half = s * 0.2;
    ctx.begin_path();
    ctx.move_to(bx, by);
    ctx.line_to(neck_x - uy * half, neck_y + ux * half);
    ctx.line_to(neck_x + uy * half, neck_y - ux * half);
    ctx.close_path();
    ctx.fill();
}
