"""The build pipeline: load every kit's data, render each component, commit outputs together.

Output goes to OUT/<kit>/<component>.pdf. Nothing is written outside OUT, and nothing replaces
an existing file until every component of every requested kit has rendered (see output.Staging).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from printkit.components import component_type
from printkit.kit import Kit
from printkit.output import staged

Progress = Callable[[str, int], None]


def component_targets(kit: Kit, out: Path) -> list[tuple[str, Path]]:
    """(component id, output path) for every component of the kit."""
    targets = []
    for cid in kit.component_ids():
        module = component_type(kit.spec(cid).type)
        targets.append((cid, out / kit.name / module.output_name(kit, cid)))
    return targets


def build_kits(
    kits: list[Kit],
    out: Path,
    progress: Progress | None = None,
    notes: Callable[[str], None] | None = None,
) -> list[Path]:
    """Build every component of every kit; returns the files written.

    A kit's game module may offer `extra_outputs(kit) -> {file name: text}` (written beside the
    PDFs) and `build_notes(kit) -> str` (passed to `notes`, e.g. a pick list to print).
    """
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
                    stage.write_text(out / kit.name / name, text)
        written = [target for _, target in stage.pending]
    for kit in kits:
        note = getattr(_rules_module(kit), "build_notes", None)
        if note and notes:
            notes(note(kit))
    return written


def _rules_module(kit: Kit):
    if kit.manifest.rules is None:
        return None
    from printkit.games import game

    return game(kit.manifest.rules.module)
