//! `named_enum!`: the one way the crate declares an enum whose values have stable text names
//! (option values, variant names, end reasons). Each gets `ALL`, `NAMES`, `name`, `from_name`
//! and `Display`, so no name table is written by hand twice.

/// Declares a fieldless enum with a text name per value, in declaration order:
///
/// ```ignore
/// named_enum! {
///     /// Option `leave`.
///     #[derive(Default)]
///     pub enum Leave {
///         #[default]
///         Yes => "yes",
///         Sides => "sides",
///     }
/// }
/// ```
///
/// The enum derives `Clone, Copy, Debug, PartialEq, Eq, Hash`; further attributes (serde,
/// `Default` with `#[default]` on a value) pass through.
#[macro_export]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$value_meta:meta])* $value:ident => $text:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$value_meta])* $value),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$value),+];
            /// The text names of the values, in the order of `ALL`.
            pub const NAMES: [&'static str; [$($text),+].len()] = [$($text),+];

            /// The stable text name.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$value => $text),+
                }
            }

            /// The value named `text` (exactly), if any.
            pub fn from_name(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$value),)+
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::named_enum! {
        #[derive(Default)]
        enum Sample {
            First => "first",
            #[default]
            Second => "second",
        }
    }

    #[test]
    fn names_round_trip_and_attributes_pass_through() {
        for value in Sample::ALL {
            assert_eq!(Sample::from_name(value.name()), Some(value));
            assert_eq!(value.to_string(), value.name());
        }
        assert_eq!(Sample::NAMES, ["first", "second"]);
        assert_eq!(Sample::from_name("First"), None);
        assert_eq!(Sample::default(), Sample::Second);
    }
}
