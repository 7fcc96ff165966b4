"""Gang sheets: the cut pieces of several components packed together into one PDF, gang.pdf.

With `printkit build --gang` (or `gang: true` in kit.yaml) a home build gathers the pieces that the
member components would impose alone through imposed.render_pieces(), packs them by size with
layout/packing.py and draws them here: fronts with crop marks, the scale bar and the page label
as on every home sheet, and duplex backs mirrored exactly behind their fronts (back offset
applied). One-sided pieces (player aids) share sheets with two-sided ones and get nothing
behind them; each sheet still has its back page, so a duplex printer pairs every later sheet.

kit.yaml's `gang:` setting: `true` gangs every build of the kit, `false` none (not even with
--gang), a list of component ids names the members --gang packs. Default members: every component whose type
gangs by default (`gangs_by_default`, e.g. tokens and tiles; decks stay apart unless listed:
their sheets are already full grids). Only types that print cut pieces (`has_pieces`) gang.
Shop builds never gang: a shop imposes single pieces itself.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from printkit.core.errors import fail
from printkit.kit import Kit
from printkit.plugins import component_type, component_types

GANG_ID = "*gang"  # the gang's target id in build records: never a component id
GANG_FILE = "gang.pdf"


def members(kit: Kit) -> list[str]:
    """The component ids whose pieces go onto gang sheets in this build (none: no gang)."""
    setting = kit.manifest.gang
    if kit.options.profile != "home" or setting is False:
        return []
    if isinstance(setting, list):
        _check_listed(kit, setting)
        return [cid for cid in kit.component_ids() if cid in setting] if kit.options.gang else []
    if setting is True or kit.options.gang:
        return [cid for cid in kit.component_ids() if kit.component(cid).gangs_by_default]
    return []


def _check_listed(kit: Kit, listed: list[str]) -> None:
    for i, cid in enumerate(listed):
        at = kit.manifest_doc.where(("gang", i))
        if cid not in kit.manifest.components:
            known = ", ".join(kit.component_ids())
            raise fail(at, f"gang lists {cid!r}, which is not a component; choose from: {known}")
        if not kit.component(cid).has_pieces:
            raise fail(
                at,
                f"gang lists {cid!r}, a {kit.spec(cid).type} component; only cut pieces can be "
                f"ganged ({', '.join(piece_types())})",
            )


def piece_types() -> list[str]:
    """The component types that print cut pieces, which a gang may take."""
    return [name for name in component_types() if component_type(name).has_pieces]


def build_ids(kit: Kit) -> list[str]:
    """The build's targets: every component id, the gang members replaced by GANG_ID."""
    ganged = members(kit)
    ids = [cid for cid in kit.component_ids() if cid not in ganged]
    if ganged and GANG_FILE.removesuffix(".pdf") in ids:
        raise fail(
            kit.manifest_doc.where(("components", "gang"), key=True),
            f"component 'gang' would write {GANG_FILE}, which the gang sheets write: rename "
            "it, or list it under gang: in kit.yaml",
        )
    return ids + [GANG_ID] if ganged else ids


def target_key(kit: Kit, member_key: Callable[[Kit, str], str]) -> str:
    """The gang's build key: those of its members, in order."""
    text = json.dumps([GANG_ID, *[member_key(kit, cid) for cid in members(kit)]])
    return hashlib.sha256(text.encode()).hexdigest()


def inputs(kit: Kit, member_inputs: Callable[[Kit, str], list[Path]]) -> list[Path]:
    """The files the gang sheets depend on: those of every member, each once."""
    return list(dict.fromkeys(f for cid in members(kit) for f in member_inputs(kit, cid)))
