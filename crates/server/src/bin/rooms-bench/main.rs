//! `rooms-bench [--rooms N] [--spectators M] [--seconds S] [--rate MOVES_PER_S] [--server PATH]
//! [--server-cpus LIST]`: a load benchmark over loopback. It starts the `boardshift-server` binary
//! on a fresh database (durability on), fills N rooms with two players and M spectators each, and
//! lets the players play random legal moves (voting rematches when a game ends). With `--rate`
//! it first measures a paced phase — that many moves per second offered, spread evenly over the
//! rooms — and then, in the same run against the same server, the closed-loop phase, where every
//! move is sent as soon as the previous one is acknowledged. Each phase prints moves/s, p50/p99
//! move→ack and move→spectator latency, the server's CPU per move and the machine's load
//! average; the run ends with lost/duplicated/out-of-order events, resynchronisations and the
//! server's peak memory. `--server-cpus` pins the server to those CPUs (through `taskset`).
//! With `--database postgres://… --redis redis://… [--nodes 1,2]` it runs once per entry of
//! `--nodes`, each time against that many server nodes on the shared PostgreSQL and Redis, with
//! each room's players and spectators spread over the nodes (the rooms owned by whichever node
//! their creator used), so one run compares one node with two.
//! Per-connection and per-address limits are lifted for the run: one loopback address plays
//! thousands of connections.

use rules::any::AnyGame;
use rules::save::SavedGame;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod machine;
mod socket;

use machine::{cpu_of, cpu_seconds, load_average, peak_memory_kib, percentiles};
use socket::{open_socket, receive, receive_kind, send, Socket};

struct Options {
    rooms: usize,
    spectators: usize,
    seconds: u64,
    /// Offered moves per second over all rooms for the paced phase; 0 skips it.
    rate: u64,
    server: PathBuf,
    server_cpus: Option<String>,
    /// PostgreSQL and Redis URLs for runs on several nodes.
    database: Option<String>,
    redis: Option<String>,
    /// How many nodes each round runs (one round per entry).
    nodes: Vec<usize>,
}

fn parse_options() -> Result<Options, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let default_server = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("boardshift-server")))
        .unwrap_or_else(|| PathBuf::from("boardshift-server"));
    let mut options = Options {
        rooms: 500,
        spectators: 2,
        seconds: 20,
        rate: 0,
        server: default_server,
        server_cpus: None,
        database: None,
        redis: None,
        nodes: vec![1],
    };
    let mut nodes_given = false;
    let mut index = 0;
    while index < args.len() {
        let flag = args[index].as_str();
        let value = args
            .get(index + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} needs a whole number, got '{value}'"))
        };
        match flag {
            "--rooms" => options.rooms = number()? as usize,
            "--spectators" => options.spectators = number()? as usize,
            "--seconds" => options.seconds = number()?.clamp(1, 600),
            "--rate" => options.rate = number()?,
            "--server" => options.server = PathBuf::from(value),
            "--server-cpus" => options.server_cpus = Some(value.clone()),
            "--database" => options.database = Some(value.clone()),
            "--redis" => options.redis = Some(value.clone()),
            "--nodes" => {
                options.nodes = value
                    .split(',')
                    .map(|count| count.trim().parse::<usize>().map(|n| n.clamp(1, 8)))
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("--nodes needs counts like 1,2, got '{value}'"))?;
                nodes_given = true;
            }
            _ => return Err(format!("unknown argument '{flag}'")),
        }
        index += 2;
    }
    match (&options.database, &options.redis) {
        (Some(_), Some(_)) => {
            if !nodes_given {
                options.nodes = vec![1, 2];
            }
        }
        (None, None) if options.nodes == [1] => {}
        _ => return Err("several nodes need both --database and --redis".to_string()),
    }
    Ok(options)
}

/// Counters shared by every client.
#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    games: AtomicU64,
    rate_nacks: AtomicU64,
    other_nacks: AtomicU64,
    lost: AtomicU64,
    duplicated: AtomicU64,
    out_of_order: AtomicU64,
    resyncs: AtomicU64,
    ack_micros: Mutex<Vec<u32>>,
    spectator_micros: Mutex<Vec<u32>>,
}

/// Per room: the ply number and send instant of the move in flight, for spectator latency, and
/// in the paced phase the instant the room's next move is due.
struct InFlight {
    move_sent: Mutex<Option<(u64, Instant)>>,
    next_due: Mutex<Instant>,
}

struct Shared {
    stats: Stats,
    measuring: AtomicBool,
    stop: AtomicBool,
    /// Microseconds between two moves of one room in the paced phase; 0 in the closed loop.
    pace_micros: AtomicU64,
}

impl Shared {
    /// In the paced phase, how long the player to move in a room must still wait.
    fn wait_for_turn(&self, in_flight: &InFlight) -> Option<Duration> {
        let pace = self.pace_micros.load(Ordering::Relaxed);
        if pace == 0 {
            return None;
        }
        let due = *in_flight.next_due.lock().ok()?;
        due.checked_duration_since(Instant::now())
            .filter(|wait| !wait.is_zero())
    }

    /// Books the room's next move one pace later (never more than one pace in arrears, so a
    /// room that fell behind does not burst to catch up).
    fn book_next_move(&self, in_flight: &InFlight) {
        let pace = Duration::from_micros(self.pace_micros.load(Ordering::Relaxed));
        if let Ok(mut due) = in_flight.next_due.lock() {
            let now = Instant::now();
            *due = (*due + pace).max(now.checked_sub(pace).unwrap_or(now));
        }
    }
}

fn main() -> std::process::ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("rooms-bench: {message}");
            return std::process::ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("rooms-bench: cannot start the runtime: {error}");
            return std::process::ExitCode::from(1);
        }
    };
    match runtime.block_on(run(options)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("rooms-bench: {message}");
            std::process::ExitCode::from(1)
        }
    }
}

async fn run(options: Options) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("rooms-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let mut outcome = Ok(());
    for (round, nodes) in options.nodes.iter().enumerate() {
        outcome = run_round(&options, &dir, round, *nodes).await;
        if outcome.is_err() {
            break;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

/// Kills the servers of a round however it ends.
struct Servers(Vec<std::process::Child>);

impl Drop for Servers {
    fn drop(&mut self) {
        for server in &mut self.0 {
            let _ = server.kill();
            let _ = server.wait();
        }
    }
}

async fn run_round(
    options: &Options,
    dir: &std::path::Path,
    round: usize,
    nodes: usize,
) -> Result<(), String> {
    let connections = options.rooms * (2 + options.spectators);
    let mut servers = Servers(Vec::new());
    let mut addresses = Vec::new();
    for node in 0..nodes {
        let mut launcher = match &options.server_cpus {
            Some(cpus) => {
                let mut taskset = Command::new("taskset");
                taskset.args(["-c", cpus]).arg(&options.server);
                taskset
            }
            None => Command::new(&options.server),
        };
        launcher.args(["--port", "0"]);
        match (&options.database, &options.redis) {
            (Some(database), Some(redis)) => {
                launcher
                    .args(["--database", database, "--redis", redis, "--node"])
                    .arg(format!("bench{round}n{node}"));
            }
            _ => {
                launcher.arg("--db").arg(dir.join("bench.db"));
            }
        }
        let mut server = launcher
            .args(["--max-connections", &(connections + 100).to_string()])
            .args([
                "--message-rate",
                "10000",
                "--address-limit-scale",
                "1000000",
            ])
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", options.server.display()))?;
        let mut first = String::new();
        if let Some(stdout) = server.stdout.take() {
            let _ = BufReader::new(stdout).read_line(&mut first);
        }
        servers.0.push(server);
        let address: SocketAddr = first
            .trim()
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .map_err(|_| format!("the server printed {first:?} instead of its URL"))?;
        addresses.push(address);
    }
    let server_pids: Vec<u32> = servers.0.iter().map(|server| server.id()).collect();
    println!(
        "round {}: {nodes} node(s) {addresses:?} pids {server_pids:?}: {} rooms x (2 players + {} spectators) = {connections} connections",
        round + 1,
        options.rooms,
        options.spectators
    );

    let pace_micros = (options.rooms as u64 * 1_000_000)
        .checked_div(options.rate)
        .map_or(0, |micros| micros.max(1));
    let shared = Arc::new(Shared {
        stats: Stats::default(),
        measuring: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        pace_micros: AtomicU64::new(pace_micros),
    });
    let setup_started = Instant::now();
    let gate = Arc::new(tokio::sync::Semaphore::new(64));
    let mut setups = Vec::new();
    let addresses = Arc::new(addresses);
    for index in 0..options.rooms {
        let gate = gate.clone();
        let shared = shared.clone();
        let spectators = options.spectators;
        let addresses = addresses.clone();
        // Rooms start their paced schedules spread over one pace, not all at once.
        let offset =
            Duration::from_micros(pace_micros * index as u64 / options.rooms.max(1) as u64);
        setups.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.map_err(|e| e.to_string())?;
            set_up_room(&addresses, round, index, spectators, shared, offset).await
        }));
    }
    let mut clients = Vec::new();
    for setup in setups {
        let tasks = setup
            .await
            .map_err(|e| format!("setup task failed: {e}"))??;
        clients.extend(tasks);
    }
    println!(
        "set up in {:.1} s; measuring for {} s per phase",
        setup_started.elapsed().as_secs_f64(),
        options.seconds
    );
    if pace_micros > 0 {
        measure_phase(
            &format!("paced, {} moves/s offered", options.rate),
            &shared,
            &server_pids,
            options.seconds,
        )
        .await;
        shared.pace_micros.store(0, Ordering::Relaxed);
    }
    measure_phase("closed loop", &shared, &server_pids, options.seconds).await;
    let own_cpu = cpu_seconds(std::process::id());
    shared.stop.store(true, Ordering::Relaxed);
    for client in clients {
        let _ = tokio::time::timeout(Duration::from_secs(15), client).await;
    }
    let peaks: Vec<Option<u64>> = server_pids
        .iter()
        .map(|pid| peak_memory_kib(*pid))
        .collect();
    drop(servers);
    if options.database.is_none() {
        let _ = std::fs::remove_file(dir.join("bench.db"));
    }

    let stats = &shared.stats;
    println!("whole round:");
    println!(
        "games finished          {}",
        stats.games.load(Ordering::Relaxed)
    );
    println!(
        "events lost {}  duplicated {}  out of order {}  resyncs {}",
        stats.lost.load(Ordering::Relaxed),
        stats.duplicated.load(Ordering::Relaxed),
        stats.out_of_order.load(Ordering::Relaxed),
        stats.resyncs.load(Ordering::Relaxed)
    );
    println!(
        "nacks: rate {}  other {}",
        stats.rate_nacks.load(Ordering::Relaxed),
        stats.other_nacks.load(Ordering::Relaxed)
    );
    if let Some(cpu) = own_cpu {
        println!("benchmark clients CPU   {cpu:.1} s in total");
    }
    for peak in peaks {
        match peak {
            Some(kib) => println!("server peak memory      {:.1} MB", kib as f64 / 1024.0),
            None => println!("server peak memory      unknown"),
        }
    }
    Ok(())
}

/// Lets the players settle for a second, then measures for `seconds` and prints the phase's
/// throughput, latencies, server CPU per move and load average.
async fn measure_phase(name: &str, shared: &Shared, server_pids: &[u32], seconds: u64) {
    tokio::time::sleep(Duration::from_secs(1)).await;
    let stats = &shared.stats;
    stats.moves.store(0, Ordering::Relaxed);
    if let Ok(mut samples) = stats.ack_micros.lock() {
        samples.clear();
    }
    if let Ok(mut samples) = stats.spectator_micros.lock() {
        samples.clear();
    }
    let load_before = load_average();
    shared.measuring.store(true, Ordering::Relaxed);
    let cpu_before = cpu_of(server_pids);
    let measured_from = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    shared.measuring.store(false, Ordering::Relaxed);
    let elapsed = measured_from.elapsed().as_secs_f64();
    let moves = stats.moves.load(Ordering::Relaxed);
    let server_cpu = cpu_of(server_pids)
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    let load_after = load_average();
    let ack = percentiles(&stats.ack_micros);
    let spectator = percentiles(&stats.spectator_micros);
    println!("phase: {name}");
    println!("  moves/s                 {:.0}", moves as f64 / elapsed);
    println!("  moves acknowledged      {moves} in {elapsed:.1} s");
    println!(
        "  move->ack       p50 {:.2} ms  p99 {:.2} ms  ({} samples)",
        ack.0, ack.1, ack.2
    );
    println!(
        "  move->spectator p50 {:.2} ms  p99 {:.2} ms  ({} samples)",
        spectator.0, spectator.1, spectator.2
    );
    if let Some(cpu) = server_cpu {
        println!(
            "  server CPU              {:.2} cores busy on average, {:.0} us per move",
            cpu / elapsed,
            cpu * 1e6 / moves.max(1) as f64
        );
    }
    println!(
        "  load average (1 min)    {} at the start, {} at the end",
        load_before.as_deref().unwrap_or("?"),
        load_after.as_deref().unwrap_or("?")
    );
}

/// One client's view of the room's event stream.
struct Stream {
    v: u64,
    game: Option<AnyGame>,
}

fn load_game(value: &Value) -> Option<AnyGame> {
    let saved: SavedGame = serde_json::from_value(value.clone()).ok()?;
    AnyGame::from_saved(&saved).ok()
}

impl Stream {
    /// Takes a `state` or `ev`; returns the event when it is the next one in order.
    fn take<'m>(
        &mut self,
        message: &'m Value,
        stats: &Stats,
        socket_sync: &mut bool,
    ) -> Option<&'m Value> {
        match message["t"].as_str() {
            Some("state") => {
                self.v = message["v"].as_u64().unwrap_or(self.v);
                self.game = load_game(&message["room"]["game"]);
                stats.resyncs.fetch_add(1, Ordering::Relaxed);
                None
            }
            Some("ev") => {
                let v = message["v"].as_u64().unwrap_or(0);
                if v <= self.v {
                    stats.duplicated.fetch_add(1, Ordering::Relaxed);
                    return None;
                }
                if v > self.v + 1 {
                    stats.lost.fetch_add(v - self.v - 1, Ordering::Relaxed);
                    stats.out_of_order.fetch_add(1, Ordering::Relaxed);
                    *socket_sync = true;
                    return None;
                }
                self.v = v;
                let event = &message["e"];
                match event["k"].as_str() {
                    Some("move") => {
                        if let (Some(game), Some(text)) = (&mut self.game, event["m"].as_str()) {
                            let _ = game.play(text);
                        }
                    }
                    Some("match") => self.game = load_game(&event["game"]),
                    _ => {}
                }
                Some(event)
            }
            _ => None,
        }
    }
}

async fn set_up_room(
    addresses: &[SocketAddr],
    round: usize,
    index: usize,
    spectators: usize,
    shared: Arc<Shared>,
    first_move_after: Duration,
) -> Result<Vec<tokio::task::JoinHandle<()>>, String> {
    let code = format!("bench{round}-{index}");
    // White creates the room (so its node owns it), Black and the spectators use the others.
    let node = |offset: usize| addresses[(index + offset) % addresses.len()];
    let white_name = format!("w{index}");
    let black_name = format!("b{index}");
    let mut white = open_socket(node(0)).await?;
    send(
        &mut white,
        json!({"t":"create","proto":1,"name":white_name,"code":code,"variant":"standard"}),
    )
    .await?;
    receive_kind(&mut white, "welcome").await?;
    let white_state = receive_kind(&mut white, "state").await?;
    let mut black = open_socket(node(1)).await?;
    send(
        &mut black,
        json!({"t":"join","proto":1,"name":black_name,"room":code}),
    )
    .await?;
    receive_kind(&mut black, "welcome").await?;
    let black_state = receive_kind(&mut black, "state").await?;
    let in_flight = Arc::new(InFlight {
        move_sent: Mutex::new(None),
        next_due: Mutex::new(Instant::now() + first_move_after),
    });
    let mut tasks = Vec::new();
    for number in 0..spectators {
        let mut socket = open_socket(node(number)).await?;
        send(
            &mut socket,
            json!({"t":"join","proto":1,"name":format!("s{index}-{number}"),"room":code}),
        )
        .await?;
        receive_kind(&mut socket, "welcome").await?;
        let state = receive_kind(&mut socket, "state").await?;
        send(&mut socket, json!({"t":"seat","a":1,"want":"spectate"})).await?;
        tasks.push(tokio::spawn(watch(
            socket,
            state,
            shared.clone(),
            in_flight.clone(),
        )));
    }
    tasks.push(tokio::spawn(play(
        white,
        white_name,
        white_state,
        shared.clone(),
        in_flight.clone(),
        index as u64 * 2 + 1,
    )));
    tasks.push(tokio::spawn(play(
        black,
        black_name,
        black_state,
        shared,
        in_flight,
        index as u64 * 2 + 2,
    )));
    Ok(tasks)
}

/// A spectator: checks event order and measures how long a move takes to reach it.
async fn watch(mut socket: Socket, state: Value, shared: Arc<Shared>, in_flight: Arc<InFlight>) {
    let stats = &shared.stats;
    let mut stream = Stream { v: 0, game: None };
    let mut want_sync = false;
    stream.take(&state, stats, &mut want_sync);
    stats.resyncs.fetch_sub(1, Ordering::Relaxed);
    while !shared.stop.load(Ordering::Relaxed) {
        let message = match tokio::time::timeout(Duration::from_secs(1), receive(&mut socket)).await
        {
            Ok(Ok(message)) => message,
            Ok(Err(_)) => return,
            Err(_) => continue,
        };
        if let Some(event) = stream.take(&message, stats, &mut want_sync) {
            if event["k"] == "move" && shared.measuring.load(Ordering::Relaxed) {
                let n = event["n"].as_u64().unwrap_or(0);
                let sent = in_flight.move_sent.lock().ok().and_then(|slot| *slot);
                if let Some((ply, at)) = sent {
                    if ply == n {
                        if let Ok(mut samples) = stats.spectator_micros.lock() {
                            samples.push(at.elapsed().as_micros().min(u32::MAX as u128) as u32);
                        }
                    }
                }
            }
        }
        if want_sync {
            want_sync = false;
            let _ = send(&mut socket, json!({"t":"sync","v":stream.v})).await;
        }
    }
    let _ = socket.close(None).await;
}

/// A player: moves when it is its turn, as soon as the previous move is acknowledged; votes a
/// rematch when a game ends.
async fn play(
    mut socket: Socket,
    name: String,
    state: Value,
    shared: Arc<Shared>,
    in_flight: Arc<InFlight>,
    seed: u64,
) {
    let stats = &shared.stats;
    let mut stream = Stream { v: 0, game: None };
    let mut want_sync = false;
    stream.take(&state, stats, &mut want_sync);
    stats.resyncs.fetch_sub(1, Ordering::Relaxed);
    let seat_of = |white: &Value, black: &Value| -> Option<rules::Color> {
        if white.as_str() == Some(name.as_str()) {
            Some(rules::Color::White)
        } else if black.as_str() == Some(name.as_str()) {
            Some(rules::Color::Black)
        } else {
            None
        }
    };
    let mut colour = seat_of(
        &state["room"]["seats"]["white"]["name"],
        &state["room"]["seats"]["black"]["name"],
    );
    let mut random = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next_a: u64 = 10;
    let mut pending: Option<(u64, Instant)> = None;
    // The ply count the game reaches with our last acknowledged move: the ack comes before the
    // move's event, and the next move waits for that event.
    let mut awaiting_ply: u64 = 0;
    let mut ended = false;
    while !shared.stop.load(Ordering::Relaxed) {
        let my_turn = pending.is_none()
            && !ended
            && stream
                .game
                .as_ref()
                .is_some_and(|g| g.ply_count() as u64 >= awaiting_ply)
            && colour.is_some()
            && stream
                .game
                .as_ref()
                .is_some_and(|g| g.result().is_none() && Some(g.status().turn) == colour);
        let wait = if my_turn {
            shared.wait_for_turn(&in_flight)
        } else {
            None
        };
        if my_turn && wait.is_none() {
            let Some(game) = &stream.game else { continue };
            let actions = game.legal_actions();
            if actions.is_empty() {
                ended = true;
                continue;
            }
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let text = &actions[(random % actions.len() as u64) as usize];
            let n = game.ply_count() as u64;
            next_a += 1;
            let now = Instant::now();
            if let Ok(mut slot) = in_flight.move_sent.lock() {
                *slot = Some((n + 1, now));
            }
            pending = Some((next_a, now));
            awaiting_ply = n + 1;
            shared.book_next_move(&in_flight);
            if send(&mut socket, json!({"t":"move","a":next_a,"n":n,"m":text}))
                .await
                .is_err()
            {
                return;
            }
        }
        let listen_for = wait.unwrap_or(Duration::from_secs(1));
        let message = match tokio::time::timeout(listen_for, receive(&mut socket)).await {
            Ok(Ok(message)) => message,
            Ok(Err(_)) => return,
            Err(_) => continue,
        };
        match message["t"].as_str() {
            Some("ack") => {
                if let Some((a, sent)) = pending {
                    if message["a"] == a {
                        pending = None;
                        if shared.measuring.load(Ordering::Relaxed) {
                            stats.moves.fetch_add(1, Ordering::Relaxed);
                            if let Ok(mut samples) = stats.ack_micros.lock() {
                                samples
                                    .push(sent.elapsed().as_micros().min(u32::MAX as u128) as u32);
                            }
                        }
                    }
                }
            }
            Some("nack") => {
                if pending.is_some_and(|(a, _)| message["a"] == a) {
                    pending = None;
                    awaiting_ply = 0;
                }
                if message["why"] == "rate" {
                    stats.rate_nacks.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(20)).await;
                } else {
                    stats.other_nacks.fetch_add(1, Ordering::Relaxed);
                }
            }
            _ => {
                if message["t"] == "state" {
                    colour = seat_of(
                        &message["room"]["seats"]["white"]["name"],
                        &message["room"]["seats"]["black"]["name"],
                    );
                }
                if let Some(event) = stream.take(&message, stats, &mut want_sync) {
                    match event["k"].as_str() {
                        Some("end") => {
                            ended = true;
                            if colour == Some(rules::Color::White) {
                                stats.games.fetch_add(1, Ordering::Relaxed);
                            }
                            next_a += 1;
                            if send(&mut socket, json!({"t":"rematch","a":next_a}))
                                .await
                                .is_err()
                            {
                                return;
                            }
                        }
                        Some("match") => {
                            ended = false;
                            awaiting_ply = 0;
                            colour = seat_of(&event["white"], &event["black"]);
                        }
                        _ => {}
                    }
                }
            }
        }
        if want_sync {
            want_sync = false;
            let _ = send(&mut socket, json!({"t":"sync","v":stream.v})).await;
        }
    }
    let _ = socket.close(None).await;
}
