//! Every typed form the reader accepts, and the reason given for each kind of refusal.

use super::*;
use crate::options::VariantOptions;
use crate::position::VariantKind;
use crate::types::Color;

fn game(kind: VariantKind) -> AnyGame {
    AnyGame::new(VariantOptions::default_for(kind)).expect("a new game")
}

fn standard_from(fen: &str) -> AnyGame {
    let options = VariantOptions::default_for(VariantKind::Standard);
    AnyGame::with_start(options, Some(fen)).expect("a position")
}

fn after(kind: VariantKind, moves: &[&str]) -> AnyGame {
    let mut game = game(kind);
    for text in moves {
        game.play(text).expect("a legal move");
    }
    game
}

fn plays(game: &AnyGame, typed: &str) -> String {
    match game.read_typed_move(typed) {
        Ok(TypedMove::Play(text)) => text,
        other => panic!("'{typed}' should play a move, got {other:?}"),
    }
}

fn refusal(game: &AnyGame, typed: &str) -> Refusal {
    match game.read_typed_move(typed) {
        Err(TypedMoveError::Illegal { reason, .. }) => reason,
        other => panic!("'{typed}' should be illegal, got {other:?}"),
    }
}

fn unreadable(game: &AnyGame, typed: &str) {
    assert_eq!(
        game.read_typed_move(typed),
        Err(TypedMoveError::Unreadable {
            typed: typed.trim().to_string()
        }),
        "'{typed}'"
    );
}

#[test]
fn coordinate_forms_with_any_separator_and_case() {
    let game = game(VariantKind::Standard);
    for typed in [
        "e2e4",
        "e2 e4",
        "e2-e4",
        "e2xe4",
        "E2E4",
        "E2-e4",
        " e2 - e4 ",
        "e2e4!?",
    ] {
        assert_eq!(plays(&game, typed), "e2e4", "{typed}");
    }
    for typed in [
        "Ng1f3", "Ng1-f3", "ng1f3", "g1f3", "Nf3", "N1f3", "Ngf3", "Nf3+", "Nf3!!",
    ] {
        assert_eq!(plays(&game, typed), "g1f3", "{typed}");
    }
}

#[test]
fn pawn_moves_in_either_case_and_lower_case_pieces_when_unambiguous() {
    let game = game(VariantKind::Standard);
    assert_eq!(plays(&game, "e4"), "e2e4");
    assert_eq!(plays(&game, "E4"), "e2e4");
    assert_eq!(plays(&game, "nf3"), "g1f3");
    assert_eq!(plays(&game, "nc3"), "b1c3");
    // `b` is the b-file first, a bishop only when no pawn move fits.
    assert_eq!(plays(&game, "b4"), "b2b4");
    let open = after(VariantKind::Standard, &["e2e4", "e7e5"]);
    assert_eq!(plays(&open, "bc4"), "f1c4");
    assert_eq!(plays(&open, "Bc4"), "f1c4");
    // Both the b-pawn and the bishop on d2 can take on c3: `bxc3` is the pawn.
    let both = standard_from("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
    assert_eq!(plays(&both, "bxc3"), "b2c3");
    assert_eq!(plays(&both, "Bxc3"), "d2c3");
    let bishop_only = standard_from("4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1");
    assert_eq!(plays(&bishop_only, "bxc3"), "d2c3");
}

#[test]
fn castling_in_every_spelling() {
    let game = after(
        VariantKind::Standard,
        &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"],
    );
    for typed in ["O-O", "0-0", "o-o", "OO", "O-O+", "e1g1", "e1h1", "Ke1g1"] {
        assert_eq!(plays(&game, typed), "e1g1", "{typed}");
    }
}

#[test]
fn promotions_with_or_without_their_piece() {
    let game = standard_from("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for typed in ["a8Q", "a8=q", "a8=Q+", "a8q", "a7a8q", "a7-a8=Q", "A8Q"] {
        assert_eq!(plays(&game, typed), "a7a8q", "{typed}");
    }
    assert_eq!(plays(&game, "a8=N"), "a7a8n");
    for typed in ["a8", "a7a8", "a7-a8", "a8+"] {
        assert_eq!(
            game.read_typed_move(typed),
            Ok(TypedMove::NeedsPromotion("a7a8".into())),
            "{typed}"
        );
    }
}

#[test]
fn en_passant_with_its_remark() {
    let game = after(VariantKind::Standard, &["e2e4", "a7a6", "e4e5", "d7d5"]);
    for typed in ["exd6 e.p.", "exd6e.p.", "exd6", "e5xd6", "e5d6"] {
        assert_eq!(plays(&game, typed), "e5d6", "{typed}");
    }
}

#[test]
fn unreadable_text_is_called_unreadable() {
    let game = game(VariantKind::Standard);
    for typed in ["hello", "e9e4", "Zf3", "e2e4e5", "Nf", "O-O-O-O", "a8=X"] {
        unreadable(&game, typed);
    }
    assert_eq!(game.read_typed_move("  "), Err(TypedMoveError::Empty));
}

#[test]
fn a_readable_illegal_move_says_why() {
    let start = game(VariantKind::Standard);
    assert_eq!(
        refusal(&start, "e3e4"),
        Refusal::NoPiece {
            square: "e3".into()
        }
    );
    assert_eq!(
        refusal(&start, "e7e5"),
        Refusal::OpponentsPiece {
            square: "e7".into(),
            turn: Color::White
        }
    );
    assert_eq!(
        refusal(&start, "O-O"),
        Refusal::Castling { in_check: false }
    );
    assert_eq!(
        refusal(&start, "e2e5"),
        Refusal::CannotGo {
            role: Role::Pawn,
            color: Color::White,
            from: Some("e2".into()),
            to: "e5".into()
        }
    );
    assert_eq!(
        refusal(&start, "Qh5"),
        Refusal::CannotGo {
            role: Role::Queen,
            color: Color::White,
            from: None,
            to: "h5".into()
        }
    );
    // The knight move is White's, but it is Black's move.
    let black = after(VariantKind::Standard, &["e2e4"]);
    assert_eq!(
        refusal(&black, "Nf3"),
        Refusal::OpponentsMove { turn: Color::Black }
    );
    let message = black.read_typed_move("Nf3").unwrap_err().to_string();
    assert_eq!(message, "illegal move 'Nf3': it is Black's move");
}

#[test]
fn check_pins_and_ambiguity_are_named() {
    // The knight on e2 is pinned by the rook on e8.
    let pinned = standard_from("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        refusal(&pinned, "Nc3"),
        Refusal::Pinned {
            role: Role::Knight,
            square: "e2".into()
        }
    );
    assert_eq!(
        refusal(&pinned, "Ke2"),
        Refusal::CannotGo {
            role: Role::King,
            color: Color::White,
            from: None,
            to: "e2".into()
        }
    );
    assert_eq!(plays(&pinned, "Kd2"), "e1d2");
}

#[test]
fn moves_into_or_staying_in_check_are_named() {
    let checked = standard_from("4r1k1/8/8/8/8/8/3N4/4K3 w - - 0 1");
    assert_eq!(refusal(&checked, "Nb3"), Refusal::StillInCheck);
    assert_eq!(
        refusal(&checked, "Ke2"),
        Refusal::KingAttacked {
            square: "e2".into()
        }
    );
    assert_eq!(
        refusal(&checked, "O-O"),
        Refusal::Castling { in_check: true }
    );
    let two_knights = standard_from("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(
        refusal(&two_knights, "Nd2"),
        Refusal::Ambiguous {
            candidates: vec!["Nbd2".into(), "Nfd2".into()]
        }
    );
    assert_eq!(plays(&two_knights, "Nbd2"), "b1d2");
    assert_eq!(plays(&two_knights, "Nfd2"), "f1d2");
    assert!(matches!(
        refusal(&two_knights, "N1d2"),
        Refusal::Ambiguous { .. }
    ));
}

#[test]
fn no_such_piece_and_wrong_piece_letters() {
    let bare = standard_from("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(
        refusal(&bare, "Nf3"),
        Refusal::NoSuchPiece {
            role: Role::Knight,
            color: Color::White
        }
    );
    assert_eq!(
        refusal(&bare, "Ne2e4"),
        Refusal::NotThatPiece {
            square: "e2".into(),
            typed: Role::Knight,
            found: Role::Pawn
        }
    );
}

#[test]
fn a_finished_game_refuses_every_move() {
    let mated = after(VariantKind::Standard, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(refusal(&mated, "e4"), Refusal::GameOver);
}

#[test]
fn sliding_chess_reads_slides_and_moves() {
    // A fixed gap: the default one is drawn at random and may cover c3.
    let options = VariantOptions::from_pairs(VariantKind::Sliding, &["gap=a3"]).expect("a gap");
    let game = AnyGame::new(options).expect("a new game");
    let slide = game
        .legal_actions()
        .into_iter()
        .find(|text| text.starts_with("S:"))
        .expect("a slide at the start");
    assert_eq!(plays(&game, &slide), slide);
    assert_eq!(plays(&game, &slide.to_lowercase()), slide);
    assert_eq!(plays(&game, "Nc3"), "b1c3");
    assert_eq!(plays(&game, "b1-c3"), "b1c3");
    assert_eq!(
        refusal(&game, "e7e5"),
        Refusal::OpponentsPiece {
            square: "e7".into(),
            turn: Color::White
        }
    );
}

#[test]
fn relative_chess_reads_move_text_and_its_move_list_notation() {
    let game = game(VariantKind::Relative);
    for mv in game.visit(DisplayedMoves).expect("a game in play") {
        assert_eq!(plays(&game, &mv.1), mv.0, "display {}", mv.1);
        assert_eq!(plays(&game, &mv.0), mv.0);
    }
}

#[test]
fn regroupment_setup_steps_and_their_refusals() {
    let mut game = game(VariantKind::Regroupment);
    let first = game.legal_actions();
    let swap = first
        .iter()
        .find(|step| step.len() == 3)
        .expect("a swap among the first steps");
    assert_eq!(plays(&game, &swap.to_lowercase()), *swap);
    assert_eq!(plays(&game, "k-"), "K-");
    unreadable(&game, "hello");
    // Somewhere in the setup a swap is refused by the bishop-colour rule, and says so.
    let mut bishop_refusal = None;
    while game.is_setup_phase() && bishop_refusal.is_none() {
        for file in 'a'..='h' {
            for rank in ['1', '8'] {
                for piece in ['K', 'Q'] {
                    if let Err(TypedMoveError::Illegal {
                        reason: Refusal::Setup(reason),
                        ..
                    }) = game.read_typed_move(&format!("{piece}{file}{rank}"))
                    {
                        if reason.contains("bishops") {
                            bishop_refusal = Some(reason);
                        }
                    }
                }
            }
        }
        let step = game.legal_actions()[0].clone();
        game.play(&step).expect("a legal step");
    }
    assert!(
        bishop_refusal.is_some(),
        "no swap was refused for the bishops"
    );
}

/// Each legal move's (move text, readable notation).
struct DisplayedMoves;

impl crate::any::GameVisitor for DisplayedMoves {
    type Output = Vec<(String, String)>;
    fn visit<P: crate::view::ViewPosition>(self, game: &Game<P>) -> Self::Output {
        let position = game.position();
        game.legal_moves()
            .iter()
            .map(|&mv| (position.move_text(mv), position.display_move(mv)))
            .collect()
    }
}
