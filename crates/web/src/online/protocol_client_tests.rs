//! Tests of the client protocol logic: event order, resync, resend until answered.

use super::*;
use serde_json::json;

fn name(text: &str) -> Name {
    Name::parse(text).unwrap()
}

fn code(text: &str) -> RoomCode {
    RoomCode::parse(text).unwrap()
}

const TOKEN: &str = "0123456789abcdef0123456789abcdef";

fn state(v: u64, moves: &[&str]) -> String {
    json!({"t": "state", "v": v, "room": {
        "code": "4821",
        "settings": {"variant": "standard", "options": {}, "clock": null},
        "host": "Ann",
        "seats": {"white": {"name": "Ann", "online": true}, "black": {"name": "Bo", "online": true}},
        "queue": [], "spectators": 0, "match": 1, "game_id": "g1",
        "game": {"variant": "standard", "moves": moves},
        "clocks": null, "offer": null, "rematch": [], "result": null, "paused": false,
        "turn": "white", "you": {"name": "Ann", "role": "white", "host": true}
    }})
    .to_string()
}

fn move_event(v: u64, m: &str, n: u64) -> String {
    let by = if n % 2 == 1 { "white" } else { "black" };
    json!({"t": "ev", "v": v, "e": {"k": "move", "m": m, "san": m, "by": by, "n": n, "clocks": null}})
        .to_string()
}

fn chat_event(v: u64, text: &str) -> String {
    json!({"t": "ev", "v": v, "e": {"k": "chat", "name": "Bo", "text": text}}).to_string()
}

fn welcome() -> String {
    json!({"t": "welcome", "proto": 1, "room": "4821", "token": TOKEN, "you": "Ann"}).to_string()
}

/// A client already in room 4821 at event `v` with the given moves.
fn joined(v: u64, moves: &[&str]) -> ProtocolClient {
    let mut client = ProtocolClient::new(name("Ann"), Entry::Join(code("4821")), None, 1);
    client.connected();
    client.receive(&welcome());
    client.receive(&state(v, moves));
    client
}

fn moves(client: &ProtocolClient) -> Vec<String> {
    let game = client.room().unwrap().game.as_ref().unwrap();
    serde_json::from_value(game["moves"].clone()).unwrap()
}

fn chats(step: &Step) -> Vec<String> {
    step.updates
        .iter()
        .filter_map(|update| match update {
            Update::Event(Event::Chat { text, .. }) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn events_apply_only_in_order_and_a_gap_asks_for_sync_once() {
    let mut client = joined(5, &[]);
    let step = client.receive(&chat_event(6, "six"));
    assert_eq!(chats(&step), ["six"]);
    // 8 and 9 arrive before 7: held back, one sync for everything after 6.
    let step = client.receive(&chat_event(8, "eight"));
    assert_eq!(step.send, [ClientMessage::Sync { v: 6 }]);
    assert!(step.updates.is_empty());
    let step = client.receive(&chat_event(9, "nine"));
    assert!(step.send.is_empty(), "a second sync for the same gap");
    assert_eq!(client.last_event(), Some(6));
    // The missing one arrives: all three apply, in order.
    let step = client.receive(&chat_event(7, "seven"));
    assert_eq!(chats(&step), ["seven", "eight", "nine"]);
    assert_eq!(client.last_event(), Some(9));
    // A repeat of an applied event is dropped.
    let step = client.receive(&chat_event(8, "eight again"));
    assert!(step.updates.is_empty());
}

#[test]
fn a_state_replaces_the_room_and_held_events_beyond_it_still_apply() {
    let mut client = joined(2, &[]);
    client.receive(&move_event(4, "d2d4", 2));
    client.receive(&chat_event(6, "after the state"));
    let step = client.receive(&state(5, &["e2e4", "e7e5"]));
    assert_eq!(step.updates[0], Update::Snapshot);
    assert_eq!(chats(&step), ["after the state"]);
    assert_eq!(client.last_event(), Some(6));
    assert_eq!(moves(&client), ["e2e4", "e7e5"]);
}

#[test]
fn events_before_the_first_state_wait_for_it() {
    let mut client = ProtocolClient::new(name("Ann"), Entry::Join(code("4821")), None, 1);
    client.connected();
    client.receive(&welcome());
    // The join's own events are broadcast too, and may come before the state that holds them.
    assert!(client.receive(&chat_event(3, "old")).updates.is_empty());
    assert!(client.receive(&chat_event(4, "new")).updates.is_empty());
    let step = client.receive(&state(3, &[]));
    assert_eq!(step.updates[0], Update::Snapshot);
    assert_eq!(chats(&step), ["new"]);
}

#[test]
fn move_events_extend_the_game_and_pass_the_turn() {
    let mut client = joined(1, &[]);
    client.receive(&move_event(2, "e2e4", 1));
    client.receive(&move_event(3, "e7e5", 2));
    assert_eq!(moves(&client), ["e2e4", "e7e5"]);
    assert_eq!(client.room().unwrap().turn, Some(ColorName::White));
}

#[test]
fn a_move_stays_pending_until_acknowledged_and_is_resent_with_the_same_number() {
    let mut client = joined(1, &[]);
    let sent = client
        .request(Request::Move {
            plies: 0,
            text: MoveText::parse("e2e4").unwrap(),
        })
        .expect("sent at once while connected");
    let ClientMessage::Move { a, .. } = sent else {
        panic!("not a move: {sent:?}");
    };
    assert_eq!(client.pending_move(), Some((0, "e2e4")));
    // The connection drops before the answer; a chat typed meanwhile waits.
    client.disconnected();
    let chat = client.request(Request::Chat(ChatText::parse("hi").unwrap()));
    assert_eq!(chat, None);
    // Coming back: a join with the token and the last event, then both requests again.
    let hello = client.connected();
    assert_eq!(
        hello,
        [ClientMessage::Join(JoinRequest {
            proto: PROTOCOL_VERSION,
            name: name("Ann"),
            room: code("4821"),
            token: Some(Token::parse(TOKEN).unwrap()),
            v: Some(1),
        })]
    );
    let step = client.receive(&welcome());
    assert_eq!(step.send.len(), 2);
    assert_eq!(step.send[0], sent);
    assert!(matches!(step.send[1], ClientMessage::Chat { .. }));
    // The server answers the move once; the pending mark goes.
    let step = client.receive(&json!({"t": "ack", "a": a}).to_string());
    assert_eq!(step.updates, [Update::Accepted(sent)]);
    assert_eq!(client.pending_move(), None);
    // The repeated answer to the resent copy changes nothing.
    assert!(client
        .receive(&json!({"t": "ack", "a": a}).to_string())
        .updates
        .is_empty());
    assert_eq!(client.unanswered().len(), 1);
}

#[test]
fn a_stale_move_is_refused_and_the_following_state_corrects_the_board() {
    let mut client = joined(1, &[]);
    client.request(Request::Move {
        plies: 0,
        text: MoveText::parse("e7e5").unwrap(),
    });
    let step = client.receive(
        &json!({"t": "nack", "a": 1, "why": "stale", "msg": "the game has moved on"}).to_string(),
    );
    assert!(matches!(
        step.updates[0],
        Update::Refused {
            why: NackReason::Stale,
            request: Some(ClientMessage::Move { .. }),
            ..
        }
    ));
    assert_eq!(client.pending_move(), None);
    client.receive(&state(2, &["e2e4"]));
    assert_eq!(moves(&client), ["e2e4"]);
}

#[test]
fn creating_sends_create_until_welcomed_then_rejoins_with_the_token() {
    let create = CreateRequest {
        proto: PROTOCOL_VERSION,
        name: name("Ann"),
        code: None,
        variant: "sliding".into(),
        options: None,
        clock: None,
    };
    let mut client = ProtocolClient::new(name("Ann"), Entry::Create(create.clone()), None, 1);
    assert_eq!(client.connected(), [ClientMessage::Create(create)]);
    let step = client.receive(&welcome());
    assert_eq!(
        step.updates,
        [Update::Welcome {
            room: "4821".into(),
            you: "Ann".into(),
            token: TOKEN.into()
        }]
    );
    client.receive(&state(1, &[]));
    client.disconnected();
    let hello = client.connected();
    let [ClientMessage::Join(join)] = hello.as_slice() else {
        panic!("not a join: {hello:?}");
    };
    assert_eq!(join.room, code("4821"));
    assert_eq!(join.token.as_ref().unwrap().as_str(), TOKEN);
    assert_eq!(join.v, Some(1));
}

#[test]
fn a_create_lost_before_its_welcome_is_never_sent_again() {
    let create = CreateRequest {
        proto: PROTOCOL_VERSION,
        name: name("Ann"),
        code: None,
        variant: "standard".into(),
        options: None,
        clock: None,
    };
    let mut client = ProtocolClient::new(name("Ann"), Entry::Create(create.clone()), None, 1);
    // A socket that failed before opening sent nothing: the next one may create.
    assert!(!client.create_interrupted());
    assert_eq!(client.connected(), [ClientMessage::Create(create)]);
    // Lost before the welcome: the server may have made the room; a second create would make
    // another one, so none goes out, and the page is told.
    client.disconnected();
    assert!(client.create_interrupted());
    assert_eq!(client.connected(), []);
    // A chat typed meanwhile stays queued, never sent without a room.
    client.request(Request::Chat(ChatText::parse("hi").unwrap()));
    assert_eq!(client.connected(), []);
}

#[test]
fn a_welcomed_create_is_not_interrupted() {
    let create = CreateRequest {
        proto: PROTOCOL_VERSION,
        name: name("Ann"),
        code: None,
        variant: "standard".into(),
        options: None,
        clock: None,
    };
    let mut client = ProtocolClient::new(name("Ann"), Entry::Create(create), None, 1);
    client.connected();
    client.receive(&welcome());
    client.disconnected();
    assert!(!client.create_interrupted());
    assert!(matches!(
        client.connected().as_slice(),
        [ClientMessage::Join(_)]
    ));
}

#[test]
fn a_refused_join_and_server_errors_are_reported() {
    let mut client = ProtocolClient::new(name("Ann"), Entry::Join(code("4821")), None, 1);
    client.connected();
    let step = client
        .receive(&json!({"t": "nack", "a": 0, "why": "bad", "msg": "no room 4821"}).to_string());
    assert!(matches!(
        step.updates[0],
        Update::Refused { request: None, .. }
    ));
    let step = client.receive(&json!({"t": "error", "msg": "too big"}).to_string());
    assert_eq!(step.updates, [Update::Fatal("too big".into())]);
    let step = client.receive("<html>");
    assert!(matches!(step.updates[0], Update::Unreadable(_)));
}

#[test]
fn your_role_follows_seat_and_queue_events() {
    let mut client = joined(1, &[]);
    client.receive(
        &json!({"t": "ev", "v": 2, "e": {"k": "seat", "white": null,
            "black": {"name": "Bo", "online": false}}})
        .to_string(),
    );
    client.receive(&json!({"t": "ev", "v": 3, "e": {"k": "queue", "queue": ["Ann"]}}).to_string());
    let room = client.room().unwrap();
    assert_eq!(room.you.as_ref().unwrap().role, SeatWish::Queue);
    assert!(!room.seats.black.as_ref().unwrap().online);
}

#[test]
fn an_accepted_move_stays_in_flight_until_its_event_and_numbers_start_where_asked() {
    let mut client = ProtocolClient::new(name("Ann"), Entry::Join(code("4821")), None, 7_000);
    client.connected();
    client.receive(&welcome());
    client.receive(&state(1, &[]));
    let sent = client.request(Request::Move {
        plies: 0,
        text: MoveText::parse("e2e4").unwrap(),
    });
    assert_eq!(sent.and_then(|m| m.request_id()), Some(7_000));
    client.receive(&json!({"t": "ack", "a": 7_000}).to_string());
    assert_eq!(client.pending_move(), None);
    assert_eq!(client.move_in_flight(), Some((0, "e2e4")));
    client.receive(&move_event(2, "e2e4", 1));
    assert_eq!(client.move_in_flight(), None);
}

#[test]
fn a_seat_event_pauses_and_resumes_the_live_match() {
    let mut client = joined(5, &["e4"]);
    let away = json!({"t": "ev", "v": 6, "e": {"k": "seat",
        "white": {"name": "Ann", "online": true},
        "black": {"name": "Bo", "online": false, "grace_ms": 60000}}});
    client.receive(&away.to_string());
    let room = client.room().unwrap();
    assert!(room.paused);
    assert_eq!(room.seats.black.as_ref().unwrap().grace_ms, Some(60_000));
    let back = json!({"t": "ev", "v": 7, "e": {"k": "seat",
        "white": {"name": "Ann", "online": true},
        "black": {"name": "Bo", "online": true}}});
    client.receive(&back.to_string());
    assert!(!client.room().unwrap().paused);
}

#[test]
fn the_sample_that_prepares_the_decoder_is_a_room_event_the_server_could_send() {
    let decoded: ServerMessage = serde_json::from_str(SAMPLE_EVENT).unwrap();
    assert!(matches!(
        decoded,
        ServerMessage::Ev {
            e: Event::Chat { .. },
            ..
        }
    ));
    assert_eq!(decoded.to_json(), SAMPLE_EVENT);
}
