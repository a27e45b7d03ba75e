//! The directory of rooms: finds a room by code, creates rooms (drawing free PINs), restores the
//! stored rooms at start, applies the per-address limits on creation and failed joins, and
//! answers the API's questions about public rooms and games.
//!
//! Only the always-open room `open` is listed publicly: PIN and word rooms are for the people
//! given the code, and listing them would hand their codes to anyone.

use crate::cluster::{Cluster, Lease, Location};
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
use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The code of the room that always exists.
pub const OPEN_ROOM: &str = "open";
/// Tries at drawing a free PIN before giving up (the PIN space is nearly full).
const PIN_DRAWS: usize = 200;
/// Crowd counts are told at most this often, so spectators coming and going do not flood rooms.
const CROWD_INTERVAL_MS: u64 = 1_000;

/// A room's mailbox; cloned into every connection in the room.
#[derive(Clone)]
pub struct RoomHandle {
    pub code: RoomCode,
    route: Route,
}

#[derive(Clone)]
enum Route {
    /// The room's task runs here.
    Local(mpsc::Sender<Command>),
    /// Another node runs it; messages are forwarded there.
    Remote(Arc<Cluster>, String),
}

impl RoomHandle {
    pub(crate) fn local(code: RoomCode, commands: mpsc::Sender<Command>) -> RoomHandle {
        RoomHandle {
            code,
            route: Route::Local(commands),
        }
    }

    pub(crate) fn remote(code: RoomCode, cluster: Arc<Cluster>, owner: String) -> RoomHandle {
        RoomHandle {
            code,
            route: Route::Remote(cluster, owner),
        }
    }

    /// Whether another node runs the room.
    pub fn is_remote(&self) -> bool {
        matches!(self.route, Route::Remote(..))
    }

    fn commands(&self) -> Option<&mpsc::Sender<Command>> {
        match &self.route {
            Route::Local(commands) => Some(commands),
            Route::Remote(..) => None,
        }
    }

    /// Passes a message to the room; `false` when the room's task has stopped (or its node
    /// cannot be reached).
    pub async fn request(&self, conn: ConnectionId, message: ClientMessage) -> bool {
        match &self.route {
            Route::Local(commands) => commands
                .send(Command::Message { conn, message })
                .await
                .is_ok(),
            Route::Remote(cluster, owner) => cluster.forward(owner, conn, message).await,
        }
    }

    /// Tells the room a connection left.
    pub async fn leave(&self, conn: ConnectionId) {
        match &self.route {
            Route::Local(commands) => {
                let _ = commands.send(Command::Leave { conn }).await;
            }
            Route::Remote(cluster, owner) => cluster.forward_leave(owner, conn).await,
        }
    }

    /// Has the room send the connection a fresh `state`; `false` when the task has stopped.
    pub(crate) async fn resync(&self, conn: ConnectionId) -> bool {
        match self.commands() {
            Some(commands) => commands.send(Command::Resync { conn }).await.is_ok(),
            None => false,
        }
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
    /// The other nodes, when this is one of several.
    pub(crate) cluster: Option<Arc<Cluster>>,
    /// Held while finding out where a room runs and loading it, so that one node never loads
    /// a room twice.
    loading: tokio::sync::Mutex<()>,
}

/// Where a `join` finds its room.
enum Found {
    Here(RoomHandle),
    Elsewhere(Arc<Cluster>, String),
    Missing,
    Unavailable(String),
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
    pub fn new(
        store: Store,
        limits: Arc<Limits>,
        grace: Duration,
        cluster: Option<Arc<Cluster>>,
    ) -> Arc<Hub> {
        let room_config = RoomConfig {
            grace_ms: grace.as_millis() as u64,
            crowd_interval_ms: CROWD_INTERVAL_MS,
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
            cluster,
            loading: tokio::sync::Mutex::new(()),
        });
        if let Some(cluster) = &hub.cluster {
            cluster.start(&hub);
        }
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

    /// Starts a task for every stored room, and makes sure the open room exists. With several
    /// nodes rooms are loaded when first asked for instead, by whichever node takes the lease
    /// (the open room at start, unless another node runs it).
    pub async fn restore(self: &Arc<Self>) -> Result<(), StoreError> {
        if self.cluster.is_some() {
            // The open room is run by whichever node starts first (or asks for it first).
            let open = RoomCode::parse(OPEN_ROOM).map_err(StoreError)?;
            if let Found::Unavailable(error) = self.find(&open).await {
                eprintln!("the open room is not loaded yet: {error}");
            }
            return Ok(());
        }
        let now = crate::now_ms();
        for (code, _version, state) in self.store.rooms().await? {
            match Room::restore(&state, now) {
                Ok(mut room) => {
                    // Limits come from this run's flags, not from the run that stored the room.
                    room.set_config(self.room_config.clone());
                    let handle = room_task::spawn(self.clone(), room, None, None);
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
            room_task::spawn(self.clone(), room, None, None)
        });
        Ok(())
    }

    /// Where room `code` runs, loading it here from the database when no node holds it.
    async fn find(self: &Arc<Self>, code: &RoomCode) -> Found {
        if let Some(handle) = lock(&self.rooms).get(code).cloned() {
            return Found::Here(handle);
        }
        let Some(cluster) = self.cluster.clone() else {
            return Found::Missing;
        };
        let _loading = self.loading.lock().await;
        if let Some(handle) = lock(&self.rooms).get(code).cloned() {
            return Found::Here(handle);
        }
        let lease = match cluster.locate(code).await {
            Ok(Location::Here(lease)) => lease,
            Ok(Location::Elsewhere(node)) => return Found::Elsewhere(cluster, node),
            Err(error) => return Found::Unavailable(error),
        };
        match self.load(code, &lease).await {
            Ok(Some(handle)) => Found::Here(handle),
            Ok(None) => {
                cluster.give_up(code, &lease).await;
                Found::Missing
            }
            Err(error) => {
                cluster.give_up(code, &lease).await;
                Found::Unavailable(error)
            }
        }
    }

    /// Loads room `code` from the database under `lease` (the same path as a restart), making
    /// this node the only writer of its row; the open room is made afresh if never stored.
    async fn load(
        self: &Arc<Self>,
        code: &RoomCode,
        lease: &Arc<Lease>,
    ) -> Result<Option<RoomHandle>, String> {
        for _ in 0..3 {
            let stored = self
                .store
                .room(code.as_str())
                .await
                .map_err(|error| error.to_string())?;
            let now = crate::now_ms();
            let room = match stored {
                Some((version, state)) => {
                    if !self
                        .store
                        .claim(code.as_str(), version, &lease.token)
                        .await
                        .map_err(|error| error.to_string())?
                    {
                        // The previous owner committed once more since: read again.
                        continue;
                    }
                    let mut room = Room::restore(&state, now)
                        .map_err(|error| format!("room {code} cannot be restored: {error}"))?;
                    room.set_config(self.room_config.clone());
                    room
                }
                None if code.as_str() == OPEN_ROOM => Room::new(
                    code.clone(),
                    RoomSettings::standard_untimed(),
                    self.room_config.clone(),
                    now,
                ),
                None => return Ok(None),
            };
            let handle = room_task::spawn(self.clone(), room, None, Some(lease.clone()));
            lock(&self.rooms).insert(code.clone(), handle.clone());
            return Ok(Some(handle));
        }
        Err(format!("room {code} keeps changing; try again"))
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
        if let Some(cluster) = self.cluster.clone() {
            return self.create_shared(cluster, conn, outbox, request).await;
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
        match self.start_room(code.clone(), &request, conn, &outbox, None) {
            Ok((handle, joined)) => {
                rooms.insert(code, handle.clone());
                joined.then_some(handle)
            }
            Err(nack) => {
                outbox.reply(nack);
                None
            }
        }
    }

    /// Creates the room `code` for `conn` and starts its task (holding `lease` on several
    /// nodes): the task's handle and whether the creator took a seat, or the refusal.
    fn start_room(
        self: &Arc<Self>,
        code: RoomCode,
        request: &CreateRequest,
        conn: ConnectionId,
        outbox: &Arc<Outbox>,
        lease: Option<Arc<Lease>>,
    ) -> Result<(RoomHandle, bool), String> {
        let mut entropy = random_u64;
        let (room, outcome) = Room::create(
            code,
            request,
            self.room_config.clone(),
            conn,
            crate::now_ms(),
            &mut entropy,
        )
        .map_err(|nack| nack.to_json())?;
        let joined = room.token_of(conn).is_some();
        let handle = room_task::spawn(
            self.clone(),
            room,
            Some((conn, outbox.clone(), outcome)),
            lease,
        );
        Ok((handle, joined))
    }

    /// A `create` on one of several nodes: the code is free when this node can take its lease
    /// and the database has no such room.
    async fn create_shared(
        self: &Arc<Self>,
        cluster: Arc<Cluster>,
        conn: ConnectionId,
        outbox: Arc<Outbox>,
        request: CreateRequest,
    ) -> Option<RoomHandle> {
        let refuse = |why: NackReason, msg: &str| {
            outbox.reply(ServerMessage::nack(0, why, msg).to_json());
            None
        };
        let candidates: Vec<RoomCode> = match &request.code {
            Some(code) => vec![code.clone()],
            None => (0..8)
                .map(|_| RoomCode::pin_from_random(random_u64()))
                .collect(),
        };
        let _loading = self.loading.lock().await;
        let mut reserved = None;
        for code in candidates {
            if lock(&self.rooms).contains_key(&code) {
                continue;
            }
            let lease = match cluster.reserve(&code).await {
                Ok(Some(lease)) => lease,
                Ok(None) => continue,
                Err(error) => return refuse(NackReason::Rate, &format!("try again: {error}")),
            };
            match self.store.room(code.as_str()).await {
                Ok(None) => {
                    reserved = Some((code, lease));
                    break;
                }
                Ok(Some(_)) => cluster.give_up(&code, &lease).await,
                Err(error) => {
                    cluster.give_up(&code, &lease).await;
                    return refuse(NackReason::Rate, &format!("try again: {error}"));
                }
            }
        }
        let Some((code, lease)) = reserved else {
            return match &request.code {
                Some(code) => refuse(
                    NackReason::Bad,
                    &format!("the room '{code}' already exists; join it or pick another word"),
                ),
                None => refuse(NackReason::Rate, "no free PIN right now; try a room word"),
            };
        };
        match self.start_room(code.clone(), &request, conn, &outbox, Some(lease.clone())) {
            Ok((handle, joined)) => {
                lock(&self.rooms).insert(code, handle.clone());
                joined.then_some(handle)
            }
            Err(nack) => {
                cluster.give_up(&code, &lease).await;
                outbox.reply(nack);
                None
            }
        }
    }

    /// A `join` forwarded by another node for one of its clients: served only if the room runs
    /// (or can be loaded) here.
    pub(crate) async fn join_here(
        self: &Arc<Self>,
        conn: ConnectionId,
        outbox: Arc<Outbox>,
        request: JoinRequest,
    ) -> Option<RoomHandle> {
        match self.find(&request.room).await {
            Found::Here(handle) => self.join_local(handle, conn, outbox, request).await,
            _ => {
                outbox.close(
                    crate::ws::close_code::RECONNECT,
                    "the room moved; reconnect",
                );
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
        let handle = match self.find(&request.room).await {
            Found::Here(handle) => handle,
            Found::Elsewhere(cluster, owner) => {
                let code = request.room.clone();
                return match cluster
                    .join_remote(owner, code, conn, outbox.clone(), request)
                    .await
                {
                    Ok(handle) => handle,
                    Err(error) => {
                        eprintln!("join: {error}");
                        outbox.close(
                            crate::ws::close_code::RECONNECT,
                            "the room is moving; reconnect",
                        );
                        None
                    }
                };
            }
            Found::Unavailable(error) => {
                eprintln!("join: {error}");
                outbox.reply(
                    ServerMessage::nack(
                        0,
                        NackReason::Rate,
                        "the room cannot be reached right now; try again in a moment",
                    )
                    .to_json(),
                );
                return None;
            }
            Found::Missing => {
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
            }
        };
        self.join_local(handle, conn, outbox, request).await
    }

    /// Joins `conn` to a room whose task runs here.
    async fn join_local(
        &self,
        handle: RoomHandle,
        conn: ConnectionId,
        outbox: Arc<Outbox>,
        request: JoinRequest,
    ) -> Option<RoomHandle> {
        let commands = handle.commands()?;
        let (joined, answer) = oneshot::channel();
        let sent = commands
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
            .and_then(RoomHandle::commands)
            .is_some_and(|mine| mine.same_channel(commands))
        {
            rooms.remove(code);
        }
        lock(&self.live_games).retain(|_, room| room != code);
        lock(&self.summaries).remove(code);
    }

    /// The public rooms' summaries (code, settings, seats, queue, spectators, match), by code.
    /// On several nodes: every node's, as shared through Redis, with this node's own rooms as
    /// they are here (newer than their shared entry for a moment after each change); only this
    /// node's when Redis cannot be read.
    pub async fn public_rooms(&self) -> Vec<serde_json::Value> {
        let mut rooms = match &self.cluster {
            Some(cluster) => cluster.listed_rooms().await.unwrap_or_default(),
            None => BTreeMap::new(),
        };
        for (code, summary) in lock(&self.summaries).iter() {
            rooms.insert(code.to_string(), summary.clone());
        }
        rooms.into_values().collect()
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
        let Some(commands) = handle.commands() else {
            return Ok(None);
        };
        let (reply, answer) = oneshot::channel();
        if commands
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
