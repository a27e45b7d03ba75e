//! The page-side app: start screen, the board's input (click-click, drag and drop, slides,
//! setup steps), the side panel, the game controls, and the conversation with the computer's
//! worker. Every change of the game goes through `Session`, i.e. through the rules crate.

use crate::anim;
use crate::dom::{self, el, set_text, show};
use crate::geometry::Geometry;
use crate::model::{moves_between, slide_of_square, targets_from, Action, BoardModel, PieceId, Sq};
use crate::render::{Animation, Overlay, Painter};
use crate::session::{GameOver, Session};
use crate::state::{GameConfig, Level, Player, PlayerAction, TimeControl};
use crate::worker::{ThinkReply, ThinkRequest};
use serde::Serialize;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement, KeyboardEvent, MessageEvent,
    PointerEvent, Worker,
};

const AUTOSAVE_KEY: &str = "boardshift.autosave";
/// Pointer travel (CSS px) that turns a press into a drag.
const DRAG_THRESHOLD: f64 = 4.0;

/// The requestAnimationFrame callback, made once and reused for every frame.
type FrameCallback = Closure<dyn FnMut(f64)>;

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
    static FRAME: RefCell<Option<FrameCallback>> = const { RefCell::new(None) };
}

/// Runs `f` on the app if it has started; events that arrive before that are ignored.
fn with_app<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|app| {
        app.try_borrow_mut()
            .ok()
            .and_then(|mut app| app.as_mut().map(f))
    })
}

/// A press on the board that may become a click or a drag.
#[derive(Clone, Copy, Debug)]
struct Press {
    from: Sq,
    /// Where the press began, to tell a drag from a click.
    start_x: f64,
    start_y: f64,
    x: f64,
    y: f64,
    dragging: bool,
    was_selected: bool,
}

/// A promotion waiting for the player's choice (the chooser stands over `to`).
#[derive(Clone, Debug)]
struct PromotionChoice {
    to: Sq,
}

/// What the tests and the console can read about the app (`window.boardshift.state()`).
#[derive(Serialize)]
struct Snapshot<'a> {
    screen: &'a str,
    variant: &'a str,
    config: &'a GameConfig,
    white_to_move: bool,
    thinking: bool,
    animating: bool,
    result: Option<GameOver>,
    moves: Vec<String>,
    setup: Option<(bool, char)>,
    position: String,
    status: String,
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
}

pub struct App {
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    images: HashMap<String, HtmlImageElement>,
    worker: Option<Worker>,
    config: GameConfig,
    session: Option<Session>,
    model: BoardModel,
    actions: Vec<Action>,
    flipped: bool,
    selected: Option<Sq>,
    press: Option<Press>,
    slide_mode: bool,
    setup_pick: Option<Sq>,
    promotion: Option<PromotionChoice>,
    animation: Option<Animation>,
    frame_pending: bool,
    request_id: u32,
    thinking: bool,
    painted_at: Option<f64>,
    size: f64,
    /// When the side to move's clock started running (`None`: stopped).
    turn_started: Option<f64>,
    /// History browsing: the ply shown (`None`: the live game).
    view_ply: Option<usize>,
}

/// Entry point called by main.js once the module is ready.
pub fn start() -> Result<(), JsValue> {
    let document = dom::document();
    let canvas: HtmlCanvasElement = el("board").unchecked_into();
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or_else(|| JsValue::from_str("this browser cannot draw on a canvas"))?
        .unchecked_into();
    let mut images = HashMap::new();
    for color in ['w', 'b'] {
        for role in ['K', 'Q', 'R', 'B', 'N', 'P'] {
            let key = format!("{color}{role}");
            let image = HtmlImageElement::new()?;
            dom::listen(&image, "load", |_: web_sys::Event| {
                with_app(App::request_paint);
            });
            image.set_src(&format!("pieces/{key}.svg"));
            images.insert(key, image);
        }
    }
    let worker = spawn_worker();
    let app = App {
        canvas,
        ctx,
        images,
        worker,
        config: default_config(),
        session: None,
        model: BoardModel::empty(),
        actions: Vec::new(),
        flipped: false,
        selected: None,
        press: None,
        slide_mode: false,
        setup_pick: None,
        promotion: None,
        animation: None,
        frame_pending: false,
        request_id: 0,
        thinking: false,
        painted_at: None,
        size: 480.0,
        turn_started: None,
        view_ply: None,
    };
    APP.with(|slot| *slot.borrow_mut() = Some(app));
    FRAME.with(|frame| {
        *frame.borrow_mut() = Some(Closure::new(|now: f64| {
            with_app(|app| app.on_frame(now));
        }))
    });
    wire_start_screen();
    wire_game_controls();
    wire_board_input();
    let window = dom::window();
    dom::listen(&window, "resize", |_: web_sys::Event| {
        with_app(App::resize);
    });
    dom::listen(&document, "keydown", |event: KeyboardEvent| {
        with_app(|app| app.on_key(&event));
    });
    // Before the page goes away, charge the running clock so the autosave is exact.
    dom::listen(&window, "pagehide", |_: web_sys::Event| {
        with_app(|app| {
            app.charge_clock();
            app.autosave();
        });
    });
    let tick = Closure::<dyn FnMut()>::new(|| {
        with_app(App::tick);
    });
    window
        .set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), 100)
        .ok();
    tick.forget();

    show("loading", false);
    let hash = window.location().hash().unwrap_or_default();
    let quick = hash.strip_prefix("#play=").map(str::to_string);
    let resumed = quick.is_none() && with_app(App::resume_autosave).unwrap_or(false);
    if let Some(variant) = quick {
        let mut config = default_config();
        config.variant = variant;
        config.black = Player::Human;
        with_app(|app| app.start_game(config));
    } else if !resumed {
        show_start_screen();
    }
    Ok(())
}

fn default_config() -> GameConfig {
    GameConfig {
        variant: "standard".into(),
        options: BTreeMap::new(),
        white: Player::Human,
        black: Player::Computer(Level::Medium),
        time_control: None,
    }
}

fn spawn_worker() -> Option<Worker> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = Worker::new_with_options("worker.js", &options).ok()?;
    dom::listen(&worker, "message", |event: MessageEvent| {
        if let Some(text) = event.data().as_string() {
            with_app(|app| app.on_worker_reply(&text));
        }
    });
    dom::listen(&worker, "error", |_: web_sys::Event| {
        with_app(|app| {
            app.thinking = false;
            app.set_message("The computer opponent could not start in this browser.");
            app.update_panel();
        });
    });
    Some(worker)
}

fn show_start_screen() {
    show("start", true);
    show("game", false);
    show("btn-home", false);
    sync_option_rows();
}

fn checked_variant() -> String {
    dom::query_all("input[name=variant]")
        .into_iter()
        .find(|e| e.unchecked_ref::<web_sys::HtmlInputElement>().checked())
        .map(|e| e.unchecked_into::<web_sys::HtmlInputElement>().value())
        .unwrap_or_else(|| "standard".into())
}

/// Shows the option rows of the chosen variant and the level row only against the computer.
fn sync_option_rows() {
    let variant = checked_variant();
    for row in dom::query_all(".opt[data-variants]") {
        let variants = row.get_attribute("data-variants").unwrap_or_default();
        let visible = variants.split_whitespace().any(|v| v == variant);
        row.unchecked_ref::<web_sys::HtmlElement>()
            .set_hidden(!visible);
    }
    show("level-row", dom::select("opponent").value() != "hotseat");
    show("custom-time", dom::select("time").value() == "custom");
}

fn wire_start_screen() {
    let size = dom::select("opt-size");
    for n in 10..=26 {
        let option = dom::create("option", "");
        option.set_text_content(Some(&format!("{n}×{n}")));
        option.set_attribute("value", &n.to_string()).ok();
        if n == 16 {
            option.set_attribute("selected", "").ok();
        }
        size.append_child(&option).ok();
    }
    for input in dom::query_all("input[name=variant]") {
        dom::listen(&input, "change", |_: web_sys::Event| sync_option_rows());
    }
    for id in ["opponent", "time"] {
        dom::listen(&el(id), "change", |_: web_sys::Event| sync_option_rows());
    }
    dom::on_click("start-rules", || open_rules(&checked_variant()));
    dom::on_click("btn-rules", || {
        let variant =
            with_app(|app| app.session.as_ref().map(|s| s.variant().to_string())).flatten();
        open_rules(&variant.unwrap_or_else(checked_variant));
    });
    for tab in dom::query_all("[data-rules]") {
        let page = tab.get_attribute("data-rules").unwrap_or_default();
        dom::listen(&tab, "click", move |_: web_sys::Event| {
            show_rules_page(&page)
        });
    }
    dom::on_click("start-game", || {
        let config = read_start_form();
        with_app(|app| app.start_game(config));
    });
    dom::on_click("btn-home", show_start_screen);
    dom::on_click("btn-new", show_start_screen);
}

fn open_rules(variant: &str) {
    show_rules_page(variant);
    let dialog: web_sys::HtmlElement = el("rules");
    let show_modal = js_sys::Reflect::get(&dialog, &"showModal".into()).ok();
    if let Some(function) = show_modal.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        function.call0(&dialog).ok();
    }
}

fn show_rules_page(page: &str) {
    for section in dom::query_all("#rules section[data-page]") {
        let visible = section.get_attribute("data-page").as_deref() == Some(page);
        section
            .unchecked_ref::<web_sys::HtmlElement>()
            .set_hidden(!visible);
    }
    for tab in dom::query_all("[data-rules]") {
        let current = tab.get_attribute("data-rules").as_deref() == Some(page);
        tab.set_attribute("aria-current", if current { "true" } else { "false" })
            .ok();
    }
}

fn read_start_form() -> GameConfig {
    let variant = checked_variant();
    let mut options = BTreeMap::new();
    let keys: &[&str] = match variant.as_str() {
        "standard" => &["draws"],
        "regroupment" => &["start", "order", "king_knight", "castling", "draws"],
        "sliding" => &["gap"],
        "relative" => &["size", "recentering", "leave", "draws"],
        _ => &[],
    };
    for key in keys {
        let value = dom::select(&format!("opt-{key}")).value();
        if !value.is_empty() {
            options.insert(key.to_string(), value);
        }
    }
    let level = Level::from_name(&dom::select("level").value()).unwrap_or(Level::Medium);
    let (white, black) = match dom::select("opponent").value().as_str() {
        "computer-white" => (Player::Computer(level), Player::Human),
        "hotseat" => (Player::Human, Player::Human),
        _ => (Player::Human, Player::Computer(level)),
    };
    let time_control = match dom::select("time").value().as_str() {
        "none" => None,
        "custom" => {
            let minutes = dom::input("custom-minutes").value_as_number();
            let increment = dom::input("custom-increment").value_as_number();
            let minutes = if minutes.is_finite() {
                minutes.clamp(0.5, 180.0)
            } else {
                5.0
            };
            let increment = if increment.is_finite() {
                increment.clamp(0.0, 60.0)
            } else {
                0.0
            };
            Some(TimeControl {
                initial_ms: (minutes * 60_000.0) as u64,
                increment_ms: (increment * 1000.0) as u64,
            })
        }
        text => text.split_once('+').and_then(|(base, inc)| {
            Some(TimeControl {
                initial_ms: base.parse::<u64>().ok()? * 1000,
                increment_ms: inc.parse::<u64>().ok()? * 1000,
            })
        }),
    };
    GameConfig {
        variant,
        options,
        white,
        black,
        time_control,
    }
}

fn wire_game_controls() {
    dom::on_click("btn-flip", || {
        with_app(App::flip);
    });
    dom::on_click("btn-slide", || {
        with_app(|app| {
            app.slide_mode = !app.slide_mode;
            app.selected = None;
            app.update_panel();
            app.request_paint();
        });
    });
    dom::on_click("btn-keep", || {
        with_app(|app| {
            let keep = app.actions.iter().find_map(|a| match a {
                Action::Setup {
                    with: None, text, ..
                } => Some(text.clone()),
                _ => None,
            });
            if let Some(text) = keep {
                app.play_human(&text);
            }
        });
    });
    dom::on_click("btn-resign", || {
        with_app(|app| app.ask_confirm("Resign this game?"));
    });
    dom::on_click("confirm-no", || show("confirm", false));
    dom::on_click("confirm-yes", || {
        show("confirm", false);
        with_app(App::resign);
    });
    dom::on_click("btn-draw", || {
        with_app(App::draw_button);
    });
    dom::on_click("btn-claim", || {
        with_app(App::claim);
    });
    dom::on_click("btn-rematch", || {
        with_app(App::rematch);
    });
    dom::on_click("btn-undo", || {
        with_app(App::undo);
    });
    dom::on_click("btn-live", || {
        with_app(|app| app.browse_to(None));
    });
    dom::on_click("btn-continue", || {
        with_app(App::continue_from_here);
    });
    dom::on_click("btn-save", || {
        with_app(App::save_game);
    });
    dom::on_click("btn-load", || {
        dom::input("load-file").set_value("");
        el("load-file").click();
    });
    dom::listen(&el("load-file"), "change", |_: web_sys::Event| {
        read_chosen_file()
    });
    dom::listen(&el("command"), "keydown", |event: KeyboardEvent| {
        if event.key() == "Enter" {
            event.prevent_default();
            let input = dom::input("command");
            let line = input.value();
            input.set_value("");
            with_app(|app| app.run_command(&line));
        }
    });
    dom::listen(&el("moves"), "click", |event: web_sys::MouseEvent| {
        let ply = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-ply"))
            .and_then(|p| p.parse::<usize>().ok());
        if let Some(ply) = ply {
            with_app(|app| app.browse_to(Some(ply)));
        }
    });
}

/// Reads the file picked for loading; a bad file leaves the current game untouched.
fn read_chosen_file() {
    let Some(file) = dom::input("load-file")
        .files()
        .and_then(|files| files.get(0))
    else {
        return;
    };
    let name = file.name();
    let limit = rules::save::MAX_BYTES as f64;
    if file.size() > limit {
        let message = format!(
            "Could not load {name}: the file is too large for a saved game ({} bytes; the limit is {limit}). The current game is unchanged.",
            file.size()
        );
        with_app(|app| app.set_message(&message));
        return;
    }
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let reader_for_load = reader.clone();
    dom::listen(&reader, "load", move |_: web_sys::Event| {
        let text = reader_for_load
            .result()
            .ok()
            .and_then(|r| r.as_string())
            .unwrap_or_default();
        let name = name.clone();
        with_app(|app| {
            match app.load_game(&text) {
            Ok(()) => app.set_message(&format!(
                "Loaded {name}. Use ← and → to review it; Continue from here plays on from any point."
            )),
            Err(error) => app.set_message(&format!(
                "Could not load {name}: {error}. The current game is unchanged."
            )),
        }
        });
    });
    reader.read_as_text(&file).ok();
}

fn wire_board_input() {
    let canvas = el("board");
    dom::listen(&canvas, "pointerdown", |event: PointerEvent| {
        event.prevent_default();
        if let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            target.set_pointer_capture(event.pointer_id()).ok();
        }
        let (x, y) = (event.offset_x() as f64, event.offset_y() as f64);
        with_app(|app| app.pointer_down(x, y));
    });
    dom::listen(&canvas, "pointermove", |event: PointerEvent| {
        let (x, y) = (event.offset_x() as f64, event.offset_y() as f64);
        with_app(|app| app.pointer_move(x, y));
    });
    dom::listen(&canvas, "pointerup", |event: PointerEvent| {
        let (x, y) = (event.offset_x() as f64, event.offset_y() as f64);
        with_app(|app| app.pointer_up(x, y));
    });
    dom::listen(&canvas, "pointercancel", |_: PointerEvent| {
        with_app(|app| {
            app.press = None;
            app.request_paint();
        });
    });
}

impl App {
    fn geometry(&self) -> Geometry {
        Geometry {
            size: self.size,
            files: self.model.files,
            ranks: self.model.ranks,
            flipped: self.flipped,
        }
    }

    pub fn start_game(&mut self, config: GameConfig) {
        match Session::new(&config) {
            Ok(session) => self.install(config, session),
            Err(error) => {
                show_start_screen();
                self.set_message(&format!("Cannot start this game: {error}"));
                web_sys::console::error_1(&error.into());
            }
        }
    }

    /// Makes `session` the game on the board, played by `config`'s players.
    fn install(&mut self, config: GameConfig, session: Session) {
        self.flipped = config.white != Player::Human && config.black == Player::Human;
        self.config = config;
        self.session = Some(session);
        self.selected = None;
        self.press = None;
        self.slide_mode = false;
        self.setup_pick = None;
        self.promotion = None;
        self.animation = None;
        self.thinking = false;
        self.request_id += 1;
        self.view_ply = None;
        self.turn_started = None;
        show("promo", false);
        show("start", false);
        show("game", true);
        show("btn-home", true);
        show("confirm", false);
        self.set_message("");
        self.refresh();
        self.resize();
        self.reopen_pending_promotion();
    }

    fn resume_autosave(&mut self) -> bool {
        let Some(storage) = dom::window().local_storage().ok().flatten() else {
            return false;
        };
        let Some(text) = storage.get_item(AUTOSAVE_KEY).ok().flatten() else {
            return false;
        };
        match Session::load(&text) {
            Ok((session, config)) if session.result().is_none() => {
                self.install(config, session);
                true
            }
            _ => false,
        }
    }

    fn autosave(&self) {
        let Some(session) = &self.session else { return };
        if let Some(storage) = dom::window().local_storage().ok().flatten() {
            if session.result().is_some() {
                storage.remove_item(AUTOSAVE_KEY).ok();
            } else {
                storage
                    .set_item(AUTOSAVE_KEY, &session.to_json(&self.config))
                    .ok();
            }
        }
    }

    /// Loads a saved game (JSON text) in place of the current one; on error the current game
    /// stays untouched and the error is returned.
    pub fn load_game(&mut self, text: &str) -> Result<(), String> {
        let (session, config) = Session::load(text)?;
        self.install(config, session);
        Ok(())
    }

    /// Re-reads the game after a change: board, legal actions, panel, autosave, computer.
    fn refresh(&mut self) {
        let Some(session) = &self.session else { return };
        self.model = session.board_at(self.view_ply);
        self.actions = if self.human_to_act() && self.view_ply.is_none() {
            session.actions()
        } else {
            Vec::new()
        };
        let runs = session.clock_runs() && self.view_ply.is_none();
        if !runs {
            self.turn_started = None;
        } else if self.turn_started.is_none() {
            self.turn_started = Some(dom::now_ms());
        }
        if !self
            .actions
            .iter()
            .any(|a| matches!(a, Action::Slide { .. }))
        {
            self.slide_mode = false;
        }
        self.update_panel();
        self.request_paint();
        self.autosave();
        self.maybe_start_computer();
    }

    fn human_to_act(&self) -> bool {
        let Some(session) = &self.session else {
            return false;
        };
        session.result().is_none() && self.config.player(session.white_to_move()) == Player::Human
    }

    fn set_message(&self, text: &str) {
        set_text("message", text);
    }

    fn side_name(white: bool) -> &'static str {
        if white {
            "White"
        } else {
            "Black"
        }
    }

    fn player_label(&self, white: bool) -> String {
        let side = Self::side_name(white);
        match self.config.player(white) {
            Player::Human if self.config.has_computer() => format!("{side} — You"),
            Player::Human => side.to_string(),
            Player::Computer(level) => format!("{side} — Computer ({})", capitalise(level.name())),
        }
    }

    fn status_text(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        if let Some(ply) = self.view_ply {
            return format!(
                "Reviewing the position after ply {ply} of {}",
                session.ply_count()
            );
        }
        if let Some(over) = session.result() {
            return over.summary.clone();
        }
        let white = session.white_to_move();
        if let Some((setup_white, role)) = session.setup_step() {
            let piece = if role == 'K' { "king" } else { "queen" };
            return format!(
                "Setup: {} {piece} — click the {piece}, then the piece to swap it with, or Keep.",
                Self::side_name(setup_white)
            );
        }
        let mover = match self.config.player(white) {
            Player::Human if self.config.has_computer() => "Your move".to_string(),
            Player::Human => format!("{} to move", Self::side_name(white)),
            Player::Computer(_) => format!("{} (computer) to move", Self::side_name(white)),
        };
        if session.in_check() {
            format!("{mover} — check!")
        } else {
            mover
        }
    }

    /// Brings every panel element in line with the game.
    fn update_panel(&self) {
        let Some(session) = &self.session else { return };
        set_text("status", &self.status_text());
        show("thinking", self.thinking);
        let result = session.result();
        show("banner", result.is_some());
        if let Some(over) = &result {
            set_text("banner-result", &over.headline);
            set_text("banner-reason", &over.reason);
        }
        let playing = result.is_none();
        let setup = session.setup_step();
        show("browse-bar", self.view_ply.is_some());
        if let Some(ply) = self.view_ply {
            set_text(
                "browse-text",
                &format!(
                    "Viewing ply {ply} of {}. ← → step, Esc returns to the game.",
                    session.ply_count()
                ),
            );
        }
        dom::set_disabled("btn-undo", session.ply_count() == 0);
        self.render_clocks();
        show(
            "setup-bar",
            playing && setup.is_some() && self.human_to_act(),
        );
        if let Some((white, role)) = setup {
            let piece = if role == 'K' { "king" } else { "queen" };
            set_text(
                "setup-prompt",
                &format!(
                    "{} {piece} step: click the {piece}, then the piece to swap with — or keep it.",
                    Self::side_name(white)
                ),
            );
        }
        let slides = self
            .actions
            .iter()
            .any(|a| matches!(a, Action::Slide { .. }));
        show("btn-slide", session.variant() == "sliding");
        dom::set_disabled("btn-slide", !slides);
        el("btn-slide")
            .set_attribute(
                "aria-pressed",
                if self.slide_mode { "true" } else { "false" },
            )
            .ok();
        let human_sides: Vec<bool> = [true, false]
            .into_iter()
            .filter(|w| self.config.player(*w) == Player::Human)
            .collect();
        dom::set_disabled(
            "btn-resign",
            !playing || human_sides.is_empty() || setup.is_some(),
        );
        let offer = session.draw_offer();
        let accepting = offer.is_some_and(|from| {
            human_sides.contains(&!from)
                && (human_sides.len() == 1 || session.white_to_move() != from)
        });
        set_text(
            "btn-draw",
            if accepting {
                "Accept draw"
            } else {
                "Offer draw"
            },
        );
        dom::set_disabled(
            "btn-draw",
            !playing || setup.is_some() || (offer.is_some() && !accepting),
        );
        show("btn-claim", session.fide_draws());
        dom::set_disabled(
            "btn-claim",
            !playing || !session.can_claim() || !self.human_to_act(),
        );

        let (top_white, bottom_white) = if self.flipped {
            (true, false)
        } else {
            (false, true)
        };
        set_text("name-top", &self.player_label(top_white));
        set_text("name-bottom", &self.player_label(bottom_white));
        self.render_captured("captured-top", top_white);
        self.render_captured("captured-bottom", bottom_white);
        self.render_moves(session);
        let lost = el("lost");
        lost.set_inner_html("");
        let edge_losses = session.edge_losses(self.view_ply);
        if !edge_losses.is_empty() {
            lost.append_with_str_1("Lost over the edge: ").ok();
            for piece in &edge_losses {
                lost.append_child(&dom::piece_img(&piece.image_key(), 20))
                    .ok();
            }
        }
        lost.set_hidden(edge_losses.is_empty());
        el("board")
            .set_attribute(
                "data-state",
                if self.thinking {
                    "thinking"
                } else if playing {
                    "playing"
                } else {
                    "over"
                },
            )
            .ok();
    }

    /// The pieces `white` has taken (shown beside that player) and the material lead.
    fn render_captured(&self, id: &str, white: bool) {
        let container = el(id);
        container.set_inner_html("");
        let taken = missing_pieces(&self.model, !white);
        for piece in &taken {
            container
                .append_child(&dom::piece_img(&piece.image_key(), 20))
                .ok();
        }
        let material = |w: bool| -> i32 {
            self.model
                .pieces
                .iter()
                .filter(|p| p.piece.white == w)
                .map(|p| p.piece.value())
                .sum()
        };
        let lead = material(white) - material(!white);
        if lead > 0 {
            let balance = dom::create("span", "balance");
            balance.set_text_content(Some(&format!("+{lead}")));
            container.append_child(&balance).ok();
        }
    }

    fn render_moves(&self, session: &Session) {
        let list = el("moves");
        list.set_inner_html("");
        let setup = session.setup_list();
        if !setup.is_empty() {
            let item = dom::create("li", "setup-line");
            item.set_attribute("value", "0").ok();
            item.set_text_content(Some(&format!("Setup: {}", setup.join(" "))));
            list.append_child(&item).ok();
        }
        let moves = session.move_list();
        let black_first = session.first_mover_is_black();
        let mut plies: Vec<Option<&String>> = Vec::new();
        if black_first {
            plies.push(None);
        }
        plies.extend(moves.iter().map(Some));
        let last = moves.len();
        let setup_plies = setup.len();
        let viewing = self.view_ply;
        let mut index = 0;
        for (number, pair) in plies.chunks(2).enumerate() {
            let item = dom::create("li", "");
            item.set_attribute(
                "value",
                &(session.first_move_number() + number as u32).to_string(),
            )
            .ok();
            for ply in pair {
                let span = dom::create("span", "ply");
                match ply {
                    Some(text) => {
                        index += 1;
                        span.set_text_content(Some(text));
                        // Clicking a move shows the position after it.
                        let ply = setup_plies + index;
                        span.set_attribute("data-ply", &ply.to_string()).ok();
                        let mut class = "ply".to_string();
                        if index == last {
                            class.push_str(" last");
                        }
                        if viewing == Some(ply) {
                            class.push_str(" viewing");
                        }
                        span.set_class_name(&class);
                    }
                    None => span.set_text_content(Some("…")),
                }
                item.append_child(&span).ok();
            }
            list.append_child(&item).ok();
        }
        if viewing.is_none() {
            list.set_scroll_top(list.scroll_height());
        }
    }

    pub fn request_paint(&mut self) {
        if self.frame_pending {
            return;
        }
        self.frame_pending = true;
        FRAME.with(|frame| {
            if let Some(callback) = frame.borrow().as_ref() {
                dom::window()
                    .request_animation_frame(callback.as_ref().unchecked_ref())
                    .ok();
            }
        });
    }

    fn on_frame(&mut self, now: f64) {
        self.frame_pending = false;
        let running = self
            .animation
            .as_ref()
            .map(|a| now < a.start_ms + a.duration())
            .unwrap_or(false);
        if !running {
            self.animation = None;
        }
        self.paint(now);
        if running {
            self.request_paint();
        }
    }

    fn overlay(&self) -> Overlay {
        let mut overlay = Overlay {
            selected: self.selected,
            ..Overlay::default()
        };
        if let Some(sq) = self.selected {
            overlay.targets = targets_from(&self.actions, sq);
        }
        if let Some(press) = self.press.filter(|p| p.dragging) {
            overlay.drag = Some((press.from, press.x, press.y));
        }
        if self.slide_mode {
            overlay.glowing_tiles = self
                .actions
                .iter()
                .filter_map(|a| match a {
                    Action::Slide { tile, .. } => Some(*tile),
                    _ => None,
                })
                .collect();
        }
        if self
            .session
            .as_ref()
            .and_then(Session::setup_step)
            .is_some()
        {
            overlay.setup_marks = match self.setup_pick {
                Some(_) => self.setup_partners(),
                None => self.setup_piece_square().into_iter().collect(),
            };
            overlay.selected = self.setup_pick;
        }
        overlay
    }

    fn paint(&mut self, now: f64) {
        let dpr = dom::window().device_pixel_ratio().max(1.0);
        let painter = Painter {
            ctx: &self.ctx,
            geometry: self.geometry(),
            dpr,
            images: &self.images,
        };
        let animation = self.animation.as_ref().map(|a| (a, now));
        painter.paint(&self.model, &self.overlay(), animation);
        if self.painted_at.is_none()
            && self.images.values().all(|i| i.complete())
            && !self.model.pieces.is_empty()
        {
            self.painted_at = Some(now);
            self.canvas
                .set_attribute("data-painted-at", &format!("{now:.1}"))
                .ok();
        }
        let geometry = serde_json::to_string(&self.geometry()).unwrap_or_default();
        self.canvas.set_attribute("data-geometry", &geometry).ok();
    }

    /// Sizes the canvas to the space available, in device pixels for crisp drawing.
    pub fn resize(&mut self) {
        let window = dom::window();
        let width = window
            .inner_width()
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(800.0);
        let height = window
            .inner_height()
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(600.0);
        let narrow = width <= 820.0;
        let size = if narrow {
            (width - 16.0).min(height - 110.0).max(240.0)
        } else {
            (width - 360.0).min(height - 150.0)
        };
        let size = size.clamp(240.0, 900.0).floor();
        let dpr = window.device_pixel_ratio().max(1.0);
        self.size = size;
        let style = self.canvas.style();
        style.set_property("width", &format!("{size}px")).ok();
        style.set_property("height", &format!("{size}px")).ok();
        self.canvas.set_width((size * dpr).round() as u32);
        self.canvas.set_height((size * dpr).round() as u32);
        self.position_promotion();
        self.request_paint();
    }

    fn flip(&mut self) {
        self.flipped = !self.flipped;
        self.update_panel();
        self.position_promotion();
        self.request_paint();
    }

    // --- input -------------------------------------------------------------------------

    fn input_blocked(&self) -> bool {
        !self.human_to_act() || self.promotion.is_some() || self.view_ply.is_some()
    }

    fn pointer_down(&mut self, x: f64, y: f64) {
        if self.animation.is_some() {
            self.animation = None;
        }
        if self.input_blocked() {
            if self.promotion.is_some() {
                self.close_promotion();
            }
            return;
        }
        let Some(sq) = self.geometry().square_at(x, y) else {
            return;
        };
        if self
            .session
            .as_ref()
            .and_then(Session::setup_step)
            .is_some()
        {
            self.setup_click(sq);
            return;
        }
        if self.slide_mode {
            if let Some(text) = slide_of_square(&self.actions, sq).map(|a| a.text().to_string()) {
                self.slide_mode = false;
                self.play_human(&text);
            }
            return;
        }
        if let Some(from) = self.selected {
            if targets_from(&self.actions, from)
                .iter()
                .any(|(t, _)| *t == sq)
            {
                self.try_move(from, sq);
                return;
            }
        }
        let own = self
            .model
            .piece_at(sq)
            .is_some_and(|p| Some(p.white) == self.session.as_ref().map(Session::white_to_move));
        if own {
            let was_selected = self.selected == Some(sq);
            self.selected = Some(sq);
            self.press = Some(Press {
                from: sq,
                start_x: x,
                start_y: y,
                x,
                y,
                dragging: false,
                was_selected,
            });
        } else {
            self.selected = None;
        }
        self.request_paint();
    }

    fn pointer_move(&mut self, x: f64, y: f64) {
        let Some(mut press) = self.press else { return };
        if !press.dragging && (x - press.start_x).hypot(y - press.start_y) > DRAG_THRESHOLD {
            press.dragging = true;
        }
        press.x = x;
        press.y = y;
        self.press = Some(press);
        if press.dragging {
            self.request_paint();
        }
    }

    fn pointer_up(&mut self, x: f64, y: f64) {
        let Some(press) = self.press.take() else {
            return;
        };
        let target = self.geometry().square_at(x, y);
        if press.dragging {
            match target {
                Some(sq)
                    if sq != press.from
                        && targets_from(&self.actions, press.from)
                            .iter()
                            .any(|(t, _)| *t == sq) =>
                {
                    self.try_move(press.from, sq);
                }
                _ => {}
            }
        } else if press.was_selected && target == Some(press.from) {
            self.selected = None;
        }
        self.request_paint();
    }

    /// The square of the piece whose setup step it is.
    fn setup_piece_square(&self) -> Option<Sq> {
        let (white, role) = self.session.as_ref()?.setup_step()?;
        self.model
            .pieces
            .iter()
            .find(|p| p.piece.white == white && p.piece.role == role)
            .map(|p| p.sq)
    }

    fn setup_partners(&self) -> Vec<Sq> {
        self.actions
            .iter()
            .filter_map(|a| match a {
                Action::Setup { with: Some(sq), .. } => Some(*sq),
                _ => None,
            })
            .collect()
    }

    fn setup_click(&mut self, sq: Sq) {
        let piece_square = self.setup_piece_square();
        if Some(sq) == piece_square {
            self.setup_pick = if self.setup_pick.is_some() {
                None
            } else {
                Some(sq)
            };
        } else if let Some(text) = self.actions.iter().find_map(|a| match a {
            Action::Setup {
                with: Some(with),
                text,
                ..
            } if *with == sq => Some(text.clone()),
            _ => None,
        }) {
            // A swap partner may be clicked directly too: the king (queen) is implied.
            self.setup_pick = None;
            self.play_human(&text);
            return;
        } else {
            self.setup_pick = None;
        }
        self.request_paint();
    }

    fn try_move(&mut self, from: Sq, to: Sq) {
        let moves = moves_between(&self.actions, from, to);
        let promotions: Vec<(char, String)> = moves
            .iter()
            .filter_map(|a| match a {
                Action::Move {
                    promotion: Some(role),
                    text,
                    ..
                } => Some((*role, text.clone())),
                _ => None,
            })
            .collect();
        if promotions.len() > 1 {
            self.open_promotion(to, promotions);
            return;
        }
        if let Some(text) = moves.first().map(|a| a.text().to_string()) {
            self.play_human(&text);
        }
    }

    fn open_promotion(&mut self, to: Sq, mut choices: Vec<(char, String)>) {
        let order = ['Q', 'R', 'B', 'N'];
        choices.sort_by_key(|(role, _)| order.iter().position(|r| r == role).unwrap_or(9));
        let white = self
            .session
            .as_ref()
            .map(Session::white_to_move)
            .unwrap_or(true);
        let promo = el("promo");
        promo.set_inner_html("");
        for (role, text) in &choices {
            let button = dom::create("button", "");
            button.set_attribute("type", "button").ok();
            button.set_attribute("data-role", &role.to_string()).ok();
            button
                .set_attribute("aria-label", &format!("Promote to {}", role_name(*role)))
                .ok();
            let key = format!("{}{}", if white { 'w' } else { 'b' }, role);
            let square = (self.geometry().square() * 0.95).clamp(36.0, 80.0) as u32;
            button.append_child(&dom::piece_img(&key, square)).ok();
            let text = text.clone();
            dom::listen(&button, "click", move |event: web_sys::Event| {
                event.stop_propagation();
                with_app(|app| {
                    app.close_promotion();
                    app.play_human(&text);
                });
            });
            promo.append_child(&button).ok();
        }
        self.promotion = Some(PromotionChoice { to });
        self.position_promotion();
        promo.set_hidden(false);
        // Recorded in the game, so a save or a reload keeps the question open.
        if let (Some(session), Some((_, text))) = (self.session.as_mut(), choices.first()) {
            let prefix = &text[..text.len().saturating_sub(1)];
            session.set_pending_promotion(Some(prefix));
            self.autosave();
        }
    }

    /// A loaded game waiting for a promotion choice: opens the chooser for it.
    fn reopen_pending_promotion(&mut self) {
        let Some(prefix) = self.session.as_ref().and_then(Session::pending_promotion) else {
            return;
        };
        if !self.human_to_act() {
            return;
        }
        let found = self.actions.iter().find_map(|a| match a {
            Action::Move {
                from,
                to,
                promotion: Some(_),
                text,
                ..
            } if text.starts_with(&prefix) => Some((*from, *to)),
            _ => None,
        });
        if let Some((from, to)) = found {
            self.try_move(from, to);
        }
    }

    fn position_promotion(&self) {
        let Some(choice) = &self.promotion else {
            return;
        };
        let geometry = self.geometry();
        let (left, top) = geometry.corner(choice.to.x as f64, choice.to.y as f64);
        let promo = el("promo");
        let style = promo.style();
        style.set_property("left", &format!("{left}px")).ok();
        let upward = top > geometry.size / 2.0;
        if upward {
            style.set_property("top", "auto").ok();
            style
                .set_property(
                    "bottom",
                    &format!("{}px", geometry.size - top - geometry.square()),
                )
                .ok();
        } else {
            style.set_property("bottom", "auto").ok();
            style.set_property("top", &format!("{top}px")).ok();
        }
    }

    fn close_promotion(&mut self) {
        if self.promotion.take().is_some() {
            if let Some(session) = self.session.as_mut() {
                session.set_pending_promotion(None);
            }
        }
        show("promo", false);
        self.request_paint();
    }

    /// Plays a human's action; the computer's arrive through `on_worker_reply`.
    fn play_human(&mut self, text: &str) {
        if !self.human_to_act() {
            return;
        }
        self.play(text).ok();
    }

    /// Plays an action's text through the rules and animates it; the error names what was
    /// wrong (and is shown) when the rules refuse it.
    fn play(&mut self, text: &str) -> Result<(), String> {
        if self.view_ply.is_some() {
            self.browse_to(None);
        }
        if self.charge_clock() {
            self.refresh();
            return Err("the flag fell before the move".to_string());
        }
        let Some(session) = self.session.as_mut() else {
            return Err("no game is being played".to_string());
        };
        let before = self.model.clone();
        let action = session.actions().into_iter().find(|a| a.text() == text);
        if let Err(error) = session.play(text) {
            self.set_message(&error);
            return Err(error);
        }
        self.set_message("");
        self.selected = None;
        self.setup_pick = None;
        self.slide_mode = false;
        self.turn_started = None;
        self.announce_last();
        self.refresh();
        if let Some(action) = action {
            self.animation = anim::build(&before, &self.model, &action, dom::now_ms());
        }
        self.request_paint();
        Ok(())
    }

    fn on_key(&mut self, event: &KeyboardEvent) {
        let typing = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
        if typing || self.session.is_none() || event.alt_key() {
            return;
        }
        let key = event.key();
        if event.ctrl_key() || event.meta_key() {
            if key == "z" || key == "Z" {
                event.prevent_default();
                self.undo();
            }
            return;
        }
        let live = self.session.as_ref().map(Session::ply_count).unwrap_or(0);
        let shown = self.view_ply.unwrap_or(live);
        match key.as_str() {
            "f" | "F" => self.flip(),
            "ArrowLeft" if shown > 0 => self.browse_to(Some(shown - 1)),
            "ArrowRight" if self.view_ply.is_some() => self.browse_to(Some(shown + 1)),
            "Home" if live > 0 => self.browse_to(Some(0)),
            "End" => self.browse_to(None),
            "Escape" => {
                self.selected = None;
                self.slide_mode = false;
                self.setup_pick = None;
                self.close_promotion();
                self.browse_to(None);
                self.update_panel();
            }
            _ => return,
        }
        event.prevent_default();
    }

    // --- controls ----------------------------------------------------------------------

    fn ask_confirm(&self, question: &str) {
        set_text("confirm-text", question);
        show("confirm", true);
    }

    /// The side a human control acts for: the human's side against the computer, the side to
    /// move in hot-seat.
    fn acting_side(&self) -> Option<bool> {
        let session = self.session.as_ref()?;
        match (self.config.white, self.config.black) {
            (Player::Human, Player::Human) => Some(session.white_to_move()),
            (Player::Human, _) => Some(true),
            (_, Player::Human) => Some(false),
            _ => None,
        }
    }

    fn resign(&mut self) {
        if let Some(white) = self.acting_side() {
            self.apply_reporting(PlayerAction::Resign { white });
        }
    }

    /// Offers a draw, or accepts the opponent's standing offer.
    fn draw_button(&mut self) {
        let Some(white) = self.acting_side() else {
            return;
        };
        let offer = self.session.as_ref().and_then(Session::draw_offer);
        let hot_seat = self.config.white == self.config.black;
        let action = match offer {
            Some(from) if from != white || hot_seat => PlayerAction::AcceptDraw { white: !from },
            _ => PlayerAction::OfferDraw { white },
        };
        self.apply_reporting(action);
    }

    fn claim(&mut self) {
        self.apply_reporting(PlayerAction::ClaimDraw { with_move: None });
    }

    fn apply_reporting(&mut self, action: PlayerAction) {
        if let Err(error) = self.apply(action) {
            self.set_message(&error);
        }
    }

    /// Applies one player action — from a click, a typed command or (later) the network.
    /// Every change a player makes to the game goes through here.
    pub fn apply(&mut self, action: PlayerAction) -> Result<(), String> {
        let Some(session) = self.session.as_mut() else {
            return Err("no game is being played".to_string());
        };
        let result = match action {
            PlayerAction::Play { text } => return self.play(&text),
            PlayerAction::Resign { white } => session.resign(white),
            PlayerAction::OfferDraw { white } => {
                let offered = session.offer_draw(white);
                if offered.is_ok() && self.config.player(!white) != Player::Human {
                    // The computer plays on: it declines by making its next move.
                    dom::set_text("message", "Draw offered; the computer plays on.");
                    self.refresh();
                    return Ok(());
                }
                offered
            }
            PlayerAction::AcceptDraw { white } => session.accept_draw(white),
            PlayerAction::ClaimDraw { with_move } => session.claim_with(with_move.as_deref()),
            PlayerAction::Undo => {
                self.undo();
                return Ok(());
            }
            PlayerAction::Rematch => {
                self.rematch();
                return Ok(());
            }
        };
        if result.is_ok() {
            self.set_message("");
        }
        if self.session.as_ref().is_some_and(|s| s.result().is_some()) {
            self.cancel_thinking();
        }
        self.refresh();
        result
    }

    fn rematch(&mut self) {
        let random_gap =
            self.config.variant == "sliding" && !self.config.options.contains_key("gap");
        let mut next = self.config.rematch(random_gap);
        if self.config.variant == "sliding" && !random_gap {
            next.options = self.config.options.clone();
        }
        self.start_game(next);
    }

    fn cancel_thinking(&mut self) {
        self.request_id += 1;
        if self.thinking {
            // A search cannot be interrupted from outside: replace the worker instead.
            if let Some(worker) = self.worker.take() {
                worker.terminate();
            }
            self.worker = spawn_worker();
        }
        self.thinking = false;
    }

    // --- the computer ------------------------------------------------------------------

    fn maybe_start_computer(&mut self) {
        if self.thinking {
            return;
        }
        let Some(session) = &self.session else { return };
        if session.result().is_some() {
            return;
        }
        let Player::Computer(level) = self.config.player(session.white_to_move()) else {
            return;
        };
        let Some(worker) = &self.worker else {
            self.set_message("The computer opponent is not available in this browser.");
            return;
        };
        self.request_id += 1;
        let request = ThinkRequest {
            id: self.request_id,
            game: session.to_json(&self.config),
            level: level.name().to_string(),
            move_time_ms: level.think_ms(),
            seed: (js_sys::Math::random() * 4_294_967_295.0) as u64,
        };
        if let Ok(text) = serde_json::to_string(&request) {
            if worker.post_message(&JsValue::from_str(&text)).is_ok() {
                self.thinking = true;
                self.update_panel();
            }
        }
    }

    fn on_worker_reply(&mut self, text: &str) {
        let Ok(reply) = serde_json::from_str::<ThinkReply>(text) else {
            return;
        };
        if reply.id != self.request_id {
            return;
        }
        self.thinking = false;
        match (reply.text, reply.error) {
            (Some(text), _) => {
                self.play(&text).ok();
            }
            (None, error) => {
                self.set_message(&format!(
                    "The computer could not move: {}",
                    error.unwrap_or_default()
                ));
                self.update_panel();
            }
        }
    }

    fn snapshot_json(&self) -> String {
        let Some(session) = &self.session else {
            return r#"{"screen":"start"}"#.to_string();
        };
        let snapshot = Snapshot {
            screen: "game",
            variant: session.variant(),
            config: &self.config,
            white_to_move: session.white_to_move(),
            thinking: self.thinking,
            animating: self.animation.is_some(),
            result: session.result(),
            moves: session.move_list(),
            setup: session.setup_step(),
            position: session.position_text(),
            status: self.status_text(),
            selected: self.selected,
            slide_mode: self.slide_mode,
            promotion_open: self.promotion.is_some(),
            board: &self.model,
            actions: self.actions.iter().map(Action::text).collect(),
            geometry: self.geometry(),
            painted_at: self.painted_at,
            view_ply: self.view_ply,
            clock: self
                .session
                .as_ref()
                .and_then(Session::clock)
                .map(|c| c.remaining_ms),
            saved_game: session.to_json(&self.config),
        };
        serde_json::to_string(&snapshot).unwrap_or_default()
    }
}

/// The second features of the app: clocks, undo, history browsing, typed commands, saving.
impl App {
    /// Charges the time used since the clock last started to the side to move and restarts
    /// the count; true when that made a flag fall.
    fn charge_clock(&mut self) -> bool {
        let now = dom::now_ms();
        let Some(started) = self.turn_started else {
            return false;
        };
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        if !session.clock_runs() {
            return false;
        }
        self.turn_started = Some(now);
        session.record_elapsed((now - started).max(0.0) as u64)
    }

    /// Every 100 ms: redraw the clocks, and end the game when the running clock reaches zero.
    fn tick(&mut self) {
        let Some(session) = &self.session else { return };
        let Some(started) = self.turn_started else {
            return;
        };
        let Some(clock) = session.clock() else { return };
        let side = if session.white_to_move() { 0 } else { 1 };
        if (clock.remaining_ms[side] as f64) <= dom::now_ms() - started && self.charge_clock() {
            self.cancel_thinking();
            self.announce("Time is up.");
            self.refresh();
            return;
        }
        self.render_clocks();
    }

    fn render_clocks(&self) {
        let Some(session) = &self.session else { return };
        let clock = session.clock();
        for (id, white) in [("clock-top", self.flipped), ("clock-bottom", !self.flipped)] {
            let element = el(id);
            let Some(clock) = clock else {
                element.set_hidden(true);
                continue;
            };
            element.set_hidden(false);
            let running = self.turn_started.is_some() && session.white_to_move() == white;
            let elapsed = match self.turn_started {
                Some(started) if running => dom::now_ms() - started,
                _ => 0.0,
            };
            let remaining =
                (clock.remaining_ms[if white { 0 } else { 1 }] as f64 - elapsed).max(0.0);
            element.set_text_content(Some(&format_clock(remaining)));
            let mut class = "clock".to_string();
            if running {
                class.push_str(" running");
            }
            if remaining < 10_000.0 || remaining < clock.initial_ms as f64 / 10.0 {
                class.push_str(" low");
            }
            element.set_class_name(&class);
        }
    }

    /// Undo: one ply in hot-seat; against the computer, back to the human's previous turn
    /// (its reply and the human's move, or just the move while it is still thinking).
    fn undo(&mut self) {
        if self.session.as_ref().is_none_or(|s| s.ply_count() == 0) {
            return;
        }
        self.view_ply = None;
        self.animation = None;
        self.close_promotion();
        let was_thinking = self.thinking;
        self.cancel_thinking();
        let hot_seat = !self.config.has_computer();
        let config = self.config.clone();
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let board_before = session.board();
        let texts_before = session.ply_texts();
        if hot_seat || was_thinking {
            session.undo().ok();
        } else {
            while session.ply_count() > 0 {
                if session.undo().is_err() {
                    break;
                }
                if config.player(session.white_to_move()) == Player::Human {
                    break;
                }
            }
        }
        self.turn_started = None;
        self.selected = None;
        self.set_message("");
        self.announce("Move taken back.");
        self.refresh();
        // A single ply taken back plays its animation backwards.
        let now_count = self.session.as_ref().map_or(0, Session::ply_count);
        if texts_before.len() == now_count + 1 {
            let action = texts_before
                .last()
                .and_then(|t| crate::model::action_from_text(t));
            if let Some(action) = action {
                self.animation = anim::build(&self.model, &board_before, &action, dom::now_ms())
                    .map(|mut a| {
                        a.reversed = true;
                        a
                    });
                self.request_paint();
            }
        }
    }

    /// Shows the position after `ply` plies (`None`: back to the live game), animating a
    /// single step forwards or backwards. Browsing never changes the game; the clock pauses.
    fn browse_to(&mut self, target: Option<usize>) {
        let Some(session) = &self.session else { return };
        let live = session.ply_count();
        let target = target.filter(|&ply| ply < live);
        if target == self.view_ply {
            return;
        }
        if self.view_ply.is_none() {
            self.charge_clock();
            self.turn_started = None;
        }
        let from = self.view_ply.unwrap_or(live);
        let to = target.unwrap_or(live);
        let before = self.model.clone();
        self.view_ply = target;
        self.selected = None;
        self.press = None;
        self.slide_mode = false;
        self.setup_pick = None;
        self.refresh();
        let Some(session) = &self.session else { return };
        if from.abs_diff(to) == 1 {
            let ply = from.max(to);
            let action = session
                .ply_texts()
                .get(ply - 1)
                .and_then(|t| crate::model::action_from_text(t));
            if let Some(action) = action {
                let now = dom::now_ms();
                self.animation = if to > from {
                    anim::build(&before, &self.model, &action, now)
                } else {
                    anim::build(&self.model, &before, &action, now).map(|mut a| {
                        a.reversed = true;
                        a
                    })
                };
                self.request_paint();
            }
        }
    }

    /// While browsing: takes the game back to the position shown and plays on from there.
    fn continue_from_here(&mut self) {
        let Some(target) = self.view_ply else { return };
        self.cancel_thinking();
        if let Some(session) = self.session.as_mut() {
            while session.ply_count() > target {
                if session.undo().is_err() {
                    break;
                }
            }
        }
        self.view_ply = None;
        self.turn_started = None;
        self.animation = None;
        self.refresh();
    }

    /// Typed input: move text or readable notation, or a command (`/` or `!`).
    fn run_command(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() {
            return;
        }
        let (command, argument) = match line.strip_prefix('/').or_else(|| line.strip_prefix('!')) {
            Some(rest) => {
                let (command, argument) =
                    rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                (command.to_ascii_lowercase(), argument.trim().to_string())
            }
            None => ("move".to_string(), line.to_string()),
        };
        let over = self.session.as_ref().is_some_and(|s| s.result().is_some());
        match command.as_str() {
            "move" | "m" => {
                if over {
                    self.set_message("The game is over: /rematch starts another.");
                } else if !self.human_to_act() || self.view_ply.is_some() {
                    self.set_message("It is not your turn to move.");
                } else {
                    let resolved = self.session.as_ref().map(|s| s.resolve_typed_move(&argument));
                    match resolved {
                        Some(Ok(text)) => self.play_human(&text),
                        Some(Err(error)) => self.set_message(&error),
                        None => {}
                    }
                }
            }
            "undo" => self.undo(),
            "resign" => self.resign(),
            "draw" => self.draw_button(),
            "claim" => self.apply_reporting(PlayerAction::ClaimDraw {
                with_move: (!argument.is_empty()).then_some(argument),
            }),
            "rematch" if over => self.rematch(),
            "rematch" => self.set_message("A rematch can start once this game is over."),
            "flip" => self.flip(),
            "save" => self.save_game(),
            "help" | "?" => self.set_message(
                "Type a move (e4, Nf3, e2e4, S:c1>c3) or a command: /move TEXT, /undo, /resign, /draw, /claim [MOVE], /rematch, /flip, /save, /help.",
            ),
            other => self.set_message(&format!("Unknown command '/{other}'; type /help for the list.")),
        }
    }

    /// Downloads the game as saved-game JSON named after the variant and the date.
    fn save_game(&mut self) {
        self.charge_clock();
        let Some(session) = &self.session else { return };
        let json = session.to_json(&self.config);
        let date: String = js_sys::Date::new_0()
            .to_iso_string()
            .as_string()
            .unwrap_or_default()
            .chars()
            .take(10)
            .collect();
        let name = format!("boardshift-{}-{date}.json", session.variant());
        let parts = js_sys::Array::of1(&JsValue::from_str(&json));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("application/json");
        let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
            return;
        };
        let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
            return;
        };
        let link: web_sys::HtmlAnchorElement = dom::create("a", "").unchecked_into();
        link.set_href(&url);
        link.set_download(&name);
        link.click();
        web_sys::Url::revoke_object_url(&url).ok();
        self.set_message(&format!("Saved as {name}."));
    }

    fn announce(&self, text: &str) {
        set_text("announce", text);
    }

    /// Announces the last ply in the live region (screen readers, keyboard players).
    fn announce_last(&self) {
        let Some(session) = &self.session else { return };
        let texts = session.ply_texts();
        let moves = session.move_list();
        let setup = session.setup_list();
        let display = moves
            .last()
            .or(setup.last())
            .cloned()
            .unwrap_or_else(|| texts.last().cloned().unwrap_or_default());
        // The mover is the side not to move now, except after setup steps (not alternating).
        let mover = if session.setup_step().is_some() || moves.is_empty() {
            ""
        } else if session.white_to_move() {
            "Black "
        } else {
            "White "
        };
        let mut text = format!("{mover}played {display}.");
        if let Some(over) = session.result() {
            text.push(' ');
            text.push_str(&over.summary);
        } else if session.in_check() {
            text.push_str(" Check.");
        }
        self.announce(text.trim());
    }
}

/// `m:ss`, or `h:mm:ss` from an hour, or `s.t` (tenths) under ten seconds.
fn format_clock(ms: f64) -> String {
    if ms < 10_000.0 {
        let tenths = (ms / 100.0).floor() as u64;
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let seconds = (ms / 1000.0).floor() as u64;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Pieces of `white`'s side no longer on the board, counted against the starting army
/// (promoted pieces are counted as the pawns they were).
fn missing_pieces(model: &BoardModel, white: bool) -> Vec<PieceId> {
    let count = |role: char| {
        model
            .pieces
            .iter()
            .filter(|p| p.piece.white == white && p.piece.role == role)
            .count() as i32
    };
    let start = [('Q', 1), ('R', 2), ('B', 2), ('N', 2)];
    let mut promoted = 0;
    let mut missing = Vec::new();
    for (role, initial) in start {
        let now = count(role);
        promoted += (now - initial).max(0);
        for _ in 0..(initial - now).max(0) {
            missing.push(PieceId { white, role });
        }
    }
    for _ in 0..(8 - count('P') - promoted).max(0) {
        missing.push(PieceId { white, role: 'P' });
    }
    missing
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

fn role_name(role: char) -> &'static str {
    match role {
        'Q' => "queen",
        'R' => "rook",
        'B' => "bishop",
        'N' => "knight",
        _ => "piece",
    }
}

/// `window.boardshift.state()`: the app as JSON, for tests and debugging.
#[wasm_bindgen]
pub fn app_state() -> String {
    with_app(|app| app.snapshot_json()).unwrap_or_else(|| r#"{"screen":"loading"}"#.to_string())
}

/// `window.boardshift.load(json)`: loads a saved game; throws with the reason when it is bad.
#[wasm_bindgen]
pub fn app_load_game(json: &str) -> Result<(), JsValue> {
    with_app(|app| app.load_game(json))
        .unwrap_or_else(|| Err("the app has not started".into()))
        .map_err(|e| JsValue::from_str(&e))
}

/// `window.boardshift.apply(json)`: applies a serialised player action (what a network layer
/// will deliver), e.g. `{"action":"play","text":"e2e4"}`; throws with the reason when refused.
#[wasm_bindgen]
pub fn app_apply(json: &str) -> Result<(), JsValue> {
    let action: PlayerAction =
        serde_json::from_str(json).map_err(|e| JsValue::from_str(&format!("bad action: {e}")))?;
    with_app(|app| app.apply(action))
        .unwrap_or_else(|| Err("the app has not started".into()))
        .map_err(|e| JsValue::from_str(&e))
}

/// `window.boardshift.geometry()`: the board's geometry and the canvas's page position.
#[wasm_bindgen]
pub fn app_geometry() -> String {
    with_app(|app| {
        let rect = app.canvas.get_bounding_client_rect();
        serde_json::json!({ "left": rect.left(), "top": rect.top(), "board": app.geometry() })
            .to_string()
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PlacedPiece;

    #[test]
    fn clocks_show_tenths_only_under_ten_seconds() {
        assert_eq!(format_clock(9_870.0), "9.8");
        assert_eq!(format_clock(10_000.0), "0:10");
        assert_eq!(format_clock(185_000.0), "3:05");
        assert_eq!(format_clock(3_725_000.0), "1:02:05");
        assert_eq!(format_clock(0.0), "0.0");
    }

    #[test]
    fn missing_pieces_count_promotions_as_pawns() {
        let pieces = [
            ('K', 4, 0),
            ('Q', 3, 0),
            ('Q', 0, 7),
            ('R', 0, 0),
            ('B', 2, 0),
            ('N', 1, 0),
        ]
        .iter()
        .map(|&(role, x, y)| PlacedPiece {
            sq: Sq::new(x, y),
            piece: PieceId { white: true, role },
        })
        .chain((0..5).map(|x| PlacedPiece {
            sq: Sq::new(x, 1),
            piece: PieceId {
                white: true,
                role: 'P',
            },
        }))
        .collect();
        let model = BoardModel {
            files: 8,
            ranks: 8,
            pieces,
            blocked: vec![],
            inner_origin: None,
            tiled: false,
            check: None,
            last_move: Vec::new(),
        };
        let missing: String = missing_pieces(&model, true)
            .iter()
            .map(|p| p.role)
            .collect();
        // One rook, one bishop, one knight gone; 8 - 5 pawns - 1 promoted = 2 pawns gone.
        assert_eq!(missing, "RBNPP");
    }
}
