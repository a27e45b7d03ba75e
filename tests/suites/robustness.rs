//! No input a person can type or load may panic: mangled position texts, move texts, option
//! pairs and saved games are fed to every reader, which must answer with `Err` or a valid
//! value. Mutations are seeded, so a failure reproduces.

use reference::rng::XorShift;
use rules::any::AnyGame;
use rules::options::VariantOptions;
use rules::relative::{RelativeOptions, RelativePosition};
use rules::sliding::SlidingPosition;
use rules::{CastlingMode, ChessPosition, GamePosition, VariantKind};

const ALPHABET: &[u8] = b"KQRBNPkqrbnpx0123456789/ -abcdefghwWS:>=+#\"{}[],.\n\t\\";

/// A copy of `text` with a few random edits: deleted, replaced, inserted or duplicated runs.
fn mutate(rng: &mut XorShift, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        let at = if bytes.is_empty() {
            0
        } else {
            rng.below(bytes.len())
        };
        match rng.below(5) {
            0 if !bytes.is_empty() => {
                let end = (at + 1 + rng.below(4)).min(bytes.len());
                bytes.drain(at..end);
            }
            1 if !bytes.is_empty() => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
            2 => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            3 => {
                let end = (at + 1 + rng.below(12)).min(bytes.len());
                let run = bytes[at..end].to_vec();
                bytes.splice(at..at, run);
            }
            _ => bytes.insert(at, rng.below(256) as u8),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Reads position text and, when it is accepted, exercises the position it produced.
fn exercise<P: GamePosition>(position: &P) {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    for &mv in moves.iter().take(8) {
        let text = position.move_text(mv);
        assert_eq!(position.parse_move_text(&text), Ok(mv));
        let _ = position.display_move(mv);
        let mut child = position.clone();
        child.play_unchecked(mv);
        let _ = child.position_text();
    }
    let _ = position.repetition_key();
}

#[test]
fn mangled_position_texts_never_panic() {
    let mut rng = XorShift(0xf00d_0001);
    let chess = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rkbqnbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR w HAha - 0 1",
    ];
    let sliding = [
        "rnbqkbnr/pppppppp/4xx2/4xx2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/xxB1P3/xx3N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 a2b2",
    ];
    let relative = RelativePosition::start(RelativeOptions::default()).position_text();
    let mut accepted = 0;
    for _ in 0..20_000 {
        let text = {
            let pick = rng.below(chess.len());
            mutate(&mut rng, chess[pick])
        };
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            if let Ok(p) = ChessPosition::from_fen_mode(&text, mode) {
                exercise(&p);
                accepted += 1;
            }
        }
        let text = {
            let pick = rng.below(sliding.len());
            mutate(&mut rng, sliding[pick])
        };
        if let Ok(p) = SlidingPosition::from_text(&text) {
            exercise(&p);
            accepted += 1;
        }
        let text = mutate(&mut rng, &relative);
        if let Ok(p) = RelativePosition::from_text(&text, RelativeOptions::default()) {
            exercise(&p);
            accepted += 1;
        }
    }
    // Some mutations are harmless (a changed clock, a moved piece): readers must accept those.
    assert!(
        accepted > 100,
        "only {accepted} mutated texts were accepted"
    );
}

#[test]
fn mangled_move_texts_never_panic() {
    let mut rng = XorShift(0xf00d_0002);
    let positions: Vec<AnyGame> = VariantKind::ALL
        .iter()
        .map(|&v| {
            let options = VariantOptions::from_pairs(
                v,
                &if v == VariantKind::Sliding {
                    vec!["gap=e5"]
                } else {
                    vec![]
                },
            )
            .expect("options");
            AnyGame::new(options).expect("a new game")
        })
        .collect();
    let samples = [
        "e2e4", "g1f3", "e7e8q", "S:c1>c3", "k5j7", "i12i13q", "Kb1", "Q-", "O-O", "Nf3",
    ];
    for _ in 0..15_000 {
        let text = {
            let pick = rng.below(samples.len());
            mutate(&mut rng, samples[pick])
        };
        for game in &positions {
            let mut game = game.clone();
            let _ = game.play(&text);
        }
    }
}

#[test]
fn mangled_saved_games_never_panic_and_never_half_load() {
    let mut rng = XorShift(0xf00d_0003);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/saves");
    let mut good = Vec::new();
    for entry in std::fs::read_dir(dir).expect("saves folder") {
        let path = entry.expect("entry").path();
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("good-"))
        {
            good.push(std::fs::read_to_string(&path).expect("readable"));
        }
    }
    assert!(good.len() >= 5);
    let mut rejected = 0;
    for _ in 0..15_000 {
        let text = {
            let pick = rng.below(good.len());
            mutate(&mut rng, &good[pick])
        };
        match AnyGame::from_save_json(&text) {
            Ok((game, _)) => {
                // Whatever loads must be a consistent game: its own save reads back the same.
                let again = game.to_save("2026-01-01T00:00:00Z", &Default::default());
                let json = serde_json::to_string(&again).expect("serialisable");
                let (reloaded, _) = AnyGame::from_save_json(&json).expect("own save reloads");
                assert_eq!(reloaded.position_text(), game.position_text());
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                rejected += 1;
            }
        }
    }
    assert!(
        rejected > 1_000,
        "mutations should mostly break files ({rejected})"
    );
}

#[test]
fn mangled_option_pairs_never_panic() {
    let mut rng = XorShift(0xf00d_0004);
    let samples = [
        "gap=e5",
        "size=16",
        "recentering=leibnizian",
        "leave=sides",
        "draws=fide",
        "order=alternate",
        "king_knight=forbidden",
        "castling=curtailed",
        "start=random",
    ];
    for _ in 0..15_000 {
        let pair = {
            let pick = rng.below(samples.len());
            mutate(&mut rng, samples[pick])
        };
        for variant in VariantKind::ALL {
            if let Ok(options) = VariantOptions::from_pairs(variant, &[pair.as_str()]) {
                let _ = AnyGame::new(options);
            }
        }
    }
}

/// `cargo test` builds this suite with debug assertions, and overflow checks follow them: an
/// arithmetic overflow reached from input fails here instead of wrapping silently as it
/// would in a release build.
#[test]
fn overflow_checks_are_on_when_debug_assertions_are() {
    if cfg!(debug_assertions) {
        let max = std::hint::black_box(u32::MAX);
        let result = std::panic::catch_unwind(|| max + std::hint::black_box(1));
        assert!(result.is_err(), "overflow checks are off in this build");
    }
}

/// A position text whose counters would overflow once moves are played is refused when read,
/// in every variant, with a message naming the counter; the largest accepted value still plays.
#[test]
fn move_counters_near_overflow_are_refused_when_read() {
    let limit = rules::position::MAX_MOVE_COUNTER;
    let relative_start = RelativePosition::start(RelativeOptions::default()).position_text();
    // (variant, options, position text with "{half}" and "{full}" for its two counters)
    let relative_template = {
        let fields: Vec<&str> = relative_start.split(' ').collect();
        format!(
            "{} {} {} {} {{half}} {{full}} {}",
            fields[0], fields[1], fields[2], fields[3], fields[6]
        )
    };
    let cases: [(VariantKind, Vec<&str>, String); 4] = [
        (
            VariantKind::Standard,
            vec![],
            "8/k1P5/8/1K6/8/8/8/8 w - - {half} {full}".to_string(),
        ),
        (
            VariantKind::Regroupment,
            vec![],
            "rkbqnbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR b HAha - {half} {full}".to_string(),
        ),
        (
            VariantKind::Sliding,
            vec!["gap=e5"],
            "rnbqkbnr/pppppppp/4xx2/4xx2/8/8/PPPPPPPP/RNBQKBNR b KQkq - {half} {full} -"
                .to_string(),
        ),
        (VariantKind::Relative, vec![], relative_template),
    ];
    for (variant, pairs, template) in &cases {
        let options = VariantOptions::from_pairs(*variant, pairs).expect("options");
        for (half, full, what) in [
            ("0", "4294967295", "move number '4294967295'"),
            ("4294967295", "1", "half-move clock '4294967295'"),
            ("0", "4294967296", "move number '4294967296'"),
        ] {
            let text = template.replace("{half}", half).replace("{full}", full);
            let error = AnyGame::with_start(options, Some(&text))
                .expect_err(&format!("{} accepted {text}", variant.name()))
                .to_string();
            assert!(
                error.contains(what) && error.contains(&limit.to_string()),
                "{}: {error}",
                variant.name()
            );
        }
    }
    for (variant, pairs, template) in &cases {
        let options = VariantOptions::from_pairs(*variant, pairs).expect("options");
        // The 75-move rule ends a game with a large half-move clock, so the clock is checked on
        // the position alone and the move number through a played game.
        let text = template
            .replace("{half}", &limit.to_string())
            .replace("{full}", &limit.to_string());
        AnyGame::with_start(options, Some(&text))
            .unwrap_or_else(|e| panic!("{}: {text}: {e}", variant.name()));
        let text = template
            .replace("{half}", "0")
            .replace("{full}", &limit.to_string());
        let mut game = AnyGame::with_start(options, Some(&text))
            .unwrap_or_else(|e| panic!("{}: {text}: {e}", variant.name()));
        for _ in 0..2 {
            let mv = game.legal_actions()[0].clone();
            game.play(&mv).expect("a legal move");
        }
        let after = game.position_text();
        assert!(after.contains(&format!(" {limit}")), "{after}");
        AnyGame::with_start(options, Some(&after))
            .unwrap_or_else(|e| panic!("{}: own text {after} refused: {e}", variant.name()));
    }
}
