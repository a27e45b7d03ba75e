//! The Boardshift online server: the built browser app as static files, authoritative game rooms
//! over a WebSocket (`/ws`), a small JSON API, and durability in SQLite (or PostgreSQL) — one process, started by
//! `boardshift serve` or [`run`]. Behaviour and protocol are described in `docs/`.

pub mod api;
pub mod cluster;
pub mod config;
pub mod http;
pub mod hub;
pub mod limits;
pub mod outbox;
mod room_task;
pub mod static_files;
pub mod store;
pub mod ws;

pub use config::{Config, Limits};

use std::net::SocketAddr;
use std::sync::Arc;

/// A server that is listening, for callers that embed it (tests, benchmarks).
pub struct Started {
    /// Where it listens (the real port when the config asked for port 0).
    pub address: SocketAddr,
    /// Serves until dropped with the runtime, or forever when awaited.
    pub serving: tokio::task::JoinHandle<()>,
}

/// Why the server could not start.
#[derive(Debug)]
pub struct StartError(pub String);

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StartError {}

/// Opens the database, restores the rooms it holds, binds the port and starts serving on the
/// current tokio runtime.
pub async fn start(config: Config) -> Result<Started, StartError> {
    let store = match &config.database {
        Some(url) => store::Store::connect(url).await,
        None => store::Store::open(&config.db).await,
    }
    .map_err(|error| StartError(error.to_string()))?;
    let cluster = match (&config.redis, &config.node) {
        (Some(url), Some(node)) => Some(
            cluster::Cluster::connect(url, node)
                .await
                .map_err(StartError)?,
        ),
        _ => None,
    };
    let limits = Arc::new(config.limits.clone());
    let hub = hub::Hub::new(store, limits.clone(), config.grace, cluster);
    hub.restore()
        .await
        .map_err(|error| StartError(format!("cannot restore rooms: {error}")))?;
    let files = static_files::router(config.dir.clone()).map_err(|error| {
        StartError(format!(
            "cannot serve {}: {error}",
            config
                .dir
                .as_ref()
                .map(|dir| dir.display().to_string())
                .unwrap_or_default()
        ))
    })?;
    let router = static_files::common_headers(api::router(hub).merge(files));
    let listener = tokio::net::TcpListener::bind((config.host, config.port))
        .await
        .map_err(|error| {
            StartError(format!(
                "cannot listen on {}:{}: {error}",
                config.host, config.port
            ))
        })?;
    let address = listener
        .local_addr()
        .map_err(|error| StartError(format!("no local address: {error}")))?;
    let serving = tokio::spawn(http::serve(listener, router, limits));
    Ok(Started { address, serving })
}

/// Runs the server until the process is stopped: prints the URL as the first line of output,
/// then serves. Builds its own multi-threaded tokio runtime.
pub fn run(config: Config) -> Result<(), StartError> {
    if let Some(dir) = &config.dir {
        if !dir.join("index.html").is_file() {
            return Err(StartError(format!(
                "'{}' has no index.html; build the app first (scripts/build-web)",
                dir.display()
            )));
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| StartError(format!("cannot start the runtime: {error}")))?;
    runtime.block_on(async move {
        let started = start(config).await?;
        println!("http://{}/", started.address);
        use std::io::Write;
        let _ = std::io::stdout().flush();
        tokio::select! {
            _ = started.serving => Ok(()),
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    })
}

/// Milliseconds since the Unix epoch: the rooms' clock (wall time, since room state outlives the
/// process).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_millis() as u64)
        .unwrap_or(0)
}
