//! Which sound a change of the game makes (a move, a capture, a check, the end of the game,
//! low time) and what each sound is made of, as plain data: the page only plays the notes.
//! The watch compares the game with what it saw after the previous event, so no code path
//! that changes the game needs to know about sounds.

use crate::game_screen::GameScreen;
use crate::settings::Settings;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Move,
    Capture,
    Check,
    GameEnd,
    LowTime,
}

/// The waveform of a note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wave {
    Sine,
    Triangle,
}

/// One tone of a sound: its pitch, when it starts and how long it rings, how loud (0..1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    pub hz: f32,
    pub start_ms: f32,
    pub length_ms: f32,
    pub volume: f32,
    pub wave: Wave,
}

const fn note(hz: f32, start_ms: f32, length_ms: f32, volume: f32, wave: Wave) -> Note {
    Note {
        hz,
        start_ms,
        length_ms,
        volume,
        wave,
    }
}

/// A clock under this many milliseconds is low (said once per game).
pub const LOW_TIME_MS: f64 = 10_000.0;

impl Sound {
    /// The name in the test hook's `sounds_played`.
    pub fn name(self) -> &'static str {
        match self {
            Sound::Move => "move",
            Sound::Capture => "capture",
            Sound::Check => "check",
            Sound::GameEnd => "game_end",
            Sound::LowTime => "low_time",
        }
    }

    pub fn notes(self) -> &'static [Note] {
        match self {
            Sound::Move => MOVE_NOTES,
            Sound::Capture => CAPTURE_NOTES,
            Sound::Check => CHECK_NOTES,
            Sound::GameEnd => GAME_END_NOTES,
            Sound::LowTime => LOW_TIME_NOTES,
        }
    }
}

use Wave::{Sine, Triangle};
const MOVE_NOTES: &[Note] = &[note(440.0, 0.0, 70.0, 0.25, Triangle)];
const CAPTURE_NOTES: &[Note] = &[
    note(330.0, 0.0, 60.0, 0.3, Triangle),
    note(220.0, 45.0, 90.0, 0.3, Triangle),
];
const CHECK_NOTES: &[Note] = &[
    note(880.0, 0.0, 90.0, 0.2, Sine),
    note(880.0, 130.0, 90.0, 0.2, Sine),
];
const GAME_END_NOTES: &[Note] = &[
    note(523.0, 0.0, 140.0, 0.2, Sine),
    note(659.0, 140.0, 140.0, 0.2, Sine),
    note(784.0, 280.0, 260.0, 0.2, Sine),
];
const LOW_TIME_NOTES: &[Note] = &[
    note(1046.0, 0.0, 70.0, 0.15, Sine),
    note(1046.0, 110.0, 70.0, 0.15, Sine),
    note(1046.0, 220.0, 70.0, 0.15, Sine),
];

/// What the watch saw of the live game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub plies: usize,
    pub pieces: usize,
    pub over: bool,
}

/// The sound for the change from `before` to `after`: the end of the game first, then a check,
/// a capture (a piece fewer on the board), a move. Two plies at once (the opponent's move and
/// the premove it let through) sound as one; a longer jump or one back (a loaded game, an undo)
/// is silent.
pub fn sound_for(before: Seen, after: Seen, in_check: bool) -> Option<Sound> {
    if after.over && !before.over {
        return Some(Sound::GameEnd);
    }
    if after.plies <= before.plies || after.plies > before.plies + 2 {
        return None;
    }
    Some(if in_check {
        Sound::Check
    } else if after.pieces < before.pieces {
        Sound::Capture
    } else {
        Sound::Move
    })
}

/// Per game: what was seen last, whether low time was said, and the sounds played (for the
/// test hook).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SoundWatch {
    seen: Option<Seen>,
    low_time_said: bool,
    pub played: Vec<&'static str>,
}

/// The sound the game's change since the last call makes, if any. Nothing while the history is
/// browsed (the live game is not on the board; a move returns the board to it).
pub fn observe(game: &mut GameScreen, now: f64) -> Option<Sound> {
    if game.view_ply.is_some() {
        return None;
    }
    let seen = Seen {
        plies: game.session.ply_count(),
        pieces: game.model.pieces.len(),
        over: game.is_over(),
    };
    let before = game.sounds.seen.replace(seen);
    // This runs after every page event: the rules are asked about check only on a change.
    if let Some(before) = before.filter(|&before| before != seen) {
        if let Some(sound) = sound_for(before, seen, game.session.in_check()) {
            return Some(sound);
        }
    }
    if !game.sounds.low_time_said && game.clock.is_running() && low_time(game, now) {
        game.sounds.low_time_said = true;
        return Some(Sound::LowTime);
    }
    None
}

/// The person here is to move with their clock under `LOW_TIME_MS` (in a game that started
/// with more).
fn low_time(game: &GameScreen, now: f64) -> bool {
    let Some(clock) = game.session.clock() else {
        return false;
    };
    let turn = game.session.turn();
    let remaining = clock.remaining_ms[turn.index()] as f64 - game.clock.elapsed(now);
    clock.initial_ms as f64 > LOW_TIME_MS && remaining < LOW_TIME_MS && game.here_to_act()
}

/// Whether sound is on in the stored settings: on unless they say `"sound": false` (missing
/// or unreadable settings leave it on).
pub fn sound_on(settings: Option<&str>) -> bool {
    settings.map_or(Settings::default().sound, |text| {
        Settings::from_json(text).sound
    })
}

/// The stored settings with sound set to `on`, every other setting kept (unreadable settings
/// are replaced by the defaults).
pub fn with_sound(settings: Option<&str>, on: bool) -> String {
    let mut chosen = settings.map_or_else(Settings::default, Settings::from_json);
    chosen.sound = on;
    chosen.to_json()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mute_setting_is_one_field_of_the_shared_settings() {
        assert!(sound_on(None));
        assert!(sound_on(Some("not json")));
        assert!(sound_on(Some(r#"{"theme":"blue"}"#)));
        assert!(!sound_on(Some(r#"{"sound":false}"#)));
        let muted = with_sound(Some(r#"{"board_theme":"blue","sound":true}"#), false);
        assert!(!sound_on(Some(&muted)));
        assert!(muted.contains(r#""board_theme":"blue""#), "{muted}");
        let replaced = with_sound(Some("[1]"), false);
        assert!(!sound_on(Some(&replaced)), "{replaced}");
    }

    const START: Seen = Seen {
        plies: 4,
        pieces: 32,
        over: false,
    };

    #[test]
    fn each_change_makes_its_sound() {
        let moved = Seen { plies: 5, ..START };
        assert_eq!(sound_for(START, moved, false), Some(Sound::Move));
        assert_eq!(sound_for(START, moved, true), Some(Sound::Check));
        let took = Seen {
            pieces: 31,
            ..moved
        };
        assert_eq!(sound_for(START, took, false), Some(Sound::Capture));
        let mated = Seen { over: true, ..took };
        assert_eq!(sound_for(START, mated, true), Some(Sound::GameEnd));
        let resigned = Seen {
            over: true,
            ..START
        };
        assert_eq!(sound_for(START, resigned, false), Some(Sound::GameEnd));
    }

    #[test]
    fn nothing_changed_an_undo_or_a_loaded_game_are_silent() {
        assert_eq!(sound_for(START, START, false), None);
        let undone = Seen { plies: 3, ..START };
        assert_eq!(sound_for(START, undone, false), None);
        let premoved = Seen { plies: 6, ..START };
        assert_eq!(sound_for(START, premoved, false), Some(Sound::Move));
        let loaded = Seen { plies: 9, ..START };
        assert_eq!(sound_for(START, loaded, false), None);
        let over = Seen {
            over: true,
            ..START
        };
        assert_eq!(
            sound_for(over, Seen { plies: 5, ..over }, false),
            Some(Sound::Move)
        );
    }

    #[test]
    fn every_sound_is_short_and_quiet() {
        for sound in [
            Sound::Move,
            Sound::Capture,
            Sound::Check,
            Sound::GameEnd,
            Sound::LowTime,
        ] {
            let notes = sound.notes();
            assert!(!notes.is_empty(), "{}", sound.name());
            for n in notes {
                assert!(n.start_ms + n.length_ms <= 600.0, "{}", sound.name());
                assert!(n.volume > 0.0 && n.volume <= 0.3, "{}", sound.name());
            }
        }
    }
}
