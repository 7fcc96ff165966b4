"""`printkit simulate` for a kit with no game to play: shuffle each deck and deal opening hands.

A kit without a game module (or whose game has no model of play) still has decks, and a
designer still asks what an opening hand looks like: how often a hand holds at least one card of
each kind, and how many. Each run shuffles every deck and deals `players` hands of `hand` cards
from the top (fewer if the deck runs out). Generic: kinds and counts come from the deck files.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from printkit.core.progress import ticking
from printkit.model.cards import Deck
from printkit.reports.sim_report import Chart, Figure, SimReport, histogram, mean, percent

ASSUMPTIONS = [
    "This kit names no game printkit can play, so only its decks are studied: each run shuffles "
    "every deck and deals the opening hands from the top.",
    "Card kinds are each card's `kind` in the deck file; --variant applies as for build.",
]


def simulate_decks(kit: Any, players: int | None, hand: int, runs: int, seed: int) -> SimReport:
    seats = players or 1
    report = SimReport(
        kit=kit.name,
        title=kit.manifest.title,
        game="deal",
        players=seats,
        variants=list(kit.options.variants),
        runs=runs,
        seed=seed,
        policy=f"{seats} hand{'s' if seats != 1 else ''} of {hand} cards dealt from each "
        "shuffled deck.",
        assumptions=list(ASSUMPTIONS),
    )
    rng = random.Random(seed)
    for cid in kit.decks():
        _study(report, kit.spec(cid).title or cid, kit.model_as(cid, Deck), seats, hand, runs, rng)
    return report


def _study(
    report: SimReport, title: str, deck: Any, seats: int, hand: int, runs: int, rng: random.Random
) -> None:
    cards = [card.kind for card in deck.copies()]
    kinds = sorted(set(cards))
    held = Counter[str]()  # hands holding at least one of the kind
    per_hand: dict[str, list[int]] = {k: [] for k in kinds}
    distinct: list[int] = []
    for _ in ticking(range(runs), "dealing"):
        rng.shuffle(cards)
        for seat in range(seats):
            dealt = Counter(cards[seat * hand : (seat + 1) * hand])
            if not dealt:
                break
            held.update(dealt.keys())
            distinct.append(len(dealt))
            for k in kinds:
                per_hand[k].append(dealt.get(k, 0))
    hands = len(distinct)
    report.figures.append(
        Figure(f"{title}: cards", str(len(cards)), f"{len(kinds)} kinds; {hands:,} hands dealt")
    )
    report.charts.append(
        Chart(
            f"{title}: hands holding the kind",
            kinds,
            [percent(held[k], hands) for k in kinds],
            "% of hands with at least one",
            "card kind",
        )
    )
    report.charts.append(
        Chart(
            f"{title}: cards per hand",
            kinds,
            [mean(per_hand[k]) for k in kinds],
            "per hand",
            "card kind",
        )
    )
    report.charts.append(histogram(f"{title}: kinds in a hand", distinct, "kinds", "% of hands"))
    report.data[title] = {
        "cards": len(cards),
        "held_percent": {k: percent(held[k], hands) for k in kinds},
    }
