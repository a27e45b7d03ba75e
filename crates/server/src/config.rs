//! Server settings: what `boardshift serve` and the `boardshift-server` binary accept on the
//! command line, with the defaults documented in `docs/`.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::time::Duration;

/// Everything [`crate::run`] needs to start a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on; loopback unless the operator asks for more.
    pub host: IpAddr,
    /// TCP port; 0 picks any free port (the printed URL says which).
    pub port: u16,
    /// The built browser app; `None` serves only the API and the WebSocket.
    pub dir: Option<PathBuf>,
    /// SQLite database file holding rooms, events and finished games.
    pub db: PathBuf,
    /// A database URL (`postgres://USER@HOST/DB` or `sqlite://PATH`) used instead of `db`.
    pub database: Option<String>,
    /// Redis (`redis://HOST:PORT`) shared by several nodes; `None` runs one node alone.
    pub redis: Option<String>,
    /// This node's name among several (letters, digits, `-`, `_`); needed with `redis`.
    pub node: Option<String>,
    /// How long a seated player whose connections all dropped keeps the seat.
    pub grace: Duration,
    /// Abuse limits; see [`Limits`].
    pub limits: Limits,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            dir: None,
            db: PathBuf::from("boardshift.db"),
            database: None,
            redis: None,
            node: None,
            grace: Duration::from_secs(60),
            limits: Limits::default(),
        }
    }
}

/// Limits that keep one client or one address from hurting the others.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Open connections the whole server accepts; further ones are refused (not queued).
    pub max_connections: usize,
    /// Open connections from one address (IPv6: one /64).
    pub max_connections_per_address: u32,
    /// Messages one WebSocket may send per second, sustained.
    pub messages_per_second: u32,
    /// Messages one WebSocket may send in a burst.
    pub message_burst: u32,
    /// Failed joins (unknown room) from one address per minute, sustained.
    pub failed_joins_per_minute: u32,
    /// Failed joins from one address in a burst.
    pub failed_join_burst: u32,
    /// Rooms one address may create per minute, sustained.
    pub rooms_per_minute: u32,
    /// Rooms one address may create in a burst.
    pub room_burst: u32,
    /// Time a client has to send a complete request head.
    pub header_read_timeout: Duration,
    /// Time a write may stay blocked on a client that does not read before the connection is cut.
    pub write_stall_timeout: Duration,
    /// Time a connection may stay silent before it is cut (WebSockets are pinged more often).
    pub idle_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 4096,
            max_connections_per_address: 64,
            messages_per_second: 10,
            message_burst: 40,
            failed_joins_per_minute: 2,
            failed_join_burst: 8,
            rooms_per_minute: 2,
            room_burst: 6,
            header_read_timeout: Duration::from_secs(10),
            write_stall_timeout: Duration::from_secs(20),
            idle_timeout: Duration::from_secs(75),
        }
    }
}

impl Limits {
    /// Multiplies every per-address limit by `factor` (load tests run thousands of clients from
    /// one loopback address).
    pub fn scale_per_address(&mut self, factor: u32) {
        let factor = factor.max(1);
        self.max_connections_per_address = self.max_connections_per_address.saturating_mul(factor);
        self.failed_joins_per_minute = self.failed_joins_per_minute.saturating_mul(factor);
        self.failed_join_burst = self.failed_join_burst.saturating_mul(factor);
        self.rooms_per_minute = self.rooms_per_minute.saturating_mul(factor);
        self.room_burst = self.room_burst.saturating_mul(factor);
    }
}

/// Usage text for the flags [`Config::from_args`] understands.
pub const USAGE: &str =
    "serve [--port N] [--dir DIR] [--db PATH | --database URL] [--redis URL --node NAME] \
[--grace-s SECONDS] [--host ADDR] [--max-connections N] [--message-rate N] [--address-limit-scale N]";

impl Config {
    /// Reads `--port`, `--dir`, `--db`, `--database`, `--redis`, `--node`, `--grace-s`, `--host`,
    /// `--max-connections`,
    /// `--message-rate` (messages per second per connection; the burst is four times it) and
    /// `--address-limit-scale` (each followed by its value).
    pub fn from_args(args: &[String]) -> Result<Config, String> {
        let mut config = Config::default();
        let mut index = 0;
        while index < args.len() {
            let flag = args[index].as_str();
            let Some(value) = args.get(index + 1) else {
                return Err(format!("{flag} needs a value (usage: {USAGE})"));
            };
            match flag {
                "--port" => config.port = parse_number(flag, value)?,
                "--dir" => config.dir = Some(PathBuf::from(value)),
                "--db" => config.db = PathBuf::from(value),
                "--database" => {
                    if !(value.starts_with("postgres://")
                        || value.starts_with("postgresql://")
                        || value.starts_with("sqlite://"))
                    {
                        return Err(format!(
                            "--database needs a postgres:// or sqlite:// URL, got '{value}'"
                        ));
                    }
                    config.database = Some(value.clone())
                }
                "--redis" => {
                    if !(value.starts_with("redis://") || value.starts_with("rediss://")) {
                        return Err(format!("--redis needs a redis:// URL, got '{value}'"));
                    }
                    config.redis = Some(value.clone())
                }
                "--node" => {
                    let valid = !value.is_empty()
                        && value.len() <= 64
                        && value
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
                    if !valid {
                        return Err(format!(
                            "--node needs a name of letters, digits, '-' and '_', got '{value}'"
                        ));
                    }
                    config.node = Some(value.clone())
                }
                "--grace-s" => config.grace = Duration::from_secs(parse_number(flag, value)?),
                "--host" => {
                    config.host = value
                        .parse()
                        .map_err(|_| format!("--host needs an IP address, got '{value}'"))?
                }
                "--max-connections" => config.limits.max_connections = parse_number(flag, value)?,
                "--message-rate" => {
                    let rate: u32 = parse_number(flag, value)?;
                    config.limits.messages_per_second = rate.max(1);
                    config.limits.message_burst = rate.max(1).saturating_mul(4);
                }
                "--address-limit-scale" => {
                    config.limits.scale_per_address(parse_number(flag, value)?)
                }
                _ => return Err(format!("unknown argument '{flag}' (usage: {USAGE})")),
            }
            index += 2;
        }
        match (&config.redis, &config.node, &config.database) {
            (Some(_), None, _) | (None, Some(_), _) => {
                return Err("--redis and --node go together (usage: {USAGE})"
                    .replace("{USAGE}", USAGE))
            }
            (Some(_), Some(_), database)
                if !database
                    .as_deref()
                    .is_some_and(|url| url.starts_with("postgres")) =>
            {
                return Err(
                    "--redis needs --database postgres://… shared by every node (never one SQLite file)"
                        .to_string(),
                )
            }
            _ => {}
        }
        Ok(config)
    }
}

fn parse_number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} needs a whole number, got '{value}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn flags_fill_the_config() {
        let config = Config::from_args(&strings(&[
            "--port",
            "0",
            "--dir",
            "dist",
            "--db",
            "x.db",
            "--grace-s",
            "5",
        ]))
        .unwrap();
        assert_eq!(config.port, 0);
        assert_eq!(config.dir, Some(PathBuf::from("dist")));
        assert_eq!(config.db, PathBuf::from("x.db"));
        assert_eq!(config.grace, Duration::from_secs(5));
        assert_eq!(config.database, None);
        let shared = Config::from_args(&strings(&["--database", "postgres://u@h/db"])).unwrap();
        assert_eq!(shared.database.as_deref(), Some("postgres://u@h/db"));
        let error = Config::from_args(&strings(&["--database", "mysql://x"])).unwrap_err();
        assert!(error.contains("--database"), "{error}");
        let node = Config::from_args(&strings(&[
            "--database",
            "postgres://u@h/db",
            "--redis",
            "redis://127.0.0.1:6379",
            "--node",
            "n-1",
        ]))
        .unwrap();
        assert_eq!(node.redis.as_deref(), Some("redis://127.0.0.1:6379"));
        assert_eq!(node.node.as_deref(), Some("n-1"));
        for bad in [
            &["--redis", "redis://h:1"][..],
            &["--node", "a"],
            &["--redis", "redis://h:1", "--node", "a"],
            &[
                "--database",
                "postgres://u@h/db",
                "--redis",
                "redis://h:1",
                "--node",
                "a/b",
            ],
        ] {
            assert!(Config::from_args(&strings(bad)).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn bad_flags_are_named() {
        let error = Config::from_args(&strings(&["--port", "http"])).unwrap_err();
        assert!(error.contains("--port"), "{error}");
        let error = Config::from_args(&strings(&["--colour", "red"])).unwrap_err();
        assert!(error.contains("--colour"), "{error}");
        let error = Config::from_args(&strings(&["--db"])).unwrap_err();
        assert!(error.contains("needs a value"), "{error}");
    }
}
