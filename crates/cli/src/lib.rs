//! The `boardshift` command-line tool as a library: the command definitions, each command's
//! implementation, and the error type that decides the exit status. `main.rs` only parses and
//! exits; the test suites drive the UCI loop and the perft benchmark through this library.

pub mod bench;
mod check_save;
pub mod command;
mod input;
mod matches;
mod perft;
mod search_bench;
mod serve;
mod setups;
mod text;
mod tool_position;
pub mod uci;

use command::Command;
use std::io::{BufWriter, ErrorKind, Write};
use std::process::ExitCode;

/// Why a command failed. Bad input exits with status 2, an internal failure with 1; a closed
/// output pipe ends the command quietly and any other write failure is an internal failure.
#[derive(Debug)]
pub enum CliError {
    Input(String),
    Internal(String),
    Output(std::io::Error),
}

/// Write errors convert on `?`; reading errors are always mapped to `Input` with the path.
impl From<std::io::Error> for CliError {
    fn from(error: std::io::Error) -> CliError {
        CliError::Output(error)
    }
}

pub type CliResult = Result<(), CliError>;

/// Runs one parsed command and turns the outcome into the exit status (messages go to
/// standard error).
pub fn execute(command: Command) -> ExitCode {
    let name = command.name();
    let result = match command {
        // These two write from more than one thread or as they go: they own stdout.
        Command::Uci => uci::run(),
        Command::Serve(args) => serve::run(&args.to_arguments()),
        Command::Perft(args) => buffered(|out| perft::run(&args, out)),
        Command::Setups(args) => buffered(|out| setups::run(&args, out)),
        Command::CheckSave(args) => buffered(|out| check_save::run(&args, out)),
        Command::Bench(args) => match &args.what {
            Some(command::BenchWhat::Perft(perft)) => buffered(|out| bench::run(perft, &[], out)),
            None => buffered(|out| search_bench::run(&args, out)),
        },
        Command::Match(args) => buffered(|out| matches::run(&args, out)),
    };
    exit_status(name, result)
}

/// Runs `command` with standard output behind a buffer whose write errors are returned.
fn buffered(command: impl FnOnce(&mut dyn Write) -> CliResult) -> CliResult {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    command(&mut out)?;
    Ok(out.flush()?)
}

/// Prints the failure, if any, and picks the exit status.
pub fn exit_status(command_name: &str, result: CliResult) -> ExitCode {
    let (status, message) = match result {
        Ok(()) => return ExitCode::SUCCESS,
        // The reader has gone (`| head`): nobody is left to tell, and nothing went wrong here.
        Err(CliError::Output(error)) if error.kind() == ErrorKind::BrokenPipe => {
            return ExitCode::SUCCESS
        }
        Err(CliError::Output(error)) => (1, format!("cannot write output: {error}")),
        Err(CliError::Input(message)) => (2, message),
        Err(CliError::Internal(message)) => (1, format!("internal error: {message}")),
    };
    report(&format!(
        "boardshift {command_name}: {}",
        text::tidy_message(&message)
    ));
    ExitCode::from(status)
}

/// Writes a line to standard error; a failure there has nowhere else to be reported.
pub fn report(message: &str) {
    let _ = writeln!(std::io::stderr(), "{message}");
}
