//! Matches in a room: starting them (fresh random gap or back ranks from the injected
//! entropy), moves, draw offers, claims, resignation, rematch votes, the host's `next` and
//! `settings`, chat; the server clock (charged from a reference instant, paused while the
//! player to move waits for an absent opponent); flag falls, grace periods, abandonment and
//! abort; and the winner-stays rotation when a match ends.

use crate::protocol::{ChatText, ClockSpec, Event, NackReason, Token};
use crate::record::{FinishedGame, MatchEnd, MatchRecord};
use crate::room::{Answer, Collect, Entropy, Room};
use crate::settings::RoomSettings;
use rules::any::AnyGame;
use rules::game::{ClaimResult, GameEnd};
use rules::options::VariantOptions;
use rules::regroupment::{allowed_back_ranks, start_fen, StartRule};
use rules::sliding::Tile;
use rules::Color;
use serde_json::Value;

/// The reason given when an absent player's grace period ends after they moved.
pub const ABANDONMENT: &str = "abandonment";
/// The reason given when the game ends without result (absent before their first ply).
pub const ABORTED: &str = "aborted";

impl Room {
    // -----------------------------------------------------------------------------------------
    // Starting matches

    pub(crate) fn start_first_match_if_ready(
        &mut self,
        now_ms: u64,
        entropy: &mut dyn Entropy,
        out: &mut Collect,
    ) {
        if self.match_number == 0 && self.seats.iter().all(Option::is_some) {
            if let Err(message) = self.start_match(now_ms, entropy, out) {
                // Settings are checked when set, so this is a rules failure: say so in chat
                // rather than leaving the players waiting silently.
                self.emit(
                    out,
                    Event::Chat {
                        name: String::new(),
                        text: format!("the match could not start: {message}"),
                    },
                );
            }
        }
    }

    /// A fresh game under the room's settings, any random part drawn from `entropy`.
    fn fresh_game(&self, entropy: &mut dyn Entropy) -> Result<AnyGame, String> {
        let mut options = self.settings.variant_options();
        let mut start: Option<String> = None;
        match &mut options {
            VariantOptions::Sliding(sliding) if sliding.gap.is_none() => {
                let index = (entropy.next_u64() % Tile::MIDDLE.len() as u64) as usize;
                sliding.gap = Some(Tile::MIDDLE[index]);
            }
            VariantOptions::Regroupment { rules, .. } if rules.start == StartRule::Random => {
                let ranks = allowed_back_ranks(rules);
                if ranks.is_empty() {
                    return Err("no back rank is allowed by these options".to_string());
                }
                let white = ranks[(entropy.next_u64() % ranks.len() as u64) as usize];
                let black = ranks[(entropy.next_u64() % ranks.len() as u64) as usize];
                start = Some(start_fen(rules, &white, &black));
            }
            _ => {}
        }
        let mut game =
            AnyGame::with_start(options, start.as_deref()).map_err(|error| error.to_string())?;
        game.set_clock(self.settings.clock_state());
        Ok(game)
    }

    /// Starts the next match with the two seated players. When they are the pair of the last
    /// match in the same colours, they swap colours first.
    pub(crate) fn start_match(
        &mut self,
        now_ms: u64,
        entropy: &mut dyn Entropy,
        out: &mut Collect,
    ) -> Result<(), String> {
        let [Some(white), Some(black)] = self.seats.clone() else {
            return Err("both seats must be filled".to_string());
        };
        let game = self.fresh_game(entropy)?;
        let (white, black) = match &self.current {
            Some(last) if last.players == [white.token.clone(), black.token.clone()] => {
                self.seats = [Some(black.clone()), Some(white.clone())];
                (black.token, white.token)
            }
            _ => (white.token, black.token),
        };
        self.match_number += 1;
        let record = MatchRecord {
            id: format!("{:016x}", entropy.next_u64()),
            number: self.match_number,
            game,
            players: [white.clone(), black.clone()],
            names: [self.name_of(&white), self.name_of(&black)],
            started_ms: now_ms,
            end: None,
            moved: [false, false],
            clock_mark_ms: None,
            rematch: [false, false],
        };
        self.current = Some(record);
        self.away_since = [None, None];
        self.refresh_presence(now_ms);
        self.reset_clock_mark(now_ms);
        self.sync_views(out);
        let record = self.current.as_ref().ok_or("no match")?;
        let event = Event::Match {
            number: record.number,
            game_id: record.id.clone(),
            white: record.names[0].clone(),
            black: record.names[1].clone(),
            settings: Box::new(self.settings.view()),
            game: Box::new(record.saved_value(now_ms)),
            clocks: self.clocks_view(now_ms),
        };
        self.emit(out, event);
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Game actions

    /// The colour of a seated player allowed to act on the live match, or the refusal.
    fn acting_side(&self, token: &Token, action: &str) -> Result<Color, Answer> {
        let Some(color) = self.seat_of(token) else {
            return Err(Answer::nack(
                NackReason::Role,
                format!("only the seated players may {action}"),
            ));
        };
        match &self.current {
            None => Err(Answer::nack(NackReason::Bad, "no match has started yet")),
            Some(record) if !record.is_live() => {
                Err(Answer::nack(NackReason::Over, "the game is over"))
            }
            Some(_) => Ok(color),
        }
    }

    pub(crate) fn play_move(
        &mut self,
        token: &Token,
        n: u64,
        text: &str,
        now_ms: u64,
        out: &mut Collect,
    ) -> Answer {
        let color = match self.acting_side(token, "move") {
            Ok(color) => color,
            Err(answer) => return answer,
        };
        let paused = self.is_paused();
        let Some(record) = &mut self.current else {
            return Answer::nack(NackReason::Bad, "no match has started yet");
        };
        let plies = record.game.ply_count() as u64;
        if n != plies {
            return Answer::nack(
                NackReason::Stale,
                format!("the game has {plies} plies, not {n}"),
            );
        }
        let turn = record.game.status().turn;
        if turn != color {
            return Answer::nack(NackReason::Turn, format!("it is {}'s turn", turn.name()));
        }
        if paused {
            return Answer::nack(
                NackReason::Turn,
                format!("the game is paused while {} is away", color.other().name()),
            );
        }
        let info = match record.game.play(text) {
            Ok(info) => info,
            Err(error) => return Answer::nack(NackReason::Illegal, error.to_string()),
        };
        if info.pending_promotion.is_some() {
            // Over the network a move must be complete; nothing is left pending.
            let _ = record.game.set_pending_promotion(None);
            return Answer::nack(
                NackReason::Illegal,
                format!("'{text}' is a promotion: add the piece letter (q, r, b or n)"),
            );
        }
        record.moved[color.index()] = true;
        self.announce_move(color, Some((info.text, info.display)), now_ms, out);
        Answer::Ack
    }

    /// After a move of `color` was played: the `move` event (when the game listed one), then the
    /// match's end if that move finished the game.
    fn announce_move(
        &mut self,
        color: Color,
        text_and_san: Option<(String, String)>,
        now_ms: u64,
        out: &mut Collect,
    ) {
        let Some(record) = &self.current else {
            return;
        };
        let plies = record.game.ply_count() as u64;
        let result = record.game.result();
        let clocks = self.clocks_view(now_ms);
        if let Some((m, san)) = text_and_san {
            self.emit(
                out,
                Event::Move {
                    m,
                    san,
                    by: color.into(),
                    n: plies,
                    clocks,
                },
            );
        }
        if let Some(end) = result {
            self.end_match(rules_end(end, now_ms), None, now_ms, out);
        }
    }

    /// `draw`: offer a draw, or accept the opponent's standing offer.
    pub(crate) fn draw(&mut self, token: &Token, now_ms: u64, out: &mut Collect) -> Answer {
        let color = match self.acting_side(token, "offer or accept a draw") {
            Ok(color) => color,
            Err(answer) => return answer,
        };
        let Some(record) = &mut self.current else {
            return Answer::nack(NackReason::Bad, "no match has started yet");
        };
        match record.game.offer_draw(color) {
            Ok(Some(end)) => {
                self.end_match(rules_end(end, now_ms), None, now_ms, out);
                Answer::Ack
            }
            Ok(None) => Answer::Ack,
            Err(error) => Answer::nack(NackReason::Illegal, error.to_string()),
        }
    }

    /// `claim`: a draw claim by the side to move, optionally with its intended move (played
    /// anyway when the claim is wrong).
    pub(crate) fn claim(
        &mut self,
        token: &Token,
        intended: Option<&str>,
        now_ms: u64,
        out: &mut Collect,
    ) -> Answer {
        let color = match self.acting_side(token, "claim a draw") {
            Ok(color) => color,
            Err(answer) => return answer,
        };
        let paused = self.is_paused();
        let Some(record) = &mut self.current else {
            return Answer::nack(NackReason::Bad, "no match has started yet");
        };
        let turn = record.game.status().turn;
        if turn != color {
            return Answer::nack(NackReason::Turn, "only the side to move may claim a draw");
        }
        if paused && intended.is_some() {
            return Answer::nack(
                NackReason::Turn,
                format!("the game is paused while {} is away", color.other().name()),
            );
        }
        let plies_before = record.game.ply_count();
        match record.game.claim_draw(intended) {
            Ok(ClaimResult::Drawn(_)) => {
                if let Some(end) = record.game.result() {
                    self.end_match(rules_end(end, now_ms), None, now_ms, out);
                }
                Answer::Ack
            }
            Ok(ClaimResult::RejectedMovePlayed) => {
                if record.game.ply_count() > plies_before {
                    record.moved[color.index()] = true;
                    let entry = record.game.move_list().pop();
                    let text_and_san = entry.map(|entry| (entry.text, entry.display));
                    self.announce_move(color, text_and_san, now_ms, out);
                }
                Answer::Ack
            }
            Err(error) => Answer::nack(NackReason::Illegal, error.to_string()),
        }
    }

    pub(crate) fn resign(&mut self, token: &Token, now_ms: u64, out: &mut Collect) -> Answer {
        let color = match self.acting_side(token, "resign") {
            Ok(color) => color,
            Err(answer) => return answer,
        };
        let Some(record) = &mut self.current else {
            return Answer::nack(NackReason::Bad, "no match has started yet");
        };
        match record.game.resign(color) {
            Ok(end) => {
                self.end_match(rules_end(end, now_ms), None, now_ms, out);
                Answer::Ack
            }
            Err(error) => Answer::nack(NackReason::Illegal, error.to_string()),
        }
    }

    /// `rematch`: a seated player's vote; with both votes and nobody queued, the next match
    /// starts with colours swapped.
    pub(crate) fn rematch(
        &mut self,
        token: &Token,
        now_ms: u64,
        entropy: &mut dyn Entropy,
        out: &mut Collect,
    ) -> Answer {
        let Some(color) = self.seat_of(token) else {
            return Answer::nack(
                NackReason::Role,
                "only the seated players may vote for a rematch",
            );
        };
        match &self.current {
            None => return Answer::nack(NackReason::Bad, "no match has been played yet"),
            Some(record) if record.is_live() => {
                return Answer::nack(NackReason::Bad, "the match is still being played")
            }
            Some(_) => {}
        }
        if !self.queue.is_empty() {
            return Answer::nack(
                NackReason::Role,
                "players are waiting in the queue: the host starts the next match",
            );
        }
        let both = self.seats.iter().all(Option::is_some);
        if let Some(record) = &mut self.current {
            record.rematch[color.index()] = true;
            if both && record.rematch == [true, true] {
                return match self.start_match(now_ms, entropy, out) {
                    Ok(()) => Answer::Ack,
                    Err(message) => Answer::nack(NackReason::Bad, message),
                };
            }
        }
        Answer::Ack
    }

    /// `next`: the host (seated or queued) starts the next match.
    pub(crate) fn next_match(
        &mut self,
        token: &Token,
        now_ms: u64,
        entropy: &mut dyn Entropy,
        out: &mut Collect,
    ) -> Answer {
        if self.host.as_ref() != Some(token) {
            return Answer::nack(NackReason::Role, "only the host starts the next match");
        }
        if self.role_of(token) == crate::protocol::SeatWish::Spectate {
            return Answer::nack(
                NackReason::Role,
                "spectators cannot start matches: take a seat or join the queue",
            );
        }
        if self.live_match().is_some() {
            return Answer::nack(NackReason::Bad, "a match is being played");
        }
        if !self.seats.iter().all(Option::is_some) {
            return Answer::nack(NackReason::Bad, "both seats must be filled");
        }
        match self.start_match(now_ms, entropy, out) {
            Ok(()) => Answer::Ack,
            Err(message) => Answer::nack(NackReason::Bad, message),
        }
    }

    /// `settings`: the host changes variant, options and clock for the next match.
    pub(crate) fn change_settings(
        &mut self,
        token: &Token,
        variant: &str,
        options: Option<&Value>,
        clock: Option<ClockSpec>,
        out: &mut Collect,
    ) -> Answer {
        if self.host.as_ref() != Some(token) {
            return Answer::nack(NackReason::Role, "only the host changes the settings");
        }
        if self.live_match().is_some() {
            return Answer::nack(NackReason::Bad, "settings can only change between matches");
        }
        match RoomSettings::parse(variant, options, clock) {
            Ok(settings) => {
                if settings != self.settings {
                    self.settings = settings;
                    out.changed = true;
                }
                Answer::Ack
            }
            Err(message) => Answer::nack(NackReason::Bad, message),
        }
    }

    /// `chat`: anyone in the room, within the chat rate.
    pub(crate) fn chat(
        &mut self,
        token: &Token,
        text: ChatText,
        now_ms: u64,
        out: &mut Collect,
    ) -> Answer {
        let refill = self.config.chat_refill_ms;
        let burst = u64::from(self.config.chat_burst.max(1));
        let Some(person) = self.person_mut(token) else {
            return Answer::nack(NackReason::Bad, "join a room first");
        };
        // GCRA: a line is allowed while the theoretical arrival time is at most
        // burst-1 intervals ahead of now.
        let tat = person.chat_tat_ms.max(now_ms);
        let allowed_until = now_ms.saturating_add((burst - 1).saturating_mul(refill));
        if tat > allowed_until {
            return Answer::nack(
                NackReason::Rate,
                format!("too many chat lines: wait {} ms", tat - allowed_until),
            );
        }
        person.chat_tat_ms = tat.saturating_add(refill);
        let name = person.name.as_str().to_string();
        self.emit(
            out,
            Event::Chat {
                name,
                text: text.as_str().to_string(),
            },
        );
        Answer::Ack
    }

    // -----------------------------------------------------------------------------------------
    // Clock and timers

    /// The side whose clock runs: the side to move of a live timed match in its play phase,
    /// unless it is present and waits for an absent opponent (then the game is paused).
    pub(crate) fn running_side(&self) -> Option<Color> {
        let record = self.live_match()?;
        record.game.clock()?;
        if record.game.is_setup_phase() {
            return None;
        }
        let turn = record.game.status().turn;
        if self.is_absent(turn) || !self.is_absent(turn.other()) {
            Some(turn)
        } else {
            None
        }
    }

    /// Whether moves wait: a side of the live match is absent (its seat empty or its player
    /// offline). A present player may not move until the absent one is back.
    pub(crate) fn is_paused(&self) -> bool {
        self.live_match().is_some() && Color::ALL.into_iter().any(|color| self.is_absent(color))
    }

    pub(crate) fn reset_clock_mark(&mut self, now_ms: u64) {
        let running = self.running_side().is_some();
        if let Some(record) = &mut self.current {
            record.clock_mark_ms = (running && record.is_live()).then_some(now_ms);
        }
    }

    /// When the running side's flag falls, if nothing happens before.
    pub(crate) fn flag_deadline(&self) -> Option<u64> {
        let side = self.running_side()?;
        let record = self.live_match()?;
        let remaining = record.game.clock()?.remaining(side);
        Some(record.clock_mark_ms?.saturating_add(remaining))
    }

    /// The earliest end of an absent side's grace period in the live match (ties: the side
    /// to move first).
    pub(crate) fn grace_deadline(&self) -> Option<(u64, Color)> {
        let record = self.live_match()?;
        let turn = record.game.status().turn;
        [turn, turn.other()]
            .into_iter()
            .filter_map(|color| {
                self.away_since[color.index()]
                    .map(|since| (since.saturating_add(self.config.grace_ms), color))
            })
            .min_by_key(|(at, _)| *at)
    }

    /// Charges the running clock up to `at_ms`; a flag that falls ends the match.
    fn charge_clock_until(&mut self, at_ms: u64, out: &mut Collect) {
        if self.running_side().is_none() {
            return;
        }
        let Some(record) = &mut self.current else {
            return;
        };
        let Some(mark) = record.clock_mark_ms else {
            record.clock_mark_ms = Some(at_ms);
            return;
        };
        // Charging nothing still lets a clock already at zero (a restored record) fall.
        let elapsed = at_ms.saturating_sub(mark);
        record.clock_mark_ms = Some(at_ms.max(mark));
        if let Some(end) = record.game.record_elapsed(elapsed) {
            self.end_match(rules_end(end, at_ms), None, at_ms, out);
        }
    }

    /// Runs what is due at `now_ms`, in time order: grace periods that end before the flag
    /// would fall, then the clock up to now.
    pub(crate) fn advance(&mut self, now_ms: u64, out: &mut Collect) {
        while let Some((grace_at, color)) = self.grace_deadline() {
            if grace_at > now_ms || self.flag_deadline().is_some_and(|flag| flag <= grace_at) {
                break;
            }
            self.charge_clock_until(grace_at, out);
            if self.live_match().is_none() {
                break;
            }
            self.abandon(color, grace_at, out);
        }
        self.charge_clock_until(now_ms, out);
        self.expire_offline(now_ms, out);
    }

    /// The grace period of absent `color` ended: abandonment (a loss, or a draw against a bare
    /// king), or an abort when that side has not played yet. The absent player leaves the seat.
    fn abandon(&mut self, color: Color, at_ms: u64, out: &mut Collect) {
        let Some(record) = &mut self.current else {
            return;
        };
        let end = if record.moved[color.index()] {
            match record.game.resign(color) {
                Ok(end) => MatchEnd {
                    result: end.outcome.result_text().to_string(),
                    reason: ABANDONMENT.to_string(),
                    ended_ms: at_ms,
                },
                // The rules refuse resignation during a setup phase: abort instead.
                Err(_) => aborted(at_ms),
            }
        } else {
            aborted(at_ms)
        };
        self.end_match(end, Some(color), at_ms, out);
    }

    // -----------------------------------------------------------------------------------------
    // The end of a match

    /// Records the end, emits `end`, hands the finished game over for storage, and rotates
    /// seats and queue (winner stays on).
    pub(crate) fn end_match(
        &mut self,
        end: MatchEnd,
        absent: Option<Color>,
        now_ms: u64,
        out: &mut Collect,
    ) {
        let room = self.code.to_string();
        let Some(record) = &mut self.current else {
            return;
        };
        if record.end.is_some() {
            return;
        }
        let clocks_before_end = record.game.clock();
        record.end = Some(end.clone());
        record.clock_mark_ms = None;
        record.rematch = [false, false];
        let saved = serde_json::to_string_pretty(&record.saved_game(now_ms)).unwrap_or_default();
        out.finished.push(FinishedGame {
            game_id: record.id.clone(),
            room,
            match_number: record.number,
            white: record.names[0].clone(),
            black: record.names[1].clone(),
            variant: record.game.variant().name().to_string(),
            started_ms: record.started_ms,
            ended_ms: end.ended_ms,
            result: end.result.clone(),
            reason: end.reason.clone(),
            saved,
        });
        let game_id = record.id.clone();
        self.away_since = [None, None];
        let clocks = clocks_before_end.map(|clock| crate::protocol::ClocksView {
            white_ms: clock.remaining_ms[0],
            black_ms: clock.remaining_ms[1],
            running: None,
        });
        self.emit(
            out,
            Event::End {
                result: end.result.clone(),
                reason: end.reason.clone(),
                game_id,
                clocks,
            },
        );
        if let Some(color) = absent {
            if let Some(seated) = self.seats[color.index()].clone() {
                self.leave_place(&seated.token);
            }
        }
        self.rotate(&end);
        self.sync_views(out);
    }

    /// Winner stays on. With someone queued: after a decisive end the loser goes to the back
    /// of the queue; after a draw the player seated longest does; the remaining player moves
    /// to the other colour and the front of the queue takes the free seat. With nobody queued
    /// the players stay (colours swap when the next match starts).
    fn rotate(&mut self, end: &MatchEnd) {
        if self.queue.is_empty() {
            return;
        }
        let leaver = if let Some(winner) = end.winner() {
            self.seats[winner.other().index()].clone()
        } else if end.is_draw() {
            self.seats
                .iter()
                .flatten()
                .min_by_key(|seated| seated.order)
                .cloned()
                .filter(|_| self.seats.iter().all(Option::is_some))
        } else {
            None
        };
        let mut swap = false;
        if let Some(leaver) = leaver {
            self.leave_place(&leaver.token);
            let online = self
                .person(&leaver.token)
                .is_some_and(|person| person.online());
            if online {
                self.queue.push_back(leaver.token.clone());
            }
            swap = true;
        }
        if swap {
            // The player who stays takes the other colour, keeping the seat's age.
            if let [Some(stayer), None] | [None, Some(stayer)] = self.seats.clone() {
                self.seats = match self.seats[0] {
                    Some(_) => [None, Some(stayer)],
                    None => [Some(stayer), None],
                };
            }
        }
        for color in Color::ALL {
            if self.seats[color.index()].is_none() {
                if let Some(next) = self.queue.pop_front() {
                    self.sit(&next, color);
                }
            }
        }
    }
}

fn aborted(at_ms: u64) -> MatchEnd {
    MatchEnd {
        result: "*".to_string(),
        reason: ABORTED.to_string(),
        ended_ms: at_ms,
    }
}

/// A rules ending as the room reports it.
fn rules_end(end: GameEnd, at_ms: u64) -> MatchEnd {
    MatchEnd {
        result: end.outcome.result_text().to_string(),
        reason: end.reason.name().to_string(),
        ended_ms: at_ms,
    }
}
