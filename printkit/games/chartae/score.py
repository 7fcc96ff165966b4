"""Settling a finished Chartae map: `printkit score chartae LAYOUT` (the `score` hook)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.api import Collector, Diagnostic, InputError, Kit, Location, run_checks
from printkit.games.chartae.checks import engine_tiles, tile_set
from printkit.games.chartae.engine import Result, decide, largest_groups
from printkit.games.chartae.rules import rules as rules_of

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
    return decide(largest_groups(placed, rules.sides, rules.connected), last)


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
