//! Relative chess search speed, deeper than `boardshift bench` goes: searches the default
//! start and two positions reached from it, each to a fixed depth with a fresh table, and
//! prints nodes and nodes per second (the node count is a signature of the search). On
//! Linux the rate is per second of this process's CPU time, so that other work on a busy
//! machine does not distort it; elsewhere it is per second of wall time.
//!
//! `cargo run --release -p boardshift-engine --example relative_speed [depth]` (default 7).

use engine::{FrozenClock, Level, Limits, SearchRequest, Searcher};
use rules::relative::{RelativeOptions, RelativePosition};
use rules::GamePosition;
use std::time::Instant;

fn main() {
    let depth = std::env::args()
        .nth(1)
        .map(|text| text.parse::<u32>().expect("the depth is a whole number"))
        .unwrap_or(7);
    let start = RelativePosition::start(RelativeOptions::default());
    let mut positions = vec![start.clone()];
    // Two openings, each played out by shallow searches (deterministic).
    let mut pos = start;
    for ply in 0..8 {
        let request = SearchRequest::new(&pos, Level::Analysis, &FrozenClock)
            .with_limits(Limits::depth(3))
            .with_seed(1);
        let mv = engine::think(&request)
            .best_move
            .expect("the opening goes on");
        pos.play_unchecked(mv);
        if ply % 4 == 3 {
            positions.push(pos.clone());
        }
    }
    let mut total_nodes = 0;
    let mut total_seconds = 0.0;
    for position in &positions {
        let mut searcher = Searcher::<RelativePosition>::new(16);
        let request = SearchRequest::new(position, Level::Analysis, &FrozenClock)
            .with_limits(Limits::depth(depth))
            .with_seed(1);
        let started = (Instant::now(), cpu_seconds());
        let result = searcher.think(&request);
        let seconds = match (started.1, cpu_seconds()) {
            (Some(before), Some(after)) => after - before,
            _ => started.0.elapsed().as_secs_f64(),
        };
        println!(
            "{:>9} nodes {:>8.0} nodes/s  {}",
            result.nodes,
            result.nodes as f64 / seconds,
            position.position_text()
        );
        total_nodes += result.nodes;
        total_seconds += seconds;
    }
    println!(
        "relative depth {depth}: {total_nodes} nodes in {:.0} ms, {:.0} nodes/s",
        total_seconds * 1000.0,
        total_nodes as f64 / total_seconds
    );
}

/// The CPU time this process has used, from `/proc/self/schedstat` (nanoseconds on a CPU).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let nanoseconds: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds / 1e9)
}
