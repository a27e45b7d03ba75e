//! The one place the app talks to the rules crate (`rules::any::AnyGame`) and the engine: a
//! game session that answers in the app's own plain data (`model`), plays move text, saves and
//! loads. The computer's move is searched in its own worker module (crates/worker). No rule is
//! decided outside the rules crate.

use crate::model::{Action, BoardModel, Mark, PieceId, PlacedPiece, SetupStep, Sq};
use crate::seat::{Seat, Seats};
use crate::state::{GameConfig, TimeControl};
use rules::any::{AnyGame, BoardView, TargetKind};
use rules::game::{ClockState, Outcome};
use rules::options::VariantOptions;
use rules::save::Players;
pub use rules::typed_move::TypedMove;
use rules::{Color, Role, VariantKind};
use serde::Serialize;
use std::collections::BTreeMap;

/// How a finished game ended, in words for the banner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameOver {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// "White wins", "Black wins" or "Draw".
    pub headline: String,
    /// "by checkmate", "by the 50-move rule", …
    pub reason: String,
    /// One sentence with all of it.
    pub summary: String,
}

pub struct Session {
    game: AnyGame,
}

impl Session {
    /// A new game as configured on the start screen.
    pub fn new(config: &GameConfig) -> Result<Session, String> {
        let kind = config.variant;
        let options_json = serde_json::Value::Object(
            config
                .options
                .iter()
                .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
                .collect(),
        );
        let options = VariantOptions::from_json(kind, &options_json).map_err(|e| e.to_string())?;
        let mut game = AnyGame::new(options).map_err(|e| e.to_string())?;
        if let Some(tc) = config.time_control {
            game.set_clock(Some(ClockState::new(tc.initial_ms, tc.increment_ms)));
        }
        Ok(Session { game })
    }

    /// Loads saved-game JSON; returns the session and the configuration it implies.
    pub fn load(text: &str) -> Result<(Session, GameConfig), String> {
        let (game, players) = AnyGame::from_save_json(text).map_err(|e| e.to_string())?;
        Ok(Session::from_game(game, &players))
    }

    /// A session over a game read elsewhere (a saved game, an imported PGN), with the
    /// configuration it implies.
    pub fn from_game(game: AnyGame, players: &Players) -> (Session, GameConfig) {
        let mut options = BTreeMap::new();
        if let serde_json::Value::Object(map) = game.options().to_json() {
            for (key, value) in map {
                match value {
                    serde_json::Value::String(text) => {
                        options.insert(key, text);
                    }
                    serde_json::Value::Number(number) => {
                        options.insert(key, number.to_string());
                    }
                    _ => {}
                }
            }
        }
        let config = GameConfig {
            variant: game.variant(),
            options,
            seats: Seats {
                white: Seat::from_saved_name(&players.white),
                black: Seat::from_saved_name(&players.black),
            },
            time_control: game.clock().map(|c| TimeControl {
                initial_ms: c.initial_ms,
                increment_ms: c.increment_ms,
            }),
        };
        (Session { game }, config)
    }

    /// The game itself, for writing it out (PGN).
    pub fn rules_game(&self) -> &AnyGame {
        &self.game
    }

    /// The saved-game JSON of `docs/saved-games.md`, with the players of `config`.
    pub fn to_json(&self, config: &GameConfig) -> String {
        let players = Players {
            white: config.seats.white.saved_name(),
            black: config.seats.black.saved_name(),
        };
        self.game.to_save_json(&saved_at(), &players)
    }

    pub fn variant(&self) -> VariantKind {
        self.game.variant()
    }

    /// The side to move (or to take the next setup step).
    pub fn turn(&self) -> Color {
        self.game.status().turn
    }

    pub fn in_check(&self) -> bool {
        self.game.status().in_check
    }

    /// During a regroupment setup phase: whose step it is and for which piece.
    pub fn setup_step(&self) -> Option<SetupStep> {
        let status = self.game.status();
        // The rules name the piece of the step in words (their status is also JSON).
        let role = match status.setup_step? {
            "king" => Role::King,
            "queen" => Role::Queen,
            _ => return None,
        };
        Some(SetupStep {
            color: status.turn,
            role,
        })
    }

    pub fn result(&self) -> Option<GameOver> {
        let end = self.game.result()?;
        let headline = match end.outcome {
            Outcome::Win(Color::White) => "White wins",
            Outcome::Win(Color::Black) => "Black wins",
            Outcome::Draw => "Draw",
            Outcome::Ongoing => "Game over",
        };
        let reason = format!("by {}", end.reason.description());
        Some(GameOver {
            result: end.outcome.result_text().to_string(),
            headline: headline.to_string(),
            summary: format!("{headline} {reason} ({}).", end.outcome.result_text()),
            reason,
        })
    }

    pub fn position_text(&self) -> String {
        self.game.position_text()
    }

    /// Readable notation of the moves (after any setup steps).
    pub fn move_list(&self) -> Vec<String> {
        let setup = self.game.setup_ply_count();
        self.game
            .move_list()
            .into_iter()
            .skip(setup)
            .map(|m| m.display)
            .collect()
    }

    /// The moves (after any setup steps) with their move text and the move list's marks.
    pub fn move_entries(&self) -> Vec<rules::any::MoveEntry> {
        let setup = self.game.setup_ply_count();
        self.game.move_list().into_iter().skip(setup).collect()
    }

    /// The regroupment setup steps taken so far.
    pub fn setup_list(&self) -> Vec<String> {
        let setup = self.game.setup_ply_count();
        self.game
            .move_list()
            .into_iter()
            .take(setup)
            .map(|m| m.display)
            .collect()
    }

    fn start_fields(&self) -> Vec<String> {
        let text = self
            .game
            .position_text_at(self.game.setup_ply_count())
            .unwrap_or_default();
        text.split_whitespace().map(str::to_string).collect()
    }

    /// Who makes the first move after any setup (Black in a game started from such a
    /// position). Read from the start's position text until the rules offer it directly.
    pub fn first_mover(&self) -> Color {
        match self.start_fields().get(1).map(String::as_str) {
            Some("b") => Color::Black,
            _ => Color::White,
        }
    }

    pub fn first_move_number(&self) -> u32 {
        self.start_fields()
            .get(5)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1)
            .max(1)
    }

    /// The side whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Color> {
        self.game.status().draw_offer
    }

    pub fn fide_draws(&self) -> bool {
        self.game.options().draws() == rules::game::DrawMode::Fide
    }

    pub fn can_claim(&self) -> bool {
        self.game.status().claimable.is_some()
    }

    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let info = self.game.play(text).map_err(|e| e.to_string())?;
        if info.pending_promotion.is_some() {
            // The board always sends complete promotion moves; never leave one half-made.
            self.game.set_pending_promotion(None).ok();
            return Err(format!("'{text}' needs the piece to promote to"));
        }
        Ok(())
    }

    pub fn resign(&mut self, side: Color) -> Result<(), String> {
        self.game
            .resign(side)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    pub fn offer_draw(&mut self, side: Color) -> Result<(), String> {
        self.game
            .offer_draw(side)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    pub fn accept_draw(&mut self, side: Color) -> Result<(), String> {
        self.game
            .accept_draw(side)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// A claim, optionally with the intended move (FIDE 9.2.1 / 9.3.1); a wrong claim with a
    /// move plays that move.
    pub fn claim_with(&mut self, intended: Option<&str>) -> Result<(), String> {
        let intended = match intended {
            Some(typed) => match self.resolve_typed_move(typed)? {
                TypedMove::Play(text) => Some(text),
                TypedMove::NeedsPromotion(from_to) => {
                    return Err(format!(
                        "Say which piece the pawn promotes to, e.g. {from_to}q"
                    ))
                }
            },
            None => None,
        };
        match self.game.claim_draw(intended.as_deref()) {
            Ok(rules::game::ClaimResult::Drawn(_)) => Ok(()),
            Ok(rules::game::ClaimResult::RejectedMovePlayed) => Err(
                "no draw could be claimed: the move was played and the game goes on".to_string(),
            ),
            Err(error) => Err(error.to_string()),
        }
    }

    /// Relative chess: the pieces pushed off the outer board in the first `plies` plies
    /// (all of them when `None`), as the rules report each move.
    pub fn edge_losses(&self, plies: Option<usize>) -> Vec<PieceId> {
        let last = plies.unwrap_or_else(|| self.game.ply_count());
        (1..=last)
            .filter_map(|ply| self.game.relative_report_at(ply))
            .flat_map(|report| {
                report
                    .lost_at_shift
                    .into_iter()
                    .chain(report.lost_at_recentering)
            })
            .filter_map(|loss| PieceId::from_fen_char(loss.piece.fen_char()))
            .collect()
    }

    /// The from-to of a promotion move waiting for its piece, if any.
    pub fn pending_promotion(&self) -> Option<String> {
        self.game.status().pending_promotion
    }

    pub fn set_pending_promotion(&mut self, from_to: Option<&str>) {
        self.game.set_pending_promotion(from_to).ok();
    }

    /// Plies recorded (regroupment setup steps included).
    pub fn ply_count(&self) -> usize {
        self.game.ply_count()
    }

    /// The machine text of every ply, setup steps first.
    pub fn ply_texts(&self) -> Vec<String> {
        self.game.move_list().into_iter().map(|m| m.text).collect()
    }

    /// Takes back the last ply (a setup step included); clocks return to what they were.
    pub fn undo(&mut self) -> Result<(), String> {
        self.game.undo().map_err(|e| e.to_string())
    }

    /// Both clocks as recorded (White's, then Black's remaining milliseconds).
    pub fn clock(&self) -> Option<ClockState> {
        self.game.clock()
    }

    /// Whether the clock of the side to move is running: a timed game in play (the clock
    /// does not run during the regroupment setup).
    pub fn clock_runs(&self) -> bool {
        self.game.clock().is_some() && self.result().is_none() && self.setup_step().is_none()
    }

    /// Charges `elapsed_ms` to the side to move; true when that made its flag fall.
    pub fn record_elapsed(&mut self, elapsed_ms: u64) -> bool {
        self.game.record_elapsed(elapsed_ms).is_some()
    }

    /// Reads a move as typed (`e2 e4`, `Nf3`, `nf3`, `a8=Q`, `O-O`, `S:c1>c3`, …); the rules
    /// decide which legal move it names, or why none (see `docs/move-text.md`).
    pub fn resolve_typed_move(&self, typed: &str) -> Result<TypedMove, String> {
        self.game
            .read_typed_move(typed)
            .map_err(|error| capitalised(&error.to_string()))
    }

    /// The live board.
    pub fn board(&self) -> BoardModel {
        self.board_at(None)
    }

    /// The board after `ply` plies (`None`: the live board).
    pub fn board_at(&self, ply: Option<usize>) -> BoardModel {
        match self.game.board_view(ply, None) {
            Some(view) => model_of(&view, self.variant() == VariantKind::Sliding),
            None => BoardModel::empty(),
        }
    }

    /// Every legal action of the live position, shaped for clicking.
    pub fn actions(&self) -> Vec<Action> {
        let Some(view) = self.game.board_view(None, None) else {
            return Vec::new();
        };
        let legal = self.game.legal_actions();
        let mut actions = Vec::new();
        if let Some(step) = self.setup_step() {
            let role = step.role;
            for text in &legal {
                if text.ends_with('-') {
                    actions.push(Action::Setup {
                        role,
                        with: None,
                        text: text.clone(),
                    });
                }
            }
            let own_char = rules::Piece::new(step.color, role).fen_char();
            let own = view.pieces.iter().find(|p| p.piece == own_char);
            if let Some(own) = own {
                if let Some(selected) = self.game.board_view(None, Some((own.x, own.y))) {
                    for target in selected
                        .targets
                        .iter()
                        .filter(|t| t.kind == TargetKind::Swap)
                    {
                        actions.push(Action::Setup {
                            role,
                            with: Some(sq(target.x, target.y)),
                            text: target.text.clone(),
                        });
                    }
                }
            }
            return actions;
        }
        let turn = self.turn();
        for piece in view.pieces.iter().filter(|p| {
            rules::Piece::from_fen_char(p.piece).is_some_and(|piece| piece.color == turn)
        }) {
            let Some(selected) = self.game.board_view(None, Some((piece.x, piece.y))) else {
                continue;
            };
            let from = sq(piece.x, piece.y);
            for target in &selected.targets {
                let to = sq(target.x, target.y);
                let occupied = view
                    .pieces
                    .iter()
                    .any(|p| p.x == target.x && p.y == target.y);
                let mark = match target.kind {
                    TargetKind::Capture => Mark::Capture,
                    TargetKind::Castle => Mark::Castle,
                    TargetKind::Promotion if occupied => Mark::Capture,
                    _ => Mark::Normal,
                };
                if target.kind == TargetKind::Promotion {
                    for full in legal
                        .iter()
                        .filter(|t| t.len() == target.text.len() + 1 && t.starts_with(&target.text))
                    {
                        let promotion = full.chars().last().and_then(Role::from_char);
                        actions.push(Action::Move {
                            from,
                            to,
                            mark,
                            promotion,
                            text: full.clone(),
                        });
                    }
                } else {
                    actions.push(Action::Move {
                        from,
                        to,
                        mark,
                        promotion: None,
                        text: target.text.clone(),
                    });
                }
            }
        }
        for slide in &view.slides {
            actions.push(Action::Slide {
                tile: sq(slide.x, slide.y),
                gap: sq(slide.gap_x, slide.gap_y),
                text: slide.text.clone(),
            });
        }
        actions
    }
}

/// A message line starts with a capital letter.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn saved_at() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::new_0()
            .to_iso_string()
            .as_string()
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        String::new()
    }
}

fn sq(x: u8, y: u8) -> Sq {
    Sq::new(x as i32, y as i32)
}

fn model_of(view: &BoardView, tiled: bool) -> BoardModel {
    let pieces = view
        .pieces
        .iter()
        .filter_map(|p| {
            PieceId::from_fen_char(p.piece).map(|piece| PlacedPiece {
                sq: sq(p.x, p.y),
                piece,
            })
        })
        .collect();
    // The gap is drawn per tile: keep its lower-left square.
    let blocked = if tiled {
        let mut corners: Vec<Sq> = view
            .blocked
            .iter()
            .map(|&(x, y)| sq(x & !1, y & !1))
            .collect();
        corners.dedup();
        corners.sort_by_key(|s| (s.y, s.x));
        corners.dedup();
        corners
    } else {
        view.blocked.iter().map(|&(x, y)| sq(x, y)).collect()
    };
    let last_move = view.last_move.iter().map(|&(x, y)| sq(x, y)).collect();
    BoardModel {
        files: view.width as i32,
        ranks: view.height as i32,
        pieces,
        blocked,
        inner_origin: view.inner_origin.map(|(x, y)| sq(x, y)),
        tiled,
        check: view.check.map(|(x, y)| sq(x, y)),
        last_move,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Level;

    fn config(variant: &str, options: &[(&str, &str)]) -> GameConfig {
        GameConfig {
            variant: VariantKind::from_name(variant).unwrap(),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            seats: Seats {
                white: Seat::Here,
                black: Seat::Computer(Level::Easy),
            },
            time_control: None,
        }
    }

    #[test]
    fn standard_start_offers_twenty_moves_with_correct_marks() {
        let session = Session::new(&config("standard", &[])).unwrap();
        let actions = session.actions();
        assert_eq!(actions.len(), 20);
        assert_eq!(session.board().pieces.len(), 32);
        assert!(crate::model::targets_from(&actions, Sq::new(6, 0))
            .contains(&(Sq::new(5, 2), Mark::Normal)));
    }

    #[test]
    fn sliding_gap_is_one_tile_and_slides_are_actions() {
        let session = Session::new(&config("sliding", &[("gap", "e5")])).unwrap();
        let board = session.board();
        assert!(board.tiled);
        assert_eq!(board.blocked, vec![Sq::new(4, 4)]);
        let actions = session.actions();
        // 24 legal actions at the start with the gap at e5 (docs/rules-sliding.md).
        assert_eq!(actions.len(), 24);
        assert!(actions
            .iter()
            .any(|a| matches!(a, Action::Slide { gap, .. } if *gap == Sq::new(4, 4))));
    }

    #[test]
    fn relative_board_is_sixteen_squares_with_a_centred_inner_board() {
        let session = Session::new(&config("relative", &[])).unwrap();
        let board = session.board();
        assert_eq!((board.files, board.ranks), (16, 16));
        assert_eq!(board.inner_origin, Some(Sq::new(4, 4)));
        let knight_targets = crate::model::targets_from(&session.actions(), Sq::new(10, 4));
        assert!(knight_targets.contains(&(Sq::new(9, 6), Mark::Normal)));
    }

    #[test]
    fn regroupment_setup_is_played_by_steps_with_a_keep_option() {
        let mut session = Session::new(&config("regroupment", &[])).unwrap();
        assert_eq!(
            session.setup_step(),
            Some(SetupStep {
                color: Color::Black,
                role: Role::King
            })
        );
        let actions = session.actions();
        assert!(actions
            .iter()
            .any(|a| matches!(a, Action::Setup { with: None, .. })));
        assert!(actions
            .iter()
            .any(|a| matches!(a, Action::Setup { with: Some(_), .. })));
        let keep = actions
            .iter()
            .find(|a| matches!(a, Action::Setup { with: None, .. }))
            .unwrap()
            .text()
            .to_string();
        session.play(&keep).unwrap();
        assert_eq!(session.setup_step().map(|s| s.role), Some(Role::Queen));
    }

    #[test]
    fn promotion_choices_are_complete_move_texts() {
        let saved = r#"{"format":"boardshift-game","version":1,"variant":"standard","start":"7k/P7/8/8/8/8/8/K7 w - - 0 1","moves":[]}"#;
        let (session, _) = Session::load(saved).unwrap();
        let promotions: Vec<String> = session
            .actions()
            .into_iter()
            .filter(|a| {
                matches!(
                    a,
                    Action::Move {
                        promotion: Some(_),
                        ..
                    }
                )
            })
            .map(|a| a.text().to_string())
            .collect();
        assert_eq!(promotions.len(), 4);
        assert!(
            promotions.contains(&"a7a8q".to_string()) && promotions.contains(&"a7a8n".to_string())
        );
    }

    #[test]
    fn a_saved_game_round_trips_with_its_players() {
        let mut session = Session::new(&config("standard", &[])).unwrap();
        session.play("e2e4").unwrap();
        let json = session.to_json(&config("standard", &[]));
        let (loaded, loaded_config) = Session::load(&json).unwrap();
        assert_eq!(loaded.move_list(), vec!["e4".to_string()]);
        assert_eq!(loaded_config.seats.black, Seat::Computer(Level::Easy));
    }

    #[test]
    fn typed_moves_are_read_as_move_text_or_readable_notation() {
        let session = Session::new(&config("standard", &[])).unwrap();
        let play = |text: &str| TypedMove::Play(text.to_string());
        assert_eq!(session.resolve_typed_move("E2E4").unwrap(), play("e2e4"));
        assert_eq!(session.resolve_typed_move("e2 e4").unwrap(), play("e2e4"));
        assert_eq!(session.resolve_typed_move("nf3").unwrap(), play("g1f3"));
        assert_eq!(session.resolve_typed_move("Nf3+").unwrap(), play("g1f3"));
        let error = session.resolve_typed_move("e2e5").unwrap_err();
        assert_eq!(
            error,
            "Illegal move 'e2e5': the white pawn on e2 cannot go to e5"
        );
        let session = Session::new(&config("sliding", &[("gap", "e5")])).unwrap();
        assert_eq!(
            session.resolve_typed_move("S:e3>e5").unwrap(),
            play("S:e3>e5")
        );
    }

    #[test]
    fn undo_takes_back_a_ply_and_restores_the_clock() {
        let mut cfg = config("standard", &[]);
        cfg.time_control = Some(TimeControl {
            initial_ms: 60_000,
            increment_ms: 2_000,
        });
        let mut session = Session::new(&cfg).unwrap();
        assert!(!session.record_elapsed(5_000));
        session.play("e2e4").unwrap();
        assert_eq!(session.clock().unwrap().remaining_ms, [57_000, 60_000]);
        session.undo().unwrap();
        assert_eq!(session.ply_count(), 0);
        assert!(
            session.record_elapsed(60_000),
            "a flag falls when the time runs out"
        );
        assert_eq!(session.result().unwrap().reason, "by timeout");
    }

    #[test]
    fn relative_edge_losses_come_from_the_rules_report() {
        // docs/rules-relative.md worked example 3: the knight and the bishop fall off the edge.
        let saved = r#"{"format":"boardshift-game","version":1,"variant":"relative",
            "options":{"recentering":"leibnizian"},
            "start":"16/16/16/16/8k7/16/1n14/16/4R11/16/16/8K7/16/2B13/16/16 w - - 0 1 e5",
            "moves":["e8h8"]}"#;
        let (session, _) = Session::load(saved).unwrap();
        let mut lost: Vec<String> = session
            .edge_losses(None)
            .iter()
            .map(|p| p.image_key())
            .collect();
        lost.sort();
        assert_eq!(lost, vec!["bN".to_string(), "wB".to_string()]);
        assert!(session.edge_losses(Some(0)).is_empty());
    }
}
