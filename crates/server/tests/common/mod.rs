//! Shared helpers for the server's integration tests: a server on 127.0.0.1:0 with its own
//! database, WebSocket clients that speak the room protocol, and a mirror of the game (through
//! the rules crate) so clients can pick legal moves themselves.

#![allow(dead_code)]

pub mod process;
pub mod services;

use boardshift_server::{Config, Started};
use futures_util::{SinkExt, StreamExt};
use rules::any::AnyGame;
use rules::save::SavedGame;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Longest a test waits for any one message.
pub const WAIT: Duration = Duration::from_secs(10);

/// A fresh folder under the system temp dir.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "boardshift-server-test-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A server on a free loopback port with a database in `dir`.
pub async fn start(dir: &Path, app: Option<PathBuf>) -> Started {
    let config = Config {
        port: 0,
        db: dir.join("rooms.db"),
        dir: app,
        ..Config::default()
    };
    start_with(config).await
}

pub async fn start_with(config: Config) -> Started {
    boardshift_server::start(config)
        .await
        .expect("server starts")
}

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A protocol client that keeps the room's event number and a mirror of the game.
pub struct Client {
    pub socket: Socket,
    pub name: String,
    pub token: Option<String>,
    pub room: Option<String>,
    /// The last event number applied.
    pub v: u64,
    pub game: Option<AnyGame>,
    pub next_a: u64,
    /// Every event applied, in order (for loss/duplication checks).
    pub events: Vec<(u64, Value)>,
    pub last_state: Option<Value>,
}

pub async fn connect(address: std::net::SocketAddr, name: &str) -> Client {
    connect_with_origin(address, name, None)
        .await
        .expect("websocket connects")
}

pub async fn connect_with_origin(
    address: std::net::SocketAddr,
    name: &str,
    origin: Option<&str>,
) -> Result<Client, tokio_tungstenite::tungstenite::Error> {
    let mut request = format!("ws://{address}/ws").into_client_request()?;
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", origin.parse().expect("origin header"));
    }
    let (socket, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(request))
        .await
        .expect("connect in time")?;
    Ok(Client::new(socket, name))
}

impl Client {
    /// A client on a connected socket, before its `hello`.
    pub fn new(socket: Socket, name: &str) -> Client {
        Client {
            socket,
            name: name.to_string(),
            token: None,
            room: None,
            v: 0,
            game: None,
            next_a: 1,
            events: Vec::new(),
            last_state: None,
        }
    }
}

impl Client {
    pub async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.socket
            .send(Message::text(text))
            .await
            .expect("send a frame");
    }

    /// The next text message as JSON; `None` once the socket closed (with the close frame's
    /// code stored in the returned error text).
    pub async fn recv(&mut self) -> Result<Value, Option<u16>> {
        loop {
            let next = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("a message in time");
            match next {
                Some(Ok(Message::Text(text))) => {
                    return Ok(serde_json::from_str(&text).expect("server sends JSON"))
                }
                Some(Ok(Message::Close(frame))) => return Err(frame.map(|f| u16::from(f.code))),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return Err(None),
            }
        }
    }

    /// Receives until a message with `t` = `kind` arrives, applying events and states on the
    /// way; returns that message.
    pub async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let message = self.recv().await.unwrap_or_else(|code| {
                panic!("{}: closed ({code:?}) waiting for {kind}", self.name)
            });
            self.apply(&message);
            if message["t"] == kind {
                return message;
            }
        }
    }

    /// Receives until `ack`/`nack` for request `a`; returns it.
    pub async fn answer(&mut self, a: u64) -> Value {
        loop {
            let message = self.expect_any().await;
            if (message["t"] == "ack" || message["t"] == "nack") && message["a"] == a {
                return message;
            }
        }
    }

    pub async fn expect_any(&mut self) -> Value {
        let message = self
            .recv()
            .await
            .unwrap_or_else(|code| panic!("{}: closed ({code:?})", self.name));
        self.apply(&message);
        message
    }

    /// Applies `state` and `ev` messages to the mirror (events only in order).
    pub fn apply(&mut self, message: &Value) {
        match message["t"].as_str() {
            Some("welcome") => {
                self.token = message["token"].as_str().map(str::to_string);
                self.room = message["room"].as_str().map(str::to_string);
            }
            Some("state") => {
                self.v = message["v"].as_u64().expect("state v");
                let game = &message["room"]["game"];
                self.game = load_game(game);
                self.last_state = Some(message.clone());
            }
            Some("ev") => {
                let v = message["v"].as_u64().expect("ev v");
                assert_eq!(v, self.v + 1, "{}: event {v} after {}", self.name, self.v);
                self.v = v;
                let event = &message["e"];
                self.events.push((v, event.clone()));
                match event["k"].as_str() {
                    Some("move") => {
                        let text = event["m"].as_str().expect("move text");
                        if let Some(game) = &mut self.game {
                            game.play(text).expect("mirror replays the server's move");
                        }
                    }
                    Some("match") => self.game = load_game(&event["game"]),
                    _ => {}
                }
            }
            _ => {}
        }
    }

    /// A request id not used yet.
    pub fn a(&mut self) -> u64 {
        let a = self.next_a;
        self.next_a += 1;
        a
    }

    pub async fn create(
        &mut self,
        code: Option<&str>,
        variant: &str,
        clock: Option<(u64, u64)>,
    ) -> Value {
        let mut message = json!({"t":"create","proto":1,"name":self.name,"variant":variant});
        if let Some(code) = code {
            message["code"] = json!(code);
        }
        if let Some((base, inc)) = clock {
            message["clock"] = json!({"base_ms": base, "inc_ms": inc});
        }
        self.send(message).await;
        self.expect("welcome").await
    }

    pub async fn join(&mut self, room: &str) -> Value {
        let message = json!({"t":"join","proto":1,"name":self.name,"room":room});
        self.send(message).await;
        self.expect("welcome").await
    }

    /// Rejoins with the token and the last event number held.
    pub async fn rejoin(&mut self, room: &str, token: &str, v: u64) {
        let message =
            json!({"t":"join","proto":1,"name":self.name,"room":room,"token":token,"v":v});
        self.send(message).await;
    }

    /// Plays move `text` and returns the answer.
    pub async fn play(&mut self, text: &str) -> Value {
        let a = self.a();
        let n = self.game.as_ref().map(|g| g.ply_count()).unwrap_or(0);
        self.send(json!({"t":"move","a":a,"n":n,"m":text})).await;
        let answer = self.answer(a).await;
        if answer["t"] == "ack" {
            // The acknowledgement comes before the move's event; wait for the event too.
            while self.game.as_ref().map(|g| g.ply_count()).unwrap_or(0) == n {
                self.expect_any().await;
            }
        }
        answer
    }

    pub async fn request(&mut self, mut message: Value) -> Value {
        let a = self.a();
        message["a"] = json!(a);
        self.send(message).await;
        self.answer(a).await
    }

    /// Whether it is this client's turn in the mirrored game, given its colour.
    pub fn to_move(&self, white: bool) -> bool {
        self.game.as_ref().is_some_and(|g| {
            g.result().is_none() && (g.status().turn == rules::Color::White) == white
        })
    }

    /// A legal, complete action in the mirrored game, chosen by `pick` among them.
    pub fn legal_action(&self, pick: usize) -> Option<String> {
        let game = self.game.as_ref()?;
        let actions: Vec<String> = game
            .legal_actions()
            .into_iter()
            .filter(|text| {
                let mut trial = game.clone();
                trial
                    .play(text)
                    .map(|info| info.pending_promotion.is_none())
                    .unwrap_or(false)
            })
            .collect();
        if actions.is_empty() {
            None
        } else {
            Some(actions[pick % actions.len()].clone())
        }
    }
}

pub fn load_game(value: &Value) -> Option<AnyGame> {
    if value.is_null() {
        return None;
    }
    let saved: SavedGame = serde_json::from_value(value.clone()).expect("saved game JSON");
    Some(AnyGame::from_saved(&saved).expect("saved game replays"))
}

impl Client {
    /// Receives until this client has applied event `v`.
    pub async fn catch_up(&mut self, v: u64) {
        while self.v < v {
            self.expect_any().await;
        }
    }
}

/// Every kind of event `client` applied, in order.
pub fn kinds(client: &Client) -> Vec<String> {
    client
        .events
        .iter()
        .map(|(_, e)| e["k"].as_str().unwrap_or("?").to_string())
        .collect()
}

/// A plain HTTP/1.1 GET over a fresh connection; returns status, headers (lower-case names) and body.
pub async fn http_get(
    address: std::net::SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, Vec<(String, String)>, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(address).await.expect("connect");
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut raw))
        .await
        .expect("response in time")
        .expect("read");
    parse_response(&raw)
}

pub fn parse_response(raw: &[u8]) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .expect("status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    (status, headers, body)
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&data[..end])
                .split(';')
                .next()
                .unwrap_or("0")
                .trim(),
            16,
        )
        .unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = end + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
}

pub fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}
