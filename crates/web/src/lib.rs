//! The Boardshift browser app (wasm-bindgen + web-sys): the canvas board and controls on the
//! page; the search runs in a Web Worker of its own module (crates/worker).
//!
//! The app is a controller (`app`) over pure parts — the game gateway (`session`), seats,
//! board input, clock, history, animation and the panel's contents — that compile and are
//! tested natively with `cargo test`. Only `page` (element handles, event binding, the canvas
//! painter, storage, the worker transport) needs the browser and is built for wasm32 alone.

pub mod analysis;
pub mod anim;
pub mod app;
pub mod autosave;
pub mod clock;
pub mod event_queue;
pub mod game_screen;
pub mod geometry;
pub mod history;
pub mod input;
pub mod marks;
pub mod model;
pub mod online;
pub mod opponent;
pub mod pgn_io;
pub mod premove;
pub mod review;
pub mod seat;
pub mod session;
pub mod settings;
pub mod sound;
pub mod start_form;
pub mod state;
pub mod view;
pub mod worker;

#[cfg(target_arch = "wasm32")]
pub mod page;
