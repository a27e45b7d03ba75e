//! A/B match: relative chess with the null move against relative chess without it, at a fixed
//! node budget per move, paired openings (each random opening once with each colour).
//!
//! `cargo run --release -p boardshift-engine --example relative_null_match [pairs] [nodes]
//! [first pair]` (defaults 20, 10000, 0). Both sides run in one process at the same node
//! budget, so the result does not depend on the machine's load; the speed of the pass itself
//! is measured separately by the `relative_speed` example.

use engine::rng::Rng;
use engine::{FrozenClock, Level, Limits, SearchPosition, SearchRequest, Searcher};
use rules::relative::{RelativeMove, RelativeOptions, RelativePosition};
use rules::{Color, GamePosition, MoveTextError, VariantKind};

#[derive(Clone, Debug)]
struct WithoutNull(RelativePosition);

impl GamePosition for WithoutNull {
    type Move = RelativeMove;
    const VARIANT: VariantKind = VariantKind::Relative;
    fn turn(&self) -> Color {
        self.0.turn()
    }
    fn legal_moves(&self, moves: &mut Vec<RelativeMove>) {
        self.0.legal_moves(moves)
    }
    fn count_legal_moves(&self) -> usize {
        self.0.count_legal_moves()
    }
    fn play_unchecked(&mut self, mv: RelativeMove) {
        self.0.play_unchecked(mv)
    }
    fn is_check(&self) -> bool {
        self.0.is_check()
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn repetition_key(&self) -> u64 {
        self.0.repetition_key()
    }
    fn halfmove_clock(&self) -> u32 {
        self.0.halfmove_clock()
    }
    fn fullmove_number(&self) -> u32 {
        self.0.fullmove_number()
    }
    fn lost_outright(&self) -> Option<Color> {
        self.0.lost_outright()
    }
    fn is_capture(&self, mv: RelativeMove) -> bool {
        self.0.is_capture(mv)
    }
    fn is_zeroing(&self, mv: RelativeMove) -> bool {
        self.0.is_zeroing(mv)
    }
    fn is_promotion(&self, mv: RelativeMove) -> bool {
        self.0.is_promotion(mv)
    }
    fn move_text(&self, mv: RelativeMove) -> String {
        self.0.move_text(mv)
    }
    fn parse_move_text(&self, text: &str) -> Result<RelativeMove, MoveTextError> {
        self.0.parse_move_text(text)
    }
    fn display_move(&self, mv: RelativeMove) -> String {
        self.0.display_move(mv)
    }
    fn position_text(&self) -> String {
        self.0.position_text()
    }
    fn is_dead_by_material(&self) -> bool {
        self.0.is_dead_by_material()
    }
    fn can_ever_mate(&self, color: Color) -> bool {
        self.0.can_ever_mate(color)
    }
    fn is_bare_king(&self, color: Color) -> bool {
        self.0.is_bare_king(color)
    }
}

impl SearchPosition for WithoutNull {
    fn evaluate(&self) -> i32 {
        self.0.evaluate()
    }
    fn victim_value(&self, mv: RelativeMove) -> i32 {
        self.0.victim_value(mv)
    }
    fn attacker_value(&self, mv: RelativeMove) -> i32 {
        self.0.attacker_value(mv)
    }
    fn promotion_gain(&self, mv: RelativeMove) -> i32 {
        self.0.promotion_gain(mv)
    }
    fn is_noisy(&self, mv: RelativeMove) -> bool {
        self.0.is_noisy(mv)
    }
    fn classify_noisy(&self, moves: &[RelativeMove], noisy: &mut Vec<bool>) {
        self.0.classify_noisy(moves, noisy)
    }
    fn noisy_moves(&self, moves: &mut Vec<RelativeMove>) {
        self.0.noisy_moves(moves)
    }
    fn see_ge(&self, mv: RelativeMove, threshold: i32) -> bool {
        self.0.see_ge(mv, threshold)
    }
    fn null_move(&self) -> Option<WithoutNull> {
        None
    }
    fn has_non_pawn_material(&self) -> bool {
        self.0.has_non_pawn_material()
    }
    fn history_slot(&self, mv: RelativeMove) -> usize {
        self.0.history_slot(mv)
    }
}

/// 1, ½ or 0 for the side with the null move.
fn play(start: &RelativePosition, null_is_white: bool, nodes: u64, seed: u64) -> f64 {
    let mut with = Searcher::<RelativePosition>::new(16);
    let mut without = Searcher::<WithoutNull>::new(16);
    let mut pos = start.clone();
    let mut keys: Vec<u64> = Vec::new();
    let null_color = if null_is_white {
        Color::White
    } else {
        Color::Black
    };
    let score_for = |winner: Color| if winner == null_color { 1.0 } else { 0.0 };
    for ply in 0..400 {
        if let Some(loser) = pos.lost_outright() {
            return score_for(loser.other());
        }
        if pos.count_legal_moves() == 0 {
            return if pos.is_check() {
                score_for(pos.turn().other())
            } else {
                0.5
            };
        }
        let key = pos.repetition_key();
        if pos.halfmove_clock() >= 100 || keys.iter().filter(|&&k| k == key).count() >= 2 {
            return 0.5;
        }
        let limits = Limits::nodes(nodes);
        let mv = if pos.turn() == null_color {
            let request = SearchRequest::new(&pos, Level::Hard, &FrozenClock)
                .with_history(&keys)
                .with_limits(limits)
                .with_seed(seed + ply);
            with.think(&request).best_move
        } else {
            let wrapped = WithoutNull(pos.clone());
            let request = SearchRequest::new(&wrapped, Level::Hard, &FrozenClock)
                .with_history(&keys)
                .with_limits(limits)
                .with_seed(seed + ply);
            without.think(&request).best_move
        };
        keys.push(key);
        pos.play_unchecked(mv.expect("a move in an unfinished game"));
    }
    0.5
}

/// Four random plies from the start; `None` when they end the game.
fn random_opening(seed: u64) -> Option<RelativePosition> {
    let mut rng = Rng::new(seed);
    let mut start = RelativePosition::start(RelativeOptions::default());
    for _ in 0..4 {
        let mut moves = Vec::new();
        if start.lost_outright().is_none() {
            start.legal_moves(&mut moves);
        }
        if moves.is_empty() {
            return None;
        }
        start.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
    }
    (start.lost_outright().is_none() && start.count_legal_moves() > 0).then_some(start)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let pairs: u64 = args.next().map_or(20, |a| a.parse().unwrap());
    let nodes: u64 = args.next().map_or(10_000, |a| a.parse().unwrap());
    let first_pair: u64 = args.next().map_or(0, |a| a.parse().unwrap());
    let (mut total, mut games) = (0.0, 0);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for pair in first_pair..pairs {
        let Some(start) = random_opening(1000 + pair) else {
            continue;
        };
        for null_is_white in [true, false] {
            let score = play(&start, null_is_white, nodes, pair * 1000);
            total += score;
            games += 1;
            match score {
                1.0 => wins += 1,
                0.0 => losses += 1,
                _ => draws += 1,
            }
            println!("pair {pair} null white {null_is_white}: {score}  running {total}/{games}");
        }
    }
    let p = total / games as f64;
    let elo = -400.0 * (1.0 / p.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10();
    println!(
        "with null move: +{wins} ={draws} -{losses} of {games}: {:.1}% (Elo {elo:+.0})",
        p * 100.0
    );
}
