"""Measured layouts kept across the rebuilds of `printkit build --watch` and of serve's rounds.

Each rebuild reads the kit afresh, so its models are new objects; laying every card design out
again would make a one-cell edit of a 1,500-row sheet cost as much as a fresh build. The
watching process keeps what each component's layout measured, and offers it to the next
rebuild's build (`Derived.kept_layouts`, in the `Derived` made by `derived()`), which takes what it finds instead of measuring it.
What is kept, and under which key, is the component type's own (its `layout_keeper`,
printkit/api.py; the deck type's in components/deck/kept.py); this store knows only that a
component's kept layout is valid while the build's options (`Options.key()`) and its looks'
shared digest (live/looks.py: the deck's settings that change drawing, the kit's fonts and
printkit's code) are the same. Only the last layout of each component is kept.
"""

from __future__ import annotations

from collections.abc import Sized

from printkit.api import LayoutKeeper
from printkit.kit import Derived, Kit
from printkit.live.looks import DeckLooks
from printkit.model.cards import Deck

LayoutId = tuple[str, str, str]  # kit folder, options key, component id


class KeptLayouts:
    """Every component's last layout, as its type keeps it. `derived()` makes a build's
    `Derived` that offers them to the layouts it makes; `settle()` (after a rebuild) keeps the layouts that rebuild made, in place
    of the older."""

    def __init__(self) -> None:
        # each component's last layout: its looks' shared digest and what its type kept
        self._kept: dict[LayoutId, tuple[str, Sized]] = {}
        self._keepers: list[tuple[LayoutId, str, LayoutKeeper]] = []
        self.measured = 0  # designs measured by the layouts the last settle() kept
        self._sizes: dict[LayoutId, int] = {}

    def derived(self) -> Derived:
        """What a rebuild derives, its layouts offered what the rebuilds before kept."""
        return Derived(kept_layouts=self.keeper)

    def keeper(self, kit: Kit, derived: Derived, component_id: str) -> LayoutKeeper | None:
        """What this build's layout of the component may reuse (its type's `layout_keeper`;
        None when its type keeps nothing)."""
        if not kit.component(component_id).has_cards:
            return None
        looks = DeckLooks(kit, kit.model_as(component_id, Deck))
        layout_id: LayoutId = (str(kit.root), kit.options.key(), component_id)
        shared, earlier = self._kept.get(layout_id, ("", None))
        kept = earlier if shared == looks.shared else None
        keeper = kit.component(component_id).layout_keeper(kit, derived, component_id, looks, kept)
        if keeper is not None:
            self._keepers.append((layout_id, looks.shared, keeper))
        return keeper

    def remember(self, kit: Kit, derived: Derived) -> None:
        """Keep the layouts a build without kept layouts made of `kit` (`derived`: the first
        build of `--watch`)."""
        for cid in kit.component_ids():
            if derived.layout_of(cid) is not None:
                keeper = self.keeper(kit, derived, cid)
                if keeper is not None:
                    keeper.remember()
        self.settle()

    def settle(self) -> None:
        """Keep each component's layout made since the last settle (complete ones only: a
        layout that met an error is not the kit's), in place of that component's older one."""
        self.measured = sum(keeper.measured for _, _, keeper in self._keepers)
        for layout_id, shared, keeper in self._keepers:
            kept = keeper.kept()
            if kept is not None:
                self._kept[layout_id] = (shared, kept)
                self._sizes[layout_id] = len(kept)
        self._keepers = []

    @property
    def designs(self) -> int:
        """How many designs are kept (for the tests and the bench)."""
        return sum(self._sizes.values())
