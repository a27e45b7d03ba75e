//! The wire protocol of online rooms: every client → server and server → client message as a
//! serde type, strict parsing with length caps, and the checked value types (room codes,
//! names, tokens) that the rest of the crate relies on.
//!
//! Messages are JSON objects tagged by `t`; events inside `ev` are tagged by `k`. Unknown
//! fields, unknown tags and wrong types are refused (`deny_unknown_fields`, closed enums).

use crate::values::shorten;
pub use crate::values::{ChatText, MoveText, Name, RoomCode, Token};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The protocol version spoken by this crate (`proto` of `create`, `join` and `welcome`).
pub const PROTOCOL_VERSION: u32 = 1;
/// Longest accepted frame, in bytes (larger frames are refused before parsing).
pub const MAX_FRAME_BYTES: usize = 4096;
/// Longest name, in characters, after trimming.
pub const MAX_NAME_CHARS: usize = 24;
/// Longest chat line, in characters, after trimming.
pub const MAX_CHAT_CHARS: usize = 300;
/// Longest move text accepted, in characters (the longest real move text is far shorter).
pub const MAX_MOVE_CHARS: usize = 16;

/// A request number chosen by the client, echoed in `ack` / `nack`. Requests without one
/// (`create`, `join`) are answered with `a` = 0 when refused.
pub type RequestId = u64;

/// Why a request was refused: the `why` of a `nack`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NackReason {
    /// The rules refuse the move, claim or draw action.
    Illegal,
    /// A move whose `n` is not the game's ply count (a `state` follows).
    Stale,
    /// Not this player's turn, or the game is paused while a player is away.
    Turn,
    /// The sender's role does not allow it (spectator, not host, seat taken).
    Role,
    /// The game is over.
    Over,
    /// Too many requests.
    Rate,
    /// A malformed request, or one that does not apply now.
    Bad,
}

impl NackReason {
    pub const fn name(self) -> &'static str {
        match self {
            NackReason::Illegal => "illegal",
            NackReason::Stale => "stale",
            NackReason::Turn => "turn",
            NackReason::Role => "role",
            NackReason::Over => "over",
            NackReason::Rate => "rate",
            NackReason::Bad => "bad",
        }
    }
}

/// A message that could not be read, with the reason and, when it could be found, the
/// request number to answer with a `nack bad`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    pub a: Option<RequestId>,
    pub msg: String,
    /// True for errors after which the connection should be closed (oversize, not JSON,
    /// not an object); false for a well-formed message with bad contents (`nack bad`).
    pub fatal: bool,
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg)
    }
}

impl std::error::Error for ProtocolError {}

impl ProtocolError {
    fn fatal(msg: impl Into<String>) -> ProtocolError {
        ProtocolError {
            a: None,
            msg: msg.into(),
            fatal: true,
        }
    }

    fn bad(a: Option<RequestId>, msg: impl Into<String>) -> ProtocolError {
        ProtocolError {
            a,
            msg: msg.into(),
            fatal: false,
        }
    }

    /// The server's answer: `nack bad` when the message carried a request number, else
    /// an `error` (after which the socket is closed).
    pub fn to_message(&self) -> ServerMessage {
        match (self.fatal, self.a) {
            (false, Some(a)) => ServerMessage::nack(a, NackReason::Bad, self.msg.clone()),
            _ => ServerMessage::Error {
                msg: self.msg.clone(),
            },
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Client → server

/// A time control as sent by clients: `base_ms` per side plus `inc_ms` per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    pub base_ms: u64,
    pub inc_ms: u64,
}

/// `create`: make a room and join it as host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    pub proto: u32,
    pub name: Name,
    /// Absent: the server draws a PIN.
    #[serde(default)]
    pub code: Option<RoomCode>,
    pub variant: String,
    /// The variant's options as in saved games (`{"gap":"e5"}`); absent: the defaults.
    #[serde(default)]
    pub options: Option<Value>,
    #[serde(default)]
    pub clock: Option<ClockSpec>,
}

/// `join`: enter a room, or come back to it with the token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    pub proto: u32,
    pub name: Name,
    pub room: RoomCode,
    #[serde(default)]
    pub token: Option<Token>,
    /// The last event number the client holds.
    #[serde(default)]
    pub v: Option<u64>,
}

/// What a `seat` request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatWish {
    White,
    Black,
    Queue,
    Spectate,
}

/// Every message a client may send.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    Create(CreateRequest),
    Join(JoinRequest),
    Seat {
        a: RequestId,
        want: SeatWish,
    },
    Move {
        a: RequestId,
        /// The number of plies the game has before this move.
        n: u64,
        m: MoveText,
    },
    /// Offer a draw, or accept the opponent's standing offer.
    Draw {
        a: RequestId,
    },
    /// Claim a draw, optionally with the intended move.
    Claim {
        a: RequestId,
        #[serde(default)]
        m: Option<MoveText>,
    },
    Resign {
        a: RequestId,
    },
    Rematch {
        a: RequestId,
    },
    /// The host starts the next match.
    Next {
        a: RequestId,
    },
    /// The host changes the settings for the next match.
    Settings {
        a: RequestId,
        variant: String,
        #[serde(default)]
        options: Option<Value>,
        #[serde(default)]
        clock: Option<ClockSpec>,
    },
    Chat {
        a: RequestId,
        text: ChatText,
    },
    /// Ask for the events after `v`.
    Sync {
        v: u64,
    },
    /// Keep-alive.
    Ping,
}

impl ClientMessage {
    /// The request number, for messages that carry one.
    pub fn request_id(&self) -> Option<RequestId> {
        match self {
            ClientMessage::Seat { a, .. }
            | ClientMessage::Move { a, .. }
            | ClientMessage::Draw { a }
            | ClientMessage::Claim { a, .. }
            | ClientMessage::Resign { a }
            | ClientMessage::Rematch { a }
            | ClientMessage::Next { a }
            | ClientMessage::Settings { a, .. }
            | ClientMessage::Chat { a, .. } => Some(*a),
            ClientMessage::Create(_)
            | ClientMessage::Join(_)
            | ClientMessage::Sync { .. }
            | ClientMessage::Ping => None,
        }
    }
}

/// Reads one client frame strictly: size, JSON, tag, fields, types, length caps, codes,
/// names and the protocol version. A refused message says why; when it carried a request
/// number `a`, the error holds it so that the answer can be a `nack bad`.
pub fn parse_client_message(text: &str) -> Result<ClientMessage, ProtocolError> {
    if text.len() > MAX_FRAME_BYTES {
        return Err(ProtocolError::fatal(format!(
            "the message is {} bytes long (at most {MAX_FRAME_BYTES})",
            text.len()
        )));
    }
    let value: Value = serde_json::from_str(text)
        .map_err(|error| ProtocolError::fatal(format!("not JSON: {error}")))?;
    let Value::Object(object) = &value else {
        return Err(ProtocolError::fatal("a message must be a JSON object"));
    };
    let a = object.get("a").and_then(Value::as_u64);
    let tag = match object.get("t") {
        Some(Value::String(tag)) => tag.clone(),
        Some(_) => return Err(ProtocolError::bad(a, "the field 't' must be a string")),
        None => return Err(ProtocolError::bad(a, "the message has no 't' field")),
    };
    // serde lets a unit variant ignore extra fields; `ping` must refuse them like the rest.
    if tag == "ping" {
        if let Some(extra) = object.keys().find(|key| key.as_str() != "t") {
            return Err(ProtocolError::bad(
                a,
                format!("bad 'ping' message: unknown field `{}`", shorten(extra, 24)),
            ));
        }
    }
    let message: ClientMessage = serde_json::from_value(value).map_err(|error| {
        ProtocolError::bad(a, format!("bad '{}' message: {error}", shorten(&tag, 16)))
    })?;
    let proto = match &message {
        ClientMessage::Create(create) => Some(create.proto),
        ClientMessage::Join(join) => Some(join.proto),
        _ => None,
    };
    if let Some(proto) = proto {
        if proto != PROTOCOL_VERSION {
            return Err(ProtocolError::bad(
                a,
                format!("protocol version {proto} is not spoken here (this server speaks {PROTOCOL_VERSION})"),
            ));
        }
    }
    Ok(message)
}

// ---------------------------------------------------------------------------------------------
// Server → client

/// Both clocks at an instant, and which one is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClocksView {
    pub white_ms: u64,
    pub black_ms: u64,
    /// `"white"`, `"black"` or null.
    pub running: Option<ColorName>,
}

/// A colour on the wire: `"white"` or `"black"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorName {
    White,
    Black,
}

impl From<rules::Color> for ColorName {
    fn from(color: rules::Color) -> ColorName {
        match color {
            rules::Color::White => ColorName::White,
            rules::Color::Black => ColorName::Black,
        }
    }
}

impl From<ColorName> for rules::Color {
    fn from(color: ColorName) -> rules::Color {
        match color {
            ColorName::White => rules::Color::White,
            ColorName::Black => rules::Color::Black,
        }
    }
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatView {
    pub name: String,
    /// Whether the player has a live connection.
    pub online: bool,
    /// For a player away from a live match: the grace period left, in milliseconds, when the
    /// message was made (absent otherwise). Clients count it down; the server decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace_ms: Option<u64>,
}

/// Both seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatsView {
    pub white: Option<SeatView>,
    pub black: Option<SeatView>,
}

/// The room's settings as shown to clients.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsView {
    pub variant: String,
    /// Every option of the variant, as in saved games.
    pub options: Value,
    pub clock: Option<ClockSpec>,
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultView {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub result: String,
    /// A reason of the saved-game format (`checkmate`, `timeout`, …), or `abandonment` or
    /// `aborted`.
    pub reason: String,
    pub game_id: String,
}

/// The receiver's own place in the room (only in `state`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct YouView {
    pub name: String,
    /// `white`, `black`, `queue` or `spectate`.
    pub role: SeatWish,
    pub host: bool,
}

/// The full room, as sent in `state`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomView {
    pub code: String,
    pub settings: SettingsView,
    /// The host's name (null while nobody is host).
    pub host: Option<String>,
    pub seats: SeatsView,
    /// Names, front first.
    pub queue: Vec<String>,
    /// How many spectators are connected.
    pub spectators: u32,
    /// The match number (0 before the first match).
    #[serde(rename = "match")]
    pub match_number: u32,
    /// The current (or last) game's id, for `GET /api/games/ID`.
    pub game_id: Option<String>,
    /// The current (or last) game as saved-game JSON; null before the first match.
    pub game: Option<Value>,
    /// Null for untimed games and before the first match.
    pub clocks: Option<ClocksView>,
    /// The side whose draw offer stands.
    pub offer: Option<ColorName>,
    /// The seated players who voted for a rematch.
    pub rematch: Vec<ColorName>,
    /// The result of the current match once it is over.
    pub result: Option<ResultView>,
    /// True while moves wait for an absent player.
    pub paused: bool,
    /// The side to act in the live match (setup steps included); null when none is live.
    pub turn: Option<ColorName>,
    pub you: Option<YouView>,
}

/// One room event (`e` of `ev`), tagged by `k`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A move (or setup step, or slide) was played.
    Move {
        /// Canonical move text.
        m: String,
        /// Readable form for the move list.
        san: String,
        by: ColorName,
        /// The ply count after the move.
        n: u64,
        clocks: Option<ClocksView>,
    },
    /// The seats changed (someone sat down, stood up, went away or came back).
    Seat {
        white: Option<SeatView>,
        black: Option<SeatView>,
    },
    /// The queue changed.
    Queue {
        queue: Vec<String>,
    },
    /// The number of connected spectators changed.
    Crowd {
        spectators: u32,
    },
    /// The standing draw offer or the rematch votes changed.
    Offer {
        draw: Option<ColorName>,
        rematch: Vec<ColorName>,
    },
    /// The match ended.
    End {
        result: String,
        reason: String,
        game_id: String,
        clocks: Option<ClocksView>,
    },
    /// A new match started: its number, players, settings and the fresh game.
    Match {
        number: u32,
        game_id: String,
        white: String,
        black: String,
        settings: Box<SettingsView>,
        game: Box<Value>,
        clocks: Option<ClocksView>,
    },
    Chat {
        name: String,
        text: String,
    },
    /// The host or the settings for the next match changed.
    Host {
        name: Option<String>,
        settings: Box<SettingsView>,
    },
}

/// Every message the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    Welcome {
        proto: u32,
        room: String,
        token: String,
        you: String,
    },
    State {
        v: u64,
        room: Box<RoomView>,
    },
    Ev {
        v: u64,
        e: Event,
    },
    Ack {
        a: RequestId,
    },
    Nack {
        a: RequestId,
        why: NackReason,
        msg: String,
    },
    Error {
        msg: String,
    },
    Pong,
}

impl ServerMessage {
    pub fn nack(a: RequestId, why: NackReason, msg: impl Into<String>) -> ServerMessage {
        ServerMessage::Nack {
            a,
            why,
            msg: msg.into(),
        }
    }

    /// The JSON text of the message.
    pub fn to_json(&self) -> String {
        // Serialising these plain types cannot fail; an empty object would be a bug shown
        // to the client rather than a crash of the room.
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }
}
