//! `AnyGame`: one game of any of the four variants behind a text-level API, for the edges
//! (browser app, command line, saved games). Moves go in and out as move text; the board is
//! described by [`BoardView`] in absolute (x, y) coordinates so the UI needs no rules.
//!
//! Ply numbering counts every recorded step: in regroupment the setup steps come first, then the
//! moves; ply 0 is the position before anything was played.
//!
//! Each method forwards to the playing variant through [`DynGame`]; only the regroupment setup
//! phase is asked about separately ([`RegroupmentGame`]). Code that needs the typed game (the
//! engine, saved-game checks) uses [`AnyGame::visit`].

mod dyn_game;
mod regroupment_game;
mod status;

pub use crate::view::{BoardView, SlideOption, Target, TargetKind, ViewPiece, ViewPosition};
pub use dyn_game::DynGame;
pub use regroupment_game::RegroupmentGame;
pub use status::{GameStatus, MoveEntry, Phase, PlayedInfo};

use crate::chess::ChessPosition;
use crate::game::{Action, ClaimResult, ClockState, Game, GameEnd, GameError};
use crate::options::VariantOptions;
use crate::position::VariantKind;
use crate::regroupment::{SetupPhase, StartRule};
use crate::relative::{MoveReport, RelativePosition};
use crate::rng::Rng;
use crate::sliding::{SlidingPosition, Tile};
use crate::types::Color;
use crate::variant::{
    Chess960, PositionTextError, Regroupment, Relative, Sliding, Standard, Variant,
};

/// The game of each variant.
#[derive(Clone, Debug)]
pub enum VariantGame {
    /// Standard chess and Chess960: the same game, the castling mode lives in the position.
    Standard(Box<Game<ChessPosition>>),
    Regroupment(Box<RegroupmentGame>),
    Sliding(Box<Game<SlidingPosition>>),
    Relative(Box<Game<RelativePosition>>),
}

/// Where a game stands: a regroupment setup phase, or a game being played.
pub enum Stage<'a> {
    Setup(&'a RegroupmentGame),
    Play(&'a dyn DynGame),
}

/// Code run on the typed game of whichever variant is playing.
pub trait GameVisitor {
    type Output;
    fn visit<P: ViewPosition>(self, game: &Game<P>) -> Self::Output;
}

/// Code run on the typed game of whichever variant is playing, with the right to change it.
pub trait GameVisitorMut {
    type Output;
    fn visit<P: ViewPosition>(self, game: &mut Game<P>) -> Self::Output;
}

impl VariantGame {
    pub fn stage(&self) -> Stage<'_> {
        match self {
            VariantGame::Standard(g) => Stage::Play(&**g),
            VariantGame::Sliding(g) => Stage::Play(&**g),
            VariantGame::Relative(g) => Stage::Play(&**g),
            VariantGame::Regroupment(r) => match &r.game {
                Some(g) => Stage::Play(g),
                None => Stage::Setup(r),
            },
        }
    }

    /// The game being played (`None` while a regroupment game is in its setup phase).
    pub fn playing(&self) -> Option<&dyn DynGame> {
        match self.stage() {
            Stage::Play(game) => Some(game),
            Stage::Setup(_) => None,
        }
    }

    pub fn playing_mut(&mut self) -> Option<&mut dyn DynGame> {
        match self {
            VariantGame::Standard(g) => Some(&mut **g),
            VariantGame::Sliding(g) => Some(&mut **g),
            VariantGame::Relative(g) => Some(&mut **g),
            VariantGame::Regroupment(r) => r.game.as_mut().map(|g| g as &mut dyn DynGame),
        }
    }

    /// Runs `visitor` on the typed game being played (`None` during a setup phase).
    pub fn visit<F: GameVisitor>(&self, visitor: F) -> Option<F::Output> {
        match self {
            VariantGame::Standard(g) => Some(visitor.visit(&**g)),
            VariantGame::Sliding(g) => Some(visitor.visit(&**g)),
            VariantGame::Relative(g) => Some(visitor.visit(&**g)),
            VariantGame::Regroupment(r) => r.game.as_ref().map(|g| visitor.visit(g)),
        }
    }

    pub fn visit_mut<F: GameVisitorMut>(&mut self, visitor: F) -> Option<F::Output> {
        match self {
            VariantGame::Standard(g) => Some(visitor.visit(&mut **g)),
            VariantGame::Sliding(g) => Some(visitor.visit(&mut **g)),
            VariantGame::Relative(g) => Some(visitor.visit(&mut **g)),
            VariantGame::Regroupment(r) => r.game.as_mut().map(|g| visitor.visit(g)),
        }
    }

    /// The regroupment game, setup phase and all.
    pub fn regroupment(&self) -> Option<&RegroupmentGame> {
        match self {
            VariantGame::Regroupment(r) => Some(r),
            _ => None,
        }
    }

    pub fn regroupment_mut(&mut self) -> Option<&mut RegroupmentGame> {
        match self {
            VariantGame::Regroupment(r) => Some(r),
            _ => None,
        }
    }
}

/// A game of any variant with its options.
#[derive(Clone, Debug)]
pub struct AnyGame {
    pub(crate) options: VariantOptions,
    /// The position text the game started from, when not the variant's own start.
    pub(crate) start_text: Option<String>,
    /// The options and start as asked for (before any random draw), for a rematch.
    pub(crate) requested: (VariantOptions, Option<String>),
    pub(crate) inner: VariantGame,
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
                    Some(text) => Standard::from_text(text, &())?,
                    None => ChessPosition::startpos(),
                };
                VariantGame::Standard(Box::new(Game::with_policy(
                    position,
                    Standard::draw_policy(draws),
                )))
            }
            VariantOptions::Regroupment { rules, .. } => {
                let given = match &start_text {
                    Some(text) => Some(Regroupment::from_text(text, rules)?),
                    None if rules.start == StartRule::Random => {
                        let phase = SetupPhase::random(*rules).map_err(PositionTextError::from)?;
                        let position = phase.start_position().map_err(PositionTextError::from)?;
                        start_text = Some(position.to_fen());
                        Some(position)
                    }
                    None => None,
                };
                VariantGame::Regroupment(Box::new(match given {
                    Some(position) => RegroupmentGame::from_position(position, draws),
                    None => RegroupmentGame::with_setup(*rules, draws),
                }))
            }
            VariantOptions::Chess960 { rules, .. } => {
                let position = match &start_text {
                    Some(text) => Chess960::from_text(text, rules)?,
                    None => {
                        let mut rng = Rng::from_entropy().ok_or_else(|| {
                            PositionTextError::Chess(crate::chess::FenError::Board {
                                reason: "the system's random source failed".to_string(),
                            })
                        })?;
                        let position = Chess960::start(rules, &mut rng)?;
                        if rules.start.is_none() {
                            // What was drawn goes into the record, as for regroupment.
                            start_text = Some(position.to_fen());
                        }
                        position
                    }
                };
                VariantGame::Standard(Box::new(Game::with_policy(
                    position,
                    Chess960::draw_policy(draws),
                )))
            }
            VariantOptions::Sliding(sliding) => {
                let position = match &start_text {
                    Some(text) => Sliding::from_text(text, sliding)?,
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
                VariantGame::Sliding(Box::new(Game::with_policy(
                    position,
                    Sliding::draw_policy(draws),
                )))
            }
            VariantOptions::Relative { rules, .. } => {
                let position = match &start_text {
                    Some(text) => Relative::from_text(text, rules)?,
                    None => RelativePosition::start(*rules),
                };
                // The board field of a position text decides the size.
                rules.size = position.size();
                VariantGame::Relative(Box::new(Game::with_policy(
                    position,
                    Relative::draw_policy(draws),
                )))
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

    /// Runs `visitor` on the typed game being played (`None` during a setup phase).
    pub fn visit<F: GameVisitor>(&self, visitor: F) -> Option<F::Output> {
        self.inner.visit(visitor)
    }

    pub fn is_setup_phase(&self) -> bool {
        self.inner
            .regroupment()
            .is_some_and(RegroupmentGame::in_setup)
    }

    /// The game being played, or why there is none yet.
    fn playing_mut(&mut self) -> Result<&mut dyn DynGame, GameError> {
        self.inner.playing_mut().ok_or(GameError::SetupNotOver)
    }

    /// Every legal action of the live position as move text (setup steps in the setup phase).
    pub fn legal_actions(&self) -> Vec<String> {
        match self.inner.stage() {
            Stage::Play(game) => game.legal_move_texts(),
            Stage::Setup(r) => r.legal_steps(),
        }
    }

    /// Plays move text (or a setup step). A promotion without its piece makes it pending; a
    /// lone piece letter then completes it.
    pub fn play(&mut self, text: &str) -> Result<PlayedInfo, GameError> {
        if let Some(r) = self.inner.regroupment_mut().filter(|r| r.in_setup()) {
            return r.play_step(text);
        }
        self.playing_mut()?.play(text)
    }

    /// Takes back the last ply (a setup step included).
    pub fn undo(&mut self) -> Result<(), GameError> {
        if let Some(r) = self.inner.regroupment_mut() {
            return r.undo();
        }
        self.playing_mut()?.undo()
    }

    /// Takes back every ply after `ply`, to continue the game from there (reviewing a loaded
    /// game, then playing on from any point).
    pub fn truncate_to(&mut self, ply: usize) -> Result<(), GameError> {
        let plies = self.ply_count();
        if ply > plies {
            return Err(GameError::PlyBeyondEnd { ply, plies });
        }
        while self.ply_count() > ply {
            self.undo()?;
        }
        Ok(())
    }

    /// Plies recorded (setup steps included).
    pub fn ply_count(&self) -> usize {
        self.setup_ply_count() + self.inner.playing().map_or(0, |game| game.ply_count())
    }

    /// Regroupment setup steps recorded (0 for other variants).
    pub fn setup_ply_count(&self) -> usize {
        self.inner
            .regroupment()
            .map_or(0, RegroupmentGame::setup_len)
    }

    /// Whether ply `ply` lies in the setup phase (the live position included while it lasts).
    fn in_setup_at(&self, ply: usize) -> bool {
        self.is_setup_phase() || ply < self.setup_ply_count()
    }

    /// The live position text.
    pub fn position_text(&self) -> String {
        self.position_text_at(self.ply_count()).unwrap_or_default()
    }

    /// The position text after `ply` plies (0 = the start), `None` past the end.
    pub fn position_text_at(&self, ply: usize) -> Option<String> {
        if ply > self.ply_count() {
            return None;
        }
        if self.in_setup_at(ply) {
            let phase = self.inner.regroupment()?.phase_after(ply)?;
            return Some(phase.board_fen());
        }
        self.inner
            .playing()?
            .position_text_at(ply - self.setup_ply_count())
    }

    /// The move list: setup steps, then moves, as (text, display).
    pub fn move_list(&self) -> Vec<MoveEntry> {
        let mut list = self
            .inner
            .regroupment()
            .map(RegroupmentGame::setup_entries)
            .unwrap_or_default();
        if let Some(game) = self.inner.playing() {
            list.extend(game.move_entries());
        }
        list
    }

    /// The live game's ending, if it has ended.
    pub fn result(&self) -> Option<GameEnd> {
        self.inner.playing()?.result()
    }

    pub fn status(&self) -> GameStatus {
        let ply = self.ply_count();
        let variant = self.variant().name();
        match self.inner.stage() {
            Stage::Play(game) => game.status(variant, ply),
            Stage::Setup(r) => r.setup_status(variant, ply),
        }
    }

    /// Resignation by `color`.
    pub fn resign(&mut self, color: Color) -> Result<GameEnd, GameError> {
        self.playing_mut()?.resign(color)
    }

    pub fn offer_draw(&mut self, color: Color) -> Result<Option<GameEnd>, GameError> {
        self.playing_mut()?.offer_draw(color)
    }

    pub fn accept_draw(&mut self, color: Color) -> Result<GameEnd, GameError> {
        self.playing_mut()?.accept_draw(color)
    }

    pub fn decline_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.playing_mut()?.decline_draw(color)
    }

    /// A claim by the side to move, optionally with an intended move (see [`Game`]).
    pub fn claim_draw(&mut self, intended: Option<&str>) -> Result<ClaimResult, GameError> {
        self.playing_mut()?.claim_draw(intended)
    }

    pub fn flag_fall(&mut self, color: Color) -> Result<GameEnd, GameError> {
        self.playing_mut()?.flag_fall(color)
    }

    /// Charges time to the side to move (no effect during the setup phase).
    pub fn record_elapsed(&mut self, elapsed_ms: u64) -> Option<GameEnd> {
        self.inner.playing_mut()?.record_elapsed(elapsed_ms)
    }

    /// Sets the clocks (a new game's time control, or a reload).
    pub fn set_clock(&mut self, clock: Option<ClockState>) {
        if let Some(r) = self.inner.regroupment_mut() {
            r.set_clock(clock);
        } else if let Some(game) = self.inner.playing_mut() {
            game.set_clock(clock);
        }
    }

    pub fn clock(&self) -> Option<ClockState> {
        match self.inner.stage() {
            Stage::Play(game) => game.clock(),
            Stage::Setup(r) => r.clock(),
        }
    }

    /// The clocks as they were after `ply` plies.
    pub fn clock_at(&self, ply: usize) -> Option<ClockState> {
        match self.inner.stage() {
            Stage::Play(game) => game.clock_at(ply.saturating_sub(self.setup_ply_count())),
            Stage::Setup(r) => r.clock(),
        }
    }

    pub fn set_pending_promotion(&mut self, from_to: Option<&str>) -> Result<(), GameError> {
        match (self.inner.playing_mut(), from_to) {
            (Some(game), _) => game.set_pending_promotion(from_to),
            (None, None) => Ok(()),
            (None, Some(text)) => Err(GameError::NotAPromotion(text.to_string())),
        }
    }

    /// Applies one serialisable action.
    pub fn apply(&mut self, action: &Action) -> Result<(), GameError> {
        match action {
            Action::Move(text) => self.play(text).map(|_| ()),
            Action::Undo => self.undo(),
            other => self.playing_mut()?.apply(other),
        }
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
        if self.in_setup_at(ply) {
            return self.inner.regroupment()?.setup_view(ply, selected);
        }
        self.inner
            .playing()?
            .board_view(ply - self.setup_ply_count(), selected)
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
        SlidingPosition::slide_squares(g.history().get(ply.checked_sub(1)?)?.mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regroupment::SetupError;

    fn regroupment() -> AnyGame {
        let options = VariantOptions::default_for(VariantKind::Regroupment);
        AnyGame::new(options).expect("a new regroupment game")
    }

    #[test]
    fn the_setup_phase_refuses_play_actions_with_a_typed_error() {
        let mut game = regroupment();
        assert!(game.is_setup_phase());
        assert_eq!(game.resign(Color::White), Err(GameError::SetupNotOver));
        assert_eq!(game.offer_draw(Color::Black), Err(GameError::SetupNotOver));
        assert_eq!(game.claim_draw(None), Err(GameError::SetupNotOver));
        assert!(matches!(
            game.play("Kz9"),
            Err(GameError::Setup(SetupError::Unreadable(_)))
        ));
        assert_eq!(
            game.truncate_to(3),
            Err(GameError::PlyBeyondEnd { ply: 3, plies: 0 })
        );
    }

    #[test]
    fn undo_walks_back_from_play_into_the_setup_phase() {
        let mut game = regroupment();
        for step in ["K-", "Q-", "K-", "Q-"] {
            assert!(game.play(step).expect("a legal step").setup_step);
        }
        assert!(!game.is_setup_phase());
        game.play("e2e4").expect("a legal move");
        assert_eq!(game.ply_count(), 5);
        game.undo().expect("the move");
        game.undo().expect("the last step");
        assert!(game.is_setup_phase());
        assert_eq!(game.ply_count(), 3);
        assert!(game
            .legal_actions()
            .iter()
            .all(|step| step.starts_with('Q')));
    }

    #[test]
    fn a_bad_start_names_the_variant_error() {
        let options = VariantOptions::default_for(VariantKind::Standard);
        let error = AnyGame::with_start(options, Some("8/8/8/8 w - - 0 1")).unwrap_err();
        assert!(matches!(
            error,
            GameError::BadStart(PositionTextError::Chess(_))
        ));
        let options = VariantOptions::default_for(VariantKind::Relative);
        let error = AnyGame::with_start(options, Some("nonsense")).unwrap_err();
        assert!(matches!(
            error,
            GameError::BadStart(PositionTextError::Relative(_))
        ));
    }
}
