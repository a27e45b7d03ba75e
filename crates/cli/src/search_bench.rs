//! `boardshift bench [--depth N]`: searches a fixed set of positions of every variant to a
//! fixed depth with a fresh table each, and prints the total node count (a signature that
//! changes only when the search or evaluation changes) and the speed in nodes per second.
//! Relative chess, whose move generation is far slower, is searched three plies shallower.

use crate::command::BenchArgs;
use crate::tool_position;
use crate::{CliError, CliResult};
use engine::variants::{dispatch, SearchVisitor};
use engine::{FrozenClock, Level, Limits, SearchPosition, SearchRequest, Searcher};
use rules::options::VariantOptions;
use rules::{Variant, VariantKind};
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
const RELATIVE: &[&str] = &[
    "16/16/16/16/4rnbqkbnr4/4pppppppp4/16/16/16/16/4PPPPPPPP4/4RNBQKBNR4/16/16/16/16 w KQkq - 0 1 e5",
];

/// One variant's set: its positions, plus (`opening_plies` > 0) its start after that many
/// plies each chosen by a shallow search, searched to `depth`.
struct BenchSet<'a> {
    texts: &'a [&'a str],
    opening_plies: usize,
    depth: u32,
}

impl SearchVisitor for BenchSet<'_> {
    /// (nodes, milliseconds)
    type Output = Result<(u64, f64), CliError>;

    fn visit<V: Variant>(self) -> Self::Output
    where
        V::Position: SearchPosition,
    {
        let options = VariantOptions::default_for(V::KIND);
        let mut positions: Vec<V::Position> = self
            .texts
            .iter()
            .map(|text| {
                tool_position::from_text::<V>(text, &options)
                    .map_err(|e| CliError::Internal(format!("bench position '{text}': {e}")))
            })
            .collect::<Result<_, _>>()?;
        if self.opening_plies > 0 {
            let start = tool_position::start::<V>(&options, 1).map_err(CliError::Internal)?;
            positions.push(after_opening(start, self.opening_plies)?);
        }
        let mut nodes = 0;
        let started = Instant::now();
        for position in &positions {
            let mut searcher = Searcher::<V::Position>::new(16);
            let request = SearchRequest::new(position, Level::Analysis, &FrozenClock)
                .with_limits(Limits::depth(self.depth))
                .with_seed(1);
            let result = searcher.think(&request);
            nodes += result.nodes;
        }
        Ok((nodes, started.elapsed().as_secs_f64() * 1000.0))
    }
}

pub fn run(args: &BenchArgs, out: &mut dyn Write) -> CliResult {
    let depth = args.depth;
    let relative_depth = depth.saturating_sub(RELATIVE_DEPTH_OFFSET).max(1);
    let sets: [(VariantKind, &[&str], usize, u32); 4] = [
        (VariantKind::Standard, STANDARD, 0, depth),
        (VariantKind::Regroupment, REGROUPMENT, 0, depth),
        (VariantKind::Sliding, SLIDING, 0, depth),
        (VariantKind::Relative, RELATIVE, 4, relative_depth),
    ];
    let mut results = Vec::with_capacity(sets.len());
    for (variant, texts, opening_plies, depth) in sets {
        let set = BenchSet {
            texts,
            opening_plies,
            depth,
        };
        results.push((variant.name(), depth, dispatch(variant, set)?));
    }
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

/// `position` after `plies` plies, each chosen by a shallow search (deterministic).
fn after_opening<P: SearchPosition>(mut position: P, plies: usize) -> Result<P, CliError> {
    for _ in 0..plies {
        let request = SearchRequest::new(&position, Level::Analysis, &FrozenClock)
            .with_limits(Limits::depth(3))
            .with_seed(1);
        let result = engine::think(&request);
        let mv = result
            .best_move
            .ok_or_else(|| CliError::Internal("the bench opening ended".to_string()))?;
        position.play_unchecked(mv);
    }
    Ok(position)
}
