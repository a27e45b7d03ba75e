#!/usr/bin/env python3
"""Where the games against stockfish are lost: each move's loss, as a full-strength stockfish
judges it, by player and by phase of the game.

Not part of CI. Reads the PGN that `strength.py --pgn FILE` writes, evaluates the position
before and after every move at a fixed depth, and prints per player and phase (opening: the
first twelve moves; endgame: at most 8 points of pieces left, counting a minor piece 1, a rook
2 and a queen 4, on both sides together; middlegame: the rest):

- the mean loss in centipawns (a move's loss is how much the mover's evaluation drops,
  capped at 1,000; positions already won or lost by more than 1,500 are left out);
- how many moves lost 150 centipawns or more from a position not already lost by 300;
- for the engine under test, those large losses by kind of move (capture, check, quiet).

    python3 tests/strength/strength.py --games 200 --elo 2200 --pgn games.pgn
    python3 tests/strength/losses.py games.pgn --depth 10 --worst large.epd

`--worst FILE` also writes the engine's large losses, one per line: the position before the
move (FEN), the move played, the judge's choice there and the loss, to look at one by one.
"""

import argparse
import collections

import chess
import chess.engine
import chess.pgn

PHASES = ("opening", "middlegame", "endgame")
LARGE_LOSS = 150
CAP = 1000


def phase(board):
    points = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}
    pieces = sum(len(board.pieces(role, color)) * value
                 for role, value in points.items() for color in chess.COLORS)
    if board.fullmove_number <= 12:
        return "opening"
    return "endgame" if pieces <= 8 else "middlegame"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--engine-name", default="boardshift",
                        help="the player whose large losses are sorted by kind")
    parser.add_argument("--worst", help="write the engine's large losses to this file")
    args = parser.parse_args()

    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge.configure({"Threads": 1, "Hash": 64})

    def judged(board):
        """White's score and the judge's move (None when the game is over)."""
        info = judge.analyse(board, chess.engine.Limit(depth=args.depth))
        best = info.get("pv", [None])[0]
        return info["score"].pov(chess.WHITE).score(mate_score=3000), best

    worst = open(args.worst, "w") if args.worst else None

    losses = collections.defaultdict(list)
    large = collections.Counter()
    kinds = collections.Counter()
    games = 0
    with open(args.pgn) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            games += 1
            board = game.board()
            before, choice = judged(board)
            for move in game.mainline_moves():
                mover = board.turn
                player = game.headers["White" if mover == chess.WHITE else "Black"]
                stage = phase(board)
                capture = board.is_capture(move)
                fen = board.fen()
                board.push(move)
                after, next_choice = judged(board)
                sign = 1 if mover == chess.WHITE else -1
                loss = max(0, min(CAP, sign * (before - after)))
                if abs(before) < 1500:
                    losses[player, stage].append(loss)
                    if loss >= LARGE_LOSS and sign * before > -300:
                        large[player, stage] += 1
                        if player == args.engine_name:
                            kind = "capture" if capture else "check" if board.is_check() else "quiet"
                            kinds[kind] += 1
                            if worst:
                                worst.write(f"{fen};{move.uci()};"
                                            f"{choice.uci() if choice else '-'};{loss};{stage}\n")
                before, choice = after, next_choice
    judge.quit()
    if worst:
        worst.close()

    print(f"{games} games, judged by stockfish at depth {args.depth}")
    for player in sorted({player for player, _ in losses}):
        for stage in PHASES:
            moves = losses[player, stage]
            if moves:
                print(f"{player:16} {stage:10} moves {len(moves):5}  mean loss "
                      f"{sum(moves) / len(moves):5.1f} cp  losing >= {LARGE_LOSS} cp: "
                      f"{large[player, stage]}")
    print(f"{args.engine_name}'s losses of >= {LARGE_LOSS} cp by kind of move: {dict(kinds)}")


if __name__ == "__main__":
    main()
