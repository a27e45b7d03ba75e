//! Draws the room panel from the room as the client knows it: code, seats with the grace left
//! to an away player, clocks, queue, spectators, the room's buttons and the chat.

use super::{element, with_online, Online};
use crate::online::room_clock::format_ms;
use crate::online::room_panel::{room_panel, seat_line};
use crate::page::dom::{self, create};
use crate::page::Page;
use boardshift_rooms::ColorName;

fn set_text(id: &str, text: &str) {
    if let Some(element) = element(id) {
        if element.text_content().as_deref() != Some(text) {
            element.set_text_content(Some(text));
        }
    }
}

/// The seat lines, with the grace left to an away player counted down.
fn render_seats(online: &Online, now: f64) {
    let Some(room) = online.client.room() else {
        return;
    };
    let host = room.host.as_deref();
    let [white_left, black_left] = online.grace.left_ms(now);
    set_text(
        "room-white",
        &seat_line("White", &room.seats.white, host, white_left),
    );
    set_text(
        "room-black",
        &seat_line("Black", &room.seats.black, host, black_left),
    );
}

pub(super) fn render_clocks() {
    let now = dom::now_ms();
    with_online(|online| render_seats(online, now));
    let text = with_online(|online| {
        let room = online.client.room()?;
        let clock = online.clock?;
        let frozen = online
            .client
            .pending_move()
            .and(match room.you.as_ref()?.role {
                boardshift_rooms::SeatWish::White => Some(ColorName::White),
                boardshift_rooms::SeatWish::Black => Some(ColorName::Black),
                _ => None,
            });
        let (white, black) = clock.shown_ms(now, frozen);
        Some(format!(
            "Clocks: White {} · Black {}",
            format_ms(white),
            format_ms(black)
        ))
    })
    .flatten()
    .unwrap_or_default();
    set_text("room-clocks", &text);
}

pub(super) fn render(page: &mut Page) {
    let Some(panel) = element("room-panel") else {
        return;
    };
    let shown = with_online(|online| {
        let connected = online.client.is_connected() && online.socket.is_some();
        if let Some(offline) = element("room-offline") {
            offline.set_hidden(connected);
        }
        let Some(room) = online.client.room() else {
            return;
        };
        let model = room_panel(room);
        set_text("room-code", &format!("Room {}", model.code));
        set_text("room-queue", &model.queue);
        set_text("room-crowd", &model.spectators);
        set_text("room-game", &model.game);
        let pending = online
            .client
            .pending_move()
            .map(|(_, text)| format!(" Sending {text}…"))
            .unwrap_or_default();
        set_text("room-status", &format!("{}{pending}", model.status));
        if let Some(buttons) = element("room-buttons") {
            let signature: String = model
                .buttons
                .iter()
                .map(|(b, l)| format!("{}:{l};", b.id()))
                .collect();
            if buttons.get_attribute("data-shown").as_deref() != Some(signature.as_str()) {
                buttons.set_text_content(None);
                for (button, label) in &model.buttons {
                    let b = create("button", "");
                    b.set_attribute("type", "button").ok();
                    b.set_attribute("data-room", button.id()).ok();
                    b.set_text_content(Some(label));
                    buttons.append_child(&b).ok();
                }
                buttons.set_attribute("data-shown", &signature).ok();
            }
        }
        if let Some(chat) = element("room-chat") {
            let shown = chat.child_element_count() as usize;
            if shown != online.chat.len() {
                chat.set_text_content(None);
                for (name, text) in &online.chat {
                    let line = create("li", if name.is_some() { "chat" } else { "notice" });
                    // Text nodes only: a chat line is never read as HTML.
                    line.set_text_content(Some(&match name {
                        Some(name) => format!("{name}: {text}"),
                        None => text.clone(),
                    }));
                    chat.append_child(&line).ok();
                }
                // The newest line is the one to read: keep the list scrolled to its end.
                chat.set_scroll_top(chat.scroll_height());
            }
        }
    });
    panel.set_hidden(shown.is_none());
    if shown.is_some() {
        // The room decides draws, resignations and rematches: the local game buttons stay hidden.
        for id in [
            "btn-undo",
            "btn-draw",
            "btn-claim",
            "btn-resign",
            "btn-rematch",
            "btn-new",
        ] {
            if let Some(element) = element(id) {
                element.set_hidden(true);
            }
        }
        let _ = page;
        render_clocks();
    }
}
