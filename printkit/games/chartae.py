"""Chartae: the rules file (map size, rotation limit, balance settings), the tile-set checks, and
settling a finished map (`printkit score chartae LAYOUT`).

The game logic itself (scoring, legal moves, random games) is in chartae_engine, which knows
nothing of files; this module connects it to the kit's data and reports at file:line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from printkit.api import Game, GameRules
from printkit.checks import Finding, Problem, RuleSet, Severity, run_checks
from printkit.checks.data_rules import DATA_RULES
from printkit.core.errors import Collector, Diagnostic, InputError, Location, fail
from printkit.core.limits import MAX_CHECK_GAMES
from printkit.games._chartae_engine import (
    EngineTile,
    Result,
    decide,
    largest_groups,
    random_games,
)
from printkit.games._chartae_rules import SCHEMA, ChartaeRules
from printkit.games._chartae_rules import rules as rules_of
from printkit.games._chartae_summary import balance_study
from printkit.kit import Kit, component_of_type
from printkit.load.schema import where
from printkit.model.sim_report import SimReport
from printkit.model.tiles import HALF_EDGES, TileSet, tile_problems

__all__ = ["GAME", "RULES", "SCHEMA", "ChartaeRules"]

RULES = RuleSet("chartae")


def tile_set(kit: Kit) -> TileSet:
    cid = component_of_type(kit, "tiles")
    if cid is None:
        raise LookupError("the chartae kit has no tiles component")
    return kit.model_as(cid, TileSet)


def engine_tiles(tiles: TileSet) -> list[EngineTile]:
    return [EngineTile(t.id, t.halves, t.piece_of(), t.compass) for t in tiles.tiles]


def _tiles_where(ts: TileSet) -> Location:
    return where(ts, "tiles", key=True) or Location(ts.file)


@RULES.rule("CH001", "error", "the set has exactly one tile per cell of the finished map")
def tile_count(kit: Kit) -> Iterator[Problem]:
    rules, ts = rules_of(kit), tile_set(kit)
    need = rules.map.columns * rules.map.rows
    have = len(ts.tiles)
    shape = f"{rules.map.columns}x{rules.map.rows}"
    if have > need:
        for extra in ts.tiles[need:]:
            yield (
                where(extra) or _tiles_where(ts),
                f"tile {extra.id!r} is tile {ts.tiles.index(extra) + 1} of {have}, but a {shape} "
                f"map takes exactly {need}",
            )
    elif have < need:
        yield (
            _tiles_where(ts),
            f"the set has {have} tiles, but a {shape} map takes exactly {need}",
        )


@RULES.rule("CH003", "error", "every tile shows both territories")
def both_territories(kit: Kit) -> Iterator[Problem]:
    rules, ts = rules_of(kit), tile_set(kit)
    for tile in ts.tiles:
        for territory in rules.territories:
            if territory not in tile.halves:
                yield (
                    where(tile, "edges") or where(tile),
                    f"tile {tile.id!r} has no {territory} on its edges ({tile.edges}); every tile "
                    f"must show {' and '.join(rules.territories)}",
                )


def _problems(kit: Kit, kind: str) -> Iterator[Problem]:
    for tile in tile_set(kit).tiles:
        for problem in tile_problems(tile):
            if problem.kind == kind:
                yield problem.where, problem.message


@RULES.rule("CH004", "error", "each half-edge belongs to exactly one piece")
def half_edge_once(kit: Kit) -> Iterator[Problem]:
    yield from _problems(kit, "coverage")


@RULES.rule("CH005", "error", "a piece's terrain matches its half-edges")
def piece_terrain(kit: Kit) -> Iterator[Problem]:
    yield from _problems(kit, "terrain")


@RULES.rule("CH006", "error", "a tile's pieces can lie side by side on a square")
def piece_shape(kit: Kit) -> Iterator[Problem]:
    yield from _problems(kit, "shape")


@RULES.rule("CH007", "error", "the rules' territories are terrains of the tile set")
def territories_known(kit: Kit) -> Iterator[Problem]:
    rules, ts = rules_of(kit), tile_set(kit)
    for territory in rules.territories:
        if territory not in ts.terrains:
            yield (
                where(rules, "territories") or Location(kit.manifest_file),
                f"territory {territory!r} is no terrain of the tile set ({', '.join(ts.terrains)})",
            )


def playable(kit: Kit) -> bool:
    """True when the set can be played: every error-level rule above passes, and so do the
    checks rules.yaml writes as data (one compass tile)."""
    if any(f.severity == "error" for f in DATA_RULES.run(kit)):
        return False
    return not any(
        True
        for code, rule in RULES.rules.items()
        if rule.severity == "error"
        for _ in rule.check(kit)
    )


@RULES.rule("CH010", "warning", "land and sea hold the same number of half-edges")
def half_edge_totals(kit: Kit) -> Iterator[Finding]:
    """Part of the balance report, shown on every run: the land and sea half-edges of all tiles
    (the published set: 36 of 72 each). It is `info` while the totals are equal, and a
    `warning` when they differ, since the side with fewer half-edges starts behind. The report
    is info rather than a warning on a fair set on purpose: a designer reads the numbers after
    every change, but a warning should mean "look at this", and a fair set must check clean
    (0 warnings) so that a real imbalance stands out. Fix a warning by trading half-edges
    between tiles in tiles.yaml.
    """
    rules, ts = rules_of(kit), tile_set(kit)
    counts = {t: sum(tile.halves.count(t) for tile in ts.tiles) for t in rules.territories}
    total = HALF_EDGES * len(ts.tiles)
    text = ", ".join(f"{t} {n}" for t, n in counts.items())
    even = len(set(counts.values())) == 1
    yield Finding(
        "CH010",
        "info" if even else "warning",
        f"half-edges of the {len(ts.tiles)} tiles: {text} of {total}"
        + ("" if even else "; the side with fewer starts behind"),
        _tiles_where(ts),
    )


@RULES.rule("CH011", "warning", "neither side wins more than the threshold of random games")
def win_rates(kit: Kit) -> Iterator[Finding]:
    """The rest of the balance report: `balance.games` random legal games (rules.yaml, default
    and at most 1,000, so that check stays under a second; `printkit simulate chartae` plays as
    many as you ask) in which each player picks uniformly among all legal moves and the first
    player is drawn at random, with land's and sea's win rates and the share of ties settled by the
    last-tile rule. Seeded by `balance.seed`, so the same data gives the same numbers. It is
    `info` while neither side wins more than `balance.threshold` % (default 60) of the games, a
    `warning` when one does. `games: 0` turns it off; it is skipped while the set has errors.
    Fix a warning by changing tiles so the favoured side's coasts connect less easily.
    """
    rules, ts = rules_of(kit), tile_set(kit)
    b = rules.balance
    if b.games == 0 or not playable(kit):
        return
    territories = rules.sides
    report = random_games(
        engine_tiles(ts),
        territories,
        min(b.games, MAX_CHECK_GAMES),
        b.seed,
        rules.map.columns,
        rules.map.rows,
        rules.max_rotations,
    )
    pct = {t: 100 * n / report.games for t, n in report.wins.items()}
    tie_pct = 100 * report.ties / report.games
    text = (
        f"{report.games:,} random games (seed {b.seed}): "
        + ", ".join(f"{t} wins {pct[t]:.1f} %" for t in territories)
        + f" ({tie_pct:.1f} % had equal groups, settled against the last placer: "
        + ", ".join(f"{t} won {100 * report.tie_wins[t] / report.games:.1f} %" for t in territories)
        + ")"
    )
    over = [t for t in territories if pct[t] > b.threshold]
    severity: Severity = "warning" if over else "info"
    if over:
        text += f"; {over[0]} wins more than {b.threshold:g} %"
    yield Finding("CH011", severity, text, where(rules, "balance", key=True) or _tiles_where(ts))


# --- settling a finished map ----------------------------------------------------------------

LAYOUT_HELP = (
    "rows from the top, separated by new lines or '/'; cells by spaces or commas; "
    "each cell a tile id, optionally ':R' for R quarter turns clockwise (0-3) or ':90', "
    "':180', ':270' degrees"
)
_CELL = re.compile(r"[^\s,/]+")
_TURNS = {"0": 0, "1": 1, "2": 2, "3": 3, "90": 1, "180": 2, "270": 3}


@dataclass(frozen=True)
class Placed:
    id: str
    turns: int
    where: Location


def parse_layout(  # noqa: C901
    text: str, source: str, tile_ids: list[str], columns: int, rows: int
) -> list[list[Placed]]:
    """A finished map from the layout notation (see docs/chartae.md); InputError at line:col."""
    errors = Collector()
    grid: list[list[Placed]] = []
    used: dict[str, Placed] = {}
    row_starts: list[Location] = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0]
        offset = 0
        for chunk in body.split("/"):
            cells = []
            for m in _CELL.finditer(chunk):
                col = offset + m.start() + 1
                loc = Location(source, line_no, col)
                cell = _cell(m.group(), loc, tile_ids, errors)
                if cell is None:
                    continue
                if cell.id in used:
                    first = used[cell.id].where
                    errors.add(
                        loc,
                        f"tile {cell.id!r} is used twice (first at {first.line}:{first.col}); "
                        "a map uses each tile once",
                    )
                used[cell.id] = cell
                cells.append(cell)
            if chunk.strip():
                grid.append(cells)
                row_starts.append(Location(source, line_no, offset + 1))
            offset += len(chunk) + 1
    if not errors.diagnostics:
        if len(grid) != rows:
            errors.add(
                Location(source, 1, 1),
                f"a finished map has {rows} rows of {columns} tiles; found {len(grid)} rows "
                f"({LAYOUT_HELP})",
            )
        for cells, loc in zip(grid, row_starts, strict=True):
            if len(cells) != columns:
                errors.add(loc, f"this row has {len(cells)} tiles; a row of the map has {columns}")
    full = sum(map(len, grid)) == columns * rows  # every cell a tile, yet one left out:
    if full and (missing := [t for t in tile_ids if t not in used]):  # e.g. the compass tile
        errors.add(Location(source, 1, 1), f"the map leaves out tile {', '.join(missing)}")
    errors.raise_if_any()
    return grid


def _cell(word: str, loc: Location, tile_ids: list[str], errors: Collector) -> Placed | None:
    name, _, turn = word.partition(":")
    if name not in tile_ids:
        errors.add(loc, f"{name!r} is no tile of this set; tiles are: {', '.join(tile_ids)}")
        return None
    if turn and turn not in _TURNS:
        errors.add(
            loc,
            f"rotation {turn!r} of tile {name!r} must be 0-3 quarter turns clockwise or 90, "
            "180, 270 degrees",
        )
        return None
    return Placed(name, _TURNS[turn] if turn else 0, loc)


def score_map(kit: Kit, grid: list[list[Placed]], last: str | None) -> Result:
    rules, ts = rules_of(kit), tile_set(kit)
    by_id = {t.id: t for t in engine_tiles(ts)}
    placed = {
        (x, y): (by_id[cell.id], cell.turns)
        for y, row in enumerate(grid)
        for x, cell in enumerate(row)
    }
    return decide(largest_groups(placed, rules.sides), last)


def score(kit: Kit, text: str, source: str, last: str | None) -> tuple[list[str], int]:
    """What `printkit score` prints for a finished map, and its exit code (0, or 2 for bad input)."""
    rules, ts = rules_of(kit), tile_set(kit)
    _refuse_unplayable(kit)
    if last is not None and last not in rules.territories:
        raise InputError(
            [
                Diagnostic(
                    Location("--last"), f"--last must be one of: {', '.join(rules.territories)}"
                )
            ]
        )
    grid = parse_layout(text, source, [t.id for t in ts.tiles], rules.map.columns, rules.map.rows)
    result = score_map(kit, grid, last)
    width = max(len(_show(c)) for row in grid for c in row)
    lines = ["map (rows from the top; :R = quarter turns clockwise):"]
    for row in grid:
        lines.append("  " + "  ".join(_show(c).ljust(width) for c in row).rstrip())
    names = {(x, y): c.id for y, row in enumerate(grid) for x, c in enumerate(row)}
    label = max(len(t) for t in rules.territories)
    for territory, group in result.groups.items():
        ids = ", ".join(names[cell] for cell in group.cells)
        lines.append(
            f"{territory.ljust(label)}  largest group {group.size} tile{_s(group.size)}: {ids}"
        )
    sizes = [g.size for g in result.groups.values()]
    if not result.tie and result.winner is not None:
        loser = next(t for t in rules.territories if t != result.winner)
        lines.append(
            f"{result.winner} wins, {result.groups[result.winner].size} tiles to "
            f"{result.groups[loser].size}"
        )
    elif result.winner is not None:
        lines.append(
            f"tie at {sizes[0]} tiles: {last} placed the last tile and loses, so "
            f"{result.winner} wins"
        )
    else:
        lines.append(
            f"tie at {sizes[0]} tiles: whoever placed the last tile loses "
            "(say who with --last land or --last sea)"
        )
    return lines, 0


def _refuse_unplayable(kit: Kit) -> None:
    """Scoring a set that fails `printkit check` would settle a game that cannot be played:
    every error-level finding (the game's rules and the data checks) is reported instead."""
    found = [f for f in run_checks(kit) if f.severity == "error"]
    if found:
        raise InputError([Diagnostic(f.where, f"{f.message} [{f.code}]") for f in found])


def _show(cell: Placed) -> str:
    return cell.id + (f":{cell.turns}" if cell.turns else "")


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def simulate(kit: Kit, players: int | None, runs: int, seed: int) -> SimReport:
    """`printkit simulate chartae`: the balance study at full size (check plays a bounded one)."""
    if players not in (None, 2):
        raise fail(
            Location("--players"), f"this is a 2-player game; --players {players} is not possible"
        )
    if not playable(kit):
        raise fail(
            Location(kit.manifest_file),
            "the tile set fails `printkit check` (run it to see why); a game cannot be played",
        )
    return balance_study(kit, engine_tiles(tile_set(kit)), runs, seed)


class Chartae(GameRules):
    """Chartae for printkit: scoring a finished map, and the balance study."""

    plays = True
    scores = True

    def simulate(self, kit: Kit, players: int | None, runs: int, seed: int) -> SimReport:
        return simulate(kit, players, runs, seed)

    def score(self, kit: Kit, text: str, source: str, last: str | None) -> tuple[list[str], int]:
        return score(kit, text, source, last)


GAME: Game = Chartae(SCHEMA, RULES)  # what printkit/plugins.py finds for `rules: {module: chartae}`
