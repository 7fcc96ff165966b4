"""The no-op rebuild: whether every output of some kits is up to date, from their build records.

A build record (build/incremental.py) keeps the build's plan: every target and its key, under a
key of all that decides them (printkit's code, the options, the environment and the bytes of
kit.yaml). While that key matches, the targets and their keys are still those, so checking them
needs only the record and the bytes of the inputs it lists: no YAML, no kit model, no component
type. This module imports nothing else; a build with anything to draw loads the kits as always.

Whenever it cannot tell (no plan, an input or output changed, two kits of one name), it answers
None and the full build decides, with its messages. Kits with gang sheets (whose summary a build
prints) or an installed plugin's component type or game are given no plan (build/pipeline.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.build.incremental import (
    RECORD_DIR,
    KitRecord,
    extra_note,
    file_hash,
    plan_key,
)
from printkit.core.errors import InputError
from printkit.load.kitdir import MANIFEST, resolve_kit_dir

if TYPE_CHECKING:
    from printkit.model.options import Options


def up_to_date_notes(names: Sequence[str], out: Path, options: Options) -> list[str] | None:
    """The notes a build of these kits into `out` prints (one per file the kits' games write
    beside the PDFs) when every output is up to date; None when anything may need drawing."""
    folders: dict[Path, Path] = {}  # record -> the kit folder it is for
    notes: list[str] = []
    for name in names:
        try:
            root = resolve_kit_dir(name)
        except InputError:
            return None
        record = _fresh_record(root, out, options)
        if record is None or folders.setdefault(record.path, root.resolve()) != root.resolve():
            return None  # two kits of one name: the build refuses them
        notes += [extra_note(record.folder / file) for file in sorted(record.extras)]
    # imported here, only when the build is known to be a no-op
    from printkit.output import Staging

    Staging(out).sweep_output_folders()  # as every build does, even one that writes nothing
    return notes


def _fresh_record(root: Path, out: Path, options: Options) -> KitRecord | None:
    """The kit's record, when its plan is this build's and every target in it is up to date."""
    manifest = file_hash(root / MANIFEST)  # None for a link: the build reports it
    if manifest is None:
        return None
    key = plan_key(options.key(), manifest)
    for parts in _record_names(root, out, options):
        record = KitRecord.read(out, parts)
        if record.plan is not None and record.plan["key"] == key:
            return record if _all_fresh(record, root) else None
    return None


def _all_fresh(record: KitRecord, root: Path) -> bool:
    assert record.plan is not None
    targets: dict[str, str] = record.plan["targets"]
    hashes: dict[Path, str | None] = {}
    fresh = all(record.is_fresh(root, cid, key, hashes) for cid, key in targets.items())
    return fresh and record.extras_present()


def _record_names(root: Path, out: Path, options: Options) -> list[tuple[str, ...]]:
    """The output folders (kit name, variants, shop) of the records that may be this kit's: the
    one named after the kit's folder first (a kit is usually named so), then every other one of
    these options. Which is the kit's is told by the plan key, which holds kit.yaml's bytes."""
    after = options.output_parts("")[1:]
    suffix = "".join(f"+{v}" for v in after)
    names = [root.resolve().name]
    try:
        stems = sorted(p.stem for p in (out / RECORD_DIR).glob(f"*{suffix}.json"))
    except OSError:
        stems = []
    for stem in stems:
        name = stem.removesuffix(suffix) if suffix else stem
        if name and "+" not in name and name not in names:
            names.append(name)
    return [options.output_parts(name) for name in names]
