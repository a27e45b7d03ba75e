//! Test suite: chess960 — the start positions of Chess960 against cozy-chess: perft from more
//! than a hundred of the 960 starts (every ninth number, the orthodox one included, depths 1
//! to 4) agrees node for node.

use rules::chess960::{back_rank, start_fen, start_position, ORTHODOX_NUMBER, START_COUNT};
use rules::{GamePosition, Role};

/// The start as Shredder-FEN (castling rights named by the rooks' files), which cozy-chess
/// reads for Chess960.
fn shredder_fen(number: u16) -> String {
    let rank = back_rank(number).expect("a back rank");
    let rook_files: String = (0..8u8)
        .rev()
        .filter(|&file| rank[file as usize] == Role::Rook)
        .map(|file| char::from(b'A' + file))
        .collect();
    let fen = start_fen(number).expect("a start");
    fen.replace(
        " KQkq ",
        &format!(" {}{} ", rook_files, rook_files.to_ascii_lowercase()),
    )
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            if depth == 1 {
                nodes += 1;
            } else {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

fn our_perft<P: GamePosition>(position: &P, depth: u32) -> u64 {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            our_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn perft_from_a_hundred_starts_agrees_with_cozy_chess() {
    let mut numbers: Vec<u16> = (0..START_COUNT).step_by(9).collect();
    numbers.push(ORTHODOX_NUMBER);
    assert!(numbers.len() > 100);
    for number in numbers {
        let fen = start_fen(number).expect("a start");
        let ours = start_position(number).expect("a legal start");
        let theirs =
            cozy_chess::Board::from_fen(&shredder_fen(number), true).expect("cozy reads it");
        for depth in 1..=4 {
            assert_eq!(
                our_perft(&ours, depth),
                cozy_perft(&theirs, depth),
                "start {number} ({fen}) depth {depth}"
            );
        }
    }
}
