//! Plays the game's sounds with WebAudio (an oscillator and a gain envelope per note) and
//! binds the mute toggle, remembered in the shared settings. No audio starts before the
//! player's first press or key (the browsers' autoplay rule): the audio context is made then.

use super::dom::{self, listen};
use super::Page;
use crate::settings::SETTINGS_KEY;
use crate::sound::{self, Sound, Wave};
use std::cell::RefCell;
use web_sys::{AudioContext, HtmlButtonElement, OscillatorType};

thread_local! {
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

fn stored_settings() -> Option<String> {
    let storage = dom::window().local_storage().ok().flatten()?;
    storage.get_item(SETTINGS_KEY).ok().flatten()
}

fn muted() -> bool {
    !sound::sound_on(stored_settings().as_deref())
}

fn show_toggle(button: &HtmlButtonElement) {
    let on = !muted();
    button.set_text_content(Some(if on { "Sound on" } else { "Sound off" }));
    button
        .set_attribute("aria-pressed", if on { "true" } else { "false" })
        .ok();
}

/// Shows the stored setting on the mute button (after the settings dialog changed it).
pub fn refresh_toggle() {
    if let Ok(button) = dom::by_id::<HtmlButtonElement>("btn-sound") {
        show_toggle(&button);
    }
}

/// The first gesture makes the audio context; the mute button flips the stored setting.
pub fn wire() {
    let unlock = |_: web_sys::Event| {
        AUDIO.with(|audio| {
            let mut audio = audio.borrow_mut();
            if audio.is_none() {
                *audio = AudioContext::new().ok();
            }
            if let Some(context) = audio.as_ref() {
                // A context made before a gesture starts suspended; resuming is harmless.
                let _ = context.resume();
            }
        });
    };
    listen(&dom::document(), "pointerdown", unlock);
    listen(&dom::document(), "keydown", unlock);
    let Ok(button) = dom::by_id::<HtmlButtonElement>("btn-sound") else {
        return;
    };
    show_toggle(&button);
    let toggle = button.clone();
    listen(&button, "click", move |_: web_sys::Event| {
        let settings = sound::with_sound(stored_settings().as_deref(), muted());
        if let Some(storage) = dom::window().local_storage().ok().flatten() {
            storage.set_item(SETTINGS_KEY, &settings).ok();
        }
        show_toggle(&toggle);
    });
}

/// After each job: plays the sound the game's change makes, unless muted or before the first
/// gesture; a sound played is listed for the test hook.
pub fn after_job(page: &mut Page) {
    let Some(sound) = page.app.take_sound() else {
        return;
    };
    if !muted() && play(sound) {
        page.app.sound_played(sound);
    }
}

fn play(sound: Sound) -> bool {
    AUDIO.with(|audio| {
        let audio = audio.borrow();
        let Some(context) = audio.as_ref() else {
            return false;
        };
        let start = context.current_time();
        sound
            .notes()
            .iter()
            .all(|note| play_note(context, start, note).is_some())
    })
}

fn play_note(context: &AudioContext, start: f64, note: &sound::Note) -> Option<()> {
    let oscillator = context.create_oscillator().ok()?;
    oscillator.set_type(match note.wave {
        Wave::Sine => OscillatorType::Sine,
        Wave::Triangle => OscillatorType::Triangle,
    });
    oscillator.frequency().set_value(note.hz);
    let gain = context.create_gain().ok()?;
    let begin = start + f64::from(note.start_ms) / 1000.0;
    let end = begin + f64::from(note.length_ms) / 1000.0;
    // A short attack and an exponential fade keep the notes free of clicks.
    let level = gain.gain();
    level.set_value_at_time(0.0001, begin).ok()?;
    level
        .exponential_ramp_to_value_at_time(note.volume, begin + 0.008)
        .ok()?;
    level.exponential_ramp_to_value_at_time(0.0001, end).ok()?;
    oscillator.connect_with_audio_node(&gain).ok()?;
    gain.connect_with_audio_node(&context.destination()).ok()?;
    oscillator.start_with_when(begin).ok()?;
    oscillator.stop_with_when(end + 0.02).ok()?;
    Some(())
}
