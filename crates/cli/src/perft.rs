//! `boardshift perft`: leaf counts of the legal-action tree for any variant, from its start
//! position, a position text or a saved game, optionally after some moves.

use crate::args::Flags;
use crate::{CliError, CliResult};
use rules::options::VariantOptions;
use rules::relative::RelativePosition;
use rules::sliding::SlidingPosition;
use rules::{CastlingMode, ChessPosition, GamePosition, VariantKind};

const USAGE: &str = "usage: boardshift perft --variant V [--option KEY=VALUE]… [--fen TEXT | --game FILE] [--moves \"M1 M2 …\"] --depth N [--divide]";

/// A position of any variant, for commands that start from text.
pub enum AnyPosition {
    Chess(ChessPosition),
    Sliding(SlidingPosition),
    /// Boxed: a relative position is far larger than the others.
    Relative(Box<RelativePosition>),
}

/// Calls `$body` with `$p` bound to the concrete position (monomorphised per variant).
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::perft::AnyPosition::Chess($p) => $body,
            $crate::perft::AnyPosition::Sliding($p) => $body,
            $crate::perft::AnyPosition::Relative($p) => {
                let $p = *$p;
                $body
            }
        }
    };
}

/// Builds the position a command starts from: `text` when given, else the variant's start
/// under `options` (regroupment: the orthodox back ranks; sliding: the `gap` option, needed
/// because a random gap would make counts irreproducible).
pub fn position_from(
    options: &VariantOptions,
    text: Option<&str>,
) -> Result<AnyPosition, CliError> {
    let bad = |e: &dyn std::fmt::Display| CliError::Input(format!("bad position text: {e}"));
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

/// Reads `--variant` and every `--option` into typed options.
pub fn options_from(flags: &Flags) -> Result<VariantOptions, CliError> {
    let name = flags.value("variant")?.unwrap_or("standard");
    let variant = VariantKind::from_name(name).ok_or_else(|| {
        CliError::Input(format!(
            "unknown variant '{name}' (standard, regroupment, sliding, relative)"
        ))
    })?;
    VariantOptions::from_pairs(variant, &flags.all("option"))
        .map_err(|e| CliError::Input(e.to_string()))
}

/// Plays space-separated move text, naming the first bad move and its index.
pub fn play_moves<P: GamePosition>(position: &mut P, moves: &str) -> CliResult {
    for (index, text) in moves.split_whitespace().enumerate() {
        let mv = position
            .parse_move_text(text)
            .map_err(|e| CliError::Input(format!("move {index} ('{text}'): {e}")))?;
        position.play_unchecked(mv);
    }
    Ok(())
}

fn count<P: GamePosition>(mut position: P, moves: &str, depth: u32, divide: bool) -> CliResult {
    play_moves(&mut position, moves)?;
    let nodes = if divide && depth > 0 {
        let lines = rules::perft::divide(&position, depth);
        for (text, nodes) in &lines {
            println!("{text} {nodes}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        rules::perft::perft(&position, depth)
    };
    println!("nodes {nodes}");
    Ok(())
}

pub fn run(args: &[String]) -> CliResult {
    let flags = Flags::parse(args, &["divide"])?;
    flags.only(&["variant", "option", "fen", "game", "moves", "depth"])?;
    if !flags.positional.is_empty() {
        return Err(CliError::Input(format!(
            "unexpected argument '{}'; {USAGE}",
            flags.positional[0]
        )));
    }
    let depth: u32 = flags
        .number("depth")?
        .ok_or_else(|| CliError::Input(format!("--depth is required; {USAGE}")))?;
    if depth > 20 {
        return Err(CliError::Input(format!(
            "--depth {depth} is too deep (at most 20)"
        )));
    }
    let moves = flags.value("moves")?.unwrap_or("");
    let (options, text) = match (flags.value("game")?, flags.value("fen")?) {
        (Some(_), Some(_)) => {
            return Err(CliError::Input(
                "give --fen or --game, not both".to_string(),
            ))
        }
        (Some(path), None) => {
            let game = crate::load_game(path)?;
            if flags
                .value("variant")?
                .is_some_and(|v| v != game.variant().name())
            {
                return Err(CliError::Input(format!(
                    "--variant disagrees with the saved game's variant '{}'",
                    game.variant().name()
                )));
            }
            (*game.options(), Some(game.position_text()))
        }
        (None, fen) => (options_from(&flags)?, fen.map(str::to_string)),
    };
    let position = position_from(&options, text.as_deref())?;
    let divide = flags.switch("divide");
    with_position!(position, p => count(p, moves, depth, divide))
}
