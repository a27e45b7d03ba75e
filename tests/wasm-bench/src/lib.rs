//! Perft and a fixed-depth search with plain C-ABI exports (no bindings), built for wasm32 and
//! timed from Node by `run`, beside the same functions compiled natively (`native-bench`).

use engine::{FrozenClock, Level, Limits, SearchRequest, Searcher};
use rules::perft::perft;
use rules::relative::{RelativeOptions, RelativePosition};
use rules::sliding::SlidingPosition;
use rules::ChessPosition;

/// The perft positions, by index: the start position and Kiwipete.
pub const PERFT_POSITIONS: [&str; 2] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

const STANDARD_MIDDLEGAME: &str =
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";
const SLIDING_MIDDLEGAME: &str =
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/xxB1P3/xx3N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 -";

/// Leaf count of perft position `index` at `depth`; 0 for an unknown index.
#[no_mangle]
pub extern "C" fn bench_perft(index: u32, depth: u32) -> u64 {
    PERFT_POSITIONS
        .get(index as usize)
        .and_then(|fen| ChessPosition::from_fen(fen).ok())
        .map_or(0, |position| perft(&position, depth))
}

fn search<P: engine::SearchPosition>(position: &P, depth: u32) -> u64 {
    let mut searcher = Searcher::<P>::new(16);
    let request = SearchRequest::new(position, Level::Analysis, &FrozenClock)
        .with_limits(Limits::depth(depth))
        .with_seed(1);
    searcher.think(&request).nodes
}

/// Nodes searched to `depth` in a middlegame of variant `variant` (0 standard, 1 sliding,
/// 2 relative from its start); 0 for an unknown variant.
#[no_mangle]
pub extern "C" fn bench_search(variant: u32, depth: u32) -> u64 {
    match variant {
        0 => ChessPosition::from_fen(STANDARD_MIDDLEGAME).map_or(0, |p| search(&p, depth)),
        1 => SlidingPosition::from_text(SLIDING_MIDDLEGAME).map_or(0, |p| search(&p, depth)),
        2 => search(&RelativePosition::start(RelativeOptions::default()), depth),
        _ => 0,
    }
}

/// Fills the attack tables, so that timing excludes start-up.
#[no_mangle]
pub extern "C" fn bench_init() {
    rules::attacks::init();
}

/// The measured cases: (name, kind, index, depth); kind 0 is perft, 1 is search.
pub const CASES: [(&str, u32, u32, u32); 5] = [
    ("perft start", 0, 0, 6),
    ("perft kiwipete", 0, 1, 5),
    ("search standard", 1, 0, 14),
    ("search sliding", 1, 1, 13),
    ("search relative", 1, 2, 12),
];

/// Runs one case and returns its node count.
pub fn run_case(kind: u32, index: u32, depth: u32) -> u64 {
    if kind == 0 {
        bench_perft(index, depth)
    } else {
        bench_search(index, depth)
    }
}
