//! Keeping echoed input short: error messages quote what the user gave, but a multi-megabyte
//! argument or line must not come back whole (twice) on the terminal.

/// How many characters of an echoed value are kept.
pub const ECHO_CHARS: usize = 80;

/// Longest message line printed whole; longer ones have their long runs clipped.
const LINE_CHARS: usize = 400;

/// `text` itself when short, else its first [`ECHO_CHARS`] characters, `…` and its length.
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(ECHO_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], text.len()),
    }
}

/// `message` with every copy of `echoed` clipped (for errors from readers that quote their
/// whole input).
pub fn clip_echo(message: &str, echoed: &str) -> String {
    if echoed.chars().count() <= ECHO_CHARS || !message.contains(echoed) {
        return message.to_string();
    }
    message.replace(echoed, &clip(echoed))
}

/// A message fit for a terminal: any line longer than a screenful has each run of more than
/// [`ECHO_CHARS`] non-space characters clipped, and a line still too long keeps its start and
/// its end (where the reason usually is).
pub fn tidy_message(message: &str) -> String {
    message
        .split('\n')
        .map(tidy_line)
        .collect::<Vec<_>>()
        .join("\n")
}

fn tidy_line(line: &str) -> String {
    if line.chars().count() <= LINE_CHARS {
        return line.to_string();
    }
    let clipped: Vec<String> = line.split(' ').map(clip).collect();
    let clipped = clipped.join(" ");
    let chars: Vec<char> = clipped.chars().collect();
    if chars.len() <= LINE_CHARS {
        return clipped;
    }
    let head: String = chars[..LINE_CHARS / 2].iter().collect();
    let tail: String = chars[chars.len() - LINE_CHARS / 4..].iter().collect();
    format!(
        "{head} … ({} characters left out) … {tail}",
        chars.len() - head.chars().count() - tail.chars().count()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_and_long_text_is_clipped_with_its_size() {
        assert_eq!(clip("e2e4"), "e2e4");
        let long = "é".repeat(1000);
        let clipped = clip(&long);
        assert!(clipped.starts_with(&"é".repeat(ECHO_CHARS)));
        assert!(clipped.ends_with("… (2000 bytes)"), "{clipped}");
    }

    #[test]
    fn a_huge_message_keeps_its_reason() {
        let junk = "x".repeat(3_000_000);
        let message = format!("move 0 ('{junk}'): no move '{junk}' in this position");
        let tidy = tidy_message(&message);
        assert!(tidy.len() < 600, "{}", tidy.len());
        assert!(tidy.contains("in this position"));
        let spaced = "ab ".repeat(100_000);
        let tidy = tidy_message(&format!("bad text '{spaced}': too many fields"));
        assert!(
            tidy.len() < 600 && tidy.ends_with("too many fields"),
            "{tidy}"
        );
        let echoed = clip_echo(&message, &junk);
        assert_eq!(echoed.matches("… (3000000 bytes)").count(), 2, "{echoed}");
        assert!(echoed.len() < 300);
    }
}
