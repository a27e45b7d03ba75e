//! The game screen's state: the game (`Session`), who sits where, the board shown and its
//! clickable actions, the clock count, the computer's request bookkeeping, board input and the
//! animation in progress. Playing an action and keeping everything in step with the game
//! happen here; history browsing and undo are in `history.rs`. Nothing here touches the page.

use crate::anim::{self, Animation};
use crate::clock::TurnClock;
use crate::geometry::{Geometry, Window};
use crate::input::board::{BoardInput, Position};
use crate::marks::Marks;
use crate::model::{Action, BoardModel, Overlay};
use crate::opponent::Opponent;
use crate::premove::Premoves;
use crate::seat::Seat;
use crate::session::Session;
use crate::sound::SoundWatch;
use crate::state::GameConfig;

pub struct GameScreen {
    pub session: Session,
    pub config: GameConfig,
    /// The board shown: the live game, or a past position while browsing.
    pub model: BoardModel,
    /// The actions the person at this screen may play now (none on another seat's turn or
    /// while browsing).
    pub actions: Vec<Action>,
    /// History browsing: the ply shown (`None`: the live game).
    pub view_ply: Option<usize>,
    pub clock: TurnClock,
    pub opponent: Opponent,
    pub input: BoardInput,
    pub animation: Option<Animation>,
    /// Seen from Black: a1 at the top right.
    pub flipped: bool,
    /// Relative chess on a small screen: the view follows the inner board in squares big
    /// enough to tap, instead of showing the whole outer board.
    pub zoomed: bool,
    /// Arrows and circles drawn with the right button, and the engine's arrow.
    pub marks: Marks,
    pub premoves: Premoves,
    pub sounds: SoundWatch,
    /// Animation length against the normal speed; `None`: moves are not animated (settings).
    pub animation_pace: Option<f64>,
    /// A move made on the board that waits for Confirm (the move confirmation setting).
    pub held_move: Option<String>,
    /// How many move animations have begun: lets a test see that one ran even when a slow
    /// machine finished it before anyone looked.
    pub animations_started: u32,
}

impl GameScreen {
    pub fn new(config: GameConfig, session: Session) -> GameScreen {
        GameScreen {
            flipped: config.seats.seen_from_black(),
            model: session.board(),
            session,
            config,
            actions: Vec::new(),
            view_ply: None,
            clock: TurnClock::default(),
            opponent: Opponent::default(),
            input: BoardInput::default(),
            animation: None,
            zoomed: false,
            marks: Marks::default(),
            premoves: Premoves::default(),
            sounds: SoundWatch::default(),
            animation_pace: Some(1.0),
            held_move: None,
            animations_started: 0,
        }
    }

    pub fn geometry(&self, size: f64) -> Geometry {
        Geometry {
            size,
            files: self.model.files,
            ranks: self.model.ranks,
            flipped: self.flipped,
            window: self.zoom_window(),
        }
    }

    /// Whether the board can be zoomed: relative chess, whose outer board dwarfs its squares.
    pub fn can_zoom(&self) -> bool {
        self.model.inner_origin.is_some()
    }

    fn zoom_window(&self) -> Option<Window> {
        let origin = self.model.inner_origin.filter(|_| self.zoomed)?;
        Some(Window::around_inner_board(
            (origin.x, origin.y),
            self.model.files,
            self.model.ranks,
        ))
    }

    pub fn is_over(&self) -> bool {
        self.session.result().is_some()
    }

    /// The seat whose turn it is, while the game goes on.
    pub fn seat_to_act(&self) -> Option<&Seat> {
        (!self.is_over()).then(|| self.config.seats.get(self.session.turn()))
    }

    /// Whether the person at this screen is to act in the live game.
    pub fn here_to_act(&self) -> bool {
        self.seat_to_act().is_some_and(Seat::is_here)
    }

    /// Whether board input plays now: this screen's turn in the live game.
    pub fn input_open(&self) -> bool {
        self.here_to_act() && self.view_ply.is_none()
    }

    pub fn position(&self) -> Position<'_> {
        Position {
            model: &self.model,
            actions: &self.actions,
            turn: self.session.turn(),
            setup: self.session.setup_step(),
        }
    }

    pub fn overlay(&self) -> Overlay {
        if let Some(overlay) = crate::premove::overlay(self) {
            return overlay;
        }
        self.input.overlay(&self.position())
    }

    /// Re-reads the game after a change: the board shown, the clickable actions, the clock.
    pub fn refresh(&mut self, now: f64) {
        self.model = self.session.board_at(self.view_ply);
        self.actions = if self.input_open() {
            self.session.actions()
        } else {
            Vec::new()
        };
        self.clock
            .sync(self.session.clock_runs() && self.view_ply.is_none(), now);
        let position = Position {
            model: &self.model,
            actions: &self.actions,
            turn: self.session.turn(),
            setup: None,
        };
        self.input.sync(&position);
    }

    /// Charges the time used since the count started to the side to move; true when that
    /// made its flag fall.
    pub fn charge_clock(&mut self, now: f64) -> bool {
        if !self.session.clock_runs() {
            return false;
        }
        match self.clock.take_elapsed(now) {
            Some(elapsed) => self.session.record_elapsed(elapsed),
            None => false,
        }
    }

    /// Whether the running clock has reached zero by `now`.
    pub fn flag_due(&self, now: f64) -> bool {
        let Some(clock) = self.session.clock() else {
            return false;
        };
        self.clock
            .flag_due(clock.remaining(self.session.turn()), now)
    }

    /// Plays an action's text through the rules and animates it; the error names what was
    /// wrong when the rules (or the clock) refuse it.
    pub fn play(&mut self, text: &str, now: f64) -> Result<(), String> {
        if self.view_ply.is_some() {
            self.browse_to(None, now);
        }
        if self.charge_clock(now) {
            self.refresh(now);
            return Err("the flag fell before the move".to_string());
        }
        let before = self.model.clone();
        let action = self
            .session
            .actions()
            .into_iter()
            .find(|a| a.text() == text)
            .or_else(|| crate::model::action_from_text(text));
        self.session.play(text)?;
        self.input.after_play();
        self.clock.stop();
        self.refresh(now);
        self.animation = action.and_then(|action| anim::build(&before, &self.model, &action, now));
        self.animation = self
            .animation
            .take()
            .zip(self.animation_pace)
            .map(|(a, pace)| a.paced(pace));
        self.animations_started += u32::from(self.animation.is_some());
        Ok(())
    }

    /// The animation frame at `now`: true while the animation runs on.
    pub fn animate(&mut self, now: f64) -> bool {
        let running = self.animation.as_ref().is_some_and(|a| a.running_at(now));
        if !running {
            self.animation = None;
        }
        running
    }
}
