//! The settings dialog and its storage: the gear button opens it, every control change takes
//! effect at once and is kept in the browser's storage under `SETTINGS_KEY`; also the bar that
//! asks to confirm a held move, and the piece images of the chosen set.

use super::dom::{by_id, listen, query_all};
use super::{dispatch, Page, Redraw};
use crate::settings::{ControlValue, PieceSet, Settings, SETTINGS_KEY};
use std::cell::Cell;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlSelectElement, Storage};

thread_local! {
    /// The chosen piece set, for piece images made outside the board (chooser, captures).
    static PIECE_SET: Cell<PieceSet> = const { Cell::new(PieceSet::Classic) };
}

fn local_storage() -> Option<Storage> {
    super::dom::window().local_storage().ok().flatten()
}

fn stored_text() -> Option<String> {
    local_storage()?.get_item(SETTINGS_KEY).ok().flatten()
}

/// The kept settings; missing or unreadable ones are the defaults.
pub fn stored() -> Settings {
    stored_text()
        .map(|text| Settings::from_json(&text))
        .unwrap_or_default()
}

fn store(settings: &Settings) {
    if let Some(storage) = local_storage() {
        storage.set_item(SETTINGS_KEY, &settings.to_json()).ok();
    }
}

/// The image of a piece (e.g. `wN`) in the chosen set.
pub fn piece_url(key: &str) -> String {
    PIECE_SET.with(Cell::get).image_url(key)
}

/// Makes the page follow `settings`: the controller, and the board's piece images.
pub fn apply(page: &mut Page, settings: Settings) {
    if PIECE_SET.with(Cell::get) != settings.piece_set {
        PIECE_SET.with(|set| set.set(settings.piece_set));
        page.pieces.change_set(piece_url);
        // Piece images in the panel are made again with the new set.
        page.shown_panel = None;
        page.shown_promotion = None;
    }
    page.app.set_settings(settings);
}

/// The controls of the dialog: each carries the name of its field in `data-setting`.
fn controls() -> Vec<Element> {
    query_all("#settings [data-setting]")
}

fn show_in_dialog(settings: &Settings) {
    let values = settings.control_values();
    for control in controls() {
        let field = control.get_attribute("data-setting").unwrap_or_default();
        let Some((_, value)) = values.iter().find(|(name, _)| *name == field) else {
            continue;
        };
        match (value, control.dyn_ref::<HtmlSelectElement>()) {
            (ControlValue::Choice(name), Some(select)) => select.set_value(name),
            (ControlValue::Switch(on), None) => {
                if let Some(input) = control.dyn_ref::<HtmlInputElement>() {
                    input.set_checked(*on);
                }
            }
            _ => {}
        }
    }
}

fn read_dialog() -> Settings {
    let mut values = Vec::new();
    for control in controls() {
        let field = control.get_attribute("data-setting").unwrap_or_default();
        if let Some(select) = control.dyn_ref::<HtmlSelectElement>() {
            values.push((field, ControlValue::Choice(select.value())));
        } else if let Some(input) = control.dyn_ref::<HtmlInputElement>() {
            values.push((field, ControlValue::Switch(input.checked())));
        }
    }
    Settings::from_controls(&values)
}

pub fn wire() {
    if let Ok(button) = by_id::<HtmlElement>("btn-settings") {
        listen(&button, "click", |_: web_sys::Event| {
            dispatch(|page| {
                // Read again: another part of the page (the sound toggle) may have written.
                let settings = stored();
                show_in_dialog(&settings);
                apply(page, settings);
                if let Ok(dialog) = by_id::<HtmlElement>("settings") {
                    let show_modal = js_sys::Reflect::get(&dialog, &"showModal".into()).ok();
                    if let Some(f) = show_modal.and_then(|f| f.dyn_into::<js_sys::Function>().ok())
                    {
                        f.call0(&dialog).ok();
                    }
                }
                Redraw::All
            })
        });
    }
    for control in controls() {
        listen(&control, "change", |_: web_sys::Event| {
            dispatch(|page| {
                let settings = read_dialog();
                store(&settings);
                apply(page, settings);
                super::sound::refresh_toggle();
                Redraw::All
            })
        });
    }
    for (id, confirm) in [("held-confirm", true), ("held-cancel", false)] {
        if let Ok(button) = by_id::<HtmlElement>(id) {
            listen(&button, "click", move |_: web_sys::Event| {
                dispatch(move |page| {
                    if confirm {
                        page.app.confirm_held_move();
                    } else {
                        page.app.cancel_held_move();
                    }
                    Redraw::All
                })
            });
        }
    }
}

/// The bar asking to confirm a held move.
pub fn render(page: &Page) {
    let Ok(bar) = by_id::<HtmlElement>("held-bar") else {
        return;
    };
    bar.set_hidden(page.app.held_move().is_none());
}
