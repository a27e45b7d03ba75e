//! The directory of rooms: finds a room by code, creates rooms (drawing free PINs), restores the
//! stored rooms at start, applies the per-address limits on creation and failed joins, and
//! answers the API's questions about public rooms and games.
//!
//! Only the always-open room `open` is listed publicly: PIN and word rooms are for the people
//! given the code, and listing them would hand their codes to anyone.

use crate::config::Limits;
use crate::limits::AddressLimits;
use crate::outbox::Outbox;
use crate::room_task::{self, Command};
use crate::store::{Store, StoreError};
use crate::ws::ConnectionId;
use boardshift_rooms::protocol::{
    ClientMessage, CreateRequest, JoinRequest, NackReason, RoomCode, ServerMessage,
};
use boardshift_rooms::{Room, RoomConfig, RoomSettings};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The code of the room that always exists.
pub const OPEN_ROOM: &str = "open";
/// Tries at drawing a free PIN before giving up (the PIN space is nearly full).
const PIN_DRAWS: usize = 200;
/// Events a room keeps to answer `sync` (older gaps get a `state`); also bounds the stored state.
const EVENT_LOG_LEN: usize = 64;

/// A room's mailbox; cloned into every connection in the room.
#[derive(Clone)]
pub struct RoomHandle {
    pub code: RoomCode,
    pub(crate) commands: mpsc::Sender<Command>,
}

impl RoomHandle {
    /// Passes a message to the room; `false` when the room's task has stopped.
    pub async fn request(&self, conn: ConnectionId, message: ClientMessage) -> bool {
        self.commands
            .send(Command::Message { conn, message })
            .await
            .is_ok()
    }

    /// Tells the room a connection left.
    pub async fn leave(&self, conn: ConnectionId) {
        let _ = self.commands.send(Command::Leave { conn }).await;
    }
}

/// Every room of this server.
pub struct Hub {
    pub(crate) store: Store,
    limits: Arc<Limits>,
    pub(crate) room_config: RoomConfig,
    address_limits: AddressLimits,
    rooms: Mutex<HashMap<RoomCode, RoomHandle>>,
    /// Live games by id, to the room playing them.
    pub(crate) live_games: Mutex<HashMap<String, RoomCode>>,
    /// What `GET /api/rooms` lists, kept current by the public rooms' tasks.
    pub(crate) summaries: Mutex<HashMap<RoomCode, serde_json::Value>>,
}

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Random numbers for tokens, PINs and game ids, from the operating system.
pub fn random_u64() -> u64 {
    match getrandom::u64() {
        Ok(value) => value,
        Err(_) => {
            // The OS generator failing is not expected; std's per-process random hash keys are
            // the fallback rather than stopping the room.
            use std::hash::{BuildHasher, Hasher};
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_u64(crate::now_ms());
            hasher.finish()
        }
    }
}

impl Hub {
    pub fn new(store: Store, limits: Arc<Limits>, grace: Duration) -> Arc<Hub> {
        let room_config = RoomConfig {
            grace_ms: grace.as_millis() as u64,
            event_log_len: EVENT_LOG_LEN,
            ..RoomConfig::default()
        };
        let hub = Arc::new(Hub {
            store,
            address_limits: AddressLimits::new(&limits),
            limits,
            room_config,
            rooms: Mutex::new(HashMap::new()),
            live_games: Mutex::new(HashMap::new()),
            summaries: Mutex::new(HashMap::new()),
        });
        let sweeper = Arc::downgrade(&hub);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                match sweeper.upgrade() {
                    Some(hub) => hub.address_limits.sweep(),
                    None => return,
                }
            }
        });
        hub
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Starts a task for every stored room, and makes sure the open room exists.
    pub async fn restore(self: &Arc<Self>) -> Result<(), StoreError> {
        let now = crate::now_ms();
        for (code, _version, state) in self.store.rooms().await? {
            match Room::restore(&state, now) {
                Ok(room) => {
                    let handle = room_task::spawn(self.clone(), room, None);
                    lock(&self.rooms).insert(handle.code.clone(), handle);
                }
                Err(error) => {
                    eprintln!("room {code} could not be restored and is skipped: {error}")
                }
            }
        }
        let open = RoomCode::parse(OPEN_ROOM).map_err(StoreError)?;
        lock(&self.rooms).entry(open.clone()).or_insert_with(|| {
            let room = Room::new(
                open,
                RoomSettings::standard_untimed(),
                self.room_config.clone(),
                now,
            );
            room_task::spawn(self.clone(), room, None)
        });
        Ok(())
    }

    /// A `create` from connection `conn`: the room's handle when the creator is in it.
    pub async fn create(
        self: &Arc<Self>,
        conn: ConnectionId,
        address: IpAddr,
        outbox: Arc<Outbox>,
        request: CreateRequest,
    ) -> Option<RoomHandle> {
        let refuse = |why: NackReason, msg: &str| {
            outbox.reply(ServerMessage::nack(0, why, msg).to_json());
            None
        };
        if !self.address_limits.may_create(address) {
            return refuse(
                NackReason::Rate,
                "too many rooms created from this address; try again in a minute",
            );
        }
        let mut rooms = lock(&self.rooms);
        let code = match &request.code {
            Some(code) if rooms.contains_key(code) => {
                return refuse(
                    NackReason::Bad,
                    &format!("the room '{code}' already exists; join it or pick another word"),
                )
            }
            Some(code) => code.clone(),
            None => {
                let free = (0..PIN_DRAWS)
                    .map(|_| RoomCode::pin_from_random(random_u64()))
                    .find(|code| !rooms.contains_key(code));
                match free {
                    Some(code) => code,
                    None => {
                        return refuse(NackReason::Rate, "no free PIN right now; try a room word")
                    }
                }
            }
        };
        let mut entropy = random_u64;
        let created = Room::create(
            code.clone(),
            &request,
            self.room_config.clone(),
            conn,
            crate::now_ms(),
            &mut entropy,
        );
        match created {
            Ok((room, outcome)) => {
                let joined = room.token_of(conn).is_some();
                let handle =
                    room_task::spawn(self.clone(), room, Some((conn, outbox.clone(), outcome)));
                rooms.insert(code, handle.clone());
                joined.then_some(handle)
            }
            Err(nack) => {
                outbox.reply(nack.to_json());
                None
            }
        }
    }

    /// A `join` from connection `conn`: the room's handle when the connection is in it.
    pub async fn join(
        self: &Arc<Self>,
        conn: ConnectionId,
        address: IpAddr,
        outbox: Arc<Outbox>,
        request: JoinRequest,
    ) -> Option<RoomHandle> {
        if self.address_limits.joins_blocked(address) {
            outbox.reply(
                ServerMessage::nack(
                    0,
                    NackReason::Rate,
                    "too many joins to rooms that do not exist; wait a minute",
                )
                .to_json(),
            );
            return None;
        }
        let handle = lock(&self.rooms).get(&request.room).cloned();
        let Some(handle) = handle else {
            self.address_limits.failed_join(address);
            outbox.reply(
                ServerMessage::nack(
                    0,
                    NackReason::Bad,
                    format!("there is no room '{}'", request.room),
                )
                .to_json(),
            );
            return None;
        };
        let (joined, answer) = oneshot::channel();
        let sent = handle
            .commands
            .send(Command::Join {
                conn,
                outbox: outbox.clone(),
                message: ClientMessage::Join(request),
                joined,
            })
            .await;
        let in_room = sent.is_ok() && answer.await.unwrap_or(false);
        if sent.is_err() {
            outbox.reply(
                ServerMessage::nack(0, NackReason::Bad, "the room has just closed").to_json(),
            );
        }
        in_room.then_some(handle)
    }

    /// Forgets a room whose task has stopped (only if the entry is still that task's).
    pub(crate) fn forget(&self, code: &RoomCode, commands: &mpsc::Sender<Command>) {
        let mut rooms = lock(&self.rooms);
        if rooms
            .get(code)
            .is_some_and(|handle| handle.commands.same_channel(commands))
        {
            rooms.remove(code);
        }
        lock(&self.live_games).retain(|_, room| room != code);
        lock(&self.summaries).remove(code);
    }

    /// The public rooms' summaries (code, settings, seats, queue, spectators, match).
    pub fn public_rooms(&self) -> Vec<serde_json::Value> {
        let summaries = lock(&self.summaries);
        let mut rooms: Vec<_> = summaries.iter().collect();
        rooms.sort_by(|a, b| a.0.cmp(b.0));
        rooms
            .into_iter()
            .map(|(_, summary)| summary.clone())
            .collect()
    }

    /// Whether a room is listed by `GET /api/rooms`.
    pub fn is_public(code: &RoomCode) -> bool {
        code.as_str() == OPEN_ROOM
    }

    /// Game `id` as saved-game JSON: a finished game from the database, or a room's live game.
    pub async fn game_json(&self, id: &str) -> Result<Option<String>, StoreError> {
        if let Some(game) = self.store.game(id).await? {
            return Ok(Some(game));
        }
        let code = lock(&self.live_games).get(id).cloned();
        let Some(code) = code else { return Ok(None) };
        let handle = lock(&self.rooms).get(&code).cloned();
        let Some(handle) = handle else {
            return Ok(None);
        };
        let (reply, answer) = oneshot::channel();
        if handle
            .commands
            .send(Command::Game {
                id: id.to_string(),
                reply,
            })
            .await
            .is_err()
        {
            return Ok(None);
        }
        Ok(answer.await.unwrap_or(None))
    }
}
