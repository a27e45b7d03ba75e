//! Analysis of one position for the page's evaluation bar, best line and hint: a search at
//! full strength that reports after every completed depth, so the page can show it deepen.

use crate::protocol::{AnalyseRequest, AnalysisInfo};
use crate::think::{load, WallClock};
use engine::score::mate_in_moves;
use engine::variants::SearchGameVisitor;
use engine::{Level, Limits, SearchInfo, SearchPosition, SearchRequest, Searcher};
use rules::any::{AnyGame, TargetKind};
use rules::game::Game;
use rules::Color;

/// The score a mate shows as, in centipawns.
pub const MATE_CP: i32 = 10_000;

/// Analyses the request's position, calling `progress` after every completed depth; returns
/// the final report (`done`), or one that carries the error.
pub fn analyse(request: &AnalyseRequest, progress: &mut dyn FnMut(&AnalysisInfo)) -> AnalysisInfo {
    let failed = |error: String| AnalysisInfo {
        id: request.id,
        done: true,
        error: Some(error),
        ..AnalysisInfo::default()
    };
    let mut game = match load(&request.game) {
        Ok(game) => game,
        Err(error) => return failed(error),
    };
    if let Some(ply) = request.ply {
        if let Err(error) = game.truncate_to(ply) {
            return failed(error.to_string());
        }
    }
    let with_squares = |mut info: AnalysisInfo| {
        if let Some(best) = &info.best {
            (info.from, info.to) = squares_of(&game, best);
        }
        info
    };
    let search = Analyse {
        id: request.id,
        time_ms: request.time_ms,
        depth: request.depth,
        progress: &mut |info: &AnalysisInfo| progress(&with_squares(info.clone())),
    };
    let Some(info) = engine::variants::visit_game(&game, search) else {
        return failed("there is nothing to analyse before the setup is done".to_string());
    };
    with_squares(info)
}

/// A square as (x, y), a1 = (0, 0).
type Square = (u8, u8);

/// The from and to squares of move text `best` in the game's live position.
fn squares_of(game: &AnyGame, best: &str) -> (Option<Square>, Option<Square>) {
    let Some(view) = game.board_view(None, None) else {
        return (None, None);
    };
    if let Some(slide) = view.slides.iter().find(|s| s.text == best) {
        return (Some((slide.x, slide.y)), Some((slide.gap_x, slide.gap_y)));
    }
    let turn = game.status().turn;
    for piece in view
        .pieces
        .iter()
        .filter(|p| rules::Piece::from_fen_char(p.piece).is_some_and(|piece| piece.color == turn))
    {
        let Some(selected) = game.board_view(None, Some((piece.x, piece.y))) else {
            continue;
        };
        // A promotion's target text lacks the piece letter that the move text ends with.
        let found = selected.targets.iter().find(|t| {
            t.text == best || (t.kind == TargetKind::Promotion && best.starts_with(&t.text))
        });
        if let Some(target) = found {
            return (Some((piece.x, piece.y)), Some((target.x, target.y)));
        }
    }
    (None, None)
}

struct Analyse<'a> {
    id: u32,
    time_ms: u32,
    depth: Option<u32>,
    progress: &'a mut dyn FnMut(&AnalysisInfo),
}

impl SearchGameVisitor for Analyse<'_> {
    type Output = AnalysisInfo;

    fn visit<P: SearchPosition>(self, game: &Game<P>) -> AnalysisInfo {
        let keys = engine::variants::history_keys(game);
        let position = game.position();
        let white_to_move = position.turn() == Color::White;
        let clock = WallClock::new();
        let request = SearchRequest::new(position, Level::Analysis, &clock)
            .with_history(&keys)
            .with_limits(Limits {
                depth: self.depth,
                ..Limits::move_time(self.time_ms as u64)
            });
        let id = self.id;
        let report = |depth: u32, score: i32, pv: &[P::Move]| {
            let white_score = if white_to_move { score } else { -score };
            // Counted from the side to move's score: a mate's ply count rounds by side.
            let mate = mate_in_moves(score).map(|moves| if white_to_move { moves } else { -moves });
            AnalysisInfo {
                id,
                depth,
                // The score's sign, not the move count's, says who mates: a side already
                // mated counts zero moves either way.
                white_cp: match mate {
                    Some(_) if white_score > 0 => MATE_CP,
                    Some(_) => -MATE_CP,
                    None => white_score.clamp(-MATE_CP + 1, MATE_CP - 1),
                },
                mate,
                line: readable_line(position, pv),
                best: pv.first().map(|&mv| position.move_text(mv)),
                ..AnalysisInfo::default()
            }
        };
        let progress = self.progress;
        let mut searcher = Searcher::<P>::new(engine::DEFAULT_TABLE_MB);
        let result = searcher.think_with_progress(&request, &mut |info: &SearchInfo<P::Move>| {
            progress(&report(info.depth, info.score, info.pv))
        });
        let mut last = report(result.depth, result.score, &result.pv);
        if last.best.is_none() {
            last.best = result.best_move.map(|mv| position.move_text(mv));
        }
        last.done = true;
        last
    }
}

/// `line` from `position` in the move list's notation; stops at a move that is not legal
/// there (never expected from a search, but a wrong line must not be shown).
fn readable_line<P: SearchPosition>(position: &P, line: &[P::Move]) -> Vec<String> {
    let mut position = position.clone();
    let mut legal = Vec::new();
    let mut words = Vec::new();
    for &mv in line.iter().take(12) {
        legal.clear();
        position.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            break;
        }
        words.push(position.display_move(mv));
        position.play_unchecked(mv);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(moves: &str, start: Option<&str>) -> AnalyseRequest {
        let start = start.map_or(String::new(), |fen| format!(r#","start":"{fen}""#));
        AnalyseRequest {
            id: 4,
            game: format!(
                r#"{{"format":"boardshift-game","version":1,"variant":"standard"{start},"moves":[{moves}]}}"#
            ),
            ply: None,
            time_ms: 300,
            depth: None,
        }
    }

    #[test]
    fn a_hanging_queen_shows_in_the_score_and_the_best_move_takes_it() {
        // White's queen on d5 stands where the pawn on e6 takes it.
        let fen = "rnbqkbnr/pppp1ppp/4p3/3Q4/8/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3";
        let mut reports = 0;
        let info = analyse(&request("", Some(fen)), &mut |_| reports += 1);
        assert!(info.done && info.error.is_none(), "{info:?}");
        assert!(reports >= 2, "a report per completed depth: {reports}");
        assert!(
            info.white_cp < -500,
            "Black wins the queen: {}",
            info.white_cp
        );
        assert_eq!(info.best.as_deref(), Some("e6d5"));
        assert_eq!(info.line.first().map(String::as_str), Some("exd5"));
        assert_eq!((info.from, info.to), (Some((4, 5)), Some((3, 4))));
    }

    #[test]
    fn a_past_position_is_analysed_and_mates_are_counted_from_whites_side() {
        // Fool's mate: after 1. f3 e5 2. g4 Black mates at once with Qh4.
        let moves = r#""f2f3","e7e5","g2g4","d8h4""#;
        let mut at_three = request(moves, None);
        at_three.ply = Some(3);
        let info = analyse(&at_three, &mut |_| {});
        assert_eq!(info.best.as_deref(), Some("d8h4"));
        assert_eq!(info.mate, Some(-1));
        assert_eq!(info.white_cp, -MATE_CP);
        assert_eq!(info.line.first().map(String::as_str), Some("Qh4#"));
    }

    #[test]
    fn a_broken_request_gets_an_error_not_a_panic() {
        let mut broken = request("", None);
        broken.game = "{".into();
        assert!(analyse(&broken, &mut |_| {}).error.is_some());
        let mut too_far = request(r#""e2e4""#, None);
        too_far.ply = Some(9);
        assert!(analyse(&too_far, &mut |_| {}).error.is_some());
    }

    #[test]
    fn a_depth_limit_stops_the_search_there_and_a_mated_side_scores_as_lost() {
        let moves = r#""f2f3","e7e5","g2g4","d8h4""#;
        let mut shallow = request(moves, None);
        shallow.ply = Some(2);
        shallow.depth = Some(3);
        shallow.time_ms = 60_000;
        let info = analyse(&shallow, &mut |_| {});
        assert_eq!(info.depth, 3, "{info:?}");
        let mut mated = request(moves, None);
        mated.depth = Some(3);
        let info = analyse(&mated, &mut |_| {});
        assert!(
            info.error.is_none() && info.white_cp == -MATE_CP,
            "{info:?}"
        );
    }
}
