//! The controller's side of analysis, hints and the post-game review (the state is
//! `crate::analysis` and `crate::review`): what may be analysed now, the buttons, and the
//! workers' reports; and the warm-up that readies the workers' search while nobody waits.

use super::{App, Effect, Screen};
use crate::analysis::{AnalysisEffect, Shown};
use crate::model::Sq;
use crate::review::ReviewedMove;
use crate::seat::Seat;
use boardshift_worker::protocol::{WarmUpRequest, WorkerRequest};

/// How long the computer's worker searches the game shown to warm up (crates/worker's
/// `warm_up`): long enough for the browser to mark the search's hot functions for its
/// optimising compiler, short enough that a move asked meanwhile hardly waits.
pub const WARM_UP_MS: u32 = 150;

impl App {
    /// Once the board is painted, asks the computer's worker to warm up the search of the
    /// variant shown, once per variant; a search about to run warms it up anyway. The optimised
    /// code is shared with the analysis and review workers, whose first reports then do not
    /// compete with the browser's compiler for the page's thread. An online game in progress
    /// may not use the search at all, so it waits for the game's end: until then the warm-up
    /// would only take the processor from the players' first moves.
    pub(super) fn queue_warm_up(&mut self) {
        if self.painted_at.is_none() {
            return;
        }
        let Screen::Game(game) = &self.screen else {
            return;
        };
        if !analysis_allowed(game) {
            return;
        }
        let variant = game.session.variant();
        if self.warmed_up.contains(&variant) {
            return;
        }
        self.warmed_up.push(variant);
        if game.opponent.thinking() {
            return;
        }
        let request = WorkerRequest::WarmUp {
            warm_up: WarmUpRequest {
                game: game.session.to_json(&game.config),
                time_ms: WARM_UP_MS,
            },
        };
        if let Ok(text) = serde_json::to_string(&request) {
            self.effects.push(Effect::WarmUp(text));
        }
    }

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
        let key = self.game().map(review_key);
        let review = self.analysis.review.sync(key.as_deref());
        self.push_review_effects(review);
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

    /// The Review button: starts reviewing the game shown, or cancels the review under way.
    pub fn toggle_review(&mut self) {
        if self.analysis.review.running() {
            let effects = self.analysis.review.cancel();
            self.push_review_effects(effects);
            return;
        }
        let Some(game) = self.game().filter(|_| self.review_available()) else {
            return;
        };
        let session = &game.session;
        let first_ply = session.setup_list().len();
        let white_first = session.first_mover() == rules::Color::White;
        let moves = session
            .move_entries()
            .into_iter()
            .enumerate()
            .map(|(index, entry)| ReviewedMove {
                ply: first_ply + index + 1,
                text: entry.text,
                white: white_first == (index % 2 == 0),
            })
            .collect();
        let (key, saved) = (review_key(game), session.to_json(&game.config));
        let effects = self.analysis.review.start(key, saved, first_ply, moves);
        self.push_review_effects(effects);
    }

    /// Whether the Review button is offered: a game with moves that may be analysed (an
    /// online game once it has ended).
    pub fn review_available(&self) -> bool {
        self.game()
            .is_some_and(|game| analysis_allowed(game) && !game.session.move_entries().is_empty())
    }

    /// A report from the review's worker (JSON text); true when it was counted.
    pub fn review_reply(&mut self, text: &str) -> bool {
        let before = self.analysis.review.view().evaluated;
        let effects = self.analysis.review.accept(text);
        self.push_review_effects(effects);
        self.analysis.review.view().evaluated != before || !self.analysis.review.running()
    }

    /// The review's worker could not start or failed.
    pub fn review_failed(&mut self, message: &str) {
        self.analysis.review.fail(message.to_string());
    }

    fn push_review_effects(&mut self, effects: Vec<crate::review::ReviewEffect>) {
        self.effects.extend(
            effects
                .into_iter()
                .map(|effect| Effect::Analysis(AnalysisEffect::Review(effect))),
        );
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

/// Identifies the game a review was made for: a new game, an undo or another move ends it.
fn review_key(game: &crate::game_screen::GameScreen) -> String {
    let session = &game.session;
    format!("{}|{}", session.position_text(), session.ply_count())
}

/// No engine help while an online game runs (a player, or a spectator who could pass it on):
/// analysis is allowed once it has ended, and in every game played on this screen.
pub(super) fn analysis_allowed(game: &crate::game_screen::GameScreen) -> bool {
    let seats = &game.config.seats;
    let online =
        matches!(seats.white, Seat::Remote { .. }) || matches!(seats.black, Seat::Remote { .. });
    !online || game.is_over()
}

#[cfg(test)]
mod tests {
    use super::*;
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

#[cfg(test)]
mod review_tests {
    use super::*;
    use crate::review::ReviewEffect;

    const SCHOLARS_MATE: &str = r#"{"format":"boardshift-game","version":1,"variant":"standard",
        "moves":["e2e4","e7e5","d1h5","b8c6","f1c4","g8f6","h5f7"]}"#;

    fn review_effects(app: &mut App) -> Vec<ReviewEffect> {
        app.take_effects()
            .into_iter()
            .filter_map(|e| match e {
                Effect::Analysis(AnalysisEffect::Review(effect)) => Some(effect),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_review_asks_for_every_position_and_ends_with_a_new_game() {
        let mut app = App::new(1);
        app.load_game(SCHOLARS_MATE).unwrap();
        assert!(app.review_available());
        app.toggle_review();
        let effects = review_effects(&mut app);
        assert!(matches!(&effects[..], [ReviewEffect::Ask(t)] if t.contains(r#""ply":0"#)));
        assert_eq!(
            app.analysis.view().review.total,
            8,
            "seven moves, eight positions"
        );
        app.toggle_review();
        assert_eq!(
            review_effects(&mut app),
            vec![ReviewEffect::Stop],
            "a second click cancels"
        );
        app.toggle_review();
        review_effects(&mut app);
        app.load_game(
            r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":["d2d4"]}"#,
        )
        .unwrap();
        assert_eq!(
            review_effects(&mut app),
            vec![ReviewEffect::Stop],
            "another game cancels"
        );
        assert_eq!(app.analysis.view().review.total, 0);
    }
}
