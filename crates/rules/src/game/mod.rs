//! The game record: start position, history, undo, browsing, clocks as data, draw offers,
//! claims, pending promotion, and every game-end rule of `docs/rules-standard.md` with the per-variant
//! draw policy of the variant specs.
//!
//! Decisions where the rules leave room:
//! - A claim (FIDE mode) is made by the side to move. `claim_draw` checks the current position;
//!   `claim_draw_with_move` checks the position the intended move would produce. A correct claim
//!   ends the game without the move being played (FIDE 9.2.1 / 9.3.1) and the intended move is
//!   kept in [`Game::claimed_move`]; a wrong one plays the move anyway (as over the board, the
//!   written move stands) and the game goes on.
//! - A draw offer stays open through the offerer's own move and is declined by the opponent's
//!   next move. A move that ends the game ends any offer with it. Two crossing offers agree
//!   the draw.
//! - Undo takes back one ply, restores the clocks and the draw offer as they were when that ply's
//!   position arose, clears a pending promotion, and lifts any ending that came from an event
//!   (resignation, flag, agreement, claim).
//! - The clock is plain data: the caller reports elapsed time with [`Game::record_elapsed`]; the
//!   side to move loses time, the mover gains the increment when its move is played.

mod action;
mod clock;
mod draws;
mod error;
mod outcome;

pub use action::{color_name, Action, Submitted};
pub use clock::ClockState;
pub use draws::{ClaimCheck, ClaimResult, DrawMode, DrawPolicy};
pub use error::GameError;
pub use outcome::{EndReason, GameEnd, Outcome};

use crate::position::GamePosition;
use crate::types::Color;

/// One ply of the record.
#[derive(Clone, Debug)]
pub struct PlyRecord<P: GamePosition> {
    /// The position the move was played in.
    pub before: P,
    pub mv: P::Move,
    /// Machine move text (`docs/move-text.md`).
    pub text: String,
    /// Readable notation for the move list.
    pub display: String,
    /// The clocks right after the move (the mover's increment included), i.e. as they were
    /// when the following position arose.
    pub clock_after: Option<ClockState>,
    /// The draw offer standing when the move was played.
    pub draw_offer_before: Option<Color>,
}

/// A game in progress or finished: its start, every ply, and the state around the board.
#[derive(Clone, Debug)]
pub struct Game<P: GamePosition> {
    start: P,
    start_clock: Option<ClockState>,
    history: Vec<PlyRecord<P>>,
    current: P,
    /// Repetition keys of the positions at ply 0..=len.
    keys: Vec<u64>,
    policy: DrawPolicy,
    clock: Option<ClockState>,
    legal: Vec<P::Move>,
    position_end: Option<GameEnd>,
    event_end: Option<GameEnd>,
    claimed_move: Option<String>,
    pending_promotion: Option<String>,
    draw_offer: Option<Color>,
}

impl<P: GamePosition> Game<P> {
    /// A game from `start` under the draw handling `mode` (adjusted to the variant).
    pub fn new(start: P, mode: DrawMode) -> Game<P> {
        Game::with_policy(start, DrawPolicy::for_variant(P::VARIANT, mode))
    }

    pub fn with_policy(start: P, policy: DrawPolicy) -> Game<P> {
        let key = start.repetition_key();
        let mut game = Game {
            current: start.clone(),
            start,
            start_clock: None,
            history: Vec::new(),
            keys: vec![key],
            policy,
            clock: None,
            legal: Vec::new(),
            position_end: None,
            event_end: None,
            claimed_move: None,
            pending_promotion: None,
            draw_offer: None,
        };
        game.refresh();
        game
    }

    pub fn policy(&self) -> DrawPolicy {
        self.policy
    }

    pub fn start_position(&self) -> &P {
        &self.start
    }

    /// The live position.
    pub fn position(&self) -> &P {
        &self.current
    }

    /// The position after `ply` plies (0 = the start), for browsing.
    pub fn position_at(&self, ply: usize) -> Option<&P> {
        match ply.cmp(&self.history.len()) {
            std::cmp::Ordering::Less => Some(&self.history[ply].before),
            std::cmp::Ordering::Equal => Some(&self.current),
            std::cmp::Ordering::Greater => None,
        }
    }

    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    pub fn history(&self) -> &[PlyRecord<P>] {
        &self.history
    }

    pub fn turn(&self) -> Color {
        self.current.turn()
    }

    /// The legal moves of the live position (none once the game is over).
    pub fn legal_moves(&self) -> &[P::Move] {
        if self.is_over() {
            &[]
        } else {
            &self.legal
        }
    }

    pub fn legal_move_texts(&self) -> Vec<String> {
        self.legal_moves()
            .iter()
            .map(|&mv| self.current.move_text(mv))
            .collect()
    }

    /// How the game ended, if it has.
    pub fn result(&self) -> Option<GameEnd> {
        self.event_end.or(self.position_end)
    }

    pub fn outcome(&self) -> Outcome {
        self.result().map_or(Outcome::Ongoing, |end| end.outcome)
    }

    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// The intended move of a successful claim (FIDE 9.2.1 / 9.3.1), not played on the board.
    pub fn claimed_move(&self) -> Option<&str> {
        self.claimed_move.as_deref()
    }

    pub fn pending_promotion(&self) -> Option<&str> {
        self.pending_promotion.as_deref()
    }

    fn ensure_ongoing(&self) -> Result<(), GameError> {
        match self.result() {
            Some(end) => Err(GameError::GameOver(end)),
            None => Ok(()),
        }
    }

    /// Plays a legal move of the live position.
    pub fn play(&mut self, mv: P::Move) -> Result<(), GameError> {
        self.ensure_ongoing()?;
        if !self.legal.contains(&mv) {
            return Err(GameError::NotLegal);
        }
        self.play_checked(mv);
        Ok(())
    }

    fn play_checked(&mut self, mv: P::Move) {
        let mover = self.current.turn();
        let text = self.current.move_text(mv);
        let display = self.current.display_move(mv);
        let before = self.current.clone();
        self.current.play_unchecked(mv);
        if let Some(clock) = &mut self.clock {
            let remaining = &mut clock.remaining_ms[mover.index()];
            *remaining = remaining.saturating_add(clock.increment_ms);
        }
        self.history.push(PlyRecord {
            before,
            mv,
            text,
            display,
            clock_after: self.clock,
            draw_offer_before: self.draw_offer,
        });
        self.keys.push(self.current.repetition_key());
        if self.draw_offer == Some(mover.other()) {
            self.draw_offer = None;
        }
        self.pending_promotion = None;
        self.refresh();
        if self.position_end.is_some() {
            // An offer cannot outlive the game: a move that ends it (checkmate, a king over the
            // edge, an automatic draw) also ends the mover's own offer, so nothing is pending.
            self.draw_offer = None;
        }
    }

    /// Reads move text and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, GameError> {
        self.ensure_ongoing()?;
        let mv = self.current.parse_move_text(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last ply.
    pub fn undo(&mut self) -> Result<(), GameError> {
        let record = self.history.pop().ok_or(GameError::NothingToUndo)?;
        self.keys.pop();
        self.current = record.before;
        self.draw_offer = record.draw_offer_before;
        self.clock = self.clock_at(self.history.len());
        self.event_end = None;
        self.claimed_move = None;
        self.pending_promotion = None;
        self.refresh();
        Ok(())
    }

    /// Resignation by `color`: the opponent wins, unless the opponent has a bare king.
    pub fn resign(&mut self, color: Color) -> Result<GameEnd, GameError> {
        self.ensure_ongoing()?;
        let winner = color.other();
        let end = if self.current.is_bare_king(winner) {
            GameEnd::draw(EndReason::ResignationVsBareKing)
        } else {
            GameEnd::win(winner, EndReason::Resignation)
        };
        self.finish(end);
        Ok(end)
    }

    /// Restores an ending that came from an event (used when reloading a saved game, after the
    /// caller has checked that it fits the position).
    pub fn set_event_end(&mut self, end: GameEnd, claimed_move: Option<String>) {
        self.claimed_move = claimed_move;
        self.finish(end);
    }

    fn finish(&mut self, end: GameEnd) {
        self.event_end = Some(end);
        self.pending_promotion = None;
        self.draw_offer = None;
    }

    /// Recomputes the legal moves and the ending that the live position itself decides.
    fn refresh(&mut self) {
        self.legal.clear();
        self.current.legal_moves(&mut self.legal);
        self.position_end = self.judge_position();
    }

    fn judge_position(&self) -> Option<GameEnd> {
        let position = &self.current;
        if let Some(loser) = position.lost_outright() {
            return Some(GameEnd::win(loser.other(), EndReason::KingLostOverEdge));
        }
        if self.legal.is_empty() {
            // Checkmate first: it takes precedence over any draw reached on the same ply.
            return Some(if position.is_check() {
                GameEnd::win(position.turn().other(), EndReason::Checkmate)
            } else {
                GameEnd::draw(EndReason::Stalemate)
            });
        }
        let repetitions = self.repetition_count();
        let halfmoves = position.halfmove_clock();
        let reason = if repetitions >= 5 {
            EndReason::FivefoldRepetition
        } else if halfmoves >= 150 {
            EndReason::SeventyFiveMoves
        } else if self.policy.material_rules && position.is_dead_by_material() {
            EndReason::InsufficientMaterial
        } else if self.policy.automatic_threefold_and_fifty && repetitions >= 3 {
            EndReason::ThreefoldRepetition
        } else if self.policy.automatic_threefold_and_fifty && halfmoves >= 100 {
            EndReason::FiftyMoves
        } else {
            return None;
        };
        Some(GameEnd::draw(reason))
    }
}
