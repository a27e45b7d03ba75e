//! Several server nodes sharing the rooms through Redis (with PostgreSQL holding the rooms): a
//! lease per room names the node that runs it ([`lease`]), and nodes forward their clients'
//! requests to the owner and its frames back over publish/subscribe ([`bus`]); the public rooms'
//! summaries are shared so that every node lists them ([`lobby`]). Without `--redis` none of
//! this runs. Deployment and failure behaviour: docs/deployment.md.

pub mod bus;
pub mod lease;
pub mod lobby;

pub use lease::Lease;

use crate::hub::{lock, Hub, RoomHandle};
use crate::outbox::{Frame, Outbox};
use crate::room_task::Command;
use crate::ws::{close_code, ConnectionId};
use boardshift_rooms::protocol::{ClientMessage, JoinRequest, RoomCode};
use bus::{Wire, WireFrame};
use futures_util::StreamExt;
use redis::aio::ConnectionManager;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Longest a node waits for the owner to answer a forwarded `join`.
const JOIN_ANSWER: Duration = Duration::from_secs(5);
/// Redis commands that take longer fail (and are retried by the caller's next tick).
const REDIS_TIMEOUT: Duration = Duration::from_secs(2);
/// Pause before listening again after the subscription broke.
const RESUBSCRIBE_PAUSE: Duration = Duration::from_millis(200);
/// Longest a closing room waits for its lobby entry to be removed before telling its clients.
const UNLIST_WAIT: Duration = Duration::from_secs(1);

/// A room this node owns.
struct Held {
    lease: Arc<Lease>,
    commands: mpsc::Sender<Command>,
}

/// A local client in a room owned by another node.
struct Proxied {
    room: RoomCode,
    owner: String,
    outbox: Arc<Outbox>,
    joined: Option<oneshot::Sender<bool>>,
}

/// A client of another node in a room owned here: its id in the room and the room.
struct Guest {
    id: ConnectionId,
    room: RoomHandle,
    outbox: Arc<Outbox>,
    /// Started once the client's node has the answer to its join.
    pump: Option<tokio::task::JoinHandle<()>>,
}

impl Guest {
    async fn leave(self) {
        if let Some(pump) = &self.pump {
            pump.abort();
        }
        self.room.leave(self.id).await;
    }
}

/// This node's part in the cluster.
pub struct Cluster {
    pub node: String,
    client: redis::Client,
    redis: ConnectionManager,
    hub: OnceLock<Weak<Hub>>,
    held: Mutex<HashMap<RoomCode, Held>>,
    proxied: Mutex<HashMap<ConnectionId, Proxied>>,
    guests: Mutex<HashMap<(String, ConnectionId), Guest>>,
    /// This node's writer of the shared lobby.
    lobby_updates: mpsc::UnboundedSender<lobby::Update>,
    /// Whether the last read of the shared lobby failed (said once, not at every request).
    lobby_unreadable: AtomicBool,
}

/// Where a room is served.
pub enum Location {
    /// Here: its lease is this node's now.
    Here(Arc<Lease>),
    /// By this node.
    Elsewhere(String),
}

fn redis_failed(error: redis::RedisError) -> String {
    format!("Redis: {error}")
}

impl Cluster {
    /// Connects to Redis at `url` as node `node`.
    pub async fn connect(url: &str, node: &str) -> Result<Arc<Cluster>, String> {
        let client = redis::Client::open(url)
            .map_err(|error| format!("bad --redis URL '{url}': {error}"))?;
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(REDIS_TIMEOUT))
            .set_response_timeout(Some(REDIS_TIMEOUT))
            .set_number_of_retries(2)
            .set_max_delay(Duration::from_millis(500));
        let redis = client
            .get_connection_manager_with_config(config)
            .await
            .map_err(|error| format!("cannot reach Redis at {url}: {error}"))?;
        let (lobby_updates, updates) = mpsc::unbounded_channel();
        tokio::spawn(lobby::write_updates(redis.clone(), updates));
        Ok(Arc::new(Cluster {
            node: node.to_string(),
            client,
            redis,
            lobby_updates,
            lobby_unreadable: AtomicBool::new(false),
            hub: OnceLock::new(),
            held: Mutex::new(HashMap::new()),
            proxied: Mutex::new(HashMap::new()),
            guests: Mutex::new(HashMap::new()),
        }))
    }

    /// Starts listening on this node's channel and renewing its leases.
    pub fn start(self: &Arc<Self>, hub: &Arc<Hub>) {
        let _ = self.hub.set(Arc::downgrade(hub));
        tokio::spawn(self.clone().listen());
        tokio::spawn(self.clone().maintain());
    }

    fn hub(&self) -> Option<Arc<Hub>> {
        self.hub.get().and_then(Weak::upgrade)
    }

    /// Who serves room `code`; takes its lease for this node when nobody holds it. The caller
    /// holds the hub's loading lock, so this node never races itself.
    pub async fn locate(&self, code: &RoomCode) -> Result<Location, String> {
        let mut redis = self.redis.clone();
        for _ in 0..3 {
            match lease::holder(&mut redis, code.as_str())
                .await
                .map_err(redis_failed)?
            {
                Some(token) if lease::node_of(&token) == self.node => {
                    if lock(&self.held).contains_key(code) {
                        return Err(format!("room {code} is held here but not running"));
                    }
                    // An earlier run of this node (restarted within the lease's lifetime).
                    if let Some(lease) =
                        lease::take_back(&mut redis, code.as_str(), &self.node, &token)
                            .await
                            .map_err(redis_failed)?
                    {
                        return Ok(Location::Here(Arc::new(lease)));
                    }
                }
                Some(token) => return Ok(Location::Elsewhere(lease::node_of(&token).to_string())),
                None => {
                    if let Some(lease) = lease::acquire(&mut redis, code.as_str(), &self.node)
                        .await
                        .map_err(redis_failed)?
                    {
                        return Ok(Location::Here(Arc::new(lease)));
                    }
                }
            }
        }
        Err(format!("room {code} keeps changing owner"))
    }

    /// Takes the lease of a room to be created; `None` when some node holds it.
    pub async fn reserve(&self, code: &RoomCode) -> Result<Option<Arc<Lease>>, String> {
        let mut redis = self.redis.clone();
        Ok(lease::acquire(&mut redis, code.as_str(), &self.node)
            .await
            .map_err(redis_failed)?
            .map(Arc::new))
    }

    /// Gives up a lease taken by [`Cluster::locate`] or [`Cluster::reserve`] but not used.
    pub async fn give_up(&self, code: &RoomCode, lease: &Lease) {
        let mut redis = self.redis.clone();
        let _ = lease::release(&mut redis, code.as_str(), &lease.token).await;
    }

    /// Records that this node runs room `code` under `lease`.
    pub fn hold(&self, code: RoomCode, lease: Arc<Lease>, commands: mpsc::Sender<Command>) {
        lock(&self.held).insert(code, Held { lease, commands });
    }

    /// The room's task has stopped: forget it and give up its lease if still held.
    pub async fn release(&self, code: &RoomCode, lease: &Arc<Lease>) {
        {
            let mut held = lock(&self.held);
            if held
                .get(code)
                .is_some_and(|entry| Arc::ptr_eq(&entry.lease, lease))
            {
                held.remove(code);
            }
        }
        if lease.valid() {
            self.give_up(code, lease).await;
        }
    }

    /// Lists public room `code`, run here under lease `token`, with `summary` in the shared
    /// lobby (written in the order of the calls).
    pub fn list(&self, code: &RoomCode, token: &str, summary: serde_json::Value) {
        let _ = self.lobby_updates.send(lobby::Update::Listed {
            code: code.clone(),
            token: token.to_string(),
            summary,
        });
    }

    /// Removes the shared lobby's entry of room `code` if lease `token` wrote it, after every
    /// earlier write of this node; returns once that was tried (or [`UNLIST_WAIT`] passed).
    pub async fn unlist(&self, code: &RoomCode, token: &str) {
        let (done, tried) = oneshot::channel();
        let update = lobby::Update::Unlisted {
            code: code.clone(),
            token: token.to_string(),
            done,
        };
        if self.lobby_updates.send(update).is_ok() {
            let _ = tokio::time::timeout(UNLIST_WAIT, tried).await;
        }
    }

    /// Every node's public rooms by code, or `None` when Redis cannot be read now.
    pub async fn listed_rooms(&self) -> Option<BTreeMap<String, serde_json::Value>> {
        let mut redis = self.redis.clone();
        let read = match tokio::time::timeout(REDIS_TIMEOUT, lobby::read(&mut redis)).await {
            Ok(Ok(rooms)) => Ok(rooms),
            Ok(Err(error)) => Err(redis_failed(error)),
            Err(_) => Err(format!("Redis did not answer within {REDIS_TIMEOUT:?}")),
        };
        match read {
            Ok(rooms) => {
                if self.lobby_unreadable.swap(false, Ordering::Relaxed) {
                    eprintln!("node {}: the shared room list is readable again", self.node);
                }
                Some(rooms)
            }
            Err(error) => {
                if !self.lobby_unreadable.swap(true, Ordering::Relaxed) {
                    eprintln!(
                        "node {}: cannot read the shared room list ({error}); listing this node's rooms only",
                        self.node
                    );
                }
                None
            }
        }
    }

    async fn publish(&self, node: &str, message: &Wire) -> Result<usize, String> {
        let text = serde_json::to_string(message).map_err(|error| error.to_string())?;
        let mut redis = self.redis.clone();
        redis::cmd("PUBLISH")
            .arg(bus::channel(node))
            .arg(text)
            .query_async(&mut redis)
            .await
            .map_err(redis_failed)
    }

    /// Joins local connection `conn` to room `code` run by node `owner`; the room's handle when
    /// the owner let it in.
    pub async fn join_remote(
        self: &Arc<Self>,
        owner: String,
        code: RoomCode,
        conn: ConnectionId,
        outbox: Arc<Outbox>,
        request: JoinRequest,
    ) -> Result<Option<RoomHandle>, String> {
        let msg = serde_json::to_string(&ClientMessage::Join(request))
            .map_err(|error| error.to_string())?;
        let (joined, answer) = oneshot::channel();
        lock(&self.proxied).insert(
            conn,
            Proxied {
                room: code.clone(),
                owner: owner.clone(),
                outbox,
                joined: Some(joined),
            },
        );
        let wire = Wire::Join {
            room: code.to_string(),
            from: self.node.clone(),
            conn,
            msg,
        };
        let outcome = match self.publish(&owner, &wire).await {
            Ok(0) => Err(format!(
                "node {owner} that runs room {code} does not answer"
            )),
            Ok(_) => match tokio::time::timeout(JOIN_ANSWER, answer).await {
                Ok(Ok(true)) => Ok(Some(RoomHandle::remote(code, self.clone(), owner))),
                Ok(Ok(false)) => Ok(None),
                _ => Err(format!("node {owner} that runs room {code} did not answer")),
            },
            Err(error) => Err(error),
        };
        if !matches!(outcome, Ok(Some(_))) {
            lock(&self.proxied).remove(&conn);
        }
        outcome
    }

    /// Forwards a message of local connection `conn` to `owner`; `false` when it cannot.
    pub async fn forward(&self, owner: &str, conn: ConnectionId, message: ClientMessage) -> bool {
        let Ok(msg) = serde_json::to_string(&message) else {
            return false;
        };
        let wire = Wire::Msg {
            from: self.node.clone(),
            conn,
            msg,
        };
        matches!(self.publish(owner, &wire).await, Ok(receivers) if receivers > 0)
    }

    /// Local connection `conn` left its remote room.
    pub async fn forward_leave(&self, owner: &str, conn: ConnectionId) {
        lock(&self.proxied).remove(&conn);
        let wire = Wire::Leave {
            from: self.node.clone(),
            conn,
        };
        let _ = self.publish(owner, &wire).await;
    }

    /// Listens on this node's channel for good, subscribing again whenever the connection
    /// breaks; after such a break every proxied client may have missed frames, so each is
    /// resynchronised by its owner.
    async fn listen(self: Arc<Self>) {
        let mut first = true;
        loop {
            let mut pubsub = match self.client.get_async_pubsub().await {
                Ok(pubsub) => pubsub,
                Err(_) => {
                    tokio::time::sleep(RESUBSCRIBE_PAUSE).await;
                    continue;
                }
            };
            if pubsub.subscribe(bus::channel(&self.node)).await.is_err() {
                tokio::time::sleep(RESUBSCRIBE_PAUSE).await;
                continue;
            }
            if !first {
                eprintln!(
                    "node {}: listening again; resynchronising clients",
                    self.node
                );
                self.resync_all().await;
            }
            first = false;
            let mut messages = pubsub.into_on_message();
            while let Some(message) = messages.next().await {
                let Ok(wire) = serde_json::from_slice::<Wire>(message.get_payload_bytes()) else {
                    eprintln!(
                        "node {}: ignored a malformed message from a node",
                        self.node
                    );
                    continue;
                };
                self.clone().receive(wire).await;
            }
            eprintln!("node {}: lost the Redis subscription", self.node);
            tokio::time::sleep(RESUBSCRIBE_PAUSE).await;
        }
    }

    async fn resync_all(&self) {
        let conns: Vec<(ConnectionId, String)> = lock(&self.proxied)
            .iter()
            .map(|(conn, proxied)| (*conn, proxied.owner.clone()))
            .collect();
        for (conn, owner) in conns {
            let wire = Wire::Resync {
                from: self.node.clone(),
                conn,
            };
            if !matches!(self.publish(&owner, &wire).await, Ok(receivers) if receivers > 0) {
                self.drop_proxied(conn);
            }
        }
    }

    /// Closes a proxied client so that it reconnects (its owner is gone).
    fn drop_proxied(&self, conn: ConnectionId) {
        if let Some(proxied) = lock(&self.proxied).remove(&conn) {
            proxied
                .outbox
                .close(close_code::RECONNECT, "the room moved; reconnect");
        }
    }

    async fn receive(self: Arc<Self>, wire: Wire) {
        match wire {
            Wire::Join {
                room,
                from,
                conn,
                msg,
            } => {
                // Joins load rooms from the database: off the listening loop.
                tokio::spawn(async move { self.guest_join(room, from, conn, msg).await });
            }
            Wire::Msg { from, conn, msg } => {
                let guest = lock(&self.guests)
                    .get(&(from.clone(), conn))
                    .map(|guest| (guest.id, guest.room.clone()));
                let message = serde_json::from_str::<ClientMessage>(&msg);
                match (guest, message) {
                    (Some((id, room)), Ok(message)) => {
                        if !room.request(id, message).await {
                            self.unknown_guest(&from, conn).await;
                        }
                    }
                    _ => self.unknown_guest(&from, conn).await,
                }
            }
            Wire::Leave { from, conn } => {
                let guest = lock(&self.guests).remove(&(from, conn));
                if let Some(guest) = guest {
                    guest.leave().await;
                }
            }
            Wire::Resync { from, conn } => {
                let guest = lock(&self.guests)
                    .get(&(from.clone(), conn))
                    .map(|guest| (guest.id, guest.room.clone()));
                match guest {
                    Some((id, room)) if room.resync(id).await => {}
                    _ => self.unknown_guest(&from, conn).await,
                }
            }
            Wire::Joined { conn, ok, frames } => {
                let mut proxied = lock(&self.proxied);
                if let Some(entry) = proxied.get_mut(&conn) {
                    self.deliver(conn, &entry.outbox, &entry.owner, frames);
                    if let Some(joined) = entry.joined.take() {
                        let _ = joined.send(ok);
                    }
                }
            }
            Wire::Frames { conn, frames } => {
                let entry = lock(&self.proxied)
                    .get(&conn)
                    .map(|entry| (entry.outbox.clone(), entry.owner.clone()));
                if let Some((outbox, owner)) = entry {
                    let closed = self.deliver(conn, &outbox, &owner, frames);
                    if closed {
                        lock(&self.proxied).remove(&conn);
                    }
                }
            }
        }
    }

    /// Puts an owner's frames into a local client's outbox; `true` when they closed it.
    fn deliver(
        self: &Arc<Self>,
        conn: ConnectionId,
        outbox: &Outbox,
        owner: &str,
        frames: Vec<WireFrame>,
    ) -> bool {
        for frame in frames {
            match frame {
                WireFrame::Reply(text) => outbox.reply(text),
                WireFrame::Event(text) => {
                    if !outbox.event(text.into()) {
                        // Too far behind: the owner sends a snapshot in place of the rest.
                        let cluster = self.clone();
                        let owner = owner.to_string();
                        tokio::spawn(async move {
                            let wire = Wire::Resync {
                                from: cluster.node.clone(),
                                conn,
                            };
                            let _ = cluster.publish(&owner, &wire).await;
                        });
                    }
                }
                WireFrame::State(text) => outbox.resync(text),
                WireFrame::Close(code, reason) => {
                    outbox.close(code, reason);
                    return true;
                }
            }
        }
        false
    }

    /// A request for a client this node does not serve (it lost the room, or restarted): tell
    /// the client's node to have it reconnect.
    async fn unknown_guest(&self, node: &str, conn: ConnectionId) {
        let wire = Wire::Frames {
            conn,
            frames: vec![WireFrame::Close(
                close_code::RECONNECT,
                "the room moved; reconnect".to_string(),
            )],
        };
        let _ = self.publish(node, &wire).await;
    }

    /// A client of node `from` joins room `room` here.
    async fn guest_join(
        self: Arc<Self>,
        room: String,
        from: String,
        conn: ConnectionId,
        msg: String,
    ) {
        let Some(hub) = self.hub() else { return };
        let request = match serde_json::from_str::<ClientMessage>(&msg) {
            Ok(ClientMessage::Join(request)) if request.room.as_str() == room => request,
            _ => return self.unknown_guest(&from, conn).await,
        };
        let id = crate::ws::next_connection_id();
        let outbox = Outbox::new();
        let handle = hub.join_here(id, outbox.clone(), request).await;
        let key = (from.clone(), conn);
        if let Some(handle) = &handle {
            // Known before the answer goes out, since the client's next request may come
            // right after it.
            let previous = lock(&self.guests).insert(
                key.clone(),
                Guest {
                    id,
                    room: handle.clone(),
                    outbox: outbox.clone(),
                    pump: None,
                },
            );
            if let Some(previous) = previous {
                previous.leave().await;
            }
        }
        let mut frames = Vec::new();
        outbox.take_now(&mut frames);
        let wire = Wire::Joined {
            conn,
            ok: handle.is_some(),
            frames: frames.into_iter().map(WireFrame::from).collect(),
        };
        let delivered = matches!(self.publish(&from, &wire).await, Ok(receivers) if receivers > 0);
        let Some(handle) = handle else { return };
        if !delivered {
            lock(&self.guests).remove(&key);
            handle.leave(id).await;
            return;
        }
        let pump = tokio::spawn(self.clone().pump(from, conn, outbox));
        match lock(&self.guests).get_mut(&key) {
            Some(guest) if guest.id == id => guest.pump = Some(pump),
            _ => pump.abort(),
        }
    }

    /// Sends a guest's frames to its node as they come; when that node no longer listens (it
    /// died), the guest leaves the room.
    async fn pump(self: Arc<Self>, node: String, conn: ConnectionId, outbox: Arc<Outbox>) {
        let mut frames = Vec::new();
        loop {
            outbox.take(&mut frames).await;
            let closing = frames.iter().any(|frame| matches!(frame, Frame::Close(..)));
            let wire = Wire::Frames {
                conn,
                frames: frames.drain(..).map(WireFrame::from).collect(),
            };
            let delivered =
                matches!(self.publish(&node, &wire).await, Ok(receivers) if receivers > 0);
            if closing || !delivered {
                let guest = {
                    let mut guests = lock(&self.guests);
                    match guests.get(&(node.clone(), conn)) {
                        Some(guest) if Arc::ptr_eq(&guest.outbox, &outbox) => {
                            guests.remove(&(node.clone(), conn))
                        }
                        _ => None,
                    }
                };
                if let Some(guest) = guest {
                    if !closing {
                        guest.room.leave(guest.id).await;
                    }
                }
                return;
            }
        }
    }

    /// Every [`lease::RENEW_EVERY`]: renews this node's leases (stopping the rooms whose lease
    /// is lost), and has clients of rooms whose owner changed reconnect.
    async fn maintain(self: Arc<Self>) {
        let mut every = tokio::time::interval(lease::RENEW_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            self.renew_all().await;
            self.check_owners().await;
        }
    }

    async fn renew_all(&self) {
        let held: Vec<(RoomCode, Arc<Lease>, mpsc::Sender<Command>)> = lock(&self.held)
            .iter()
            .map(|(code, held)| (code.clone(), held.lease.clone(), held.commands.clone()))
            .collect();
        let renewals = held.iter().map(|(code, lease, _)| {
            let mut redis = self.redis.clone();
            async move { lease::renew(&mut redis, code.as_str(), lease).await }
        });
        let results = futures_util::future::join_all(renewals).await;
        for ((code, lease, commands), result) in held.into_iter().zip(results) {
            let lost = match result {
                Ok(renewed) => !renewed,
                // Redis unreachable: act on the lease only while it is surely still ours.
                Err(_) => !lease.valid(),
            };
            if lost {
                eprintln!("node {}: lost the lease of room {code}", self.node);
                lease.lose();
                let _ = commands.try_send(Command::LeaseLost);
            }
        }
    }

    async fn check_owners(&self) {
        let rooms: HashMap<RoomCode, String> = lock(&self.proxied)
            .values()
            .map(|proxied| (proxied.room.clone(), proxied.owner.clone()))
            .collect();
        let mut redis = self.redis.clone();
        for (room, owner) in rooms {
            let moved = match lease::holder(&mut redis, room.as_str()).await {
                Ok(Some(token)) => lease::node_of(&token) != owner,
                Ok(None) => true,
                Err(_) => false,
            };
            if moved {
                let conns: Vec<ConnectionId> = lock(&self.proxied)
                    .iter()
                    .filter(|(_, proxied)| proxied.room == room && proxied.owner == owner)
                    .map(|(conn, _)| *conn)
                    .collect();
                for conn in conns {
                    self.drop_proxied(conn);
                }
            }
        }
    }
}
