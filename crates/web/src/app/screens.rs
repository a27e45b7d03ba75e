//! Moving between screens and loading games: a starting link, a saved game or file, the
//! autosave to resume, an online room's game, and the start screen that keeps the game left.

use super::{link_config, App, Screen};
use crate::seat::Seats;
use crate::session::Session;
use rules::VariantKind;

impl App {
    /// Starts the game a link names (`#play=VARIANT`); an unknown name is reported on the
    /// start screen.
    pub fn start_from_link(&mut self, variant: &str) {
        match VariantKind::from_name(variant) {
            Some(kind) => {
                self.start_game(link_config(kind)).ok();
            }
            None => {
                self.show_start();
                let known: Vec<&str> = VariantKind::ALL.iter().map(|v| v.name()).collect();
                self.start_notice = Some(format!(
                    "Cannot start a game from this link: unknown game '{variant}' (the games are {}).",
                    known.join(", ")
                ));
            }
        }
    }

    /// Loads a saved game (JSON text) in place of the current one; on error the current game
    /// stays untouched and the error is returned.
    pub fn load_game(&mut self, text: &str) -> Result<(), String> {
        let (session, config) = Session::load(text)?;
        self.install(config, session);
        Ok(())
    }

    /// Puts an online room's game (saved-game JSON) on the board, played by `seats`; the
    /// network layer's entry, so that nothing else here learns about rooms.
    pub fn show_room_game(&mut self, text: &str, seats: Seats) -> Result<(), String> {
        let (session, mut config) = Session::load(text)?;
        config.seats = seats;
        self.install(config, session);
        Ok(())
    }

    /// A file picked for loading, reported in the message line.
    pub fn load_file(&mut self, name: &str, text: &str) {
        match self.load_game(text) {
            Ok(()) => {
                self.message = format!(
                    "Loaded {name}. Use ← and → to review it; Continue from here plays on from any point."
                )
            }
            Err(error) => self.report_load_failure(name, &error),
        }
    }

    pub fn report_load_failure(&mut self, name: &str, error: &str) {
        self.message = format!("Could not load {name}: {error}. The current game is unchanged.");
    }

    /// Resumes the autosaved game: `Ok(true)` when it is on the board, `Ok(false)` when it was
    /// already over (nothing to resume), `Err` when it cannot be read.
    pub fn resume(&mut self, text: &str) -> Result<bool, String> {
        let (session, config) = Session::load(text)?;
        if session.result().is_some() {
            return Ok(false);
        }
        self.install(config, session);
        Ok(true)
    }

    /// A problem found while starting up (an unreadable autosave): said on the start screen,
    /// or in the message line when a game is already on screen.
    pub fn report(&mut self, notice: String) {
        if self.game().is_some() {
            self.message = notice;
            return;
        }
        self.start_notice = Some(match self.start_notice.take() {
            Some(first) => format!("{first} {notice}"),
            None => notice,
        });
    }

    /// Back to the start screen; the game on screen is kept, its clock stopped, to be resumed
    /// (and stays saved for a reload).
    pub fn show_start(&mut self) {
        let now = self.now;
        if let Some(game) = self.game_mut() {
            game.charge_clock(now);
            game.clock.stop();
            game.animation = None;
            game.input.reset();
            game.session.set_pending_promotion(None);
        }
        self.autosave();
        self.cancel_thinking();
        if let Screen::Game(game) = std::mem::replace(&mut self.screen, Screen::Start) {
            self.paused_game = Some(game);
        }
        self.confirm = None;
    }

    /// Whether the start screen can offer to resume the game left for it.
    pub fn can_resume(&self) -> bool {
        self.game().is_none() && self.paused_game.is_some()
    }

    /// Back to the game left for the start screen, its clock running again from now.
    pub fn resume_paused(&mut self) {
        if self.game().is_some() {
            return;
        }
        let Some(game) = self.paused_game.take() else {
            return;
        };
        self.screen = Screen::Game(game);
        self.start_notice = None;
        self.refresh();
    }
}
