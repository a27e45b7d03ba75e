//! Test suite: chess960 — the variant against cozy-chess in Chess960 mode: the 960 start
//! positions by Scharnagl number and the legal moves along a seeded random game from every
//! one of the 960 starts; games, saves and rematches. (The perft file `tests/perft/chess960.txt`
//! is run by the perft suite; its generator is here.)

use reference::cozy::{cozy_chess960_board as cozy_board, cozy_perft, shredder_fen};
use reference::rng::XorShift;
use rules::any::AnyGame;
use rules::chess960::{start_fen, start_position, ORTHODOX_NUMBER, START_COUNT};
use rules::options::VariantOptions;
use rules::variant::{Chess960, Variant};
use rules::{CastlingMode, ChessPosition, GamePosition, VariantKind};
use std::collections::BTreeSet;

fn chess960(text: &str) -> ChessPosition {
    ChessPosition::from_fen_mode(text, CastlingMode::Chess960)
        .unwrap_or_else(|error| panic!("{text}: {error}"))
}

#[test]
fn every_start_number_matches_cozy_chess_scharnagl_table() {
    for number in 0..START_COUNT {
        let ours = start_position(number).expect("a start");
        let theirs = cozy_chess::Board::chess960_startpos(u32::from(number));
        assert_eq!(cozy_board(&ours), theirs, "start {number}");
        assert_eq!(
            ours.position_text(),
            start_fen(number).expect("X-FEN"),
            "start {number}"
        );
    }
    assert_eq!(
        start_fen(ORTHODOX_NUMBER).as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
}

/// Shredder-FEN and X-FEN of the same position read to the same position.
#[test]
fn shredder_fen_reads_like_x_fen() {
    for number in (0..START_COUNT).step_by(37) {
        let position = start_position(number).expect("a start");
        let again = Chess960::from_text(&shredder_fen(&position), &Default::default())
            .expect("Shredder-FEN reads");
        assert_eq!(again.position_text(), position.position_text());
    }
}

fn our_moves(position: &ChessPosition) -> BTreeSet<String> {
    let mut moves = Vec::new();
    GamePosition::legal_moves(position, &mut moves);
    moves.iter().map(|&mv| position.move_text(mv)).collect()
}

fn cozy_moves(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut moves = BTreeSet::new();
    board.generate_moves(|list| {
        for mv in list {
            moves.insert(mv.to_string());
        }
        false
    });
    moves
}

/// From every start, a seeded random game (castling preferred when it is legal, so that it
/// is played often): after every move our legal moves are cozy-chess's, move text included.
#[test]
fn seeded_games_from_all_960_starts_agree_with_cozy_chess() {
    let mut castles = 0;
    for number in 0..START_COUNT {
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15 ^ u64::from(number + 1));
        let mut position = start_position(number).expect("a start");
        let mut board = cozy_board(&position);
        for ply in 0..60 {
            let ours = our_moves(&position);
            assert_eq!(
                ours,
                cozy_moves(&board),
                "start {number} ply {ply}: {}",
                position.position_text()
            );
            if ours.is_empty() {
                break;
            }
            let mut moves = Vec::new();
            GamePosition::legal_moves(&position, &mut moves);
            let castle = moves
                .iter()
                .copied()
                .find(|&mv| mv.kind() == rules::MoveKind::Castle && rng.below(2) == 0);
            let mv = castle.unwrap_or_else(|| moves[rng.below(moves.len())]);
            castles += usize::from(castle.is_some());
            let text = position.move_text(mv);
            position.play_unchecked(mv);
            let cozy_move: cozy_chess::Move = text.parse().expect("cozy reads the move");
            board.play(cozy_move);
        }
    }
    assert!(castles > 500, "castling was played only {castles} times");
}

#[test]
fn games_start_from_a_chosen_number_or_a_recorded_draw_and_save() {
    let options =
        VariantOptions::from_pairs(VariantKind::Chess960, &["start=518"]).expect("options");
    let mut game = AnyGame::new(options).expect("a game");
    assert_eq!(game.position_text(), start_fen(518).expect("X-FEN"));
    assert_eq!(game.start_text(), None, "a chosen number is in the options");
    // Castling is written as the king taking its own rook.
    for text in ["g1h3", "g8h6", "e2e4", "e7e5", "f1e2", "f8e7", "e1h1"] {
        game.play(text)
            .unwrap_or_else(|error| panic!("{text}: {error}"));
    }
    let saved = game.to_save_json("2026-12-01T00:00:00Z", &Default::default());
    assert!(saved.contains("\"variant\": \"chess960\""), "{saved}");
    let (loaded, _) = AnyGame::from_save_json(&saved).expect("the save loads");
    assert_eq!(loaded.position_text(), game.position_text());
    assert!(
        loaded.position_text().contains("/RNBQ1RK1 b"),
        "{}",
        loaded.position_text()
    );

    let random = AnyGame::new(VariantOptions::default_for(VariantKind::Chess960)).expect("a game");
    let drawn = random
        .start_text()
        .expect("the draw is recorded")
        .to_string();
    assert!(ChessPosition::from_fen_mode(&drawn, CastlingMode::Chess960).is_ok());
    let saved = random.to_save_json("2026-12-01T00:00:00Z", &Default::default());
    let (loaded, _) = AnyGame::from_save_json(&saved).expect("the save loads");
    assert_eq!(loaded.start_text(), Some(drawn.as_str()));
    // A rematch draws again: over a few rematches at least two different starts appear.
    let starts: BTreeSet<String> = (0..8)
        .map(|_| {
            let rematch = loaded.rematch().expect("a rematch");
            rematch.start_text().expect("drawn").to_string()
        })
        .collect();
    assert!(starts.len() > 1);
}

#[test]
fn a_random_start_with_moves_but_no_recorded_start_is_refused() {
    let text = r#"{"format":"boardshift-game","version":1,"variant":"chess960","moves":["e2e4"]}"#;
    let error = AnyGame::from_save_json(text).unwrap_err().to_string();
    assert!(error.contains("no recorded start position"), "{error}");
}

/// Prints the entries of `tests/perft/chess960.txt`: every ninth start and the orthodox one to
/// depth 4, and the published Chess960 perft positions, counted by cozy-chess.
#[test]
#[ignore = "generates the data of tests/perft/chess960.txt; run by hand with --nocapture"]
fn print_perft_entries() {
    let print = |id: &str, fen: &str, depth: u32| {
        let cozy = cozy_board(&chess960(fen));
        println!("id {id}\nepd {fen}");
        for d in 1..=depth {
            println!("perft {d} {}", cozy_perft(&cozy, d));
        }
        println!();
    };
    for position in KNOWN_POSITIONS {
        let (id, fen) = position;
        print(id, fen, 4);
    }
    let mut numbers: Vec<u16> = (0..START_COUNT).step_by(9).collect();
    numbers.push(ORTHODOX_NUMBER);
    for number in numbers {
        print(
            &format!("start-{number}"),
            &start_fen(number).expect("X-FEN"),
            4,
        );
    }
}

/// Positions from the published Chess960 perft tables, in Shredder-FEN.
const KNOWN_POSITIONS: [(&str, &str); 6] = [
    (
        "known-1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ),
    (
        "known-2",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    ),
    (
        "known-3",
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    ),
    (
        "known-4",
        "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
    ),
    (
        "known-5",
        "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
    ),
    (
        "known-6",
        "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9",
    ),
];
