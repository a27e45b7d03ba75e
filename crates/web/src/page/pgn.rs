//! The page's PGN and position controls: the copy buttons (Clipboard API, with a message
//! when the copy is done or refused), Save PGN (a download), the import box, and the start
//! screen's "From position" field. The controller (`crate::pgn_io`) makes and reads the texts.

use super::dom::{self, by_id, create, listen};
use super::{dispatch, Page, Redraw};
use crate::app::App;
use crate::pgn_io::CopyKind;
use crate::state::GameConfig;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlElement;

const PASTE_BOX: &str = "pgn-paste";
const START_POSITION: &str = "start-position";

/// Binds the buttons; a missing element only leaves its feature out.
pub fn wire() {
    let copies = [
        ("btn-copy-pgn", CopyKind::Pgn),
        ("btn-copy-position", CopyKind::Position),
        ("btn-copy-moves", CopyKind::Moves),
    ];
    for (id, kind) in copies {
        if let Ok(button) = by_id::<HtmlElement>(id) {
            listen(&button, "click", move |_: web_sys::Event| {
                dispatch(move |page| {
                    copy(page, kind);
                    Redraw::All
                })
            });
        }
    }
    if let Ok(button) = by_id::<HtmlElement>("btn-save-pgn") {
        listen(&button, "click", |_: web_sys::Event| {
            dispatch(|page| {
                save_pgn(page);
                Redraw::All
            })
        });
    }
    if let Ok(button) = by_id::<HtmlElement>("btn-import") {
        listen(&button, "click", |_: web_sys::Event| {
            dispatch(|page| {
                let text = field_value(PASTE_BOX);
                if page.app.import_text("the pasted text", &text) {
                    set_field_value(PASTE_BOX, "");
                }
                Redraw::All
            })
        });
    }
}

/// Start game on the start screen: from the pasted position when one is given.
pub fn start_game(app: &mut App, config: GameConfig) -> Result<(), String> {
    app.start_game_from(config, &field_value(START_POSITION))
}

fn iso_now() -> Option<String> {
    js_sys::Date::new_0().to_iso_string().as_string()
}

/// Puts the text on the clipboard; the message says when it is there, or why not (the text
/// then waits in the import box to be copied by hand).
fn copy(page: &mut Page, kind: CopyKind) {
    let Some(text) = page.app.copy_text(kind, iso_now().as_deref()) else {
        return;
    };
    let navigator = dom::window().navigator();
    // Reading the property first: without a secure context there is no clipboard object, and
    // calling through a missing one would throw inside the app.
    let has_clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .is_ok_and(|clipboard| !clipboard.is_undefined() && !clipboard.is_null());
    if !has_clipboard {
        set_field_value(PASTE_BOX, &text);
        page.app
            .report_copy(kind, Err("this page has no clipboard access".to_string()));
        return;
    }
    let promise = navigator.clipboard().write_text(&text);
    // Each closure runs at most once; like the page's other promise handlers they are kept
    // alive by forgetting them (a few bytes per copy).
    let done = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        dispatch(move |page| {
            page.app.report_copy(kind, Ok(()));
            Redraw::All
        });
    });
    let failed = Closure::<dyn FnMut(JsValue)>::new(move |error: JsValue| {
        let reason = error
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|| "the browser refused".to_string());
        let text = text.clone();
        dispatch(move |page| {
            set_field_value(PASTE_BOX, &text);
            page.app.report_copy(kind, Err(reason));
            Redraw::All
        });
    });
    let _ = promise.then2(&done, &failed);
    done.forget();
    failed.forget();
}

/// Offers the game's PGN as a `.pgn` download.
fn save_pgn(page: &mut Page) {
    let Some(game) = page.app.game() else { return };
    let variant = game.session.variant();
    let Some(text) = page.app.copy_text(CopyKind::Pgn, iso_now().as_deref()) else {
        return;
    };
    let date: String = iso_now().unwrap_or_default().chars().take(10).collect();
    let name = format!("boardshift-{}-{date}.pgn", variant.name());
    page.app.message = match download(&name, &text) {
        Ok(()) => format!("Saved as {name}."),
        Err(()) => "Could not save the PGN: this browser refused to make the file".to_string(),
    };
}

fn download(name: &str, text: &str) -> Result<(), ()> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/x-chess-pgn");
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|_| ())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| ())?;
    let link: web_sys::HtmlAnchorElement = create("a", "").unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    web_sys::Url::revoke_object_url(&url).ok();
    Ok(())
}

/// The value of a text field or text area (empty when it is missing).
fn field_value(id: &str) -> String {
    dom::document()
        .get_element_by_id(id)
        .and_then(|element| js_sys::Reflect::get(&element, &JsValue::from_str("value")).ok())
        .and_then(|value| value.as_string())
        .unwrap_or_default()
}

fn set_field_value(id: &str, text: &str) {
    if let Some(element) = dom::document().get_element_by_id(id) {
        js_sys::Reflect::set(
            &element,
            &JsValue::from_str("value"),
            &JsValue::from_str(text),
        )
        .ok();
    }
}
