//! The room: its state (settings, people, seats, queue, match, event log) and the entry points
//! the server drives — `create`, `new`, `handle`, `disconnect`, `tick`, `next_deadline`,
//! `snapshot`, `to_json` / `restore`. Seating lives in `people.rs`, game actions and clocks in
//! `play.rs`.

use crate::protocol::{
    ClientMessage, ClocksView, CreateRequest, Event, NackReason, RequestId, RoomCode, RoomView,
    SeatWish, ServerMessage, Token, YouView,
};
use crate::record::{FinishedGame, MatchRecord};
use crate::settings::{RoomConfig, RoomSettings};
use rules::Color;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// A connection, numbered by the server. One person may hold several.
pub type ConnId = u64;

/// The source of random numbers (tokens, game ids, a sliding gap or Chess484 back ranks).
/// The room has none of its own so that it stays deterministic under test.
pub trait Entropy {
    fn next_u64(&mut self) -> u64;
}

impl<F: FnMut() -> u64> Entropy for F {
    fn next_u64(&mut self) -> u64 {
        self()
    }
}

/// Who a message goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipient {
    /// One connection.
    Conn(ConnId),
    /// Every connection of the room (events).
    Everyone,
}

/// What an operation produced. The server must store the room (when `persist`) and the
/// finished games before sending any message, then send `messages` in order.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub messages: Vec<(Recipient, ServerMessage)>,
    /// The room's persistent state changed: store [`Room::to_json`] before sending.
    pub persist: bool,
    /// Games that ended in this operation, to store for `GET /api/games/ID`.
    pub finished: Vec<FinishedGame>,
}

impl Outcome {
    /// The new events of this outcome (broadcast to everyone), in order. Events replayed to
    /// one connection for `sync` are not among them.
    pub fn events(&self) -> impl Iterator<Item = (u64, &Event)> {
        self.messages
            .iter()
            .filter_map(|(to, message)| match (to, message) {
                (Recipient::Everyone, ServerMessage::Ev { v, e }) => Some((*v, e)),
                _ => None,
            })
    }

    /// The messages for one connection (direct ones and broadcasts), in order.
    pub fn messages_for(&self, conn: ConnId) -> impl Iterator<Item = &ServerMessage> {
        self.messages
            .iter()
            .filter(move |(to, _)| *to == Recipient::Everyone || *to == Recipient::Conn(conn))
            .map(|(_, message)| message)
    }
}

/// A room as listed publicly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomSummary {
    pub code: String,
    pub settings: crate::protocol::SettingsView,
    pub white: Option<String>,
    pub black: Option<String>,
    /// People queued.
    pub queue: usize,
    /// Spectators connected.
    pub spectators: u32,
    #[serde(rename = "match")]
    pub match_number: u32,
    /// Whether a match is being played.
    pub playing: bool,
    /// Connections open.
    pub online: usize,
}

/// The answer remembered for a request, replayed when the same `a` comes again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Answer {
    Ack,
    Nack(NackReason, String),
}

impl Answer {
    pub(crate) fn nack(why: NackReason, msg: impl Into<String>) -> Answer {
        Answer::Nack(why, msg.into())
    }
}

/// One person known to the room (online or not).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Person {
    pub token: Token,
    pub name: crate::protocol::Name,
    /// Join order: lower joined earlier ("longest present").
    pub seq: u64,
    /// Live connections (not persisted: after a restore everyone is offline until they
    /// reconnect).
    #[serde(skip)]
    pub conns: u32,
    pub offline_since: Option<u64>,
    pub answers: VecDeque<(RequestId, Answer)>,
    /// Chat rate limit: the theoretical arrival time of the next allowed line (GCRA).
    pub chat_tat_ms: u64,
}

impl Person {
    pub fn online(&self) -> bool {
        self.conns > 0
    }
}

/// Who sits in a seat, and since when (for "the player who has sat longest").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Seated {
    pub token: Token,
    pub order: u64,
}

/// A reply to one connection, resolved when the operation ends (a `state` is built last so
/// that it includes every event of the operation).
#[derive(Clone, Debug)]
pub(crate) enum Reply {
    Message(ServerMessage),
    State,
}

/// Messages collected during one operation.
#[derive(Debug, Default)]
pub(crate) struct Collect {
    pub replies: Vec<(ConnId, Reply)>,
    pub events: Vec<(u64, Event)>,
    pub finished: Vec<FinishedGame>,
    pub changed: bool,
}

impl Collect {
    pub fn reply(&mut self, conn: ConnId, message: ServerMessage) {
        self.replies.push((conn, Reply::Message(message)));
    }
}

/// A room: the pure state machine behind one room code.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Room {
    pub(crate) code: RoomCode,
    pub(crate) config: RoomConfig,
    pub(crate) settings: RoomSettings,
    /// Everyone the room knows, in join order.
    pub(crate) people: Vec<Person>,
    pub(crate) host: Option<Token>,
    /// White's and Black's seat.
    pub(crate) seats: [Option<Seated>; 2],
    pub(crate) queue: VecDeque<Token>,
    /// Since when each side of the live match has been absent (seat empty or player offline).
    pub(crate) away_since: [Option<u64>; 2],
    pub(crate) match_number: u32,
    pub(crate) current: Option<MatchRecord>,
    /// The number of the last event.
    pub(crate) v: u64,
    /// Recent events for `sync`. Not persisted, to keep the stored state small: after a
    /// restore a client behind the counter gets a `state`.
    #[serde(skip)]
    pub(crate) log: VecDeque<(u64, Event)>,
    pub(crate) next_seq: u64,
    /// The last instant the room was driven at (for snapshots).
    pub(crate) now_ms: u64,
    #[serde(skip)]
    pub(crate) conns: BTreeMap<ConnId, Token>,
    /// When the crowd count was last told, and when a batched change is due.
    #[serde(skip)]
    pub(crate) crowd_told_ms: u64,
    #[serde(skip)]
    pub(crate) crowd_due_ms: Option<u64>,
    /// What clients were last told about seats, queue, crowd, host and offers (not persisted:
    /// rebuilt on restore, where every client gets a `state` anyway).
    #[serde(skip)]
    pub(crate) shown: Option<crate::people::Views>,
}

impl Room {
    /// An empty room with no host (the `open` room): the first person to join becomes host.
    pub fn new(code: RoomCode, settings: RoomSettings, config: RoomConfig, now_ms: u64) -> Room {
        let mut room = Room {
            code,
            config,
            settings,
            people: Vec::new(),
            host: None,
            seats: [None, None],
            queue: VecDeque::new(),
            away_since: [None, None],
            match_number: 0,
            current: None,
            v: 0,
            log: VecDeque::new(),
            next_seq: 1,
            now_ms,
            conns: BTreeMap::new(),
            crowd_told_ms: 0,
            crowd_due_ms: None,
            shown: None,
        };
        room.shown = Some(room.views());
        room
    }

    /// Creates a room from a `create` request and joins the creator as host, on connection
    /// `conn`. The server picks `code` (the request's word, or a free PIN it drew). Refused
    /// settings give the `nack bad` (with `a` = 0) to send.
    // The refusal is the message itself, sent as is; it is built once per refused create.
    #[allow(clippy::result_large_err)]
    pub fn create(
        code: RoomCode,
        request: &CreateRequest,
        config: RoomConfig,
        conn: ConnId,
        now_ms: u64,
        entropy: &mut dyn Entropy,
    ) -> Result<(Room, Outcome), ServerMessage> {
        let settings =
            RoomSettings::parse(&request.variant, request.options.as_ref(), request.clock)
                .map_err(|msg| ServerMessage::nack(0, NackReason::Bad, msg))?;
        let mut room = Room::new(code.clone(), settings, config, now_ms);
        let join = crate::protocol::JoinRequest {
            proto: request.proto,
            name: request.name.clone(),
            room: code,
            token: None,
            v: None,
        };
        let outcome = room.handle(conn, ClientMessage::Join(join), now_ms, entropy);
        Ok((room, outcome))
    }

    /// Handles one message from connection `conn` at `now_ms`. `join` binds the connection
    /// to a person; every other request needs a joined connection.
    pub fn handle(
        &mut self,
        conn: ConnId,
        message: ClientMessage,
        now_ms: u64,
        entropy: &mut dyn Entropy,
    ) -> Outcome {
        let mut out = self.begin(now_ms);
        match message {
            ClientMessage::Create(_) => out.reply(
                conn,
                ServerMessage::nack(0, NackReason::Bad, "this connection is already in a room"),
            ),
            ClientMessage::Join(join) => self.join(conn, join, now_ms, entropy, &mut out),
            ClientMessage::Ping => out.reply(conn, ServerMessage::Pong),
            ClientMessage::Sync { v } => {
                if self.conns.contains_key(&conn) {
                    self.catch_up(conn, v, &mut out);
                } else {
                    out.reply(
                        conn,
                        ServerMessage::nack(0, NackReason::Bad, "join a room first"),
                    );
                }
            }
            request => {
                let a = request.request_id().unwrap_or(0);
                self.request(conn, a, request, now_ms, entropy, &mut out);
            }
        }
        self.end(now_ms, out)
    }

    /// Connection `conn` closed. A seated player without connections keeps the seat for the
    /// grace period.
    pub fn disconnect(&mut self, conn: ConnId, now_ms: u64) -> Outcome {
        let mut out = self.begin(now_ms);
        if let Some(token) = self.conns.remove(&conn) {
            if let Some(person) = self.person_mut(&token) {
                person.conns = person.conns.saturating_sub(1);
                if person.conns == 0 {
                    person.offline_since = Some(now_ms);
                }
                out.changed = true;
            }
        }
        self.end(now_ms, out)
    }

    /// Runs the timers due at `now_ms`: flag falls, grace periods, host hand-over, queue
    /// places of people gone for the grace period. Call it at [`Room::next_deadline`].
    pub fn tick(&mut self, now_ms: u64) -> Outcome {
        let out = self.begin(now_ms);
        self.end(now_ms, out)
    }

    /// The next instant at which [`Room::tick`] has something to do, if any.
    pub fn next_deadline(&self) -> Option<u64> {
        let mut deadlines: Vec<u64> = Vec::new();
        deadlines.extend(self.flag_deadline());
        deadlines.extend(self.grace_deadline().map(|(at, _)| at));
        deadlines.extend(self.offline_deadline());
        deadlines.extend(self.crowd_due_ms);
        deadlines.into_iter().min()
    }

    /// After a restore: time while the server was down is charged to nobody; everyone is
    /// offline, and the grace periods start now.
    pub fn resume(&mut self, now_ms: u64) {
        self.conns.clear();
        for person in &mut self.people {
            person.conns = 0;
            person.offline_since = Some(now_ms);
        }
        self.now_ms = now_ms;
        self.away_since = [None, None];
        self.refresh_presence(now_ms);
        self.reset_clock_mark(now_ms);
        self.shown = Some(self.views());
    }

    /// The room's persistent state as JSON (everything but live connections).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Restores a room stored with [`Room::to_json`] and resumes it at `now_ms`. The game is
    /// replayed through the rules, so a damaged record is refused rather than half-loaded.
    pub fn restore(json: &str, now_ms: u64) -> Result<Room, String> {
        let mut room: Room =
            serde_json::from_str(json).map_err(|error| format!("bad stored room: {error}"))?;
        room.resume(now_ms);
        Ok(room)
    }

    /// A `state` message for connection `conn` (its own place filled in as `you`).
    pub fn snapshot(&self, conn: ConnId) -> ServerMessage {
        ServerMessage::State {
            v: self.v,
            room: Box::new(self.room_view(self.conns.get(&conn))),
        }
    }

    /// A `state` message as an outsider sees it.
    pub fn public_snapshot(&self) -> ServerMessage {
        ServerMessage::State {
            v: self.v,
            room: Box::new(self.room_view(None)),
        }
    }

    /// Replaces the room's limits (e.g. a server restarted with another grace period).
    pub fn set_config(&mut self, config: RoomConfig) {
        self.config = config;
        while self.log.len() > self.config.event_log_len {
            self.log.pop_front();
        }
    }

    pub fn config(&self) -> &RoomConfig {
        &self.config
    }

    pub fn code(&self) -> &RoomCode {
        &self.code
    }

    /// The number of the last event.
    pub fn version(&self) -> u64 {
        self.v
    }

    pub fn settings(&self) -> &RoomSettings {
        &self.settings
    }

    pub fn match_number(&self) -> u32 {
        self.match_number
    }

    /// Connections currently bound to people of this room.
    pub fn connection_count(&self) -> usize {
        self.conns.len()
    }

    /// The current (or last) game's id and saved-game JSON.
    pub fn current_game(&self) -> Option<(String, String)> {
        let record = self.current.as_ref()?;
        let json = serde_json::to_string_pretty(&record.saved_game(self.now_ms)).ok()?;
        Some((record.id.clone(), json))
    }

    /// Whether the room could be unloaded from memory: nobody connected and no match being
    /// played (its state is in the last stored [`Room::to_json`]).
    pub fn is_idle(&self) -> bool {
        self.conns.is_empty() && self.live_match().is_none()
    }

    /// A short public description, for `GET /api/rooms`.
    pub fn summary(&self) -> RoomSummary {
        let views = self.views();
        RoomSummary {
            code: self.code.to_string(),
            settings: views.settings,
            white: views.seats.white.map(|seat| seat.name),
            black: views.seats.black.map(|seat| seat.name),
            queue: views.queue.len(),
            spectators: views.crowd,
            match_number: self.match_number,
            playing: self.live_match().is_some(),
            online: self.conns.len(),
        }
    }

    /// The token bound to a connection.
    pub fn token_of(&self, conn: ConnId) -> Option<&Token> {
        self.conns.get(&conn)
    }

    // -----------------------------------------------------------------------------------------
    // Operation frame

    /// Starts an operation: runs the timers due, remembering what clients were shown.
    fn begin(&mut self, now_ms: u64) -> Collect {
        let mut out = Collect::default();
        if self.shown.is_none() {
            self.shown = Some(self.views());
        }
        let now_ms = now_ms.max(self.now_ms);
        self.now_ms = now_ms;
        self.advance(now_ms, &mut out);
        out
    }

    /// Ends an operation: the timers that the operation itself made due, presence, the
    /// clock's reference instant, view events, then the replies.
    fn end(&mut self, now_ms: u64, mut out: Collect) -> Outcome {
        let now_ms = now_ms.max(self.now_ms);
        self.expire_offline(now_ms, &mut out);
        self.fill_free_seats_between_matches();
        self.refresh_presence(now_ms);
        self.reset_clock_mark(now_ms);
        self.sync_views(&mut out);
        let mut messages: Vec<(Recipient, ServerMessage)> = Vec::new();
        for (conn, reply) in out.replies {
            let message = match reply {
                Reply::Message(message) => message,
                Reply::State => self.snapshot(conn),
            };
            messages.push((Recipient::Conn(conn), message));
        }
        let persist = out.changed || !out.events.is_empty() || !out.finished.is_empty();
        for (v, e) in out.events {
            messages.push((Recipient::Everyone, ServerMessage::Ev { v, e }));
        }
        Outcome {
            messages,
            persist,
            finished: out.finished,
        }
    }

    /// Numbers and logs an event.
    pub(crate) fn emit(&mut self, out: &mut Collect, event: Event) {
        self.v += 1;
        self.log.push_back((self.v, event.clone()));
        while self.log.len() > self.config.event_log_len {
            self.log.pop_front();
        }
        out.events.push((self.v, event));
    }

    /// Sends `conn` what follows event `v`: the logged events, or a `state` when they are no
    /// longer all logged (or `v` is not one this room has reached).
    pub(crate) fn catch_up(&self, conn: ConnId, v: u64, out: &mut Collect) {
        if v == self.v {
            return;
        }
        let first_logged = self.log.front().map(|(number, _)| *number);
        match first_logged {
            Some(first) if v < self.v && first <= v + 1 => {
                for (number, event) in self.log.iter().filter(|(number, _)| *number > v) {
                    out.reply(
                        conn,
                        ServerMessage::Ev {
                            v: *number,
                            e: event.clone(),
                        },
                    );
                }
            }
            _ => out.replies.push((conn, Reply::State)),
        }
    }

    /// A request with a number: answered once; the same `a` from the same person gets the
    /// same answer again without being applied again.
    fn request(
        &mut self,
        conn: ConnId,
        a: RequestId,
        request: ClientMessage,
        now_ms: u64,
        entropy: &mut dyn Entropy,
        out: &mut Collect,
    ) {
        let Some(token) = self.conns.get(&conn).cloned() else {
            out.reply(
                conn,
                ServerMessage::nack(a, NackReason::Bad, "join a room first"),
            );
            return;
        };
        let remembered = self.person(&token).and_then(|person| {
            person
                .answers
                .iter()
                .find(|(number, _)| *number == a)
                .map(|(_, answer)| answer.clone())
        });
        let (answer, fresh) = match remembered {
            Some(answer) => (answer, false),
            None => (
                self.apply_request(&token, request, now_ms, entropy, out),
                true,
            ),
        };
        let message = match &answer {
            Answer::Ack => ServerMessage::Ack { a },
            Answer::Nack(why, msg) => ServerMessage::nack(a, *why, msg.clone()),
        };
        out.reply(conn, message);
        if matches!(answer, Answer::Nack(NackReason::Stale, _)) {
            out.replies.push((conn, Reply::State));
        }
        // A rate refusal is not an answer to the request: the client may try it again later.
        let remember = fresh && !matches!(answer, Answer::Nack(NackReason::Rate, _));
        if remember {
            let limit = self.config.remembered_answers;
            if let Some(person) = self.person_mut(&token) {
                person.answers.push_back((a, answer));
                while person.answers.len() > limit {
                    person.answers.pop_front();
                }
                out.changed = true;
            }
        }
    }

    fn apply_request(
        &mut self,
        token: &Token,
        request: ClientMessage,
        now_ms: u64,
        entropy: &mut dyn Entropy,
        out: &mut Collect,
    ) -> Answer {
        match request {
            ClientMessage::Seat { want, .. } => self.change_seat(token, want, now_ms, entropy, out),
            ClientMessage::Move { n, m, .. } => self.play_move(token, n, m.as_str(), now_ms, out),
            ClientMessage::Draw { .. } => self.draw(token, now_ms, out),
            ClientMessage::Claim { m, .. } => {
                self.claim(token, m.as_ref().map(|m| m.as_str()), now_ms, out)
            }
            ClientMessage::Resign { .. } => self.resign(token, now_ms, out),
            ClientMessage::Rematch { .. } => self.rematch(token, now_ms, entropy, out),
            ClientMessage::Next { .. } => self.next_match(token, now_ms, entropy, out),
            ClientMessage::Settings {
                variant,
                options,
                clock,
                ..
            } => self.change_settings(token, &variant, options.as_ref(), clock, out),
            ClientMessage::Chat { text, .. } => self.chat(token, text, now_ms, out),
            ClientMessage::Create(_)
            | ClientMessage::Join(_)
            | ClientMessage::Sync { .. }
            | ClientMessage::Ping => Answer::nack(NackReason::Bad, "not a request"),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Lookups

    pub(crate) fn person(&self, token: &Token) -> Option<&Person> {
        self.people.iter().find(|person| &person.token == token)
    }

    pub(crate) fn person_mut(&mut self, token: &Token) -> Option<&mut Person> {
        self.people.iter_mut().find(|person| &person.token == token)
    }

    pub(crate) fn name_of(&self, token: &Token) -> String {
        self.person(token)
            .map(|person| person.name.as_str().to_string())
            .unwrap_or_default()
    }

    /// The colour `token` sits at, if seated.
    pub(crate) fn seat_of(&self, token: &Token) -> Option<Color> {
        Color::ALL.into_iter().find(|color| {
            self.seats[color.index()]
                .as_ref()
                .is_some_and(|seated| &seated.token == token)
        })
    }

    pub(crate) fn role_of(&self, token: &Token) -> SeatWish {
        match self.seat_of(token) {
            Some(Color::White) => SeatWish::White,
            Some(Color::Black) => SeatWish::Black,
            None if self.queue.contains(token) => SeatWish::Queue,
            None => SeatWish::Spectate,
        }
    }

    pub(crate) fn live_match(&self) -> Option<&MatchRecord> {
        self.current.as_ref().filter(|record| record.is_live())
    }

    fn room_view(&self, viewer: Option<&Token>) -> RoomView {
        let views = self.views();
        let seats = self.seats_on_wire(&views);
        let record = self.current.as_ref();
        RoomView {
            code: self.code.to_string(),
            settings: views.settings,
            host: views.host,
            seats,
            queue: views.queue,
            spectators: views.crowd,
            match_number: self.match_number,
            game_id: record.map(|record| record.id.clone()),
            game: record.map(|record| record.saved_value(self.now_ms)),
            clocks: self.clocks_view(self.now_ms),
            offer: views.offer,
            rematch: views.rematch,
            result: record.and_then(MatchRecord::result_view),
            paused: self.is_paused(),
            turn: self
                .live_match()
                .map(|record| record.game.status().turn.into()),
            you: viewer.and_then(|token| {
                self.person(token).map(|person| YouView {
                    name: person.name.as_str().to_string(),
                    role: self.role_of(token),
                    host: self.host.as_ref() == Some(token),
                })
            }),
        }
    }

    /// Both clocks at `now_ms` (the running side's time since the reference instant taken
    /// off), or `None` without a timed match.
    pub(crate) fn clocks_view(&self, now_ms: u64) -> Option<ClocksView> {
        let record = self.current.as_ref()?;
        let clock = record.game.clock()?;
        let mut remaining = clock.remaining_ms;
        let running = if record.is_live() {
            self.running_side()
        } else {
            None
        };
        if let (Some(side), Some(mark)) = (running, record.clock_mark_ms) {
            let spent = now_ms.saturating_sub(mark);
            remaining[side.index()] = remaining[side.index()].saturating_sub(spent);
        }
        Some(ClocksView {
            white_ms: remaining[0],
            black_ms: remaining[1],
            running: running.map(Into::into),
        })
    }
}
