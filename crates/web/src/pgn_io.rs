//! PGN and position text in and out of the app (`docs/pgn.md`, `docs/position-text.md`): the
//! texts the copy buttons put on the clipboard, importing pasted or opened PGN (or saved-game
//! JSON), and starting a game from a pasted position text. The rules crate reads and writes
//! every text; a failure leaves the game on screen as it was.

use crate::app::App;
use crate::session::Session;
use crate::state::GameConfig;
use rules::any::AnyGame;
use rules::game::ClockState;
use rules::pgn::{move_list_text, read_pgn, write_pgn};
use rules::save::{Players, SavedGame, FORMAT, VERSION};
use serde_json::Value;

/// What a copy button copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyKind {
    Pgn,
    /// The position text of the position on the board (the one browsed to, if any).
    Position,
    /// The move list as plain text.
    Moves,
}

impl CopyKind {
    /// Words for the confirmation ("Copied the PGN.").
    pub fn label(self) -> &'static str {
        match self {
            CopyKind::Pgn => "the PGN",
            CopyKind::Position => "the position text",
            CopyKind::Moves => "the move list",
        }
    }
}

/// Whether imported text is a saved game (JSON) rather than PGN.
fn is_saved_game_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

impl App {
    /// The text a copy button copies, or `None` without a game on screen. `saved_at` (ISO 8601)
    /// dates the PGN.
    pub fn copy_text(&self, kind: CopyKind, saved_at: Option<&str>) -> Option<String> {
        let game = self.game()?;
        let rules_game = game.session.rules_game();
        Some(match kind {
            CopyKind::Pgn => {
                let players = Players {
                    white: game.config.seats.white.saved_name(),
                    black: game.config.seats.black.saved_name(),
                };
                write_pgn(rules_game, &players, saved_at)
            }
            CopyKind::Position => match game.view_ply {
                Some(ply) => rules_game.position_text_at(ply)?,
                None => rules_game.position_text(),
            },
            CopyKind::Moves => move_list_text(rules_game),
        })
    }

    /// Says whether a copy reached the clipboard.
    pub fn report_copy(&mut self, kind: CopyKind, outcome: Result<(), String>) {
        self.message = match outcome {
            Ok(()) => format!("Copied {} to the clipboard.", kind.label()),
            Err(error) => format!(
                "Could not copy {}: {error}. The text is in the import box to copy by hand.",
                kind.label()
            ),
        };
    }

    /// Imports PGN or a saved game (JSON) in place of the current game, from a file named
    /// `name` or pasted text; on error the current game is unchanged and the message says why.
    /// Returns whether the game was replaced.
    pub fn import_text(&mut self, name: &str, text: &str) -> bool {
        if is_saved_game_json(text) {
            self.load_file(name, text);
            return self.message.starts_with("Loaded");
        }
        match read_pgn(text) {
            Ok(import) => {
                let (session, config) = Session::from_game(import.game, &import.players);
                self.install(config, session);
                let mut message = format!(
                    "Imported {name}. Use ← and → to review it; Continue from here plays on from any point."
                );
                for note in import.notes {
                    message.push(' ');
                    message.push_str(&note);
                }
                self.message = message;
                true
            }
            Err(error) => {
                self.report_load_failure(name, &error.to_string());
                false
            }
        }
    }

    /// Starts the game `config` describes from a position text (blank: from the game's own
    /// start). A position the rules refuse is reported on the start screen, and the game left
    /// for it stays as it was.
    pub fn start_game_from(&mut self, config: GameConfig, position: &str) -> Result<(), String> {
        let position = position.trim();
        if position.is_empty() {
            return self.start_game(config);
        }
        match session_at(&config, position) {
            Ok(session) => {
                self.install(config, session);
                Ok(())
            }
            Err(error) => {
                self.start_notice = Some(format!("Cannot start from this position: {error}."));
                Err(error)
            }
        }
    }
}

/// A new game of `config` from `position`, validated as a saved game's start is.
fn session_at(config: &GameConfig, position: &str) -> Result<Session, String> {
    let options = config
        .options
        .iter()
        .map(|(key, value)| (key.clone(), Value::String(value.clone())))
        .collect();
    let saved = SavedGame {
        format: FORMAT.to_string(),
        version: VERSION,
        variant: config.variant.name().to_string(),
        options: Value::Object(options),
        start: Some(position.to_string()),
        setup: Vec::new(),
        moves: Vec::new(),
        clock: config
            .time_control
            .map(|tc| ClockState::new(tc.initial_ms, tc.increment_ms)),
        players: Players::default(),
        pending: Default::default(),
        result: None,
        saved_at: None,
    };
    let game = AnyGame::from_saved(&saved).map_err(|error| error.to_string())?;
    Ok(Session::from_game(game, &saved.players).0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{link_config, Control};
    use crate::state::TimeControl;
    use rules::VariantKind;

    fn app_with(variant: VariantKind, moves: &[&str]) -> App {
        let mut app = App::new(1);
        app.start_game(link_config(variant)).unwrap();
        for text in moves {
            app.command(text);
        }
        app
    }

    fn position(app: &App) -> String {
        app.game().unwrap().session.position_text()
    }

    #[test]
    fn exported_pgn_imports_to_the_same_game() {
        let app = app_with(VariantKind::Standard, &["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        let pgn = app.copy_text(CopyKind::Pgn, None).unwrap();
        assert!(pgn.contains("3. Bb5 *"), "{pgn}");
        let mut other = app_with(VariantKind::Sliding, &[]);
        assert!(other.import_text("the pasted text", &pgn));
        assert_eq!(position(&other), position(&app));
        assert_eq!(
            other.game().unwrap().session.move_list(),
            app.game().unwrap().session.move_list()
        );
        assert!(other.message.starts_with("Imported the pasted text."));
    }

    #[test]
    fn bad_pgn_leaves_the_game_alone_and_says_why() {
        let mut app = app_with(VariantKind::Standard, &["d4"]);
        let before = position(&app);
        assert!(!app.import_text("game.pgn", "1. e4 e5 2. Ke3 *"));
        assert_eq!(position(&app), before);
        assert!(
            app.message
                .starts_with("Could not load game.pgn: PGN move 2. (line 1): illegal move 'Ke3'"),
            "{}",
            app.message
        );
        assert!(app.message.ends_with("The current game is unchanged."));
    }

    #[test]
    fn saved_game_json_still_loads_through_import() {
        let app = app_with(VariantKind::Standard, &["e4"]);
        let json = app
            .game()
            .unwrap()
            .session
            .to_json(&app.game().unwrap().config);
        let mut other = App::new(2);
        other
            .start_game(link_config(VariantKind::Relative))
            .unwrap();
        assert!(other.import_text("game.json", &json));
        assert_eq!(position(&other), position(&app));
    }

    #[test]
    fn copies_the_browsed_position_and_the_move_list() {
        let mut app = app_with(VariantKind::Standard, &["e4", "e5"]);
        assert_eq!(
            app.copy_text(CopyKind::Moves, None).as_deref(),
            Some("1. e4 e5")
        );
        app.browse_to(Some(1));
        assert_eq!(
            app.copy_text(CopyKind::Position, None).as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
        );
        app.report_copy(CopyKind::Position, Ok(()));
        assert_eq!(app.message, "Copied the position text to the clipboard.");
    }

    #[test]
    fn a_game_starts_from_a_pasted_position_in_any_variant() {
        let mut app = app_with(VariantKind::Standard, &["e4"]);
        app.control(Control::Home);
        let mut config = link_config(VariantKind::Sliding);
        config.time_control = Some(TimeControl {
            initial_ms: 60_000,
            increment_ms: 0,
        });
        let text = "rnbqkbnr/pppppppp/8/8/4xx2/4xx2/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
        app.start_game_from(config, text).unwrap();
        assert_eq!(position(&app), text);
        assert_eq!(
            app.game().unwrap().session.clock().unwrap().initial_ms,
            60_000
        );
    }

    #[test]
    fn a_refused_position_is_reported_and_the_left_game_kept() {
        let mut app = app_with(VariantKind::Standard, &["e4"]);
        app.control(Control::Home);
        let error = app
            .start_game_from(
                link_config(VariantKind::Standard),
                "8/8/8/8/8/8/8/8 w - - 0 1",
            )
            .unwrap_err();
        assert!(error.contains("white has no king"), "{error}");
        assert_eq!(
            app.start_notice.as_deref(),
            Some(format!("Cannot start from this position: {error}.").as_str())
        );
        assert!(app.can_resume());
        app.resume_paused();
        assert_eq!(app.game().unwrap().session.move_list(), ["e4"]);
    }
}
