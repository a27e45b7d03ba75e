//! The variants the engine can search, as types: [`dispatch`] is `rules::dispatch` with the
//! promise that the variant's position implements [`SearchPosition`], so the tools (command
//! line, UCI, the app's worker) write their search code once, generic over the variant.

use crate::SearchPosition;
use rules::any::{AnyGame, GameVisitor};
use rules::game::Game;
use rules::variant::Variant;
use rules::view::ViewPosition;
use rules::VariantKind;
use std::any::Any;

/// Code written once for every variant the engine searches.
pub trait SearchVisitor {
    type Output;
    fn visit<V: Variant>(self) -> Self::Output
    where
        V::Position: SearchPosition;
}

/// Calls `visitor.visit::<V>()` with the marker type of `kind`. The variants are the rules'
/// list (`rules::for_each_variant!`); a variant whose position has no [`SearchPosition`] (no
/// evaluation in [`crate::eval`]) stops this from compiling.
pub fn dispatch<F: SearchVisitor>(kind: VariantKind, visitor: F) -> F::Output {
    rules::for_each_variant!(kind, V => visitor.visit::<V>())
}

/// The repetition keys of the positions before the game's current one, as a
/// [`crate::SearchRequest`] takes them.
pub fn history_keys<P: SearchPosition>(game: &Game<P>) -> Vec<u64> {
    game.history()
        .iter()
        .map(|ply| ply.before.repetition_key())
        .collect()
}

/// Code run on the typed game being played, whatever its variant, with its position
/// searchable.
pub trait SearchGameVisitor {
    type Output;
    fn visit<P: SearchPosition>(self, game: &Game<P>) -> Self::Output;
}

/// Runs `visitor` on the game being played; `None` while there is no game to search (a
/// regroupment setup phase).
pub fn visit_game<F: SearchGameVisitor>(game: &AnyGame, visitor: F) -> Option<F::Output> {
    struct ForVariant<'a, F> {
        game: &'a AnyGame,
        visitor: F,
    }
    impl<F: SearchGameVisitor> SearchVisitor for ForVariant<'_, F> {
        type Output = Option<F::Output>;
        fn visit<V: Variant>(self) -> Option<F::Output>
        where
            V::Position: SearchPosition,
        {
            self.game.visit(Typed::<V, F> {
                visitor: self.visitor,
                variant: std::marker::PhantomData,
            })?
        }
    }
    /// The game the rules hand over, seen as the variant's own game type (they are the same
    /// type; the check only tells the compiler so).
    struct Typed<V, F> {
        visitor: F,
        variant: std::marker::PhantomData<V>,
    }
    impl<V: Variant, F: SearchGameVisitor> GameVisitor for Typed<V, F>
    where
        V::Position: SearchPosition,
    {
        type Output = Option<F::Output>;
        fn visit<P: ViewPosition>(self, game: &Game<P>) -> Option<F::Output> {
            let game = (game as &dyn Any).downcast_ref::<Game<V::Position>>()?;
            Some(self.visitor.visit(game))
        }
    }
    dispatch(game.variant(), ForVariant { game, visitor })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::options::VariantOptions;

    /// The position text of the game's position, reached through the searchable type.
    struct Text;

    impl SearchGameVisitor for Text {
        type Output = String;
        fn visit<P: SearchPosition>(self, game: &Game<P>) -> String {
            game.position().position_text()
        }
    }

    #[test]
    fn every_variant_in_play_is_searchable_and_a_setup_phase_is_not() {
        for kind in VariantKind::ALL {
            let mut options = VariantOptions::default_for(kind);
            if kind == VariantKind::Sliding {
                options.set("gap", "e5").expect("a gap");
            }
            let game = AnyGame::new(options).expect("a game");
            let text = visit_game(&game, Text);
            assert_eq!(text.is_none(), game.is_setup_phase(), "{kind}");
            if let Some(text) = text {
                assert_eq!(text, game.position_text(), "{kind}");
            }
        }
    }
}
