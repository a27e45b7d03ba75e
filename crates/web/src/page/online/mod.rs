//! The browser side of online play: the "Play online" section of the start screen, the room
//! panel beside the board, the chat, and the WebSocket with automatic reconnection. The
//! protocol rules live in `crate::online` (pure and tested natively); this module only moves
//! frames and text between them and the page. Chat is always written as text, never as HTML.

use super::dom::{self, create, listen};
use super::{dispatch, Page, Redraw};
use crate::online::protocol_client::{self, Entry, ProtocolClient, Request, Update};
use crate::online::room_clock::{GraceCountdown, RoomClock};
use crate::online::room_game::RoomBoard;
use crate::online::room_input::{self, ChatInput, COMMANDS_HELP, NAME_KEY};
use crate::online::room_panel::{RoomButton, CODE_NOTE};
use boardshift_rooms::protocol::{Name, PROTOCOL_VERSION};
use boardshift_rooms::{ClientMessage, ClockSpec, CreateRequest, Event, RoomCode, Token};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, MessageEvent, WebSocket};

mod render;
use render::{render, render_clocks};

/// The room this tab is in, and its connection.
struct Online {
    client: ProtocolClient,
    board: RoomBoard,
    socket: Option<WebSocket>,
    /// Failed connection attempts since the last `welcome`.
    attempt: u32,
    /// Chat and notices, oldest first (`None` as name: a notice of the app).
    chat: Vec<(Option<String>, String)>,
    clock: Option<RoomClock>,
    /// The grace periods of away players, counted down between the server's messages.
    grace: GraceCountdown,
    /// A connection answered with `error`: do not reconnect in a loop.
    stopped: bool,
    /// Page time of the last frame from the server, to notice a connection that went silent.
    last_heard_ms: f64,
}

thread_local! {
    static ONLINE: RefCell<Option<Online>> = const { RefCell::new(None) };
}

const CHAT_LINES_KEPT: usize = 200;
/// How often the client pings, and how long a silent connection is trusted.
const PING_EVERY_MS: i32 = 4_000;
const SILENCE_LIMIT_MS: f64 = 10_000.0;

/// Whether a room is open in this tab (the local autosave then stays out of it).
pub fn is_active() -> bool {
    ONLINE.with(|online| online.borrow().is_some())
}

fn input(id: &str) -> Option<HtmlInputElement> {
    dom::by_id::<HtmlInputElement>(id).ok()
}

fn element(id: &str) -> Option<HtmlElement> {
    dom::by_id::<HtmlElement>(id).ok()
}

fn button(id: &str, label: &str) -> HtmlElement {
    let button = create("button", "");
    button.set_id(id);
    button.set_attribute("type", "button").ok();
    button.set_text_content(Some(label));
    button
}

fn text_input(id: &str, label: &str, placeholder: &str) -> HtmlElement {
    let field = create("input", "");
    field.set_id(id);
    field.set_attribute("type", "text").ok();
    field.set_attribute("aria-label", label).ok();
    field.set_attribute("placeholder", placeholder).ok();
    field.set_attribute("autocomplete", "off").ok();
    field
}

fn local_storage() -> Option<web_sys::Storage> {
    dom::window().local_storage().ok().flatten()
}

fn session_storage() -> Option<web_sys::Storage> {
    dom::window().session_storage().ok().flatten()
}

/// Adds the online section to the start screen and the room panel to the game screen, and
/// asks the server whether it is there.
pub fn wire() {
    let document = dom::document();
    let Some(start) = element("start") else {
        return;
    };
    let section = create("section", "card online");
    section.set_id("online");
    let title = create("h2", "");
    title.set_text_content(Some("Play online"));
    let status = create("p", "notice");
    status.set_id("online-status");
    status.set_text_content(Some("Checking for the Boardshift server…"));
    let name = text_input("online-name", "your name", "Your name");
    if let Some(remembered) = local_storage().and_then(|s| s.get_item(NAME_KEY).ok().flatten()) {
        name.unchecked_ref::<HtmlInputElement>()
            .set_value(&remembered);
    }
    let code = text_input("online-code", "room code", "PIN or room word");
    let actions = create("p", "online-actions");
    for (id, label) in [
        ("online-create", "Create room"),
        ("online-join", "Join by code"),
        ("online-open", "Join the open room"),
    ] {
        let b = button(id, label);
        b.set_attribute("disabled", "").ok();
        actions.append_child(&b).ok();
    }
    let note = create("p", "hint");
    note.set_text_content(Some(&format!(
        "Create uses the game, options and clock chosen above; leave the code empty for a PIN. {CODE_NOTE}"
    )));
    for child in [&title, &status, &name, &code, &actions, &note] {
        section.append_child(child).ok();
    }
    start.append_child(&section).ok();

    let panel = create("section", "room-panel");
    panel.set_id("room-panel");
    panel.set_hidden(true);
    let offline = create("p", "banner offline");
    offline.set_id("room-offline");
    offline.set_attribute("role", "alert").ok();
    offline.set_hidden(true);
    offline.set_text_content(Some("Offline — reconnecting…"));
    let code_line = create("p", "room-code");
    code_line.set_id("room-code");
    let copy = button("room-copy", "Copy invite link");
    let code_note = create("p", "hint");
    code_note.set_text_content(Some(CODE_NOTE));
    let panel_parts = [
        "room-white",
        "room-black",
        "room-queue",
        "room-crowd",
        "room-game",
        "room-status",
        "room-clocks",
    ]
    .map(|id| {
        let line = create("p", "room-line");
        line.set_id(id);
        line
    });
    let buttons = create("p", "room-buttons");
    buttons.set_id("room-buttons");
    let chat = create("ol", "room-chat");
    chat.set_id("room-chat");
    chat.set_attribute("aria-live", "polite").ok();
    let chat_form = create("form", "room-chat-form");
    chat_form.set_id("room-chat-form");
    let chat_input = text_input(
        "room-chat-input",
        "chat or command",
        "Chat, or /move e2e4, /chess for commands",
    );
    chat_form.append_child(&chat_input).ok();
    for child in [&offline, &code_line, &copy, &code_note] {
        panel.append_child(child).ok();
    }
    for part in &panel_parts {
        panel.append_child(part).ok();
    }
    for child in [&buttons, &chat, &chat_form] {
        panel.append_child(child).ok();
    }
    if let Some(aside) = document.query_selector("#game aside").ok().flatten() {
        aside.prepend_with_node_1(&panel).ok();
    }

    listen(&dom_el("online-create"), "click", |_: web_sys::Event| {
        dispatch(|page| {
            enter(page, EntryChoice::Create);
            Redraw::All
        })
    });
    listen(&dom_el("online-join"), "click", |_: web_sys::Event| {
        dispatch(|page| {
            enter(page, EntryChoice::Join);
            Redraw::All
        })
    });
    listen(&dom_el("online-open"), "click", |_: web_sys::Event| {
        dispatch(|page| {
            enter(page, EntryChoice::Open);
            Redraw::All
        })
    });
    listen(&copy, "click", |_: web_sys::Event| {
        dispatch(|_| {
            copy_invite();
            Redraw::Nothing
        })
    });
    listen(&buttons, "click", |event: web_sys::Event| {
        let id = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-room"));
        if let Some(id) = id {
            dispatch(move |_| {
                press(&id);
                Redraw::All
            });
        }
    });
    listen(&chat_form, "submit", |event: web_sys::Event| {
        event.prevent_default();
        dispatch(|page| {
            chat_submit(page);
            Redraw::All
        });
    });
    check_server();
    let tick = Closure::<dyn FnMut()>::new(|| {
        if is_active() {
            dispatch(|_| {
                render_clocks();
                Redraw::Nothing
            });
        }
    });
    dom::window()
        .set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), 250)
        .ok();
    tick.forget();
    let keep_alive = Closure::<dyn FnMut()>::new(|| {
        if is_active() {
            dispatch(|page| {
                keep_alive(page);
                Redraw::All
            });
        }
    });
    dom::window()
        .set_interval_with_callback_and_timeout_and_arguments_0(
            keep_alive.as_ref().unchecked_ref(),
            PING_EVERY_MS,
        )
        .ok();
    keep_alive.forget();
}

/// Pings the server; a connection silent for too long (a network that vanished without closing
/// the socket) is given up and a new one opened.
fn keep_alive(page: &mut Page) {
    let now = dom::now_ms();
    let silent = with_online(|online| {
        let socket = online.socket.as_ref()?;
        if socket.ready_state() != WebSocket::OPEN {
            return None;
        }
        if now - online.last_heard_ms > SILENCE_LIMIT_MS {
            socket.set_onclose(None);
            socket.set_onmessage(None);
            socket.close().ok();
            return Some(());
        }
        send_all(online, &[ClientMessage::Ping]);
        None
    })
    .flatten();
    if silent.is_some() {
        connection_lost(page);
    }
}

/// A connection is gone: reconnect, unless it took a `create` with it before the answer — then
/// the room may exist already, and the person decides whether to create again (see
/// `ProtocolClient::create_interrupted`).
fn connection_lost(page: &mut Page) {
    let interrupted = with_online(|online| {
        online.client.disconnected();
        online.socket = None;
        online.client.create_interrupted()
    })
    .unwrap_or(false);
    if !interrupted {
        schedule_reconnect();
        return;
    }
    ONLINE.with(|online| online.borrow_mut().take());
    say_on_start(
        page,
        "The connection broke while the room was being created, so it may or may not exist. \
         Press Create room to try again, or ask for its code."
            .to_string(),
    );
}

fn dom_el(id: &str) -> HtmlElement {
    element(id).unwrap_or_else(|| create("span", ""))
}

/// `GET /api/health`: the online section works only when the Boardshift server answers.
fn check_server() {
    let answered = Closure::<dyn FnMut(JsValue)>::new(|response: JsValue| {
        let ok = response
            .dyn_into::<web_sys::Response>()
            .is_ok_and(|r| r.ok());
        server_checked(ok);
    });
    let failed = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| server_checked(false));
    let _ = dom::window()
        .fetch_with_str("/api/health")
        .then2(&answered, &failed);
    answered.forget();
    failed.forget();
}

fn server_checked(ok: bool) {
    let Some(status) = element("online-status") else {
        return;
    };
    if ok {
        status.set_hidden(true);
        for id in ["online-create", "online-join", "online-open"] {
            dom_el(id).remove_attribute("disabled").ok();
        }
    } else {
        status.set_text_content(Some(
            "Online play needs the Boardshift server (`boardshift serve`); this copy of the app is served without it. Everything else works.",
        ));
    }
}

enum EntryChoice {
    Create,
    Join,
    Open,
}

fn say_on_start(page: &mut Page, text: String) {
    page.app.start_notice = Some(text);
}

/// Reads the name (and code) from the start screen and enters a room.
fn enter(page: &mut Page, choice: EntryChoice) {
    let typed_name = input("online-name").map(|i| i.value()).unwrap_or_default();
    let name = match Name::parse(&typed_name) {
        Ok(name) => name,
        Err(error) => return say_on_start(page, format!("Choose a name first: {error}.")),
    };
    if let Some(storage) = local_storage() {
        storage.set_item(NAME_KEY, name.as_str()).ok();
    }
    let typed_code = input("online-code").map(|i| i.value()).unwrap_or_default();
    let typed_code = typed_code.trim();
    let entry = match choice {
        EntryChoice::Open => match RoomCode::parse("open") {
            Ok(code) => Entry::Join(code),
            Err(error) => return say_on_start(page, format!("{error}.")),
        },
        EntryChoice::Join => match RoomCode::parse(typed_code) {
            Ok(code) => Entry::Join(code),
            Err(error) => return say_on_start(page, format!("{error}.")),
        },
        EntryChoice::Create => {
            let code = if typed_code.is_empty() {
                None
            } else {
                match RoomCode::parse(typed_code) {
                    Ok(code) => Some(code),
                    Err(error) => return say_on_start(page, format!("{error}.")),
                }
            };
            let config = match super::start_screen::read_config(&page.el) {
                Ok(config) => config,
                Err(error) => {
                    return say_on_start(page, format!("Cannot create this room: {error}."))
                }
            };
            Entry::Create(CreateRequest {
                proto: PROTOCOL_VERSION,
                name: name.clone(),
                code,
                variant: config.variant.name().to_string(),
                options: Some(serde_json::to_value(&config.options).unwrap_or_default()),
                clock: config.time_control.map(|tc| ClockSpec {
                    base_ms: tc.initial_ms,
                    inc_ms: tc.increment_ms,
                }),
            })
        }
    };
    open_room(name, entry);
}

/// Opening an invite link (`#room=CODE`): straight in with the remembered name, else the
/// start screen asks only for a name. True when the room is being entered.
pub fn open_from_link(page: &mut Page, fragment: &str) -> bool {
    let Some(code) = room_input::room_from_fragment(fragment) else {
        return false;
    };
    if let Some(field) = input("online-code") {
        field.set_value(code.as_str());
    }
    let remembered = local_storage()
        .and_then(|s| s.get_item(NAME_KEY).ok().flatten())
        .and_then(|name| Name::parse(&name).ok());
    match remembered {
        Some(name) => {
            open_room(name, Entry::Join(code));
            true
        }
        None => {
            say_on_start(
                page,
                format!("You are invited to room {code}: enter your name under Play online, then Join by code."),
            );
            if let Some(field) = input("online-name") {
                field.focus().ok();
            }
            false
        }
    }
}

fn open_room(name: Name, entry: Entry) {
    let token = match &entry {
        Entry::Join(code) => session_storage()
            .and_then(|s| s.get_item(&room_input::token_key(code)).ok().flatten())
            .and_then(|text| Token::parse(&text).ok()),
        Entry::Create(_) => None,
    };
    // Request numbers from the clock: above any this tab used before a reload (see `new`).
    let first_request = (js_sys::Date::now().max(0.0) as u64).saturating_mul(1000);
    let client = ProtocolClient::new(name, entry, token, first_request);
    let old = ONLINE.with(|online| {
        online.borrow_mut().replace(Online {
            client,
            board: RoomBoard::default(),
            socket: None,
            attempt: 0,
            chat: Vec::new(),
            clock: None,
            grace: GraceCountdown::default(),
            stopped: false,
            last_heard_ms: dom::now_ms(),
        })
    });
    if let Some(socket) = old.and_then(|old| old.socket) {
        socket.set_onclose(None);
        socket.close().ok();
    }
    connect();
}

/// Opens the WebSocket at this origin's `/ws`.
fn connect() {
    let location = dom::window().location();
    let scheme = if location.protocol().as_deref() == Ok("https:") {
        "wss"
    } else {
        "ws"
    };
    let host = location.host().unwrap_or_default();
    let Ok(socket) = WebSocket::new(&format!("{scheme}://{host}/ws")) else {
        schedule_reconnect();
        return;
    };
    let onopen = Closure::<dyn FnMut()>::new(|| {
        dispatch(|_| {
            with_online(|online| {
                online.last_heard_ms = dom::now_ms();
                let hello = online.client.connected();
                send_all(online, &hello);
            });
            Redraw::All
        })
    });
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        if let Some(text) = event.data().as_string() {
            dispatch(move |page| {
                receive(page, &text);
                Redraw::All
            });
        }
    });
    let onclose = Closure::<dyn FnMut()>::new(|| {
        dispatch(|page| {
            connection_lost(page);
            Redraw::All
        })
    });
    socket.set_onopen(Some(onopen.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    socket.set_onclose(Some(onclose.as_ref().unchecked_ref()));
    onopen.forget();
    onmessage.forget();
    onclose.forget();
    with_online(|online| online.socket = Some(socket));
}

fn schedule_reconnect() {
    let delay = with_online(|online| {
        if online.stopped {
            return None;
        }
        let delay =
            room_input::reconnect_delay_ms(online.attempt, (js_sys::Math::random() * 1e9) as u64);
        online.attempt = online.attempt.saturating_add(1);
        Some(delay)
    })
    .flatten();
    let Some(delay) = delay else { return };
    let retry = Closure::once_into_js(|| {
        dispatch(|_| {
            if with_online(|online| online.socket.is_none()).unwrap_or(false) {
                connect();
            }
            Redraw::Nothing
        })
    });
    dom::window()
        .set_timeout_with_callback_and_timeout_and_arguments_0(retry.unchecked_ref(), delay as i32)
        .ok();
}

fn with_online<R>(f: impl FnOnce(&mut Online) -> R) -> Option<R> {
    ONLINE.with(|online| online.borrow_mut().as_mut().map(f))
}

fn send_all(online: &Online, messages: &[ClientMessage]) {
    let Some(socket) = &online.socket else { return };
    if socket.ready_state() != WebSocket::OPEN {
        return;
    }
    for message in messages {
        if let Ok(text) = serde_json::to_string(message) {
            socket.send_with_str(&text).ok();
        }
    }
}

fn note(online: &mut Online, name: Option<String>, text: String) {
    online.chat.push((name, text));
    if online.chat.len() > CHAT_LINES_KEPT {
        online.chat.remove(0);
    }
}

fn receive(page: &mut Page, text: &str) {
    let now = page.app.now;
    with_online(|online| {
        online.last_heard_ms = now;
        let step = online.client.receive(text);
        send_all(online, &step.send);
        for update in step.updates {
            match update {
                Update::Welcome { room, token, .. } => {
                    online.attempt = 0;
                    if let (Some(storage), Ok(code)) = (session_storage(), RoomCode::parse(&room)) {
                        storage.set_item(&room_input::token_key(&code), &token).ok();
                    }
                    dom::window()
                        .location()
                        .set_hash(&format!("room={room}"))
                        .ok();
                    // In a task of its own, so that the room's state is not held up.
                    let prepare = Closure::once_into_js(protocol_client::prepare_decoder);
                    dom::window()
                        .set_timeout_with_callback_and_timeout_and_arguments_0(
                            prepare.unchecked_ref(),
                            0,
                        )
                        .ok();
                }
                Update::Snapshot => {
                    let room = online.client.room();
                    online.clock = room.and_then(|r| r.clocks).map(|c| RoomClock::new(c, now));
                    online.grace = room
                        .map(|r| GraceCountdown::from_seats(&r.seats, now))
                        .unwrap_or_default();
                }
                Update::Event(event) => match event {
                    Event::Chat { name, text } => note(online, Some(name), text),
                    Event::Seat { white, black } => {
                        let seats = boardshift_rooms::protocol::SeatsView { white, black };
                        online.grace = GraceCountdown::from_seats(&seats, now);
                    }
                    Event::Move { clocks, .. }
                    | Event::End { clocks, .. }
                    | Event::Match { clocks, .. } => {
                        online.clock = clocks.map(|c| RoomClock::new(c, now));
                    }
                    _ => {}
                },
                Update::Accepted(_) => {}
                Update::Refused { msg, .. } => note(online, None, msg),
                Update::Fatal(msg) => {
                    online.stopped = true;
                    note(
                        online,
                        None,
                        format!("The server closed the connection: {msg}"),
                    );
                }
                Update::Unreadable(msg) => note(online, None, msg),
            }
        }
    });
}

/// After every job: keep the board in step with the room (sending the move just played here),
/// and show the room panel.
pub fn after_job(page: &mut Page) {
    let request =
        with_online(|online| online.board.reconcile(&mut page.app, &online.client)).flatten();
    if let Some(request) = request {
        send_request(request);
    }
    render(page);
}

fn send_request(request: Request) {
    with_online(|online| {
        if let Some(message) = online.client.request(request) {
            send_all(online, &[message]);
        }
    });
}

fn press(id: &str) {
    let buttons = [
        RoomButton::TakeWhite,
        RoomButton::TakeBlack,
        RoomButton::Queue,
        RoomButton::Watch,
        RoomButton::StartNext,
        RoomButton::Rematch,
        RoomButton::Draw,
        RoomButton::Claim,
        RoomButton::Resign,
    ];
    if let Some(button) = buttons.into_iter().find(|b| b.id() == id) {
        send_request(button.request());
    }
}

fn chat_submit(page: &mut Page) {
    let Some(field) = input("room-chat-input") else {
        return;
    };
    let line = field.value();
    field.set_value("");
    let plies = with_online(|online| {
        online
            .client
            .room()
            .and_then(|room| room.game.as_ref())
            .map_or(0, |game| {
                crate::online::room_game::server_plies(game).len() as u64
            })
    })
    .unwrap_or(0);
    match room_input::read_chat_line(&line) {
        Ok(ChatInput::Request(request)) => send_request(room_input::with_plies(request, plies)),
        Ok(ChatInput::ShowCommands) => {
            with_online(|online| note(online, None, COMMANDS_HELP.to_string()));
        }
        Err(error) => {
            with_online(|online| note(online, None, error));
        }
    }
    page.app.message.clear();
}

fn copy_invite() {
    let Some(code) = with_online(|online| online.client.room_code().cloned()).flatten() else {
        return;
    };
    let address = dom::window().location().href().unwrap_or_default();
    let link = room_input::invite_link(&address, &code);
    // Without clipboard permission the link is still on the button (its title and
    // `data-link`); a refusal is not an error of the page.
    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
    let _ = dom::window()
        .navigator()
        .clipboard()
        .write_text(&link)
        .catch(&ignore);
    ignore.forget();
    if let Some(copy) = element("room-copy") {
        copy.set_attribute("data-link", &link).ok();
        copy.set_attribute("title", &link).ok();
        copy.set_text_content(Some("Invite link copied"));
    }
}
