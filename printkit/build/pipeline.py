"""The build pipeline: load every kit's data, render each component, commit outputs together.

Output goes to OUT/<kit>/<component>.pdf, or OUT/<kit>/<variant>/<component>.pdf when built
with variants (OUT/<kit>/<v1>+<v2>/ for several, in the order given). Nothing is written outside
OUT, and nothing replaces an existing file until every component of every requested kit has
rendered (see output.Staging).

Builds are incremental (printkit.build.incremental): an output whose inputs, options and printkit are
unchanged since the last build is skipped, unless `force`. Components render in parallel
processes when `jobs` > 1; each writes its own file, so the bytes are those of a serial build.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
from collections.abc import Callable, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING

from printkit import plugins
from printkit.build.incremental import (
    RECORD_DIR,
    KitRecord,
    extra_note,
    file_hash,
    output_stamp,
    plan_key,
    target_key,
)
from printkit.core.errors import InputError, Location, all_reported, fail
from printkit.core.fieldwise import fieldwise
from printkit.core.perf import gc_paused, gc_thawed
from printkit.core.processes import (
    TERMINATING_SIGNALS,
    Terminated,
    check_terminated,
    die_with_parent,
    terminate_as_exception,
)
from printkit.core.progress import ticking
from printkit.kit import MANIFEST, Derived, Kit, load_kit
from printkit.load import remote
from printkit.model.options import Options
from printkit.output import staged
from printkit.render import gang, more_output_path

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.process import BaseProcess

    from printkit.checks.gate import RulesGate

Progress = Callable[[str, int], None]
_SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")


def component_targets(kit: Kit, out: Path) -> list[tuple[str, Path]]:
    """(component id, output path) for every component of the kit."""
    targets = []
    for cid in gang.build_ids(kit):
        targets.append((cid, output_path(out, kit_folders(kit), _output_file(kit, cid))))
        for name in _more_outputs(kit, cid):
            targets.append((cid, output_path(out, kit_folders(kit), name)))
    return targets


def kit_folders(kit: Kit) -> tuple[str, ...]:
    """The folders, below --out, of a kit's outputs, as its options place them
    (Options.output_parts: the kit's name, its variants, `shop/`)."""
    return kit.options.output_parts(kit.name)


def output_path(out: Path, kit_folder: str | tuple[str, ...], file_name: str) -> Path:
    """OUT/<kit>/<file> (OUT/<kit>/<v1+v2>/<file> for a variant build: see Options.output_parts),
    refusing any name that would lead elsewhere (path parts, `..`)."""
    folders = (kit_folder,) if isinstance(kit_folder, str) else kit_folder
    names = [*folders[:1], *(v for f in folders[1:] for v in f.split("+")), file_name]
    for part in names:
        if not _SAFE_NAME.fullmatch(part) or part.strip(".") == "":
            raise fail(
                Location(folders[0]),
                f"output name {part!r} must be a plain file name (letters, digits, - _ .)",
            )
    return out.joinpath(*folders, file_name)


def check_distinct_names(kits: list[Kit]) -> None:
    """Two different kits of one name would write the same OUT/<kit>/ files: refuse."""
    seen: dict[str, Kit] = {}
    for kit in kits:
        first = seen.setdefault("+".join(kit_folders(kit)), kit)
        if first is not kit and first.root.resolve() != kit.root.resolve():
            raise fail(
                Location(kit.manifest_file),
                f"two kits are named {kit.name!r} (the other is {first.manifest_file}); both "
                "would write the same files: build them into different --out folders",
            )


@fieldwise
class _KitPlan:
    kit: Kit
    derived: Derived  # what this build derives from the kit (its layouts), passed to each member
    record: KitRecord
    keys: dict[str, str]
    stale: list[tuple[str, Path]] = field(default_factory=list)
    hashes: dict = field(default_factory=dict)
    every_target: bool = True  # planned every target (no --only): `memo` is the record's plan
    # files the previous build of this folder recorded and this one no longer makes (a
    # component dropped from kit.yaml, a token size the shop profile splits differently)
    obsolete: list[Path] = field(default_factory=list)


def _plan(
    kit: Kit, derived: Derived, out: Path, force: bool, only: Sequence[str] | None = None
) -> _KitPlan:
    record = KitRecord.read(out, kit_folders(kit))
    plan = _KitPlan(kit, derived, record, {}, every_target=only is None)
    chosen = gang.build_ids(kit) if only is None else [kit.spec(cid).id for cid in only]
    for cid in chosen:
        key = plan.keys[cid] = _target_key(kit, cid)
        if force or not record.is_fresh(kit.root, cid, key, plan.hashes):
            plan.stale.append((cid, output_path(out, kit_folders(kit), _output_file(kit, cid))))
    return plan


def _memo(kit: Kit, keys: dict[str, str]) -> dict | None:
    """The record's plan of a kit whose targets are all planned: the plan key and each target's
    key (build/uptodate.py). None when a card list came from a link, for gang sheets (a no-op build prints their summary, which
    needs them packed) and for a kit whose types or game come from an installed plugin (whose
    code the key does not fingerprint)."""
    if gang.GANG_ID in keys or remote.links_read():
        return None  # (a card list at a link is fetched by every build: load/remote.py)
    rules = kit.manifest.rules
    game = rules.module if rules is not None else None
    types = {kit.spec(cid).type for cid in kit.component_ids()}
    if not types <= set(plugins.builtin_component_types()) or (
        game is not None and game not in plugins.builtin_games()
    ):
        return None
    manifest = kit.root / MANIFEST
    digest = kit.reads.digest(manifest) or file_hash(manifest)
    if digest is None:
        return None
    return {"key": plan_key(kit.options.key(), digest), "targets": dict(keys)}


def _render(
    kit: Kit, derived: Derived, cid: str, path: Path, progress: Callable[[int], None] | None
) -> int:
    """Draw target `cid` into `path` (its component type, or the gang sheets); the pages."""
    if cid == gang.GANG_ID:
        # imported here, only when a build has gang sheets (start-up: docs/performance.md)
        from printkit.render import gang_sheets

        return gang_sheets.render(kit, derived, cid, path, progress)
    return kit.component(cid).render(kit, derived, cid, path, progress)


def _more_outputs(kit: Kit, cid: str) -> list[str]:
    """The further files target `cid` writes beside its main output (the gang sheets: none)."""
    return [] if cid == gang.GANG_ID else kit.component(cid).more_outputs(kit, cid)


def _output_file(kit: Kit, cid: str) -> str:
    """The file target `cid` writes: the gang sheets' file, or the component's own name for
    its main output (<id>.pdf; tokens in a shop build: the first trim size)."""
    if cid == gang.GANG_ID:
        return gang.GANG_FILE
    return kit.component(cid).output_name(kit, cid)


def _target_key(kit: Kit, cid: str) -> str:
    return gang.target_key(kit, target_key) if cid == gang.GANG_ID else target_key(kit, cid)


def _target_inputs(kit: Kit, cid: str) -> list[Path]:
    """The files target `cid` is drawn from, as its component type reports them (the gang
    sheets: those of every member)."""
    if cid == gang.GANG_ID:
        return gang.inputs(kit, _component_inputs)
    return _component_inputs(kit, cid)


def _component_inputs(kit: Kit, cid: str) -> list[Path]:
    return list(kit.component(cid).inputs(kit, cid))


def _validate(kit: Kit, cids: list[str]) -> list:
    """Every input error of the rules file and the given components (see Kit.models)."""
    errors: list = []
    for load in [kit.fonts, kit.rules_data] + [lambda c=c: kit.model(c) for c in cids]:
        try:
            load()
        except InputError as exc:
            errors.extend(exc.diagnostics)
    return errors


class Written(list[Path]):
    """The files a build wrote; `unchanged` holds those it drew again with the bytes they
    already had, which it left as they were (time included)."""

    def __init__(self, files: list[Path], unchanged: list[Path]) -> None:
        super().__init__(files)
        self.unchanged = unchanged
        self.removed: list[Path] = []  # outputs of an earlier build this one no longer makes


def build_kits(  # noqa: PLR0913 - the kits, where they go, and each option of a build
    kits: list[Kit],
    out: Path,
    progress: Progress | None = None,
    *,
    force: bool = False,
    jobs: int = 1,
    notes: Callable[[str], None] | None = None,
    only: Sequence[str] | None = None,
    rules: RulesGate | None = None,
    derived: Sequence[Derived] | None = None,
) -> Written:
    """Build the out-of-date components of every kit (all with `force`); returns files written.

    What the build derives from each kit (its layouts) is kept in that kit's `Derived`, one per
    kit in `derived` (the caller's, to reuse after the build: `--watch`), else made here; the
    kits themselves are left as they were.

    An output drawn again with the bytes it already has (an input changed that it does not
    print, such as a kit font of a role it never uses) is left as it was, time included, and
    listed in the result's `unchanged`; with `force` every output is written.

    With `only` (component ids), each kit builds just those, and it is an input error for a kit
    to lack one; its other outputs and their build records are left as they are.

    With `rules`, the kits' rules checks run first (see RulesGate); without, they do not run.

    A kit's game module may offer `extra_outputs(kit) -> {file name: text}`: text files written
    beside the PDFs (e.g. a pick list); one line naming each (its title and path) is passed to
    `notes` for printing, on a no-op build too.
    """
    check_distinct_names(kits)
    builds = list(zip(kits, derived or [Derived() for _ in kits], strict=True))
    with terminate_as_exception():
        return _build(builds, out, progress, force, jobs, notes, rules, only)


def _build(
    builds: list[tuple[Kit, Derived]],
    out: Path,
    progress: Progress | None,
    force: bool,
    jobs: int,
    notes: Callable[[str], None] | None,
    rules: RulesGate | None,
    only: Sequence[str] | None,
) -> Written:
    # what is made before the render lives until the build ends: the collector walks none of it
    with gc_thawed():
        with gc_paused(freeze=True):
            plans = [_plan(kit, derived, out, force, only) for kit, derived in builds]
            _check_inputs(plans)
            _check_rules([plan for plan in plans if plan.stale], rules)
        written = _render_and_commit(plans, out, force, jobs, progress)
    if notes:
        for plan in plans:
            for name in sorted(plan.record.extras):
                notes(extra_note(output_path(out, kit_folders(plan.kit), name)))
    return written


def _check_rules(rebuilt: list[_KitPlan], rules: RulesGate | None) -> None:
    """The rules gate (RulesGate) over the kits that are drawn again."""
    if rules is None or not rebuilt:
        return
    # imported here, only when something is rebuilt: the rules and what drawing finds (start-up)
    from printkit.build.drawchecks import print_findings
    from printkit.checks.gate import check_rules

    check_rules(
        [plan.kit for plan in rebuilt],
        rules,
        lambda: all_reported(rebuilt, lambda p: print_findings(p.kit, p.derived, _components(p))),
    )


def _check_inputs(plans: list[_KitPlan]) -> None:
    """Every input error of every file, before any drawing starts; a file that feeds several
    components (a deck used by templates and the damage chart) is reported once."""
    errors: list = []
    with gc_paused():
        for plan in plans:
            if plan.stale:
                errors.extend(_validate(plan.kit, _components(plan)))
    if errors:
        raise InputError(list(dict.fromkeys(errors)))


def _render_and_commit(
    plans: list[_KitPlan], out: Path, force: bool, jobs: int, progress: Progress | None
) -> Written:
    """Draw every stale output and commit them with the build records, all or nothing."""
    with staged(out) as stage:
        tasks = [
            (plan.kit, plan.derived, cid, target, stage.temp_for(target))
            for plan in plans
            for cid, target in plan.stale
        ]
        for kit, _, cid, target, temp in tasks:
            _stage_more_outputs(stage, kit, cid, target, temp)
        _render_all(tasks, jobs, progress)
        check_terminated()  # a signal whose exception was swallowed must still stop the commit
        for plan in plans:
            _finish_kit(plan, stage, out, force, {t[3]: t[4] for t in tasks})
        same = [] if force else stage.drop_unchanged()
        written = [target for _, target in stage.pending if target.parent.name != RECORD_DIR]
        made = {target for _, target in stage.pending} | set(same)
    done = Written(written, [target for target in same if target.parent.name != RECORD_DIR])
    done.removed = _remove_obsolete(plans, made)
    return done


def _remove_obsolete(plans: list[_KitPlan], made: set[Path]) -> list[Path]:
    """Delete the files earlier builds recorded that these builds no longer make (after the
    commit: a failed build removes nothing); returns those removed."""
    removed = []
    for plan in plans:
        for path in plan.obsolete:
            if path in made or path.is_symlink() or not path.is_file():
                continue
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
    return removed


def _recorded_files(entry: dict) -> set[str]:
    """The file names a record entry says its target wrote: the main output and the rest."""
    return {entry.get("file", ""), *entry.get("more", {})} - {""}


def _finish_outputs(kit: Kit, cid: str, temp: Path) -> None:
    """The shop profile's print-ready finish (CMYK PDF/X) of every PDF a component wrote."""
    if kit.options.profile != "shop":
        return
    # imported here, only when a build writes shop files: pikepdf and the PDF/X finish (start-up)
    from printkit.pdfx import finish_component

    finish_component(kit, temp)
    for name in _more_outputs(kit, cid):
        finish_component(kit, more_output_path(temp, name))


def _stage_more_outputs(stage, kit: Kit, cid: str, target: Path, temp: Path) -> None:
    """The further files a component writes beside its main output join the staging."""
    for name in _more_outputs(kit, cid):
        stage.pending.append((more_output_path(temp, name), target.with_name(name)))


def _finish_kit(plan: _KitPlan, stage, out: Path, force: bool, temps: dict[Path, Path]) -> None:
    """Extra outputs of the kit's game and the new build record, when anything was rebuilt."""
    kit, record = plan.kit, plan.record
    if not plan.stale and not force and record.extras_present():
        return
    game = kit.game()
    if plan.every_target:
        record.plan = _memo(kit, plan.keys)
    record.extras = {}
    if game is not None:
        for name, text in game.extra_outputs(kit).items():
            temp = stage.temp_for(output_path(out, kit_folders(kit), name))
            temp.write_text(text, encoding="utf-8")
            record.extras[name] = output_stamp(temp)
    folder = output_path(out, kit_folders(kit), "x").parent
    if plan.every_target:  # a component gone from kit.yaml: its files go too
        for cid in [c for c in record.targets if c not in plan.keys]:
            plan.obsolete += [folder / n for n in _recorded_files(record.targets.pop(cid))]
    for cid, target in plan.stale:
        old = _recorded_files(record.targets.get(cid, {}))
        new = {target.name, *_more_outputs(kit, cid)}
        plan.obsolete += [folder / name for name in sorted(old - new)]
        inputs = _target_inputs(kit, cid)
        record.targets[cid] = record.entry(
            kit, plan.keys[cid], inputs, target.name, temps[target], plan.hashes
        )
        more = _more_outputs(kit, cid)
        if more:
            record.targets[cid]["more"] = {
                n: output_stamp(more_output_path(temps[target], n)) for n in more
            }
    stage.write_text(record.path, record.text())


BUILDING = "building"  # what a build's progress bar says: one tick per output drawn


def _render_all(tasks: list, jobs: int, progress: Progress | None) -> None:
    if jobs <= 1 or len(tasks) <= 1:
        for kit, derived, cid, target, temp in ticking(tasks, BUILDING):
            label = f"{'/'.join(kit_folders(kit))}/{target.name}"
            ticked = [0]
            pages = _render(kit, derived, cid, temp, _pages_of(progress, label, ticked))
            if progress and pages and pages > ticked[0]:
                progress(label, pages - ticked[0])  # pages drawn without a tick (a map's)
            _finish_outputs(kit, cid, temp)
        return
    # imported here, only when components render in parallel (start-up)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context()
    # a forked worker inherits the parent's loaded kits and what the build derived from them
    # (passed, never pickled) and skips re-reading the data; a spawned one reads them itself
    forked = context.get_start_method() == "fork"
    kits = {_worker_key(k): (k, d) for k, d, *_ in tasks} if forked else {}
    before = set(multiprocessing.active_children())
    with ProcessPoolExecutor(
        max_workers=min(jobs, len(tasks)),
        mp_context=context,
        initializer=_worker_init,
        initargs=(os.getpid(), kits),
    ) as pool:
        errors: list = []
        try:  # a signal while the tasks are still being submitted stops the workers too
            futures = [
                (kit, target, pool.submit(_render_task, *_read_as(kit), c, str(t)))
                for kit, _, c, target, t in tasks
            ]
            for kit, target, future in ticking(futures, BUILDING):
                pages, diagnostics, failure = _result(future)
                if isinstance(failure, OSError):
                    raise failure  # a full disk or an unwritable --out: reported plainly
                if failure:
                    raise RuntimeError(failure)
                errors.extend(diagnostics)
                if progress and pages:
                    progress(f"{'/'.join(kit_folders(kit))}/{target.name}", pages)
        except (KeyboardInterrupt, Terminated):
            _stop_workers(pool, set(multiprocessing.active_children()) - before)
            raise
        if errors:
            raise InputError(list(dict.fromkeys(errors)))


def _pages_of(
    progress: Progress | None, label: str, ticked: list[int]
) -> Callable[[int], None] | None:
    """The page counter a render reports to: `progress` told which output the pages are of,
    and `ticked[0]` how many it was told, so that the pages a render returns without ticking
    them (a tiled plan's assembly map) are counted once it ends."""
    if progress is None:
        return None

    def tick(pages: int) -> None:
        ticked[0] += pages
        progress(label, pages)

    return tick


def _result(future):
    """A worker's result, waited for in short steps so that a SIGTERM is acted on promptly."""
    while True:
        try:
            return future.result(timeout=0.25)
        except TimeoutError:
            check_terminated()


def _stop_workers(pool: ProcessPoolExecutor, workers: set[BaseProcess]) -> None:
    """On Ctrl-C or SIGTERM: end the pool's workers (which ignore Ctrl-C) at once, and wait until
    they are gone, so that no worker writes a temporary after the staging has removed them."""
    for process in workers:
        process.terminate()
    for process in workers:
        process.join(timeout=10)
    pool.shutdown(wait=True, cancel_futures=True)


def _read_as(kit: Kit) -> tuple[str, Options, frozenset[str] | None]:
    """What a worker reads a kit again from: its folder, options and `--only` components."""
    return str(kit.root), kit.options, kit.only


def _worker_key(kit: Kit) -> _WorkerKey:
    """How a worker finds a kit its parent read (_WORKER_KITS)."""
    return str(kit.root), kit.options.key(), kit.only


def _worker_init(parent: int, kits: dict[_WorkerKey, tuple[Kit, Derived]]) -> None:
    """In a worker: Ctrl-C is the parent's to handle (one message, no worker tracebacks), the
    parent's SIGTERM handler is not inherited, and the worker ends when its parent does. `kits`
    are the parent's loaded kits (forked workers only), kept for this worker's tasks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in TERMINATING_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    die_with_parent(parent)
    _WORKER_KITS.update(kits)


# A kit as a worker finds it: its folder, options' key and `--only` components (_worker_key).
_WorkerKey = tuple[str, str, frozenset[str] | None]
# In a worker process only: the kits its initializer was given, with what the build derived.
_WORKER_KITS: dict[_WorkerKey, tuple[Kit, Derived]] = {}


def _render_task(
    root: str, options: Options, only: frozenset[str] | None, cid: str, temp: str
) -> tuple[int, list, str | OSError | None]:
    """Render one component in a worker process: (pages, input errors, internal failure)."""
    try:
        known = _WORKER_KITS.get((root, options.key(), only))
        kit, derived = known or (load_kit(root, options, only), Derived())
        pages = _render(kit, derived, cid, Path(temp), None)
        _finish_outputs(kit, cid, Path(temp))
        return int(pages or 0), [], None
    except InputError as exc:
        return 0, list(exc.diagnostics), None
    except OSError as exc:
        return 0, [], OSError(exc.errno, exc.strerror, exc.filename)
    except Exception as exc:  # re-raised in the parent, which reports it as a bug
        # imported here, only when a worker fails (a bug): every build paid for it
        import traceback

        detail = traceback.format_exc() if os.environ.get("PRINTKIT_DEBUG") else ""
        return 0, [], f"{type(exc).__name__}: {exc}\n{detail}".rstrip()


def _components(plan: _KitPlan) -> list[str]:
    """The component ids a plan rebuilds (the gang sheets stand for the components they pack)."""
    cids = [cid for cid, _ in plan.stale]
    if gang.GANG_ID in cids:
        cids = [c for c in cids if c != gang.GANG_ID] + gang.members(plan.kit)
    return cids
