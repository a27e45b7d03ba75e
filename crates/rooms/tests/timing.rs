//! Time in a room, on a fake clock: the server clock and flag falls, the grace period with
//! abandonment or abort, pauses while a player is away, and a restore after a restart.

mod common;

use boardshift_rooms::{Event, NackReason, Room, ServerMessage};
use common::{got_state, kinds, Harness};
use serde_json::{json, Value};

fn timed() -> Value {
    json!({"variant": "standard", "clock": {"base_ms": 60000, "inc_ms": 1000}})
}

#[test]
fn the_server_clock_charges_the_mover_adds_the_increment_and_flags_on_time() {
    let (mut h, ann) = Harness::create("Ann", timed());
    let bob = h.join("Bob");
    h.advance(10_000);
    let outcome = h.play(&ann, "e2e4");
    let clocks = outcome
        .events()
        .find_map(|(_, e)| match e {
            Event::Move { clocks, .. } => *clocks,
            _ => None,
        })
        .unwrap();
    assert_eq!((clocks.white_ms, clocks.black_ms), (51_000, 60_000));
    h.advance(5_000);
    let view = h.state(&bob).clocks.unwrap();
    assert_eq!(
        view.black_ms, 55_000,
        "the snapshot shows the running clock"
    );
    assert_eq!(h.room.next_deadline(), Some(h.now + 55_000));
    let outcome = h.advance_to_deadline();
    assert_eq!(kinds(&outcome)[0], "end");
    assert_eq!(h.last_end(), Some(("1-0".into(), "timeout".into())));
    assert_eq!(outcome.finished.len(), 1);
    assert_eq!(outcome.finished[0].reason, "timeout");
    assert_eq!(h.state(&bob).clocks.unwrap().black_ms, 0);
}

#[test]
fn a_move_that_arrives_after_the_flag_time_finds_the_game_over() {
    let (mut h, ann) = Harness::create("Ann", timed());
    let _bob = h.join("Bob");
    h.now += 60_001;
    h.refused(
        &ann,
        json!({"t": "move", "n": 0, "m": "e2e4"}),
        NackReason::Over,
    );
    assert_eq!(h.last_end(), Some(("0-1".into(), "timeout".into())));
}

/// A stored room whose game starts from `fen`, with both sides counted as having moved.
fn room_from_position(h: &Harness, fen: &str) -> Room {
    let mut stored: Value = serde_json::from_str(&h.room.to_json()).unwrap();
    stored["current"]["game"]["start"] = json!(fen);
    stored["current"]["game"]["moves"] = json!([]);
    stored["current"]["moved"] = json!([true, true]);
    Room::restore(&stored.to_string(), h.now).unwrap()
}

#[test]
fn a_flag_against_a_bare_king_is_a_draw() {
    let (mut h, ann) = Harness::create("Ann", timed());
    let bob = h.join("Bob");
    // White has only its king; Black is to move and runs out of time.
    h.room = room_from_position(&h, "7k/8/8/8/8/8/7q/K7 b - - 0 1");
    let (_ann, _) = h.rejoin(&ann, None);
    let (_bob, _) = h.rejoin(&bob, None);
    h.advance_to_deadline();
    assert_eq!(
        h.last_end(),
        Some(("1/2-1/2".into(), "timeout_vs_insufficient_material".into()))
    );
}

#[test]
fn a_flag_against_a_lone_knight_is_a_draw_under_fide_6_9() {
    let (mut h, ann) = Harness::create("Ann", timed());
    let bob = h.join("Bob");
    // White has king and knight, which can never mate: Black's flag falls, still a draw.
    h.room = room_from_position(&h, "7k/8/8/8/8/8/7q/KN6 b - - 0 1");
    let (_ann, _) = h.rejoin(&ann, None);
    let (_bob, _) = h.rejoin(&bob, None);
    h.advance_to_deadline();
    assert_eq!(
        h.last_end(),
        Some(("1/2-1/2".into(), "timeout_vs_insufficient_material".into()))
    );
}

#[test]
fn grace_period_then_abandonment_loses_the_game() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    h.play(&ann, "e2e4");
    h.play(&bob, "e7e5");
    let outcome = h.disconnect(&bob);
    assert!(outcome.events().any(|(_, e)| matches!(
        e,
        Event::Seat { black: Some(seat), .. } if !seat.online
    )));
    // The present player waits: moves are paused.
    h.refused(
        &ann,
        json!({"t": "move", "n": 2, "m": "g1f3"}),
        NackReason::Turn,
    );
    assert!(h.state(&ann).paused);
    assert_eq!(h.room.next_deadline(), Some(h.now + 60_000));
    h.advance(59_999);
    assert_eq!(h.last_end(), None);
    let outcome = h.advance(1);
    assert_eq!(h.last_end(), Some(("1-0".into(), "abandonment".into())));
    assert_eq!(outcome.finished[0].reason, "abandonment");
    // The saved game keeps the loss as a resignation, which the rules can replay.
    let saved: Value = serde_json::from_str(&outcome.finished[0].saved).unwrap();
    assert_eq!(saved["result"]["outcome"], "1-0");
    assert_eq!(saved["players"]["black"], "Bob");
    // The absent player has left the seat.
    assert_eq!(h.seat_names(), (Some("Ann".into()), None));
}

#[test]
fn an_away_seat_tells_the_grace_left_for_the_opponents_countdown() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    h.play(&ann, "e2e4");
    h.play(&bob, "e7e5");
    let outcome = h.disconnect(&bob);
    assert!(outcome.events().any(|(_, e)| matches!(
        e,
        Event::Seat { black: Some(seat), .. } if !seat.online && seat.grace_ms == Some(60_000)
    )));
    h.advance(15_000);
    let seats = h.state(&ann).seats;
    let black = seats.black.unwrap();
    assert_eq!((black.online, black.grace_ms), (false, Some(45_000)));
    assert_eq!(seats.white.unwrap().grace_ms, None);
    // Back online: no grace on the wire any more.
    let (_bob, outcome) = h.rejoin(&bob, None);
    assert!(outcome.events().any(|(_, e)| matches!(
        e,
        Event::Seat { black: Some(seat), .. } if seat.online && seat.grace_ms.is_none()
    )));
}

#[test]
fn leaving_before_the_first_move_aborts_the_game() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let _cid = h.join("Cid");
    h.play(&ann, "e2e4");
    h.disconnect(&bob);
    h.advance(60_000);
    assert_eq!(h.last_end(), Some(("*".into(), "aborted".into())));
    // The queue's front takes the free seat; no colours change after an abort.
    assert_eq!(h.seat_names(), (Some("Ann".into()), Some("Cid".into())));
}

#[test]
fn coming_back_within_the_grace_period_keeps_the_seat_and_the_game() {
    let (mut h, ann) = Harness::create("Ann", timed());
    let bob = h.join("Bob");
    h.play(&ann, "e2e4");
    h.disconnect(&bob);
    // Black is to move and away: Black's clock runs.
    h.advance(30_000);
    let last_v = h.room.version();
    let (bob, outcome) = h.rejoin(&bob, Some(last_v));
    assert!(!got_state(&outcome, bob.conn), "nothing was missed");
    let view = h.state(&bob);
    assert_eq!(view.you.unwrap().role, boardshift_rooms::SeatWish::Black);
    assert_eq!(view.clocks.unwrap().black_ms, 30_000);
    h.advance(20_000);
    assert_eq!(h.last_end(), None);
    h.play(&bob, "e7e5");
    assert_eq!(h.state(&bob).clocks.unwrap().black_ms, 11_000);
}

#[test]
fn a_present_players_clock_stops_while_the_opponent_is_away() {
    let (mut h, ann) = Harness::create("Ann", timed());
    let bob = h.join("Bob");
    h.play(&ann, "e2e4");
    h.play(&bob, "e7e5");
    h.disconnect(&bob);
    h.advance(20_000);
    let clocks = h.state(&ann).clocks.unwrap();
    assert_eq!(
        clocks.white_ms, 61_000,
        "White waits for Black without losing time"
    );
    assert_eq!(clocks.running, None);
    let (_bob, _) = h.rejoin(&bob, None);
    h.advance(1_000);
    assert_eq!(h.state(&ann).clocks.unwrap().white_ms, 60_000);
}

#[test]
fn both_players_gone_ends_by_the_earliest_grace_period() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    h.play(&ann, "e2e4");
    h.play(&bob, "e7e5");
    h.disconnect(&ann);
    h.advance(10_000);
    h.disconnect(&bob);
    h.advance(60_000);
    assert_eq!(h.last_end(), Some(("0-1".into(), "abandonment".into())));
}

#[test]
fn abandonment_against_a_bare_king_is_a_draw() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    h.room = room_from_position(&h, "7k/8/8/8/8/8/7q/K7 w - - 0 1");
    let (_ann, _) = h.rejoin(&ann, None);
    let _ = bob;
    // Bob never comes back: Black abandons, but White has a bare king.
    h.advance(60_000);
    assert_eq!(h.last_end(), Some(("1/2-1/2".into(), "abandonment".into())));
}

#[test]
fn a_restored_room_keeps_seats_clocks_and_events_and_charges_the_downtime_to_nobody() {
    let (mut h, ann) = Harness::create("Ann", timed());
    let bob = h.join("Bob");
    let cid = h.join("Cid");
    h.advance(2_000);
    h.play(&ann, "e2e4");
    h.advance(3_000);
    let stored = h.room.to_json();
    let v_before = h.room.version();
    let black_before = h.state(&bob).clocks.unwrap().black_ms;
    assert_eq!(black_before, 57_000);

    // The server was down for an hour.
    h.now += 3_600_000;
    h.room = Room::restore(&stored, h.now).unwrap();
    assert_eq!(h.room.version(), v_before);
    // The event log is not stored: a client behind gets a state at the same counter.
    let (bob, outcome) = h.rejoin(&bob, Some(v_before - 2));
    let state_v = outcome.messages_for(bob.conn).find_map(|m| match m {
        ServerMessage::State { v, .. } => Some(*v),
        _ => None,
    });
    assert!(state_v.is_some_and(|v| v > v_before));
    let (ann, _) = h.rejoin(&ann, None);
    let (cid, _) = h.rejoin(&cid, None);
    let view = h.state(&bob);
    assert_eq!(view.clocks.unwrap().black_ms, 57_000);
    assert_eq!(view.queue, vec!["Cid"]);
    assert_eq!(
        h.state(&cid).you.unwrap().role,
        boardshift_rooms::SeatWish::Queue
    );
    h.play(&bob, "e7e5");
    h.play(&ann, "g1f3");
    assert_eq!(h.plies(), 3);
}

#[test]
fn a_stored_room_with_a_damaged_game_is_refused() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let _bob = h.join("Bob");
    h.play(&ann, "e2e4");
    let mut stored: Value = serde_json::from_str(&h.room.to_json()).unwrap();
    stored["current"]["game"]["moves"] = json!(["e2e4", "e2e4"]);
    let error = Room::restore(&stored.to_string(), h.now).unwrap_err();
    assert!(error.contains("moves[1]"), "{error}");
}

#[test]
fn the_grace_period_is_the_configured_one() {
    let config = boardshift_rooms::RoomConfig {
        grace_ms: 5_000,
        ..boardshift_rooms::RoomConfig::default()
    };
    let (mut h, ann) = Harness::create_with("Ann", json!({"variant": "standard"}), config);
    let bob = h.join("Bob");
    h.play(&ann, "e2e4");
    h.play(&bob, "e7e5");
    h.disconnect(&ann);
    h.advance(4_999);
    assert_eq!(h.last_end(), None);
    h.advance(1);
    assert_eq!(h.last_end(), Some(("0-1".into(), "abandonment".into())));
    // A restored room can be given other limits.
    let mut restored = Room::restore(&h.room.to_json(), h.now).unwrap();
    restored.set_config(boardshift_rooms::RoomConfig::default());
    assert_eq!(restored.config().grace_ms, 60_000);
}
