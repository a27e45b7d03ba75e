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

struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    at_line_start: bool,
}

impl Cursor<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.at_line_start = c == '\n';
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.next() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Reads up to the closing `}`; the opening one is already taken.
    fn comment(&mut self, line: usize) -> Result<String, PgnError> {
        let mut text = String::new();
        loop {
            match self.next() {
                Some('}') => return Ok(text.trim().to_string()),
                Some(c) => text.push(c),
                None => {
                    return Err(PgnError::new(
                        Where::Line(line),
                        "comment '{' is never closed with '}'",
                        text.trim(),
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
                Some('(') => depth += 1,
                Some(')') => depth -= 1,
                Some('{') => {
                    self.comment(self.line)?;
                }
                Some(';') => self.skip_line(),
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

    /// Reads a tag pair; the `[` is already taken.
    fn tag(&mut self, line: usize) -> Result<Tag, PgnError> {
        let mut raw = String::from("[");
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '_' {
                name.push(c);
                raw.push(c);
                self.next();
            } else {
                break;
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            raw.push(' ');
            self.next();
        }
        let bad = |raw: &str, problem: &str| PgnError::new(Where::Line(line), problem, raw);
        if name.is_empty() {
            return Err(bad(&raw, "bad tag: a name must follow '['"));
        }
        if self.next() != Some('"') {
            return Err(bad(&raw, "bad tag: the value must be in double quotes"));
        }
        raw.push('"');
        let mut value = String::new();
        loop {
            match self.next() {
                Some('\\') => match self.next() {
                    Some(c) => {
                        value.push(c);
                        raw.push(c);
                    }
                    None => return Err(bad(&raw, "bad tag: the value is never closed")),
                },
                Some('"') => break,
                Some('\n') | None => {
                    return Err(bad(&raw, "bad tag: the value is never closed"));
                }
                Some(c) => {
                    value.push(c);
                    raw.push(c);
                }
            }
        }
        raw.push('"');
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.next();
        }
        if self.next() != Some(']') {
            return Err(bad(&raw, "bad tag: ']' expected after the value"));
        }
        Ok(Tag { name, value, line })
    }

    /// Reads a run of symbol characters (a move, a move number, a result).
    fn symbol(&mut self, first: char) -> String {
        let mut text = String::from(first);
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}();[]$".contains(c) {
                break;
            }
            text.push(c);
            self.next();
        }
        text
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
    let mut cursor = Cursor {
        chars: text.chars().peekable(),
        line: 1,
        at_line_start: true,
    };
    let mut lexed = Lexed::default();
    let mut in_movetext = false;
    loop {
        let line_start = cursor.at_line_start;
        let line = cursor.line;
        let Some(c) = cursor.next() else { break };
        match c {
            c if c.is_whitespace() => {}
            '%' if line_start => cursor.skip_line(),
            '[' if in_movetext => {
                // A new tag section without a result marker: the next game begins.
                lexed.more_follows = true;
                break;
            }
            '[' => lexed.tags.push(cursor.tag(line)?),
            '{' => {
                in_movetext = true;
                let comment = cursor.comment(line)?;
                match lexed.moves.last_mut() {
                    Some(token) => token.comments.push(comment),
                    None => lexed.leading_comments.push(comment),
                }
            }
            ';' => cursor.skip_line(),
            '(' => {
                in_movetext = true;
                cursor.skip_variation(line)?;
            }
            ')' => {
                return Err(PgnError::new(
                    Where::Line(line),
                    "')' without a variation to close",
                    ")",
                ))
            }
            ']' => return Err(PgnError::new(Where::Line(line), "']' outside a tag", "]")),
            '$' => {
                while cursor.peek().is_some_and(|c| c.is_ascii_digit()) {
                    cursor.next();
                }
            }
            first => {
                in_movetext = true;
                let symbol = cursor.symbol(first);
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
    while let Some(c) = cursor.next() {
        if !c.is_whitespace() {
            lexed.more_follows = true;
            break;
        }
    }
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
