//! How the player's settings act on the controller: auto-queen, moves held for confirmation,
//! the hot-seat board turning to the side to move, and the animation speed. The settings
//! themselves (fields, defaults, storage form) are in `crate::settings`.

use super::App;
use crate::settings::Settings;
use crate::state::PlayerAction;
use rules::{Color, Role};

impl App {
    /// Takes new settings; they act at once on the game on screen.
    pub fn set_settings(&mut self, settings: Settings) {
        self.settings = settings;
        if !self.settings.confirm_moves {
            if let Some(game) = self.game_mut() {
                game.held_move = None;
            }
        }
        self.follow_settings();
    }

    /// Brings the game on screen in line with the settings; runs after every change of the
    /// game, which also drops a move still held for confirmation (its position is gone).
    pub(super) fn follow_settings(&mut self) {
        let settings = self.settings.clone();
        let Some(game) = self.game_mut() else { return };
        game.animation_pace = settings.animation.pace();
        if settings.animation.pace().is_none() {
            game.animation = None;
        }
        if settings.auto_flip && game.config.seats.hot_seat() && game.view_ply.is_none() {
            game.flipped = game.session.turn() == Color::Black;
        }
    }

    /// A move made on the board: played at once, or held until Confirm when the player asked
    /// for move confirmation.
    pub(super) fn play_or_hold(&mut self, text: String) {
        let hold = self.settings.confirm_moves;
        match self.game_mut() {
            Some(game) if hold && game.here_to_act() => {
                let name = move_name(game, &text);
                game.held_move = Some(text);
                self.message = format!("Play {name}? Confirm or cancel.");
            }
            _ => self.act_here(PlayerAction::Play { text }),
        }
    }

    /// Confirm: plays the held move (refused with the rules' reason if it no longer stands).
    pub fn confirm_held_move(&mut self) {
        let Some(text) = self.game_mut().and_then(|game| game.held_move.take()) else {
            return;
        };
        self.message.clear();
        self.act_here(PlayerAction::Play { text });
    }

    /// Cancel: forgets the held move; the position stays as it was.
    pub fn cancel_held_move(&mut self) {
        if let Some(game) = self.game_mut() {
            if game.held_move.take().is_some() {
                self.message.clear();
            }
        }
    }

    /// The move held for confirmation, if any.
    pub fn held_move(&self) -> Option<&str> {
        self.game().and_then(|game| game.held_move.as_deref())
    }

    /// Auto-queen: the promotion chooser that just opened is answered with a queen.
    pub(super) fn promote_to_queen(&mut self) {
        let Some(game) = self.game_mut() else { return };
        let intent = game.input.choose_promotion(Role::Queen);
        self.on_intent(intent);
    }
}

/// The move as the move list would write it (`Nf3`), else its text (`g1f3`).
fn move_name(game: &crate::game_screen::GameScreen, text: &str) -> String {
    let trial = crate::session::Session::load(&game.session.to_json(&game.config));
    trial
        .ok()
        .and_then(|(mut session, _)| session.play(text).ok().map(|()| session.move_list()))
        .and_then(|list| list.last().cloned())
        .unwrap_or_else(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Sq;
    use crate::settings::AnimationSpeed;

    const SIZE: f64 = 480.0;
    const PROMOTION: &str = r#"{"format":"boardshift-game","version":1,"variant":"standard","start":"7k/P7/8/8/8/8/8/K7 w - - 0 1","moves":[]}"#;

    fn app_with(settings: Settings, saved: &str) -> App {
        let mut app = App::new(1);
        app.board_size = SIZE;
        app.set_settings(settings);
        app.load_game(saved).unwrap();
        app
    }

    fn standard_start() -> String {
        r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":[]}"#.to_string()
    }

    fn click(app: &mut App, name: &str) {
        let geometry = app.game().unwrap().geometry(SIZE);
        let (x, y) = geometry.center(Sq::parse(name).unwrap());
        app.pointer_down(x, y);
        app.pointer_up(x, y);
    }

    fn moves(app: &App) -> Vec<String> {
        app.game().unwrap().session.move_list()
    }

    #[test]
    fn auto_queen_promotes_without_the_chooser() {
        let mut asked = app_with(Settings::default(), PROMOTION);
        click(&mut asked, "a7");
        click(&mut asked, "a8");
        assert!(asked.game().unwrap().input.promotion().is_some());
        let settings = Settings {
            auto_queen: true,
            ..Settings::default()
        };
        let mut app = app_with(settings, PROMOTION);
        click(&mut app, "a7");
        click(&mut app, "a8");
        assert_eq!(moves(&app), ["a8=Q+"]);
        assert!(app.game().unwrap().input.promotion().is_none());
    }

    #[test]
    fn a_held_move_waits_for_confirm_and_cancel_forgets_it() {
        let settings = Settings {
            confirm_moves: true,
            ..Settings::default()
        };
        let mut app = app_with(settings, &standard_start());
        click(&mut app, "e2");
        click(&mut app, "e4");
        assert!(moves(&app).is_empty());
        assert_eq!(app.held_move(), Some("e2e4"));
        assert_eq!(app.message, "Play e4? Confirm or cancel.");
        app.cancel_held_move();
        assert_eq!(app.held_move(), None);
        assert!(moves(&app).is_empty());
        click(&mut app, "d2");
        click(&mut app, "d4");
        app.confirm_held_move();
        assert_eq!(moves(&app), ["d4"]);
        assert_eq!(app.held_move(), None);
    }

    #[test]
    fn turning_confirmation_off_drops_the_held_move() {
        let settings = Settings {
            confirm_moves: true,
            ..Settings::default()
        };
        let mut app = app_with(settings, &standard_start());
        click(&mut app, "e2");
        click(&mut app, "e4");
        app.set_settings(Settings::default());
        assert_eq!(app.held_move(), None);
        app.confirm_held_move();
        assert!(moves(&app).is_empty());
    }

    #[test]
    fn hot_seat_auto_flip_turns_the_board_to_the_side_to_move() {
        let settings = Settings {
            auto_flip: true,
            ..Settings::default()
        };
        let mut app = app_with(settings, &standard_start());
        assert!(app.game().unwrap().config.seats.hot_seat());
        assert!(!app.game().unwrap().flipped);
        click(&mut app, "e2");
        click(&mut app, "e4");
        assert!(
            app.game().unwrap().flipped,
            "Black to move: seen from Black"
        );
        click(&mut app, "e7");
        click(&mut app, "e5");
        assert!(!app.game().unwrap().flipped);
        let mut fixed = app_with(Settings::default(), &standard_start());
        click(&mut fixed, "e2");
        click(&mut fixed, "e4");
        assert!(!fixed.game().unwrap().flipped);
    }

    #[test]
    fn animation_speed_sets_the_length_of_a_move() {
        let length = |animation| {
            let settings = Settings {
                animation,
                ..Settings::default()
            };
            let mut app = app_with(settings, &standard_start());
            click(&mut app, "e2");
            click(&mut app, "e4");
            app.game().unwrap().animation.as_ref().map(|a| a.duration())
        };
        let normal = length(AnimationSpeed::Normal).unwrap();
        assert_eq!(length(AnimationSpeed::Fast), Some(normal / 2.0));
        assert_eq!(length(AnimationSpeed::Slow), Some(normal * 2.0));
        assert_eq!(length(AnimationSpeed::Off), None);
    }
}
