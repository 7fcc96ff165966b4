"""Carthage's hooks the engine calls besides the checks: the "4P" card markers, the
`printkit deck` rows and the deck a player count uses, and the pick list written beside the
PDFs."""

from __future__ import annotations

import dataclasses

from printkit.api import Deal, Deck, InputError, Kit
from printkit.games.carthage.kit import players, removed_cards, setup_for, split_deal
from printkit.games.carthage.picklist import pick_list
from printkit.games.carthage.rules import rules


def card_markers(kit: Kit, component_id: str) -> dict[str, str]:
    """card id -> marker, for every card of the built deck that some player count leaves out
    (see Kit.model; the deck is read as a model, whatever file its cards are in). The marker is
    the setup's own `marker`, or "<max>P" (the card is used from that count up).
    """
    try:
        r = rules(kit)
    except InputError:
        return {}  # the rules file's own errors are reported once, when it loads
    out: dict[str, str] = {}
    ids_numbers = [(c.id, c.get("number")) for c in kit.model_as(component_id, Deck).cards]
    for setup in r.setups.values():
        marker = setup.marker or f"{r.players.max}P"
        for ref in setup.remove_cards.get(component_id, []):
            for cid, number in ids_numbers:
                if cid == str(ref) or (isinstance(ref, int) and number == ref):
                    out[cid] = marker
    return out


def deal(kit: Kit, component_id: str, d: Deck, players_: int | None = None) -> list[Deal]:
    """The `printkit deck` hook (see printkit/reports/composition.py): the FATUM deck is dealt out completely,
    so each player count deals every card left after that count's removals and leaves none.
    A --players count outside the rules never gets here (see checks/players.py)."""
    r = rules(kit)
    if component_id != r.components.fatum:
        return []
    rows = []
    for n in [players_] if players_ else range(r.players.min, r.players.max + 1):
        total = cards_in_play(kit, component_id, d, n).total
        setup = setup_for(kit, n)
        hands = len(setup.teams) if setup and setup.teams else n
        rows.append(Deal(n, total, 0, f"hands of {split_deal(total, hands)}"))
    return rows


def cards_in_play(kit: Kit, component_id: str, d: Deck, players_: int | None) -> Deck:
    """The `printkit deck --players N` hook: the deck as N players use it, without the cards
    the N-player setup leaves out (the whole deck when no count is given)."""
    if players_ is None:
        return d
    out = {c.id for c in removed_cards(kit, component_id, players_)}
    return dataclasses.replace(d, cards=[c for c in d.cards if c.id not in out])


def extra_outputs(kit: Kit) -> dict[str, str]:
    """Written beside the PDFs, and printed, by `printkit build`."""
    return {f"pick-list-{players(kit)}p.txt": pick_list(kit)}
