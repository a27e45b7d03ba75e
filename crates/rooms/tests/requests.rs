//! Requests: idempotency per (token, a), stale moves, every `nack` reason, draw claims, and
//! `sync` / `join` with `v` answered from the event log or with a `state`.

mod common;

use boardshift_rooms::{NackReason, RoomConfig, ServerMessage};
use common::{answer_to, got_state, kinds, Harness};
use serde_json::json;

#[test]
fn a_repeated_request_gets_the_same_answer_and_is_applied_once() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let first = h.send(ann.conn, json!({"t": "move", "a": 7, "n": 0, "m": "e2e4"}));
    assert_eq!(answer_to(&first, ann.conn, 7), None);
    assert_eq!(kinds(&first), vec!["move"]);
    let again = h.send(ann.conn, json!({"t": "move", "a": 7, "n": 0, "m": "e2e4"}));
    assert_eq!(answer_to(&again, ann.conn, 7), None);
    assert!(kinds(&again).is_empty(), "nothing is applied twice");
    assert_eq!(h.plies(), 1);

    // After a reconnect the same token and `a` still get the same answer.
    h.disconnect(&ann);
    let (ann, _) = h.rejoin(&ann, None);
    let resent = h.send(ann.conn, json!({"t": "move", "a": 7, "n": 0, "m": "e2e4"}));
    assert_eq!(answer_to(&resent, ann.conn, 7), None);
    assert_eq!(h.plies(), 1);

    // A refusal is remembered too, even once the request would now be accepted.
    let early = h.send(bob.conn, json!({"t": "move", "a": 1, "n": 0, "m": "e7e5"}));
    assert_eq!(answer_to(&early, bob.conn, 1).unwrap().0, NackReason::Stale);
    let later = h.send(bob.conn, json!({"t": "move", "a": 1, "n": 1, "m": "e7e5"}));
    assert_eq!(answer_to(&later, bob.conn, 1).unwrap().0, NackReason::Stale);
    assert_eq!(h.plies(), 1);
    // The same number from another person is another request.
    let other = h.send(bob.conn, json!({"t": "move", "a": 7, "n": 1, "m": "e7e5"}));
    assert_eq!(answer_to(&other, bob.conn, 7), None);
    assert_eq!(h.plies(), 2);
}

#[test]
fn a_stale_move_is_refused_and_followed_by_a_state() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let _bob = h.join("Bob");
    let outcome = h.refused(
        &ann,
        json!({"t": "move", "n": 3, "m": "e2e4"}),
        NackReason::Stale,
    );
    let messages: Vec<&ServerMessage> = outcome.messages_for(ann.conn).collect();
    assert!(matches!(messages[0], ServerMessage::Nack { .. }));
    assert!(matches!(messages[1], ServerMessage::State { .. }));
    assert_eq!(h.plies(), 0);
}

#[test]
fn every_nack_reason() {
    let config = RoomConfig {
        chat_burst: 2,
        chat_refill_ms: 1_000,
        ..RoomConfig::default()
    };
    let (mut h, ann) = Harness::create_with("Ann", json!({"variant": "standard"}), config);
    // bad: no match yet, a bad settings value, a malformed request.
    h.refused(
        &ann,
        json!({"t": "move", "n": 0, "m": "e2e4"}),
        NackReason::Bad,
    );
    h.refused(
        &ann,
        json!({"t": "settings", "variant": "standard", "options": {"draws": "never"}}),
        NackReason::Bad,
    );
    h.refused(
        &ann,
        json!({"t": "settings", "variant": "standard", "options": {"colour": "red"}}),
        NackReason::Bad,
    );
    let bob = h.join("Bob");
    let eve = h.join("Eve");
    h.ok(&eve, json!({"t": "seat", "want": "spectate"}));
    h.refused(&ann, json!({"t": "next"}), NackReason::Bad);
    // illegal, stale, turn, role.
    h.refused(
        &ann,
        json!({"t": "move", "n": 0, "m": "e2e5"}),
        NackReason::Illegal,
    );
    h.refused(
        &ann,
        json!({"t": "move", "n": 0, "m": "zz"}),
        NackReason::Illegal,
    );
    h.refused(
        &ann,
        json!({"t": "move", "n": 1, "m": "e2e4"}),
        NackReason::Stale,
    );
    h.refused(
        &bob,
        json!({"t": "move", "n": 0, "m": "e7e5"}),
        NackReason::Turn,
    );
    h.refused(
        &eve,
        json!({"t": "move", "n": 0, "m": "e2e4"}),
        NackReason::Role,
    );
    h.refused(&bob, json!({"t": "claim"}), NackReason::Turn);
    h.refused(&ann, json!({"t": "claim"}), NackReason::Illegal);
    // rate: the third chat line inside the burst window; a second later it is fine again.
    h.ok(&eve, json!({"t": "chat", "text": "one"}));
    h.ok(&eve, json!({"t": "chat", "text": "two"}));
    h.refused(
        &eve,
        json!({"t": "chat", "text": "three"}),
        NackReason::Rate,
    );
    h.advance(1_000);
    h.ok(&eve, json!({"t": "chat", "text": "three"}));
    // over.
    h.ok(&ann, json!({"t": "resign"}));
    h.refused(
        &bob,
        json!({"t": "move", "n": 0, "m": "e7e5"}),
        NackReason::Over,
    );
    h.refused(&bob, json!({"t": "draw"}), NackReason::Over);
    h.refused(&bob, json!({"t": "resign"}), NackReason::Over);
}

#[test]
fn a_rate_refusal_is_not_remembered() {
    let config = RoomConfig {
        chat_burst: 1,
        chat_refill_ms: 1_000,
        ..RoomConfig::default()
    };
    let (mut h, ann) = Harness::create_with("Ann", json!({"variant": "standard"}), config);
    h.send(ann.conn, json!({"t": "chat", "a": 1, "text": "hello"}));
    let refused = h.send(ann.conn, json!({"t": "chat", "a": 2, "text": "again"}));
    assert_eq!(
        answer_to(&refused, ann.conn, 2).unwrap().0,
        NackReason::Rate
    );
    h.advance(1_000);
    let retried = h.send(ann.conn, json!({"t": "chat", "a": 2, "text": "again"}));
    assert_eq!(answer_to(&retried, ann.conn, 2), None);
}

#[test]
fn requests_before_joining_are_refused_and_ping_is_answered() {
    let (mut h, _ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let outcome = h.send(99, json!({"t": "resign", "a": 4}));
    assert_eq!(answer_to(&outcome, 99, 4).unwrap().0, NackReason::Bad);
    let outcome = h.send(99, json!({"t": "ping"}));
    assert_eq!(outcome.messages_for(99).next(), Some(&ServerMessage::Pong));
    assert!(!outcome.persist);
}

#[test]
fn an_opponents_move_declines_a_draw_offer_and_crossing_offers_agree() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let outcome = h.ok(&ann, json!({"t": "draw"}));
    assert_eq!(kinds(&outcome), vec!["offer"]);
    assert_eq!(
        h.state(&bob).offer,
        Some(boardshift_rooms::ColorName::White)
    );
    h.play(&ann, "e2e4");
    assert!(
        h.state(&bob).offer.is_some(),
        "the offerer's own move keeps it"
    );
    let outcome = h.play(&bob, "e7e5");
    assert_eq!(kinds(&outcome), vec!["move", "offer"]);
    assert_eq!(h.state(&bob).offer, None);
    h.ok(&bob, json!({"t": "draw"}));
    let outcome = h.ok(&ann, json!({"t": "draw"}));
    assert_eq!(kinds(&outcome)[0], "end");
    assert_eq!(h.last_end(), Some(("1/2-1/2".into(), "draw_agreed".into())));
}

#[test]
fn draw_claims_follow_the_rules() {
    let (mut h, ann) = Harness::create(
        "Ann",
        json!({"variant": "standard", "options": {"draws": "fide"}}),
    );
    let bob = h.join("Bob");
    for _ in 0..2 {
        h.play(&ann, "g1f3");
        h.play(&bob, "g8f6");
        h.play(&ann, "f3g1");
        if h.plies() == 7 {
            break;
        }
        h.play(&bob, "f6g8");
    }
    // Seven plies: Black's f6g8 would repeat the start position a third time.
    h.refused(&ann, json!({"t": "claim"}), NackReason::Turn);
    h.ok(&bob, json!({"t": "claim", "m": "f6g8"}));
    assert_eq!(
        h.last_end(),
        Some(("1/2-1/2".into(), "threefold_repetition".into()))
    );
    assert_eq!(h.plies(), 7, "a correct claim does not play the move");
}

#[test]
fn a_wrong_claim_with_a_move_plays_the_move() {
    let (mut h, ann) = Harness::create(
        "Ann",
        json!({"variant": "standard", "options": {"draws": "fide"}}),
    );
    let _bob = h.join("Bob");
    let outcome = h.ok(&ann, json!({"t": "claim", "m": "e2e4"}));
    assert_eq!(kinds(&outcome), vec!["move"]);
    assert_eq!(h.plies(), 1);
}

#[test]
fn a_promotion_without_its_piece_is_refused() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    for (white, black) in [
        ("a2a4", "b7b5"),
        ("a4b5", "a7a6"),
        ("b5a6", "c8b7"),
        ("a6b7", "h7h6"),
    ] {
        h.play(&ann, white);
        h.play(&bob, black);
    }
    h.refused(
        &ann,
        json!({"t": "move", "n": 8, "m": "b7a8"}),
        NackReason::Illegal,
    );
    h.play(&ann, "b7a8n");
    assert_eq!(h.plies(), 9);
}

#[test]
fn sync_returns_missed_events_or_a_state_when_they_are_gone() {
    let config = RoomConfig {
        event_log_len: 4,
        ..RoomConfig::default()
    };
    let (mut h, ann) = Harness::create_with("Ann", json!({"variant": "standard"}), config);
    let bob = h.join("Bob");
    h.play(&ann, "e2e4");
    h.play(&bob, "e7e5");
    let v = h.room.version();
    let outcome = h.send(bob.conn, json!({"t": "sync", "v": v - 2}));
    let replayed: Vec<u64> = outcome
        .messages_for(bob.conn)
        .filter_map(|m| match m {
            ServerMessage::Ev { v, .. } => Some(*v),
            _ => None,
        })
        .collect();
    assert_eq!(replayed, vec![v - 1, v]);
    // Nothing missed: nothing sent.
    let outcome = h.send(bob.conn, json!({"t": "sync", "v": v}));
    assert_eq!(outcome.messages.len(), 0);
    // Too old for the log, or from the future: a state.
    let outcome = h.send(bob.conn, json!({"t": "sync", "v": 0}));
    assert!(got_state(&outcome, bob.conn));
    let outcome = h.send(bob.conn, json!({"t": "sync", "v": v + 5}));
    assert!(got_state(&outcome, bob.conn));
}

#[test]
fn the_state_carries_the_whole_room() {
    let (mut h, ann) = Harness::create(
        "Ann",
        json!({"variant": "relative", "options": {"size": 12}, "clock": {"base_ms": 300000, "inc_ms": 0}}),
    );
    let bob = h.join("Bob");
    let cid = h.join("Cid");
    let ServerMessage::State { v, room } = h.room.snapshot(cid.conn) else {
        panic!("not a state")
    };
    assert_eq!(v, h.room.version());
    let json: serde_json::Value = serde_json::to_value(&*room).unwrap();
    assert_eq!(json["code"], "test-room");
    assert_eq!(json["settings"]["options"]["size"], 12);
    assert_eq!(
        json["seats"]["white"],
        json!({"name": "Ann", "online": true})
    );
    assert_eq!(json["queue"], json!(["Cid"]));
    assert_eq!(json["match"], 1);
    assert_eq!(json["game"]["format"], "boardshift-game");
    assert_eq!(json["game"]["players"]["black"], "Bob");
    assert_eq!(
        json["clocks"],
        json!({"white_ms": 300000, "black_ms": 300000, "running": "white"})
    );
    assert_eq!(
        json["you"],
        json!({"name": "Cid", "role": "queue", "host": false})
    );
    let _ = (ann, bob);
}
