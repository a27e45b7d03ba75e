//! The options of Regroupment Chess (`order`, `king_knight`, `castling`, `start`) and their
//! text names as used on the command line and in saved games.

pub use crate::options::OptionError;
use crate::options::{find_spec, OptionSpec, OptionValues, DRAWS};
use crate::position::VariantKind;

crate::named_enum! {
    /// Option `order`: in which order the four setup steps are taken.
    #[derive(Default)]
    pub enum TurnOrder {
        #[default]
        Sequential => "sequential",
        Alternate => "alternate",
    }
}

crate::named_enum! {
    /// Option `king_knight`: whether the king step may swap the king with a knight.
    #[derive(Default)]
    pub enum KingKnight {
        #[default]
        Allowed => "allowed",
        Forbidden => "forbidden",
    }
}

crate::named_enum! {
    /// Option `castling`: `curtailed` removes both castling rights of a king placed on the
    /// b- or g-file.
    #[derive(Default)]
    pub enum CastlingRule {
        #[default]
        Full => "full",
        Curtailed => "curtailed",
    }
}

crate::named_enum! {
    /// Option `start`: `random` draws each side's back rank instead of playing the setup phase.
    #[derive(Default)]
    pub enum StartRule {
        #[default]
        Choose => "choose",
        Random => "random",
    }
}

/// The rules options of Regroupment Chess. The `draws` option belongs to the game record and
/// is not kept here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RegroupmentOptions {
    pub order: TurnOrder,
    pub king_knight: KingKnight,
    pub castling: CastlingRule,
    pub start: StartRule,
}

/// The rule options of regroupment, as schema (the `draws` option is added by
/// [`OPTIONS`]).
pub const RULE_OPTIONS: [OptionSpec; 4] = [
    OptionSpec {
        key: "order",
        values: OptionValues::Choice(&TurnOrder::NAMES),
        default: Some(TurnOrder::NAMES[0]),
        about: "setup steps: Black's king and queen, then White's (sequential), or kings first",
    },
    OptionSpec {
        key: "king_knight",
        values: OptionValues::Choice(&KingKnight::NAMES),
        default: Some(KingKnight::NAMES[0]),
        about: "whether the king step may swap the king with a knight",
    },
    OptionSpec {
        key: "castling",
        values: OptionValues::Choice(&CastlingRule::NAMES),
        default: Some(CastlingRule::NAMES[0]),
        about: "curtailed: a king placed on the b- or g-file loses both castling rights",
    },
    OptionSpec {
        key: "start",
        values: OptionValues::Choice(&StartRule::NAMES),
        default: Some(StartRule::NAMES[0]),
        about: "play the setup phase (choose), or draw both back ranks at random",
    },
];

/// Every option of a regroupment game, in the order of the saved-game format.
pub const OPTIONS: [OptionSpec; 5] = [
    RULE_OPTIONS[0],
    RULE_OPTIONS[1],
    RULE_OPTIONS[2],
    RULE_OPTIONS[3],
    DRAWS,
];

impl RegroupmentOptions {
    /// The option keys this struct holds.
    pub const KEYS: [&'static str; 4] = ["order", "king_knight", "castling", "start"];

    /// Sets one option from its text key and value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_spec(&RULE_OPTIONS, VariantKind::Regroupment, key)?;
        match key {
            "order" => self.order = spec.read(value, TurnOrder::from_name)?,
            "king_knight" => self.king_knight = spec.read(value, KingKnight::from_name)?,
            "castling" => self.castling = spec.read(value, CastlingRule::from_name)?,
            _ => self.start = spec.read(value, StartRule::from_name)?,
        }
        Ok(())
    }

    /// The defaults with each `(key, value)` pair applied in turn.
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<RegroupmentOptions, OptionError> {
        let mut options = RegroupmentOptions::default();
        for (key, value) in pairs {
            options.set(key, value)?;
        }
        Ok(options)
    }

    /// Every option as `(key, value)` text, in the order of [`Self::KEYS`].
    pub fn pairs(&self) -> [(&'static str, &'static str); 4] {
        [
            ("order", self.order.name()),
            ("king_knight", self.king_knight.name()),
            ("castling", self.castling.name()),
            ("start", self.start.name()),
        ]
    }
}
