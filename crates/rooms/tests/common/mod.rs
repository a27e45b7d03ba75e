//! A fake clock, fake entropy and a few clients around one room, speaking the JSON protocol
//! the way the server does (every frame goes through `parse_client_message`).
#![allow(dead_code)]

use boardshift_rooms::{
    parse_client_message, ClientMessage, ConnId, Event, FinishedGame, NackReason, Outcome,
    Recipient, Room, RoomCode, RoomConfig, RoomSettings, RoomView, ServerMessage,
};
use serde_json::{json, Value};

pub struct Harness {
    pub room: Room,
    pub now: u64,
    counter: u64,
    next_conn: ConnId,
    next_a: u64,
    /// Every event seen so far, in order.
    pub events: Vec<(u64, Event)>,
    /// Every finished game handed over for storage.
    pub finished: Vec<FinishedGame>,
}

/// Connection and token of one client.
#[derive(Clone, Debug)]
pub struct Client {
    pub conn: ConnId,
    pub token: String,
    pub name: String,
}

pub const START_MS: u64 = 1_796_000_000_000;

impl Harness {
    /// A room made by a `create` frame from `host`.
    pub fn create(host: &str, settings: Value) -> (Harness, Client) {
        Harness::create_with(host, settings, RoomConfig::default())
    }

    pub fn create_with(host: &str, settings: Value, config: RoomConfig) -> (Harness, Client) {
        let mut frame = json!({"t": "create", "proto": 1, "name": host, "code": "test-room"});
        if let (Some(object), Value::Object(extra)) = (frame.as_object_mut(), settings) {
            object.extend(extra);
        }
        let ClientMessage::Create(request) = parse_client_message(&frame.to_string()).unwrap()
        else {
            panic!("not a create frame");
        };
        let code = request.code.clone().unwrap();
        let mut counter = 0u64;
        let mut entropy = || {
            counter += 1;
            counter.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        };
        let (room, outcome) =
            Room::create(code, &request, config, 1, START_MS, &mut entropy).unwrap();
        let mut harness = Harness {
            room,
            now: START_MS,
            counter,
            next_conn: 2,
            next_a: 1,
            events: Vec::new(),
            finished: Vec::new(),
        };
        harness.record(&outcome);
        let client = Client {
            conn: 1,
            token: welcome_token(&outcome, 1),
            name: host.to_string(),
        };
        (harness, client)
    }

    /// The always-open room: nobody in it yet.
    pub fn open() -> Harness {
        let room = Room::new(
            RoomCode::parse("open").unwrap(),
            RoomSettings::standard_untimed(),
            RoomConfig::default(),
            START_MS,
        );
        Harness {
            room,
            now: START_MS,
            counter: 0,
            next_conn: 1,
            next_a: 1,
            events: Vec::new(),
            finished: Vec::new(),
        }
    }

    fn record(&mut self, outcome: &Outcome) {
        self.finished.extend(outcome.finished.iter().cloned());
        for (v, event) in outcome.events() {
            if let Some((last, _)) = self.events.last() {
                assert_eq!(v, last + 1, "event numbers must rise by one");
            }
            self.events.push((v, event.clone()));
        }
    }

    /// Sends one frame from `conn`, exactly as text.
    pub fn send_raw(&mut self, conn: ConnId, frame: &str) -> Outcome {
        let message = parse_client_message(frame).unwrap_or_else(|error| {
            panic!("frame {frame} refused: {error}");
        });
        self.handle(conn, message)
    }

    pub fn send(&mut self, conn: ConnId, frame: Value) -> Outcome {
        self.send_raw(conn, &frame.to_string())
    }

    /// Sends a request with a fresh `a`; returns the `a` and the outcome.
    pub fn request(&mut self, client: &Client, mut frame: Value) -> (u64, Outcome) {
        let a = self.next_a;
        self.next_a += 1;
        frame["a"] = json!(a);
        (a, self.send(client.conn, frame))
    }

    /// Sends a request and expects `ack`.
    pub fn ok(&mut self, client: &Client, frame: Value) -> Outcome {
        let (a, outcome) = self.request(client, frame.clone());
        let answer = answer_to(&outcome, client.conn, a);
        assert_eq!(
            answer, None,
            "{frame} from {} refused: {answer:?}",
            client.name
        );
        outcome
    }

    /// Sends a request and expects `nack` with `why`.
    pub fn refused(&mut self, client: &Client, frame: Value, why: NackReason) -> Outcome {
        let (a, outcome) = self.request(client, frame.clone());
        match answer_to(&outcome, client.conn, a) {
            Some((reason, _)) => assert_eq!(reason, why, "{frame} refused for another reason"),
            None => panic!(
                "{frame} from {} was accepted, expected nack {why:?}",
                client.name
            ),
        }
        outcome
    }

    pub fn join(&mut self, name: &str) -> Client {
        let conn = self.next_conn;
        self.next_conn += 1;
        let code = self.room.code().to_string();
        let outcome = self.send(
            conn,
            json!({"t": "join", "proto": 1, "name": name, "room": code}),
        );
        Client {
            conn,
            token: welcome_token(&outcome, conn),
            name: name.to_string(),
        }
    }

    /// Comes back on a new connection with the token (and optionally the last `v` held).
    pub fn rejoin(&mut self, client: &Client, v: Option<u64>) -> (Client, Outcome) {
        let conn = self.next_conn;
        self.next_conn += 1;
        let code = self.room.code().to_string();
        let mut frame = json!({"t": "join", "proto": 1, "name": client.name, "room": code,
            "token": client.token});
        if let Some(v) = v {
            frame["v"] = json!(v);
        }
        let outcome = self.send(conn, frame);
        let again = Client {
            conn,
            token: welcome_token(&outcome, conn),
            name: client.name.clone(),
        };
        (again, outcome)
    }

    pub fn disconnect(&mut self, client: &Client) -> Outcome {
        self.disconnect_conn(client.conn)
    }

    pub fn disconnect_conn(&mut self, conn: ConnId) -> Outcome {
        let outcome = self.room.disconnect(conn, self.now);
        self.record(&outcome);
        outcome
    }

    /// Hands a parsed message to the room, as the server does.
    pub fn handle(&mut self, conn: ConnId, message: ClientMessage) -> Outcome {
        let mut counter = self.counter;
        let mut entropy = || {
            counter += 1;
            counter.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        };
        let outcome = self.room.handle(conn, message, self.now, &mut entropy);
        self.counter = counter;
        self.record(&outcome);
        outcome
    }

    /// Moves the fake clock on and runs the timers.
    pub fn advance(&mut self, ms: u64) -> Outcome {
        self.now += ms;
        let outcome = self.room.tick(self.now);
        self.record(&outcome);
        outcome
    }

    /// Moves the clock to the room's next deadline and ticks.
    pub fn advance_to_deadline(&mut self) -> Outcome {
        let at = self.room.next_deadline().expect("a deadline");
        assert!(at >= self.now, "deadline in the past");
        self.now = at;
        let outcome = self.room.tick(self.now);
        self.record(&outcome);
        outcome
    }

    pub fn state(&self, client: &Client) -> RoomView {
        match self.room.snapshot(client.conn) {
            ServerMessage::State { room, .. } => *room,
            other => panic!("not a state: {other:?}"),
        }
    }

    pub fn plies(&self) -> u64 {
        let view = self.room.public_snapshot();
        let ServerMessage::State { room, .. } = view else {
            unreachable!()
        };
        let game = room.game.expect("a game");
        let setup = game["setup"].as_array().map_or(0, Vec::len);
        let moves = game["moves"].as_array().map_or(0, Vec::len);
        (setup + moves) as u64
    }

    /// Plays a move with the right `n`.
    pub fn play(&mut self, client: &Client, text: &str) -> Outcome {
        let n = self.plies();
        self.ok(client, json!({"t": "move", "n": n, "m": text}))
    }

    /// The last `end` event.
    pub fn last_end(&self) -> Option<(String, String)> {
        self.events.iter().rev().find_map(|(_, event)| match event {
            Event::End { result, reason, .. } => Some((result.clone(), reason.clone())),
            _ => None,
        })
    }

    pub fn seat_names(&self) -> (Option<String>, Option<String>) {
        let view = self.room.public_snapshot();
        let ServerMessage::State { room, .. } = view else {
            unreachable!()
        };
        (
            room.seats.white.map(|seat| seat.name),
            room.seats.black.map(|seat| seat.name),
        )
    }

    pub fn queue_names(&self) -> Vec<String> {
        let ServerMessage::State { room, .. } = self.room.public_snapshot() else {
            unreachable!()
        };
        room.queue
    }
}

/// The token of the `welcome` sent to `conn`.
pub fn welcome_token(outcome: &Outcome, conn: ConnId) -> String {
    outcome
        .messages_for(conn)
        .find_map(|message| match message {
            ServerMessage::Welcome { token, .. } => Some(token.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no welcome for {conn}: {:?}", outcome.messages))
}

/// `None` for `ack a`, the reason and message for `nack a`.
pub fn answer_to(outcome: &Outcome, conn: ConnId, a: u64) -> Option<(NackReason, String)> {
    for (to, message) in &outcome.messages {
        if *to != Recipient::Conn(conn) {
            continue;
        }
        match message {
            ServerMessage::Ack { a: acked } if *acked == a => return None,
            ServerMessage::Nack {
                a: nacked,
                why,
                msg,
            } if *nacked == a => return Some((*why, msg.clone())),
            _ => {}
        }
    }
    panic!("no answer to a={a} for {conn}: {:?}", outcome.messages);
}

/// The kinds of the events in an outcome, in order.
pub fn kinds(outcome: &Outcome) -> Vec<&'static str> {
    outcome
        .events()
        .map(|(_, event)| match event {
            Event::Move { .. } => "move",
            Event::Seat { .. } => "seat",
            Event::Queue { .. } => "queue",
            Event::Crowd { .. } => "crowd",
            Event::Offer { .. } => "offer",
            Event::End { .. } => "end",
            Event::Match { .. } => "match",
            Event::Chat { .. } => "chat",
            Event::Host { .. } => "host",
        })
        .collect()
}

/// Whether a `state` was sent to `conn`.
pub fn got_state(outcome: &Outcome, conn: ConnId) -> bool {
    outcome.messages.iter().any(|(to, message)| {
        *to == Recipient::Conn(conn) && matches!(message, ServerMessage::State { .. })
    })
}
