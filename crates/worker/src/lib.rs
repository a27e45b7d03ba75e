//! The browser's search worker, a wasm module of its own so that the page's module carries no
//! search: the request and reply types shared with the page (`protocol`), the computer's move
//! (`think`), and the export that web/worker.js calls for each message (with the `entry`
//! feature, on wasm32 only).

pub mod protocol;
pub mod think;

pub use protocol::{ThinkReply, ThinkRequest};
pub use think::handle;

/// Called by web/worker.js for each message from the page: a request as JSON text, the reply
/// as JSON text.
#[cfg(all(target_arch = "wasm32", feature = "entry"))]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn worker_handle(request: &str) -> String {
    serde_json::to_string(&handle(request))
        .unwrap_or_else(|_| r#"{"id":0,"text":null,"error":"reply not serialisable"}"#.into())
}
