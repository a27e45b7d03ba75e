//! What the commands need from a variant beyond its rules, written once over `V: Variant`:
//! its rule options out of a game's options, a start position with any chance drawn from a
//! seed (sliding's gap, a random Chess484 or Chess960 start), and position text read under
//! those options.

use rules::options::VariantOptions;
use rules::rng::Rng;
use rules::Variant;

/// The rule options of `V` out of a game's options.
pub(crate) fn rules_of<V: Variant>(options: &VariantOptions) -> Result<V::Options, String> {
    V::rules(options).ok_or_else(|| {
        format!(
            "options of {} given for {}",
            options.variant().name(),
            V::KIND.name()
        )
    })
}

/// The start position under `options`; what they leave open is drawn from `seed`.
pub(crate) fn start<V: Variant>(
    options: &VariantOptions,
    seed: u64,
) -> Result<V::Position, String> {
    V::start(&rules_of::<V>(options)?, &mut Rng::seeded(seed)).map_err(|e| e.to_string())
}

/// Reads `text` as a position of `V` under `options`.
pub(crate) fn from_text<V: Variant>(
    text: &str,
    options: &VariantOptions,
) -> Result<V::Position, String> {
    V::from_text(text, &rules_of::<V>(options)?).map_err(|e| e.to_string())
}
