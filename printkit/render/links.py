"""Links between components: a component's `uses: {role: other-id}` in kit.yaml, resolved.

A component may read another's model (a tuck box the deck it holds): the other is found,
checked to be of the expected type, and given typed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from printkit.core.errors import Location, fail
from printkit.kit import MANIFEST, Kit
from printkit.load.schema import where
from printkit.model.cards import Deck

T = TypeVar("T")


def used_model(kit: Kit, component_id: str, role: str, expected_type: str, model: type[T]) -> T:
    """The model of the component this one `uses` as `role` (kit.yaml `uses: {role: other-id}`);
    an input error if it is missing or of another type (`expected_type`, whose model class is
    `model`)."""
    spec = kit.spec(component_id)
    here = where(spec, "uses") or where(spec) or Location(kit.manifest_file)
    other = spec.uses.get(role)
    if other is None:
        raise fail(
            here,
            f"component {component_id!r} needs `uses: {{{role}: <component id>}}` naming its "
            f"{expected_type} component",
        )
    if other not in kit.manifest.components:
        raise fail(here, f"component {component_id!r} uses {other!r}, which the kit does not have")
    if kit.spec(other).type != expected_type:
        raise fail(
            here,
            f"component {component_id!r} uses {other!r} as its {role}, but {other!r} is a "
            f"{kit.spec(other).type}, not a {expected_type}",
        )
    return kit.model_as(other, model)


def data_inputs(kit: Kit, component_id: str, *roles: str) -> list[Path]:
    """The files a component drawn from data alone depends on: the kit's shared files (kit.yaml,
    rules, fonts, icons), its data file, and the data of the components it `uses` in the given
    roles (their data files, and a deck's card sheet), each file once.

    A used deck's pictures are not among them: what uses a deck reads its cards, not its faces.
    """
    files = [*shared_inputs(kit), *data_file(kit, component_id)]
    uses = kit.spec(component_id).uses
    for role in roles:
        other = uses.get(role)
        if other is not None and other in kit.manifest.components:
            files += [*data_file(kit, other), *card_sheet(kit, other)]
    return list(dict.fromkeys(files))


def shared_inputs(kit: Kit) -> list[Path]:
    """The kit's files every component's output may depend on: kit.yaml, the rules file, the
    kit's own fonts and icons (the files named in kit.yaml; see `ComponentType.inputs`)."""
    rules = kit.manifest.rules
    named = [MANIFEST, *([rules.file] if rules is not None and rules.file else [])]
    named += [*kit.manifest.fonts.values(), *kit.manifest.icons.values()]
    return [kit.root / relative for relative in named]


def data_file(kit: Kit, component_id: str) -> list[Path]:
    """The component's data file (kit.yaml `file:`), or none."""
    spec = kit.spec(component_id)
    return [kit.root / spec.file] if spec.file else []


def card_sheet(kit: Kit, component_id: str) -> list[Path]:
    """The spreadsheet a deck's cards come from (`cards: cards.csv`), or none."""
    model = kit.model(component_id)
    return [kit.root / model.sheet] if isinstance(model, Deck) and model.sheet else []
