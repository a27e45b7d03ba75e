//! Test suite: saves — saved-game JSON round trips over random games of every variant, every
//! kind of rejection with a message that names the problem, the hand-written files of
//! `tests/saves/`, variant options, and the `AnyGame` views the app draws from.

use rules::any::{AnyGame, TargetKind};
use rules::game::{ClockState, EndReason, Outcome};
use rules::options::{OptionError, VariantOptions};
use rules::save::{Players, SaveError, SavedGame, MAX_BYTES, MAX_MOVES};
use rules::{Color, VariantKind};
use std::path::PathBuf;

/// A small deterministic generator for reproducible random games.
use reference::rng::XorShift as Rng;

fn options(variant: VariantKind, pairs: &[&str]) -> VariantOptions {
    VariantOptions::from_pairs(variant, pairs).expect("test options are valid")
}

/// Options for random games: each variant, with some non-default choices.
fn option_sets() -> Vec<VariantOptions> {
    vec![
        options(VariantKind::Standard, &[]),
        options(VariantKind::Standard, &["draws=fide"]),
        options(VariantKind::Regroupment, &[]),
        options(
            VariantKind::Regroupment,
            &[
                "order=alternate",
                "king_knight=forbidden",
                "castling=curtailed",
                "draws=fide",
            ],
        ),
        options(VariantKind::Regroupment, &["start=random"]),
        options(VariantKind::Sliding, &["gap=e5"]),
        options(VariantKind::Sliding, &[]),
        options(VariantKind::Relative, &[]),
        options(
            VariantKind::Relative,
            &[
                "size=12",
                "recentering=leibnizian",
                "leave=sides",
                "draws=fide",
            ],
        ),
    ]
}

/// Plays up to `plies` random legal actions, sometimes ending with an event or a pending state.
fn random_game(options: VariantOptions, rng: &mut Rng, plies: usize) -> AnyGame {
    let mut game = AnyGame::new(options).expect("new game");
    if rng.below(2) == 0 {
        game.set_clock(Some(ClockState::new(300_000, 3_000)));
    }
    for _ in 0..plies {
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        game.record_elapsed(rng.below(4_000) as u64);
        let text = &actions[rng.below(actions.len())];
        game.play(text)
            .unwrap_or_else(|error| panic!("legal action {text} refused: {error}"));
    }
    if game.result().is_none() && !game.is_setup_phase() {
        match rng.below(6) {
            0 => {
                game.resign(Color::ALL[rng.below(2)]).unwrap();
            }
            1 => {
                game.offer_draw(Color::ALL[rng.below(2)]).unwrap();
            }
            2 => {
                game.offer_draw(Color::White).unwrap();
                game.accept_draw(Color::Black).unwrap();
            }
            3 if game.clock().is_some() => {
                game.flag_fall(game.status().turn).unwrap();
            }
            _ => {}
        }
    }
    game
}

fn assert_same_game(a: &AnyGame, b: &AnyGame) {
    assert_eq!(a.variant(), b.variant());
    assert_eq!(a.options(), b.options());
    assert_eq!(a.ply_count(), b.ply_count());
    assert_eq!(a.move_list(), b.move_list());
    assert_eq!(a.status(), b.status());
    assert_eq!(a.legal_actions(), b.legal_actions());
    for ply in 0..=a.ply_count() {
        assert_eq!(
            a.position_text_at(ply),
            b.position_text_at(ply),
            "ply {ply}"
        );
    }
}

#[test]
fn random_games_of_every_variant_survive_a_round_trip() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let players = Players {
        white: "human".into(),
        black: "computer:hard".into(),
    };
    let mut games = 0;
    let mut ended = 0;
    for options in option_sets() {
        for round in 0..12 {
            let plies = [0, 3, 9, 40, 120, 400][round % 6];
            let game = random_game(options, &mut rng, plies);
            let json = game.to_save_json("2026-11-29T12:00:00Z", &players);
            let (loaded, loaded_players) = AnyGame::from_save_json(&json)
                .unwrap_or_else(|error| panic!("reload failed: {error}\n{json}"));
            assert_same_game(&game, &loaded);
            assert_eq!(loaded_players, players);
            // Saving the reloaded game gives the same file.
            assert_eq!(loaded.to_save_json("2026-11-29T12:00:00Z", &players), json);
            games += 1;
            ended += usize::from(game.result().is_some());
        }
    }
    assert!(games >= 100);
    assert!(
        ended > 10,
        "the random games should include finished ones ({ended})"
    );
}

#[test]
fn pending_promotion_and_offer_survive_a_round_trip() {
    let mut game = AnyGame::with_start(
        options(VariantKind::Standard, &[]),
        Some("8/4P2k/8/8/8/8/8/4K3 w - - 0 1"),
    )
    .unwrap();
    game.offer_draw(Color::Black).unwrap();
    let played = game.play("e7e8").unwrap();
    assert_eq!(played.pending_promotion.as_deref(), Some("e7e8"));
    let json = game.to_save_json("now", &Players::default());
    let (loaded, _) = AnyGame::from_save_json(&json).unwrap();
    assert_eq!(loaded.status().pending_promotion.as_deref(), Some("e7e8"));
    assert_eq!(loaded.status().draw_offer, Some(Color::Black));
    let mut loaded = loaded;
    let played = loaded.play("r").unwrap();
    assert_eq!(played.text, "e7e8r");
    assert_eq!(played.display, "e8=R");
}

#[test]
fn claimed_draw_with_intended_move_survives_a_round_trip() {
    let mut game = AnyGame::new(options(VariantKind::Standard, &["draws=fide"])).unwrap();
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        game.play(text).unwrap();
    }
    game.claim_draw(Some("f6g8")).unwrap();
    let json = game.to_save_json("now", &Players::default());
    assert!(json.contains("\"claimed_move\": \"f6g8\""), "{json}");
    let (loaded, _) = AnyGame::from_save_json(&json).unwrap();
    assert_same_game(&game, &loaded);
    assert_eq!(loaded.status().reason, Some(EndReason::ThreefoldRepetition));
}

// ----- rejections -----

fn load_error(text: &str) -> (SaveError, String) {
    match AnyGame::from_save_json(text) {
        Ok(_) => panic!("should have been refused: {text}"),
        Err(error) => {
            let message = error.to_string();
            (error, message)
        }
    }
}

fn with_moves(variant: &str, moves: &[&str]) -> String {
    serde_json::json!({
        "format": "boardshift-game",
        "version": 1,
        "variant": variant,
        "moves": moves,
    })
    .to_string()
}

#[test]
fn not_json_is_refused() {
    for text in ["", "{", "hello", "{\"format\": }", "[1, 2", "\u{0}"] {
        let (error, message) = load_error(text);
        assert!(
            matches!(error, SaveError::NotJson(_)),
            "{text:?}: {error:?}"
        );
        assert!(message.starts_with("not JSON"), "{message}");
    }
    let (error, _) = load_error("[1, 2]");
    assert_eq!(error, SaveError::NotAnObject);
    // Deep nesting is refused, not a stack overflow.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(matches!(load_error(&deep).0, SaveError::NotJson(_)));
}

#[test]
fn wrong_format_and_version_are_refused() {
    let (error, message) = load_error(r#"{"version": 1, "variant": "standard"}"#);
    assert_eq!(error, SaveError::MissingField("format"));
    assert!(message.contains("'format'"), "{message}");
    let (_, message) = load_error(r#"{"format": "pgn", "version": 1, "variant": "standard"}"#);
    assert!(message.contains("wrong format \"pgn\""), "{message}");
    for version in ["2", "0", "\"1\"", "1.5", "null"] {
        let text = format!(
            r#"{{"format": "boardshift-game", "version": {version}, "variant": "standard"}}"#
        );
        let (error, message) = load_error(&text);
        assert!(matches!(error, SaveError::WrongVersion(_)), "{version}");
        assert!(message.contains(&format!("version {version}")), "{message}");
    }
}

#[test]
fn unknown_variant_is_refused() {
    let (error, message) = load_error(&with_moves("crazyhouse", &[]));
    assert!(matches!(error, SaveError::UnknownVariant(_)));
    assert!(
        message.contains("unknown variant \"crazyhouse\""),
        "{message}"
    );
}

#[test]
fn illegal_move_names_its_index_and_text() {
    // Play a real game, then break move 6.
    let mut rng = Rng(77);
    let game = random_game(options(VariantKind::Standard, &[]), &mut rng, 12);
    let mut moves: Vec<String> = game.move_list().into_iter().map(|m| m.text).collect();
    assert!(moves.len() > 8);
    moves[6] = "a1a8".into();
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    let (error, message) = load_error(&with_moves("standard", &refs));
    assert!(
        matches!(error, SaveError::BadMove { index: 6, .. }),
        "{error:?}"
    );
    assert!(message.contains("moves[6] \"a1a8\""), "{message}");
    assert!(message.contains("illegal"), "{message}");

    let (_, message) = load_error(&with_moves("standard", &["e2e4", "e7e5", "Nf3"]));
    assert!(message.contains("moves[2] \"Nf3\""), "{message}");
    assert!(message.contains("unreadable"), "{message}");

    let (_, message) = load_error(&with_moves("relative", &["k5j7", "k5j7"]));
    assert!(message.contains("moves[1] \"k5j7\""), "{message}");

    let (_, message) = load_error(&with_moves(
        "standard",
        &["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"],
    ));
    assert!(message.contains("moves[4]"), "{message}");
    assert!(message.contains("already over"), "{message}");
}

#[test]
fn oversized_input_is_refused_before_parsing() {
    let huge = format!("{{\"padding\": \"{}\"}}", "x".repeat(MAX_BYTES));
    let (error, message) = load_error(&huge);
    assert!(matches!(error, SaveError::TooLarge { .. }));
    assert!(message.contains("too large"), "{message}");

    let many = vec!["e2e4"; MAX_MOVES + 1];
    let (error, message) = load_error(&with_moves("standard", &many));
    assert!(matches!(error, SaveError::TooManyMoves { .. }));
    assert!(message.contains("too many moves"), "{message}");
}

#[test]
fn bad_options_start_and_fields_are_refused() {
    let text = r#"{"format": "boardshift-game", "version": 1, "variant": "relative",
        "options": {"size": 9}}"#;
    let (error, message) = load_error(text);
    assert!(matches!(error, SaveError::BadOption(_)));
    assert!(
        message.contains("size") && message.contains("'9'"),
        "{message}"
    );

    let text = r#"{"format": "boardshift-game", "version": 1, "variant": "sliding",
        "options": {"gap": "e4"}}"#;
    let (_, message) = load_error(text);
    assert!(
        message.contains("gap") && message.contains("'e4'"),
        "{message}"
    );

    let text = r#"{"format": "boardshift-game", "version": 1, "variant": "standard",
        "start": "8/8/8/8/8/8/8/8 w - - 0 1"}"#;
    let (error, message) = load_error(text);
    assert!(matches!(error, SaveError::BadStart { .. }));
    assert!(message.contains("bad start position"), "{message}");

    let text = r#"{"format": "boardshift-game", "version": 1, "variant": "standard",
        "clock": {"initial_ms": "lots"}}"#;
    let (error, message) = load_error(text);
    assert!(matches!(error, SaveError::BadField { field: "clock", .. }));
    assert!(message.contains("'clock'"), "{message}");

    let text = r#"{"format": "boardshift-game", "version": 1, "variant": "standard",
        "setup": ["K-"]}"#;
    let (error, message) = load_error(text);
    assert!(matches!(error, SaveError::BadSetupStep { index: 0, .. }));
    assert!(message.contains("setup[0]"), "{message}");
}

#[test]
fn inconsistent_result_pending_and_clock_are_refused() {
    let cases: [(&str, &str); 8] = [
        (
            r#""moves": ["e2e4"], "result": {"outcome": "1-0", "reason": "checkmate"}"#,
            "does not fit",
        ),
        (
            r#""moves": ["f2f3", "e7e5", "g2g4", "d8h4"], "result": {"outcome": "*"}"#,
            "the moves end the game",
        ),
        (
            r#""moves": ["e2e4"], "result": {"outcome": "1-0", "reason": "timeout"}"#,
            "without a clock",
        ),
        (
            r#""moves": ["e2e4"], "result": {"outcome": "1-0"}"#,
            "without a reason",
        ),
        (
            r#""moves": ["g1f3", "g8f6", "f3g1", "f6g8"],
               "result": {"outcome": "1/2-1/2", "reason": "threefold_repetition"}"#,
            "does not fit",
        ),
        (
            r#""moves": [], "pending": {"promotion": "e2e4"}"#,
            "pending promotion 'e2e4'",
        ),
        (
            r#""moves": ["f2f3", "e7e5", "g2g4", "d8h4"], "pending": {"draw_offer": "white"},
               "result": {"outcome": "0-1", "reason": "checkmate"}"#,
            "the game is over",
        ),
        (
            r#""moves": [], "clock": {"initial_ms": 1000, "increment_ms": 0,
               "remaining_ms": [1000, 1000]}, "result": {"outcome": "0-1", "reason": "timeout"}"#,
            "neither clock is at zero",
        ),
    ];
    for (fields, expected) in cases {
        let text = format!(
            r#"{{"format": "boardshift-game", "version": 1, "variant": "standard", {fields}}}"#
        );
        let (error, message) = load_error(&text);
        assert!(
            matches!(error, SaveError::Inconsistent(_)),
            "{fields}: {error:?}"
        );
        assert!(message.contains(expected), "{fields}: {message}");
    }
    // Moves without a recorded gap (or back ranks) would be replayed on a fresh random draw.
    let no_gap = with_moves("sliding", &["e2e3"]);
    let (error, message) = load_error(&no_gap);
    assert!(matches!(error, SaveError::Inconsistent(_)));
    assert!(message.contains("gap"), "{message}");
    let no_ranks = r#"{"format": "boardshift-game", "version": 1, "variant": "regroupment",
        "options": {"start": "random"}, "moves": ["e2e4"]}"#;
    assert!(matches!(load_error(no_ranks).0, SaveError::Inconsistent(_)));
    // In automatic draw mode a threefold result must come from the moves themselves.
    let auto_claim = r#"{"format": "boardshift-game", "version": 1, "variant": "standard",
        "options": {"draws": "auto"},
        "moves": ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"],
        "result": {"outcome": "1/2-1/2", "reason": "threefold_repetition", "claimed_move": "f6g8"}}"#;
    assert!(matches!(
        load_error(auto_claim).0,
        SaveError::Inconsistent(_)
    ));
}

#[test]
fn missing_optional_fields_take_defaults_and_unknown_fields_are_ignored() {
    let text = r#"{"format": "boardshift-game", "version": 1, "variant": "standard",
        "future_field": {"anything": [1, 2, 3]}}"#;
    let (game, players) = AnyGame::from_save_json(text).unwrap();
    assert_eq!(game.ply_count(), 0);
    assert_eq!(players, Players::default());
    assert_eq!(game.status().outcome, Outcome::Ongoing);
    assert_eq!(game.clock(), None);
    let saved = SavedGame::parse(text).unwrap();
    assert_eq!(saved.result, None);
}

// ----- hand-written files -----

fn saves_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves")
}

#[test]
fn hand_written_good_files_load() {
    let expected: &[(&str, &str, &str)] = &[
        (
            "good-standard-checkmate.json",
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            "1-0",
        ),
        (
            "good-regroupment-setup-and-castling.json",
            "rnbqkb1r/ppp2ppp/4pn2/3p4/3P1B2/8/PPPQPPPP/2KRNBNR b kq - 1 4",
            "*",
        ),
        (
            "good-relative.json",
            "16/16/16/16/16/4rnbqkbnr4/4pppppppp4/16/16/16/9N6/4PPPPPPPP4/4RNBQKB1R4/16/16/16 b KQkq - 1 1 e4",
            "*",
        ),
        (
            "good-standard-fide-threefold-claim.json",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5",
            "1/2-1/2",
        ),
        (
            "good-standard-timeout.json",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
            "0-1",
        ),
    ];
    let mut count = 0;
    for entry in std::fs::read_dir(saves_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("good-") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (game, _) =
            AnyGame::from_save_json(&text).unwrap_or_else(|error| panic!("{name}: {error}"));
        if let Some((_, position, outcome)) = expected.iter().find(|(file, _, _)| *file == name) {
            assert_eq!(&game.position_text(), position, "{name}");
            assert_eq!(game.status().outcome.result_text(), *outcome, "{name}");
        }
        count += 1;
    }
    assert!(
        count >= 10,
        "expected the hand-written good files ({count})"
    );
}

#[test]
fn hand_written_bad_files_are_refused_with_their_reason() {
    let expected: &[(&str, &str)] = &[
        ("bad-not-json.json", "not JSON"),
        ("bad-wrong-format.json", "wrong format"),
        ("bad-wrong-version.json", "unsupported version 2"),
        ("bad-unknown-variant.json", "unknown variant \"crazyhouse\""),
        ("bad-illegal-move.json", "moves[2] \"e1e3\""),
        ("bad-unreadable-move.json", "moves[1] \"knight to f3\""),
        ("bad-option-value.json", "size"),
        ("bad-start-position.json", "no king"),
        ("bad-result-mismatch.json", "the moves end the game"),
        ("bad-move-after-mate.json", "moves[4]"),
        ("bad-pending-promotion.json", "pending promotion"),
        ("bad-setup-step.json", "setup[2] \"Kh1\""),
        ("bad-timeout-without-clock.json", "without a clock"),
        ("bad-moves-not-a-list.json", "'moves'"),
    ];
    let mut seen = 0;
    for entry in std::fs::read_dir(saves_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("bad-") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let error = match AnyGame::from_save_json(&text) {
            Ok(_) => panic!("{name} should be refused"),
            Err(error) => error.to_string(),
        };
        let (_, wanted) = expected
            .iter()
            .find(|(file, _)| *file == name)
            .unwrap_or_else(|| panic!("no expectation for {name}"));
        assert!(error.contains(wanted), "{name}: {error}");
        seen += 1;
    }
    assert_eq!(seen, expected.len());
}

// ----- options -----

#[test]
fn options_read_from_pairs_and_json_with_errors_naming_key_and_value() {
    let relative = options(VariantKind::Relative, &["size=20", "leave=no"]);
    let json = relative.to_json();
    assert_eq!(json["size"], 20);
    assert_eq!(json["leave"], "no");
    assert_eq!(json["recentering"], "aristotelian");
    assert_eq!(json["draws"], "auto");
    assert_eq!(
        VariantOptions::from_json(VariantKind::Relative, &json),
        Ok(relative)
    );

    let error =
        VariantOptions::from_pairs(VariantKind::Standard, &["draws=sometimes"]).unwrap_err();
    assert!(matches!(error, OptionError::BadValue { .. }));
    let message = error.to_string();
    assert!(
        message.contains("draws") && message.contains("sometimes"),
        "{message}"
    );

    let error = VariantOptions::from_pairs(VariantKind::Sliding, &["draws=fide"]).unwrap_err();
    assert!(
        error.to_string().contains("unknown option 'draws'"),
        "{error}"
    );
    let error = VariantOptions::from_pairs(VariantKind::Regroupment, &["order"]).unwrap_err();
    assert_eq!(error, OptionError::NotAPair("order".into()));
    let error =
        VariantOptions::from_pairs(VariantKind::Regroupment, &["king_knight=maybe"]).unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("king_knight")
            && message.contains("maybe")
            && message.contains("forbidden"),
        "{message}"
    );

    // Defaults per docs/saved-games.md.
    let regroupment = VariantOptions::default_for(VariantKind::Regroupment).to_json();
    assert_eq!(
        regroupment,
        serde_json::json!({"order": "sequential", "king_knight": "allowed",
            "castling": "full", "start": "choose", "draws": "auto"})
    );
}

#[test]
fn a_random_gap_is_drawn_and_recorded() {
    let game = AnyGame::new(VariantOptions::default_for(VariantKind::Sliding)).unwrap();
    let json = game.options().to_json();
    let gap = json["gap"].as_str().expect("the drawn gap is recorded");
    assert!(["a3", "c3", "e3", "g3", "a5", "c5", "e5", "g5"].contains(&gap));
    let (loaded, _) =
        AnyGame::from_save_json(&game.to_save_json("now", &Players::default())).unwrap();
    assert_eq!(loaded.position_text(), game.position_text());
}

// ----- the views the app draws from -----

#[test]
fn board_view_marks_targets_castling_and_promotion() {
    let mut game = AnyGame::with_start(
        options(VariantKind::Standard, &[]),
        Some("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"),
    )
    .unwrap();
    let view = game.board_view(None, Some((4, 0))).unwrap();
    let castles: Vec<(u8, u8, &str)> = view
        .targets
        .iter()
        .filter(|t| t.kind == TargetKind::Castle)
        .map(|t| (t.x, t.y, t.text.as_str()))
        .collect();
    // Both the king's destination and the rook's square, each playing the castling move.
    assert!(castles.contains(&(6, 0, "e1g1")), "{castles:?}");
    assert!(castles.contains(&(7, 0, "e1g1")), "{castles:?}");
    assert!(castles.contains(&(2, 0, "e1c1")), "{castles:?}");
    assert!(castles.contains(&(0, 0, "e1c1")), "{castles:?}");

    let view = game.board_view(None, Some((1, 6))).unwrap();
    let promotions: Vec<(u8, u8, TargetKind)> =
        view.targets.iter().map(|t| (t.x, t.y, t.kind)).collect();
    assert!(promotions.contains(&(1, 7, TargetKind::Promotion)));
    assert!(
        promotions.contains(&(0, 7, TargetKind::Promotion)),
        "b7xa8 as one target"
    );
    assert_eq!(promotions.len(), 2, "one target per square, not per piece");

    game.play("e1g1").unwrap();
    let view = game.board_view(None, None).unwrap();
    assert_eq!(view.last_move, vec![(4, 0), (6, 0)]);
    let before = game.board_view(Some(0), Some((4, 0))).unwrap();
    assert!(before.targets.is_empty(), "browsing shows no targets");
    assert_eq!(before.pieces.len(), 7);
}

#[test]
fn board_view_of_sliding_and_relative() {
    let mut game = AnyGame::new(options(VariantKind::Sliding, &["gap=e5"])).unwrap();
    let view = game.board_view(None, None).unwrap();
    assert_eq!(view.blocked.len(), 4);
    assert!(view.blocked.contains(&(4, 4)) && view.blocked.contains(&(5, 5)));
    assert!(view.slides.iter().any(|s| s.text == "S:e3>e5"));
    game.play("S:e3>e5").unwrap();
    assert_eq!(game.slide_at(1), Some(((4, 2), (4, 4))));

    let mut game = AnyGame::new(options(VariantKind::Relative, &[])).unwrap();
    let view = game.board_view(None, Some((10, 4))).unwrap();
    assert_eq!((view.width, view.height), (16, 16));
    assert_eq!(view.inner_origin, Some((4, 4)));
    assert!(view.targets.iter().any(|t| t.text == "k5j7"));
    game.play("k5j7").unwrap();
    let report = game.relative_report_at(1).expect("a relative move report");
    assert_eq!(report.shift, (-1, 2));
    assert_eq!(
        game.board_view(None, None).unwrap().inner_origin,
        Some((4, 3))
    );
}

#[test]
fn regroupment_setup_is_played_browsed_and_undone_like_moves() {
    let mut game = AnyGame::new(options(VariantKind::Regroupment, &[])).unwrap();
    assert!(game.is_setup_phase());
    assert!(game.legal_actions().contains(&"K-".to_string()));
    let view = game.board_view(None, Some((4, 7))).unwrap();
    assert!(view.targets.iter().all(|t| t.kind == TargetKind::Swap));
    assert!(view.targets.iter().any(|t| t.text == "Kb8"));
    for step in ["Kb8", "Q-", "K-", "Q-"] {
        assert!(game.play(step).unwrap().setup_step);
    }
    assert!(!game.is_setup_phase());
    game.play("e2e4").unwrap();
    assert_eq!(game.ply_count(), 5);
    assert_eq!(
        game.position_text_at(1).unwrap(),
        "rkbqnbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    game.undo().unwrap();
    game.undo().unwrap();
    assert!(game.is_setup_phase());
    assert_eq!(game.ply_count(), 3);
    assert!(
        game.play("e2e4").is_err(),
        "moves wait for the setup to finish"
    );
}

#[test]
fn rematch_draws_a_fresh_gap_and_resets_the_clocks() {
    let mut game = AnyGame::new(VariantOptions::default_for(VariantKind::Sliding)).unwrap();
    game.set_clock(Some(ClockState::new(60_000, 1_000)));
    game.record_elapsed(5_000);
    let mut gaps = std::collections::HashSet::new();
    for _ in 0..40 {
        let rematch = game.rematch().unwrap();
        assert_eq!(rematch.clock(), Some(ClockState::new(60_000, 1_000)));
        assert_eq!(rematch.ply_count(), 0);
        gaps.insert(rematch.options().to_json()["gap"].to_string());
    }
    assert!(gaps.len() > 1, "the gap is drawn afresh: {gaps:?}");
    let chosen = AnyGame::new(options(VariantKind::Sliding, &["gap=c3"])).unwrap();
    assert_eq!(
        chosen.rematch().unwrap().position_text(),
        chosen.position_text()
    );
}

#[test]
fn regroupment_castling_target_is_the_rook_when_the_castling_square_is_an_ordinary_move() {
    let text =
        std::fs::read_to_string(saves_dir().join("good-regroupment-setup-and-castling.json"))
            .unwrap();
    let (mut game, _) = AnyGame::from_save_json(&text).unwrap();
    game.undo().unwrap(); // take back O-O-O (b1a1)
    let view = game.board_view(None, Some((1, 0))).unwrap();
    let on = |x: u8| view.targets.iter().find(|t| (t.x, t.y) == (x, 0)).cloned();
    let rook = on(0).expect("the a1 rook square is a target");
    assert_eq!(
        (rook.kind, rook.text.as_str()),
        (TargetKind::Castle, "b1a1")
    );
    let c1 = on(2).expect("c1 is a target");
    assert_eq!((c1.kind, c1.text.as_str()), (TargetKind::Normal, "b1c1"));
    // Played, b1c1 is the ordinary king move and loses both castling rights.
    game.play("b1c1").unwrap();
    assert!(
        game.position_text().contains(" b kq "),
        "{}",
        game.position_text()
    );
}

#[test]
fn typed_moves_accept_san_where_the_variant_has_it() {
    let mut game = AnyGame::new(options(VariantKind::Standard, &["draws=fide"])).unwrap();
    assert_eq!(game.play("Nf3").unwrap().text, "g1f3");
    assert_eq!(game.play("e7e5").unwrap().display, "e5");
    assert!(game.play("Qh5").is_err(), "an illegal SAN move is refused");
    assert_eq!(game.ply_count(), 2);

    // A promotion in SAN without its piece leaves the choice pending.
    let mut game = AnyGame::with_start(
        options(VariantKind::Standard, &[]),
        Some("8/4P2k/8/8/8/8/8/4K3 w - - 0 1"),
    )
    .unwrap();
    assert_eq!(
        game.play("e8").unwrap().pending_promotion.as_deref(),
        Some("e7e8")
    );
    assert_eq!(game.play("e8=N").unwrap().text, "e7e8n");

    // The gap at e3 cuts the e-file: e4 is no move, d4 is.
    let mut game = AnyGame::new(options(VariantKind::Sliding, &["gap=e3"])).unwrap();
    assert!(game.play("e4").is_err());
    assert_eq!(game.play("d4").unwrap().text, "d2d4");
    assert_eq!(game.play("S:e5>e3").unwrap().text, "S:e5>e3");
}

#[test]
fn a_loaded_game_can_continue_from_any_ply() {
    let text = std::fs::read_to_string(saves_dir().join("good-standard-checkmate.json")).unwrap();
    let (mut game, _) = AnyGame::from_save_json(&text).unwrap();
    let at_three = game.position_text_at(3).unwrap();
    game.truncate_to(3).unwrap();
    assert_eq!(game.ply_count(), 3);
    assert_eq!(game.position_text(), at_three);
    assert_eq!(game.status().outcome, Outcome::Ongoing);
    game.play("g8f6").unwrap();
    assert!(game.truncate_to(9).is_err());

    let text =
        std::fs::read_to_string(saves_dir().join("good-regroupment-setup-and-castling.json"))
            .unwrap();
    let (mut game, _) = AnyGame::from_save_json(&text).unwrap();
    game.truncate_to(2).unwrap();
    assert!(game.is_setup_phase());
    assert_eq!(game.legal_actions().first().map(String::as_str), Some("K-"));
}
