//! Premoves: while the other side (the computer, or a player elsewhere) is to move, the person
//! here may queue one piece move by click-click or drag; it is played the moment the turn comes
//! if the rules allow it then, and silently dropped if they do not. Any move of one of your
//! pieces to another square may be queued (the rules only answer for the side to move, so
//! legality is left to the moment it is played); a promotion premove queens. Sliding chess's
//! tile slides and regroupment's setup steps are not premoved, and hot-seat games have none.

use crate::game_screen::GameScreen;
use crate::input::board::{BoardInput, Intent, Position};
use crate::model::{action_from_text, moves_between, Action, BoardModel, Mark, Overlay, Sq};
use rules::{Color, Role};

/// The premove queued and the input that queues it (a board input of its own, so a premove
/// in progress never mixes with the live input).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Premoves {
    pub queued: Option<(Sq, Sq)>,
    input: BoardInput,
}

impl Premoves {
    /// Drops the queued premove and any premove being made; true when there was one.
    pub fn cancel(&mut self) -> bool {
        let had = self.queued.is_some() || self.input.selected().is_some();
        self.queued = None;
        self.input.reset();
        had
    }

    /// True when a premove piece is being dragged and must be drawn again.
    pub fn pointer_move(&mut self, x: f64, y: f64) -> bool {
        self.input.pointer_move(x, y) == Intent::Repaint
    }

    pub fn pointer_cancel(&mut self) {
        self.input.pointer_cancel();
    }
}

/// The side that may premove now: the one side played here while the other is to move in
/// the live game (not while browsing, in a setup phase or in hot-seat).
pub fn premove_side(game: &GameScreen) -> Option<Color> {
    if game.view_ply.is_some() || game.config.seats.here().len() != 1 {
        return None;
    }
    let turn = game.session.turn();
    let waiting = turn.other();
    let open = !game.is_over()
        && game.session.setup_step().is_none()
        && !game.config.seats.get(turn).is_here()
        && game.config.seats.get(waiting).is_here();
    open.then_some(waiting)
}

/// Every square a piece on `from` could be premoved to: the board's squares except the gap
/// and those of its own side's pieces.
fn candidate_moves(game: &GameScreen, side: Color, from: Option<Sq>) -> Vec<Action> {
    let model = &game.model;
    let Some(from) = from.filter(|&sq| model.piece_at(sq).is_some_and(|p| p.color == side)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for x in 0..model.files {
        for y in 0..model.ranks {
            let to = Sq::new(x, y);
            let own = model.piece_at(to).is_some_and(|p| p.color == side);
            if to != from && !own && !in_gap(model, to) {
                out.push(Action::Move {
                    from,
                    to,
                    mark: Mark::Normal,
                    promotion: None,
                    text: format!("{}{}", from.name(), to.name()),
                });
            }
        }
    }
    out
}

/// Whether `sq` lies in a blocked square (on a tiled board the model keeps the gap's tile by
/// its lower-left square).
fn in_gap(model: &BoardModel, sq: Sq) -> bool {
    let tile = if model.tiled {
        Sq::new(sq.x & !1, sq.y & !1)
    } else {
        sq
    };
    model.blocked.contains(&tile)
}

/// Runs a premove-input event on the game: the input reads the candidate moves of the piece
/// it holds (or would pick up at `at`). A move made this way is queued, never played.
pub fn input_event(
    game: &mut GameScreen,
    side: Color,
    at: Option<Sq>,
    // Not generic: one copy of the board input's code serves both calls.
    event: &dyn Fn(&mut BoardInput, &Position) -> Intent,
) -> Intent {
    let holding = game.premoves.input.selected();
    let actions = candidate_moves(game, side, holding.or(at));
    let position = Position {
        model: &game.model,
        actions: &actions,
        turn: side,
        setup: None,
    };
    let intent = event(&mut game.premoves.input, &position);
    if let Intent::Play(text) = &intent {
        if let Some(Action::Move { from, to, .. }) = action_from_text(text) {
            game.premoves.queued = Some((from, to));
            game.premoves.input.after_play();
        }
        return Intent::Repaint;
    }
    intent
}

/// The move text that plays a queued premove in `actions` (the legal actions now): the move
/// between its squares, queening when it promotes; `None` when no such move is legal.
pub fn resolve(actions: &[Action], from: Sq, to: Sq) -> Option<String> {
    let moves = moves_between(actions, from, to);
    let plain = moves.iter().find(|a| {
        matches!(
            a,
            Action::Move {
                promotion: None | Some(Role::Queen),
                ..
            }
        )
    });
    plain.map(|a| a.text().to_string())
}

/// What the board shows while premoving: the piece held or dragged (no target dots: any
/// square may be chosen) and the queued premove's squares.
pub fn overlay(game: &GameScreen) -> Option<Overlay> {
    let side = premove_side(game)?;
    let premoves = &game.premoves;
    let actions = Vec::new();
    let position = Position {
        model: &game.model,
        actions: &actions,
        turn: side,
        setup: None,
    };
    let mut overlay = premoves.input.overlay(&position);
    overlay.premove = premoves
        .queued
        .map(|(from, to)| vec![from, to])
        .unwrap_or_default();
    Some(overlay)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mark;

    fn mv(from: &str, to: &str, promotion: Option<Role>) -> Action {
        let suffix = promotion.map(|r| r.char().to_string()).unwrap_or_default();
        Action::Move {
            from: Sq::parse(from).unwrap(),
            to: Sq::parse(to).unwrap(),
            mark: Mark::Normal,
            promotion,
            text: format!("{from}{to}{suffix}"),
        }
    }

    #[test]
    fn a_premove_plays_the_legal_move_between_its_squares_and_promotes_to_a_queen() {
        let actions = vec![
            mv("e2", "e4", None),
            mv("a7", "a8", Some(Role::Knight)),
            mv("a7", "a8", Some(Role::Queen)),
            mv("a7", "a8", Some(Role::Rook)),
        ];
        let sq = |name| Sq::parse(name).unwrap();
        assert_eq!(
            resolve(&actions, sq("e2"), sq("e4")).as_deref(),
            Some("e2e4")
        );
        assert_eq!(
            resolve(&actions, sq("a7"), sq("a8")).as_deref(),
            Some("a7a8q")
        );
        assert_eq!(resolve(&actions, sq("e2"), sq("e5")), None);
    }
}
