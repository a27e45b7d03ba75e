//! Differential tests of standard chess against cozy-chess over positions from seeded random
//! games: legal move sets equal, incremental hashes equal to recomputed ones, FEN, UCI and SAN
//! round trips, and make/copy consistency.

use rules::{ChessPosition, GamePosition, MoveList};

use reference::rng::XorShift as Rng;

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
    // Games start from positions rich in castling, en passant and promotions, and special
    // moves are preferred when available, so that the rare rules are exercised often.
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    ];
    let mut game = 0;
    while checked < 12_000 {
        let mut position = ChessPosition::from_fen(starts[game % starts.len()]).expect("start");
        game += 1;
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
            let special: Vec<_> = list
                .iter()
                .copied()
                .filter(|m| m.kind() != rules::MoveKind::Normal)
                .collect();
            let mv = if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len())]
            } else {
                list[rng.below(list.len())]
            };
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
