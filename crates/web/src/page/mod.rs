//! The browser side of the app: element handles, event binding, the canvas, storage, downloads
//! and the worker. Every event becomes a job on one queue and runs on the controller (`App`)
//! in arrival order — an event that fires while another is handled waits its turn, none is
//! dropped — then the page draws from the controller's state and carries out its effects.

mod analysis;
mod dom;
mod elements;
mod marks_painter;
mod online;
mod painter;
mod panel;
mod pgn;
mod piece_images;
mod review;
mod settings;
mod sound;
mod start_screen;
mod storage;
mod worker_link;

use crate::app::{App, Effect};
use crate::event_queue::EventQueue;
use crate::input::board::PromotionChoice;
use crate::state::PlayerAction;
use crate::view::panel::PanelModel;
use crate::view::snapshot;
use elements::Elements;
use painter::Painter;
use piece_images::PieceImages;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Worker};

/// What must be drawn again after a job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Redraw {
    Nothing,
    /// Only the canvas.
    Board,
    /// The canvas, the panel and the screens.
    All,
}

/// The requestAnimationFrame callback, made once and reused for every frame.
type FrameCallback = Closure<dyn FnMut(f64)>;

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
    static EVENTS: EventQueue<Page> = const { EventQueue::new() };
    static FRAME: RefCell<Option<FrameCallback>> = const { RefCell::new(None) };
}

/// Queues an event's job; it runs on the page in arrival order (see `EventQueue`), then the
/// page carries out the controller's effects and draws what the job says changed.
fn dispatch(job: impl FnOnce(&mut Page) -> Redraw + 'static) {
    let job = Box::new(move |page: &mut Page| {
        page.app.now = dom::now_ms();
        let redraw = job(page);
        page.after(redraw);
    });
    EVENTS.with(|events| {
        events.dispatch(job, |run| {
            PAGE.with(|page| match page.borrow_mut().as_mut() {
                Some(page) => {
                    run(page);
                    true
                }
                None => false,
            })
        })
    });
}

/// Runs `f` on the page at once, for the synchronous hooks (`window.boardshift`); an error
/// while a job runs, since the hooks are never called from inside one.
fn run_now<R>(redraw: Redraw, f: impl FnOnce(&mut Page) -> R) -> Result<R, JsValue> {
    if EVENTS.with(EventQueue::is_running) {
        return Err("the app is busy handling an event".into());
    }
    PAGE.with(|page| {
        let mut page = page
            .try_borrow_mut()
            .map_err(|_| JsValue::from_str("the app is busy handling an event"))?;
        let page = page
            .as_mut()
            .ok_or_else(|| JsValue::from_str("the app has not started"))?;
        page.app.now = dom::now_ms();
        let result = f(page);
        page.after(redraw);
        Ok(result)
    })
}

pub struct Page {
    app: App,
    el: Elements,
    ctx: CanvasRenderingContext2d,
    pieces: PieceImages,
    worker: Option<Worker>,
    shown_panel: Option<PanelModel>,
    shown_promotion: Option<PromotionChoice>,
    game_shown: bool,
    frame_pending: bool,
    /// An unreadable autosave could not be moved aside: never write over it.
    autosave_blocked: bool,
}

impl Page {
    /// Carries out the controller's effects, then draws what changed.
    fn after(&mut self, redraw: Redraw) {
        let mut redraw = redraw;
        online::after_job(self);
        sound::after_job(self);
        for effect in self.app.take_effects() {
            redraw = redraw.max(Redraw::All);
            match effect {
                Effect::Think(request) => {
                    let posted = self.worker.as_ref().is_some_and(|worker| {
                        serde_json::to_string(&request).is_ok_and(|text| {
                            worker.post_message(&JsValue::from_str(&text)).is_ok()
                        })
                    });
                    if !posted {
                        self.app.worker_failed(
                            "The computer opponent is not available in this browser.",
                        );
                    }
                }
                Effect::WarmUp(text) => {
                    // Only an optimisation: a worker that cannot take it is told nothing.
                    if let Some(worker) = &self.worker {
                        worker.post_message(&JsValue::from_str(&text)).ok();
                    }
                }
                Effect::ReplaceWorker => {
                    if let Some(worker) = self.worker.take() {
                        worker.terminate();
                    }
                    self.worker = worker_link::spawn();
                }
                Effect::Autosave(saved) => {
                    if !self.autosave_blocked && !online::is_active() {
                        storage::write_autosave(saved.as_deref());
                    }
                }
                Effect::Analysis(effect) => analysis::carry_out(&mut self.app, effect),
                Effect::Download { variant, json } => {
                    self.app.message = match storage::download(variant, &json) {
                        Ok(name) => format!("Saved as {name}."),
                        Err(error) => format!("Could not save the game: {error}"),
                    };
                }
            }
        }
        if redraw == Redraw::All {
            self.render();
            settings::render(self);
            analysis::render(&self.app);
            review::render(&self.app);
        }
        if redraw >= Redraw::Board {
            self.request_paint();
        }
    }

    fn request_paint(&mut self) {
        if std::mem::replace(&mut self.frame_pending, true) {
            return;
        }
        FRAME.with(|frame| {
            if let Some(callback) = frame.borrow().as_ref() {
                dom::window()
                    .request_animation_frame(callback.as_ref().unchecked_ref())
                    .ok();
            }
        });
    }

    fn on_frame(&mut self) -> Redraw {
        self.frame_pending = false;
        let running = self.app.frame();
        self.paint();
        if running {
            Redraw::Board
        } else {
            Redraw::Nothing
        }
    }

    fn paint(&mut self) {
        let Some(game) = self.app.game() else { return };
        let now = self.app.now;
        let geometry = game.geometry(self.app.board_size);
        let painter = Painter {
            ctx: &self.ctx,
            geometry,
            dpr: dom::window().device_pixel_ratio().max(1.0),
            pieces: &self.pieces,
            palette: self.app.settings.board_theme.palette(),
            coordinates: self.app.settings.coordinates,
        };
        let animation = game.animation.as_ref().map(|a| (a, now));
        painter.paint(&game.model, &game.overlay(), animation);
        marks_painter::paint(&painter, &game.marks);
        let canvas = &self.el.canvas;
        if self.app.painted_at.is_none()
            && self.pieces.all_complete()
            && !game.model.pieces.is_empty()
        {
            self.app.painted_at = Some(now);
            canvas
                .set_attribute("data-painted-at", &format!("{now:.1}"))
                .ok();
        }
        let geometry = serde_json::to_string(&geometry).unwrap_or_default();
        canvas.set_attribute("data-geometry", &geometry).ok();
    }

    /// Sizes the canvas to the space available, in device pixels for crisp drawing.
    fn resize(&mut self) {
        let window = dom::window();
        let dimension = |value: Result<JsValue, JsValue>, fallback: f64| {
            value.ok().and_then(|v| v.as_f64()).unwrap_or(fallback)
        };
        let width = dimension(window.inner_width(), 800.0);
        let height = dimension(window.inner_height(), 600.0);
        let size = crate::geometry::board_size(width, height);
        let dpr = window.device_pixel_ratio().max(1.0);
        self.app.board_size = size;
        let canvas = &self.el.canvas;
        let style = canvas.style();
        style.set_property("width", &format!("{size}px")).ok();
        style.set_property("height", &format!("{size}px")).ok();
        canvas.set_width((size * dpr).round() as u32);
        canvas.set_height((size * dpr).round() as u32);
        self.shown_promotion = None;
    }
}

/// Called once by main.js after the module loaded: builds the app on the page.
#[wasm_bindgen]
pub fn start_app() -> Result<(), JsValue> {
    let el = Elements::find()?;
    let ctx: CanvasRenderingContext2d = el
        .canvas
        .get_context("2d")?
        .ok_or_else(|| JsValue::from_str("this browser cannot draw on a canvas"))?
        .unchecked_into();
    let chosen = settings::stored();
    let pieces = PieceImages::load(
        |key| chosen.piece_set.image_url(key),
        || dispatch(|_| Redraw::Board),
    )?;
    let seed = (js_sys::Math::random() * 4_294_967_295.0) as u64;
    let page = Page {
        app: App::new(seed),
        el,
        ctx,
        pieces,
        worker: worker_link::spawn(),
        shown_panel: None,
        shown_promotion: None,
        game_shown: false,
        frame_pending: false,
        autosave_blocked: false,
    };
    PAGE.with(|slot| *slot.borrow_mut() = Some(page));
    PAGE.with(|page| {
        page.borrow_mut()
            .as_mut()
            .map(|page| settings::apply(page, chosen))
    });
    FRAME.with(|frame| {
        *frame.borrow_mut() = Some(Closure::new(|_: f64| dispatch(Page::on_frame)));
    });
    PAGE.with(|page| {
        if let Some(page) = page.borrow().as_ref() {
            start_screen::wire(&page.el);
            panel::wire(&page.el);
        }
    });
    online::wire();
    sound::wire();
    settings::wire();
    pgn::wire();
    analysis::wire();
    review::wire();
    wire_window();
    dispatch(|page| {
        page.el.loading.set_hidden(true);
        page.resize();
        start_up(page);
        Redraw::All
    });
    Ok(())
}

/// The first screen: a game from a link (`#play=VARIANT`), else the autosaved game, else the
/// start screen. An autosave that cannot be read is set aside and reported, never overwritten.
fn start_up(page: &mut Page) {
    let hash = dom::window().location().hash().unwrap_or_default();
    if online::open_from_link(page, &hash) {
        return;
    }
    let link = hash.strip_prefix("#play=").map(str::to_string);
    let mut problem = None;
    if let Some(text) = storage::read_autosave() {
        match crate::session::Session::load(&text) {
            Err(error) => {
                let key = storage::set_aside(&text);
                page.autosave_blocked = key.is_none();
                problem = Some(crate::autosave::unreadable_notice(&error, key.as_deref()));
            }
            Ok(_) if link.is_none() => {
                page.app.resume(&text).ok();
            }
            Ok(_) => {}
        }
    }
    if let Some(variant) = link {
        page.app.start_from_link(&variant);
    }
    if let Some(problem) = problem {
        page.app.report(problem);
    }
}

fn wire_window() {
    let window = dom::window();
    dom::listen(&window, "resize", |_: web_sys::Event| {
        dispatch(|page| {
            page.resize();
            Redraw::All
        });
    });
    dom::listen(
        &dom::document(),
        "keydown",
        |event: web_sys::KeyboardEvent| {
            let in_field = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
            let press = crate::input::keys::KeyPress {
                key: event.key(),
                command: event.ctrl_key() || event.meta_key(),
                alt: event.alt_key(),
                in_field,
            };
            dispatch(move |page| {
                if page.app.key(&press) {
                    event.prevent_default();
                    Redraw::All
                } else {
                    Redraw::Nothing
                }
            });
        },
    );
    // Back from the start screen the game was left for: that game again.
    dom::listen(&window, "popstate", |_: web_sys::Event| {
        dispatch(|page| {
            if !page.app.can_resume() {
                return Redraw::Nothing;
            }
            page.app.resume_paused();
            Redraw::All
        });
    });
    // Before the page goes away, charge the running clock so the autosave is exact.
    dom::listen(&window, "pagehide", |_: web_sys::Event| {
        dispatch(|page| {
            page.app.page_hide();
            Redraw::Nothing
        });
    });
    let tick = Closure::<dyn FnMut()>::new(|| {
        dispatch(|page| {
            if page.app.tick() {
                Redraw::All
            } else {
                page.render_clocks();
                Redraw::Nothing
            }
        });
    });
    window
        .set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), 100)
        .ok();
    tick.forget();
}

/// `window.boardshift.state()`: the app as JSON, for tests and debugging.
#[wasm_bindgen]
pub fn app_state() -> String {
    run_now(Redraw::Nothing, |page| snapshot::snapshot_json(&page.app))
        .unwrap_or_else(|_| r#"{"screen":"loading"}"#.to_string())
}

/// `window.boardshift.load(json)`: loads a saved game; throws with the reason when it is bad.
#[wasm_bindgen]
pub fn app_load_game(json: &str) -> Result<(), JsValue> {
    run_now(Redraw::All, |page| page.app.load_game(json))?.map_err(|e| JsValue::from_str(&e))
}

/// `window.boardshift.apply(json)`: applies a serialised player action (what a network layer
/// will deliver), e.g. `{"action":"play","text":"e2e4"}`; throws with the reason when refused.
#[wasm_bindgen]
pub fn app_apply(json: &str) -> Result<(), JsValue> {
    let action: PlayerAction =
        serde_json::from_str(json).map_err(|e| JsValue::from_str(&format!("bad action: {e}")))?;
    run_now(Redraw::All, |page| page.app.apply(action))?.map_err(|e| JsValue::from_str(&e))
}

/// `window.boardshift.geometry()`: the board's geometry and the canvas's page position.
#[wasm_bindgen]
pub fn app_geometry() -> String {
    run_now(Redraw::Nothing, |page| {
        let rect = page.el.canvas.get_bounding_client_rect();
        let board = page.app.game().map(|g| g.geometry(page.app.board_size));
        serde_json::json!({ "left": rect.left(), "top": rect.top(), "board": board }).to_string()
    })
    .unwrap_or_default()
}
