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

/// A deliberately plain reading of the setup rules for one side, written from the spec's
/// wording with square colours taken from the board (not file parity), used to cross-check
/// the state machine.
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
