//! Search and evaluation for all four games, generic over `rules::GamePosition`.
