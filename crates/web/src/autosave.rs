//! The game kept in the browser's storage for a reload: the storage keys, and where a saved
//! game that cannot be read (damaged, or written by a newer version) is set aside so that it
//! is never overwritten and a later version can still open it.

/// The key of the game in progress.
pub const AUTOSAVE_KEY: &str = "boardshift.autosave";
/// The first key an unreadable autosave is moved to; later ones get `.2`, `.3`, ….
pub const SET_ASIDE_KEY: &str = "boardshift.autosave.unreadable";
/// How many set-aside saves are kept at most.
const SET_ASIDE_SLOTS: usize = 20;

/// The key to keep `text` under: the slot that already holds it, else the first free slot;
/// `None` when every slot holds another save.
pub fn set_aside_key(text: &str, stored: impl Fn(&str) -> Option<String>) -> Option<String> {
    let keys = (1..=SET_ASIDE_SLOTS).map(|slot| match slot {
        1 => SET_ASIDE_KEY.to_string(),
        n => format!("{SET_ASIDE_KEY}.{n}"),
    });
    let mut free = None;
    for key in keys {
        match stored(&key) {
            Some(existing) if existing == text => return Some(key),
            Some(_) => {}
            None => {
                free.get_or_insert(key);
            }
        }
    }
    free
}

/// What the start screen says about an unreadable autosave kept under `key` (`None`: it could
/// not be moved, so it stays where it is and autosaving is off).
pub fn unreadable_notice(error: &str, key: Option<&str>) -> String {
    match key {
        Some(key) => format!(
            "The game saved in this browser could not be resumed: {error}. It is kept under the storage key '{key}', so a later version can still open it."
        ),
        None => format!(
            "The game saved in this browser could not be resumed: {error}. It is left in place, and games are not saved for a reload until it is removed."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn a_set_aside_save_is_never_overwritten() {
        let mut storage: HashMap<String, String> = HashMap::new();
        let lookup = |s: &HashMap<String, String>, key: &str| s.get(key).cloned();
        let first = set_aside_key("v2 game", |k| lookup(&storage, k)).unwrap();
        assert_eq!(first, SET_ASIDE_KEY);
        storage.insert(first, "v2 game".into());
        assert_eq!(
            set_aside_key("v2 game", |k| lookup(&storage, k)).as_deref(),
            Some(SET_ASIDE_KEY),
            "the same save is kept once"
        );
        let second = set_aside_key("broken", |k| lookup(&storage, k)).unwrap();
        assert_eq!(second, format!("{SET_ASIDE_KEY}.2"));
        let full = |_: &str| Some("other".to_string());
        assert_eq!(set_aside_key("broken", full), None);
        assert!(unreadable_notice("unsupported version 2", Some(&second)).contains(&second));
    }
}
