//! The cluster tests' processes: server nodes started from the built binary (and paused,
//! resumed or killed by the tests), a private Redis that a test may restart, and the services
//! each test runs on.

use crate::common::services;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Node {
    child: Child,
    pub address: SocketAddr,
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Node {
    /// Stops the node's process and returns once every one of its threads has stopped. kill(2)
    /// returns before that: one thread is woken to begin the group stop, and on a busy machine
    /// the others may run on for milliseconds, long enough to serve a message sent meanwhile.
    pub fn pause(&self) {
        let pid = self.child.id() as i32;
        // SAFETY: kill(2) on the id of a child this test started and has not reaped.
        unsafe { libc::kill(pid, libc::SIGSTOP) };
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let mut status = 0;
            // SAFETY: waitpid(2) on that same child; WNOHANG keeps it from blocking, and a stop
            // report leaves the child alive and waitable for `Drop`.
            let reported =
                unsafe { libc::waitpid(pid, &mut status, libc::WUNTRACED | libc::WNOHANG) };
            if reported == pid && libc::WIFSTOPPED(status) {
                return;
            }
            assert!(
                reported == 0,
                "the paused node is gone (waitpid: {reported}, status {status})"
            );
            assert!(
                Instant::now() < deadline,
                "the node did not stop within 10 s"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    pub fn resume(&self) {
        // SAFETY: kill(2) on the id of a child this test started and has not reaped.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGCONT) };
    }
}

pub fn launch(name: &str, database: &str, redis: &str) -> Node {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardshift-server"))
        .args(["--port", "0", "--database", database, "--redis", redis])
        .args(["--node", name])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("the URL line");
    let address = first
        .trim()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .unwrap_or_else(|_| panic!("{name}: first line is the URL: {first:?}"));
    Node { child, address }
}

/// A Redis server of this test's own (so that it can be restarted), on a fixed port.
pub struct Redis {
    child: Child,
    pub port: u16,
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Redis {
    pub fn start(port: u16) -> Option<Redis> {
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let redis = Redis { child, port };
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(redis)
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}

/// PostgreSQL (a fresh database) and a private Redis, or `None` to skip (never in CI).
pub async fn cluster_services(test: &str) -> Option<(services::Services, String, Redis)> {
    let services = services::services(test)?;
    let database = services.fresh_database(test).await;
    let Some(redis) = Redis::start(free_port()) else {
        services::unavailable(test, "redis-server did not start");
        return None;
    };
    Some((services, database, redis))
}
