//! Property tests for every reader a person or a GUI can feed: position text of each variant,
//! move text, saved games and UCI lines. Generated inputs are both well-formed (random games,
//! whose texts must round-trip exactly) and hostile (random characters and bytes, which must
//! be refused or accepted without a panic). Cases are bounded and the seed is fixed, so a run
//! takes seconds and a failure reproduces; `PROPTEST_CASES` raises the count for longer runs.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rules::any::AnyGame;
use rules::options::VariantOptions;
use rules::regroupment::{start_positions, RegroupmentOptions};
use rules::relative::{RelativeOptions, RelativePosition};
use rules::sliding::{SlidingPosition, Tile};
use rules::{CastlingMode, ChessPosition, GamePosition, VariantKind};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Fixed seed; the case count can be raised from the environment for a longer run.
fn config(default_cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default_cases);
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x0b0a_2d5f),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Characters that position and move texts are made of, plus a few that they never contain.
const TEXT_CHARS: &[char] = &[
    'K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', 'x', 'w', 'S', '0', '1', '2', '3',
    '4', '5', '6', '7', '8', '9', '/', ' ', '-', 'a', 'c', 'e', 'h', 'i', 'z', ':', '>', '=', '+',
    '#', 'O', '\t', 'é', '\u{0}', '\u{FFFD}',
];

fn hostile_text(max_len: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(TEXT_CHARS), 0..max_len)
        .prop_map(|chars| chars.into_iter().collect())
}

/// Plays one legal move per choice (each choice indexes the legal moves, wrapping).
fn play_out<P: GamePosition>(mut position: P, choices: &[u16]) -> P {
    let mut moves = Vec::new();
    for &choice in choices {
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[usize::from(choice) % moves.len()]);
    }
    position
}

/// The position's text reads back to a position that writes the same text and has the same
/// moves, every one of whose texts reads back to itself.
/// (A relative position whose king has gone over the edge ends the game and has no readable
/// text: the format requires both kings.)
fn assert_round_trips<P: GamePosition>(position: &P, read: impl Fn(&str) -> Result<P, String>) {
    if position.lost_outright().is_some() {
        return;
    }
    let text = position.position_text();
    let again = read(&text).unwrap_or_else(|error| panic!("'{text}' does not read back: {error}"));
    assert_eq!(again.position_text(), text);
    let (mut moves, mut moves_again) = (Vec::new(), Vec::new());
    position.legal_moves(&mut moves);
    again.legal_moves(&mut moves_again);
    assert_eq!(moves.len(), moves_again.len(), "{text}");
    for &mv in &moves {
        let move_text = position.move_text(mv);
        assert_eq!(
            again.parse_move_text(&move_text),
            Ok(mv),
            "{text}: {move_text}"
        );
    }
}

/// Move text is either refused or read as one of the position's legal moves.
fn assert_refused_or_legal<P: GamePosition>(position: &P, text: &str) {
    if let Ok(mv) = position.parse_move_text(text) {
        let mut legal = Vec::new();
        GamePosition::legal_moves(position, &mut legal);
        assert!(legal.contains(&mv), "'{text}' read as an illegal move");
    }
}

fn choices() -> impl Strategy<Value = Vec<u16>> {
    proptest::collection::vec(any::<u16>(), 0..80)
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn standard_position_text_round_trips(choices in choices()) {
        let position = play_out(ChessPosition::startpos(), &choices);
        assert_round_trips(&position, |text| {
            ChessPosition::from_fen(text).map_err(|e| e.to_string())
        });
    }

    #[test]
    fn regroupment_position_text_round_trips(start in any::<u16>(), choices in choices()) {
        let starts = start_positions(&RegroupmentOptions::default());
        let fen = &starts[usize::from(start) % starts.len()];
        let start = ChessPosition::from_fen_mode(fen, CastlingMode::Chess960).expect("a start");
        let position = play_out(start, &choices);
        assert_round_trips(&position, |text| {
            ChessPosition::from_fen_mode(text, CastlingMode::Chess960).map_err(|e| e.to_string())
        });
    }

    #[test]
    fn sliding_position_text_round_trips(gap in 0..8usize, choices in choices()) {
        let position = play_out(SlidingPosition::start(Tile::MIDDLE[gap]), &choices);
        assert_round_trips(&position, |text| {
            SlidingPosition::from_text(text).map_err(|e| e.to_string())
        });
    }

    #[test]
    fn relative_position_text_round_trips(size in 10u8..=26, choices in choices()) {
        let options = VariantOptions::from_pairs(VariantKind::Relative, &[format!("size={size}")])
            .expect("a size in range");
        let VariantOptions::Relative { rules, .. } = options else {
            panic!("relative options")
        };
        let position = play_out(RelativePosition::start(rules), &choices);
        assert_round_trips(&position, |text| {
            RelativePosition::from_text(text, rules).map_err(|e| e.to_string())
        });
    }

    #[test]
    fn hostile_position_text_is_refused_or_usable(text in hostile_text(120)) {
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            if let Ok(position) = ChessPosition::from_fen_mode(&text, mode) {
                let _ = play_out(position, &[0, 1, 2]).position_text();
            }
        }
        if let Ok(position) = SlidingPosition::from_text(&text) {
            let _ = play_out(position, &[0, 1, 2]).position_text();
        }
        if let Ok(position) = RelativePosition::from_text(&text, RelativeOptions::default()) {
            let _ = play_out(position, &[0, 1, 2]).position_text();
        }
    }

    /// Hostile move text against positions deep in random games of every variant.
    #[test]
    fn hostile_move_text_is_refused_or_legal(choices in choices(), text in hostile_text(24)) {
        assert_refused_or_legal(&play_out(ChessPosition::startpos(), &choices), &text);
        let sliding = SlidingPosition::start(Tile::MIDDLE[2]);
        assert_refused_or_legal(&play_out(sliding, &choices), &text);
        let relative = RelativePosition::start(RelativeOptions::default());
        assert_refused_or_legal(&play_out(relative, &choices), &text);
    }
}

/// A game of `variant` after random legal actions (a regroupment game may stop in its setup).
fn random_game(variant: VariantKind, gap: usize, choices: &[u16]) -> AnyGame {
    let pairs = if variant == VariantKind::Sliding {
        vec![format!("gap={}", Tile::MIDDLE[gap])]
    } else {
        Vec::new()
    };
    let options = VariantOptions::from_pairs(variant, &pairs).expect("options");
    let mut game = AnyGame::new(options).expect("a new game");
    for &choice in choices {
        if game.result().is_some() {
            break;
        }
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        let action = &actions[usize::from(choice) % actions.len()];
        game.play(action).expect("a legal action plays");
    }
    game
}

/// JSON values shaped like saved games, with wrong types and values mixed in.
fn save_like_json() -> impl Strategy<Value = String> {
    let scalar = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        hostile_text(12).prop_map(serde_json::Value::from),
        proptest::sample::select(vec![
            "boardshift-game",
            "standard",
            "regroupment",
            "sliding",
            "relative",
            "e2e4",
            "e7e5",
            "S:c1>c3",
            "k5j7",
            "1-0",
            "checkmate",
            "white",
            "e5",
            "size",
        ])
        .prop_map(serde_json::Value::from),
    ];
    let value = scalar.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
            proptest::collection::btree_map(
                proptest::sample::select(vec![
                    "format", "version", "variant", "options", "start", "setup", "moves", "result",
                    "clock", "pending", "gap", "size", "outcome", "reason",
                ]),
                inner,
                0..6,
            )
            .prop_map(|map| {
                serde_json::Value::Object(
                    map.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
                )
            }),
        ]
    });
    (value, any::<bool>(), 1u64..3).prop_map(|(value, with_header, version)| {
        let mut value = value;
        if with_header {
            if let serde_json::Value::Object(map) = &mut value {
                map.insert("format".into(), "boardshift-game".into());
                map.insert("version".into(), version.into());
            }
        }
        value.to_string()
    })
}

proptest! {
    #![proptest_config(config(192))]

    /// Every game saved reloads to the same game, and saving it again gives the same file.
    #[test]
    fn saved_games_round_trip(variant in 0..VariantKind::ALL.len(), gap in 0..8usize, choices in choices()) {
        let game = random_game(VariantKind::ALL[variant], gap, &choices);
        let players = Default::default();
        let json = game.to_save_json("2026-01-01T00:00:00Z", &players);
        let (loaded, loaded_players) = AnyGame::from_save_json(&json)
            .unwrap_or_else(|error| panic!("own save refused: {error}\n{json}"));
        prop_assert_eq!(&loaded_players, &players);
        prop_assert_eq!(loaded.position_text(), game.position_text());
        prop_assert_eq!(loaded.ply_count(), game.ply_count());
        prop_assert_eq!(loaded.status().outcome.result_text(), game.status().outcome.result_text());
        prop_assert_eq!(loaded.to_save_json("2026-01-01T00:00:00Z", &players), json);
    }

    /// Saved games of random games with a few characters changed: these get past the JSON
    /// reader and exercise the replay's own checks.
    #[test]
    fn edited_saved_games_are_refused_with_a_reason_or_load_consistently(
        variant in 0..VariantKind::ALL.len(),
        choices in choices(),
        edits in proptest::collection::vec((any::<u16>(), proptest::sample::select(TEXT_CHARS)), 1..4),
    ) {
        let game = random_game(VariantKind::ALL[variant], 2, &choices);
        let mut chars: Vec<char> =
            game.to_save_json("2026-01-01T00:00:00Z", &Default::default()).chars().collect();
        for (at, replacement) in edits {
            let at = usize::from(at) % chars.len();
            chars[at] = replacement;
        }
        let json: String = chars.into_iter().collect();
        match AnyGame::from_save_json(&json) {
            Ok((game, players)) => {
                let again = game.to_save_json("2026-01-01T00:00:00Z", &players);
                let (reloaded, _) = AnyGame::from_save_json(&again).expect("own save reloads");
                prop_assert_eq!(reloaded.position_text(), game.position_text());
            }
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }

    #[test]
    fn hostile_saved_games_are_refused_with_a_reason_or_load_consistently(json in save_like_json()) {
        match AnyGame::from_save_json(&json) {
            Ok((game, players)) => {
                let again = game.to_save_json("2026-01-01T00:00:00Z", &players);
                let (reloaded, _) = AnyGame::from_save_json(&again).expect("own save reloads");
                prop_assert_eq!(reloaded.position_text(), game.position_text());
            }
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }
}

/// Collects what the UCI loop writes.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// UCI lines: real commands with random arguments, and raw bytes.
fn uci_line() -> impl Strategy<Value = Vec<u8>> {
    let word = prop_oneof![
        hostile_text(10),
        proptest::sample::select(vec![
            "startpos",
            "fen",
            "moves",
            "e2e4",
            "e7e5",
            "g1f3",
            "name",
            "value",
            "depth",
            "nodes",
            "movetime",
            "wtime",
            "btime",
            "-5",
            "0",
            "1",
            "true",
            "maybe",
            "Hash",
            "UCI_Variant",
            "UCI_Chess960",
            "sliding",
            "relative",
            "regroupment",
            "gap",
            "e5",
            "size",
            "Level",
            "easy",
            "Seed",
            "8/8/8/8/8/8/8/8",
            "w",
            "-",
            "KQkq",
        ])
        .prop_map(str::to_string),
    ];
    let command = proptest::sample::select(vec![
        "uci",
        "isready",
        "ucinewgame",
        "position",
        "setoption",
        "go",
        "stop",
        "debug",
        "bogus",
    ]);
    prop_oneof![
        4 => (command, proptest::collection::vec(word, 0..8)).prop_map(|(command, words)| {
            let mut line = command.to_string();
            for word in words {
                line.push(' ');
                line.push_str(&word);
            }
            line.into_bytes()
        }),
        1 => proptest::collection::vec(any::<u8>(), 0..20)
            .prop_map(|bytes| bytes.into_iter().filter(|&b| b != b'\n').collect()),
    ]
}

/// A search can only be cut short by a depth or node limit here: an unlimited `go` would wait.
fn bounded_go(mut line: Vec<u8>) -> Vec<u8> {
    if line.starts_with(b"go") {
        line = b"go depth 1 nodes 2000".to_vec();
    }
    line
}

proptest! {
    #![proptest_config(config(96))]

    /// Every `isready` is answered with `readyok`, every `go` with exactly one `bestmove`,
    /// whatever else was sent.
    #[test]
    fn uci_sessions_answer_every_go_and_isready(lines in proptest::collection::vec(uci_line(), 0..14)) {
        let lines: Vec<Vec<u8>> = lines.into_iter().map(bounded_go).collect();
        let mut input = Vec::new();
        for line in &lines {
            input.extend_from_slice(line);
            input.push(b'\n');
        }
        let first_word = |line: &Vec<u8>| {
            String::from_utf8_lossy(line).split_whitespace().next().map(str::to_string)
        };
        let gos = lines.iter().filter(|l| first_word(l).as_deref() == Some("go")).count();
        let readies = lines.iter().filter(|l| first_word(l).as_deref() == Some("isready")).count();
        let captured = Captured::default();
        boardshift_cli::uci::run_loop(std::io::Cursor::new(input), Box::new(captured.clone()))
            .expect("the output never fails");
        let output = String::from_utf8(captured.0.lock().expect("output").clone())
            .expect("the engine writes UTF-8");
        prop_assert_eq!(output.lines().filter(|l| l.starts_with("bestmove ")).count(), gos);
        prop_assert_eq!(output.lines().filter(|l| *l == "readyok").count(), readies);
        for line in output.lines() {
            prop_assert!(line.len() < 1_000, "{}", line);
        }
    }
}

/// Words a command line is made of: the commands, their flags, and values good and bad.
fn argument() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(vec![
            "perft",
            "setups",
            "check-save",
            "uci",
            "bench",
            "match",
            "serve",
            "help",
            "--variant",
            "--option",
            "--fen",
            "--game",
            "--moves",
            "--depth",
            "--divide",
            "--white",
            "--black",
            "--games",
            "--movetime",
            "--seed",
            "--port",
            "--dir",
            "--repeat",
            "--help",
            "-h",
            "--version",
            "standard",
            "sliding",
            "gap=e5",
            "size=99",
            "easy",
            "3",
            "-1",
            "99999999999",
            "=",
            "--",
            "--depth=2",
        ])
        .prop_map(str::to_string),
        hostile_text(12),
    ]
}

proptest! {
    #![proptest_config(config(512))]

    /// Any argument list is parsed or refused with a message; usage errors exit with 2.
    #[test]
    fn any_command_line_is_parsed_or_refused(words in proptest::collection::vec(argument(), 0..8)) {
        use clap::Parser;
        let args = std::iter::once("boardshift".to_string()).chain(words);
        if let Err(error) = boardshift_cli::command::Cli::try_parse_from(args) {
            prop_assert!(!error.to_string().is_empty());
            prop_assert!(matches!(error.exit_code(), 0 | 2));
        }
    }
}
