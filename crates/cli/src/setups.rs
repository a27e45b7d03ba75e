//! `boardshift setups --variant regroupment [--option KEY=VALUE]…`: prints every start
//! position the Regroupment options allow, one X-FEN per line. `--variant chess960` prints the
//! 960 starts of Chess960 in Scharnagl order (line 519, number 518, is the orthodox start), or
//! with `--option start=N` the one chosen. The list is each variant's [`Variant::start_list`].

use crate::command::SetupsArgs;
use crate::{CliError, CliResult};
use rules::options::VariantOptions;
use rules::{dispatch, Variant, VariantKind, VariantVisitor};
use std::io::Write;

/// The start positions the options allow, one position text each, in the variant's order.
fn start_list(variant: VariantKind, pairs: &[String]) -> Result<Vec<String>, CliError> {
    let options = VariantOptions::from_pairs(variant, pairs)
        .map_err(|error| CliError::Input(error.to_string()))?;
    struct List<'a>(&'a VariantOptions);
    impl VariantVisitor for List<'_> {
        type Output = Option<Vec<String>>;
        fn visit<V: Variant>(self) -> Option<Vec<String>> {
            V::start_list(&V::rules(self.0)?)
        }
    }
    dispatch(variant, List(&options)).ok_or_else(|| {
        CliError::Input(format!(
            "setups exist only for variants with a list of starts (regroupment, chess960), not '{}'",
            variant.name()
        ))
    })
}

pub fn run(args: &SetupsArgs, out: &mut dyn Write) -> CliResult {
    for fen in start_list(args.variant, &args.options)? {
        writeln!(out, "{fen}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Cli, Command};
    use clap::Parser;

    /// The start list, or the message of a usage or input error.
    fn parse(text: &str) -> Result<Vec<String>, String> {
        let words = ["boardshift", "setups"]
            .into_iter()
            .chain(text.split_whitespace());
        match Cli::try_parse_from(words) {
            Ok(Cli {
                command: Command::Setups(args),
            }) => start_list(args.variant, &args.options).map_err(|error| format!("{error:?}")),
            Ok(other) => panic!("parsed as another command: {other:?}"),
            Err(error) => Err(error.to_string()),
        }
    }

    fn error(text: &str) -> String {
        parse(text).expect_err(text)
    }

    #[test]
    fn reads_variant_and_options() {
        let starts = parse(
            "--variant regroupment --option king_knight=forbidden --option=order=alternate --option draws=fide",
        )
        .unwrap();
        assert_eq!(starts.len(), 196);
        assert!(parse("--variant=regroupment").is_ok());
        assert_eq!(parse("--variant chess960").unwrap().len(), 960);
        let chosen = parse("--variant chess960 --option start=518").unwrap();
        assert_eq!(
            chosen,
            ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
        );
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
