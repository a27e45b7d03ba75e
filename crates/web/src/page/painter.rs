//! Draws the board on the canvas: squares (plain, tiled or outer + inner), highlights, legal-move
//! marks, coordinates, pieces, the dragged piece, and the in-between frames of animations.

use super::piece_images::PieceImages;
use crate::anim::{along, Animation};
use crate::geometry::Geometry;
use crate::model::{BoardModel, Mark, Overlay, PieceId, Sq};
use crate::settings::Palette;
use web_sys::CanvasRenderingContext2d;

const OUTER_LIGHT: &str = "#4a4d57";
const OUTER_DARK: &str = "#3a3c44";
const GOLD: &str = "#d4a017";
/// Coordinates on the dark outer board (and in the sliding gap).
const OUTER_LABEL: &str = "#c9c7bf";
/// Coordinates over relative chess's inner board: at least 4.5:1 on both square colours.
const INNER_LABEL: &str = "#24180c";
const TILE_BACKGROUND: &str = "#24262c";
const MOVE_MARK: &str = "rgba(20, 85, 30, 0.55)";
/// Legal-move marks on relative chess's dark outer board, where the green ones would vanish.
const OUTER_MOVE_MARK: &str = "rgba(236, 232, 214, 0.8)";
const LAST_MOVE: &str = "rgba(205, 210, 60, 0.45)";
const SELECTED: &str = "rgba(20, 110, 40, 0.45)";
const PREMOVE: &str = "rgba(40, 90, 200, 0.5)";

pub struct Painter<'a> {
    pub ctx: &'a CanvasRenderingContext2d,
    pub geometry: Geometry,
    pub dpr: f64,
    pub pieces: &'a PieceImages,
    /// The board theme's square colours.
    pub palette: &'static Palette,
    /// Whether file letters and rank numbers are drawn.
    pub coordinates: bool,
}

impl Painter<'_> {
    /// Device-pixel rectangle of the square at fractional coordinates, with edges rounded so
    /// neighbouring squares meet without seams.
    fn square_rect(&self, x: f64, y: f64) -> (f64, f64, f64, f64) {
        let s = self.geometry.square();
        let (left, top) = self.geometry.corner(x, y);
        let l = (left * self.dpr).round();
        let t = (top * self.dpr).round();
        let r = ((left + s) * self.dpr).round();
        let b = ((top + s) * self.dpr).round();
        (l, t, r - l, b - t)
    }

    fn fill_square(&self, x: f64, y: f64, color: &str) {
        let (l, t, w, h) = self.square_rect(x, y);
        self.ctx.set_fill_style_str(color);
        self.ctx.fill_rect(l, t, w, h);
    }

    pub fn paint(
        &self,
        model: &BoardModel,
        overlay: &Overlay,
        animation: Option<(&Animation, f64)>,
    ) {
        let ctx = self.ctx;
        let size = self.geometry.size * self.dpr;
        ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0).ok();
        ctx.clear_rect(0.0, 0.0, size, size);
        let progress = animation.map(|(a, now)| (a, a.progress(now)));
        // Relative chess: where the inner board is drawn in this frame.
        let inner = model.inner_origin.map(|origin| match progress {
            Some((a, (phase, t))) => a
                .origin_path
                .as_ref()
                .map(|path| along(path, phase, t))
                .unwrap_or((origin.x as f64, origin.y as f64)),
            None => (origin.x as f64, origin.y as f64),
        });

        if model.tiled {
            self.paint_tiles(model, overlay, progress);
        } else if let Some(origin) = inner {
            self.paint_outer_and_inner(model, origin);
        } else {
            for x in 0..model.files {
                for y in 0..model.ranks {
                    let light = (x + y) % 2 == 1;
                    self.fill_square(
                        x as f64,
                        y as f64,
                        if light {
                            self.palette.light
                        } else {
                            self.palette.dark
                        },
                    );
                }
            }
        }

        if progress.is_none() {
            self.paint_highlights(model, overlay);
        }
        if self.coordinates {
            self.paint_coordinates(model, inner);
        }

        match progress {
            Some((animation, (phase, t))) => self.paint_sprites(animation, phase, t),
            None => {
                for placed in &model.pieces {
                    let dragged = overlay.drag.is_some_and(|(from, _, _)| from == placed.sq);
                    if !dragged {
                        self.draw_piece(placed.piece, placed.sq.x as f64, placed.sq.y as f64, 1.0);
                    }
                }
                self.paint_marks(model, overlay);
                if let Some((from, px, py)) = overlay.drag {
                    if let Some(piece) = model.piece_at(from) {
                        let s = self.geometry.square();
                        self.draw_piece_at_css(piece, px - s / 2.0, py - s / 2.0, s * 1.1, 1.0);
                    }
                }
            }
        }
    }

    fn paint_outer_and_inner(&self, model: &BoardModel, origin: (f64, f64)) {
        let ctx = self.ctx;
        for x in 0..model.files {
            for y in 0..model.ranks {
                let light = (x + y) % 2 == 1;
                self.fill_square(
                    x as f64,
                    y as f64,
                    if light { OUTER_LIGHT } else { OUTER_DARK },
                );
            }
        }
        for rx in 0..8 {
            for ry in 0..8 {
                let light = (rx + ry) % 2 == 1;
                self.fill_square(
                    origin.0 + rx as f64,
                    origin.1 + ry as f64,
                    if light {
                        self.palette.light
                    } else {
                        self.palette.dark
                    },
                );
            }
        }
        // The gold frame around the inner board.
        let (l1, t1, _, _) = self.square_rect(origin.0, origin.1 + 7.0);
        let (l2, t2, w2, h2) = self.square_rect(origin.0 + 7.0, origin.1);
        let (left, top) = (l1.min(l2), t1.min(t2));
        let (right, bottom) = ((l1 + w2).max(l2 + w2), (t1 + h2).max(t2 + h2));
        let line = (self.geometry.square() * self.dpr * 0.09).max(2.0);
        ctx.set_stroke_style_str(GOLD);
        ctx.set_line_width(line);
        ctx.stroke_rect(
            left + line / 2.0,
            top + line / 2.0,
            right - left - line,
            bottom - top - line,
        );
    }

    fn paint_tiles(
        &self,
        model: &BoardModel,
        overlay: &Overlay,
        progress: Option<(&Animation, (usize, f64))>,
    ) {
        let ctx = self.ctx;
        let size = self.geometry.size * self.dpr;
        ctx.set_fill_style_str(TILE_BACKGROUND);
        ctx.fill_rect(0.0, 0.0, size, size);
        let (holes, moving) = match progress {
            Some((a, (_, t))) => (a.holes.clone(), a.tile_move.map(|(from, to)| (from, to, t))),
            None => (model.blocked.clone(), None),
        };
        for tx in (0..model.files).step_by(2) {
            for ty in (0..model.ranks).step_by(2) {
                let corner = Sq::new(tx, ty);
                if holes.contains(&corner) {
                    self.paint_hole(corner);
                    continue;
                }
                let glow = overlay.glowing_tiles.contains(&corner) && progress.is_none();
                self.paint_tile(tx as f64, ty as f64, glow);
            }
        }
        if let Some((from, to, t)) = moving {
            let x = from.x as f64 + (to.x - from.x) as f64 * t;
            let y = from.y as f64 + (to.y - from.y) as f64 * t;
            self.paint_tile(x, y, false);
        }
    }

    fn tile_rect(&self, x: f64, y: f64) -> (f64, f64, f64, f64) {
        let (l1, _, _, _) = self.square_rect(x, y);
        let (l2, _, w2, _) = self.square_rect(x + 1.0, y);
        let (_, t1, _, h1) = self.square_rect(x, y);
        let (_, t2, _, h2) = self.square_rect(x, y + 1.0);
        let left = l1.min(l2);
        let right = (l1 + w2).max(l2 + w2);
        let top = t1.min(t2);
        let bottom = (t1 + h1).max(t2 + h2);
        (left, top, right - left, bottom - top)
    }

    fn paint_tile(&self, x: f64, y: f64, glow: bool) {
        let ctx = self.ctx;
        let inset = (self.geometry.square() * self.dpr * 0.045).max(1.5);
        let (l, t, w, h) = self.tile_rect(x, y);
        ctx.save();
        if glow {
            ctx.set_shadow_color(GOLD);
            ctx.set_shadow_blur(self.geometry.square() * self.dpr * 0.35);
            ctx.set_fill_style_str(GOLD);
            rounded_rect(
                ctx,
                l + inset / 2.0,
                t + inset / 2.0,
                w - inset,
                h - inset,
                inset * 2.0,
            );
            ctx.fill();
            ctx.set_shadow_blur(0.0);
        }
        rounded_rect(
            ctx,
            l + inset,
            t + inset,
            w - 2.0 * inset,
            h - 2.0 * inset,
            inset * 1.5,
        );
        ctx.clip();
        for dx in 0..2 {
            for dy in 0..2 {
                let (sx, sy) = (x + dx as f64, y + dy as f64);
                // Tiles move by whole tiles, so square colours follow the frame's pattern.
                let light = (sx.round() as i32 + sy.round() as i32) % 2 == 1;
                self.fill_square(
                    sx,
                    sy,
                    if light {
                        self.palette.light
                    } else {
                        self.palette.dark
                    },
                );
            }
        }
        ctx.restore();
    }

    fn paint_hole(&self, corner: Sq) {
        let ctx = self.ctx;
        let inset = (self.geometry.square() * self.dpr * 0.045).max(1.5);
        let (l, t, w, h) = self.tile_rect(corner.x as f64, corner.y as f64);
        ctx.save();
        ctx.set_fill_style_str("#16171b");
        rounded_rect(
            ctx,
            l + inset,
            t + inset,
            w - 2.0 * inset,
            h - 2.0 * inset,
            inset * 1.5,
        );
        ctx.fill();
        ctx.set_stroke_style_str("rgba(255,255,255,0.12)");
        ctx.set_line_width(inset * 0.6);
        ctx.set_line_dash(&js_sys::Array::of2(
            &(inset * 2.0).into(),
            &(inset * 2.0).into(),
        ))
        .ok();
        ctx.stroke();
        ctx.restore();
    }

    /// Tints a square; on a tiled board the tint stays inside its tile (never in the gap).
    fn fill_highlight(&self, model: &BoardModel, sq: Sq, color: &str) {
        if !model.contains(sq) {
            return;
        }
        if !model.tiled {
            self.fill_square(sq.x as f64, sq.y as f64, color);
            return;
        }
        let corner = Sq::new(sq.x & !1, sq.y & !1);
        if model.blocked.contains(&corner) {
            return;
        }
        let inset = (self.geometry.square() * self.dpr * 0.045).max(1.5);
        let (l, t, w, h) = self.tile_rect(corner.x as f64, corner.y as f64);
        self.ctx.save();
        rounded_rect(
            self.ctx,
            l + inset,
            t + inset,
            w - 2.0 * inset,
            h - 2.0 * inset,
            inset * 1.5,
        );
        self.ctx.clip();
        self.fill_square(sq.x as f64, sq.y as f64, color);
        self.ctx.restore();
    }

    fn paint_highlights(&self, model: &BoardModel, overlay: &Overlay) {
        for sq in &model.last_move {
            self.fill_highlight(model, *sq, LAST_MOVE);
        }
        if let Some(sq) = overlay.selected {
            self.fill_highlight(model, sq, SELECTED);
        }
        for sq in &overlay.premove {
            self.fill_highlight(model, *sq, PREMOVE);
        }
        if let Some(king) = model.check {
            let (l, t, w, h) = self.square_rect(king.x as f64, king.y as f64);
            let (cx, cy) = (l + w / 2.0, t + h / 2.0);
            if let Ok(gradient) = self
                .ctx
                .create_radial_gradient(cx, cy, 0.0, cx, cy, w * 0.7)
            {
                gradient.add_color_stop(0.0, "rgba(255, 0, 0, 1)").ok();
                gradient.add_color_stop(0.3, "rgba(231, 0, 0, 1)").ok();
                gradient.add_color_stop(0.75, "rgba(169, 0, 0, 0)").ok();
                self.ctx.set_fill_style_canvas_gradient(&gradient);
                self.ctx.fill_rect(l, t, w, h);
            }
        }
        for sq in &overlay.setup_marks {
            let (l, t, w, h) = self.square_rect(sq.x as f64, sq.y as f64);
            let line = (w * 0.07).max(2.0);
            self.ctx.set_stroke_style_str(GOLD);
            self.ctx.set_line_width(line);
            self.ctx
                .stroke_rect(l + line / 2.0, t + line / 2.0, w - line, h - line);
        }
    }

    fn paint_marks(&self, model: &BoardModel, overlay: &Overlay) {
        let ctx = self.ctx;
        for (sq, mark) in &overlay.targets {
            let (l, t, w, h) = self.square_rect(sq.x as f64, sq.y as f64);
            let (cx, cy) = (l + w / 2.0, t + h / 2.0);
            let mark_color = if on_outer_board(model, *sq) {
                OUTER_MOVE_MARK
            } else {
                MOVE_MARK
            };
            ctx.begin_path();
            match mark {
                Mark::Normal => {
                    ctx.set_fill_style_str(mark_color);
                    ctx.arc(cx, cy, w * 0.16, 0.0, std::f64::consts::TAU).ok();
                    ctx.fill();
                }
                Mark::Capture => {
                    ctx.set_stroke_style_str(mark_color);
                    ctx.set_line_width(w * 0.09);
                    ctx.arc(cx, cy, w * 0.44, 0.0, std::f64::consts::TAU).ok();
                    ctx.stroke();
                }
                Mark::Castle => {
                    let line = w * 0.1;
                    ctx.set_stroke_style_str(GOLD);
                    ctx.set_line_width(line);
                    rounded_rect(
                        ctx,
                        l + line,
                        t + line,
                        w - 2.0 * line,
                        h - 2.0 * line,
                        line,
                    );
                    ctx.stroke();
                    if model.piece_at(*sq).is_none() {
                        ctx.begin_path();
                        ctx.set_fill_style_str(GOLD);
                        ctx.arc(cx, cy, w * 0.16, 0.0, std::f64::consts::TAU).ok();
                        ctx.fill();
                    }
                }
            }
        }
    }

    fn paint_coordinates(&self, model: &BoardModel, inner: Option<(f64, f64)>) {
        let ctx = self.ctx;
        let s = self.geometry.square() * self.dpr;
        let font = (s * 0.22).clamp(9.0 * self.dpr, 15.0 * self.dpr);
        ctx.set_font(&format!("600 {font}px system-ui, sans-serif"));
        // The lower-left edge of what is shown: a zoomed view's, or the whole board's.
        let (left_file, bottom_rank) = self.geometry.label_file_and_rank();
        let pad = s * 0.06;
        for x in 0..model.files {
            let (l, t, w, h) = self.square_rect(x as f64, bottom_rank as f64);
            ctx.set_fill_style_str(self.label_color(model, inner, Sq::new(x, bottom_rank)));
            ctx.set_text_align("right");
            ctx.set_text_baseline("bottom");
            let file = ((b'a' + x as u8) as char).to_string();
            ctx.fill_text(&file, l + w - pad, t + h - pad * 0.5).ok();
        }
        for y in 0..model.ranks {
            let (l, t, _, _) = self.square_rect(left_file as f64, y as f64);
            ctx.set_fill_style_str(self.label_color(model, inner, Sq::new(left_file, y)));
            ctx.set_text_align("left");
            ctx.set_text_baseline("top");
            ctx.fill_text(&(y + 1).to_string(), l + pad, t + pad * 0.5)
                .ok();
        }
    }

    /// A label colour that contrasts with whatever square it is printed on; `inner` is where
    /// relative chess's inner board is drawn in this frame.
    fn label_color(&self, model: &BoardModel, inner: Option<(f64, f64)>, sq: Sq) -> &'static str {
        let light = (sq.x + sq.y) % 2 == 1;
        match inner {
            Some((ox, oy)) => {
                let (x, y) = (sq.x as f64, sq.y as f64);
                let on_inner = x > ox - 0.5 && x < ox + 7.5 && y > oy - 0.5 && y < oy + 7.5;
                // The outer board's letters are read across the inner board too: dark ink on
                // both of its colours, not the faint two-tone of a plain board.
                if on_inner {
                    INNER_LABEL
                } else {
                    OUTER_LABEL
                }
            }
            None => {
                let on_board =
                    !model.tiled || !model.blocked.contains(&Sq::new(sq.x & !1, sq.y & !1));
                match (on_board, light) {
                    (true, true) => self.palette.dark,
                    (true, false) => self.palette.light,
                    (false, _) => OUTER_LABEL,
                }
            }
        }
    }

    fn paint_sprites(&self, animation: &Animation, phase: usize, t: f64) {
        for sprite in &animation.sprites {
            let (x, y) = along(&sprite.path, phase, t);
            let alpha = match sprite.vanish_phase {
                Some(p) if phase == p => 1.0 - t,
                Some(p) if phase > p => 0.0,
                _ => 1.0,
            };
            if alpha > 0.0 {
                self.draw_piece(sprite.piece, x, y, alpha);
            }
        }
    }

    fn draw_piece(&self, piece: PieceId, x: f64, y: f64, alpha: f64) {
        let s = self.geometry.square();
        let (left, top) = self.geometry.corner(x, y);
        self.draw_piece_at_css(piece, left, top, s, alpha);
    }

    fn draw_piece_at_css(&self, piece: PieceId, left: f64, top: f64, size: f64, alpha: f64) {
        let d = self.dpr;
        let margin = size * 0.04;
        self.ctx.set_global_alpha(alpha.clamp(0.0, 1.0));
        self.pieces.draw(
            self.ctx,
            &piece.image_key(),
            ((left + margin) * d).round(),
            ((top + margin) * d).round(),
            ((size - 2.0 * margin) * d).round(),
        );
        self.ctx.set_global_alpha(1.0);
    }
}

/// Relative chess: whether `sq` lies on the dark outer board, off the inner 8×8 board.
fn on_outer_board(model: &BoardModel, sq: Sq) -> bool {
    model
        .inner_origin
        .is_some_and(|o| !((o.x..o.x + 8).contains(&sq.x) && (o.y..o.y + 8).contains(&sq.y)))
}

fn rounded_rect(ctx: &CanvasRenderingContext2d, x: f64, y: f64, w: f64, h: f64, r: f64) {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    ctx.begin_path();
    ctx.move_to(x + r, y);
    ctx.arc_to(x + w, y, x + w, y + h, r).ok();
    ctx.arc_to(x + w, y + h, x, y + h, r).ok();
    ctx.arc_to(x, y + h, x, y, r).ok();
    ctx.arc_to(x, y, x + w, y, r).ok();
    ctx.close_path();
}
