//! Draws the controller's state into the page: which screen is up, the side panel (from
//! `view::panel::PanelModel`, rewritten only where it changed), the clocks, the message lines,
//! the confirmation and the promotion chooser; and binds the game screen's controls.

use super::dom::{create, listen, piece_img, set_disabled, set_text};
use super::elements::Elements;
use super::{dispatch, Page, Redraw};
use crate::app::Control;
use crate::view::panel::{self, MoveList, PanelModel, PlayerBar};
use rules::Role;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlElement;

/// Binds the buttons, the typed-command box, the move list and the file picker.
pub fn wire(el: &Elements) {
    let controls: [(&HtmlElement, Control); 15] = [
        (&el.flip, Control::Flip),
        (&el.zoom, Control::Zoom),
        (&el.slide, Control::SlideMode),
        (&el.keep, Control::Keep),
        (&el.resign, Control::Resign),
        (&el.confirm_yes, Control::ConfirmYes),
        (&el.confirm_no, Control::ConfirmNo),
        (&el.draw, Control::Draw),
        (&el.claim, Control::Claim),
        (&el.rematch, Control::Rematch),
        (&el.undo, Control::Undo),
        (&el.back_to_game, Control::BackToGame),
        (&el.continue_here, Control::ContinueFromHere),
        (&el.save, Control::Save),
        (&el.new_game, Control::Home),
    ];
    for (element, control) in controls {
        listen(element, "click", move |_: web_sys::Event| {
            dispatch(move |page| {
                page.app.control(control);
                Redraw::All
            })
        });
    }
    listen(&el.home, "click", |_: web_sys::Event| {
        dispatch(|page| {
            page.app.control(Control::Home);
            Redraw::All
        })
    });
    listen(&el.command_form, "submit", |event: web_sys::Event| {
        event.prevent_default()
    });
    listen(&el.command, "keydown", |event: web_sys::KeyboardEvent| {
        if event.key() != "Enter" {
            return;
        }
        event.prevent_default();
        dispatch(|page| {
            let line = page.el.command.value();
            page.el.command.set_value("");
            page.app.command(&line);
            Redraw::All
        });
    });
    listen(&el.moves, "click", |event: web_sys::MouseEvent| {
        let ply = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-ply"))
            .and_then(|p| p.parse::<usize>().ok());
        if let Some(ply) = ply {
            dispatch(move |page| {
                page.app.browse_to(Some(ply));
                Redraw::All
            });
        }
    });
    listen(&el.load, "click", |_: web_sys::Event| {
        dispatch(|page| {
            page.el.load_file.set_value("");
            page.el.load_file.click();
            Redraw::Nothing
        })
    });
    listen(&el.load_file, "change", |_: web_sys::Event| {
        dispatch(|page| {
            super::storage::read_chosen_file(&page.el.load_file);
            Redraw::Nothing
        })
    });
    wire_board(el);
}

fn wire_board(el: &Elements) {
    let canvas = &el.canvas;
    listen(canvas, "pointerdown", |event: web_sys::PointerEvent| {
        event.prevent_default();
        if let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<HtmlElement>().ok())
        {
            target.set_pointer_capture(event.pointer_id()).ok();
            // The default action (which would move the focus) is prevented above, so the board
            // takes the focus itself: after a typed move, ←, F and Esc act on the board again.
            target.focus().ok();
        }
        let (x, y) = (event.offset_x() as f64, event.offset_y() as f64);
        let right = event.button() == 2;
        let brush = crate::marks::Brush::from_modifiers(
            event.shift_key() || event.ctrl_key(),
            event.alt_key() || event.meta_key(),
        );
        dispatch(move |page| {
            if page.app.board_press(x, y, right, brush) {
                Redraw::All
            } else {
                Redraw::Board
            }
        });
    });
    listen(canvas, "pointermove", |event: web_sys::PointerEvent| {
        let (x, y) = (event.offset_x() as f64, event.offset_y() as f64);
        dispatch(move |page| {
            if page.app.board_move(x, y) {
                Redraw::Board
            } else {
                Redraw::Nothing
            }
        });
    });
    listen(canvas, "pointerup", |event: web_sys::PointerEvent| {
        let (x, y) = (event.offset_x() as f64, event.offset_y() as f64);
        dispatch(move |page| {
            if page.app.board_release(x, y) {
                Redraw::All
            } else {
                Redraw::Board
            }
        });
    });
    // The right button draws arrows and circles: no context menu over the board.
    listen(canvas, "contextmenu", |event: web_sys::Event| {
        event.prevent_default()
    });
    listen(canvas, "pointercancel", |_: web_sys::PointerEvent| {
        dispatch(|page| {
            page.app.board_cancel();
            Redraw::Board
        });
    });
}

impl Page {
    /// Brings the screens and the panel in line with the controller.
    pub(super) fn render(&mut self) {
        let el = &self.el;
        let on_game = self.app.game().is_some();
        el.start.set_hidden(on_game);
        el.game.set_hidden(!on_game);
        el.home.set_hidden(!on_game);
        let notice = self.app.start_notice.as_deref().unwrap_or("");
        set_text(&el.start_notice, notice);
        el.start_notice.set_hidden(notice.is_empty());
        super::start_screen::show_resume(self.app.can_resume());
        if !on_game {
            if self.game_shown && self.app.can_resume() {
                // Left the game for the start screen: the browser's Back button returns to it
                // (see the popstate listener) instead of leaving the app.
                push_history_entry();
            }
            self.game_shown = false;
            self.shown_panel = None;
            return;
        }
        if !self.game_shown {
            // The board's space is known only once the game screen is laid out.
            self.game_shown = true;
            self.resize();
        }
        set_text(&self.el.message, &self.app.message);
        set_text(&self.el.announce, &self.app.announcement);
        self.el.confirm.set_hidden(self.app.confirm.is_none());
        if let Some(question) = &self.app.confirm {
            set_text(&self.el.confirm_text, question);
        }
        let Some(game) = self.app.game() else { return };
        let mut model = panel::panel(game);
        crate::review::annotate(&mut model.moves, &self.app.analysis.review.marks());
        if self.shown_panel.as_ref() != Some(&model) {
            render_panel(&self.el, &model, self.shown_panel.as_ref());
            self.shown_panel = Some(model);
        }
        self.render_clocks();
        self.render_promotion();
    }

    pub(super) fn render_clocks(&self) {
        let Some(game) = self.app.game() else { return };
        let faces = panel::clock_faces(game, self.app.now);
        for (index, element) in [&self.el.clock_top, &self.el.clock_bottom]
            .into_iter()
            .enumerate()
        {
            let Some(face) = faces.as_ref().map(|f| &f[index]) else {
                element.set_hidden(true);
                continue;
            };
            element.set_hidden(false);
            set_text(element, &face.text);
            let mut class = "clock".to_string();
            if face.running {
                class.push_str(" running");
            }
            if face.low {
                class.push_str(" low");
            }
            if face.paused {
                class.push_str(" paused");
            }
            element.set_class_name(&class);
        }
    }

    /// The promotion chooser: built when a choice opens, placed over its square.
    fn render_promotion(&mut self) {
        let Some(game) = self.app.game() else { return };
        let choice = game.input.promotion().cloned();
        let promo = &self.el.promo;
        let geometry = game.geometry(self.app.board_size);
        if choice != self.shown_promotion {
            promo.set_inner_html("");
            promo.set_hidden(choice.is_none());
        }
        if let Some(choice) = choice
            .as_ref()
            .filter(|c| Some(*c) != self.shown_promotion.as_ref())
        {
            let size = (geometry.square() * 0.95).clamp(36.0, 80.0) as u32;
            for (role, _) in &choice.choices {
                let role = *role;
                let button = create("button", "");
                button.set_attribute("type", "button").ok();
                button
                    .set_attribute("data-role", &role.upper_char().to_string())
                    .ok();
                button
                    .set_attribute("aria-label", &format!("Promote to {}", role_name(role)))
                    .ok();
                let piece = crate::model::PieceId::new(choice.color, role);
                button
                    .append_child(&piece_img(&piece.image_key(), size))
                    .ok();
                listen(&button, "click", move |event: web_sys::Event| {
                    event.stop_propagation();
                    dispatch(move |page| {
                        page.app.choose_promotion(role);
                        Redraw::All
                    });
                });
                promo.append_child(&button).ok();
            }
        }
        // Placed on every render: a flip or a resize moves its square.
        if let Some(choice) = &choice {
            let (left, top) = geometry.corner(choice.to.x as f64, choice.to.y as f64);
            let style = promo.style();
            style.set_property("left", &format!("{left}px")).ok();
            if top > geometry.size / 2.0 {
                let bottom = geometry.size - top - geometry.square();
                style.set_property("top", "auto").ok();
                style.set_property("bottom", &format!("{bottom}px")).ok();
            } else {
                style.set_property("bottom", "auto").ok();
                style.set_property("top", &format!("{top}px")).ok();
            }
        }
        self.shown_promotion = choice;
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::King => "king",
        Role::Pawn => "pawn",
    }
}

fn render_panel(el: &Elements, model: &PanelModel, shown: Option<&PanelModel>) {
    set_text(&el.status, &model.status);
    el.thinking.set_hidden(!model.thinking);
    el.banner.set_hidden(model.banner.is_none());
    if let Some((headline, reason)) = &model.banner {
        set_text(&el.banner_result, headline);
        set_text(&el.banner_reason, reason);
    }
    el.browse_bar.set_hidden(model.browse_text.is_none());
    if let Some(text) = &model.browse_text {
        set_text(&el.browse_text, text);
    }
    set_disabled(&el.undo, !model.undo_enabled);
    el.setup_bar.set_hidden(model.setup_prompt.is_none());
    if let Some(prompt) = &model.setup_prompt {
        set_text(&el.setup_prompt, prompt);
    }
    el.slide.set_hidden(model.slide_button.is_none());
    let (slides, pressed) = model.slide_button.unwrap_or((false, false));
    set_disabled(&el.slide, !slides);
    el.slide
        .set_attribute("aria-pressed", if pressed { "true" } else { "false" })
        .ok();
    el.zoom.set_hidden(model.zoom_button.is_none());
    el.zoom
        .set_attribute(
            "aria-pressed",
            if model.zoom_button == Some(true) {
                "true"
            } else {
                "false"
            },
        )
        .ok();
    set_disabled(&el.resign, !model.resign_enabled);
    set_text(&el.draw, model.draw_label);
    set_disabled(&el.draw, !model.draw_enabled);
    el.claim.set_hidden(model.claim_button.is_none());
    set_disabled(&el.claim, !model.claim_button.unwrap_or(false));
    render_player(&el.name_top, &el.captured_top, &model.top);
    render_player(&el.name_bottom, &el.captured_bottom, &model.bottom);
    if shown.map(|s| &s.moves) != Some(&model.moves) {
        render_moves(&el.moves, &model.moves);
    }
    if shown.map(|s| &s.lost) != Some(&model.lost) {
        el.lost.set_inner_html("");
        if !model.lost.is_empty() {
            el.lost.append_with_str_1("Lost over the edge: ").ok();
            for piece in &model.lost {
                el.lost
                    .append_child(&piece_img(&piece.image_key(), 20))
                    .ok();
            }
        }
        el.lost.set_hidden(model.lost.is_empty());
    }
    el.canvas
        .set_attribute("data-state", model.board_state)
        .ok();
}

fn render_player(name: &HtmlElement, captured: &HtmlElement, bar: &PlayerBar) {
    set_text(name, &bar.name);
    captured.set_inner_html("");
    for piece in &bar.captured {
        captured
            .append_child(&piece_img(&piece.image_key(), 20))
            .ok();
    }
    if bar.lead > 0 {
        let balance = create("span", "balance");
        balance.set_text_content(Some(&format!("+{}", bar.lead)));
        captured.append_child(&balance).ok();
    }
}

fn render_moves(list: &HtmlElement, moves: &MoveList) {
    list.set_inner_html("");
    if let Some(setup) = &moves.setup_line {
        let item = create("li", "setup-line");
        item.set_attribute("value", "0").ok();
        item.set_text_content(Some(setup));
        list.append_child(&item).ok();
    }
    for row in &moves.rows {
        let item = create("li", "");
        item.set_attribute("value", &row.number.to_string()).ok();
        for cell in &row.cells {
            let span = create("span", "ply");
            span.set_text_content(Some(&cell.text));
            if !cell.marks.is_empty() {
                let marks = create("span", "marks");
                marks.set_text_content(Some(&cell.marks));
                span.append_child(&marks).ok();
            }
            if !cell.title.is_empty() && cell.title != cell.text {
                span.set_attribute("title", &cell.title).ok();
            }
            if let Some(ply) = cell.ply {
                // Clicking a move shows the position after it.
                span.set_attribute("data-ply", &ply.to_string()).ok();
            }
            let mut class = "ply".to_string();
            if cell.last {
                class.push_str(" last");
            }
            if cell.viewing {
                class.push_str(" viewing");
            }
            span.set_class_name(&class);
            item.append_child(&span).ok();
        }
        list.append_child(&item).ok();
    }
    if moves.follow_live {
        list.set_scroll_top(list.scroll_height());
    }
}

/// Adds a browser history entry at the same address (`history.pushState`).
fn push_history_entry() {
    let window = super::dom::window();
    let history = js_sys::Reflect::get(&window, &"history".into()).ok();
    let push = history
        .as_ref()
        .and_then(|h| js_sys::Reflect::get(h, &"pushState".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let (Some(history), Some(push)) = (history, push) {
        push.call2(
            &history,
            &JsValue::from_str("start"),
            &JsValue::from_str(""),
        )
        .ok();
    }
}
