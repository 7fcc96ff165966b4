"""Chariot Race at Carthage: the pick list, what goes in the box for the chosen player count.

Written beside the PDFs (pick-list-<n>p.txt) and printed by `printkit build`.
"""

from __future__ import annotations

from printkit.api import Card, Kit
from printkit.games.carthage.kit import deck, players, removed_cards, setup_for, split_deal, tokens
from printkit.games.carthage.rules import rules


def pick_list(kit: Kit) -> str:
    r = rules(kit)
    n = players(kit)
    setup = setup_for(kit, n)
    out_chariots = set(setup.remove_chariots) if setup else set()
    racing = [c for c in r.chariots if c not in out_chariots]
    lines = [f"{kit.manifest.title}: what goes in the box for {n} players", ""]
    if setup and setup.description:
        lines += [setup.description, ""]
    lines.append(f"Board: {kit.spec(r.components.board).title or 'board'} (board.pdf)")
    lines.append(
        "Chariots: "
        + ", ".join(racing)
        + (f"  (leave out: {', '.join(sorted(out_chariots))})" if out_chariots else "")
    )
    lines.append(
        f"Wood cues: {r.laps} each for " + ", ".join(racing) + f" ({r.laps * len(racing)})"
    )
    if setup and setup.teams:
        for i, team in enumerate(setup.teams, start=1):
            lines.append(f"Player {i} runs: " + " and ".join(team))
    aid = tokens(kit).aid
    if aid:
        lines.append(f"Player aids: {min(n, aid.count)} (one per player)")
    for role in ("curriculum", "fatum"):
        cid = getattr(r.components, role)
        d = deck(kit, role)
        out = removed_cards(kit, cid, n)
        out_ids = {c.id for c in out}
        kept = [c for c in d.cards if c.id not in out_ids]
        title = kit.spec(cid).title or cid
        lines.append("")
        lines.append(f"{title}: {sum(c.count for c in kept)} cards")
        for c in kept:
            lines.append(f"  [ ] {card_name(c)}" + (f" x{c.count}" if c.count > 1 else ""))
        if out:
            marker = setup.marker or f"{r.players.max}P"
            lines.append(f"  leave out ({len(out)}, each marked {marker}):")
            lines += [f"      {card_name(c)}" for c in out]
    fatum_total = sum(c.count for c in deck(kit, "fatum").cards) - sum(
        c.count for c in removed_cards(kit, r.components.fatum, n)
    )
    hands = len(setup.teams) if setup and setup.teams else n
    lines += [
        "",
        f"Deal all {fatum_total} FATUM cards face up: {split_deal(fatum_total, hands)}.",
        "",
    ]
    return "\n".join(lines)


def card_name(card: Card) -> str:
    number = card.get("number")
    name = card.title or card.id
    return f"{number:>2}. {name}" if number is not None else name
