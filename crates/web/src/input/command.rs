//! Typed input: a move (move text or readable notation) or a command starting with `/` or `!`.

/// What a typed line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move as typed (`e4`, `Nf3`, `e2 e4`, `S:c1>c3`); the rules read it.
    Move(String),
    Undo,
    Resign,
    Draw,
    /// A draw claim, optionally with the move that makes it claimable.
    Claim(Option<String>),
    Rematch,
    Flip,
    Save,
    Help,
    Unknown(String),
}

pub const HELP: &str = "Type a move (e4, Nf3, e2 e4, e2-e4, a8=Q, O-O, S:c1>c3) or a command: /move TEXT, /undo, /resign, /draw, /claim [MOVE], /rematch, /flip, /save, /help.";

/// Reads one typed line; `None` for a blank one.
pub fn parse(line: &str) -> Option<Command> {
    let line = line.trim();
    if line.is_empty() {
        return None;
    }
    let Some(rest) = line.strip_prefix('/').or_else(|| line.strip_prefix('!')) else {
        return Some(Command::Move(line.to_string()));
    };
    let (name, argument) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let argument = argument.trim().to_string();
    Some(match name.to_ascii_lowercase().as_str() {
        "move" | "m" => Command::Move(argument),
        "undo" => Command::Undo,
        "resign" => Command::Resign,
        "draw" => Command::Draw,
        "claim" => Command::Claim((!argument.is_empty()).then_some(argument)),
        "rematch" => Command::Rematch,
        "flip" => Command::Flip,
        "save" => Command::Save,
        "help" | "?" => Command::Help,
        other => Command::Unknown(other.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_commands_with_either_prefix() {
        assert_eq!(parse("  "), None);
        assert_eq!(parse("Nf3"), Some(Command::Move("Nf3".into())));
        assert_eq!(parse("/move b8c6"), Some(Command::Move("b8c6".into())));
        assert_eq!(parse("/move e2 e4"), Some(Command::Move("e2 e4".into())));
        assert_eq!(parse("!MOVE  Bc4 "), Some(Command::Move("Bc4".into())));
        assert_eq!(parse("/claim"), Some(Command::Claim(None)));
        assert_eq!(
            parse("!claim e2e4"),
            Some(Command::Claim(Some("e2e4".into())))
        );
        assert_eq!(parse("/?"), Some(Command::Help));
        assert_eq!(parse("/dance"), Some(Command::Unknown("dance".into())));
    }
}
