//! Times the benchmark cases natively, best of three, one line per case:
//! `<kind> <index> <depth> <nodes> <seconds>`. The seconds are this process's CPU time where
//! Linux reports it (`/proc/self/schedstat`), so that other work on the machine distorts the
//! figure little; elsewhere wall time.

use boardshift_wasm_bench::{bench_init, run_case, CASES};
use std::time::Instant;

fn main() {
    bench_init();
    for (_, kind, index, depth) in CASES {
        let mut best = f64::MAX;
        let mut nodes = 0;
        for _ in 0..3 {
            let started = (Instant::now(), cpu_seconds());
            nodes = run_case(kind, index, depth);
            let seconds = match (started.1, cpu_seconds()) {
                (Some(before), Some(after)) => after - before,
                _ => started.0.elapsed().as_secs_f64(),
            };
            best = best.min(seconds);
        }
        println!("{kind} {index} {depth} {nodes} {best}");
    }
}

/// The CPU time this process has used, from `/proc/self/schedstat` (nanoseconds on a CPU).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let nanoseconds: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds / 1e9)
}
