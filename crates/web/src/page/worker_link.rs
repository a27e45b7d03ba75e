//! The page's end of the search workers (`web/worker.js`): the computer opponent's, and the
//! analysis's and review's own instances kept in slots; starting them and turning their
//! messages into controller jobs.

use super::dom::listen;
use super::{dispatch, Page, Redraw};
use std::cell::RefCell;
use std::thread::LocalKey;
use wasm_bindgen::JsValue;
use web_sys::{MessageEvent, Worker};

/// What a worker's messages do, each run as a controller job: a reply's text, and a failure
/// to start.
#[derive(Clone, Copy)]
pub struct Handlers {
    pub reply: fn(&mut Page, String) -> Redraw,
    pub failed: fn(&mut Page) -> Redraw,
}

/// A worker slot of the page: empty until first asked, emptied when stopped.
pub type Slot = LocalKey<RefCell<Option<Worker>>>;

/// Starts a worker with these handlers; `None` when this browser cannot.
pub fn spawn_with(handlers: Handlers) -> Option<Worker> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = Worker::new_with_options("worker.js", &options).ok()?;
    listen(&worker, "message", move |event: MessageEvent| {
        if let Some(text) = event.data().as_string() {
            dispatch(move |page| (handlers.reply)(page, text));
        }
    });
    listen(&worker, "error", move |_: web_sys::Event| {
        dispatch(move |page| (handlers.failed)(page));
    });
    Some(worker)
}

/// Starts the computer opponent's worker; `None` when this browser cannot.
pub fn spawn() -> Option<Worker> {
    spawn_with(Handlers {
        reply: |page, text| {
            page.app.worker_reply(&text);
            Redraw::All
        },
        failed: |page| {
            page.app
                .worker_failed("The computer opponent could not start in this browser.");
            Redraw::All
        },
    })
}

/// Posts `text` to the slot's worker, starting it first if needed; `false` when it cannot.
pub fn post(slot: &'static Slot, handlers: Handlers, text: &str) -> bool {
    slot.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            *slot = spawn_with(handlers);
        }
        slot.as_ref()
            .is_some_and(|worker| worker.post_message(&JsValue::from_str(text)).is_ok())
    })
}

/// Ends the slot's worker (its search is no longer wanted).
pub fn stop(slot: &'static Slot) {
    slot.with(|slot| {
        if let Some(worker) = slot.borrow_mut().take() {
            worker.terminate();
        }
    });
}
