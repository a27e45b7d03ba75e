//! `GET /ws`: one WebSocket per client. The reader enforces the frame size, the message rate and
//! strict parsing, answers pings, and hands room requests to the room's task; the writer drains
//! the connection's [`Outbox`] and pings the client so that dead connections are found and swept.
//!
//! `Origin` policy: browsers always send `Origin` on a WebSocket handshake, so a handshake whose
//! `Origin` names another host than the one the request was sent to (`Host`) comes from a page of
//! another site and is refused with 403 (this stops cross-site pages from acting with a visitor's
//! tokens). A handshake without `Origin` comes from a program (a bot, a test, a command-line
//! client), which could send any `Origin` it liked, so it is let in.

use crate::http::{plain, ClientAddress, ClientSocket};
use crate::hub::{Hub, RoomHandle};
use crate::outbox::{Frame, Outbox};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use boardshift_rooms::protocol::{
    parse_client_message, ClientMessage, NackReason, ServerMessage, MAX_FRAME_BYTES,
};
use futures_util::{SinkExt, StreamExt};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use http::{header, HeaderMap, StatusCode};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often the server pings each client.
pub const PING_INTERVAL: Duration = Duration::from_secs(20);
/// A client silent for this long (no message, no pong) is considered gone.
pub const SILENCE_LIMIT: Duration = Duration::from_secs(60);
/// Time a new connection has to send `create` or `join`.
pub const JOIN_DEADLINE: Duration = Duration::from_secs(30);
/// Frames larger than this are cut off by the WebSocket layer itself; between
/// [`MAX_FRAME_BYTES`] and this the server answers with a clean 1009 close.
const HARD_FRAME_LIMIT: usize = 16 * 1024;
/// Read buffer of one socket.
const SOCKET_BUFFER: usize = 8 * 1024;
/// Bytes a socket may hold unsent before writes fail (the outbox resynchronises far earlier).
const SOCKET_WRITE_LIMIT: usize = 1024 * 1024;
/// The kernel send buffer of a WebSocket. Loopback and fast links let the kernel grow it to
/// megabytes, which would hold thousands of stale events for a client that stopped reading
/// (and cost that much kernel memory per such client); a WebSocket's frames are small, so a
/// modest buffer keeps the socket busy, and a client that falls behind fills it soon, after
/// which its outbox resynchronises it with a `state` instead.
const KERNEL_SEND_BUFFER: usize = 32 * 1024;
/// Rate-limited messages in a row after which the connection is closed.
const RATE_STRIKES_BEFORE_CLOSE: u32 = 30;

/// WebSocket close codes used here.
pub mod close_code {
    pub const NORMAL: u16 = 1000;
    pub const UNSUPPORTED: u16 = 1003;
    pub const POLICY: u16 = 1008;
    pub const TOO_BIG: u16 = 1009;
    pub const INTERNAL: u16 = 1011;
    /// The room moved to another node (or this node is going away): reconnect and rejoin.
    pub const RECONNECT: u16 = 1012;
}

static NEXT_CONNECTION: AtomicU64 = AtomicU64::new(1);

/// A connection id not used before in this process.
pub fn next_connection_id() -> ConnectionId {
    NEXT_CONNECTION.fetch_add(1, Ordering::Relaxed)
}

/// Identifies one connection inside a room.
pub type ConnectionId = u64;

pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    axum::Extension(ClientAddress(address)): axum::Extension<ClientAddress>,
    socket: Option<axum::Extension<ClientSocket>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers) {
        return plain(
            StatusCode::FORBIDDEN,
            "WebSocket connections are only accepted from this server's own pages\n",
        );
    }
    if let Some(axum::Extension(socket)) = socket {
        socket.limit_send_buffer(KERNEL_SEND_BUFFER);
    }
    upgrade
        .max_message_size(HARD_FRAME_LIMIT)
        .max_frame_size(HARD_FRAME_LIMIT)
        // The default 128 KiB read buffer per socket would cost hundreds of megabytes over a few
        // thousand connections whose frames are at most a few KiB.
        .read_buffer_size(SOCKET_BUFFER)
        .write_buffer_size(SOCKET_BUFFER)
        .max_write_buffer_size(SOCKET_WRITE_LIMIT)
        .on_upgrade(move |socket| run_connection(socket, hub, address.ip()))
}

/// The `Origin` rule described in the module documentation.
pub fn origin_allowed(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let (Ok(origin), Some(Ok(host))) = (
        origin.to_str(),
        headers.get(header::HOST).map(|host| host.to_str()),
    ) else {
        return false;
    };
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!(authority, Some(authority) if authority.eq_ignore_ascii_case(host))
}

async fn run_connection(socket: WebSocket, hub: Arc<Hub>, address: std::net::IpAddr) {
    let id = next_connection_id();
    let outbox = Outbox::new();
    let (sink, mut stream) = socket.split();
    let writer = tokio::spawn(write_loop(sink, outbox.clone()));
    let hub_for_rate = hub.clone();
    let mut reader = Reader {
        id,
        hub,
        address,
        outbox: outbox.clone(),
        room: None,
        rate: rate_limiter_for(&hub_for_rate),
        strikes: 0,
    };
    let joined_by = tokio::time::Instant::now() + JOIN_DEADLINE;
    loop {
        let wait = if reader.room.is_none() {
            joined_by.saturating_duration_since(tokio::time::Instant::now())
        } else {
            SILENCE_LIMIT
        };
        let next = match tokio::time::timeout(wait, stream.next()).await {
            Ok(next) => next,
            Err(_) => {
                let why = if reader.room.is_none() {
                    "no create or join in time"
                } else {
                    "no message or pong for too long"
                };
                outbox.reply(error_text(why));
                outbox.close(close_code::POLICY, why);
                break;
            }
        };
        let message = match next {
            Some(Ok(message)) => message,
            Some(Err(_)) => {
                // The WebSocket layer refused the frame (too large or malformed); say so if the
                // socket still takes a close frame.
                outbox.reply(error_text("frame too large or malformed"));
                outbox.close(close_code::TOO_BIG, "frame too large");
                break;
            }
            None => break,
        };
        let keep_going = match message {
            Message::Text(text) => reader.on_text(&text).await,
            Message::Binary(_) => {
                outbox.reply(error_text("only JSON text frames are spoken here"));
                outbox.close(close_code::UNSUPPORTED, "binary frames are not accepted");
                false
            }
            Message::Ping(_) | Message::Pong(_) => true,
            Message::Close(_) => false,
        };
        if !keep_going {
            break;
        }
    }
    if let Some(room) = reader.room.take() {
        room.leave(id).await;
    }
    if !outbox.is_closed() {
        outbox.close(close_code::NORMAL, "");
    }
    // The writer ends once the close is sent or the socket fails; give it a bounded time.
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
}

fn rate_limiter_for(hub: &Hub) -> DefaultDirectRateLimiter {
    let limits = hub.limits();
    let per_second = NonZeroU32::new(limits.messages_per_second).unwrap_or(NonZeroU32::MIN);
    let burst = NonZeroU32::new(limits.message_burst).unwrap_or(NonZeroU32::MIN);
    RateLimiter::direct(Quota::per_second(per_second).allow_burst(burst))
}

/// Whether a frame read as `ping` is exactly `{"t":"ping"}` (no other fields).
fn is_bare_ping(text: &str) -> bool {
    serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text)
        .is_ok_and(|object| object.len() == 1)
}

fn error_text(message: &str) -> String {
    ServerMessage::Error {
        msg: message.to_string(),
    }
    .to_json()
}

struct Reader {
    id: ConnectionId,
    hub: Arc<Hub>,
    address: std::net::IpAddr,
    outbox: Arc<Outbox>,
    room: Option<RoomHandle>,
    rate: DefaultDirectRateLimiter,
    strikes: u32,
}

impl Reader {
    /// Handles one text frame; `false` ends the connection.
    async fn on_text(&mut self, text: &Utf8Bytes) -> bool {
        let text = text.as_str();
        if text.len() > MAX_FRAME_BYTES {
            self.outbox.reply(error_text(&format!(
                "the message is {} bytes long (at most {MAX_FRAME_BYTES})",
                text.len()
            )));
            self.outbox.close(close_code::TOO_BIG, "message too large");
            return false;
        }
        if self.rate.check().is_err() {
            self.strikes += 1;
            if self.strikes >= RATE_STRIKES_BEFORE_CLOSE {
                self.outbox.reply(error_text("too many messages"));
                self.outbox.close(close_code::POLICY, "too many messages");
                return false;
            }
            let a = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|value| value.get("a").and_then(serde_json::Value::as_u64))
                .unwrap_or(0);
            self.outbox.reply(
                ServerMessage::nack(a, NackReason::Rate, "too many messages; slow down").to_json(),
            );
            return true;
        }
        self.strikes = 0;
        let message = match parse_client_message(text) {
            Ok(message) => message,
            Err(error) => {
                let answer = error.to_message();
                self.outbox.reply(answer.to_json());
                // A message that cannot be answered with `nack bad` (no request number, or not
                // a message at all) ends the connection with an `error`.
                if matches!(answer, ServerMessage::Error { .. }) {
                    self.outbox.close(close_code::POLICY, "protocol error");
                    return false;
                }
                return true;
            }
        };
        match message {
            ClientMessage::Ping if !is_bare_ping(text) => {
                // The protocol crate reads `ping` leniently (serde ignores extra fields on a
                // unit variant); unknown fields are refused everywhere else, so here too.
                self.outbox.reply(error_text("unknown field in 'ping'"));
                self.outbox.close(close_code::POLICY, "protocol error");
                false
            }
            ClientMessage::Ping => {
                self.outbox.reply(ServerMessage::Pong.to_json());
                true
            }
            ClientMessage::Create(request) => {
                self.leave_room().await;
                self.room = self
                    .hub
                    .create(self.id, self.address, self.outbox.clone(), request)
                    .await;
                true
            }
            ClientMessage::Join(request) => {
                self.leave_room().await;
                self.room = self
                    .hub
                    .join(self.id, self.address, self.outbox.clone(), request)
                    .await;
                true
            }
            other => {
                match &self.room {
                    Some(room) => {
                        if !room.request(self.id, other).await {
                            if room.is_remote() {
                                // The node running the room cannot be reached (it died, or
                                // Redis is restarting): the client reconnects and rejoins.
                                self.outbox
                                    .close(close_code::RECONNECT, "the room moved; reconnect");
                                return false;
                            }
                            // The room's task is gone (a database failure stopped it).
                            self.outbox
                                .reply(error_text("the room is unavailable; reconnect"));
                            self.outbox.close(close_code::INTERNAL, "room unavailable");
                            return false;
                        }
                    }
                    None => self.outbox.reply(
                        ServerMessage::nack(
                            other.request_id().unwrap_or(0),
                            NackReason::Bad,
                            "join or create a room first",
                        )
                        .to_json(),
                    ),
                }
                true
            }
        }
    }

    async fn leave_room(&mut self) {
        if let Some(room) = self.room.take() {
            room.leave(self.id).await;
        }
    }
}

/// Sends what the outbox holds, and a ping frame every [`PING_INTERVAL`].
async fn write_loop(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    outbox: Arc<Outbox>,
) {
    let mut frames = Vec::new();
    let mut ping = tokio::time::interval(PING_INTERVAL);
    ping.tick().await;
    loop {
        tokio::select! {
            _ = outbox.take(&mut frames) => {}
            _ = ping.tick() => {
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
                continue;
            }
        }
        for frame in frames.drain(..) {
            let message = match frame {
                Frame::Reply(text) | Frame::Event(text) | Frame::State(text) => Message::Text(text),
                Frame::Close(code, reason) => {
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame {
                            code,
                            reason: Utf8Bytes::from(reason),
                        })))
                        .await;
                    return;
                }
            };
            if sink.feed(message).await.is_err() {
                return;
            }
        }
        if sink.flush().await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn origin_must_name_the_host_the_request_was_sent_to() {
        assert!(origin_allowed(&headers(&[("host", "127.0.0.1:8080")])));
        assert!(origin_allowed(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080")
        ])));
        assert!(origin_allowed(&headers(&[
            ("host", "chess.example"),
            ("origin", "https://chess.example")
        ])));
        assert!(!origin_allowed(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://evil.example")
        ])));
        assert!(!origin_allowed(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:9090")
        ])));
        assert!(!origin_allowed(&headers(&[
            ("origin", "null"),
            ("host", "a")
        ])));
    }
}
