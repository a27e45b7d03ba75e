//! Small helpers over web-sys: the window and document, element look-ups, visibility, and
//! event listeners that live as long as the page.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement, Window};

pub fn window() -> Window {
    web_sys::window().expect("the app runs in a browser window")
}

pub fn document() -> Document {
    window().document().expect("the window has a document")
}

/// The element with this id, of type `T`; a missing or different element is an error naming
/// the id (the page and the app are out of step).
pub fn by_id<T: JsCast>(id: &str) -> Result<T, JsValue> {
    document()
        .get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("index.html has no element #{id}")))?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("#{id} is not the kind of element expected")))
}

pub fn now_ms() -> f64 {
    window().performance().map(|p| p.now()).unwrap_or(0.0)
}

pub fn set_disabled(element: &HtmlElement, disabled: bool) {
    if disabled {
        element.set_attribute("disabled", "").ok();
    } else {
        element.remove_attribute("disabled").ok();
    }
}

/// Sets the text only when it differs, so screen readers do not hear it again.
pub fn set_text(element: &HtmlElement, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}

/// Adds a listener that stays for the page's lifetime.
pub fn listen<E: JsCast + wasm_bindgen::convert::FromWasmAbi + 'static>(
    target: &web_sys::EventTarget,
    event: &str,
    handler: impl FnMut(E) + 'static,
) {
    let closure = Closure::<dyn FnMut(E)>::new(handler);
    target
        .add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())
        .ok();
    closure.forget();
}

/// Every element matching a CSS selector.
pub fn query_all(selector: &str) -> Vec<Element> {
    let mut out = Vec::new();
    if let Ok(list) = document().query_selector_all(selector) {
        for index in 0..list.length() {
            if let Some(element) = list.item(index).and_then(|n| n.dyn_into::<Element>().ok()) {
                out.push(element);
            }
        }
    }
    out
}

/// A new element with a class, not yet attached.
pub fn create(tag: &str, class: &str) -> HtmlElement {
    let element: HtmlElement = document()
        .create_element(tag)
        .expect("valid tag name")
        .unchecked_into();
    if !class.is_empty() {
        element.set_class_name(class);
    }
    element
}

/// A piece image element for side panels and the promotion chooser.
pub fn piece_img(key: &str, size: u32) -> HtmlElement {
    let img = create("img", "");
    img.set_attribute("src", &super::settings::piece_url(key))
        .ok();
    img.set_attribute("alt", key).ok();
    img.set_attribute("width", &size.to_string()).ok();
    img.set_attribute("height", &size.to_string()).ok();
    img
}
