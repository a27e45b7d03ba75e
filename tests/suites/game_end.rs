//! Test suite: game_end — every result and draw rule of `docs/rules-standard.md` under
//! `draws = auto` and `draws = fide`, each with a position where it must fire and a near miss
//! where it must not, plus clocks, undo, offers, claims and the sliding and relative draw policies.

use rules::game::{
    Action, ClaimResult, ClockState, DrawMode, DrawPolicy, EndReason, Game, GameEnd, GameError,
    Outcome, Submitted,
};
use rules::relative::{RelativeOptions, RelativePosition};
use rules::sliding::SlidingPosition;
use rules::{ChessPosition, Color, GamePosition, VariantKind};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BOTH_MODES: [DrawMode; 2] = [DrawMode::Auto, DrawMode::Fide];
/// Knights out and back: four plies that return to the position they started from.
const KNIGHT_SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

fn game(fen: &str, mode: DrawMode) -> Game<ChessPosition> {
    Game::new(
        ChessPosition::from_fen(fen).expect("test FEN is valid"),
        mode,
    )
}

fn play<P: GamePosition>(game: &mut Game<P>, moves: &str) {
    for text in moves.split_whitespace() {
        game.play_text(text)
            .unwrap_or_else(|error| panic!("{text}: {error}"));
    }
}

fn shuffle(game: &mut Game<ChessPosition>, times: usize) {
    for _ in 0..times {
        play(game, &KNIGHT_SHUFFLE.join(" "));
    }
}

fn result(game: &Game<impl GamePosition>) -> Option<(Outcome, EndReason)> {
    game.result().map(|end| (end.outcome, end.reason))
}

// ----- checkmate and stalemate -----

#[test]
fn checkmate_wins_and_check_alone_does_not() {
    for mode in BOTH_MODES {
        let mut g = game(START, mode);
        play(&mut g, "f2f3 e7e5 g2g4");
        assert_eq!(result(&g), None);
        play(&mut g, "d8h4");
        assert_eq!(
            result(&g),
            Some((Outcome::Win(Color::Black), EndReason::Checkmate))
        );
        assert!(g.legal_moves().is_empty());
        assert!(matches!(g.play_text("a2a3"), Err(GameError::GameOver(_))));

        // Near miss: the same queen check with an escape (g2 not yet played).
        let mut g = game(START, mode);
        play(&mut g, "f2f3 e7e5 a2a3 d8h4");
        assert!(g.position().is_check());
        assert_eq!(result(&g), None);
    }
}

#[test]
fn stalemate_draws_and_a_single_legal_move_does_not() {
    for mode in BOTH_MODES {
        let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", mode);
        assert_eq!(result(&g), Some((Outcome::Draw, EndReason::Stalemate)));
        let g = game("7k/8/5QK1/8/8/8/8/8 b - - 0 1", mode);
        assert_eq!(result(&g), None);
        assert_eq!(g.legal_moves().len(), 1);
    }
}

// ----- repetition -----

#[test]
fn threefold_is_automatic_in_auto_and_claimable_in_fide() {
    let mut g = game(START, DrawMode::Auto);
    shuffle(&mut g, 1);
    assert_eq!(g.repetition_count(), 2);
    assert_eq!(result(&g), None, "twice is not yet a draw");
    shuffle(&mut g, 1);
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::ThreefoldRepetition))
    );

    let mut g = game(START, DrawMode::Fide);
    shuffle(&mut g, 1);
    assert_eq!(g.claimable_draw(), None);
    assert!(matches!(g.claim_draw(), Err(GameError::NothingToClaim(_))));
    assert_eq!(result(&g), None, "a wrong claim changes nothing");
    shuffle(&mut g, 1);
    assert_eq!(result(&g), None, "FIDE: threefold does not end the game");
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
    assert_eq!(g.claim_draw(), Ok(EndReason::ThreefoldRepetition));
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::ThreefoldRepetition))
    );
}

#[test]
fn unusable_en_passant_square_does_not_make_positions_differ() {
    // After 1.e4 the FEN names e3, but no black pawn can take: the position after the knights
    // go out and back is the same position.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let mut g = game(fen, DrawMode::Auto);
    play(&mut g, "g8f6 g1f3 f6g8 f3g1");
    assert_eq!(g.repetition_count(), 2);
    play(&mut g, "g8f6 g1f3 f6g8 f3g1");
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::ThreefoldRepetition))
    );
}

#[test]
fn usable_en_passant_capture_makes_positions_differ() {
    // Black's d4 pawn can take e3 en passant in the first position only.
    let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
    let mut g = game(fen, DrawMode::Auto);
    play(&mut g, "g8f6 g1f3 f6g8 f3g1");
    assert_eq!(g.repetition_count(), 1);
    play(&mut g, "g8f6 g1f3 f6g8 f3g1");
    assert_eq!(g.repetition_count(), 2);
    assert_eq!(result(&g), None);
    // The first position after the knight left (no en passant there) comes a third time.
    play(&mut g, "g8f6");
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::ThreefoldRepetition))
    );
}

#[test]
fn castling_rights_make_positions_differ() {
    // The kings step out and back: same placement, but the rights are gone.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", DrawMode::Auto);
    play(&mut g, "e1e2 e8e7 e2e1 e7e8");
    assert_eq!(g.repetition_count(), 1);
    play(&mut g, "e1e2 e8e7 e2e1 e7e8");
    // The start had the rights: this is only the second time, not the third.
    assert_eq!(g.repetition_count(), 2);
    assert_eq!(result(&g), None);
    play(&mut g, "e1e2 e8e7");
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::ThreefoldRepetition))
    );
}

#[test]
fn fivefold_ends_the_game_even_in_fide_mode() {
    let mut g = game(START, DrawMode::Fide);
    shuffle(&mut g, 3);
    assert_eq!(g.repetition_count(), 4);
    assert_eq!(result(&g), None, "four times: still only claimable");
    shuffle(&mut g, 1);
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::FivefoldRepetition))
    );
}

// ----- move counts -----

#[test]
fn fifty_moves_automatic_in_auto_claimable_in_fide() {
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 99 80";
    let mut g = game(fen, DrawMode::Auto);
    assert_eq!(result(&g), None, "99 plies are not enough");
    play(&mut g, "a1a2");
    assert_eq!(result(&g), Some((Outcome::Draw, EndReason::FiftyMoves)));

    let mut g = game(fen, DrawMode::Fide);
    play(&mut g, "a1a2");
    assert_eq!(result(&g), None);
    assert_eq!(g.claimable_draw(), Some(EndReason::FiftyMoves));
    assert_eq!(g.claim_draw(), Ok(EndReason::FiftyMoves));

    // Near miss: a pawn move resets the count on the hundredth ply.
    let mut g = game("8/8/8/4k3/8/8/P7/R3K3 w - - 99 80", DrawMode::Auto);
    play(&mut g, "a2a3");
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(result(&g), None);
}

#[test]
fn seventy_five_moves_end_the_game_even_in_fide_mode() {
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 100", DrawMode::Fide);
    assert_eq!(result(&g), None);
    assert_eq!(g.claimable_draw(), Some(EndReason::FiftyMoves));
    play(&mut g, "a1b1");
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::SeventyFiveMoves))
    );
    // In auto mode the 50-move rule has long ended such a game.
    let g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 100", DrawMode::Auto);
    assert_eq!(result(&g), Some((Outcome::Draw, EndReason::FiftyMoves)));
}

#[test]
fn mate_on_the_seventy_fifth_move_beats_the_draw() {
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 100", DrawMode::Fide);
    play(&mut g, "a1a8");
    assert_eq!(g.position().halfmove_clock(), 150);
    assert_eq!(
        result(&g),
        Some((Outcome::Win(Color::White), EndReason::Checkmate))
    );
}

#[test]
fn mate_on_the_hundredth_ply_beats_the_fifty_move_draw() {
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 99 60", DrawMode::Auto);
    play(&mut g, "a1a8");
    assert_eq!(
        result(&g),
        Some((Outcome::Win(Color::White), EndReason::Checkmate))
    );
}

// ----- dead material -----

#[test]
fn dead_material_draws_in_both_modes() {
    let dead = [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",       // K v K
        "8/8/8/4k3/8/8/2B5/4K3 w - - 0 1",     // K+B v K
        "8/8/8/4k3/8/2N5/8/4K3 b - - 0 1",     // K+N v K
        "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1",   // bishops on one colour (c1, f8 dark)
        "5b2/8/8/4k3/8/8/8/2B1K1B1 w - - 0 1", // three bishops, all dark
    ];
    let alive = [
        "4b3/8/8/4k3/8/8/8/2B1K3 w - - 0 1", // bishops on both colours
        "8/8/8/4k3/8/2N5/8/1N2K3 w - - 0 1", // two knights
        "8/8/8/4k3/8/8/2B5/1n2K3 w - - 0 1", // bishop against knight
        "8/8/8/4k3/8/8/P7/4K3 w - - 0 1",    // a pawn
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",    // a rook
    ];
    for mode in BOTH_MODES {
        for fen in dead {
            assert_eq!(
                result(&game(fen, mode)),
                Some((Outcome::Draw, EndReason::InsufficientMaterial)),
                "{fen}"
            );
        }
        for fen in alive {
            assert_eq!(result(&game(fen, mode)), None, "{fen}");
        }
    }
}

#[test]
fn capture_into_dead_material_ends_the_game() {
    let mut g = game("8/8/8/4k3/8/8/3r4/2B1K3 w - - 0 1", DrawMode::Fide);
    assert_eq!(result(&g), None);
    play(&mut g, "e1d2");
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::InsufficientMaterial))
    );
}

// ----- claims with an intended move -----

#[test]
fn claim_with_intended_move_completing_threefold() {
    let mut g = game(START, DrawMode::Fide);
    shuffle(&mut g, 1);
    play(&mut g, "g1f3 g8f6 f3g1");
    let plies = g.ply_count();
    let mv = g.position().parse_move_text("f6g8").unwrap();
    assert_eq!(
        g.claim_draw_with_move(mv),
        Ok(ClaimResult::Drawn(EndReason::ThreefoldRepetition))
    );
    assert_eq!(
        g.ply_count(),
        plies,
        "a correct claim does not play the move"
    );
    assert_eq!(g.claimed_move(), Some("f6g8"));
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::ThreefoldRepetition))
    );
}

#[test]
fn wrong_claim_with_intended_move_plays_the_move() {
    let mut g = game(START, DrawMode::Fide);
    play(&mut g, "g1f3 g8f6 f3g1");
    let mv = g.position().parse_move_text("f6g8").unwrap();
    assert_eq!(
        g.claim_draw_with_move(mv),
        Ok(ClaimResult::RejectedMovePlayed)
    );
    assert_eq!(g.ply_count(), 4);
    assert_eq!(result(&g), None);
    assert_eq!(g.claimed_move(), None);
}

#[test]
fn claim_with_intended_move_completing_fifty_moves() {
    let mut g = game("8/8/8/4k3/8/8/8/R3K3 w - - 99 80", DrawMode::Fide);
    let quiet = g.position().parse_move_text("a1a2").unwrap();
    assert_eq!(
        g.claim_draw_with_move(quiet),
        Ok(ClaimResult::Drawn(EndReason::FiftyMoves))
    );
    assert_eq!(g.ply_count(), 0);

    // Near miss: one ply short.
    let mut g = game("8/8/8/4k3/8/8/8/R3K3 w - - 98 80", DrawMode::Fide);
    let quiet = g.position().parse_move_text("a1a2").unwrap();
    assert_eq!(
        g.claim_draw_with_move(quiet),
        Ok(ClaimResult::RejectedMovePlayed)
    );
    assert_eq!(g.ply_count(), 1);
    assert_eq!(result(&g), None);
}

#[test]
fn claims_are_refused_where_the_rules_are_automatic() {
    let mut g = game(START, DrawMode::Auto);
    assert!(matches!(g.claim_draw(), Err(GameError::NothingToClaim(_))));
    let mv = g.position().parse_move_text("g1f3").unwrap();
    assert!(matches!(
        g.claim_draw_with_move(mv),
        Err(GameError::NothingToClaim(_))
    ));
    assert_eq!(g.ply_count(), 0);
}

// ----- clocks and flag fall -----

#[test]
fn flag_fall_against_mating_material_loses_and_against_none_draws() {
    let clock = Some(ClockState::new(60_000, 0));
    // Black's flag falls; White has K+R: Black loses.
    let mut g = game("8/8/8/4k3/8/8/8/R3K3 b - - 0 1", DrawMode::Auto);
    g.set_clock(clock);
    assert_eq!(
        g.flag_fall(Color::Black),
        Ok(GameEnd::win(Color::White, EndReason::Timeout))
    );
    // White has only K+N: draw (FIDE 6.9).
    let mut g = game("7r/8/8/4k3/8/8/8/1N2K3 b - - 0 1", DrawMode::Auto);
    g.set_clock(clock);
    assert_eq!(
        g.flag_fall(Color::Black),
        Ok(GameEnd::draw(EndReason::TimeoutVsInsufficientMaterial))
    );
    // White has K+B, Black's flag falls with Black holding a rook: still a draw.
    let mut g = game("7r/8/8/4k3/8/8/8/2B1K3 b - - 0 1", DrawMode::Fide);
    g.set_clock(clock);
    assert_eq!(
        g.flag_fall(Color::Black),
        Ok(GameEnd::draw(EndReason::TimeoutVsInsufficientMaterial))
    );
    // No clock: no flag.
    let mut g = game(START, DrawMode::Auto);
    assert_eq!(g.flag_fall(Color::White), Err(GameError::NoClock));
}

#[test]
fn clocks_run_for_the_side_to_move_and_the_increment_goes_to_the_mover() {
    let mut g = game(START, DrawMode::Auto);
    g.set_clock(Some(ClockState::new(10_000, 2_000)));
    assert_eq!(g.record_elapsed(3_000), None);
    play(&mut g, "e2e4");
    assert_eq!(g.clock().unwrap().remaining_ms, [9_000, 10_000]);
    g.record_elapsed(500);
    play(&mut g, "e7e5");
    assert_eq!(g.clock().unwrap().remaining_ms, [9_000, 11_500]);
    // White runs out: the flag falls by itself.
    let end = g.record_elapsed(9_000);
    assert_eq!(end, Some(GameEnd::win(Color::Black, EndReason::Timeout)));
    assert_eq!(g.clock().unwrap().remaining_ms, [0, 11_500]);
    // Undo restores the clocks as they were when the position arose, and reopens the game.
    g.undo().unwrap();
    assert_eq!(g.clock().unwrap().remaining_ms, [9_000, 10_000]);
    assert_eq!(g.result(), None);
    g.undo().unwrap();
    assert_eq!(g.clock().unwrap().remaining_ms, [10_000, 10_000]);
    assert_eq!(g.clock_at(0), g.clock());
}

// ----- resignation and offers -----

#[test]
fn resignation_wins_for_the_opponent_unless_it_has_a_bare_king() {
    let mut g = game(START, DrawMode::Auto);
    assert_eq!(
        g.resign(Color::White),
        Ok(GameEnd::win(Color::Black, EndReason::Resignation))
    );
    // Black resigns against White's bare king: draw.
    let mut g = game("8/8/8/4k3/8/8/3q4/4K3 w - - 0 1", DrawMode::Auto);
    assert_eq!(
        g.resign(Color::Black),
        Ok(GameEnd::draw(EndReason::ResignationVsBareKing))
    );
    // White resigns there: Black (with a queen) wins.
    let mut g = game("8/8/8/4k3/8/8/3q4/4K3 w - - 0 1", DrawMode::Auto);
    assert_eq!(
        g.resign(Color::White),
        Ok(GameEnd::win(Color::Black, EndReason::Resignation))
    );
}

#[test]
fn draw_offer_is_declined_by_the_opponents_move() {
    let mut g = game(START, DrawMode::Auto);
    g.offer_draw(Color::White).unwrap();
    play(&mut g, "e2e4"); // the offerer's own move keeps the offer open
    assert_eq!(g.draw_offer(), Some(Color::White));
    play(&mut g, "e7e5"); // the opponent moves instead of accepting
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.accept_draw(Color::Black), Err(GameError::NoDrawOffer));
    assert_eq!(g.result(), None);

    g.offer_draw(Color::White).unwrap();
    assert_eq!(g.accept_draw(Color::White), Err(GameError::NoDrawOffer));
    assert_eq!(
        g.accept_draw(Color::Black),
        Ok(GameEnd::draw(EndReason::DrawAgreed))
    );
    // Undo lifts the agreement and restores the offer standing at that ply.
    g.undo().unwrap();
    assert_eq!(g.result(), None);
    assert_eq!(g.draw_offer(), Some(Color::White));
}

#[test]
fn actions_apply_and_travel_as_json() {
    let actions = vec![
        Action::Move("e2e4".into()),
        Action::OfferDraw(Color::Black),
        Action::Move("e7e5".into()),
        Action::Undo,
        Action::AcceptDraw(Color::White),
    ];
    let json = serde_json::to_string(&actions).unwrap();
    assert!(
        json.contains(r#"{"action":"offer_draw","value":"black"}"#),
        "{json}"
    );
    let back: Vec<Action> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, actions);
    let mut g = game(START, DrawMode::Auto);
    for action in &back {
        g.apply(action).unwrap();
    }
    assert_eq!(g.result(), Some(GameEnd::draw(EndReason::DrawAgreed)));
    assert!(serde_json::from_str::<Action>(r#"{"action":"resign","value":"green"}"#).is_err());
}

// ----- pending promotion -----

#[test]
fn promotion_without_piece_is_pending_until_chosen() {
    let mut g = game("8/4P2k/8/8/8/8/8/4K3 w - - 0 1", DrawMode::Auto);
    assert_eq!(
        g.submit_text("e7e8"),
        Ok(Submitted::PromotionPending("e7e8".into()))
    );
    assert_eq!(g.pending_promotion(), Some("e7e8"));
    assert_eq!(g.ply_count(), 0);
    assert!(matches!(g.submit_text("N"), Ok(Submitted::Played(_))));
    assert_eq!(g.history()[0].text, "e7e8n");
    assert_eq!(g.pending_promotion(), None);
    assert!(g.set_pending_promotion(Some("e1e2")).is_err());
}

// ----- variant policies -----

#[test]
fn policies_per_variant() {
    let sliding = DrawPolicy::for_variant(VariantKind::Sliding, DrawMode::Fide);
    assert!(sliding.automatic_threefold_and_fifty && !sliding.material_rules);
    let relative = DrawPolicy::for_variant(VariantKind::Relative, DrawMode::Fide);
    assert!(!relative.automatic_threefold_and_fifty && !relative.material_rules);
    let standard = DrawPolicy::for_variant(VariantKind::Standard, DrawMode::Fide);
    assert!(!standard.automatic_threefold_and_fifty && standard.material_rules);
}

#[test]
fn sliding_has_automatic_threefold_and_no_material_draw() {
    let start = SlidingPosition::from_text(
        "rnbqkbnr/pppppppp/4xx2/4xx2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
    )
    .unwrap();
    // Even when asked for FIDE handling, sliding draws threefold by itself.
    let mut g = Game::new(start, DrawMode::Fide);
    play(&mut g, "S:e3>e5 S:e5>e3 S:e3>e5");
    assert_eq!(g.repetition_count(), 2);
    assert_eq!(result(&g), None);
    play(&mut g, "S:e5>e3");
    assert_eq!(
        result(&g),
        Some((Outcome::Draw, EndReason::ThreefoldRepetition))
    );

    // K+N v K is no draw in sliding chess; a flag against the knight loses, against a bare
    // king it draws.
    let knight = "8/8/4xx2/4xx2/8/8/8/K1N4k b - - 0 1 -";
    let mut g = Game::new(SlidingPosition::from_text(knight).unwrap(), DrawMode::Auto);
    assert_eq!(g.result(), None);
    g.set_clock(Some(ClockState::new(1_000, 0)));
    assert_eq!(
        g.record_elapsed(1_000),
        Some(GameEnd::win(Color::White, EndReason::Timeout))
    );
    let bare = "8/8/4xx2/4xx2/8/8/8/K6k b - - 0 1 -";
    let mut g = Game::new(SlidingPosition::from_text(bare).unwrap(), DrawMode::Auto);
    assert_eq!(g.result(), None, "bare kings: no material draw in sliding");
    g.set_clock(Some(ClockState::new(1_000, 0)));
    assert_eq!(
        g.flag_fall(Color::Black),
        Ok(GameEnd::draw(EndReason::TimeoutVsInsufficientMaterial))
    );
    // White resigns with Black down to a bare king: draw; Black resigns: White wins.
    let mut g = Game::new(SlidingPosition::from_text(knight).unwrap(), DrawMode::Auto);
    assert_eq!(
        g.resign(Color::White),
        Ok(GameEnd::draw(EndReason::ResignationVsBareKing))
    );
    let mut g = Game::new(SlidingPosition::from_text(knight).unwrap(), DrawMode::Auto);
    assert_eq!(
        g.resign(Color::Black),
        Ok(GameEnd::win(Color::White, EndReason::Resignation))
    );
}

#[test]
fn relative_has_no_material_draw_but_the_bare_king_rule() {
    let options = RelativeOptions::default();
    let mut g = Game::new(RelativePosition::start(options), DrawMode::Auto);
    assert_eq!(g.result(), None);
    assert_eq!(
        g.resign(Color::Black),
        Ok(GameEnd::win(Color::White, EndReason::Resignation))
    );
    // Kings alone (and a knight): no automatic material draw.
    let text = "16/16/16/16/16/16/8k7/16/16/16/16/8K1N5/16/16/16/16 w - - 0 1 e5";
    let mut g = Game::new(
        RelativePosition::from_text(text, options).unwrap(),
        DrawMode::Auto,
    );
    assert_eq!(g.result(), None);
    g.set_clock(Some(ClockState::new(1_000, 0)));
    // Black's flag: White has a knight, so Black loses (no FIDE 6.9 material table here).
    assert_eq!(
        g.flag_fall(Color::Black),
        Ok(GameEnd::win(Color::White, EndReason::Timeout))
    );
    let mut g = Game::new(
        RelativePosition::from_text(text, options).unwrap(),
        DrawMode::Auto,
    );
    g.set_clock(Some(ClockState::new(1_000, 0)));
    assert_eq!(
        g.flag_fall(Color::White),
        Ok(GameEnd::draw(EndReason::TimeoutVsInsufficientMaterial))
    );
}

#[test]
fn end_reason_names_are_stable() {
    let names: Vec<&str> = EndReason::ALL.iter().map(|r| r.name()).collect();
    assert_eq!(
        names,
        [
            "checkmate",
            "stalemate",
            "threefold_repetition",
            "fivefold_repetition",
            "fifty_moves",
            "seventy_five_moves",
            "insufficient_material",
            "timeout",
            "timeout_vs_insufficient_material",
            "resignation",
            "resignation_vs_bare_king",
            "draw_agreed",
            "king_lost_over_edge",
        ]
    );
    for reason in EndReason::ALL {
        assert_eq!(EndReason::from_name(reason.name()), Some(reason));
        let json = serde_json::to_string(&reason).unwrap();
        assert_eq!(json, format!("\"{}\"", reason.name()));
    }
}

#[test]
fn king_pushed_over_the_edge_loses_at_once() {
    // 10×10 board, inner board at b2; the black king stands off the inner board on the a-file.
    let options = RelativeOptions::default();
    let text = "10/10/k9/10/10/1R8/10/10/5K4/10 w - - 0 1 b2";
    for mode in BOTH_MODES {
        let start = RelativePosition::from_text(text, options).unwrap();
        let mut g = Game::new(start.clone(), mode);
        // Near miss: the rook steps left, so everything else shifts right and the king stays.
        play(&mut g, "b5a5");
        assert_eq!(result(&g), None);
        // The rook steps right: everything else shifts left and the king falls off.
        let mut g = Game::new(start, mode);
        play(&mut g, "b5c5");
        assert_eq!(
            result(&g),
            Some((Outcome::Win(Color::White), EndReason::KingLostOverEdge))
        );
        assert!(g.legal_moves().is_empty());
    }
}
