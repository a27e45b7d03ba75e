//! `boardshift perft`: leaf counts of the legal-action tree for any variant, from its start
//! position, a position text or a saved game, optionally after some moves.

use crate::command::PerftArgs;
use crate::input::load_game;
use crate::text::{clip, clip_echo};
use crate::{CliError, CliResult};
use rules::options::VariantOptions;
use rules::relative::RelativePosition;
use rules::sliding::SlidingPosition;
use rules::{CastlingMode, ChessPosition, GamePosition, VariantKind};
use std::io::Write;

/// The deepest count accepted per variant: from the start position it finishes within days,
/// one ply more would take months. Measured on one core of the development machine: standard
/// chess about 260 million nodes per second with about 30 moves a ply (depth 10: 7·10¹³ nodes),
/// sliding chess about 50–100 million with about 22 (depth 10: 3·10¹³), 16×16 relative chess
/// about 30 million with about 67 (depth 7: 7·10¹²).
pub fn max_depth(variant: VariantKind) -> u32 {
    match variant {
        VariantKind::Standard
        | VariantKind::Regroupment
        | VariantKind::Chess960
        | VariantKind::Sliding => 10,
        VariantKind::Relative => 7,
    }
}

/// A position of any variant, for commands that start from text.
enum AnyPosition {
    Chess(ChessPosition),
    Sliding(SlidingPosition),
    /// Boxed: a relative position is far larger than the others.
    Relative(Box<RelativePosition>),
}

/// Builds the position a command starts from: `text` when given, else the variant's start
/// under `options` (regroupment: the orthodox back ranks; sliding: the `gap` option, needed
/// because a random gap would make counts irreproducible).
fn position_from(options: &VariantOptions, text: Option<&str>) -> Result<AnyPosition, CliError> {
    let bad = |error: &dyn std::fmt::Display| {
        let message = error.to_string();
        CliError::Input(format!(
            "bad position text: {}",
            clip_echo(&message, text.unwrap_or_default())
        ))
    };
    Ok(match options {
        VariantOptions::Standard { .. } => AnyPosition::Chess(match text {
            Some(fen) => ChessPosition::from_fen(fen).map_err(|e| bad(&e))?,
            None => ChessPosition::startpos(),
        }),
        VariantOptions::Regroupment { .. } => AnyPosition::Chess(
            ChessPosition::from_fen_mode(
                text.unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                CastlingMode::Chess960,
            )
            .map_err(|e| bad(&e))?,
        ),
        VariantOptions::Chess960 { rules, .. } => AnyPosition::Chess(match text {
            Some(fen) => {
                ChessPosition::from_fen_mode(fen, CastlingMode::Chess960).map_err(|e| bad(&e))?
            }
            // A random start would make counts irreproducible: the orthodox start unless a
            // number is chosen.
            None => rules::chess960::start_position(
                rules.start.unwrap_or(rules::chess960::ORTHODOX_NUMBER),
            )
            .ok_or_else(|| CliError::Input("no such Chess960 start number".to_string()))?,
        }),
        VariantOptions::Sliding(sliding) => AnyPosition::Sliding(match text {
            Some(fen) => SlidingPosition::from_text(fen).map_err(|e| bad(&e))?,
            None => SlidingPosition::start(sliding.gap.ok_or_else(|| {
                CliError::Input(
                    "sliding chess needs --option gap=TILE (a3 c3 e3 g3 a5 c5 e5 g5) or --fen"
                        .to_string(),
                )
            })?),
        }),
        VariantOptions::Relative { rules, .. } => AnyPosition::Relative(Box::new(match text {
            Some(fen) => RelativePosition::from_text(fen, *rules).map_err(|e| bad(&e))?,
            None => RelativePosition::start(*rules),
        })),
    })
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
    let position = position_from(&options, text.as_deref())?;
    match position {
        AnyPosition::Chess(p) => count(p, &args.moves, args.depth, args.divide, out),
        AnyPosition::Sliding(p) => count(p, &args.moves, args.depth, args.divide, out),
        AnyPosition::Relative(p) => count(*p, &args.moves, args.depth, args.divide, out),
    }
}
