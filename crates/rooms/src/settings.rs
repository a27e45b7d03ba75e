//! A room's settings (variant, variant options, time control) and the room's own limits
//! (grace period, event log length, chat rate), checked once when set so that starting a
//! match from them cannot fail for a reason the client could have been told.

use crate::protocol::{ClockSpec, SettingsView};
use rules::game::ClockState;
use rules::options::VariantOptions;
use rules::VariantKind;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Shortest accepted base time per side.
pub const MIN_BASE_MS: u64 = 1_000;
/// Longest accepted base time per side (one day).
pub const MAX_BASE_MS: u64 = 24 * 3600 * 1000;
/// Largest accepted increment (one hour).
pub const MAX_INC_MS: u64 = 3600 * 1000;

/// What the next match is played with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomSettings {
    variant: String,
    /// The options object of saved games, every key written.
    options: Value,
    clock: Option<ClockSpec>,
}

impl RoomSettings {
    /// Standard chess with its default options and no clock (the `open` room).
    pub fn standard_untimed() -> RoomSettings {
        RoomSettings::from_options(VariantOptions::default_for(VariantKind::Standard), None)
    }

    /// Checks a variant name, its options object (null or absent: the defaults; unknown keys
    /// and bad values are refused) and a time control.
    pub fn parse(
        variant: &str,
        options: Option<&Value>,
        clock: Option<ClockSpec>,
    ) -> Result<RoomSettings, String> {
        let kind = VariantKind::from_name(variant).ok_or_else(|| {
            format!(
                "unknown variant '{}' (expected standard, regroupment, sliding or relative)",
                variant.chars().take(24).collect::<String>()
            )
        })?;
        let options = match options {
            None | Some(Value::Null) => VariantOptions::default_for(kind),
            Some(Value::Object(object)) => {
                let known = VariantOptions::keys(kind);
                if let Some(key) = object.keys().find(|key| !known.contains(&key.as_str())) {
                    return Err(format!(
                        "unknown option '{}' for variant {variant} (known: {})",
                        key.chars().take(24).collect::<String>(),
                        known.join(", ")
                    ));
                }
                VariantOptions::from_json(kind, &Value::Object(object.clone()))
                    .map_err(|error| error.to_string())?
            }
            Some(_) => return Err("options must be a JSON object".to_string()),
        };
        if let Some(clock) = clock {
            if !(MIN_BASE_MS..=MAX_BASE_MS).contains(&clock.base_ms) {
                return Err(format!(
                    "clock base_ms {} is out of range ({MIN_BASE_MS}–{MAX_BASE_MS})",
                    clock.base_ms
                ));
            }
            if clock.inc_ms > MAX_INC_MS {
                return Err(format!(
                    "clock inc_ms {} is out of range (0–{MAX_INC_MS})",
                    clock.inc_ms
                ));
            }
        }
        Ok(RoomSettings::from_options(options, clock))
    }

    pub fn from_options(options: VariantOptions, clock: Option<ClockSpec>) -> RoomSettings {
        RoomSettings {
            variant: options.variant().name().to_string(),
            options: options.to_json(),
            clock,
        }
    }

    pub fn variant(&self) -> VariantKind {
        VariantKind::from_name(&self.variant).unwrap_or(VariantKind::Standard)
    }

    /// The typed options (checked when the settings were made).
    pub fn variant_options(&self) -> VariantOptions {
        let kind = self.variant();
        VariantOptions::from_json(kind, &self.options)
            .unwrap_or_else(|_| VariantOptions::default_for(kind))
    }

    pub fn clock(&self) -> Option<ClockSpec> {
        self.clock
    }

    /// A fresh clock for a match under these settings.
    pub fn clock_state(&self) -> Option<ClockState> {
        self.clock
            .map(|clock| ClockState::new(clock.base_ms, clock.inc_ms))
    }

    pub fn view(&self) -> SettingsView {
        SettingsView {
            variant: self.variant.clone(),
            options: self.options.clone(),
            clock: self.clock,
        }
    }
}

/// The room's limits; the defaults follow the rooms spec (60 s grace).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomConfig {
    /// How long a seated player may be away before abandoning (and how long anyone may be
    /// offline before losing a queue place or the host role).
    pub grace_ms: u64,
    /// How many recent events are kept to answer `sync` (older gaps get a `state`).
    pub event_log_len: usize,
    /// Chat lines a person may send in a burst, and the time to earn one more.
    pub chat_burst: u32,
    pub chat_refill_ms: u64,
    /// Most people (online or not) a room remembers; the longest-offline spectators are
    /// forgotten first.
    pub max_people: usize,
    /// How many answered requests per person are remembered for idempotency.
    pub remembered_answers: usize,
    /// Crowd counts are told at most once per this interval (0: at once), so that a room
    /// with many spectators coming and going does not flood everyone with `crowd` events.
    pub crowd_interval_ms: u64,
}

impl Default for RoomConfig {
    fn default() -> RoomConfig {
        RoomConfig {
            grace_ms: 60_000,
            event_log_len: 128,
            chat_burst: 5,
            chat_refill_ms: 2_000,
            max_people: 512,
            remembered_answers: 32,
            crowd_interval_ms: 0,
        }
    }
}
