"""Finding a kit (a built-in name or a folder), reading its kit.yaml, and loading component data.

A kit reads only files inside its own folder: a data path that escapes it (`../`, an absolute
path, a symlink pointing out) is an input error.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.errors import Collector, InputError, Location, display_path, fail
from printkit.load.schema import validate_document, where
from printkit.load.yamlsafe import Document, PathKey, load_yaml_file
from printkit.model.kit import ComponentSpec, KitManifest, Variant, manifest_schema
from printkit.model.options import Options

MANIFEST = "kit.yaml"


def builtin_kits_dir() -> Path:
    """data/ in a source checkout or editable install; printkit/_builtin_kits in a wheel."""
    package = Path(__file__).resolve().parent
    shipped = package / "_builtin_kits"
    return shipped if shipped.is_dir() else package.parent / "data"


def builtin_kit_names() -> list[str]:
    root = builtin_kits_dir()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / MANIFEST).is_file())


def resolve_kit_dir(name_or_path: str) -> Path:
    """The folder of a kit given by built-in name or by path. Raises InputError if there is none."""
    looks_like_path = any(s in name_or_path for s in ("/", "\\")) or name_or_path.startswith(".")
    candidate = Path(name_or_path)
    builtin = not looks_like_path and name_or_path in builtin_kit_names()
    if builtin and not (candidate / MANIFEST).is_file():  # e.g. the output folder of `--out .`
        return builtin_kits_dir() / name_or_path
    if looks_like_path or candidate.is_dir():
        if not candidate.exists():
            raise fail(Location(name_or_path), "no such kit folder")
        if not candidate.is_dir():
            raise fail(Location(name_or_path), "expected a kit folder, found a file")
        if not (candidate / MANIFEST).is_file():
            raise fail(
                Location(display_path(candidate / MANIFEST)),
                f"this folder is not a kit: it has no {MANIFEST}",
            )
        return candidate
    if name_or_path in builtin_kit_names():
        return builtin_kits_dir() / name_or_path
    known = ", ".join(builtin_kit_names()) or "none"
    raise fail(
        Location(name_or_path),
        f"unknown kit {name_or_path!r}; built-in kits are: {known} (or give a kit folder path)",
    )


@dataclass
class OverriddenDocument(Document):
    """A data file some of whose top-level keys a variant replaced: positions under those keys
    are those of the values in kit.yaml (`variants: V: overrides: COMPONENT: KEY`)."""

    manifest: Document | None = None
    located: dict[str, PathKey] = field(default_factory=dict)  # key -> its path in kit.yaml

    def where(self, path: PathKey = (), *, key: bool = False) -> Location:
        p = tuple(path)
        if p and p[0] in self.located and self.manifest is not None:
            return self.manifest.where((*self.located[p[0]], *p), key=key)
        return super().where(p, key=key)


@dataclass
class Kit:
    """A loaded kit: its folder, manifest, the chosen options, and its component data (lazily)."""

    root: Path
    manifest: KitManifest
    manifest_doc: Document
    options: Options = field(default_factory=Options)
    _models: dict[str, Any] = field(default_factory=dict)
    _docs: dict[str, Document] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.manifest.name

    @property
    def label(self) -> str:
        """The kit as sheet labels name it: its name, and the variants it is built with."""
        variants = self.options.variants
        if not variants:
            return self.name
        return f"{self.name}, variant{'s' if len(variants) > 1 else ''} {'+'.join(variants)}"

    @property
    def output_parts(self) -> tuple[str, ...]:
        """Folders, below --out, of this kit's outputs: (name,), or (name, "v1+v2") when built
        with variants, so a variant never overwrites the plain build's files."""
        variants = self.options.variants
        return (self.name, "+".join(variants)) if variants else (self.name,)

    @property
    def manifest_file(self) -> str:
        return self.manifest_doc.file

    def component_ids(self) -> list[str]:
        return list(self.manifest.components)

    def spec(self, component_id: str) -> ComponentSpec:
        """The manifest entry of a component; an input error if kit.yaml has no such component
        (a data file or the rules may name one that was renamed or deleted)."""
        if component_id not in self.manifest.components:
            raise fail(
                self.manifest_doc.where(("components",), key=True),
                f"kit {self.name!r} has no component {component_id!r}; its components are: "
                f"{', '.join(self.manifest.components)}",
            )
        return self.manifest.components[component_id]

    def active_variants(self) -> list[Variant]:
        return [self.manifest.variants[v] for v in self.options.variants]

    def data_path(self, relative: str, where_: Location) -> Path:
        """A file inside the kit folder; refuses paths that escape it and names that are not files.

        A missing file is reported at `where_` (the place in kit.yaml that names it).
        """
        path = confined_path(self.root, relative, where_)
        return existing_file(path, relative, where_)

    def document(self, component_id: str) -> Document:
        """The component's data file, parsed, with variant overrides applied to its top level."""
        if component_id not in self._docs:
            spec = self.spec(component_id)
            if spec.file is None:
                raise fail(
                    where(spec) or Location(self.manifest_file),
                    f"component {component_id!r} needs a 'file' naming its data file",
                )
            path = self.data_path(spec.file, where(spec, "file") or Location(self.manifest_file))
            doc = load_yaml_file(path, display_path(path))
            self._docs[component_id] = self._apply_overrides(component_id, doc)
        return self._docs[component_id]

    def _apply_overrides(self, component_id: str, doc: Document) -> Document:
        """The document with the active variants' overrides of its top-level keys; a problem
        in an overridden value is located at the kit.yaml line that holds it."""
        located: dict[str, PathKey] = {}
        for variant in self.active_variants():
            changes = variant.overrides.get(component_id)
            if changes and isinstance(doc.data, dict):
                doc.data = {**doc.data, **changes}
                prefix = ("variants", variant.name, "overrides", component_id)
                located.update({key: prefix for key in changes})
        if not located:
            return doc
        return OverriddenDocument(
            doc.file, doc.data, doc.value_marks, doc.key_marks, self.manifest_doc, located
        )

    def model(self, component_id: str) -> Any:
        """The validated model of a component, loaded once (raises InputError on bad data)."""
        if component_id not in self._models:
            from printkit.components import component_type

            spec = self.spec(component_id)
            self._models[component_id] = component_type(spec.type).load(self, component_id)
        return self._models[component_id]

    def rules_data(self) -> Any:
        """The kit's rules file validated by its game module's SCHEMA (None if the kit has none)."""
        spec = self.manifest.rules
        if spec is None:
            return None
        if spec.file is None:
            raise fail(
                where(spec) or Location(self.manifest_file),
                f"rules needs 'file:' naming the {spec.module} rules data file (e.g. rules.yaml)",
            )
        if "\0rules" not in self._models:
            from printkit.games import game

            path = self.data_path(spec.file, where(spec, "file") or Location(self.manifest_file))
            doc = self._apply_overrides("rules", load_yaml_file(path, display_path(path)))
            self._docs["\0rules"] = doc
            data = validate_document(doc, game(spec.module).SCHEMA)
            check_player_count(self, data)
            self._models["\0rules"] = data
        return self._models["\0rules"]

    def fonts(self) -> dict[str, str]:
        """The kit's own fonts (kit.yaml `fonts:`), checked and registered: role -> font name."""
        if "\0fonts" not in self._models:
            from printkit.draw.fonts import FontFileError, check_font_file

            names, errors = {}, Collector()
            for role, relative in self.manifest.fonts.items():
                at = self.manifest_doc.where(("fonts", role))
                try:
                    names[role] = check_font_file(self.data_path(relative, at))
                except FontFileError as exc:
                    errors.add(at, f"font {relative!r} for role {role!r}: {exc}")
                except InputError as exc:
                    errors.diagnostics.extend(exc.diagnostics)
            errors.raise_if_any()
            self._models["\0fonts"] = names
        return self._models["\0fonts"]

    def drawing(self):
        """A context in which drawing code uses this kit's fonts (see draw.fonts.kit_fonts)."""
        from printkit.draw.fonts import kit_fonts

        return kit_fonts(self.fonts())

    def models(self) -> dict[str, Any]:
        """Every component's model; all input errors of all files are reported together."""
        errors: list = []
        loads = [self.fonts, self.rules_data]
        for load in loads + [lambda c=c: self.model(c) for c in self.component_ids()]:
            try:
                load()
            except InputError as exc:
                errors.extend(exc.diagnostics)
        if errors:  # a file several components use reports its errors once
            raise InputError(list(dict.fromkeys(errors)))
        return {k: v for k, v in self._models.items() if not k.startswith("\0")}


def player_range(rules: Any) -> tuple[int, int] | None:
    """(min, max) players a kit's rules allow, from a `players:` record with an integer `max`
    (and optional `min`, default 1); None when the rules do not say."""
    players = getattr(rules, "players", None)
    high = getattr(players, "max", None)
    if not isinstance(high, int):
        return None
    low = getattr(players, "min", 1)
    return (low if isinstance(low, int) else 1, high)


def check_player_count(kit: Kit, rules: Any) -> None:
    """`--players N` must be a count the kit's rules allow: an input error at `players:`."""
    n = kit.options.players
    allowed = player_range(rules)
    if n is None or allowed is None or allowed[0] <= n <= allowed[1]:
        return
    low, high = allowed
    bound = "max" if n > high else "min"
    at = where(rules.players, bound) or where(rules.players) or Location(kit.manifest_file)
    raise fail(
        at,
        f"kit {kit.name!r} is for {low} to {high} players (its rules' `players:`); "
        f"--players {n} is not possible",
    )


def confined_path(root: Path, relative: str, where_: Location) -> Path:
    """`root/relative`, refusing absolute paths, `..` and symlinks that lead outside root."""
    if not relative or any(ord(ch) < 32 for ch in relative):
        raise fail(where_, f"path {relative!r} is empty or holds control characters")
    rel = Path(relative)
    if rel.is_absolute() or relative.startswith(("/", "\\")) or ":" in relative[:3]:
        raise fail(where_, f"path {relative!r} must be relative to the kit folder")
    base = root.resolve()
    target = (root / rel).resolve()
    link = first_link(root, rel)
    outside = target != base and base not in target.parents
    if link is not None:
        leads = "leads outside the kit folder" if outside else "is a symbolic link"
        raise fail(
            where_,
            f"path {relative!r} {leads}: {display_path(link)} is a link (to "
            f"{os.readlink(link)}); printkit reads no links inside a kit folder, put the file "
            "itself there",
        )
    if outside:
        raise fail(where_, f"path {relative!r} leads outside the kit folder")
    return root / rel


def first_link(root: Path, rel: Path) -> Path | None:
    """The first part of `root/rel` below root that is a symbolic link (None if none is)."""
    path = root
    for part in rel.parts:
        path = path / part
        if part not in (".", "..") and path.is_symlink():
            return path
    return None


def existing_file(path: Path, relative: str, where_: Location) -> Path:
    """`path` if it is a regular file; otherwise an input error at `where_`, which names it."""
    shown = display_path(path)
    if not path.exists():
        raise fail(where_, f"file {relative!r} not found (looked for {shown})")
    if path.is_dir():
        raise fail(where_, f"{relative!r} is a directory; expected a file ({shown})")
    if not path.is_file():
        raise fail(where_, f"{relative!r} is not a regular file ({shown})")
    return path


def _check_uses(manifest: KitManifest, doc: Document) -> None:
    """Each component's `uses` must name components of this kit."""
    errors = Collector()
    for cid, spec in manifest.components.items():
        for role, other in spec.uses.items():
            if other not in manifest.components:
                errors.add(
                    doc.where(("components", cid, "uses", role)),
                    f"component {cid!r} uses {other!r} as its {role}, but the kit has no such "
                    f"component; its components are: {', '.join(manifest.components)}",
                )
    errors.raise_if_any()


def load_kit(name_or_path: str, options: Options | None = None) -> Kit:
    """Resolve and read a kit's manifest. Component data is loaded on demand."""
    options = options or Options()
    root = resolve_kit_dir(name_or_path)
    manifest_path = confined_path(root, MANIFEST, Location(display_path(root / MANIFEST)))
    doc = load_yaml_file(manifest_path, display_path(manifest_path))
    manifest: KitManifest = validate_document(doc, manifest_schema())
    for cid, spec in manifest.components.items():
        spec.id = cid
    for vname, variant in manifest.variants.items():
        variant.name = vname
    _check_uses(manifest, doc)
    unknown = [v for v in options.variants if v not in manifest.variants]
    if unknown:
        known = ", ".join(manifest.variants) or "none"
        raise fail(
            Location(display_path(manifest_path)),
            f"kit {manifest.name!r} has no variant {unknown[0]!r}; its variants are: {known}",
        )
    _check_override_targets(manifest, doc)
    return Kit(root, manifest, doc, options)


def _check_override_targets(manifest: KitManifest, doc: Document) -> None:
    """A variant's overrides must name a component or `rules`, else they would do nothing."""
    targets = [*manifest.components, "rules"]
    errors = Collector()
    for vname, variant in manifest.variants.items():
        for target in variant.overrides:
            if target not in targets:
                errors.add(
                    doc.where(("variants", vname, "overrides", target), key=True),
                    f"variant {vname!r} overrides {target!r}, which is neither a component of "
                    f"this kit nor 'rules'; choose from: {', '.join(targets)}",
                )
    errors.raise_if_any()
