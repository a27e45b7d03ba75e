//! What nodes say to each other over Redis publish/subscribe: every node listens on its own
//! channel `boardshift:node:NAME`. A node serving a client of a room owned elsewhere forwards the
//! client's requests to the owner's channel; the owner sends each such client's frames (replies,
//! events, snapshots, close) back to that node's channel, in order, the same bytes a local
//! client gets.

use crate::outbox::Frame;
use crate::ws::ConnectionId;
use serde::{Deserialize, Serialize};

pub fn channel(node: &str) -> String {
    format!("boardshift:node:{node}")
}

/// One message between nodes. `conn` is the client connection's id on the node it is connected
/// to (`from` for requests, the receiving node for frames).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum Wire {
    /// A client's `join` (the client message as JSON), for the owner.
    Join {
        room: String,
        from: String,
        conn: ConnectionId,
        msg: String,
    },
    /// Any later client message, for the owner.
    Msg {
        from: String,
        conn: ConnectionId,
        msg: String,
    },
    /// The client left.
    Leave { from: String, conn: ConnectionId },
    /// The client's node may have missed frames: send it the room again.
    Resync { from: String, conn: ConnectionId },
    /// The answer to a `Join`: the frames so far and whether the client is in the room.
    Joined {
        conn: ConnectionId,
        ok: bool,
        frames: Vec<WireFrame>,
    },
    /// Frames for one client, in order.
    Frames {
        conn: ConnectionId,
        frames: Vec<WireFrame>,
    },
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WireFrame {
    Reply(String),
    Event(String),
    State(String),
    Close(u16, String),
}

impl From<Frame> for WireFrame {
    fn from(frame: Frame) -> Self {
        match frame {
            Frame::Reply(text) => WireFrame::Reply(text.to_string()),
            Frame::Event(text) => WireFrame::Event(text.to_string()),
            Frame::State(text) => WireFrame::State(text.to_string()),
            Frame::Close(code, reason) => WireFrame::Close(code, reason),
        }
    }
}
