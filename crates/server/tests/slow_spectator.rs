//! A spectator whose socket is not read while the players play hundreds of moves: the players'
//! acknowledgements keep coming, and when the spectator reads again it is brought back into step
//! by a `state` and then follows the events in order — never dropped, never holding the room.

mod common;

use common::*;
use serde_json::json;
use tokio_tungstenite::MaybeTlsStream;

/// Moves played while the spectator does not read: far more events than its send queue, the
/// server's socket buffer and its own small receive buffer hold together.
const MOVES_WHILE_STALLED: usize = 1_500;

/// A client whose kernel receive buffer is tiny, so that not reading stalls the server's writes
/// to it after a few kilobytes.
async fn connect_with_small_window(address: std::net::SocketAddr, name: &str) -> Client {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket.set_recv_buffer_size(4096).expect("a small buffer");
    let stream = socket.connect(address).await.expect("connects");
    let (socket, _) = tokio_tungstenite::client_async(
        format!("ws://{address}/ws"),
        MaybeTlsStream::Plain(stream),
    )
    .await
    .expect("websocket handshake");
    Client::new(socket, name)
}

/// Whether `client` plays White in the current match (from the last `match` event it applied,
/// or the seats of its last `state`).
fn plays_white(client: &Client) -> bool {
    let latest_match = client.events.iter().rev().find(|(_, e)| e["k"] == "match");
    let white = match latest_match {
        Some((_, event)) => event["white"].clone(),
        None => client
            .last_state
            .as_ref()
            .map(|state| state["room"]["seats"]["white"]["name"].clone())
            .unwrap_or_default(),
    };
    white.as_str() == Some(client.name.as_str())
}

fn game_over(client: &Client) -> bool {
    client.game.as_ref().is_none_or(|g| g.result().is_some())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_that_stops_reading_never_holds_the_room_and_is_resynchronised() {
    let dir = temp_dir("slow-spectator");
    let config = boardshift_server::Config {
        port: 0,
        db: dir.join("rooms.db"),
        limits: boardshift_server::Limits {
            messages_per_second: 100_000,
            message_burst: 100_000,
            ..boardshift_server::Limits::default()
        },
        ..boardshift_server::Config::default()
    };
    let server = start_with(config).await;
    let address = server.address;
    let mut ann = connect(address, "Ann").await;
    ann.create(Some("slow-watch"), "standard", None).await;
    ann.expect("state").await;
    let mut bob = connect(address, "Bob").await;
    bob.join("slow-watch").await;
    bob.expect("state").await;
    let mut sue = connect_with_small_window(address, "Sue").await;
    sue.join("slow-watch").await;
    sue.expect("state").await;
    let answer = sue.request(json!({"t":"seat","want":"spectate"})).await;
    assert_eq!(answer["t"], "ack", "{answer}");
    let resyncs_before = sue.v;
    ann.catch_up(sue.v).await;
    bob.catch_up(sue.v).await;

    // From here on Sue reads nothing until the players are done.
    let mut moves = 0;
    let mut pick = 0;
    while moves < MOVES_WHILE_STALLED {
        if game_over(&ann) {
            for player in [&mut ann, &mut bob] {
                let vote = player.request(json!({"t":"rematch"})).await;
                assert_eq!(vote["t"], "ack", "{vote}");
            }
            let v = ann.v.max(bob.v);
            ann.catch_up(v).await;
            bob.catch_up(v).await;
            while game_over(&ann) {
                ann.expect_any().await;
            }
            bob.catch_up(ann.v).await;
            continue;
        }
        let ann_to_move = ann.to_move(plays_white(&ann));
        let (mover, other) = if ann_to_move {
            (&mut ann, &mut bob)
        } else {
            (&mut bob, &mut ann)
        };
        pick += 7;
        let text = mover.legal_action(pick).expect("a legal action");
        let answer = mover.play(&text).await;
        assert_eq!(answer["t"], "ack", "move {moves} ({text}): {answer}");
        other.catch_up(mover.v).await;
        moves += 1;
    }
    let room_v = ann.v;
    let room_plies = ann.game.as_ref().map(|g| g.ply_count());

    // Sue reads again: a `state` replaces what she could not take, and the events after it
    // follow in order (Client::apply checks each event number) up to the room's latest.
    let mut states = 0;
    while sue.v < room_v {
        let message = sue.expect_any().await;
        if message["t"] == "state" {
            states += 1;
        }
    }
    assert!(
        states >= 1,
        "a spectator that fell {room_v} events behind must be resynchronised with a state \
         (it was at {resyncs_before})"
    );
    assert_eq!(sue.v, room_v);
    assert_eq!(sue.game.as_ref().map(|g| g.ply_count()), room_plies);

    // And she is in step from now on: the next move reaches her as the next event.
    let ann_to_move = ann.to_move(plays_white(&ann));
    let mover = if ann_to_move { &mut ann } else { &mut bob };
    if let Some(text) = mover.legal_action(1) {
        let answer = mover.play(&text).await;
        assert_eq!(answer["t"], "ack", "{answer}");
        let v = mover.v;
        sue.catch_up(v).await;
        assert_eq!(sue.events.last().map(|(number, _)| *number), Some(v));
    }
}
