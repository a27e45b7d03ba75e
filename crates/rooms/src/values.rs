//! The checked values of the protocol: room codes, names, chat lines, tokens and move text.
//! Each is only constructed through its `parse`, so holding one means it passed the checks
//! (length caps, allowed characters, case folding).

use crate::protocol::{MAX_CHAT_CHARS, MAX_MOVE_CHARS, MAX_NAME_CHARS};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A room code: 4 digits (a PIN) or a room word (3–32 characters of `a-z`, `0-9` and single
/// `-` inside). Input is lower-cased before the check.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode(String);

impl RoomCode {
    pub fn parse(text: &str) -> Result<RoomCode, String> {
        let code = text.trim().to_ascii_lowercase();
        if is_pin(&code) || is_room_word(&code) {
            Ok(RoomCode(code))
        } else {
            Err(format!(
                "bad room code '{}': expected 4 digits or 3–32 characters of a-z, 0-9 and single '-' inside",
                shorten(text, 40)
            ))
        }
    }

    /// The PIN `0000`–`9999` made from a random number (the caller draws it and checks that
    /// it is free).
    pub fn pin_from_random(random: u64) -> RoomCode {
        RoomCode(format!("{:04}", random % 10_000))
    }

    pub fn is_pin(&self) -> bool {
        is_pin(&self.0)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_pin(code: &str) -> bool {
    code.len() == 4 && code.bytes().all(|b| b.is_ascii_digit())
}

fn is_room_word(code: &str) -> bool {
    (3..=32).contains(&code.len())
        && code.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for RoomCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for RoomCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RoomCode, D::Error> {
        let text = String::deserialize(deserializer)?;
        RoomCode::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A person's name in a room: 1–24 printable characters after trimming.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name(String);

impl Name {
    pub fn parse(text: &str) -> Result<Name, String> {
        let name = text.trim();
        let count = name.chars().count();
        if count == 0 {
            return Err("the name is empty".to_string());
        }
        if count > MAX_NAME_CHARS {
            return Err(format!(
                "the name is {count} characters long (at most {MAX_NAME_CHARS})"
            ));
        }
        if let Some(c) = name.chars().find(|&c| !is_printable(c)) {
            return Err(format!(
                "the name contains a character that cannot be shown (U+{:04X})",
                c as u32
            ));
        }
        Ok(Name(name.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether two names would be confused (case-insensitive).
    pub fn same_as(&self, other: &Name) -> bool {
        self.0.to_lowercase() == other.0.to_lowercase()
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Name, D::Error> {
        let text = String::deserialize(deserializer)?;
        Name::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Control characters, and the invisible format characters that could fake another name.
fn is_printable(c: char) -> bool {
    !c.is_control()
        && !matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}')
}

/// A chat line: at most 300 printable characters after trimming, not empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatText(String);

impl ChatText {
    pub fn parse(text: &str) -> Result<ChatText, String> {
        let line = text.trim();
        let count = line.chars().count();
        if count == 0 {
            return Err("the chat line is empty".to_string());
        }
        if count > MAX_CHAT_CHARS {
            return Err(format!(
                "the chat line is {count} characters long (at most {MAX_CHAT_CHARS})"
            ));
        }
        if line.chars().any(|c| !is_printable(c)) {
            return Err("the chat line contains a control character".to_string());
        }
        Ok(ChatText(line.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Serialize for ChatText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for ChatText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ChatText, D::Error> {
        let text = String::deserialize(deserializer)?;
        ChatText::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A person's identity in a room: 128 random bits as 32 lower-case hex digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token(String);

impl Token {
    /// The token made of two random 64-bit numbers (drawn by the caller).
    pub fn from_random(high: u64, low: u64) -> Token {
        Token(format!("{high:016x}{low:016x}"))
    }

    pub fn parse(text: &str) -> Result<Token, String> {
        let token = text.trim().to_ascii_lowercase();
        if token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(Token(token))
        } else {
            Err("bad token: expected 32 hex digits".to_string())
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Token {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Token {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Token, D::Error> {
        let text = String::deserialize(deserializer)?;
        Token::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Move text as sent by a client: at most [`MAX_MOVE_CHARS`] characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText(String);

impl MoveText {
    pub fn parse(text: &str) -> Result<MoveText, String> {
        let count = text.chars().count();
        if count == 0 || count > MAX_MOVE_CHARS || text.chars().any(char::is_control) {
            return Err(format!(
                "bad move text '{}': expected 1–{MAX_MOVE_CHARS} printable characters",
                shorten(text, 20)
            ));
        }
        Ok(MoveText(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Serialize for MoveText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for MoveText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MoveText, D::Error> {
        let text = String::deserialize(deserializer)?;
        MoveText::parse(&text).map_err(serde::de::Error::custom)
    }
}

pub(crate) fn shorten(text: &str, limit: usize) -> String {
    if text.chars().count() > limit {
        let cut: String = text.chars().take(limit).collect();
        format!("{cut}…")
    } else {
        text.to_string()
    }
}
