//! The board's pointer gestures beyond a plain move — right-button arrows and circles, premoves
//! while the other side is to move — and the sounds the game's changes make. The page calls
//! these instead of the plain pointer entries; they hand plain moves on to them.

use super::App;
use crate::marks::Brush;
use crate::model::Sq;
use crate::premove;
use crate::sound::{self, Sound};
use crate::state::PlayerAction;

impl App {
    /// A press on the board with the main (`right == false`) or the secondary button; `brush`
    /// is the colour a right-button mark would take. True when more than the board changed.
    pub fn board_press(&mut self, x: f64, y: f64, right: bool, brush: Brush) -> bool {
        let size = self.board_size;
        let Some(game) = self.game_mut() else {
            return false;
        };
        let at = game.geometry(size).square_at(x, y);
        if right {
            // A right click also drops the premove, as on lichess.
            game.premoves.cancel();
            game.marks.start(at, brush);
            return false;
        }
        game.marks.clear();
        if let Some(side) = premove::premove_side(game) {
            game.animation = None;
            // A click cancels the queued premove; on a piece of yours it starts a new one.
            game.premoves.queued = None;
            premove::input_event(game, side, at, &|input, position| {
                input.pointer_down(position, at, x, y)
            });
            return false;
        }
        self.pointer_down(x, y)
    }

    /// The pointer moved over the board; true when the board must be drawn again.
    pub fn board_move(&mut self, x: f64, y: f64) -> bool {
        let size = self.board_size;
        let Some(game) = self.game_mut() else {
            return false;
        };
        if game.marks.drawing.is_some() {
            let at = game.geometry(size).square_at(x, y);
            return game.marks.drag_to(at);
        }
        // Only a press that started as a premove moves the premove input (no rules asked here:
        // this runs for every pointer move).
        if game.premoves.pointer_move(x, y) {
            return true;
        }
        self.pointer_move(x, y)
    }

    /// The end of a press; true as for `board_press`.
    pub fn board_release(&mut self, x: f64, y: f64) -> bool {
        let size = self.board_size;
        let Some(game) = self.game_mut() else {
            return false;
        };
        let at = game.geometry(size).square_at(x, y);
        if game.marks.drawing.is_some() {
            game.marks.finish(at);
            return false;
        }
        if let Some(side) = premove::premove_side(game) {
            premove::input_event(game, side, at, &|input, position| {
                input.pointer_up(position, at)
            });
            return false;
        }
        self.pointer_up(x, y)
    }

    /// The browser took the pointer over: a mark or premove being drawn is dropped.
    pub fn board_cancel(&mut self) {
        if let Some(game) = self.game_mut() {
            game.marks.drawing = None;
            game.premoves.pointer_cancel();
        }
        self.pointer_cancel();
    }

    /// Drops the queued premove (Esc); true when there was one.
    pub(super) fn cancel_premove(&mut self) -> bool {
        self.game_mut().is_some_and(|game| game.premoves.cancel())
    }

    /// The turn came to the person here: the queued premove is played if the rules allow it
    /// now, else dropped without a word.
    pub(super) fn play_premove(&mut self) {
        let Some(game) = self.game_mut() else { return };
        if !game.input_open() {
            return;
        }
        let queued = game.premoves.queued.take();
        game.premoves.cancel();
        let Some((from, to)) = queued else { return };
        if let Some(text) = premove::resolve(&game.actions, from, to) {
            self.act_here(PlayerAction::Play { text });
        }
    }

    /// Shows the engine's best move as an arrow in its own colour (`None`: no arrow).
    pub fn set_engine_arrow(&mut self, arrow: Option<(Sq, Sq)>) {
        if let Some(game) = self.game_mut() {
            game.marks.engine_arrow = arrow;
        }
    }

    /// The sound the last event's change of the game makes, if any.
    pub fn take_sound(&mut self) -> Option<Sound> {
        let now = self.now;
        self.game_mut().and_then(|game| sound::observe(game, now))
    }

    /// The page played `sound` (it was not muted): listed for the test hook.
    pub fn sound_played(&mut self, sound: Sound) {
        if let Some(game) = self.game_mut() {
            game.sounds.played.push(sound.name());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::{Seat, Seats};
    use crate::state::GameConfig;
    use crate::worker::ThinkReply;
    use engine::Level;
    use rules::VariantKind;

    fn against_computer() -> App {
        let mut app = App::new(3);
        app.start_game(GameConfig {
            variant: VariantKind::Standard,
            options: Default::default(),
            seats: Seats {
                white: Seat::Here,
                black: Seat::Computer(Level::Easy),
            },
            time_control: None,
        })
        .unwrap();
        app
    }

    fn point(app: &App, name: &str) -> (f64, f64) {
        let game = app.game().unwrap();
        game.geometry(app.board_size)
            .center(Sq::parse(name).unwrap())
    }

    fn click(app: &mut App, name: &str, right: bool) {
        let (x, y) = point(app, name);
        app.board_press(x, y, right, Brush::Green);
        app.board_release(x, y);
    }

    /// The computer answers the last request with `text`.
    fn computer_plays(app: &mut App, text: &str) {
        let id = app
            .take_effects()
            .into_iter()
            .filter_map(|e| match e {
                super::super::Effect::Think(request) => Some(request.id),
                _ => None,
            })
            .next_back()
            .expect("the computer was asked");
        let reply = ThinkReply {
            id,
            text: Some(text.to_string()),
            error: None,
        };
        app.worker_reply(&serde_json::to_string(&reply).unwrap());
    }

    fn moves(app: &App) -> Vec<String> {
        app.game().unwrap().session.move_list()
    }

    #[test]
    fn a_premove_is_queued_while_the_computer_thinks_and_played_when_the_turn_comes() {
        let mut app = against_computer();
        click(&mut app, "e2", false);
        click(&mut app, "e4", false);
        // Not a legal move now (the pawn on d2 could not go to d4 with Black to move), queued.
        click(&mut app, "d2", false);
        click(&mut app, "d4", false);
        let d2_d4 = Some((Sq::parse("d2").unwrap(), Sq::parse("d4").unwrap()));
        assert_eq!(app.game().unwrap().premoves.queued, d2_d4);
        assert_eq!(app.game().unwrap().overlay().premove.len(), 2);
        app.take_sound();
        computer_plays(&mut app, "e7e5");
        assert_eq!(moves(&app), ["e4", "e5", "d4"]);
        assert_eq!(app.game().unwrap().premoves.queued, None);
        assert_eq!(
            app.take_sound(),
            Some(Sound::Move),
            "the reply and the premove sound once"
        );
    }

    #[test]
    fn an_illegal_premove_is_dropped_and_clicks_right_clicks_and_esc_cancel() {
        let mut app = against_computer();
        click(&mut app, "e2", false);
        click(&mut app, "e4", false);
        click(&mut app, "e4", false);
        click(&mut app, "e5", false);
        computer_plays(&mut app, "e7e5");
        assert_eq!(
            moves(&app),
            ["e4", "e5"],
            "the blocked pawn's premove is dropped"
        );
        assert!(app.message.is_empty(), "without a word: {}", app.message);
        click(&mut app, "d2", false);
        click(&mut app, "d4", false);
        assert_eq!(moves(&app), ["e4", "e5", "d4"]);
        let queued = |app: &App| app.game().unwrap().premoves.queued.is_some();
        click(&mut app, "g1", false);
        click(&mut app, "f3", false);
        assert!(queued(&app));
        click(&mut app, "h5", true);
        assert!(!queued(&app), "a right click cancels");
        click(&mut app, "g1", false);
        click(&mut app, "f3", false);
        assert!(queued(&app));
        click(&mut app, "a5", false);
        assert!(!queued(&app), "a click elsewhere cancels");
        click(&mut app, "g1", false);
        click(&mut app, "f3", false);
        app.key(&crate::input::keys::KeyPress {
            key: "Escape".into(),
            ..Default::default()
        });
        assert!(!queued(&app), "Esc cancels");
    }

    #[test]
    fn right_clicks_draw_marks_and_a_left_click_clears_them() {
        let mut app = against_computer();
        let (x0, y0) = point(&app, "e2");
        let (x1, y1) = point(&app, "e4");
        app.board_press(x0, y0, true, Brush::Red);
        assert!(app.board_move(x1, y1) || app.board_move(x1, y1 + 1.0));
        app.board_release(x1, y1);
        click(&mut app, "d5", true);
        let marks = &app.game().unwrap().marks;
        assert_eq!(marks.shapes.len(), 2);
        assert_eq!(marks.shapes[0].brush, Brush::Red);
        assert!(marks.shapes[1].is_circle());
        assert!(moves(&app).is_empty(), "drawing plays nothing");
        click(&mut app, "a3", false);
        assert!(app.game().unwrap().marks.shapes.is_empty());
    }

    #[test]
    fn moves_captures_checks_and_the_end_make_their_sounds() {
        let mut app = App::new(5);
        app.start_game(GameConfig {
            variant: VariantKind::Standard,
            options: Default::default(),
            seats: Seats {
                white: Seat::Here,
                black: Seat::Here,
            },
            time_control: None,
        })
        .unwrap();
        assert_eq!(app.take_sound(), None, "a new game is silent");
        let mut heard = Vec::new();
        for text in ["e2e4", "f7f5", "e4f5", "g7g5", "d1h5"] {
            app.apply(PlayerAction::Play { text: text.into() }).unwrap();
            heard.extend(app.take_sound().map(Sound::name));
        }
        assert_eq!(heard, ["move", "move", "capture", "move", "game_end"]);
        assert_eq!(app.take_sound(), None);
    }

    #[test]
    fn low_time_sounds_once_when_the_clock_here_falls_under_ten_seconds() {
        let mut app = App::new(5);
        app.start_game(GameConfig {
            variant: VariantKind::Standard,
            options: Default::default(),
            seats: Seats {
                white: Seat::Here,
                black: Seat::Computer(Level::Easy),
            },
            time_control: Some(crate::state::TimeControl {
                initial_ms: 15_000,
                increment_ms: 0,
            }),
        })
        .unwrap();
        assert_eq!(app.take_sound(), None);
        app.now = 4_000.0;
        assert_eq!(app.take_sound(), None, "11 s left is not low");
        app.now = 6_000.0;
        assert_eq!(app.take_sound(), Some(Sound::LowTime));
        app.now = 7_000.0;
        assert_eq!(app.take_sound(), None, "said once per game");
    }

    #[test]
    fn a_check_sounds_as_a_check() {
        let mut app = App::new(5);
        app.start_game(GameConfig {
            variant: VariantKind::Standard,
            options: Default::default(),
            seats: Seats {
                white: Seat::Here,
                black: Seat::Here,
            },
            time_control: None,
        })
        .unwrap();
        assert_eq!(
            app.take_sound(),
            None,
            "the page looks after the game starts"
        );
        let mut heard = Vec::new();
        for text in ["e2e4", "f7f6", "d1h5"] {
            app.apply(PlayerAction::Play { text: text.into() }).unwrap();
            heard.extend(app.take_sound());
        }
        assert_eq!(heard, [Sound::Move, Sound::Move, Sound::Check]);
    }

    #[test]
    fn sliding_chess_pieces_premove_but_never_onto_the_gap() {
        let mut app = App::new(3);
        let mut options = std::collections::BTreeMap::new();
        options.insert("gap".to_string(), "e3".to_string());
        app.start_game(GameConfig {
            variant: VariantKind::Sliding,
            options,
            seats: Seats {
                white: Seat::Here,
                black: Seat::Computer(Level::Easy),
            },
            time_control: None,
        })
        .unwrap();
        click(&mut app, "b1", false);
        click(&mut app, "c3", false);
        assert_eq!(moves(&app).len(), 1);
        // The gap (e3, f3, e4, f4) takes no premove; another square does.
        click(&mut app, "g1", false);
        click(&mut app, "f3", false);
        assert_eq!(app.game().unwrap().premoves.queued, None);
        click(&mut app, "g1", false);
        click(&mut app, "h3", false);
        assert!(app.game().unwrap().premoves.queued.is_some());
        let reply = app.game().unwrap().session.actions()[0].text().to_string();
        computer_plays(&mut app, &reply);
        assert_eq!(moves(&app).len(), 3, "the knight's premove is played");
    }
}
