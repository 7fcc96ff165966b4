"""Chartae's scoring and legal moves, in plain Python with no drawing and no files.

A map holds (tile, rotation) per cell; cells are (column, row) with rows counted downwards.
A rotation r means r quarter turns clockwise, which moves half-edge i of the tile to position
i + 2r (mod 8) on the map. Half-edges are numbered clockwise from the top-left corner:
0 top-left, 1 top-right, 2 right-top, 3 right-bottom, 4 bottom-right, 5 bottom-left,
6 left-bottom, 7 left-top.

Scoring: tiles link for a territory when at least one pair of facing half-edges shows it on both
tiles (right-top faces left-top, right-bottom faces left-bottom, bottom-right faces top-right,
bottom-left faces top-left). A link joins the two pieces that touch those half-edges, so a tile
with one terrain in two pieces passes a group on only through the piece at that edge. A group's
size is its number of distinct tiles; each side scores its largest group. The larger wins; on a
tie the player who placed the last tile loses.

Legal moves: place the face-up tile, in any rotation, on an empty cell that shares an edge with a
placed tile, keeping the map within columns x rows (the grid floats until a side reaches that
size); or rotate any placed tile a quarter turn clockwise, never more than `max_rotations` times
in a row (counting both players' turns). The game ends when the map is full.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from printkit.games.common.memo import remembered

HALF_EDGES = 8
# (dx, dy, [(my half, its half), ...]) for the right and lower neighbours
FACING = ((1, 0, ((2, 7), (3, 6))), (0, 1, ((4, 1), (5, 0))))
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))

Cell = tuple[int, int]


@dataclass(frozen=True)
class EngineTile:
    """What the engine knows of a tile: its id, each half-edge's terrain and piece index."""

    id: str
    halves: tuple[str, ...]
    piece_of: tuple[int, ...]
    compass: bool = False
    _views: tuple[tuple[tuple[str, ...], tuple[int, ...]], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        views = []
        for rotation in range(4):
            order = [(w - 2 * rotation) % HALF_EDGES for w in range(HALF_EDGES)]
            views.append(
                (tuple(self.halves[i] for i in order), tuple(self.piece_of[i] for i in order))
            )
        object.__setattr__(self, "_views", tuple(views))

    def turned(self, rotation: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """Terrain and piece shown at each map position 0..7 after `rotation` quarter turns."""
        return self._views[rotation % 4]


# A map, finished or growing: (tile, quarter turns clockwise) per cell
Map = dict[Cell, tuple[EngineTile, int]]


@dataclass
class Group:
    terrain: str
    cells: list[Cell]

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass
class Result:
    groups: dict[str, Group]  # terrain -> its largest group
    winner: str | None  # None: a tie with no last placer known
    tie: bool


CONNECTED = ("tile", "region")  # the readings of "connected" (rules.yaml `connected`)


def largest_groups(  # noqa: C901
    placed: Map, terrains: Sequence[str], connected: str = "tile"
) -> dict[str, Group]:
    """Each terrain's largest linked group of tiles (ties: the group listed first in reading
    order). `connected`: "tile", the seed's words (tiles are connected when their shared edge
    shows the territory on both: a tile joins every group it touches, whatever its pieces);
    "region", our finer reading (a link joins the two pieces at that edge, so a tile with one
    terrain in two pieces passes a group on only through the piece at the edge)."""
    shown = {cell: _linked_by(tile.turned(rot), connected) for cell, (tile, rot) in placed.items()}
    parent: dict[tuple[Cell, int], tuple[Cell, int]] = {}

    def find(node: tuple[Cell, Any]) -> tuple[Cell, Any]:
        root = node
        while parent.get(root, root) != root:
            root = parent[root]
        while node != root:
            parent[node], node = root, parent.get(node, node)
        return root

    for cell, (terr, pieces) in shown.items():
        for dx, dy, pairs in FACING:
            other = (cell[0] + dx, cell[1] + dy)
            if other not in shown:
                continue
            oterr, opieces = shown[other]
            for mine, theirs in pairs:
                if terr[mine] == oterr[theirs]:
                    a, b = find((cell, pieces[mine])), find((other, opieces[theirs]))
                    if a != b:
                        parent[a] = b
    members: dict[tuple[Cell, int], set[Cell]] = {}
    terrain_of: dict[tuple[Cell, int], str] = {}
    for cell, (terr, pieces) in shown.items():
        for w in range(HALF_EDGES):
            root = find((cell, pieces[w]))
            members.setdefault(root, set()).add(cell)
            terrain_of[root] = terr[w]
    out = {}
    for terrain in terrains:
        best: list[Cell] = []
        for root, cells in members.items():
            if terrain_of[root] == terrain and len(cells) > len(best):
                best = sorted(cells, key=lambda c: (c[1], c[0]))
        out[terrain] = Group(terrain, best)
    return out


def _linked_by(
    view: tuple[tuple[str, ...], tuple[int, ...]], connected: str
) -> tuple[tuple[str, ...], tuple[str, ...] | tuple[int, ...]]:
    """(terrain, what a link joins) per half-edge: the piece, or for the tile reading the
    terrain itself (one node per tile and terrain)."""
    terr, pieces = view
    return (terr, pieces) if connected == "region" else (terr, terr)


def decide(groups: dict[str, Group], last_placer: str | None) -> Result:
    """The winner of a finished map: the larger group; on a tie the last placer loses."""
    sizes = {t: g.size for t, g in groups.items()}
    top = max(sizes.values())
    leaders = [t for t, s in sizes.items() if s == top]
    if len(leaders) == 1:
        return Result(groups, leaders[0], False)
    if last_placer is None:
        return Result(groups, None, True)
    others = [t for t in leaders if t != last_placer]
    return Result(groups, others[0] if len(others) == 1 else None, True)


def placement_cells(placed: Iterable[Cell], columns: int, rows: int) -> list[Cell]:
    """Empty cells touching a placed tile by an edge that keep the map within columns x rows."""
    taken = set(placed)
    xs = [c[0] for c in taken]
    ys = [c[1] for c in taken]
    # a new cell may lie anywhere that keeps the bounding box within columns x rows
    lo_x, hi_x = max(xs) - columns + 1, min(xs) + columns - 1
    lo_y, hi_y = max(ys) - rows + 1, min(ys) + rows - 1
    out = set()
    for x, y in taken:
        for dx, dy in NEIGHBOURS:
            cx, cy = x + dx, y + dy
            if lo_x <= cx <= hi_x and lo_y <= cy <= hi_y and (cx, cy) not in taken:
                out.add((cx, cy))
    return sorted(out, key=lambda c: (c[1], c[0]))


@dataclass(frozen=True)
class Move:
    """place: put the face-up tile at `cell` with `rotation`; rotate: turn the tile at `cell`."""

    kind: str
    cell: Cell
    rotation: int = 0


@dataclass
class Game:
    """A game in progress: the map, the face-down stack (top last), whose turn, rotation streak."""

    placed: Map
    stack: list[EngineTile]
    players: tuple[str, str]  # territories, in turn order starting with the player to move
    columns: int = 3
    rows: int = 3
    max_rotations: int = 2
    connected: str = "tile"
    turn: int = 0
    streak: int = 0  # rotations played directly in a row
    last_placer: str | None = None
    log: list[Move] = field(default_factory=list)

    @property
    def to_move(self) -> str:
        return self.players[self.turn % 2]

    @property
    def over(self) -> bool:
        return not self.stack

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        moves = [
            Move("place", cell, r)
            for cell in placement_cells(self.placed.keys(), self.columns, self.rows)
            for r in range(4)
        ]
        if self.streak < self.max_rotations:
            moves += [Move("rotate", cell) for cell in sorted(self.placed, key=lambda c: c[::-1])]
        return moves

    def play(self, move: Move) -> None:
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move}")
        if move.kind == "rotate":
            tile, rot = self.placed[move.cell]
            self.placed[move.cell] = (tile, (rot + 1) % 4)
            self.streak += 1
        else:
            self.placed[move.cell] = (self.stack.pop(), move.rotation)
            self.streak = 0
            self.last_placer = self.to_move
        self.log.append(move)
        self.turn += 1

    def result(self, terrains: Sequence[str]) -> Result:
        return decide(largest_groups(self.placed, terrains, self.connected), self.last_placer)


def new_game(
    tiles: Sequence[EngineTile],
    players: tuple[str, str],
    rng: random.Random,
    columns: int = 3,
    rows: int = 3,
    max_rotations: int = 2,
    connected: str = "tile",
) -> Game:
    """Set up: the compass tile in the middle (any rotation), the rest shuffled face down."""
    start = next(t for t in tiles if t.compass)
    stack = [t for t in tiles if t is not start]
    rng.shuffle(stack)
    first = {(0, 0): (start, rng.randrange(4))}
    return Game(first, stack, players, columns, rows, max_rotations, connected)


@dataclass
class Balance:
    games: int
    wins: dict[str, int]  # final winners, ties settled by the last-tile rule
    ties: int  # games whose groups were the same size
    tie_wins: dict[str, int]  # of the ties, won by each side


def random_games(
    tiles: Sequence[EngineTile],
    terrains: tuple[str, str],
    n: int,
    seed: int,
    columns: int = 3,
    rows: int = 3,
    max_rotations: int = 2,
    connected: str = "tile",
) -> Balance:
    """Play n games in which each player picks uniformly among the legal moves.

    Who plays first is drawn for each game. Seeded, so the same inputs give the same numbers.
    The loop inlines Game.legal_moves/play for speed; tests check both agree on seeded games.
    The same inputs are played once per process (see games/common/memo.py).
    """
    inputs = (tuple(tiles), terrains, n, seed, columns, rows, max_rotations, connected)
    return remembered("chartae games", inputs, lambda: _random_games(*inputs), _copy_balance)


def _copy_balance(b: Balance) -> Balance:
    return Balance(b.games, dict(b.wins), b.ties, dict(b.tie_wins))


def _random_games(
    tiles: Sequence[EngineTile],
    terrains: tuple[str, str],
    n: int,
    seed: int,
    columns: int,
    rows: int,
    max_rotations: int,
    connected: str,
) -> Balance:
    rng = random.Random(seed)
    wins = dict.fromkeys(terrains, 0)
    tie_wins = dict.fromkeys(terrains, 0)
    ties = 0
    for _ in range(n):
        players = terrains if rng.random() < 0.5 else (terrains[1], terrains[0])
        game = new_game(tiles, players, rng, columns, rows, max_rotations, connected)
        play_randomly(game, rng)
        result = game.result(terrains)
        if result.winner is not None:
            wins[result.winner] += 1
        if result.tie:
            ties += 1
            if result.winner is not None:
                tie_wins[result.winner] += 1
    return Balance(n, wins, ties, tie_wins)


def play_randomly(game: Game, rng: random.Random) -> None:
    """Finish `game` with uniformly random legal moves (same choice as picking from legal_moves)."""
    placed = game.placed
    while game.stack:
        cells = placement_cells(placed.keys(), game.columns, game.rows)
        n_place = 4 * len(cells)
        n_rotate = len(placed) if game.streak < game.max_rotations else 0
        pick = rng.randrange(n_place + n_rotate)
        if pick < n_place:
            move = Move("place", cells[pick // 4], pick % 4)
            placed[move.cell] = (game.stack.pop(), move.rotation)
            game.streak = 0
            game.last_placer = game.players[game.turn % 2]
        else:
            move = Move("rotate", sorted(placed, key=lambda c: c[::-1])[pick - n_place])
            tile, rot = placed[move.cell]
            placed[move.cell] = (tile, (rot + 1) % 4)
            game.streak += 1
        game.log.append(move)
        game.turn += 1
