"""Chariot Race checks CR017-CR019: the kit against what the seed fixes. CR017: the Serious
Racing variant against the seed's designer's note ("The pit and the magic cards were added to
give fun and variation to a short show participation game. Playing without them is as much fun,
but does require more laps."); CR018: a card's drift says "or" or "and"; CR019: the outer-stakes
rows are the seed's table, unless a row says `source: ours`."""

from __future__ import annotations

from collections.abc import Iterator

from printkit.api import InputError, Kit, Location, RuleSet, where
from printkit.games.chariot_race.kit import deck, model_of_type
from printkit.games.chariot_race.rules import rules as rules_of

CHECKS = RuleSet("chariot-race")  # joined with the other checks in __init__.py


def _variant_kit(kit: Kit, name: str) -> Kit:
    """The kit as that variant alone builds it ("": the plain kit, no variant): the same kit.yaml,
    already read and checked, under other variants (its data files are read for them)."""
    variants = (name,) if name else ()
    return kit.under(kit.options._replace(variants=variants))


@CHECKS.rule("CR017", "error", "the serious variant plays without the pit and magic, more laps")
def serious_racing(kit: Kit) -> Iterator[tuple[Location, str]]:
    """rules.yaml `serious_variant` names the kit.yaml variant that plays the seed's Serious
    Racing: without the pit and the magical effect cards, and with more laps than the plain
    race ("Playing without them is as much fun, but does require more laps"). With that variant
    the track has no `pit`, the deck no card of `magic_kind`, and `laps` is above the plain
    race's. `check --variant serious` and `build --variant serious` hold the kit they check or
    build to the same. Fix the variant in kit.yaml (`overrides`, `exclude_tags`).
    """
    rules = rules_of(kit)
    name = rules.serious_variant
    chosen = kit.options.variants
    if name is None or (chosen and name not in chosen):
        return  # another variant is being checked: the serious one is not what it builds
    at = kit.manifest_doc.where(("variants", name), key=True) or Location(kit.manifest_file)
    if name not in kit.manifest.variants:
        known = ", ".join(kit.manifest.variants) or "none"
        yield (
            Location(kit.manifest_file),
            f"serious_variant names {name!r}, which is no variant of this kit ({known})",
        )
        return
    try:
        # `check --variant serious` and `build --variant serious` hold the kit being built
        serious = kit if name in chosen else _variant_kit(kit, name)
        plain_laps = rules_of(_variant_kit(kit, "") if chosen else kit).laps
        track = model_of_type(serious, "track")
        _, d = deck(serious)
        laps = rules_of(serious).laps
    except InputError:
        return  # the variant's own errors are reported when it is checked or built

    if track is not None and track.pit is not None:
        yield at, f"the {name} variant keeps the pit; Serious Racing plays without it"
    magic = sum(c.count for c in d.cards if c.kind == rules.magic_kind)
    if magic:
        yield (
            at,
            f"the {name} variant keeps {magic} magical effect cards; Serious Racing plays "
            "without them (exclude their tag)",
        )
    if laps <= plain_laps:
        yield (
            at,
            f"the {name} variant races {laps} laps, no more than the plain race's {plain_laps}; "
            "the seed: playing without the pit and the magic does require more laps",
        )


# "If the card states or drift, this is instead of turning. If the card states and drift, this
# may be in addition to turning."
DRIFT_MODES = ("or", "and")
DRIFT_WORDS = (
    'the seed: "If the card states or drift, this is instead of turning. If the card states and '
    'drift, this may be in addition to turning."'
)

# "- 1 card if speed 4 or 6, - 2 cards if speed 8 or 10, - 3 cards if speed 16, - 4 cards if
# speed 20."
SEED_STAKES = {4.0: 1, 6.0: 1, 8.0: 2, 10.0: 2, 16.0: 3, 20.0: 4}
STAKES_WORDS = (
    'the seed: "1 card if speed 4 or 6, 2 cards if speed 8 or 10, 3 cards if speed 16, 4 cards '
    'if speed 20"'
)


@CHECKS.rule("CR018", "error", 'a card with a drift states "or" or "and" drift')
def drift_states_its_mode(kit: Kit) -> Iterator[tuple[Location, str]]:
    """A movement card with a drift must say whether it is "or drift" (instead of turning) or
    "and drift" (as well as turning): the seed gives the two different meanings, and a card that
    states neither prints neither, so nobody can tell. Fix: give the card `drift_mode: or` or
    `drift_mode: and` in the deck file.
    """
    _, d = deck(kit)
    for card in d.cards:
        drift = card.get("drift")
        if drift and card.get("drift_mode") not in DRIFT_MODES:
            yield (
                where(card, "drift") or where(card) or Location(d.file),
                f'card {card.id!r} drifts {drift:g} in but states neither "or" nor "and" '
                f"drift (drift_mode); {DRIFT_WORDS}",
            )


@CHECKS.rule("CR019", "error", "the outer-stakes rows of the seed's speeds cost the seed's cards")
def stakes_are_the_seeds(kit: Kit) -> Iterator[tuple[Location, str]]:
    """rules.yaml `outer_stakes`: a row for one of the seed's speeds (4, 6, 8, 10, 16, 20 in)
    costs the seed's cards (1, 1, 2, 2, 3, 4), and every one of those speeds has its row. A row
    the kit changes on purpose says `source: ours` (a house rule: the damage chart prints it as
    the kit's own row). A row marked `source: ours` that is exactly the seed's is an error too:
    the chart would print the seed's rule as the kit's own. Fix the row's `cards`, or its
    `source`.
    """
    rows = rules_of(kit).outer_stakes
    speeds = {row.speed for row in rows}
    for row in rows:
        seed = SEED_STAKES.get(float(row.speed))
        if seed is None:
            continue
        at = where(row, "cards") or where(row) or Location(kit.manifest_file)
        if row.source != "ours" and row.cards != seed:
            yield (
                at,
                f"the outer-stakes row for {row.speed:g} in costs {row.cards} card"
                f"{'s' if row.cards != 1 else ''}, not the seed's {seed}; {STAKES_WORDS} "
                "(a house rule says `source: ours`)",
            )
        elif row.source == "ours" and row.cards == seed:
            yield (
                where(row, "source") or at,
                f"the outer-stakes row for {row.speed:g} in is the seed's ({seed} card"
                f"{'s' if seed != 1 else ''}) but is marked `source: ours`, so the damage chart "
                "would print it as this kit's own row; drop `source: ours`",
            )
    missing = [s for s in SEED_STAKES if s not in speeds]
    if missing and rows:
        yield (
            where(rows[0]) or Location(kit.manifest_file),
            "the outer-stakes table has no row for "
            + ", ".join(f"{s:g}" for s in missing)
            + f" in; {STAKES_WORDS}",
        )
