//! The UCI session's two streams: input read as bytes one bounded line at a time, and output
//! shared between the command loop and the input thread, whose first failure ends the session.

use crate::text::tidy_message;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Longest input line read; a longer one is skipped with a message (a game of a thousand
/// moves in any variant stays far below it).
pub(super) const MAX_LINE_BYTES: usize = 1 << 20;

/// One input line: its text (bytes that are not UTF-8 read as U+FFFD), or the size of a line
/// too long to keep.
pub(super) enum InputLine {
    Text(String),
    TooLong(usize),
}

/// Reads up to the next newline without ever holding more than [`MAX_LINE_BYTES`]; `None` at
/// the end of input (a read error ends it too: the GUI is gone).
pub(super) fn read_line<R: BufRead>(input: &mut R) -> Option<InputLine> {
    let mut kept = Vec::new();
    let mut total = 0usize;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => &[],
        };
        if available.is_empty() {
            return (total > 0).then(|| finish_line(kept, total));
        }
        let (chunk, found_newline) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], true),
            None => (available, false),
        };
        if total + chunk.len() <= MAX_LINE_BYTES {
            kept.extend_from_slice(chunk);
        }
        total += chunk.len();
        let used = chunk.len() + usize::from(found_newline);
        input.consume(used);
        if found_newline {
            return Some(finish_line(kept, total));
        }
    }
}

fn finish_line(kept: Vec<u8>, total: usize) -> InputLine {
    if total > MAX_LINE_BYTES {
        InputLine::TooLong(total)
    } else {
        InputLine::Text(String::from_utf8_lossy(&kept).into_owned())
    }
}

/// The output stream, shared by the command loop and the input thread; one line at a time.
/// The first write failure is kept, stops any search and ends the session: a closed pipe
/// means the GUI has gone.
#[derive(Clone)]
pub(super) struct Output {
    state: Arc<Mutex<OutputState>>,
    stop: Arc<AtomicBool>,
}

struct OutputState {
    writer: Box<dyn Write + Send>,
    failure: Option<std::io::Error>,
}

impl Output {
    pub(super) fn new(writer: Box<dyn Write + Send>, stop: Arc<AtomicBool>) -> Output {
        let state = OutputState {
            writer,
            failure: None,
        };
        Output {
            state: Arc::new(Mutex::new(state)),
            stop,
        }
    }

    pub(super) fn line(&self, text: &str) {
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if state.failure.is_some() {
            return;
        }
        let written = writeln!(state.writer, "{text}").and_then(|()| state.writer.flush());
        if let Err(error) = written {
            state.failure = Some(error);
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// `info string …` on one line, with echoed input clipped.
    pub(super) fn info(&self, message: &str) {
        let message = tidy_message(message).replace(['\n', '\r'], " ");
        self.line(&format!("info string {message}"));
    }

    pub(super) fn failed(&self) -> bool {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .failure
            .is_some()
    }

    pub(super) fn take_failure(&self) -> Option<std::io::Error> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .failure
            .take()
    }
}
