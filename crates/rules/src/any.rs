//! `AnyGame`: one game of any of the four variants behind a text-level API, for the edges
//! (browser app, command line, saved games). Moves go in and out as move text; the board is
//! described by [`BoardView`] in absolute (x, y) coordinates so the UI needs no rules.
//!
//! Ply numbering counts every recorded step: in regroupment the setup steps come first, then the
//! moves; ply 0 is the position before anything was played.

use crate::chess::{CastlingMode, ChessPosition, Move, MoveKind};
use crate::game::{
    color_name, Action, ClaimResult, ClockState, DrawMode, EndReason, Game, GameEnd, GameError,
    Outcome, Submitted,
};
use crate::options::VariantOptions;
use crate::position::{GamePosition, VariantKind};
use crate::regroupment::{SetupPhase, SetupStep, StartRule};
use crate::relative::{AbsSquare, MoveReport, RelativeMoveKind, RelativePosition};
use crate::save::{Pending, Players, SaveError, SavedGame, SavedResult, FORMAT, VERSION};
use crate::sliding::{SlidingMove, SlidingPosition, Tile};
use crate::types::{Color, Role, Square};
use serde::Serialize;

/// Regroupment: the setup phase, then standard chess with Chess960 castling.
#[derive(Clone, Debug)]
pub struct RegroupmentGame {
    /// `None` when the game started from a given position (or a random draw) without a phase.
    pub phase: Option<SetupPhase>,
    /// `None` until the setup phase is complete.
    pub game: Option<Game<ChessPosition>>,
    draws: DrawMode,
    /// The clock to start the play phase with (the clock does not run during the setup).
    clock: Option<ClockState>,
}

impl RegroupmentGame {
    fn setup_len(&self) -> usize {
        self.phase.as_ref().map_or(0, |phase| phase.steps().len())
    }

    /// Starts play once the phase is complete.
    fn start_play_if_complete(&mut self) -> Result<(), GameError> {
        if self.game.is_some() {
            return Ok(());
        }
        if let Some(phase) = &self.phase {
            if phase.is_complete() {
                let start = phase
                    .start_position()
                    .map_err(|error| GameError::Other(error.to_string()))?;
                let mut game = Game::new(start, self.draws);
                game.set_clock(self.clock);
                self.game = Some(game);
            }
        }
        Ok(())
    }
}

/// The game of each variant.
#[derive(Clone, Debug)]
pub enum VariantGame {
    Standard(Box<Game<ChessPosition>>),
    Regroupment(Box<RegroupmentGame>),
    Sliding(Box<Game<SlidingPosition>>),
    Relative(Box<Game<RelativePosition>>),
}

/// A game of any variant with its options.
#[derive(Clone, Debug)]
pub struct AnyGame {
    options: VariantOptions,
    /// The position text the game started from, when not the variant's own start.
    start_text: Option<String>,
    /// The options and start as asked for (before any random draw), for a rematch.
    requested: (VariantOptions, Option<String>),
    inner: VariantGame,
}

/// Runs `$body` on the typed `Game` of any variant (`$g` bound to it), or `$setup` while a
/// regroupment game is still in its setup phase.
macro_rules! with_game {
    ($inner:expr, $g:ident => $body:expr, setup $r:ident => $setup:expr) => {
        match $inner {
            VariantGame::Standard($g) => $body,
            VariantGame::Sliding($g) => $body,
            VariantGame::Relative($g) => $body,
            VariantGame::Regroupment($r) => match &$r.game {
                Some($g) => $body,
                None => $setup,
            },
        }
    };
}

macro_rules! with_game_mut {
    ($inner:expr, $g:ident => $body:expr, setup $r:ident => $setup:expr) => {
        match $inner {
            VariantGame::Standard($g) => $body,
            VariantGame::Sliding($g) => $body,
            VariantGame::Relative($g) => $body,
            VariantGame::Regroupment($r) => match &mut $r.game {
                Some($g) => $body,
                None => $setup,
            },
        }
    };
}

/// What a successful `play` did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedInfo {
    /// The canonical move text recorded (empty while a promotion is pending).
    pub text: String,
    /// The readable form for the move list.
    pub display: String,
    /// Set when the text named a promotion without its piece: the game waits for the choice.
    pub pending_promotion: Option<String>,
    /// Set when a regroupment setup step was played.
    pub setup_step: bool,
    /// The ending this move caused.
    pub result: Option<GameEnd>,
}

/// One entry of the move list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveEntry {
    pub text: String,
    pub display: String,
}

/// Whether the game is in its setup phase or being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Setup,
    Play,
}

/// Everything a status panel shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameStatus {
    pub variant: &'static str,
    pub phase: Phase,
    /// In the setup phase: `king` or `queen`, the piece whose step it is.
    pub setup_step: Option<&'static str>,
    #[serde(with = "color_name")]
    pub turn: Color,
    pub in_check: bool,
    pub outcome: Outcome,
    pub reason: Option<EndReason>,
    /// A sentence for the game-end banner (`1-0 White wins by checkmate`).
    pub result_text: Option<String>,
    pub pending_promotion: Option<String>,
    #[serde(with = "color_name::option")]
    pub draw_offer: Option<Color>,
    /// What the side to move may claim (FIDE mode).
    pub claimable: Option<EndReason>,
    pub ply: usize,
    pub halfmove_clock: u32,
    pub repetitions: usize,
    pub clock: Option<ClockState>,
}

/// What a legal target square of a selected piece means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    Normal,
    Capture,
    Castle,
    Promotion,
    /// A regroupment setup swap.
    Swap,
}

/// A square the selected piece may go to, with the text to play (a promotion's text lacks the
/// piece letter, so playing it leaves the promotion pending).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Target {
    pub x: u8,
    pub y: u8,
    pub kind: TargetKind,
    pub text: String,
}

/// A piece on the board, in absolute coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ViewPiece {
    pub x: u8,
    pub y: u8,
    /// FEN letter (upper case White).
    pub piece: char,
}

/// A slidable tile (sliding chess): its lower-left square and the text that slides it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlideOption {
    pub x: u8,
    pub y: u8,
    pub gap_x: u8,
    pub gap_y: u8,
    pub text: String,
}

/// What to draw for one ply: board size, pieces, gap, inner board, highlights and, for a
/// selected square of the live position, its legal targets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardView {
    pub width: u8,
    pub height: u8,
    pub pieces: Vec<ViewPiece>,
    /// Squares that do not exist (the sliding gap).
    pub blocked: Vec<(u8, u8)>,
    /// The inner board's a1 (relative chess).
    pub inner_origin: Option<(u8, u8)>,
    /// The king in check.
    pub check: Option<(u8, u8)>,
    /// The squares of the move that led here.
    pub last_move: Vec<(u8, u8)>,
    pub targets: Vec<Target>,
    /// Tiles that may slide now (sliding chess, live position only).
    pub slides: Vec<SlideOption>,
}

fn xy(square: Square) -> (u8, u8) {
    (square.file(), square.rank())
}

fn square_at(x: u8, y: u8) -> Option<Square> {
    Square::try_from_coords(x as i32, y as i32)
}

impl AnyGame {
    /// A new game of the options' variant at its start (a sliding gap is drawn when none is
    /// chosen, and recorded in the options; regroupment `start = random` draws the back ranks).
    pub fn new(options: VariantOptions) -> Result<AnyGame, GameError> {
        AnyGame::with_start(options, None)
    }

    /// A new game from a position text (`None`: the variant's own start). Regroupment from a
    /// position text skips the setup phase.
    pub fn with_start(
        mut options: VariantOptions,
        start: Option<&str>,
    ) -> Result<AnyGame, GameError> {
        let draws = options.draws();
        let mut start_text = start.map(|text| text.trim().to_string());
        let requested = (options, start_text.clone());
        let inner = match &mut options {
            VariantOptions::Standard { .. } => {
                let position = match &start_text {
                    Some(text) => ChessPosition::from_fen(text)
                        .map_err(|error| GameError::Other(error.to_string()))?,
                    None => ChessPosition::startpos(),
                };
                VariantGame::Standard(Box::new(Game::new(position, draws)))
            }
            VariantOptions::Regroupment { rules, .. } => {
                let given = match &start_text {
                    Some(text) => Some(
                        ChessPosition::from_fen_mode(text, CastlingMode::Chess960)
                            .map_err(|error| GameError::Other(error.to_string()))?,
                    ),
                    None if rules.start == StartRule::Random => {
                        let phase = SetupPhase::random(*rules)
                            .map_err(|error| GameError::Other(error.to_string()))?;
                        let position = phase
                            .start_position()
                            .map_err(|error| GameError::Other(error.to_string()))?;
                        start_text = Some(position.to_fen());
                        Some(position)
                    }
                    None => None,
                };
                VariantGame::Regroupment(Box::new(match given {
                    Some(position) => RegroupmentGame {
                        phase: None,
                        game: Some(Game::new(position, draws)),
                        draws,
                        clock: None,
                    },
                    None => RegroupmentGame {
                        phase: Some(SetupPhase::new(*rules)),
                        game: None,
                        draws,
                        clock: None,
                    },
                }))
            }
            VariantOptions::Sliding(sliding) => {
                let position = match &start_text {
                    Some(text) => SlidingPosition::from_text(text)
                        .map_err(|error| GameError::Other(error.to_string()))?,
                    None => {
                        let gap = sliding.resolve_gap();
                        sliding.gap = Some(gap);
                        SlidingPosition::start(gap)
                    }
                };
                if start_text.is_some() {
                    // The position text decides the gap.
                    sliding.gap = Some(position.gap()).filter(|gap| Tile::MIDDLE.contains(gap));
                }
                VariantGame::Sliding(Box::new(Game::new(position, draws)))
            }
            VariantOptions::Relative { rules, .. } => {
                let position = match &start_text {
                    Some(text) => RelativePosition::from_text(text, *rules)
                        .map_err(|error| GameError::Other(error.to_string()))?,
                    None => RelativePosition::start(*rules),
                };
                // The board field of a position text decides the size.
                rules.size = position.size();
                VariantGame::Relative(Box::new(Game::new(position, draws)))
            }
        };
        Ok(AnyGame {
            options,
            start_text,
            requested,
            inner,
        })
    }

    /// A new game as this one was asked for (a fresh random gap or back ranks when they were
    /// drawn), with the same time control and full clocks. Swapping colours is the caller's.
    pub fn rematch(&self) -> Result<AnyGame, GameError> {
        let (options, start) = &self.requested;
        let mut game = AnyGame::with_start(*options, start.as_deref())?;
        if let Some(clock) = self.clock() {
            game.set_clock(Some(ClockState::new(clock.initial_ms, clock.increment_ms)));
        }
        Ok(game)
    }

    pub fn variant(&self) -> VariantKind {
        self.options.variant()
    }

    pub fn options(&self) -> &VariantOptions {
        &self.options
    }

    /// The position text the game started from, when it did not start from the variant's own
    /// start (or, for regroupment `start = random`, the drawn start).
    pub fn start_text(&self) -> Option<&str> {
        self.start_text.as_deref()
    }

    /// The typed game, for callers that work on one variant (the engine).
    pub fn variant_game(&self) -> &VariantGame {
        &self.inner
    }

    pub fn is_setup_phase(&self) -> bool {
        matches!(&self.inner, VariantGame::Regroupment(r) if r.game.is_none())
    }

    /// Every legal action of the live position as move text (setup steps in the setup phase).
    pub fn legal_actions(&self) -> Vec<String> {
        with_game!(&self.inner, g => g.legal_move_texts(), setup r => r
            .phase
            .as_ref()
            .map(|phase| phase.legal_steps().iter().map(|s| s.to_string()).collect())
            .unwrap_or_default())
    }

    /// Plays move text (or a setup step). A promotion without its piece makes it pending; a
    /// lone piece letter then completes it.
    pub fn play(&mut self, text: &str) -> Result<PlayedInfo, GameError> {
        if let VariantGame::Regroupment(r) = &mut self.inner {
            if r.game.is_none() {
                let phase = r
                    .phase
                    .as_mut()
                    .ok_or_else(|| GameError::Other("the game has no setup phase".to_string()))?;
                let step = phase
                    .apply_text(text)
                    .map_err(|error| GameError::Other(error.to_string()))?;
                r.start_play_if_complete()?;
                return Ok(PlayedInfo {
                    text: step.to_string(),
                    display: step.to_string(),
                    pending_promotion: None,
                    setup_step: true,
                    result: None,
                });
            }
        }
        let text = match self.play_text_or_san(text) {
            Some(canonical) => canonical,
            None => text.to_string(),
        };
        let text = text.as_str();
        with_game_mut!(&mut self.inner, g => {
            match g.submit_text(text)? {
                Submitted::Played(_) => {
                    let record = g.history().last().ok_or(GameError::NotLegal)?;
                    Ok(PlayedInfo {
                        text: record.text.clone(),
                        display: record.display.clone(),
                        pending_promotion: None,
                        setup_step: false,
                        result: g.result(),
                    })
                }
                Submitted::PromotionPending(prefix) => Ok(PlayedInfo {
                    text: String::new(),
                    display: String::new(),
                    pending_promotion: Some(prefix),
                    setup_step: false,
                    result: None,
                }),
            }
        }, setup _r => Err(GameError::Other("the setup phase is not over".to_string())))
    }

    /// When `text` is not move text of the live position but readable SAN (standard,
    /// regroupment and the chess moves of sliding), the move text of that move.
    fn play_text_or_san(&self, text: &str) -> Option<String> {
        // A pawn move to the last rank written without its piece (`e8`) reads as the
        // promotion's from-to, which leaves the choice pending.
        let san = |position: &ChessPosition| -> Option<(Move, bool)> {
            if position.parse_uci(text.trim()).is_some() {
                return None;
            }
            match position.parse_san(text) {
                Ok(mv) => Some((mv, false)),
                Err(_) => {
                    let queened = format!("{}=Q", text.trim());
                    let mv = position.parse_san(&queened).ok()?;
                    mv.promotion_role().is_some().then_some((mv, true))
                }
            }
        };
        let chess_text = |position: &ChessPosition, (mv, pending): (Move, bool)| {
            let mut text = position.move_text(mv);
            if pending {
                text.pop();
            }
            text
        };
        match &self.inner {
            VariantGame::Standard(g) => san(g.position()).map(|m| chess_text(g.position(), m)),
            VariantGame::Regroupment(r) => {
                let g = r.game.as_ref()?;
                san(g.position()).map(|m| chess_text(g.position(), m))
            }
            VariantGame::Sliding(g) => {
                let position = g.position();
                let (chess_move, pending) = san(position.chess())?;
                let mv = SlidingMove::Chess(chess_move);
                g.legal_moves().contains(&mv).then(|| {
                    let mut text = position.move_text(mv);
                    if pending {
                        text.pop();
                    }
                    text
                })
            }
            VariantGame::Relative(_) => None,
        }
    }

    /// Takes back the last ply (a setup step included).
    pub fn undo(&mut self) -> Result<(), GameError> {
        if let VariantGame::Regroupment(r) = &mut self.inner {
            if let Some(game) = &mut r.game {
                if game.ply_count() > 0 || r.phase.is_none() {
                    return game.undo();
                }
                r.clock = game.clock_at(0);
                r.game = None;
            }
            let phase = r.phase.as_mut().ok_or(GameError::NothingToUndo)?;
            return phase.undo().map(|_| ()).ok_or(GameError::NothingToUndo);
        }
        with_game_mut!(&mut self.inner, g => g.undo(), setup _r => Err(GameError::NothingToUndo))
    }

    /// Takes back every ply after `ply`, to continue the game from there (reviewing a loaded
    /// game, then playing on from any point).
    pub fn truncate_to(&mut self, ply: usize) -> Result<(), GameError> {
        if ply > self.ply_count() {
            return Err(GameError::Other(format!(
                "ply {ply} is beyond the end of the game ({} plies)",
                self.ply_count()
            )));
        }
        while self.ply_count() > ply {
            self.undo()?;
        }
        Ok(())
    }

    /// Plies recorded (setup steps included).
    pub fn ply_count(&self) -> usize {
        self.setup_ply_count() + self.game_ply_count()
    }

    /// Regroupment setup steps recorded (0 for other variants).
    pub fn setup_ply_count(&self) -> usize {
        match &self.inner {
            VariantGame::Regroupment(r) => r.setup_len(),
            _ => 0,
        }
    }

    fn game_ply_count(&self) -> usize {
        with_game!(&self.inner, g => g.ply_count(), setup _r => 0)
    }

    /// The setup phase after `steps` steps.
    fn phase_after(&self, steps: usize) -> Option<SetupPhase> {
        let VariantGame::Regroupment(r) = &self.inner else {
            return None;
        };
        let phase = r.phase.as_ref()?;
        let taken = phase.steps().get(..steps)?;
        SetupPhase::from_steps(*phase.options(), taken).ok()
    }

    /// The live position text.
    pub fn position_text(&self) -> String {
        self.position_text_at(self.ply_count()).unwrap_or_default()
    }

    /// The position text after `ply` plies (0 = the start), `None` past the end.
    pub fn position_text_at(&self, ply: usize) -> Option<String> {
        let setup = self.setup_ply_count();
        if ply > self.ply_count() {
            return None;
        }
        let in_setup = self.is_setup_phase() || (ply < setup);
        if in_setup {
            return self.phase_after(ply).map(|phase| phase.board_fen());
        }
        with_game!(&self.inner, g => g.position_at(ply - setup).map(|p| p.position_text()),
            setup _r => None)
    }

    /// The move list: setup steps, then moves, as (text, display).
    pub fn move_list(&self) -> Vec<MoveEntry> {
        let mut list: Vec<MoveEntry> = Vec::new();
        if let VariantGame::Regroupment(r) = &self.inner {
            if let Some(phase) = &r.phase {
                list.extend(phase.steps().iter().map(|step| MoveEntry {
                    text: step.to_string(),
                    display: step.to_string(),
                }));
            }
        }
        with_game!(&self.inner, g => list.extend(g.history().iter().map(|record| MoveEntry {
            text: record.text.clone(),
            display: record.display.clone(),
        })), setup _r => ());
        list
    }

    /// The live game's ending, if it has ended.
    pub fn result(&self) -> Option<GameEnd> {
        with_game!(&self.inner, g => g.result(), setup _r => None)
    }

    pub fn status(&self) -> GameStatus {
        let ply = self.ply_count();
        let variant = self.variant().name();
        with_game!(&self.inner, g => {
            let position = g.position();
            let result = g.result();
            GameStatus {
                variant,
                phase: Phase::Play,
                setup_step: None,
                turn: position.turn(),
                in_check: position.is_check(),
                outcome: g.outcome(),
                reason: result.map(|end| end.reason),
                result_text: result.map(|end| end.to_string()),
                pending_promotion: g.pending_promotion().map(str::to_string),
                draw_offer: g.draw_offer(),
                claimable: g.claimable_draw(),
                ply,
                halfmove_clock: position.halfmove_clock(),
                repetitions: g.repetition_count(),
                clock: g.clock(),
            }
        }, setup r => {
            let next = r.phase.as_ref().and_then(|phase| phase.next_turn());
            GameStatus {
                variant,
                phase: Phase::Setup,
                setup_step: next.map(|(_, relocator)| relocator.name()),
                turn: next.map_or(Color::White, |(color, _)| color),
                in_check: false,
                outcome: Outcome::Ongoing,
                reason: None,
                result_text: None,
                pending_promotion: None,
                draw_offer: None,
                claimable: None,
                ply,
                halfmove_clock: 0,
                repetitions: 1,
                clock: r.clock,
            }
        })
    }

    /// Resignation by `color`.
    pub fn resign(&mut self, color: Color) -> Result<GameEnd, GameError> {
        with_game_mut!(&mut self.inner, g => g.resign(color), setup _r => Err(setup_not_over()))
    }

    pub fn offer_draw(&mut self, color: Color) -> Result<Option<GameEnd>, GameError> {
        with_game_mut!(&mut self.inner, g => g.offer_draw(color), setup _r => Err(setup_not_over()))
    }

    pub fn accept_draw(&mut self, color: Color) -> Result<GameEnd, GameError> {
        with_game_mut!(&mut self.inner, g => g.accept_draw(color), setup _r => Err(setup_not_over()))
    }

    pub fn decline_draw(&mut self, color: Color) -> Result<(), GameError> {
        with_game_mut!(&mut self.inner, g => g.decline_draw(color), setup _r => Err(setup_not_over()))
    }

    /// A claim by the side to move, optionally with an intended move (see [`Game`]).
    pub fn claim_draw(&mut self, intended: Option<&str>) -> Result<ClaimResult, GameError> {
        let canonical = intended.map(|written| {
            self.play_text_or_san(written)
                .unwrap_or_else(|| written.to_string())
        });
        with_game_mut!(&mut self.inner, g => match &canonical {
            None => g.claim_draw().map(ClaimResult::Drawn),
            Some(text) => {
                if let Some(end) = g.result() {
                    return Err(GameError::GameOver(end));
                }
                let mv = g.position().parse_move_text(text)?;
                g.claim_draw_with_move(mv)
            }
        }, setup _r => Err(setup_not_over()))
    }

    pub fn flag_fall(&mut self, color: Color) -> Result<GameEnd, GameError> {
        with_game_mut!(&mut self.inner, g => g.flag_fall(color), setup _r => Err(setup_not_over()))
    }

    /// Charges time to the side to move (no effect during the setup phase).
    pub fn record_elapsed(&mut self, elapsed_ms: u64) -> Option<GameEnd> {
        with_game_mut!(&mut self.inner, g => g.record_elapsed(elapsed_ms), setup _r => None)
    }

    /// Sets the clocks (a new game's time control, or a reload).
    pub fn set_clock(&mut self, clock: Option<ClockState>) {
        if let VariantGame::Regroupment(r) = &mut self.inner {
            r.clock = clock;
        }
        with_game_mut!(&mut self.inner, g => g.set_clock(clock), setup _r => ())
    }

    pub fn clock(&self) -> Option<ClockState> {
        with_game!(&self.inner, g => g.clock(), setup r => r.clock)
    }

    /// The clocks as they were after `ply` plies.
    pub fn clock_at(&self, ply: usize) -> Option<ClockState> {
        let setup = self.setup_ply_count();
        with_game!(&self.inner, g => g.clock_at(ply.saturating_sub(setup)), setup r => r.clock)
    }

    pub fn set_pending_promotion(&mut self, from_to: Option<&str>) -> Result<(), GameError> {
        with_game_mut!(&mut self.inner, g => g.set_pending_promotion(from_to), setup _r => match from_to {
            None => Ok(()),
            Some(text) => Err(GameError::NotAPromotion(text.to_string())),
        })
    }

    /// Applies one serialisable action.
    pub fn apply(&mut self, action: &Action) -> Result<(), GameError> {
        match action {
            Action::Move(text) => self.play(text).map(|_| ()),
            Action::Undo => self.undo(),
            Action::ClaimDraw(intended) => self.claim_draw(intended.as_deref()).map(|_| ()),
            other => with_game_mut!(&mut self.inner, g => g.apply(other),
                setup _r => Err(setup_not_over())),
        }
    }

    /// The game as a saved-game value (clocks from the game itself).
    pub fn to_save(&self, saved_at: &str, players: &Players) -> SavedGame {
        let setup = match &self.inner {
            VariantGame::Regroupment(r) => r
                .phase
                .as_ref()
                .map(|phase| phase.steps().iter().map(|s| s.to_string()).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let (moves, pending, result) = with_game!(&self.inner, g => {
            let moves: Vec<String> = g.history().iter().map(|record| record.text.clone()).collect();
            let pending = Pending {
                promotion: g.pending_promotion().map(str::to_string),
                draw_offer: g.draw_offer(),
            };
            let result = SavedResult {
                outcome: g.outcome(),
                reason: g.result().map(|end| end.reason),
                claimed_move: g.claimed_move().map(str::to_string),
            };
            (moves, pending, result)
        }, setup _r => (Vec::new(), Pending::default(), SavedResult::default()));
        SavedGame {
            format: FORMAT.to_string(),
            version: VERSION,
            variant: self.variant().name().to_string(),
            options: self.options.to_json(),
            start: self.start_text.clone(),
            setup,
            moves,
            clock: self.clock(),
            players: players.clone(),
            pending,
            result: Some(result),
            saved_at: Some(saved_at.to_string()),
        }
    }

    /// The game as saved-game JSON text.
    pub fn to_save_json(&self, saved_at: &str, players: &Players) -> String {
        self.to_save(saved_at, players).to_json_pretty()
    }

    /// Reads and fully validates saved-game JSON; nothing is returned unless every part is
    /// consistent with the rules.
    pub fn from_save_json(text: &str) -> Result<(AnyGame, Players), SaveError> {
        let saved = SavedGame::parse(text)?;
        let game = AnyGame::from_saved(&saved)?;
        Ok((game, saved.players))
    }

    /// Replays a saved game through the rules and checks its result, pending and clock fields.
    pub fn from_saved(saved: &SavedGame) -> Result<AnyGame, SaveError> {
        let variant = saved.variant_kind()?;
        let options = VariantOptions::from_json(variant, &saved.options)?;
        let mut build = options;
        if let VariantOptions::Regroupment { rules, .. } = &mut build {
            if rules.start == StartRule::Random {
                if saved.start.is_some() || !saved.setup.is_empty() {
                    // A recorded game never draws again: its start or setup says what was drawn.
                    rules.start = StartRule::Choose;
                } else if !saved.moves.is_empty() {
                    return Err(SaveError::Inconsistent(
                        "start = random with moves but no recorded start position".to_string(),
                    ));
                }
            }
        }
        if let VariantOptions::Sliding(sliding) = &build {
            if sliding.gap.is_none() && saved.start.is_none() && !saved.moves.is_empty() {
                return Err(SaveError::Inconsistent(
                    "moves are recorded but neither the gap option nor a start position says where the gap was"
                        .to_string(),
                ));
            }
        }
        let mut game = AnyGame::with_start(build, saved.start.as_deref()).map_err(|error| {
            match &saved.start {
                Some(text) => SaveError::BadStart {
                    text: text.clone(),
                    reason: error.to_string(),
                },
                None => SaveError::Inconsistent(error.to_string()),
            }
        })?;
        if let (
            VariantOptions::Regroupment { rules: chosen, .. },
            VariantOptions::Regroupment { rules, .. },
        ) = (&options, &mut game.options)
        {
            rules.start = chosen.start;
            if chosen.start == StartRule::Random {
                // A rematch draws new back ranks.
                game.requested = (options, None);
            }
        }
        game.replay_setup(&saved.setup)?;
        game.replay_moves(&saved.moves)?;
        if let Some(clock) = saved.clock {
            check_clock(&clock)?;
        }
        game.set_clock(saved.clock);
        game.restore_result(saved)?;
        game.restore_pending(&saved.pending)?;
        Ok(game)
    }

    fn replay_setup(&mut self, steps: &[String]) -> Result<(), SaveError> {
        for (index, text) in steps.iter().enumerate() {
            let reason = match &mut self.inner {
                VariantGame::Regroupment(r) => match (&r.game, &mut r.phase) {
                    (None, Some(phase)) => match phase.apply_text(text) {
                        Ok(_) => r.start_play_if_complete().err().map(|e| e.to_string()),
                        Err(error) => Some(error.to_string()),
                    },
                    (_, None) => {
                        Some("the game starts from a position: no setup steps".to_string())
                    }
                    (Some(_), _) => Some("the setup phase is already over".to_string()),
                },
                _ => Some(format!(
                    "{} chess has no setup phase",
                    self.options.variant().name()
                )),
            };
            if let Some(reason) = reason {
                return Err(SaveError::BadSetupStep {
                    index,
                    text: text.clone(),
                    reason,
                });
            }
        }
        Ok(())
    }

    fn replay_moves(&mut self, moves: &[String]) -> Result<(), SaveError> {
        for (index, text) in moves.iter().enumerate() {
            let outcome = with_game_mut!(&mut self.inner, g => match g.result() {
                Some(end) => Err(format!("the game was already over ({end})")),
                None => g.play_text(text).map(|_| ()).map_err(|error| error.to_string()),
            }, setup r => Err(format!(
                "the setup phase is not over ({} of 4 steps recorded)",
                r.setup_len()
            )));
            if let Err(reason) = outcome {
                return Err(SaveError::BadMove {
                    index,
                    text: text.clone(),
                    reason,
                });
            }
        }
        Ok(())
    }

    fn restore_result(&mut self, saved: &SavedGame) -> Result<(), SaveError> {
        let Some(result) = &saved.result else {
            return Ok(());
        };
        let inconsistent = |message: String| Err(SaveError::Inconsistent(message));
        match (result.outcome, result.reason) {
            (Outcome::Ongoing, Some(reason)) => {
                return inconsistent(format!("result '*' with reason {reason}"))
            }
            (Outcome::Win(_) | Outcome::Draw, None) => {
                return inconsistent(format!(
                    "result {} without a reason",
                    result.outcome.result_text()
                ))
            }
            _ => {}
        }
        if result.claimed_move.is_some()
            && !matches!(
                result.reason,
                Some(EndReason::ThreefoldRepetition | EndReason::FiftyMoves)
            )
        {
            return inconsistent("a claimed move without a draw claim".to_string());
        }
        let clock = saved.clock;
        with_game_mut!(&mut self.inner, g => {
            let natural = g.result();
            if let Some(end) = natural {
                if result.outcome != end.outcome || result.reason != Some(end.reason) {
                    return inconsistent(format!(
                        "the moves end the game ({end}) but the result says {} {}",
                        result.outcome.result_text(),
                        result.reason.map_or("(no reason)", EndReason::name)
                    ));
                }
                return Ok(());
            }
            let Some(reason) = result.reason else {
                return Ok(());
            };
            let wanted = GameEnd { outcome: result.outcome, reason };
            let fits = match reason {
                EndReason::Resignation => match result.outcome {
                    Outcome::Win(winner) => !g.position().is_bare_king(winner),
                    _ => false,
                },
                EndReason::ResignationVsBareKing => result.outcome == Outcome::Draw
                    && Color::ALL.iter().any(|&c| g.position().is_bare_king(c)),
                EndReason::DrawAgreed => result.outcome == Outcome::Draw,
                EndReason::Timeout | EndReason::TimeoutVsInsufficientMaterial => {
                    let Some(clock) = clock else {
                        return inconsistent(format!("result {reason} in a game without a clock"));
                    };
                    let flagged: Vec<Color> = Color::ALL
                        .into_iter()
                        .filter(|&c| clock.remaining(c) == 0)
                        .collect();
                    if flagged.is_empty() {
                        return inconsistent(format!(
                            "result {reason} but neither clock is at zero"
                        ));
                    }
                    flagged.iter().any(|&c| g.flag_result(c) == wanted)
                }
                EndReason::ThreefoldRepetition | EndReason::FiftyMoves => {
                    if result.outcome != Outcome::Draw || g.policy().automatic_threefold_and_fifty {
                        false
                    } else {
                        let check = match &result.claimed_move {
                            None => g.claim_check(None),
                            Some(text) => match g.position().parse_move_text(text) {
                                Ok(mv) if g.legal_moves().contains(&mv) => g.claim_check(Some(mv)),
                                _ => {
                                    return inconsistent(format!(
                                        "the claimed move '{text}' is not legal in the final position"
                                    ))
                                }
                            },
                        };
                        if reason == EndReason::ThreefoldRepetition {
                            check.threefold
                        } else {
                            check.fifty
                        }
                    }
                }
                _ => false,
            };
            if !fits {
                return inconsistent(format!(
                    "the result {} by {reason} does not fit the final position",
                    result.outcome.result_text()
                ));
            }
            let claimed = result.claimed_move.as_ref().and_then(|text| {
                g.position().parse_move_text(text).ok().map(|mv| g.position().move_text(mv))
            });
            g.set_event_end(wanted, claimed);
            Ok(())
        }, setup _r => match result.outcome {
            Outcome::Ongoing => Ok(()),
            _ => inconsistent("a result is recorded but the setup phase is not over".to_string()),
        })
    }

    fn restore_pending(&mut self, pending: &Pending) -> Result<(), SaveError> {
        if pending.promotion.is_none() && pending.draw_offer.is_none() {
            return Ok(());
        }
        let inconsistent = |message: String| Err(SaveError::Inconsistent(message));
        with_game_mut!(&mut self.inner, g => {
            if let Some(end) = g.result() {
                return inconsistent(format!("something is pending but the game is over ({end})"));
            }
            if let Some(text) = &pending.promotion {
                if g.set_pending_promotion(Some(text)).is_err() {
                    return inconsistent(format!(
                        "pending promotion '{text}' is not the start of a legal promotion move"
                    ));
                }
            }
            g.set_draw_offer(pending.draw_offer);
            Ok(())
        }, setup _r => inconsistent("something is pending but the setup phase is not over".to_string()))
    }

    /// The board after `ply` plies (the live position when `None`), with the legal targets of
    /// `selected` (x, y) when it shows the live position.
    pub fn board_view(&self, ply: Option<usize>, selected: Option<(u8, u8)>) -> Option<BoardView> {
        let live = self.ply_count();
        let ply = ply.unwrap_or(live);
        if ply > live {
            return None;
        }
        let selected = if ply == live { selected } else { None };
        let setup = self.setup_ply_count();
        if self.is_setup_phase() || ply < setup {
            let phase = self.phase_after(ply)?;
            let position =
                ChessPosition::from_fen_mode(&phase.board_fen(), CastlingMode::Chess960).ok()?;
            let mut view = chess_board(&position);
            if ply == live {
                view.targets = setup_targets(&phase, selected);
            }
            return Some(view);
        }
        let game_ply = ply - setup;
        match &self.inner {
            VariantGame::Standard(g) => Some(chess_view(g, game_ply, selected)),
            VariantGame::Regroupment(r) => Some(chess_view(r.game.as_ref()?, game_ply, selected)),
            VariantGame::Sliding(g) => Some(sliding_view(g, game_ply, selected)),
            VariantGame::Relative(g) => Some(relative_view(g, game_ply, selected)),
        }
    }

    /// What the move that led to ply `ply` did in relative chess (shift, recentering, pieces
    /// lost), for animating it forwards or backwards.
    pub fn relative_report_at(&self, ply: usize) -> Option<MoveReport> {
        let VariantGame::Relative(g) = &self.inner else {
            return None;
        };
        let record = g.history().get(ply.checked_sub(1)?)?;
        let mut position = record.before.clone();
        Some(position.play_with_report(record.mv))
    }

    /// The slide that led to ply `ply` in sliding chess: the tile's lower-left square before
    /// and after (the latter is the old gap).
    pub fn slide_at(&self, ply: usize) -> Option<((u8, u8), (u8, u8))> {
        let VariantGame::Sliding(g) = &self.inner else {
            return None;
        };
        match g.history().get(ply.checked_sub(1)?)?.mv {
            SlidingMove::Slide { from, to } => Some((xy(from.lower_left()), xy(to.lower_left()))),
            SlidingMove::Chess(_) => None,
        }
    }
}

fn setup_not_over() -> GameError {
    GameError::Other("the setup phase is not over".to_string())
}

fn check_clock(clock: &ClockState) -> Result<(), SaveError> {
    // A week is far beyond any time control; larger values can only be a broken file.
    const LIMIT_MS: u64 = 7 * 24 * 3600 * 1000;
    if clock.initial_ms > LIMIT_MS
        || clock.increment_ms > LIMIT_MS
        || clock.remaining_ms.iter().any(|&ms| ms > LIMIT_MS)
    {
        return Err(SaveError::Inconsistent(format!(
            "clock values beyond {LIMIT_MS} ms"
        )));
    }
    if clock.remaining_ms == [0, 0] {
        // The first flag to fall ends the game, so the other clock cannot run down as well.
        return Err(SaveError::Inconsistent(
            "both clocks are at zero (the game ends when the first flag falls)".to_string(),
        ));
    }
    Ok(())
}

fn chess_board(position: &ChessPosition) -> BoardView {
    let pieces = Square::all()
        .filter_map(|sq| {
            position.piece_at(sq).map(|piece| ViewPiece {
                x: sq.file(),
                y: sq.rank(),
                piece: piece.fen_char(),
            })
        })
        .collect();
    let check = position
        .is_check()
        .then(|| xy(position.king(position.turn())));
    BoardView {
        width: 8,
        height: 8,
        pieces,
        blocked: position.blocked().map(xy).collect(),
        inner_origin: None,
        check,
        last_move: Vec::new(),
        targets: Vec::new(),
        slides: Vec::new(),
    }
}

/// The squares a chess move touches for the last-move highlight (castling: the king's path).
fn chess_move_squares(mv: Move) -> Vec<(u8, u8)> {
    match mv.kind() {
        MoveKind::Castle => {
            let (king_to, _) = ChessPosition::castling_destinations(mv.from(), mv.to());
            vec![xy(mv.from()), xy(king_to)]
        }
        _ => vec![xy(mv.from()), xy(mv.to())],
    }
}

/// The targets of the piece on `from` among `moves`.
fn chess_targets(
    position: &ChessPosition,
    moves: &[Move],
    from: Square,
    text_of: impl Fn(Move) -> String,
) -> Vec<Target> {
    let mut targets: Vec<Target> = Vec::new();
    let ordinary: Vec<Square> = moves
        .iter()
        .filter(|mv| mv.from() == from && !mv.is_castle())
        .map(|mv| mv.to())
        .collect();
    for &mv in moves.iter().filter(|mv| mv.from() == from) {
        let text = text_of(mv);
        match mv.kind() {
            MoveKind::Castle => {
                let (king_to, _) = ChessPosition::castling_destinations(mv.from(), mv.to());
                targets.push(Target {
                    x: mv.to().file(),
                    y: mv.to().rank(),
                    kind: TargetKind::Castle,
                    text: text.clone(),
                });
                // Onto the castling square castles only when that is not an ordinary king move.
                if king_to != from && king_to != mv.to() && !ordinary.contains(&king_to) {
                    targets.push(Target {
                        x: king_to.file(),
                        y: king_to.rank(),
                        kind: TargetKind::Castle,
                        text,
                    });
                }
            }
            MoveKind::Promotion(_) => {
                let (x, y) = xy(mv.to());
                if !targets.iter().any(|t| t.x == x && t.y == y) {
                    let mut prefix = text;
                    prefix.pop();
                    targets.push(Target {
                        x,
                        y,
                        kind: TargetKind::Promotion,
                        text: prefix,
                    });
                }
            }
            kind => {
                let capture = kind == MoveKind::EnPassant || position.piece_at(mv.to()).is_some();
                targets.push(Target {
                    x: mv.to().file(),
                    y: mv.to().rank(),
                    kind: if capture {
                        TargetKind::Capture
                    } else {
                        TargetKind::Normal
                    },
                    text,
                });
            }
        }
    }
    targets
}

fn chess_view(game: &Game<ChessPosition>, ply: usize, selected: Option<(u8, u8)>) -> BoardView {
    let position = game.position_at(ply).unwrap_or(game.position());
    let mut view = chess_board(position);
    if ply > 0 {
        if let Some(record) = game.history().get(ply - 1) {
            view.last_move = chess_move_squares(record.mv);
        }
    }
    if let Some(from) = selected.and_then(|(x, y)| square_at(x, y)) {
        view.targets = chess_targets(position, game.legal_moves(), from, |mv| position.uci(mv));
    }
    view
}

fn sliding_view(game: &Game<SlidingPosition>, ply: usize, selected: Option<(u8, u8)>) -> BoardView {
    let position = game.position_at(ply).unwrap_or(game.position());
    let mut view = chess_board(position.chess());
    view.blocked = position.gap().squares().map(xy).collect();
    if ply > 0 {
        if let Some(record) = game.history().get(ply - 1) {
            view.last_move = match record.mv {
                SlidingMove::Chess(mv) => chess_move_squares(mv),
                SlidingMove::Slide { from, to } => {
                    (from.squares() | to.squares()).map(xy).collect()
                }
            };
        }
    }
    if ply == game.ply_count() {
        let moves = game.legal_moves();
        let chess_moves: Vec<Move> = moves
            .iter()
            .filter_map(|mv| match mv {
                SlidingMove::Chess(mv) => Some(*mv),
                SlidingMove::Slide { .. } => None,
            })
            .collect();
        if let Some(from) = selected.and_then(|(x, y)| square_at(x, y)) {
            view.targets = chess_targets(position.chess(), &chess_moves, from, |mv| {
                position.move_text(SlidingMove::Chess(mv))
            });
        }
        view.slides = moves
            .iter()
            .filter_map(|&mv| match mv {
                SlidingMove::Slide { from, to } => Some(SlideOption {
                    x: from.lower_left().file(),
                    y: from.lower_left().rank(),
                    gap_x: to.lower_left().file(),
                    gap_y: to.lower_left().rank(),
                    text: position.move_text(mv),
                }),
                SlidingMove::Chess(_) => None,
            })
            .collect();
    }
    view
}

/// Setup-phase targets: the king or queen whose step it is may swap onto these squares.
fn setup_targets(phase: &SetupPhase, selected: Option<(u8, u8)>) -> Vec<Target> {
    let Some((color, relocator)) = phase.next_turn() else {
        return Vec::new();
    };
    let Some(from) = selected.and_then(|(x, y)| square_at(x, y)) else {
        return Vec::new();
    };
    let rank = if color == Color::White { 0 } else { 7 };
    let role = match relocator.letter() {
        'K' => Role::King,
        _ => Role::Queen,
    };
    if from.rank() != rank || phase.back_rank(color)[from.file() as usize] != role {
        return Vec::new();
    }
    phase
        .legal_steps()
        .into_iter()
        .filter_map(|step: SetupStep| {
            let square = step.swap_with?;
            Some(Target {
                x: square.file(),
                y: square.rank(),
                kind: TargetKind::Swap,
                text: step.to_string(),
            })
        })
        .collect()
}

fn abs_xy(square: AbsSquare) -> (u8, u8) {
    (square.x, square.y)
}

fn relative_view(
    game: &Game<RelativePosition>,
    ply: usize,
    selected: Option<(u8, u8)>,
) -> BoardView {
    let position = game.position_at(ply).unwrap_or(game.position());
    let pieces = position
        .pieces()
        .into_iter()
        .map(|(square, piece)| ViewPiece {
            x: square.x,
            y: square.y,
            piece: piece.fen_char(),
        })
        .collect();
    let check = if position.is_check() {
        position.king(position.turn()).map(abs_xy)
    } else {
        None
    };
    let mut last_move = Vec::new();
    if ply > 0 {
        if let Some(record) = game.history().get(ply - 1) {
            // The mover stays where it was; the target square names where it went relative to
            // the board before the shift, so the highlight is the mover's square after the move.
            let mut after = record.before.clone();
            let report = after.play_with_report(record.mv);
            let (rx, ry) = report.recentering;
            let from = record.mv.from();
            let moved = (from.x as i32 + rx, from.y as i32 + ry);
            if let Some(square) = AbsSquare::try_new(moved.0, moved.1, position.size()) {
                last_move.push(abs_xy(square));
            }
        }
    }
    let mut targets = Vec::new();
    if ply == game.ply_count() {
        if let Some((x, y)) = selected {
            for &mv in game
                .legal_moves()
                .iter()
                .filter(|mv| abs_xy(mv.from()) == (x, y))
            {
                let (tx, ty) = abs_xy(mv.to());
                let mut text = position.move_text(mv);
                let kind = if mv.promotion().is_some() {
                    if targets.iter().any(|t: &Target| t.x == tx && t.y == ty) {
                        continue;
                    }
                    text.pop();
                    TargetKind::Promotion
                } else if mv.kind() == RelativeMoveKind::Castle {
                    TargetKind::Castle
                } else if position.is_capture(mv) {
                    TargetKind::Capture
                } else {
                    TargetKind::Normal
                };
                targets.push(Target {
                    x: tx,
                    y: ty,
                    kind,
                    text,
                });
            }
        }
    }
    BoardView {
        width: position.size(),
        height: position.size(),
        pieces,
        blocked: Vec::new(),
        inner_origin: Some(abs_xy(position.origin())),
        check,
        last_move,
        targets,
        slides: Vec::new(),
    }
}
