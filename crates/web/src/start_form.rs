//! The start screen's choices read into a `GameConfig`: the form's values as the page reads
//! them, turned into seats and a time control here so that the reading is tested natively.
//! Also the variant-option rows of the form, made from the rules' option schema, so a new
//! option or variant gets its control without touching the page.

use crate::seat::{Seat, Seats, LEVELS};
use crate::state::{GameConfig, TimeControl};
use engine::Level;
use rules::options::{OptionSpec, OptionValues, VariantOptions};
use rules::VariantKind;
use std::collections::BTreeMap;

/// One option row of the start form.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionRow {
    /// The control's element id: `opt-KEY`, or `opt-VARIANT-KEY` for a key another variant
    /// already shows with other values (Chess960's `start` beside Regroupment's).
    pub id: String,
    pub key: &'static str,
    /// The games that show the row.
    pub variants: Vec<VariantKind>,
    pub label: String,
    pub help: String,
    pub control: OptionControl,
}

#[derive(Clone, Debug, PartialEq)]
pub enum OptionControl {
    /// A select of (value, text); an empty value leaves the option to chance.
    Select {
        choices: Vec<(String, String)>,
        selected: String,
    },
    /// A number field; empty means `word` (Chess960's random start).
    Number {
        min: u32,
        max: u32,
        word: &'static str,
    },
}

/// The option rows of every game, from the schema: rows shown by one game first, shared rows
/// (`draws`) last.
pub fn option_rows() -> Vec<OptionRow> {
    let mut rows: Vec<(OptionRow, &OptionSpec)> = Vec::new();
    for variant in VariantKind::ALL {
        for spec in VariantOptions::schema(variant) {
            let same = rows
                .iter_mut()
                .find(|(row, shown)| row.key == spec.key && *shown == spec);
            if let Some((row, _)) = same {
                row.variants.push(variant);
                continue;
            }
            let taken = rows.iter().any(|(row, _)| row.key == spec.key);
            let id = if taken {
                format!("opt-{}-{}", variant.name(), spec.key)
            } else {
                format!("opt-{}", spec.key)
            };
            let row = OptionRow {
                id,
                key: spec.key,
                variants: vec![variant],
                label: label(spec.key, taken),
                help: sentence(spec.about),
                control: control(spec),
            };
            rows.push((row, spec));
        }
    }
    let (shared, mut rows): (Vec<OptionRow>, Vec<OptionRow>) = rows
        .into_iter()
        .map(|(row, _)| row)
        .partition(|row| row.variants.len() > 1);
    rows.extend(shared);
    rows
}

/// The row's name on the page (the key itself for an option without one here).
fn label(key: &str, numbered: bool) -> String {
    let label = match key {
        "start" if numbered => "Start number",
        "start" => "Start",
        "order" => "Setup order",
        "king_knight" => "King with knight",
        "castling" => "Castling",
        "gap" => "Gap",
        "size" => "Outer board",
        "recentering" => "Recentering",
        "leave" => "Leave inner board",
        "draws" => "Draws",
        other => other,
    };
    label.to_string()
}

/// A choice's text on the page.
fn value_text(key: &str, value: &str) -> String {
    match (key, value) {
        ("size", number) => format!("{number}×{number}"),
        ("start", "choose") => "Choose (setup phase)".to_string(),
        ("start", "random") => "Random Chess484".to_string(),
        (_, "sides") => "Sides only".to_string(),
        (_, "auto") => "Automatic".to_string(),
        (_, "fide") => "FIDE claims".to_string(),
        ("gap", tile) => tile.to_string(),
        (_, word) => sentence(word),
    }
}

/// `text` with a capital first letter and a full stop.
fn sentence(text: &str) -> String {
    // ASCII only: the option vocabulary is ASCII, and Unicode case tables would weigh on the
    // wasm.
    let mut sentence = text.to_string();
    if let Some(first) = sentence.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    if !sentence.is_empty() && !sentence.ends_with('.') {
        sentence.push('.');
    }
    sentence
}

fn control(spec: &OptionSpec) -> OptionControl {
    let choices = |values: Vec<String>| -> Vec<(String, String)> {
        let chance = spec
            .default
            .is_none()
            .then(|| (String::new(), "Random".to_string()));
        chance
            .into_iter()
            .chain(
                values
                    .into_iter()
                    .map(|value| (value.clone(), value_text(spec.key, &value))),
            )
            .collect()
    };
    let selected = spec.default.unwrap_or_default().to_string();
    match spec.values {
        OptionValues::Choice(names) => OptionControl::Select {
            choices: choices(names.iter().map(|name| name.to_string()).collect()),
            selected,
        },
        OptionValues::Range { min, max } => OptionControl::Select {
            choices: choices((min..=max).map(|n| n.to_string()).collect()),
            selected,
        },
        OptionValues::NumberOrWord { word, min, max } => OptionControl::Number { min, max, word },
    }
}

/// The start form's values, as text.
#[derive(Clone, Debug, Default)]
pub struct StartChoices {
    pub variant: String,
    /// Each option row's value by key (`size` → `16`); an empty value means "random" / unset.
    pub options: BTreeMap<String, String>,
    /// `computer-black`, `computer-white` or `hotseat`.
    pub opponent: String,
    pub level: String,
    /// `none`, `custom`, or `BASE+INCREMENT` in seconds (`180+2`).
    pub time: String,
    pub custom_minutes: f64,
    pub custom_increment_s: f64,
    /// Decides the colours for `computer-random` (the page draws it).
    pub colour_seed: u64,
}

impl StartChoices {
    /// The game these choices describe; only the chosen variant's options are kept.
    pub fn config(&self) -> Result<GameConfig, String> {
        let variant = VariantKind::from_name(&self.variant)
            .ok_or_else(|| format!("unknown game '{}'", self.variant))?;
        let keys = VariantOptions::keys(variant);
        let options = self
            .options
            .iter()
            .filter(|(key, value)| keys.contains(&key.as_str()) && !value.is_empty())
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect();
        let level = Level::from_name(&self.level)
            .filter(|l| LEVELS.contains(l))
            .unwrap_or(Level::Medium);
        let opponent = match self.opponent.as_str() {
            "computer-random" if self.computer_plays_white() => "computer-white",
            "computer-random" => "computer-black",
            other => other,
        };
        let seats = match opponent {
            "computer-white" => Seats {
                white: Seat::Computer(level),
                black: Seat::Here,
            },
            "hotseat" => Seats {
                white: Seat::Here,
                black: Seat::Here,
            },
            _ => Seats {
                white: Seat::Here,
                black: Seat::Computer(level),
            },
        };
        Ok(GameConfig {
            variant,
            options,
            seats,
            time_control: self.time_control(),
        })
    }

    fn computer_plays_white(&self) -> bool {
        self.colour_seed % 2 == 1
    }

    /// For a random colour: which side the player got, to be told.
    pub fn random_colour_notice(&self) -> Option<String> {
        (self.opponent == "computer-random").then(|| {
            let side = if self.computer_plays_white() {
                "Black"
            } else {
                "White"
            };
            format!("Random colour: you play {side}.")
        })
    }

    /// What the custom clock fields held that the game could not use, and what it uses
    /// instead, for the player to be told (`None` when nothing was changed).
    pub fn clock_correction(&self) -> Option<String> {
        if self.time != "custom" {
            return None;
        }
        let tc = self.time_control()?;
        let minutes = tc.initial_ms as f64 / 60_000.0;
        let increment = tc.increment_ms as f64 / 1000.0;
        let mut changed = Vec::new();
        if self.custom_minutes != minutes {
            changed.push(format!(
                "{} minutes",
                shown_number(self.custom_minutes, "no")
            ));
        }
        if self.custom_increment_s != increment {
            changed.push(format!(
                "{} seconds' increment",
                shown_number(self.custom_increment_s, "no")
            ));
        }
        (!changed.is_empty()).then(|| {
            format!(
                "The clock was corrected: {} cannot be used (0.5–180 minutes, 0–60 seconds' increment), so the game is {} min + {} s.",
                changed.join(" and "),
                shown_number(minutes, "0"),
                shown_number(increment, "0")
            )
        })
    }

    fn time_control(&self) -> Option<TimeControl> {
        match self.time.as_str() {
            "none" => None,
            "custom" => {
                let minutes = if self.custom_minutes.is_finite() {
                    self.custom_minutes.clamp(0.5, 180.0)
                } else {
                    5.0
                };
                let increment = if self.custom_increment_s.is_finite() {
                    self.custom_increment_s.clamp(0.0, 60.0)
                } else {
                    0.0
                };
                Some(TimeControl {
                    initial_ms: (minutes * 60_000.0) as u64,
                    increment_ms: (increment * 1000.0) as u64,
                })
            }
            text => text.split_once('+').and_then(|(base, increment)| {
                Some(TimeControl {
                    initial_ms: base.parse::<u64>().ok()? * 1000,
                    increment_ms: increment.parse::<u64>().ok()? * 1000,
                })
            }),
        }
    }
}

/// A number as a person writes it, to a tenth (`5`, `0.5`), or `missing` for a blank field.
/// Whole-number arithmetic: float formatting would add kilobytes to the page's code.
fn shown_number(value: f64, missing: &str) -> String {
    if !value.is_finite() {
        return missing.to_string();
    }
    let tenths = (value * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let (whole, tenth) = (tenths.unsigned_abs() / 10, tenths.unsigned_abs() % 10);
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices(variant: &str, opponent: &str, time: &str) -> StartChoices {
        let options = [("size", "12"), ("gap", ""), ("draws", "fide")]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        StartChoices {
            variant: variant.into(),
            options,
            opponent: opponent.into(),
            level: "hard".into(),
            time: time.into(),
            custom_minutes: f64::NAN,
            custom_increment_s: 90.0,
            colour_seed: 0,
        }
    }

    #[test]
    fn every_level_and_a_random_colour_make_a_game_against_the_computer() {
        for number in 1..=8 {
            let mut form = choices("standard", "computer-black", "none");
            form.level = Level::new(number).unwrap().name().to_string();
            let config = form.config().unwrap();
            assert_eq!(
                config.seats.black,
                Seat::Computer(Level::new(number).unwrap())
            );
        }
        let mut form = choices("standard", "computer-random", "none");
        let mut sides = Vec::new();
        for seed in 0..2 {
            form.colour_seed = seed;
            let config = form.config().unwrap();
            let computer_white = config.seats.white.is_computer();
            assert_ne!(computer_white, config.seats.black.is_computer());
            let notice = form.random_colour_notice().unwrap();
            assert!(notice.ends_with(if computer_white { "Black." } else { "White." }));
            sides.push(computer_white);
        }
        assert_eq!(sides, [false, true], "the seed decides, both ways");
    }

    #[test]
    fn only_the_chosen_variants_options_are_kept() {
        let config = choices("relative", "hotseat", "none").config().unwrap();
        let keys: Vec<&str> = config.options.keys().map(String::as_str).collect();
        assert_eq!(keys, ["draws", "size"]);
        assert_eq!(config.seats.black, Seat::Here);
        assert_eq!(config.time_control, None);
        let sliding = choices("sliding", "computer-white", "180+2")
            .config()
            .unwrap();
        assert!(sliding.options.is_empty(), "a random gap is left out");
        assert_eq!(sliding.seats.white, Seat::Computer(Level::Hard));
        assert_eq!(
            sliding.time_control,
            Some(TimeControl {
                initial_ms: 180_000,
                increment_ms: 2_000
            })
        );
        assert!(choices("xiangqi", "hotseat", "none").config().is_err());
    }

    #[test]
    fn a_chess960_start_number_is_kept_and_an_empty_one_draws() {
        let mut chosen = choices("chess960", "hotseat", "none");
        chosen.options.insert("start".into(), "518".into());
        chosen.options.insert("order".into(), "alternate".into());
        let config = chosen.config().expect("a config");
        assert_eq!(config.variant, VariantKind::Chess960);
        assert_eq!(config.options.get("start").map(String::as_str), Some("518"));
        assert!(!config.options.contains_key("order"));
        chosen.options.insert("start".into(), String::new());
        let config = chosen.config().expect("a config");
        assert!(!config.options.contains_key("start"));
    }

    #[test]
    fn option_rows_follow_the_schema_with_the_pages_ids() {
        let rows = option_rows();
        let ids: Vec<&str> = rows.iter().map(|row| row.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "opt-order",
                "opt-king_knight",
                "opt-castling",
                "opt-start",
                "opt-gap",
                "opt-size",
                "opt-recentering",
                "opt-leave",
                "opt-chess960-start",
                "opt-draws"
            ]
        );
        let draws = rows.last().expect("rows");
        assert_eq!(draws.variants.len(), 4, "all but sliding");
        // Every option of every game has exactly one row shown for it.
        for variant in VariantKind::ALL {
            for key in VariantOptions::keys(variant) {
                let shown = rows
                    .iter()
                    .filter(|row| row.key == key && row.variants.contains(&variant))
                    .count();
                assert_eq!(shown, 1, "{variant} {key}");
            }
        }
        let by_id = |id: &str| rows.iter().find(|row| row.id == id).expect(id).clone();
        let OptionControl::Select { choices, selected } = by_id("opt-gap").control else {
            panic!("gap is a select");
        };
        assert_eq!(choices[0], (String::new(), "Random".to_string()));
        assert_eq!((choices.len(), selected.as_str()), (9, ""));
        let OptionControl::Select { choices, selected } = by_id("opt-size").control else {
            panic!("size is a select");
        };
        assert_eq!(choices.len(), 17);
        assert_eq!(selected, "16");
        assert_eq!(choices[6], ("16".to_string(), "16×16".to_string()));
        assert_eq!(
            by_id("opt-chess960-start").control,
            OptionControl::Number {
                min: 0,
                max: 959,
                word: "random"
            }
        );
        assert_eq!(by_id("opt-chess960-start").label, "Start number");
    }

    #[test]
    fn a_custom_clock_is_kept_within_bounds() {
        let custom = choices("standard", "computer-black", "custom")
            .config()
            .unwrap();
        assert_eq!(
            custom.time_control,
            Some(TimeControl {
                initial_ms: 300_000,
                increment_ms: 60_000
            })
        );
    }

    #[test]
    fn a_corrected_custom_clock_is_told() {
        let mut custom = choices("standard", "computer-black", "custom");
        assert_eq!(
            custom.clock_correction().as_deref(),
            Some("The clock was corrected: no minutes and 90 seconds' increment cannot be used (0.5–180 minutes, 0–60 seconds' increment), so the game is 5 min + 60 s.")
        );
        custom.custom_minutes = 500.0;
        custom.custom_increment_s = 2.0;
        let told = custom.clock_correction().unwrap();
        assert!(
            told.starts_with("The clock was corrected: 500 minutes cannot"),
            "{told}"
        );
        assert!(told.ends_with("so the game is 180 min + 2 s."), "{told}");
        custom.custom_minutes = 0.5;
        assert_eq!(custom.clock_correction(), None, "nothing to correct");
        custom.time = "180+2".into();
        assert_eq!(custom.clock_correction(), None);
    }
}
