"""Chartae checks CH001-CH011: the tile set against the map and the territories, and the
balance report (half-edge totals, random games). The game logic (scoring, legal moves, random
games) is in engine.py, which knows nothing of files; this module connects it to the kit's data
and reports at file:line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from printkit.api import (
    DATA_RULES,
    MAX_CHECK_GAMES,
    Finding,
    Kit,
    Location,
    Problem,
    RuleSet,
    Severity,
    where,
)
from printkit.games.chartae.engine import (
    HALF_EDGES,
    EngineTile,
    random_games,
)
from printkit.games.chartae.rules import rules as rules_of

CHECKS = RuleSet("chartae")  # the game's RULES (__init__.py)


# The tile set is the generic `tiles` type's model (printkit/components/tiles/), which this game
# reads by its attributes (tiles, terrains, file; a tile's id, edges, halves, flags,
# piece_of() and problems()) rather than by import: a game reaches printkit through its API.
TileSet = Any
START = "compass"  # the flag of Chartae's start tile in its data (tiles.yaml: flags: [compass])


def tile_set(kit: Kit) -> TileSet:
    for cid in kit.component_ids():
        if kit.spec(cid).type == "tiles":
            return kit.model(cid)
    raise LookupError("the chartae kit has no tiles component")


def engine_tiles(tiles: TileSet) -> list[EngineTile]:
    return [EngineTile(t.id, t.halves, t.piece_of(), START in t.flags) for t in tiles.tiles]


def _tiles_where(ts: TileSet) -> Location:
    return where(ts, "tiles", key=True) or Location(ts.file)


@CHECKS.rule("CH001", "error", "the set has exactly one tile per cell of the finished map")
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


@CHECKS.rule("CH003", "error", "every tile shows both territories")
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
        for problem in tile.problems():
            if problem.kind == kind:
                yield problem.where, problem.message


@CHECKS.rule("CH004", "error", "each half-edge belongs to exactly one piece")
def half_edge_once(kit: Kit) -> Iterator[Problem]:
    yield from _problems(kit, "coverage")


@CHECKS.rule("CH005", "error", "a piece's terrain matches its half-edges")
def piece_terrain(kit: Kit) -> Iterator[Problem]:
    yield from _problems(kit, "terrain")


@CHECKS.rule("CH006", "error", "a tile's pieces can lie side by side on a square")
def piece_shape(kit: Kit) -> Iterator[Problem]:
    yield from _problems(kit, "shape")


@CHECKS.rule("CH007", "error", "the rules' territories are terrains of the tile set")
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
        for code, rule in CHECKS.rules.items()
        if rule.severity == "error"
        for _ in rule.check(kit)
    )


@CHECKS.rule("CH010", "warning", "land and sea hold the same number of half-edges")
def half_edge_totals(kit: Kit) -> Iterator[Finding]:
    """Part of the balance report, shown on every run: the land and sea half-edges of all tiles
    (the kit's tiles: 36 of 72 each). It is `info` while the totals are equal, and a
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


@CHECKS.rule(
    "CH011", "warning", "neither side wins more than the threshold of random games", plays=True
)
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
        rules.connected,
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


# "a map that is 3x3 tiles in size" / "until a complete map of 3x3 map tiles has been laid out"
SEED_MAP = (3, 3)
SEED_MAP_WORDS = 'the seed: "a map that is 3x3 tiles in size" (9 map tiles)'


@CHECKS.rule("CH012", "error", "the map is the seed's 3 x 3 tiles")
def map_is_the_seeds(kit: Kit) -> Iterator[Problem]:
    """The seed plays "on a map that is 3x3 tiles in size", with 9 map tiles. rules.yaml `map`
    must be 3 columns by 3 rows, unless it says `source: ours` (a house rule: a larger or
    smaller map, whose balance the checks then report for that map). Fix `map`, or mark it
    `source: ours`.
    """
    size = rules_of(kit).map
    if size.source == "ours" or (size.columns, size.rows) == SEED_MAP:
        return
    yield (
        where(size) or Location(kit.manifest_file),
        f"the map is {size.columns} x {size.rows} tiles; {SEED_MAP_WORDS} "
        "(a house rule says `source: ours` in `map`)",
    )
