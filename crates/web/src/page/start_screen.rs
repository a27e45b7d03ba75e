//! The start screen: the option rows of the chosen game, the rules dialog, and reading the
//! form into a game (`start_form::StartChoices`).

use super::dom::{by_id, create, listen, query_all};
use super::elements::Elements;
use super::{dispatch, Redraw};
use crate::start_form::StartChoices;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement};

pub fn wire(el: &Elements) {
    for n in 10..=26 {
        let option = create("option", "");
        option.set_text_content(Some(&format!("{n}×{n}")));
        option.set_attribute("value", &n.to_string()).ok();
        if n == 16 {
            option.set_attribute("selected", "").ok();
        }
        el.size_select.append_child(&option).ok();
    }
    let sync = |_: web_sys::Event| {
        dispatch(|page| {
            sync_option_rows(&page.el);
            Redraw::Nothing
        })
    };
    for input in query_all("input[name=variant]") {
        listen(&input, "change", sync);
    }
    listen(&el.opponent, "change", sync);
    listen(&el.time, "change", sync);
    sync_option_rows(el);
    listen(&el.start_form, "submit", |event: web_sys::Event| {
        event.prevent_default()
    });
    listen(&el.start_rules, "click", |_: web_sys::Event| {
        dispatch(|page| {
            open_rules(&page.el, &checked_variant());
            Redraw::Nothing
        })
    });
    listen(&el.rules_button, "click", |_: web_sys::Event| {
        dispatch(|page| {
            let variant = page
                .app
                .game()
                .map(|g| g.session.variant().name().to_string())
                .unwrap_or_else(checked_variant);
            open_rules(&page.el, &variant);
            Redraw::Nothing
        })
    });
    for tab in query_all("[data-rules]") {
        let name = tab.get_attribute("data-rules").unwrap_or_default();
        listen(&tab, "click", move |_: web_sys::Event| {
            show_rules_page(&name)
        });
    }
    if let Ok(resume) = by_id::<HtmlElement>("resume-game") {
        listen(&resume, "click", |_: web_sys::Event| {
            dispatch(|page| {
                page.app.resume_paused();
                Redraw::All
            })
        });
    }
    listen(&el.start_game, "click", |_: web_sys::Event| {
        dispatch(|page| {
            let choices = read_form(&page.el);
            match choices.config() {
                Ok(config) => {
                    if page.app.start_game(config).is_ok() {
                        if let Some(correction) = choices.clock_correction() {
                            page.app.message = correction;
                        }
                    }
                }
                Err(error) => {
                    page.app.start_notice = Some(format!("Cannot start this game: {error}."))
                }
            }
            Redraw::All
        })
    });
}

fn checked_variant() -> String {
    query_all("input[name=variant]")
        .into_iter()
        .filter_map(|e| e.dyn_into::<HtmlInputElement>().ok())
        .find(HtmlInputElement::checked)
        .map(|e| e.value())
        .unwrap_or_else(|| "standard".into())
}

/// Shows the option rows of the chosen game, the level only against the computer, and the
/// custom clock fields when chosen.
fn sync_option_rows(el: &Elements) {
    let variant = checked_variant();
    for row in query_all(".opt[data-variants]") {
        let variants = row.get_attribute("data-variants").unwrap_or_default();
        let visible = variants.split_whitespace().any(|v| v == variant);
        row.unchecked_ref::<HtmlElement>().set_hidden(!visible);
    }
    el.level_row.set_hidden(el.opponent.value() == "hotseat");
    el.custom_time.set_hidden(el.time.value() != "custom");
}

/// The game chosen on the start screen (an online room is created with it too).
pub fn read_config(el: &Elements) -> Result<crate::state::GameConfig, String> {
    read_form(el).config()
}

fn read_form(el: &Elements) -> StartChoices {
    let variant = checked_variant();
    let mut options: std::collections::BTreeMap<String, String> = el
        .option_selects
        .iter()
        .map(|(key, select)| (key.to_string(), select.value()))
        .collect();
    if variant == "chess960" {
        // Chess960's `start` (a number, empty for random) has its own field beside
        // regroupment's `start` select.
        let number = by_id::<HtmlInputElement>("opt-chess960-start")
            .map(|input| input.value().trim().to_string())
            .unwrap_or_default();
        options.insert("start".to_string(), number);
    }
    StartChoices {
        variant,
        options,
        opponent: el.opponent.value(),
        level: el.level.value(),
        time: el.time.value(),
        custom_minutes: el.custom_minutes.value_as_number(),
        custom_increment_s: el.custom_increment.value_as_number(),
    }
}

fn open_rules(el: &Elements, variant: &str) {
    show_rules_page(variant);
    let dialog = &el.rules;
    let show_modal = js_sys::Reflect::get(dialog, &"showModal".into()).ok();
    if let Some(function) = show_modal.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        function.call0(dialog).ok();
    }
}

fn show_rules_page(page: &str) {
    for section in query_all("#rules section[data-page]") {
        let visible = section.get_attribute("data-page").as_deref() == Some(page);
        section.unchecked_ref::<HtmlElement>().set_hidden(!visible);
    }
    for tab in query_all("[data-rules]") {
        let current = tab.get_attribute("data-rules").as_deref() == Some(page);
        tab.set_attribute("aria-current", if current { "true" } else { "false" })
            .ok();
    }
}

/// Offers the game left for the start screen back ("Resume game").
pub fn show_resume(offered: bool) {
    if let Ok(row) = by_id::<HtmlElement>("resume-row") {
        row.set_hidden(!offered);
    }
}
