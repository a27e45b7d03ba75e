//! The controller's side of analysis and hints (the state is `crate::analysis`): what may be
//! analysed now, the buttons, and the worker's reports.

use super::{App, Effect, Screen};
use crate::analysis::Shown;
use crate::model::Sq;
use crate::seat::Seat;

impl App {
    /// Called before the page takes the effects: asks for the position shown, or stops a
    /// search that is no longer wanted.
    pub(super) fn sync_analysis(&mut self) {
        let effects = match &self.screen {
            Screen::Game(game) if analysis_allowed(game) => {
                let session = &game.session;
                let key = format!(
                    "{}|{}|{:?}",
                    session.position_text(),
                    session.ply_count(),
                    game.view_ply
                );
                let config = &game.config;
                let saved = || session.to_json(config);
                self.analysis.sync(Some(Shown {
                    key,
                    ply: game.view_ply,
                    game: &saved,
                }))
            }
            _ => self.analysis.sync(None),
        };
        self.effects
            .extend(effects.into_iter().map(Effect::Analysis));
        if let Some(arrow) = self.analysis.arrow_change() {
            let square = |(x, y): (u8, u8)| Sq::new(i32::from(x), i32::from(y));
            self.set_engine_arrow(arrow.map(|(from, to)| (square(from), square(to))));
        }
    }

    pub fn toggle_analysis(&mut self) {
        self.analysis.toggle();
    }

    /// The hint button: the best move of the live position, against the computer only.
    pub fn ask_hint(&mut self) {
        if self.hint_available() {
            self.analysis.ask_hint();
        }
    }

    /// Whether the hint button is offered: a game against the computer, this screen's turn.
    pub fn hint_available(&self) -> bool {
        self.game().is_some_and(|game| {
            game.here_to_act()
                && game.view_ply.is_none()
                && [&game.config.seats.white, &game.config.seats.black]
                    .into_iter()
                    .any(Seat::is_computer)
        })
    }

    /// Whether the analysis toggle is offered now.
    pub fn analysis_available(&self) -> bool {
        self.game().is_some_and(analysis_allowed)
    }

    /// A report from the analysis worker (JSON text).
    pub fn analysis_reply(&mut self, text: &str) -> bool {
        self.analysis.accept(text)
    }

    /// The analysis worker could not start.
    pub fn analysis_failed(&mut self, message: &str) {
        self.analysis.failed();
        self.message = message.to_string();
    }
}

/// No engine help while an online game runs (a player, or a spectator who could pass it on):
/// analysis is allowed once it has ended, and in every game played on this screen.
fn analysis_allowed(game: &crate::game_screen::GameScreen) -> bool {
    let seats = &game.config.seats;
    let online =
        matches!(seats.white, Seat::Remote { .. }) || matches!(seats.black, Seat::Remote { .. });
    !online || game.is_over()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::AnalysisEffect;
    use crate::seat::Seats;

    const GAME: &str =
        r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":["e2e4"]}"#;

    fn asked(app: &mut App) -> bool {
        app.take_effects()
            .iter()
            .any(|e| matches!(e, Effect::Analysis(AnalysisEffect::Ask(_))))
    }

    #[test]
    fn no_analysis_while_an_online_game_runs() {
        let mut app = App::new(1);
        let online = Seats {
            white: Seat::Here,
            black: Seat::Remote { name: "Ann".into() },
        };
        app.show_room_game(GAME, online).unwrap();
        app.toggle_analysis();
        assert!(!app.analysis_available());
        assert!(!asked(&mut app), "no engine help during an online game");
        app.load_game(GAME).unwrap();
        assert!(app.analysis_available());
        assert!(asked(&mut app), "a game on this screen is analysed");
    }
}
