//! Tests of the 8×8 evaluation: balance, exchanges, the weights' list form, and terms.

use super::*;

#[test]
fn the_start_position_is_balanced_and_mirrors_agree() {
    let start = ChessPosition::startpos();
    assert_eq!(white_terms(&start).blend(phase(&start)), 0);
    let white = ChessPosition::from_fen("4k3/8/8/8/3N4/8/PP6/4K3 w - - 0 1").unwrap();
    let black = ChessPosition::from_fen("4k3/pp6/8/3n4/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(evaluate(&white), evaluate(&black));
    assert!(evaluate(&white) > 300);
}

#[test]
fn exchanges_are_judged_by_what_follows() {
    let see = |fen: &str, text: &str, threshold: i32| {
        let pos = ChessPosition::from_fen(fen).unwrap();
        let mv = pos.parse_uci(text).unwrap();
        see_ge(&pos, mv, threshold)
    };
    // Rook takes a pawn defended by a pawn: loses the exchange.
    assert!(!see("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 0));
    // Undefended pawn: wins 100.
    assert!(see("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 100));
    assert!(!see("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 101));
    // Pawn takes a knight defended by a pawn: wins.
    assert!(see("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5", 200));
    // Queen takes a pawn defended by a rook behind a rook (x-ray): loses.
    assert!(!see("3rk3/3r4/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 0));
    // Two rooks against one defender: the doubled rooks win the pawn.
    assert!(see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 0));
}

#[test]
fn bare_minor_piece_is_scaled_towards_a_draw() {
    let pos = ChessPosition::from_fen("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
    assert!(evaluate(&pos).abs() < 60);
}

/// The tuner moves weights through `to_vec` and `from_slice`: every weight must make
/// the round trip in its own place.
#[test]
fn weights_round_trip_through_the_tuners_order() {
    let all = CHESS960_WEIGHTS.to_vec();
    assert_eq!(all.len(), ChessWeights::COUNT);
    assert_eq!(ChessWeights::from_slice(&all), Some(CHESS960_WEIGHTS));
    for index in 0..all.len() {
        let mut changed = all.clone();
        changed[index] += 1;
        let weights = ChessWeights::from_slice(&changed).expect("as many weights");
        assert_eq!(weights.to_vec(), changed);
        assert_ne!(weights, CHESS960_WEIGHTS);
    }
    assert_eq!(ChessWeights::from_slice(&all[1..]), None);
}

/// Every weight reaches the evaluation: changing any one of them changes some
/// position's score (a weight the evaluation ignored would be tuned for nothing).
#[test]
fn every_weight_changes_some_evaluation() {
    let fens = [
        "r1bqk2r/pp1n1ppp/2p1pn2/3p4/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 0 1",
        "r4rk1/1pp2ppp/p1n5/3Pp3/4P1q1/2PB1N2/P4PPP/R2Q1RK1 b - - 0 1",
        "6k1/1R3ppp/8/2P5/1P6/8/5PPP/6K1 w - - 0 1",
        "8/5k2/3p4/2pP4/2P2K2/8/6P1/8 w - - 0 1",
        "r3k2r/ppp2ppp/8/3q4/3Q4/8/PPP2PPP/R3K2R w KQkq - 0 1",
        "2kr3r/ppp3pp/2n5/8/2B1q3/2Q5/PP3PPP/4RRK1 w - - 0 1",
        "1r4k1/5ppp/8/2b5/8/6P1/1n3PKP/3R4 b - - 0 1",
        "4k3/8/8/8/8/8/4K3/R6r w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4r1k1/3q1ppp/8/3n4/3N4/4K3/3Q1PPP/4R3 w - - 0 1",
        "2r3k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1",
        "7k/8/8/8/8/2n5/8/K1q5 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
    ];
    let mut positions: Vec<ChessPosition> = fens
        .iter()
        .map(|fen| ChessPosition::from_fen(fen).unwrap())
        .collect();
    // Positions along random games, which are lopsided in every way sooner or later.
    let mut rng = crate::rng::Rng::new(7);
    for _ in 0..40 {
        let mut pos = ChessPosition::startpos();
        for ply in 0..120 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let moves = moves.as_slice();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            pos.play(mv);
            if ply % 6 == 5 {
                positions.push(pos);
            }
        }
    }
    let score = |weights: &ChessWeights| -> Vec<i32> {
        let eval = ChessEval::new(weights);
        positions
            .iter()
            .map(|pos| {
                let terms = white_terms_with(pos, &eval);
                terms.mg * 1000 + terms.eg + weights.tempo * 7
            })
            .collect()
    };
    // A low cap on the king attack, so that common attacks reach it.
    let low_cap = ChessWeights {
        king_attack_cap: 60,
        ..HAND_SET
    };
    let base = score(&low_cap);
    let all = low_cap.to_vec();
    // The corrections (mobility by count, per square) have their own tests: each moves
    // one entry, and some entries (a queen reaching 27 squares) are rare.
    let rules = ChessWeights::COUNT - CORRECTIONS;
    let ignored: Vec<usize> = (0..rules)
        .filter(|&index| {
            let mut changed = all.clone();
            changed[index] += 1;
            score(&ChessWeights::from_slice(&changed).unwrap()) == base
        })
        .collect();
    assert!(ignored.is_empty(), "weights {ignored:?} change nothing");
}

/// The evaluation's terms with every weight 0 but those `set` gives.
fn terms_with_only(fen: &str, set: impl Fn(&mut ChessWeights)) -> (i32, i32) {
    let mut weights = ChessWeights::from_slice(&[0; ChessWeights::COUNT]).unwrap();
    set(&mut weights);
    let pos = ChessPosition::from_fen(fen).unwrap();
    let terms = white_terms_with(&pos, &ChessEval::new(&weights));
    (terms.mg, terms.eg)
}

/// The knight on d5, attacked by the rook, is defended by a black pawn on e6 and not by
/// a white one.
#[test]
fn only_a_pieces_own_pawns_defend_it() {
    let hanging = |fen| terms_with_only(fen, |w| w.hanging_piece = [100, 10]);
    let white_pawn = hanging("4k3/8/4P3/3n4/8/8/8/3RK3 w - - 0 1");
    assert_eq!(white_pawn, (100, 10));
    let black_pawn = hanging("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1");
    assert_eq!(black_pawn, (0, 0));
}

/// A passed pawn on e6: two ranks beyond its fourth, its next square e7 four king steps
/// from the black king and six from the white one; then blocked, and defended.
#[test]
fn passed_pawn_details() {
    let distance = terms_with_only("k7/8/4P3/8/8/8/8/4K3 w - - 0 1", |w| {
        w.passed_king_distance_eg = [10, 1];
    });
    assert_eq!(distance, (0, 2 * (10 * 4 - 6)));
    let blocked = |fen| terms_with_only(fen, |w| w.passed_blocked = [7, 9]);
    assert_eq!(blocked("k7/4n3/4P3/8/8/8/8/4K3 w - - 0 1"), (-7, -9));
    assert_eq!(blocked("k7/4N3/4P3/8/8/8/8/4K3 w - - 0 1"), (0, 0));
    let supported = terms_with_only("k7/8/4P3/3P4/8/8/8/4K3 w - - 0 1", |w| {
        w.passed_supported = [3, 5];
    });
    assert_eq!(supported, (3, 5));
}

/// A white knight on g4 can check from f6 or h6; once a pawn on g7 guards both, it cannot
/// safely. The term counts each kind of checking piece once.
#[test]
fn safe_checks_need_an_unguarded_square() {
    let checks = |fen| terms_with_only(fen, |w| w.safe_check_mg = [10, 20, 30, 40]);
    assert_eq!(checks("6k1/8/8/8/6N1/8/8/4K3 w - - 0 1"), (10, 0));
    assert_eq!(checks("6k1/6p1/8/8/6N1/8/8/4K3 w - - 0 1"), (0, 0));
    // The queen on d1 can check from d8, which nothing guards.
    assert_eq!(checks("6k1/5ppp/8/8/8/8/8/3QK3 w - - 0 1"), (40, 0));
}

/// A knight on d5 guarded by the pawn on e4 is on an outpost until a black pawn on the c
/// file could chase it.
#[test]
fn outposts_are_guarded_and_cannot_be_chased() {
    let outpost = |fen| terms_with_only(fen, |w| w.knight_outpost = [7, 9]);
    assert_eq!(outpost("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1"), (7, 9));
    assert_eq!(outpost("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1"), (0, 0));
    assert_eq!(outpost("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"), (0, 0));
}

/// The pawn on d3 has its only neighbour ahead (e4) and its next square guarded by the
/// black pawn on c5: backward. On d4 beside the e pawn it is not.
#[test]
fn a_backward_pawn_is_behind_its_neighbours_and_held() {
    let backward = |fen| terms_with_only(fen, |w| w.backward_pawn = [3, 5]);
    assert_eq!(backward("4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1"), (-3, -5));
    assert_eq!(backward("4k3/8/8/2p5/3PP3/8/8/4K3 w - - 0 1"), (0, 0));
}

/// Black pawns on g4 and h3 storm the white king on g1: three and two ranks in front.
#[test]
fn pawns_storming_the_king_count_by_nearness() {
    let storm = |fen| terms_with_only(fen, |w| w.pawn_storm_mg = [1, 10, 100]);
    assert_eq!(storm("4k3/8/8/8/6p1/7p/8/6K1 w - - 0 1"), (-110, 0));
    assert_eq!(storm("4k3/8/8/6p1/8/8/8/6K1 w - - 0 1"), (0, 0));
}

/// The pawns on d4 and e4 stand side by side, the pawn on e5 is guarded by the one on d4,
/// and a pawn alone is neither.
#[test]
fn connected_pawns_count_by_rank() {
    let connected = |fen| {
        terms_with_only(fen, |w| {
            w.connected_pawn_mg = [1, 2, 3, 4, 5, 6];
            w.connected_pawn_eg = [10, 20, 30, 40, 50, 60];
        })
    };
    assert_eq!(connected("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1"), (6, 60));
    assert_eq!(connected("4k3/8/8/4P3/3P4/8/8/4K3 w - - 0 1"), (4, 40));
    assert_eq!(connected("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1"), (0, 0));
    assert_eq!(connected("4k3/8/8/3pp3/8/8/8/4K3 w - - 0 1"), (-6, -60));
}

/// The bishop on c1 shares its colour with the pawn on b2, not with the one on a2.
#[test]
fn a_bishop_is_hindered_by_its_pawns_on_its_colour() {
    let bishop_pawns = |fen| terms_with_only(fen, |w| w.bishop_pawns = [3, 5]);
    assert_eq!(bishop_pawns("4k3/8/8/8/8/8/PP6/2B1K3 w - - 0 1"), (-3, -5));
    assert_eq!(bishop_pawns("4k3/8/8/8/8/8/P7/2B1K3 w - - 0 1"), (0, 0));
}

/// A knight straight behind a pawn of either side, from its own side's point of view.
#[test]
fn a_minor_piece_behind_a_pawn() {
    let behind = |fen| terms_with_only(fen, |w| w.minor_behind_pawn = [7, 9]);
    assert_eq!(behind("4k3/8/8/3p4/3N4/8/8/4K3 w - - 0 1"), (7, 9));
    assert_eq!(behind("4k3/8/8/3n4/3P4/8/8/4K3 w - - 0 1"), (-7, -9));
    assert_eq!(behind("4k3/8/8/8/3N4/3p4/8/4K3 w - - 0 1"), (0, 0));
}

/// The knight on a1 is four king steps from its king on e1: three beyond the first.
#[test]
fn minor_pieces_far_from_their_king_lose() {
    let protector = |fen| terms_with_only(fen, |w| w.king_protector = [2, 3]);
    assert_eq!(protector("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"), (-6, -9));
    assert_eq!(protector("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), (0, 0));
}

/// d3–d4 would attack the knight on c5, unless a black pawn on e5 guards d4.
#[test]
fn a_safe_pawn_push_that_attacks_a_piece_is_a_threat() {
    let push = |fen| terms_with_only(fen, |w| w.threat_by_pawn_push = [5, 7]);
    assert_eq!(push("4k3/8/8/2n5/8/3P4/8/4K3 w - - 0 1"), (5, 7));
    assert_eq!(push("4k3/8/8/2n1p3/8/3P4/8/4K3 w - - 0 1"), (0, 0));
    // Two squares from the start: d2–d4.
    assert_eq!(push("4k3/8/8/2n5/8/8/3P4/4K3 w - - 0 1"), (5, 7));
}

/// The passed pawn on e6 (two ranks beyond its fourth) has a free path until a knight
/// stands on e8.
#[test]
fn a_passed_pawn_with_a_free_path() {
    let free = |fen| terms_with_only(fen, |w| w.passed_free_path = [3, 5]);
    assert_eq!(free("k7/8/4P3/8/8/8/8/4K3 w - - 0 1"), (6, 10));
    assert_eq!(free("k3n3/8/4P3/8/8/8/8/4K3 w - - 0 1"), (0, 0));
}

/// The rook on f1 and the bishop on b3 both hit f7, which only Black's king guards, until a
/// black knight on e5 guards it too; without a queen the attack counts for less.
#[test]
fn weak_squares_by_the_king_add_to_the_attack() {
    let attack = |fen, without_queen| {
        terms_with_only(fen, |w| {
            w.king_attack_cap = 1000;
            w.king_zone_weak = 10;
            w.king_danger_no_queen = without_queen;
        })
    };
    assert_eq!(attack("6k1/5ppp/8/8/8/1B6/8/4KR2 w - - 0 1", 0), (25, 0));
    assert_eq!(attack("6k1/5ppp/8/8/8/1B6/8/4KR2 w - - 0 1", 4), (9, 0));
    assert_eq!(attack("6k1/5ppp/8/4n3/8/1B6/8/4KR2 w - - 0 1", 0), (0, 0));
}

/// The pawn on e6 (two ranks beyond its fourth) has a safe way forward until Black's king
/// stands on d8, and its next square is guarded once White's king stands on d6.
#[test]
fn a_passed_pawns_way_forward_is_judged_by_who_guards_it() {
    let way = |fen| {
        terms_with_only(fen, |w| {
            w.passed_safe_path = [3, 5];
            w.passed_safe_next = [1, 2];
            w.passed_next_defended = [10, 20];
        })
    };
    assert_eq!(way("k7/8/4P3/8/8/8/8/4K3 w - - 0 1"), (8, 14));
    assert_eq!(way("3k4/8/4P3/8/8/8/8/4K3 w - - 0 1"), (0, 0));
    assert_eq!(way("k7/8/3KP3/8/8/8/8/8 w - - 0 1"), (28, 54));
}

/// White's king on e1 is four steps from its pawn on a2, which is isolated with nothing in
/// front of it; a black pawn on a7 opposes it.
#[test]
fn a_king_far_from_its_pawns_and_an_unopposed_weak_pawn_lose() {
    let distance = |fen| terms_with_only(fen, |w| w.king_pawn_distance_eg = 3);
    assert_eq!(distance("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), (0, -12));
    let unopposed = |fen| terms_with_only(fen, |w| w.weak_unopposed_pawn = [2, 5]);
    assert_eq!(unopposed("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), (-2, -5));
    assert_eq!(unopposed("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1"), (0, 0));
}

/// A king on g1 has only the a pawn, far from its flank; Black's king on a8 has it near.
#[test]
fn a_king_on_a_flank_without_pawns_loses() {
    let flank = |fen| terms_with_only(fen, |w| w.pawnless_flank = [4, 6]);
    assert_eq!(flank("k7/8/8/8/8/8/P7/6K1 w - - 0 1"), (-4, -6));
    assert_eq!(flank("k7/8/8/8/8/8/7P/6K1 w - - 0 1"), (4, 6));
}

/// White's king attacks the knight on d2 until a black pawn on e3 guards it.
#[test]
fn a_king_threatens_an_unguarded_piece_next_to_it() {
    let threat = |fen| terms_with_only(fen, |w| w.threat_by_king = [3, 9]);
    assert_eq!(threat("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1"), (3, 9));
    assert_eq!(threat("4k3/8/8/8/8/4p3/3n4/4K3 w - - 0 1"), (0, 0));
}

/// Both rooks attack d2–d7; the black pawn on c6 guards d5, which then restricts White's
/// rook less than Black's.
#[test]
fn squares_both_sides_attack_restrict_the_side_without_a_pawn_there() {
    let restricted = |fen| terms_with_only(fen, |w| w.restricted_square = [2, 3]);
    assert_eq!(restricted("3rk3/8/8/8/8/8/8/3RK3 w - - 0 1"), (0, 0));
    assert_eq!(restricted("3rk3/8/2p5/8/8/8/8/3RK3 w - - 0 1"), (-2, -3));
}

/// White's room: c2–f4 but the pawn's e4 (11 squares), e2 and e3 counted again behind it,
/// times one piece; Black has no piece to use its room.
#[test]
fn space_counts_safe_centre_squares_by_the_pieces_to_use_them() {
    let space = |fen| terms_with_only(fen, |w| w.space_mg = 16);
    assert_eq!(space("4k3/8/8/8/4P3/8/8/R3K3 w - - 0 1"), (13, 0));
    assert_eq!(
        space("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (0, 0)
    );
}

/// The tuner writes `eval/standard_weights.rs` and `eval/chess960_weights.rs` with
/// [`ChessWeights::source`]; the files in the repository end with that text, so what the
/// tuner writes compiles (up to layout: `cargo fmt` wraps the long tables after a write).
#[test]
fn the_weights_file_is_what_the_tuner_writes() {
    let packed = |text: &str| {
        text.split_whitespace()
            .collect::<String>()
            .replace(",]", "]")
    };
    let standard = packed(include_str!("../standard_weights.rs"));
    assert!(
        standard.ends_with(&packed(&STANDARD_WEIGHTS.source())),
        "{standard}"
    );
    let file = packed(include_str!("../chess960_weights.rs"));
    assert!(
        file.ends_with(&packed(&CHESS960_WEIGHTS.source())),
        "{file}"
    );
    let mut changed = CHESS960_WEIGHTS;
    changed.passed_pawn_eg[5] += 1;
    assert!(!file.ends_with(&packed(&changed.source())));
}

#[test]
fn piece_square_tables_prefer_central_knights_and_castled_kings() {
    let (d4, a1, g1, e3) = (27, 0, 6, 20);
    assert!(psqt::MG[1][d4] > psqt::MG[1][a1]);
    assert!(psqt::MG[5][g1] > psqt::MG[5][e3]);
    assert!(psqt::EG[5][d4] > psqt::EG[5][a1]);
}

#[test]
fn a_square_correction_moves_that_piece_on_that_square_only_and_mirrors_for_black() {
    let mut weights = HAND_SET;
    let f3 = Role::Knight.index() * 64 + Square::from_coords(5, 2).index();
    weights.square_mg[f3] = 40;
    weights.square_eg[f3] = -30;
    let corrected = ChessEval::new(&weights);
    let difference = |fen: &str| change_from_hand_set(&corrected, fen);
    assert_eq!(difference("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1"), (40, -30));
    assert_eq!(difference("4k3/8/5n2/8/8/8/8/4K3 w - - 0 1"), (-40, 30));
    assert_eq!(difference("4k3/8/8/8/8/5B2/8/4K3 w - - 0 1"), (0, 0));
    assert_eq!(difference("4k3/8/8/8/8/6N1/8/4K3 w - - 0 1"), (0, 0));
    let listed = weights.to_vec();
    assert_eq!(listed.len(), ChessWeights::COUNT);
    assert_eq!(ChessWeights::from_slice(&listed), Some(weights));
}

#[test]
fn a_mobility_count_entry_applies_to_that_kind_reaching_that_many_squares_only() {
    let mut weights = HAND_SET;
    // A knight reaching seven squares; a bishop reaching seven squares.
    weights.mobility_count_mg[MOBILITY_COUNT_START[0] + 7] = 25;
    weights.mobility_count_eg[MOBILITY_COUNT_START[0] + 7] = -10;
    weights.mobility_count_eg[MOBILITY_COUNT_START[1] + 7] = 9;
    let counted = ChessEval::new(&weights);
    let difference = |fen: &str| change_from_hand_set(&counted, fen);
    // The knight on f3 reaches seven squares (not e1, its own king's).
    assert_eq!(difference("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1"), (25, -10));
    assert_eq!(difference("4k3/8/5n2/8/8/8/8/4K3 w - - 0 1"), (-25, 10));
    // On d4 it reaches all eight.
    assert_eq!(difference("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), (0, 0));
    // A bishop on a1 reaches seven squares along the long diagonal.
    assert_eq!(difference("4k3/8/8/8/8/8/8/B3K3 w - - 0 1"), (0, 9));
    assert_eq!(weights.to_vec().len(), ChessWeights::COUNT);
}

#[test]
fn the_mobility_count_entries_listed_are_those_the_evaluation_adds() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
    ] {
        let pos = ChessPosition::from_fen(fen).unwrap();
        let listed = mobility_count_entries(&pos);
        assert!(listed.len() >= 10);
        for entry in 0..MOBILITY_COUNTS {
            let mut weights = HAND_SET;
            weights.mobility_count_mg[entry] = 1;
            let with = white_terms_with(&pos, &ChessEval::new(&weights));
            let without = white_terms_with(&pos, &HAND_SET_EVAL);
            let expected: i32 = listed
                .iter()
                .filter(|(_, at)| *at == entry)
                .map(|(color, _)| if *color == Color::White { 1 } else { -1 })
                .sum();
            assert_eq!(with.mg - without.mg, expected, "{fen}: entry {entry}");
        }
    }
}

/// How much `eval` moves the position's (middlegame, endgame) terms from the hand-set ones.
fn change_from_hand_set(eval: &ChessEval, fen: &str) -> (i32, i32) {
    let pos = ChessPosition::from_fen(fen).unwrap();
    let with = white_terms_with(&pos, eval);
    let without = white_terms_with(&pos, &HAND_SET_EVAL);
    (with.mg - without.mg, with.eg - without.eg)
}

/// The knight on b1 could attack the queen on d5 from c3, until a pawn on d4 guards c3.
#[test]
fn a_knight_that_can_reach_a_square_attacking_the_queen_counts_it() {
    let knight = |fen| terms_with_only(fen, |w| w.knight_on_queen = [7, 3]);
    assert_eq!(knight("4k3/8/8/3q4/8/8/8/1N2K3 w - - 0 1"), (7, 3));
    assert_eq!(knight("4k3/8/8/3q4/3p4/8/8/1N2K3 w - - 0 1"), (0, 0));
}

/// The rook on h2 could attack the queen on d5 from d2 and h5, squares only the queen
/// guards; a knight on f6 also guards h5.
#[test]
fn a_slider_may_attack_the_queen_from_squares_only_the_queen_guards() {
    let slider = |fen| terms_with_only(fen, |w| w.slider_on_queen = [5, 2]);
    assert_eq!(slider("4k3/8/8/3q4/8/8/7R/4K3 w - - 0 1"), (10, 4));
    assert_eq!(slider("4k3/8/5n2/3q4/8/8/7R/4K3 w - - 0 1"), (5, 2));
}

/// The rook on d1 shares its file with the queen on d7; behind a pawn on d4 it eyes the
/// black king's zone without reaching it.
#[test]
fn rooks_on_a_queens_file_or_aimed_at_the_kings_zone_count() {
    let queen_file = |fen| terms_with_only(fen, |w| w.rook_queen_file = [6, 11]);
    assert_eq!(queen_file("4k3/3q4/8/8/8/8/8/3RK3 w - - 0 1"), (6, 11));
    assert_eq!(queen_file("4k3/2q5/8/8/8/8/8/3RK3 w - - 0 1"), (0, 0));
    let ring = |fen| terms_with_only(fen, |w| w.rook_king_ring_mg = 16);
    assert_eq!(ring("4k3/8/8/8/3P4/8/8/3RK3 w - - 0 1"), (16, 0));
    assert_eq!(ring("4k3/8/8/8/8/8/8/3RK3 w - - 0 1"), (0, 0));
}

/// The bishop on b2 sees d4 and e5 past a knight on c3 but not past a pawn; past the knight
/// it eyes g7 by the king on g8 without attacking it.
#[test]
fn bishops_on_the_long_diagonal_or_aimed_at_the_kings_zone_count() {
    let diagonal = |fen| terms_with_only(fen, |w| w.bishop_long_diagonal_mg = 45);
    assert_eq!(diagonal("4k3/8/8/8/8/2n5/1B6/4K3 w - - 0 1"), (45, 0));
    assert_eq!(diagonal("4k3/8/8/8/8/2p5/1B6/4K3 w - - 0 1"), (0, 0));
    let ring = |fen| terms_with_only(fen, |w| w.bishop_king_ring_mg = 24);
    assert_eq!(ring("6k1/8/8/8/8/2n5/1B6/4K3 w - - 0 1"), (24, 0));
    assert_eq!(ring("6k1/8/8/8/8/8/1B6/4K3 w - - 0 1"), (0, 0));
}

/// The rook on g1, shut in by its own king and pawns with castling gone, counts twice; on
/// an open file it is free.
#[test]
fn a_rook_shut_in_by_its_own_king_is_trapped() {
    let trapped = |fen| terms_with_only(fen, |w| w.trapped_rook = [55, 13]);
    assert_eq!(trapped("4k3/8/8/8/8/8/6PP/5KR1 w - - 0 1"), (-110, -26));
    assert_eq!(trapped("4k3/8/8/8/8/8/7P/5KR1 w - - 0 1"), (0, 0));
}

/// A pawn ending adds to the winning side's endgame score; the fixed share pulls towards
/// a draw but never past it.
#[test]
fn complexity_moves_the_endgame_score_never_past_a_draw() {
    let pawn_up = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let with = |winnable: [i32; 8]| {
        terms_with_only(pawn_up, |w| {
            w.material_eg = [100, 300, 300, 500, 900];
            w.winnable = winnable;
        })
        .1
    };
    let plain = with([0; 8]);
    assert!(plain > 0);
    assert_eq!(with([0, 0, 0, 0, 0, 10, 0, 0]), plain + 10);
    assert_eq!(with([0, 0, 0, 0, 0, 0, 0, 20]), plain - 40);
    assert_eq!(with([0, 0, 0, 0, 0, 0, 0, 80]), 0);
}

#[test]
fn remembered_pawn_structures_give_exactly_the_counted_evaluation() {
    // The same pawns are looked up for three sets of weights in turn, so an entry left by one
    // set must never answer for another.
    let evals: [&'static ChessEval; 3] = [&STANDARD, &CHESS960, &HAND_SET_EVAL];
    let mut rng = crate::rng::Rng::new(11);
    let mut compared = 0;
    for _ in 0..30 {
        let mut pos = ChessPosition::startpos();
        for _ in 0..100 {
            for eval in evals {
                assert_eq!(
                    white_terms_static(&pos, eval),
                    white_terms_with(&pos, eval),
                    "{}",
                    pos.to_fen()
                );
                compared += 1;
            }
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let moves = moves.as_slice();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len() as u64) as usize]);
        }
    }
    assert!(compared > 3000);
}
