//! Test suite: sliding (filled in as the feature lands).
