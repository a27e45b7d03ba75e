//! Reading saved-game files for `check-save` and `perft --game`: bounded before anything is
//! read into memory, so that a huge file or an endless device (`/dev/zero`) is refused with a
//! message instead of exhausting memory.

use crate::CliError;
use rules::any::AnyGame;
use rules::save::{SaveError, MAX_BYTES};
use std::io::Read;
use std::path::Path;

/// Reads and fully validates a saved game.
pub fn load_game(path: &Path) -> Result<AnyGame, CliError> {
    let text = read_save_text(path)?;
    AnyGame::from_save_json(&text)
        .map(|(game, _players)| game)
        .map_err(|error| CliError::Input(format!("{}: {error}", path.display())))
}

/// Reads a saved game's text: at most [`MAX_BYTES`], and UTF-8.
pub fn read_save_text(path: &Path) -> Result<String, CliError> {
    let shown = path.display();
    let file = std::fs::File::open(path)
        .map_err(|error| CliError::Input(format!("cannot open {shown}: {error}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| CliError::Input(format!("cannot read {shown}: {error}")))?;
    if bytes.len() > MAX_BYTES {
        // A regular file knows its size; a device or pipe only shows that it goes on.
        let size = std::fs::metadata(path)
            .ok()
            .filter(|metadata| metadata.is_file() && metadata.len() > MAX_BYTES as u64)
            .map(|metadata| metadata.len());
        let message = match size {
            Some(bytes) => SaveError::TooLarge {
                bytes: bytes as usize,
                limit: MAX_BYTES,
            }
            .to_string(),
            None => format!(
                "the file is too large for a saved game (more than {MAX_BYTES} bytes, the limit)"
            ),
        };
        return Err(CliError::Input(format!("{shown}: {message}")));
    }
    String::from_utf8(bytes).map_err(|error| {
        CliError::Input(format!(
            "{shown}: not JSON: the file is not UTF-8 text (invalid byte at offset {})",
            error.utf8_error().valid_up_to()
        ))
    })
}
