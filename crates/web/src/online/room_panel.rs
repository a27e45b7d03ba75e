//! What the room panel shows: the code and invite note, both seats with presence, the queue,
//! the spectator count, the host mark, and the buttons that apply to this person now — a free
//! seat to take, the queue, watching, the host's next match, the rematch vote, draw, claim and
//! resign only for a seated player of a live match.

use super::protocol_client::Request;
use super::room_clock::format_ms;
use boardshift_rooms::protocol::{SeatView, SeatWish};
use boardshift_rooms::{ColorName, RoomView};

/// A button of the room panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomButton {
    TakeWhite,
    TakeBlack,
    Queue,
    Watch,
    StartNext,
    Rematch,
    Draw,
    Claim,
    Resign,
}

impl RoomButton {
    /// The request the button sends.
    pub fn request(self) -> Request {
        match self {
            RoomButton::TakeWhite => Request::Seat(SeatWish::White),
            RoomButton::TakeBlack => Request::Seat(SeatWish::Black),
            RoomButton::Queue => Request::Seat(SeatWish::Queue),
            RoomButton::Watch => Request::Seat(SeatWish::Spectate),
            RoomButton::StartNext => Request::Next,
            RoomButton::Rematch => Request::Rematch,
            RoomButton::Draw => Request::Draw,
            RoomButton::Claim => Request::Claim(None),
            RoomButton::Resign => Request::Resign,
        }
    }

    /// The stable name used for the button's `data-room` attribute.
    pub fn id(self) -> &'static str {
        match self {
            RoomButton::TakeWhite => "white",
            RoomButton::TakeBlack => "black",
            RoomButton::Queue => "queue",
            RoomButton::Watch => "watch",
            RoomButton::StartNext => "next",
            RoomButton::Rematch => "rematch",
            RoomButton::Draw => "draw",
            RoomButton::Claim => "claim",
            RoomButton::Resign => "resign",
        }
    }
}

/// The note shown beside every room code.
pub const CODE_NOTE: &str =
    "Anyone who knows the code can come in: a room code is an address, not a password.";

/// The panel's contents, as text and buttons (the page writes text, never HTML).
#[derive(Clone, Debug, PartialEq)]
pub struct RoomPanel {
    pub code: String,
    /// `White: Ann ★ — online`.
    pub seats: [String; 2],
    pub queue: String,
    pub spectators: String,
    /// The game and clock of the room (the next match's, once the host changed them).
    pub game: String,
    /// The match and its result, or who is to move.
    pub status: String,
    pub buttons: Vec<(RoomButton, String)>,
}

/// `White: Ann ★ host — online`; an away player's line adds the grace period left, after
/// which the game is lost by abandonment.
pub fn seat_line(
    color: &str,
    seat: &Option<SeatView>,
    host: Option<&str>,
    grace_left_ms: Option<u64>,
) -> String {
    match seat {
        None => format!("{color}: free"),
        Some(seat) => format!(
            "{color}: {}{} — {}",
            seat.name,
            if host == Some(seat.name.as_str()) {
                " ★ host"
            } else {
                ""
            },
            match (seat.online, grace_left_ms) {
                (true, _) => "online".to_string(),
                (false, None) => "away".to_string(),
                (false, Some(left)) => format!("away, {} left to come back", format_ms(left)),
            }
        ),
    }
}

fn color_label(color: ColorName) -> &'static str {
    match color {
        ColorName::White => "White",
        ColorName::Black => "Black",
    }
}

/// The panel for `room` as this person sees it.
pub fn room_panel(room: &RoomView) -> RoomPanel {
    let host = room.host.as_deref();
    let role = room.you.as_ref().map_or(SeatWish::Spectate, |you| you.role);
    let is_host = room.you.as_ref().is_some_and(|you| you.host);
    let mine = match role {
        SeatWish::White => Some(ColorName::White),
        SeatWish::Black => Some(ColorName::Black),
        SeatWish::Queue | SeatWish::Spectate => None,
    };
    let live = room.game.is_some() && room.result.is_none() && room.match_number > 0;
    let mut buttons = Vec::new();
    let mut add = |button: RoomButton, label: String| buttons.push((button, label));
    if room.seats.white.is_none() && mine != Some(ColorName::White) && !(live && mine.is_some()) {
        add(RoomButton::TakeWhite, "Take White's seat".into());
    }
    if room.seats.black.is_none() && mine != Some(ColorName::Black) && !(live && mine.is_some()) {
        add(RoomButton::TakeBlack, "Take Black's seat".into());
    }
    let seated_in_play = live && mine.is_some();
    if role != SeatWish::Queue && !seated_in_play {
        add(RoomButton::Queue, "Join the queue".into());
    }
    if role != SeatWish::Spectate && !seated_in_play {
        add(RoomButton::Watch, "Watch".into());
    }
    if is_host && !live {
        add(RoomButton::StartNext, "Start next match ▶".into());
    }
    if let Some(side) = mine {
        if live {
            match room.offer {
                Some(offer) if offer == side => {}
                Some(_) => add(RoomButton::Draw, "Accept draw".into()),
                None => add(RoomButton::Draw, "Offer draw".into()),
            }
            let fide = room.settings.options.get("draws").and_then(|d| d.as_str()) == Some("fide");
            if fide && room.turn == Some(side) {
                add(RoomButton::Claim, "Claim draw".into());
            }
            add(RoomButton::Resign, "Resign".into());
        } else if room.result.is_some() && room.queue.is_empty() {
            let votes: Vec<&str> = room.rematch.iter().map(|&c| color_label(c)).collect();
            let label = if votes.is_empty() {
                "Rematch".to_string()
            } else {
                format!("Rematch (voted: {})", votes.join(", "))
            };
            add(RoomButton::Rematch, label);
        }
    }
    let status = match (&room.result, room.turn) {
        (Some(result), _) => format!(
            "Match {}: {} ({})",
            room.match_number,
            result.result,
            result.reason.replace('_', " ")
        ),
        (None, _) if room.match_number == 0 => "Waiting for two players.".into(),
        (None, _) if room.paused => "Paused: a player is away.".into(),
        (None, Some(turn)) => format!("Match {}: {} to move", room.match_number, color_label(turn)),
        (None, None) => format!("Match {}", room.match_number),
    };
    let offer_note = match (room.offer, mine) {
        (Some(offer), Some(side)) if offer == side => " Your draw offer stands.",
        (Some(_), _) => " A draw is offered.",
        _ => "",
    };
    RoomPanel {
        code: room.code.clone(),
        seats: [
            seat_line("White", &room.seats.white, host, None),
            seat_line("Black", &room.seats.black, host, None),
        ],
        queue: if room.queue.is_empty() {
            "Queue: nobody waiting".into()
        } else {
            format!("Queue: {}", room.queue.join(", "))
        },
        spectators: format!("Watching: {}", room.spectators),
        game: format!(
            "Game: {}, {}",
            room.settings.variant,
            room.settings.clock.map_or("no clock".to_string(), |clock| {
                // Whole numbers only: float formatting would add to the page's download.
                let seconds = clock.base_ms / 1000;
                let base = if seconds % 60 == 0 {
                    format!("{}", seconds / 60)
                } else {
                    format!("{seconds}s")
                };
                format!("{base}+{}", clock.inc_ms / 1000)
            })
        ),
        status: format!("{status}{offer_note}"),
        buttons,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn room(you: &str, role: &str, extra: serde_json::Value) -> RoomView {
        let mut room = json!({
            "code": "4821",
            "settings": {"variant": "standard", "options": {"draws": "fide"}, "clock": null},
            "host": "Ann",
            "seats": {"white": {"name": "Ann", "online": true}, "black": {"name": "Bo", "online": false}},
            "queue": [], "spectators": 2, "match": 1, "game_id": "g1",
            "game": {"variant": "standard", "moves": []},
            "clocks": null, "offer": null, "rematch": [], "result": null, "paused": false,
            "turn": "white", "you": {"name": you, "role": role, "host": you == "Ann"}
        });
        for (key, value) in extra.as_object().unwrap() {
            room[key] = value.clone();
        }
        serde_json::from_value(room).unwrap()
    }

    fn buttons(panel: &RoomPanel) -> Vec<RoomButton> {
        panel.buttons.iter().map(|(button, _)| *button).collect()
    }

    #[test]
    fn a_seated_player_in_a_live_match_gets_the_game_buttons_only() {
        let panel = room_panel(&room("Ann", "white", json!({})));
        use RoomButton::*;
        assert_eq!(buttons(&panel), [Draw, Claim, Resign]);
        assert_eq!(panel.seats[0], "White: Ann ★ host — online");
        assert_eq!(panel.seats[1], "Black: Bo — away");
        assert_eq!(panel.spectators, "Watching: 2");
        assert_eq!(panel.game, "Game: standard, no clock");
        let timed = json!({"settings": {"variant": "sliding", "options": {},
                                        "clock": {"base_ms": 300000, "inc_ms": 3000}}});
        assert_eq!(
            room_panel(&room("Ann", "white", timed)).game,
            "Game: sliding, 5+3"
        );
        // Not Black's turn: no claim; own standing offer: no second offer.
        let panel = room_panel(&room("Bo", "black", json!({"offer": "black"})));
        assert_eq!(buttons(&panel), [Resign]);
        let panel = room_panel(&room("Bo", "black", json!({"offer": "white"})));
        assert_eq!(panel.buttons[0], (Draw, "Accept draw".to_string()));
    }

    #[test]
    fn an_away_seat_shows_the_grace_left() {
        let away = Some(SeatView {
            name: "Bo".into(),
            online: false,
            grace_ms: Some(45_000),
        });
        assert_eq!(
            seat_line("Black", &away, Some("Ann"), Some(44_200)),
            "Black: Bo — away, 0:45 left to come back"
        );
        assert_eq!(seat_line("Black", &away, None, None), "Black: Bo — away");
    }

    #[test]
    fn spectators_never_see_game_buttons() {
        let panel = room_panel(&room(
            "Cy",
            "spectate",
            json!({"seats": {"white": null, "black": {"name": "Bo", "online": true}}}),
        ));
        assert_eq!(buttons(&panel), [RoomButton::TakeWhite, RoomButton::Queue]);
    }

    #[test]
    fn between_matches_the_host_starts_the_next_and_players_vote() {
        let over = json!({"result": {"result": "0-1", "reason": "checkmate", "game_id": "g1"},
                          "turn": null, "rematch": ["black"]});
        let panel = room_panel(&room("Ann", "white", over.clone()));
        use RoomButton::*;
        assert_eq!(buttons(&panel), [Queue, Watch, StartNext, Rematch]);
        assert_eq!(panel.buttons[3].1, "Rematch (voted: Black)");
        assert_eq!(panel.status, "Match 1: 0-1 (checkmate)");
        let panel = room_panel(&room("Bo", "black", over));
        assert_eq!(buttons(&panel), [Queue, Watch, Rematch]);
    }
}
