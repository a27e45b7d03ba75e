//! A small flag reader shared by the subcommands: `--flag VALUE`, repeatable `--option K=V`,
//! and boolean switches, with errors that name the flag.

use crate::CliError;

/// Parsed command-line flags of one subcommand.
#[derive(Debug, Default)]
pub struct Flags {
    values: Vec<(String, String)>,
    switches: Vec<String>,
    pub positional: Vec<String>,
}

impl Flags {
    /// `switch_names` take no value; every other `--name` takes the next argument.
    pub fn parse(args: &[String], switch_names: &[&str]) -> Result<Flags, CliError> {
        let mut flags = Flags::default();
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if let Some(name) = arg.strip_prefix("--") {
                if let Some((name, value)) = name.split_once('=') {
                    flags.values.push((name.to_string(), value.to_string()));
                } else if switch_names.contains(&name) {
                    flags.switches.push(name.to_string());
                } else {
                    let value = iter
                        .next()
                        .ok_or_else(|| CliError::Input(format!("--{name} needs a value")))?;
                    flags.values.push((name.to_string(), value.clone()));
                }
            } else {
                flags.positional.push(arg.clone());
            }
        }
        Ok(flags)
    }

    /// The single value of `--name`, if given (an error when given twice).
    pub fn value(&self, name: &str) -> Result<Option<&str>, CliError> {
        let mut found = self.values.iter().filter(|(n, _)| n == name);
        let first = found.next().map(|(_, v)| v.as_str());
        if found.next().is_some() {
            return Err(CliError::Input(format!("--{name} given more than once")));
        }
        Ok(first)
    }

    /// Every value of a repeatable flag.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.values
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// Rejects flags outside `known` so that typos do not pass silently.
    pub fn only(&self, known: &[&str]) -> Result<(), CliError> {
        for (name, _) in &self.values {
            if !known.contains(&name.as_str()) {
                return Err(CliError::Input(format!("unknown flag --{name}")));
            }
        }
        Ok(())
    }

    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, CliError> {
        match self.value(name)? {
            None => Ok(None),
            Some(text) => text
                .parse()
                .map(Some)
                .map_err(|_| CliError::Input(format!("--{name} expects a number, got '{text}'"))),
        }
    }
}
