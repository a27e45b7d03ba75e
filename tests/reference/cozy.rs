//! cozy-chess as an oracle: perft with the last ply bulk-counted, and our Chess960 positions
//! handed to it as Shredder-FEN.

use rules::GamePosition;

/// Leaf count of `board` at `depth`.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
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

/// Our position as Shredder-FEN (castling rights named by the rooks' files), which cozy-chess
/// reads in Chess960 mode.
pub fn shredder_fen(position: &rules::ChessPosition) -> String {
    let mut fields: Vec<String> = position
        .position_text()
        .split(' ')
        .map(str::to_string)
        .collect();
    let mut rights: Vec<char> = position
        .castling_rooks()
        .map(|square| {
            let file = char::from(b'a' + square.file());
            if square.rank() == 0 {
                file.to_ascii_uppercase()
            } else {
                file
            }
        })
        .collect();
    rights.sort_by_key(|c| (c.is_ascii_lowercase(), std::cmp::Reverse(*c)));
    fields[2] = if rights.is_empty() {
        "-".to_string()
    } else {
        rights.into_iter().collect()
    };
    fields.join(" ")
}

pub fn cozy_chess960_board(position: &rules::ChessPosition) -> cozy_chess::Board {
    let fen = shredder_fen(position);
    cozy_chess::Board::from_fen(&fen, true)
        .unwrap_or_else(|error| panic!("cozy-chess refuses {fen}: {error:?}"))
}

/// Checks every count of a perft entry against our generator and against cozy-chess, naming the
/// entry and depth on a mismatch.
pub fn assert_entry_counts(
    entry: &crate::perft_file::PerftEntry,
    ours: &rules::ChessPosition,
    cozy: &cozy_chess::Board,
) {
    for &(depth, expected) in &entry.counts {
        assert_eq!(
            rules::perft::perft(ours, depth),
            expected,
            "{} at depth {depth}",
            entry.id
        );
        assert_eq!(
            cozy_perft(cozy, depth),
            expected,
            "{} at depth {depth} (cozy-chess)",
            entry.id
        );
    }
}
