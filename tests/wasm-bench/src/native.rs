//! Times the benchmark cases natively, best of three, one line per case:
//! `<kind> <index> <depth> <nodes> <seconds>`.

use boardshift_wasm_bench::{bench_init, run_case, CASES};
use std::time::Instant;

fn main() {
    bench_init();
    for (_, kind, index, depth) in CASES {
        let mut best = f64::MAX;
        let mut nodes = 0;
        for _ in 0..3 {
            let start = Instant::now();
            nodes = run_case(kind, index, depth);
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!("{kind} {index} {depth} {nodes} {best}");
    }
}
