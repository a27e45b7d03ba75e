//! The cluster tests' processes: server nodes started from the built binary (and paused,
//! resumed or killed by the tests), a private Redis that a test may restart, and the services
//! each test runs on.

use crate::common::process::{KilledOnDrop, ServerProcess};
use crate::common::services;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A cluster node: the server binary on the shared database and Redis, under its own name.
pub type Node = ServerProcess;

pub fn launch(name: &str, database: &str, redis: &str) -> Node {
    ServerProcess::start(
        name,
        &["--database", database, "--redis", redis, "--node", name],
    )
}

/// A Redis server of this test's own (so that it can be restarted), on a fixed port.
pub struct Redis {
    _process: KilledOnDrop,
    pub port: u16,
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
        let redis = Redis {
            _process: KilledOnDrop(child),
            port,
        };
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
