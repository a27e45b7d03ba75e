//! `boardshift-server [--port N] [--dir DIR] [--db PATH] [--grace-s S] …`: the online server on
//! its own, the same as `boardshift serve` (used by the crash test and the load benchmark).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match boardshift_server::Config::from_args(&args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("boardshift-server: {message}");
            return ExitCode::from(2);
        }
    };
    match boardshift_server::run(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("boardshift-server: {error}");
            ExitCode::from(1)
        }
    }
}
