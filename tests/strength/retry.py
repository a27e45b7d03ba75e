#!/usr/bin/env python3
"""Would more time have saved the large losses? Replays each position that `losses.py --worst`
wrote, asks the engine again at several move times, and has stockfish judge each answer.

Not part of CI. For every position where the move played differs from the judge's choice,
the engine searches from a new game at each move time; the judge scores the best move and
each answer at a fixed depth, and an answer's loss is the difference (capped at 1,000 cp).
Prints one line per position and, at the end, the mean loss and how many answers lost less
than 80 cp, per move time. Losses that more time removes point at the search's depth and
pruning; losses that stay point at the evaluation (or at a line the search prunes at any
depth).

    python3 tests/strength/losses.py games.pgn --worst large.epd
    python3 tests/strength/retry.py target/release/boardshift large.epd --times 0.1,0.4,1.6
"""

import argparse

import chess
import chess.engine

CAP = 1000
SAVED = 80


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine", help="the boardshift binary (run as `ENGINE uci`)")
    parser.add_argument("worst", help="the file `losses.py --worst` wrote")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--depth", type=int, default=12, help="the judge's depth")
    parser.add_argument("--times", default="0.1,0.4,1.6", help="move times in seconds")
    args = parser.parse_args()
    times = [float(t) for t in args.times.split(",")]

    ours = chess.engine.SimpleEngine.popen_uci([args.engine, "uci"])
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge.configure({"Threads": 1, "Hash": 64})

    def mover_score(board):
        """The score of `board` for the side that just moved, as the judge sees it."""
        info = judge.analyse(board, chess.engine.Limit(depth=args.depth))
        return -info["score"].relative.score(mate_score=3000)

    total = [0] * len(times)
    saved = [0] * len(times)
    positions = 0
    with open(args.worst) as worst:
        for line in worst:
            fen, played, choice, _loss, stage = line.strip().split(";")
            if played == choice:
                continue
            board = chess.Board(fen)
            best = judge.analyse(board, chess.engine.Limit(depth=args.depth))
            best_score = best["score"].relative.score(mate_score=3000)
            answers = []
            for at, seconds in enumerate(times):
                # A new game each time: nothing learned from the previous answer carries over.
                move = ours.play(board, chess.engine.Limit(time=seconds), game=object()).move
                after = board.copy()
                after.push(move)
                loss = max(0, min(CAP, best_score - mover_score(after)))
                total[at] += loss
                saved[at] += loss < SAVED
                answers.append(f"{seconds}s {move.uci()} {loss}")
            positions += 1
            print(f"{stage} {fen} played {played} judge {choice} | " + " | ".join(answers),
                  flush=True)
    ours.quit()
    judge.quit()
    if positions:
        for at, seconds in enumerate(times):
            print(f"{seconds:5} s a move: mean loss {total[at] / positions:6.1f} cp, "
                  f"under {SAVED} cp in {saved[at]} of {positions}")


if __name__ == "__main__":
    main()
