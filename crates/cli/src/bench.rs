//! `boardshift bench perft`: our perft against shakmaty's and cozy-chess's in the same run (all
//! three bulk-count the last ply), plus the variants' perft speed beside standard chess.

use crate::args::Flags;
use crate::{CliError, CliResult};
use rules::relative::{RelativeOptions, RelativePosition};
use rules::sliding::{SlidingPosition, Tile};
use rules::{perft::perft, ChessPosition};
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

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
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

pub fn run(args: &[String]) -> CliResult {
    let flags = Flags::parse(args, &[])?;
    flags.only(&["repeat", "depth"])?;
    let repeat: u32 = flags.number("repeat")?.unwrap_or(3);
    let depth_override: Option<u32> = flags.number("depth")?;
    rules::attacks::init();
    let mut ours_total = 0.0;
    let mut count = 0.0;
    println!("position  depth        nodes  implementation        speed    ratio (ours / theirs)");
    for (name, fen, default_depth) in POSITIONS {
        let depth = depth_override.unwrap_or(default_depth);
        let ours = ChessPosition::from_fen(fen).map_err(|e| CliError::Internal(e.to_string()))?;
        let shak: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .map_err(|e| CliError::Internal(e.to_string()))?
            .into_position(shakmaty::CastlingMode::Standard)
            .map_err(|e| CliError::Internal(e.to_string()))?;
        let cozy: cozy_chess::Board = fen
            .parse()
            .map_err(|e| CliError::Internal(format!("{e:?}")))?;
        let (n_ours, r_ours) = measure(repeat, || perft(&ours, depth));
        let (n_shak, r_shak) = measure(repeat, || shakmaty::perft(&shak, depth));
        let (n_cozy, r_cozy) = measure(repeat, || cozy_perft(&cozy, depth));
        if n_ours != n_shak || n_ours != n_cozy {
            return Err(CliError::Internal(format!(
                "{name}: node counts differ: ours {n_ours}, shakmaty {n_shak}, cozy-chess {n_cozy}"
            )));
        }
        println!(
            "{name:9} {depth:5} {n_ours:12}  boardshift      {}",
            mnps(r_ours)
        );
        println!(
            "{name:9} {depth:5} {n_shak:12}  shakmaty 0.30.1 {}    {:.2}",
            mnps(r_shak),
            r_ours / r_shak
        );
        println!(
            "{name:9} {depth:5} {n_cozy:12}  cozy-chess      {}    {:.2}",
            mnps(r_cozy),
            r_ours / r_cozy
        );
        ours_total += r_ours;
        count += 1.0;
    }
    let standard_rate = ours_total / count;

    let sliding = SlidingPosition::start(
        Tile::parse("e5").ok_or_else(|| CliError::Internal("tile e5".to_string()))?,
    );
    let (n, r) = measure(repeat, || perft(&sliding, depth_override.unwrap_or(5)));
    println!(
        "sliding (gap e5, start) nodes {n}: {}  = {:.2} of standard",
        mnps(r),
        r / standard_rate
    );
    let relative = RelativePosition::start(RelativeOptions::default());
    let (n, r) = measure(repeat, || perft(&relative, depth_override.unwrap_or(4)));
    println!(
        "relative (16x16, start) nodes {n}: {}  = {:.2} of standard",
        mnps(r),
        r / standard_rate
    );
    Ok(())
}
