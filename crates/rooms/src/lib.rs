//! Online rooms for Boardshift as a pure state machine: no I/O, no clock and no random source
//! of its own. The server owns sockets, time and randomness and drives a [`Room`] with them;
//! the room decides everything else — seats, queue, spectators, the host, matches and their
//! results (through the rules crate), the server clock, grace periods, event numbers and
//! request idempotency. It compiles natively and to `wasm32-unknown-unknown`.
//!
//! # Protocol
//! [`protocol`] holds every message of the wire protocol (JSON text frames, see
//! `docs/rooms.md`-style documentation of the project): [`parse_client_message`] reads a
//! client frame strictly (size, unknown fields, closed tags, length caps, room codes, names,
//! protocol version) and [`ServerMessage::to_json`] writes the answers.
//!
//! # Driving a room
//! Every call takes the current time `now_ms` (milliseconds since the Unix epoch, from the
//! server's clock) and returns an [`Outcome`]:
//! - `outcome.persist`: the room changed; store [`Room::to_json`] (and every entry of
//!   `outcome.finished`, the games that ended) **before** sending anything;
//! - `outcome.messages`: `(Recipient, ServerMessage)` in sending order — replies to one
//!   connection ([`Recipient::Conn`]) first, then numbered events for every connection of the
//!   room ([`Recipient::Everyone`]).
//!
//! The calls:
//! - [`Room::create`]`(code, &CreateRequest, config, conn, now_ms, entropy)` — a `create`
//!   frame: the server chooses the code (the request's word, or a free PIN drawn with
//!   [`RoomCode::pin_from_random`]); the creator joins as host. Bad settings give the
//!   `nack bad` to send.
//! - [`Room::new`]`(code, settings, config, now_ms)` — a room without anyone (the always-open
//!   room `open`: [`RoomSettings::standard_untimed`]); the first person in becomes host.
//! - [`Room::handle`]`(conn, ClientMessage, now_ms, entropy)` — any other frame of a
//!   connection: `join` (binds the connection to a person; a token restores the same seat,
//!   queue place or spectator role; `v` asks for the missed events), then requests, `sync`,
//!   `ping`. The server routes `join` by its `room` code and answers unknown codes itself.
//! - [`Room::disconnect`]`(conn, now_ms)` — the connection closed.
//! - [`Room::tick`]`(now_ms)` at [`Room::next_deadline`] — flag falls, grace periods, host
//!   hand-over. Every other call also runs whatever is due first, so a late tick is harmless.
//! - [`Room::snapshot`]`(conn)` — a `state` message for a connection (e.g. to resynchronise a
//!   spectator whose send queue overflowed).
//! - [`Room::to_json`] / [`Room::restore`]`(json, now_ms)` — the persistent state (people and
//!   tokens, seats, queue, settings, match, game as saved-game JSON, clocks, event counter,
//!   remembered answers). A restored room has everyone offline with the grace period starting
//!   at `now_ms`, and charges the time the server was down to nobody. The recent-event log is
//!   not stored: after a restore, `sync` or `join` with an older `v` gets a `state`.
//! - [`Room::current_game`] — the live or last game's id and saved-game JSON for
//!   `GET /api/games/ID`; finished games arrive in `outcome.finished`.
//! - [`Room::summary`] for `GET /api/rooms`; [`Room::is_idle`] says when nobody is connected
//!   and no match runs (the room may then be dropped from memory and restored on demand).
//!
//! `entropy` is anything implementing [`Entropy`] (a closure `|| -> u64` will do): the room
//! draws tokens (128 bits), game ids, a sliding gap and Chess484 back ranks from it.
//!
//! # Behaviour
//! - Joining puts a person in the first free seat (White first), else at the back of the queue;
//!   `seat` moves between free seats, the queue and the spectators. Names are unique per room
//!   (case-insensitive); an offline spectator's name is free for a newcomer to take. Refused `create`/`join` frames are answered with `nack` and `a` = 0.
//! - The first match starts as soon as both seats are filled; later ones when the host (seated
//!   or queued) sends `next`, or when both seated players vote `rematch` and nobody is queued.
//!   When the same pair plays again in the same colours, colours swap.
//! - Winner stays on: with someone queued, the loser (after a draw: the player seated longest)
//!   goes to the back of the queue, the other player takes the other colour and the front of
//!   the queue takes the free seat — at once, when the match ends.
//! - A side is *absent* when its seat is empty or its player has no connection. During a live
//!   match an absent side has a grace period ([`RoomConfig::grace_ms`], 60 s by default); moves
//!   pause (the present player to move gets `nack turn` and its clock stops) while an absent
//!   player's clock runs when it is their turn. When the grace period ends the absent player
//!   loses by `abandonment` (a draw against a bare king, as for resignation), or the game is
//!   `aborted` (result `*`) if that side has not played a ply yet; the absent player leaves the
//!   seat. People offline for the grace period lose the host role (to the longest-present
//!   person online), their queue place, and between matches their seat.
//! - Clocks: the side to move is charged from the instant its turn began; the mover gets the
//!   increment; a flag falls at [`Room::next_deadline`] and the rules decide win or draw
//!   (FIDE 6.9). Regroupment setup steps run no clock.
//! - Events (`ev`) are numbered `v` = 1, 2, … per room; the last
//!   [`RoomConfig::event_log_len`] are kept to answer `sync` and `join` with `v`, otherwise a
//!   `state` is sent. Event kinds: `move`, `seat` (both seats with names and presence),
//!   `queue` (names), `crowd` (connected spectators; batched with
//!   [`RoomConfig::crowd_interval_ms`]), `offer` (standing draw offer and rematch
//!   votes), `end` (`result`, `reason`, `game_id`), `match` (a new match: players, settings,
//!   the fresh game as saved-game JSON), `chat`, `host` (host name and the settings for the
//!   next match).
//!   A joining client gets `welcome`, then a `state` that already includes the events its
//!   join caused; those events are also broadcast, and a client drops any `ev` whose `v` it
//!   already holds.
//! - `settings` carries the same `variant`, `options` and `clock` fields as `create` and
//!   replaces the settings as a whole (no `clock`: untimed). `state` adds to the spec's fields
//!   `code`, `game_id`, `paused`, `turn` (the side to act) and `you` (`name`, `role`, `host`);
//!   `move` events add `n` (the ply count after the move) and `end` events the final clocks.
//! - Requests with `a` are applied at most once per person: the same `a` gets the same answer
//!   again (`nack rate` is not remembered). `nack` reasons: `illegal` (the rules refuse),
//!   `stale` (a move whose `n` is not the ply count; a `state` follows), `turn` (not your turn,
//!   or paused), `role` (spectator, not host, seat taken, queue waiting), `over` (the game is
//!   over), `rate` (chat faster than [`RoomConfig::chat_burst`] lines per
//!   [`RoomConfig::chat_refill_ms`], or a full room), `bad` (anything that does not apply
//!   now).
//! - Abandonment is kept in the saved game as a resignation (the saved-game format has no
//!   abandonment reason); the finished-game record and the `end` event say `abandonment`.

pub mod people;
pub mod play;
pub mod protocol;
pub mod record;
pub mod room;
pub mod settings;
pub mod values;

pub use play::{ABANDONMENT, ABORTED};
pub use protocol::{
    parse_client_message, ClientMessage, ClockSpec, ClocksView, ColorName, CreateRequest, Event,
    JoinRequest, NackReason, ProtocolError, RoomCode, RoomView, SeatWish, ServerMessage, Token,
};
pub use record::FinishedGame;
pub use room::{ConnId, Entropy, Outcome, Recipient, Room, RoomSummary};
pub use settings::{RoomConfig, RoomSettings};
