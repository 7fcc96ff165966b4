"""Chariot Race races played by sim.py, summed up as a SimReport for `printkit simulate`."""

from __future__ import annotations

from typing import Any

from printkit.api import (
    Chart,
    Figure,
    Location,
    SimReport,
    fail,
    histogram,
    mean,
    percent,
    spread,
    where,
)
from printkit.games.chariot_race.model import ChariotModel, Unplayable, build_model
from printkit.games.chariot_race.rules import rules as rules_of
from printkit.games.chariot_race.sim import RaceLog, play_races

ASSUMPTIONS = [
    "Each chariot runs along the centre line of the track; a card's move that lies in a turn "
    "must turn by the arc it covers, and a card whose turn and drift fall short carries the "
    "chariot wide. Wider than the track allows is a hit on the outer stakes.",
    "A hit on the stakes costs the cards of the outer-stakes table for the card's speed (from "
    "the hand at random, then from the draw pile); each card's crash effect is suffered, and "
    "the chariot only turns on its next go.",
    "Collisions between chariots happen at the rules file's chance per chariot per turn; each "
    "side draws a random card from the other's hand and the other suffers its effect.",
    "Magical effect cards are played at once and discarded; their effects are not modelled. "
    "Charioteers steer round the pit rather than jump it: the report says how often they could.",
    "A damage category ticked to its `out` box puts the chariot out of the race. The race ends "
    "when the leader completes the last lap.",
]


def simulate(kit: Any, players: int | None, runs: int, seed: int) -> SimReport:
    most = rules_of(kit).players.max
    if players is not None and not 1 <= players <= most:
        raise fail(
            where(rules_of(kit).players, "max") or Location(kit.manifest_file),
            f"this race is for 1 to {most} charioteers (players.max); --players {players} is not "
            "possible",
        )
    try:
        m = build_model(kit, players)
    except Unplayable as exc:
        raise fail(Location(kit.manifest_file), f"cannot simulate a race: {exc}") from None
    logs = play_races(m, runs, seed)
    report = SimReport(
        kit=kit.name,
        title=kit.manifest.title,
        game="race",
        players=m.players,
        variants=list(kit.options.variants),
        runs=runs,
        seed=seed,
        policy=m.policy.describe(),
        assumptions=ASSUMPTIONS + [draw_rule(m)],
    )
    report.figures = figures(m, logs)
    report.charts = charts(m, logs)
    report.data = raw(m, logs)
    return report


def draw_rule(m: ChariotModel) -> str:
    if m.reshuffle == "discards":
        return "When the draw pile is empty, the discards are shuffled into a new one (rules file)."
    return "An empty draw pile stays empty (rules file: reshuffle none)."


def _named(label: str, fig: Figure) -> Figure:
    fig.label = label
    return fig


def figures(m: ChariotModel, logs: list[RaceLog]) -> list[Figure]:
    n = len(logs)
    turns = [g.turns for g in logs]
    ran_out = [g.ran_out_turn for g in logs if g.ran_out_turn]
    out = [
        _named("turns per race", spread(turns)),
        _named("turns for the first lap", spread([g.first_lap_turns for g in logs])),
        Figure("turns per lap", f"{mean(turns) / m.laps:.1f}", f"{m.laps} laps of {m.lap:.0f} in"),
        _named("draws per race", spread([g.draws for g in logs])),
        Figure("cards left after the deal", str(m.left_after_deal), f"{len(m.cards)} in the deck"),
        Figure(
            "draw pile runs out",
            f"{percent(len(ran_out), n):.1f} % of races",
            f"at turn {mean(ran_out):.1f} on average" if ran_out else "",
        ),
        Figure(
            "no card left to draw", f"{percent(sum(g.stalled for g in logs), n):.1f} % of races"
        ),
    ]
    if m.reshuffle == "discards":
        out.append(Figure("reshuffles per race", f"{mean([g.reshuffles for g in logs]):.2f}"))
    out += [
        Figure("stakes hits per race", f"{mean([g.stakes_hits for g in logs]):.2f}"),
        Figure("collisions per race", f"{mean([g.collisions for g in logs]):.2f}"),
        Figure(
            "chariots put out",
            f"{mean([g.out for g in logs]):.2f} per race",
            f"in {percent(sum(1 for g in logs if g.out), n):.1f} % of races at least one",
        ),
    ]
    if m.pit_jump is not None:
        jump = percent(sum(g.jump_turns for g in logs), sum(g.player_turns for g in logs))
        out.append(
            Figure(
                "hand can jump the pit", f"{jump:.1f} % of turns", f"needs > {m.pit_jump:.1f} in"
            )
        )
    return out


def charts(m: ChariotModel, logs: list[RaceLog]) -> list[Chart]:
    cats = [*m.damage_out, "no damage"]
    effects = Chart(
        "Crash effects suffered per race",
        cats,
        [mean([g.effects[i] for g in logs]) for i in range(len(cats) - 1)]
        + [mean([g.effects[-1] for g in logs])],
        "per race",
        "damage category",
    )
    draws = histogram("Draws per race", [g.draws for g in logs], "cards drawn", "% of races")
    draws.mark, draws.mark_label = float(m.left_after_deal), "left after the deal"
    ran_out = [g.ran_out_turn for g in logs if g.ran_out_turn]
    return [
        histogram("Turns per race", [g.turns for g in logs], "turns", "% of races"),
        draws,
        histogram("Turn the draw pile first runs out", ran_out, "turn", "% of those races"),
        effects,
        histogram("Stakes hits per race", [g.stakes_hits for g in logs], "hits", "% of races"),
        histogram("Chariots put out per race", [g.out for g in logs], "chariots", "% of races"),
    ]


def raw(m: ChariotModel, logs: list[RaceLog]) -> dict[str, Any]:
    n = len(logs)
    return {
        "lap_inches": round(m.lap, 2),
        "laps": m.laps,
        "cards": len(m.cards),
        "left_after_deal": m.left_after_deal,
        "reshuffle": m.reshuffle,
        "turns_mean": mean([g.turns for g in logs]),
        "draws_mean": mean([g.draws for g in logs]),
        "runs_out_percent": percent(sum(1 for g in logs if g.ran_out_turn), n),
        "stuck_percent": percent(sum(g.stalled for g in logs), n),
        "reshuffles_mean": mean([g.reshuffles for g in logs]),
        "chariots_out_mean": mean([g.out for g in logs]),
    }
