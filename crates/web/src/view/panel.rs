//! The side panel as plain data: the status line, the banner, the players with their captures,
//! the game buttons (shown, enabled, labelled), the move list and the pieces lost over the edge.

use crate::clock::{self, ClockFace};
use crate::game_screen::GameScreen;
use crate::model::{Action, BoardModel, PieceId};
use crate::seat::Seat;
use crate::session::Session;
use rules::any::MoveEntry;
use rules::{Color, Role, VariantKind};

#[derive(Clone, Debug, PartialEq)]
pub struct PanelModel {
    pub status: String,
    pub thinking: bool,
    /// The game-end banner: headline and reason.
    pub banner: Option<(String, String)>,
    /// While browsing the history: where in it.
    pub browse_text: Option<String>,
    pub undo_enabled: bool,
    pub setup_prompt: Option<String>,
    /// Sliding chess's "Slide a tile" button: enabled, pressed.
    pub slide_button: Option<(bool, bool)>,
    /// Relative chess's "Zoom" button: pressed.
    pub zoom_button: Option<bool>,
    pub resign_enabled: bool,
    pub draw_label: &'static str,
    pub draw_enabled: bool,
    /// The claim button (FIDE draws only): enabled.
    pub claim_button: Option<bool>,
    pub top: PlayerBar,
    pub bottom: PlayerBar,
    pub moves: MoveList,
    /// Relative chess: pieces pushed off the outer board so far.
    pub lost: Vec<PieceId>,
    /// `thinking`, `playing` or `over`, for the board's `data-state`.
    pub board_state: &'static str,
}

/// A player's name and the pieces they have taken, with their material lead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerBar {
    pub side: Color,
    pub name: String,
    pub captured: Vec<PieceId>,
    pub lead: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList {
    /// Regroupment: the setup steps on one line.
    pub setup_line: Option<String>,
    pub rows: Vec<MoveRow>,
    /// Keep the end of the list in view (the live game is shown).
    pub follow_live: bool,
}

/// One numbered line: White's and Black's plies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub number: u32,
    pub cells: Vec<MoveCell>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveCell {
    pub text: String,
    /// Shown after the text: relative chess's recentering arrow and pieces lost over the edge.
    pub marks: String,
    /// The move text as saved, for a tooltip where it differs from the readable form.
    pub title: String,
    /// The ply count after this move, for browsing to it; `None` for the "…" of a game that
    /// Black began.
    pub ply: Option<usize>,
    pub last: bool,
    pub viewing: bool,
}

pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn role_word(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// "White — You", "Black — Computer (Easy)", "White — Ann", or plain "White" in hot-seat.
pub fn player_label(game: &GameScreen, side: Color) -> String {
    let seats = &game.config.seats;
    let name = side_name(side);
    match seats.get(side) {
        Seat::Here if seats.here().len() == 1 => format!("{name} — You"),
        Seat::Here => name.to_string(),
        Seat::Computer(level) => format!("{name} — Computer ({})", capitalised(level.name())),
        Seat::Remote { name: player } => format!("{name} — {player}"),
    }
}

/// The status line: whose turn, check, setup step, result, or the position being reviewed.
pub fn status_text(game: &GameScreen) -> String {
    let session = &game.session;
    if let Some(ply) = game.view_ply {
        return format!(
            "Reviewing the position after ply {ply} of {}",
            session.ply_count()
        );
    }
    if let Some(over) = session.result() {
        return over.summary;
    }
    if let Some(step) = session.setup_step() {
        // The how-to is the setup prompt's, said once there.
        return format!(
            "Setup: {}'s {} step",
            side_name(step.color),
            role_word(step.role)
        );
    }
    let turn = session.turn();
    let side = side_name(turn);
    let seats = &game.config.seats;
    let mover = match seats.get(turn) {
        Seat::Here if seats.here().len() == 1 => "Your move".to_string(),
        Seat::Here => format!("{side} to move"),
        Seat::Computer(_) => format!("{side} (computer) to move"),
        Seat::Remote { name } => format!("{side} ({name}) to move"),
    };
    let mover = if session.in_check() {
        format!("{mover} — check!")
    } else {
        mover
    };
    match session.draw_offer() {
        Some(from) => format!("{mover} — draw offered by {}", side_name(from)),
        None => mover,
    }
}

pub fn panel(game: &GameScreen) -> PanelModel {
    let session = &game.session;
    let result = session.result();
    let playing = result.is_none();
    let setup = session.setup_step();
    let here = game.config.seats.here();
    let offer = session.draw_offer();
    let accepting = offer.is_some_and(|from| {
        here.contains(&from.other()) && (here.len() == 1 || session.turn() != from)
    });
    let slides = game
        .actions
        .iter()
        .any(|a| matches!(a, Action::Slide { .. }));
    let (top, bottom) = if game.flipped {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let thinking = game.opponent.thinking();
    PanelModel {
        status: status_text(game),
        thinking,
        banner: result.map(|over| (over.headline, over.reason)),
        browse_text: game.view_ply.map(|ply| {
            format!(
                "Viewing ply {ply} of {}. ← → step, Esc returns to the game.",
                session.ply_count()
            )
        }),
        undo_enabled: session.ply_count() > 0,
        setup_prompt: setup.filter(|_| playing && game.here_to_act()).map(|step| {
            let piece = role_word(step.role);
            format!(
                "{} {piece} step: click the {piece}, then the piece to swap with — or keep it.",
                side_name(step.color)
            )
        }),
        slide_button: (session.variant() == VariantKind::Sliding)
            .then(|| (slides, game.input.slide_mode())),
        zoom_button: game.can_zoom().then_some(game.zoomed),
        resign_enabled: playing && !here.is_empty() && setup.is_none(),
        draw_label: if accepting {
            "Accept draw"
        } else {
            "Offer draw"
        },
        draw_enabled: playing && setup.is_none() && (offer.is_none() || accepting),
        claim_button: session
            .fide_draws()
            .then(|| playing && session.can_claim() && game.here_to_act()),
        top: player_bar(game, top),
        bottom: player_bar(game, bottom),
        moves: move_list(session, game.view_ply),
        lost: session.edge_losses(game.view_ply),
        board_state: if thinking {
            "thinking"
        } else if playing {
            "playing"
        } else {
            "over"
        },
    }
}

/// Both clock faces (top, bottom) at `now`, or `None` in an untimed game.
pub fn clock_faces(game: &GameScreen, now: f64) -> Option<[ClockFace; 2]> {
    let state = game.session.clock()?;
    let turn = game.session.turn();
    let (top, bottom) = if game.flipped {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    // Browsing the history of a game on this screen stops the clock of the side to move.
    let browsing = game.view_ply.is_some() && game.session.clock_runs();
    Some([top, bottom].map(|side| {
        let mut face = clock::face(&state, side, turn, &game.clock, now);
        if browsing && side == turn {
            clock::show_paused(&mut face);
        }
        face
    }))
}

fn player_bar(game: &GameScreen, side: Color) -> PlayerBar {
    let material = |color: Color| -> i32 {
        game.model
            .pieces
            .iter()
            .filter(|p| p.piece.color == color)
            .map(|p| p.piece.value())
            .sum()
    };
    PlayerBar {
        side,
        name: player_label(game, side),
        captured: missing_pieces(&game.model, side.other()),
        lead: material(side) - material(side.other()),
    }
}

fn move_list(session: &Session, viewing: Option<usize>) -> MoveList {
    let setup = session.setup_list();
    let moves = session.move_entries();
    let mut plies: Vec<Option<&MoveEntry>> = Vec::new();
    if session.first_mover() == Color::Black {
        plies.push(None);
    }
    plies.extend(moves.iter().map(Some));
    let mut index = 0;
    let rows = plies
        .chunks(2)
        .enumerate()
        .map(|(number, pair)| MoveRow {
            number: session.first_move_number() + number as u32,
            cells: pair
                .iter()
                .map(|ply| match ply {
                    Some(entry) => {
                        index += 1;
                        let ply = setup.len() + index;
                        MoveCell {
                            text: entry.display.clone(),
                            marks: entry.marks.clone(),
                            title: entry.text.clone(),
                            ply: Some(ply),
                            last: index == moves.len(),
                            viewing: viewing == Some(ply),
                        }
                    }
                    None => MoveCell {
                        text: "…".into(),
                        marks: String::new(),
                        title: String::new(),
                        ply: None,
                        last: false,
                        viewing: false,
                    },
                })
                .collect(),
        })
        .collect();
    MoveList {
        setup_line: (!setup.is_empty()).then(|| format!("Setup: {}", setup.join(" "))),
        rows,
        follow_live: viewing.is_none(),
    }
}

/// Pieces of `color` no longer on the board, counted against the starting army (promoted
/// pieces are counted as the pawns they were).
pub fn missing_pieces(model: &BoardModel, color: Color) -> Vec<PieceId> {
    let count = |role: Role| {
        model
            .pieces
            .iter()
            .filter(|p| p.piece == PieceId::new(color, role))
            .count() as i32
    };
    let start = [
        (Role::Queen, 1),
        (Role::Rook, 2),
        (Role::Bishop, 2),
        (Role::Knight, 2),
    ];
    let mut promoted = 0;
    let mut missing = Vec::new();
    for (role, initial) in start {
        let now = count(role);
        promoted += (now - initial).max(0);
        for _ in 0..(initial - now).max(0) {
            missing.push(PieceId::new(color, role));
        }
    }
    for _ in 0..(8 - count(Role::Pawn) - promoted).max(0) {
        missing.push(PieceId::new(color, Role::Pawn));
    }
    missing
}

/// The live-region sentence for the last ply: "White played Nf3. Check."
pub fn last_ply_announcement(game: &GameScreen) -> String {
    let session = &game.session;
    let moves = session.move_list();
    let setup = session.setup_list();
    let display = moves
        .last()
        .or(setup.last())
        .cloned()
        .or_else(|| session.ply_texts().last().cloned())
        .unwrap_or_default();
    // The mover is the side not to move now, except after setup steps (not alternating).
    let mover = if session.setup_step().is_some() || moves.is_empty() {
        String::new()
    } else {
        format!("{} ", side_name(session.turn().other()))
    };
    let mut text = format!("{mover}played {display}.");
    if let Some(over) = session.result() {
        text.push(' ');
        text.push_str(&over.summary);
    } else if session.in_check() {
        text.push_str(" Check.");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{PlacedPiece, Sq};
    use crate::seat::Seats;
    use crate::state::GameConfig;
    use engine::Level;

    fn loaded(saved: &str) -> GameScreen {
        let (session, config) = Session::load(saved).unwrap();
        let mut game = GameScreen::new(config, session);
        game.refresh(0.0);
        game
    }

    #[test]
    fn relative_moves_read_as_the_mover_saw_them_with_marks_and_the_move_text_as_title() {
        let game = loaded(
            r#"{"format":"boardshift-game","version":1,"variant":"relative",
            "moves":["i6i8","i10i8","k5j7"],"players":{"white":"human","black":"human"}}"#,
        );
        let model = panel(&game);
        let cells: Vec<(&str, &str, &str)> = model
            .moves
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .map(|c| (c.text.as_str(), c.marks.as_str(), c.title.as_str()))
            .collect();
        assert_eq!(
            cells,
            [
                ("e4", "\u{2191}", "i6i8"),
                ("e5", "\u{2193}", "i10i8"),
                ("Nf3", "\u{2196}", "k5j7")
            ],
            "{cells:?}"
        );
    }

    #[test]
    fn a_game_black_began_numbers_its_moves_from_the_start_position() {
        let game = loaded(
            r#"{"format":"boardshift-game","version":1,"variant":"standard",
            "start":"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12","moves":["e8d8","e2e4","d8c8"],
            "players":{"white":"human","black":"computer:easy"}}"#,
        );
        let model = panel(&game);
        let rows: Vec<(u32, Vec<&str>)> = model
            .moves
            .rows
            .iter()
            .map(|r| (r.number, r.cells.iter().map(|c| c.text.as_str()).collect()))
            .collect();
        assert_eq!(
            rows,
            [(12, vec!["…", "Kd8"]), (13, vec!["e4", "Kc8"])],
            "{rows:?}"
        );
        let last = &model.moves.rows[1].cells[1];
        assert!(last.last && last.ply == Some(3));
        assert_eq!(model.bottom.name, "White — You");
        assert_eq!(model.top.name, "Black — Computer (Easy)");
        assert_eq!(model.status, "Your move");
        assert!(
            model.claim_button.is_none(),
            "automatic draws: no claim button"
        );
    }

    #[test]
    fn the_setup_prompt_and_buttons_follow_the_phase_and_the_seats() {
        let config = GameConfig {
            variant: VariantKind::Regroupment,
            options: [("draws".to_string(), "fide".to_string())].into(),
            seats: Seats {
                white: Seat::Here,
                black: Seat::Computer(Level::Hard),
            },
            time_control: None,
        };
        let mut game = GameScreen::new(config.clone(), Session::new(&config).unwrap());
        game.refresh(0.0);
        let model = panel(&game);
        assert_eq!(
            model.setup_prompt, None,
            "Black's setup step is the computer's"
        );
        assert_eq!(model.status, "Setup: Black's king step");
        assert!(!model.resign_enabled && !model.draw_enabled);
        assert_eq!(model.claim_button, Some(false));
        for step in ["K-", "Q-"] {
            game.session.play(step).unwrap();
        }
        game.refresh(0.0);
        let model = panel(&game);
        let prompt = model.setup_prompt.unwrap();
        assert!(prompt.starts_with("White king step"), "{prompt}");
        // The instruction is said once, in the prompt, not again in the status line.
        assert!(prompt.contains("click the king"), "{prompt}");
        assert!(!model.status.contains("click"), "{}", model.status);
    }

    #[test]
    fn a_standing_draw_offer_is_shown_in_the_status_line() {
        let config = GameConfig {
            variant: VariantKind::Standard,
            options: Default::default(),
            seats: Seats {
                white: Seat::Here,
                black: Seat::Here,
            },
            time_control: None,
        };
        let mut game = GameScreen::new(config.clone(), Session::new(&config).unwrap());
        game.session.offer_draw(Color::White).unwrap();
        game.refresh(0.0);
        assert_eq!(panel(&game).status, "White to move — draw offered by White");
        game.session.play("e2e4").unwrap();
        game.refresh(0.0);
        assert_eq!(panel(&game).status, "Black to move — draw offered by White");
    }

    #[test]
    fn missing_pieces_count_promotions_as_pawns() {
        let white = |role| PieceId::new(Color::White, role);
        let pieces = [
            (Role::King, 4, 0),
            (Role::Queen, 3, 0),
            (Role::Queen, 0, 7),
            (Role::Rook, 0, 0),
            (Role::Bishop, 2, 0),
            (Role::Knight, 1, 0),
        ]
        .iter()
        .map(|&(role, x, y)| PlacedPiece {
            sq: Sq::new(x, y),
            piece: white(role),
        })
        .chain((0..5).map(|x| PlacedPiece {
            sq: Sq::new(x, 1),
            piece: white(Role::Pawn),
        }))
        .collect();
        let model = BoardModel {
            pieces,
            ..BoardModel::empty()
        };
        let missing: String = missing_pieces(&model, Color::White)
            .iter()
            .map(|p| p.role.upper_char())
            .collect();
        // One rook, one bishop, one knight gone; 8 - 5 pawns - 1 promoted = 2 pawns gone.
        assert_eq!(missing, "RBNPP");
    }
}
