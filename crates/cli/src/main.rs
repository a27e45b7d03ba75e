//! The `boardshift` binary: parses the command line and runs the command (see `lib.rs`).

use boardshift_cli::command::Cli;
use boardshift_cli::{exit_status, CliError};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    match Cli::try_parse() {
        Ok(cli) => boardshift_cli::execute(cli.command),
        Err(error) => {
            // Usage errors exit 2; `--help` and `--version` print to stdout and exit 0, unless
            // that printing itself fails.
            let printed = error.print();
            match (error.exit_code(), printed) {
                (0, Err(write_error)) => exit_status("help", Err(CliError::Output(write_error))),
                (0, Ok(())) => ExitCode::SUCCESS,
                _ => ExitCode::from(2),
            }
        }
    }
}
