"""The kit's rules file: the game module's limits (its SCHEMA) plus the `checks:` written as data.

A kit whose `rules:` names no module has a rules file with only `checks:`; a kit with a module
may add `checks:` beside the module's own keys. Both are validated together, so every problem
of the file is reported at once with its file:line:col.
"""

from __future__ import annotations

from typing import Any

from printkit.checks.data_items import checkable, first_deck, item_list, named
from printkit.checks.data_rules import CHECKS_FIELD, DataCheck, missing_keys
from printkit.core.errors import Location, fail
from printkit.core.fieldwise import fieldwise
from printkit.core.words import close_matches
from printkit.load.records import record, record_of, spec
from printkit.load.schema import Context, Record, where
from printkit.load.yamlsafe import Document, load_yaml_file
from printkit.plugins import game


@record("rules")
@fieldwise(kw_only=True)
class ChecksOnlyRules:
    """The rules file of a kit whose `rules:` names no game module: data checks only."""

    checks: list[DataCheck] = spec(CHECKS_FIELD)


NO_GAME_SCHEMA: Record = record_of(ChecksOnlyRules)


def rules_file_schema(module: str | None) -> Record:
    """The whole rules file's schema (for validation, `printkit schema` and editors)."""
    if module is None:
        return NO_GAME_SCHEMA
    return game(module).schema.with_fields({"checks": CHECKS_FIELD})


def validate_rules(kit: Any, doc: Document) -> tuple[object, list[DataCheck]]:
    """(the module's rules model, the data checks); InputError with every problem found."""
    module = kit.manifest.rules.module
    ctx = Context(doc)
    data = doc.data
    if module is None:
        model = NO_GAME_SCHEMA.validate(data, ctx, ())
        checks = list(model.checks) if model is not None else []
    else:
        rest = {k: v for k, v in data.items() if k != "checks"} if isinstance(data, dict) else data
        model = game(module).schema.validate(rest, ctx, ())
        raw = data.get("checks") if isinstance(data, dict) else None
        checks = CHECKS_FIELD.type.validate(raw, ctx, ("checks",)) if raw is not None else []
    _check_complete(kit, checks, ctx)
    ctx.errors.raise_if_any()
    return model, checks


def _check_complete(kit: Any, checks: list, ctx: Context) -> None:
    """Each check has the keys its rule needs, names a deck the kit has, and the kinds and
    fields that deck has."""
    decks = checkable(kit)
    for i, check in enumerate(checks):
        if check is None:
            continue
        lacking = missing_keys(check)
        if lacking:
            ctx.error(("checks", i), f"a `{check.rule}` check needs {lacking}")
        if _names_components(kit, check, i, decks, ctx):
            _check_names(kit, check, i, ctx)


def _names_components(kit: Any, check: Any, i: int, decks: list[str], ctx: Context) -> bool:
    """Whether the check's `deck` (and `component`) are components a check may read."""
    if check.component is not None and check.component not in decks:
        ctx.error(
            ("checks", i, "component"),
            f"component {check.component!r} is not a deck, tile set or map of this kit; "
            f"it has: {', '.join(decks) or 'none'}",
        )
    if check.deck is not None and check.deck not in decks:
        ctx.error(
            ("checks", i, "deck"),
            f"deck {check.deck!r} is not a deck, tile set or map of this kit; it has: "
            f"{', '.join(decks) or 'none'}",
        )
        return False
    if check.deck is None and not decks:
        ctx.error(("checks", i), "this kit has no deck for the check to look at")
        return False
    return True


def _check_names(kit: Any, check: Any, i: int, ctx: Context) -> None:
    deck: str = check.deck or first_deck(kit) or ""
    found = item_list(kit, deck)
    if found is None or found.names is None:
        return  # e.g. a tile set's keys are fixed: its schema checks them
    for key in ("kind", "field"):
        if check.get(key) is not None:
            _check_name(kit, deck, key, check.get(key), ctx, ("checks", i, key))
    for n, name in enumerate(check.fields or []):
        _check_name(kit, deck, "field", name, ctx, ("checks", i, "fields", n))
    if check.when is not None:  # every field the condition reads is one the deck has
        for name in sorted({c.name for c in check.when.comparisons()}):
            _check_name(kit, deck, "field", name, ctx, ("checks", i, "when"))
    if check.component_kind is not None and check.component is not None:
        _check_name(kit, check.component, "kind", check.component_kind, ctx,
                    ("checks", i, "component_kind"))  # fmt: skip


def _names(kit: Any, deck: str, key: str) -> tuple[str, list[str]]:
    """(what the names are called, the names) of a component's item kinds or fields, read
    from its file as written, as its type says (`ItemList.names`): e.g. a deck's `kinds`, or
    its declared `fields` and base fields."""
    found = item_list(kit, deck)
    if found is None or found.names is None:
        return "", []
    return found.names(kit.document(deck).data).get(key, ("", []))


def _check_name(kit: Any, deck: str, key: str, name: str, ctx: Context, path: tuple) -> None:
    """A check's `kind` or `field` must be one the deck (or map) has."""
    table, names = _names(kit, deck, key)
    if names and name not in names:
        close = close_matches(name, names, 1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        ctx.error(
            path,
            f"{named(kit, deck)} has no {key} {name!r}{hint} (its {table}: {', '.join(names)})",
        )


def map_keys(kit: Any, check: Any) -> set[str]:
    """The keys of the map `check.key` (dotted, or the top level) in the data file `check.file`."""
    at = where(check, "file") or where(check) or Location(kit.manifest_file)
    path = kit.data_path(check.file, at)
    doc = load_yaml_file(path, str(check.file))
    node: Any = doc.data
    for part in (check.key or "").split(".") if check.key else []:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        inside = f" at {check.key!r}" if check.key else ""
        raise fail(
            where(check, "key") or at, f"{check.file} has no map of names{inside} to refer to"
        )
    return {str(k) for k in node}
