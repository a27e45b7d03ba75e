//! Test suite: relative chess — the spec's worked examples, perft against the data file and a
//! naive second implementation, differential random play, each rule with a near-miss, position
//! text errors and round trips, and the move report.

use reference::naive_relative::NaivePosition;
use reference::perft_file::parse_perft_file;
use rules::relative::{
    AbsSquare, Leave, Recentering, RelativeMove, RelativeMoveKind, RelativeOptions,
    RelativePosition,
};
use rules::{Color, GamePosition, Piece, Role};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn options(size: u8, recentering: Recentering, leave: Leave) -> RelativeOptions {
    RelativeOptions::new(size, recentering, leave).unwrap()
}

fn sq(name: &str, size: u8) -> AbsSquare {
    AbsSquare::parse(name, size).unwrap_or_else(|| panic!("bad square {name}"))
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
    assert_eq!(entries.len(), 24, "sizes 10, 12, 16, 20 × 2 recentering × 3 leave");
    let mut naive_checked = 0;
    for entry in &entries {
        let o = options_from_pairs(&entry.options);
        let pos = RelativePosition::from_text(&entry.position, o).expect(&entry.id);
        assert_eq!(pos.position_text(), RelativePosition::start(o).position_text());
        assert!(entry.counts.iter().any(|&(depth, _)| depth >= 3), "{}", entry.id);
        let naive = NaivePosition::from_text(&entry.position, o.recentering, o.leave);
        let mut naive_depth = 0;
        for &(depth, nodes) in &entry.counts {
            assert_eq!(rules::perft::perft(&pos, depth), nodes, "{} depth {depth}", entry.id);
            if nodes <= NAIVE_NODE_BUDGET {
                assert_eq!(naive.perft(depth), nodes, "naive: {} depth {depth}", entry.id);
                naive_checked += 1;
                naive_depth = naive_depth.max(depth);
            }
        }
        assert!(naive_depth >= 3, "{}: naive generator checked only to depth {naive_depth}", entry.id);
    }
    eprintln!("{naive_checked} counts checked by the naive generator");
    assert!(naive_checked >= 60, "only {naive_checked} counts checked by the naive generator");
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
    let mut place = |rng: &mut Rng, piece: Piece, grid: &mut Vec<Vec<Option<Piece>>>| loop {
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
