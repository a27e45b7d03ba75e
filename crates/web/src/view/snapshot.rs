//! `window.boardshift.state()`: the app as JSON, for the browser tests and for debugging from
//! the console.

use crate::app::App;
use crate::geometry::Geometry;
use crate::model::{Action, BoardModel, Sq};
use crate::session::GameOver;
use crate::state::GameConfig;
use crate::view::panel;
use serde::Serialize;

/// Whose setup step it is, e.g. `{"side":"white","piece":"king"}`.
#[derive(Serialize)]
struct SetupJson {
    side: &'static str,
    piece: &'static str,
}

#[derive(Serialize)]
struct GameSnapshot<'a> {
    screen: &'static str,
    variant: &'static str,
    config: &'a GameConfig,
    white_to_move: bool,
    thinking: bool,
    animating: bool,
    animations_started: u32,
    result: Option<GameOver>,
    moves: Vec<String>,
    setup: Option<SetupJson>,
    position: String,
    status: String,
    message: &'a str,
    selected: Option<Sq>,
    slide_mode: bool,
    promotion_open: bool,
    board: &'a BoardModel,
    actions: Vec<&'a str>,
    geometry: Geometry,
    painted_at: Option<f64>,
    view_ply: Option<usize>,
    clock: Option<[u64; 2]>,
    saved_game: String,
    marks: &'a crate::marks::Marks,
    premove: Option<(Sq, Sq)>,
    sounds_played: &'a [&'static str],
    settings: &'a crate::settings::Settings,
    held_move: Option<&'a str>,
    analysis: crate::analysis::AnalysisView,
}

#[derive(Serialize)]
struct StartSnapshot<'a> {
    screen: &'static str,
    start_notice: Option<&'a str>,
}

pub fn snapshot_json(app: &App) -> String {
    let Some(game) = app.game() else {
        return serde_json::to_string(&StartSnapshot {
            screen: "start",
            start_notice: app.start_notice.as_deref(),
        })
        .unwrap_or_default();
    };
    let session = &game.session;
    let snapshot = GameSnapshot {
        screen: "game",
        variant: session.variant().name(),
        config: &game.config,
        white_to_move: session.turn() == rules::Color::White,
        thinking: game.opponent.thinking(),
        animating: game.animation.is_some(),
        animations_started: game.animations_started,
        result: session.result(),
        moves: session.move_list(),
        setup: session.setup_step().map(|step| SetupJson {
            side: step.color.name(),
            piece: if step.role == rules::Role::King {
                "king"
            } else {
                "queen"
            },
        }),
        position: session.position_text(),
        status: panel::status_text(game),
        message: &app.message,
        selected: game.input.selected(),
        slide_mode: game.input.slide_mode(),
        promotion_open: game.input.promotion().is_some(),
        board: &game.model,
        actions: game.actions.iter().map(Action::text).collect(),
        geometry: game.geometry(app.board_size),
        painted_at: app.painted_at,
        view_ply: game.view_ply,
        clock: session.clock().map(|c| c.remaining_ms),
        saved_game: session.to_json(&game.config),
        marks: &game.marks,
        premove: game.premoves.queued,
        sounds_played: &game.sounds.played,
        settings: &app.settings,
        held_move: app.held_move(),
        analysis: app.analysis.view(),
    };
    serde_json::to_string(&snapshot).unwrap_or_default()
}
