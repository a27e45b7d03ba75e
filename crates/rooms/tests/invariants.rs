//! Long pseudo-random sessions (fixed seeds) of joins, reconnects, disconnects, requests of
//! every kind, garbage frames, time jumps and restores, checking after every step what must
//! always hold: events numbered without gaps, no deadline left in the past, each person in at
//! most one place, a stored state that restores, and no panic.

mod common;

use boardshift_rooms::{parse_client_message, Room, ServerMessage};
use common::Harness;
use rules::any::AnyGame;
use rules::save::SavedGame;
use serde_json::{json, Value};

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const NAMES: [&str; 6] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"];

/// The legal actions of the room's live game, if one is live.
fn legal_actions(h: &Harness) -> Vec<String> {
    let ServerMessage::State { room, .. } = h.room.public_snapshot() else {
        return Vec::new();
    };
    if room.result.is_some() {
        return Vec::new();
    }
    let Some(game) = room.game else {
        return Vec::new();
    };
    let saved = SavedGame::parse(&game.to_string()).expect("the state's game parses");
    AnyGame::from_saved(&saved)
        .expect("the state's game replays")
        .legal_actions()
}

/// The name of the seated player to act in the live match.
fn mover_name(h: &Harness) -> Option<String> {
    let ServerMessage::State { room, .. } = h.room.public_snapshot() else {
        return None;
    };
    match room.turn? {
        boardshift_rooms::ColorName::White => room.seats.white.map(|seat| seat.name),
        boardshift_rooms::ColorName::Black => room.seats.black.map(|seat| seat.name),
    }
}

fn check_invariants(h: &Harness) {
    if let Some(deadline) = h.room.next_deadline() {
        assert!(deadline > h.now, "a deadline was left in the past");
    }
    let ServerMessage::State { v, room } = h.room.public_snapshot() else {
        panic!("not a state");
    };
    assert_eq!(v, h.room.version());
    let mut places: Vec<String> = room.queue.clone();
    places.extend(room.seats.white.iter().map(|seat| seat.name.clone()));
    places.extend(room.seats.black.iter().map(|seat| seat.name.clone()));
    let count = places.len();
    places.sort();
    places.dedup();
    assert_eq!(places.len(), count, "someone holds two places: {room:?}");
    let restored = Room::restore(&h.room.to_json(), h.now).expect("the stored state restores");
    assert_eq!(restored.version(), h.room.version());
}

/// Runs one session; returns the moves played and the games finished.
fn session(seed: u64, steps: usize) -> (usize, usize) {
    let variants = [
        json!({"variant": "standard", "clock": {"base_ms": 20000, "inc_ms": 500}}),
        json!({"variant": "regroupment", "options": {"order": "alternate"}}),
        json!({"variant": "sliding", "clock": {"base_ms": 30000, "inc_ms": 0}}),
        json!({"variant": "relative", "options": {"size": 10}}),
    ];
    let mut rng = Lcg(seed);
    let (mut h, ann) = Harness::create("Ann", variants[(seed % 4) as usize].clone());
    // (conn, token, name) of every connection opened; closed ones are removed.
    let mut conns: Vec<(u64, String, String)> = vec![(ann.conn, ann.token.clone(), "Ann".into())];
    let mut tokens: Vec<(String, String)> = vec![(ann.token, "Ann".into())];
    let mut next_conn = 100u64;
    let mut a = 1u64;
    let code = h.room.code().to_string();
    for _ in 0..steps {
        match rng.below(20) {
            0 | 1 => {
                // A join, new or with a known token.
                let conn = next_conn;
                next_conn += 1;
                let mut frame = json!({"t": "join", "proto": 1, "room": code,
                    "name": NAMES[rng.below(NAMES.len())]});
                if !tokens.is_empty() && rng.below(2) == 0 {
                    let (token, name) = tokens[rng.below(tokens.len())].clone();
                    frame["token"] = json!(token);
                    frame["name"] = json!(name);
                    frame["v"] = json!(h.room.version().saturating_sub(rng.below(5) as u64));
                }
                let outcome = h.send(conn, frame.clone());
                let welcome = outcome.messages_for(conn).find_map(|m| match m {
                    ServerMessage::Welcome { token, you, .. } => Some((token.clone(), you.clone())),
                    _ => None,
                });
                if let Some((token, name)) = welcome {
                    conns.push((conn, token.clone(), name.clone()));
                    if !tokens.iter().any(|(known, _)| known == &token) {
                        tokens.push((token, name));
                    }
                }
            }
            2 if !conns.is_empty() => {
                let (conn, _, _) = conns.remove(rng.below(conns.len()));
                h.disconnect_conn(conn);
            }
            3 if rng.below(3) == 0 => {
                h.now += rng.below(70_000) as u64;
                h.advance(0);
            }
            4 if h.room.next_deadline().is_some() => {
                h.advance_to_deadline();
            }
            5 if rng.below(8) == 0 => {
                // A restart: everyone's connections are gone.
                h.now += 5_000;
                h.room = Room::restore(&h.room.to_json(), h.now).expect("restores");
                conns.clear();
            }
            6 => {
                // Garbage and hostile frames must be refused without harm.
                let frames = [
                    "{",
                    "[]",
                    r#"{"t":"move","a":1,"n":-1,"m":"e2e4"}"#,
                    r#"{"t":"join","proto":1,"name":"\u0000","room":"x"}"#,
                    r#"{"t":"seat","a":18446744073709551615,"want":"white","x":1}"#,
                    r#"{"t":"move","a":2,"n":0,"m":"S:zz>zz"}"#,
                ];
                let frame = frames[rng.below(frames.len())];
                if let Ok(message) = parse_client_message(frame) {
                    let conn = conns.first().map_or(7, |c| c.0);
                    h.handle(conn, message);
                }
            }
            _ if !conns.is_empty() => {
                let (mut conn, _, _) = conns[rng.below(conns.len())].clone();
                if rng.below(4) != 0 {
                    // Mostly the player to act, so that games get played.
                    if let Some(mover) = mover_name(&h) {
                        if let Some((c, _, _)) = conns.iter().find(|(_, _, name)| *name == mover) {
                            conn = *c;
                        }
                    }
                }
                h.now += rng.below(3_000) as u64;
                let frame = match rng.below(24) {
                    0 => {
                        let want = ["white", "black", "queue", "spectate"][rng.below(4)];
                        json!({"t": "seat", "want": want})
                    }
                    1 => json!({"t": "draw"}),
                    2 => json!({"t": "claim"}),
                    3 if rng.below(4) == 0 => json!({"t": "resign"}),
                    4 => json!({"t": "rematch"}),
                    5 => json!({"t": "next"}),
                    6 => {
                        let variant =
                            ["standard", "sliding", "relative", "regroupment"][rng.below(4)];
                        json!({"t": "settings", "variant": variant})
                    }
                    7 => json!({"t": "chat", "text": "hello"}),
                    _ => {
                        let legal = legal_actions(&h);
                        let m = if legal.is_empty() {
                            "e2e4".to_string()
                        } else {
                            legal[rng.below(legal.len())].clone()
                        };
                        json!({"t": "move", "n": h.plies_or_zero(), "m": m})
                    }
                };
                let mut frame: Value = frame;
                // Sometimes resend an earlier request number.
                let number = if a > 1 && rng.below(6) == 0 {
                    rng.below(a as usize) as u64
                } else {
                    a += 1;
                    a
                };
                frame["a"] = json!(number);
                h.send(conn, frame);
            }
            _ => {}
        }
        check_invariants(&h);
    }
    let moves = h
        .events
        .iter()
        .filter(|(_, event)| matches!(event, boardshift_rooms::Event::Move { .. }))
        .count();
    (moves, h.finished.len())
}

impl Harness {
    fn plies_or_zero(&self) -> u64 {
        let ServerMessage::State { room, .. } = self.room.public_snapshot() else {
            return 0;
        };
        room.game.map_or(0, |game| {
            let count = |key: &str| game[key].as_array().map_or(0, Vec::len);
            (count("setup") + count("moves")) as u64
        })
    }
}

#[test]
fn random_sessions_keep_the_room_consistent() {
    let (mut moves, mut games) = (0, 0);
    for seed in 1..=8u64 {
        let (played, finished) = session(seed, 400);
        moves += played;
        games += finished;
    }
    // The sessions must really play: otherwise they check little.
    assert!(moves >= 40 && games >= 8, "{moves} moves, {games} games");
}
