//! Test suite: game_end (filled in as the feature lands).
