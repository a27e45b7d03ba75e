//! Tests of the board kept in step with a room: the person's move goes out once, the others'
//! moves come in, and a disagreeing server wins.

use super::*;
use crate::online::protocol_client::Entry;
use boardshift_rooms::protocol::Name;
use boardshift_rooms::{ClientMessage, RoomCode};
use serde_json::json;

fn state(v: u64, moves: &[&str], you: &str) -> String {
    json!({"t": "state", "v": v, "room": {
        "code": "4821",
        "settings": {"variant": "standard", "options": {}, "clock": null},
        "host": "Ann",
        "seats": {"white": {"name": "Ann", "online": true}, "black": {"name": "Bo", "online": true}},
        "queue": [], "spectators": 1, "match": 1, "game_id": "g1",
        "game": {"format": "boardshift-game", "version": 1, "variant": "standard", "moves": moves},
        "clocks": null, "offer": null, "rematch": [], "result": null, "paused": false,
        "turn": "white", "you": {"name": you, "role": if you == "Ann" { "white" } else { "spectate" }, "host": you == "Ann"}
    }})
    .to_string()
}

fn move_event(v: u64, m: &str, n: u64) -> String {
    let by = if n % 2 == 1 { "white" } else { "black" };
    json!({"t": "ev", "v": v, "e": {"k": "move", "m": m, "san": m, "by": by, "n": n, "clocks": null}})
        .to_string()
}

fn client_at(you: &str, v: u64, moves: &[&str]) -> ProtocolClient {
    let mut client = ProtocolClient::new(
        Name::parse(you).unwrap(),
        Entry::Join(RoomCode::parse("4821").unwrap()),
        None,
        1,
    );
    client.connected();
    client.receive(&state(v, moves, you));
    client
}

fn board(app: &App) -> Vec<String> {
    app.game().unwrap().session.ply_texts()
}

#[test]
fn the_players_move_is_sent_once_and_the_opponents_arrives_as_a_remote_seat() {
    let mut app = App::new(1);
    let mut client = client_at("Ann", 3, &[]);
    let mut room_board = RoomBoard::default();
    assert_eq!(room_board.reconcile(&mut app, &client), None);
    let seats = &app.game().unwrap().config.seats;
    assert_eq!(seats.white, Seat::Here);
    assert_eq!(seats.black, Seat::Remote { name: "Bo".into() });
    // Ann plays at this screen; the bridge turns it into a request for ply 0.
    app.apply(PlayerAction::Play {
        text: "e2e4".into(),
    })
    .unwrap();
    let request = room_board
        .reconcile(&mut app, &client)
        .expect("a move to send");
    let ClientMessage::Move { a, n, m } = client.request(request).unwrap() else {
        panic!("not a move");
    };
    assert_eq!((n, m.as_str()), (0, "e2e4"));
    // While pending, the board keeps the move and nothing more is sent.
    assert_eq!(room_board.reconcile(&mut app, &client), None);
    assert_eq!(board(&app), ["e2e4"]);
    client.receive(&json!({"t": "ack", "a": a}).to_string());
    client.receive(&move_event(4, "e2e4", 1));
    assert_eq!(room_board.reconcile(&mut app, &client), None);
    // Bo's reply comes from the server and is played in for Black.
    client.receive(&move_event(5, "e7e5", 2));
    assert_eq!(room_board.reconcile(&mut app, &client), None);
    assert_eq!(board(&app), ["e2e4", "e7e5"]);
    // Black's seat is not this screen's: Ann cannot move for Bo.
    assert!(app
        .seat_action(
            rules::Color::White,
            PlayerAction::Play {
                text: "d2d4".into()
            }
        )
        .is_err());
}

#[test]
fn a_spectator_sees_both_seats_remote_and_the_server_corrects_the_board() {
    let mut app = App::new(1);
    let mut client = client_at("Cy", 5, &["e2e4", "e7e5"]);
    let mut room_board = RoomBoard::default();
    room_board.reconcile(&mut app, &client);
    assert_eq!(board(&app), ["e2e4", "e7e5"]);
    assert!(app.game().unwrap().config.seats.here().is_empty());
    // A fresh state that disagrees with the board replaces it.
    client.receive(&state(9, &["d2d4", "d7d5", "c2c4"], "Cy"));
    room_board.reconcile(&mut app, &client);
    assert_eq!(board(&app), ["d2d4", "d7d5", "c2c4"]);
}

#[test]
fn server_plies_put_setup_steps_first() {
    let game = json!({"setup": ["Kb1", "Kg8"], "moves": ["e2e4"]});
    assert_eq!(server_plies(&game), ["Kb1", "Kg8", "e2e4"]);
}

#[test]
fn before_the_first_match_the_board_waits_with_nobody_playing_here() {
    let mut app = App::new(1);
    let mut client = client_at("Ann", 1, &[]);
    let waiting = json!({"t": "state", "v": 1, "room": {
        "code": "4821",
        "settings": {"variant": "sliding", "options": {}, "clock": null},
        "host": "Ann",
        "seats": {"white": {"name": "Ann", "online": true}, "black": null},
        "queue": [], "spectators": 0, "match": 0, "game_id": null, "game": null,
        "clocks": null, "offer": null, "rematch": [], "result": null, "paused": false,
        "turn": null, "you": {"name": "Ann", "role": "white", "host": true}
    }});
    client.receive(&waiting.to_string());
    let mut room_board = RoomBoard::default();
    assert_eq!(room_board.reconcile(&mut app, &client), None);
    let game = app.game().expect("a board to wait on");
    assert_eq!(game.session.variant(), rules::VariantKind::Sliding);
    assert!(game.config.seats.here().is_empty());
}

#[test]
fn a_refused_move_is_taken_off_the_board_not_sent_again() {
    let mut app = App::new(1);
    let mut client = client_at("Ann", 3, &[]);
    let mut room_board = RoomBoard::default();
    room_board.reconcile(&mut app, &client);
    app.apply(PlayerAction::Play {
        text: "e2e4".into(),
    })
    .unwrap();
    let request = room_board.reconcile(&mut app, &client).unwrap();
    client.request(request);
    // Paused while Bo is away: the server refuses, and the board goes back to its position.
    client.receive(&json!({"t": "nack", "a": 1, "why": "turn", "msg": "Bo is away"}).to_string());
    assert_eq!(room_board.reconcile(&mut app, &client), None);
    assert!(board(&app).is_empty());
    assert_eq!(room_board.reconcile(&mut app, &client), None);
}

#[test]
fn a_premove_made_while_the_opponent_thinks_is_played_on_their_move_and_sent() {
    let mut app = App::new(1);
    let mut client = client_at("Ann", 3, &[]);
    let mut room_board = RoomBoard::default();
    room_board.reconcile(&mut app, &client);
    app.apply(PlayerAction::Play {
        text: "e2e4".into(),
    })
    .unwrap();
    let request = room_board.reconcile(&mut app, &client).unwrap();
    let ClientMessage::Move { a, .. } = client.request(request).unwrap() else {
        panic!("not a move");
    };
    client.receive(&json!({"t": "ack", "a": a}).to_string());
    client.receive(&move_event(4, "e2e4", 1));
    room_board.reconcile(&mut app, &client);
    // Bo is to move: Ann's clicks on d2 then d4 queue a premove.
    for name in ["d2", "d4"] {
        let game = app.game().unwrap();
        let (x, y) = game
            .geometry(app.board_size)
            .center(crate::model::Sq::parse(name).unwrap());
        app.board_press(x, y, false, crate::marks::Brush::Green);
        app.board_release(x, y);
    }
    assert!(app.game().unwrap().premoves.queued.is_some());
    assert_eq!(board(&app), ["e2e4"]);
    client.receive(&move_event(5, "e7e5", 2));
    room_board.reconcile(&mut app, &client);
    assert_eq!(board(&app), ["e2e4", "e7e5", "d2d4"]);
    let request = room_board
        .reconcile(&mut app, &client)
        .expect("the premove to send");
    let ClientMessage::Move { n, m, .. } = client.request(request).unwrap() else {
        panic!("not a move");
    };
    assert_eq!((n, m.as_str()), (2, "d2d4"));
}
