//! The `boardshift` command-line tool: perft, setups, check-save, uci, bench, match, serve.

use std::process::ExitCode;

/// Why a command failed: bad input exits with status 2, an internal failure with 1.
#[derive(Debug)]
pub enum CliError {
    Input(String),
    Internal(String),
}

pub type CliResult = Result<(), CliError>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprintln!("usage: boardshift <command> [options]; commands: perft setups check-save uci bench match serve");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        _ => Err(CliError::Input(format!("unknown command '{command}'"))),
    };
    let _ = rest;
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Input(message)) => {
            eprintln!("boardshift {command}: {message}");
            ExitCode::from(2)
        }
        Err(CliError::Internal(message)) => {
            eprintln!("boardshift {command}: internal error: {message}");
            ExitCode::from(1)
        }
    }
}
