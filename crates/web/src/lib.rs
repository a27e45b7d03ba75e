//! The browser app (wasm-bindgen + web-sys).
