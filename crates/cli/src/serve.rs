//! `boardshift serve [--port N] [--dir DIR] [--db PATH] [--redis URL --node NAME] …`: the built app, the
//! online rooms and the game API in one server (`boardshift_server`). The first line printed
//! is the URL.

use crate::{CliError, CliResult};

pub fn run(args: &[String]) -> CliResult {
    let config = boardshift_server::Config::from_args(args).map_err(CliError::Input)?;
    boardshift_server::run(config).map_err(|error| CliError::Input(error.to_string()))
}
