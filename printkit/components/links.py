"""Links between components: a component's `uses: {role: other-id}` in kit.yaml, resolved.

A templates sheet needs the deck and the bases; a damage chart needs the deck and the bases; the
track needs the bases. Each is found, checked to be of the expected type, and given typed.
"""

from __future__ import annotations

from typing import TypeVar

from printkit.core.errors import Location, fail
from printkit.kit import Kit
from printkit.load.schema import where

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
