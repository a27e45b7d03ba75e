//! Seats, queue, spectators, the host and the winner-stays rotation, driven through the
//! protocol with a fake clock.

mod common;

use boardshift_rooms::{Event, NackReason, SeatWish};
use common::{kinds, Harness, START_MS};
use serde_json::json;

fn names(pair: (Option<String>, Option<String>)) -> (String, String) {
    (
        pair.0.unwrap_or_else(|| "-".into()),
        pair.1.unwrap_or_else(|| "-".into()),
    )
}

#[test]
fn joining_fills_white_then_black_then_the_queue_and_starts_the_first_match() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let view = h.state(&ann);
    assert_eq!(view.you.as_ref().unwrap().role, SeatWish::White);
    assert!(view.you.unwrap().host);
    assert_eq!(view.match_number, 0);

    let bob = h.join("Bob");
    assert_eq!(names(h.seat_names()), ("Ann".into(), "Bob".into()));
    assert_eq!(h.room.match_number(), 1, "the first match starts at once");
    assert!(h.events.iter().any(
        |(_, e)| matches!(e, Event::Match { white, black, .. } if white == "Ann" && black == "Bob")
    ));

    let cid = h.join("Cid");
    let dee = h.join("Dee");
    assert_eq!(h.queue_names(), vec!["Cid", "Dee"]);
    assert_eq!(h.state(&cid).you.unwrap().role, SeatWish::Queue);
    assert_eq!(h.state(&bob).you.unwrap().role, SeatWish::Black);

    // Leaving the queue to watch; the crowd count follows.
    let outcome = h.ok(&dee, json!({"t": "seat", "want": "spectate"}));
    assert_eq!(kinds(&outcome), vec!["queue", "crowd"]);
    assert_eq!(h.queue_names(), vec!["Cid"]);
    assert_eq!(h.state(&dee).spectators, 1);
}

#[test]
fn names_are_unique_per_room_and_checked() {
    let (mut h, _ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let code = h.room.code().to_string();
    let outcome = h.send(
        50,
        json!({"t": "join", "proto": 1, "name": " ann ", "room": code}),
    );
    assert!(matches!(
        outcome.messages_for(50).next(),
        Some(boardshift_rooms::ServerMessage::Nack {
            a: 0,
            why: NackReason::Bad,
            ..
        })
    ));
    assert_eq!(h.room.connection_count(), 1);

    // The name of a spectator who has left is free again (a lost token must not lock it).
    let eve = h.join("Eve");
    h.ok(&eve, json!({"t": "seat", "want": "spectate"}));
    h.disconnect(&eve);
    let again = h.join("eve");
    assert_ne!(again.token, eve.token);
    // A queued (or seated) person's name stays taken while they are away.
    let bob = h.join("Bob");
    h.disconnect(&bob);
    let outcome = h.send(
        51,
        json!({"t": "join", "proto": 1, "name": "Bob", "room": code}),
    );
    assert!(matches!(
        outcome.messages_for(51).next(),
        Some(boardshift_rooms::ServerMessage::Nack {
            a: 0,
            why: NackReason::Bad,
            ..
        })
    ));
}

#[test]
fn seat_changes_take_only_free_seats() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    // Alone in the room, Ann moves to Black; the next person then gets White.
    h.ok(&ann, json!({"t": "seat", "want": "black"}));
    let bob = h.join("Bob");
    assert_eq!(names(h.seat_names()), ("Bob".into(), "Ann".into()));
    let cid = h.join("Cid");
    h.refused(
        &cid,
        json!({"t": "seat", "want": "white"}),
        NackReason::Role,
    );
    h.ok(&cid, json!({"t": "seat", "want": "spectate"}));
    h.ok(&cid, json!({"t": "seat", "want": "queue"}));
    assert_eq!(h.queue_names(), vec!["Cid"]);
    // Asking for the place one already has is accepted and changes nothing.
    let outcome = h.ok(&bob, json!({"t": "seat", "want": "white"}));
    assert!(kinds(&outcome).is_empty());
}

#[test]
fn decisive_end_with_a_queue_sends_the_loser_back_and_the_winner_changes_colour() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let cid = h.join("Cid");
    let dee = h.join("Dee");
    h.play(&ann, "e2e4");
    let outcome = h.ok(&bob, json!({"t": "resign"}));
    assert_eq!(kinds(&outcome)[0], "end");
    assert_eq!(h.last_end(), Some(("1-0".into(), "resignation".into())));
    // Loser Bob to the back, winner Ann to Black, Cid (front of the queue) to White.
    assert_eq!(names(h.seat_names()), ("Cid".into(), "Ann".into()));
    assert_eq!(h.queue_names(), vec!["Dee", "Bob"]);
    // The host starts the next match; the colours stay as rotated.
    h.refused(&cid, json!({"t": "next"}), NackReason::Role);
    h.ok(&ann, json!({"t": "next"}));
    assert_eq!(h.room.match_number(), 2);
    let view = h.state(&dee);
    assert_eq!(view.seats.white.unwrap().name, "Cid");
    assert_eq!(view.seats.black.unwrap().name, "Ann");
    assert!(view.result.is_none());
}

#[test]
fn drawn_end_with_a_queue_sends_the_longest_seated_player_back() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let cid = h.join("Cid");
    let dee = h.join("Dee");
    h.ok(&bob, json!({"t": "resign"}));
    // Cid (White) against Ann (Black); Ann has sat longer.
    h.ok(&ann, json!({"t": "next"}));
    h.ok(&cid, json!({"t": "draw"}));
    let outcome = h.ok(&ann, json!({"t": "draw"}));
    assert_eq!(h.last_end(), Some(("1/2-1/2".into(), "draw_agreed".into())));
    assert!(kinds(&outcome).contains(&"end"));
    assert_eq!(h.queue_names(), vec!["Bob", "Ann"]);
    // Cid stays and changes colour; Dee comes in.
    assert_eq!(names(h.seat_names()), ("Dee".into(), "Cid".into()));
    let _ = dee;
}

#[test]
fn without_a_queue_players_stay_and_swap_colours_on_rematch_votes() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let eve = h.join("Eve");
    h.ok(&eve, json!({"t": "seat", "want": "spectate"}));
    h.refused(&ann, json!({"t": "rematch"}), NackReason::Bad);
    h.ok(&ann, json!({"t": "resign"}));
    assert_eq!(names(h.seat_names()), ("Ann".into(), "Bob".into()));
    h.refused(&eve, json!({"t": "rematch"}), NackReason::Role);
    let outcome = h.ok(&ann, json!({"t": "rematch"}));
    assert!(outcome.events().any(|(_, e)| matches!(
        e,
        Event::Offer { rematch, .. } if rematch.len() == 1
    )));
    assert_eq!(h.room.match_number(), 1, "one vote is not enough");
    let outcome = h.ok(&bob, json!({"t": "rematch"}));
    assert!(kinds(&outcome).contains(&"match"));
    assert_eq!(h.room.match_number(), 2);
    assert_eq!(names(h.seat_names()), ("Bob".into(), "Ann".into()));
}

#[test]
fn rematch_is_refused_while_someone_is_queued() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let _cid = h.join("Cid");
    h.ok(&ann, json!({"t": "draw"}));
    h.ok(&bob, json!({"t": "draw"}));
    // After the rotation Bob sits (White) with Cid; the queue holds Ann.
    assert_eq!(h.queue_names(), vec!["Ann"]);
    h.refused(&bob, json!({"t": "rematch"}), NackReason::Role);
}

#[test]
fn host_hands_over_to_the_longest_present_person_after_the_grace_period() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    h.ok(&ann, json!({"t": "seat", "want": "spectate"}));
    let bob = h.join("Bob");
    let cid = h.join("Cid");
    assert_eq!(h.room.match_number(), 1);
    h.disconnect(&ann);
    h.advance(59_000);
    assert_eq!(h.state(&bob).host.as_deref(), Some("Ann"));
    let outcome = h.advance(1_000);
    assert!(outcome
        .events()
        .any(|(_, e)| matches!(e, Event::Host { name: Some(name), .. } if name == "Bob")));
    assert!(h.state(&bob).you.unwrap().host);
    // Only the host changes settings, and only between matches.
    h.refused(
        &cid,
        json!({"t": "settings", "variant": "sliding"}),
        NackReason::Role,
    );
    h.refused(
        &bob,
        json!({"t": "settings", "variant": "sliding"}),
        NackReason::Bad,
    );
    h.ok(&cid, json!({"t": "resign"}));
    let outcome = h.ok(
        &bob,
        json!({"t": "settings", "variant": "sliding", "options": {"gap": "e5"},
            "clock": {"base_ms": 60000, "inc_ms": 1000}}),
    );
    assert_eq!(kinds(&outcome), vec!["host"]);
    h.ok(&bob, json!({"t": "next"}));
    let view = h.state(&bob);
    assert_eq!(view.settings.variant, "sliding");
    assert_eq!(view.game.unwrap()["options"]["gap"], "e5");
    assert_eq!(view.clocks.unwrap().white_ms, 60_000);
}

#[test]
fn the_open_room_makes_its_first_visitor_host() {
    let mut h = Harness::open();
    let first = h.join("First");
    assert!(h.state(&first).you.unwrap().host);
    let second = h.join("Second");
    assert!(!h.state(&second).you.unwrap().host);
    assert_eq!(h.state(&second).settings.variant, "standard");
    assert!(h.state(&second).clocks.is_none());
}

#[test]
fn spectators_cannot_act_on_the_game_or_start_matches() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let eve = h.join("Eve");
    h.ok(&eve, json!({"t": "seat", "want": "spectate"}));
    h.refused(
        &eve,
        json!({"t": "move", "n": 0, "m": "e2e4"}),
        NackReason::Role,
    );
    h.refused(&eve, json!({"t": "draw"}), NackReason::Role);
    h.refused(&eve, json!({"t": "claim"}), NackReason::Role);
    h.refused(&eve, json!({"t": "resign"}), NackReason::Role);
    h.refused(&eve, json!({"t": "rematch"}), NackReason::Role);
    h.refused(&eve, json!({"t": "next"}), NackReason::Role);
    // Even the host cannot start a match from the spectators.
    h.ok(&bob, json!({"t": "resign"}));
    h.ok(&ann, json!({"t": "seat", "want": "spectate"}));
    h.ok(&eve, json!({"t": "seat", "want": "white"}));
    h.refused(&ann, json!({"t": "next"}), NackReason::Role);
    // Spectators may chat.
    let outcome = h.ok(&eve, json!({"t": "chat", "text": "  good game  "}));
    assert!(outcome.events().any(
        |(_, e)| matches!(e, Event::Chat { name, text } if name == "Eve" && text == "good game")
    ));
}

#[test]
fn a_player_who_leaves_the_seat_pauses_the_game_and_a_newcomer_may_continue_it() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    h.play(&ann, "e2e4");
    h.ok(&bob, json!({"t": "seat", "want": "spectate"}));
    assert!(h.state(&ann).paused);
    let cid = h.join("Cid");
    assert_eq!(names(h.seat_names()), ("Ann".into(), "Cid".into()));
    h.play(&cid, "e7e5");
    assert_eq!(h.plies(), 2);
    assert_eq!(h.room.match_number(), 1);
}

#[test]
fn a_person_stays_online_until_the_last_connection_closes() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let (second_tab, _) = h.rejoin(&bob, None);
    h.disconnect(&bob);
    assert!(h.state(&ann).seats.black.unwrap().online);
    assert!(!h.state(&ann).paused);
    let outcome = h.disconnect(&second_tab);
    assert_eq!(kinds(&outcome), vec!["seat"]);
    assert!(!h.state(&ann).seats.black.unwrap().online);
}

#[test]
fn people_gone_for_the_grace_period_lose_their_queue_place_and_their_seat_between_matches() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    let cid = h.join("Cid");
    let dee = h.join("Dee");
    h.disconnect(&dee);
    h.advance(60_000);
    assert_eq!(h.queue_names(), vec!["Cid"]);
    // A rejoin after that finds Dee among the spectators.
    let (dee, _) = h.rejoin(&dee, None);
    assert_eq!(h.state(&dee).you.unwrap().role, SeatWish::Spectate);

    h.ok(&bob, json!({"t": "resign"}));
    assert_eq!(names(h.seat_names()), ("Cid".into(), "Ann".into()));
    assert_eq!(h.queue_names(), vec!["Bob"]);
    // Cid leaves between matches: after the grace period the queue's front takes the seat.
    h.disconnect(&cid);
    h.advance(60_000);
    assert_eq!(names(h.seat_names()), ("Bob".into(), "Ann".into()));
    h.ok(&ann, json!({"t": "next"}));
    assert_eq!(h.room.match_number(), 2);
}

#[test]
fn a_free_seat_between_matches_goes_to_the_front_of_the_queue() {
    let (mut h, ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let bob = h.join("Bob");
    h.ok(&bob, json!({"t": "resign"}));
    let cid = h.join("Cid");
    assert_eq!(h.queue_names(), vec!["Cid"]);
    h.ok(&bob, json!({"t": "seat", "want": "spectate"}));
    assert_eq!(names(h.seat_names()), ("Ann".into(), "Cid".into()));
    assert!(h.queue_names().is_empty());
    let _ = (ann, cid);
}

#[test]
fn create_with_bad_settings_and_join_of_another_room_are_refused() {
    let request = match boardshift_rooms::parse_client_message(
        &json!({"t":"create","proto":1,"name":"Ann","variant":"checkers"}).to_string(),
    )
    .unwrap()
    {
        boardshift_rooms::ClientMessage::Create(request) => request,
        _ => unreachable!(),
    };
    let mut entropy = || 7u64;
    let refused = boardshift_rooms::Room::create(
        boardshift_rooms::RoomCode::parse("abc").unwrap(),
        &request,
        boardshift_rooms::RoomConfig::default(),
        1,
        0,
        &mut entropy,
    )
    .unwrap_err();
    assert!(matches!(
        refused,
        boardshift_rooms::ServerMessage::Nack { a: 0, why: NackReason::Bad, ref msg } if msg.contains("checkers")
    ));

    let (mut h, _ann) = Harness::create("Ann", json!({"variant": "standard"}));
    let outcome = h.send(
        9,
        json!({"t": "join", "proto": 1, "name": "Bob", "room": "other"}),
    );
    assert!(matches!(
        outcome.messages_for(9).next(),
        Some(boardshift_rooms::ServerMessage::Nack {
            a: 0,
            why: NackReason::Bad,
            ..
        })
    ));
}

#[test]
fn crowd_counts_can_be_batched() {
    let config = boardshift_rooms::RoomConfig {
        crowd_interval_ms: 1_000,
        ..boardshift_rooms::RoomConfig::default()
    };
    let (mut h, ann) = Harness::create_with("Ann", json!({"variant": "standard"}), config);
    let _bob = h.join("Bob");
    let crowd_events = |h: &Harness| {
        h.events
            .iter()
            .filter(|(_, e)| matches!(e, Event::Crowd { .. }))
            .count()
    };
    let watchers: Vec<_> = (0..3).map(|i| h.join(&format!("Watcher {i}"))).collect();
    for watcher in &watchers {
        h.ok(watcher, json!({"t": "seat", "want": "spectate"}));
    }
    // The first change is told at once, the rest once the interval has passed.
    assert_eq!(crowd_events(&h), 1);
    assert_eq!(h.room.next_deadline(), Some(START_MS + 1_000));
    h.advance_to_deadline();
    assert_eq!(crowd_events(&h), 2);
    assert!(matches!(
        h.events.last(),
        Some((_, Event::Crowd { spectators: 3 }))
    ));
    assert_eq!(h.state(&ann).spectators, 3);
}
