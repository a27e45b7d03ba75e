//! Who plays each side: the person at this screen, the computer, or someone playing from
//! elsewhere. The controller asks a seat only what it needs — whether this screen's input acts
//! for that side and what to wait for when it is that side's turn — so a new kind of seat plugs
//! in here without touching board input, rendering or history.

use engine::Level;
use rules::Color;
use serde::{Deserialize, Serialize};

/// One side's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// The person at this screen: clicks, drags, typed moves and the game buttons act for
    /// this side.
    Here,
    /// The computer, searching in the worker at this level.
    Computer(Level),
    /// Someone playing from elsewhere; their actions arrive as `App::seat_action` calls
    /// (the network layer's job), never through this screen's input.
    Remote { name: String },
}

/// What the game waits for while it is a seat's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Input on this screen.
    Input,
    /// The worker's answer at this level.
    Think(Level),
    /// An action delivered from elsewhere.
    Remote,
}

/// The levels offered for the computer, 1 to 8; `Analysis` is the command line's, not a player.
pub const LEVELS: [Level; 8] = [
    Level::ALL[0],
    Level::ALL[1],
    Level::ALL[2],
    Level::ALL[3],
    Level::ALL[4],
    Level::ALL[5],
    Level::ALL[6],
    Level::ALL[7],
];

impl Seat {
    pub fn is_here(&self) -> bool {
        matches!(self, Seat::Here)
    }

    pub fn is_computer(&self) -> bool {
        matches!(self, Seat::Computer(_))
    }

    pub fn turn(&self) -> Turn {
        match self {
            Seat::Here => Turn::Input,
            Seat::Computer(level) => Turn::Think(*level),
            Seat::Remote { .. } => Turn::Remote,
        }
    }

    /// The player as written in saved games (`docs/saved-games.md`): `human`,
    /// `computer:<level>`, or a remote player's name.
    pub fn saved_name(&self) -> String {
        match self {
            Seat::Here => "human".into(),
            Seat::Computer(level) => format!("computer:{}", level.name()),
            Seat::Remote { name } => name.clone(),
        }
    }

    /// Reads a saved player; anything but a computer is played at this screen when a saved
    /// game is opened here.
    pub fn from_saved_name(text: &str) -> Seat {
        match text.split_once(':') {
            Some(("computer", level)) => Level::from_name(level)
                .filter(|l| LEVELS.contains(l))
                .map_or(Seat::Here, Seat::Computer),
            _ => Seat::Here,
        }
    }

    /// How long the computer may think per move when no clock runs.
    pub fn think_ms(level: Level) -> u32 {
        match level.number() {
            Some(1) => 200,
            Some(2) => 300,
            Some(3) => 500,
            Some(4) => 1000,
            Some(5) => 1200,
            Some(6) => 1500,
            _ => 2000,
        }
    }
}

impl Serialize for Seat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.saved_name())
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let text = String::deserialize(d)?;
        match text.as_str() {
            "human" => Ok(Seat::Here),
            _ if text.starts_with("computer:") => match Seat::from_saved_name(&text) {
                Seat::Here => Err(serde::de::Error::custom(format!("unknown player '{text}'"))),
                seat => Ok(seat),
            },
            _ => Ok(Seat::Remote { name: text }),
        }
    }
}

/// Both seats of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    pub white: Seat,
    pub black: Seat,
}

impl Seats {
    pub fn get(&self, side: Color) -> &Seat {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The sides played at this screen.
    pub fn here(&self) -> Vec<Color> {
        Color::ALL
            .into_iter()
            .filter(|&c| self.get(c).is_here())
            .collect()
    }

    pub fn has_computer(&self) -> bool {
        self.white.is_computer() || self.black.is_computer()
    }

    /// Both sides played at this screen (hot-seat).
    pub fn hot_seat(&self) -> bool {
        self.here().len() == 2
    }

    /// The side a game button (resign, draw) acts for: the side to move in hot-seat, else the
    /// one side played here; `None` when nobody plays here (watching).
    pub fn acting_side(&self, turn: Color) -> Option<Color> {
        match self.here().as_slice() {
            [_, _] => Some(turn),
            [side] => Some(*side),
            _ => None,
        }
    }

    /// The board is seen from Black when Black alone is played here.
    pub fn seen_from_black(&self) -> bool {
        self.here() == [Color::Black]
    }

    /// The seats of a rematch: colours swap.
    pub fn swapped(&self) -> Seats {
        Seats {
            white: self.black.clone(),
            black: self.white.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_use_the_saved_game_spelling() {
        assert_eq!(Seat::Computer(Level::Hard).saved_name(), "computer:hard");
        assert_eq!(
            Seat::from_saved_name("computer:easy"),
            Seat::Computer(Level::Easy)
        );
        assert_eq!(Seat::from_saved_name("human"), Seat::Here);
        assert_eq!(Seat::from_saved_name("computer:godlike"), Seat::Here);
        assert_eq!(Seat::from_saved_name("computer:analysis"), Seat::Here);
        // Levels 1 to 8 by number; 2, 4 and 8 are written with their old names.
        assert_eq!(
            Seat::from_saved_name("computer:3"),
            Seat::Computer(Level::new(3).unwrap())
        );
        assert_eq!(
            Seat::from_saved_name("computer:2"),
            Seat::Computer(Level::Easy)
        );
        assert_eq!(
            Seat::Computer(Level::new(5).unwrap()).saved_name(),
            "computer:5"
        );
        let json = serde_json::to_string(&Seat::Computer(Level::Medium)).unwrap();
        assert_eq!(json, r#""computer:medium""#);
        assert!(serde_json::from_str::<Seat>(r#""computer:godlike""#).is_err());
    }

    #[test]
    fn the_acting_side_follows_who_plays_here() {
        let hot = Seats {
            white: Seat::Here,
            black: Seat::Here,
        };
        assert_eq!(hot.acting_side(Color::Black), Some(Color::Black));
        let computer_white = Seats {
            white: Seat::Computer(Level::Easy),
            black: Seat::Here,
        };
        assert_eq!(computer_white.acting_side(Color::White), Some(Color::Black));
        assert!(computer_white.seen_from_black());
        let watching = Seats {
            white: Seat::Remote { name: "Ann".into() },
            black: Seat::Remote { name: "Bo".into() },
        };
        assert_eq!(watching.acting_side(Color::White), None);
        assert_eq!(watching.white.turn(), Turn::Remote);
        assert!(!watching.seen_from_black());
    }
}
