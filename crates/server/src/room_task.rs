//! One tokio task per room, the only owner of its [`Room`]. It applies messages one at a time,
//! commits the room's new state (and any finished game) to the database, and only then sends
//! the acknowledgements and events; it wakes itself at the room's next deadline (a flag fall,
//! the end of a grace period) and retires the room once it has stood empty for a long time.
//!
//! With several nodes the task runs on the node holding the room's lease; it acts only while
//! that lease is valid and stops at once when it is lost, telling its clients to reconnect
//! (another node serves the room from the database then).

use crate::cluster::Lease;
use crate::hub::{lock, Hub, RoomHandle, OPEN_ROOM};
use crate::outbox::Outbox;
use crate::store::{GameRecord, StoreError, Write};
use crate::ws::{close_code, ConnectionId};
use boardshift_rooms::protocol::{ClientMessage, Event, ServerMessage};
use boardshift_rooms::{FinishedGame, Outcome, Recipient, Room};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// A room nobody has been connected to for this long is removed (its codes and tokens with it).
pub const EMPTY_ROOM_LIFETIME: Duration = Duration::from_secs(6 * 3600);
/// Messages waiting for a room before senders wait their turn.
const COMMAND_QUEUE: usize = 256;

/// What connections and the API ask of a room.
pub enum Command {
    /// A `join` (or rejoin); `joined` tells whether the connection is now in the room.
    Join {
        conn: ConnectionId,
        outbox: Arc<Outbox>,
        message: ClientMessage,
        joined: oneshot::Sender<bool>,
    },
    /// Any other message from a connection in the room.
    Message {
        conn: ConnectionId,
        message: ClientMessage,
    },
    /// A connection closed.
    Leave { conn: ConnectionId },
    /// The saved-game JSON of the live game `id`.
    Game {
        id: String,
        reply: oneshot::Sender<Option<String>>,
    },
    /// The connection missed frames (its node lost touch with this one): send it the room.
    Resync { conn: ConnectionId },
    /// The room's lease was lost: stop serving it here.
    LeaseLost,
}

/// Why a room task stopped serving.
enum Stop {
    Storage(StoreError),
    /// Another node holds the room now (lease lost, or the database refused the write).
    Moved,
}

impl From<StoreError> for Stop {
    fn from(error: StoreError) -> Self {
        if error.is_fenced() {
            Stop::Moved
        } else {
            Stop::Storage(error)
        }
    }
}

struct RoomTask {
    hub: Arc<Hub>,
    room: Room,
    members: HashMap<ConnectionId, Arc<Outbox>>,
    live_game: Option<String>,
    /// The lease this node holds the room under; `None` on a single node.
    lease: Option<Arc<Lease>>,
    /// The summary last listed, for a public room.
    listed: Option<serde_json::Value>,
}

/// Starts the task for `room`. `created` carries the creator's connection and the outcome of
/// creating the room, which the task stores and delivers first.
pub fn spawn(
    hub: Arc<Hub>,
    room: Room,
    created: Option<(ConnectionId, Arc<Outbox>, Outcome)>,
    lease: Option<Arc<Lease>>,
) -> RoomHandle {
    let (commands, receiver) = mpsc::channel(COMMAND_QUEUE);
    let handle = RoomHandle::local(room.code().clone(), commands.clone());
    if let (Some(lease), Some(cluster)) = (&lease, &hub.cluster) {
        cluster.hold(room.code().clone(), lease.clone(), commands.clone());
    }
    let mut task = RoomTask {
        hub,
        room,
        members: HashMap::new(),
        live_game: None,
        lease,
        listed: None,
    };
    // Listed before the task runs, so that a lobby request served right after start-up
    // already finds the room.
    task.note_live_game();
    task.publish_summary();
    tokio::spawn(async move {
        let first = match created {
            Some((conn, outbox, outcome)) => {
                task.members.insert(conn, outbox);
                task.settle(outcome).await
            }
            None => Ok(()),
        };
        let result = match first {
            Ok(()) => task.run(receiver).await,
            Err(error) => Err(error),
        };
        // Off the lobby before its clients are told to reconnect, so that a client looking
        // again finds the room's next owner's entry or none, never this node's.
        task.unlist().await;
        match result {
            Ok(()) => {}
            Err(Stop::Storage(error)) => {
                eprintln!("room {}: {error}; closing it", task.room.code());
                for outbox in task.members.values() {
                    outbox.reply(
                        ServerMessage::Error {
                            msg: "the room could not be saved; reconnect in a moment".to_string(),
                        }
                        .to_json(),
                    );
                    outbox.close(close_code::INTERNAL, "storage failure");
                }
            }
            Err(Stop::Moved) => {
                eprintln!(
                    "room {}: its lease moved to another node; handing it over",
                    task.room.code()
                );
                for outbox in task.members.values() {
                    outbox.close(close_code::RECONNECT, "the room moved; reconnect");
                }
            }
        }
        let code = task.room.code().clone();
        if let (Some(lease), Some(cluster)) = (&task.lease, &task.hub.cluster) {
            cluster.release(&code, lease).await;
        }
        // After a storage failure the room's last committed state is still in the database,
        // and the next start of the server brings it back.
        task.hub.forget(&code, &commands);
    });
    handle
}

impl RoomTask {
    /// Whether this node may act for the room now.
    fn holds_lease(&self) -> bool {
        self.lease.as_ref().is_none_or(|lease| lease.valid())
    }

    fn owner(&self) -> String {
        self.lease
            .as_ref()
            .map(|lease| lease.token.clone())
            .unwrap_or_default()
    }

    async fn run(&mut self, mut receiver: mpsc::Receiver<Command>) -> Result<(), Stop> {
        let mut empty_since = tokio::time::Instant::now();
        loop {
            let deadline = self.room.next_deadline().map(|at| {
                let wait = at.saturating_sub(crate::now_ms());
                tokio::time::Instant::now() + Duration::from_millis(wait)
            });
            let retire_at = empty_since + EMPTY_ROOM_LIFETIME;
            let command = tokio::select! {
                command = receiver.recv() => command,
                _ = sleep_until_some(deadline) => {
                    if !self.holds_lease() {
                        return Err(Stop::Moved);
                    }
                    let outcome = self.room.tick(crate::now_ms());
                    self.settle(outcome).await?;
                    continue;
                }
                _ = tokio::time::sleep_until(retire_at), if self.members.is_empty() && self.retirable() => {
                    if !self.holds_lease() {
                        return Err(Stop::Moved);
                    }
                    self.retire().await?;
                    return Ok(());
                }
            };
            let Some(command) = command else {
                return Ok(());
            };
            if !self.holds_lease() {
                return Err(Stop::Moved);
            }
            let now = crate::now_ms();
            match command {
                Command::Join {
                    conn,
                    outbox,
                    message,
                    joined,
                } => {
                    self.members.insert(conn, outbox);
                    let mut entropy = crate::hub::random_u64;
                    let outcome = self.room.handle(conn, message, now, &mut entropy);
                    let in_room = self.room.token_of(conn).is_some();
                    if !in_room {
                        // Deliver the refusal, then forget the connection.
                        self.settle(outcome).await?;
                        self.members.remove(&conn);
                    } else {
                        self.settle(outcome).await?;
                    }
                    let _ = joined.send(in_room);
                }
                Command::Message { conn, message } => {
                    let mut entropy = crate::hub::random_u64;
                    let outcome = self.room.handle(conn, message, now, &mut entropy);
                    self.settle(outcome).await?;
                }
                Command::Leave { conn } => {
                    if self.members.remove(&conn).is_some() {
                        let outcome = self.room.disconnect(conn, now);
                        self.settle(outcome).await?;
                    }
                    if self.members.is_empty() {
                        empty_since = tokio::time::Instant::now();
                    }
                }
                Command::Game { id, reply } => {
                    let game = self
                        .room
                        .current_game()
                        .filter(|(game_id, _)| *game_id == id)
                        .map(|(_, json)| json);
                    let _ = reply.send(game);
                }
                Command::Resync { conn } => {
                    if let Some(outbox) = self.members.get(&conn) {
                        outbox.resync(self.room.snapshot(conn).to_json());
                    }
                }
                Command::LeaseLost => return Err(Stop::Moved),
            }
        }
    }

    /// Rooms other than `open` may be retired when empty.
    fn retirable(&self) -> bool {
        self.room.code().as_str() != OPEN_ROOM
    }

    async fn retire(&mut self) -> Result<(), Stop> {
        Ok(self
            .hub
            .store
            .commit(vec![Write::RemoveRoom {
                code: self.room.code().to_string(),
                owner: self.owner(),
            }])
            .await?)
    }

    /// Stores what the outcome changed, then delivers its messages.
    async fn settle(&mut self, outcome: Outcome) -> Result<(), Stop> {
        if outcome.persist || !outcome.finished.is_empty() {
            if !self.holds_lease() {
                return Err(Stop::Moved);
            }
            let now = crate::now_ms();
            let mut writes = Vec::with_capacity(1 + outcome.finished.len());
            writes.push(Write::Room {
                code: self.room.code().to_string(),
                version: self.room.version() as i64,
                state: self.room.to_json(),
                now_ms: now as i64,
                owner: self.owner(),
            });
            writes.extend(outcome.finished.iter().map(game_record).map(Write::Game));
            self.hub.store.commit(writes).await?;
        }
        // The live game is listed before anyone hears of it, so that a download asked for as
        // soon as a `state` or `match` names the game finds it.
        if outcome
            .events()
            .any(|(_, event)| matches!(event, Event::Match { .. } | Event::End { .. }))
        {
            self.note_live_game();
        }
        self.deliver(&outcome);
        if outcome.events().next().is_some() {
            self.publish_summary();
        }
        Ok(())
    }

    /// Sends each message to its connections. A connection that is sent a `state` in this
    /// outcome skips the events that state already holds (the room lists replies before
    /// events). A connection too far behind to take more events gets one `state` in their
    /// place and skips the rest of this outcome's events.
    fn deliver(&self, outcome: &Outcome) {
        let mut covered: Vec<(ConnectionId, u64)> = Vec::new();
        for (recipient, message) in &outcome.messages {
            match recipient {
                Recipient::Conn(conn) => {
                    if let Some(outbox) = self.members.get(conn) {
                        outbox.reply(message.to_json());
                        if let ServerMessage::State { v, .. } = message {
                            covered.push((*conn, *v));
                        }
                    }
                }
                Recipient::Everyone => {
                    let event_v = match message {
                        ServerMessage::Ev { v, .. } => *v,
                        _ => u64::MAX,
                    };
                    let text = axum::extract::ws::Utf8Bytes::from(message.to_json());
                    for (conn, outbox) in &self.members {
                        let already = covered
                            .iter()
                            .any(|(covered_conn, v)| covered_conn == conn && event_v <= *v);
                        if already {
                            continue;
                        }
                        if !outbox.event(text.clone()) {
                            let state = self.room.snapshot(*conn);
                            if let ServerMessage::State { v, .. } = &state {
                                covered.push((*conn, *v));
                            }
                            outbox.resync(state.to_json());
                        }
                    }
                }
            }
        }
    }

    /// Keeps the hub's map of live games pointing at this room's current game.
    fn note_live_game(&mut self) {
        let current = self.room.current_game().map(|(id, _)| id);
        let mut live = lock(&self.hub.live_games);
        if let Some(old) = self.live_game.take() {
            live.remove(&old);
        }
        if let Some(id) = &current {
            live.insert(id.clone(), self.room.code().clone());
        }
        self.live_game = current;
    }

    /// Lists a public room's summary when it changed: here, and in the shared lobby on
    /// several nodes.
    fn publish_summary(&mut self) {
        if !Hub::is_public(self.room.code()) {
            return;
        }
        let summary = serde_json::to_value(self.room.summary()).unwrap_or_default();
        if self.listed.as_ref() == Some(&summary) {
            return;
        }
        lock(&self.hub.summaries).insert(self.room.code().clone(), summary.clone());
        if let (Some(cluster), Some(lease)) = (&self.hub.cluster, &self.lease) {
            cluster.list(self.room.code(), &lease.token, summary.clone());
        }
        self.listed = Some(summary);
    }

    /// Takes a public room that stops here off the lists.
    async fn unlist(&mut self) {
        if self.listed.take().is_none() {
            return;
        }
        lock(&self.hub.summaries).remove(self.room.code());
        if let (Some(cluster), Some(lease)) = (&self.hub.cluster, &self.lease) {
            cluster.unlist(self.room.code(), &lease.token).await;
        }
    }
}

async fn sleep_until_some(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn game_record(game: &FinishedGame) -> GameRecord {
    GameRecord {
        id: game.game_id.clone(),
        room: game.room.clone(),
        white: Some(game.white.clone()),
        black: Some(game.black.clone()),
        variant: game.variant.clone(),
        started_at_ms: game.started_ms as i64,
        ended_at_ms: Some(game.ended_ms as i64),
        result: game.result.clone(),
        reason: Some(game.reason.clone()),
        game: game.saved.clone(),
    }
}
