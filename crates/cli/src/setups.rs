//! `boardshift setups --variant regroupment [--option KEY=VALUE]…`: prints every start
//! position the Regroupment options allow, one X-FEN per line. `--variant chess960` prints the
//! 960 starts of Chess960 in Scharnagl order (line 519, number 518, is the orthodox start).

use crate::command::SetupsArgs;
use crate::text::clip;
use crate::{CliError, CliResult};
use rules::regroupment::{start_positions, RegroupmentOptions};
use rules::VariantKind;
use std::io::Write;

/// Values of the `draws` option, which the game record uses and the setups do not depend on.
const DRAWS_VALUES: [&str; 2] = ["auto", "fide"];

/// The options the arguments ask for.
fn options_from(args: &SetupsArgs) -> Result<RegroupmentOptions, CliError> {
    if args.variant != VariantKind::Regroupment {
        return Err(CliError::Input(format!(
            "setups exist only for variants 'regroupment' and 'chess960', not '{}'",
            args.variant.name()
        )));
    }
    let mut options = RegroupmentOptions::default();
    for pair in &args.options {
        let (key, value) = pair.split_once('=').ok_or_else(|| {
            CliError::Input(format!(
                "option '{}' is not of the form KEY=VALUE",
                clip(pair)
            ))
        })?;
        if key == "draws" {
            if !DRAWS_VALUES.contains(&value) {
                return Err(CliError::Input(format!(
                    "bad value '{}' for regroupment option 'draws' (allowed: {})",
                    clip(value),
                    DRAWS_VALUES.join(", ")
                )));
            }
        } else {
            options
                .set(key, value)
                .map_err(|error| CliError::Input(error.to_string()))?;
        }
    }
    Ok(options)
}

pub fn run(args: &SetupsArgs, out: &mut dyn Write) -> CliResult {
    if args.variant == VariantKind::Chess960 {
        if let Some(pair) = args.options.first() {
            return Err(CliError::Input(format!(
                "the 960 starts of chess960 take no options, got '{}'",
                clip(pair)
            )));
        }
        for number in 0..rules::chess960::START_COUNT {
            let fen = rules::chess960::start_fen(number)
                .ok_or_else(|| CliError::Internal(format!("no start number {number}")))?;
            writeln!(out, "{fen}")?;
        }
        return Ok(());
    }
    let options = options_from(args)?;
    for fen in start_positions(&options) {
        writeln!(out, "{fen}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Cli, Command};
    use clap::Parser;
    use rules::regroupment::{KingKnight, TurnOrder};

    /// The options, or the message of a usage or input error.
    fn parse(text: &str) -> Result<RegroupmentOptions, String> {
        let words = ["boardshift", "setups"]
            .into_iter()
            .chain(text.split_whitespace());
        match Cli::try_parse_from(words) {
            Ok(Cli {
                command: Command::Setups(args),
            }) => options_from(&args).map_err(|error| format!("{error:?}")),
            Ok(other) => panic!("parsed as another command: {other:?}"),
            Err(error) => Err(error.to_string()),
        }
    }

    fn error(text: &str) -> String {
        parse(text).expect_err(text)
    }

    #[test]
    fn reads_variant_and_options() {
        let options = parse(
            "--variant regroupment --option king_knight=forbidden --option=order=alternate --option draws=fide",
        )
        .unwrap();
        assert_eq!(options.king_knight, KingKnight::Forbidden);
        assert_eq!(options.order, TurnOrder::Alternate);
        assert_eq!(start_positions(&options).len(), 196);
        assert!(parse("--variant=regroupment").is_ok());
    }

    #[test]
    fn bad_arguments_are_errors_that_name_the_problem() {
        assert!(error("--variant standard").contains("'standard'"));
        assert!(error("--option order=alternate").contains("--variant"));
        assert!(error("--variant regroupment --option order=zigzag").contains("'zigzag'"));
        assert!(error("--variant regroupment --option colour=red").contains("'colour'"));
        assert!(error("--variant regroupment --option order").contains("KEY=VALUE"));
        assert!(error("--variant regroupment --option draws=never").contains("'never'"));
        assert!(error("--variant regroupment --depth 3").contains("'--depth'"));
        assert!(error("--variant").contains("a value is required"));
        assert!(error("--variant regroupmnet").contains("'regroupment'"));
    }
}
