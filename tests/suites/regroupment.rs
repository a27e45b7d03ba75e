//! Test suite: Regroupment Chess — the setup phase derived from its procedure and counted, the
//! options, the start positions, and play with Chess960 castling checked against cozy-chess.

use rules::regroupment::{
    allowed_back_ranks, back_rank_text, start_positions, steps_for_back_rank, BackRank,
    CastlingRule, KingKnight, RegroupmentOptions, Relocator, SetupError, SetupPhase, SetupStep,
    StartRule, TurnOrder, ORTHODOX_BACK_RANK,
};
use rules::{Color, Role, Square};
use std::collections::{BTreeSet, HashMap, HashSet};

fn options_with(pairs: &[(&str, &str)]) -> RegroupmentOptions {
    RegroupmentOptions::from_pairs(pairs.iter().copied()).expect("valid options")
}

fn step(text: &str) -> SetupStep {
    SetupStep::parse(text).expect("readable step")
}

fn texts(steps: &[SetupStep]) -> Vec<String> {
    steps.iter().map(|s| s.to_string()).collect()
}

/// Every complete phase reachable by following `legal_steps`, depth first.
fn complete_phases(phase: &SetupPhase, out: &mut Vec<SetupPhase>) {
    if phase.is_complete() {
        assert!(phase.legal_steps().is_empty());
        out.push(phase.clone());
        return;
    }
    let steps = phase.legal_steps();
    assert!(
        !steps.is_empty(),
        "a phase in progress always has a legal step"
    );
    for step in steps {
        let mut next = phase.clone();
        next.apply(step)
            .unwrap_or_else(|e| panic!("offered step {step} refused: {e}"));
        complete_phases(&next, out);
    }
}

fn all_complete_phases(options: RegroupmentOptions) -> Vec<SetupPhase> {
    let mut out = Vec::new();
    complete_phases(&SetupPhase::new(options), &mut out);
    out
}

/// A deliberately plain reading of the setup rules for one side, written from the wording of
/// `docs/rules-regroupment.md` with square colours taken from the board (not file parity), used to
/// cross-check the state machine.
fn naive_back_ranks(color: Color, king_may_take_knight: bool) -> Vec<(BackRank, String)> {
    let rank_index = if color == Color::White { 0 } else { 7 };
    let light = |file: usize| Square::from_coords(file as u8, rank_index).is_light();
    let opposite_bishops = |rank: &BackRank| {
        let bishops: Vec<usize> = (0..8).filter(|&f| rank[f] == Role::Bishop).collect();
        bishops.len() == 2 && light(bishops[0]) != light(bishops[1])
    };
    let mut results = Vec::new();
    let king_targets = std::iter::once(None).chain((0..8).map(Some));
    for king_target in king_targets {
        let mut after_king = ORTHODOX_BACK_RANK;
        if let Some(target) = king_target {
            let ok = match after_king[target] {
                Role::Knight => king_may_take_knight,
                Role::Bishop | Role::Queen => true,
                _ => false,
            };
            if !ok {
                continue;
            }
            after_king.swap(4, target);
        }
        for queen_target in std::iter::once(None).chain((0..8).map(Some)) {
            let mut after_queen = after_king;
            if let Some(target) = queen_target {
                if !matches!(after_queen[target], Role::Knight | Role::Bishop) {
                    continue;
                }
                let queen = after_queen.iter().position(|&r| r == Role::Queen).unwrap();
                after_queen.swap(queen, target);
            }
            if opposite_bishops(&after_queen) {
                let name = |t: Option<usize>| match t {
                    Some(f) => Square::from_coords(f as u8, rank_index).to_string(),
                    None => "-".to_string(),
                };
                results.push((
                    after_queen,
                    format!("K{} Q{}", name(king_target), name(queen_target)),
                ));
            }
        }
    }
    results
}

#[test]
fn procedure_gives_22_back_ranks_per_side_each_from_one_step_pair() {
    for color in Color::ALL {
        let naive = naive_back_ranks(color, true);
        assert_eq!(naive.len(), 22, "{color:?}: 22 valid step pairs");
        let distinct: HashSet<BackRank> = naive.iter().map(|(r, _)| *r).collect();
        assert_eq!(
            distinct.len(),
            22,
            "{color:?}: each back rank from exactly one pair"
        );
    }
    let allowed = allowed_back_ranks(&RegroupmentOptions::default());
    assert_eq!(allowed.len(), 22);
    let allowed_set: HashSet<BackRank> = allowed.iter().copied().collect();
    let naive_set: HashSet<BackRank> = naive_back_ranks(Color::White, true)
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    assert_eq!(allowed_set, naive_set);
    assert!(allowed_set.contains(&ORTHODOX_BACK_RANK));
    for rank in &allowed {
        assert_eq!(rank[0], Role::Rook);
        assert_eq!(rank[7], Role::Rook);
    }
}

#[test]
fn state_machine_reaches_484_positions_each_by_one_sequence() {
    let options = RegroupmentOptions::default();
    let phases = all_complete_phases(options);
    // Each leaf of the step tree is one setup sequence; as many leaves as distinct positions
    // means no position is reached twice.
    assert_eq!(phases.len(), 484);
    let fens: HashSet<String> = phases.iter().map(|p| p.board_fen()).collect();
    assert_eq!(fens.len(), 484);
    let listed: HashSet<String> = start_positions(&options).into_iter().collect();
    assert_eq!(fens, listed);
    assert_eq!(start_positions(&options).len(), 484);

    let equal = phases
        .iter()
        .filter(|p| p.back_rank(Color::White) == p.back_rank(Color::Black))
        .count();
    assert_eq!(equal, 22);
}

#[test]
fn both_turn_orders_reach_the_same_positions() {
    let sequential = all_complete_phases(options_with(&[("order", "sequential")]));
    let alternate = all_complete_phases(options_with(&[("order", "alternate")]));
    assert_eq!(alternate.len(), 484);
    let fens = |phases: &[SetupPhase]| -> BTreeSet<String> {
        phases.iter().map(|p| p.board_fen()).collect()
    };
    assert_eq!(fens(&sequential), fens(&alternate));
    // The same back ranks come from the same per-side steps, only interleaved differently.
    let by_fen: HashMap<String, Vec<String>> = sequential
        .iter()
        .map(|p| (p.board_fen(), texts(p.steps())))
        .collect();
    for phase in &alternate {
        let seq = &by_fen[&phase.board_fen()];
        let alt = texts(phase.steps());
        assert_eq!(
            [&alt[0], &alt[2], &alt[1], &alt[3]],
            [&seq[0], &seq[1], &seq[2], &seq[3]]
        );
    }
}

#[test]
fn king_knight_forbidden_gives_14_per_side_and_196_positions() {
    let options = options_with(&[("king_knight", "forbidden")]);
    assert_eq!(allowed_back_ranks(&options).len(), 14);
    let naive: HashSet<BackRank> = naive_back_ranks(Color::Black, false)
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    assert_eq!(naive.len(), 14);
    let allowed: HashSet<BackRank> = allowed_back_ranks(&options).into_iter().collect();
    assert_eq!(allowed, naive);
    let phases = all_complete_phases(options);
    assert_eq!(phases.len(), 196);
    assert_eq!(start_positions(&options).len(), 196);
    for phase in &phases {
        for color in Color::ALL {
            let king_file = phase
                .back_rank(color)
                .iter()
                .position(|&r| r == Role::King)
                .unwrap();
            // From e1 the king can reach b1/g1 only by taking a knight.
            assert!(king_file != 1 && king_file != 6, "{}", phase.board_fen());
        }
    }
    let mut phase = SetupPhase::new(options);
    assert!(!phase.legal_steps().contains(&step("Kb8")));
    assert!(!phase.legal_steps().contains(&step("Kg8")));
    let error = phase.apply(step("Kg8")).unwrap_err().to_string();
    assert!(error.contains("Kg8") && error.contains("knight"), "{error}");
}

#[test]
fn steps_for_back_rank_recover_the_unique_step_pair() {
    for color in Color::ALL {
        let naive: HashMap<BackRank, String> = naive_back_ranks(color, true).into_iter().collect();
        for rank in allowed_back_ranks(&RegroupmentOptions::default()) {
            let (king, queen) = steps_for_back_rank(color, &rank).expect("reachable rank");
            assert_eq!(king.relocator, Relocator::King);
            assert_eq!(queen.relocator, Relocator::Queen);
            assert_eq!(naive[&rank], format!("{king} {queen}"));
        }
    }
    // RBNQKBNR is a legal-looking arrangement no sequence produces (the rooks never move,
    // but swapping the b- and c-file pieces needs a step that does not exist).
    let mut odd = ORTHODOX_BACK_RANK;
    odd.swap(1, 2);
    assert_eq!(steps_for_back_rank(Color::White, &odd), None);
    let error =
        SetupPhase::from_back_ranks(RegroupmentOptions::default(), &odd, &ORTHODOX_BACK_RANK)
            .unwrap_err();
    assert!(error.to_string().contains("RBNQKBNR"), "{error}");
}

#[test]
fn from_back_ranks_respects_king_knight_option() {
    let king_on_b = {
        let mut rank = ORTHODOX_BACK_RANK;
        rank.swap(1, 4);
        rank
    };
    assert!(SetupPhase::from_back_ranks(
        RegroupmentOptions::default(),
        &king_on_b,
        &ORTHODOX_BACK_RANK
    )
    .is_ok());
    let error = SetupPhase::from_back_ranks(
        options_with(&[("king_knight", "forbidden")]),
        &king_on_b,
        &ORTHODOX_BACK_RANK,
    )
    .unwrap_err();
    assert!(matches!(
        error,
        SetupError::UnreachableBackRank {
            color: Color::White,
            ..
        }
    ));
}

#[test]
fn queen_step_is_compulsory_after_the_king_takes_the_f_bishop() {
    let mut phase = SetupPhase::new(RegroupmentOptions::default());
    phase.apply(step("Kf8")).unwrap();
    assert_eq!(texts(&phase.legal_steps()), ["Qc8", "Qe8"]);
    let error = phase.apply(step("Q-")).unwrap_err().to_string();
    assert!(
        error.contains("'Q-'") && error.contains("one colour"),
        "{error}"
    );
    let error = phase.apply(step("Qb8")).unwrap_err().to_string();
    assert!(
        error.contains("'Qb8'") && error.contains("one colour"),
        "{error}"
    );
    phase.apply(step("Qe8")).unwrap();
    assert_eq!(
        back_rank_text(&phase.back_rank(Color::Black), Color::Black),
        "rnbbqknr"
    );
}

#[test]
fn first_steps_offered_from_the_orthodox_rank() {
    let phase = SetupPhase::new(RegroupmentOptions::default());
    assert_eq!(phase.next_turn(), Some((Color::Black, Relocator::King)));
    assert_eq!(
        texts(&phase.legal_steps()),
        ["K-", "Kb8", "Kc8", "Kd8", "Kf8", "Kg8"]
    );
    let mut phase = phase;
    phase.apply(step("K-")).unwrap();
    // Qc8 would put the bishop on d8, the same colour as the one on f8.
    assert_eq!(texts(&phase.legal_steps()), ["Q-", "Qb8", "Qf8", "Qg8"]);
}

#[test]
fn queen_may_take_the_piece_the_king_moved_but_never_king_or_rook() {
    let mut phase = SetupPhase::new(RegroupmentOptions::default());
    phase.apply(step("K-")).unwrap();
    phase.apply(step("Q-")).unwrap();
    phase.apply(step("Kg1")).unwrap();
    assert_eq!(
        back_rank_text(&phase.back_rank(Color::White), Color::White),
        "RNBQNBKR"
    );
    assert!(phase.legal_steps().contains(&step("Qe1")));
    for (text, piece) in [("Qg1", "king"), ("Qa1", "rook"), ("Qh1", "rook")] {
        let error = phase.clone().apply(step(text)).unwrap_err().to_string();
        assert!(error.contains(text) && error.contains(piece), "{error}");
    }
    phase.apply(step("Qe1")).unwrap();
    assert_eq!(
        back_rank_text(&phase.back_rank(Color::White), Color::White),
        "RNBNQBKR"
    );
    assert!(phase.is_complete());
    let error = phase.apply(step("K-")).unwrap_err().to_string();
    assert!(error.contains("over"), "{error}");
}

#[test]
fn king_may_not_take_a_rook_or_pawn_square_and_steps_follow_turn_order() {
    let mut phase = SetupPhase::new(RegroupmentOptions::default());
    let error = phase.apply(step("Ka8")).unwrap_err().to_string();
    assert!(error.contains("'Ka8'") && error.contains("rook"), "{error}");
    let error = phase.apply(step("Kd1")).unwrap_err().to_string();
    assert!(
        error.contains("'Kd1'") && error.contains("black"),
        "{error}"
    );
    let error = phase.apply(step("Kd7")).unwrap_err().to_string();
    assert!(error.contains("back rank"), "{error}");
    let error = phase.apply(step("Q-")).unwrap_err().to_string();
    assert!(error.contains("black's king step"), "{error}");

    let order = |options: RegroupmentOptions, steps: [&str; 4]| {
        let mut phase = SetupPhase::new(options);
        let mut turns = Vec::new();
        for text in steps {
            turns.push(phase.next_turn().unwrap());
            phase.apply(step(text)).unwrap();
        }
        assert_eq!(phase.next_turn(), None);
        turns
    };
    use Relocator::{King, Queen};
    assert_eq!(
        order(RegroupmentOptions::default(), ["K-", "Q-", "K-", "Q-"]),
        [
            (Color::Black, King),
            (Color::Black, Queen),
            (Color::White, King),
            (Color::White, Queen)
        ]
    );
    assert_eq!(
        order(
            options_with(&[("order", "alternate")]),
            ["K-", "K-", "Q-", "Q-"]
        ),
        [
            (Color::Black, King),
            (Color::White, King),
            (Color::Black, Queen),
            (Color::White, Queen)
        ]
    );
}

#[test]
fn undo_restores_each_earlier_state() {
    let options = options_with(&[("order", "alternate")]);
    let sequence = ["Kd8", "Kf1", "Qb8", "Qe1"];
    let mut states = vec![SetupPhase::new(options)];
    for text in sequence {
        let mut next = states.last().unwrap().clone();
        next.apply(step(text)).unwrap();
        states.push(next);
    }
    let mut phase = states.pop().unwrap();
    assert!(phase.is_complete());
    for text in sequence.iter().rev() {
        assert_eq!(phase.undo(), Some(step(text)));
        assert_eq!(&phase, states.last().unwrap());
        assert_eq!(phase.legal_steps(), states.pop().unwrap().legal_steps());
    }
    assert_eq!(phase.undo(), None);
    assert_eq!(phase.back_rank(Color::White), ORTHODOX_BACK_RANK);
}

#[test]
fn step_text_round_trips_and_rejects_garbage() {
    for text in ["K-", "Q-", "Ke1", "Qh8", "Kb8"] {
        assert_eq!(step(text).to_string(), text);
    }
    assert_eq!(step("  Qc1 \n").to_string(), "Qc1");
    for bad in ["", "K", "k-", "Ki1", "Ke9", "Ke1x", "R-", "Q--", "Q e1"] {
        let error = SetupStep::parse(bad).unwrap_err();
        assert!(error.to_string().contains(&format!("'{bad}'")), "{error}");
    }
    let json = serde_json::to_string(&[step("Kb8"), step("Q-")]).unwrap();
    assert_eq!(json, r#"["Kb8","Q-"]"#);
    let back: Vec<SetupStep> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, [step("Kb8"), step("Q-")]);
    assert!(serde_json::from_str::<Vec<SetupStep>>(r#"["Kz8"]"#).is_err());
}

#[test]
fn step_lists_replay_and_name_the_failing_step() {
    let options = RegroupmentOptions::default();
    let phase = SetupPhase::from_step_texts(options, &["Kd8", "Qg8", "Kc1", "Q-"]).unwrap();
    assert!(phase.is_complete());
    let again = SetupPhase::from_steps(options, phase.steps()).unwrap();
    assert_eq!(again, phase);
    assert_eq!(again.board_fen(), phase.board_fen());

    let error = SetupPhase::from_step_texts(options, &["Kd8", "Qg8", "Kf1", "Q-"]).unwrap_err();
    let message = error.to_string();
    assert!(
        matches!(error, SetupError::InList { index: 3, .. }) && message.contains("'Q-'"),
        "{message}"
    );
    let error = SetupPhase::from_step_texts(options, &["K-", "Qx8"]).unwrap_err();
    assert!(matches!(error, SetupError::InList { index: 1, .. }));
    assert!(error.to_string().contains("Qx8"), "{error}");
}

#[test]
fn options_parse_by_name_with_clear_errors() {
    let options = options_with(&[
        ("order", "alternate"),
        ("king_knight", "forbidden"),
        ("castling", "curtailed"),
        ("start", "random"),
    ]);
    assert_eq!(options.order, TurnOrder::Alternate);
    assert_eq!(options.king_knight, KingKnight::Forbidden);
    assert_eq!(options.castling, CastlingRule::Curtailed);
    assert_eq!(options.start, StartRule::Random);
    assert_eq!(
        RegroupmentOptions::from_pairs(options.pairs()).unwrap(),
        options
    );
    let defaults = RegroupmentOptions::default();
    assert_eq!(
        defaults.pairs(),
        [
            ("order", "sequential"),
            ("king_knight", "allowed"),
            ("castling", "full"),
            ("start", "choose")
        ]
    );
    let error = RegroupmentOptions::from_pairs([("order", "random")])
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("'random'") && error.contains("order") && error.contains("alternate"),
        "{error}"
    );
    let error = RegroupmentOptions::from_pairs([("gap", "a3")])
        .unwrap_err()
        .to_string();
    assert!(error.contains("'gap'"), "{error}");
}

#[test]
fn curtailed_castling_removes_rights_of_kings_on_b_and_g() {
    let curtailed = options_with(&[("castling", "curtailed")]);
    let full = RegroupmentOptions::default();
    let ranks = allowed_back_ranks(&full);
    let mut seen_files = BTreeSet::new();
    for white in &ranks {
        for black in &ranks {
            let fen = SetupPhase::from_back_ranks(curtailed, white, black)
                .unwrap()
                .board_fen();
            let rights = fen.split(' ').nth(2).unwrap().to_string();
            let king_file = |rank: &BackRank| rank.iter().position(|&r| r == Role::King).unwrap();
            let white_loses = matches!(king_file(white), 1 | 6);
            let black_loses = matches!(king_file(black), 1 | 6);
            let expected = match (white_loses, black_loses) {
                (false, false) => "KQkq",
                (true, false) => "kq",
                (false, true) => "KQ",
                (true, true) => "-",
            };
            assert_eq!(rights, expected, "{fen}");
            seen_files.insert(king_file(white));
            let full_fen = SetupPhase::from_back_ranks(full, white, black)
                .unwrap()
                .board_fen();
            assert_eq!(full_fen.split(' ').nth(2), Some("KQkq"));
        }
    }
    // The king reaches every file b–g.
    assert_eq!(seen_files, BTreeSet::from([1, 2, 3, 4, 5, 6]));
}

#[test]
fn random_start_draws_each_side_uniformly_from_the_allowed_set() {
    let options = options_with(&[("start", "random")]);
    let allowed = allowed_back_ranks(&options);
    let mut counts: HashMap<(Color, BackRank), usize> = HashMap::new();
    let draws = 4400;
    for _ in 0..draws {
        let phase = SetupPhase::random(options).unwrap();
        assert!(phase.is_complete());
        assert_eq!(
            SetupPhase::from_steps(options, phase.steps()).unwrap(),
            phase
        );
        for color in Color::ALL {
            *counts.entry((color, phase.back_rank(color))).or_default() += 1;
        }
    }
    for color in Color::ALL {
        for rank in &allowed {
            let count = counts.get(&(color, *rank)).copied().unwrap_or(0);
            // Expected 200 each; below 120 or above 280 is more than five deviations away.
            assert!((120..=280).contains(&count), "{color:?} {rank:?}: {count}");
        }
    }
    assert_eq!(counts.len(), 44);

    let forbidden = options_with(&[("start", "random"), ("king_knight", "forbidden")]);
    let allowed: HashSet<BackRank> = allowed_back_ranks(&forbidden).into_iter().collect();
    for _ in 0..200 {
        let phase = SetupPhase::random(forbidden).unwrap();
        assert!(allowed.contains(&phase.back_rank(Color::White)));
        assert!(allowed.contains(&phase.back_rank(Color::Black)));
    }
}

// ---------------------------------------------------------------------------------------------
// Play: Chess960 castling in the chess core, checked on the worked example of
// `docs/rules-regroupment.md` and against cozy-chess from every start position.

use rules::{CastlingMode, ChessPosition, GamePosition, Move, MoveList};

fn chess960(fen: &str) -> ChessPosition {
    ChessPosition::from_fen_mode(fen, CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play_text(position: &mut ChessPosition, text: &str) -> Move {
    let mv = position
        .parse_move_text(text)
        .unwrap_or_else(|e| panic!("{}: {e}", position.to_fen()));
    position.play(mv);
    mv
}

fn legal_texts(position: &ChessPosition) -> BTreeSet<String> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves.iter().map(|&mv| position.uci(mv)).collect()
}

/// X-FEN castling letters to Shredder-FEN ones (the rooks start on the a- and h-files).
fn to_shredder(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    fields[2] = fields[2]
        .chars()
        .map(|c| match c {
            'K' => 'H',
            'Q' => 'A',
            'k' => 'h',
            'q' => 'a',
            other => other,
        })
        .collect();
    fields.join(" ")
}

const EXAMPLE_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR w KQkq - 0 1";
const EXAMPLE: &str = "rnbqkb1r/ppp2ppp/4pn2/3p4/3P1B2/8/PPPQPPPP/RK2NBNR w KQkq - 0 4";

#[test]
fn worked_example_from_the_spec() {
    let phase =
        SetupPhase::from_step_texts(RegroupmentOptions::default(), &["K-", "Q-", "Kb1", "Q-"])
            .unwrap();
    assert_eq!(phase.board_fen(), EXAMPLE_START);
    assert_eq!(
        steps_for_back_rank(Color::White, &phase.back_rank(Color::White)),
        Some((step("Kb1"), step("Q-")))
    );
    let mut position = phase.into_position().unwrap();
    for text in ["d2d4", "d7d5", "c1f4", "g8f6", "d1d2", "e7e6"] {
        play_text(&mut position, text);
    }
    assert_eq!(position.to_fen(), EXAMPLE);

    let legal = legal_texts(&position);
    assert!(
        legal.contains("b1a1") && legal.contains("b1c1"),
        "{legal:?}"
    );

    let mut castled = position;
    let castle = play_text(&mut castled, "b1a1");
    assert!(castle.is_castle());
    assert_eq!(position.san(castle), "O-O-O");
    assert_eq!(position.parse_san("O-O-O").unwrap(), castle);
    assert_eq!(position.parse_san("0-0-0").unwrap(), castle);
    assert_eq!(position.display_move(castle), "O-O-O");
    assert_eq!(
        castled.to_fen(),
        "rnbqkb1r/ppp2ppp/4pn2/3p4/3P1B2/8/PPPQPPPP/2KRNBNR b kq - 1 4"
    );

    let mut stepped = position;
    let king_move = play_text(&mut stepped, "b1c1");
    assert!(!king_move.is_castle());
    assert_eq!(position.san(king_move), "Kc1");
    assert_eq!(
        stepped.to_fen(),
        "rnbqkb1r/ppp2ppp/4pn2/3p4/3P1B2/8/PPPQPPPP/R1K1NBNR b kq - 1 4"
    );
    // No castling rights are left for White after the king has moved.
    let mut back = stepped;
    play_text(&mut back, "h7h6");
    play_text(&mut back, "c1b1");
    assert_eq!(back.castling_rooks().count(), 2);
    assert!(!legal_texts(&back).contains("b1a1"));
}

#[test]
fn castling_where_only_the_rook_moves_and_rook_only_squares_attacked() {
    // King on g1: O-O moves only the rook (h1→f1); O-O-O crosses b1, which a knight attacks
    // and only the rook passes.
    let position = chess960("4k3/8/8/8/8/n7/8/R5KR w KQ - 0 1");
    let legal = legal_texts(&position);
    assert!(
        legal.contains("g1a1") && legal.contains("g1h1"),
        "{legal:?}"
    );
    let mut short = position;
    let mv = play_text(&mut short, "g1h1");
    assert_eq!(position.san(mv), "O-O");
    assert_eq!(short.to_fen(), "4k3/8/8/8/8/n7/8/R4RK1 b - - 1 1");
    let mut long = position;
    let mv = play_text(&mut long, "g1a1");
    assert_eq!(position.san(mv), "O-O-O");
    assert_eq!(long.to_fen(), "4k3/8/8/8/8/n7/8/2KR3R b - - 1 1");

    // King on c8: O-O-O moves only the rook; with the rook-only square b8 attacked it stays
    // legal, with the king's square d8 (on the way to g8) attacked O-O is not.
    let position = chess960("r1k4r/8/8/8/8/8/8/1R1RK3 b kq - 0 1");
    let legal = legal_texts(&position);
    assert!(legal.contains("c8a8"), "{legal:?}");
    assert!(!legal.contains("c8h8"), "{legal:?}");
    let mut castled = position;
    let mv = play_text(&mut castled, "c8a8");
    assert_eq!(position.san(mv), "O-O-O");
    assert_eq!(castled.to_fen(), "2kr3r/8/8/8/8/8/8/1R1RK3 w - - 1 2");

    // A king on b1 cannot castle long while a piece stands on the rook's destination d1, and
    // the king never castles out of check.
    let blocked = chess960("4k3/8/8/8/8/8/8/RK1N3R w KQ - 0 1");
    assert!(!legal_texts(&blocked).contains("b1a1"));
    assert!(!legal_texts(&blocked).contains("b1h1"));
    let in_check = chess960("1r2k3/8/8/8/8/8/8/RK5R w KQ - 0 1");
    let legal = legal_texts(&in_check);
    assert!(
        !legal.contains("b1a1") && !legal.contains("b1h1"),
        "{legal:?}"
    );
}

#[test]
fn shredder_fen_is_read_and_x_fen_written() {
    for fen in start_positions(&RegroupmentOptions::default()) {
        let from_shredder = chess960(&to_shredder(&fen));
        assert_eq!(from_shredder.to_fen(), fen);
        assert_eq!(chess960(&fen), from_shredder);
    }
}

/// A small deterministic generator (SplitMix64) for the random games.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn cozy_moves(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    board.generate_moves(|moves| {
        for mv in moves {
            out.insert(mv.to_string());
        }
        false
    });
    out
}

/// What the castling moves of the random games covered.
#[derive(Default, Debug)]
struct CastlingCoverage {
    positions: usize,
    by_king_file: [u32; 8],
    played_by_king_file: [u32; 8],
    only_rook_moves_long: u32,
    only_rook_moves_short: u32,
    rook_only_square_attacked: u32,
}

fn squares_between_inclusive(rank: u8, a: u8, b: u8) -> impl Iterator<Item = Square> {
    let (low, high) = (a.min(b), a.max(b));
    (low..=high).map(move |file| Square::from_coords(file, rank))
}

fn record_castle(position: &ChessPosition, mv: Move, coverage: &mut CastlingCoverage) {
    let (king, rook) = (mv.from(), mv.to());
    let (king_to, rook_to) = ChessPosition::castling_destinations(king, rook);
    coverage.by_king_file[king.file() as usize] += 1;
    if king == king_to {
        if rook.file() < king.file() {
            coverage.only_rook_moves_long += 1;
        } else {
            coverage.only_rook_moves_short += 1;
        }
    }
    let king_path: Vec<Square> =
        squares_between_inclusive(king.rank(), king.file(), king_to.file()).collect();
    let them = position.turn().other();
    let attacked_rook_only = squares_between_inclusive(rook.rank(), rook.file(), rook_to.file())
        .filter(|&sq| sq != rook && !king_path.contains(&sq))
        .any(|sq| position.is_attacked(sq, them));
    if attacked_rook_only {
        coverage.rook_only_square_attacked += 1;
    }
}

/// Picks the next move, favouring castling and development from the back rank so that many
/// games reach positions where castling is legal.
fn pick_move(position: &ChessPosition, moves: &[Move], rng: &mut SplitMix) -> Move {
    let castles: Vec<Move> = moves.iter().copied().filter(|m| m.is_castle()).collect();
    if !castles.is_empty() && rng.below(2) == 0 {
        return castles[rng.below(castles.len())];
    }
    let us = position.turn();
    let weight = |mv: &Move| -> u64 {
        let role = position.piece_at(mv.from()).map(|p| p.role);
        match role {
            Some(Role::King) | Some(Role::Rook) => 1,
            Some(Role::Pawn) => 3,
            _ if mv.from().relative_rank(us) == 0 => 12,
            _ => 3,
        }
    };
    let total: u64 = moves.iter().map(weight).sum();
    let mut pick = rng.next() % total;
    for mv in moves {
        let w = weight(mv);
        if pick < w {
            return *mv;
        }
        pick -= w;
    }
    moves[moves.len() - 1]
}

/// Plays a seeded random game from `start` on our position and on cozy-chess side by side,
/// comparing the legal moves before every ply and the X-FEN after it; returns the positions
/// (X-FEN) met on the way.
fn differential_game(
    start: &str,
    seed: u64,
    plies: usize,
    coverage: &mut CastlingCoverage,
) -> Vec<String> {
    let mut ours = chess960(start);
    let mut cozy = cozy_chess::Board::from_fen(&to_shredder(start), true)
        .unwrap_or_else(|e| panic!("cozy refuses {start}: {e:?}"));
    let mut rng = SplitMix(seed);
    let mut history = Vec::new();
    let mut seen = vec![start.to_string()];
    for _ in 0..plies {
        let mut list = MoveList::new();
        ours.legal_moves(&mut list);
        let our_texts: BTreeSet<String> = list.iter().map(|&mv| ours.uci(mv)).collect();
        assert_eq!(our_texts.len(), list.len(), "move texts are distinct");
        let cozy_texts = cozy_moves(&cozy);
        assert_eq!(
            our_texts,
            cozy_texts,
            "legal moves differ at {} (start {start}, moves {})",
            ours.to_fen(),
            history.join(" ")
        );
        assert_eq!(ours.count_legal_moves(), list.len());
        coverage.positions += 1;
        for &mv in list.iter().filter(|m| m.is_castle()) {
            record_castle(&ours, mv, coverage);
        }
        if list.is_empty() {
            break;
        }
        let mv = pick_move(&ours, &list, &mut rng);
        let text = ours.uci(mv);
        if mv.is_castle() {
            coverage.played_by_king_file[mv.from().file() as usize] += 1;
        }
        assert_eq!(ours.parse_move_text(&text), Ok(mv));
        ours.play(mv);
        let cozy_mv: cozy_chess::Move = text.parse().unwrap();
        cozy.play(cozy_mv);
        history.push(text);
        let fen = ours.to_fen();
        assert_eq!(fen, format!("{cozy}"), "after {}", history.join(" "));
        let reread = chess960(&fen);
        assert_eq!(reread, ours, "X-FEN round trip of {fen}");
        assert_eq!(reread.hash(), ours.hash());
        assert_eq!(
            chess960(&format!("{cozy:#}")),
            ours,
            "Shredder-FEN of {fen}"
        );
        seen.push(fen);
    }
    seen
}

#[test]
fn random_games_from_all_484_starts_agree_with_cozy_chess() {
    const GAMES_PER_START: u64 = 2;
    const PLIES: usize = 50;
    let mut coverage = CastlingCoverage::default();
    for (index, start) in start_positions(&RegroupmentOptions::default())
        .iter()
        .enumerate()
    {
        for game in 0..GAMES_PER_START {
            let seed = 0x5EED_0000 + index as u64 * GAMES_PER_START + game;
            differential_game(start, seed, PLIES, &mut coverage);
        }
    }
    println!("castling coverage {coverage:?}");
    assert!(
        coverage.positions > 484 * GAMES_PER_START as usize * 30,
        "{coverage:?}"
    );
    for file in 1..=6 {
        assert!(
            coverage.by_king_file[file] > 0 && coverage.played_by_king_file[file] > 0,
            "no castling with the king on file {}: {coverage:?}",
            (b'a' + file as u8) as char
        );
    }
    assert!(coverage.only_rook_moves_long > 0, "{coverage:?}");
    assert!(coverage.only_rook_moves_short > 0, "{coverage:?}");
    assert!(coverage.rook_only_square_attacked > 0, "{coverage:?}");
}

// ---------------------------------------------------------------------------------------------
// Perft: `tests/perft/regroupment.txt`, counted by cozy-chess and checked against ours.

use reference::cozy::{assert_entry_counts, cozy_perft};

fn perft_entries() -> Vec<reference::perft_file::PerftEntry> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/perft/regroupment.txt"
    ))
    .expect("perft file");
    let entries = reference::perft_file::parse_perft_file(&text);
    assert!(entries.len() >= 12, "the suite lost entries");
    entries
}

#[test]
fn perft_file_matches_our_generator_and_cozy_chess() {
    let starts: HashSet<String> = start_positions(&RegroupmentOptions::default())
        .into_iter()
        .collect();
    let mut start_entries = 0;
    for entry in perft_entries() {
        let ours = chess960(&entry.position);
        let cozy = cozy_chess::Board::from_fen(&to_shredder(&entry.position), true)
            .unwrap_or_else(|e| panic!("{}: cozy refuses the position: {e:?}", entry.id));
        if starts.contains(&entry.position) {
            start_entries += 1;
        }
        assert_entry_counts(&entry, &ours, &cozy);
    }
    assert!(start_entries >= 6, "too few of the 484 start positions");
}

/// Prints perft entries for the data file: start positions with the king on every file b–g, the
/// worked example of `docs/rules-regroupment.md`, and positions from the random games where
/// castling is at its trickiest, all counted by cozy-chess.
#[test]
#[ignore = "generates the data of tests/perft/regroupment.txt; run by hand with --nocapture"]
fn print_perft_entries() {
    let print = |id: &str, fen: &str, depth: u32| {
        let cozy = cozy_chess::Board::from_fen(&to_shredder(fen), true).unwrap();
        println!("id {id}\nepd {fen}");
        for d in 1..=depth {
            println!("perft {d} {}", cozy_perft(&cozy, d));
        }
        println!();
    };
    let starts = start_positions(&RegroupmentOptions::default());
    print("orthodox", &starts[0], 5);
    print("spec-example", EXAMPLE, 4);
    let king_file = |rank: &str| rank.find(['K', 'k']).unwrap();
    for file in 1..=6 {
        let fen = starts
            .iter()
            .find(|fen| {
                let ranks: Vec<&str> = fen.split([' ', '/']).collect();
                let (black, white) = (ranks[0], ranks[7]);
                king_file(white) == file
                    && ![4, file].contains(&king_file(black))
                    && black.to_uppercase() != white
            })
            .unwrap();
        print(
            &format!("start-king-{}", (b'a' + file as u8) as char),
            fen,
            4,
        );
    }
    let mut coverage = CastlingCoverage::default();
    let mut printed = 0;
    let mut king_files_seen = HashSet::new();
    for (index, start) in starts.iter().enumerate().step_by(2) {
        for fen in differential_game(start, 0xFEED + index as u64, 40, &mut coverage) {
            let position = chess960(&fen);
            let mut list = MoveList::new();
            position.legal_moves(&mut list);
            let castles = list.iter().filter(|m| m.is_castle()).count();
            let mut local = CastlingCoverage::default();
            for &mv in list.iter().filter(|m| m.is_castle()) {
                record_castle(&position, mv, &mut local);
            }
            let tricky = local.rook_only_square_attacked
                + local.only_rook_moves_long
                + local.only_rook_moves_short;
            let king = position.king(position.turn()).file();
            if castles > 0 && tricky > 0 && printed < 8 && king_files_seen.insert(king) {
                print(&format!("midgame-{index}"), &fen, 4);
                printed += 1;
                break;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The setup steps in a saved game, through the game record used by the UI and the tools.

#[test]
fn saved_game_with_setup_steps_round_trips_and_names_a_bad_step() {
    use rules::any::AnyGame;
    use rules::options::VariantOptions;
    use rules::save::Players;
    use rules::VariantKind;

    let options = VariantOptions::from_pairs(VariantKind::Regroupment, &["order=alternate"])
        .expect("valid options");
    let mut game = AnyGame::new(options).unwrap();
    let steps = ["K-", "Kb1", "Q-", "Q-"];
    let moves = ["d2d4", "d7d5", "c1f4", "g8f6", "d1d2", "e7e6", "b1a1"];
    for text in steps.iter().chain(&moves) {
        game.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let castled = "rnbqkb1r/ppp2ppp/4pn2/3p4/3P1B2/8/PPPQPPPP/2KRNBNR b kq - 1 4";
    assert_eq!(game.position_text(), castled);

    let players = Players {
        white: "human".to_string(),
        black: "human".to_string(),
    };
    let json = game.to_save_json("2026-11-29T12:00:00Z", &players);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["setup"], serde_json::json!(steps));
    assert_eq!(value["moves"], serde_json::json!(moves));
    assert_eq!(value["options"]["order"], "alternate");
    let (loaded, _) = AnyGame::from_save_json(&json).unwrap();
    assert_eq!(loaded.position_text(), castled);
    assert_eq!(loaded.ply_count(), steps.len() + moves.len());

    // Declining Black's queen step after Kf8 leaves both bishops on one colour.
    let bad = json.replacen(r#""K-""#, r#""Kf8""#, 1);
    let error = AnyGame::from_save_json(&bad).unwrap_err().to_string();
    assert!(
        error.contains("setup[2]") && error.contains("Q-"),
        "{error}"
    );
}

#[test]
fn a_start_position_with_a_castling_rook_off_its_corner_is_refused() {
    use rules::any::AnyGame;
    use rules::options::VariantOptions;
    let options = VariantOptions::from_pairs(rules::VariantKind::Regroupment, &[] as &[&str])
        .expect("default options");
    // `K` (the outermost king-side rook, g1) and `G` (Shredder-FEN for it) both name a rook
    // that no Regroupment game can castle with.
    for text in [
        "4k3/8/8/8/8/8/8/R3K1R1 w K - 0 1",
        "4k3/8/8/8/8/8/8/R3K1R1 w G - 0 1",
    ] {
        let error = AnyGame::with_start(options, Some(text))
            .err()
            .unwrap_or_else(|| panic!("{text} was accepted"))
            .to_string();
        assert!(error.contains("g1 is not in its corner"), "{text}: {error}");
    }
    // Without the king-side right the same board is a position, and its king simply steps.
    let mut game = AnyGame::with_start(options, Some("4k3/8/8/8/8/8/8/R3K1R1 w Q - 0 1"))
        .expect("no king-side right");
    game.play("e1f1").expect("king step");
    assert!(game
        .position_text()
        .starts_with("4k3/8/8/8/8/8/8/R4KR1 b - "));
}
