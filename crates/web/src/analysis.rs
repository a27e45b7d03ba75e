//! The analysis shown beside the board — evaluation bar, best line — and the hint against the
//! computer, as plain state: which position is being analysed, the latest report from the
//! worker, and what the page must do when the position shown changes (ask anew, or stop the
//! search under way). The search itself runs in the worker (crates/worker).

use boardshift_worker::protocol::WorkerRequest;
pub use boardshift_worker::protocol::{AnalyseRequest, AnalysisInfo};
use serde::Serialize;

/// How long one position is analysed; the report deepens until then.
pub const ANALYSIS_MS: u32 = 8_000;
/// How long the hint thinks.
pub const HINT_MS: u32 = 1_000;

/// What the page must do for the analysis.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisEffect {
    /// Post this request (JSON text) to the analysis worker.
    Ask(String),
    /// The search under way is for a position no longer shown: end that worker.
    Stop,
    /// For the post-game review's own worker (`crate::review`).
    Review(crate::review::ReviewEffect),
}

/// The position to analyse, as the controller sees it.
pub struct Shown<'a> {
    /// Identifies the position cheaply (position text, ply count, ply shown).
    pub key: String,
    /// The ply shown while browsing (`None`: the live position).
    pub ply: Option<usize>,
    /// Saved-game JSON of the game, made only when a request is sent.
    pub game: &'a dyn Fn() -> String,
}

/// What `window.boardshift.state().analysis` shows.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct AnalysisView {
    pub on: bool,
    /// Whether analysis may be shown now (not during an online game in progress).
    pub allowed: bool,
    pub running: bool,
    pub report: Option<AnalysisInfo>,
    /// The hint's move, once found.
    pub hint: Option<AnalysisInfo>,
    pub hint_pending: bool,
    pub review: crate::review::ReviewView,
}

#[derive(Debug, Default)]
pub struct Analysis {
    /// The player turned analysis on.
    pub on: bool,
    hint_wanted: bool,
    request_id: u32,
    /// The key of the position shown at the last sync.
    position: Option<String>,
    /// Whether that position has been asked about.
    asked: bool,
    running: bool,
    report: Option<AnalysisInfo>,
    hint: Option<AnalysisInfo>,
    allowed: bool,
    /// The engine arrow last handed to the board, so it is only replaced when it changes.
    arrow_shown: Option<MoveSquares>,
    /// The post-game review, which runs in a worker of its own.
    pub review: crate::review::Review,
}

/// A move's from and to squares as (x, y), a1 = (0, 0).
pub type MoveSquares = ((u8, u8), (u8, u8));

impl Analysis {
    pub fn toggle(&mut self) {
        self.on = !self.on;
    }

    /// Asks for the best move of the position shown (shown when found).
    pub fn ask_hint(&mut self) {
        match &self.report {
            // The analysis of this very position already knows a move.
            Some(report) if report.best.is_some() => self.hint = Some(report.clone()),
            _ => self.hint_wanted = true,
        }
    }

    /// Keeps the search in step with the position shown; `shown` is `None` when nothing may be
    /// analysed (no game, or an online game in progress).
    pub fn sync(&mut self, shown: Option<Shown>) -> Vec<AnalysisEffect> {
        self.allowed = shown.is_some();
        let mut effects = Vec::new();
        let key = shown.as_ref().map(|s| s.key.clone());
        if key != self.position {
            self.position = key;
            self.report = None;
            // A hint found is for the old position; one still wanted is for the new one.
            self.hint = None;
            self.asked = false;
            if std::mem::take(&mut self.running) {
                effects.push(AnalysisEffect::Stop);
            }
        }
        let wanted = self.on || self.hint_wanted;
        match shown {
            Some(shown) if wanted && !self.asked => {
                self.request_id = self.request_id.wrapping_add(1);
                let time_ms = if self.on { ANALYSIS_MS } else { HINT_MS };
                let request = WorkerRequest::Analyse {
                    analyse: AnalyseRequest {
                        id: self.request_id,
                        game: (shown.game)(),
                        ply: shown.ply,
                        time_ms,
                        depth: None,
                    },
                };
                if let Ok(text) = serde_json::to_string(&request) {
                    self.asked = true;
                    self.running = true;
                    effects.push(AnalysisEffect::Ask(text));
                }
            }
            _ if !wanted && self.running => {
                // Turned off mid-search: stop it; turning on again asks anew.
                self.running = false;
                self.asked = false;
                effects.push(AnalysisEffect::Stop);
            }
            _ => {}
        }
        effects
    }

    /// A report from the worker (JSON text); true when it was for the position shown.
    pub fn accept(&mut self, text: &str) -> bool {
        let Ok(info) = serde_json::from_str::<AnalysisInfo>(text) else {
            return false;
        };
        if !self.running || info.id != self.request_id {
            return false;
        }
        if info.done {
            self.running = false;
            if self.hint_wanted {
                self.hint_wanted = false;
                self.hint = Some(info.clone());
            }
        }
        self.report = Some(info);
        true
    }

    /// The worker could not start: nothing runs.
    pub fn failed(&mut self) {
        self.running = false;
        self.hint_wanted = false;
    }

    /// The latest report to show, when analysis is on and allowed.
    pub fn shown_report(&self) -> Option<&AnalysisInfo> {
        self.report.as_ref().filter(|_| self.on && self.allowed)
    }

    /// The hint's move squares, when a hint is up: plain data for highlights and arrows.
    pub fn hint_squares(&self) -> Option<((u8, u8), (u8, u8))> {
        let hint = self.hint.as_ref()?;
        Some((hint.from?, hint.to?))
    }

    /// The best move of the position shown, as from/to squares (the arrow layer's input).
    pub fn best_squares(&self) -> Option<((u8, u8), (u8, u8))> {
        let report = self.shown_report()?;
        Some((report.from?, report.to?))
    }

    /// The engine arrow to draw when it differs from the one drawn last: the best move of the
    /// analysis, else the hint's move. `None`: nothing new to draw.
    pub fn arrow_change(&mut self) -> Option<Option<MoveSquares>> {
        let arrow = self.best_squares().or_else(|| self.hint_squares());
        (arrow != self.arrow_shown).then(|| {
            self.arrow_shown = arrow;
            arrow
        })
    }

    pub fn view(&self) -> AnalysisView {
        AnalysisView {
            on: self.on,
            allowed: self.allowed,
            running: self.running,
            report: self.shown_report().cloned(),
            hint: self.hint.clone(),
            hint_pending: self.hint_wanted,
            review: self.review.view(),
        }
    }
}

/// The evaluation bar's White share, 0 to 1: winning chances from White's side (the logistic
/// curve of docs/analysis.md), so that ±4 pawns fill most of the bar and a mate fills it.
pub fn white_share(report: &AnalysisInfo) -> f64 {
    win_chance(report.white_cp)
}

/// White's winning chance, 0 to 1, for a score in centipawns from White's side.
pub fn win_chance(white_cp: i32) -> f64 {
    1.0 / (1.0 + (-0.003_682_08 * white_cp as f64).exp())
}

/// The score as the bar's label: "+1.3", "−0.4", "M3", "−M2".
pub fn score_label(report: &AnalysisInfo) -> String {
    match report.mate {
        Some(moves) if moves >= 0 => format!("M{moves}"),
        Some(moves) => format!("−M{}", -moves),
        None if report.white_cp < 0 => format!("−{:.1}", -report.white_cp as f64 / 100.0),
        None => format!("+{:.1}", report.white_cp as f64 / 100.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(key: &str) -> Option<Shown<'static>> {
        Some(Shown {
            key: key.into(),
            ply: None,
            game: &|| "{}".to_string(),
        })
    }

    fn report(id: u32, done: bool) -> String {
        serde_json::to_string(&AnalysisInfo {
            id,
            depth: 3,
            white_cp: 120,
            best: Some("e2e4".into()),
            from: Some((4, 1)),
            to: Some((4, 3)),
            done,
            ..AnalysisInfo::default()
        })
        .unwrap()
    }

    #[test]
    fn nothing_is_asked_until_analysis_is_on_and_a_new_position_supersedes_the_old() {
        let mut analysis = Analysis::default();
        assert!(analysis.sync(shown("a")).is_empty());
        analysis.toggle();
        let effects = analysis.sync(shown("a"));
        assert!(matches!(&effects[..], [AnalysisEffect::Ask(_)]));
        assert!(
            analysis.sync(shown("a")).is_empty(),
            "same position: no new request"
        );
        assert!(analysis.accept(&report(1, false)));
        assert_eq!(analysis.best_squares(), Some(((4, 1), (4, 3))));
        let effects = analysis.sync(shown("b"));
        assert!(matches!(
            &effects[..],
            [AnalysisEffect::Stop, AnalysisEffect::Ask(_)]
        ));
        assert!(analysis.shown_report().is_none(), "the old report is gone");
        assert!(
            !analysis.accept(&report(1, true)),
            "a stale report is ignored"
        );
        assert!(analysis.accept(&report(2, true)));
        assert!(analysis.sync(shown("b")).is_empty());
    }

    #[test]
    fn analysis_stops_and_hides_when_not_allowed() {
        let mut analysis = Analysis::default();
        analysis.toggle();
        analysis.sync(shown("a"));
        analysis.accept(&report(1, false));
        assert_eq!(analysis.sync(None), vec![AnalysisEffect::Stop]);
        assert!(analysis.shown_report().is_none());
        assert!(!analysis.view().allowed);
    }

    #[test]
    fn a_hint_asks_once_and_is_cleared_when_the_position_changes() {
        let mut analysis = Analysis::default();
        analysis.ask_hint();
        let effects = analysis.sync(shown("a"));
        assert!(matches!(&effects[..], [AnalysisEffect::Ask(text)] if text.contains("1000")));
        assert!(analysis.accept(&report(1, true)));
        assert_eq!(analysis.hint_squares(), Some(((4, 1), (4, 3))));
        assert!(
            analysis.shown_report().is_none(),
            "the hint alone shows no bar"
        );
        assert!(analysis.sync(shown("a")).is_empty());
        assert_eq!(analysis.hint_squares(), Some(((4, 1), (4, 3))));
        assert!(
            analysis.sync(shown("b")).is_empty(),
            "no new search for a hint"
        );
        assert_eq!(analysis.hint_squares(), None);
    }

    #[test]
    fn the_bar_and_label_follow_the_score() {
        assert!((win_chance(0) - 0.5).abs() < 1e-9);
        assert!(win_chance(400) > 0.8 && win_chance(-400) < 0.2);
        let mut info = AnalysisInfo {
            white_cp: -40,
            ..AnalysisInfo::default()
        };
        assert_eq!(score_label(&info), "−0.4");
        info.mate = Some(-2);
        assert_eq!(score_label(&info), "−M2");
        info.white_cp = 10_000;
        info.mate = Some(3);
        assert_eq!(score_label(&info), "M3");
        assert!(white_share(&info) > 0.99);
    }
}
