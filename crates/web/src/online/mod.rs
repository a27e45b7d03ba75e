//! Online play against people elsewhere, through a `boardshift serve` rooms server: the
//! protocol logic, chat commands and clock display are pure and tested natively; only the
//! WebSocket wrapper needs the browser.

pub mod protocol_client;
pub mod room_clock;
pub mod room_game;
pub mod room_input;
pub mod room_panel;
