//! Measures the room alone, without sockets or storage: how many moves per second `handle`
//! accepts, and the size and cost of the stored state (`to_json`) that a server commits after
//! each accepted event. Run with `cargo run --release -p boardshift-rooms --example room_throughput`.

use boardshift_rooms::{
    parse_client_message, ClientMessage, Recipient, Room, RoomCode, RoomConfig, ServerMessage,
};
use std::time::Instant;

const GAMES: usize = 2_000;
/// Plies per game (fewer if the chosen moves end the game earlier).
const PLIES: usize = 40;

/// One fixed sequence of legal moves, picked by a shadow game.
fn game_moves() -> Vec<String> {
    let options = rules::options::VariantOptions::default_for(rules::VariantKind::Standard);
    let mut shadow = rules::any::AnyGame::new(options).expect("a game");
    let mut moves = Vec::new();
    while moves.len() < PLIES && shadow.result().is_none() {
        let legal = shadow.legal_actions();
        let text = legal[(moves.len() * 7 + 3) % legal.len()].clone();
        shadow.play(&text).expect("a legal move");
        moves.push(text);
    }
    moves
}

fn main() {
    let mut counter = 0u64;
    let mut entropy = move || {
        counter += 1;
        counter.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    };
    let create = parse_client_message(
        r#"{"t":"create","proto":1,"name":"Ann","code":"bench","variant":"standard","options":{"draws":"fide"},"clock":{"base_ms":300000,"inc_ms":2000}}"#,
    )
    .expect("create frame");
    let ClientMessage::Create(request) = create else {
        unreachable!()
    };
    let game = game_moves();
    let mut now = 1_796_000_000_000u64;
    let mut moves = 0u64;
    let mut handle_ns = 0u128;
    let mut json_ns = 0u128;
    let mut json_bytes = 0usize;
    let mut json_count = 0usize;
    for _ in 0..GAMES {
        let (mut room, _) = Room::create(
            RoomCode::parse("bench").expect("code"),
            &request,
            RoomConfig::default(),
            1,
            now,
            &mut entropy,
        )
        .expect("room");
        let join = parse_client_message(r#"{"t":"join","proto":1,"name":"Bob","room":"bench"}"#)
            .expect("join frame");
        room.handle(2, join, now, &mut entropy);
        for (ply, text) in game.iter().enumerate() {
            now += 50;
            let conn = 1 + (ply % 2) as u64;
            let frame = format!(r#"{{"t":"move","a":{ply},"n":{ply},"m":"{text}"}}"#);
            let started = Instant::now();
            let message = parse_client_message(&frame).expect("move frame");
            let outcome = room.handle(conn, message, now, &mut entropy);
            handle_ns += started.elapsed().as_nanos();
            let acked = outcome.messages.iter().any(|(to, m)| {
                *to == Recipient::Conn(conn) && matches!(m, ServerMessage::Ack { .. })
            });
            assert!(acked, "move {ply} refused: {:?}", outcome.messages);
            moves += 1;
            let started = Instant::now();
            let stored = room.to_json();
            json_ns += started.elapsed().as_nanos();
            json_bytes += stored.len();
            json_count += 1;
        }
    }
    let seconds = handle_ns as f64 / 1e9;
    println!("moves handled: {moves}");
    println!(
        "handle (parse + apply + messages): {:.1} µs per move, {:.0} moves/s on one core",
        handle_ns as f64 / moves as f64 / 1e3,
        moves as f64 / seconds
    );
    println!(
        "to_json: {:.1} µs per commit, {:.0} bytes on average (games of {} plies)",
        json_ns as f64 / json_count as f64 / 1e3,
        json_bytes as f64 / json_count as f64,
        game.len()
    );
}
