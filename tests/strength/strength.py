#!/usr/bin/env python3
"""Strength check: the Boardshift engine against Debian's stockfish limited to a UCI_Elo.

Not part of CI. Plays paired games (each opening once with each colour) at a fixed time per
move, then prints the score with an Elo difference estimate and its 95% error bars.

    pip install chess
    cargo build --release -p boardshift-cli
    python3 tests/strength/strength.py --games 100 --movetime 100 --elo 1800

With --book FILE (and --chess960 for Chess960 starts, e.g. crates/engine/books/chess960.txt)
the games start from the book's positions instead of the built-in openings.

With --concurrency N, N games are played at once, each worker with its own pair of engines
(on a machine with at least N cores to spare; both sides of a game never think at once).

The opponent's rating estimate is elo + difference; stockfish's UCI_Elo scale is its own
(anchored to CCRL 40/4), so the figure is only comparable with runs of the same setup.
"""

import argparse
import math
import sys
import threading
import time

import chess
import chess.engine
import chess.pgn

# Short, balanced openings (four to six plies), played once with each colour.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",
    "e2e4 c7c5 g1f3 d7d6",
    "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5",
    "d2d4 d7d5 c2c4 e7e6",
    "d2d4 g8f6 c2c4 g7g6",
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",
    "c2c4 e7e5 b1c3 g8f6",
    "g1f3 d7d5 g2g3 g8f6",
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
    "e2e4 e7e5 f1c4 g8f6",
    "d2d4 d7d5 c1f4 g8f6 e2e3 c7c5",
    "e2e4 c7c5 b1c3 b8c6 g2g3 g7g6",
    "c2c4 c7c5 g1f3 g8f6",
    "e2e4 g7g6 d2d4 f8g7",
    "d2d4 f7f5 g2g3 g8f6",
    "e2e4 e7e5 g1f3 g8f6",
    "d2d4 g8f6 g1f3 d7d5 e2e3 e7e6",
    "e2e4 b8c6 d2d4 d7d5",
    "b2b3 e7e5 c1b2 b8c6",
    "e2e4 c7c5 c2c3 g8f6",
    "d2d4 d7d5 c2c4 c7c6",
    "e2e4 e7e6 d2d4 d7d5 b1d2 c7c5",
    "g1f3 g8f6 c2c4 b7b6",
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",
]


def elo_from_score(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


def summary(wins, draws, losses):
    games = wins + draws + losses
    if games == 0:
        return "no games"
    score = (wins + 0.5 * draws) / games
    # Per-game variance of the result (1, ½, 0), for the 95% interval of the mean score.
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games
    margin = 1.96 * math.sqrt(variance / games)
    low, high = score - margin, score + margin
    elo = elo_from_score(score)
    return (
        f"games {games}: +{wins} ={draws} -{losses}, score {100 * score:.1f}% "
        f"(95% {100 * max(low, 0):.1f}%..{100 * min(high, 1):.1f}%), "
        f"Elo difference {elo:+.0f} (95% {elo_from_score(low):+.0f}..{elo_from_score(high):+.0f})"
    )


def drawn_or_decided(board):
    """Whether the game is over as Boardshift's automatic draws end it: mate, stalemate, too
    little material, or a threefold repetition or 100 plies without a capture or pawn move that
    has happened on the board. Not python-chess's `claim_draw=True`, which also ends the game
    when the side to move merely could repeat: that called positions drawn where the side to
    move was winning and would never have repeated."""
    if board.is_game_over():
        return True
    return board.is_repetition(3) or board.halfmove_clock >= 100


def result_text(score, engine_white):
    """The game's result in PGN's terms, from the engine's score and colour."""
    if score == 0.5:
        return "1/2-1/2"
    return "1-0" if (score == 1.0) == engine_white else "0-1"


def start_board(opening, chess960):
    """The board after an opening: moves from the start, or a position text from a book."""
    if "/" in opening:
        return chess.Board(opening, chess960=chess960)
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    return board


def play_game(engine, opponent, opening, engine_white, movetime, max_plies, chess960=False):
    board = start_board(opening, chess960)
    limit = chess.engine.Limit(time=movetime / 1000.0)
    while not drawn_or_decided(board) and board.ply() < max_plies:
        engine_to_move = (board.turn == chess.WHITE) == engine_white
        player = engine if engine_to_move else opponent
        result = player.play(board, limit)
        if result.move is None or result.move not in board.legal_moves:
            raise RuntimeError(
                f"{'engine' if engine_to_move else 'stockfish'} returned {result.move} in {board.fen()}"
            )
        board.push(result.move)
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        return 0.5, board
    return (1.0 if outcome.winner == engine_white else 0.0), board


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/boardshift")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--movetime", type=int, default=100, help="milliseconds per move")
    parser.add_argument("--elo", type=int, default=1800)
    parser.add_argument("--max-plies", type=int, default=400, help="adjudicate a draw after this")
    parser.add_argument("--concurrency", type=int, default=1, help="games played at once")
    parser.add_argument("--pgn", default=None, help="append the games to this PGN file")
    parser.add_argument("--book", default=None,
                        help="play from this book's positions (one position text a line) instead")
    parser.add_argument("--first", type=int, default=0, help="skip this many of the book's lines")
    parser.add_argument("--engine-option", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option for the engine under test, e.g. Level=analysis")
    parser.add_argument("--chess960", action="store_true",
                        help="Chess960 castling (with UCI_Chess960), e.g. with the Chess960 book")
    args = parser.parse_args()
    openings = OPENINGS
    if args.book:
        with open(args.book) as handle:
            openings = [line.strip() for line in handle if line.strip()][args.first:]

    tally = {"wins": 0, "draws": 0, "losses": 0}
    next_game = iter(range(args.games))
    lock = threading.Lock()
    failures = []
    started = time.time()

    def worker():
        engine = chess.engine.SimpleEngine.popen_uci([args.engine, "uci"])
        engine.configure(dict(pair.split("=", 1) for pair in args.engine_option))
        opponent = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        opponent.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Threads": 1, "Hash": 16})
        try:
            while True:
                with lock:
                    game_index = next(next_game, None)
                if game_index is None:
                    return
                opening = openings[(game_index // 2) % len(openings)]
                engine_white = game_index % 2 == 0
                engine.protocol.send_line("ucinewgame")
                score, board = play_game(
                    engine, opponent, opening, engine_white, args.movetime, args.max_plies, args.chess960
                )
                with lock:
                    key = "wins" if score == 1.0 else "draws" if score == 0.5 else "losses"
                    tally[key] += 1
                    colour = "white" if engine_white else "black"
                    print(
                        f"game {game_index + 1}: engine {colour}, {result_text(score, engine_white)} "
                        f"in {board.ply()} plies; {summary(tally['wins'], tally['draws'], tally['losses'])}",
                        flush=True,
                    )
                    if args.pgn:
                        game = chess.pgn.Game.from_board(board)
                        game.headers["Result"] = result_text(score, engine_white)
                        game.headers["White"] = "boardshift" if engine_white else f"stockfish {args.elo}"
                        game.headers["Black"] = f"stockfish {args.elo}" if engine_white else "boardshift"
                        with open(args.pgn, "a") as handle:
                            print(game, file=handle, end="\n\n")
        except Exception as error:  # reported after the other workers finish
            failures.append(error)
        finally:
            engine.quit()
            opponent.quit()

    workers = [threading.Thread(target=worker) for _ in range(max(args.concurrency, 1))]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    if failures:
        raise failures[0]
    print(
        f"final: {summary(tally['wins'], tally['draws'], tally['losses'])}; {time.time() - started:.0f} s",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
