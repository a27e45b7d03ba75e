//! The page's end of the computer opponent's Web Worker (`web/worker.js`): starting it and
//! turning its messages into controller events.

use super::dom::listen;
use super::{dispatch, Redraw};
use web_sys::{MessageEvent, Worker};

/// Starts the worker; `None` when this browser cannot.
pub fn spawn() -> Option<Worker> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = Worker::new_with_options("worker.js", &options).ok()?;
    listen(&worker, "message", |event: MessageEvent| {
        if let Some(text) = event.data().as_string() {
            dispatch(move |page| {
                page.app.worker_reply(&text);
                Redraw::All
            });
        }
    });
    listen(&worker, "error", |_: web_sys::Event| {
        dispatch(|page| {
            page.app
                .worker_failed("The computer opponent could not start in this browser.");
            Redraw::All
        });
    });
    Some(worker)
}
