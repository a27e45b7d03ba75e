//! Standard chess rules at the position level: FEN errors, notation details, special moves.

use rules::{ChessPosition, GamePosition, MoveTextError};

fn position(fen: &str) -> ChessPosition {
    ChessPosition::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn san_of(fen: &str, uci: &str) -> String {
    let p = position(fen);
    p.san(p.parse_uci(uci).expect("legal"))
}

#[test]
fn fen_errors_name_the_problem() {
    let cases = [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "white has no king"),
        (
            "k7/8/8/8/8/8/8/KK6 w - - 0 1",
            "white has more than one king",
        ),
        (
            "k7/8/8/8/8/8/8/K6r b - - 0 1",
            "the side not to move is in check",
        ),
        ("k7/8/8/8/8/8/8/K6P w - - 0 1", "pawn stands on h1"),
        ("kP6/8/8/8/8/8/8/K7 w - - 0 1", "pawn stands on b8"),
        ("k7/8/8/8/8/8/8/K6R w K - 0 1", "castling right"),
        ("k7/8/8/8/8/8/8/K7 w - e3 0 1", "en-passant square e3"),
        ("k7/8/8/8/8/8/8/K7 x - - 0 1", "side to move 'x'"),
        ("k7/8/8/8/8/8/8/K7 w - - z 1", "half-move clock 'z'"),
        ("k7/8/8/8/8/8/8/K7 w - - 0 0", "move number '0'"),
        ("k7/8/8/8/8/8/K7 w - - 0 1", "expected 8 ranks, found 7"),
        ("k7/8/8/8/8/8/8/K8 w - - 0 1", "rank 1"),
        ("k7/8/8/8/8/8/8/K6? w - - 0 1", "unexpected character '?'"),
        ("k7/8/8", "expected 4 to 6"),
        ("k7/8/8/8/8/8/8/K7 w KX - 0 1", "castling field 'KX'"),
    ];
    for (fen, expected) in cases {
        let err = ChessPosition::from_fen(fen).expect_err(fen).to_string();
        assert!(
            err.contains(expected),
            "{fen}: got '{err}', wanted '{expected}'"
        );
    }
    // Near misses that must be accepted: four fields, and an en-passant square nobody can use.
    assert!(ChessPosition::from_fen("k7/8/8/8/8/8/8/K7 w - -").is_ok());
    let unusable = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(
        unusable.ep_square().map(|s| s.to_string()),
        Some("e3".into())
    );
}

#[test]
fn en_passant_square_is_written_after_every_double_step() {
    let mut p = ChessPosition::startpos();
    p.play(p.parse_uci("e2e4").unwrap());
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
}

#[test]
fn san_disambiguation_checks_and_promotions() {
    // Two knights on the same rank: file letter.
    assert_eq!(san_of("k7/8/8/8/8/8/8/KN3N2 w - - 0 1", "b1d2"), "Nbd2");
    // Same file: rank digit.
    assert_eq!(san_of("1k6/8/8/8/8/R7/8/R6K w - - 0 1", "a3a2"), "R3a2");
    // Three queens: full square.
    assert_eq!(san_of("7k/8/8/8/Q1Q5/8/Q7/K7 w - - 0 1", "a4b3"), "Qa4b3");
    // A pinned rival does not force disambiguation.
    assert_eq!(san_of("4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3"), "Nc3");
    assert_eq!(san_of("7k/8/8/8/8/8/8/K5R1 w - - 0 1", "g1h1"), "Rh1+");
    assert_eq!(san_of("7k/8/6K1/8/8/8/8/R7 w - - 0 1", "a1a8"), "Ra8#");
    assert_eq!(san_of("k7/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8n"), "e8=N");
    assert_eq!(san_of("k7/8/8/3pP3/8/8/8/K7 w - d6 0 2", "e5d6"), "exd6");
    assert_eq!(san_of("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", "e1g1"), "O-O");
    assert_eq!(san_of("r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1", "e8c8"), "O-O-O");
}

#[test]
fn move_text_errors_distinguish_unreadable_from_illegal() {
    let p = ChessPosition::startpos();
    assert!(matches!(
        p.parse_move_text("e2e5"),
        Err(MoveTextError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move_text("e2"),
        Err(MoveTextError::Unreadable { .. })
    ));
    assert!(matches!(
        p.parse_move_text("e2e4x"),
        Err(MoveTextError::Unreadable { .. })
    ));
    assert!(matches!(
        p.parse_move_text("ä2e4"),
        Err(MoveTextError::Unreadable { .. })
    ));
    assert!(p.parse_move_text(" e2e4\n").is_ok());
    // Castling text: e1g1 in standard chess, and king-takes-rook is also understood.
    let c = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = c.parse_move_text("e1g1").unwrap();
    assert!(short.is_castle());
    assert_eq!(c.parse_move_text("e1h1"), Ok(short));
    assert_eq!(c.move_text(short), "e1g1");
}

#[test]
fn castling_rights_follow_king_and_rook_moves_and_captures() {
    let mut p = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    p.play(p.parse_uci("a1a8").unwrap());
    assert!(p.to_fen().contains(" Kk "), "{}", p.to_fen());
    p.play(p.parse_uci("e8d7").unwrap());
    assert!(p.to_fen().contains(" K "), "{}", p.to_fen());
    p.play(p.parse_uci("e1f1").unwrap());
    assert!(p.to_fen().contains(" - "), "{}", p.to_fen());
}

#[test]
fn en_passant_that_would_expose_the_king_is_not_generated() {
    // Capturing d6 would leave the rank open between the rook on a5 and the king on h5.
    let p = position("8/8/8/r2pP2K/8/8/8/k7 w - d6 0 1");
    assert!(p.parse_uci("e5d6").is_none());
    let q = position("8/8/8/r2pP3/7K/8/8/k7 w - d6 0 1");
    assert!(q.parse_uci("e5d6").is_some());
}

#[test]
fn repetition_key_ignores_unusable_en_passant_only() {
    let with_ep = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let without = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_ne!(with_ep.hash(), without.hash());
    assert_eq!(with_ep.repetition_key(), without.repetition_key());
    let usable = position("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let usable_gone = position("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_ne!(usable.repetition_key(), usable_gone.repetition_key());
}
