//! `boardshift check-save FILE`: validates and replays a saved game, then prints the final
//! position text on one line and the result on the next (`1-0 checkmate`, `*`). A bad file
//! exits with status 2 and the reason.

use crate::{CliError, CliResult};
use rules::any::AnyGame;
use rules::save::{SaveError, MAX_BYTES};
use std::io::Read;

pub fn run(args: &[String]) -> CliResult {
    let [path] = args else {
        return Err(CliError::Input(
            "usage: boardshift check-save FILE".to_string(),
        ));
    };
    let text = read_limited(path)?;
    let (game, _players) = AnyGame::from_save_json(&text)
        .map_err(|error| CliError::Input(format!("{path}: {error}")))?;
    println!("{}", game.position_text());
    let status = game.status();
    match status.reason {
        Some(reason) => println!("{} {}", status.outcome.result_text(), reason.name()),
        None => println!("{}", status.outcome.result_text()),
    }
    Ok(())
}

/// Reads the file as UTF-8 text, refusing anything larger than a saved game may be without
/// reading it all.
fn read_limited(path: &str) -> Result<String, CliError> {
    let file = std::fs::File::open(path)
        .map_err(|error| CliError::Input(format!("cannot open {path}: {error}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| CliError::Input(format!("cannot read {path}: {error}")))?;
    if bytes.len() > MAX_BYTES {
        let size = std::fs::metadata(path).map_or(bytes.len(), |m| m.len() as usize);
        return Err(CliError::Input(format!(
            "{path}: {}",
            SaveError::TooLarge {
                bytes: size,
                limit: MAX_BYTES
            }
        )));
    }
    String::from_utf8(bytes).map_err(|error| {
        CliError::Input(format!(
            "{path}: not JSON: the file is not UTF-8 text (invalid byte at offset {})",
            error.utf8_error().valid_up_to()
        ))
    })
}
