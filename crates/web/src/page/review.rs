//! The page's side of the post-game review: the Review button, the review's own worker (an
//! instance of web/worker.js beside the analysis one, so neither cuts the other short) and the
//! progress or summary line. The marks in the move list are added where the panel is drawn.

use super::dom::{by_id, listen, set_text};
use super::worker_link::{self, Handlers};
use super::{dispatch, Redraw};
use crate::app::App;
use crate::review::ReviewEffect;
use std::cell::RefCell;
use web_sys::{HtmlElement, Worker};

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
        ReviewEffect::Stop => worker_link::stop(&WORKER),
        ReviewEffect::Ask(text) => {
            let posted = worker_link::post(&WORKER, HANDLERS, &text);
            if !posted {
                app.review_failed("The review is not available in this browser.");
            }
        }
    }
}

const HANDLERS: Handlers = Handlers {
    reply: |page, text| {
        if page.app.review_reply(&text) {
            Redraw::All
        } else {
            Redraw::Nothing
        }
    },
    failed: |page| {
        page.app
            .review_failed("The review could not start in this browser.");
        Redraw::All
    },
};

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
