//! `boardshift uci` driven through the real binary with the exact byte sequences a GUI (or a
//! careless one) sends: odd bytes, refused positions and out-of-range option values.

use rules::{ChessPosition, GamePosition};
use std::io::Write;
use std::process::{Command, Stdio};

/// Feeds `input` to `boardshift uci` and returns its output (the exit status must be 0).
fn uci(input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardshift"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    let out = child.wait_with_output().expect("the binary finishes");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn best_moves(output: &str) -> Vec<&str> {
    output
        .lines()
        .filter_map(|line| line.strip_prefix("bestmove "))
        .collect()
}

#[test]
fn a_line_that_is_not_utf8_does_not_end_the_session() {
    let output = uci(b"\xff\nisready\n");
    assert!(output.contains("info string"), "{output}");
    assert!(output.ends_with("readyok\n"), "{output}");
    let output = uci(b"position startpos moves e2e4\xc3\nisready\ngo depth 1\n");
    assert!(output.contains("readyok"), "{output}");
    assert_eq!(best_moves(&output), ["0000"], "{output}");
}

#[test]
fn after_a_refused_position_there_is_no_position_to_play_from() {
    let output = uci(b"position startpos moves e2e4 e2e4\ngo depth 3\nquit\n");
    assert_eq!(best_moves(&output), ["0000"], "{output}");
    assert!(output.contains("info string error: move 2"), "{output}");

    let output = uci(b"position startpos e2e4\ngo depth 1\nquit\n");
    assert_eq!(best_moves(&output), ["0000"], "{output}");
    assert!(output.contains("after 'startpos'"), "{output}");

    // A good position afterwards is searched again.
    let output = uci(b"position startpos e2e4\nposition startpos moves e2e4\ngo depth 2\nquit\n");
    let moves = best_moves(&output);
    assert_eq!(moves.len(), 1, "{output}");
    let mut after_e4 = ChessPosition::startpos();
    let e4 = after_e4.parse_move_text("e2e4").expect("e2e4");
    after_e4.play_unchecked(e4);
    assert!(
        after_e4.parse_move_text(moves[0]).is_ok(),
        "a legal Black move: {output}"
    );
}

#[test]
fn out_of_range_option_values_get_an_info_string() {
    let output = uci(
        b"setoption name UCI_Chess960 value maybe\nsetoption name Hash value 0\n\
          setoption name size value 99\nisready\n",
    );
    let infos: Vec<&str> = output
        .lines()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(infos.len(), 3, "{output}");
    assert!(infos[0].contains("'maybe'") && infos[1].contains("'0'") && infos[2].contains("'99'"));
}

#[test]
fn chess960_through_uci_variant_and_uci_chess960() {
    let output = uci(b"uci\nsetoption name UCI_Variant value chess960\n\
        setoption name start value 0\nposition startpos moves f2f4\ngo depth 2\n\
        setoption name UCI_Variant value chess\nsetoption name UCI_Chess960 value true\n\
        position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 \
        moves f2f4 f7f5 f1f3 f8f6\ngo depth 2\nquit\n");
    assert!(output.contains("var chess960"), "{output}");
    let moves = best_moves(&output);
    assert_eq!(moves.len(), 2, "{output}");
    let start = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    let mut first =
        rules::ChessPosition::from_fen_mode(start, rules::CastlingMode::Chess960).expect("a start");
    let mv = first.parse_move_text("f2f4").expect("legal");
    first.play_unchecked(mv);
    assert!(first.parse_move_text(moves[0]).is_ok(), "{output}");
    let mut second =
        rules::ChessPosition::from_fen_mode(start, rules::CastlingMode::Chess960).expect("a start");
    for text in ["f2f4", "f7f5", "f1f3", "f8f6"] {
        let mv = second.parse_move_text(text).expect("legal");
        second.play_unchecked(mv);
    }
    assert!(second.parse_move_text(moves[1]).is_ok(), "{output}");
}
