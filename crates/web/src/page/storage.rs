//! The browser's storage and files: the autosave (and setting an unreadable one aside),
//! downloading a saved game, and reading a file picked for loading.

use super::dom::{self, create, listen};
use super::{dispatch, Redraw};
use crate::autosave::{set_aside_key, AUTOSAVE_KEY};
use rules::VariantKind;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlInputElement, Storage};

fn local_storage() -> Option<Storage> {
    dom::window().local_storage().ok().flatten()
}

pub fn read_autosave() -> Option<String> {
    local_storage()?.get_item(AUTOSAVE_KEY).ok().flatten()
}

/// Keeps the game in progress (`None`: removes the kept one).
pub fn write_autosave(saved: Option<&str>) {
    let Some(storage) = local_storage() else {
        return;
    };
    match saved {
        Some(json) => storage.set_item(AUTOSAVE_KEY, json).ok(),
        None => storage.remove_item(AUTOSAVE_KEY).ok(),
    };
}

/// Moves an unreadable autosave to a key of its own; returns that key, or `None` when it could
/// not be moved (it then stays where it is).
pub fn set_aside(text: &str) -> Option<String> {
    let storage = local_storage()?;
    let key = set_aside_key(text, |key| storage.get_item(key).ok().flatten())?;
    storage.set_item(&key, text).ok()?;
    storage.remove_item(AUTOSAVE_KEY).ok()?;
    Some(key)
}

/// Offers `json` as a download named after the game and today's date; returns the name.
pub fn download(variant: VariantKind, json: &str) -> Result<String, String> {
    let date: String = js_sys::Date::new_0()
        .to_iso_string()
        .as_string()
        .unwrap_or_default()
        .chars()
        .take(10)
        .collect();
    let name = format!("boardshift-{}-{date}.json", variant.name());
    let parts = js_sys::Array::of1(&JsValue::from_str(json));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let failed = |_| "this browser refused to make the file".to_string();
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let link: web_sys::HtmlAnchorElement = create("a", "").unchecked_into();
    link.set_href(&url);
    link.set_download(&name);
    link.click();
    web_sys::Url::revoke_object_url(&url).ok();
    Ok(name)
}

/// Reads the file picked for loading; a bad file leaves the current game untouched.
pub fn read_chosen_file(input: &HtmlInputElement) {
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    let name = file.name();
    let limit = rules::save::MAX_BYTES as f64;
    if file.size() > limit {
        let error = format!(
            "the file is too large for a saved game ({} bytes; the limit is {limit})",
            file.size()
        );
        dispatch(move |page| {
            page.app.report_load_failure(&name, &error);
            Redraw::All
        });
        return;
    }
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let reader_for_load = reader.clone();
    listen(&reader, "load", move |_: web_sys::Event| {
        let text = reader_for_load
            .result()
            .ok()
            .and_then(|r| r.as_string())
            .unwrap_or_default();
        let name = name.clone();
        dispatch(move |page| {
            page.app.import_text(&name, &text);
            Redraw::All
        });
    });
    reader.read_as_text(&file).ok();
}
