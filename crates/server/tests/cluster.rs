//! Several nodes on one PostgreSQL and one Redis, as real server processes on loopback: players
//! and spectators on different nodes play to the end; the owning node is killed mid-game and
//! everyone goes on through a survivor; Redis restarts mid-game; a paused owner that lost its
//! lease cannot commit beside the node that took the room over; every node lists the open room
//! as its owner does (its own rooms only while Redis is down), and none once it closed. In CI a
//! missing PostgreSQL or Redis fails these tests instead of skipping them.

mod cluster_nodes;
mod common;

use cluster_nodes::{cluster_services, launch, Redis};
use common::*;
use futures_util::SinkExt;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Longest a client keeps reconnecting before the test fails (the lease lives 6 s).
const FAILOVER_LIMIT: Duration = Duration::from_secs(20);
/// Longest a node's room list may lag behind a change before the test fails.
const LISTING_LIMIT: Duration = Duration::from_secs(10);

/// Every event anybody saw, by number: two different events under one number fail the test.
#[derive(Default)]
struct Seen(BTreeMap<u64, Value>);

impl Seen {
    fn record(&mut self, client: &Client) {
        for (v, event) in &client.events {
            match self.0.get(v) {
                Some(known) => assert_eq!(
                    known, event,
                    "{} saw another event {v} than someone else",
                    client.name
                ),
                None => {
                    self.0.insert(*v, event.clone());
                }
            }
        }
    }
}

/// Connects `client` again (to the first node of `nodes` that lets it back in) with its token
/// and last event number, keeping its mirror; retries while the room moves to a survivor.
async fn rejoin(client: &mut Client, nodes: &[SocketAddr], room: &str, seen: &mut Seen) {
    seen.record(client);
    let token = client.token.clone().expect("a token");
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < FAILOVER_LIMIT,
            "{} could not get back into {room}",
            client.name
        );
        for node in nodes {
            let Ok(mut fresh) = connect_with_origin(*node, &client.name, None).await else {
                continue;
            };
            fresh.v = client.v;
            fresh.game = client.game.clone();
            fresh.next_a = client.next_a;
            fresh.token = Some(token.clone());
            fresh.rejoin(room, &token, client.v).await;
            // The welcome comes first; the catch-up (events or a state) follows and is applied
            // by whoever reads next.
            loop {
                match fresh.recv().await {
                    Ok(message) if message["t"] == "welcome" => {
                        fresh.apply(&message);
                        assert_eq!(message["token"], token.as_str(), "the same person");
                        *client = fresh;
                        return;
                    }
                    Ok(message) if message["t"] == "nack" => break,
                    Ok(message) => fresh.apply(&message),
                    Err(_) => break,
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Plays one legal move as `mover`, reconnecting and sending the same request again (the room
/// answers a repeated request number without applying it twice) while the room moves.
async fn play_through(
    mover: &mut Client,
    pick: usize,
    nodes: &[SocketAddr],
    room: &str,
    seen: &mut Seen,
) -> Value {
    let text = mover.legal_action(pick).expect("a legal move");
    let a = mover.a();
    let n = mover.game.as_ref().map(|g| g.ply_count()).unwrap_or(0);
    loop {
        let request = json!({"t":"move","a":a,"n":n,"m":text}).to_string();
        // A node may have closed the connection while nobody read it: then rejoin and resend.
        if mover.socket.send(Message::text(request)).await.is_ok() {
            while let Ok(message) = mover.recv().await {
                mover.apply(&message);
                if (message["t"] == "ack" || message["t"] == "nack") && message["a"] == a {
                    if message["t"] == "ack" {
                        while mover.game.as_ref().map(|g| g.ply_count()) == Some(n) {
                            mover.expect_any().await;
                        }
                    }
                    return message;
                }
            }
        }
        rejoin(mover, nodes, room, seen).await;
        if mover.game.as_ref().map(|g| g.ply_count()) != Some(n) {
            // The move was applied before the connection broke.
            return json!({"t":"ack","a":a});
        }
    }
}

/// Reads what `client` has been sent for a moment, rejoining through `nodes` if its connection
/// closed (a node that lost the room closes its clients of it).
async fn poll(client: &mut Client, nodes: &[SocketAddr], room: &str, seen: &mut Seen) {
    while let Ok(next) = tokio::time::timeout(Duration::from_millis(300), client.recv()).await {
        match next {
            Ok(message) => client.apply(&message),
            Err(_) => {
                rejoin(client, nodes, room, seen).await;
            }
        }
    }
}

/// Plays a move as `mover`; while the game is paused because a player is away (their node
/// lost the room and closed them), lets the others read and rejoin first.
async fn play_with(
    mover: &mut Client,
    others: &mut [&mut Client],
    pick: usize,
    nodes: &[SocketAddr],
    room: &str,
    seen: &mut Seen,
) -> Value {
    let started = Instant::now();
    loop {
        let answer = play_through(mover, pick, nodes, room, seen).await;
        let paused = answer["t"] == "nack"
            && answer["msg"]
                .as_str()
                .is_some_and(|msg| msg.contains("paused"));
        if !paused || started.elapsed() > FAILOVER_LIMIT {
            return answer;
        }
        for other in others.iter_mut() {
            poll(other, nodes, room, seen).await;
        }
    }
}

/// Receives until `client` has event `v`, rejoining through `nodes` if its connection closes.
async fn catch_up_through(
    client: &mut Client,
    v: u64,
    nodes: &[SocketAddr],
    room: &str,
    seen: &mut Seen,
) {
    while client.v < v {
        match client.recv().await {
            Ok(message) => client.apply(&message),
            Err(_) => rejoin(client, nodes, room, seen).await,
        }
    }
}

/// White creates `room` on `white_node` (which so owns it), Black joins on `black_node`, a
/// spectator on `spectator_node`; returns them once the match has started everywhere.
async fn seat(
    room: &str,
    white_node: SocketAddr,
    black_node: SocketAddr,
    spectator_node: SocketAddr,
) -> (Client, Client, Client) {
    let mut white = connect(white_node, "Ann").await;
    white
        .create(Some(room), "standard", Some((600_000, 2_000)))
        .await;
    white.expect("state").await;
    let mut black = connect(black_node, "Bob").await;
    black.join(room).await;
    black.expect("state").await;
    let mut spectator = connect(spectator_node, "Sue").await;
    spectator.join(room).await;
    spectator.expect("state").await;
    let answer = spectator
        .request(json!({"t":"seat","want":"spectate"}))
        .await;
    assert_eq!(answer["t"], "ack", "{answer}");
    let v = spectator.v;
    white.catch_up(v).await;
    black.catch_up(v).await;
    assert!(white.game.is_some() && black.game.is_some());
    (white, black, spectator)
}

/// Plays `plies` moves with everyone in step; returns the last event number.
async fn play(
    white: &mut Client,
    black: &mut Client,
    spectator: &mut Client,
    plies: usize,
    nodes: &[SocketAddr],
    room: &str,
    seen: &mut Seen,
) -> u64 {
    for ply in 0..plies {
        let (mover, other) = if white.to_move(true) {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        let answer = play_with(
            mover,
            &mut [&mut *other, &mut *spectator],
            ply * 7 + 3,
            nodes,
            room,
            seen,
        )
        .await;
        assert_eq!(answer["t"], "ack", "{answer}");
        let v = mover.v;
        catch_up_through(other, v, nodes, room, seen).await;
        catch_up_through(spectator, v, nodes, room, seen).await;
    }
    white.v.max(black.v)
}

/// The game as the positions after each ply, as `client` mirrors it.
fn moves(client: &Client) -> Vec<String> {
    client
        .game
        .as_ref()
        .map(|game| {
            (1..=game.ply_count())
                .filter_map(|ply| game.position_text_at(ply))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_a_spectator_on_three_nodes_play_to_the_end() {
    let Some((_services, database, redis)) = cluster_services("cluster_play").await else {
        return;
    };
    let a = launch("a", &database, &redis.url());
    let b = launch("b", &database, &redis.url());
    let c = launch("c", &database, &redis.url());
    let (mut white, mut black, mut spectator) =
        seat("three-nodes", a.address, b.address, c.address).await;
    // The fool's mate: White on node a, Black on node b, the spectator on node c.
    for (white_moves, text) in [
        (true, "f2f3"),
        (false, "e7e5"),
        (true, "g2g4"),
        (false, "d8h4"),
    ] {
        let (mover, other) = if white_moves {
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
    for client in [&mut white, &mut black, &mut spectator] {
        while !client.events.iter().any(|(_, e)| e["k"] == "end") {
            client.expect_any().await;
        }
    }
    let mut seen = Seen::default();
    for client in [&white, &black, &spectator] {
        seen.record(client);
        let end = client.events.iter().find(|(_, e)| e["k"] == "end").unwrap();
        assert_eq!(end.1["result"], "0-1", "{}", end.1);
        assert_eq!(end.1["reason"], "checkmate", "{}", end.1);
    }
    // The same frames whichever node a client is connected to (checked by `seen`), and the
    // same game.
    assert_eq!(moves(&white), moves(&spectator));
    assert_eq!(moves(&black), moves(&spectator));
    // The finished game is in the shared database, readable from any node.
    let id = spectator
        .events
        .iter()
        .find(|(_, e)| e["k"] == "end")
        .unwrap()
        .1["game_id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, _, body) = http_get(b.address, &format!("/api/games/{id}"), &[]).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_killed_mid_game_the_game_goes_on_through_a_survivor() {
    let Some((_services, database, redis)) = cluster_services("cluster_kill").await else {
        return;
    };
    let a = launch("a", &database, &redis.url());
    let b = launch("b", &database, &redis.url());
    let room = "kill-owner";
    let (mut white, mut black, mut spectator) = seat(room, a.address, b.address, a.address).await;
    let mut seen = Seen::default();
    let survivors = [b.address];
    play(
        &mut white,
        &mut black,
        &mut spectator,
        6,
        &survivors,
        room,
        &mut seen,
    )
    .await;
    let acked = moves(&white);
    assert_eq!(acked.len(), 6);

    let killed_at = Instant::now();
    drop(a); // SIGKILL, then reaped
    for client in [&mut white, &mut black, &mut spectator] {
        rejoin(client, &survivors, room, &mut seen).await;
    }
    for client in [&white, &black, &spectator] {
        assert_eq!(
            moves(client),
            acked,
            "{}: nothing acknowledged is lost",
            client.name
        );
    }
    let (mover, other) = if white.to_move(true) {
        (&mut white, &mut black)
    } else {
        (&mut black, &mut white)
    };
    let answer = play_with(
        mover,
        &mut [&mut *other, &mut spectator],
        5,
        &survivors,
        room,
        &mut seen,
    )
    .await;
    assert_eq!(answer["t"], "ack", "{answer}");
    let failover = killed_at.elapsed();
    eprintln!(
        "failover: {} ms from SIGKILL of the owner to the next move acknowledged by a survivor",
        failover.as_millis()
    );
    assert!(failover < Duration::from_secs(15), "{failover:?}");
    let v = mover.v;
    catch_up_through(other, v, &survivors, room, &mut seen).await;
    catch_up_through(&mut spectator, v, &survivors, room, &mut seen).await;
    play(
        &mut white,
        &mut black,
        &mut spectator,
        2,
        &survivors,
        room,
        &mut seen,
    )
    .await;
    assert_eq!(moves(&spectator).len(), 9);
    assert_eq!(moves(&spectator)[..6], acked[..]);
    for client in [&white, &black, &spectator] {
        seen.record(client);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redis_restart_mid_game_is_survived() {
    let Some((_services, database, mut redis)) = cluster_services("cluster_redis").await else {
        return;
    };
    let a = launch("a", &database, &redis.url());
    let b = launch("b", &database, &redis.url());
    let room = "redis-restart";
    let nodes = [b.address, a.address];
    let (mut white, mut black, mut spectator) = seat(room, a.address, b.address, b.address).await;
    let mut seen = Seen::default();
    play(
        &mut white,
        &mut black,
        &mut spectator,
        4,
        &nodes,
        room,
        &mut seen,
    )
    .await;
    let acked = moves(&white);

    let port = redis.port;
    drop(redis);
    tokio::time::sleep(Duration::from_millis(500)).await;
    redis = Redis::start(port).expect("Redis starts again");
    play(
        &mut white,
        &mut black,
        &mut spectator,
        4,
        &nodes,
        room,
        &mut seen,
    )
    .await;
    for client in [&white, &black, &spectator] {
        assert_eq!(moves(client).len(), 8, "{}", client.name);
        assert_eq!(moves(client)[..4], acked[..], "{}", client.name);
        seen.record(client);
    }
    // The open room (run by a, started first) is back in the list Redis forgot.
    listed_until(
        b.address,
        "the open room after Redis lost its memory",
        |rooms| rooms.iter().any(|room| room["code"] == "open"),
    )
    .await;
    drop(redis);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_owner_past_its_lease_never_commits_beside_the_new_owner() {
    let Some((_services, database, redis)) = cluster_services("cluster_pause").await else {
        return;
    };
    let a = launch("a", &database, &redis.url());
    let b = launch("b", &database, &redis.url());
    let room = "two-owners";
    let (mut white, mut black, mut spectator) = seat(room, a.address, b.address, b.address).await;
    let mut seen = Seen::default();
    let only_b = [b.address];
    play(
        &mut white,
        &mut black,
        &mut spectator,
        2,
        &only_b,
        room,
        &mut seen,
    )
    .await;
    assert!(white.to_move(true));
    let v_before = white.v;

    a.pause();
    // White sends a move to the paused owner; it waits in the socket until the node wakes.
    let stale_text = white.legal_action(1).unwrap();
    let stale_a = white.a();
    white
        .send(json!({"t":"move","a":stale_a,"n":2,"m":stale_text}))
        .await;
    // Past the lease, Black and the spectator find the room moved and b takes it over.
    tokio::time::sleep(Duration::from_secs(7)).await;
    let mut white_on_b = connect(b.address, "Ann").await;
    white_on_b.v = white.v;
    white_on_b.game = white.game.clone();
    white_on_b.token = white.token.clone();
    white_on_b.next_a = white.next_a + 10;
    rejoin(&mut white_on_b, &only_b, room, &mut seen).await;
    let fresh_text = white_on_b.legal_action(4).unwrap();
    assert_ne!(fresh_text, stale_text);
    let answer = play_with(
        &mut white_on_b,
        &mut [&mut black, &mut spectator],
        4,
        &only_b,
        room,
        &mut seen,
    )
    .await;
    assert_eq!(answer["t"], "ack", "{answer}");
    let v_b = white_on_b.v;
    assert!(v_b > v_before);
    catch_up_through(&mut black, v_b, &only_b, room, &mut seen).await;
    catch_up_through(&mut spectator, v_b, &only_b, room, &mut seen).await;

    a.resume();
    // The woken node must not acknowledge the stale move; it closes the connection instead.
    while let Ok(message) = white.recv().await {
        assert!(
            !(message["t"] == "ack" && message["a"] == stale_a),
            "the paused owner acknowledged a move after losing the room: {message}"
        );
        if message["t"] == "ev" {
            white.apply(&message);
        }
    }
    seen.record(&white);
    play(
        &mut white_on_b,
        &mut black,
        &mut spectator,
        2,
        &only_b,
        room,
        &mut seen,
    )
    .await;
    for client in [&white_on_b, &black, &spectator] {
        seen.record(client);
        assert_eq!(moves(client)[2], moves(&white_on_b)[2]);
    }
    // One sequence of events, the last one the stored room's.
    let stored: i64 = {
        use sqlx::{Connection, Row};
        let mut connection = sqlx::AnyConnection::connect(&database).await.unwrap();
        sqlx::query("SELECT version FROM rooms WHERE code = $1")
            .bind(room)
            .fetch_one(&mut connection)
            .await
            .unwrap()
            .try_get("version")
            .unwrap()
    };
    assert!(stored as u64 >= spectator.v, "{stored} < {}", spectator.v);
}

/// What `GET /api/rooms` on `node` lists.
async fn listed(node: SocketAddr) -> Vec<Value> {
    let (status, _, body) = http_get(node, "/api/rooms", &[]).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let listing: Value = serde_json::from_slice(&body).expect("the room list is JSON");
    listing["rooms"]
        .as_array()
        .cloned()
        .expect("a list of rooms")
}

/// Asks `node` for its room list until `wanted` holds (each node writes the shared list a
/// moment after a change); fails after [`LISTING_LIMIT`], showing `what` was waited for.
async fn listed_until(
    node: SocketAddr,
    what: &str,
    wanted: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    let started = Instant::now();
    loop {
        let rooms = listed(node).await;
        if wanted(&rooms) {
            return rooms;
        }
        assert!(
            started.elapsed() < LISTING_LIMIT,
            "node at {node} does not list {what}: {rooms:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Reads what `client` is sent until its node closes the connection; the close code.
async fn until_closed(client: &mut Client) -> Option<u16> {
    loop {
        match client.recv().await {
            Ok(message) => client.apply(&message),
            Err(code) => return code,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_node_lists_the_open_room_as_its_owner_does() {
    let Some((_services, database, redis)) = cluster_services("cluster_lobby").await else {
        return;
    };
    // a starts first, so a runs the open room.
    let a = launch("a", &database, &redis.url());
    let b = launch("b", &database, &redis.url());
    let c = launch("c", &database, &redis.url());
    let mut ann = connect(a.address, "Ann").await;
    ann.join("open").await;
    ann.expect("state").await;
    let mut bob = connect(a.address, "Bob").await;
    bob.join("open").await;
    bob.expect("state").await;
    let on_a = listed_until(
        a.address,
        "the open room with Ann and Bob playing",
        |rooms| {
            rooms.len() == 1
                && rooms[0]["code"] == "open"
                && rooms[0]["playing"] == true
                && rooms[0]["online"] == 2
        },
    )
    .await;
    for node in [b.address, c.address] {
        listed_until(node, "the open room as a lists it", |rooms| rooms == on_a).await;
    }

    // a is paused past its lease; Ann comes back through b, which takes the room over.
    a.pause();
    tokio::time::sleep(Duration::from_secs(7)).await;
    let mut seen = Seen::default();
    rejoin(&mut ann, &[b.address], "open", &mut seen).await;
    let on_b = listed_until(
        b.address,
        "the open room with Ann back, run by b",
        |rooms| rooms.len() == 1 && rooms[0]["code"] == "open" && rooms[0]["online"] == 1,
    )
    .await;
    listed_until(c.address, "the open room as b lists it", |rooms| {
        rooms == on_b
    })
    .await;
    // a wakes, finds its lease lost and closes its clients of the room, after taking the room
    // off the lists: its own entry is gone already, and b's must stay.
    a.resume();
    assert_eq!(
        until_closed(&mut bob).await,
        Some(1012),
        "a hands the room over"
    );
    assert_eq!(
        listed(c.address).await,
        on_b,
        "the node that lost the room must not take b's entry off the list"
    );
    listed_until(a.address, "the open room as b lists it", |rooms| {
        rooms == on_b
    })
    .await;

    // The room closes on b: its lease goes to a node that then vanished.
    let mut control = redis::Client::open(redis.url())
        .expect("the Redis URL")
        .get_multiplexed_async_connection()
        .await
        .expect("the test reaches Redis");
    let _: () = redis::cmd("SET")
        .arg("boardshift:room:open:owner")
        .arg("gone/0")
        .arg("PX")
        .arg(60_000)
        .query_async(&mut control)
        .await
        .expect("the lease is handed away");
    assert_eq!(
        until_closed(&mut ann).await,
        Some(1012),
        "b lets the room go"
    );
    for node in [a.address, b.address, c.address] {
        listed_until(node, "no room once the open room closed", |rooms| {
            rooms.is_empty()
        })
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_redis_a_node_lists_its_own_rooms() {
    let Some((_services, database, redis)) = cluster_services("cluster_lobby_down").await else {
        return;
    };
    let a = launch("a", &database, &redis.url());
    let b = launch("b", &database, &redis.url());
    let on_a = listed_until(a.address, "the open room", |rooms| {
        rooms.len() == 1 && rooms[0]["code"] == "open"
    })
    .await;
    listed_until(b.address, "the open room as a lists it", |rooms| {
        rooms == on_a
    })
    .await;
    drop(redis);
    // Each node answers with what it runs itself: a the open room, b nothing.
    assert_eq!(listed(a.address).await, on_a);
    assert_eq!(listed(b.address).await, Vec::<Value>::new());
}
