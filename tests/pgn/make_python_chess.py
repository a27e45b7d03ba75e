# Writes python-chess.pgn with python-chess 1.11.2: promotion, en passant, both castlings, clocks, a NAG, a variation.
import chess, chess.pgn
game = chess.pgn.Game(); game.headers.update(Event="Fixture", White="Alpha", Black="Beta", TimeControl="180+2")
moves = "e4 d5 e5 f5 exf6 Nc6 fxg7 Bf5 gxh8=Q Qd7 Nf3 O-O-O Bc4 a6 O-O Kb8 Qxg8".split()
node, clocks = game, [180000 - 3100 * i for i in range(len(moves))]
for i, san in enumerate(moves):
    node = node.add_main_variation(node.board().parse_san(san)); node.set_clock(clocks[i] / 1000)
    if san == "exf6": node.nags.add(chess.pgn.NAG_GOOD_MOVE); node.parent.add_variation(node.parent.board().parse_san("Nc3")).comment = "also fine"
game.headers["Result"] = "1-0"; game.headers["Termination"] = "Black resigns"
open("python-chess.pgn", "w").write(str(game) + "\n\n" + str(chess.pgn.Game()) + "\n"); print(node.board().fen())
