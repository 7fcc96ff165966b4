"""The kit's rules file: the game module's limits (its SCHEMA) plus the `checks:` written as data.

A kit whose `rules:` names no module has a rules file with only `checks:`; a kit with a module
may add `checks:` beside the module's own keys. Both are validated together, so every problem
of the file is reported at once with its file:line:col.
"""

from __future__ import annotations

import difflib
from typing import Any

from printkit.checks.data_rules import CHECKS_FIELD, missing_keys
from printkit.errors import Location, fail
from printkit.load.schema import Context, Record, where
from printkit.load.yamlsafe import Document, load_yaml_file

NO_GAME_SCHEMA = Record("rules", {"checks": CHECKS_FIELD})


def rules_file_schema(module: str | None) -> Record:
    """The whole rules file's schema (for validation, `printkit schema` and editors)."""
    if module is None:
        return NO_GAME_SCHEMA
    from printkit.games import game

    return game(module).SCHEMA.with_fields({"checks": CHECKS_FIELD})


def validate_rules(kit: Any, doc: Document) -> tuple[Any, list]:
    """(the module's rules model, the data checks); InputError with every problem found."""
    module = kit.manifest.rules.module
    ctx = Context(doc)
    data = doc.data
    if module is None:
        model = NO_GAME_SCHEMA.validate(data, ctx, ())
        checks = list(model.checks) if model is not None else []
    else:
        from printkit.games import game

        rest = {k: v for k, v in data.items() if k != "checks"} if isinstance(data, dict) else data
        model = game(module).SCHEMA.validate(rest, ctx, ())
        raw = data.get("checks") if isinstance(data, dict) else None
        checks = CHECKS_FIELD.type.validate(raw, ctx, ("checks",)) if raw is not None else []
    _check_complete(kit, checks, ctx)
    ctx.errors.raise_if_any()
    return model, checks


def _check_complete(kit: Any, checks: list, ctx: Context) -> None:
    """Each check has the keys its rule needs and names a deck the kit has."""
    decks = [c for c in kit.component_ids() if kit.spec(c).type == "deck"]
    for i, check in enumerate(checks):
        if check is None:
            continue
        lacking = missing_keys(check)
        if lacking:
            ctx.error(("checks", i), f"a `{check.rule}` check needs {lacking}")
        if check.deck is not None and check.deck not in decks:
            ctx.error(
                ("checks", i, "deck"),
                f"deck {check.deck!r} is not a deck of this kit; its decks: "
                f"{', '.join(decks) or 'none'}",
            )
        elif check.deck is None and not decks:
            ctx.error(("checks", i), "this kit has no deck for the check to look at")
        elif check.kind is not None:
            _check_kind(kit, check.deck or decks[0], check.kind, ctx, ("checks", i, "kind"))


def _check_kind(kit: Any, deck: str, kind: str, ctx: Context, path: tuple) -> None:
    """A check's `kind` must be one the deck declares (read from the deck file as written)."""
    data = kit.document(deck).data
    kinds = list(data.get("kinds") or {}) if isinstance(data, dict) else []
    if kinds and kind not in kinds:
        close = difflib.get_close_matches(kind, kinds, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        ctx.error(path, f"deck {deck!r} has no kind {kind!r}{hint} (its kinds: {', '.join(kinds)})")


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
