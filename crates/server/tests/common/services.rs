//! PostgreSQL and Redis for the tests that need them: the ones named by `BOARDSHIFT_POSTGRES`
//! and `BOARDSHIFT_REDIS` when both are set, otherwise a private pair started with
//! `scripts/start-services` and stopped again (exactly those processes) when dropped. When they
//! cannot be had, [`services`] says why and the calling test skips itself — except in CI
//! (`CI=true`), where a missing service fails the test.

use sqlx::{AnyConnection, Connection, Executor};
use std::path::PathBuf;
use std::process::Command;

pub struct Services {
    /// `postgres://…` of a database the tests may create databases next to.
    pub postgres: String,
    /// `redis://…`.
    pub redis: String,
    /// The folder of services started here, stopped on drop.
    started: Option<String>,
}

impl Drop for Services {
    fn drop(&mut self) {
        if let Some(dir) = &self.started {
            let _ = Command::new(scripts_dir().join("stop-services"))
                .arg(dir)
                .status();
        }
    }
}

fn scripts_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts")
}

/// The services, or `None` (after printing why) when they cannot be started here.
pub fn services(test: &str) -> Option<Services> {
    if let (Ok(postgres), Ok(redis)) = (
        std::env::var("BOARDSHIFT_POSTGRES"),
        std::env::var("BOARDSHIFT_REDIS"),
    ) {
        return Some(Services {
            postgres,
            redis,
            started: None,
        });
    }
    let output = Command::new(scripts_dir().join("start-services")).output();
    let skip = |why: String| {
        unavailable(
            test,
            &format!(
                "PostgreSQL and Redis could not be started ({why}); \
                 run scripts/install-deps, or set BOARDSHIFT_POSTGRES and BOARDSHIFT_REDIS"
            ),
        );
        None
    };
    let output = match output {
        Ok(output) => output,
        Err(error) => return skip(error.to_string()),
    };
    let printed = String::from_utf8_lossy(&output.stdout).to_string();
    let value = |name: &str| {
        printed
            .lines()
            .find_map(|line| line.strip_prefix(&format!("{name}=")))
            .map(str::to_string)
    };
    let started = value("BOARDSHIFT_SERVICES_DIR");
    match (
        output.status.success(),
        value("BOARDSHIFT_POSTGRES"),
        value("BOARDSHIFT_REDIS"),
    ) {
        (true, Some(postgres), Some(redis)) => Some(Services {
            postgres,
            redis,
            started,
        }),
        _ => {
            if let Some(dir) = started {
                let _ = Command::new(scripts_dir().join("stop-services"))
                    .arg(dir)
                    .status();
            }
            skip(String::from_utf8_lossy(&output.stderr).trim().to_string())
        }
    }
}

/// Says that `test` is skipped because of `why`; in CI, fails it instead.
pub fn unavailable(test: &str, why: &str) {
    if std::env::var("CI").is_ok_and(|ci| ci == "true") {
        panic!("{test}: {why} (CI=true: services are required)");
    }
    eprintln!("SKIPPED {test}: {why}");
}

impl Services {
    /// A new, empty PostgreSQL database; its URL.
    pub async fn fresh_database(&self, name: &str) -> String {
        sqlx::any::install_default_drivers();
        let database = format!(
            "{name}_{}_{}",
            std::process::id(),
            boardshift_server::now_ms()
        )
        .replace('-', "_");
        let mut connection = AnyConnection::connect(&self.postgres)
            .await
            .expect("connects to PostgreSQL");
        connection
            .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {database}")))
            .await
            .expect("creates a database");
        let base = self
            .postgres
            .rsplit_once('/')
            .map(|(base, _)| base)
            .expect("a database URL");
        format!("{base}/{database}")
    }
}
