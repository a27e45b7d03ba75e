//! Two players and a spectator play a game of every variant to its end over real WebSockets;
//! reconnecting with a token and `v` mid-game; a gap repaired by `sync`; finished games served
//! at `/api/games/ID`.

mod common;

use common::*;
use serde_json::json;

/// Seats two players and a spectator in a new room of `variant`; returns (white, black, spectator).
async fn seat_three(
    address: std::net::SocketAddr,
    code: &str,
    variant: &str,
    clock: Option<(u64, u64)>,
) -> (Client, Client, Client) {
    let mut white = connect(address, "Ann").await;
    white.create(Some(code), variant, clock).await;
    white.expect("state").await;
    let mut black = connect(address, "Bob").await;
    black.join(code).await;
    black.expect("state").await;
    let mut spectator = connect(address, "Sue").await;
    spectator.join(code).await;
    spectator.expect("state").await;
    let answer = spectator
        .request(json!({"t":"seat","want":"spectate"}))
        .await;
    assert_eq!(answer["t"], "ack", "{answer}");
    let v = spectator.v;
    white.catch_up(v).await;
    black.catch_up(v).await;
    assert!(
        white.game.is_some(),
        "the first match starts once both seats are filled"
    );
    (white, black, spectator)
}

/// Plays `plies` legal actions picked by the players (deterministically), checking that
/// everyone sees every move in order.
async fn play_plies(white: &mut Client, black: &mut Client, spectator: &mut Client, plies: usize) {
    for ply in 0..plies {
        let white_moves = white.to_move(true);
        let (mover, other) = if white_moves {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        if mover.game.as_ref().is_some_and(|g| g.result().is_some()) {
            return;
        }
        let text = mover
            .legal_action(ply * 7 + 3)
            .expect("a legal action while the game runs");
        let answer = mover.play(&text).await;
        assert_eq!(answer["t"], "ack", "{text}: {answer}");
        let v = mover.v;
        other.catch_up(v).await;
        spectator.catch_up(v).await;
        let plies_seen = |c: &Client| c.game.as_ref().map(|g| g.ply_count());
        assert_eq!(plies_seen(mover), plies_seen(other));
        assert_eq!(plies_seen(mover), plies_seen(spectator));
    }
}

/// The `end` event each client saw last.
fn last_end(client: &Client) -> serde_json::Value {
    client
        .events
        .iter()
        .rev()
        .find(|(_, e)| e["k"] == "end")
        .map(|(_, e)| e.clone())
        .unwrap_or_else(|| panic!("{} saw no end", client.name))
}

/// Waits until every client has seen the match end (each client here plays one match).
async fn finish_everywhere(
    white: &mut Client,
    black: &mut Client,
    spectator: &mut Client,
    _v: u64,
) {
    for client in [white, black, spectator] {
        while !client.events.iter().any(|(_, e)| e["k"] == "end") {
            client.expect_any().await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_variant_is_played_to_its_end_by_two_players_while_a_spectator_watches() {
    let dir = temp_dir("variants");
    let server = start(&dir, None).await;
    let address = server.address;

    // Standard: the fool's mate.
    let (mut white, mut black, mut spectator) =
        seat_three(address, "fools-mate", "standard", None).await;
    for (mover_is_white, text) in [
        (true, "f2f3"),
        (false, "e7e5"),
        (true, "g2g4"),
        (false, "d8h4"),
    ] {
        let (mover, other) = if mover_is_white {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        let answer = mover.play(text).await;
        assert_eq!(answer["t"], "ack", "{text}: {answer}");
        let v = mover.v;
        other.catch_up(v).await;
        spectator.catch_up(v).await;
    }
    let v = black.v;
    finish_everywhere(&mut white, &mut black, &mut spectator, v).await;
    for client in [&white, &black, &spectator] {
        let end = last_end(client);
        assert_eq!(end["result"], "0-1", "{end}");
        assert_eq!(end["reason"], "checkmate", "{end}");
    }
    let game_id = last_end(&spectator)["game_id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, _, body) = http_get(address, &format!("/api/games/{game_id}"), &[]).await;
    assert_eq!(status, 200);
    let saved: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(saved["moves"].as_array().unwrap().len(), 4);
    assert_eq!(saved["result"]["outcome"], "0-1");
    assert_eq!(saved["players"]["white"], "Ann");

    // A spectator may not move.
    let refused = spectator.request(json!({"t":"draw"})).await;
    assert_eq!(refused["t"], "nack");

    // Sliding: some moves, then a draw by agreement.
    let (mut white, mut black, mut spectator) =
        seat_three(address, "slide-away", "sliding", None).await;
    play_plies(&mut white, &mut black, &mut spectator, 8).await;
    let offer = white.request(json!({"t":"draw"})).await;
    assert_eq!(offer["t"], "ack", "{offer}");
    black.catch_up(white.v).await;
    let accept = black.request(json!({"t":"draw"})).await;
    assert_eq!(accept["t"], "ack", "{accept}");
    let v = black.v;
    finish_everywhere(&mut white, &mut black, &mut spectator, v).await;
    assert_eq!(last_end(&spectator)["result"], "1/2-1/2");

    // Relative: some moves, then Black resigns.
    let (mut white, mut black, mut spectator) =
        seat_three(address, "relative-one", "relative", None).await;
    play_plies(&mut white, &mut black, &mut spectator, 6).await;
    let resign = black.request(json!({"t":"resign"})).await;
    assert_eq!(resign["t"], "ack", "{resign}");
    let v = black.v;
    finish_everywhere(&mut white, &mut black, &mut spectator, v).await;
    assert_eq!(last_end(&spectator)["result"], "1-0");

    // Regroupment: the setup steps and some moves, then White resigns.
    let (mut white, mut black, mut spectator) =
        seat_three(address, "regroup", "regroupment", Some((300_000, 2_000))).await;
    play_plies(&mut white, &mut black, &mut spectator, 24).await;
    // Random play may already have ended it; otherwise White resigns.
    let over = white.game.as_ref().is_some_and(|g| g.result().is_some());
    if !over {
        let resign = white.request(json!({"t":"resign"})).await;
        assert_eq!(resign["t"], "ack", "{resign}");
    }
    let v = white.v;
    finish_everywhere(&mut white, &mut black, &mut spectator, v).await;
    let end = last_end(&spectator);
    if !over {
        assert_eq!(end["result"], "0-1");
    }
    assert_eq!(end, last_end(&white));
    // Everyone saw the same numbered events.
    for (v, event) in &spectator.events {
        let seen_by_white = white.events.iter().find(|(number, _)| number == v);
        assert_eq!(seen_by_white.map(|(_, e)| e), Some(event), "event {v}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_reconnects_with_token_and_v_gets_the_missed_events_and_plays_on() {
    let dir = temp_dir("reconnect");
    let server = start(&dir, None).await;
    let address = server.address;
    let (mut white, mut black, mut spectator) =
        seat_three(address, "come-back", "standard", Some((600_000, 0))).await;
    play_plies(&mut white, &mut black, &mut spectator, 4).await;

    // Black drops. The game pauses (White, to move, is refused) while events go on: the seat
    // shows Black away, White chats.
    let token = black.token.clone().unwrap();
    let held_v = black.v;
    let held_plies = black.game.as_ref().unwrap().ply_count();
    let held_game = black.game.take();
    // Request numbers go on from where they were: a reused `a` would get its old answer.
    let held_next_a = black.next_a;
    drop(black);
    loop {
        let message = white.expect_any().await;
        if message["t"] == "ev"
            && message["e"]["k"] == "seat"
            && message["e"]["black"]["online"] == false
        {
            break;
        }
    }
    let answer = white.play(&white.legal_action(1).unwrap()).await;
    assert_eq!(answer["why"], "turn", "{answer}");
    let chat = white
        .request(json!({"t":"chat","text":"are you there?"}))
        .await;
    assert_eq!(chat["t"], "ack", "{chat}");
    while !kinds(&white).contains(&"chat".to_string()) {
        white.expect_any().await;
    }

    let mut black = connect(address, "Bob").await;
    black.v = held_v;
    black.game = held_game;
    black.next_a = held_next_a;
    black.rejoin("come-back", &token, held_v).await;
    let welcome = black.expect("welcome").await;
    assert_eq!(welcome["token"], token.as_str());
    // The missed events arrive in order (the client checks v = last + 1) up to the chat.
    let chat_v = white.v;
    black.catch_up(chat_v).await;
    let missed = kinds(&black);
    assert!(missed.contains(&"chat".to_string()), "{missed:?}");
    white.catch_up(black.v).await;
    let plies = black.game.as_ref().unwrap().ply_count();
    assert_eq!(plies, held_plies);
    assert!(white.to_move(true));
    let answer = white.play(&white.legal_action(1).unwrap()).await;
    assert_eq!(answer["t"], "ack", "{answer}");
    black.catch_up(white.v).await;
    let plies = plies + 1;
    assert!(black.to_move(false));
    let answer = black.play(&black.legal_action(2).unwrap()).await;
    assert_eq!(answer["t"], "ack", "{answer}");

    // The same request id again gets the same answer without playing twice.
    let a = black.next_a - 1;
    black
        .send(json!({"t":"move","a":a,"n":plies,"m":"e2e4"}))
        .await;
    let again = black.answer(a).await;
    assert_eq!(again["t"], "ack");
    white.catch_up(black.v).await;
    assert_eq!(white.game.as_ref().unwrap().ply_count(), plies + 1);
    assert_eq!(black.game.as_ref().unwrap().ply_count(), plies + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gap_in_the_events_is_repaired_by_sync_and_a_stale_move_gets_a_state() {
    let dir = temp_dir("sync");
    let server = start(&dir, None).await;
    let (mut white, mut black, mut spectator) =
        seat_three(server.address, "gap-fill", "standard", None).await;
    play_plies(&mut white, &mut black, &mut spectator, 2).await;

    // The spectator pretends to have lost the last two events and asks for them again.
    let behind = spectator.v - 2;
    spectator.v = behind;
    spectator.events.truncate(spectator.events.len() - 2);
    spectator.game = None;
    spectator.send(json!({"t":"sync","v":behind})).await;
    let first = spectator.recv().await.unwrap();
    assert_eq!(first["t"], "ev", "{first}");
    assert_eq!(first["v"], behind + 1);
    let second = spectator.recv().await.unwrap();
    assert_eq!(second["v"], behind + 2);

    // A move for a ply count the game no longer has: nack stale, then a state.
    let a = white.a();
    white.send(json!({"t":"move","a":a,"n":0,"m":"e2e4"})).await;
    let nack = white.answer(a).await;
    assert_eq!(nack["why"], "stale", "{nack}");
    let state = white.expect("state").await;
    assert_eq!(state["v"], white.v);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_open_room_is_listed_and_live_games_are_downloadable() {
    let dir = temp_dir("listing");
    let server = start(&dir, None).await;
    let address = server.address;
    let (status, headers, body) = http_get(address, "/api/rooms", &[]).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("application/json"));
    let listing: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(listing["rooms"][0]["code"], "open");

    let mut ann = connect(address, "Ann").await;
    ann.join("open").await;
    ann.expect("state").await;
    let mut bob = connect(address, "Bob").await;
    bob.join("open").await;
    let state = bob.expect("state").await;
    let game_id = state["room"]["game_id"]
        .as_str()
        .expect("a live game")
        .to_string();
    let (status, _, body) = http_get(address, &format!("/api/games/{game_id}"), &[]).await;
    assert_eq!(status, 200);
    let saved: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(saved["format"], "boardshift-game");
    assert_eq!(saved["result"]["outcome"], "*");

    let (status, _, _) = http_get(address, "/api/games/no-such-game", &[]).await;
    assert_eq!(status, 404);
    let (status, _, _) = http_get(address, "/api/games/..%2F..%2Fetc", &[]).await;
    assert_eq!(status, 404);
    let (status, _, body) = http_get(address, "/api/health", &[]).await;
    assert_eq!((status, body.as_slice()), (200, b"ok".as_slice()));
}
