//! The `boardshift` binary's public behaviour: output formats and exit codes of
//! `docs/command-line.md` (0 success, 2 bad input, 1 internal failure).

use std::process::{Command, Output};

fn boardshift(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardshift"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn perft_prints_nodes_last() {
    let out = boardshift(&["perft", "--variant", "standard", "--depth", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().last(), Some("nodes 8902"));
}

#[test]
fn perft_divide_lists_each_action_then_the_total() {
    let out = boardshift(&[
        "perft",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "--depth",
        "2",
        "--divide",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 49);
    assert!(lines.contains(&"e1g1 43"), "{text}");
    assert_eq!(lines.last(), Some(&"nodes 2039"));
}

#[test]
fn perft_after_moves_and_in_every_variant() {
    let out = boardshift(&["perft", "--depth", "1", "--moves", "e2e4 e7e5"]);
    assert_eq!(stdout(&out).trim(), "nodes 29");
    let sliding = boardshift(&[
        "perft",
        "--variant",
        "sliding",
        "--option",
        "gap=e5",
        "--depth",
        "2",
    ]);
    assert_eq!(stdout(&sliding).trim(), "nodes 465", "{}", stderr(&sliding));
    let relative = boardshift(&["perft", "--variant", "relative", "--depth", "1"]);
    assert_eq!(relative.status.code(), Some(0), "{}", stderr(&relative));
    let regroupment = boardshift(&["perft", "--variant", "regroupment", "--depth", "2"]);
    assert_eq!(
        stdout(&regroupment).trim(),
        "nodes 400",
        "{}",
        stderr(&regroupment)
    );
}

#[test]
fn bad_input_exits_2_with_a_message() {
    for args in [
        vec!["perft", "--depth", "2", "--fen", "not a fen"],
        vec!["perft", "--depth", "x"],
        vec!["perft"],
        vec!["perft", "--variant", "chess960", "--depth", "1"],
        vec!["perft", "--depth", "1", "--moves", "e2e4 e2e4"],
        vec![
            "perft",
            "--depth",
            "1",
            "--option",
            "size=99",
            "--variant",
            "relative",
        ],
        vec!["perft", "--depth", "1", "--variant", "sliding"],
        vec!["check-save", "/nonexistent/file.json"],
        vec!["frobnicate"],
    ] {
        let out = boardshift(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            !stderr(&out).trim().is_empty(),
            "{args:?} printed no message"
        );
        assert!(stdout(&out).is_empty(), "{args:?} printed to stdout");
    }
    let out = boardshift(&["perft", "--depth", "1", "--moves", "e2e4 e2e4"]);
    assert!(stderr(&out).contains("move 1 ('e2e4')"), "{}", stderr(&out));
}
