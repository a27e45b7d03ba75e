//! The board's piece images: the chosen set's SVG files, each drawn once per size into a small
//! canvas of its own, which the board then copies. Drawing an SVG image on the canvas makes the
//! browser lay out and paint the image's document and rasterise its paths again on every
//! draw, for each of up to 32 pieces in every animation frame; copying a ready bitmap costs
//! a fraction of that.

use super::dom;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement};

/// Sizes are few (the board's square, the dragged piece's, a resize's new ones); past this
/// many bitmaps the oldest sizes are no longer worth keeping, and all are dropped at once.
const MAX_BITMAPS: usize = 64;

/// The pieces' keys, which name their image files.
const KEYS: [&str; 12] = [
    "wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP",
];

/// The twelve images of a piece set, in the order of [`KEYS`], and their bitmaps by the
/// key's index and the size, so that finding one in a frame allocates nothing.
pub struct PieceImages {
    images: Vec<HtmlImageElement>,
    bitmaps: RefCell<HashMap<(usize, u32), HtmlCanvasElement>>,
}

impl PieceImages {
    /// Starts loading every piece of a set; `on_load` runs as each image arrives.
    pub fn load(
        url: impl Fn(&str) -> String,
        on_load: fn(),
    ) -> Result<Self, wasm_bindgen::JsValue> {
        let mut images = Vec::with_capacity(KEYS.len());
        for key in KEYS {
            let image = HtmlImageElement::new()?;
            dom::listen(&image, "load", move |_: web_sys::Event| on_load());
            image.set_src(&url(key));
            images.push(image);
        }
        Ok(PieceImages {
            images,
            bitmaps: RefCell::new(HashMap::new()),
        })
    }

    /// Loads another set into the same images; the old set's bitmaps are dropped.
    pub fn change_set(&mut self, url: impl Fn(&str) -> String) {
        for (key, image) in KEYS.iter().zip(&self.images) {
            image.set_src(&url(key));
        }
        self.bitmaps.get_mut().clear();
    }

    /// Whether every image has arrived (loaded or failed).
    pub fn all_complete(&self) -> bool {
        self.images.iter().all(HtmlImageElement::complete)
    }

    /// Draws the piece `key` as a square of `size` device pixels with its top left corner at
    /// (`x`, `y`), also in device pixels (all whole numbers, so the copy is pixel for pixel).
    /// Nothing is drawn while the image is still loading or failed to load.
    pub fn draw(&self, ctx: &CanvasRenderingContext2d, key: &str, x: f64, y: f64, size: f64) {
        let Some(bitmap) = self.bitmap(key, size) else {
            return;
        };
        ctx.draw_image_with_html_canvas_element(&bitmap, x, y).ok();
    }

    fn bitmap(&self, key: &str, size: f64) -> Option<HtmlCanvasElement> {
        let pixels = size.round();
        if !(1.0..=4096.0).contains(&pixels) {
            return None;
        }
        let pixels = pixels as u32;
        let index = KEYS.iter().position(|known| *known == key)?;
        let cache_key = (index, pixels);
        if let Some(bitmap) = self.bitmaps.borrow().get(&cache_key) {
            return Some(bitmap.clone());
        }
        let image = self.images.get(index)?;
        if !image.complete() || image.natural_width() == 0 {
            return None;
        }
        let bitmap: HtmlCanvasElement = dom::document()
            .create_element("canvas")
            .ok()?
            .dyn_into()
            .ok()?;
        bitmap.set_width(pixels);
        bitmap.set_height(pixels);
        let ctx: CanvasRenderingContext2d = bitmap.get_context("2d").ok()??.dyn_into().ok()?;
        let side = f64::from(pixels);
        ctx.draw_image_with_html_image_element_and_dw_and_dh(image, 0.0, 0.0, side, side)
            .ok()?;
        let mut bitmaps = self.bitmaps.borrow_mut();
        if bitmaps.len() >= MAX_BITMAPS {
            bitmaps.clear();
        }
        bitmaps.insert(cache_key, bitmap.clone());
        Some(bitmap)
    }
}
