//! The page's side of analysis: the analysis worker (a second instance of web/worker.js, so
//! that the computer opponent's search is never cut short by it), the Analysis and Hint
//! buttons, and the evaluation bar and best line drawn from the controller's state.

use super::dom::{by_id, listen, set_text};
use super::worker_link::{self, Handlers};
use super::{dispatch, Redraw};
use crate::analysis::{score_label, white_share, AnalysisEffect};
use crate::app::App;
use std::cell::RefCell;
use web_sys::{HtmlElement, Worker};

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Binds the Analysis and Hint buttons (elements missing from the page leave them unbound).
pub fn wire() {
    if let Ok(button) = by_id::<HtmlElement>("btn-analysis") {
        listen(&button, "click", |_: web_sys::Event| {
            dispatch(|page| {
                page.app.toggle_analysis();
                Redraw::All
            })
        });
    }
    if let Ok(button) = by_id::<HtmlElement>("btn-hint") {
        listen(&button, "click", |_: web_sys::Event| {
            dispatch(|page| {
                page.app.ask_hint();
                Redraw::All
            })
        });
    }
}

/// Carries out one of the controller's analysis effects.
pub fn carry_out(app: &mut App, effect: AnalysisEffect) {
    match effect {
        AnalysisEffect::Review(effect) => super::review::carry_out(app, effect),
        AnalysisEffect::Stop => worker_link::stop(&WORKER),
        AnalysisEffect::Ask(text) => {
            let posted = worker_link::post(&WORKER, HANDLERS, &text);
            if !posted {
                app.analysis_failed("Analysis is not available in this browser.");
            }
        }
    }
}

const HANDLERS: Handlers = Handlers {
    reply: |page, text| {
        // A report changes only the bar and the line: drawing just those keeps each report's
        // work on the page thread small. The board is painted again only when the engine's
        // arrow moves.
        let arrows = |app: &App| (app.analysis.best_squares(), app.analysis.hint_squares());
        let arrow_before = arrows(&page.app);
        if page.app.analysis_reply(&text) {
            render(&page.app);
        }
        if arrows(&page.app) != arrow_before {
            Redraw::Board
        } else {
            Redraw::Nothing
        }
    },
    failed: |page| {
        page.app
            .analysis_failed("Analysis could not start in this browser.");
        Redraw::All
    },
};

/// Shows the buttons, the bar and the line as the controller's state says.
pub fn render(app: &App) {
    let (Ok(toggle), Ok(hint), Ok(bar), Ok(fill), Ok(label), Ok(line)) = (
        by_id::<HtmlElement>("btn-analysis"),
        by_id::<HtmlElement>("btn-hint"),
        by_id::<HtmlElement>("eval-bar"),
        by_id::<HtmlElement>("eval-fill"),
        by_id::<HtmlElement>("eval-label"),
        by_id::<HtmlElement>("analysis-line"),
    ) else {
        return;
    };
    let analysis = &app.analysis;
    toggle.set_hidden(!app.analysis_available());
    toggle
        .set_attribute("aria-pressed", if analysis.on { "true" } else { "false" })
        .ok();
    hint.set_hidden(!app.hint_available());
    let view = analysis.view();
    let report = analysis.shown_report();
    bar.set_hidden(!(analysis.on && view.allowed));
    // White's share fills from White's side of the board.
    let flipped = app.game().is_some_and(|game| game.flipped);
    bar.class_list().toggle_with_force("flipped", flipped).ok();
    let share = report.map_or(0.5, white_share);
    fill.style()
        .set_property("height", &format!("{:.1}%", share * 100.0))
        .ok();
    set_text(&label, &report.map_or(String::new(), score_label));
    bar.set_attribute("data-white-share", &format!("{share:.3}"))
        .ok();
    let mut words = Vec::new();
    if let Some(report) = report {
        words.push(format!(
            "{} (depth {}): {}",
            score_label(report),
            report.depth,
            report.line.join(" ")
        ));
    } else if analysis.on && view.allowed && view.running {
        words.push("Analysing…".to_string());
    }
    if let Some(hint) = view.hint.as_ref().and_then(|h| h.line.first()) {
        words.push(format!("Hint: {hint}"));
    } else if view.hint_pending {
        words.push("Looking for a hint…".to_string());
    }
    line.set_hidden(words.is_empty());
    set_text(&line, &words.join(" · "));
}
