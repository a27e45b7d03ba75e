//! The board's input state machine: click-click and drag-and-drop moves, the promotion
//! choice, sliding chess's slide mode and regroupment's setup steps. It reads the legal actions
//! of the position (`model::Action`) and answers with an `Intent`; it never decides a rule and
//! never touches the page.

use crate::model::{
    moves_between, slide_of_square, targets_from, Action, BoardModel, Overlay, SetupStep, Sq,
};
use rules::{Color, Role};

/// Pointer travel (CSS px) that turns a press into a drag.
pub const DRAG_THRESHOLD: f64 = 4.0;

/// What the input sees of the position: the board shown, the actions that may be played from
/// this screen now, the side to move and any setup step.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    pub model: &'a BoardModel,
    pub actions: &'a [Action],
    pub turn: Color,
    pub setup: Option<SetupStep>,
}

/// What the controller should do after an input event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Nothing changed.
    None,
    /// Only what is drawn over the position changed (selection, drag, marks).
    Repaint,
    /// Play this action text.
    Play(String),
    /// The promotion chooser opened for the move whose text (without the piece) is `from_to`.
    PromotionOpened { from_to: String },
    /// The chooser closed without a choice.
    PromotionClosed,
}

/// A press on the board that may become a click or a drag.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Press {
    from: Sq,
    start: (f64, f64),
    at: (f64, f64),
    dragging: bool,
    was_selected: bool,
}

/// A promotion waiting for the player's choice: the chooser stands over `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionChoice {
    pub to: Sq,
    pub color: Color,
    /// Each piece offered with its complete move text, strongest first.
    pub choices: Vec<(Role, String)>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardInput {
    selected: Option<Sq>,
    press: Option<Press>,
    slide_mode: bool,
    setup_pick: Option<Sq>,
    promotion: Option<PromotionChoice>,
}

impl BoardInput {
    pub fn selected(&self) -> Option<Sq> {
        self.selected
    }

    pub fn slide_mode(&self) -> bool {
        self.slide_mode
    }

    pub fn promotion(&self) -> Option<&PromotionChoice> {
        self.promotion.as_ref()
    }

    /// Forgets everything in progress (new position shown, game changed).
    pub fn reset(&mut self) {
        *self = BoardInput::default();
    }

    /// After an action was played: nothing stays selected or pressed.
    pub fn after_play(&mut self) {
        self.selected = None;
        self.press = None;
        self.setup_pick = None;
        self.slide_mode = false;
        self.promotion = None;
    }

    /// Slide mode ends when no slide is legal any more.
    pub fn sync(&mut self, position: &Position) {
        if !position
            .actions
            .iter()
            .any(|a| matches!(a, Action::Slide { .. }))
        {
            self.slide_mode = false;
        }
    }

    pub fn pointer_down(&mut self, position: &Position, at: Option<Sq>, x: f64, y: f64) -> Intent {
        if self.close_promotion() {
            return Intent::PromotionClosed;
        }
        let Some(sq) = at else {
            return Intent::None;
        };
        if let Some(step) = position.setup {
            return self.setup_click(position, step, sq);
        }
        if self.slide_mode {
            return match slide_of_square(position.actions, sq) {
                Some(slide) => {
                    self.slide_mode = false;
                    Intent::Play(slide.text().to_string())
                }
                None => Intent::None,
            };
        }
        if let Some(from) = self.selected {
            if is_target(position, from, sq) {
                return self.try_move(position, from, sq);
            }
        }
        let own = position
            .model
            .piece_at(sq)
            .is_some_and(|p| p.color == position.turn);
        if own {
            let was_selected = self.selected == Some(sq);
            self.selected = Some(sq);
            self.press = Some(Press {
                from: sq,
                start: (x, y),
                at: (x, y),
                dragging: false,
                was_selected,
            });
        } else {
            self.selected = None;
        }
        Intent::Repaint
    }

    pub fn pointer_move(&mut self, x: f64, y: f64) -> Intent {
        let Some(press) = self.press.as_mut() else {
            return Intent::None;
        };
        if !press.dragging && (x - press.start.0).hypot(y - press.start.1) > DRAG_THRESHOLD {
            press.dragging = true;
        }
        press.at = (x, y);
        if press.dragging {
            Intent::Repaint
        } else {
            Intent::None
        }
    }

    pub fn pointer_up(&mut self, position: &Position, at: Option<Sq>) -> Intent {
        let Some(press) = self.press.take() else {
            return Intent::None;
        };
        if press.dragging {
            if let Some(sq) = at.filter(|&sq| sq != press.from) {
                if is_target(position, press.from, sq) {
                    return self.try_move(position, press.from, sq);
                }
            }
        } else if press.was_selected && at == Some(press.from) {
            // A second click on the selected piece puts it down.
            self.selected = None;
        }
        Intent::Repaint
    }

    /// The pointer left or the browser took it over: a drag in progress is dropped.
    pub fn pointer_cancel(&mut self) -> Intent {
        match self.press.take() {
            Some(_) => Intent::Repaint,
            None => Intent::None,
        }
    }

    pub fn toggle_slide_mode(&mut self) -> Intent {
        self.slide_mode = !self.slide_mode;
        self.selected = None;
        Intent::Repaint
    }

    /// The setup phase's Keep button: the step that leaves the piece where it stands.
    pub fn keep(&mut self, position: &Position) -> Intent {
        let keep = position.actions.iter().find_map(|a| match a {
            Action::Setup {
                with: None, text, ..
            } => Some(text.clone()),
            _ => None,
        });
        keep.map_or(Intent::None, Intent::Play)
    }

    /// A piece picked in the promotion chooser.
    pub fn choose_promotion(&mut self, role: Role) -> Intent {
        let Some(choice) = self.promotion.take() else {
            return Intent::None;
        };
        choice
            .choices
            .into_iter()
            .find(|(r, _)| *r == role)
            .map_or(Intent::PromotionClosed, |(_, text)| Intent::Play(text))
    }

    /// Closes the chooser; true when it was open.
    pub fn close_promotion(&mut self) -> bool {
        self.promotion.take().is_some()
    }

    /// Escape: drops the selection, slide mode, the setup pick and the chooser.
    pub fn escape(&mut self) -> Intent {
        let was_open = self.close_promotion();
        self.selected = None;
        self.press = None;
        self.slide_mode = false;
        self.setup_pick = None;
        if was_open {
            Intent::PromotionClosed
        } else {
            Intent::Repaint
        }
    }

    /// A game that was saved waiting for a promotion choice (`from_to`, the move text without
    /// the piece): opens the chooser for it again.
    pub fn reopen_promotion(&mut self, position: &Position, from_to: &str) -> Intent {
        let found = position.actions.iter().find_map(|a| match a {
            Action::Move {
                from,
                to,
                promotion: Some(_),
                text,
                ..
            } if text.starts_with(from_to) => Some((*from, *to)),
            _ => None,
        });
        match found {
            Some((from, to)) => self.try_move(position, from, to),
            None => Intent::None,
        }
    }

    /// What the board shows on top of the position.
    pub fn overlay(&self, position: &Position) -> Overlay {
        let mut overlay = Overlay {
            selected: self.selected,
            ..Overlay::default()
        };
        if let Some(sq) = self.selected {
            overlay.targets = targets_from(position.actions, sq);
        }
        if let Some(press) = self.press.filter(|p| p.dragging) {
            overlay.drag = Some((press.from, press.at.0, press.at.1));
        }
        if self.slide_mode {
            overlay.glowing_tiles = position
                .actions
                .iter()
                .filter_map(|a| match a {
                    Action::Slide { tile, .. } => Some(*tile),
                    _ => None,
                })
                .collect();
        }
        if let Some(step) = position.setup {
            overlay.setup_marks = match self.setup_pick {
                Some(_) => setup_partners(position),
                None => setup_piece_square(position, step).into_iter().collect(),
            };
            overlay.selected = self.setup_pick;
        }
        overlay
    }

    fn setup_click(&mut self, position: &Position, step: SetupStep, sq: Sq) -> Intent {
        if Some(sq) == setup_piece_square(position, step) {
            self.setup_pick = match self.setup_pick {
                Some(_) => None,
                None => Some(sq),
            };
            return Intent::Repaint;
        }
        let picked = self.setup_pick.take();
        let swap = position.actions.iter().find_map(|a| match a {
            Action::Setup {
                with: Some(with),
                text,
                ..
            } if *with == sq => Some(text.clone()),
            _ => None,
        });
        let back_rank = match step.color {
            Color::White => 0,
            Color::Black => 7,
        };
        match swap {
            // A swap partner may be clicked directly too: the king (queen) is implied.
            Some(text) => Intent::Play(text),
            // A refused partner of the picked piece: the rules say why (the bishop-colour rule…).
            None if picked.is_some() && sq.y == back_rank => {
                Intent::Play(format!("{}{}", step.role.upper_char(), sq.name()))
            }
            None => Intent::Repaint,
        }
    }

    fn try_move(&mut self, position: &Position, from: Sq, to: Sq) -> Intent {
        let moves = moves_between(position.actions, from, to);
        let mut choices: Vec<(Role, String)> = moves
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
        if choices.len() > 1 {
            choices.sort_by_key(|(role, _)| Role::PROMOTIONS.iter().position(|r| r == role));
            let text = &choices[0].1;
            let from_to = text[..text.len().saturating_sub(1)].to_string();
            self.press = None;
            self.promotion = Some(PromotionChoice {
                to,
                color: position.turn,
                choices,
            });
            return Intent::PromotionOpened { from_to };
        }
        match moves.first() {
            Some(action) => Intent::Play(action.text().to_string()),
            None => Intent::None,
        }
    }
}

fn is_target(position: &Position, from: Sq, to: Sq) -> bool {
    targets_from(position.actions, from)
        .iter()
        .any(|(target, _)| *target == to)
}

/// The square of the piece whose setup step it is.
fn setup_piece_square(position: &Position, step: SetupStep) -> Option<Sq> {
    position
        .model
        .pieces
        .iter()
        .find(|p| p.piece.color == step.color && p.piece.role == step.role)
        .map(|p| p.sq)
}

fn setup_partners(position: &Position) -> Vec<Sq> {
    position
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::Setup { with: Some(sq), .. } => Some(*sq),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mark;
    use crate::seat::{Seat, Seats};
    use crate::session::Session;
    use crate::state::GameConfig;
    use rules::VariantKind;

    /// A position to click on, built by the rules from a saved game or a new one.
    struct Fixture {
        model: BoardModel,
        actions: Vec<Action>,
        turn: Color,
        setup: Option<SetupStep>,
    }

    impl Fixture {
        fn of(session: &Session) -> Fixture {
            Fixture {
                model: session.board(),
                actions: session.actions(),
                turn: session.turn(),
                setup: session.setup_step(),
            }
        }

        fn new_game(variant: VariantKind, options: &[(&str, &str)]) -> Fixture {
            let config = GameConfig {
                variant,
                options: options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                seats: Seats {
                    white: Seat::Here,
                    black: Seat::Here,
                },
                time_control: None,
            };
            Fixture::of(&Session::new(&config).unwrap())
        }

        fn from_start(variant: &str, start: &str) -> Fixture {
            let saved = format!(
                r#"{{"format":"boardshift-game","version":1,"variant":"{variant}","start":"{start}","moves":[]}}"#
            );
            Fixture::of(&Session::load(&saved).unwrap().0)
        }

        fn position(&self) -> Position<'_> {
            Position {
                model: &self.model,
                actions: &self.actions,
                turn: self.turn,
                setup: self.setup,
            }
        }
    }

    fn sq(name: &str) -> Option<Sq> {
        Sq::parse(name)
    }

    /// A click: press and release on one square without moving.
    fn click(input: &mut BoardInput, position: &Position, name: &str) -> Intent {
        match input.pointer_down(position, sq(name), 10.0, 10.0) {
            Intent::Repaint => match input.pointer_up(position, sq(name)) {
                Intent::None => Intent::Repaint,
                up => up,
            },
            down => down,
        }
    }

    #[test]
    fn click_click_selects_shows_targets_and_plays() {
        let game = Fixture::new_game(VariantKind::Standard, &[]);
        let position = game.position();
        let mut input = BoardInput::default();
        assert_eq!(click(&mut input, &position, "g1"), Intent::Repaint);
        assert_eq!(input.selected(), sq("g1"));
        let overlay = input.overlay(&position);
        assert!(overlay.targets.contains(&(Sq::new(5, 2), Mark::Normal)));
        assert_eq!(overlay.targets.len(), 2);
        // Clicking another own piece reselects; clicking the target plays.
        assert_eq!(click(&mut input, &position, "e2"), Intent::Repaint);
        assert_eq!(input.selected(), sq("e2"));
        assert_eq!(
            click(&mut input, &position, "e4"),
            Intent::Play("e2e4".into())
        );
    }

    #[test]
    fn clicks_elsewhere_or_on_the_selected_piece_deselect() {
        let game = Fixture::new_game(VariantKind::Standard, &[]);
        let position = game.position();
        let mut input = BoardInput::default();
        click(&mut input, &position, "e2");
        assert_eq!(click(&mut input, &position, "e5"), Intent::Repaint);
        assert_eq!(
            input.selected(),
            None,
            "an empty non-target square deselects"
        );
        click(&mut input, &position, "e2");
        click(&mut input, &position, "e2");
        assert_eq!(input.selected(), None, "a second click puts the piece down");
        click(&mut input, &position, "e7");
        assert_eq!(
            input.selected(),
            None,
            "the opponent's pieces are not selectable"
        );
        assert_eq!(input.pointer_down(&position, None, -5.0, 0.0), Intent::None);
    }

    #[test]
    fn a_drag_past_the_threshold_plays_on_release() {
        let game = Fixture::new_game(VariantKind::Standard, &[]);
        let position = game.position();
        let mut input = BoardInput::default();
        input.pointer_down(&position, sq("g1"), 100.0, 100.0);
        assert_eq!(
            input.pointer_move(102.0, 101.0),
            Intent::None,
            "a jitter is no drag"
        );
        assert!(input.overlay(&position).drag.is_none());
        assert_eq!(input.pointer_move(130.0, 60.0), Intent::Repaint);
        assert_eq!(
            input.overlay(&position).drag,
            Some((Sq::new(6, 0), 130.0, 60.0))
        );
        assert_eq!(
            input.pointer_up(&position, sq("f3")),
            Intent::Play("g1f3".into())
        );
        // A drag dropped on a square that is no target plays nothing and keeps the selection.
        input.pointer_down(&position, sq("b1"), 0.0, 0.0);
        input.pointer_move(50.0, 0.0);
        assert_eq!(input.pointer_up(&position, sq("b4")), Intent::Repaint);
        assert_eq!(input.selected(), sq("b1"));
        input.pointer_down(&position, sq("b1"), 0.0, 0.0);
        input.pointer_move(50.0, 0.0);
        assert_eq!(input.pointer_cancel(), Intent::Repaint);
        assert!(input.overlay(&position).drag.is_none());
    }

    #[test]
    fn promotion_opens_a_chooser_and_the_choice_plays_that_piece() {
        let game = Fixture::from_start("standard", "7k/P7/8/8/8/8/8/K7 w - - 0 1");
        let position = game.position();
        let mut input = BoardInput::default();
        click(&mut input, &position, "a7");
        assert_eq!(
            click(&mut input, &position, "a8"),
            Intent::PromotionOpened {
                from_to: "a7a8".into()
            }
        );
        let choice = input.promotion().expect("the chooser is open");
        let roles: Vec<Role> = choice.choices.iter().map(|(r, _)| *r).collect();
        assert_eq!(roles, Role::PROMOTIONS.to_vec(), "queen first, knight last");
        assert_eq!((choice.to, choice.color), (Sq::new(0, 7), Color::White));
        assert_eq!(
            input.choose_promotion(Role::Knight),
            Intent::Play("a7a8n".into())
        );
        assert!(input.promotion().is_none());
        input.after_play();
        // A press anywhere else closes the chooser without playing.
        click(&mut input, &position, "a7");
        click(&mut input, &position, "a8");
        assert_eq!(
            input.pointer_down(&position, sq("h1"), 0.0, 0.0),
            Intent::PromotionClosed
        );
        // A saved pending promotion reopens the chooser.
        assert_eq!(
            input.reopen_promotion(&position, "a7a8"),
            Intent::PromotionOpened {
                from_to: "a7a8".into()
            }
        );
    }

    #[test]
    fn slide_mode_plays_the_slide_of_any_square_of_a_glowing_tile() {
        let game = Fixture::new_game(VariantKind::Sliding, &[("gap", "e5")]);
        let position = game.position();
        let mut input = BoardInput::default();
        input.pointer_down(&position, sq("e2"), 0.0, 0.0);
        assert_eq!(input.toggle_slide_mode(), Intent::Repaint);
        assert_eq!(input.selected(), None, "slide mode drops the selection");
        let overlay = input.overlay(&position);
        assert!(
            overlay.glowing_tiles.contains(&Sq::new(4, 2)),
            "{overlay:?}"
        );
        assert!(!overlay.glowing_tiles.contains(&Sq::new(0, 0)));
        assert_eq!(
            input.pointer_down(&position, sq("a1"), 0.0, 0.0),
            Intent::None,
            "a tile that cannot slide"
        );
        assert_eq!(
            input.pointer_down(&position, sq("f4"), 0.0, 0.0),
            Intent::Play("S:e3>e5".into())
        );
        assert!(!input.slide_mode());
    }

    #[test]
    fn setup_steps_pick_the_king_then_the_partner_or_keep() {
        let game = Fixture::new_game(VariantKind::Regroupment, &[]);
        let position = game.position();
        assert_eq!(
            game.setup,
            Some(SetupStep {
                color: Color::Black,
                role: Role::King
            })
        );
        let mut input = BoardInput::default();
        assert_eq!(
            input.overlay(&position).setup_marks,
            vec![Sq::new(4, 7)],
            "the king to pick is marked"
        );
        assert_eq!(
            input.pointer_down(&position, sq("e8"), 0.0, 0.0),
            Intent::Repaint
        );
        let overlay = input.overlay(&position);
        assert_eq!(overlay.selected, sq("e8"));
        assert!(overlay.setup_marks.contains(&Sq::new(6, 7)), "{overlay:?}");
        assert!(
            !overlay.setup_marks.contains(&Sq::new(7, 7)),
            "never a rook"
        );
        assert_eq!(
            input.pointer_down(&position, sq("g8"), 0.0, 0.0),
            Intent::Play("Kg8".into())
        );
        assert_eq!(input.keep(&position), Intent::Play("K-".into()));
        // A refused partner is still asked for, so that the rules say why it is refused.
        input.pointer_down(&position, sq("e8"), 0.0, 0.0);
        assert_eq!(
            input.pointer_down(&position, sq("h8"), 0.0, 0.0),
            Intent::Play("Kh8".into())
        );
        // Clicking the picked piece again puts it down; an empty square does too.
        input.pointer_down(&position, sq("e8"), 0.0, 0.0);
        input.pointer_down(&position, sq("e8"), 0.0, 0.0);
        assert_eq!(input.overlay(&position).selected, None);
    }

    #[test]
    fn escape_drops_everything_in_progress() {
        let game = Fixture::from_start("standard", "7k/P7/8/8/8/8/8/K7 w - - 0 1");
        let position = game.position();
        let mut input = BoardInput::default();
        click(&mut input, &position, "a7");
        click(&mut input, &position, "a8");
        assert_eq!(input.escape(), Intent::PromotionClosed);
        assert_eq!(input, BoardInput::default());
    }
}
