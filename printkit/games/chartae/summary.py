"""Chartae's balance study at full size for `printkit simulate` (check plays a bounded one)."""

from __future__ import annotations

import random
from collections import Counter

from printkit.api import Chart, Figure, Kit, Location, SimReport, fail, percent, ticking
from printkit.games.chartae.checks import engine_tiles, playable, tile_set
from printkit.games.chartae.engine import EngineTile, new_game, play_randomly
from printkit.games.chartae.rules import rules as rules_of

POLICY = (
    "Each player picks uniformly among all legal moves (Rotate, within the limit in a row, or "
    "Place on any free cell touching the map, in any of four turns); who starts is drawn for "
    "each game."
)
ASSUMPTIONS = [
    "Random play measures the tiles, not the players: a set where one side wins far more "
    "random games favours that side's coasts.",
    "A tie of largest groups is settled against the player who placed the last tile.",
]


def balance_study(kit: Kit, tiles: list[EngineTile], runs: int, seed: int) -> SimReport:
    """`runs` random games with the kit's `tiles` (a set that passes `printkit check`)."""
    rules = rules_of(kit)
    sides = rules.sides
    rng = random.Random(seed)
    wins, ties, sizes = Counter[str](), 0, {t: Counter[int]() for t in sides}
    for _ in ticking(range(runs), "playing"):
        order = sides if rng.random() < 0.5 else (sides[1], sides[0])
        game = new_game(
            tiles,
            order,
            rng,
            rules.map.columns,
            rules.map.rows,
            rules.max_rotations,
            rules.connected,
        )
        play_randomly(game, rng)
        result = game.result(sides)
        wins[result.winner or "undecided"] += 1
        ties += result.tie
        for t in sides:
            sizes[t][result.groups[t].size] += 1
    return _report(kit, sides, runs, seed, wins, ties, sizes)


def _report(
    kit: Kit,
    sides: tuple[str, str],
    runs: int,
    seed: int,
    wins: Counter[str],
    ties: int,
    sizes: dict[str, Counter[int]],
) -> SimReport:
    report = SimReport(
        kit.name,
        kit.manifest.title,
        "game",
        2,
        list(kit.options.variants),
        runs,
        seed,
        POLICY,
        assumptions=list(ASSUMPTIONS),
    )
    report.figures = [Figure(f"{t} wins", f"{percent(wins[t], runs):.1f} %") for t in sides]
    report.figures.append(
        Figure(
            "ties of largest groups",
            f"{percent(ties, runs):.1f} %",
            "settled against the last placer",
        )
    )
    top = max((s for c in sizes.values() for s in c), default=0)
    report.charts = [
        Chart(
            "Games won", list(sides), [percent(wins[t], runs) for t in sides], "% of games", "side"
        )
    ]
    for t in sides:
        report.charts.append(
            Chart(
                f"Largest {t} group",
                [str(s) for s in range(1, top + 1)],
                [percent(sizes[t][s], runs) for s in range(1, top + 1)],
                "% of games",
                "tiles",
            )
        )
    report.data = {
        "wins": dict(wins),
        "ties": ties,
        "largest_groups": {t: dict(sorted(c.items())) for t, c in sizes.items()},
    }
    return report


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
