//! `boardshift check-save FILE`: the final position and result on success (exit 0), the
//! reason on stderr with exit 2 for every kind of bad file.

use std::path::PathBuf;
use std::process::{Command, Output};

fn saves_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/saves")
}

fn check_save(path: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardshift"))
        .args(["check-save", path])
        .output()
        .expect("the binary runs")
}

fn check_saved_file(name: &str) -> Output {
    check_save(saves_dir().join(name).to_str().expect("UTF-8 path"))
}

#[test]
fn a_good_file_prints_the_final_position_and_the_result() {
    let out = check_saved_file("good-standard-checkmate.json");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            "1-0 checkmate"
        ]
    );
    let out = check_saved_file("good-sliding.json");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("\n*\n"));
}

#[test]
fn every_bad_file_exits_2_with_its_reason() {
    let cases = [
        ("bad-not-json.json", "not JSON"),
        ("bad-wrong-version.json", "unsupported version 2"),
        ("bad-unknown-variant.json", "unknown variant"),
        ("bad-illegal-move.json", "moves[2] \"e1e3\""),
        ("bad-setup-step.json", "setup[2]"),
    ];
    for (name, reason) in cases {
        let out = check_saved_file(name);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let message = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(message.contains(reason), "{name}: {message}");
        assert!(out.stdout.is_empty(), "{name}: nothing on stdout");
    }
}

#[test]
fn missing_huge_and_binary_files_exit_2() {
    let out = check_save("/nonexistent/boardshift/save.json");
    assert_eq!(out.status.code(), Some(2));

    let dir = std::env::temp_dir().join(format!("boardshift-check-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let huge = dir.join("huge.json");
    std::fs::write(&huge, vec![b' '; 5 * 1024 * 1024]).unwrap();
    let out = check_save(huge.to_str().unwrap());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("too large"));

    let binary = dir.join("binary.json");
    std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
    let out = check_save(binary.to_str().unwrap());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not JSON"));
    std::fs::remove_dir_all(&dir).ok();

    let out = Command::new(env!("CARGO_BIN_EXE_boardshift"))
        .arg("check-save")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Usage: boardshift check-save <FILE>"));
}
