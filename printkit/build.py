"""The build pipeline: load every kit's data, render each component, commit outputs together.

Output goes to OUT/<kit>/<component>.pdf. Nothing is written outside OUT, and nothing replaces
an existing file until every component of every requested kit has rendered (see output.Staging).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from printkit.components import component_type
from printkit.errors import Location, fail
from printkit.kit import Kit
from printkit.output import staged

Progress = Callable[[str, int], None]
_SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")


def component_targets(kit: Kit, out: Path) -> list[tuple[str, Path]]:
    """(component id, output path) for every component of the kit."""
    targets = []
    for cid in kit.component_ids():
        module = component_type(kit.spec(cid).type)
        targets.append((cid, output_path(out, kit.name, module.output_name(kit, cid))))
    return targets


def output_path(out: Path, kit_name: str, file_name: str) -> Path:
    """OUT/<kit>/<file>, refusing any name that would lead elsewhere (path parts, `..`)."""
    for part in (kit_name, file_name):
        if not _SAFE_NAME.fullmatch(part) or part.strip(".") == "":
            raise fail(
                Location(kit_name),
                f"output name {part!r} must be a plain file name (letters, digits, - _ .)",
            )
    return out / kit_name / file_name


def build_kits(kits: list[Kit], out: Path, progress: Progress | None = None) -> list[Path]:
    """Build every component of every kit; returns the files written."""
    check_distinct_names(kits)
    for kit in kits:
        kit.models()  # every input error of every file, before any drawing starts
    with staged(out) as stage:
        for kit in kits:
            for cid, target in component_targets(kit, out):
                module = component_type(kit.spec(cid).type)
                temp = stage.temp_for(target)
                label = f"{kit.name}/{target.name}"
                module.render(
                    kit, cid, temp, (lambda n, lbl=label: progress(lbl, n)) if progress else None
                )
            extra = getattr(_rules_module(kit), "extra_outputs", None)
            if extra:
                for name, text in extra(kit).items():
                    stage.write_text(output_path(out, kit.name, name), text)
        written = [target for _, target in stage.pending]
    return written


def check_distinct_names(kits: list[Kit]) -> None:
    """Two different kits of one name would write the same OUT/<kit>/ files: refuse."""
    seen: dict[str, Kit] = {}
    for kit in kits:
        first = seen.setdefault(kit.name, kit)
        if first is not kit and first.root.resolve() != kit.root.resolve():
            raise fail(
                Location(kit.manifest_file),
                f"two kits are named {kit.name!r} (the other is {first.manifest_file}); both "
                "would write the same files: build them into different --out folders",
            )


def _rules_module(kit: Kit):
    if kit.manifest.rules is None:
        return None
    from printkit.games import game

    return game(kit.manifest.rules.module)
