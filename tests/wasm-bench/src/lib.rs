//! Perft with plain C-ABI exports (no bindings), built for wasm32 and timed from Node by
//! `run`, beside the same code compiled natively.

use rules::perft::perft;
use rules::ChessPosition;

/// The benchmark positions, by index: the start position and Kiwipete.
pub const POSITIONS: [&str; 2] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

/// Leaf count of position `index` at `depth`; 0 for an unknown index.
#[no_mangle]
pub extern "C" fn bench_perft(index: u32, depth: u32) -> u64 {
    POSITIONS
        .get(index as usize)
        .and_then(|fen| ChessPosition::from_fen(fen).ok())
        .map_or(0, |position| perft(&position, depth))
}

/// Fills the attack tables, so that timing excludes start-up.
#[no_mangle]
pub extern "C" fn bench_init() {
    rules::attacks::init();
}
