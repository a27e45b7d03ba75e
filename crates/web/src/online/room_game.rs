//! Keeps the board in step with an online room. The board, input, animation and history code
//! stay as they are: the person here plays through the usual seat (`Seat::Here`), everyone
//! else is a `Seat::Remote`, and after each change this module compares the board's plies with
//! the server's — sending the person's new move, playing the others' moves in, or rebuilding
//! the board from the server's game when they disagree.

use super::protocol_client::{ProtocolClient, Request};
use crate::app::App;
use crate::seat::{Seat, Seats};
use crate::state::PlayerAction;
use boardshift_rooms::protocol::{MoveText, SeatWish};
use boardshift_rooms::RoomView;
use rules::Color;
use serde_json::Value;

/// The seats of the board for the room as it stands: the person here plays their colour while
/// the match is live; everyone else (and everyone, once it is over) plays from elsewhere.
pub fn board_seats(room: &RoomView) -> Seats {
    let live = room.result.is_none() && room.game.is_some();
    let role = room.you.as_ref().map(|you| you.role);
    let seat = |side: Color| {
        let (wish, view) = match side {
            Color::White => (SeatWish::White, &room.seats.white),
            Color::Black => (SeatWish::Black, &room.seats.black),
        };
        if live && role == Some(wish) {
            Seat::Here
        } else {
            Seat::Remote {
                name: view
                    .as_ref()
                    .map_or_else(|| "(empty seat)".to_string(), |view| view.name.clone()),
            }
        }
    };
    Seats {
        white: seat(Color::White),
        black: seat(Color::Black),
    }
}

/// The server's plies: setup steps, then moves.
pub fn server_plies(game: &Value) -> Vec<String> {
    ["setup", "moves"]
        .iter()
        .filter_map(|list| game.get(list).and_then(Value::as_array))
        .flatten()
        .filter_map(|entry| entry.as_str().map(str::to_string))
        .collect()
}

/// Before the first match: the start of the room's game, for nobody to play yet.
fn waiting_board(room: &RoomView) -> Value {
    serde_json::json!({
        "format": "boardshift-game",
        "version": 1,
        "variant": room.settings.variant,
        "options": room.settings.options,
        "moves": [],
    })
}

/// The room's game as the board loads it: without its clock, which the server keeps (the
/// board must never decide a flag), and without a result the board would have to agree with.
fn board_game_json(game: &Value) -> String {
    let mut game = game.clone();
    if let Some(fields) = game.as_object_mut() {
        fields.remove("clock");
        fields.remove("result");
    }
    game.to_string()
}

/// What the board showed last, to know when it must be rebuilt.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoomBoard {
    shown: Option<(Option<String>, Seats)>,
}

impl RoomBoard {
    /// Brings `app`'s board in line with `client`'s room; returns the move to send when the
    /// person here has just played one the server does not know yet.
    pub fn reconcile(&mut self, app: &mut App, client: &ProtocolClient) -> Option<Request> {
        let room = client.room()?;
        let waiting = waiting_board(room);
        let game = room.game.as_ref().unwrap_or(&waiting);
        let seats = board_seats(room);
        let key = (room.game_id.clone(), seats.clone());
        let server = server_plies(game);
        let pending = client.move_in_flight();
        let mut expected = server.clone();
        if let Some((n, text)) = pending {
            if n as usize == server.len() {
                expected.push(text.to_string());
            }
        }
        let board = app.game().map(|game| game.session.ply_texts());
        if self.shown.as_ref() != Some(&key) || board.is_none() {
            return self.rebuild(app, game, key, &expected);
        }
        let board = board.unwrap_or_default();
        if board == expected {
            return None;
        }
        let my_side = seats.here().first().copied();
        // The person here just played: the board is one ply ahead, with the server's before it.
        let refused = board.last().is_some_and(|last| {
            client.refused_move() == Some((server.len() as u64, last.as_str()))
        });
        if pending.is_none()
            && !refused
            && board.len() == server.len() + 1
            && board.starts_with(&server)
        {
            let side_of_last = app.game().map(|game| game.session.turn().other());
            if my_side.is_some() && side_of_last == my_side {
                let text = MoveText::parse(&board[server.len()]).ok()?;
                return Some(Request::Move {
                    plies: server.len() as u64,
                    text,
                });
            }
        }
        // The others played: bring their moves in, as their seats' actions.
        if board.len() < expected.len() && expected.starts_with(&board) {
            let mut played_all = true;
            for text in &expected[board.len()..] {
                let side = app.game().map(|game| game.session.turn());
                let played = match side {
                    Some(side) if Some(side) != my_side => app
                        .seat_action(side, PlayerAction::Play { text: text.clone() })
                        .is_ok(),
                    _ => app.apply(PlayerAction::Play { text: text.clone() }).is_ok(),
                };
                if !played {
                    played_all = false;
                    break;
                }
            }
            if played_all {
                return None;
            }
        }
        self.rebuild(app, game, key, &expected)
    }

    /// Loads the server's game (and the pending move on top) as the board.
    fn rebuild(
        &mut self,
        app: &mut App,
        game: &Value,
        key: (Option<String>, Seats),
        expected: &[String],
    ) -> Option<Request> {
        let seats = key.1.clone();
        match app.show_room_game(&board_game_json(game), seats) {
            Ok(()) => {
                let server_len = server_plies(game).len();
                for text in expected.iter().skip(server_len) {
                    if app
                        .apply(PlayerAction::Play { text: text.clone() })
                        .is_err()
                    {
                        break;
                    }
                }
                self.shown = Some(key);
            }
            Err(error) => app.message = format!("The room's game could not be shown: {error}"),
        }
        None
    }
}

#[cfg(test)]
#[path = "room_game_tests.rs"]
mod tests;
