//! The controller: which screen is up, and every change a player, the computer or the page
//! asks for. It owns no page element: the page layer (`page/`, browser only) feeds it events
//! with the page time, then draws from its state and carries out its `Effect`s (the worker,
//! storage, downloads). So the whole app logic runs and is tested natively.

use crate::game_screen::GameScreen;
use crate::input::board::{BoardInput, Intent, Position};
use crate::input::command::{self, Command};
use crate::input::keys::{key_command, KeyCommand, KeyPress};
use crate::opponent;
use crate::seat::{Seat, Seats, Turn};
use crate::session::{Session, TypedMove};
use crate::state::{GameConfig, PlayerAction};
use crate::view::panel;
use crate::worker::{ThinkReply, ThinkRequest};
use rules::{Color, Role, VariantKind};
use std::collections::BTreeMap;

/// What is on screen.
pub enum Screen {
    /// The start screen (choosing a game).
    Start,
    Game(Box<GameScreen>),
}

/// Work for the page layer, in the order it was asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Ask the worker for the computer's move.
    Think(ThinkRequest),
    /// Post this warm-up request (JSON text) to the computer's worker; its reply is ignored.
    WarmUp(String),
    /// Replace the worker: a search in progress cannot be interrupted.
    ReplaceWorker,
    /// Keep the game in progress for a reload; `None`: there is nothing to keep.
    Autosave(Option<String>),
    /// Offer the game as a file to download.
    Download { variant: VariantKind, json: String },
    /// Ask the analysis worker, or stop it.
    Analysis(crate::analysis::AnalysisEffect),
}

/// The buttons of the game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Flip,
    /// Relative chess: follow the inner board in bigger squares, or show the whole board.
    Zoom,
    SlideMode,
    Keep,
    /// Asks for a confirmation first.
    Resign,
    ConfirmYes,
    ConfirmNo,
    /// Offers a draw, or accepts the standing offer.
    Draw,
    Claim,
    Rematch,
    Undo,
    BackToGame,
    ContinueFromHere,
    Save,
    /// Back to the start screen.
    Home,
}

pub struct App {
    pub screen: Screen,
    /// Page time (ms) of the event being handled; the page sets it before each event.
    pub now: f64,
    /// Side of the square board in CSS pixels.
    pub board_size: f64,
    /// The game screen's message line (errors, confirmations).
    pub message: String,
    /// The last announcement for screen readers.
    pub announcement: String,
    /// A question waiting for Yes or Cancel.
    pub confirm: Option<String>,
    /// Shown on the start screen: why a game could not start or resume.
    pub start_notice: Option<String>,
    /// When the board was first painted with its pieces (page time).
    pub painted_at: Option<f64>,
    /// The game left for the start screen, kept whole (clock stopped) so it can be resumed.
    paused_game: Option<Box<GameScreen>>,
    effects: Vec<Effect>,
    seed: u64,
    pub settings: crate::settings::Settings,
    /// The evaluation bar, best line and hint (`crate::analysis`).
    pub analysis: crate::analysis::Analysis,
    /// The variants whose search the worker has been asked to warm up (`Effect::WarmUp`).
    warmed_up: Vec<VariantKind>,
}

/// The configuration of a game started from a link (`#play=VARIANT`): hot-seat, no clock.
pub fn link_config(variant: VariantKind) -> GameConfig {
    GameConfig {
        variant,
        options: BTreeMap::new(),
        seats: Seats {
            white: Seat::Here,
            black: Seat::Here,
        },
        time_control: None,
    }
}

impl App {
    /// `seed` starts the computer's random choices (the page draws it).
    pub fn new(seed: u64) -> App {
        App {
            screen: Screen::Start,
            now: 0.0,
            board_size: 480.0,
            message: String::new(),
            announcement: String::new(),
            confirm: None,
            start_notice: None,
            painted_at: None,
            paused_game: None,
            effects: Vec::new(),
            seed,
            settings: Default::default(),
            analysis: Default::default(),
            warmed_up: Vec::new(),
        }
    }

    pub fn take_effects(&mut self) -> Vec<Effect> {
        self.sync_analysis();
        self.queue_warm_up();
        std::mem::take(&mut self.effects)
    }

    pub fn game(&self) -> Option<&GameScreen> {
        match &self.screen {
            Screen::Game(game) => Some(game),
            Screen::Start => None,
        }
    }

    fn game_mut(&mut self) -> Option<&mut GameScreen> {
        match &mut self.screen {
            Screen::Game(game) => Some(game),
            Screen::Start => None,
        }
    }

    // --- screens ---------------------------------------------------------------------------

    /// Starts a new game; on failure the start screen says why.
    pub fn start_game(&mut self, config: GameConfig) -> Result<(), String> {
        match Session::new(&config) {
            Ok(session) => {
                self.install(config, session);
                Ok(())
            }
            Err(error) => {
                self.show_start();
                self.start_notice = Some(format!("Cannot start this game: {error}."));
                Err(error)
            }
        }
    }

    /// Makes `session` the game on the board, played by `config`'s seats.
    pub(crate) fn install(&mut self, config: GameConfig, session: Session) {
        self.cancel_thinking();
        self.paused_game = None;
        self.screen = Screen::Game(Box::new(GameScreen::new(config, session)));
        self.message.clear();
        self.confirm = None;
        self.start_notice = None;
        self.refresh();
        if let Some(game) = self.game_mut() {
            // A game saved while its promotion choice was open asks the question again.
            if let Some(from_to) = game.session.pending_promotion() {
                if game.input_open() {
                    let intent = input_event(game, |input, position| {
                        input.reopen_promotion(position, &from_to)
                    });
                    self.on_intent(intent);
                }
            }
        }
    }

    /// After the game changed: the board and actions, the autosave, the computer's turn.
    fn refresh(&mut self) {
        let now = self.now;
        if let Some(game) = self.game_mut() {
            game.refresh(now);
        }
        self.autosave();
        self.start_seat_turn();
    }

    fn autosave(&mut self) {
        let Some(game) = self.game() else { return };
        let saved = (!game.is_over()).then(|| game.session.to_json(&game.config));
        self.effects.push(Effect::Autosave(saved));
    }

    /// Asks the computer when it is its turn; the person here and remote seats are waited for.
    fn start_seat_turn(&mut self) {
        self.follow_settings();
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let seed = self.seed >> 16;
        let Some(game) = self.game_mut() else { return };
        let Some(Turn::Think(level)) = game.seat_to_act().map(Seat::turn) else {
            return;
        };
        if game.opponent.thinking() {
            return;
        }
        let json = game.session.to_json(&game.config);
        let clock = game.session.clock().map(|clock| {
            let turn = game.session.turn();
            (clock.remaining_ms[turn.index()], clock.increment_ms)
        });
        let think_ms = opponent::think_time_ms(level, clock);
        let request = game.opponent.ask(json, level, think_ms, seed);
        self.effects.push(Effect::Think(request));
    }

    fn cancel_thinking(&mut self) {
        let Some(game) = self.game_mut() else { return };
        if game.opponent.cancel() {
            self.effects.push(Effect::ReplaceWorker);
        }
    }

    // --- the board --------------------------------------------------------------------------

    /// A press on the board. True when more than the board changed (a move was played, the
    /// promotion chooser opened or closed), so the page redraws the panel too.
    pub fn pointer_down(&mut self, x: f64, y: f64) -> bool {
        let size = self.board_size;
        let Some(game) = self.game_mut() else {
            return false;
        };
        game.animation = None;
        if !game.input_open() {
            return game.input.close_promotion() && self.on_intent(Intent::PromotionClosed);
        }
        let at = game.geometry(size).square_at(x, y);
        let intent = input_event(game, |input, position| {
            input.pointer_down(position, at, x, y)
        });
        self.on_intent(intent)
    }

    /// True when the board must be drawn again.
    pub fn pointer_move(&mut self, x: f64, y: f64) -> bool {
        let Some(game) = self.game_mut() else {
            return false;
        };
        game.input.pointer_move(x, y) == Intent::Repaint
    }

    /// The end of a press; true as for `pointer_down`.
    pub fn pointer_up(&mut self, x: f64, y: f64) -> bool {
        let size = self.board_size;
        let Some(game) = self.game_mut() else {
            return false;
        };
        if !game.input_open() {
            game.input.pointer_cancel();
            return false;
        }
        let at = game.geometry(size).square_at(x, y);
        let intent = input_event(game, |input, position| input.pointer_up(position, at));
        self.on_intent(intent)
    }

    pub fn pointer_cancel(&mut self) {
        if let Some(game) = self.game_mut() {
            game.input.pointer_cancel();
        }
    }

    /// A piece picked in the promotion chooser.
    pub fn choose_promotion(&mut self, role: Role) {
        let Some(game) = self.game_mut() else { return };
        game.session.set_pending_promotion(None);
        let intent = game.input.choose_promotion(role);
        self.on_intent(intent);
    }

    /// Carries out what board input asks for; true when more than the board changed.
    fn on_intent(&mut self, intent: Intent) -> bool {
        match intent {
            Intent::None | Intent::Repaint => return false,
            Intent::Play(text) => self.play_or_hold(text),
            Intent::PromotionOpened { .. } if self.settings.auto_queen => self.promote_to_queen(),
            Intent::PromotionOpened { from_to } => {
                if let Some(game) = self.game_mut() {
                    // Recorded in the game, so a save or a reload keeps the question open.
                    game.session.set_pending_promotion(Some(&from_to));
                }
                self.autosave();
            }
            Intent::PromotionClosed => {
                if let Some(game) = self.game_mut() {
                    game.session.set_pending_promotion(None);
                }
                self.autosave();
            }
        }
        true
    }

    /// Plays move text (any seat's) and reports a refusal in the message line.
    fn play(&mut self, text: &str) -> Result<(), String> {
        let now = self.now;
        let Some(game) = self.game_mut() else {
            return Err("no game is being played".to_string());
        };
        let result = game.play(text, now);
        match &result {
            Ok(()) => {
                self.message.clear();
                self.announce_last();
            }
            Err(error) => self.message = error.clone(),
        }
        self.autosave();
        self.start_seat_turn();
        self.play_premove();
        result
    }

    // --- keys, buttons and typed commands ----------------------------------------------------

    /// A key press on the game screen; true when it was used (the page then keeps it from the
    /// browser).
    pub fn key(&mut self, press: &KeyPress) -> bool {
        let Some(game) = self.game() else {
            return false;
        };
        let live = game.session.ply_count();
        let shown = game.view_ply.unwrap_or(live);
        let Some(command) = key_command(press, shown, live, game.view_ply.is_some()) else {
            return false;
        };
        match command {
            KeyCommand::Undo => self.act_here(PlayerAction::Undo),
            KeyCommand::Flip => self.flip(),
            KeyCommand::Browse(target) => self.browse_to(target),
            KeyCommand::Escape => {
                self.cancel_premove();
                if let Some(game) = self.game_mut() {
                    let intent = game.input.escape();
                    self.on_intent(intent);
                }
                self.browse_to(None);
            }
        }
        true
    }

    pub fn control(&mut self, control: Control) {
        match control {
            Control::Flip => self.flip(),
            Control::Zoom => {
                if let Some(game) = self.game_mut() {
                    game.zoomed = !game.zoomed && game.can_zoom();
                }
            }
            Control::SlideMode => {
                if let Some(game) = self.game_mut() {
                    game.input.toggle_slide_mode();
                }
            }
            Control::Keep => {
                let Some(game) = self.game_mut() else { return };
                if game.input_open() {
                    let intent = input_event(game, |input, position| input.keep(position));
                    self.on_intent(intent);
                }
            }
            Control::Resign => self.ask_to_resign(),
            Control::ConfirmNo => self.confirm = None,
            Control::ConfirmYes => {
                self.confirm = None;
                self.resign();
            }
            Control::Draw => self.draw_button(),
            Control::Claim => self.act_here(PlayerAction::ClaimDraw { with_move: None }),
            Control::Rematch => self.act_here(PlayerAction::Rematch),
            Control::Undo => self.act_here(PlayerAction::Undo),
            Control::BackToGame => self.browse_to(None),
            Control::ContinueFromHere => self.continue_from_here(),
            Control::Save => self.save(),
            Control::Home => self.show_start(),
        }
    }

    /// A typed line: a move or a command.
    pub fn command(&mut self, line: &str) {
        let Some(command) = command::parse(line) else {
            return;
        };
        let over = self.game().is_some_and(GameScreen::is_over);
        // What an earlier line was told is stale now; a refusal of this one says it anew.
        self.message.clear();
        match command {
            Command::Move(typed) => {
                let Some(game) = self.game() else { return };
                if over {
                    self.message = "The game is over: /rematch starts another.".into();
                } else if !game.input_open() {
                    self.message = "It is not your turn to move.".into();
                } else {
                    match game.session.resolve_typed_move(&typed) {
                        Ok(TypedMove::Play(text)) => self.act_here(PlayerAction::Play { text }),
                        Ok(TypedMove::NeedsPromotion(from_to)) => {
                            let Some(game) = self.game_mut() else { return };
                            let intent = input_event(game, |input, position| {
                                input.reopen_promotion(position, &from_to)
                            });
                            self.on_intent(intent);
                        }
                        Err(error) => self.message = error,
                    }
                }
            }
            Command::Undo => self.act_here(PlayerAction::Undo),
            Command::Resign => self.ask_to_resign(),
            Command::Draw => self.draw_button(),
            Command::Claim(with_move) => self.act_here(PlayerAction::ClaimDraw { with_move }),
            Command::Rematch if over => self.act_here(PlayerAction::Rematch),
            Command::Rematch => self.message = "A rematch can start once this game is over.".into(),
            Command::Flip => self.flip(),
            Command::Save => self.save(),
            Command::Help => self.message = command::HELP.into(),
            Command::Unknown(name) => {
                self.message = format!("Unknown command '/{name}'; type /help for the list.")
            }
        }
    }

    fn flip(&mut self) {
        if let Some(game) = self.game_mut() {
            game.flipped = !game.flipped;
        }
    }

    /// The side the game buttons act for (see `Seats::acting_side`).
    fn acting_side(&self) -> Option<Color> {
        let game = self.game()?;
        game.config.seats.acting_side(game.session.turn())
    }

    /// The button and `/resign` alike: a resignation is confirmed first.
    fn ask_to_resign(&mut self) {
        if self.game().is_some_and(GameScreen::is_over) {
            self.message = "The game is over: /rematch starts another.".into();
            return;
        }
        self.confirm = Some("Resign this game?".to_string());
    }

    fn resign(&mut self) {
        if let Some(side) = self.acting_side() {
            self.act_here(PlayerAction::Resign { side });
        }
    }

    /// Offers a draw, or accepts the other side's standing offer.
    fn draw_button(&mut self) {
        let (Some(side), Some(game)) = (self.acting_side(), self.game()) else {
            return;
        };
        let hot_seat = game.config.seats.hot_seat();
        let action = match game.session.draw_offer() {
            Some(from) if from != side || hot_seat => {
                PlayerAction::AcceptDraw { side: from.other() }
            }
            _ => PlayerAction::OfferDraw { side },
        };
        self.act_here(action);
    }

    /// An action of the person at this screen (board input, buttons, keys, typed commands).
    /// This is the one point where this screen's actions leave for the game, so a network
    /// layer can carry them to a server instead; a move is played on this screen's turn only.
    /// A refusal is reported in the message line.
    fn act_here(&mut self, action: PlayerAction) {
        let is_move = matches!(action, PlayerAction::Play { .. });
        if is_move && !self.game().is_some_and(GameScreen::here_to_act) {
            return;
        }
        if let Err(error) = self.apply(action) {
            self.message = error;
        }
    }

    /// Applies one player action. Every change a player makes to the game goes through here;
    /// the page's `apply` hook and the other seats' actions come in here too.
    pub fn apply(&mut self, action: PlayerAction) -> Result<(), String> {
        let Some(game) = self.game_mut() else {
            return Err("no game is being played".to_string());
        };
        let result = match action {
            PlayerAction::Play { text } => return self.play(&text),
            PlayerAction::Undo => {
                self.undo();
                return Ok(());
            }
            PlayerAction::Rematch => {
                self.rematch();
                return Ok(());
            }
            PlayerAction::Resign { side } => game.session.resign(side),
            PlayerAction::AcceptDraw { side } => game.session.accept_draw(side),
            PlayerAction::ClaimDraw { with_move } => game.session.claim_with(with_move.as_deref()),
            PlayerAction::OfferDraw { side } => {
                let offered = game.session.offer_draw(side);
                if offered.is_ok() && game.config.seats.get(side.other()).is_computer() {
                    // The computer plays on: it declines by making its next move.
                    self.refresh();
                    self.message = "Draw offered; the computer plays on.".into();
                    return Ok(());
                }
                offered
            }
        };
        if result.is_ok() {
            self.message.clear();
        }
        if self.game().is_some_and(GameScreen::is_over) {
            self.cancel_thinking();
        }
        self.refresh();
        result
    }

    /// An action from a seat that is not played at this screen (the computer's move, or a
    /// remote player's action delivered by the network layer). Refused when it is not that
    /// seat's to make.
    pub fn seat_action(&mut self, side: Color, action: PlayerAction) -> Result<(), String> {
        let game = self
            .game()
            .ok_or_else(|| "no game is being played".to_string())?;
        if game.config.seats.get(side).is_here() {
            return Err(format!(
                "{} is played at this screen",
                panel::side_name(side)
            ));
        }
        let allowed = match &action {
            PlayerAction::Play { .. } | PlayerAction::ClaimDraw { .. } => {
                game.session.turn() == side && !game.is_over()
            }
            PlayerAction::Resign { side: s }
            | PlayerAction::OfferDraw { side: s }
            | PlayerAction::AcceptDraw { side: s } => *s == side,
            PlayerAction::Undo | PlayerAction::Rematch => false,
        };
        if !allowed {
            return Err(format!("{} may not do that now", panel::side_name(side)));
        }
        self.apply(action)
    }

    /// The worker's answer (JSON text); stale answers are ignored.
    pub fn worker_reply(&mut self, text: &str) {
        let Ok(reply) = serde_json::from_str::<ThinkReply>(text) else {
            return;
        };
        let Some(game) = self.game_mut() else { return };
        let side = game.session.turn();
        match game.opponent.accept(reply) {
            None => {}
            Some(Ok(text)) => {
                if let Err(error) = self.seat_action(side, PlayerAction::Play { text }) {
                    self.message = format!("The computer could not move: {error}");
                }
            }
            Some(Err(error)) => self.message = format!("The computer could not move: {error}"),
        }
    }

    /// The worker could not start, or there is none in this browser.
    pub fn worker_failed(&mut self, message: &str) {
        if let Some(game) = self.game_mut() {
            game.opponent.failed();
        }
        self.message = message.to_string();
    }

    fn rematch(&mut self) {
        let Some(game) = self.game() else { return };
        let config = &game.config;
        let random_gap =
            config.variant == VariantKind::Sliding && !config.options.contains_key("gap");
        let next = config.rematch(random_gap);
        self.start_game(next).ok();
    }

    fn undo(&mut self) {
        let now = self.now;
        let Some(game) = self.game() else { return };
        if game.session.ply_count() == 0 {
            return;
        }
        let was_thinking = game.opponent.thinking();
        self.cancel_thinking();
        if let Some(game) = self.game_mut() {
            game.undo(was_thinking, now);
        }
        self.message.clear();
        self.announcement = "Move taken back.".into();
        self.autosave();
        self.start_seat_turn();
    }

    pub fn browse_to(&mut self, target: Option<usize>) {
        let now = self.now;
        if let Some(game) = self.game_mut() {
            if game.input.close_promotion() {
                game.session.set_pending_promotion(None);
            }
            game.browse_to(target, now);
        }
        self.autosave();
    }

    fn continue_from_here(&mut self) {
        let now = self.now;
        if self.game().is_none_or(|g| g.view_ply.is_none()) {
            return;
        }
        self.cancel_thinking();
        if let Some(game) = self.game_mut() {
            game.continue_from_here(now);
        }
        self.refresh();
    }

    fn save(&mut self) {
        let now = self.now;
        let Some(game) = self.game_mut() else { return };
        game.charge_clock(now);
        let json = game.session.to_json(&game.config);
        let variant = game.session.variant();
        self.effects.push(Effect::Download { variant, json });
    }

    // --- time -----------------------------------------------------------------------------

    /// Every 100 ms: ends the game when the running clock reaches zero. True when the game
    /// changed (otherwise only the clock faces move on).
    pub fn tick(&mut self) -> bool {
        let now = self.now;
        let Some(game) = self.game_mut() else {
            return false;
        };
        if !game.flag_due(now) || !game.charge_clock(now) {
            return false;
        }
        self.cancel_thinking();
        self.announcement = "Time is up.".into();
        self.refresh();
        true
    }

    /// An animation frame: true while the animation runs on.
    pub fn frame(&mut self) -> bool {
        let now = self.now;
        self.game_mut().is_some_and(|game| game.animate(now))
    }

    /// The page is going away: charge the running clock so the autosave is exact.
    pub fn page_hide(&mut self) {
        let now = self.now;
        if let Some(game) = self.game_mut() {
            game.charge_clock(now);
        }
        self.autosave();
    }

    /// Announces the last ply for screen readers and keyboard players.
    fn announce_last(&mut self) {
        if let Some(text) = self.game().map(panel::last_ply_announcement) {
            self.announcement = text;
        }
    }
}

/// Runs a board-input function on the game's input with the position it reads.
fn input_event(
    game: &mut GameScreen,
    event: impl FnOnce(&mut BoardInput, &Position) -> Intent,
) -> Intent {
    let position = Position {
        model: &game.model,
        actions: &game.actions,
        turn: game.session.turn(),
        setup: game.session.setup_step(),
    };
    event(&mut game.input, &position)
}

mod analysis;
mod board_gestures;
mod screens;
mod settings;
#[cfg(test)]
mod tests;
