//! Input as pure state and functions: the board's pointer input, the keyboard, and typed
//! commands. Nothing here touches the page; the page layer feeds events in and the controller
//! acts on what comes out, so every rule of input is unit-tested natively.

pub mod board;
pub mod command;
pub mod keys;
