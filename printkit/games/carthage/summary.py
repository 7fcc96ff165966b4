"""Chariot Race at Carthage games played by sim.py, summed up as a SimReport."""

from __future__ import annotations

import math

from printkit.api import Chart, Figure, Kit, SimReport, histogram, mean, percent, spread
from printkit.games.carthage.kit import players as chosen_players
from printkit.games.carthage.sim import (
    Board,
    GameLog,
    Setup,
    play_games,
    read_board,
    read_setup,
)

POLICY = (
    "Each chariot throws one die. On an even throw it runs straight along its track and stops "
    "behind a chariot in the way, the rest of the throw forfeited. On an odd throw each point is "
    "one step forward or one track sideways (never diagonal, never over a chariot), so it passes "
    "a chariot on either side when it can; of the squares it can reach it takes the one worth "
    "most: squares of progress, plus a forced move's squares, less 20 for being wrecked, then "
    "the inside track (ours). Moves marked 'as you like' (two forward, three backward, the whip "
    "and eagle cards) choose their track the same way. On an F square it gives away the WRECK "
    "card if it holds it (else a random FATUM card) and takes a random card that is not the WRECK."
)
ASSUMPTIONS = [
    "The board, its forced moves (arrows, stones, FATUM-symbol squares and their cards), the "
    "WRECK squares, the mileage stones and the number of cues to win are the kit's own data.",
    "CURRICULUM cards are drawn and counted, but their texts are not played; nor are the "
    "MALEDICTION TABLETS.",
    "A chariot wrecked while holding a rescue card resumes on its next turn (the seed); without "
    "one it waits until another chariot takes its place and the WRECK card, giving a FATUM card "
    "for it; a chariot in the way on a WRECK square does not stop a move short: the mover takes "
    "its place (our reading of 'the only exception ... is in a space marked WRECK'); the freed "
    "chariot moves to the nearest free square, beside the wreck or ahead (our reading).",
    "The FATUM symbol cards do what their data says: a move, a throw again (EGG) or the chariot "
    "right behind losing its next turn (TORCH); a forced move that cannot move is one stop.",
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
    report.figures = figures(board, logs) + interactions(logs) + wins(setup, board, logs)
    report.charts = charts(board, logs)
    report.data = {
        "rounds_mean": mean([g.rounds for g in logs]),
        "curriculum_mean": mean([g.curriculum for g in logs]),
        "landings": landing_table(board, logs),
        "interactions": {k: mean([getattr(g, k) for g in logs]) for k in INTERACTIONS},
        "wins_by_seat": shares([g.winner for g in logs], len(setup.colours)),
        "wins_by_track": shares([g.winner_track for g in logs], board.tracks),
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


INTERACTIONS = {
    "sideways": "sideways steps per game",
    "passes": "passes per game",
    "cut_short": "moves cut short per game",
    "freed": "wrecks freed per game",
    "again": "EGG throws again",
    "halted": "TORCH turns lost",
    "card_moves": "FATUM card moves",
    "stuck": "forced moves stuck",
}


def interactions(logs: list[GameLog]) -> list[Figure]:
    """How often each rule where chariots meet, or a square acts, came into play."""
    n = len(logs)
    out = []
    for key, label in INTERACTIONS.items():
        counts = [getattr(g, key) for g in logs]
        share = percent(sum(1 for c in counts if c), n)
        out.append(Figure(label, f"{mean(counts):.2f}", f"in {share:.0f} % of games"))
    return out


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share of `wins` in `n`, in percent."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)


def shares(winners: list[int], k: int) -> list[dict[str, float]]:
    """Each of `k` outcomes' share of the games, with its 95 % interval (-1: no winner)."""
    n = len(winners)
    out = []
    for i in range(k):
        w = sum(1 for x in winners if x == i)
        lo, hi = wilson(w, n)
        out.append({"wins": w, "share": percent(w, n), "low": lo, "high": hi})
    return out


def share_figure(label: str, share: dict[str, float]) -> Figure:
    return Figure(
        label, f"{share['share']:.1f} %", f"95 % CI {share['low']:.1f} to {share['high']:.1f}"
    )


def wins(setup: Setup, b: Board, logs: list[GameLog]) -> list[Figure]:
    """Win share by seat (turn order; a seat starts on the track of its number), by the track the
    winning chariot finished on, and by team when players run two chariots."""
    roman = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]
    by_seat = shares([g.winner for g in logs], len(setup.colours))
    by_track = shares([g.winner_track for g in logs], b.tracks)
    out = [
        share_figure(f"wins, seat {i + 1} ({c}, track {roman[i % 8]})", by_seat[i])
        for i, c in enumerate(setup.colours)
    ]
    out += [
        share_figure(f"wins ending on track {roman[t % 8]}", by_track[t]) for t in range(b.tracks)
    ]
    if len(set(setup.owner)) < len(setup.owner):
        team = [setup.owner[g.winner] if g.winner >= 0 else -1 for g in logs]
        for p, sh in enumerate(shares(team, setup.players)):
            names = "+".join(c for c, o in zip(setup.colours, setup.owner, strict=True) if o == p)
            out.append(share_figure(f"wins, team {names}", sh))
    return out


def stops_per_square(b: Board, logs: list[GameLog]) -> list[float]:
    """Stops per game on each square (index track * lap + position), summed a square at a time
    over all the games at once."""
    n = max(1, len(logs))
    if not logs:
        return [0.0] * (b.tracks * b.lap)
    return [sum(column) / n for column in zip(*(g.landings for g in logs), strict=True)]


def landing_table(b: Board, logs: list[GameLog]) -> dict[str, float]:
    """Stops per game on each square, keyed "track position" (1-based)."""
    totals = stops_per_square(b, logs)
    return {
        f"{t + 1} {p + 1}": totals[t * b.lap + p] for t in range(b.tracks) for p in range(b.lap)
    }


def charts(b: Board, logs: list[GameLog]) -> list[Chart]:
    per_square = stops_per_square(b, logs)
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
