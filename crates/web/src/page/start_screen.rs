//! The start screen: the option rows of every game (built from `start_form::option_rows`,
//! the rules' option schema) with those of the chosen game shown, the rules dialog, and
//! reading the form into a game (`start_form::StartChoices`).

use super::dom::{by_id, create, listen, query_all};
use super::elements::Elements;
use super::{dispatch, Redraw};
use crate::start_form::{option_rows, OptionControl, OptionRow, StartChoices};
use rules::VariantKind;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement};

/// Adds the option rows to the form's options fieldset.
fn build_option_rows() {
    let Ok(fieldset) = by_id::<HtmlElement>("options") else {
        return;
    };
    for row in option_rows() {
        fieldset.append_child(&option_row(&row)).ok();
    }
}

fn option_row(row: &OptionRow) -> HtmlElement {
    let div = create("div", "opt");
    let variants: Vec<&str> = row.variants.iter().map(|v| v.name()).collect();
    div.set_attribute("data-variants", &variants.join(" ")).ok();
    let label = create("label", "");
    label.set_attribute("for", &row.id).ok();
    label.set_text_content(Some(&row.label));
    let control = match &row.control {
        OptionControl::Select { choices, selected } => {
            let select = create("select", "");
            for (value, text) in choices {
                let option = create("option", "");
                option.set_attribute("value", value).ok();
                option.set_text_content(Some(text));
                if value == selected {
                    option.set_attribute("selected", "").ok();
                }
                select.append_child(&option).ok();
            }
            select
        }
        OptionControl::Number { min, max, word } => {
            let input = create("input", "");
            for (name, value) in [
                ("type", "number"),
                ("min", &min.to_string()),
                ("max", &max.to_string()),
                ("step", "1"),
                ("placeholder", word),
            ] {
                input.set_attribute(name, value).ok();
            }
            input
        }
    };
    control.set_id(&row.id);
    let help = create("small", "");
    help.set_text_content(Some(&row.help));
    for child in [&label, &control, &help] {
        div.append_child(child).ok();
    }
    div
}

pub fn wire(el: &Elements) {
    build_option_rows();
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
                    if super::pgn::start_game(&mut page.app, config).is_ok() {
                        if let Some(correction) = choices.clock_correction() {
                            page.app.message = correction;
                        }
                        if let Some(notice) = choices.random_colour_notice() {
                            page.app.message = notice;
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
    let chosen = VariantKind::from_name(&variant);
    let options = option_rows()
        .into_iter()
        .filter(|row| chosen.is_some_and(|kind| row.variants.contains(&kind)))
        .filter_map(|row| Some((row.key.to_string(), control_value(&row.id)?)))
        .collect();
    StartChoices {
        variant,
        options,
        opponent: el.opponent.value(),
        level: el.level.value(),
        time: el.time.value(),
        custom_minutes: el.custom_minutes.value_as_number(),
        custom_increment_s: el.custom_increment.value_as_number(),
        colour_seed: (js_sys::Math::random() * 4_294_967_295.0) as u64,
    }
}

/// The value of an option row's select or number field.
fn control_value(id: &str) -> Option<String> {
    let element = by_id::<HtmlElement>(id).ok()?;
    if let Some(select) = element.dyn_ref::<HtmlSelectElement>() {
        return Some(select.value());
    }
    let input = element.dyn_ref::<HtmlInputElement>()?;
    Some(input.value().trim().to_string())
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
