//! `boardshift perft`: leaf counts of the legal-action tree for any variant, from its start
//! position, a position text or a saved game, optionally after some moves.

use crate::command::PerftArgs;
use crate::input::load_game;
use crate::text::{clip, clip_echo};
use crate::{CliError, CliResult};
use rules::options::VariantOptions;
use rules::rng::Rng;
use rules::{dispatch, GamePosition, Variant, VariantKind, VariantVisitor};
use std::io::Write;

/// The deepest count accepted for `variant` ([`Variant::DEEPEST_PERFT`]).
pub fn max_depth(variant: VariantKind) -> u32 {
    struct Deepest;
    impl VariantVisitor for Deepest {
        type Output = u32;
        fn visit<V: Variant>(self) -> u32 {
            V::DEEPEST_PERFT
        }
    }
    dispatch(variant, Deepest)
}

/// One count: where it starts, what is played first, and how deep it goes.
struct Count<'a> {
    options: &'a VariantOptions,
    text: Option<&'a str>,
    args: &'a PerftArgs,
    out: &'a mut dyn Write,
}

impl VariantVisitor for Count<'_> {
    type Output = CliResult;

    fn visit<V: Variant>(self) -> CliResult {
        let rules = V::rules(self.options).ok_or_else(|| {
            CliError::Internal(format!("options of another variant for {}", V::KIND))
        })?;
        let position = match self.text {
            Some(text) => V::from_text(text, &rules).map_err(|error| {
                CliError::Input(format!(
                    "bad position text: {}",
                    clip_echo(&error.to_string(), text)
                ))
            })?,
            // A drawn start would make counts irreproducible: what the options leave to
            // chance gets the variant's fixed value or must be chosen.
            None => {
                let settled = V::without_chance(rules).map_err(|spec| {
                    CliError::Input(format!(
                        "{} needs --option {}=VALUE ({}) or --fen",
                        V::KIND,
                        spec.key,
                        spec.expected()
                    ))
                })?;
                V::start(&settled, &mut Rng::seeded(0))
                    .map_err(|error| CliError::Input(error.to_string()))?
            }
        };
        count(
            position,
            &self.args.moves,
            self.args.depth,
            self.args.divide,
            self.out,
        )
    }
}

/// Plays space-separated move text, naming the first bad move and its index.
fn play_moves<P: GamePosition>(position: &mut P, moves: &str) -> CliResult {
    for (index, text) in moves.split_whitespace().enumerate() {
        let mv = position.parse_move_text(text).map_err(|error| {
            CliError::Input(format!(
                "move {index} ('{}'): {}",
                clip(text),
                clip_echo(&error.to_string(), text)
            ))
        })?;
        position.play_unchecked(mv);
    }
    Ok(())
}

fn count<P: GamePosition>(
    mut position: P,
    moves: &str,
    depth: u32,
    divide: bool,
    out: &mut dyn Write,
) -> CliResult {
    play_moves(&mut position, moves)?;
    let nodes = if divide && depth > 0 {
        let lines = rules::perft::divide(&position, depth);
        for (text, nodes) in &lines {
            writeln!(out, "{text} {nodes}")?;
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        rules::perft::perft(&position, depth)
    };
    writeln!(out, "nodes {nodes}")?;
    Ok(())
}

pub fn run(args: &PerftArgs, out: &mut dyn Write) -> CliResult {
    let (options, text) = match (&args.game, &args.fen) {
        (Some(path), _) => {
            let game = load_game(path)?;
            if args.variant.is_some_and(|v| v != game.variant()) {
                return Err(CliError::Input(format!(
                    "--variant disagrees with the saved game's variant '{}'",
                    game.variant().name()
                )));
            }
            (*game.options(), Some(game.position_text()))
        }
        (None, fen) => {
            let variant = args.variant.unwrap_or(VariantKind::Standard);
            let options = VariantOptions::from_pairs(variant, &args.options)
                .map_err(|e| CliError::Input(e.to_string()))?;
            (options, fen.clone())
        }
    };
    let variant = options.variant();
    if args.depth > max_depth(variant) {
        return Err(CliError::Input(format!(
            "--depth {} is too deep for {}: at most {} (one ply more would run for months)",
            args.depth,
            variant.name(),
            max_depth(variant)
        )));
    }
    dispatch(
        variant,
        Count {
            options: &options,
            text: text.as_deref(),
            args,
            out,
        },
    )
}
