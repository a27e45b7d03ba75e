//! The page's side of the post-game review: the Review button, the review's own worker (an
//! instance of web/worker.js beside the analysis one, so neither cuts the other short) and the
//! progress or summary line. The marks in the move list are added where the panel is drawn.

use super::dom::{by_id, listen, set_text};
use super::{dispatch, Redraw};
use crate::app::App;
use crate::review::ReviewEffect;
use std::cell::RefCell;
use wasm_bindgen::JsValue;
use web_sys::{HtmlElement, MessageEvent, Worker};

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Binds the Review button (a page without it leaves it unbound).
pub fn wire() {
    if let Ok(button) = by_id::<HtmlElement>("btn-review") {
        listen(&button, "click", |_: web_sys::Event| {
            dispatch(|page| {
                page.app.toggle_review();
                Redraw::All
            })
        });
    }
}

/// Carries out one of the controller's review effects.
pub fn carry_out(app: &mut App, effect: ReviewEffect) {
    match effect {
        ReviewEffect::Stop => WORKER.with(|slot| {
            if let Some(worker) = slot.borrow_mut().take() {
                worker.terminate();
            }
        }),
        ReviewEffect::Ask(text) => {
            let posted = WORKER.with(|slot| {
                let mut slot = slot.borrow_mut();
                if slot.is_none() {
                    *slot = spawn();
                }
                slot.as_ref()
                    .is_some_and(|worker| worker.post_message(&JsValue::from_str(&text)).is_ok())
            });
            if !posted {
                app.review_failed("The review is not available in this browser.");
            }
        }
    }
}

fn spawn() -> Option<Worker> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = Worker::new_with_options("worker.js", &options).ok()?;
    listen(&worker, "message", |event: MessageEvent| {
        if let Some(text) = event.data().as_string() {
            dispatch(move |page| {
                if page.app.review_reply(&text) {
                    Redraw::All
                } else {
                    Redraw::Nothing
                }
            });
        }
    });
    listen(&worker, "error", |_: web_sys::Event| {
        dispatch(|page| {
            page.app
                .review_failed("The review could not start in this browser.");
            Redraw::All
        });
    });
    Some(worker)
}

/// Shows the button and the progress or summary line as the controller's state says.
pub fn render(app: &App) {
    let (Ok(button), Ok(line)) = (
        by_id::<HtmlElement>("btn-review"),
        by_id::<HtmlElement>("review-line"),
    ) else {
        return;
    };
    let view = app.analysis.review.view();
    button.set_hidden(!app.review_available());
    set_text(
        &button,
        if view.running {
            "Stop review"
        } else {
            "Review"
        },
    );
    button
        .set_attribute("aria-pressed", if view.running { "true" } else { "false" })
        .ok();
    let text = if let Some(error) = &view.error {
        error.clone()
    } else if view.running {
        format!("Reviewing… {}/{}", view.evaluated, view.total)
    } else if view.done {
        view.summary.join(" · ")
    } else if view.total > 0 {
        format!("Review stopped at {}/{}.", view.evaluated, view.total)
    } else {
        String::new()
    };
    line.set_hidden(text.is_empty());
    set_text(&line, &text);
}
