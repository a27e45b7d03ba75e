//! Splits PGN text into the parts the reader needs: tag pairs, move tokens, the comments after
//! them and the result. Move numbers, NAGs (`$1`), annotation marks (`!?`), `;` comments,
//! `%` escape lines and variations `( … )` (nested) are skipped here. Only the first game is
//! taken; the lexer says whether more text followed it.

use super::{PgnError, Where};

/// One tag pair, with the line it stands on (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// One move as written, with the `{ }` comments that follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveToken {
    pub text: String,
    pub line: usize,
    pub comments: Vec<String>,
}

/// The first game of a PGN text, split up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lexed {
    pub tags: Vec<Tag>,
    /// Comments before the first move.
    pub leading_comments: Vec<String>,
    pub moves: Vec<MoveToken>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), when written.
    pub result: Option<String>,
    /// Whether another game (or anything but white space) follows the first one.
    pub more_follows: bool,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads the text byte by byte: every character PGN gives a meaning to is ASCII, so text in
/// other scripts (names, comments) passes through untouched and slices stay on character
/// boundaries; any slice that might not is read lossily, never with a panic.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
}

impl Cursor<'_> {
    fn next(&mut self) -> Option<u8> {
        let byte = *self.bytes.get(self.pos)?;
        self.pos += 1;
        if byte == b'\n' {
            self.line += 1;
        }
        Some(byte)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn text(&self, from: usize) -> String {
        let from = from.min(self.pos);
        String::from_utf8_lossy(&self.bytes[from..self.pos]).into_owned()
    }

    fn skip_line(&mut self) {
        while let Some(byte) = self.next() {
            if byte == b'\n' {
                break;
            }
        }
    }

    /// Reads up to the closing `}`; the opening one is already taken.
    fn comment(&mut self, line: usize) -> Result<String, PgnError> {
        let start = self.pos;
        loop {
            match self.next() {
                Some(b'}') => {
                    let text = String::from_utf8_lossy(&self.bytes[start..self.pos - 1]);
                    return Ok(text.trim().to_string());
                }
                Some(_) => {}
                None => {
                    return Err(PgnError::new(
                        Where::Line(line),
                        "comment '{' is never closed with '}'",
                        self.text(start).trim(),
                    ))
                }
            }
        }
    }

    /// Skips a variation, nested ones and comments inside included; the `(` is already taken.
    fn skip_variation(&mut self, line: usize) -> Result<(), PgnError> {
        let mut depth = 1usize;
        while depth > 0 {
            match self.next() {
                Some(b'(') => depth += 1,
                Some(b')') => depth -= 1,
                Some(b'{') => {
                    self.comment(self.line)?;
                }
                Some(b';') => self.skip_line(),
                Some(_) => {}
                None => {
                    return Err(PgnError::new(
                        Where::Line(line),
                        "variation '(' is never closed with ')'",
                        "(",
                    ))
                }
            }
        }
        Ok(())
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    /// Reads a tag pair; the `[` is already taken.
    fn tag(&mut self, line: usize) -> Result<Tag, PgnError> {
        let start = self.pos - 1;
        let bad = |cursor: &Cursor, problem: &str| {
            PgnError::new(Where::Line(line), problem, cursor.text(start).trim_end())
        };
        let name_start = self.pos;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.pos += 1;
        }
        let name = self.text(name_start);
        self.skip_blanks();
        if name.is_empty() {
            return Err(bad(self, "bad tag: a name must follow '['"));
        }
        if self.next() != Some(b'"') {
            return Err(bad(self, "bad tag: the value must be in double quotes"));
        }
        let mut value = Vec::new();
        loop {
            match self.next() {
                Some(b'\\') => match self.next() {
                    Some(byte) => value.push(byte),
                    None => return Err(bad(self, "bad tag: the value is never closed")),
                },
                Some(b'"') => break,
                Some(b'\n') | None => {
                    return Err(bad(self, "bad tag: the value is never closed"));
                }
                Some(byte) => value.push(byte),
            }
        }
        self.skip_blanks();
        if self.next() != Some(b']') {
            return Err(bad(self, "bad tag: ']' expected after the value"));
        }
        Ok(Tag {
            name,
            value: String::from_utf8_lossy(&value).into_owned(),
            line,
        })
    }

    /// Reads a run of symbol characters (a move, a move number, a result); its first byte is
    /// already taken.
    fn symbol(&mut self) -> String {
        let start = self.pos - 1;
        while self
            .peek()
            .is_some_and(|b| !b.is_ascii_whitespace() && !b"{}();[]$".contains(&b))
        {
            self.pos += 1;
        }
        self.text(start)
    }
}

/// Removes a leading move number (`12.`, `12...`, `12…`), returning what follows it.
fn strip_move_number(text: &str) -> &str {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return text;
    }
    let rest = &text[digits..];
    if rest.starts_with('.') || rest.starts_with('…') {
        rest.trim_start_matches(['.', '…'])
    } else {
        text
    }
}

/// Splits the first game of `text`.
pub fn lex(text: &str) -> Result<Lexed, PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cursor = Cursor {
        bytes: text.as_bytes(),
        pos: 0,
        line: 1,
    };
    let mut lexed = Lexed::default();
    let mut in_movetext = false;
    loop {
        let line_start = cursor.pos == 0 || cursor.bytes.get(cursor.pos - 1) == Some(&b'\n');
        let line = cursor.line;
        let Some(byte) = cursor.next() else { break };
        match byte {
            byte if byte.is_ascii_whitespace() => {}
            b'%' if line_start => cursor.skip_line(),
            b'[' if in_movetext => {
                // A new tag section without a result marker: the next game begins.
                lexed.more_follows = true;
                break;
            }
            b'[' => lexed.tags.push(cursor.tag(line)?),
            b'{' => {
                in_movetext = true;
                let comment = cursor.comment(line)?;
                match lexed.moves.last_mut() {
                    Some(token) => token.comments.push(comment),
                    None => lexed.leading_comments.push(comment),
                }
            }
            b';' => cursor.skip_line(),
            b'(' => {
                in_movetext = true;
                cursor.skip_variation(line)?;
            }
            b')' | b']' => {
                let problem = if byte == b')' {
                    "')' without a variation to close"
                } else {
                    "']' outside a tag"
                };
                return Err(PgnError::new(
                    Where::Line(line),
                    problem,
                    &cursor.text(cursor.pos - 1),
                ));
            }
            b'$' => {
                while cursor.peek().is_some_and(|b| b.is_ascii_digit()) {
                    cursor.pos += 1;
                }
            }
            _ => {
                in_movetext = true;
                let symbol = cursor.symbol();
                if RESULTS.contains(&symbol.as_str()) {
                    lexed.result = Some(symbol);
                    break;
                }
                let text = strip_move_number(&symbol).trim_end_matches(['!', '?']);
                if text.is_empty() || is_annotation(text) {
                    continue;
                }
                lexed.moves.push(MoveToken {
                    text: text.to_string(),
                    line,
                    comments: Vec::new(),
                });
            }
        }
    }
    // Text after the result: another game, or stray words.
    lexed.more_follows |= cursor.bytes[cursor.pos.min(cursor.bytes.len())..]
        .iter()
        .any(|b| !b.is_ascii_whitespace());
    Ok(lexed)
}

/// Marks other programs write between moves that are not moves (`e.p.` after an en-passant
/// capture, evaluation glyphs such as `+-` or `=`).
fn is_annotation(text: &str) -> bool {
    matches!(
        text,
        "e.p." | "ep" | "+-" | "-+" | "=" | "+/-" | "-/+" | "+/=" | "=/+" | "∞" | "□" | "N"
    )
}
