//! The `boardshift` binary's public behaviour: output formats, help, and exit codes (0
//! success, 2 bad input or usage, 1 internal failure) of `docs/command-line.md`.

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
        vec!["perft", "--variant", "chess480", "--depth", "1"],
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

#[test]
fn help_and_version_exit_0_and_usage_errors_exit_2() {
    for args in [
        vec!["--help"],
        vec!["help"],
        vec!["help", "perft"],
        vec!["perft", "--help"],
        vec!["uci", "--help"],
        vec!["bench", "perft", "--help"],
    ] {
        let out = boardshift(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(stdout(&out).contains("Usage: boardshift"), "{args:?}");
    }
    let help = stdout(&boardshift(&["perft", "--help"]));
    assert!(
        help.contains("--depth <N>") && help.contains("--divide"),
        "{help}"
    );

    let out = boardshift(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out).trim(),
        format!("boardshift {}", env!("CARGO_PKG_VERSION"))
    );

    let out = boardshift(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Usage: boardshift <COMMAND>"));
    for args in [
        vec!["perft", "--depth", "1", "--depth", "2"],
        vec![
            "perft",
            "--depth",
            "1",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "--game",
            "x",
        ],
        vec![
            "perft", "--depth", "1", "--game", "x.json", "--option", "size=20",
        ],
        vec!["uci", "extra"],
        vec!["bench", "--depth", "0"],
        vec!["match", "--white", "easy"],
        vec!["serve", "--port", "99999"],
    ] {
        let out = boardshift(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn typos_get_a_suggestion() {
    let out = boardshift(&["pertf", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("similar subcommand exists: 'perft'"));
    let out = boardshift(&["perft", "--dept", "1"]);
    assert!(stderr(&out).contains("'--depth'"), "{}", stderr(&out));
    let out = boardshift(&["match", "--white", "hardd", "--black", "easy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("'hard'"), "{}", stderr(&out));
}

#[test]
fn a_depth_that_would_run_for_days_is_refused() {
    for (variant, too_deep) in [("standard", "11"), ("relative", "8"), ("sliding", "11")] {
        let out = boardshift(&["perft", "--variant", variant, "--depth", too_deep]);
        assert_eq!(out.status.code(), Some(2), "{variant}");
        assert!(stderr(&out).contains("too deep"), "{}", stderr(&out));
    }
    // Deep counts stay allowed where they finish, from a small endgame.
    let out = boardshift(&[
        "perft",
        "--fen",
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
        "--depth",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn echoed_input_is_clipped() {
    let long_move = "x".repeat(100_000);
    let out = boardshift(&["perft", "--depth", "1", "--moves", &long_move]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.len() < 600, "{} bytes: {message}", message.len());
    assert!(message.contains("… (100000 bytes)"), "{message}");
}

#[test]
fn an_endless_file_is_refused_as_too_large() {
    for args in [
        vec!["check-save", "/dev/zero"],
        vec!["perft", "--game", "/dev/zero", "--depth", "1"],
    ] {
        let out = boardshift(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let message = stderr(&out);
        assert!(
            message.contains("too large") && message.contains("more than"),
            "{message}"
        );
        assert!(!message.contains("0 bytes"), "{message}");
    }
}

#[test]
fn chess960_setups_perft_and_saves() {
    let out = boardshift(&["setups", "--variant", "chess960"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 960);
    assert_eq!(
        lines[518],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        lines[0],
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    let perft = boardshift(&[
        "perft",
        "--variant",
        "chess960",
        "--option",
        "start=0",
        "--depth",
        "3",
    ]);
    assert_eq!(stdout(&perft).trim(), "nodes 9006", "{}", stderr(&perft));
    let shredder = boardshift(&[
        "perft",
        "--variant",
        "chess960",
        "--fen",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "--depth",
        "3",
    ]);
    assert_eq!(
        stdout(&shredder).trim(),
        "nodes 12189",
        "{}",
        stderr(&shredder)
    );
    let saves = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/saves/good-chess960.json"
    );
    let checked = boardshift(&["check-save", saves]);
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    assert!(
        stdout(&checked).starts_with("bbqnnrk1/"),
        "{}",
        stdout(&checked)
    );
    let bad = boardshift(&["perft", "--variant", "chess960", "--option", "start=960"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn counts_settle_what_a_start_would_draw() {
    let sliding = boardshift(&["perft", "--variant", "sliding", "--depth", "1"]);
    assert_eq!(sliding.status.code(), Some(2));
    assert!(stderr(&sliding).contains("gap="), "{}", stderr(&sliding));
    let regroupment = boardshift(&[
        "perft",
        "--variant",
        "regroupment",
        "--option",
        "start=random",
        "--depth",
        "2",
    ]);
    assert_eq!(
        stdout(&regroupment).trim(),
        "nodes 400",
        "{}",
        stderr(&regroupment)
    );
    let chess960 = boardshift(&["perft", "--variant", "chess960", "--depth", "2"]);
    assert_eq!(
        stdout(&chess960).trim(),
        "nodes 400",
        "{}",
        stderr(&chess960)
    );
    let one = boardshift(&["setups", "--variant", "chess960", "--option", "start=0"]);
    assert_eq!(
        stdout(&one),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n",
        "{}",
        stderr(&one)
    );
}
