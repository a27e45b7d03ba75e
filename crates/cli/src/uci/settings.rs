//! The engine's options as `setoption` sets them and `uci` announces them, each value checked
//! against its range so that a GUI's mistake is reported instead of reinterpreted.

use super::io::Output;
use crate::text::clip;
use engine::Level;
use rules::options::VariantOptions;
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

const VARIANT_OPTION_LINES: &[&str] = &[
    "option name gap type combo default random var random var a3 var c3 var e3 var g3 var a5 var c5 var e5 var g5",
    "option name size type spin default 16 min 10 max 26",
    "option name recentering type combo default aristotelian var aristotelian var leibnizian",
    "option name leave type combo default yes var yes var sides var no",
    "option name order type combo default sequential var sequential var alternate",
    "option name king_knight type combo default allowed var allowed var forbidden",
    "option name castling type combo default full var full var curtailed",
    "option name start type combo default choose var choose var random",
    "option name draws type combo default auto var auto var fide",
];

impl Settings {
    pub(super) fn variant_options(&self) -> Result<VariantOptions, String> {
        let mut options = VariantOptions::default_for(self.variant);
        let keys = VariantOptions::keys(self.variant);
        for (key, value) in &self.variant_options {
            if !keys.contains(&key.as_str()) || (key == "gap" && value == "random") {
                continue;
            }
            options.set(key, value).map_err(|e| e.to_string())?;
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
                let variants: Vec<VariantKind> = VariantKind::ALL
                    .into_iter()
                    .filter(|&variant| VariantOptions::keys(variant).contains(&key))
                    .collect();
                if variants.is_empty() {
                    return Err(format!("unknown option '{}'", clip(name)));
                }
                // The value must suit at least one game that has the option (`gap` may also
                // be left to chance).
                if !(key == "gap" && value == "random") {
                    let mut first_error = None;
                    let accepted = variants.iter().any(|&variant| {
                        let result = VariantOptions::default_for(variant).set(key, value);
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
    out.line("option name UCI_Variant type combo default standard var standard var chess var regroupment var sliding var relative var chess960");
    out.line("option name Level type combo default hard var easy var medium var hard var analysis");
    out.line(&format!(
        "option name Seed type spin default 1 min 0 max {MAX_SEED}"
    ));
    for line in VARIANT_OPTION_LINES {
        out.line(line);
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
        let mut settings = Settings {
            variant: VariantKind::Standard,
            chess960: false,
            hash_mb: 16,
            level: Level::Hard,
            seed: 1,
            variant_options: Vec::new(),
        };
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
    fn setoption_splits_name_and_value() {
        assert_eq!(
            parse_setoption("setoption name UCI_Variant value sliding").unwrap(),
            ("UCI_Variant".to_string(), "sliding".to_string())
        );
        assert!(parse_setoption("setoption value x").is_err());
    }
}
