//! Perft: counting the leaves of the legal-action tree, for any game. Perft ignores every draw
//! rule; a position that is over by checkmate, stalemate or a lost king has no actions.

use crate::position::GamePosition;

/// Leaf count at `depth` (bulk-counted at the last ply).
pub fn perft<P: GamePosition>(position: &P, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<P::Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(position, depth, &mut buffers)
}

fn perft_with<P: GamePosition>(position: &P, depth: u32, buffers: &mut [Vec<P::Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => {
            let Some((moves, rest)) = buffers.split_first_mut() else {
                return 0;
            };
            moves.clear();
            position.legal_moves(moves);
            let mut nodes = 0;
            for &mv in moves.iter() {
                let mut child = position.clone();
                child.play_unchecked(mv);
                nodes += perft_with(&child, depth - 1, rest);
            }
            nodes
        }
    }
}

/// One entry per legal action: its move text and the leaf count below it.
pub fn divide<P: GamePosition>(position: &P, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let count = perft(&child, depth.saturating_sub(1));
            (position.move_text(mv), count)
        })
        .collect()
}
