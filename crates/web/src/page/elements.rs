//! Handles to the page's fixed elements, looked up once at start. A missing element stops the
//! app from starting with a message naming it, instead of failing later on first use.

use super::dom::by_id;
use rules::options::VariantOptions;
use rules::VariantKind;
use wasm_bindgen::JsValue;
use web_sys::{
    HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
};

pub struct Elements {
    pub loading: HtmlElement,
    pub start: HtmlElement,
    pub game: HtmlElement,
    pub home: HtmlButtonElement,
    pub rules_button: HtmlButtonElement,
    pub rules: HtmlElement,

    pub start_form: HtmlElement,
    pub start_notice: HtmlElement,
    pub start_rules: HtmlButtonElement,
    pub start_game: HtmlButtonElement,
    /// Each option row's select by option key (`opt-size` → `size`).
    pub option_selects: Vec<(&'static str, HtmlSelectElement)>,
    pub size_select: HtmlSelectElement,
    pub opponent: HtmlSelectElement,
    pub level_row: HtmlElement,
    pub level: HtmlSelectElement,
    pub time: HtmlSelectElement,
    pub custom_time: HtmlElement,
    pub custom_minutes: HtmlInputElement,
    pub custom_increment: HtmlInputElement,

    pub canvas: HtmlCanvasElement,
    pub promo: HtmlElement,
    pub name_top: HtmlElement,
    pub name_bottom: HtmlElement,
    pub captured_top: HtmlElement,
    pub captured_bottom: HtmlElement,
    pub clock_top: HtmlElement,
    pub clock_bottom: HtmlElement,

    pub banner: HtmlElement,
    pub banner_result: HtmlElement,
    pub banner_reason: HtmlElement,
    pub rematch: HtmlButtonElement,
    pub new_game: HtmlButtonElement,
    pub status: HtmlElement,
    pub thinking: HtmlElement,
    pub setup_bar: HtmlElement,
    pub setup_prompt: HtmlElement,
    pub keep: HtmlButtonElement,
    pub browse_bar: HtmlElement,
    pub browse_text: HtmlElement,
    pub continue_here: HtmlButtonElement,
    pub back_to_game: HtmlButtonElement,
    pub slide: HtmlElement,
    pub undo: HtmlElement,
    pub flip: HtmlButtonElement,
    pub zoom: HtmlElement,
    pub draw: HtmlElement,
    pub claim: HtmlElement,
    pub resign: HtmlElement,
    pub command_form: HtmlElement,
    pub command: HtmlInputElement,
    pub announce: HtmlElement,
    pub confirm: HtmlElement,
    pub confirm_text: HtmlElement,
    pub confirm_yes: HtmlButtonElement,
    pub confirm_no: HtmlButtonElement,
    pub lost: HtmlElement,
    pub message: HtmlElement,
    pub moves: HtmlElement,
    pub save: HtmlButtonElement,
    pub load: HtmlButtonElement,
    pub load_file: HtmlInputElement,
}

impl Elements {
    pub fn find() -> Result<Elements, JsValue> {
        let mut option_selects: Vec<(&'static str, HtmlSelectElement)> = Vec::new();
        for variant in VariantKind::ALL {
            for &key in VariantOptions::keys(variant) {
                if !option_selects.iter().any(|(k, _)| *k == key) {
                    option_selects.push((key, by_id(&format!("opt-{key}"))?));
                }
            }
        }
        Ok(Elements {
            loading: by_id("loading")?,
            start: by_id("start")?,
            game: by_id("game")?,
            home: by_id("btn-home")?,
            rules_button: by_id("btn-rules")?,
            rules: by_id("rules")?,
            start_form: by_id("start-form")?,
            start_notice: by_id("start-notice")?,
            start_rules: by_id("start-rules")?,
            start_game: by_id("start-game")?,
            size_select: by_id("opt-size")?,
            option_selects,
            opponent: by_id("opponent")?,
            level_row: by_id("level-row")?,
            level: by_id("level")?,
            time: by_id("time")?,
            custom_time: by_id("custom-time")?,
            custom_minutes: by_id("custom-minutes")?,
            custom_increment: by_id("custom-increment")?,
            canvas: by_id("board")?,
            promo: by_id("promo")?,
            name_top: by_id("name-top")?,
            name_bottom: by_id("name-bottom")?,
            captured_top: by_id("captured-top")?,
            captured_bottom: by_id("captured-bottom")?,
            clock_top: by_id("clock-top")?,
            clock_bottom: by_id("clock-bottom")?,
            banner: by_id("banner")?,
            banner_result: by_id("banner-result")?,
            banner_reason: by_id("banner-reason")?,
            rematch: by_id("btn-rematch")?,
            new_game: by_id("btn-new")?,
            status: by_id("status")?,
            thinking: by_id("thinking")?,
            setup_bar: by_id("setup-bar")?,
            setup_prompt: by_id("setup-prompt")?,
            keep: by_id("btn-keep")?,
            browse_bar: by_id("browse-bar")?,
            browse_text: by_id("browse-text")?,
            continue_here: by_id("btn-continue")?,
            back_to_game: by_id("btn-live")?,
            slide: by_id("btn-slide")?,
            undo: by_id("btn-undo")?,
            flip: by_id("btn-flip")?,
            zoom: by_id("btn-zoom")?,
            draw: by_id("btn-draw")?,
            claim: by_id("btn-claim")?,
            resign: by_id("btn-resign")?,
            command_form: by_id("command-form")?,
            command: by_id("command")?,
            announce: by_id("announce")?,
            confirm: by_id("confirm")?,
            confirm_text: by_id("confirm-text")?,
            confirm_yes: by_id("confirm-yes")?,
            confirm_no: by_id("confirm-no")?,
            lost: by_id("lost")?,
            message: by_id("message")?,
            moves: by_id("moves")?,
            save: by_id("btn-save")?,
            load: by_id("btn-load")?,
            load_file: by_id("load-file")?,
        })
    }
}
