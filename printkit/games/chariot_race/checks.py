"""Chariot Race checks CR001-CR010: the deck against the track, the templates, the damage chart
and the outer-stakes table, as the seed's rules ask."""

from __future__ import annotations

from collections.abc import Iterator

from printkit.api import UNIT_POINTS, Card, Deck, Finding, Kit, Location, Problem, RuleSet, where
from printkit.games.chariot_race.components.bases.model import Bases
from printkit.games.chariot_race.components.track.model import Track
from printkit.games.chariot_race.kit import (
    deck,
    model_of_type,
    movement_cards,
    speed_unit_points,
)
from printkit.games.chariot_race.rules import rules as rules_of

CHECKS = RuleSet("chariot-race")  # joined with race_checks.CHECKS in __init__.py


def fmt_in(points: float) -> str:
    return f"{points / UNIT_POINTS['in']:.3g} in"


def _first_card_of_speed(cards: list[Card]) -> dict[float, Card]:
    first: dict[float, Card] = {}
    for card in cards:
        first.setdefault(float(card.get("speed")), card)
    return first


def average_move(d: Deck) -> float | None:
    """The mean distance of one movement card drawn from the deck, in points."""
    cards = movement_cards(d)
    total = sum(c.count for c in cards)
    if not total:
        return None
    unit = speed_unit_points(d)
    return sum(float(c.get("speed")) * unit * c.count for c in cards) / total


def lap_turns(track: Track, d: Deck) -> float | None:
    """Turns a lap takes at the average two-card move."""
    avg = average_move(d)
    return None if not avg else track.lap / (2 * avg)


# -- the checks -----------------------------------------------------------------------------


@CHECKS.rule("CR002", "error", "at least one card can jump the pit")
def pit_jump(kit: Kit) -> Iterator[Problem]:
    """A chariot jumps the pit with a single card that takes it up the ramp and entirely clear
    of the pit: more than ramp + pit + base length (track.yaml `pit`, bases.yaml `size`). If no
    card is that long, the pit can never be jumped. Fix: add a faster card, or shorten the ramp
    or the pit in track.yaml. Skipped when the track has no pit (the serious variant).
    """
    track: Track | None = model_of_type(kit, "track")
    bases: Bases | None = model_of_type(kit, "bases")
    if track is None or bases is None or track.pit is None:
        return
    _, d = deck(kit)
    need = track.pit.jump(bases.length)
    unit = speed_unit_points(d)
    cards = movement_cards(d)
    if not cards or any(float(c.get("speed")) * unit > need + 1e-6 for c in cards):
        return
    longest = max(cards, key=lambda c: float(c.get("speed")))
    yield (
        where(longest, "speed"),
        f"no card can jump the pit: the longest move is {float(longest.get('speed')):g} "
        f"(card {longest.id!r}), but a jump needs more than {fmt_in(need)} (ramp "
        f"{fmt_in(track.pit.ramp)} + pit {fmt_in(track.pit.length)} + base "
        f"{fmt_in(bases.length)}, see {track.file})",
    )


@CHECKS.rule("CR005", "error", "every speed in the deck has a movement template")
def template_for_speed(kit: Kit) -> Iterator[Problem]:
    """Every speed in the deck needs a movement template to measure the move with. Fix: add
    the speed to `strips` in templates.yaml, or give the card a speed that has a template.
    """
    t = model_of_type(kit, "templates")
    if t is None:
        return
    _, d = deck(kit)
    listed = ", ".join(f"{s.speed:g}" for s in t.strips)
    for speed, card in sorted(_first_card_of_speed(movement_cards(d)).items()):
        if t.strip_for(speed) is None:
            yield (
                where(card, "speed"),
                f"speed {speed:g} (card {card.id!r} and any others) has no movement template; "
                f"{t.file} prints strips for {listed}",
            )


@CHECKS.rule("CR006", "error", "every card's turn fits the fan of its speed's template")
def turn_fits_fan(kit: Kit) -> Iterator[Problem]:
    """A card's turn is measured on the fan of its speed's template; a turn wider than the fan
    cannot be measured. Fix: widen the strip's `fan` (or drop it to use the deck's largest turn)
    in templates.yaml, up to `fan.max`, or lower the card's turn.
    """
    t = model_of_type(kit, "templates")
    if t is None:
        return
    _, d = deck(kit)
    for card in movement_cards(d):
        strip = t.strip_for(float(card.get("speed")))
        turn = card.get(t.spec.turn_field)
        if strip is None or turn is None:
            continue
        fan = min(strip.fan, t.spec.fan.max)
        if float(turn) > fan + 1e-9:
            yield (
                where(card, t.spec.turn_field),
                f"card {card.id!r} allows a {float(turn):g}° turn, but the "
                f"{strip.speed:g} template's fan only reaches {fan:g}° "
                f"(fan.max in {t.file} is {t.spec.fan.max:g}°)",
            )


@CHECKS.rule("CR007", "error", "every crash effect ticks a damage-chart category or none")
def crash_has_category(kit: Kit) -> Iterator[Problem]:
    """Every card's crash effect ticks a box on the damage chart (its `damage` names one of
    rules.yaml `damage`) or is marked as leaving no lasting damage (`damage: none`). Otherwise
    the marshal cannot record it. Fix: set the card's `damage`, or add the category with its
    `out` limit to `damage` in rules.yaml (the chart then shows it).
    """
    rules = rules_of(kit)
    _, d = deck(kit)
    known = ", ".join(sorted(rules.damage))
    for card in d.cards:
        damage = card.get("damage")
        if damage is None:
            yield (
                where(card),
                f"card {card.id!r}: its crash effect names no damage category; add "
                f"`damage:` with one of {known}, or {rules.no_damage!r} if it leaves no "
                "lasting damage",
            )
        elif damage != rules.no_damage and damage not in rules.damage:
            yield (
                where(card, "damage"),
                f"card {card.id!r}: damage {damage!r} is not on the damage chart; use one of "
                f"{known}, {rules.no_damage!r}, or add it to `damage` in the rules file",
            )


@CHECKS.rule("CR008", "warning", "a lap takes 4 to 10 turns at the average two-card move")
def lap_pace(kit: Kit) -> Iterator[Problem]:
    """The designer's notes: a lap of about 9 ft and an average move of 18 in, about 6 turns a
    lap. The range `lap_turns` (4 to 10 by default) is ours, not the seed's: a lap that takes
    fewer than `lap_turns.min` or more than `lap_turns.max` turns at the average two-card move
    is far from the designer's pace. A warning. Fix: change the straights or turns in
    track.yaml, or the card speeds, or the range if your club likes another pace.
    """
    track: Track | None = model_of_type(kit, "track")
    if track is None:
        return
    rules = rules_of(kit)
    _, d = deck(kit)
    turns = lap_turns(track, d)
    move = average_move(d)
    if turns is None or move is None:
        return
    lo, hi = rules.lap_turns.min, rules.lap_turns.max
    if not lo <= turns <= hi:
        yield (
            where(track, "straight") or Location(track.file),
            f"a lap of {fmt_in(track.lap)} along the centre line takes {turns:.1f} turns at the "
            f"average two-card move of {fmt_in(2 * move)}, outside the kit's range of {lo:g} to "
            f"{hi:g} (rules.yaml lap_turns, ours; the designer's notes: a 9 ft lap at 18 in a "
            "move); change the track or the card speeds",
        )


@CHECKS.rule("CR009", "error", "the start grid fits across the track and on the home straight")
def grid_fits(kit: Kit) -> Iterator[Problem]:
    """The start grid puts `grid.per_row` chariots abreast, so that many bases must fit across
    the track, and every row must fit on the home straight before the pit ramp. Fix: fewer per
    row, a wider track, or a longer straight in track.yaml.
    """
    track: Track | None = model_of_type(kit, "track")
    bases: Bases | None = model_of_type(kit, "bases")
    if track is None or bases is None:
        return
    n = track.grid.per_row
    if track.grid_gap(bases.width) < 0:
        yield (
            where(track.grid, "per_row") or Location(track.file),
            f"{n} chariots abreast need {fmt_in(n * bases.width)} but the track is only "
            f"{fmt_in(track.width)} wide; start fewer per row",
        )
        return
    rows = track.grid_rows(len(bases.chariots))
    depth = rows * bases.length + (rows - 1) * track.grid.row_gap
    room = track.pit.at if track.pit is not None else track.straight
    if depth > room + 1e-6:
        yield (
            where(track.grid, "per_row") or Location(track.file),
            f"{len(bases.chariots)} chariots start in {rows} rows, {fmt_in(depth)} deep, but "
            f"only {fmt_in(room)} of the home straight lies before "
            f"{'the pit ramp' if track.pit is not None else 'the turn'}",
        )


@CHECKS.rule("CR010", "error", "magical effect cards are never movement cards")
def magic_is_not_movement(kit: Kit) -> Iterator[Problem]:
    """Magical effect cards are played at once and cannot be held, so a magical effect card
    with a speed could never be used to move. Fix: remove its speed, or make it a movement card.
    """
    rules = rules_of(kit)
    _, d = deck(kit)
    for card in d.cards:
        if card.kind == rules.magic_kind and card.get("speed") is not None:
            yield (
                where(card, "speed"),
                f"card {card.id!r} is a magical effect card with a speed; magical effects are "
                "played at once and never held, so it could never be used to move",
            )


@CHECKS.rule("CR001", "error", "every movement card's speed is in the outer-stakes table")
def speed_in_stakes_table(kit: Kit) -> Iterator[Problem | Finding]:
    """When a chariot hits the outer ring of stakes, the marshal takes cards according to its
    speed (rules.yaml `outer_stakes`). A movement card whose speed is not in that table leaves
    the marshal without an answer. Fix: add a row for the speed to `outer_stakes` in rules.yaml,
    or give the card one of the listed speeds. A card whose speed only a row marked
    `source: ours` lists (not the seed's 4, 6, 8, 10, 16, 20) is reported as `info`: legal by
    the kit's own rule, not the seed's.
    """
    rules = rules_of(kit)
    speeds = {row.speed for row in rules.outer_stakes}
    own = {row.speed for row in rules.outer_stakes if row.source == "ours"}
    _, d = deck(kit)
    listed = ", ".join(f"{s:g}" for s in sorted(speeds))
    noted: set[float] = set()
    for card in movement_cards(d):
        speed = card.get("speed")
        if speed not in speeds:
            yield (
                where(card, "speed"),
                f"card {card.id!r} has speed {speed:g} in, which the outer-stakes "
                f"table does not list ({listed}); a marshal could not say how many cards it loses",
            )
        elif speed in own and speed not in noted:
            noted.add(speed)
            yield Finding(
                "CR001",
                "info",
                f"card {card.id!r} (and any others of speed {speed:g} in) is legal only by the "
                f"kit's own outer-stakes row for {speed:g} in (source: ours); the seed's table "
                "lists 4, 6, 8, 10, 16 and 20",
                where(card, "speed") or Location(d.file),
            )


@CHECKS.rule(
    "CR003", "error", "the deck can deal every charioteer their opening hand and still draw"
)
def enough_cards(kit: Kit) -> Iterator[Problem]:
    """At the start every charioteer is dealt `players.hand` cards plus `players.extra_at_start`
    (6 + 0), and then, on the first turn, takes one more card (the seed: "You start with 6 cards
    and are immediately dealt another, for a total of 7"), for up to `players.max` charioteers
    (or the `--players` count). A deck smaller than that cannot start a full race: a deck that
    exactly deals the opening hands leaves nothing for the first turn's draw. Fix: raise some
    cards' `count` in the deck file, or lower `players.max` in rules.yaml. Check the numbers
    with `printkit deck KIT`.
    """
    p = rules_of(kit).players
    _, d = deck(kit)
    n = kit.options.players or p.max  # --players N checks that race; else the largest
    opening = n * (p.hand + p.extra_at_start)
    if d.total < opening + n:
        short = (
            "before anyone draws"
            if d.total < opening
            else f"and then 1 each for the first turn's draw, {opening + n} in all: "
            f"{d.total - opening} would be left"
        )
        yield (
            where(d.cards[0]) if d.cards else Location(d.file),
            f"the deck has {d.total} cards but {n} charioteers need {opening} "
            f"({p.hand} + {p.extra_at_start} each) {short}",
        )


@CHECKS.rule("CR004", "warning", "the deck keeps a reserve to draw from after the deal")
def reserve(kit: Kit) -> Iterator[Problem]:
    """After the opening deal for `players.max` (or `--players`) charioteers, fewer than
    `players.reserve` cards are left to draw, so hands soon cannot be topped up and crashes take
    cards from an empty deck. A warning, not an error: the race can start. Fix: raise some
    counts, or lower `players.reserve` if your club is happy with a thin deck.
    """
    p = rules_of(kit).players
    _, d = deck(kit)
    opening = (kit.options.players or p.max) * (p.hand + p.extra_at_start)
    left = d.total - opening
    if 0 <= left < p.reserve:
        yield (
            where(d.cards[0]) if d.cards else Location(d.file),
            f"after dealing {opening} cards only {left} remain to draw (reserve: {p.reserve})",
        )
