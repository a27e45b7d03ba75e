//! The Boardshift browser app (wasm-bindgen + web-sys): the canvas board and controls on the
//! page (`start_app`), and the computer opponent's entry in its Web Worker (`worker_handle`).
//! Everything compiles natively too, so the pure parts are unit-tested with `cargo test`.

pub mod anim;
pub mod app;
pub mod dom;
pub mod geometry;
pub mod model;
pub mod render;
pub mod session;
pub mod state;
pub mod worker;

use wasm_bindgen::prelude::*;

/// Called once by main.js after the module loaded: builds the app on the page.
#[wasm_bindgen]
pub fn start_app() -> Result<(), JsValue> {
    app::start()
}
