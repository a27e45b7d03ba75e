//! A whole game of each variant through the room, from `create` to the stored finished game:
//! setup steps (regroupment), slides (sliding) and the relative board, each decided by the
//! rules crate.

mod common;

use boardshift_rooms::{ColorName, Event, FinishedGame};
use common::{Client, Harness};
use rules::any::AnyGame;
use serde_json::{json, Value};

/// Plays `moves` in order, each by the client whose turn the room reports.
fn play_all(h: &mut Harness, white: &Client, black: &Client, moves: &[&str]) {
    for text in moves {
        let turn = h.state(white).turn.expect("a live match");
        let mover = match turn {
            ColorName::White => white,
            ColorName::Black => black,
        };
        h.play(mover, text);
    }
}

/// The one finished game handed to the server, checked to load back through the rules and
/// to be the game the `end` event named.
fn finished(h: &Harness) -> FinishedGame {
    assert_eq!(h.finished.len(), 1);
    let record = h.finished[0].clone();
    let ended = h.events.iter().rev().find_map(|(_, e)| match e {
        Event::End { game_id, .. } => Some(game_id.clone()),
        _ => None,
    });
    assert_eq!(ended.as_ref(), Some(&record.game_id));
    let (game, players) = AnyGame::from_save_json(&record.saved).expect("the saved game loads");
    assert_eq!(
        game.result().map(|end| end.outcome.result_text()),
        Some(record.result.as_str())
    );
    assert_eq!(
        (players.white, players.black),
        (record.white.clone(), record.black.clone())
    );
    assert_eq!(record.room, "test-room");
    record
}

#[test]
fn standard_game_to_checkmate() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    play_all(&mut h, &ann, &bob, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(h.last_end(), Some(("0-1".into(), "checkmate".into())));
    let record = finished(&h);
    assert_eq!(
        (record.white.as_str(), record.black.as_str()),
        ("Ann", "Bob")
    );
    let saved: Value = serde_json::from_str(&record.saved).unwrap();
    assert_eq!(saved["moves"], json!(["f2f3", "e7e5", "g2g4", "d8h4"]));
}

#[test]
fn regroupment_game_with_setup_steps_to_checkmate() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "regroupment"}));
    let bob = h.join("Bob");
    // Each side declines both relocations, then the shortest mate.
    play_all(&mut h, &ann, &bob, &["K-", "Q-", "K-", "Q-"]);
    assert_eq!(h.plies(), 4);
    play_all(&mut h, &ann, &bob, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(h.last_end(), Some(("0-1".into(), "checkmate".into())));
    let saved: Value = serde_json::from_str(&finished(&h).saved).unwrap();
    assert_eq!(saved["setup"].as_array().unwrap().len(), 4);
}

#[test]
fn regroupment_setup_runs_no_clock_and_random_starts_come_from_the_room() {
    let (mut h, ann) = Harness::create(
        "Ann",
        json!({"variant": "regroupment", "options": {"start": "random"},
            "clock": {"base_ms": 10000, "inc_ms": 0}}),
    );
    let _bob = h.join("Bob");
    let view = h.state(&ann);
    let game = view.game.unwrap();
    assert!(game["start"].is_string(), "the drawn start is recorded");
    assert_eq!(view.turn, Some(ColorName::White));
}

#[test]
fn sliding_game_with_a_slide_to_checkmate() {
    let (mut h, ann) = Harness::create(
        "Ann",
        json!({"variant": "sliding", "options": {"gap": "a3"}}),
    );
    let bob = h.join("Bob");
    play_all(
        &mut h,
        &ann,
        &bob,
        &["S:c3>a3", "e7e5", "f2f3", "a7a6", "g2g4", "d8h4"],
    );
    assert_eq!(h.last_end(), Some(("0-1".into(), "checkmate".into())));
    let slide = h.events.iter().find_map(|(_, e)| match e {
        Event::Move { m, .. } if m.starts_with("S:") => Some(m.clone()),
        _ => None,
    });
    assert_eq!(slide.as_deref(), Some("S:c3>a3"));
    finished(&h);
}

#[test]
fn sliding_without_a_chosen_gap_draws_it_from_the_entropy_and_records_it() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "sliding"}));
    let _bob = h.join("Bob");
    let game = h.state(&ann).game.unwrap();
    let gap = game["options"]["gap"]
        .as_str()
        .expect("a recorded gap")
        .to_string();
    assert!(["a3", "c3", "e3", "g3", "a5", "c5", "e5", "g5"].contains(&gap.as_str()));
}

#[test]
fn relative_game_played_then_resigned() {
    let (mut h, ann) = Harness::create(
        "Ann",
        json!({"variant": "relative", "options": {"size": 10}}),
    );
    let bob = h.join("Bob");
    // A shadow game picks legal moves; the room must accept each one.
    let mut shadow = AnyGame::from_saved(
        &rules::save::SavedGame::parse(&h.state(&ann).game.unwrap().to_string()).unwrap(),
    )
    .unwrap();
    for _ in 0..12 {
        let text = shadow.legal_actions()[0].clone();
        shadow.play(&text).unwrap();
        play_all(&mut h, &ann, &bob, &[text.as_str()]);
    }
    assert_eq!(h.plies(), 12);
    h.ok(&ann, json!({"t": "resign"}));
    assert_eq!(h.last_end(), Some(("0-1".into(), "resignation".into())));
    let saved: Value = serde_json::from_str(&finished(&h).saved).unwrap();
    assert_eq!(saved["moves"].as_array().unwrap().len(), 12);
    assert_eq!(saved["options"]["size"], 10);
}

#[test]
fn a_game_ended_by_its_position_with_a_draw_offer_standing_is_stored_and_restored() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    play_all(&mut h, &ann, &bob, &["f2f3", "e7e5", "g2g4"]);
    // Black offers a draw, then mates with the offer still standing.
    h.ok(&bob, json!({"t": "draw"}));
    play_all(&mut h, &ann, &bob, &["d8h4"]);
    assert_eq!(h.last_end(), Some(("0-1".into(), "checkmate".into())));
    finished(&h);
    let restored = boardshift_rooms::Room::restore(&h.room.to_json(), h.now);
    assert!(restored.is_ok(), "{:?}", restored.err());
}
