"""Chariot Race checks that data alone can contradict (issue 14), registered on the game's RULES:
the special cards' modifiers against the stakes table and the templates, the stakes table's own
order, the player count against the bases, blank crash texts, and the draw pile's risk found by
a small simulation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from printkit.api import Card, Kit, Location, RuleSet, where
from printkit.games.chariot_race.kit import deck, model_of_type, movement_cards
from printkit.games.chariot_race.model import (
    ChariotModel,
    MoveClass,
    Unplayable,
    build_model,
    modified,
    modifier_of,
    move_class,
)
from printkit.games.chariot_race.rules import rules as rules_of

CHECKS = RuleSet("chariot-race")  # joined with checks.CHECKS in __init__.py


def reachable(kit: Kit) -> list[tuple[MoveClass, Card, Card | None]]:
    """Every (speed, turn, drift) a play can make: each movement card alone, and changed by
    each special move card's modifier; with the card and the special card that make it."""
    _, d = deck(kit)
    moves = movement_cards(d)
    out: list[tuple[MoveClass, Card, Card | None]] = [(move_class(c), c, None) for c in moves]
    for special in d.cards:
        mod = modifier_of(special) if special.get("speed") is None else None
        if mod is None or not mod.changes_move():
            continue
        out += [(modified(move_class(c), mod), c, special) for c in moves]
    return out


def _source(card: Card, special: Card | None) -> str:
    return f"card {card.id!r}" + (f" with {special.id!r}" if special else "")


def _at(card: Card, special: Card | None, *fields: str) -> Location:
    target = special or card
    for name in fields:
        loc = where(target, name)
        if loc is not None and target.get(name) is not None:
            return loc
    return where(target) or Location("")


@CHECKS.rule("CR011", "error", "every speed a special move card can make is in the stakes table")
def modified_speed_in_stakes(kit: Kit) -> Iterator[tuple[Location, str]]:
    """Special move cards change a movement card as their data says (`add_speed`,
    `speed_factor`, `max_speed`, `add_turn`, `max_turn`, `add_drift` in the deck; see
    docs/simulate.md). A Whip that adds 2 in to a 10 in card makes a 12 in move: when it hits
    the outer stakes the marshal needs a row for 12. Fix: add the speed to `outer_stakes` in
    rules.yaml, or cap the modifier with `max_speed`.
    """
    speeds = {float(row.speed) for row in rules_of(kit).outer_stakes}
    seen: set[tuple[float, str]] = set()
    for cls, card, special in reachable(kit):
        if special is None or cls.speed == move_class(card).speed:  # unchanged: CR001's job
            continue
        if cls.speed in speeds or (cls.speed, special.id) in seen:
            continue
        seen.add((cls.speed, special.id))
        yield (
            _at(card, special, "add_speed", "speed_factor"),
            f"{_source(card, special)} makes a {cls.speed:g} in move, which the outer-stakes "
            f"table does not list; a marshal could not say how many cards it loses",
        )


@CHECKS.rule("CR012", "error", "every move a special card can make has a template that measures it")
def modified_move_on_template(kit: Kit) -> Iterator[tuple[Location, str]]:
    """A changed move is measured on the shortest template strip at least as long as it (the
    ticks mark every inch), and its turn on that strip's fan. A 20 in card whipped to 22 in has
    no strip to measure it; a 90 degree card leaned by 15 degrees is beyond a 90 degree fan.
    Fix: add a strip or widen its `fan` in templates.yaml, or cap the modifier with `max_speed`
    or `max_turn` in the deck.
    """
    t = model_of_type(kit, "templates")
    if t is None:
        return
    seen: set[tuple[str, str]] = set()
    for cls, card, special in reachable(kit):
        own = move_class(card)
        if special is None or (cls.speed, cls.turn) == (own.speed, own.turn):  # CR005, CR006
            continue
        longer = [s for s in t.strips if s.speed >= cls.speed - 1e-9]
        strip = min(longer, key=lambda s: s.speed) if longer else None
        fan = min(strip.fan, t.spec.fan.max) if strip else 0.0
        fields: tuple[str, ...] = ("add_speed",)
        if strip is None:
            problem = f"a {cls.speed:g} in move, longer than every strip"
        elif cls.turn > fan + 1e-9:
            problem = f"a {cls.turn:g}° turn at {cls.speed:g} in, beyond the {fan:g}° fan"
            problem += f" of the {strip.speed:g} strip"
            fields = ("add_turn", "add_speed", "speed_factor")
        else:
            continue
        if (problem, special.id) not in seen:
            seen.add((problem, special.id))
            yield (
                _at(card, special, *fields),
                f"{_source(card, special)} makes {problem} ({t.file})",
            )


@CHECKS.rule("CR013", "error", "the outer-stakes table lists each speed once, costlier when faster")
def stakes_table_order(kit: Kit) -> Iterator[tuple[Location, str]]:
    """Each speed appears once in `outer_stakes`, and a faster chariot never loses fewer cards
    than a slower one (the rules: 1 card at 4 or 6 in, 2 at 8 or 10, 3 at 16, 4 at 20). Fix the
    row in rules.yaml.
    """
    rows = rules_of(kit).outer_stakes
    first: dict[float, object] = {}
    for row in rows:
        loc = where(row, "speed") or Location("")
        if row.speed in first:
            yield loc, f"speed {row.speed:g} is listed twice in the outer-stakes table"
        first.setdefault(row.speed, row)
    ordered = sorted(first.values(), key=lambda r: r.speed)  # type: ignore[attr-defined]
    for slower, faster in zip(ordered, ordered[1:], strict=False):
        if faster.cards < slower.cards:  # type: ignore[attr-defined]
            yield (
                where(faster, "cards") or Location(""),
                f"at {faster.speed:g} in a chariot loses {_cards(faster.cards)}, fewer than "  # type: ignore[attr-defined]
                f"the {slower.cards} it loses at {slower.speed:g} in",  # type: ignore[attr-defined]
            )


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


@CHECKS.rule("CR014", "error", "no more charioteers than chariot bases")
def players_have_chariots(kit: Kit) -> Iterator[tuple[Location, str]]:
    """`players.max` in rules.yaml cannot exceed the chariots in bases.yaml: each charioteer
    needs a base, a row on the damage chart and a place on the grid. Fix one or the other.
    """
    bases = model_of_type(kit, "bases")
    p = rules_of(kit).players
    if bases is not None and p.max > len(bases.chariots):
        yield (
            where(p, "max") or Location(""),
            f"players.max is {p.max} but {bases.file} has {len(bases.chariots)} chariots",
        )


@CHECKS.rule("CR015", "error", "every card states a crash effect")
def crash_not_blank(kit: Kit) -> Iterator[tuple[Location, str]]:
    """Each card states the crash effect a rival suffers when it is drawn after a crash; a
    blank text leaves the marshal nothing to apply. Fix: write the effect (e.g. "Glancing blow
    – no damage.").
    """
    _, d = deck(kit)
    for card in d.cards:
        text = card.get("crash")
        if text is not None and not str(text).strip():
            at = where(card, "crash") or where(card) or Location(d.file)
            yield at, f"card {card.id!r} has a blank crash effect"


@CHECKS.rule("CR016", "warning", "the draw pile lasts a race (a small simulation)", plays=True)
def draw_pile_lasts(kit: Kit) -> Iterator[tuple[Location, str]]:
    """`check` plays `simulation.check_races` races (rules.yaml, default 400, well under a
    second) for `players.max` charioteers (or --players) with the model of `printkit simulate`
    (docs/simulate.md). With `draw_pile.reshuffle: none` it warns when the draw pile runs out in
    more than `draw_pile.runs_out` % of races; with `reshuffle: discards` when a draw finds no
    card even after reshuffling in more than that share, or when races reshuffle more than
    `draw_pile.reshuffles_per_lap` times a lap on average (a thin deck cycles the same few
    cards). Fix:
    more cards in the deck, a smaller hand, or a reshuffle rule your club agrees on.
    """
    rules = rules_of(kit)
    sim, pile = rules.simulation, rules.draw_pile
    players = min(kit.options.players or rules.players.max, rules.players.max)
    try:
        m = build_model(kit, players)
    except Unplayable:
        return  # no track, no bases or no movement card: nothing to race
    if sim.check_races == 0 or m.left_after_deal < 0:
        return
    # imported here, only when races are played (`check`, not a build: docs/checks.md)
    from printkit.games.chariot_race.sim import play_races

    logs = play_races(m, sim.check_races, sim.seed)
    who = f"{players}-player races ({sim.check_races} simulated, seed {sim.seed})"
    message = _pile_risk(logs, m, pile, who)
    if message:
        yield cards_where(kit), message


def _pile_risk(logs: list[Any], m: ChariotModel, pile: Any, who: str) -> str | None:
    """The draw pile's risk that crosses its threshold in rules.yaml `draw_pile`, if any."""
    # the simulation report's helpers, which a build (playing no race) need not import:
    # imported here, only when races were played (CR016)
    from printkit.api import mean, percent

    n = len(logs)
    ran_out = [g.ran_out_turn for g in logs if g.ran_out_turn]
    stuck = percent(sum(g.stalled for g in logs), n)
    if pile.reshuffle == "none":
        if percent(len(ran_out), n) <= pile.runs_out:
            return None
        return (
            f"the draw pile runs out in {percent(len(ran_out), n):.0f} % of {who}, at turn "
            f"{mean(ran_out):.1f} on average (threshold {pile.runs_out:g} %); "
            f"{m.left_after_deal} cards are left after the deal"
        )
    if stuck > pile.runs_out:
        return (
            f"a draw finds no card even after reshuffling the discards in {stuck:.0f} % of "
            f"{who} (threshold {pile.runs_out:g} %)"
        )
    per_lap = mean([g.reshuffles for g in logs]) / m.laps
    if per_lap <= pile.reshuffles_per_lap:
        return None
    return (
        f"the draw pile runs out and the discards are reshuffled {per_lap:.1f} times a lap in "
        f"{who} (threshold {pile.reshuffles_per_lap:g}); only {m.left_after_deal} cards are left "
        "after the deal"
    )


def cards_where(kit: Kit) -> Location:
    """The `cards:` line of the deck file, for findings about the deck as a whole."""
    cid, d = deck(kit)
    return kit.document(cid).where(("cards",), key=True) or Location(d.file)
