//! The connection layer under the router: accepts TCP connections up to a cap, refuses the rest
//! with a 503 instead of failing, and runs HTTP/1.1 with deadlines so that slow or silent clients
//! cannot hold the server (a head that arrives byte by byte, a client that never reads).

use crate::config::Limits;
use axum::body::Body;
use axum::Router;
use http::{Request, Response, StatusCode};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

/// Longest request target accepted; longer ones get 414.
pub const MAX_URI_BYTES: usize = 4096;
/// Read buffer for one request head; a head that does not fit gets 431.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;

/// The address a request came from, put in every request's extensions.
#[derive(Clone, Copy, Debug)]
pub struct ClientAddress(pub SocketAddr);

/// The connection's socket, for the one socket option a handler sets on it (the WebSocket
/// send buffer). Valid while the request it came with is being served: the connection, and so
/// the descriptor, outlives every request on it.
#[derive(Clone, Copy, Debug)]
pub struct ClientSocket(std::os::fd::RawFd);

impl ClientSocket {
    /// Caps the kernel's send buffer of this connection at about `bytes` (the kernel doubles
    /// it for its own bookkeeping), which also turns off the buffer's growth.
    pub fn limit_send_buffer(self, bytes: usize) {
        let size = libc::c_int::try_from(bytes).unwrap_or(libc::c_int::MAX);
        // SAFETY: the descriptor is the live connection's (see the type's documentation), and
        // the option value is a c_int of the size passed.
        unsafe {
            libc::setsockopt(
                self.0,
                libc::SOL_SOCKET,
                libc::SO_SNDBUF,
                (&size as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            );
        }
    }
}

/// The key per-address limits are counted under: the IPv4 address, or the /64 of an IPv6 one
/// (one household or host usually owns a whole /64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AddressKey(u128);

impl AddressKey {
    pub fn of(address: IpAddr) -> AddressKey {
        match address {
            IpAddr::V4(v4) => AddressKey(u32::from(v4) as u128),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => AddressKey(u32::from(v4) as u128),
                None => AddressKey((u128::from(v6) >> 64) << 64 | 1 << 32),
            },
        }
    }
}

/// Counts open connections, globally and per address.
pub struct ConnectionSlots {
    total: Arc<Semaphore>,
    per_address: Mutex<HashMap<AddressKey, u32>>,
    max_per_address: u32,
}

/// One held connection slot; dropping it frees the slot.
pub struct ConnectionSlot {
    _permit: OwnedSemaphorePermit,
    slots: Arc<ConnectionSlots>,
    key: AddressKey,
}

impl ConnectionSlots {
    pub fn new(max_total: usize, max_per_address: u32) -> Arc<ConnectionSlots> {
        Arc::new(ConnectionSlots {
            total: Arc::new(Semaphore::new(max_total)),
            per_address: Mutex::new(HashMap::new()),
            max_per_address,
        })
    }

    fn try_take(self: &Arc<Self>, address: IpAddr) -> Option<ConnectionSlot> {
        let permit = self.total.clone().try_acquire_owned().ok()?;
        let key = AddressKey::of(address);
        let mut counts = self.per_address.lock().unwrap_or_else(|e| e.into_inner());
        let count = counts.entry(key).or_insert(0);
        if *count >= self.max_per_address {
            return None;
        }
        *count += 1;
        Some(ConnectionSlot {
            _permit: permit,
            slots: self.clone(),
            key,
        })
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut counts = self
            .slots
            .per_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(count) = counts.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

/// How many file descriptors the process may still open, so the connection cap stays under it
/// (running out of descriptors must refuse connections, not break the database or the listener).
pub fn descriptor_budget() -> Option<usize> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit only read and write the struct we pass.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max.min(1 << 20),
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    usize::try_from(limit.rlim_cur).ok()
}

/// Accepts connections forever, serving each with `router`.
pub async fn serve(listener: TcpListener, router: Router, limits: Arc<Limits>) {
    let reserve_for_files = 64;
    let cap = match descriptor_budget() {
        Some(budget) => limits
            .max_connections
            .min(budget.saturating_sub(reserve_for_files).max(1)),
        None => limits.max_connections,
    };
    let slots = ConnectionSlots::new(cap, limits.max_connections_per_address);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of descriptors or a connection reset before accept: wait a moment instead of
                // spinning, and keep serving the connections we have.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(slot) = slots.try_take(peer.ip()) else {
            refuse(stream);
            continue;
        };
        let router = router.clone();
        let limits = limits.clone();
        tokio::spawn(async move {
            serve_connection(stream, peer, router, &limits).await;
            drop(slot);
        });
    }
}

/// Tells a client over the cap to come back later, without waiting on it.
fn refuse(stream: TcpStream) {
    let _ = stream.try_write(
        b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: 21\r\nretry-after: 5\r\nconnection: close\r\n\r\nserver is at capacity",
    );
}

async fn serve_connection(stream: TcpStream, peer: SocketAddr, router: Router, limits: &Limits) {
    let _ = stream.set_nodelay(true);
    let socket = ClientSocket(std::os::fd::AsRawFd::as_raw_fd(&stream));
    let io = GuardedIo::new(stream, limits.idle_timeout, limits.write_stall_timeout);
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        let router = router.clone();
        request.extensions_mut().insert(ClientAddress(peer));
        request.extensions_mut().insert(socket);
        async move {
            if request.uri().to_string().len() > MAX_URI_BYTES {
                return Ok::<_, std::convert::Infallible>(plain(
                    StatusCode::URI_TOO_LONG,
                    "request target too long\n",
                ));
            }
            router.oneshot(request.map(Body::new)).await
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_buf_size(MAX_HEAD_BYTES)
        .max_headers(64)
        // A client may shut its sending side once the request is out (`nc -N`, scripts): answer
        // it. Without this a request whose end of stream is read with it is dropped unanswered
        // whenever the handler has not finished by the next read.
        .half_close(true)
        .keep_alive(true);
    let _ = builder
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades()
        .await;
}

/// A short plain-text response.
pub fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    let mut response = Response::new(Body::from(text));
    *response.status_mut() = status;
    response.headers_mut().insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// A TCP stream that fails a read after `idle` without data and a write that stays blocked for
/// `write_stall`, so a silent or non-reading client frees its connection by itself.
pub struct GuardedIo {
    inner: TcpStream,
    idle: Duration,
    write_stall: Duration,
    read_deadline: Pin<Box<Sleep>>,
    write_deadline: Option<Pin<Box<Sleep>>>,
}

impl GuardedIo {
    pub fn new(inner: TcpStream, idle: Duration, write_stall: Duration) -> GuardedIo {
        GuardedIo {
            inner,
            idle,
            write_stall,
            read_deadline: Box::pin(tokio::time::sleep(idle)),
            write_deadline: None,
        }
    }

    /// Called when a write is pending: starts the stall clock or reports that it ran out.
    fn poll_write_stalled(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        let stall = self.write_stall;
        let deadline = self
            .write_deadline
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(stall)));
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(io::Error::new(
                io::ErrorKind::TimedOut,
                "client stopped reading",
            )),
            Poll::Pending => Poll::Pending,
        }
    }

    fn write_outcome<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match poll {
            Poll::Ready(result) => {
                self.write_deadline = None;
                Poll::Ready(result)
            }
            Poll::Pending => match self.poll_write_stalled(cx) {
                Poll::Ready(error) => Poll::Ready(Err(error)),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncRead for GuardedIo {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Ready(result) => {
                let next = Instant::now() + this.idle;
                this.read_deadline.as_mut().reset(next);
                Poll::Ready(result)
            }
            Poll::Pending => match this.read_deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "connection idle too long",
                ))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for GuardedIo {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.write_outcome(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.write_outcome(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.write_outcome(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.write_outcome(cx, poll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_addresses_are_counted_per_64() {
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(AddressKey::of(a), AddressKey::of(b));
        assert_ne!(AddressKey::of(a), AddressKey::of(c));
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        let v4: IpAddr = "127.0.0.1".parse().unwrap();
        assert_eq!(AddressKey::of(mapped), AddressKey::of(v4));
    }

    #[test]
    fn slots_refuse_past_the_caps_and_free_on_drop() {
        let slots = ConnectionSlots::new(3, 2);
        let home: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let first = slots.try_take(home).unwrap();
        let _second = slots.try_take(home).unwrap();
        assert!(slots.try_take(home).is_none(), "per-address cap");
        let _third = slots.try_take(other).unwrap();
        assert!(slots.try_take(other).is_none(), "total cap");
        drop(first);
        assert!(slots.try_take(home).is_some());
    }
}
