//! The engine's options as `setoption` sets them and `uci` announces them, each value checked
//! against its range so that a GUI's mistake is reported instead of reinterpreted. The variant
//! options are announced and checked from the rules' option schema.

use super::io::Output;
use crate::text::clip;
use engine::Level;
use rules::options::{OptionSpec, OptionValues, VariantOptions};
use rules::VariantKind;

/// The engine's options as set with `setoption`.
pub(super) struct Settings {
    pub(super) variant: VariantKind,
    pub(super) chess960: bool,
    pub(super) hash_mb: usize,
    pub(super) level: Level,
    pub(super) seed: u64,
    /// Variant options by key, applied to whichever variant they belong to.
    pub(super) variant_options: Vec<(String, String)>,
}

const MAX_HASH_MB: usize = 1024;
const MAX_SEED: u64 = 2_147_483_647;

/// The value a GUI sends to leave an option to chance (sliding's `gap`), and the empty
/// value of a text option: both keep the variant's own default.
const RANDOM: &str = "random";
const EMPTY: &str = "<empty>";

/// Whether `value` keeps the variant's default instead of setting the option.
fn keeps_default(spec: &OptionSpec, value: &str) -> bool {
    value.is_empty() || value == EMPTY || (spec.default.is_none() && value == RANDOM)
}

/// The UCI `option` line of a variant option, from the option schema: a choice is a combo
/// (with `random` first when the option may be left to chance), a range a spin, anything else
/// text. A key whose variants accept different values (`start`) is text as well.
fn option_line(key: &str, specs: &[&OptionSpec]) -> String {
    let spec = specs[0];
    if specs.iter().any(|other| other.values != spec.values) {
        return format!("option name {key} type string default {EMPTY}");
    }
    match (spec.values, spec.default) {
        (OptionValues::Choice(names), default) => {
            let chance = default.is_none().then_some(RANDOM);
            let default = default.unwrap_or(RANDOM);
            let vars: Vec<String> = chance
                .into_iter()
                .chain(names.iter().copied())
                .map(|name| format!("var {name}"))
                .collect();
            format!(
                "option name {key} type combo default {default} {}",
                vars.join(" ")
            )
        }
        (OptionValues::Range { min, max }, Some(default)) => {
            format!("option name {key} type spin default {default} min {min} max {max}")
        }
        (_, default) => format!(
            "option name {key} type string default {}",
            default.unwrap_or(EMPTY)
        ),
    }
}

/// Every variant option once, in the order the variants list them, each with the specs of
/// every variant that has it.
fn variant_option_specs() -> Vec<(&'static str, Vec<&'static OptionSpec>)> {
    let mut keys: Vec<(&'static str, Vec<&'static OptionSpec>)> = Vec::new();
    for variant in VariantKind::ALL {
        for spec in VariantOptions::schema(variant) {
            match keys.iter_mut().find(|(key, _)| *key == spec.key) {
                Some((_, specs)) => specs.push(spec),
                None => keys.push((spec.key, vec![spec])),
            }
        }
    }
    keys
}

impl Settings {
    /// The settings before any `setoption`.
    pub(super) fn new() -> Settings {
        Settings {
            variant: VariantKind::Standard,
            chess960: false,
            hash_mb: engine::DEFAULT_TABLE_MB,
            level: Level::Hard,
            seed: 1,
            variant_options: Vec::new(),
        }
    }

    /// The game's options. `UCI_Chess960` makes standard chess Chess960 from the orthodox
    /// start (a GUI sends each game's own start as position text).
    pub(super) fn variant_options(&self) -> Result<VariantOptions, String> {
        let as_chess960 = self.chess960 && self.variant == VariantKind::Standard;
        let variant = if as_chess960 {
            VariantKind::Chess960
        } else {
            self.variant
        };
        let mut options = VariantOptions::default_for(variant);
        for (key, value) in &self.variant_options {
            let Some(spec) = VariantOptions::schema(variant)
                .iter()
                .find(|spec| spec.key == key)
            else {
                continue;
            };
            if !keeps_default(spec, value) {
                options.set(key, value).map_err(|e| e.to_string())?;
            }
        }
        if as_chess960 {
            options
                .set("start", &rules::chess960::ORTHODOX_NUMBER.to_string())
                .map_err(|e| e.to_string())?;
        }
        Ok(options)
    }

    /// Applies one `setoption`; a value outside the option's range changes nothing and says
    /// why, so a GUI's typo is never silently reinterpreted.
    pub(super) fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let shown = clip(value);
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mb = value
                    .parse()
                    .ok()
                    .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
                    .ok_or_else(|| {
                        format!("Hash must be 1 to {MAX_HASH_MB} megabytes, got '{shown}'")
                    })?;
            }
            "uci_chess960" => {
                self.chess960 = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("UCI_Chess960 must be true or false, got '{shown}'")),
                };
            }
            "uci_variant" => {
                // `chess` is what GUIs (and python-chess) call standard chess.
                let name = match value.to_ascii_lowercase().as_str() {
                    "chess" => "standard".to_string(),
                    other => other.to_string(),
                };
                self.variant = VariantKind::from_name(&name)
                    .ok_or_else(|| format!("unknown variant '{shown}'"))?;
            }
            "level" => {
                self.level =
                    Level::from_name(value).ok_or_else(|| format!("unknown level '{shown}'"))?;
            }
            "seed" => {
                self.seed = value
                    .parse()
                    .ok()
                    .filter(|seed| *seed <= MAX_SEED)
                    .ok_or_else(|| format!("Seed must be 0 to {MAX_SEED}, got '{shown}'"))?;
            }
            key => {
                let specs: Vec<&OptionSpec> = VariantKind::ALL
                    .into_iter()
                    .filter_map(|variant| {
                        VariantOptions::schema(variant)
                            .iter()
                            .find(|spec| spec.key == key)
                    })
                    .collect();
                if specs.is_empty() {
                    return Err(format!("unknown option '{}'", clip(name)));
                }
                // The value must suit at least one game that has the option, or keep the
                // games' defaults.
                if !specs.iter().any(|spec| keeps_default(spec, value)) {
                    let mut first_error = None;
                    let accepted = specs.iter().any(|spec| {
                        let result = spec.check(value);
                        if let Err(error) = &result {
                            first_error.get_or_insert_with(|| error.to_string());
                        }
                        result.is_ok()
                    });
                    if !accepted {
                        return Err(first_error.unwrap_or_default());
                    }
                }
                self.variant_options.retain(|(k, _)| k != key);
                self.variant_options
                    .push((key.to_string(), value.to_string()));
            }
        }
        Ok(())
    }
}

pub(super) fn print_identity(out: &Output) {
    out.line(&format!("id name Boardshift {}", env!("CARGO_PKG_VERSION")));
    out.line("id author the Boardshift authors");
    out.line(&format!(
        "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
        engine::DEFAULT_TABLE_MB
    ));
    out.line("option name UCI_Chess960 type check default false");
    // `chess` is what GUIs call standard chess.
    let variants: Vec<String> = std::iter::once("standard")
        .chain(std::iter::once("chess"))
        .chain(VariantKind::ALL.into_iter().skip(1).map(VariantKind::name))
        .map(|name| format!("var {name}"))
        .collect();
    out.line(&format!(
        "option name UCI_Variant type combo default standard {}",
        variants.join(" ")
    ));
    let levels: Vec<String> = Level::ALL
        .into_iter()
        .map(|level| format!("var {}", level.name()))
        .collect();
    out.line(&format!(
        "option name Level type combo default {} {}",
        Level::Hard.name(),
        levels.join(" ")
    ));
    out.line(&format!(
        "option name Seed type spin default 1 min 0 max {MAX_SEED}"
    ));
    for (key, specs) in variant_option_specs() {
        out.line(&option_line(key, &specs));
    }
    out.line("uciok");
}

/// Splits `setoption name N value V` into (N, V).
pub(super) fn parse_setoption(line: &str) -> Result<(String, String), String> {
    let rest = line
        .strip_prefix("setoption")
        .map(str::trim)
        .and_then(|r| r.strip_prefix("name"))
        .ok_or_else(|| "setoption needs 'name'".to_string())?;
    let (name, value) = match rest.split_once(" value ") {
        Some((name, value)) => (name.trim(), value.trim()),
        None => (rest.trim(), ""),
    };
    if name.is_empty() {
        return Err("setoption needs an option name".to_string());
    }
    Ok((name.to_string(), value.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_range_option_values_are_refused_and_change_nothing() {
        let mut settings = Settings::new();
        settings.hash_mb = 16;
        assert!(settings.set("UCI_Chess960", "maybe").is_err());
        assert!(settings.set("Hash", "0").is_err());
        assert!(settings.set("Hash", "4096").is_err());
        assert!(settings.set("Seed", "99999999999").is_err());
        assert!(settings.set("size", "9").is_err());
        assert!(settings.set("gap", "e4").is_err());
        assert!(!settings.chess960 && settings.hash_mb == 16 && settings.seed == 1);
        assert!(settings.variant_options.is_empty());
        settings.set("UCI_Chess960", "TRUE").unwrap();
        settings.set("Hash", "1").unwrap();
        settings.set("gap", "random").unwrap();
        settings.set("size", "20").unwrap();
        assert!(settings.chess960 && settings.hash_mb == 1);
    }

    #[test]
    fn variant_options_are_announced_and_checked_from_the_schema() {
        let lines: Vec<String> = variant_option_specs()
            .iter()
            .map(|(key, specs)| option_line(key, specs))
            .collect();
        for variant in VariantKind::ALL {
            for key in VariantOptions::keys(variant) {
                let announced = format!("option name {key} type ");
                let count = lines.iter().filter(|l| l.starts_with(&announced)).count();
                assert_eq!(count, 1, "{key}: {lines:?}");
            }
        }
        for expected in [
            "option name gap type combo default random var random var a3 var c3 var e3 var g3 var a5 var c5 var e5 var g5",
            "option name size type spin default 16 min 10 max 26",
            "option name draws type combo default auto var auto var fide",
            "option name start type string default <empty>",
        ] {
            assert!(lines.iter().any(|line| line == expected), "{lines:?}");
        }
        let mut settings = Settings::new();
        settings.set("UCI_Variant", "chess960").unwrap();
        settings.set("start", "959").unwrap();
        assert!(settings.set("start", "960").is_err());
        let start = |settings: &Settings| settings.variant_options().unwrap().to_pairs()[0].clone();
        assert_eq!(start(&settings), ("start", Some("959".to_string())));
        settings.set("start", "<empty>").unwrap();
        assert_eq!(start(&settings), ("start", Some("random".to_string())));
        settings.set("UCI_Variant", "chess").unwrap();
        settings.set("UCI_Chess960", "true").unwrap();
        assert_eq!(
            settings.variant_options().unwrap().variant(),
            VariantKind::Chess960
        );
        assert_eq!(start(&settings), ("start", Some("518".to_string())));
    }

    #[test]
    fn setoption_splits_name_and_value() {
        assert_eq!(
            parse_setoption("setoption name UCI_Variant value sliding").unwrap(),
            ("UCI_Variant".to_string(), "sliding".to_string())
        );
        assert!(parse_setoption("setoption value x").is_err());
    }
}
