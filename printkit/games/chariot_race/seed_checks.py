"""Chariot Race check CR017: the kit's Serious Racing variant against the seed's designer's
note ("The pit and the magic cards were added to give fun and variation to a short show
participation game. Playing without them is as much fun, but does require more laps.")."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from printkit.api import InputError, Kit, Location, RuleSet, load_kit
from printkit.games.chariot_race.kit import deck, model_of_type
from printkit.games.chariot_race.rules import rules as rules_of

CHECKS = RuleSet("chariot-race")  # joined with the other checks in __init__.py


def _variant_kit(kit: Kit, name: str) -> Kit:
    """The kit as that variant alone builds it."""
    return load_kit(str(kit.root), dataclasses.replace(kit.options, variants=(name,)))


@CHECKS.rule("CR017", "error", "the serious variant plays without the pit and magic, more laps")
def serious_racing(kit: Kit) -> Iterator[tuple[Location, str]]:
    """rules.yaml `serious_variant` names the kit.yaml variant that plays the seed's Serious
    Racing: without the pit and the magical effect cards, and with more laps than the plain
    race ("Playing without them is as much fun, but does require more laps"). With that variant
    the track has no `pit`, the deck no card of `magic_kind`, and `laps` is above the plain
    race's. Fix the variant in kit.yaml (`overrides`, `exclude_tags`).
    """
    rules = rules_of(kit)
    name = rules.serious_variant
    if name is None or kit.options.variants:
        return
    at = kit.manifest_doc.where(("variants", name), key=True) or Location(kit.manifest_file)
    if name not in kit.manifest.variants:
        known = ", ".join(kit.manifest.variants) or "none"
        yield (
            Location(kit.manifest_file),
            f"serious_variant names {name!r}, which is no variant of this kit ({known})",
        )
        return
    try:
        serious = _variant_kit(kit, name)
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
    if laps <= rules.laps:
        yield (
            at,
            f"the {name} variant races {laps} laps, no more than the plain race's {rules.laps}; "
            "the seed: playing without the pit and the magic does require more laps",
        )
