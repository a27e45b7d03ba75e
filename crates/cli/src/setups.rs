//! `boardshift setups --variant regroupment [--option KEY=VALUE]…`: prints every start
//! position the Regroupment options allow, one X-FEN per line.

use crate::{CliError, CliResult};
use rules::regroupment::{start_positions, RegroupmentOptions};
use std::io::{BufWriter, ErrorKind, Write};

const USAGE: &str = "usage: boardshift setups --variant regroupment [--option KEY=VALUE]...";

/// Values of the `draws` option, which the game record uses and the setups do not depend on.
const DRAWS_VALUES: [&str; 2] = ["auto", "fide"];

/// Reads the arguments that follow `setups` into the options they ask for.
fn parse_args(args: &[String]) -> Result<RegroupmentOptions, CliError> {
    let mut variant: Option<&str> = None;
    let mut options = RegroupmentOptions::default();
    let mut index = 0;
    while index < args.len() {
        let arg = args[index].as_str();
        let (flag, inline_value) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (arg, None),
        };
        let mut value = |name: &str| -> Result<&str, CliError> {
            if let Some(value) = inline_value {
                return Ok(value);
            }
            index += 1;
            args.get(index)
                .map(String::as_str)
                .ok_or_else(|| CliError::Input(format!("{name} needs a value; {USAGE}")))
        };
        match flag {
            "--variant" => variant = Some(value("--variant")?),
            "--option" => {
                let pair = value("--option")?;
                let (key, val) = pair.split_once('=').ok_or_else(|| {
                    CliError::Input(format!("option '{pair}' is not of the form KEY=VALUE"))
                })?;
                if key == "draws" {
                    if !DRAWS_VALUES.contains(&val) {
                        return Err(CliError::Input(format!(
                            "bad value '{val}' for regroupment option 'draws' (allowed: {})",
                            DRAWS_VALUES.join(", ")
                        )));
                    }
                } else {
                    options
                        .set(key, val)
                        .map_err(|error| CliError::Input(error.to_string()))?;
                }
            }
            "--help" | "-h" => return Err(CliError::Input(USAGE.to_string())),
            _ => {
                return Err(CliError::Input(format!(
                    "unexpected argument '{arg}'; {USAGE}"
                )))
            }
        }
        index += 1;
    }
    match variant {
        Some("regroupment") => Ok(options),
        Some(other) => Err(CliError::Input(format!(
            "setups exist only for variant 'regroupment', not '{other}'"
        ))),
        None => Err(CliError::Input(format!("--variant is required; {USAGE}"))),
    }
}

/// Runs the command on the arguments that follow `setups`.
pub fn run(args: &[String]) -> CliResult {
    let options = parse_args(args)?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let written = start_positions(&options)
        .iter()
        .try_for_each(|fen| writeln!(out, "{fen}"))
        .and_then(|()| out.flush());
    match written {
        Ok(()) => Ok(()),
        // A reader that stops early (`| head`) is not a failure of this command.
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(CliError::Internal(format!("cannot write output: {error}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::regroupment::{KingKnight, TurnOrder};

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn input_error(text: &str) -> String {
        match parse_args(&args(text)) {
            Err(CliError::Input(message)) => message,
            other => panic!("expected an input error for '{text}', got {other:?}"),
        }
    }

    #[test]
    fn reads_variant_and_options() {
        let options = parse_args(&args(
            "--variant regroupment --option king_knight=forbidden --option=order=alternate --option draws=fide",
        ))
        .unwrap();
        assert_eq!(options.king_knight, KingKnight::Forbidden);
        assert_eq!(options.order, TurnOrder::Alternate);
        assert_eq!(start_positions(&options).len(), 196);
        assert!(parse_args(&args("--variant=regroupment")).is_ok());
    }

    #[test]
    fn bad_arguments_are_input_errors_that_name_the_problem() {
        assert!(input_error("--variant standard").contains("'standard'"));
        assert!(input_error("--option order=alternate").contains("--variant"));
        assert!(input_error("--variant regroupment --option order=zigzag").contains("'zigzag'"));
        assert!(input_error("--variant regroupment --option colour=red").contains("'colour'"));
        assert!(input_error("--variant regroupment --option order").contains("KEY=VALUE"));
        assert!(input_error("--variant regroupment --option draws=never").contains("'never'"));
        assert!(input_error("--variant regroupment --depth 3").contains("'--depth'"));
        assert!(input_error("--variant").contains("needs a value"));
    }
}
