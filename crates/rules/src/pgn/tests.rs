//! PGN round trips for every variant, imports of files written by other programs, and the
//! message of each kind of bad input.

use super::*;
use crate::any::AnyGame;
use crate::options::VariantOptions;
use crate::position::VariantKind;
use crate::save::Players;

fn game_of(variant: VariantKind, pairs: &[&str], moves: &[&str]) -> AnyGame {
    let options = VariantOptions::from_pairs(variant, pairs).unwrap();
    let mut game = AnyGame::new(options).unwrap();
    for text in moves {
        game.play(text).unwrap();
    }
    game
}

fn move_texts(game: &AnyGame) -> Vec<String> {
    game.move_list()
        .into_iter()
        .map(|entry| entry.text)
        .collect()
}

fn round_trip(game: &AnyGame) -> AnyGame {
    let pgn = write_pgn(game, &Players::default(), Some("2026-12-01T10:00:00Z"));
    for line in pgn.lines().skip_while(|line| line.starts_with('[')) {
        assert!(line.chars().count() <= 80, "line over 80 columns: {line}");
    }
    let back = read_pgn(&pgn).unwrap_or_else(|error| panic!("{error}\n{pgn}"));
    assert_eq!(back.game.variant(), game.variant(), "{pgn}");
    assert_eq!(back.game.position_text(), game.position_text(), "{pgn}");
    assert_eq!(move_texts(&back.game), move_texts(game), "{pgn}");
    assert_eq!(back.game.result(), game.result(), "{pgn}");
    assert!(back.notes.is_empty(), "{:?}", back.notes);
    back.game
}

#[test]
fn round_trip_every_variant() {
    round_trip(&game_of(
        VariantKind::Standard,
        &["draws=fide"],
        &[
            "e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "b8c6", "f6g7", "c8f5", "g7h8q",
        ],
    ));
    round_trip(&game_of(
        VariantKind::Chess960,
        &["start=0"],
        &["e2e4", "e7e5", "e1f3", "e8f6"],
    ));
    let regroupment = game_of(
        VariantKind::Regroupment,
        &["castling=curtailed"],
        &[
            "K-", "Q-", "Kb1", "Q-", "d2d4", "d7d5", "c1f4", "g8f6", "d1d2", "e7e6",
        ],
    );
    let back = round_trip(&regroupment);
    assert_eq!(
        back.to_save("", &Players::default()).setup,
        ["K-", "Q-", "Kb1", "Q-"]
    );
    round_trip(&game_of(VariantKind::Regroupment, &[], &["K-"]));
    round_trip(&game_of(
        VariantKind::Sliding,
        &["gap=e5"],
        &["S:e3>e5", "e7e6", "S:c3>e3", "d8h4"],
    ));
    round_trip(&game_of(
        VariantKind::Relative,
        &["recentering=leibnizian", "size=12"],
        &[],
    ));
    let relative = game_of(VariantKind::Relative, &[], &["i6i8", "i10i8", "k5j7"]);
    round_trip(&relative);
}

#[test]
fn clocks_and_endings_survive_a_round_trip() {
    let mut game = game_of(VariantKind::Standard, &[], &[]);
    game.set_clock(Some(crate::game::ClockState::new(300_000, 2_000)));
    for (text, elapsed) in [("e2e4", 1_500), ("e7e5", 4_250), ("d1h5", 3_000)] {
        game.record_elapsed(elapsed);
        game.play(text).unwrap();
    }
    game.resign(crate::types::Color::Black).unwrap();
    let pgn = write_pgn(&game, &Players::default(), None);
    assert!(pgn.contains("[TimeControl \"300+2\"]"), "{pgn}");
    assert!(
        pgn.contains("1... e5 { [%clk 0:04:57.75] } 2. Qh5"),
        "{pgn}"
    );
    assert!(pgn.contains("{ White wins by resignation. } 1-0"), "{pgn}");
    let back = round_trip(&game);
    assert_eq!(back.clock_at(2), game.clock_at(2));
    assert_eq!(back.clock_at(3).unwrap().remaining_ms, [299_500, 297_750]);

    let mut flagged = game_of(VariantKind::Standard, &[], &["e2e4"]);
    flagged.set_clock(Some(crate::game::ClockState::new(60_000, 0)));
    flagged.flag_fall(crate::types::Color::Black).unwrap();
    let pgn = write_pgn(&flagged, &Players::default(), None);
    assert!(pgn.contains("[Termination \"Time forfeit\"]"), "{pgn}");
    round_trip(&flagged);

    let mut agreed = game_of(VariantKind::Sliding, &["gap=c5"], &["e2e4"]);
    agreed.offer_draw(crate::types::Color::White).unwrap();
    agreed.accept_draw(crate::types::Color::Black).unwrap();
    round_trip(&agreed);

    let mated = game_of(
        VariantKind::Standard,
        &[],
        &["f2f3", "e7e5", "g2g4", "d8h4"],
    );
    let pgn = write_pgn(&mated, &Players::default(), None);
    assert!(
        pgn.contains("2. g4 Qh4# { Black wins by checkmate. } 0-1"),
        "{pgn}"
    );
    round_trip(&mated);
}

#[test]
fn long_games_wrap_at_80_columns() {
    let mut game = game_of(VariantKind::Standard, &["draws=fide"], &[]);
    for _ in 0..10 {
        for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            if game.result().is_none() {
                game.play(text).unwrap();
            }
        }
    }
    let pgn = write_pgn(&game, &Players::default(), None);
    assert!(pgn.lines().count() > 12, "{pgn}");
    round_trip(&game);
}

#[test]
fn python_chess_fixture_imports_to_its_final_position() {
    let text = include_str!("../../../../tests/pgn/python-chess.pgn");
    let import = read_pgn(text).unwrap();
    assert_eq!(
        import.game.position_text(),
        "1k1r1bQ1/1ppqp2p/p1n5/3p1b2/2B5/5N2/PPPP1PPP/RNBQ1RK1 b - - 0 9"
    );
    assert_eq!(import.game.ply_count(), 17);
    assert_eq!(import.players.white, "Alpha");
    let end = import.game.result().unwrap();
    assert_eq!(end.reason, crate::game::EndReason::Resignation);
    assert_eq!(
        import.game.clock().unwrap().remaining_ms,
        [130_400, 133_500]
    );
    assert_eq!(
        import.game.clock_at(2).unwrap().remaining_ms,
        [180_000, 176_900]
    );
    assert_eq!(
        import.notes,
        ["The text holds more than one game: the first was imported."]
    );
}

#[test]
fn lichess_chess960_fixture_imports_to_its_final_position() {
    let text = include_str!("../../../../tests/pgn/lichess-chess960.pgn");
    let import = read_pgn(text).unwrap();
    assert_eq!(import.game.variant(), VariantKind::Chess960);
    assert_eq!(
        import.game.position_text(),
        "bq1b2k1/pppp1rpp/8/8/4r3/8/PPPP2PP/BQ1BR1K1 w - - 0 10"
    );
    let end = import.game.result().unwrap();
    assert_eq!(end.reason, crate::game::EndReason::Timeout);
    assert_eq!(
        end.outcome,
        crate::game::Outcome::Win(crate::types::Color::Black)
    );
    assert_eq!(import.game.clock().unwrap().remaining_ms, [0, 140_000]);
    // The imported game saves and loads as JSON.
    let json = import
        .game
        .to_save_json("2026-12-01T10:00:00Z", &import.players);
    let (loaded, _) = AnyGame::from_save_json(&json).unwrap();
    assert_eq!(loaded.position_text(), import.game.position_text());
}

#[test]
fn san_as_other_programs_write_it() {
    let pgn = "1.e4 c5 2.e5 d5 3.exd6 e.p. Qxd6 4.Nf3 Nc6 5.Bb5 Bd7 6.0-0 0-0-0 \
               7.Nc3 Nf6 8.d4! cxd4!? 9.Nxd4 Nxd4 10.Qxd4 Qxd4 11.Rd1 Qxd1+ 12.Nxd1 Bxb5 *";
    let import = read_pgn(pgn).unwrap();
    assert_eq!(import.game.ply_count(), 24);
    assert_eq!(
        import.game.position_text(),
        "2kr1b1r/pp2pppp/5n2/1b6/8/8/PPP2PPP/R1BN2K1 w - - 0 13"
    );
}

fn error_of(pgn: &str) -> String {
    read_pgn(pgn).unwrap_err().to_string()
}

#[test]
fn each_kind_of_bad_input_names_its_problem_and_place() {
    assert_eq!(
        error_of(""),
        "PGN game: no game found: the text has no tags and no moves"
    );
    assert_eq!(
        error_of("[Event \"x\"]\n[White Alpha]\n1. e4 *"),
        "PGN line 2: bad tag: the value must be in double quotes: '[White A'"
    );
    assert_eq!(
        error_of("[Event \"x\n1. e4 *"),
        "PGN line 1: bad tag: the value is never closed: '[Event \"x'"
    );
    assert_eq!(
        error_of("[Variant \"Crazyhouse\"]\n1. e4 *"),
        "PGN line 1: unsupported variant (Boardshift plays standard chess, Chess960, \
         Regroupment, Sliding and Relative): '[Variant \"Crazyhouse\"]'"
    );
    assert_eq!(
        error_of("1. e4 e5 2. Nf3 Nc6 3. Bb5 Nd4 4. Bxe8 *"),
        "PGN move 4. (line 1): illegal move 'Bxe8': no white bishop can go to e8: 'Bxe8'"
    );
    assert!(error_of("1. e4 e5\n2. Ke3 *").starts_with("PGN move 2. (line 2): illegal move 'Ke3'"));
    assert_eq!(
        error_of("1. e4 e5 2. Qh5 zz9 *"),
        "PGN move 2... (line 1): unreadable move 'zz9': type it as e.g. e4, Nf3, e2e4, \
         e2-e4 or O-O: 'zz9'"
    );
    assert_eq!(
        error_of("1. e4 { open comment"),
        "PGN line 1: comment '{' is never closed with '}': 'open comment'"
    );
    assert_eq!(
        error_of("1. e4 (1. d4 (1. c4) e5"),
        "PGN line 1: variation '(' is never closed with ')': '('"
    );
    assert_eq!(
        error_of("1. e4 ) e5"),
        "PGN line 1: ')' without a variation to close: ')'"
    );
    assert_eq!(
        error_of("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *"),
        "PGN line 1: bad start position: illegal position: white has no king: \
         '[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]'"
    );
    assert_eq!(
        error_of("1. f3 e5 2. g4 Qh4# 1-0"),
        "PGN game: the result does not fit the moves, which end the game: \
         0-1 Black wins by checkmate: '1-0'"
    );
    assert_eq!(
        error_of("[Result \"2-0\"]\n1. e4"),
        "PGN game: unknown result (expected 1-0, 0-1, 1/2-1/2 or *): '2-0'"
    );
    assert_eq!(
        error_of("1. e8 *"),
        "PGN move 1. (line 1): illegal move 'e8': no white pawn can go to e8: 'e8'"
    );
    let long = format!("1. {} *", "N".repeat(200));
    let message = error_of(&long);
    assert!(
        message.ends_with(&format!("'{}…'", "N".repeat(80))),
        "{message}"
    );
    assert_eq!(
        error_of("[Variant \"Chess960\"]\n1. e4 *"),
        "PGN game: a chess960 game needs its start position in a FEN tag: 'Chess960'"
    );
}

#[test]
fn promotion_without_its_piece_is_refused() {
    let pgn = "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n1. a8 *";
    assert_eq!(
        error_of(pgn),
        "PGN move 1. (line 2): a promotion without the piece it promotes to: 'a8'"
    );
}

/// A small deterministic generator, so the reader sees many odd strings without a crate.
fn pseudo_random_texts() -> impl Iterator<Item = String> {
    const PIECES: [&str; 24] = [
        "[", "]", "\"", "{", "}", "(", ")", ";", "\n", "%", "$", "1.", "...", "e4", "Nf3", "O-O",
        "1-0", "*", "=Q", "\\", "é", "x", " ", "[FEN \"",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..4000).map(move |_| {
        let mut text = String::new();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let len = (state % 40) as usize;
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push_str(PIECES[(state % PIECES.len() as u64) as usize]);
        }
        text
    })
}

#[test]
fn arbitrary_text_never_panics() {
    for text in pseudo_random_texts() {
        let _ = read_pgn(&text);
    }
    for cut in 0..include_str!("../../../../tests/pgn/lichess-chess960.pgn").len() {
        let text = include_str!("../../../../tests/pgn/lichess-chess960.pgn");
        if let Some(prefix) = text.get(..cut) {
            let _ = read_pgn(prefix);
        }
    }
}

#[test]
fn move_list_text_numbers_moves() {
    let game = game_of(
        VariantKind::Regroupment,
        &[],
        &["K-", "Q-", "Kb1", "Q-", "d2d4", "d7d5"],
    );
    assert_eq!(move_list_text(&game), "Setup: K- Q- Kb1 Q-\n1. d4 d5");
}

#[test]
fn text_in_other_scripts_and_a_byte_order_mark_pass_through() {
    let import =
        read_pgn("\u{feff}[White \"Jürgen \\\"Jo\\\" Ñ\"]\n1. e4 { très bien } e5 *").unwrap();
    assert_eq!(import.players.white, "Jürgen \"Jo\" Ñ");
    assert_eq!(import.game.ply_count(), 2);
    assert_eq!(
        error_of("[White \"Jürgen\"]\n1. e4 é5 *"),
        "PGN move 1... (line 2): unreadable move 'é5': type it as e.g. e4, Nf3, e2e4, \
         e2-e4 or O-O: 'é5'"
    );
    assert_eq!(
        error_of("[Wh€ite \"x\"]"),
        "PGN line 1: bad tag: the value must be in double quotes: '[Wh\u{fffd}'"
    );
}
