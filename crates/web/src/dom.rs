//! Small helpers over web-sys for the page's fixed elements: look-ups by id, text, visibility,
//! and event listeners that live as long as the page.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, HtmlSelectElement, Window};

pub fn window() -> Window {
    web_sys::window().expect("the app runs in a browser window")
}

pub fn document() -> Document {
    window().document().expect("the window has a document")
}

/// The element with this id; the ids are fixed in index.html, so a missing one is a build error
/// of the page, reported loudly.
pub fn el(id: &str) -> HtmlElement {
    document()
        .get_element_by_id(id)
        .unwrap_or_else(|| panic!("index.html has no element #{id}"))
        .dyn_into::<HtmlElement>()
        .unwrap_or_else(|_| panic!("#{id} is not an HTML element"))
}

pub fn select(id: &str) -> HtmlSelectElement {
    el(id).unchecked_into()
}

pub fn input(id: &str) -> HtmlInputElement {
    el(id).unchecked_into()
}

pub fn set_text(id: &str, text: &str) {
    el(id).set_text_content(Some(text));
}

pub fn show(id: &str, visible: bool) {
    el(id).set_hidden(!visible);
}

pub fn set_disabled(id: &str, disabled: bool) {
    if disabled {
        el(id).set_attribute("disabled", "").ok();
    } else {
        el(id).remove_attribute("disabled").ok();
    }
}

pub fn now_ms() -> f64 {
    window().performance().map(|p| p.now()).unwrap_or(0.0)
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

pub fn on_click(id: &str, mut handler: impl FnMut() + 'static) {
    listen(&el(id), "click", move |_: web_sys::Event| handler());
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
    img.set_attribute("src", &format!("pieces/{key}.svg")).ok();
    img.set_attribute("alt", key).ok();
    img.set_attribute("width", &size.to_string()).ok();
    img.set_attribute("height", &size.to_string()).ok();
    img
}
