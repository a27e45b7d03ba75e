//! The post-game review as plain state: it asks the analysis worker about every position of a
//! game one after another with a fixed depth, and judges each move by how much it lowered the
//! mover's winning chances (inaccuracy ?!, mistake ?, blunder ??; docs/analysis.md).

use crate::analysis::{win_chance, AnalyseRequest, AnalysisInfo};
use crate::view::panel::MoveList;
use boardshift_worker::protocol::WorkerRequest;
use serde::Serialize;

/// How deep every position is searched: fixed, so that the verdicts do not depend on the
/// machine, and shallow enough for a whole game to take well under a minute.
pub const REVIEW_DEPTH: u32 = 8;
/// A cap on one position's search, should the depth take unusually long.
pub const REVIEW_CAP_MS: u32 = 1_500;

/// Drops of the mover's winning chance, in percentage points, from which a move is marked.
pub const INACCURACY_DROP: f64 = 10.0;
pub const MISTAKE_DROP: f64 = 20.0;
pub const BLUNDER_DROP: f64 = 30.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// A position's evaluation from White's side (the worker's `white_cp` and `mate`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eval {
    pub white_cp: i32,
    /// Moves to mate: positive when White mates, negative when Black does, zero when the side
    /// to move is already mated (then `white_cp` tells who).
    pub mate: Option<i32>,
}

impl Eval {
    fn chance_for(self, white: bool) -> f64 {
        let chance = win_chance(self.white_cp);
        if white {
            chance
        } else {
            1.0 - chance
        }
    }

    fn mating_for(self, white: bool) -> bool {
        self.mate.is_some() && (self.white_cp > 0) == white
    }
}

/// The verdict on a move by the side `white` (true: White) from the evaluations before and
/// after it. A move that keeps a forced mate is never marked, whatever the count.
pub fn judge(before: Eval, after: Eval, white: bool) -> Option<Judgement> {
    if before.mating_for(white) && after.mating_for(white) {
        return None;
    }
    let drop = (before.chance_for(white) - after.chance_for(white)) * 100.0;
    if drop >= BLUNDER_DROP {
        Some(Judgement::Blunder)
    } else if drop >= MISTAKE_DROP {
        Some(Judgement::Mistake)
    } else if drop >= INACCURACY_DROP {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// What the page must do for the review.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewEffect {
    /// Post this request (JSON text) to the review's worker.
    Ask(String),
    /// The review was cancelled: end its worker.
    Stop,
}

/// One move of the game as the review needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedMove {
    /// The ply count after the move (as the move list counts, setup steps included).
    pub ply: usize,
    /// The move text as saved, to tell the best move from the one played.
    pub text: String,
    pub white: bool,
}

/// A marked move, as `window.boardshift.state().review.marks` shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewMark {
    pub ply: usize,
    pub white: bool,
    /// Shown by its `symbol` alone (one serialiser less in the page's wasm).
    #[serde(skip)]
    pub judgement: Judgement,
    pub symbol: &'static str,
    /// The best move of the position before, in the move list's notation.
    pub better: String,
}

/// What `window.boardshift.state().review` shows.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ReviewView {
    pub running: bool,
    pub done: bool,
    /// Positions evaluated so far, of `total`.
    pub evaluated: usize,
    pub total: usize,
    pub marks: Vec<ReviewMark>,
    pub summary: Vec<String>,
    pub error: Option<String>,
}

#[derive(Debug, Default)]
pub struct Review {
    /// The game reviewed, identified as the controller likes (position and ply count).
    key: Option<String>,
    game: String,
    /// The ply count of the first position evaluated (after any setup).
    first_ply: usize,
    moves: Vec<ReviewedMove>,
    /// One report per position evaluated, in order from `first_ply`.
    evals: Vec<AnalysisInfo>,
    request_id: u32,
    running: bool,
    error: Option<String>,
}

impl Review {
    /// Starts reviewing `moves` of `game` (saved-game JSON), whose first position is at ply
    /// `first_ply`; any review under way is replaced.
    pub fn start(
        &mut self,
        key: String,
        game: String,
        first_ply: usize,
        moves: Vec<ReviewedMove>,
    ) -> Vec<ReviewEffect> {
        let mut effects = self.cancel();
        *self = Review {
            key: Some(key),
            game,
            first_ply,
            moves,
            request_id: self.request_id,
            ..Review::default()
        };
        self.running = true;
        effects.extend(self.ask_next());
        effects
    }

    /// Stops the review under way, keeping what it found so far.
    pub fn cancel(&mut self) -> Vec<ReviewEffect> {
        if std::mem::take(&mut self.running) {
            vec![ReviewEffect::Stop]
        } else {
            Vec::new()
        }
    }

    /// Forgets the review when the game it was made for is no longer shown.
    pub fn sync(&mut self, key: Option<&str>) -> Vec<ReviewEffect> {
        if self.key.is_some() && self.key.as_deref() != key {
            let effects = self.cancel();
            *self = Review {
                request_id: self.request_id,
                ..Review::default()
            };
            return effects;
        }
        Vec::new()
    }

    pub fn running(&self) -> bool {
        self.running
    }

    fn ask_next(&mut self) -> Option<ReviewEffect> {
        if self.evals.len() > self.moves.len() {
            self.running = false;
            return None;
        }
        self.request_id = self.request_id.wrapping_add(1);
        let request = WorkerRequest::Analyse {
            analyse: AnalyseRequest {
                id: self.request_id,
                game: self.game.clone(),
                ply: Some(self.first_ply + self.evals.len()),
                time_ms: REVIEW_CAP_MS,
                depth: Some(REVIEW_DEPTH),
            },
        };
        match serde_json::to_string(&request) {
            Ok(text) => Some(ReviewEffect::Ask(text)),
            Err(error) => {
                self.fail(format!("The review could not be asked for: {error}"));
                None
            }
        }
    }

    /// A report from the worker (JSON text): a final one is kept and the next position asked.
    pub fn accept(&mut self, text: &str) -> Vec<ReviewEffect> {
        let Ok(info) = serde_json::from_str::<AnalysisInfo>(text) else {
            return Vec::new();
        };
        if !self.running || info.id != self.request_id || !info.done {
            return Vec::new();
        }
        if let Some(error) = &info.error {
            self.fail(format!("The review stopped: {error}"));
            return vec![ReviewEffect::Stop];
        }
        self.evals.push(info);
        self.ask_next().into_iter().collect()
    }

    /// The worker could not start or failed.
    pub fn fail(&mut self, message: String) {
        self.running = false;
        self.error = Some(message);
    }

    /// The marked moves among those whose before and after positions are evaluated.
    pub fn marks(&self) -> Vec<ReviewMark> {
        let eval = |info: &AnalysisInfo| Eval {
            white_cp: info.white_cp,
            mate: info.mate,
        };
        self.moves
            .iter()
            .zip(self.evals.windows(2))
            .filter_map(|(mv, pair)| {
                let (before, after) = (&pair[0], &pair[1]);
                // The engine's own choice is never marked, whatever a shallow search says.
                if before.best.as_deref() == Some(mv.text.as_str()) {
                    return None;
                }
                let judgement = judge(eval(before), eval(after), mv.white)?;
                let better = before.line.first().or(before.best.as_ref())?.clone();
                Some(ReviewMark {
                    ply: mv.ply,
                    white: mv.white,
                    judgement,
                    symbol: judgement.symbol(),
                    better,
                })
            })
            .collect()
    }

    /// One line per side: "White: 1 inaccuracy, 0 mistakes, 1 blunder".
    pub fn summary(marks: &[ReviewMark]) -> Vec<String> {
        [(true, "White"), (false, "Black")]
            .into_iter()
            .map(|(white, name)| {
                let count = |judgement| {
                    marks
                        .iter()
                        .filter(|m| m.white == white && m.judgement == judgement)
                        .count()
                };
                let words = |n: usize, one: &str, many: &str| {
                    format!("{n} {}", if n == 1 { one } else { many })
                };
                format!(
                    "{name}: {}, {}, {}",
                    words(count(Judgement::Inaccuracy), "inaccuracy", "inaccuracies"),
                    words(count(Judgement::Mistake), "mistake", "mistakes"),
                    words(count(Judgement::Blunder), "blunder", "blunders"),
                )
            })
            .collect()
    }

    pub fn view(&self) -> ReviewView {
        let marks = self.marks();
        let total = if self.key.is_some() {
            self.moves.len() + 1
        } else {
            0
        };
        let done = total > 0 && self.evals.len() == total;
        ReviewView {
            running: self.running,
            done,
            evaluated: self.evals.len(),
            total,
            summary: if done {
                Review::summary(&marks)
            } else {
                Vec::new()
            },
            marks,
            error: self.error.clone(),
        }
    }
}

/// Adds the review's marks to the move list: the symbol after the move, the better move in
/// its tooltip.
pub fn annotate(moves: &mut MoveList, marks: &[ReviewMark]) {
    for cell in moves.rows.iter_mut().flat_map(|row| row.cells.iter_mut()) {
        let Some(mark) = marks.iter().find(|m| Some(m.ply) == cell.ply) else {
            continue;
        };
        cell.marks.push_str(mark.symbol);
        let judgement = match mark.judgement {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        };
        cell.title = format!("{judgement}: {} was better", mark.better);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp(white_cp: i32) -> Eval {
        Eval {
            white_cp,
            mate: None,
        }
    }

    #[test]
    fn moves_are_judged_by_the_drop_of_the_movers_winning_chance() {
        // Level to a pawn down is about 9 points: not marked; two pawns, about 18: inaccuracy.
        assert_eq!(judge(cp(0), cp(-100), true), None);
        assert_eq!(judge(cp(0), cp(-200), true), Some(Judgement::Inaccuracy));
        assert_eq!(judge(cp(0), cp(-300), true), Some(Judgement::Mistake));
        assert_eq!(judge(cp(0), cp(-500), true), Some(Judgement::Blunder));
        // Black's drop is White's gain.
        assert_eq!(judge(cp(0), cp(500), false), Some(Judgement::Blunder));
        assert_eq!(judge(cp(0), cp(-500), false), None);
        // Far ahead, losing a pawn hardly changes the chances.
        assert_eq!(judge(cp(900), cp(800), true), None);
    }

    #[test]
    fn keeping_a_mate_is_never_marked_but_losing_it_or_walking_into_one_is() {
        let white_mates = |moves| Eval {
            white_cp: 10_000,
            mate: Some(moves),
        };
        let black_mates = |moves| Eval {
            white_cp: -10_000,
            mate: Some(moves),
        };
        assert_eq!(judge(white_mates(2), white_mates(5), true), None);
        assert_eq!(
            judge(white_mates(2), cp(-50), true),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            judge(cp(0), black_mates(-1), true),
            Some(Judgement::Blunder)
        );
        // Black, mated at once (zero moves), after a move that allowed it.
        assert_eq!(
            judge(cp(30), white_mates(0), false),
            Some(Judgement::Blunder)
        );
    }

    fn info(id: u32, white_cp: i32, best: &str, line: &str) -> String {
        serde_json::to_string(&AnalysisInfo {
            id,
            white_cp,
            best: Some(best.into()),
            line: vec![line.into()],
            done: true,
            ..AnalysisInfo::default()
        })
        .unwrap()
    }

    fn two_moves() -> Vec<ReviewedMove> {
        vec![
            ReviewedMove {
                ply: 1,
                text: "e2e4".into(),
                white: true,
            },
            ReviewedMove {
                ply: 2,
                text: "g7g5".into(),
                white: false,
            },
        ]
    }

    #[test]
    fn a_review_asks_position_after_position_and_marks_the_blunder_with_the_better_move() {
        let mut review = Review::default();
        let effects = review.start("k".into(), "{}".into(), 0, two_moves());
        assert!(matches!(&effects[..], [ReviewEffect::Ask(t)] if t.contains(r#""ply":0"#)));
        let first = review.request_id;
        // A report on the way (not final) and a stale one are not counted.
        let mut partial: AnalysisInfo =
            serde_json::from_str(&info(first, 30, "e2e4", "e4")).unwrap();
        partial.done = false;
        assert!(review
            .accept(&serde_json::to_string(&partial).unwrap())
            .is_empty());
        assert!(review.accept(&info(first + 7, 30, "e2e4", "e4")).is_empty());
        let effects = review.accept(&info(first, 30, "e2e4", "e4"));
        assert!(matches!(&effects[..], [ReviewEffect::Ask(t)] if t.contains(r#""ply":1"#)));
        review.accept(&info(first + 1, 20, "d7d5", "d5"));
        assert_eq!(review.view().evaluated, 2);
        assert!(
            review.view().summary.is_empty(),
            "no summary before the end"
        );
        let effects = review.accept(&info(first + 2, 600, "d1h5", "Qh5"));
        assert!(effects.is_empty() && !review.running());
        let view = review.view();
        assert!(view.done);
        assert_eq!(view.marks.len(), 1, "{view:?}");
        assert_eq!(view.marks[0].ply, 2);
        assert_eq!(view.marks[0].symbol, "??");
        assert_eq!(view.marks[0].better, "d5");
        assert_eq!(
            view.summary,
            [
                "White: 0 inaccuracies, 0 mistakes, 0 blunders",
                "Black: 0 inaccuracies, 0 mistakes, 1 blunder"
            ]
        );
    }

    #[test]
    fn a_review_is_cancelled_and_forgotten_when_its_game_goes() {
        let mut review = Review::default();
        review.start("k".into(), "{}".into(), 0, two_moves());
        assert!(review.sync(Some("k")).is_empty());
        assert_eq!(review.sync(Some("other")), vec![ReviewEffect::Stop]);
        assert_eq!(review.view(), ReviewView::default());
        review.start("k".into(), "{}".into(), 0, two_moves());
        assert_eq!(review.cancel(), vec![ReviewEffect::Stop]);
        assert!(review.cancel().is_empty());
    }
}
