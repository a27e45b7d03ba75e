//! The page's words with the search worker: the request and reply types are the worker crate's
//! own (crates/worker), used here without its wasm entry, so the page's module holds no search.

pub use boardshift_worker::protocol::{ThinkReply, ThinkRequest};

#[cfg(test)]
pub use boardshift_worker::handle;
