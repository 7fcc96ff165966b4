"""Chariot Race at Carthage games played by sim.py, summed up as a SimReport."""

from __future__ import annotations

from printkit.api import Chart, Figure, Kit, SimReport, histogram, mean, percent, spread
from printkit.games.carthage.kit import players as chosen_players
from printkit.games.carthage.sim import Board, GameLog, play_games, read_board, read_setup

POLICY = (
    "Each chariot throws one die. On an even throw it runs straight along its track and stops "
    "behind a chariot in the way; on an odd throw it runs forward and steps sideways round a "
    "chariot in the way, towards the spina first. On an F square it gives away the WRECK card if "
    "it holds it (else a random FATUM card) and takes a random card that is not the WRECK."
)
ASSUMPTIONS = [
    "The board, its forced moves (arrows, stones, FATUM-symbol squares and their cards), the "
    "WRECK squares, the mileage stones and the number of cues to win are the kit's own data.",
    "CURRICULUM cards are drawn and counted, but their texts are not played; nor are the "
    "MALEDICTION TABLETS.",
    "A chariot wrecked while holding a rescue card resumes on its next turn (the seed); without "
    "one it waits until another chariot stops on its square and takes the WRECK card; the freed "
    "chariot moves to the nearest free square, beside the wreck or ahead (our reading).",
    "The FATUM deck is dealt one card at a time from the dealer's left; an F square swaps with "
    "the neighbour to the right, the player before in turn order (play goes clockwise).",
    "Chariots start on the arrival line, one per track in seat order; a turn is one throw for "
    "every racing chariot, and the game ends when a chariot takes its last cue.",
]


def simulate(kit: Kit, players: int | None, runs: int, seed: int) -> SimReport:
    n = chosen_players(kit)
    board, setup = read_board(kit), read_setup(kit, n)
    logs = play_games(board, setup, runs, seed)
    report = SimReport(
        kit=kit.name,
        title=kit.manifest.title,
        game="game",
        players=n,
        variants=list(kit.options.variants),
        runs=runs,
        seed=seed,
        policy=POLICY,
        assumptions=ASSUMPTIONS + [f"Racing chariots: {', '.join(setup.colours)}."],
    )
    report.figures = figures(board, logs)
    report.charts = charts(board, logs)
    report.data = {
        "rounds_mean": mean([g.rounds for g in logs]),
        "curriculum_mean": mean([g.curriculum for g in logs]),
        "landings": landing_table(board, logs),
    }
    return report


def _named(label: str, fig: Figure) -> Figure:
    fig.label = label
    return fig


def figures(b: Board, logs: list[GameLog]) -> list[Figure]:
    n = len(logs)
    return [
        _named("turns per game", spread([g.rounds for g in logs])),
        _named("CURRICULUM draws per game", spread([g.curriculum for g in logs])),
        _named("FATUM swaps per game", spread([g.swaps for g in logs])),
        Figure(
            "wrecks per game",
            f"{mean([g.wrecks for g in logs]):.2f}",
            f"in {percent(sum(1 for g in logs if g.wrecks), n):.0f} % of games at least one",
        ),
        Figure("turns lost blocked per game", f"{mean([g.blocked_turns for g in logs]):.1f}"),
        Figure("laps (cues to win)", str(b.laps), f"{b.lap} squares a lap on {b.tracks} tracks"),
    ]


def landing_table(b: Board, logs: list[GameLog]) -> dict[str, float]:
    """Stops per game on each square, keyed "track position" (1-based)."""
    totals = [sum(g.landings[i] for g in logs) / max(1, len(logs)) for i in range(b.tracks * b.lap)]
    return {
        f"{t + 1} {p + 1}": totals[t * b.lap + p] for t in range(b.tracks) for p in range(b.lap)
    }


def charts(b: Board, logs: list[GameLog]) -> list[Chart]:
    n = max(1, len(logs))
    per_square = [sum(g.landings[i] for g in logs) / n for i in range(b.tracks * b.lap)]
    by_pos = [sum(per_square[t * b.lap + p] for t in range(b.tracks)) for p in range(b.lap)]
    kinds: dict[str, list[float]] = {}
    for t in range(b.tracks):
        for p in range(b.lap):
            kinds.setdefault(b.kind_names[t][p], []).append(per_square[t * b.lap + p])
    names = sorted(kinds)
    return [
        histogram("Turns per game", [g.rounds for g in logs], "turns", "% of games"),
        histogram("CURRICULUM draws per game", [g.curriculum for g in logs], "draws", "% of games"),
        Chart(
            "Stops per game by position (all tracks)",
            [str(p + 1) for p in range(b.lap)],
            by_pos,
            "stops per game",
            "position from the arrival line",
        ),
        Chart(
            "Stops per game on one square, by kind",
            names,
            [mean(kinds[k]) for k in names],
            "average over the squares of each kind",
            "square kind",
        ),
        histogram("Wrecks per game", [g.wrecks for g in logs], "wrecks", "% of games"),
        histogram("Turns lost blocked", [g.blocked_turns for g in logs], "turns", "% of games"),
    ]
