//! The tag values PGN shares with other programs: the `Variant` names, `TimeControl`
//! (`300+2`), `%clk` clock comments (`[%clk 0:04:58]`), `Termination`, and escaping a value.

use crate::game::{EndReason, GameEnd, Outcome};
use crate::position::VariantKind;
use crate::types::Color;

/// The tag that names a Boardshift variant other programs do not know, when `Variant` says
/// what they should read it as (a Regroupment game is written as `Chess960`).
pub const BOARDSHIFT_VARIANT: &str = "BoardshiftVariant";
/// The tag with the options that differ from the variant's defaults, as `key=value` pairs.
pub const BOARDSHIFT_OPTIONS: &str = "BoardshiftOptions";
/// The tag with a Regroupment game's setup steps (`K- Q- Kb1 Q-`).
pub const REGROUPMENT_SETUP: &str = "RegroupmentSetup";

/// The variant a `Variant` tag value names, or `None` when it is not one Boardshift plays.
pub fn variant_from_tag(value: &str) -> Option<VariantKind> {
    let name: String = value
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match name.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" => Some(VariantKind::Standard),
        "chess960" | "fischerandom" | "fischerrandom" | "frc" | "960" => {
            Some(VariantKind::Chess960)
        }
        "regroupment" | "chess484" => Some(VariantKind::Regroupment),
        "sliding" => Some(VariantKind::Sliding),
        "relative" => Some(VariantKind::Relative),
        _ => None,
    }
}

/// The `Variant` tag written for `variant` (`None`: standard chess has none).
pub fn variant_tag(variant: VariantKind) -> Option<&'static str> {
    match variant {
        VariantKind::Standard => None,
        VariantKind::Chess960 => Some("Chess960"),
        VariantKind::Regroupment => Some("Regroupment"),
        VariantKind::Sliding => Some("Sliding"),
        VariantKind::Relative => Some("Relative"),
    }
}

/// `300+2` for five minutes plus two seconds a move (whole seconds, as PGN writes it).
pub fn time_control_text(initial_ms: u64, increment_ms: u64) -> String {
    let seconds = |ms: u64| {
        if ms.is_multiple_of(1000) {
            (ms / 1000).to_string()
        } else {
            format!("{}.{:03}", ms / 1000, ms % 1000)
                .trim_end_matches('0')
                .to_string()
        }
    };
    format!("{}+{}", seconds(initial_ms), seconds(increment_ms))
}

/// Reads a `TimeControl` value of one period (`300+2`, `300`) as milliseconds; `None` for
/// no clock (`-`, `?`) or forms with several periods (`40/7200:3600`), which the clocks here
/// cannot keep.
pub fn read_time_control(value: &str) -> Option<(u64, u64)> {
    let value = value.trim();
    let (initial, increment) = value.split_once('+').unwrap_or((value, "0"));
    let initial = read_seconds(initial)?;
    let increment = read_seconds(increment)?;
    (initial > 0).then_some((initial, increment))
}

/// `12` or `12.5` seconds as milliseconds.
fn read_seconds(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 9 {
        return None;
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut ms = whole.parse::<u64>().ok()? * 1000;
    let mut scale = 100;
    for digit in fraction.bytes().take(3) {
        ms += u64::from(digit - b'0') * scale;
        scale /= 10;
    }
    Some(ms)
}

/// `[%clk 0:04:58]` for 298 seconds (a fraction is written only when there is one).
pub fn clock_comment(remaining_ms: u64) -> String {
    let seconds = remaining_ms / 1000;
    let fraction = remaining_ms % 1000;
    let mut text = format!(
        "[%clk {}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    );
    if fraction != 0 {
        let digits = format!("{fraction:03}");
        text.push('.');
        text.push_str(digits.trim_end_matches('0'));
    }
    text.push(']');
    text
}

/// The remaining time of a `%clk` command inside a comment (`[%clk 1:02:03.4]`), in ms.
pub fn read_clock_comment(comment: &str) -> Option<u64> {
    let start = comment.find("[%clk")?;
    let rest = &comment[start + "[%clk".len()..];
    let end = rest.find(']')?;
    let parts: Vec<&str> = rest[..end].trim().split(':').collect();
    let (hours, minutes, seconds) = match parts.as_slice() {
        [h, m, s] => (*h, *m, *s),
        [m, s] => ("0", *m, *s),
        _ => return None,
    };
    let whole = |text: &str| {
        (!text.is_empty() && text.len() <= 6 && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse::<u64>().ok())
            .flatten()
    };
    Some((whole(hours)? * 3600 + whole(minutes)? * 60) * 1000 + read_seconds(seconds)?)
}

/// The `Termination` value lichess writes for an ending.
pub fn termination_tag(end: Option<GameEnd>) -> &'static str {
    match end.map(|end| end.reason) {
        None => "Unterminated",
        Some(EndReason::Timeout | EndReason::TimeoutVsInsufficientMaterial) => "Time forfeit",
        Some(_) => "Normal",
    }
}

/// The sentence that closes the move text of a finished game (`White wins by checkmate.`).
pub fn ending_comment(end: GameEnd) -> String {
    match end.outcome {
        Outcome::Win(color) => {
            format!("{} wins by {}.", side_name(color), end.reason.description())
        }
        Outcome::Draw => format!("Draw by {}.", end.reason.description()),
        Outcome::Ongoing => String::new(),
    }
}

pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// How a decided game ended when its moves do not say it, read from the `Termination` tag and
/// the closing comment: a timeout, an agreed draw, or (the default for a win) a resignation.
pub fn event_reason(hints: &str, outcome: Outcome) -> EndReason {
    let hints = hints.to_ascii_lowercase();
    if hints.contains("time") {
        EndReason::Timeout
    } else if matches!(outcome, Outcome::Draw) {
        EndReason::DrawAgreed
    } else {
        EndReason::Resignation
    }
}

/// A tag value with `"` and `\` escaped, as PGN requires.
pub fn escape(value: &str) -> String {
    let mut text = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                text.push('\\');
                text.push(c);
            }
            '\n' | '\r' | '\t' => text.push(' '),
            c => text.push(c),
        }
    }
    text
}

/// The `Date` tag for an ISO 8601 time (`2026-11-29T12:00:00Z` → `2026.11.29`).
pub fn date_tag(saved_at: Option<&str>) -> String {
    let date = saved_at.and_then(|text| text.get(..10)).filter(|date| {
        date.len() == 10
            && date.char_indices().all(|(i, c)| {
                if i == 4 || i == 7 {
                    c == '-'
                } else {
                    c.is_ascii_digit()
                }
            })
    });
    match date {
        Some(date) => date.replace('-', "."),
        None => "????.??.??".to_string(),
    }
}
