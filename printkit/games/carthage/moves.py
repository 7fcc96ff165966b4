"""Chariot Race at Carthage: the forced-move walk on the board (pure functions of the board).

A square (or a FATUM card on its square) may move a chariot on its own; `landings` lists where
such a move can end, and `find_loop` looks for a chain of them that never ends (rule CT010).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.api import Card
from printkit.games.carthage.components.board.model import Board, Move


@dataclass(frozen=True)
class Spot:
    track: int
    pos: int  # 0-based position along the lap


def card_move(card: Card) -> Move | None:
    """The move a FATUM card makes its holder do on its square (fields steps/lanes/to_stone)."""
    steps = card.get("steps") or 0
    to_stone = bool(card.get("to_stone"))
    if not steps and not to_stone:
        return None
    return Move(steps, card.get("lanes") or 0, to_stone)


def card_effect(card: Card) -> str | None:
    """What a FATUM card without a move makes its holder do on its square: "again" (field
    `again`: throw the die again and move at once) or "halt" (field `halts_behind`: the chariot
    right behind on the same track loses its next turn); None for neither."""
    if card.get("again"):
        return "again"
    if card.get("halts_behind"):
        return "halt"
    return None


def landings(b: Board, spot: Spot, move: Move) -> list[Spot]:
    """Every square a forced move from `spot` can end on (the player's choices included)."""
    lap = b.lap
    if move.to_stone:
        stones = sorted((s - 1) % lap for s in b.mileage_stones)
        if not stones:
            return []
        ahead = [s for s in stones if s > spot.pos] or [stones[0] + lap]
        return [Spot(spot.track, ahead[0] % lap)]
    out = []
    for d in range(-move.lanes, move.lanes + 1):
        t = spot.track + d
        if 0 <= t < len(b.tracks):
            out.append(Spot(t, (spot.pos + move.steps) % lap))
    return out


def find_loop(b: Board, moves: dict[Spot, tuple[Move, object]]) -> list[Spot] | None:
    """A cycle of forced moves (each landing on another forced-move square), if there is one.

    An iterative depth-first walk, so a long chain of squares cannot overflow the stack.
    """
    done: set[Spot] = set()
    for start in sorted(moves, key=lambda s: (s.track, s.pos)):
        if start in done:
            continue
        path: list[Spot] = [start]
        on_path = {start}
        todo = [iter(landings(b, start, moves[start][0]))]
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                finished = path.pop()
                on_path.discard(finished)
                done.add(finished)
                todo.pop()
                continue
            if nxt not in moves or nxt in done:
                continue
            if nxt in on_path:
                return path[path.index(nxt) :] + [nxt]
            path.append(nxt)
            on_path.add(nxt)
            todo.append(iter(landings(b, nxt, moves[nxt][0])))
    return None


def describe_move(move: Move) -> str:
    if move.to_stone:
        return "up to the next mileage stone"
    way = "forward" if move.steps > 0 else "backward"
    n = abs(move.steps)
    return f"{n} {way}" + (
        f" (up to {move.lanes} track{'s' if move.lanes > 1 else ''} aside)" if move.lanes else ""
    )
