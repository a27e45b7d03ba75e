//! A connection's bounded send queue. The room task pushes into it without ever waiting; the
//! connection's writer drains it onto the socket. Replies (acks, nacks, welcome) always fit (the
//! per-connection rate limit bounds them), while room events are capped: a client too slow to
//! take them has its queued events replaced by one `state` snapshot, so it falls back into step
//! instead of being dropped or slowing the room.

use axum::extract::ws::Utf8Bytes;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;

/// Room events a connection may have waiting before it is resynchronised with a snapshot.
pub const MAX_QUEUED_EVENTS: usize = 128;

/// One queued frame. Texts are shared byte buffers: a room event is serialised once and the same
/// bytes go to every connection in the room.
#[derive(Clone, Debug, PartialEq)]
pub enum Frame {
    /// A reply to this connection's own request.
    Reply(Utf8Bytes),
    /// Room event number `v`.
    Event(Utf8Bytes),
    /// A full snapshot, which makes every queued event before it redundant.
    State(Utf8Bytes),
    /// Close the socket with this code and reason after sending what is queued before it.
    Close(u16, String),
}

#[derive(Default)]
struct Queue {
    frames: VecDeque<Frame>,
    events: usize,
    closed: bool,
}

/// The queue shared by a connection's writer and the room it is in.
#[derive(Default)]
pub struct Outbox {
    queue: Mutex<Queue>,
    ready: Notify,
}

impl Outbox {
    pub fn new() -> Arc<Outbox> {
        Arc::new(Outbox::default())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a reply; replies are never dropped while the connection is open.
    pub fn reply(&self, text: impl Into<Utf8Bytes>) {
        let mut queue = self.lock();
        if queue.closed {
            return;
        }
        queue.frames.push_back(Frame::Reply(text.into()));
        drop(queue);
        self.ready.notify_one();
    }

    /// Queues a room event; `false` when the connection already has too many waiting, in which
    /// case the caller sends [`Outbox::resync`] with a snapshot taken after this event.
    pub fn event(&self, text: Utf8Bytes) -> bool {
        let mut queue = self.lock();
        if queue.closed {
            return true;
        }
        if queue.events >= MAX_QUEUED_EVENTS {
            return false;
        }
        queue.events += 1;
        queue.frames.push_back(Frame::Event(text));
        drop(queue);
        self.ready.notify_one();
        true
    }

    /// Drops every queued event and snapshot and queues `state` (taken at the room's latest
    /// event) in their place; replies stay where they were.
    pub fn resync(&self, state: impl Into<Utf8Bytes>) {
        let mut queue = self.lock();
        if queue.closed {
            return;
        }
        queue
            .frames
            .retain(|frame| !matches!(frame, Frame::Event(_) | Frame::State(_)));
        queue.events = 0;
        queue.frames.push_back(Frame::State(state.into()));
        drop(queue);
        self.ready.notify_one();
    }

    /// Queues a close; nothing queued after it is sent.
    pub fn close(&self, code: u16, reason: impl Into<String>) {
        let mut queue = self.lock();
        if queue.closed {
            return;
        }
        queue.closed = true;
        queue.frames.push_back(Frame::Close(code, reason.into()));
        drop(queue);
        self.ready.notify_one();
    }

    pub fn is_closed(&self) -> bool {
        self.lock().closed
    }

    /// Moves everything queued into `into` without waiting.
    pub fn take_now(&self, into: &mut Vec<Frame>) {
        let mut queue = self.lock();
        into.extend(queue.frames.drain(..));
        queue.events = 0;
    }

    /// Moves everything queued into `into`, waiting until there is something.
    pub async fn take(&self, into: &mut Vec<Frame>) {
        loop {
            {
                let mut queue = self.lock();
                if !queue.frames.is_empty() {
                    into.extend(queue.frames.drain(..));
                    queue.events = 0;
                    return;
                }
            }
            self.ready.notified().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(frames: &[Frame]) -> Vec<String> {
        frames
            .iter()
            .map(|frame| match frame {
                Frame::Reply(t) => format!("reply {}", t.as_str()),
                Frame::Event(t) => format!("event {}", t.as_str()),
                Frame::State(t) => format!("state {}", t.as_str()),
                Frame::Close(code, _) => format!("close {code}"),
            })
            .collect()
    }

    #[tokio::test]
    async fn a_slow_reader_gets_a_snapshot_in_place_of_the_events_it_missed() {
        let outbox = Outbox::new();
        outbox.reply("ack 1");
        for v in 0..MAX_QUEUED_EVENTS {
            assert!(outbox.event(format!("{v}").into()));
        }
        assert!(!outbox.event("overflow".into()));
        outbox.resync("at 128");
        outbox.reply("ack 2");
        assert!(outbox.event("129".into()));
        let mut frames = Vec::new();
        outbox.take(&mut frames).await;
        assert_eq!(
            texts(&frames),
            vec!["reply ack 1", "state at 128", "reply ack 2", "event 129"]
        );
    }

    #[tokio::test]
    async fn nothing_is_queued_after_a_close() {
        let outbox = Outbox::new();
        outbox.close(1008, "bye");
        outbox.reply("late");
        assert!(outbox.event("late".into()));
        let mut frames = Vec::new();
        outbox.take(&mut frames).await;
        assert_eq!(texts(&frames), vec!["close 1008"]);
        assert!(outbox.is_closed());
    }
}
