//! `boardshift bench perft`: perft speed of standard chess on two classic positions and of the
//! variants beside it. Other implementations can be measured in the same run as rivals
//! ([`PerftRival`]); the shipped binary carries none, the comparison binary of the test crate
//! plugs in shakmaty and cozy-chess (all bulk-count the last ply).

use crate::command::PerftBenchArgs;
use crate::{CliError, CliResult};
use rules::relative::{RelativeOptions, RelativePosition};
use rules::sliding::{SlidingPosition, Tile};
use rules::{perft::perft, ChessPosition};
use std::io::Write;
use std::time::Instant;

const POSITIONS: [(&str, &str, u32); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

/// A perft counter for one position, to a given depth.
pub type PerftCounter = Box<dyn Fn(u32) -> u64>;

/// Another standard-chess perft implementation, timed on the same positions as ours.
pub trait PerftRival {
    /// The name (and version) printed in the table.
    fn label(&self) -> &str;
    /// Reads `fen` into the rival's own position and returns its counter.
    fn prepare(&self, fen: &str) -> Result<PerftCounter, String>;
}

/// Best of `repeat` timed runs: (nodes, nodes per second).
fn measure(repeat: u32, mut run: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        nodes = run();
        best = best.min(start.elapsed().as_secs_f64());
    }
    (nodes, nodes as f64 / best.max(1e-9))
}

fn mnps(rate: f64) -> String {
    format!("{:8.1} Mnodes/s", rate / 1e6)
}

/// Runs the benchmark with `rivals` beside ours; a rival whose count differs is an error.
pub fn run(args: &PerftBenchArgs, rivals: &[&dyn PerftRival], out: &mut dyn Write) -> CliResult {
    let repeat = args.repeat;
    rules::attacks::init();
    let mut ours_total = 0.0;
    let mut count = 0.0;
    writeln!(
        out,
        "position  depth        nodes  implementation        speed    ratio (ours / theirs)"
    )?;
    for (name, fen, default_depth) in POSITIONS {
        let depth = args.depth.unwrap_or(default_depth);
        let ours = ChessPosition::from_fen(fen).map_err(|e| CliError::Internal(e.to_string()))?;
        let (n_ours, r_ours) = measure(repeat, || perft(&ours, depth));
        writeln!(
            out,
            "{name:9} {depth:5} {n_ours:12}  {:15} {}",
            "boardshift",
            mnps(r_ours)
        )?;
        for rival in rivals {
            let counter = rival
                .prepare(fen)
                .map_err(|e| CliError::Internal(format!("{}: {e}", rival.label())))?;
            let (n_rival, r_rival) = measure(repeat, || counter(depth));
            if n_rival != n_ours {
                return Err(CliError::Internal(format!(
                    "{name}: node counts differ: ours {n_ours}, {} {n_rival}",
                    rival.label()
                )));
            }
            writeln!(
                out,
                "{name:9} {depth:5} {n_rival:12}  {:15} {}    {:.2}",
                rival.label(),
                mnps(r_rival),
                r_ours / r_rival
            )?;
        }
        out.flush()?;
        ours_total += r_ours;
        count += 1.0;
    }
    let standard_rate = ours_total / count;

    let sliding = SlidingPosition::start(
        Tile::parse("e5").ok_or_else(|| CliError::Internal("tile e5".to_string()))?,
    );
    let (n, r) = measure(repeat, || perft(&sliding, args.depth.unwrap_or(5)));
    writeln!(
        out,
        "sliding (gap e5, start) nodes {n}: {}  = {:.2} of standard",
        mnps(r),
        r / standard_rate
    )?;
    let relative = RelativePosition::start(RelativeOptions::default());
    let (n, r) = measure(repeat, || perft(&relative, args.depth.unwrap_or(4)));
    writeln!(
        out,
        "relative (16x16, start) nodes {n}: {}  = {:.2} of standard",
        mnps(r),
        r / standard_rate
    )?;
    Ok(())
}
