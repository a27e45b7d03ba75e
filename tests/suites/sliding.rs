//! Test suite: sliding chess. The examples of `docs/rules-sliding.md`, perft from the start with
//! each of the eight gaps (tests/perft/sliding.txt) against both the fast generator and the naive
//! reference, differential runs over seeded random games, the house rules (each where it applies
//! and where it must not), position text and move text.

use reference::naive_sliding::NaiveSliding;
use reference::perft_file::{parse_perft_file, PerftEntry};
use rules::sliding::{SlidingMove, SlidingOptions, SlidingPosition, SlidingTextError, Tile};
use rules::{Color, GamePosition, MoveKind, MoveTextError, Piece, Role, Square};

fn position(text: &str) -> SlidingPosition {
    SlidingPosition::from_text(text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// Position text from a piece list such as `"Kh1 Pg2 ka8"` (upper case White), the gap tile
/// and the remaining fields.
fn setup(pieces: &str, gap: &str, fields: &str) -> String {
    let mut board = [[' '; 8]; 8];
    let gap = tile(gap).lower_left();
    for (df, dr) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        board[gap.rank() as usize + dr][gap.file() as usize + df] = 'x';
    }
    for item in pieces.split_whitespace() {
        let letter = item.chars().next().unwrap();
        let sq = square(&item[1..]);
        assert_eq!(board[sq.rank() as usize][sq.file() as usize], ' ', "{item}");
        board[sq.rank() as usize][sq.file() as usize] = letter;
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for cell in board[rank] {
                if cell == ' ' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(cell);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    format!("{} {fields}", rows.join("/"))
}

fn at(pieces: &str, gap: &str, fields: &str) -> SlidingPosition {
    position(&setup(pieces, gap, fields))
}

fn tile(name: &str) -> Tile {
    Tile::parse(name).unwrap_or_else(|| panic!("{name} is not a tile"))
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn moves_of(position: &SlidingPosition) -> Vec<SlidingMove> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
}

fn texts(position: &SlidingPosition) -> Vec<String> {
    let mut texts: Vec<String> = moves_of(position)
        .into_iter()
        .map(|mv| position.move_text(mv))
        .collect();
    texts.sort();
    texts
}

fn has(position: &SlidingPosition, text: &str) -> bool {
    texts(position).iter().any(|t| t == text)
}

fn play(position: &SlidingPosition, text: &str) -> SlidingPosition {
    let mv = position
        .parse_move_text(text)
        .unwrap_or_else(|error| panic!("{}: {error}", position.position_text()));
    position.after(mv)
}

fn play_all(start: &SlidingPosition, line: &str) -> SlidingPosition {
    line.split_whitespace()
        .fold(*start, |position, text| play(&position, text))
}

fn perft(position: &SlidingPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return position.count_legal_moves() as u64;
    }
    moves_of(position)
        .into_iter()
        .map(|mv| perft(&position.after(mv), depth - 1))
        .sum()
}

/// The position text's n-th field (0-based).
fn field(position: &SlidingPosition, index: usize) -> String {
    position
        .position_text()
        .split_whitespace()
        .nth(index)
        .unwrap()
        .to_string()
}

// ---------------------------------------------------------------------------------------
// The examples of docs/rules-sliding.md

#[test]
fn start_with_gap_e5_has_24_actions_and_perft_2_of_465() {
    let start = SlidingPosition::start(tile("e5"));
    assert_eq!(
        start.position_text(),
        "rnbqkbnr/pppppppp/4xx2/4xx2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"
    );
    assert_eq!(start.count_legal_moves(), 24);
    assert_eq!(moves_of(&start).len(), 24);
    assert_eq!(perft(&start, 2), 465);
    let naive = NaiveSliding::start("e5");
    assert_eq!(naive.perft(1), 24);
    assert_eq!(naive.perft(2), 465);
}

#[test]
fn start_with_gap_a3_has_18_actions_and_perft_2_of_409() {
    let start = SlidingPosition::start(tile("a3"));
    assert_eq!(start.count_legal_moves(), 18);
    assert_eq!(perft(&start, 2), 409);
    // The gap takes a3/a4/b3/b4 from the knight and the a- and b-pawns.
    assert!(!has(&start, "b1a3") && !has(&start, "a2a3") && !has(&start, "b2b4"));
    assert!(has(&start, "S:a1>a3") && has(&start, "S:a5>a3") && has(&start, "S:c3>a3"));
    let naive = NaiveSliding::start("a3");
    assert_eq!(naive.perft(1), 18);
    assert_eq!(naive.perft(2), 409);
}

#[test]
fn king_on_h1_escapes_by_cutting_rank_one_when_the_gap_is_c3() {
    let p = at("Kh1 Pg2 Ph2 ka8 ra1", "c3", "w - - 0 1");
    assert!(p.is_check());
    assert_eq!(texts(&p), vec!["S:c1>c3"]);
    let after = play(&p, "S:c1>c3");
    assert!(!after.chess().is_attacked(square("h1"), Color::Black));
    assert_eq!(after.gap(), tile("c1"));
    let naive = NaiveSliding::from_text(&p.position_text()).unwrap();
    assert!(naive.in_check());
    assert_eq!(naive.legal_action_texts(), vec!["S:c1>c3"]);
}

#[test]
fn king_on_h1_is_mated_when_the_gap_is_a5() {
    let p = at("Kh1 Pg2 Ph2 ka8 ra1", "a5", "w - - 0 1");
    assert!(p.is_check());
    assert!(texts(&p).is_empty());
    assert!(p.is_checkmate());
    assert!(!p.is_stalemate());
    let naive = NaiveSliding::from_text(&p.position_text()).unwrap();
    assert!(naive.in_check() && naive.legal_action_texts().is_empty());
    // The rook's arrival is shown as mate.
    let before = at("Kh1 Pg2 Ph2 ka8 ra2", "a5", "b - - 0 1");
    let rook_down = before.parse_move_text("a2a1").unwrap();
    assert_eq!(before.display_move(rook_down), "Ra1#");
}

fn castlings(p: &SlidingPosition) -> Vec<String> {
    texts(p)
        .into_iter()
        .filter(|t| t == "e1g1" || t == "e1c1")
        .collect()
}

#[test]
fn castling_examples_under_gaps_c1_e5_and_a5() {
    let pieces = "Ke1 Ra1 Rh1 kg8 rf8";
    let gap_c1 = at(pieces, "c1", "w KQ - 0 1");
    assert!(castlings(&gap_c1).is_empty());
    let gap_e5 = at(pieces, "e5", "w KQ - 0 1");
    assert_eq!(castlings(&gap_e5), vec!["e1c1", "e1g1"]);
    let gap_a5 = at(pieces, "a5", "w KQ - 0 1");
    assert_eq!(castlings(&gap_a5), vec!["e1c1"]);
    for p in [gap_c1, gap_e5, gap_a5] {
        let naive = NaiveSliding::from_text(&p.position_text()).unwrap();
        assert_eq!(naive.legal_action_texts(), texts(&p));
    }
    // Castling moves king and rook, is written e1g1 and shown as O-O.
    let castled = play(&gap_e5, "e1g1");
    assert_eq!(
        castled.piece_at(square("g1")),
        Some(Piece::new(Color::White, Role::King))
    );
    assert_eq!(
        castled.piece_at(square("f1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    assert_eq!(field(&castled, 2), "-");
    let castle = gap_e5.parse_move_text("e1c1").unwrap();
    assert_eq!(gap_e5.display_move(castle), "O-O-O");
    assert!(matches!(
        gap_e5.parse_move_text("e1h1"),
        Err(MoveTextError::Illegal { .. })
    ));
}

// ---------------------------------------------------------------------------------------
// Perft file: both implementations

fn perft_cases() -> Vec<PerftEntry> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/perft/sliding.txt");
    let text = std::fs::read_to_string(path).expect("tests/perft/sliding.txt");
    parse_perft_file(&text)
}

#[test]
fn perft_file_covers_every_starting_gap() {
    let cases = perft_cases();
    for gap in Tile::MIDDLE {
        let start = SlidingPosition::start(gap).position_text();
        let case = cases
            .iter()
            .find(|case| case.position == start)
            .unwrap_or_else(|| panic!("no perft line for gap {gap}"));
        assert!(case.counts.iter().any(|&(depth, _)| depth >= 4));
    }
}

#[test]
fn perft_file_fast_generator() {
    for case in perft_cases() {
        let p = position(&case.position);
        for &(depth, nodes) in &case.counts {
            assert_eq!(perft(&p, depth), nodes, "{} depth {depth}", case.position);
        }
    }
}

/// Deeper counts take the naive reference minutes; they were confirmed by it once.
const NAIVE_DEPTH: u32 = 5;

#[test]
fn perft_file_naive_reference() {
    for case in perft_cases() {
        let p = NaiveSliding::from_text(&case.position).unwrap();
        for &(depth, nodes) in case
            .counts
            .iter()
            .filter(|&&(depth, _)| depth <= NAIVE_DEPTH)
        {
            assert_eq!(p.perft(depth), nodes, "{} depth {depth}", case.position);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Differential runs over seeded random games

/// xorshift64*: small, seeded, reproducible.
use reference::rng::XorShiftStar as Rng;

/// How often the rare rules came up in the differential run, so that the run is known to
/// exercise them.
#[derive(Debug, Default)]
struct Coverage {
    positions: usize,
    actions: usize,
    slide_promotions: usize,
    first_rank_pawn_moves: usize,
    lost_double_steps: usize,
    castlings: usize,
    en_passant_captures: usize,
    rights_lost_by_slide: usize,
    checking_slides: usize,
    no_legal_action: usize,
}

/// Compares the two implementations on one position: the same legal actions as text, and
/// the same position text after each of them. Also checks the incremental hashes against a
/// position rebuilt from text, move text round trips and the half-move clock.
fn compare(fast: &SlidingPosition, naive: &NaiveSliding, coverage: &mut Coverage) {
    let text = fast.position_text();
    assert_eq!(text, naive.position_text());
    let rebuilt = position(&text);
    assert_eq!(rebuilt.hash(), fast.hash(), "hash drifted at {text}");
    assert_eq!(rebuilt.repetition_key(), fast.repetition_key(), "{text}");
    assert_eq!(fast.chess().hash(), fast.chess().compute_hash(), "{text}");
    assert_eq!(fast.is_check(), naive.in_check(), "{text}");

    let moves = moves_of(fast);
    assert_eq!(moves.len(), fast.count_legal_moves(), "{text}");
    let mut fast_results: Vec<(String, String)> = moves
        .iter()
        .map(|&mv| (fast.move_text(mv), fast.after(mv).position_text()))
        .collect();
    let mut naive_results: Vec<(String, String)> = naive
        .legal_actions()
        .into_iter()
        .map(|(action, next)| (action, next.position_text()))
        .collect();
    fast_results.sort();
    naive_results.sort();
    assert_eq!(fast_results, naive_results, "at {text}");

    coverage.positions += 1;
    coverage.actions += moves.len();
    coverage.no_legal_action += usize::from(moves.is_empty());
    if field(fast, 6) != "-" {
        coverage.lost_double_steps += 1;
    }
    for &mv in &moves {
        let move_text = fast.move_text(mv);
        assert_eq!(
            fast.parse_move_text(&move_text),
            Ok(mv),
            "{text} {move_text}"
        );
        let after = fast.after(mv);
        let clock_reset = after.halfmove_clock() == 0;
        assert_eq!(fast.is_zeroing(mv), clock_reset, "{text} {move_text}");
        match mv {
            SlidingMove::Slide { .. } => {
                coverage.slide_promotions += usize::from(fast.slide_promotes(mv));
                coverage.checking_slides += usize::from(after.is_check());
                if field(&after, 2) != field(fast, 2) {
                    coverage.rights_lost_by_slide += 1;
                }
            }
            SlidingMove::Chess(chess_move) => {
                let from = chess_move.from();
                let pawn = fast.piece_at(from).map(|p| p.role) == Some(Role::Pawn);
                if pawn && from.relative_rank(fast.turn()) == 0 {
                    coverage.first_rank_pawn_moves += 1;
                }
                coverage.castlings += usize::from(chess_move.kind() == MoveKind::Castle);
                coverage.en_passant_captures +=
                    usize::from(chess_move.kind() == MoveKind::EnPassant);
            }
        }
    }
}

/// The start position with about half of the pieces other than kings removed and the gap on
/// any of the sixteen tiles, so that slides soon carry pawns to either end of the board.
fn thinned_start(rng: &mut Rng) -> SlidingPosition {
    loop {
        let gap = Tile::all().nth(rng.below(16)).unwrap();
        let mut pieces = Vec::new();
        for (rank, row) in [
            "RNBQKBNR", "PPPPPPPP", "", "", "", "", "pppppppp", "rnbqkbnr",
        ]
        .iter()
        .enumerate()
        {
            for (file, letter) in row.chars().enumerate() {
                let sq = Square::from_coords(file as u8, rank as u8);
                let kept = letter.eq_ignore_ascii_case(&'k') || rng.below(2) == 0;
                if kept && !gap.squares().contains(sq) {
                    pieces.push(format!("{letter}{sq}"));
                }
            }
        }
        let has = |item: &str| pieces.iter().any(|p| p == item);
        let rights: String = [
            ("K", "Ke1", "Rh1"),
            ("Q", "Ke1", "Ra1"),
            ("k", "ke8", "rh8"),
            ("q", "ke8", "ra8"),
        ]
        .iter()
        .filter(|(_, king, rook)| has(king) && has(rook))
        .map(|(right, _, _)| *right)
        .collect();
        let rights = if rights.is_empty() {
            "-".to_string()
        } else {
            rights
        };
        let side = if rng.below(2) == 0 { "w" } else { "b" };
        let text = setup(
            &pieces.join(" "),
            &gap.to_string(),
            &format!("{side} {rights} - 0 1"),
        );
        if let Ok(position) = SlidingPosition::from_text(&text) {
            return position;
        }
    }
}

/// Random games from each starting gap, every position compared. Slides and captures are
/// favoured so that carried pawns, promotions by slide and pawns on their first rank turn up
/// often; the coverage counts prove that they did.
#[test]
fn differential_random_games() {
    let mut rng = Rng(0x5eed_511d_e000_0001);
    let mut coverage = Coverage::default();
    for game in 0..400 {
        let (mut fast, mut naive) = if game % 2 == 0 {
            let gap = Tile::MIDDLE[game / 2 % 8];
            let naive = NaiveSliding::start(&gap.to_string());
            (SlidingPosition::start(gap), naive)
        } else {
            let fast = thinned_start(&mut rng);
            let naive = NaiveSliding::from_text(&fast.position_text()).unwrap();
            (fast, naive)
        };
        for _ply in 0..80 {
            compare(&fast, &naive, &mut coverage);
            let moves = moves_of(&fast);
            if moves.is_empty() {
                break;
            }
            let slides: Vec<SlidingMove> = moves
                .iter()
                .copied()
                .filter(|mv| matches!(mv, SlidingMove::Slide { .. }))
                .collect();
            let captures: Vec<SlidingMove> = moves
                .iter()
                .copied()
                .filter(|&mv| fast.is_capture(mv))
                .collect();
            let mv = match rng.below(10) {
                0..=2 if !slides.is_empty() => slides[rng.below(slides.len())],
                3..=4 if !captures.is_empty() => captures[rng.below(captures.len())],
                _ => moves[rng.below(moves.len())],
            };
            let text = fast.move_text(mv);
            naive = naive.play(&text).expect("naive knows the move");
            fast.play_unchecked(mv);
        }
    }
    println!("{coverage:?}");
    assert!(coverage.positions > 5000, "{coverage:?}");
    assert!(coverage.actions > 50_000, "{coverage:?}");
    assert!(coverage.slide_promotions >= 10, "{coverage:?}");
    assert!(coverage.first_rank_pawn_moves >= 10, "{coverage:?}");
    assert!(coverage.lost_double_steps >= 100, "{coverage:?}");
    assert!(coverage.castlings >= 10, "{coverage:?}");
    assert!(coverage.en_passant_captures >= 10, "{coverage:?}");
    assert!(coverage.rights_lost_by_slide >= 10, "{coverage:?}");
    assert!(coverage.checking_slides >= 10, "{coverage:?}");
    assert!(coverage.no_legal_action >= 3, "{coverage:?}");
}

/// Scattered pieces on random squares (pawns on any rank they may stand on, first ranks
/// included), any gap, either side to move: the two implementations agree on each, and on
/// the games that follow for a few plies.
#[test]
fn differential_random_placements() {
    let mut rng = Rng(0x0dd_b0a2d);
    let mut coverage = Coverage::default();
    let letters = ['Q', 'R', 'B', 'N', 'P', 'P', 'q', 'r', 'b', 'n', 'p', 'p'];
    let mut tried = 0;
    while coverage.positions < 10_000 {
        tried += 1;
        let gap = Tile::all().nth(rng.below(16)).unwrap();
        let mut taken = gap.squares();
        let mut pieces = Vec::new();
        let count = 2 + rng.below(8);
        for index in 0..count {
            let letter = match index {
                0 => 'K',
                1 => 'k',
                _ => letters[rng.below(letters.len())],
            };
            let sq = Square::new(rng.below(64) as u8);
            if taken.contains(sq) {
                continue;
            }
            taken = taken.with(sq);
            pieces.push(format!("{letter}{sq}"));
        }
        let side = if rng.below(2) == 0 { "w" } else { "b" };
        let text = setup(
            &pieces.join(" "),
            &gap.to_string(),
            &format!("{side} - - 0 1"),
        );
        let Ok(mut fast) = SlidingPosition::from_text(&text) else {
            continue;
        };
        let mut naive = NaiveSliding::from_text(&text).unwrap();
        for _ply in 0..6 {
            compare(&fast, &naive, &mut coverage);
            let moves = moves_of(&fast);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            naive = naive.play(&fast.move_text(mv)).unwrap();
            fast.play_unchecked(mv);
        }
    }
    println!("{tried} placements tried; {coverage:?}");
    assert!(coverage.slide_promotions >= 20, "{coverage:?}");
    assert!(coverage.first_rank_pawn_moves >= 100, "{coverage:?}");
    assert!(coverage.no_legal_action >= 5, "{coverage:?}");
}

// ---------------------------------------------------------------------------------------
// House rules: each where it applies and where it must not

#[test]
fn pawn_carried_back_to_its_home_rank_cannot_double_step() {
    let start = at("Pe2 Ka1 ke8", "e3", "w - - 0 1");
    // e3/e4 are the gap: the pawn cannot move yet.
    assert!(!has(&start, "e2e3") && !has(&start, "e2e4"));
    // Up into the gap, back down, then the gap moves aside to free e3 and e4.
    let there_and_back = play_all(&start, "S:e1>e3 e8d8 S:e3>e1 d8e8 S:g3>e3 e8d8");
    assert_eq!(
        there_and_back.piece_at(square("e2")),
        Some(Piece::new(Color::White, Role::Pawn))
    );
    assert!(has(&there_and_back, "e2e3"));
    assert!(!has(&there_and_back, "e2e4"));
    assert_eq!(field(&there_and_back, 6), "e2");
    // Where it applies not: an untouched pawn with both squares free double-steps.
    let untouched = at("Pe2 Ka1 ke8", "a5", "w - - 0 1 -");
    assert!(has(&untouched, "e2e4"));
    assert_eq!(field(&untouched, 6), "-");
    // Moving loses the flag as well (the square is left, the pawn never comes back).
    let moved = play_all(&untouched, "e2e3 e8d8");
    assert!(!has(&moved, "e3e5"));
}

#[test]
fn seventh_field_decides_the_double_step() {
    let listed = at("Pa2 Pb2 pa7 pb7 Ke1 ke8", "e5", "w - - 0 1 a2b7");
    assert!(!has(&listed, "a2a4") && has(&listed, "a2a3") && has(&listed, "b2b4"));
    let black = play(&listed, "a2a3");
    assert!(has(&black, "a7a5") && !has(&black, "b7b5") && has(&black, "b7b6"));
    assert_eq!(field(&listed, 6), "a2b7");
    let six_fields = at("Pa2 Pb2 pa7 pb7 Ke1 ke8", "e5", "w - - 0 1");
    assert!(has(&six_fields, "a2a4"));
    assert_eq!(field(&six_fields, 6), "-");
}

#[test]
fn double_step_needs_both_squares_present() {
    let gap_e3 = SlidingPosition::start(tile("e3"));
    assert!(!has(&gap_e3, "e2e3") && !has(&gap_e3, "e2e4") && !has(&gap_e3, "f2f4"));
    let gap_e5 = SlidingPosition::start(tile("e5"));
    assert!(has(&gap_e5, "e2e4"));
    let black = play(&gap_e5, "a2a3");
    assert!(!has(&black, "e7e6") && !has(&black, "e7e5") && has(&black, "d7d5"));
}

#[test]
fn carrying_the_king_or_a_rook_loses_castling_rights() {
    let p = at("Ra1 Ke1 Rh1 ra8 ke8 rh8 ph7", "g3", "w KQkq - 0 1");
    // The h1 rook carried up, and even carried back, has lost its right for good.
    let rook_carried = play(&p, "S:g1>g3");
    assert_eq!(field(&rook_carried, 2), "Qkq");
    let back = play_all(&rook_carried, "h7h6 S:g3>g1 h6h5");
    assert_eq!(
        back.piece_at(square("h1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    assert_eq!(field(&back, 2), "Qkq");
    assert!(!has(&back, "e1g1") && has(&back, "e1c1"));
    // A slide of a tile without king or rook keeps every right.
    let unrelated = play(&p, "S:g5>g3");
    assert_eq!(field(&unrelated, 2), "KQkq");
    assert!(has(&unrelated, "e8g8"));
    // Carrying the king loses both rights, also when the opponent slides it.
    let king_tile = at("Ra1 Ke1 Rh1 ra8 ke8 rh8", "e3", "b KQkq - 0 1");
    let carried = play(&king_tile, "S:e1>e3");
    assert_eq!(
        carried.piece_at(square("e3")),
        Some(Piece::new(Color::White, Role::King))
    );
    assert_eq!(field(&carried, 2), "kq");
}

#[test]
fn a_slide_clears_en_passant() {
    let p = at("Pe2 pd4 Ka1 ke8", "g1", "w - - 0 1");
    let double_step = play(&p, "e2e4");
    assert_eq!(field(&double_step, 3), "e3");
    assert!(has(&double_step, "d4e3"));
    let after_slide = play(&double_step, "S:g3>g1");
    assert_eq!(field(&after_slide, 3), "-");
    let black_again = play(&after_slide, "a1b1");
    assert!(!has(&black_again, "d4e3"));
    // A slide never creates one: a pawn carried two ranks leaves no en-passant square.
    let carried = play(&p, "S:e1>g1");
    assert_eq!(field(&carried, 3), "-");
}

#[test]
fn slides_promote_every_carried_pawn_onto_its_far_rank_to_a_queen() {
    // White pawns e6, f6 and a black pawn e5 ride the e5 tile up into the gap at e7.
    let p = at("ka8 Pe6 Pf6 pe5 Ka1", "e7", "w - - 7 30 -");
    let slide = p.parse_move_text("S:e5>e7").unwrap();
    assert!(p.is_zeroing(slide));
    assert!(
        !p.is_promotion(slide),
        "no piece choice for a promotion by slide"
    );
    assert_eq!(p.display_move(slide), "S:e5>e7=Q+");
    let after = p.after(slide);
    assert_eq!(
        after.piece_at(square("e8")),
        Some(Piece::new(Color::White, Role::Queen))
    );
    assert_eq!(
        after.piece_at(square("f8")),
        Some(Piece::new(Color::White, Role::Queen))
    );
    // The black pawn lands on its home rank without its double step.
    assert_eq!(
        after.piece_at(square("e7")),
        Some(Piece::new(Color::Black, Role::Pawn))
    );
    assert_eq!(field(&after, 6), "e7");
    assert_eq!(after.halfmove_clock(), 0);
    // A slide that carries pawns without promoting them does not reset the clock.
    let plain = at("ka8 Pe3 Pf3 Ka1", "e5", "w - - 7 30 -");
    let slide = plain.parse_move_text("S:e3>e5").unwrap();
    assert!(!plain.is_zeroing(slide));
    let after = plain.after(slide);
    assert_eq!(
        after.piece_at(square("e5")),
        Some(Piece::new(Color::White, Role::Pawn))
    );
    assert_eq!(
        after.piece_at(square("f5")),
        Some(Piece::new(Color::White, Role::Pawn))
    );
    assert_eq!(after.halfmove_clock(), 8);
    assert_eq!(plain.display_move(slide), "S:e3>e5");
}

#[test]
fn a_slide_queens_the_opponents_pawns_too() {
    let p = at("ka8 pc3 Kh4", "c1", "w - - 5 20");
    let slide = p.parse_move_text("S:c3>c1").unwrap();
    assert!(p.is_zeroing(slide));
    assert_eq!(p.display_move(slide), "S:c3>c1=Q");
    let after = p.after(slide);
    assert_eq!(
        after.piece_at(square("c1")),
        Some(Piece::new(Color::Black, Role::Queen))
    );
    assert_eq!(after.halfmove_clock(), 0);
}

#[test]
fn a_pawn_carried_to_its_own_first_rank_stays_a_pawn_and_steps_singly() {
    let p = at("ka8 Pc3 Kh1", "c1", "w - - 0 1");
    let carried = play(&p, "S:c3>c1");
    assert_eq!(
        carried.piece_at(square("c1")),
        Some(Piece::new(Color::White, Role::Pawn))
    );
    assert_eq!(carried.halfmove_clock(), 1);
    // On the first rank with free squares ahead: single steps only.
    let first_rank = at("ka8 Pc1 Kh1", "e5", "w - - 0 1");
    assert!(has(&first_rank, "c1c2"));
    assert!(!has(&first_rank, "c1c3"));
    // It captures diagonally as usual, and attacks as a pawn.
    let target = at("ka8 Pc1 nb2 Kh1", "e5", "w - - 0 1");
    assert!(has(&target, "c1b2"));
    assert!(target.chess().is_attacked(square("d2"), Color::White));
    // Black's counterpart on rank 8.
    let black = at("pc8 kh8 Ka1", "e5", "b - - 0 1");
    assert!(has(&black, "c8c7") && !has(&black, "c8c6"));
    // The far rank stays forbidden.
    assert!(matches!(
        SlidingPosition::from_text(&setup("Pc8 kh8 Ka1", "e5", "w - - 0 1")),
        Err(SlidingTextError::PawnOnFarRank { .. })
    ));
}

#[test]
fn fifty_move_clock_counts_slides_and_resets_on_captures_pawn_moves_and_slide_promotions() {
    let p = at("ka8 Ka1 Rh1", "a3", "w - - 12 40");
    assert_eq!(play(&p, "S:a5>a3").halfmove_clock(), 13);
    assert_eq!(play(&p, "h1h2").halfmove_clock(), 13);
    let pawn = at("ka8 Ka1 Pg1 Rh1", "a3", "w - - 12 40");
    assert_eq!(play(&pawn, "g1g2").halfmove_clock(), 0);
    let capture = at("ka8 nh7 Ka1 Rh1", "a3", "w - - 12 40");
    assert_eq!(play(&capture, "h1h7").halfmove_clock(), 0);
    assert_eq!(play(&capture, "h1h6").halfmove_clock(), 13);
    // A slide carrying a pawn along is no pawn move.
    let carry = at("ka8 Pa3 Kh1", "a5", "w - - 12 40");
    let slid = play(&carry, "S:a3>a5");
    assert_eq!(slid.halfmove_clock(), 13);
    assert_eq!(slid.fullmove_number(), 40);
    assert_eq!(play(&slid, "a8b8").fullmove_number(), 41);
    // At 99, a slide completes the hundredth ply; a promoting slide starts over.
    let late = at("ka8 Pa3 Kh1", "a5", "w - - 99 80");
    assert_eq!(play(&late, "S:a3>a5").halfmove_clock(), 100);
    let promoting = at("kh8 Pa6 Kh1", "a7", "w - - 99 80");
    assert_eq!(play(&promoting, "S:a5>a7").halfmove_clock(), 0);
}

#[test]
fn a_slide_can_promote_and_mate() {
    // Black carries the d3 pawn onto d1: it queens and mates the king on f1. Sliding the
    // queen straight back leaves her on d3, still checking along the e2 diagonal.
    let p = at("kh8 pd3 Pf2 Pg2 Kf1", "c1", "b - - 0 1");
    let slide = p.parse_move_text("S:c3>c1").unwrap();
    assert_eq!(p.display_move(slide), "S:c3>c1=Q#");
    let mated = p.after(slide);
    assert!(mated.is_checkmate());
    assert!(!has(&mated, "S:c1>c3"));
    let naive = NaiveSliding::from_text(&mated.position_text()).unwrap();
    assert!(naive.in_check() && naive.legal_action_texts().is_empty());
    // Where it applies not: with the f2 pawn missing the king escapes.
    let escape = at("kh8 pd3 Pg2 Kf1", "c1", "b - - 0 1");
    let slide = escape.parse_move_text("S:c3>c1").unwrap();
    assert_eq!(escape.display_move(slide), "S:c3>c1=Q+");
    assert!(!escape.after(slide).is_checkmate());
}

#[test]
fn a_slide_can_give_check_and_escape_check() {
    // Sliding the a3 tile down puts the rook on a1, checking the king on h1.
    let p = at("ka8 ra3 Pg2 Ph2 Kh1", "a1", "b - - 0 1");
    let slide = p.parse_move_text("S:a3>a1").unwrap();
    assert_eq!(p.display_move(slide), "S:a3>a1+");
    let after = p.after(slide);
    assert!(after.is_check());
    // White escapes by sliding the rook's tile straight back.
    assert!(has(&after, "S:a1>a3"));
    assert!(!after.is_checkmate());
    // A slide that would expose the mover's own king is illegal: the gap at e3 shields the
    // black king from the rook on e1, and only the slide that keeps the e-file cut is legal.
    let shielded = at("Re1 Kh1 ke8", "e3", "b - - 0 1");
    assert!(!shielded.is_check());
    assert!(has(&shielded, "S:e5>e3"));
    for exposing in ["S:c3>e3", "S:g3>e3", "S:e1>e3"] {
        assert!(!has(&shielded, exposing), "{exposing}");
    }
    assert_eq!(shielded.movable_tiles(), vec![tile("e5")]);
}

/// Black to move, not in check, and neither a chess move nor a slide is legal: the king on
/// a3 has no square (the gap takes a2/b2), sliding its tile down into the a1 gap opens the
/// queen's diagonal to a1, and sliding the c1 tile brings the white king next to it.
const STALEMATE: &str = "8/8/8/8/3Q4/k7/xxK5/xx6 b - - 0 1";

#[test]
fn stalemate_counts_slides() {
    let stalemate = position(STALEMATE);
    assert!(!stalemate.is_check());
    assert!(texts(&stalemate).is_empty());
    assert!(stalemate.is_stalemate());
    assert!(!stalemate.is_checkmate());
    let naive = NaiveSliding::from_text(STALEMATE).unwrap();
    assert!(naive.legal_action_texts().is_empty() && !naive.in_check());
    // Where it applies not: no chess move, but a slide is legal.
    let with_slide = at("ka8 Qb6 Kh1", "e5", "b - - 0 1");
    assert!(!with_slide.is_check());
    assert!(texts(&with_slide).iter().all(|t| t.starts_with("S:")));
    assert!(!texts(&with_slide).is_empty());
    assert!(!with_slide.is_stalemate());
}

#[test]
fn the_gap_blocks_checks_and_rays() {
    let blocked = at("ka8 Ra1 Kh1", "a5", "b - - 0 1");
    assert!(!blocked.is_check());
    let checked = at("ka8 Ra1 Kh1", "c5", "b - - 0 1");
    assert!(checked.is_check());
    // Rooks and bishops stop in front of the gap.
    let rays = at("ka8 Ra1 Kh1", "a5", "w - - 0 1");
    assert!(has(&rays, "a1a4") && !has(&rays, "a1a5") && !has(&rays, "a1a7"));
    let diagonal = at("ka8 Be1 Kh1", "c3", "w - - 0 1");
    assert!(has(&diagonal, "e1d2") && !has(&diagonal, "e1c3") && !has(&diagonal, "e1b4"));
    // A king cannot step onto the gap.
    let king = at("kh8 Kd2", "e3", "w - - 0 1");
    assert!(!has(&king, "d2e3") && has(&king, "d2e2") && has(&king, "d2d3"));
    // The gap may be all that shields the side not to move.
    assert!(SlidingPosition::from_text(&setup("ka8 Ra1 Kh1", "a5", "w - - 0 1")).is_ok());
    assert_eq!(
        SlidingPosition::from_text(&setup("ka8 Ra1 Kh1", "c5", "w - - 0 1")).unwrap_err(),
        SlidingTextError::SideNotToMoveInCheck
    );
}

#[test]
fn knights_jump_the_gap_but_never_land_on_it() {
    let p = at("ka8 Ne2 Ka1", "e3", "w - - 0 1");
    assert!(has(&p, "e2d4") && has(&p, "e2g3") && has(&p, "e2c3"));
    assert!(!has(&p, "e2f4"));
    // A knight checks across the gap.
    let check = at("kd3 Nf2 Ka1", "e3", "b - - 0 1");
    assert!(check.is_check());
    let no_check = at("kd3 Bf5 Ka1", "e3", "b - - 0 1");
    assert!(
        !no_check.is_check(),
        "the bishop's diagonal f5-d3 crosses the gap at e4"
    );
}

#[test]
fn repetition_identity_includes_gap_flags_and_only_legal_en_passant() {
    let p = at("Pa2 Kh1 kh8", "a3", "w - - 0 1");
    let shuffled = play_all(&p, "h1g1 h8g8 g1h1 g8h8");
    assert_eq!(shuffled.repetition_key(), p.repetition_key());
    assert_eq!(shuffled.hash(), p.hash());
    // Same placement and gap, but the a-pawn lost its double step on the way.
    let carried = play_all(&p, "S:a1>a3 h8g8 S:a3>a1 g8h8");
    assert_eq!(
        carried.position_text().split(' ').next(),
        p.position_text().split(' ').next()
    );
    assert_ne!(carried.repetition_key(), p.repetition_key());
    // Different gaps, same pieces.
    assert_ne!(
        SlidingPosition::start(tile("e5")).repetition_key(),
        SlidingPosition::start(tile("c5")).repetition_key()
    );
    // Castling flags.
    let with_right = at("Ra1 Ke1 ke8", "e5", "w Q - 0 1");
    let without = at("Ra1 Ke1 ke8", "e5", "w - - 0 1");
    assert_ne!(with_right.repetition_key(), without.repetition_key());
    // En passant counts only when the capture is legal.
    let no_capture = play(&at("Pe2 Ka1 ke8", "a5", "w - - 0 1"), "e2e4");
    assert_eq!(field(&no_capture, 3), "e3");
    let same_without_ep = position(&no_capture.position_text().replace(" e3 ", " - "));
    assert_eq!(
        no_capture.repetition_key(),
        same_without_ep.repetition_key()
    );
    assert_ne!(no_capture.hash(), same_without_ep.hash());
    let capture = play(&at("Pe2 pd4 Ka1 ke8", "a5", "w - - 0 1"), "e2e4");
    let capture_without_ep = position(&capture.position_text().replace(" e3 ", " - "));
    assert_ne!(
        capture.repetition_key(),
        capture_without_ep.repetition_key()
    );
}

#[test]
fn material_rules() {
    let start = SlidingPosition::start(tile("c3"));
    assert!(!start.is_dead_by_material());
    let bare = at("ka8 Ka1 Rh1", "a3", "w - - 0 1");
    assert!(bare.is_bare_king(Color::Black) && !bare.is_bare_king(Color::White));
    assert!(!bare.can_ever_mate(Color::Black) && bare.can_ever_mate(Color::White));
    let kings_only = at("ka8 Kh1", "a3", "w - - 0 1");
    assert!(
        !kings_only.is_dead_by_material(),
        "tiles can still carry pieces into mate"
    );
    let minor = at("ka8 Kh1 Bc1", "a3", "w - - 0 1");
    assert!(!minor.is_dead_by_material() && minor.can_ever_mate(Color::White));
}

// ---------------------------------------------------------------------------------------
// Position text and move text

#[test]
fn position_text_round_trips() {
    let texts = [
        "rnbqkbnr/pppppppp/4xx2/4xx2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
        "xxbqkbnr/xxpppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQk - 3 9 a2h2c7",
        "r3k2r/8/xx6/xx6/3pP3/8/8/R3K2R b KQkq e3 0 1 -",
        "2p1k3/8/8/8/8/8/6xx/2P1K1xx w - - 99 120 -",
    ];
    for text in texts {
        let p = position(text);
        assert_eq!(p.position_text(), text);
        assert_eq!(position(&p.position_text()), p);
    }
    for gap in Tile::all() {
        let covered = |name: &str| gap.squares().contains(square(name));
        let mut pieces = if covered("b1") || covered("h4") {
            "Kg7 ka5".to_string()
        } else {
            "Kb1 kh4".to_string()
        };
        if !covered("d7") {
            pieces.push_str(" Pd7");
        }
        let text = setup(&pieces, &gap.to_string(), "w - - 0 1");
        let p = position(&text);
        assert_eq!(p.gap(), gap);
        assert_eq!(position(&p.position_text()), p);
        assert_eq!(p.position_text(), format!("{text} -"));
    }
}

#[test]
fn six_fields_are_read_and_seven_written() {
    let p = position("rnbqkbnr/pppppppp/8/8/xx6/xx6/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(p.position_text().ends_with(" 0 1 -"));
    assert_eq!(p, SlidingPosition::start(tile("a3")));
}

fn error_of(text: &str) -> SlidingTextError {
    match SlidingPosition::from_text(text) {
        Ok(_) => panic!("{text} was accepted"),
        Err(error) => {
            assert!(!error.to_string().is_empty());
            error
        }
    }
}

#[test]
fn position_text_errors_name_the_problem() {
    use SlidingTextError::*;
    let ok = "4k3/8/8/8/xx6/xx6/8/4K3 w - - 0 1";
    assert!(SlidingPosition::from_text(ok).is_ok());
    assert_eq!(
        error_of("4k3/8/8/8/x7/xx6/8/4K3 w - - 0 1"),
        GapNotWholeTile
    );
    assert_eq!(
        error_of("4k3/8/8/8/1xx5/1xx5/8/4K3 w - - 0 1"),
        GapNotWholeTile
    );
    assert_eq!(
        error_of("4k3/8/8/xx6/xx6/8/8/4K3 w - - 0 1"),
        GapNotWholeTile
    );
    assert_eq!(
        error_of("4k3/8/8/8/xx6/xx6/xx6/xx2K3 w - - 0 1"),
        MoreThanOneGapTile
    );
    assert_eq!(error_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), NoGap);
    assert_eq!(
        error_of(&format!("{ok} e2")),
        ListedSquareWithoutPawn {
            square: square("e2")
        }
    );
    assert_eq!(
        error_of("4k3/8/8/8/xx6/xx2P3/8/4K3 w - - 0 1 e3"),
        ListedSquareWithoutPawn {
            square: square("e3")
        }
    );
    assert_eq!(
        error_of("4k3/4P3/8/8/xx6/xx6/8/4K3 w - - 0 1 e7"),
        ListedSquareWithoutPawn {
            square: square("e7")
        }
    );
    assert!(matches!(
        error_of(&format!("{ok} e")),
        DoubleStepField { .. }
    ));
    assert!(matches!(
        error_of(&format!("{ok} é2")),
        DoubleStepField { .. }
    ));
    assert!(matches!(
        error_of(&format!("{ok} e9")),
        DoubleStepField { .. }
    ));
    assert_eq!(
        error_of("8/8/8/8/xx6/xx6/8/4K3 w - - 0 1"),
        KingCount {
            color: Color::Black,
            count: 0
        }
    );
    assert_eq!(
        error_of("4k3/8/8/8/xx6/xx6/8/3KK3 w - - 0 1"),
        KingCount {
            color: Color::White,
            count: 2
        }
    );
    assert_eq!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K2r b - - 0 1"),
        SideNotToMoveInCheck
    );
    assert_eq!(
        error_of("P3k3/8/8/8/xx6/xx6/8/4K3 w - - 0 1"),
        PawnOnFarRank {
            square: square("a8")
        }
    );
    assert_eq!(
        error_of("4k3/8/8/8/xx6/xx6/8/p3K3 w - - 0 1"),
        PawnOnFarRank {
            square: square("a1")
        }
    );
    assert_eq!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 w K - 0 1"),
        CastlingWithoutPieces { right: 'K' }
    );
    assert_eq!(
        error_of("4k3/8/8/8/xx6/xx6/8/R2K4 w Q - 0 1"),
        CastlingWithoutPieces { right: 'Q' }
    );
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 w - - 0"),
        FieldCount { found: 5 }
    ));
    assert!(matches!(
        error_of(&format!("{ok} - x")),
        FieldCount { found: 8 }
    ));
    assert!(matches!(error_of(""), FieldCount { found: 0 }));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 x - - 0 1"),
        SideToMove { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 w A - 0 1"),
        Castling { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 w KK - 0 1"),
        Castling { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 w - e3 0 1"),
        EnPassant { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 w - e6 0 1"),
        EnPassant { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 w - z 0 1"),
        EnPassant { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 w - - z 1"),
        MoveCounter { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3 w - - 0 -1"),
        MoveCounter { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx7/8/4K3 w - - 0 1"),
        Board { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/8/4K3/8 w - - 0 1"),
        Board { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx5z/8/4K3 w - - 0 1"),
        Board { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/7/4K3 w - - 0 1"),
        Board { .. }
    ));
    assert!(matches!(
        error_of("4k3/8/8/8/xx6/xx6/09/4K3 w - - 0 1"),
        Board { .. }
    ));
    // Messages name what is wrong.
    assert!(error_of(&format!("{ok} e2")).to_string().contains("e2"));
    assert!(error_of("4k3/8/8/8/x7/xx6/8/4K3 w - - 0 1")
        .to_string()
        .contains("tile"));
    assert!(error_of("P3k3/8/8/8/xx6/xx6/8/4K3 w - - 0 1")
        .to_string()
        .contains("a8"));
}

#[test]
fn move_text_reads_and_rejects() {
    let start = SlidingPosition::start(tile("e5"));
    assert!(matches!(
        start.parse_move_text("  e2e4 "),
        Ok(SlidingMove::Chess(_))
    ));
    assert_eq!(
        start.parse_move_text(" S:e3>e5\n"),
        Ok(SlidingMove::Slide {
            from: tile("e3"),
            to: tile("e5")
        })
    );
    for unreadable in [
        "", "S:", "S:e4>e5", "S:e3e5", "S:i3>e5", "e2", "e2e4x", "Nf3", "S:e3>", "s:e3>e5",
    ] {
        assert!(
            matches!(
                start.parse_move_text(unreadable),
                Err(MoveTextError::Unreadable { .. })
            ),
            "{unreadable:?}"
        );
    }
    for illegal in ["e2e5", "S:a1>e5", "S:e5>e3", "e1g1", "e7e5", "S:g7>g5"] {
        assert!(
            matches!(
                start.parse_move_text(illegal),
                Err(MoveTextError::Illegal { .. })
            ),
            "{illegal}"
        );
    }
    let promotion = at("ka8 Pe7 Ka1", "c3", "w - - 0 1");
    let upper = promotion.parse_move_text("e7e8Q").unwrap();
    assert_eq!(promotion.move_text(upper), "e7e8q");
    assert!(promotion.is_promotion(upper));
    assert_eq!(promotion.display_move(upper), "e8=Q+");
    let under = promotion.parse_move_text("e7e8n").unwrap();
    assert_eq!(promotion.display_move(under), "e8=N");
    assert!(matches!(
        promotion.parse_move_text("e7e8"),
        Err(MoveTextError::Illegal { .. })
    ));
}

#[test]
fn display_move_is_san_for_chess_moves() {
    let shown = |p: &SlidingPosition, text: &str| p.display_move(p.parse_move_text(text).unwrap());
    let start = SlidingPosition::start(tile("e5"));
    assert_eq!(shown(&start, "g1f3"), "Nf3");
    assert_eq!(shown(&start, "e2e4"), "e4");
    assert_eq!(shown(&start, "S:e3>e5"), "S:e3>e5");
    let knights = at("ka8 Nb1 Nf1 Ka1", "e5", "w - - 0 1");
    assert_eq!(shown(&knights, "b1d2"), "Nbd2");
    let rooks = at("kh8 Ra3 Ra5 Kh1", "e5", "w - - 0 1");
    assert_eq!(shown(&rooks, "a3a4"), "R3a4");
    let capture = at("ka8 pd5 Pe4 Ka1", "a5", "w - - 0 1");
    assert_eq!(shown(&capture, "e4d5"), "exd5");
    let ep = play(&at("ka8 pd4 Pe2 Kh1", "a5", "w - - 0 1"), "e2e4");
    assert_eq!(shown(&ep, "d4e3"), "dxe3");
}

#[test]
fn options_and_accessors() {
    // Uniform over the eight middle tiles: 8000 draws, 1000 expected per tile (standard
    // deviation about 30, so the bounds are never reached by chance).
    let mut counts = [0; 8];
    for _ in 0..8000 {
        let gap = SlidingPosition::random_gap();
        let index = Tile::MIDDLE
            .iter()
            .position(|&t| t == gap)
            .expect("a middle tile");
        counts[index] += 1;
    }
    assert!(
        counts.iter().all(|&n| (800..1200).contains(&n)),
        "{counts:?}"
    );
    let chosen = SlidingOptions {
        gap: Some(tile("g3")),
    };
    assert_eq!(SlidingPosition::from_options(&chosen).gap(), tile("g3"));
    let random = SlidingPosition::from_options(&SlidingOptions::default());
    assert!(Tile::MIDDLE.contains(&random.gap()));
    let start = SlidingPosition::start(tile("c5"));
    let mut movable = start.movable_tiles();
    movable.sort();
    assert_eq!(
        movable,
        vec![tile("c3"), tile("a5"), tile("e5"), tile("c7")]
    );
    assert_eq!(start.pieces().count(), 32);
    assert_eq!(start.double_step_pawns().count(), 16);
    assert_eq!(tile("e3").squares().count(), 4);
    assert!(Tile::parse("e4").is_none() && Tile::parse("f3").is_none());
    assert_eq!(tile("g7").to_string(), "g7");
    // A null move passes the turn, clears en passant and keeps the hashes consistent.
    let double_step = play(&at("Pe2 pd4 Ka1 ke8", "g1", "w - - 0 1"), "e2e4");
    let passed = double_step.after_null_move().unwrap();
    assert_eq!(passed.turn(), Color::White);
    assert_eq!(field(&passed, 3), "-");
    assert_eq!(position(&passed.position_text()).hash(), passed.hash());
    assert!(at("ka8 Ra1 Kh1", "c5", "b - - 0 1")
        .after_null_move()
        .is_none());
}

#[test]
fn mangled_text_is_rejected_without_panicking() {
    let mut rng = Rng(0x0bad_7e47);
    let seeds = [
        "rnbqkbnr/pppppppp/4xx2/4xx2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
        "r3k2r/8/xx6/xx6/3pP3/8/8/R3K2R b KQkq e3 0 1 -",
        "xxbqkbnr/xxpppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQk - 3 9 a2h2c7",
    ];
    let alphabet: Vec<char> = "xX/ 0123456789-abcdefghKQkqRBNPrbnpw;é".chars().collect();
    let start = SlidingPosition::start(tile("e5"));
    let mut accepted = 0;
    for round in 0..20_000 {
        let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len() + 1);
            match rng.below(3) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 if at < chars.len() => chars[at] = alphabet[rng.below(alphabet.len())],
                _ => chars.insert(at, alphabet[rng.below(alphabet.len())]),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = SlidingPosition::from_text(&text) {
            accepted += 1;
            // Whatever is accepted is a sound position that writes itself back readably.
            assert_eq!(position(&p.position_text()), p, "{text}");
            let naive = NaiveSliding::from_text(&p.position_text()).unwrap();
            assert_eq!(naive.legal_action_texts(), texts(&p), "{text}");
        }
        let move_text: String = text
            .chars()
            .skip(rng.below(text.len() + 1))
            .take(7)
            .collect();
        let _ = start.parse_move_text(&move_text);
    }
    assert!(
        accepted > 100,
        "only {accepted} mangled texts were still valid"
    );
}

// ---------------------------------------------------------------------------------------
// The game record's draw rules on sliding positions

#[test]
fn sliding_back_and_forth_is_drawn_by_threefold_repetition() {
    use rules::game::{DrawMode, EndReason, Game, GameEnd};
    // The game record always draws sliding chess automatically, whatever the option says.
    let mut game = Game::new(SlidingPosition::start(tile("e5")), DrawMode::Fide);
    // The start position recurs after every second slide; the third time ends the game.
    for text in ["S:e3>e5", "S:e5>e3", "S:e3>e5"] {
        game.play_text(text).unwrap();
        assert!(game.result().is_none(), "over after {text}");
    }
    game.play_text("S:e5>e3").unwrap();
    assert_eq!(
        game.result(),
        Some(GameEnd::draw(EndReason::ThreefoldRepetition))
    );
    // Where it applies not: the same placement and gap, but a castling right lost on the
    // way makes a new position.
    let start = at("Ke1 Rh1 ke8 Pa2", "g3", "w K - 0 1");
    let mut game = Game::new(start, DrawMode::Auto);
    for text in "S:g1>g3 e8d8 S:g3>g1 d8e8 S:g1>g3 e8d8 S:g3>g1 d8e8".split(' ') {
        game.play_text(text).unwrap();
    }
    assert!(game.result().is_none(), "{:?}", game.result());
    // The start placement has now been seen three times, once with the right: no draw.
    // The rook's first ride up has been seen twice, and a third time ends the game.
    game.play_text("S:g1>g3").unwrap();
    assert_eq!(
        game.result(),
        Some(GameEnd::draw(EndReason::ThreefoldRepetition))
    );
}

#[test]
fn fifty_moves_of_slides_draw_and_a_promoting_slide_resets_the_count() {
    use rules::game::{DrawMode, EndReason, Game, GameEnd};
    // The pawn rides along twice without resetting the count.
    let late = at("ka8 Kh1 Pb3", "a5", "w - - 98 80");
    let mut game = Game::new(late, DrawMode::Auto);
    game.play_text("S:a3>a5").unwrap();
    assert!(game.result().is_none());
    game.play_text("S:a5>a3").unwrap();
    assert_eq!(game.result(), Some(GameEnd::draw(EndReason::FiftyMoves)));
    // Promotion by slide at ply 100 resets instead.
    let promoting = at("kh8 Pa6 Kc1 pg4", "a7", "w - - 99 80");
    let mut game = Game::new(promoting, DrawMode::Auto);
    game.play_text("S:a5>a7").unwrap();
    assert!(game.result().is_none());
    assert_eq!(game.position().halfmove_clock(), 0);
}

#[test]
fn a_slide_mate_ends_the_game() {
    use rules::game::{DrawMode, EndReason, Game, GameEnd};
    let mut game = Game::new(
        at("kh8 pd3 Pf2 Pg2 Kf1", "c1", "b - - 99 80"),
        DrawMode::Auto,
    );
    game.play_text("S:c3>c1").unwrap();
    assert_eq!(
        game.result(),
        Some(GameEnd::win(Color::Black, EndReason::Checkmate))
    );
}
