//! Differential tests of standard chess against cozy-chess over positions from seeded random
//! games: legal move sets equal, incremental hashes equal to recomputed ones, FEN, UCI and SAN
//! round trips, and make/copy consistency.

use rules::{ChessPosition, GamePosition, MoveList};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn cozy_moves(fen: &str) -> Vec<String> {
    let board: cozy_chess::Board = fen.parse().expect("cozy reads our FEN");
    let mut moves = Vec::new();
    board.generate_moves(|list| {
        for mv in list {
            moves.push(mv.to_string());
        }
        false
    });
    moves.sort();
    moves
}

/// cozy writes castling king-takes-rook; so do we when asked for the raw squares.
fn our_moves(position: &ChessPosition, list: &MoveList) -> Vec<String> {
    let mut moves: Vec<String> = list
        .iter()
        .map(|&mv| {
            if mv.is_castle() {
                format!("{}{}", mv.from(), mv.to())
            } else {
                position.uci(mv)
            }
        })
        .collect();
    moves.sort();
    moves
}

#[test]
fn ten_thousand_positions_agree_with_cozy_chess() {
    let mut rng = Rng(0x5eed_0001);
    let mut checked = 0;
    let mut seen_ep = 0;
    let mut seen_castle = 0;
    let mut seen_promotion = 0;
    while checked < 12_000 {
        let mut position = ChessPosition::startpos();
        let mut keys = std::collections::HashMap::new();
        for _ in 0..200 {
            let fen = position.to_fen();
            let mut list = MoveList::new();
            position.legal_moves(&mut list);
            assert_eq!(our_moves(&position, &list), cozy_moves(&fen), "{fen}");
            assert_eq!(position.count_legal(), list.len(), "{fen}");
            assert_eq!(position.hash(), position.compute_hash(), "{fen}");
            let reread = ChessPosition::from_fen(&fen).expect("our FEN reads back");
            assert_eq!(reread.to_fen(), fen);
            assert_eq!(reread.hash(), position.hash(), "{fen}");
            // Equal FEN placement+state must mean equal hash, across different histories.
            let state: String = fen.rsplitn(3, ' ').nth(2).unwrap_or_default().to_string();
            let hash = keys.entry(state).or_insert(position.hash());
            assert_eq!(*hash, position.hash(), "{fen}");
            checked += 1;
            if list.is_empty() {
                break;
            }
            let mv = list[rng.below(list.len())];
            match mv.kind() {
                rules::MoveKind::EnPassant => seen_ep += 1,
                rules::MoveKind::Castle => seen_castle += 1,
                rules::MoveKind::Promotion(_) => seen_promotion += 1,
                _ => {}
            }
            let san = position.san(mv);
            assert_eq!(position.parse_san(&san), Ok(mv), "{fen}: {san}");
            let text = position.move_text(mv);
            assert_eq!(position.parse_move_text(&text), Ok(mv), "{fen}: {text}");
            let shouted = format!("  {}{} ", &text[..4], text[4..].to_uppercase());
            assert_eq!(
                position.parse_move_text(&shouted),
                Ok(mv),
                "{fen}: {shouted}"
            );
            position.play(mv);
        }
    }
    assert!(
        seen_ep > 10 && seen_castle > 50 && seen_promotion > 50,
        "{seen_ep} {seen_castle} {seen_promotion}"
    );
}
