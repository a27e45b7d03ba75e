//! Data-driven perft for standard chess and Chess960: every line of `tests/perft/standard.txt`
//! and `tests/perft/chess960.txt`, checked against our generator and against cozy-chess (in
//! Chess960 mode for the latter) in the same run.

use reference::perft_file::parse_perft_file;
use rules::{perft::perft, CastlingMode, ChessPosition};

use reference::cozy::{assert_entry_counts, cozy_chess960_board, cozy_perft};

fn entries() -> Vec<reference::perft_file::PerftEntry> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/perft/standard.txt"))
        .expect("perft file");
    let entries = parse_perft_file(&text);
    assert!(entries.len() >= 20, "the suite lost entries");
    entries
}

#[test]
fn standard_perft_suite_matches_published_counts() {
    for entry in entries() {
        let position = ChessPosition::from_fen(&entry.position)
            .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        for &(depth, expected) in &entry.counts {
            assert_eq!(
                perft(&position, depth),
                expected,
                "{} at depth {depth}",
                entry.id
            );
        }
    }
}

#[test]
fn standard_perft_suite_agrees_with_cozy_chess() {
    for entry in entries() {
        let board: cozy_chess::Board = entry.position.parse().expect("cozy reads the FEN");
        // The deepest line of each entry is covered above; the oracle checks the shallower
        // ones so the data itself is verified independently.
        for &(depth, expected) in entry.counts.iter().filter(|(_, n)| *n < 5_000_000) {
            assert_eq!(
                cozy_perft(&board, depth),
                expected,
                "{} at depth {depth}",
                entry.id
            );
        }
    }
}

#[test]
fn divide_sums_to_perft_and_names_moves() {
    let position = ChessPosition::startpos();
    let divided = rules::perft::divide(&position, 3);
    assert_eq!(divided.len(), 20);
    assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    assert!(divided.iter().any(|(m, n)| m == "e2e4" && *n == 600));
}

fn chess960_entries() -> Vec<reference::perft_file::PerftEntry> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/perft/chess960.txt"))
        .expect("perft file");
    let entries = reference::perft_file::parse_perft_file(&text);
    assert!(entries.len() >= 110, "the suite lost entries");
    entries
}

#[test]
fn chess960_perft_file_matches_our_generator_and_cozy_chess() {
    let mut starts_at_depth_four = 0;
    for entry in chess960_entries() {
        let ours = ChessPosition::from_fen_mode(&entry.position, CastlingMode::Chess960)
            .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        let cozy = cozy_chess960_board(&ours);
        if entry.id.starts_with("start-") && entry.counts.iter().any(|&(depth, _)| depth >= 4) {
            starts_at_depth_four += 1;
        }
        assert_entry_counts(&entry, &ours, &cozy);
    }
    assert!(starts_at_depth_four >= 100, "too few starts at depth 4");
}
