//! People in a room: joining and rejoining, seats, the queue, spectators, presence, the host
//! and its hand-over, and the `seat` / `queue` / `crowd` / `host` / `offer` events that tell
//! clients about them (emitted by comparing what clients were shown with the room now).

use crate::protocol::{
    ColorName, Event, JoinRequest, NackReason, SeatView, SeatWish, SeatsView, ServerMessage,
    SettingsView, Token, PROTOCOL_VERSION,
};
use crate::room::{Answer, Collect, ConnId, Entropy, Person, Reply, Room, Seated};
use rules::Color;
use std::collections::VecDeque;

/// The parts of the room that clients keep in sync through events.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Views {
    /// Without `grace_ms`: that is worked out from `grace_until` when the seats go out.
    pub seats: SeatsView,
    /// When each side's grace period ends (room time), while it is away from a live match.
    pub grace_until: [Option<u64>; 2],
    pub queue: Vec<String>,
    pub crowd: u32,
    pub host: Option<String>,
    pub settings: SettingsView,
    pub offer: Option<ColorName>,
    pub rematch: Vec<ColorName>,
}

impl Room {
    pub(crate) fn views(&self) -> Views {
        let seat_view = |color: Color| {
            self.seats[color.index()].as_ref().and_then(|seated| {
                self.person(&seated.token).map(|person| SeatView {
                    name: person.name.as_str().to_string(),
                    online: person.online(),
                    grace_ms: None,
                })
            })
        };
        let crowd = self
            .people
            .iter()
            .filter(|person| person.online() && self.role_of(&person.token) == SeatWish::Spectate)
            .count() as u32;
        let (offer, rematch) = match &self.current {
            Some(record) if record.is_live() => {
                (record.game.status().draw_offer.map(Into::into), Vec::new())
            }
            Some(record) => (None, record.rematch_votes()),
            None => (None, Vec::new()),
        };
        Views {
            seats: SeatsView {
                white: seat_view(Color::White),
                black: seat_view(Color::Black),
            },
            grace_until: self
                .away_since
                .map(|since| since.map(|since| since.saturating_add(self.config.grace_ms))),
            queue: self.queue.iter().map(|token| self.name_of(token)).collect(),
            crowd,
            host: self.host.as_ref().map(|token| self.name_of(token)),
            settings: self.settings.view(),
            offer,
            rematch,
        }
    }

    /// The seats as sent now: an away player's seat says how much grace is left.
    pub(crate) fn seats_on_wire(&self, views: &Views) -> SeatsView {
        let with_grace = |seat: &Option<SeatView>, color: Color| {
            seat.clone().map(|mut seat| {
                if !seat.online {
                    seat.grace_ms = views.grace_until[color.index()]
                        .map(|until| until.saturating_sub(self.now_ms));
                }
                seat
            })
        };
        SeatsView {
            white: with_grace(&views.seats.white, Color::White),
            black: with_grace(&views.seats.black, Color::Black),
        }
    }

    /// Emits an event for each part of the views that changed since clients were last told.
    pub(crate) fn sync_views(&mut self, out: &mut Collect) {
        let now = self.views();
        let shown = self.shown.take().unwrap_or_else(|| now.clone());
        if now.seats != shown.seats || now.grace_until != shown.grace_until {
            let seats = self.seats_on_wire(&now);
            self.emit(
                out,
                Event::Seat {
                    white: seats.white,
                    black: seats.black,
                },
            );
        }
        if now.queue != shown.queue {
            self.emit(
                out,
                Event::Queue {
                    queue: now.queue.clone(),
                },
            );
        }
        let mut told = now.clone();
        if now.crowd != shown.crowd {
            let interval = self.config.crowd_interval_ms;
            if interval == 0 || self.now_ms >= self.crowd_told_ms.saturating_add(interval) {
                self.emit(
                    out,
                    Event::Crowd {
                        spectators: now.crowd,
                    },
                );
                self.crowd_told_ms = self.now_ms;
                self.crowd_due_ms = None;
            } else {
                // Batched: the count is told once the interval has passed.
                told.crowd = shown.crowd;
                self.crowd_due_ms = Some(self.crowd_told_ms.saturating_add(interval));
            }
        } else {
            self.crowd_due_ms = None;
        }
        if now.host != shown.host || now.settings != shown.settings {
            self.emit(
                out,
                Event::Host {
                    name: now.host.clone(),
                    settings: Box::new(now.settings.clone()),
                },
            );
        }
        if now.offer != shown.offer || now.rematch != shown.rematch {
            self.emit(
                out,
                Event::Offer {
                    draw: now.offer,
                    rematch: now.rematch.clone(),
                },
            );
        }
        self.shown = Some(told);
    }

    /// `join`: a new person (a fresh token; the first free seat, White first, else the back
    /// of the queue), or a returning one (the token restores the same place).
    pub(crate) fn join(
        &mut self,
        conn: ConnId,
        request: JoinRequest,
        now_ms: u64,
        entropy: &mut dyn Entropy,
        out: &mut Collect,
    ) {
        let refuse = |out: &mut Collect, why: NackReason, msg: String| {
            out.reply(conn, ServerMessage::nack(0, why, msg));
        };
        if self.conns.contains_key(&conn) {
            return refuse(
                out,
                NackReason::Bad,
                "this connection has already joined".into(),
            );
        }
        if request.room != self.code {
            return refuse(
                out,
                NackReason::Bad,
                format!("this is room {}, not {}", self.code, request.room),
            );
        }
        let known = request
            .token
            .as_ref()
            .filter(|token| self.person(token).is_some())
            .cloned();
        let token = match known {
            Some(token) => token,
            None => {
                // An offline spectator holds nothing: their name is free for someone (most
                // likely the same person, who lost the token) to take.
                let idle_namesake = self
                    .people
                    .iter()
                    .find(|person| {
                        person.name.same_as(&request.name)
                            && !person.online()
                            && self.role_of(&person.token) == SeatWish::Spectate
                            && self.host.as_ref() != Some(&person.token)
                    })
                    .map(|person| person.token.clone());
                if let Some(token) = idle_namesake {
                    self.people.retain(|person| person.token != token);
                }
                if let Some(taken) = self
                    .people
                    .iter()
                    .find(|person| person.name.same_as(&request.name))
                {
                    return refuse(
                        out,
                        NackReason::Bad,
                        format!("the name '{}' is taken in this room", taken.name),
                    );
                }
                self.forget_offline_spectators(self.config.max_people.saturating_sub(1));
                if self.people.len() >= self.config.max_people {
                    return refuse(out, NackReason::Rate, "the room is full".into());
                }
                let token = Token::from_random(entropy.next_u64(), entropy.next_u64());
                let seq = self.take_seq();
                self.people.push(Person {
                    token: token.clone(),
                    name: request.name.clone(),
                    seq,
                    conns: 0,
                    offline_since: Some(now_ms),
                    answers: VecDeque::new(),
                    chat_tat_ms: 0,
                });
                match Color::ALL
                    .into_iter()
                    .find(|color| self.seats[color.index()].is_none())
                {
                    Some(color) => self.sit(&token, color),
                    None => self.queue.push_back(token.clone()),
                }
                token
            }
        };
        self.conns.insert(conn, token.clone());
        let name = match self.person_mut(&token) {
            Some(person) => {
                person.conns += 1;
                person.offline_since = None;
                person.name.as_str().to_string()
            }
            None => String::new(),
        };
        if self.host.is_none() {
            self.host = Some(token.clone());
        }
        out.changed = true;
        out.reply(
            conn,
            ServerMessage::Welcome {
                proto: PROTOCOL_VERSION,
                room: self.code.to_string(),
                token: token.to_string(),
                you: name,
            },
        );
        match (request.v, request.token.as_ref() == Some(&token)) {
            (Some(v), true) => self.catch_up(conn, v, out),
            _ => out.replies.push((conn, Reply::State)),
        }
        self.start_first_match_if_ready(now_ms, entropy, out);
    }

    /// `seat`: move between the free seats, the queue and the spectators.
    pub(crate) fn change_seat(
        &mut self,
        token: &Token,
        want: SeatWish,
        now_ms: u64,
        entropy: &mut dyn Entropy,
        out: &mut Collect,
    ) -> Answer {
        if self.role_of(token) == want {
            return Answer::Ack;
        }
        match want {
            SeatWish::White | SeatWish::Black => {
                let color = if want == SeatWish::White {
                    Color::White
                } else {
                    Color::Black
                };
                if self.seats[color.index()].is_some() {
                    return Answer::nack(
                        NackReason::Role,
                        format!("the {} seat is taken", color.name()),
                    );
                }
                self.leave_place(token);
                self.sit(token, color);
            }
            SeatWish::Queue => {
                self.leave_place(token);
                self.queue.push_back(token.clone());
            }
            SeatWish::Spectate => self.leave_place(token),
        }
        self.start_first_match_if_ready(now_ms, entropy, out);
        Answer::Ack
    }

    /// Takes `token` out of its seat or queue place. Leaving a seat clears the rematch votes
    /// (they were votes of the pair that sat there).
    pub(crate) fn leave_place(&mut self, token: &Token) {
        if let Some(color) = self.seat_of(token) {
            self.seats[color.index()] = None;
            if let Some(record) = &mut self.current {
                record.rematch = [false, false];
            }
        }
        self.queue.retain(|queued| queued != token);
    }

    /// Between matches a free seat goes to the front of the queue (White first), so that the
    /// host can start the next match.
    pub(crate) fn fill_free_seats_between_matches(&mut self) {
        if self.current.is_none() || self.live_match().is_some() {
            return;
        }
        for color in Color::ALL {
            if self.seats[color.index()].is_none() {
                if let Some(next) = self.queue.pop_front() {
                    self.sit(&next, color);
                }
            }
        }
    }

    pub(crate) fn sit(&mut self, token: &Token, color: Color) {
        let order = self.take_seq();
        self.seats[color.index()] = Some(Seated {
            token: token.clone(),
            order,
        });
        if let Some(record) = &mut self.current {
            record.rematch = [false, false];
        }
    }

    pub(crate) fn take_seq(&mut self) -> u64 {
        let seq = self.next_seq;
        self.next_seq += 1;
        seq
    }

    /// Whether a side of the live match is absent: its seat empty or its player offline.
    pub(crate) fn is_absent(&self, color: Color) -> bool {
        match &self.seats[color.index()] {
            None => true,
            Some(seated) => !self
                .person(&seated.token)
                .is_some_and(|person| person.online()),
        }
    }

    /// Starts or stops each side's absence timer of the live match.
    pub(crate) fn refresh_presence(&mut self, now_ms: u64) {
        if self.live_match().is_none() {
            self.away_since = [None, None];
            return;
        }
        for color in Color::ALL {
            let absent = self.is_absent(color);
            let since = &mut self.away_since[color.index()];
            *since = match (absent, *since) {
                (true, Some(since)) => Some(since),
                (true, None) => Some(now_ms),
                (false, _) => None,
            };
        }
    }

    /// Whether a person offline since `since` has outstayed the grace period at `now_ms`.
    fn outstayed(&self, since: Option<u64>, now_ms: u64) -> bool {
        since.is_some_and(|since| since.saturating_add(self.config.grace_ms) <= now_ms)
    }

    /// The earliest instant at which a person's absence would change something: the host
    /// handed over (only when someone else is online), or a queue place or a seat between
    /// matches given up.
    pub(crate) fn offline_deadline(&self) -> Option<u64> {
        let someone_online = self.people.iter().any(Person::online);
        self.people
            .iter()
            .filter(|person| !person.online())
            .filter(|person| {
                let is_host = self.host.as_ref() == Some(&person.token);
                let queued = self.queue.contains(&person.token);
                let seated_idle =
                    self.seat_of(&person.token).is_some() && self.live_match().is_none();
                (is_host && someone_online) || queued || seated_idle
            })
            .filter_map(|person| person.offline_since)
            .map(|since| since.saturating_add(self.config.grace_ms))
            .min()
    }

    /// People offline for the grace period lose the host role (to the longest-present person
    /// online), their queue place, and, between matches, their seat.
    pub(crate) fn expire_offline(&mut self, now_ms: u64, out: &mut Collect) {
        let gone: Vec<Token> = self
            .people
            .iter()
            .filter(|person| !person.online() && self.outstayed(person.offline_since, now_ms))
            .map(|person| person.token.clone())
            .collect();
        for token in gone {
            if self.queue.contains(&token) {
                self.queue.retain(|queued| queued != &token);
                out.changed = true;
            }
            if self.live_match().is_none() && self.seat_of(&token).is_some() {
                self.leave_place(&token);
                out.changed = true;
            }
        }
        let host_gone = match &self.host {
            None => true,
            Some(host) => self.person(host).is_none_or(|person| {
                !person.online() && self.outstayed(person.offline_since, now_ms)
            }),
        };
        if host_gone {
            // People are kept in join order, so the first one online has been present longest.
            if let Some(next) = self.people.iter().find(|person| person.online()) {
                if self.host.as_ref() != Some(&next.token) {
                    self.host = Some(next.token.clone());
                    out.changed = true;
                }
            }
        }
    }

    /// Forgets offline spectators (not the host), longest offline first, until at most
    /// `keep` people remain.
    fn forget_offline_spectators(&mut self, keep: usize) {
        while self.people.len() > keep {
            let candidate = self
                .people
                .iter()
                .filter(|person| {
                    !person.online()
                        && self.role_of(&person.token) == SeatWish::Spectate
                        && self.host.as_ref() != Some(&person.token)
                })
                .min_by_key(|person| person.offline_since.unwrap_or(0))
                .map(|person| person.token.clone());
            match candidate {
                Some(token) => self.people.retain(|person| person.token != token),
                None => break,
            }
        }
    }
}
