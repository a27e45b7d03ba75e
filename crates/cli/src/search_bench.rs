//! `boardshift bench [--depth N]`: searches a fixed set of positions of every variant to a
//! fixed depth with a fresh table each, and prints the total node count (a signature that
//! changes only when the search or evaluation changes) and the speed in nodes per second.
//! Relative chess, whose move generation is far slower, is searched three plies shallower.

use crate::command::BenchArgs;
use crate::tool_position::ToolPosition;
use crate::{CliError, CliResult};
use engine::{FrozenClock, Level, Limits, SearchRequest, Searcher};
use rules::options::VariantOptions;
use rules::relative::RelativePosition;
use rules::sliding::SlidingPosition;
use rules::{ChessPosition, VariantKind};
use std::io::Write;
use std::time::Instant;

const RELATIVE_DEPTH_OFFSET: u32 = 3;

const STANDARD: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/2r5/8/3N4/1P3P2/P5PP/3R2K1 b - - 0 30",
];

const REGROUPMENT: &[&str] = &[
    "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR w KQkq - 0 1",
    "rnbqkb1r/ppp2ppp/4pn2/3p4/3P1B2/8/PPPQPPPP/RK2NBNR w KQkq - 0 4",
];

const SLIDING: &[&str] = &[
    "rnbqkbnr/pppppppp/4xx2/4xx2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/xxB1P3/xx3N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 -",
    "r2q1rk1/ppp2ppp/2n1bnxx/2bpp1xx/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 0 8 -",
];

/// The default 16×16 start, written out.
fn relative_positions() -> Vec<String> {
    vec![
        "16/16/16/16/4rnbqkbnr4/4pppppppp4/16/16/16/16/4PPPPPPPP4/4RNBQKBNR4/16/16/16/16 w KQkq - 0 1 e5"
            .to_string(),
    ]
}

/// Searches `texts` as positions of `P` and returns (nodes, milliseconds).
fn run_set<P: ToolPosition>(
    variant: VariantKind,
    texts: &[&str],
    depth: u32,
    extra: Option<Vec<P>>,
) -> Result<(u64, f64), CliError> {
    let options = VariantOptions::default_for(variant);
    let mut positions: Vec<P> = texts
        .iter()
        .map(|text| {
            P::from_text(text, &options, false)
                .map_err(|e| CliError::Internal(format!("bench position '{text}': {e}")))
        })
        .collect::<Result<_, _>>()?;
    positions.extend(extra.unwrap_or_default());
    let mut nodes = 0;
    let started = Instant::now();
    for position in &positions {
        let mut searcher = Searcher::<P>::new(16);
        let request = SearchRequest::new(position, Level::Analysis, &FrozenClock)
            .with_limits(Limits::depth(depth))
            .with_seed(1);
        let result = searcher.think(&request);
        nodes += result.nodes;
    }
    Ok((nodes, started.elapsed().as_secs_f64() * 1000.0))
}

pub fn run(args: &BenchArgs, out: &mut dyn Write) -> CliResult {
    let depth = args.depth;
    let relative_depth = depth.saturating_sub(RELATIVE_DEPTH_OFFSET).max(1);
    let relative_texts = relative_positions();
    let relative_refs: Vec<&str> = relative_texts.iter().map(String::as_str).collect();
    let relative_extra = vec![relative_after_opening()?];
    let results = [
        (
            "standard",
            depth,
            run_set::<ChessPosition>(VariantKind::Standard, STANDARD, depth, None)?,
        ),
        (
            "regroupment",
            depth,
            run_set::<ChessPosition>(VariantKind::Regroupment, REGROUPMENT, depth, None)?,
        ),
        (
            "sliding",
            depth,
            run_set::<SlidingPosition>(VariantKind::Sliding, SLIDING, depth, None)?,
        ),
        (
            "relative",
            relative_depth,
            run_set::<RelativePosition>(
                VariantKind::Relative,
                &relative_refs,
                relative_depth,
                Some(relative_extra),
            )?,
        ),
    ];
    let mut total_nodes = 0;
    let mut total_ms = 0.0;
    for (name, depth, (nodes, ms)) in results {
        writeln!(
            out,
            "{name:<12} depth {depth:>2} nodes {nodes:>10} time {:>7.0} ms  {:>9.0} nodes/s",
            ms,
            nodes as f64 / ms.max(1.0) * 1000.0
        )?;
        total_nodes += nodes;
        total_ms += ms;
    }
    writeln!(out, "total nodes {total_nodes}")?;
    writeln!(
        out,
        "nodes/second {:.0}",
        total_nodes as f64 / total_ms.max(1.0) * 1000.0
    )?;
    Ok(())
}

/// The relative start after four plies, each chosen by a shallow search (deterministic).
fn relative_after_opening() -> Result<RelativePosition, CliError> {
    let options = VariantOptions::default_for(VariantKind::Relative);
    let mut pos = <RelativePosition as ToolPosition>::start(&options, 1, false)
        .map_err(CliError::Internal)?;
    for _ in 0..4 {
        let request = SearchRequest::new(&pos, Level::Analysis, &FrozenClock)
            .with_limits(Limits::depth(3))
            .with_seed(1);
        let result = engine::think(&request);
        let mv = result
            .best_move
            .ok_or_else(|| CliError::Internal("the relative opening ended".to_string()))?;
        rules::GamePosition::play_unchecked(&mut pos, mv);
    }
    Ok(pos)
}
