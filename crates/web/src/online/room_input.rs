//! What the person types or opens in a room, read without the browser: chat lines and their
//! commands (`/move e2e4`, `/white`, `!resign`, …), invite links (`#room=CODE`), the storage
//! keys of a room's token and the remembered name.

use super::protocol_client::Request;
use boardshift_rooms::protocol::{ChatText, MoveText, SeatWish};
use boardshift_rooms::{ClockSpec, RoomCode};

/// A chat line read: a request for the server, the list of commands, or plain chat.
#[derive(Clone, Debug, PartialEq)]
pub enum ChatInput {
    Request(Request),
    /// `/chess`: show the commands and controls.
    ShowCommands,
}

/// The commands as shown by `/chess`.
pub const COMMANDS_HELP: &str = "Commands (or ! for /): /move e2e4 or /move e2 e4, /white, \
/black, /queue, /watch, /draw (offer or accept), /claim [move], /resign, /rematch, /next (host), \
/settings GAME [MIN+SEC] (host, between matches: the next match's game and clock), /chess (this list). Anything else is sent as chat.";

/// Reads a chat line: `/` or `!` starts a command; anything else is chat text. An unknown
/// command or a bad argument is an error that says so, rather than being sent as chat.
pub fn read_chat_line(line: &str) -> Result<ChatInput, String> {
    let line = line.trim();
    let Some(command) = line.strip_prefix('/').or_else(|| line.strip_prefix('!')) else {
        return ChatText::parse(line)
            .map(|text| ChatInput::Request(Request::Chat(text)))
            .map_err(|error| format!("Not sent: {error}"));
    };
    let mut words = command.split_whitespace();
    let verb = words.next().unwrap_or("").to_ascii_lowercase();
    let rest: Vec<&str> = words.collect();
    let request = match (verb.as_str(), rest.as_slice()) {
        ("move", [_, ..]) => {
            let text =
                MoveText::parse(&rest.concat()).map_err(|error| format!("/move: {error}"))?;
            // The ply number is filled in by whoever knows the game (`with_plies`).
            Request::Move { plies: 0, text }
        }
        ("move", []) => return Err("/move needs a move, as in /move e2e4".into()),
        ("white", []) => Request::Seat(SeatWish::White),
        ("black", []) => Request::Seat(SeatWish::Black),
        ("queue", []) => Request::Seat(SeatWish::Queue),
        ("watch", []) => Request::Seat(SeatWish::Spectate),
        ("draw", []) => Request::Draw,
        ("claim", []) => Request::Claim(None),
        ("claim", _) => Request::Claim(Some(
            MoveText::parse(&rest.concat()).map_err(|error| format!("/claim: {error}"))?,
        )),
        ("resign", []) => Request::Resign,
        ("rematch", []) => Request::Rematch,
        ("next", []) => Request::Next,
        ("settings", [variant, clock @ ..]) if clock.len() <= 1 => {
            let variant = variant.to_ascii_lowercase();
            if rules::VariantKind::from_name(&variant).is_none() {
                return Err(format!(
                    "/settings: unknown game '{variant}' (standard, regroupment, sliding, relative or chess960)"
                ));
            }
            let clock = match clock.first() {
                None => None,
                Some(text) => Some(read_clock(text).ok_or_else(|| {
                    format!("/settings: '{text}' is not a clock; write minutes+seconds, as in 5+3")
                })?),
            };
            Request::Settings { variant, clock }
        }
        ("settings", _) => {
            return Err(
                "/settings needs a game and maybe a clock, as in /settings sliding 5+3".into(),
            )
        }
        ("chess", []) => return Ok(ChatInput::ShowCommands),
        (
            "white" | "black" | "queue" | "watch" | "draw" | "resign" | "rematch" | "next"
            | "chess",
            _,
        ) => return Err(format!("/{verb} takes nothing after it")),
        _ => return Err(format!("Unknown command /{verb}. {COMMANDS_HELP}")),
    };
    Ok(ChatInput::Request(request))
}

/// `MINUTES+SECONDS` (`5+3`): the base time per side and the increment per move. Whole
/// numbers only: float parsing would add to the page's download for no use.
fn read_clock(text: &str) -> Option<ClockSpec> {
    let (minutes, seconds) = text.split_once('+')?;
    let minutes: u64 = minutes.parse().ok().filter(|m| (1..=600).contains(m))?;
    let seconds: u64 = seconds.parse().ok().filter(|s| *s <= 600)?;
    Some(ClockSpec {
        base_ms: minutes * 60_000,
        inc_ms: seconds * 1000,
    })
}

/// A `/move` request given the game's current ply count.
pub fn with_plies(request: Request, plies: u64) -> Request {
    match request {
        Request::Move { text, .. } => Request::Move { plies, text },
        other => other,
    }
}

/// The room code of an invite link's fragment (`#room=CODE`, any case), if it holds one.
pub fn room_from_fragment(fragment: &str) -> Option<RoomCode> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    fragment
        .split('&')
        .find_map(|part| part.strip_prefix("room="))
        .and_then(|code| RoomCode::parse(code).ok())
}

/// The invite link for `code` given the page's address (its fragment replaced).
pub fn invite_link(page_address: &str, code: &RoomCode) -> String {
    let base = page_address.split('#').next().unwrap_or(page_address);
    format!("{base}#room={}", code.as_str())
}

/// The session-storage key holding this tab's token for a room.
pub fn token_key(code: &RoomCode) -> String {
    format!("boardshift.room-token.{}", code.as_str())
}

/// The local-storage key of the name last used online.
pub const NAME_KEY: &str = "boardshift.online-name";

/// The wait before reconnect attempt `attempt` (0 for the first): doubling from half a second
/// to at most ten, with up to a quarter added from `random` so that many clients cut off
/// together do not all come back in the same instant.
pub fn reconnect_delay_ms(attempt: u32, random: u64) -> u64 {
    let base = 500u64.saturating_mul(1 << attempt.min(5)).min(10_000);
    base + random % (base / 4 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(line: &str) -> Request {
        match read_chat_line(line) {
            Ok(ChatInput::Request(request)) => request,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn the_host_sets_the_next_game_and_clock() {
        assert_eq!(
            request("/settings Sliding 5+3"),
            Request::Settings {
                variant: "sliding".into(),
                clock: Some(ClockSpec {
                    base_ms: 300_000,
                    inc_ms: 3_000
                })
            }
        );
        assert_eq!(
            request("!settings relative"),
            Request::Settings {
                variant: "relative".into(),
                clock: None
            }
        );
        for bad in [
            "/settings",
            "/settings checkers",
            "/settings standard 5",
            "/settings standard 0+2",
            "/settings standard 5+3 x",
        ] {
            assert!(read_chat_line(bad).is_err(), "{bad} was accepted");
        }
    }

    #[test]
    fn commands_read_with_slash_or_bang() {
        let e2e4 = MoveText::parse("e2e4").unwrap();
        assert_eq!(
            request("/move e2e4"),
            Request::Move {
                plies: 0,
                text: e2e4.clone()
            }
        );
        assert_eq!(
            request("!move e2 e4"),
            Request::Move {
                plies: 0,
                text: e2e4.clone()
            }
        );
        assert_eq!(request("/white"), Request::Seat(SeatWish::White));
        assert_eq!(request("!black"), Request::Seat(SeatWish::Black));
        assert_eq!(request("/queue"), Request::Seat(SeatWish::Queue));
        assert_eq!(request("/watch"), Request::Seat(SeatWish::Spectate));
        assert_eq!(request("/draw"), Request::Draw);
        assert_eq!(request("/claim"), Request::Claim(None));
        assert_eq!(request("/claim e2e4"), Request::Claim(Some(e2e4)));
        assert_eq!(request("/RESIGN"), Request::Resign);
        assert_eq!(request("/rematch"), Request::Rematch);
        assert_eq!(request("!next"), Request::Next);
        assert_eq!(read_chat_line("/chess"), Ok(ChatInput::ShowCommands));
    }

    #[test]
    fn plain_text_is_chat_and_mistakes_are_not_sent() {
        let Request::Chat(text) = request("  <b>good game</b> ") else {
            panic!("not chat");
        };
        assert_eq!(text.as_str(), "<b>good game</b>");
        assert!(read_chat_line("/fly")
            .unwrap_err()
            .contains("Unknown command /fly"));
        assert!(read_chat_line("/move").is_err());
        assert!(read_chat_line("/resign now").is_err());
        assert!(read_chat_line("   ").is_err());
        assert!(read_chat_line(&"x".repeat(301)).is_err());
    }

    #[test]
    fn a_move_command_gets_the_ply_count() {
        let Request::Move { plies, .. } = with_plies(request("/move e7e5"), 1) else {
            panic!("not a move");
        };
        assert_eq!(plies, 1);
    }

    #[test]
    fn invite_links_carry_the_room_code() {
        let code = RoomCode::parse("Friday-Blitz").unwrap();
        let link = invite_link("http://127.0.0.1:8080/#play=standard", &code);
        assert_eq!(link, "http://127.0.0.1:8080/#room=friday-blitz");
        assert_eq!(room_from_fragment("#room=friday-blitz"), Some(code));
        assert_eq!(
            room_from_fragment("#room=4821").map(|c| c.is_pin()),
            Some(true)
        );
        assert_eq!(room_from_fragment("#play=sliding"), None);
        assert_eq!(room_from_fragment("#room=no spaces"), None);
        assert_eq!(
            token_key(&RoomCode::parse("4821").unwrap()),
            "boardshift.room-token.4821"
        );
    }

    #[test]
    fn reconnecting_backs_off_up_to_ten_seconds() {
        assert_eq!(reconnect_delay_ms(0, 0), 500);
        assert_eq!(reconnect_delay_ms(1, 0), 1000);
        assert_eq!(reconnect_delay_ms(9, 0), 10_000);
        assert!(reconnect_delay_ms(0, u64::MAX) <= 625);
        assert!(reconnect_delay_ms(40, u64::MAX) <= 12_500);
    }
}
