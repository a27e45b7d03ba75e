//! The crash test: the real server binary is killed with SIGKILL in the middle of a timed game
//! with a spectator and a queued player, then started again on the same database; the clients
//! come back with their tokens and go on from the same ply, seats, queue and clocks. Run on
//! SQLite, and on PostgreSQL when it can be started.

mod common;

use common::process::ServerProcess;
use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_comes_back_with_the_same_game_seats_queue_and_clocks() {
    let dir = temp_dir("crash");
    let db = dir.join("rooms.db");
    crash_and_come_back(&["--db", &db.display().to_string()]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_on_postgresql_comes_back_the_same() {
    let Some(services) = services::services("crash on PostgreSQL") else {
        return;
    };
    let url = services.fresh_database("crash").await;
    crash_and_come_back(&["--database", &url]).await;
}

async fn crash_and_come_back(database: &[&str]) {
    let server = ServerProcess::start("server", database);

    let mut white = connect(server.address, "Ann").await;
    white
        .create(Some("crash-room"), "standard", Some((600_000, 1_000)))
        .await;
    white.expect("state").await;
    let mut black = connect(server.address, "Bob").await;
    black.join("crash-room").await;
    black.expect("state").await;
    let mut queued = connect(server.address, "Que").await;
    queued.join("crash-room").await;
    queued.expect("state").await;
    let mut spectator = connect(server.address, "Sue").await;
    spectator.join("crash-room").await;
    spectator.expect("state").await;
    let answer = spectator
        .request(json!({"t":"seat","want":"spectate"}))
        .await;
    assert_eq!(answer["t"], "ack");
    let v = spectator.v;
    white.catch_up(v).await;
    black.catch_up(v).await;
    queued.catch_up(v).await;

    for ply in 0..6 {
        let (mover, other) = if white.to_move(true) {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        let text = mover.legal_action(ply * 5 + 1).unwrap();
        let answer = mover.play(&text).await;
        assert_eq!(answer["t"], "ack", "{answer}");
        let v = mover.v;
        other.catch_up(v).await;
        spectator.catch_up(v).await;
        queued.catch_up(v).await;
    }
    let plies = white.game.as_ref().unwrap().ply_count();
    let last_move = spectator
        .events
        .iter()
        .rev()
        .find(|(_, e)| e["k"] == "move")
        .map(|(_, e)| e.clone())
        .unwrap();
    let clocks_before = last_move["clocks"].clone();
    let v_before = spectator.v;

    // SIGKILL: no chance to flush or say goodbye.
    drop(server);
    let server = ServerProcess::start("server", database);

    let mut states = Vec::new();
    for client in [&mut white, &mut black, &mut queued, &mut spectator] {
        let token = client.token.clone().unwrap();
        let v = client.v;
        let name = client.name.clone();
        let mut fresh = connect(server.address, &name).await;
        // A rejoin without `v` is answered with the whole room.
        fresh
            .send(json!({"t":"join","proto":1,"name":name,"room":"crash-room","token":token}))
            .await;
        let welcome = fresh.expect("welcome").await;
        assert_eq!(
            welcome["token"],
            token.as_str(),
            "{name} is the same person"
        );
        let state = fresh.expect("state").await;
        assert!(state["v"].as_u64().unwrap() >= v);
        fresh.next_a = client.next_a;
        states.push(state);
        *client = fresh;
    }
    for state in &states {
        let room = &state["room"];
        assert!(state["v"].as_u64().unwrap() >= v_before);
        assert_eq!(room["game"]["moves"].as_array().unwrap().len(), plies);
        assert_eq!(room["seats"]["white"]["name"], "Ann");
        assert_eq!(room["seats"]["black"]["name"], "Bob");
        assert_eq!(room["queue"], json!(["Que"]));
        assert!(room["result"].is_null());
        let clocks = &room["clocks"];
        // Standard chess: White is to move after an even number of plies. The clock runs only
        // while both players are back (the game pauses while one is away and it is not their
        // turn).
        let running = if plies % 2 == 0 { "white" } else { "black" };
        assert!(
            clocks["running"].is_null() || clocks["running"] == running,
            "{clocks}"
        );
        let idle = if running == "white" { "black" } else { "white" };
        // The side not to move has exactly what the last move left it; the side to move has
        // lost at most the time since then while the server was up (downtime is charged to
        // nobody).
        assert_eq!(
            clocks[format!("{idle}_ms")],
            clocks_before[format!("{idle}_ms")],
            "{clocks} vs {clocks_before}"
        );
        let before = clocks_before[format!("{running}_ms")].as_u64().unwrap();
        let after = clocks[format!("{running}_ms")].as_u64().unwrap();
        assert!(
            after <= before && before - after < 30_000,
            "{clocks} vs {clocks_before}"
        );
    }

    // Play goes on from the same position.
    let (mover, other) = if white.to_move(true) {
        (&mut white, &mut black)
    } else {
        (&mut black, &mut white)
    };
    let text = mover.legal_action(3).unwrap();
    let answer = mover.play(&text).await;
    assert_eq!(answer["t"], "ack", "{answer}");
    let v = mover.v;
    other.catch_up(v).await;
    spectator.catch_up(v).await;
    assert_eq!(spectator.game.as_ref().unwrap().ply_count(), plies + 1);
}
