//! Every command that prints must survive its output going away: a reader that closes the
//! pipe ends the command quietly (status 0, nothing on stderr), a full disk is an internal
//! failure with a message (status 1). Before, `println!` panicked and the release build aborted.

use std::fs::File;
use std::process::{Command, Output, Stdio};

/// Commands with output, kept small enough to finish fast.
const PRINTING_COMMANDS: &[&[&str]] = &[
    &["perft", "--variant", "standard", "--depth", "3", "--divide"],
    &["setups", "--variant", "regroupment"],
    &[
        "check-save",
        "../../tests/saves/good-standard-checkmate.json",
    ],
    &["bench", "--depth", "1"],
    &["bench", "perft", "--depth", "1", "--repeat", "1"],
    &[
        "match", "--white", "easy", "--black", "easy", "--games", "1", "--moves",
    ],
    &["--help"],
    &["perft", "--help"],
];

fn run_with_stdout(args: &[&str], stdout: Stdio, stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardshift"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    // The command may stop reading before the end: a failed write here is expected.
    let _ = std::io::Write::write_all(&mut input, stdin);
    drop(input);
    child.wait_with_output().expect("the binary finishes")
}

/// A pipe whose reading end is already closed: the first write fails with a broken pipe.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Stdio::from(writer)
}

fn full_disk() -> Stdio {
    Stdio::from(
        File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    )
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    for args in PRINTING_COMMANDS {
        let out = run_with_stdout(args, closed_pipe(), b"");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {out:?}");
    }
    let out = run_with_stdout(&["uci"], closed_pipe(), b"uci\nisready\ngo depth 20\n");
    assert_eq!(out.status.code(), Some(0), "uci: {out:?}");
    assert!(out.stderr.is_empty(), "uci: {out:?}");
}

#[test]
fn a_full_disk_is_reported_with_status_1() {
    for args in PRINTING_COMMANDS {
        let out = run_with_stdout(args, full_disk(), b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {out:?}");
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(
            message.contains("cannot write output") && message.contains("No space left"),
            "{args:?}: {message}"
        );
    }
    let out = run_with_stdout(&["uci"], full_disk(), b"uci\ngo infinite\n");
    assert_eq!(out.status.code(), Some(1), "uci: {out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("boardshift uci: cannot write output"));
}

#[test]
fn a_reader_that_leaves_early_does_not_fail_the_command() {
    // The shell's `boardshift perft … --divide | head -c1`.
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardshift"))
        .args(["perft", "--variant", "standard", "--depth", "4", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("one byte");
    drop(stdout);
    let out = child.wait_with_output().expect("the binary finishes");
    assert!(first[0].is_ascii_lowercase(), "divide starts with a move");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
}
