//! Test suite: the computer opponent. It never returns an illegal move (random positions of
//! every variant, positions with one legal move, finished games), it finds known mates in
//! standard chess and constructed variant mates (a mating slide, a mate that exists only
//! because of relative chess's boundary rule), mate scores survive the transposition table,
//! hashes agree with positions rebuilt from text, and levels are reproducible from their seed.

use engine::rng::Rng;
use engine::score::MATE;
use engine::time::FrozenClock;
use engine::{think, Level, Limits, SearchPosition, Searcher, StdClock, TimeSource};
use rules::regroupment::{allowed_back_ranks, start_fen, RegroupmentOptions};
use rules::relative::{Leave, Recentering, RelativeOptions, RelativePosition};
use rules::sliding::{SlidingMove, SlidingPosition, Tile};
use rules::{CastlingMode, ChessPosition, GamePosition};
use std::sync::atomic::Ordering;

fn legal<P: GamePosition>(pos: &P) -> Vec<P::Move> {
    let mut moves = Vec::new();
    if pos.lost_outright().is_none() {
        pos.legal_moves(&mut moves);
    }
    moves
}

/// Plays `plies` random legal moves (fewer if the game ends), keeping repetition keys.
fn random_walk<P: GamePosition>(start: &P, plies: usize, rng: &mut Rng) -> (P, Vec<u64>) {
    let mut pos = start.clone();
    let mut keys = Vec::new();
    for _ in 0..plies {
        let moves = legal(&pos);
        if moves.is_empty() {
            break;
        }
        keys.push(pos.repetition_key());
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
    }
    (pos, keys)
}

struct Tally {
    searched: usize,
    finished: usize,
    single_reply: usize,
}

/// Searches many random positions reached from `starts` with every level and checks the
/// answer: a legal move when there is one, the only move when there is only one, and no
/// move when the game is over.
fn never_illegal<P: SearchPosition>(
    starts: &[P],
    count: usize,
    max_plies: u64,
    seed: u64,
) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally {
        searched: 0,
        finished: 0,
        single_reply: 0,
    };
    let levels = [Level::Easy, Level::Medium, Level::Hard, Level::Analysis];
    for index in 0..count {
        let start = &starts[index % starts.len()];
        let plies = rng.below(max_plies) as usize;
        let (pos, keys) = random_walk(start, plies, &mut rng);
        let level = levels[index % levels.len()];
        let limits = Limits {
            depth: Some(1 + (index % 4) as u32),
            nodes: Some(4_000),
            ..Limits::default()
        };
        let result = think(&pos, &keys, &limits, level, index as u64, &FrozenClock);
        let moves = legal(&pos);
        match result.best_move {
            None => {
                assert!(
                    moves.is_empty(),
                    "no move returned with {} legal in {}",
                    moves.len(),
                    pos.position_text()
                );
                tally.finished += 1;
            }
            Some(mv) => {
                assert!(
                    moves.contains(&mv),
                    "illegal {:?} ({:?}) in {}",
                    mv,
                    level,
                    pos.position_text()
                );
                if moves.len() == 1 {
                    tally.single_reply += 1;
                }
            }
        }
        for pv_move in result.pv.iter().take(1) {
            assert!(moves.contains(pv_move));
        }
        tally.searched += 1;
    }
    tally
}

fn regroupment_starts(count: usize) -> Vec<ChessPosition> {
    let options = RegroupmentOptions::default();
    let ranks = allowed_back_ranks(&options);
    let mut rng = Rng::new(7);
    (0..count)
        .map(|_| {
            let white = &ranks[rng.below(ranks.len() as u64) as usize];
            let black = &ranks[rng.below(ranks.len() as u64) as usize];
            ChessPosition::from_fen_mode(&start_fen(&options, white, black), CastlingMode::Chess960)
                .unwrap()
        })
        .collect()
}

fn relative_options(size: u8, recentering: Recentering, leave: Leave) -> RelativeOptions {
    RelativeOptions {
        size,
        recentering,
        leave,
    }
}

fn relative_starts() -> Vec<RelativePosition> {
    vec![
        RelativePosition::start(RelativeOptions::default()),
        RelativePosition::start(relative_options(10, Recentering::Aristotelian, Leave::Yes)),
        RelativePosition::start(relative_options(12, Recentering::Leibnizian, Leave::Yes)),
        RelativePosition::start(relative_options(16, Recentering::Leibnizian, Leave::Sides)),
        RelativePosition::start(relative_options(14, Recentering::Aristotelian, Leave::No)),
    ]
}

#[test]
fn standard_and_regroupment_moves_are_always_legal() {
    let tally = never_illegal(&[ChessPosition::startpos()], 1500, 160, 1);
    assert!(
        tally.finished > 0,
        "the walks should reach some finished games"
    );
    let tally = never_illegal(&regroupment_starts(20), 500, 120, 2);
    assert_eq!(tally.searched, 500);
}

#[test]
fn sliding_moves_are_always_legal() {
    let starts: Vec<SlidingPosition> = Tile::MIDDLE
        .iter()
        .map(|&gap| SlidingPosition::start(gap))
        .collect();
    let tally = never_illegal(&starts, 1200, 160, 3);
    assert_eq!(tally.searched, 1200);
}

#[test]
fn relative_moves_are_always_legal() {
    let tally = never_illegal(&relative_starts(), 500, 100, 4);
    assert_eq!(tally.searched, 500);
}

#[test]
fn finished_games_give_no_move_and_single_replies_are_played() {
    let mated = ChessPosition::from_fen("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1").unwrap();
    let stalemate = ChessPosition::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    for pos in [mated, stalemate] {
        for level in Level::ALL {
            let result = think(&pos, &[], &Limits::depth(4), level, 1, &FrozenClock);
            assert_eq!(result.best_move, None);
            assert!(result.pv.is_empty());
        }
    }
    // Black's king has g8 as its only square.
    let single = ChessPosition::from_fen("7k/8/6K1/8/8/8/8/R7 b - - 0 1").unwrap();
    assert_eq!(legal(&single).len(), 1);
    for level in Level::ALL {
        let result = think(
            &single,
            &[],
            &Limits::move_time(50),
            level,
            3,
            &StdClock::new(),
        );
        assert_eq!(result.best_move, Some(legal(&single)[0]));
    }
    // Sliding chess (docs/rules-sliding.md): the only legal action is the slide that cuts rank 1.
    let only_slide = SlidingPosition::from_text("k7/8/8/8/2xx4/2xx4/6PP/r6K w - - 0 1 -").unwrap();
    let moves = legal(&only_slide);
    assert_eq!(moves.len(), 1);
    let result = think(
        &only_slide,
        &[],
        &Limits::depth(5),
        Level::Hard,
        1,
        &FrozenClock,
    );
    assert_eq!(result.best_move, Some(moves[0]));
    // The same with the gap at a5 is checkmate: no move.
    let mated = SlidingPosition::from_text("k7/8/xx6/xx6/8/8/6PP/r6K w - - 0 1 -").unwrap();
    assert!(legal(&mated).is_empty());
    assert_eq!(
        think(&mated, &[], &Limits::depth(3), Level::Hard, 1, &FrozenClock).best_move,
        None
    );
}

/// Searches `fen`-like positions and expects mate in `moves` with the given first move.
fn expect_mate<P: SearchPosition>(pos: &P, moves: i32, first: &str, depth: u32) {
    let result = think(
        pos,
        &[],
        &Limits::depth(depth),
        Level::Analysis,
        1,
        &FrozenClock,
    );
    let best = result.best_move.expect("a mating move");
    assert_eq!(
        result.score,
        MATE - (2 * moves - 1),
        "mate in {moves} expected in {}, got score {} with {}",
        pos.position_text(),
        result.score,
        pos.move_text(best)
    );
    assert_eq!(pos.move_text(best), first, "in {}", pos.position_text());
}

#[test]
fn finds_standard_mates_in_one_to_three() {
    let cases = [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            1,
            "h5f7",
        ),
        ("k7/8/1K6/8/8/8/8/7R w - - 0 1", 1, "h1h8"),
        (
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            2,
            "d5f6",
        ),
        (
            "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
            2,
            "g2g1",
        ),
        (
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
            3,
            "f8c5",
        ),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, "f6a6"),
    ];
    for (fen, moves, first) in cases {
        let pos = ChessPosition::from_fen(fen).unwrap();
        expect_mate(&pos, moves, first, 2 * moves as u32 + 2);
    }
}

#[test]
fn finds_a_mating_slide_that_promotes() {
    // Black slides the e3 tile into the gap at e1: the f3 pawn lands on f1 and queens with
    // check. Sliding the tile straight back would carry the new queen to f3, still giving
    // check along the empty long diagonal, so no slide saves White.
    let pos = SlidingPosition::from_text("k7/8/8/8/8/5p2/4xx1P/4xx1K b - - 0 1 -").unwrap();
    let slide = SlidingMove::Slide {
        from: Tile::parse("e3").unwrap(),
        to: Tile::parse("e1").unwrap(),
    };
    assert!(legal(&pos).contains(&slide));
    let after = pos.after(slide);
    assert!(
        after.is_check() && legal(&after).is_empty(),
        "the slide mates"
    );
    expect_mate(&pos, 1, &pos.move_text(slide), 4);
}

/// A relative position from relative squares (inner board frame) and the origin O.
fn relative_position(
    options: RelativeOptions,
    origin: (i32, i32),
    pieces: &[(&str, char)],
    side: char,
) -> RelativePosition {
    let n = options.size as i32;
    let mut board = vec![vec!['.'; n as usize]; n as usize];
    for &(square, piece) in pieces {
        let bytes = square.as_bytes();
        let x = (bytes[0] - b'a') as i32 + origin.0;
        let y = (bytes[1] - b'1') as i32 + origin.1;
        board[y as usize][x as usize] = piece;
    }
    let mut ranks = Vec::new();
    for y in (0..n as usize).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for &c in &board[y] {
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(c);
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let a1 = format!("{}{}", (b'a' + origin.0 as u8) as char, origin.1 + 1);
    let text = format!("{} {side} - - 0 1 {a1}", ranks.join("/"));
    RelativePosition::from_text(&text, options).unwrap()
}

#[test]
fn finds_a_relative_mate_that_only_the_boundary_rule_allows() {
    let options = relative_options(16, Recentering::Leibnizian, Leave::Yes);
    let pieces = [
        ("a1", 'R'),
        ("h1", 'K'),
        ("e8", 'k'),
        ("d7", 'p'),
        ("e7", 'p'),
    ];
    // The rook's move a1–a8 shifts the board 7 down: only possible from O.y = 7, and it
    // leaves the inner board against the left and bottom edges (O = (0, 0)), where the
    // boundary rule forbids the black king's step to f7.
    let pos = relative_position(options, (0, 7), &pieces, 'w');
    let rook_up = pos.parse_move_text("a8a15").unwrap();
    let after = {
        let mut p = pos.clone();
        p.play_unchecked(rook_up);
        p
    };
    assert!(
        after.is_check() && legal(&after).is_empty(),
        "Ra8 mates at the edge"
    );
    expect_mate(&pos, 1, "a8a15", 4);

    // The same pieces with the inner board centred: Kf7 escapes, so no mate in one.
    let centred = relative_position(options, (4, 7), &pieces, 'w');
    let rook_up = centred.parse_move_text("e8e15").unwrap();
    let mut p = centred.clone();
    p.play_unchecked(rook_up);
    assert!(
        p.is_check() && !legal(&p).is_empty(),
        "the king escapes to f7"
    );
    let result = think(
        &centred,
        &[],
        &Limits::depth(2),
        Level::Analysis,
        1,
        &FrozenClock,
    );
    assert!(result.score < MATE - 1);
}

#[test]
fn mate_scores_keep_their_distance_through_the_table() {
    let mut searcher = Searcher::<ChessPosition>::new(8);
    let pos = ChessPosition::from_fen("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1").unwrap();
    let first = searcher.think(
        &pos,
        &[],
        &Limits::depth(8),
        Level::Analysis,
        1,
        &FrozenClock,
        &mut |_| {},
    );
    assert_eq!(first.score, MATE - 5);
    // Again with the table full of this search's results: the same distance.
    let again = searcher.think(
        &pos,
        &[],
        &Limits::depth(8),
        Level::Analysis,
        1,
        &FrozenClock,
        &mut |_| {},
    );
    assert_eq!(again.score, MATE - 5);
    // Two plies on, the table's entries are read two plies nearer the root: mate in two.
    assert!(first.pv.len() >= 3);
    let mut next = pos;
    next.play_unchecked(first.pv[0]);
    next.play_unchecked(first.pv[1]);
    let later = searcher.think(
        &next,
        &[],
        &Limits::depth(6),
        Level::Analysis,
        1,
        &FrozenClock,
        &mut |_| {},
    );
    assert_eq!(later.score, MATE - 3);
}

#[test]
fn hashes_match_positions_rebuilt_from_text() {
    let mut rng = Rng::new(11);
    for _ in 0..100 {
        let plies = rng.below(80) as usize;
        let (pos, _) = random_walk(&ChessPosition::startpos(), plies, &mut rng);
        let rebuilt = ChessPosition::from_fen(&pos.position_text()).unwrap();
        assert_eq!(pos.hash(), rebuilt.hash(), "{}", pos.position_text());
        let gap = Tile::MIDDLE[rng.below(8) as usize];
        let (pos, _) = random_walk(&SlidingPosition::start(gap), plies, &mut rng);
        let rebuilt = SlidingPosition::from_text(&pos.position_text()).unwrap();
        assert_eq!(pos.hash(), rebuilt.hash(), "{}", pos.position_text());
        let options = RelativeOptions::default();
        let (pos, _) = random_walk(&RelativePosition::start(options), plies / 2, &mut rng);
        if pos.lost_outright().is_some() {
            continue;
        }
        let rebuilt = RelativePosition::from_text(&pos.position_text(), options).unwrap();
        assert_eq!(pos.hash(), rebuilt.hash(), "{}", pos.position_text());
    }
}

#[test]
fn repetition_with_the_game_history_is_a_draw() {
    // White is a queen down. The position after Kd4-c3 has already occurred twice in the
    // game, so playing it again draws: the search must take it.
    let pos = ChessPosition::from_fen("q6k/8/8/8/3K4/8/8/8 w - - 10 40").unwrap();
    let lost = think(
        &pos,
        &[],
        &Limits::depth(6),
        Level::Analysis,
        1,
        &FrozenClock,
    );
    assert!(lost.score < -500, "a queen down is lost: {}", lost.score);
    let to_c3 = pos.parse_move_text("d4c3").unwrap();
    let mut repeated = pos;
    repeated.play_unchecked(to_c3);
    // Ten earlier positions; those with Black to move sit at odd distances from the root.
    let mut history: Vec<u64> = (0..10u64).map(|i| 0x1234_5678 + i).collect();
    history[5] = repeated.repetition_key();
    history[9] = repeated.repetition_key();
    let drawn = think(
        &pos,
        &history,
        &Limits::depth(6),
        Level::Analysis,
        1,
        &FrozenClock,
    );
    assert_eq!(drawn.best_move, Some(to_c3));
    assert_eq!(drawn.score, 0);
    // One earlier occurrence is not yet a draw.
    history[5] = 1;
    let once = think(
        &pos,
        &history,
        &Limits::depth(6),
        Level::Analysis,
        1,
        &FrozenClock,
    );
    assert!(once.score < -500);
}

#[test]
fn stop_flag_and_time_limits_are_obeyed() {
    let pos = ChessPosition::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let mut searcher = Searcher::<ChessPosition>::new(4);
    searcher.stop_flag().store(true, Ordering::Relaxed);
    let stopped = searcher.think(
        &pos,
        &[],
        &Limits::default(),
        Level::Analysis,
        1,
        &StdClock::new(),
        &mut |_| {},
    );
    assert!(
        legal(&pos).contains(&stopped.best_move.unwrap()),
        "a stopped search still moves"
    );
    assert!(stopped.depth <= 1);
    searcher.stop_flag().store(false, Ordering::Relaxed);
    let clock = StdClock::new();
    let timed = searcher.think(
        &pos,
        &[],
        &Limits::move_time(100),
        Level::Hard,
        1,
        &clock,
        &mut |_| {},
    );
    assert!(
        timed.elapsed_ms < 400.0,
        "100 ms asked, {} ms used",
        timed.elapsed_ms
    );
    assert!(timed.depth >= 3);
}

#[test]
fn levels_are_reproducible_and_easy_is_weaker() {
    let mut rng = Rng::new(5);
    let mut differences = 0;
    let mut positions = 0;
    for _ in 0..40 {
        let plies = 8 + rng.below(30) as usize;
        let (pos, keys) = random_walk(&ChessPosition::startpos(), plies, &mut rng);
        if legal(&pos).len() < 2 {
            continue;
        }
        positions += 1;
        let easy = |seed| {
            think(
                &pos,
                &keys,
                &Limits::default(),
                Level::Easy,
                seed,
                &FrozenClock,
            )
        };
        assert_eq!(easy(9).best_move, easy(9).best_move, "same seed, same move");
        let strong = think(
            &pos,
            &keys,
            &Limits::depth(5),
            Level::Analysis,
            1,
            &FrozenClock,
        );
        if easy(positions as u64).best_move != strong.best_move {
            differences += 1;
        }
    }
    assert!(
        differences * 5 >= positions,
        "Easy should often deviate from the best move"
    );
}

#[test]
fn clock_management_never_flags() {
    use engine::time::Clock;
    // A 1.5 s + 20 ms game for both sides: every move must leave time on the clock.
    let mut pos = ChessPosition::startpos();
    let mut keys = Vec::new();
    let mut remaining = [1_500.0f64, 1_500.0];
    let mut searchers = [
        Searcher::<ChessPosition>::new(4),
        Searcher::<ChessPosition>::new(4),
    ];
    for ply in 0..80 {
        let side = pos.turn().index();
        let limits = Limits {
            clock: Some(Clock {
                remaining_ms: remaining[side] as u64,
                increment_ms: 20,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let clock = StdClock::new();
        let result =
            searchers[side].think(&pos, &keys, &limits, Level::Hard, ply, &clock, &mut |_| {});
        remaining[side] -= clock.now_ms();
        assert!(remaining[side] > 0.0, "flag fell at ply {ply}");
        remaining[side] += 20.0;
        let Some(mv) = result.best_move else { break };
        keys.push(pos.repetition_key());
        pos.play_unchecked(mv);
    }
}

#[test]
fn easy_sometimes_leaves_a_piece_hanging_and_hard_never_does() {
    // The e4 knight is attacked by the d5 pawn.
    let pos =
        ChessPosition::from_fen("rnbqkb1r/ppp1pppp/8/3p4/4N3/8/PPPPPPPP/R1BQKBNR w KQkq - 0 3")
            .unwrap();
    let knight_moves = |mv: rules::Move| pos.move_text(mv).starts_with("e4");
    let mut hung = 0;
    for seed in 0..60 {
        let easy = think(
            &pos,
            &[],
            &Limits::default(),
            Level::Easy,
            seed,
            &FrozenClock,
        );
        if !knight_moves(easy.best_move.unwrap()) {
            hung += 1;
        }
    }
    assert!(hung >= 1, "Easy should sometimes miss the threat");
    assert!(
        hung <= 30,
        "Easy should usually see it: missed {hung} of 60"
    );
    for seed in 0..5 {
        let hard = think(
            &pos,
            &[],
            &Limits::depth(6),
            Level::Hard,
            seed,
            &FrozenClock,
        );
        assert!(knight_moves(hard.best_move.unwrap()));
    }
}
