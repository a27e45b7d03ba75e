//! Test suite: relative chess — the worked examples of `docs/rules-relative.md`, perft against the
//! data file and a naive second implementation, differential random play, each rule with a
//! near-miss, position text errors and round trips, and the move report.

use reference::naive_relative::NaivePosition;
use reference::perft_file::parse_perft_file;
use rules::relative::{
    AbsSquare, Leave, Recentering, RelativeMove, RelativeMoveKind, RelativeOptions,
    RelativePosition,
};
use rules::{Color, GamePosition, Piece, Role};

/// A small deterministic generator (xorshift64*), so failures reproduce.
use reference::rng::XorShiftStar as Rng;

fn options(size: u8, recentering: Recentering, leave: Leave) -> RelativeOptions {
    RelativeOptions::new(size, recentering, leave).unwrap()
}

fn legal_texts(pos: &RelativePosition) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|mv| mv.text()).collect();
    texts.sort();
    texts
}

/// Compares both implementations on one position: the legal move sets and, move by move,
/// the resulting position text. Returns the fast generator's moves.
fn compare_with_naive(pos: &RelativePosition) -> Vec<RelativeMove> {
    let text = pos.position_text();
    let o = pos.options();
    let naive = NaivePosition::from_text(&text, o.recentering, o.leave);
    assert_eq!(naive.to_text(), text, "naive reader/writer disagree");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(
        moves.len(),
        pos.count_legal_moves(),
        "count differs from list in {text}"
    );
    let mut fast: Vec<(String, String)> = moves
        .iter()
        .map(|&mv| {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            check_report(pos, mv, &next);
            assert_eq!(
                pos.gives_check(mv),
                next.is_check(),
                "gives_check of {} in {text}",
                mv.text()
            );
            (mv.text(), next.position_text())
        })
        .collect();
    let mut slow: Vec<(String, String)> = naive
        .legal_moves()
        .into_iter()
        .map(|(mv, next)| (mv.text(), next.to_text()))
        .collect();
    fast.sort();
    slow.sort();
    if fast != slow {
        let fast_moves: Vec<&String> = fast.iter().map(|f| &f.0).collect();
        let slow_moves: Vec<&String> = slow.iter().map(|s| &s.0).collect();
        let only_fast: Vec<_> = fast.iter().filter(|f| !slow.contains(f)).collect();
        let only_slow: Vec<_> = slow.iter().filter(|s| !fast.contains(s)).collect();
        panic!(
            "implementations disagree in {text} [{} {}]\nfast moves {fast_moves:?}\nnaive moves {slow_moves:?}\nonly fast {only_fast:?}\nonly naive {only_slow:?}",
            o.recentering.name(),
            o.leave.name()
        );
    }
    assert_eq!(pos.lost_outright(), naive.lost_outright());
    assert_eq!(pos.is_check(), naive.in_check(), "check status in {text}");
    moves
}

/// The move report agrees with the move: same result as `play_unchecked`, origins, and every
/// piece gone accounted for at the right check from squares that make sense.
fn check_report(pos: &RelativePosition, mv: RelativeMove, expected: &RelativePosition) {
    let mut next = pos.clone();
    let report = next.play_with_report(mv);
    assert_eq!(next.position_text(), expected.position_text());
    assert_eq!(next.hash(), expected.hash());
    let n = pos.size() as i32;
    let on_board = |(x, y): (i32, i32)| (0..n).contains(&x) && (0..n).contains(&y);
    let origin = pos.origin();
    assert_eq!(report.origin_before, (origin.x as i32, origin.y as i32));
    assert_eq!(report.shift, mv.shift());
    let shifted = (
        report.origin_before.0 - report.shift.0,
        report.origin_before.1 - report.shift.1,
    );
    assert_eq!(report.origin_after_shift, shifted);
    let after = next.origin();
    assert_eq!(report.origin_after(), (after.x as i32, after.y as i32));
    let (dx, dy) = report.shift;
    for loss in &report.lost_at_shift {
        assert_eq!(pos.piece_at(loss.square), Some(loss.piece), "{}", mv.text());
        let pushed = (loss.square.x as i32 - dx, loss.square.y as i32 - dy);
        assert!(
            !on_board(pushed),
            "{} lost at the shift from {}",
            mv.text(),
            loss.square
        );
    }
    let (sx, sy) = report.recentering;
    for loss in &report.lost_at_recentering {
        let pushed = (loss.square.x as i32 + sx, loss.square.y as i32 + sy);
        assert!(
            !on_board(pushed),
            "{} lost at recentering from {}",
            mv.text(),
            loss.square
        );
    }
    let gone = report.captured.is_some() as usize
        + report.lost_at_shift.len()
        + report.lost_at_recentering.len();
    let count = |p: &RelativePosition| p.piece_count(Color::White) + p.piece_count(Color::Black);
    assert_eq!(count(pos) - gone, count(&next), "{}", mv.text());
    assert_eq!(
        report.castling_rook.is_some(),
        mv.kind() == RelativeMoveKind::Castle
    );
}

const SIZES: [u8; 6] = [10, 11, 12, 16, 20, 26];

fn options_from_pairs(pairs: &[(String, String)]) -> RelativeOptions {
    let mut o = RelativeOptions::default();
    for (key, value) in pairs {
        o.set(key, value).unwrap();
    }
    o
}

/// Counts above this are checked against the fast generator only (the naive one manages some
/// tens of thousands of nodes a second); every entry still has its depth 3 checked by both.
const NAIVE_NODE_BUDGET: u64 = 700_000;

#[test]
fn perft_file_matches_both_implementations() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/perft/relative.txt"))
        .expect("tests/perft/relative.txt");
    let entries = parse_perft_file(&text);
    assert_eq!(
        entries.len(),
        24,
        "sizes 10, 12, 16, 20 × 2 recentering × 3 leave"
    );
    let mut naive_checked = 0;
    for entry in &entries {
        let o = options_from_pairs(&entry.options);
        let pos = RelativePosition::from_text(&entry.position, o).expect(&entry.id);
        assert_eq!(
            pos.position_text(),
            RelativePosition::start(o).position_text()
        );
        assert!(
            entry.counts.iter().any(|&(depth, _)| depth >= 3),
            "{}",
            entry.id
        );
        let naive = NaivePosition::from_text(&entry.position, o.recentering, o.leave);
        let mut naive_depth = 0;
        for &(depth, nodes) in &entry.counts {
            assert_eq!(
                rules::perft::perft(&pos, depth),
                nodes,
                "{} depth {depth}",
                entry.id
            );
            if nodes <= NAIVE_NODE_BUDGET {
                assert_eq!(
                    naive.perft(depth),
                    nodes,
                    "naive: {} depth {depth}",
                    entry.id
                );
                naive_checked += 1;
                naive_depth = naive_depth.max(depth);
            }
        }
        assert!(
            naive_depth >= 3,
            "{}: naive generator checked only to depth {naive_depth}",
            entry.id
        );
    }
    eprintln!("{naive_checked} counts checked by the naive generator");
    assert!(
        naive_checked >= 60,
        "only {naive_checked} counts checked by the naive generator"
    );
}

#[test]
fn differential_random_play() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut positions = 0;
    let mut off_inner = 0;
    let mut games = 0;
    // Moves of each interesting sort seen among the legal moves compared:
    // edge loss, castling, en passant, promotion, enemy king lost.
    let mut seen = [0usize; 5];
    while positions < 12000 {
        games += 1;
        let size = SIZES[rng.below(SIZES.len())];
        let recentering = Recentering::ALL[rng.below(2)];
        let leave = [Leave::Yes, Leave::Yes, Leave::Sides, Leave::No][rng.below(4)];
        let mut pos = RelativePosition::start(options(size, recentering, leave));
        for _ in 0..160 {
            let moves = compare_with_naive(&pos);
            positions += 1;
            if pos
                .pieces()
                .iter()
                .any(|&(square, _)| !pos.is_on_inner_board(square))
            {
                off_inner += 1;
            }
            for &mv in &moves {
                let mut next = pos.clone();
                let report = next.play_with_report(mv);
                let lost = report.lost_at_shift.len() + report.lost_at_recentering.len();
                seen[0] += (lost > 0) as usize;
                seen[1] += (mv.kind() == RelativeMoveKind::Castle) as usize;
                seen[2] += (mv.kind() == RelativeMoveKind::EnPassant) as usize;
                seen[3] += mv.promotion().is_some() as usize;
                seen[4] += next.lost_outright().is_some() as usize;
            }
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(mv);
        }
    }
    eprintln!(
        "{games} games, {positions} positions, {off_inner} with pieces off the inner board; \
         moves with edge loss, castling, en passant, promotion, king lost: {seen:?}"
    );
    assert!(off_inner > positions / 3);
    assert!(
        seen.iter().all(|&count| count >= 20),
        "too few special moves: {seen:?}"
    );
}

/// Position text for a random position: kings and a few pieces anywhere on the outer board
/// (so many stand near the edges), the inner board anywhere allowed. May be invalid (for
/// example the side not to move in check); the caller lets the reader decide.
fn random_position_text(rng: &mut Rng, size: u8) -> String {
    let n = size as usize;
    let mut grid = vec![vec![None; n]; n];
    let limit = n - 8;
    let origin = (rng.below(limit + 1), rng.below(limit + 1));
    let place = |rng: &mut Rng, piece: Piece, grid: &mut Vec<Vec<Option<Piece>>>| loop {
        let (x, y) = (rng.below(n), rng.below(n));
        let rel_y = y as i32 - origin.1 as i32;
        if piece.role == Role::Pawn && !(1..=6).contains(&rel_y) {
            continue;
        }
        if grid[y][x].is_none() {
            grid[y][x] = Some(piece);
            return;
        }
    };
    // Kings near an edge or the inner board's corners, to exercise edge deaths.
    for color in Color::ALL {
        place(rng, Piece::new(color, Role::King), &mut grid);
    }
    let extra = 2 + rng.below(12);
    for _ in 0..extra {
        let color = Color::ALL[rng.below(2)];
        let role = [
            Role::Pawn,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ][rng.below(6)];
        place(rng, Piece::new(color, role), &mut grid);
    }
    // Castling-ready back ranks now and then.
    let mut castling = String::new();
    if rng.below(3) == 0 {
        for (color, rank, letters) in [(Color::White, 0, "KQ"), (Color::Black, 7, "kq")] {
            let y = origin.1 + rank;
            for x in [0, 4, 7] {
                grid[y][origin.0 + x] = None;
            }
            grid[y][origin.0 + 4] = Some(Piece::new(color, Role::King));
            grid[y][origin.0] = Some(Piece::new(color, Role::Rook));
            grid[y][origin.0 + 7] = Some(Piece::new(color, Role::Rook));
            castling.push_str(letters);
        }
        // Remove the kings placed earlier elsewhere.
        for (y, row) in grid.iter_mut().enumerate() {
            for (x, cell) in row.iter_mut().enumerate() {
                let home = x == origin.0 + 4 && (y == origin.1 || y == origin.1 + 7);
                if !home && cell.is_some_and(|p| p.role == Role::King) {
                    *cell = None;
                }
            }
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let mut ranks = Vec::new();
    for y in (0..n).rev() {
        let mut rank = String::new();
        let mut empty = 0;
        for cell in &grid[y] {
            match cell {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                        empty = 0;
                    }
                    rank.push(piece.fen_char());
                }
            }
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    format!(
        "{} {side} {castling} - 0 1 {}",
        ranks.join("/"),
        AbsSquare::new(origin.0 as u8, origin.1 as u8)
    )
}

#[test]
fn differential_random_positions() {
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let mut positions = 0;
    let mut accepted = 0;
    while positions < 12000 {
        let size = SIZES[rng.below(SIZES.len())];
        let o = options(
            size,
            Recentering::ALL[rng.below(2)],
            Leave::ALL[rng.below(3)],
        );
        let text = random_position_text(&mut rng, size);
        let Ok(mut pos) = RelativePosition::from_text(&text, o) else {
            continue;
        };
        accepted += 1;
        assert_eq!(pos.position_text(), text, "round trip");
        for _ in 0..12 {
            let moves = compare_with_naive(&pos);
            positions += 1;
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    assert!(accepted > 500);
}

// ----- building positions in absolute coordinates -----

/// Position text from pieces on absolute `(x, y)` squares.
fn text_for(
    size: u8,
    origin: (u8, u8),
    pieces: &[((u8, u8), char)],
    side: char,
    castling: &str,
    ep: &str,
) -> String {
    let n = size as usize;
    let mut grid = vec![vec!['.'; n]; n];
    for &((x, y), c) in pieces {
        grid[y as usize][x as usize] = c;
    }
    let ranks: Vec<String> = (0..n)
        .rev()
        .map(|y| {
            let mut rank = String::new();
            let mut empty = 0;
            for &c in &grid[y] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                    }
                    empty = 0;
                    rank.push(c);
                }
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            rank
        })
        .collect();
    format!(
        "{} {side} {castling} {ep} 0 1 {}",
        ranks.join("/"),
        AbsSquare::new(origin.0, origin.1)
    )
}

fn build(
    o: RelativeOptions,
    origin: (u8, u8),
    pieces: &[((u8, u8), char)],
    side: char,
) -> RelativePosition {
    let text = text_for(o.size, origin, pieces, side, "-", "-");
    RelativePosition::from_text(&text, o).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn at(x: u8, y: u8) -> AbsSquare {
    AbsSquare::new(x, y)
}

fn find_move(pos: &RelativePosition, from: AbsSquare, to: AbsSquare) -> Option<RelativeMove> {
    pos.legal_move_list().into_iter().find(|mv| {
        mv.from() == from && mv.to() == to && mv.promotion().is_none_or(|r| r == Role::Queen)
    })
}

fn play(
    pos: &RelativePosition,
    from: AbsSquare,
    to: AbsSquare,
) -> (RelativePosition, rules::relative::MoveReport) {
    let mv =
        find_move(pos, from, to).unwrap_or_else(|| panic!("{from}{to} is not legal in {pos:?}"));
    let mut next = pos.clone();
    let report = next.play_with_report(mv);
    (next, report)
}

fn piece(c: char) -> Piece {
    Piece::from_fen_char(c).unwrap()
}

// ----- the worked examples of docs/rules-relative.md -----

#[test]
fn worked_example_1_knight_f3_from_the_start() {
    for recentering in Recentering::ALL {
        let start = RelativePosition::start(options(16, recentering, Leave::Yes));
        assert_eq!(start.origin(), at(4, 4));
        let mv = start.parse_move("k5j7").unwrap();
        let mut next = start.clone();
        let report = next.play_with_report(mv);
        assert_eq!(report.shift, (-1, 2));
        assert_eq!(report.origin_after_shift, (5, 2));
        match recentering {
            Recentering::Leibnizian => {
                assert_eq!(report.recentering, (0, 0));
                assert_eq!(next.origin(), at(5, 2));
                assert_eq!(next.piece_at(at(10, 4)), Some(piece('N')));
                assert_eq!(next.king(Color::White), Some(at(9, 2)));
                assert_eq!(next.king(Color::Black), Some(at(9, 9)));
            }
            Recentering::Aristotelian => {
                assert_eq!(report.recentering, (-1, 1));
                assert_eq!(next.origin(), at(4, 3));
                assert_eq!(next.piece_at(at(9, 5)), Some(piece('N')));
                assert_eq!(next.king(Color::White), Some(at(8, 3)));
                assert_eq!(next.king(Color::Black), Some(at(8, 10)));
            }
        }
        // The knight stands on relative f3 either way.
        let knight = next
            .pieces()
            .into_iter()
            .find(|&(square, p)| p == piece('N') && next.relative_of(square) == (5, 2));
        assert!(knight.is_some());
    }
}

fn example_2_position() -> RelativePosition {
    build(
        options(16, Recentering::Aristotelian, Leave::Yes),
        (2, 4),
        &[((5, 7), 'R'), ((6, 4), 'K'), ((6, 11), 'k')],
        'w',
    )
}

#[test]
fn worked_example_2_boundary_rule_and_outer_limit_on_a_rank() {
    let pos = example_2_position();
    assert_eq!(pos.relative_of(at(5, 7)), (3, 3));
    let mut along_rank: Vec<u8> = pos
        .legal_move_list()
        .into_iter()
        .filter(|mv| mv.from() == at(5, 7) && mv.to().y == 7)
        .map(|mv| mv.to().x)
        .collect();
    along_rank.sort();
    // Relative x −2..=5: two squares beyond a4, then a4..f4; g4 and h4 break the boundary
    // rule, relative x = −3 would be off the outer board.
    assert_eq!(along_rank, vec![0, 1, 2, 3, 4, 6, 7]);
    let (next, report) = play(&pos, at(5, 7), at(0, 7));
    assert_eq!(report.origin_after_shift, (7, 4));
    assert_eq!(report.recentering, (-1, 0));
    assert_eq!(next.origin(), at(6, 4));
    assert_eq!(next.piece_at(at(4, 7)), Some(piece('R')));
    assert_eq!(next.king(Color::White), Some(at(10, 4)));
    assert_eq!(next.king(Color::Black), Some(at(10, 11)));
}

fn example_3_position(white_king: (u8, u8)) -> RelativePosition {
    build(
        options(16, Recentering::Leibnizian, Leave::Yes),
        (4, 4),
        &[
            ((4, 7), 'R'),
            (white_king, 'K'),
            ((8, 11), 'k'),
            ((1, 9), 'n'),
            ((2, 2), 'B'),
        ],
        'w',
    )
}

#[test]
fn worked_example_3_pieces_fall_over_the_edge() {
    let pos = example_3_position((8, 4));
    let mv = find_move(&pos, at(4, 7), at(7, 7)).expect("rook to relative d4 is legal");
    assert!(pos.is_capture(mv), "the black knight goes over the edge");
    assert!(pos.is_zeroing(mv));
    let mut next = pos.clone();
    let report = next.play_with_report(mv);
    assert_eq!(next.origin(), at(1, 4));
    let mut lost: Vec<(AbsSquare, Piece)> = report
        .lost_at_shift
        .iter()
        .map(|loss| (loss.square, loss.piece))
        .collect();
    lost.sort_by_key(|&(square, _)| square);
    assert_eq!(lost, vec![(at(1, 9), piece('n')), (at(2, 2), piece('B'))]);
    assert!(report.lost_at_recentering.is_empty());
    assert_eq!(next.king(Color::White), Some(at(5, 4)));
    assert_eq!(next.king(Color::Black), Some(at(5, 11)));
    assert_eq!(next.piece_at(at(4, 7)), Some(piece('R')));
    assert_eq!(next.pieces().len(), 3);
    assert_eq!(next.halfmoves(), 0);

    // The same move with the White king on (2, 4) would push it off: illegal.
    let pos = example_3_position((2, 4));
    assert!(find_move(&pos, at(4, 7), at(7, 7)).is_none());
    // Near-miss: one square further in, the king survives the shift of 3.
    let pos = example_3_position((3, 4));
    assert!(find_move(&pos, at(4, 7), at(7, 7)).is_some());
}

// ----- each rule, where it applies and a near-miss where it does not -----

#[test]
fn boundary_rule_cuts_a_ray_but_not_an_attack() {
    // O = (2, 2) on 16×16: d.x may not exceed O.x = 2.
    let o = options(16, Recentering::Leibnizian, Leave::Yes);
    let pos = build(
        o,
        (2, 2),
        &[((5, 5), 'Q'), ((3, 2), 'K'), ((10, 12), 'k')],
        'w',
    );
    assert!(
        find_move(&pos, at(5, 5), at(7, 5)).is_some(),
        "d.x = O.x is allowed"
    );
    assert!(
        find_move(&pos, at(5, 5), at(8, 5)).is_none(),
        "d.x = O.x + 1 is cut"
    );
    assert!(find_move(&pos, at(5, 5), at(7, 7)).is_some());
    assert!(find_move(&pos, at(5, 5), at(8, 8)).is_none());
    // Leftwards only the outer board's edge stops the ray (O.x − d.x ≤ 8 allows d.x ≥ −6).
    assert!(find_move(&pos, at(5, 5), at(0, 5)).is_some());
    // Attacks ignore the boundary rule: a king on the cut part of the ray is in check.
    let pos = build(
        o,
        (2, 2),
        &[((5, 5), 'Q'), ((3, 2), 'K'), ((12, 5), 'k')],
        'b',
    );
    assert!(pos.is_check());
    assert!(find_move(&pos, at(12, 5), at(12, 6)).is_some());
    assert!(
        find_move(&pos, at(12, 5), at(11, 5)).is_none(),
        "still on the queen's rank"
    );
}

#[test]
fn leave_settings_yes_sides_no() {
    // White rook on relative d1 (7, 4) with O = (4, 4).
    let pieces = [((7, 4), 'R'), ((10, 9), 'K'), ((5, 10), 'k')];
    let left_off = at(3, 4); // relative (−1, 0): off to the side
    let down_off = at(7, 3); // relative (3, −1): off below
    let left_edge = at(4, 4); // relative a1: still on the inner board
    for (leave, side_ok, below_ok) in [
        (Leave::Yes, true, true),
        (Leave::Sides, true, false),
        (Leave::No, false, false),
    ] {
        let pos = build(
            options(16, Recentering::Aristotelian, leave),
            (4, 4),
            &pieces,
            'w',
        );
        assert_eq!(
            find_move(&pos, at(7, 4), left_off).is_some(),
            side_ok,
            "{leave:?} side"
        );
        assert_eq!(
            find_move(&pos, at(7, 4), down_off).is_some(),
            below_ok,
            "{leave:?} below"
        );
        assert!(
            find_move(&pos, at(7, 4), left_edge).is_some(),
            "{leave:?} near-miss"
        );
    }
    // Under `sides` a piece already beside the inner board may move along its ranks.
    let pieces = [((2, 6), 'N'), ((10, 9), 'K'), ((5, 10), 'k')];
    let pos = build(
        options(16, Recentering::Aristotelian, Leave::Sides),
        (4, 4),
        &pieces,
        'w',
    );
    assert!(
        find_move(&pos, at(2, 6), at(3, 8)).is_some(),
        "relative rank 5, beside the board"
    );
    assert!(
        find_move(&pos, at(2, 6), at(3, 4)).is_some(),
        "relative rank 1"
    );
    assert!(find_move(&pos, at(2, 6), at(1, 4)).is_some());
    // Under `no` it may only come back onto the inner board.
    let pos = build(
        options(16, Recentering::Aristotelian, Leave::No),
        (4, 4),
        &pieces,
        'w',
    );
    let mut targets: Vec<AbsSquare> = pos
        .legal_move_list()
        .into_iter()
        .filter(|mv| mv.from() == at(2, 6))
        .map(|mv| mv.to())
        .collect();
    targets.sort();
    assert_eq!(targets, vec![at(4, 5), at(4, 7)]);
}

#[test]
fn losing_an_own_piece_is_legal() {
    // Example 3's bishop, and a near-miss one square further in that survives.
    for (bishop, lost) in [((2, 2), true), ((3, 2), false)] {
        let pos = build(
            options(16, Recentering::Leibnizian, Leave::Yes),
            (4, 4),
            &[((4, 7), 'R'), ((8, 4), 'K'), ((8, 11), 'k'), (bishop, 'B')],
            'w',
        );
        let mv = find_move(&pos, at(4, 7), at(7, 7)).expect("legal either way");
        assert!(
            !pos.is_capture(mv),
            "an own piece lost is not a capture of enemy material"
        );
        assert_eq!(
            pos.is_zeroing(mv),
            lost,
            "a piece lost over the edge resets the count"
        );
        let (next, report) = play(&pos, at(4, 7), at(7, 7));
        assert_eq!(report.lost_at_shift.len(), lost as usize);
        assert_eq!(next.piece_count(Color::White), if lost { 2 } else { 3 });
        assert_eq!(next.halfmoves(), if lost { 0 } else { 1 });
    }
}

#[test]
fn losing_the_own_king_is_illegal_at_either_edge_check() {
    // At the recentering: O.x = 5 > c = 4, so a move with d.x = 0 recentres by −1 on x and
    // pushes the White king on file a off the board.
    let pieces = [((0, 6), 'K'), ((9, 6), 'R'), ((12, 12), 'k')];
    let aristotelian = build(
        options(16, Recentering::Aristotelian, Leave::Yes),
        (5, 4),
        &pieces,
        'w',
    );
    assert!(find_move(&aristotelian, at(9, 6), at(9, 7)).is_none());
    // Near-miss: with d.x = −1 the shift (+1) and the recentering (−1) cancel on x.
    assert!(find_move(&aristotelian, at(9, 6), at(8, 6)).is_some());
    // With d.x = 1 the shift alone pushes the king off.
    assert!(find_move(&aristotelian, at(9, 6), at(10, 6)).is_none());
    let leibnizian = build(
        options(16, Recentering::Leibnizian, Leave::Yes),
        (5, 4),
        &pieces,
        'w',
    );
    assert!(
        find_move(&leibnizian, at(9, 6), at(9, 7)).is_some(),
        "near-miss: no recentering"
    );
}

#[test]
fn pushing_the_enemy_king_over_the_edge_wins() {
    let o = options(16, Recentering::Leibnizian, Leave::Yes);
    // Rook to relative d4: d = (3, 0), everything moves 3 to the left.
    let pos = build(
        o,
        (4, 4),
        &[((4, 7), 'R'), ((8, 4), 'K'), ((1, 9), 'k')],
        'w',
    );
    let mv = find_move(&pos, at(4, 7), at(7, 7)).expect("legal");
    assert!(pos.is_capture(mv));
    assert!(
        pos.display_move(mv).ends_with('#'),
        "{}",
        pos.display_move(mv)
    );
    let (next, report) = play(&pos, at(4, 7), at(7, 7));
    assert_eq!(
        report.lost_at_shift,
        vec![rules::relative::EdgeLoss {
            square: at(1, 9),
            piece: piece('k')
        }]
    );
    assert_eq!(next.lost_outright(), Some(Color::Black));
    assert_eq!(next.king(Color::Black), None);
    assert_eq!(next.count_legal_moves(), 0);
    assert_eq!(rules::perft::perft(&next, 2), 0);
    // Near-miss: the king one square further in survives and the game goes on.
    let pos = build(
        o,
        (4, 4),
        &[((4, 7), 'R'), ((8, 4), 'K'), ((3, 9), 'k')],
        'w',
    );
    let (next, _) = play(&pos, at(4, 7), at(7, 7));
    assert_eq!(next.lost_outright(), None);
    assert!(next.count_legal_moves() > 0);
    // Pushing both kings off is illegal: losing the own king comes first.
    let pos = build(
        o,
        (4, 4),
        &[((4, 7), 'R'), ((2, 4), 'K'), ((1, 9), 'k')],
        'w',
    );
    assert!(find_move(&pos, at(4, 7), at(7, 7)).is_none());
}

#[test]
fn castling_is_blocked_by_the_boundary_rule() {
    let o = options(16, Recentering::Leibnizian, Leave::Yes);
    let castling_position = |ox: u8| {
        let pieces = [
            ((ox + 4, 4), 'K'),
            ((ox + 7, 4), 'R'),
            ((ox, 4), 'R'),
            ((ox + 4, 11), 'k'),
        ];
        let text = text_for(16, (ox, 4), &pieces, 'w', "KQ", "-");
        RelativePosition::from_text(&text, o).unwrap()
    };
    let castles = |pos: &RelativePosition| -> Vec<i32> {
        pos.legal_move_list()
            .into_iter()
            .filter(|mv| mv.kind() == RelativeMoveKind::Castle)
            .map(|mv| mv.shift().0)
            .collect()
    };
    // Short castling has d = (2, 0) and needs O.x ≥ 2; long needs O.x ≤ N − 8 − 2 = 6.
    assert_eq!(castles(&castling_position(1)), vec![-2]);
    let mut both = castles(&castling_position(2));
    both.sort();
    assert_eq!(both, vec![-2, 2]);
    assert_eq!(castles(&castling_position(6)).len(), 2);
    assert_eq!(castles(&castling_position(7)), vec![2]);

    // Castling short with O = (2, 4): the king stays on g5, the rook lands on relative f1.
    let pos = castling_position(2);
    let mv = pos.parse_move("g5i5").unwrap();
    assert_eq!(mv.kind(), RelativeMoveKind::Castle);
    assert_eq!(pos.display_move(mv), "O-O");
    let mut next = pos.clone();
    let report = next.play_with_report(mv);
    let rook = report.castling_rook.expect("rook motion");
    assert_eq!((rook.from, rook.to), (at(9, 4), at(5, 4)));
    assert_eq!(next.origin(), at(0, 4));
    assert_eq!(next.piece_at(at(6, 4)), Some(piece('K')));
    assert_eq!(next.piece_at(at(5, 4)), Some(piece('R')));
    assert_eq!(next.castling_rights(), [false, false, false, false]);
    assert!(
        next.position_text().contains(" b - - 1 1 a5"),
        "{}",
        next.position_text()
    );
}

#[test]
fn en_passant_after_a_shift() {
    let o = options(16, Recentering::Aristotelian, Leave::Yes);
    let pieces = [
        ((7, 10), 'p'),
        ((8, 8), 'P'),
        ((4, 4), 'K'),
        ((11, 11), 'k'),
    ];
    let pos = build(o, (4, 4), &pieces, 'b');
    // Black d7-d5: d = (0, −2), O′ = (4, 6), recentred to (4, 5).
    let (after_double, _) = play(&pos, at(7, 10), at(7, 8));
    assert_eq!(after_double.origin(), at(4, 5));
    assert_eq!(after_double.ep_square(), Some(at(7, 10)), "relative d6");
    assert_eq!(after_double.piece_at(at(8, 9)), Some(piece('P')));
    assert_eq!(after_double.piece_at(at(7, 9)), Some(piece('p')));
    let ep = after_double
        .parse_move("i10h11")
        .expect("en passant is legal");
    assert_eq!(ep.kind(), RelativeMoveKind::EnPassant);
    assert!(after_double.is_capture(ep));
    assert_eq!(after_double.display_move(ep), "exd6");
    let mut taken = after_double.clone();
    let report = taken.play_with_report(ep);
    assert_eq!(
        report.captured.map(|c| (c.square, c.piece)),
        Some((at(7, 9), piece('p')))
    );
    assert_eq!(taken.piece_count(Color::Black), 1);
    // The en-passant square makes a difference to repetition only while the capture exists.
    assert_ne!(after_double.repetition_key(), {
        let text = after_double.position_text().replace(" h11 ", " - ");
        RelativePosition::from_text(&text, o)
            .unwrap()
            .repetition_key()
    });

    // Near-miss: one ply later the capture is gone.
    let king_move = |pos: &RelativePosition| {
        let king = pos.king(pos.side_to_move()).unwrap();
        let mv = pos
            .legal_move_list()
            .into_iter()
            .find(|mv| mv.from() == king)
            .unwrap();
        let mut next = pos.clone();
        next.play_unchecked(mv);
        next
    };
    let waited = king_move(&king_move(&after_double));
    assert!(waited
        .legal_move_list()
        .iter()
        .all(|mv| mv.kind() != RelativeMoveKind::EnPassant));

    // A double-stepping pawn lost over the edge at the recentering leaves no en passant.
    for (file, survives) in [(0u8, false), (1, true)] {
        let pieces = [((file, 10), 'p'), ((6, 4), 'K'), ((13, 11), 'k')];
        let pos = build(o, (6, 4), &pieces, 'b');
        let (next, report) = play(&pos, at(file, 10), at(file, 8));
        assert_eq!(report.recentering, (-1, -1));
        assert_eq!(report.lost_at_recentering.len(), !survives as usize);
        assert_eq!(next.ep_square().is_some(), survives);
        if survives {
            assert_eq!(next.ep_square(), Some(at(0, 10)));
        }
    }
}

#[test]
fn promotion_on_the_far_rank_off_the_inner_files() {
    let o = options(16, Recentering::Leibnizian, Leave::Yes);
    // White pawn on relative (−1, 6), one step from relative rank 8, off the files a–h.
    let pos = build(
        o,
        (4, 4),
        &[((3, 10), 'P'), ((8, 4), 'K'), ((8, 11), 'k')],
        'w',
    );
    let mut promotions: Vec<Role> = pos
        .legal_move_list()
        .into_iter()
        .filter(|mv| mv.from() == at(3, 10))
        .map(|mv| mv.promotion().expect("every pawn move here promotes"))
        .collect();
    promotions.sort();
    assert_eq!(
        promotions,
        vec![Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
    );
    let mv = pos.parse_move(" d11d12N ").unwrap();
    assert!(pos.is_promotion(mv));
    assert_eq!(pos.display_move(mv), "a'8=N", "relative file −1");
    assert!(matches!(
        pos.parse_move("d11d12"),
        Err(rules::MoveTextError::Illegal { .. })
    ));
    let mut next = pos.clone();
    next.play_unchecked(mv);
    assert_eq!(
        next.piece_at(at(3, 10)),
        Some(piece('N')),
        "the mover stays put"
    );
    assert_eq!(next.relative_of(at(3, 10)), (-1, 7));
    // Near-miss: one rank lower there is no promotion.
    let pos = build(
        o,
        (4, 4),
        &[((3, 9), 'P'), ((8, 4), 'K'), ((8, 11), 'k')],
        'w',
    );
    let moves: Vec<RelativeMove> = pos
        .legal_move_list()
        .into_iter()
        .filter(|mv| mv.from() == at(3, 9))
        .collect();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].promotion(), None);
    assert_eq!(moves[0].text(), "d10d11");
}

#[test]
fn recentering_pushes_pieces_off_the_board() {
    // O = (5, 4): a move with d.x = 0 recentres by −1 on x.
    let pieces = [((0, 9), 'n'), ((5, 6), 'R'), ((9, 4), 'K'), ((9, 11), 'k')];
    let pos = build(
        options(16, Recentering::Aristotelian, Leave::Yes),
        (5, 4),
        &pieces,
        'w',
    );
    let mv = find_move(&pos, at(5, 6), at(5, 7)).unwrap();
    assert!(pos.is_capture(mv));
    let (next, report) = play(&pos, at(5, 6), at(5, 7));
    assert_eq!(report.origin_after_shift, (5, 3));
    assert_eq!(report.recentering, (-1, 1));
    assert!(report.lost_at_shift.is_empty());
    assert_eq!(
        report.lost_at_recentering,
        vec![rules::relative::EdgeLoss {
            square: at(0, 8),
            piece: piece('n')
        }]
    );
    assert_eq!(next.piece_count(Color::Black), 1);
    assert_eq!(next.piece_at(at(4, 7)), Some(piece('R')));
    // Near-miss: without recentering the knight stays on (0, 8).
    let pos = build(
        options(16, Recentering::Leibnizian, Leave::Yes),
        (5, 4),
        &pieces,
        'w',
    );
    let mv = find_move(&pos, at(5, 6), at(5, 7)).unwrap();
    assert!(!pos.is_capture(mv));
    let (next, report) = play(&pos, at(5, 6), at(5, 7));
    assert!(report.lost_at_recentering.is_empty());
    assert_eq!(next.piece_at(at(0, 8)), Some(piece('n')));

    // The mover itself can be pushed off by the recentering; the move stays legal.
    let pieces = [((0, 6), 'R'), ((9, 4), 'K'), ((9, 11), 'k')];
    let pos = build(
        options(16, Recentering::Aristotelian, Leave::Yes),
        (5, 4),
        &pieces,
        'w',
    );
    let (next, report) = play(&pos, at(0, 6), at(0, 7));
    assert_eq!(
        report.lost_at_recentering,
        vec![rules::relative::EdgeLoss {
            square: at(0, 6),
            piece: piece('R')
        }]
    );
    assert_eq!(next.piece_count(Color::White), 1);
    assert_eq!(next.halfmoves(), 0);
}

// ----- position text, move text, notation, hashing -----

#[test]
fn bad_position_text_names_the_problem() {
    let o = RelativeOptions::default();
    let start = RelativePosition::start(o).position_text();
    let with_board = |board: &str| start.replacen(start.split(' ').next().unwrap(), board, 1);
    let empty16 = "16/".repeat(15) + "16";
    let ranks = |edit: &dyn Fn(&mut Vec<String>)| {
        let mut ranks: Vec<String> = start
            .split(' ')
            .next()
            .unwrap()
            .split('/')
            .map(String::from)
            .collect();
        edit(&mut ranks);
        with_board(&ranks.join("/"))
    };
    let cases: Vec<(String, &str)> = vec![
        (
            start.rsplit_once(' ').unwrap().0.to_string(),
            "has 6 fields",
        ),
        (format!("{start} extra"), "has 8 fields"),
        (with_board(&("10/".repeat(8) + "10")), "9 ranks"),
        (with_board(&("27/".repeat(26) + "27")), "27 ranks"),
        (ranks(&|r| r[0] = "15".into()), "rank 16 has 15 squares"),
        (
            ranks(&|r| r[0] = "8X7".into()),
            "unexpected character 'X' in rank 16",
        ),
        (ranks(&|r| r[0] = "9k7".into()), "rank 16 has 17 squares"),
        (ranks(&|r| r[0] = "016".into()), "starting with 0"),
        // Only the side to move may lack its king (it went over the edge on the last move).
        (
            ranks(&|r| r[11] = "4PPPPPPPP4".into()).replace(" w ", " b "),
            "white has 0 kings",
        ),
        (ranks(&|r| r[0] = "k15".into()), "black has 2 kings"),
        (with_board(&empty16), "black has 0 kings"),
        (start.replace(" w ", " x "), "side to move 'x'"),
        (
            start.replace(" KQkq ", " KQkx "),
            "unexpected character 'x' in the castling field",
        ),
        (start.replace(" KQkq ", " KKq "), "given twice"),
        (
            start.replace(" - 0 1 ", " z9 0 1 "),
            "en-passant square 'z9'",
        ),
        (start.replace(" - 0 1 ", " e8 0 1 "), "en-passant square e8"),
        (start.replace(" 0 1 e5", " x 1 e5"), "half-move clock 'x'"),
        (
            start.replace(" 0 1 e5", " 0 0 e5"),
            "move number '0' is not a whole number from 1",
        ),
        (start.replace(" e5", " e17"), "inner board field 'e17'"),
        (start.replace(" e5", " j5"), "a1 on j5 would stick out"),
        // A pawn on relative rank 1 (outside the inner board's files too).
        (ranks(&|r| r[11] = "P3RNBQKBNR4".into()), "relative rank 1"),
        // Relative rank 8 for a Black pawn beside the inner board.
        (ranks(&|r| r[4] = "p3rnbqkbnr4".into()), "relative rank 8"),
        // Castling rights without the rook in its corner or the king on relative e1.
        (
            ranks(&|r| r[11] = "4RNBQKBN5".into()),
            "castling right 'K' needs a white rook on its relative h1 (l5)",
        ),
        (
            ranks(&|r| r[4] = "4rnbq1bnrk3".into()),
            "castling right 'k' needs the black king on its relative e8 (i12)",
        ),
    ];
    for (text, expected) in cases {
        let error = RelativePosition::from_text(&text, o)
            .expect_err(&format!("accepted bad text {text}"))
            .to_string();
        assert!(
            error.contains(expected),
            "error for {text}\n  was: {error}\n  expected: {expected}"
        );
    }
    // The side not to move in check: a White rook attacks the Black king, White to move is
    // fine; with Black to move … then White's own king would be the one in check.
    let o = options(16, Recentering::Leibnizian, Leave::Yes);
    let checked = text_for(
        16,
        (4, 4),
        &[((8, 4), 'K'), ((8, 11), 'k'), ((8, 8), 'R')],
        'w',
        "-",
        "-",
    );
    let error = RelativePosition::from_text(&checked, o)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("the side not to move (black) is in check"),
        "{error}"
    );
    let fine = checked.replace(" w ", " b ");
    assert!(RelativePosition::from_text(&fine, o).unwrap().is_check());
    // En passant square sanity: right after a White double step it is accepted.
    let ep = text_for(
        16,
        (4, 4),
        &[((8, 4), 'K'), ((8, 11), 'k'), ((6, 7), 'P')],
        'b',
        "-",
        "g7",
    );
    assert!(RelativePosition::from_text(&ep, o).is_ok());
    let ep_wrong = ep.replace(" g7 ", " g6 ");
    assert!(RelativePosition::from_text(&ep_wrong, o)
        .unwrap_err()
        .to_string()
        .contains("en-passant square g6"));
}

#[test]
fn position_text_round_trips() {
    for size in SIZES {
        for recentering in Recentering::ALL {
            let o = options(size, recentering, Leave::Yes);
            let mut pos = RelativePosition::start(o);
            let mut rng = Rng(size as u64 * 7919 + recentering as u64);
            for _ in 0..80 {
                let text = pos.position_text();
                let read = RelativePosition::from_text(&text, o).unwrap();
                assert_eq!(read.position_text(), text);
                assert_eq!(read.hash(), pos.hash(), "hash after reading {text}");
                assert_eq!(read.repetition_key(), pos.repetition_key());
                assert_eq!(legal_texts(&read), legal_texts(&pos));
                let moves = pos.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                let mut next = pos.clone();
                next.play_unchecked(mv);
                if next.lost_outright().is_some() {
                    break;
                }
                pos = next;
            }
        }
    }
    // The size comes from the board field; the other options from the caller.
    let ten = RelativePosition::start(options(10, Recentering::Leibnizian, Leave::No));
    let read =
        RelativePosition::from_text(&ten.position_text(), RelativeOptions::default()).unwrap();
    assert_eq!(read.size(), 10);
    assert_eq!(read.options().leave, Leave::Yes);
    assert_eq!(
        RelativePosition::start(RelativeOptions::default()).position_text(),
        "16/16/16/16/4rnbqkbnr4/4pppppppp4/16/16/16/16/4PPPPPPPP4/4RNBQKBNR4/16/16/16/16 w KQkq - 0 1 e5"
    );
}

#[test]
fn move_text_and_notation() {
    let start = RelativePosition::start(RelativeOptions::default());
    let cases = [
        ("k5j7", "Nf3"),
        ("i6i8", "e4"),
        ("h5h1", "Qd4'"),
        ("e5e1", "Ra4'"),
        ("g5c1", "Bb'4'"),
    ];
    for (text, notation) in cases {
        let mv = start
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(start.move_text(mv), text);
        assert_eq!(start.display_move(mv), notation, "{text}");
    }
    assert_eq!(start.parse_move("  k5j7\n").unwrap().text(), "k5j7");
    for bad in [
        "", "k5", "k5j", "K5J7", "k5j7x", "k5j7k", "k0j7", "q5q17", "k5j7qq", "k5 j7",
    ] {
        assert!(
            matches!(
                start.parse_move(bad),
                Err(rules::MoveTextError::Unreadable { .. })
            ),
            "{bad:?} should be unreadable"
        );
    }
    for illegal in ["k5k7", "i6i9", "i5k5", "a1a2"] {
        assert!(
            matches!(
                start.parse_move(illegal),
                Err(rules::MoveTextError::Illegal { .. })
            ),
            "{illegal:?} should be illegal"
        );
    }
    // Disambiguation by relative file: both rooks can reach relative e8 (i12) from the same
    // rank, one of them from beyond the inner board's h-file.
    let o = options(16, Recentering::Leibnizian, Leave::Yes);
    let pos = build(
        o,
        (4, 4),
        &[
            ((4, 11), 'R'),
            ((12, 11), 'R'),
            ((8, 4), 'K'),
            ((9, 14), 'k'),
        ],
        'w',
    );
    let left = pos.parse_move("e12i12").unwrap();
    assert_eq!(pos.display_move(left), "Rae8");
    let right = pos.parse_move("m12i12").unwrap();
    assert_eq!(pos.display_move(right), "Rie8");
}

#[test]
fn hashing_includes_the_origin_and_transpositions_agree() {
    let o = RelativeOptions::default();
    let start = RelativePosition::start(o);
    // Nf3 Nf6 Ng1 Ng8 comes back to the centred start (counters aside).
    let play_relative = |pos: &mut RelativePosition, from: (i32, i32), to: (i32, i32)| {
        let mv = pos
            .legal_move_list()
            .into_iter()
            .find(|mv| pos.relative_of(mv.from()) == from && pos.relative_of(mv.to()) == to)
            .unwrap_or_else(|| panic!("no move {from:?} → {to:?}"));
        pos.play_unchecked(mv);
    };
    let mut pos = start.clone();
    play_relative(&mut pos, (6, 0), (5, 2));
    play_relative(&mut pos, (6, 7), (5, 5));
    play_relative(&mut pos, (5, 2), (6, 0));
    assert_ne!(pos.origin(), start.origin());
    play_relative(&mut pos, (5, 5), (6, 7));
    assert_eq!(pos.origin(), start.origin());
    assert_eq!(pos.hash(), start.hash());
    assert_eq!(pos.repetition_key(), start.repetition_key());
    assert_eq!(pos.halfmove_clock(), 4);
    // The same pieces on the same absolute squares with the inner board elsewhere differ.
    let here = build(o, (4, 4), &[((8, 4), 'K'), ((8, 11), 'k')], 'w');
    let there = build(o, (3, 4), &[((8, 4), 'K'), ((8, 11), 'k')], 'w');
    assert_ne!(here.hash(), there.hash());
    // An en-passant square nobody can use changes `hash` but not the repetition key.
    let mut e4 = start.clone();
    e4.play_unchecked(start.parse_move("i6i8").unwrap());
    let ep = e4.ep_square().expect("written after every double step");
    assert_eq!(e4.relative_of(ep), (4, 2));
    let without_ep =
        RelativePosition::from_text(&e4.position_text().replace(&format!(" {ep} "), " - "), o)
            .unwrap();
    assert_ne!(e4.hash(), without_ep.hash());
    assert_eq!(e4.repetition_key(), without_ep.repetition_key());
}

#[test]
fn options_read_from_names() {
    let mut o = RelativeOptions::default();
    assert_eq!(
        (o.size, o.recentering, o.leave),
        (16, Recentering::Aristotelian, Leave::Yes)
    );
    o.set("size", "20").unwrap();
    o.set("recentering", "leibnizian").unwrap();
    o.set("leave", "sides").unwrap();
    assert_eq!(
        (o.size, o.recentering, o.leave),
        (20, Recentering::Leibnizian, Leave::Sides)
    );
    for (key, value, expected) in [
        (
            "size",
            "9",
            "bad value '9' for option size (expected a whole number from 10 to 26)",
        ),
        ("size", "27", "bad value '27' for option size"),
        ("size", "big", "bad value 'big' for option size"),
        (
            "recentering",
            "newtonian",
            "bad value 'newtonian' for option recentering",
        ),
        ("leave", "maybe", "bad value 'maybe' for option leave"),
        (
            "colour",
            "red",
            "unknown option 'colour' for variant relative",
        ),
    ] {
        let error = o.set(key, value).unwrap_err().to_string();
        assert!(error.contains(expected), "{key}={value}: {error}");
    }
    assert_eq!(o.size, 20, "a failed set changes nothing");
    assert_eq!(Leave::from_name("no"), Some(Leave::No));
    assert_eq!(
        Recentering::from_name("aristotelian"),
        Some(Recentering::Aristotelian)
    );
    assert!(RelativeOptions::new(26, Recentering::Aristotelian, Leave::No).is_ok());
    assert!(RelativeOptions::new(8, Recentering::Aristotelian, Leave::No).is_err());
}

#[test]
fn a_final_position_with_a_king_over_the_edge_reads_back() {
    use rules::any::AnyGame;
    use rules::game::{EndReason, Outcome};
    use rules::options::VariantOptions;
    let options = RelativeOptions::default();
    // 10×10, inner board at b2: the rook steps right, everything else shifts left and the
    // black king on a8 falls off the board.
    let start =
        RelativePosition::from_text("10/10/k9/10/10/1R8/10/10/5K4/10 w - - 0 1 b2", options)
            .expect("start");
    let mut finished = start.clone();
    let mv = finished.parse_move_text("b5c5").expect("move text");
    finished.play_unchecked(mv);
    assert_eq!(finished.lost_outright(), Some(Color::Black));
    let text = finished.to_text();
    assert!(!text.contains('k'), "the black king is gone: {text}");
    let read = RelativePosition::from_text(&text, options)
        .unwrap_or_else(|error| panic!("{text} does not read back: {error}"));
    assert_eq!(read.to_text(), text);
    assert_eq!(read.lost_outright(), Some(Color::Black));
    assert_eq!(read.count_legal_moves(), 0);
    assert_eq!(read.hash(), finished.hash());

    // As a start position the text is the finished game it came from.
    let relative =
        VariantOptions::from_pairs(rules::VariantKind::Relative, &["size=10"]).expect("options");
    let game = AnyGame::with_start(relative, Some(&text)).expect("finished start");
    let end = game.result().expect("the game is over");
    assert_eq!(
        (end.outcome, end.reason),
        (Outcome::Win(Color::White), EndReason::KingLostOverEdge)
    );

    // Only the side to move may lack its king: the same board with White to move is refused.
    let white_to_move = text.replacen(" b ", " w ", 1);
    let error = RelativePosition::from_text(&white_to_move, options).unwrap_err();
    assert!(error.to_string().contains("black has 0 kings"), "{error}");
}

// ----- the readable notation of the move list (docs/rules-relative.md, "Writing moves") -----

/// The legal move whose display name (check sign aside) is `name`, as a reader of the move
/// list finds it: by comparing with each legal move's name, never by decoding squares.
fn by_display_name(pos: &RelativePosition, name: &str) -> Option<RelativeMove> {
    let bare = |text: &str| text.trim_end_matches(['+', '#']).to_string();
    let matches: Vec<RelativeMove> = pos
        .legal_move_list()
        .into_iter()
        .filter(|&mv| bare(&pos.display_move(mv)) == bare(name))
        .collect();
    assert!(matches.len() <= 1, "{name} names {matches:?} in {pos:?}");
    matches.first().copied()
}

#[test]
fn a_game_in_readable_notation_replays_like_its_move_text() {
    use rules::any::AnyGame;
    use rules::options::VariantOptions;
    // An Italian opening with castling, captures and checks, written as the players saw it
    // and as saved (Aristotelian recentering, 16×16; the first three as in docs/move-text.md).
    let readable = "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O Nxe4 Re1 d5 Rxe4 dxe4 Bxf7+ Kxf7";
    let absolute = "i6i8 i10i8 k5j7 f11g9 j5g8 m10l8 k5m5 j10i8 j6i6 h11h9 i6i9 h8i7 g8j11 g10h9";
    let start = RelativePosition::start(RelativeOptions::default());
    let mut by_name = start.clone();
    let mut by_text = start.clone();
    for (name, text) in readable.split_whitespace().zip(absolute.split_whitespace()) {
        let named = by_display_name(&by_name, name)
            .unwrap_or_else(|| panic!("{name} is not a legal move's name in {by_name:?}"));
        let saved = by_text.parse_move(text).unwrap();
        assert_eq!(by_name.move_text(named), text, "{name}");
        assert_eq!(by_text.display_move(saved), name, "{text}");
        by_name.play_unchecked(named);
        by_text.play_unchecked(saved);
        assert_eq!(
            by_name.position_text(),
            by_text.position_text(),
            "after {name}"
        );
    }

    // The game record reads the same names as typed moves, check signs and marks or not, and
    // keeps the move text; the move list shows the name with its marks.
    for recentering in ["aristotelian", "leibnizian"] {
        let pairs = [format!("recentering={recentering}")];
        let pairs: Vec<&str> = pairs.iter().map(String::as_str).collect();
        let options = VariantOptions::from_pairs(rules::VariantKind::Relative, &pairs).unwrap();
        let mut typed = AnyGame::new(options).unwrap();
        for name in readable.split_whitespace() {
            typed
                .play(name)
                .unwrap_or_else(|e| panic!("{recentering}: typed {name}: {e}"));
        }
        let entries = typed.move_list();
        let shown: Vec<&str> = entries.iter().map(|e| e.display.as_str()).collect();
        assert_eq!(shown.join(" "), readable, "{recentering}");
        if recentering == "aristotelian" {
            let saved: Vec<&str> = entries.iter().map(|e| e.text.as_str()).collect();
            assert_eq!(saved.join(" "), absolute);
            // 1.e4 moved the board down by two and it came back one step: everything rose.
            assert_eq!(entries[0].marks, "\u{2191}");
            assert_eq!(entries[2].marks, "\u{2196}", "1.Nf3 of worked example 1");
        } else {
            assert!(entries.iter().all(|e| e.marks.is_empty()), "{entries:?}");
        }
    }
    let mut typed =
        AnyGame::new(VariantOptions::default_for(rules::VariantKind::Relative)).unwrap();
    for name in ["e4", "e5", "Nf3\u{2196}", "Nc6+", "0-0"] {
        let result = typed.play(name);
        assert_eq!(result.is_ok(), name != "0-0", "{name}: {result:?}");
    }
}

#[test]
fn marks_name_the_recentering_and_the_pieces_lost_over_the_edge() {
    use rules::view::ViewPosition;
    // Worked example 3: Leibnizian, so no recentering; the rook's move to relative d4 throws
    // the white bishop and the black knight over the rim.
    let pos = example_3_position((8, 4));
    let mv = find_move(&pos, at(4, 7), at(7, 7)).unwrap();
    assert_eq!(pos.display_move(mv), "Rd4");
    assert_eq!(pos.move_marks(mv), "\u{2020}Bn");
    assert_eq!(ViewPosition::move_marks(&pos, mv), "\u{2020}Bn");
    // A move that loses nothing and stays put in Leibnizian chess has no marks.
    let quiet = find_move(&pos, at(8, 4), at(8, 5)).unwrap();
    assert_eq!(pos.display_move(quiet), "Ke2");
    assert_eq!(pos.move_marks(quiet), "");
    // Squares left of and below the inner board are primed mirror names.
    let far_left = find_move(&pos, at(4, 7), at(2, 7)).unwrap();
    assert_eq!(pos.display_move(far_left), "Rb'4");
}

#[test]
fn display_names_are_unique_and_read_back_over_random_games() {
    let mut rng = Rng(0x5eed_1234_abcd_0017);
    let mut positions = 0;
    let mut off_inner_names = 0;
    while positions < 1500 {
        let size = SIZES[rng.below(SIZES.len())];
        let recentering = Recentering::ALL[rng.below(2)];
        let leave = [Leave::Yes, Leave::Sides, Leave::No][rng.below(3)];
        let mut pos = RelativePosition::start(options(size, recentering, leave));
        for _ in 0..120 {
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            positions += 1;
            let mut names: Vec<String> = moves.iter().map(|&mv| pos.display_move(mv)).collect();
            for (&mv, name) in moves.iter().zip(&names) {
                off_inner_names += name.contains('\'') as usize;
                let (read, pending) = pos
                    .find_readable(name)
                    .unwrap_or_else(|| panic!("{name} does not read back in {pos:?}"));
                assert_eq!((read, pending), (mv, false), "{name} in {pos:?}");
                let marked = format!("{name}{}", pos.move_marks(mv));
                assert_eq!(pos.find_readable(&marked), Some((mv, false)), "{marked}");
            }
            names.sort();
            let count = names.len();
            names.dedup();
            assert_eq!(names.len(), count, "two moves share a name in {pos:?}");
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(mv);
        }
    }
    assert!(
        off_inner_names > 1000,
        "too few names off the inner board: {off_inner_names}"
    );
}
