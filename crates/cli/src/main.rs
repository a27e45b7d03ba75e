//! The `boardshift` command-line tool: perft, setups, check-save, uci, bench, match, serve.

mod args;
mod bench;
mod check_save;
mod matches;
mod perft;
mod search_bench;
mod serve;
mod setups;
mod uci;

use rules::any::AnyGame;
use std::process::ExitCode;

/// Why a command failed: bad input exits with status 2, an internal failure with 1.
#[derive(Debug)]
pub enum CliError {
    Input(String),
    Internal(String),
}

pub type CliResult = Result<(), CliError>;

const USAGE: &str = "usage: boardshift <command> [options]
commands:
  perft --variant V [--option K=V]… [--fen TEXT | --game FILE] [--moves \"…\"] --depth N [--divide]
  setups --variant regroupment [--option K=V]…
  check-save FILE
  uci
  bench [perft] [--depth N]
  match --variant V --white LEVEL --black LEVEL --games N [--option K=V]…
  serve [--port N] [--dir DIR]";

/// Reads and fully validates a saved game (size-limited), for commands that take `--game`.
pub fn load_game(path: &str) -> Result<AnyGame, CliError> {
    let text = read_limited(path)?;
    AnyGame::from_save_json(&text)
        .map(|(game, _players)| game)
        .map_err(|e| CliError::Input(format!("{path}: {e}")))
}

/// Reads a text file, refusing absurd sizes before reading them into memory.
pub fn read_limited(path: &str) -> Result<String, CliError> {
    const LIMIT: u64 = 16 * 1024 * 1024;
    let metadata =
        std::fs::metadata(path).map_err(|e| CliError::Input(format!("cannot read {path}: {e}")))?;
    if metadata.len() > LIMIT {
        return Err(CliError::Input(format!(
            "{path} is {} bytes; files over {LIMIT} bytes are refused",
            metadata.len()
        )));
    }
    std::fs::read_to_string(path).map_err(|e| CliError::Input(format!("cannot read {path}: {e}")))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "perft" => perft::run(rest),
        "setups" => setups::run(rest),
        "check-save" => check_save::run(rest),
        "uci" => uci::run(rest),
        "bench" if rest.first().map(String::as_str) == Some("perft") => bench::run(&rest[1..]),
        "bench" => search_bench::run(rest),
        "match" => matches::run(rest),
        "serve" => serve::run(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(CliError::Input(format!(
            "unknown command '{command}'\n{USAGE}"
        ))),
    };
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
