//! The client side of the rooms protocol (`docs/online-play.md`) as pure logic: which frames to
//! send on connecting, applying numbered events strictly in order (a gap asks for `sync`, a
//! `state` replaces everything), and resending every unacknowledged request with its original
//! request number after a reconnect. No socket and no clock here: the connection layer feeds
//! frames in and sends what comes out, so every rule is tested natively.

use boardshift_rooms::protocol::{
    ChatText, MoveText, Name, RequestId, ResultView, SeatView, SeatWish, YouView, PROTOCOL_VERSION,
};
use boardshift_rooms::{
    ClientMessage, ClockSpec, ColorName, CreateRequest, Event, JoinRequest, NackReason, RoomCode,
    RoomView, ServerMessage, Token,
};
use std::collections::BTreeMap;

/// How the person first enters: a new room, or an existing one by code.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Create(CreateRequest),
    Join(RoomCode),
}

/// A request the person makes in the room; the client gives it its request number.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Seat(SeatWish),
    /// A move on the game of `plies` plies.
    Move {
        plies: u64,
        text: MoveText,
    },
    Draw,
    Claim(Option<MoveText>),
    Resign,
    Rematch,
    Next,
    /// The host's game for the next match: a variant with its default options, and a clock.
    Settings {
        variant: String,
        clock: Option<ClockSpec>,
    },
    Chat(ChatText),
}

/// What a received frame changed, for the screen to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    /// Now in the room under this code and name; the token is to be kept for coming back.
    Welcome {
        room: String,
        you: String,
        token: String,
    },
    /// The whole room was replaced by the server's snapshot (first state or a resync): the
    /// board must be rebuilt from [`ProtocolClient::room`].
    Snapshot,
    /// One event, already applied to [`ProtocolClient::room`], in event-number order.
    Event(Event),
    /// A request of ours was accepted.
    Accepted(ClientMessage),
    /// A request was refused (`request` is `None` for a refused `create` or `join`).
    Refused {
        request: Option<ClientMessage>,
        why: NackReason,
        msg: String,
    },
    /// The server said the protocol was broken and closes the connection.
    Fatal(String),
    /// A frame that could not be read (ignored).
    Unreadable(String),
}

/// The result of handling one frame: frames to send now, and what changed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Step {
    pub send: Vec<ClientMessage>,
    pub updates: Vec<Update>,
}

/// One person's protocol state in one room, across any number of connections.
#[derive(Clone, Debug)]
pub struct ProtocolClient {
    name: Name,
    entry: Entry,
    room_code: Option<RoomCode>,
    token: Option<Token>,
    room: Option<RoomView>,
    last_v: Option<u64>,
    /// Events that arrived ahead of a missing one, applied once the gap is filled.
    early: BTreeMap<u64, Event>,
    /// The `v` of the last `sync` sent on this connection, so a burst of early events asks once.
    sync_sent_for: Option<u64>,
    next_request: RequestId,
    /// Sent but neither acknowledged nor refused, in sending order.
    unanswered: Vec<ClientMessage>,
    /// The last move the server refused (ply number and text): the board must drop it, not
    /// send it again.
    refused_move: Option<(u64, String)>,
    /// A move the server accepted whose event has not arrived yet: still shown as in flight,
    /// so that it is not taken for a new one.
    accepted_move: Option<(u64, String)>,
    connected: bool,
    /// The `create` went out. It carries no request number, so the server could not tell a
    /// resent one from a new room: it is sent once, and a connection lost before `welcome`
    /// leaves the outcome to the person ([`ProtocolClient::create_interrupted`]).
    create_sent: bool,
}

impl ProtocolClient {
    /// A client entering as `name`; `token` is the one kept from an earlier visit to the room
    /// being joined (ignored when creating). `first_request` numbers the first request: the
    /// server answers a number it has seen from the same token with its remembered answer, so a
    /// page coming back with a token must start above every number it used before (the page
    /// uses its clock).
    pub fn new(
        name: Name,
        entry: Entry,
        token: Option<Token>,
        first_request: RequestId,
    ) -> ProtocolClient {
        let room_code = match &entry {
            Entry::Join(code) => Some(code.clone()),
            Entry::Create(_) => None,
        };
        ProtocolClient {
            name,
            token: room_code.as_ref().and(token),
            entry,
            room_code,
            room: None,
            last_v: None,
            early: BTreeMap::new(),
            sync_sent_for: None,
            next_request: first_request.max(1),
            unanswered: Vec::new(),
            refused_move: None,
            accepted_move: None,
            connected: false,
            create_sent: false,
        }
    }

    /// The room as last known (after the first `state`).
    pub fn room(&self) -> Option<&RoomView> {
        self.room.as_ref()
    }

    pub fn room_code(&self) -> Option<&RoomCode> {
        self.room_code.as_ref()
    }

    pub fn token(&self) -> Option<&Token> {
        self.token.as_ref()
    }

    pub fn last_event(&self) -> Option<u64> {
        self.last_v
    }

    pub fn is_connected(&self) -> bool {
        self.connected
    }

    /// The move sent but not yet acknowledged: its ply number and text, shown as pending.
    pub fn pending_move(&self) -> Option<(u64, &str)> {
        self.unanswered.iter().find_map(|message| match message {
            ClientMessage::Move { n, m, .. } => Some((*n, m.as_str())),
            _ => None,
        })
    }

    /// The move in flight: pending, or accepted but not yet seen as an event.
    pub fn move_in_flight(&self) -> Option<(u64, &str)> {
        self.pending_move()
            .or(self.accepted_move.as_ref().map(|(n, m)| (*n, m.as_str())))
    }

    /// The last move the server refused, until the game moves on.
    pub fn refused_move(&self) -> Option<(u64, &str)> {
        self.refused_move.as_ref().map(|(n, m)| (*n, m.as_str()))
    }

    /// Requests still waiting for an answer.
    pub fn unanswered(&self) -> &[ClientMessage] {
        &self.unanswered
    }

    /// Whether a `create` was sent and its connection lost before the answer: the room may or
    /// may not exist, and sending `create` again could make a second one. Nothing more is sent.
    pub fn create_interrupted(&self) -> bool {
        self.create_sent && self.room_code.is_none()
    }

    /// A connection opened: the frame that enters the room — a `join` with the token and the
    /// last event held once the room is known, else the first `create` (only ever once) or
    /// `join`.
    pub fn connected(&mut self) -> Vec<ClientMessage> {
        self.connected = true;
        self.sync_sent_for = None;
        let hello = match (&self.room_code, &self.entry) {
            (None, Entry::Create(_)) if self.create_sent => return Vec::new(),
            (None, Entry::Create(create)) => {
                self.create_sent = true;
                ClientMessage::Create(create.clone())
            }
            (Some(code), _) => ClientMessage::Join(JoinRequest {
                proto: PROTOCOL_VERSION,
                name: self.name.clone(),
                room: code.clone(),
                token: self.token.clone(),
                v: self.token.as_ref().and(self.last_v),
            }),
            (None, Entry::Join(code)) => ClientMessage::Join(JoinRequest {
                proto: PROTOCOL_VERSION,
                name: self.name.clone(),
                room: code.clone(),
                token: None,
                v: None,
            }),
        };
        vec![hello]
    }

    /// The connection closed; requests stay queued for the next one.
    pub fn disconnected(&mut self) {
        self.connected = false;
        self.sync_sent_for = None;
    }

    /// Gives `request` its number and queues it until answered; returns the frame to send now
    /// when connected (otherwise it goes out after the next `welcome`).
    pub fn request(&mut self, request: Request) -> Option<ClientMessage> {
        let a = self.next_request;
        self.next_request += 1;
        let message = match request {
            Request::Seat(want) => ClientMessage::Seat { a, want },
            Request::Move { plies, text } => ClientMessage::Move {
                a,
                n: plies,
                m: text,
            },
            Request::Draw => ClientMessage::Draw { a },
            Request::Claim(m) => ClientMessage::Claim { a, m },
            Request::Resign => ClientMessage::Resign { a },
            Request::Rematch => ClientMessage::Rematch { a },
            Request::Next => ClientMessage::Next { a },
            Request::Settings { variant, clock } => ClientMessage::Settings {
                a,
                variant,
                options: None,
                clock,
            },
            Request::Chat(text) => ClientMessage::Chat { a, text },
        };
        self.unanswered.push(message.clone());
        self.connected.then_some(message)
    }

    /// Handles one text frame from the server.
    pub fn receive(&mut self, text: &str) -> Step {
        match serde_json::from_str::<ServerMessage>(text) {
            Ok(message) => self.handle(message),
            Err(error) => Step {
                send: Vec::new(),
                updates: vec![Update::Unreadable(format!(
                    "a message from the server could not be read: {error}"
                ))],
            },
        }
    }

    /// Handles one message from the server.
    pub fn handle(&mut self, message: ServerMessage) -> Step {
        let mut step = Step::default();
        match message {
            ServerMessage::Welcome {
                room, token, you, ..
            } => {
                if let Ok(code) = RoomCode::parse(&room) {
                    if self.room_code.as_ref() != Some(&code) {
                        // A different room (a fresh create): event numbers start over.
                        self.last_v = None;
                        self.room = None;
                        self.early.clear();
                    }
                    self.room_code = Some(code);
                }
                if let Ok(parsed) = Token::parse(&token) {
                    self.token = Some(parsed);
                }
                if let Ok(name) = Name::parse(&you) {
                    self.name = name;
                }
                // Retries are safe: the server answers a repeated `a` as it did the first time.
                step.send.extend(self.unanswered.iter().cloned());
                step.updates.push(Update::Welcome { room, you, token });
            }
            ServerMessage::State { v, room } => {
                self.room = Some(*room);
                self.accepted_move = None;
                self.last_v = Some(v);
                self.sync_sent_for = None;
                step.updates.push(Update::Snapshot);
                self.apply_early(&mut step);
            }
            ServerMessage::Ev { v, e } => self.receive_event(v, e, &mut step),
            ServerMessage::Ack { a } => {
                if let Some(request) = self.take_unanswered(a) {
                    if let ClientMessage::Move { n, m, .. } = &request {
                        self.accepted_move = Some((*n, m.as_str().to_string()));
                    }
                    step.updates.push(Update::Accepted(request));
                }
            }
            ServerMessage::Nack { a, why, msg } => {
                let request = self.take_unanswered(a);
                if let Some(ClientMessage::Move { n, m, .. }) = &request {
                    self.refused_move = Some((*n, m.as_str().to_string()));
                }
                if request.is_some() || a == 0 {
                    step.updates.push(Update::Refused { request, why, msg });
                }
            }
            ServerMessage::Error { msg } => step.updates.push(Update::Fatal(msg)),
            ServerMessage::Pong => {}
        }
        step
    }

    fn take_unanswered(&mut self, a: RequestId) -> Option<ClientMessage> {
        let index = self
            .unanswered
            .iter()
            .position(|message| message.request_id() == Some(a))?;
        Some(self.unanswered.remove(index))
    }

    fn receive_event(&mut self, v: u64, event: Event, step: &mut Step) {
        let Some(last) = self.last_v else {
            // Before the first state: keep it; the state decides what is already included.
            self.early.insert(v, event);
            return;
        };
        if v <= last {
            return;
        }
        if v == last + 1 {
            self.apply(v, event, step);
            self.apply_early(step);
            return;
        }
        self.early.insert(v, event);
        if self.sync_sent_for != Some(last) && self.connected {
            self.sync_sent_for = Some(last);
            step.send.push(ClientMessage::Sync { v: last });
        }
    }

    /// Applies held events that now follow on, and forgets those already covered.
    fn apply_early(&mut self, step: &mut Step) {
        let Some(mut last) = self.last_v else {
            return;
        };
        self.early = self.early.split_off(&(last + 1));
        while let Some(event) = self.early.remove(&(last + 1)) {
            last += 1;
            self.apply(last, event, step);
        }
    }

    fn apply(&mut self, v: u64, event: Event, step: &mut Step) {
        self.last_v = Some(v);
        if matches!(event, Event::Move { .. } | Event::Match { .. }) {
            self.refused_move = None;
            self.accepted_move = None;
        }
        if let Some(room) = &mut self.room {
            apply_event(room, &event);
        }
        step.updates.push(Update::Event(event));
    }
}

/// A room event as the server sends it: decoded once before play by [`prepare_decoder`].
const SAMPLE_EVENT: &str = r#"{"t":"ev","v":0,"e":{"k":"chat","name":"","text":""}}"#;

/// Decodes a sample room event and drops it. The browser compiles each function of the
/// page's code the first time it runs, on the page's one thread, and the decoder of room
/// events is among the largest (some 30 KB of code): first run when the first move
/// arrived, its compiling held that move's frame up by about 13 ms, four times as long on a
/// machine four times slower. Called once a room is joined, before anyone can move.
pub fn prepare_decoder() {
    let _ = serde_json::from_str::<ServerMessage>(SAMPLE_EVENT);
}

/// Brings a snapshot up to date with one event, as the server would have it.
pub fn apply_event(room: &mut RoomView, event: &Event) {
    match event {
        Event::Move { m, by, clocks, .. } => {
            // Regroupment setup steps (`Kb1`, `Q-`) are kept apart from moves in saved games.
            let list = if m.starts_with(['K', 'Q']) {
                "setup"
            } else {
                "moves"
            };
            if let Some(game) = room.game.as_mut().and_then(|game| game.as_object_mut()) {
                let entries = game
                    .entry(list)
                    .or_insert_with(|| serde_json::Value::Array(Vec::new()));
                if let Some(entries) = entries.as_array_mut() {
                    entries.push(m.clone().into());
                }
            }
            room.clocks = *clocks;
            room.turn = Some(match by {
                ColorName::White => ColorName::Black,
                ColorName::Black => ColorName::White,
            });
        }
        Event::Seat { white, black } => {
            room.seats.white = white.clone();
            room.seats.black = black.clone();
            // As the server has it: a live match waits while a seat is empty or its player away.
            let live = room.match_number > 0 && room.result.is_none() && room.game.is_some();
            let present = |seat: &Option<SeatView>| seat.as_ref().is_some_and(|seat| seat.online);
            room.paused = live && !(present(white) && present(black));
        }
        Event::Queue { queue } => room.queue = queue.clone(),
        Event::Crowd { spectators } => room.spectators = *spectators,
        Event::Offer { draw, rematch } => {
            room.offer = *draw;
            room.rematch = rematch.clone();
        }
        Event::End {
            result,
            reason,
            game_id,
            clocks,
        } => {
            room.result = Some(ResultView {
                result: result.clone(),
                reason: reason.clone(),
                game_id: game_id.clone(),
            });
            room.clocks = *clocks;
            room.turn = None;
            room.offer = None;
            room.paused = false;
        }
        Event::Match {
            number,
            game_id,
            settings,
            game,
            clocks,
            ..
        } => {
            room.match_number = *number;
            room.game_id = Some(game_id.clone());
            room.settings = (**settings).clone();
            room.game = Some((**game).clone());
            room.clocks = *clocks;
            room.result = None;
            room.offer = None;
            room.rematch.clear();
            room.paused = false;
            room.turn = Some(ColorName::White);
        }
        Event::Chat { .. } => {}
        Event::Host { name, settings } => {
            room.host = name.clone();
            room.settings = (**settings).clone();
        }
    }
    refresh_you(room);
}

/// Keeps `you.role` and `you.host` in step with the seats, queue and host.
fn refresh_you(room: &mut RoomView) {
    let Some(you) = room.you.as_ref() else {
        return;
    };
    let name = you.name.clone();
    let sits = |seat: &Option<SeatView>| seat.as_ref().is_some_and(|seat| seat.name == name);
    let role = if sits(&room.seats.white) {
        SeatWish::White
    } else if sits(&room.seats.black) {
        SeatWish::Black
    } else if room.queue.contains(&name) {
        SeatWish::Queue
    } else {
        SeatWish::Spectate
    };
    let host = room.host.as_deref() == Some(name.as_str());
    room.you = Some(YouView { name, role, host });
}

#[cfg(test)]
#[path = "protocol_client_tests.rs"]
mod tests;
