//! The keyboard: which key does what on the game screen (undo, flip, history browsing, escape).

/// A key press as the page reports it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyPress {
    /// The DOM `key` value (`"f"`, `"ArrowLeft"`, …).
    pub key: String,
    /// Ctrl on most systems, Cmd on macOS.
    pub command: bool,
    pub alt: bool,
    /// Typed into a text field or a select, where keys are the field's.
    pub in_field: bool,
}

/// What a key asks the game screen to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyCommand {
    Undo,
    Flip,
    /// Show the position after this many plies (`None`: the live game).
    Browse(Option<usize>),
    /// Drop the selection and any chooser, and return to the live game.
    Escape,
}

/// The command of `press` while `shown` plies of `live` are shown (`browsing` when not the live
/// game); `None` leaves the key to the browser.
pub fn key_command(
    press: &KeyPress,
    shown: usize,
    live: usize,
    browsing: bool,
) -> Option<KeyCommand> {
    // Esc in a text field still closes the promotion chooser and leaves the history.
    if press.key == "Escape" && !press.command && !press.alt {
        return Some(KeyCommand::Escape);
    }
    if press.in_field || press.alt {
        return None;
    }
    if press.command {
        return matches!(press.key.as_str(), "z" | "Z").then_some(KeyCommand::Undo);
    }
    match press.key.as_str() {
        "f" | "F" => Some(KeyCommand::Flip),
        "ArrowLeft" if shown > 0 => Some(KeyCommand::Browse(Some(shown - 1))),
        "ArrowRight" if browsing => Some(KeyCommand::Browse(Some(shown + 1))),
        "Home" if live > 0 => Some(KeyCommand::Browse(Some(0))),
        "End" => Some(KeyCommand::Browse(None)),
        "Escape" => Some(KeyCommand::Escape),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(key: &str) -> KeyPress {
        KeyPress {
            key: key.into(),
            ..KeyPress::default()
        }
    }

    #[test]
    fn arrows_step_through_the_history_and_stop_at_its_ends() {
        assert_eq!(
            key_command(&key("ArrowLeft"), 3, 3, false),
            Some(KeyCommand::Browse(Some(2)))
        );
        assert_eq!(key_command(&key("ArrowLeft"), 0, 3, true), None);
        assert_eq!(key_command(&key("ArrowRight"), 3, 3, false), None);
        assert_eq!(
            key_command(&key("ArrowRight"), 1, 3, true),
            Some(KeyCommand::Browse(Some(2)))
        );
        assert_eq!(
            key_command(&key("Home"), 3, 3, false),
            Some(KeyCommand::Browse(Some(0)))
        );
        assert_eq!(key_command(&key("Home"), 0, 0, false), None);
        assert_eq!(
            key_command(&key("End"), 1, 3, true),
            Some(KeyCommand::Browse(None))
        );
    }

    #[test]
    fn ctrl_z_undoes_and_fields_keep_their_keys() {
        let undo = KeyPress {
            command: true,
            ..key("z")
        };
        assert_eq!(key_command(&undo, 2, 2, false), Some(KeyCommand::Undo));
        let copy = KeyPress {
            command: true,
            ..key("c")
        };
        assert_eq!(key_command(&copy, 2, 2, false), None);
        let typed = KeyPress {
            in_field: true,
            ..key("f")
        };
        assert_eq!(key_command(&typed, 2, 2, false), None);
        let escape_in_field = KeyPress {
            in_field: true,
            ..key("Escape")
        };
        assert_eq!(
            key_command(&escape_in_field, 2, 2, false),
            Some(KeyCommand::Escape)
        );
        assert_eq!(key_command(&key("F"), 2, 2, false), Some(KeyCommand::Flip));
        assert_eq!(
            key_command(&key("Escape"), 2, 2, false),
            Some(KeyCommand::Escape)
        );
    }
}
