//! `boardshift check-save FILE`: validates and replays a saved game, then prints the final
//! position text on one line and the result on the next (`1-0 checkmate`, `*`). A bad file
//! exits with status 2 and the reason.

use crate::command::CheckSaveArgs;
use crate::input::load_game;
use crate::CliResult;
use std::io::Write;

pub fn run(args: &CheckSaveArgs, out: &mut dyn Write) -> CliResult {
    let game = load_game(&args.file)?;
    writeln!(out, "{}", game.position_text())?;
    let status = game.status();
    match status.reason {
        Some(reason) => writeln!(out, "{} {}", status.outcome.result_text(), reason.name())?,
        None => writeln!(out, "{}", status.outcome.result_text())?,
    }
    Ok(())
}
