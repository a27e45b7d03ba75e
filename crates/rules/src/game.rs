//! The game record: start position, history, undo, browsing, clocks as data, draw offers,
//! claims, pending promotion, and every game-end rule of `docs/rules-standard.md` with the
//! per-variant draw policy of the other rules pages.
//!
//! Decisions where the rules leave room (see also `docs/decisions.md`):
//! - A claim (FIDE mode) is made by the side to move. `claim_draw` checks the current position;
//!   `claim_draw_with_move` checks the position the intended move would produce. A correct claim
//!   ends the game without the move being played (FIDE 9.2.1 / 9.3.1) and the intended move is
//!   kept in [`Game::claimed_move`]; a wrong one plays the move anyway (as over the board, the
//!   written move stands) and the game goes on.
//! - A draw offer stays open through the offerer's own move and is declined by the opponent's
//!   next move. Two crossing offers agree the draw.
//! - Undo takes back one ply, restores the clocks and the draw offer as they were when that ply's
//!   position arose, clears a pending promotion, and lifts any ending that came from an event
//!   (resignation, flag, agreement, claim).
//! - The clock is plain data: the caller reports elapsed time with [`Game::record_elapsed`]; the
//!   side to move loses time, the mover gains the increment when its move is played.

use crate::position::{GamePosition, MoveTextError, VariantKind};
use crate::types::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How threefold repetition and the 50-move rule are handled: option `draws` of
/// `docs/rules-standard.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawMode {
    /// They end the game by themselves.
    #[default]
    Auto,
    /// They only make a draw claimable.
    Fide,
}

impl DrawMode {
    pub const fn name(self) -> &'static str {
        match self {
            DrawMode::Auto => "auto",
            DrawMode::Fide => "fide",
        }
    }

    pub fn from_name(name: &str) -> Option<DrawMode> {
        match name {
            "auto" => Some(DrawMode::Auto),
            "fide" => Some(DrawMode::Fide),
            _ => None,
        }
    }
}

/// Which draw rules a game plays: the option chosen, adjusted by what the variant allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawPolicy {
    pub mode: DrawMode,
    /// Threefold repetition and the 50-move rule end the game by themselves.
    pub automatic_threefold_and_fifty: bool,
    /// Dead positions by material are drawn, and flag fall looks at mating material (FIDE 6.9)
    /// rather than only at a bare king.
    pub material_rules: bool,
}

impl DrawPolicy {
    /// Sliding chess always draws threefold and 50 moves automatically and has no material
    /// draw; relative chess has no material draw; the others follow the option.
    pub fn for_variant(variant: VariantKind, mode: DrawMode) -> DrawPolicy {
        let automatic = mode == DrawMode::Auto;
        match variant {
            VariantKind::Standard | VariantKind::Regroupment => DrawPolicy {
                mode,
                automatic_threefold_and_fifty: automatic,
                material_rules: true,
            },
            VariantKind::Sliding => DrawPolicy {
                mode,
                automatic_threefold_and_fifty: true,
                material_rules: false,
            },
            VariantKind::Relative => DrawPolicy {
                mode,
                automatic_threefold_and_fifty: automatic,
                material_rules: false,
            },
        }
    }
}

/// Who won, if anyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Color),
    Draw,
    Ongoing,
}

impl Outcome {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`, as in saved games and PGN.
    pub const fn result_text(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Ongoing => "*",
        }
    }

    pub fn from_result_text(text: &str) -> Option<Outcome> {
        match text {
            "1-0" => Some(Outcome::Win(Color::White)),
            "0-1" => Some(Outcome::Win(Color::Black)),
            "1/2-1/2" => Some(Outcome::Draw),
            "*" => Some(Outcome::Ongoing),
            _ => None,
        }
    }
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.result_text())
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Outcome, D::Error> {
        let text = String::deserialize(deserializer)?;
        Outcome::from_result_text(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown outcome '{text}' (expected 1-0, 0-1, 1/2-1/2 or *)"
            ))
        })
    }
}

/// Why a game ended. The snake_case names are stable: saved games and tools use them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FivefoldRepetition,
    FiftyMoves,
    SeventyFiveMoves,
    InsufficientMaterial,
    Timeout,
    TimeoutVsInsufficientMaterial,
    Resignation,
    ResignationVsBareKing,
    DrawAgreed,
    KingLostOverEdge,
}

impl EndReason {
    pub const ALL: [EndReason; 13] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::ThreefoldRepetition,
        EndReason::FivefoldRepetition,
        EndReason::FiftyMoves,
        EndReason::SeventyFiveMoves,
        EndReason::InsufficientMaterial,
        EndReason::Timeout,
        EndReason::TimeoutVsInsufficientMaterial,
        EndReason::Resignation,
        EndReason::ResignationVsBareKing,
        EndReason::DrawAgreed,
        EndReason::KingLostOverEdge,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::ThreefoldRepetition => "threefold_repetition",
            EndReason::FivefoldRepetition => "fivefold_repetition",
            EndReason::FiftyMoves => "fifty_moves",
            EndReason::SeventyFiveMoves => "seventy_five_moves",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::Timeout => "timeout",
            EndReason::TimeoutVsInsufficientMaterial => "timeout_vs_insufficient_material",
            EndReason::Resignation => "resignation",
            EndReason::ResignationVsBareKing => "resignation_vs_bare_king",
            EndReason::DrawAgreed => "draw_agreed",
            EndReason::KingLostOverEdge => "king_lost_over_edge",
        }
    }

    pub fn from_name(name: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Words for a banner ("by checkmate", "by threefold repetition", …).
    pub const fn description(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::ThreefoldRepetition => "threefold repetition",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::FiftyMoves => "the 50-move rule",
            EndReason::SeventyFiveMoves => "the 75-move rule",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::Timeout => "timeout",
            EndReason::TimeoutVsInsufficientMaterial => {
                "timeout against insufficient mating material"
            }
            EndReason::Resignation => "resignation",
            EndReason::ResignationVsBareKing => "resignation against a bare king",
            EndReason::DrawAgreed => "agreement",
            EndReason::KingLostOverEdge => "king lost over the edge",
        }
    }

    /// Whether the reason follows from the moves alone (rather than from an event such as a
    /// resignation, a flag, an agreement or a claim).
    pub const fn is_positional(self) -> bool {
        matches!(
            self,
            EndReason::Checkmate
                | EndReason::Stalemate
                | EndReason::FivefoldRepetition
                | EndReason::SeventyFiveMoves
                | EndReason::InsufficientMaterial
                | EndReason::KingLostOverEdge
        )
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameEnd {
    pub outcome: Outcome,
    pub reason: EndReason,
}

impl GameEnd {
    pub const fn win(winner: Color, reason: EndReason) -> GameEnd {
        GameEnd {
            outcome: Outcome::Win(winner),
            reason,
        }
    }

    pub const fn draw(reason: EndReason) -> GameEnd {
        GameEnd {
            outcome: Outcome::Draw,
            reason,
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            Outcome::Win(color) => {
                let side = match color {
                    Color::White => "White",
                    Color::Black => "Black",
                };
                write!(
                    f,
                    "{} {side} wins by {}",
                    self.outcome.result_text(),
                    self.reason.description()
                )
            }
            Outcome::Draw => write!(f, "1/2-1/2 draw by {}", self.reason.description()),
            Outcome::Ongoing => f.write_str("*"),
        }
    }
}

/// Both clocks, as plain data (no time source).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockState {
    pub initial_ms: u64,
    pub increment_ms: u64,
    /// White's then Black's remaining time.
    pub remaining_ms: [u64; 2],
}

impl ClockState {
    /// A fresh clock: both sides at `initial_ms`.
    pub const fn new(initial_ms: u64, increment_ms: u64) -> ClockState {
        ClockState {
            initial_ms,
            increment_ms,
            remaining_ms: [initial_ms, initial_ms],
        }
    }

    pub const fn remaining(&self, color: Color) -> u64 {
        self.remaining_ms[color.index()]
    }
}

/// Serde helpers writing a [`Color`] as `"white"` / `"black"`.
pub mod color_name {
    use crate::types::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(color: &Color, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(color.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        let name = String::deserialize(deserializer)?;
        Color::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown colour '{name}' (expected white or black)"))
        })
    }

    /// The same for `Option<Color>` (null when absent).
    pub mod option {
        use crate::types::Color;
        use serde::{Deserialize, Deserializer, Serializer};

        pub fn serialize<S: Serializer>(
            color: &Option<Color>,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            match color {
                Some(color) => serializer.serialize_str(color.name()),
                None => serializer.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Option<Color>, D::Error> {
            match Option::<String>::deserialize(deserializer)? {
                None => Ok(None),
                Some(name) => Color::from_name(&name).map(Some).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "unknown colour '{name}' (expected white, black or null)"
                    ))
                }),
            }
        }
    }
}

/// One player action, serialisable so that a network layer can carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", content = "value", rename_all = "snake_case")]
pub enum Action {
    /// Move text; a promotion move without its letter leaves the promotion pending, and a lone
    /// promotion letter completes a pending one.
    Move(String),
    Undo,
    #[serde(with = "color_name")]
    Resign(Color),
    #[serde(with = "color_name")]
    OfferDraw(Color),
    #[serde(with = "color_name")]
    AcceptDraw(Color),
    #[serde(with = "color_name")]
    DeclineDraw(Color),
    /// A claim by the side to move, optionally with the intended move.
    ClaimDraw(Option<String>),
    /// The time-keeper reports that this side's flag fell.
    #[serde(with = "color_name")]
    Flag(Color),
    /// Time spent by the side to move since the last report, in milliseconds.
    Elapsed(u64),
    /// Abandons a pending promotion choice.
    CancelPromotion,
}

/// Why an action was refused. The game is unchanged after an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    GameOver(GameEnd),
    Move(MoveTextError),
    /// A move value that is not among the legal moves of the position.
    NotLegal,
    NothingToUndo,
    /// A claim that the position does not support (or claims are automatic in this game).
    NothingToClaim(String),
    NoDrawOffer,
    NoClock,
    NoPendingPromotion,
    NotAPromotion(String),
    /// Anything a variant wrapper refuses (setup phase in progress, …).
    Other(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver(end) => write!(f, "the game is over ({end})"),
            GameError::Move(error) => write!(f, "{error}"),
            GameError::NotLegal => f.write_str("that move is not legal here"),
            GameError::NothingToUndo => f.write_str("there is no move to undo"),
            GameError::NothingToClaim(why) => write!(f, "no draw can be claimed: {why}"),
            GameError::NoDrawOffer => f.write_str("there is no draw offer from the opponent"),
            GameError::NoClock => f.write_str("this game has no clock"),
            GameError::NoPendingPromotion => f.write_str("no promotion is waiting for a piece"),
            GameError::NotAPromotion(text) => {
                write!(f, "'{text}' is not the start of a legal promotion move")
            }
            GameError::Other(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for GameError {}

impl From<MoveTextError> for GameError {
    fn from(error: MoveTextError) -> GameError {
        GameError::Move(error)
    }
}

/// What a correct or wrong claim did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimResult {
    /// The claim was right: the game is drawn for this reason.
    Drawn(EndReason),
    /// The claim with an intended move was wrong: the move was played and the game goes on
    /// (or ended by that move's own consequences).
    RejectedMovePlayed,
}

/// Which draw claims a position supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimCheck {
    pub threefold: bool,
    pub fifty: bool,
}

impl ClaimCheck {
    /// The reason a claim would give (threefold first).
    pub fn reason(self) -> Option<EndReason> {
        if self.threefold {
            Some(EndReason::ThreefoldRepetition)
        } else if self.fifty {
            Some(EndReason::FiftyMoves)
        } else {
            None
        }
    }
}

/// What submitting move text did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Submitted<M> {
    Played(M),
    /// The text named a promotion move without its piece; the game now waits for the choice.
    PromotionPending(String),
}

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

    /// Starts the game with a clock (or none). Meant for a new game; after moves it also
    /// replaces every recorded clock snapshot, which is what a reload from a file wants.
    pub fn set_clock(&mut self, clock: Option<ClockState>) {
        self.start_clock = clock;
        self.clock = clock;
        for record in &mut self.history {
            record.clock_after = clock;
        }
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

    /// The side whose draw offer is standing.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    pub fn clock(&self) -> Option<ClockState> {
        self.clock
    }

    /// The clocks as they were when the position after `ply` plies arose.
    pub fn clock_at(&self, ply: usize) -> Option<ClockState> {
        if ply == 0 {
            self.start_clock
        } else {
            self.history
                .get(ply - 1)
                .and_then(|record| record.clock_after)
        }
    }

    /// How often the live position has occurred (itself included).
    pub fn repetition_count(&self) -> usize {
        count_occurrences(
            &self.keys,
            self.current.repetition_key(),
            self.current.halfmove_clock(),
        )
    }

    /// What the side to move could claim now (FIDE mode), if anything.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        if self.is_over() || self.policy.automatic_threefold_and_fifty {
            return None;
        }
        self.claim_check(None).reason()
    }

    /// Which claims the live position supports (`None`), or the position the intended move
    /// `mv` would produce, whatever the draw mode.
    pub fn claim_check(&self, mv: Option<P::Move>) -> ClaimCheck {
        match mv {
            None => ClaimCheck {
                threefold: self.repetition_count() >= 3,
                fifty: self.current.halfmove_clock() >= 100,
            },
            Some(mv) => {
                let mut after = self.current.clone();
                after.play_unchecked(mv);
                let earlier = match after.halfmove_clock() {
                    0 => 0,
                    halfmoves => {
                        count_occurrences(&self.keys, after.repetition_key(), halfmoves - 1)
                    }
                };
                ClaimCheck {
                    threefold: earlier + 1 >= 3,
                    fifty: after.halfmove_clock() >= 100,
                }
            }
        }
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
    }

    /// Reads move text and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, GameError> {
        self.ensure_ongoing()?;
        let mv = self.current.parse_move_text(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Like [`Game::play_text`], but a promotion move written without its piece makes the
    /// promotion pending, and a lone promotion letter completes a pending promotion.
    pub fn submit_text(&mut self, text: &str) -> Result<Submitted<P::Move>, GameError> {
        self.ensure_ongoing()?;
        let trimmed = text.trim();
        if let Some(pending) = &self.pending_promotion {
            if trimmed.len() == 1 {
                let full = format!("{pending}{}", trimmed.to_ascii_lowercase());
                return self.play_text(&full).map(Submitted::Played);
            }
        }
        match self.current.parse_move_text(trimmed) {
            Ok(mv) => {
                self.play(mv)?;
                Ok(Submitted::Played(mv))
            }
            Err(error) => match self.promotion_prefix(trimmed) {
                Some(prefix) => {
                    self.pending_promotion = Some(prefix.clone());
                    Ok(Submitted::PromotionPending(prefix))
                }
                None => Err(GameError::Move(error)),
            },
        }
    }

    /// The canonical from-to text when `text` names legal promotion moves without their piece.
    fn promotion_prefix(&self, text: &str) -> Option<String> {
        let wanted = text.trim().to_ascii_lowercase();
        if wanted.is_empty() {
            return None;
        }
        self.legal.iter().find_map(|&mv| {
            if !self.current.is_promotion(mv) {
                return None;
            }
            let full = self.current.move_text(mv);
            let mut chars = full.chars();
            chars.next_back();
            let prefix = chars.as_str();
            (prefix.to_ascii_lowercase() == wanted).then(|| prefix.to_string())
        })
    }

    /// Marks a promotion as waiting for its piece (`None` cancels). The text is the move text
    /// without the promotion letter.
    pub fn set_pending_promotion(&mut self, from_to: Option<&str>) -> Result<(), GameError> {
        match from_to {
            None => {
                self.pending_promotion = None;
                Ok(())
            }
            Some(text) => {
                self.ensure_ongoing()?;
                let prefix = self
                    .promotion_prefix(text)
                    .ok_or_else(|| GameError::NotAPromotion(text.to_string()))?;
                self.pending_promotion = Some(prefix);
                Ok(())
            }
        }
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

    /// `color`'s flag fell: that side loses unless the opponent could never mate (FIDE 6.9;
    /// variants without material rules look only at a bare king).
    pub fn flag_fall(&mut self, color: Color) -> Result<GameEnd, GameError> {
        self.ensure_ongoing()?;
        let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
        clock.remaining_ms[color.index()] = 0;
        let end = self.flag_result(color);
        self.finish(end);
        Ok(end)
    }

    /// The result a fallen flag of `color` would give in the live position.
    pub fn flag_result(&self, color: Color) -> GameEnd {
        let opponent = color.other();
        let can_mate = if self.policy.material_rules {
            self.current.can_ever_mate(opponent)
        } else {
            !self.current.is_bare_king(opponent)
        };
        if can_mate {
            GameEnd::win(opponent, EndReason::Timeout)
        } else {
            GameEnd::draw(EndReason::TimeoutVsInsufficientMaterial)
        }
    }

    /// Charges `elapsed_ms` to the side to move; at zero its flag falls. Returns the ending
    /// this caused, if any. Does nothing without a clock or after the game ended.
    pub fn record_elapsed(&mut self, elapsed_ms: u64) -> Option<GameEnd> {
        if self.is_over() {
            return None;
        }
        let turn = self.current.turn();
        let clock = self.clock.as_mut()?;
        let remaining = &mut clock.remaining_ms[turn.index()];
        *remaining = remaining.saturating_sub(elapsed_ms);
        if *remaining == 0 {
            self.flag_fall(turn).ok()
        } else {
            None
        }
    }

    /// A draw offer by `color`. An offer crossing the opponent's standing offer agrees the draw
    /// (returned as the ending).
    pub fn offer_draw(&mut self, color: Color) -> Result<Option<GameEnd>, GameError> {
        self.ensure_ongoing()?;
        if self.draw_offer == Some(color.other()) {
            return self.accept_draw(color).map(Some);
        }
        self.draw_offer = Some(color);
        Ok(None)
    }

    /// `color` accepts the opponent's standing offer.
    pub fn accept_draw(&mut self, color: Color) -> Result<GameEnd, GameError> {
        self.ensure_ongoing()?;
        if self.draw_offer != Some(color.other()) {
            return Err(GameError::NoDrawOffer);
        }
        let end = GameEnd::draw(EndReason::DrawAgreed);
        self.finish(end);
        Ok(end)
    }

    /// `color` declines the opponent's standing offer explicitly.
    pub fn decline_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.ensure_ongoing()?;
        if self.draw_offer != Some(color.other()) {
            return Err(GameError::NoDrawOffer);
        }
        self.draw_offer = None;
        Ok(())
    }

    /// A claim by the side to move on the live position (FIDE mode).
    pub fn claim_draw(&mut self) -> Result<EndReason, GameError> {
        self.ensure_ongoing()?;
        self.ensure_claims_apply()?;
        let reason = self.claimable_draw().ok_or_else(|| {
            GameError::NothingToClaim(
                "the position has not occurred three times and the 50-move count is not complete"
                    .to_string(),
            )
        })?;
        self.finish(GameEnd::draw(reason));
        Ok(reason)
    }

    /// A claim by the side to move with an intended move (FIDE 9.2.1 / 9.3.1), judged on the
    /// position that move would produce. Right: the game is drawn and the move is not played.
    /// Wrong: the move is played and the game goes on.
    pub fn claim_draw_with_move(&mut self, mv: P::Move) -> Result<ClaimResult, GameError> {
        self.ensure_ongoing()?;
        self.ensure_claims_apply()?;
        if !self.legal.contains(&mv) {
            return Err(GameError::NotLegal);
        }
        match self.claim_after_move(mv) {
            Some(reason) => {
                self.claimed_move = Some(self.current.move_text(mv));
                self.finish(GameEnd::draw(reason));
                Ok(ClaimResult::Drawn(reason))
            }
            None => {
                self.play_checked(mv);
                Ok(ClaimResult::RejectedMovePlayed)
            }
        }
    }

    /// What a claim with intended move `mv` would establish, if anything.
    pub fn claim_after_move(&self, mv: P::Move) -> Option<EndReason> {
        self.claim_check(Some(mv)).reason()
    }

    fn ensure_claims_apply(&self) -> Result<(), GameError> {
        if self.policy.automatic_threefold_and_fifty {
            Err(GameError::NothingToClaim(
                "threefold repetition and the 50-move rule are automatic in this game".to_string(),
            ))
        } else {
            Ok(())
        }
    }

    /// Restores an ending that came from an event (used when reloading a saved game, after the
    /// caller has checked that it fits the position).
    pub fn set_event_end(&mut self, end: GameEnd, claimed_move: Option<String>) {
        self.claimed_move = claimed_move;
        self.finish(end);
    }

    /// Restores a standing draw offer (reload).
    pub fn set_draw_offer(&mut self, offer: Option<Color>) {
        self.draw_offer = offer;
    }

    /// Applies one serialisable action.
    pub fn apply(&mut self, action: &Action) -> Result<(), GameError> {
        match action {
            Action::Move(text) => self.submit_text(text).map(|_| ()),
            Action::Undo => self.undo(),
            Action::Resign(color) => self.resign(*color).map(|_| ()),
            Action::OfferDraw(color) => self.offer_draw(*color).map(|_| ()),
            Action::AcceptDraw(color) => self.accept_draw(*color).map(|_| ()),
            Action::DeclineDraw(color) => self.decline_draw(*color),
            Action::ClaimDraw(None) => self.claim_draw().map(|_| ()),
            Action::ClaimDraw(Some(text)) => {
                self.ensure_ongoing()?;
                let mv = self.current.parse_move_text(text)?;
                self.claim_draw_with_move(mv).map(|_| ())
            }
            Action::Flag(color) => self.flag_fall(*color).map(|_| ()),
            Action::Elapsed(ms) => {
                self.ensure_ongoing()?;
                self.record_elapsed(*ms);
                Ok(())
            }
            Action::CancelPromotion => {
                if self.pending_promotion.take().is_some() {
                    Ok(())
                } else {
                    Err(GameError::NoPendingPromotion)
                }
            }
        }
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

/// How many of the last positions of `keys` equal `key`. Only the last `halfmoves` + 1 entries
/// can: any earlier position lies before an irreversible move.
fn count_occurrences(keys: &[u64], key: u64, halfmoves: u32) -> usize {
    let window = (halfmoves as usize).saturating_add(1).min(keys.len());
    keys[keys.len() - window..]
        .iter()
        .filter(|&&k| k == key)
        .count()
}
