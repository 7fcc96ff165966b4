"""Finding a kit (a built-in name or a folder), reading its kit.yaml, and loading component data.

A kit reads only files inside its own folder: a data path that escapes it (`../`, an absolute
path, a symlink pointing out) is an input error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from printkit import plugins
from printkit.core.errors import Collector, InputError, Location, display_path, fail

# finding the kit folder is load/kitdir.py's, light enough for a no-op rebuild (re-exported)
from printkit.load.kitdir import MANIFEST, resolve_kit_dir
from printkit.load.kitdir import builtin_kit_names as builtin_kit_names
from printkit.load.kitdir import builtin_kits_dir as builtin_kits_dir
from printkit.load.paths import confined_path, existing_file
from printkit.load.reads import ReadLog
from printkit.load.schema import Record, validate_document, where
from printkit.load.yamlsafe import Document, PathKey, load_yaml_file
from printkit.model import kit as manifest_model
from printkit.model.cards import Deck
from printkit.model.face import Element, kinds_in_use
from printkit.model.kit import ComponentSpec, KitManifest, Variant
from printkit.model.options import SHOP_FOLDER, Options

if TYPE_CHECKING:  # the plug-in protocols sit above the kit (printkit/api.py)
    from printkit.api import ComponentType, Game
    from printkit.draw.icons import IconLibrary

T = TypeVar("T")


class Derived:
    """What one build (or check, or preview) derives from a kit while it runs: made by the
    build, handed explicitly to every member of a component type that lays out or draws
    (`render`, `preflight`, `print_findings`, `piece_groups`, `layout_keeper`: printkit/api.py),
    and dropped with the build. The kit it derives from (`Kit`: what was read) is never changed
    by it, so one kit serves any number of builds, each with a `Derived` of its own.

    Each component's layout (what measuring its drawing found) is made the first time it is
    asked and shared by `check`'s preflight and findings, the build's rules gate and the render
    (`laid_out`). `single_use` says the build is the kit's last: a render may let go of each
    design's layout once drawn, so that the PDF being assembled reuses that memory (`check`,
    serve and `--watch` keep theirs). `kept_layouts` offers the layouts earlier builds of the
    same folder measured (`build --watch` and serve, live/layouts.py); None: every design is
    measured.
    """

    __slots__ = ("_layouts", "kept_layouts", "single_use")

    def __init__(
        self,
        single_use: bool = False,
        kept_layouts: Callable[[Kit, Derived, str], Any] | None = None,
    ) -> None:
        self.single_use = single_use
        self.kept_layouts = kept_layouts
        self._layouts: dict[str, object] = {}

    def laid_out(self, component_id: str, lay_out: Callable[[], T]) -> T:
        """The component's layout, computed by `lay_out` the first time it is asked and kept
        for as long as this object lives."""
        if component_id not in self._layouts:
            self._layouts[component_id] = lay_out()
        return self._layouts[component_id]  # type: ignore[return-value]

    def layout_of(self, component_id: str) -> object | None:
        """The component's layout when `laid_out` has computed it, else None."""
        return self._layouts.get(component_id)


class Kit:
    """A loaded kit: what was read, and only that. Its folder, manifest, the options and the
    `--only` components it was read for (the variants decide its documents; the profile, paper
    and print service decide what its data is checked against), its component documents and
    models, its rules, fonts and icons, each read lazily the first time it is asked and then
    kept. Nothing a build derives is kept here (that is the build's `Derived`), and its
    attributes cannot be set once it is made: a build, a check or a preview leaves it as it was,
    so one kit serves several of them."""

    __slots__ = (
        "_docs",
        "_models",
        "_once",
        "_referred",
        "manifest",
        "manifest_doc",
        "only",
        "options",
        "reads",
        "root",
    )
    root: Path  # the kit's folder
    manifest: KitManifest  # kit.yaml, validated
    manifest_doc: Document  # kit.yaml as read, with every value's position
    options: Options  # the options it was read for
    only: frozenset[str] | None  # the components this run makes (`--only`); None: all
    reads: ReadLog  # the digest of every file read, for the build record
    _models: dict[str, object]
    _docs: dict[str, Document]
    _referred: dict[str, set[str]]
    _once: dict[str, Any]

    def __init__(
        self,
        root: Path,
        manifest: KitManifest,
        manifest_doc: Document,
        options: Options | None = None,
        *,
        only: frozenset[str] | None = None,
        reads: ReadLog | None = None,
        models: dict[str, object] | None = None,
        docs: dict[str, Document] | None = None,
    ) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "root", root)
        setattr_(self, "manifest", manifest)
        setattr_(self, "manifest_doc", manifest_doc)
        setattr_(self, "options", options or Options())
        # `--only`: the components this run makes (None: all). What depends on the run's options
        # rather than the data (a print service preset's card size) is checked only for them.
        setattr_(self, "only", only)
        setattr_(self, "reads", reads or ReadLog())  # what each file gave when it was read
        setattr_(self, "_models", {} if models is None else models)
        setattr_(self, "_docs", {} if docs is None else docs)
        setattr_(self, "_referred", {})  # see referred_keys()
        # what is read once: the rules file ("rules": its document, validated data and the
        # checks it declares as data), the icon library ("icons"), the kit's fonts ("fonts")
        setattr_(self, "_once", {})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"a Kit is what was read and is not changed after it is made (setting {name!r}); "
            "what a build derives goes in its Derived"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Kit is what was read and keeps it (deleting {name!r})")

    def __repr__(self) -> str:
        return f"Kit({str(self.root)!r}, options={self.options!r}, only={self.only!r})"

    def chosen(self, component_id: str) -> bool:
        """Whether this run makes `component_id` (every component without --only)."""
        return self.only is None or component_id in self.only

    @property
    def name(self) -> str:
        return self.manifest.name

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
            doc = load_yaml_file(path, display_path(path), self.reads)
            self._docs[component_id] = self._apply_overrides(component_id, doc)
        return self._docs[component_id]

    def with_models(self, options: Options, models: dict[str, object]) -> Kit:
        """This kit under other options with some component models replaced (e.g. a deck of one
        copy per design, drawn for a preview); the rest are shared, already loaded. What the new
        kit reads later is its own: this kit stays as it was."""
        return Kit(
            self.root,
            self.manifest,
            self.manifest_doc,
            options,
            models={**self._models, **models},
            docs=dict(self._docs) if options.variants == self.options.variants else None,
            reads=ReadLog(dict(self.reads.digests)),  # what was read so far; its own after
        )

    def under(self, options: Options, only: frozenset[str] | None = None) -> Kit:
        """The same kit read for other options (and `--only` components): every document
        already parsed is shared whose variant overrides are the same under both (the variants
        decide the documents only through them; a rules check reading another variant of the
        kit parses again only what that variant overrides), and every model is validated
        afresh against the new options."""
        before, after = self.options.variants, options.variants
        docs = {
            cid: doc
            for cid, doc in self._docs.items()
            if after == before or self._overrides(cid, after) == self._overrides(cid, before)
        }
        return Kit(
            self.root,
            self.manifest,
            self.manifest_doc,
            options,
            only=only,
            docs=docs,
            reads=ReadLog(dict(self.reads.digests)),  # what was read so far; its own after
        )

    def _overrides(self, component_id: str, variants: tuple[str, ...]) -> list[tuple[str, dict]]:
        """The overrides of a component's document under `variants`, as _apply_overrides
        applies them: (variant, its changes), in order."""
        known = self.manifest.variants
        found = [
            (name, known[name].overrides.get(component_id)) for name in variants if name in known
        ]
        return [(name, changes) for name, changes in found if changes]

    def _apply_overrides(self, component_id: str, doc: Document) -> Document:
        """The document with the active variants' overrides of its top-level keys; a problem
        in an overridden value is located at the kit.yaml line that holds it."""
        grafts: dict[PathKey, tuple[Document, PathKey]] = {}
        data = doc.data
        for variant in self.active_variants():
            changes = variant.overrides.get(component_id)
            if changes and isinstance(data, dict):
                data = {**data, **changes}
                prefix = ("variants", variant.name, "overrides", component_id)
                grafts.update({(key,): (self.manifest_doc, (*prefix, key)) for key in changes})
        return doc.grafted(grafts, data) if grafts else doc

    def component(self, component_id: str) -> ComponentType:
        """The type of a component, which loads, draws and describes it (printkit/api.py); an
        installed type that cannot be imported is the kit's input error, at its `type:`."""
        spec = self.spec(component_id)
        try:
            return plugins.component_type(spec.type)
        except plugins.PluginError as exc:
            raise fail(where(spec, "type") or Location(self.manifest_file), str(exc)) from None

    def components_with(self, ability: Callable[[ComponentType], bool]) -> list[str]:
        """The ids of the components whose type has `ability`, in kit.yaml's order, e.g.
        `kit.components_with(lambda t: t.has_pieces)`."""
        return [cid for cid in self.component_ids() if ability(self.component(cid))]

    def decks(self) -> list[str]:
        """The components that print cards (their model is a `Deck`), in kit.yaml's order."""
        return self.components_with(lambda t: t.has_cards)

    def model(self, component_id: str) -> object:
        """The validated model of a component, loaded once (raises InputError on bad data);
        `model_as()` gives it typed."""
        if component_id not in self._models:
            kind = self.component(component_id)
            with self.faces():
                self._models[component_id] = kind.load(self, component_id)
            try:
                self._game_marks(component_id)
            except Exception:  # a model the game could not finish is not kept
                del self._models[component_id]
                raise
        return self._models[component_id]

    def _game_marks(self, component_id: str) -> None:
        """A game changes a model only once it is built, from the model (never the raw file,
        which may be a sheet's name): the game's `card_markers(kit, component_id) -> {card id:
        marker}` (printkit/api.py) reads the deck through `model_as()` and marks its cards."""
        deck = self._models[component_id]
        game = self.game()
        if game is None or not isinstance(deck, Deck):
            return
        table = game.card_markers(self, component_id)
        for card in deck.cards:
            if card.id in table:
                card.marker = table[card.id]

    def model_as(self, component_id: str, model: type[T]) -> T:
        """The component's model as its type's own model class `model` (a deck's `Deck`, a
        tile set's `TileSet`...); TypeError when the component is of another type."""
        loaded = self.model(component_id)
        if not isinstance(loaded, model):
            raise TypeError(
                f"component {component_id!r} is a {self.spec(component_id).type}, "
                f"not a {model.__name__}"
            )
        return loaded

    def rules_data(self) -> object | None:
        """The kit's rules file validated by its game module's SCHEMA: that game's rules record
        (read typed through `rules_as()`), a `ChecksOnlyRules` when the kit names no module,
        None when the kit has no rules. Its `checks:` list is kept apart, for data_checks()."""
        spec = self.manifest.rules
        if spec is None:
            return None
        if spec.file is None:
            raise fail(
                where(spec) or Location(self.manifest_file),
                "rules needs 'file:' naming the rules data file (e.g. rules.yaml)",
            )
        if "rules" not in self._once:
            self._game(spec)
            path = self.data_path(spec.file, where(spec, "file") or Location(self.manifest_file))
            doc = self._apply_overrides(
                "rules", load_yaml_file(path, display_path(path), self.reads)
            )
            # imported here, only when the rules file is read (start-up of a no-op build: docs/performance.md)
            from printkit.checks.players import check_player_count
            from printkit.checks.rules_file import validate_rules

            model, checks = validate_rules(self, doc)
            check_player_count(self, model)
            self._once["rules"] = (doc, model, checks)
        return self._once["rules"][1]

    def _game(self, spec: Any) -> Game | None:
        """The game kit.yaml names (None when it names none); an installed game that cannot be
        imported is the kit's input error, at the name."""
        if spec.module is None:
            return None
        try:
            return plugins.game(spec.module)
        except plugins.PluginError as exc:
            raise fail(where(spec, "module") or Location(self.manifest_file), str(exc)) from None

    def rules_as(self, model: type[T]) -> T:
        """The rules data as the game's own rules class `model` (the class its SCHEMA builds),
        so that a game reads its rules typed; LookupError when the kit's rules are not one."""
        data = self.rules_data()
        if not isinstance(data, model):
            raise LookupError(
                f"the kit's rules are not {model.__name__}: kit.yaml's `rules:` names another "
                "game, or none"
            )
        return data

    def rules_document(self) -> Document | None:
        """The rules file as read (after variant overrides), once rules_data() has loaded it."""
        read = self._once.get("rules")
        return read[0] if read is not None else None

    def faces(self) -> AbstractContextManager[None]:
        """A scope in which faces may use the kit's game's element kinds and those installed
        packages give besides the built-in ones (model/face.kinds_in_use): loading a component
        and writing its JSON Schema happen in it."""
        kinds = self.element_kinds()
        return kinds_in_use(kinds, plugins.element_kind, plugins.installed_element_kinds)

    def element_kinds(self) -> tuple[type[Element], ...]:
        """The element kinds the kit's game adds to the built-in ones (printkit/elements/): its
        faces may use them too (`model.face.kinds_in_use`, around loading and schemas)."""
        game = self.game()
        return () if game is None else game.element_kinds

    def game(self) -> Game | None:
        """The kit's game (kit.yaml `rules: {module: NAME}`, printkit/api.py); None without."""
        if self.manifest.rules is None:
            return None
        return self._game(self.manifest.rules)

    def data_checks(self) -> list:
        """The checks the rules file declares as data (`checks:`); none without a rules file."""
        if self.rules_data() is None:
            return []
        return list(self._once["rules"][2])

    def referred_keys(self, check: Any) -> set[str]:
        """The keys of the map a data check's `refers` names (loaded once per file and key)."""
        cache_key = f"{check.file}:{check.key or ''}"
        if cache_key not in self._referred:
            # imported here, only when a data check refers to another file's keys
            from printkit.checks.rules_file import map_keys

            self._referred[cache_key] = map_keys(self, check)
        return self._referred[cache_key]

    def icons(self) -> IconLibrary:
        """The built-in icons, the kit's game's (its `icons`) and the kit's own (kit.yaml
        `icons:`, which may replace either), read once."""
        if "icons" not in self._once:
            # imported here, only when something is drawn or checked (reportlab: start-up)
            from printkit.draw.icons import BUILTIN, icon_from_file

            errors = Collector()
            extra = []
            for name, relative in self.manifest.icons.items():
                at = self.manifest_doc.where(("icons", name))
                try:
                    extra.append(icon_from_file(self.root, name, relative, at, self.reads))
                except InputError as exc:
                    for d in exc.diagnostics:
                        errors.add(d.where, d.message)
            errors.raise_if_any()
            game = self.game()
            self._once["icons"] = BUILTIN.with_icons([*(game.icons if game else ()), *extra])
        library: IconLibrary = self._once["icons"]
        return library

    def fonts(self) -> dict[str, str]:
        """The kit's own fonts (kit.yaml `fonts:`), checked and registered: role -> font name."""
        if "fonts" not in self._once:
            # imported here, only when something is drawn or checked (reportlab: start-up)
            from printkit.draw.fonts import FontFileError, check_font_file

            names: dict[str, str] = {}
            errors = Collector()
            for role, relative in self.manifest.fonts.items():
                at = self.manifest_doc.where(("fonts", role))
                try:
                    names[role] = check_font_file(self.data_path(relative, at), self.reads)
                except FontFileError as exc:
                    errors.add(at, f"font {relative!r} for role {role!r}: {exc}")
                except InputError as exc:
                    errors.diagnostics.extend(exc.diagnostics)
            errors.raise_if_any()
            self._once["fonts"] = names
        fonts: dict[str, str] = self._once["fonts"]
        return fonts

    def models(self) -> dict[str, object]:
        """Every component's model; all input errors of all files are reported together."""
        errors: list = []
        loads: list[Callable[[], object]] = [self.fonts, self.rules_data]
        for load in loads + [lambda c=c: self.model(c) for c in self.component_ids()]:
            try:
                load()
            except InputError as exc:
                errors.extend(exc.diagnostics)
        if errors:  # a file several components use reports its errors once
            raise InputError(list(dict.fromkeys(errors)))
        return dict(self._models)


def manifest_schema(installed: bool = True) -> Record:
    """The schema of kit.yaml, offering the component types and games printkit has; without
    `installed`, only the built-in ones (which needs no scan of the installed packages)."""
    if not installed:
        builtin = tuple(plugins.builtin_component_types()), tuple(plugins.builtin_games())
        return manifest_model.manifest_schema(*builtin)
    return manifest_model.manifest_schema(
        tuple(plugins.component_types()), tuple(plugins.available_games())
    )


def _validated_manifest(doc: Document) -> KitManifest:
    """kit.yaml validated: against the built-in types and games first, which serves most kits
    without a scan of the installed packages (~15 ms of a no-op build), then, if that finds
    anything wrong, against every one, whose answer (and messages) is the one that counts."""
    try:
        manifest: KitManifest = validate_document(doc, manifest_schema(installed=False))
    except InputError:
        manifest = validate_document(doc, manifest_schema())
    return manifest


def component_of_type(kit: Kit, type_name: str) -> str | None:
    """The id of the kit's first component of this type (kit.yaml `type:`), if any."""
    return next((cid for cid in kit.component_ids() if kit.spec(cid).type == type_name), None)


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


def load_kit(
    name_or_path: str, options: Options | None = None, only: Iterable[str] | None = None
) -> Kit:
    """Resolve and read a kit's manifest, for the build `options` and the components `only`
    names (`--only`; None: all). Component data is loaded on demand."""
    options = options or Options()
    root = resolve_kit_dir(name_or_path)
    manifest_path = confined_path(root, MANIFEST, Location(display_path(root / MANIFEST)))
    reads = ReadLog()
    doc = load_yaml_file(manifest_path, display_path(manifest_path), reads)
    manifest = _validated_manifest(doc)
    for cid, spec in manifest.components.items():
        spec.id = cid
    for vname, variant in manifest.variants.items():
        variant.name = vname
    _check_uses(manifest, doc)
    if SHOP_FOLDER in manifest.variants:
        raise fail(
            doc.where(("variants", SHOP_FOLDER), key=True),
            f"a variant may not be named {SHOP_FOLDER!r}: a shop build's outputs use that folder",
        )
    unknown = [v for v in options.variants if v not in manifest.variants]
    if unknown:
        known = ", ".join(manifest.variants) or "none"
        raise fail(
            Location(display_path(manifest_path)),
            f"kit {manifest.name!r} has no variant {unknown[0]!r}; its variants are: {known}",
        )
    _check_override_targets(manifest, doc)
    chosen = frozenset(only) if only else None
    return Kit(root, manifest, doc, options, only=chosen, reads=reads)


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
