//! The controller driven natively, as the page drives it: clicks at pixel positions, keys,
//! buttons, typed commands, worker replies and clock ticks.

use super::*;
use crate::geometry::Geometry;
use crate::model::Sq;
use crate::worker::{self, ThinkReply};
use engine::Level;

const SIZE: f64 = 480.0;

fn config(variant: VariantKind, white: Seat, black: Seat) -> GameConfig {
    GameConfig {
        variant,
        options: BTreeMap::new(),
        seats: Seats { white, black },
        time_control: None,
    }
}

fn hot_seat(variant: VariantKind) -> App {
    let mut app = App::new(7);
    app.board_size = SIZE;
    app.start_game(config(variant, Seat::Here, Seat::Here))
        .unwrap();
    app
}

fn game(app: &App) -> &GameScreen {
    app.game().expect("a game is on screen")
}

/// The canvas point at the centre of a named square.
fn point(app: &App, name: &str) -> (f64, f64) {
    let geometry: Geometry = game(app).geometry(SIZE);
    geometry.center(Sq::parse(name).unwrap())
}

fn click(app: &mut App, name: &str) {
    let (x, y) = point(app, name);
    app.pointer_down(x, y);
    app.pointer_up(x, y);
}

fn moves(app: &App) -> Vec<String> {
    game(app).session.move_list()
}

fn think_requests(effects: &[Effect]) -> Vec<&ThinkRequest> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Think(request) => Some(request),
            _ => None,
        })
        .collect()
}

#[test]
fn clicks_and_drags_at_pixel_positions_play_moves() {
    let mut app = hot_seat(VariantKind::Standard);
    click(&mut app, "e2");
    click(&mut app, "e4");
    assert_eq!(moves(&app), ["e4"]);
    assert!(game(&app).animation.is_some(), "the move is animated");
    let (x0, y0) = point(&app, "g8");
    let (x1, y1) = point(&app, "f6");
    app.pointer_down(x0, y0);
    for step in 1..=10 {
        let t = step as f64 / 10.0;
        assert!(app.pointer_move(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t));
    }
    app.pointer_up(x1, y1);
    assert_eq!(moves(&app), ["e4", "Nf6"]);
    assert_eq!(app.announcement, "Black played Nf6.");
}

#[test]
fn flipping_turns_the_pixels_around() {
    let mut app = hot_seat(VariantKind::Standard);
    let before = point(&app, "e2");
    app.control(Control::Flip);
    assert_ne!(point(&app, "e2"), before);
    click(&mut app, "e2");
    click(&mut app, "e4");
    assert_eq!(moves(&app), ["e4"]);
}

#[test]
fn promotion_waits_for_the_choice_and_survives_a_save() {
    let mut app = App::new(1);
    app.board_size = SIZE;
    let saved = r#"{"format":"boardshift-game","version":1,"variant":"standard","start":"7k/P7/8/8/8/8/8/K7 w - - 0 1","moves":[]}"#;
    app.load_game(saved).unwrap();
    click(&mut app, "a7");
    click(&mut app, "a8");
    assert!(moves(&app).is_empty());
    assert!(game(&app).input.promotion().is_some());
    // The open question is recorded in the game, so a reload asks it again.
    let autosaved = app
        .take_effects()
        .into_iter()
        .rev()
        .filter_map(|e| match e {
            Effect::Autosave(Some(json)) => Some(json),
            _ => None,
        })
        .next()
        .unwrap();
    let mut reloaded = App::new(2);
    assert!(reloaded.resume(&autosaved).unwrap());
    assert!(game(&reloaded).input.promotion().is_some());
    reloaded.choose_promotion(Role::Rook);
    assert_eq!(moves(&reloaded), ["a8=R+"]);
}

#[test]
fn the_computer_is_asked_on_its_turn_and_stale_replies_are_ignored() {
    let mut app = App::new(3);
    app.board_size = SIZE;
    app.start_game(config(
        VariantKind::Standard,
        Seat::Here,
        Seat::Computer(Level::Easy),
    ))
    .unwrap();
    assert!(think_requests(&app.take_effects()).is_empty());
    click(&mut app, "e2");
    click(&mut app, "e4");
    let effects = app.take_effects();
    let request = think_requests(&effects)[0].clone();
    assert_eq!(request.level, "easy");
    // Input is closed while the computer thinks.
    click(&mut app, "d7");
    assert_eq!(game(&app).input.selected(), None);
    // Undo while it thinks takes back the move and replaces the busy worker.
    app.key(&KeyPress {
        key: "z".into(),
        command: true,
        ..KeyPress::default()
    });
    assert!(moves(&app).is_empty());
    assert!(app.take_effects().contains(&Effect::ReplaceWorker));
    let reply = worker::handle(&serde_json::to_string(&request).unwrap());
    app.worker_reply(&serde_json::to_string(&reply).unwrap());
    assert!(
        moves(&app).is_empty(),
        "the answer to an undone position is ignored"
    );
    // A fresh request is answered and played.
    click(&mut app, "d2");
    click(&mut app, "d4");
    let effects = app.take_effects();
    let request = think_requests(&effects)[0];
    let reply = worker::handle(&serde_json::to_string(request).unwrap());
    app.worker_reply(&serde_json::to_string(&reply).unwrap());
    assert_eq!(moves(&app).len(), 2);
    assert!(game(&app).here_to_act());
}

#[test]
fn a_remote_seat_acts_only_through_seat_actions() {
    let mut app = App::new(4);
    app.board_size = SIZE;
    app.start_game(config(
        VariantKind::Standard,
        Seat::Remote { name: "Ann".into() },
        Seat::Here,
    ))
    .unwrap();
    assert!(
        game(&app).flipped,
        "the board is seen from the side played here"
    );
    assert_eq!(panel::status_text(game(&app)), "White (Ann) to move");
    click(&mut app, "e2");
    click(&mut app, "e4");
    assert!(
        moves(&app).is_empty(),
        "this screen cannot move for the remote seat"
    );
    let refused = app.seat_action(
        Color::Black,
        PlayerAction::Play {
            text: "e7e5".into(),
        },
    );
    assert!(refused.is_err(), "Black is played here");
    let play = |text: &str| PlayerAction::Play { text: text.into() };
    app.seat_action(Color::White, play("e2e4")).unwrap();
    assert!(
        app.seat_action(Color::White, play("d2d4")).is_err(),
        "not White's turn"
    );
    click(&mut app, "e7");
    click(&mut app, "e5");
    assert_eq!(moves(&app), ["e4", "e5"]);
    assert!(think_requests(&app.take_effects()).is_empty());
}

#[test]
fn sliding_and_setup_steps_through_the_buttons() {
    let mut app = hot_seat(VariantKind::Sliding);
    let gap = game(&app).session.board().blocked[0];
    app.control(Control::SlideMode);
    let slide = game(&app)
        .actions
        .iter()
        .find_map(|a| match a {
            crate::model::Action::Slide { tile, gap: g, text } if *g == gap => {
                Some((*tile, text.clone()))
            }
            _ => None,
        })
        .unwrap();
    click(&mut app, &slide.0.name());
    assert_eq!(game(&app).session.ply_texts(), [slide.1]);
    assert!(!game(&app).input.slide_mode());

    let mut app = hot_seat(VariantKind::Regroupment);
    click(&mut app, "e8");
    click(&mut app, "g8");
    app.control(Control::Keep);
    let setup = game(&app).session.setup_list();
    assert_eq!(setup.len(), 2, "{setup:?}");
    assert_eq!(
        game(&app).session.setup_step().map(|s| s.color),
        Some(Color::White)
    );
}

#[test]
fn browsing_shows_the_past_without_changing_the_game() {
    let mut app = hot_seat(VariantKind::Standard);
    for line in ["e4", "e5", "Nf3"] {
        app.command(line);
    }
    let press = |key: &str| KeyPress {
        key: key.into(),
        ..KeyPress::default()
    };
    assert!(app.key(&press("ArrowLeft")));
    assert_eq!(game(&app).view_ply, Some(2));
    assert!(game(&app).animation.as_ref().is_some_and(|a| a.reversed));
    click(&mut app, "b8");
    assert_eq!(game(&app).input.selected(), None, "no input while browsing");
    app.command("Nc6");
    assert_eq!(app.message, "It is not your turn to move.");
    app.key(&press("Home"));
    assert_eq!(game(&app).view_ply, Some(0));
    assert_eq!(game(&app).model, game(&app).session.board_at(Some(0)));
    app.key(&press("Escape"));
    assert_eq!(game(&app).view_ply, None);
    app.browse_to(Some(1));
    app.control(Control::ContinueFromHere);
    assert_eq!(moves(&app), ["e4"]);
    assert_eq!(game(&app).view_ply, None);
}

#[test]
fn a_flag_falls_on_a_tick_and_ends_the_game() {
    let mut app = App::new(5);
    let saved = r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":["e2e4"],
        "clock":{"initial_ms":60000,"increment_ms":0,"remaining_ms":[60000,1500]}}"#;
    app.now = 1_000.0;
    app.load_game(saved).unwrap();
    app.now = 2_000.0;
    assert!(!app.tick());
    let faces = panel::clock_faces(game(&app), app.now).unwrap();
    assert_eq!(faces[0].text, "0.5", "Black's clock, on top, counts down");
    app.now = 2_600.0;
    assert!(app.tick());
    let result = game(&app).session.result().unwrap();
    assert_eq!(result.headline, "White wins");
    assert_eq!(app.announcement, "Time is up.");
}

#[test]
fn game_buttons_resign_after_confirmation_and_offer_draws() {
    let mut app = hot_seat(VariantKind::Standard);
    app.control(Control::Draw);
    assert_eq!(panel::panel(game(&app)).draw_label, "Offer draw");
    app.command("e4");
    assert_eq!(panel::panel(game(&app)).draw_label, "Accept draw");
    app.control(Control::Draw);
    assert_eq!(game(&app).session.result().unwrap().reason, "by agreement");

    let mut app = hot_seat(VariantKind::Standard);
    app.control(Control::Resign);
    assert!(app.confirm.is_some());
    app.control(Control::ConfirmNo);
    assert!(!game(&app).is_over());
    app.control(Control::Resign);
    app.control(Control::ConfirmYes);
    assert_eq!(game(&app).session.result().unwrap().headline, "Black wins");
    app.control(Control::Rematch);
    assert!(!game(&app).is_over());
}

#[test]
fn links_and_unreadable_saves_are_reported_on_the_start_screen() {
    let mut app = App::new(6);
    app.start_from_link("bogus");
    assert!(app.game().is_none());
    let notice = app.start_notice.clone().unwrap();
    assert!(notice.contains("unknown game 'bogus'"), "{notice}");
    app.start_from_link("relative");
    assert_eq!(game(&app).session.variant(), VariantKind::Relative);
    assert!(app.start_notice.is_none());

    let mut app = App::new(6);
    let newer = r#"{"format":"boardshift-game","version":2,"variant":"standard","moves":[]}"#;
    let error = app.resume(newer).unwrap_err();
    assert!(error.contains("version"), "{error}");
    assert!(app.game().is_none());
    let finished = r#"{"format":"boardshift-game","version":1,"variant":"standard",
        "moves":["f2f3","e7e5","g2g4","d8h4"]}"#;
    assert_eq!(app.resume(finished), Ok(false));
}

#[test]
fn typed_commands_report_what_they_cannot_do() {
    let mut app = hot_seat(VariantKind::Standard);
    app.command("e2e5");
    assert!(app.message.contains("e2e5"), "{}", app.message);
    app.command("/rematch");
    assert!(app.message.contains("once this game is over"));
    app.command("/dance");
    assert!(app.message.contains("Unknown command '/dance'"));
    app.command("/save");
    assert!(matches!(
        app.take_effects().last(),
        Some(Effect::Download {
            variant: VariantKind::Standard,
            ..
        })
    ));
    let reply = ThinkReply {
        id: 99,
        text: Some("e2e4".into()),
        error: None,
    };
    app.worker_reply(&serde_json::to_string(&reply).unwrap());
    assert!(moves(&app).is_empty(), "an unasked reply plays nothing");
}

/// The faces of both clocks (top, bottom) as shown at the app's time.
fn clock_texts(app: &App) -> Vec<String> {
    panel::clock_faces(game(app), app.now)
        .unwrap()
        .iter()
        .map(|face| face.text.clone())
        .collect()
}

#[test]
fn undo_after_a_flag_fall_reopens_the_game_with_its_clocks() {
    let mut app = App::new(5);
    let saved = r#"{"format":"boardshift-game","version":1,"variant":"standard",
        "moves":["e2e4","e7e5"],
        "clock":{"initial_ms":60000,"increment_ms":0,"remaining_ms":[1500,50000]}}"#;
    app.now = 1_000.0;
    app.load_game(saved).unwrap();
    app.now = 2_600.0;
    assert!(app.tick());
    assert_eq!(game(&app).session.result().unwrap().reason, "by timeout");
    assert_eq!(clock_texts(&app)[1], "0.0");
    app.now = 3_000.0;
    app.control(Control::Undo);
    assert!(!game(&app).is_over(), "the game goes on after the undo");
    assert_eq!(moves(&app), ["e4"]);
    assert!(
        panel::panel(game(&app)).banner.is_none(),
        "the banner is gone"
    );
    let clock = game(&app).session.clock().unwrap();
    assert!(
        clock.remaining_ms.iter().all(|&ms| ms > 1_000),
        "no clock stays at zero: {:?}",
        clock.remaining_ms
    );
    assert!(game(&app).clock.is_running(), "Black's clock runs again");
    assert!(!clock_texts(&app).contains(&"0.0".to_string()));
}

#[test]
fn undo_after_resignation_or_checkmate_reopens_the_game() {
    let mut app = hot_seat(VariantKind::Standard);
    for line in ["f3", "e5", "g4", "Qh4#"] {
        app.command(line);
    }
    assert!(game(&app).is_over());
    app.control(Control::Undo);
    assert!(!game(&app).is_over());
    assert_eq!(moves(&app), ["f3", "e5", "g4"]);

    app.command("/resign");
    assert!(
        app.confirm.is_some(),
        "/resign asks first, as the button does"
    );
    assert!(!game(&app).is_over());
    app.control(Control::ConfirmYes);
    assert!(game(&app).is_over());
    app.control(Control::Undo);
    assert!(!game(&app).is_over(), "undo takes back the resignation");
    assert!(panel::panel(game(&app)).banner.is_none());
}

#[test]
fn new_game_keeps_the_game_to_resume_with_its_clock_stopped() {
    let mut app = App::new(5);
    let mut timed = config(VariantKind::Standard, Seat::Here, Seat::Here);
    timed.time_control = Some(crate::state::TimeControl {
        initial_ms: 60_000,
        increment_ms: 0,
    });
    app.start_game(timed).unwrap();
    app.command("e4");
    app.now = 5_000.0;
    app.control(Control::Home);
    assert!(app.game().is_none());
    assert!(app.can_resume(), "the start screen offers the game back");
    app.now = 65_000.0;
    app.resume_paused();
    assert_eq!(moves(&app), ["e4"]);
    let black = game(&app).session.clock().unwrap().remaining_ms[1];
    assert_eq!(black, 55_000, "the time away from the game is not charged");
    assert!(game(&app).clock.is_running());
    assert!(!app.can_resume());

    app.control(Control::Home);
    app.start_game(config(VariantKind::Sliding, Seat::Here, Seat::Here))
        .unwrap();
    app.control(Control::Home);
    app.resume_paused();
    assert_eq!(game(&app).session.variant(), VariantKind::Sliding);
}

#[test]
fn browsing_the_history_shows_the_clock_as_paused() {
    let mut app = App::new(5);
    let saved = r#"{"format":"boardshift-game","version":1,"variant":"standard",
        "moves":["e2e4","e7e5","g1f3"],
        "clock":{"initial_ms":300000,"increment_ms":0,"remaining_ms":[290000,280000]}}"#;
    app.now = 1_000.0;
    app.load_game(saved).unwrap();
    let faces = panel::clock_faces(game(&app), app.now).unwrap();
    assert!(faces.iter().all(|face| !face.paused));
    app.browse_to(Some(1));
    let faces = panel::clock_faces(game(&app), app.now).unwrap();
    assert!(faces[0].paused, "Black's clock, to move, is paused");
    assert!(faces[0].text.contains("paused"), "{}", faces[0].text);
    assert!(!faces[1].paused && !faces[1].text.contains("paused"));
    app.browse_to(None);
    let faces = panel::clock_faces(game(&app), app.now).unwrap();
    assert!(faces.iter().all(|face| !face.paused));
}

fn warm_ups(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::WarmUp(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_search_is_warmed_up_once_per_variant_after_the_first_paint() {
    let mut app = hot_seat(VariantKind::Standard);
    assert!(
        warm_ups(&app.take_effects()).is_empty(),
        "not before the board is painted"
    );
    app.painted_at = Some(100.0);
    let asked = warm_ups(&app.take_effects());
    assert_eq!(asked.len(), 1);
    assert!(asked[0].starts_with(r#"{"warm_up":"#) && asked[0].contains("standard"));
    assert!(warm_ups(&app.take_effects()).is_empty(), "once per variant");
    app.start_game(config(VariantKind::Sliding, Seat::Here, Seat::Here))
        .unwrap();
    assert_eq!(
        warm_ups(&app.take_effects()).len(),
        1,
        "a new variant warms up"
    );
    // The computer about to think as White warms the search up itself.
    app.start_game(config(
        VariantKind::Relative,
        Seat::Computer(Level::Hard),
        Seat::Here,
    ))
    .unwrap();
    let effects = app.take_effects();
    assert_eq!(think_requests(&effects).len(), 1);
    assert!(warm_ups(&effects).is_empty());
}

#[test]
fn an_online_game_warms_the_search_up_only_once_it_is_over() {
    let mut app = App::new(1);
    app.painted_at = Some(100.0);
    let online = crate::seat::Seats {
        white: Seat::Remote { name: "Bo".into() },
        black: Seat::Remote { name: "Ann".into() },
    };
    let playing =
        r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":["e2e4"]}"#;
    app.show_room_game(playing, online.clone()).unwrap();
    assert!(
        warm_ups(&app.take_effects()).is_empty(),
        "no search may run during the game"
    );
    let resigned = r#"{"format":"boardshift-game","version":1,"variant":"standard",
        "moves":["e2e4"],"result":{"outcome":"1-0","reason":"resignation"}}"#;
    app.show_room_game(resigned, online).unwrap();
    assert!(
        !warm_ups(&app.take_effects()).is_empty(),
        "the review after the game may use it"
    );
}
