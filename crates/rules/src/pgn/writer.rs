//! Writing a game as PGN (and its move list as plain text), as `docs/pgn.md` describes.

use super::tags::{
    clock_comment, date_tag, ending_comment, escape, termination_tag, time_control_text,
    variant_tag, BOARDSHIFT_OPTIONS, BOARDSHIFT_VARIANT, REGROUPMENT_SETUP,
};
use crate::any::AnyGame;
use crate::options::VariantOptions;
use crate::position::VariantKind;
use crate::save::Players;
use crate::types::Color;

/// Lines of move text are wrapped before this column, as PGN export format asks.
const LINE_WIDTH: usize = 80;

/// Options the start position itself says (the gap, the board size, the drawn back rank):
/// never written in the options tag.
const DECIDED_BY_POSITION: [&str; 3] = ["start", "gap", "size"];

/// The game as PGN text: tags, then the move text wrapped at 80 columns, ending in a newline.
/// `saved_at` (ISO 8601) gives the `Date` tag.
pub fn write_pgn(game: &AnyGame, players: &Players, saved_at: Option<&str>) -> String {
    let variant = game.variant();
    let setup_plies = game.setup_ply_count();
    let in_setup = game.is_setup_phase();
    let start_fen = match variant {
        VariantKind::Standard => game.start_text().map(str::to_string),
        VariantKind::Regroupment if in_setup => None,
        _ => game.position_text_at(setup_plies),
    };
    let end = game.result();
    let result = end.map_or("*", |end| end.outcome.result_text());
    let clock = game.clock();

    let mut tags: Vec<(&str, String)> = vec![
        ("Event", "Boardshift game".to_string()),
        ("Site", "Boardshift".to_string()),
        ("Date", date_tag(saved_at)),
        ("Round", "-".to_string()),
        ("White", players.white.clone()),
        ("Black", players.black.clone()),
        ("Result", result.to_string()),
    ];
    // Other programs read a Regroupment game after its setup as Chess960 from its position:
    // the castling rules are the same.
    let written_variant = match variant {
        VariantKind::Regroupment if !in_setup => Some("Chess960"),
        other => variant_tag(other),
    };
    if let Some(name) = written_variant {
        tags.push(("Variant", name.to_string()));
    }
    if variant == VariantKind::Regroupment && !in_setup {
        tags.push((BOARDSHIFT_VARIANT, "Regroupment".to_string()));
    }
    let options = changed_options(game.options());
    if !options.is_empty() {
        tags.push((BOARDSHIFT_OPTIONS, options));
    }
    let setup_steps = game.to_save("", players).setup;
    if !setup_steps.is_empty() {
        tags.push((REGROUPMENT_SETUP, setup_steps.join(" ")));
    }
    if let Some(fen) = &start_fen {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", fen.clone()));
    }
    tags.push((
        "TimeControl",
        clock.map_or("-".to_string(), |clock| {
            time_control_text(clock.initial_ms, clock.increment_ms)
        }),
    ));
    tags.push(("Termination", termination_tag(end).to_string()));

    let mut text = String::new();
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    text.push('\n');

    let (mut turn, mut number) = start_fen
        .as_deref()
        .map_or((Color::White, 1), turn_and_number);
    let mut units: Vec<String> = Vec::new();
    let mut number_needed = true;
    let entries = game.move_list();
    for (index, entry) in entries.iter().enumerate().skip(setup_plies) {
        if turn == Color::White {
            units.push(format!("{number}."));
        } else if number_needed {
            units.push(format!("{number}..."));
        }
        units.push(entry.display.clone());
        number_needed = false;
        if let Some(clock) = game.clock_at(index + 1) {
            units.push(format!("{{ {} }}", clock_comment(clock.remaining(turn))));
            number_needed = true;
        }
        if turn == Color::Black {
            number += 1;
        }
        turn = turn.other();
    }
    if let Some(end) = end {
        units.push(format!("{{ {} }}", ending_comment(end)));
    }
    units.push(result.to_string());
    text.push_str(&wrap(&units));
    text.push('\n');
    text
}

/// The side to move and move number of a position text (fields 2 and 6).
fn turn_and_number(fen: &str) -> (Color, u32) {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let turn = match fields.get(1) {
        Some(&"b") => Color::Black,
        _ => Color::White,
    };
    let number = fields
        .get(5)
        .and_then(|text| text.parse::<u32>().ok())
        .filter(|number| *number > 0)
        .unwrap_or(1);
    (turn, number)
}

/// The options that differ from the variant's defaults, as `key=value` pairs.
fn changed_options(options: &VariantOptions) -> String {
    let defaults = VariantOptions::default_for(options.variant()).to_pairs();
    options
        .to_pairs()
        .into_iter()
        .filter(|(key, value)| {
            !DECIDED_BY_POSITION.contains(key) && !defaults.contains(&(*key, value.clone()))
        })
        .filter_map(|(key, value)| Some(format!("{key}={}", value?)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Joins units with spaces into lines no longer than [`LINE_WIDTH`] (a longer unit stands
/// alone on its line).
fn wrap(units: &[String]) -> String {
    let mut text = String::new();
    let mut line_len = 0;
    for unit in units {
        let len = unit.chars().count();
        if line_len > 0 && line_len + 1 + len > LINE_WIDTH {
            text.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            text.push(' ');
            line_len += 1;
        }
        text.push_str(unit);
        line_len += len;
    }
    text
}

/// The move list as plain text, as the app shows it: Regroupment setup steps on a line of
/// their own, then numbered moves (`1. e4 e5 2. Nf3`), with their marks.
pub fn move_list_text(game: &AnyGame) -> String {
    let setup_plies = game.setup_ply_count();
    let entries = game.move_list();
    let mut units: Vec<String> = Vec::new();
    let mut text = String::new();
    if setup_plies > 0 {
        let steps: Vec<&str> = entries
            .iter()
            .take(setup_plies)
            .map(|entry| entry.display.as_str())
            .collect();
        text.push_str(&format!("Setup: {}\n", steps.join(" ")));
    }
    let start = game.position_text_at(setup_plies).unwrap_or_default();
    let (mut turn, mut number) = turn_and_number(&start);
    for (index, entry) in entries.iter().enumerate().skip(setup_plies) {
        if turn == Color::White {
            units.push(format!("{number}."));
        } else if index == setup_plies {
            units.push(format!("{number}..."));
        }
        units.push(format!("{}{}", entry.display, entry.marks));
        if turn == Color::Black {
            number += 1;
        }
        turn = turn.other();
    }
    text.push_str(&wrap(&units));
    text
}
