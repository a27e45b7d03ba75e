//! Relative chess evaluation (joins when the relative rules compile).
