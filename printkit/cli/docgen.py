"""Keeps what is generated from the code up to date: reference docs, built-in kits' schemas.

docs/data-format.md holds a table of keys for every record of every kit file, built from the same
schema objects the validator uses; docs/checks.md lists every rule code from the games' RuleSets.
The hand-written text around them stays as written: only blocks between
    <!-- generated: NAME -->  and  <!-- end generated: NAME -->
are replaced. It also rewrites each built-in kit's schema/ folder and the
`# yaml-language-server: $schema=...` first line of its files (see printkit/commands/schema.py).
tests/test_docs.py and tests/test_schema.py fail when any of it is out of date; refresh it all with

    python -m printkit.cli.docgen
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from printkit.checks import all_rule_sets
from printkit.checks.data_rules import CHECK
from printkit.cli.commands.schema import SCHEMA_DIR, dumps, kit_schemas, modeline, schema_file_name
from printkit.draw.icons import builtin_table
from printkit.kit import builtin_kit_names, builtin_kits_dir, load_kit, manifest_schema
from printkit.load.records import record_of
from printkit.load.schema import Either, Field, ListOf, MapOf, Record, Type
from printkit.model.cards import Deck
from printkit.model.face import Element, ElementType, element_kinds
from printkit.plugins import available_games, builtin_component_types, component_type, game

DOCS = Path(__file__).resolve().parents[2] / "docs"
_BLOCK = re.compile(
    r"(<!-- generated: (?P<name>[\w.-]+) -->\n)(?P<body>.*?)(<!-- end generated: (?P=name) -->)",
    re.DOTALL,
)


# ---- tables of keys -------------------------------------------------------------------------


def records(t: Type, path: str) -> Iterator[tuple[str, Record]]:
    """Every Record reachable from `t`, with a readable path of where it sits in the file."""
    if isinstance(t, Record):
        yield path, t
        for name, spec in t.fields.items():
            yield from records(spec.type, f"{path}.{name}" if path else name)
    elif isinstance(t, ListOf):
        yield from records(t.item, f"{path}[ ]")
    elif isinstance(t, MapOf):
        yield from records(t.value, f"{path}.<name>")
    elif isinstance(t, Either):
        for option in t.options:
            yield from records(option, path)
    # a face element (ElementType) is one of the element kinds: their own section's tables


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell (no pipes, no line breaks, no HTML tags)."""
    text = str(text).replace("|", "\\|").replace("\n", " ")
    return text.replace("<", "&lt;")


def _default(spec: Field) -> str:
    if spec.required:
        return "**required**"
    default = spec.default() if callable(spec.default) else spec.default
    if default is None:
        return "none"
    if isinstance(default, str | list | dict) and not default:
        return "empty"
    if isinstance(default, bool):
        return f"`{str(default).lower()}`"
    if not isinstance(default, str | int | float | list):
        return "each key's default"
    return f"`{spec.type.show(default)}`"


def _kind(t: Type) -> str:
    if isinstance(t, ElementType):
        return "a face element: see *Element kinds*"
    if isinstance(t, Record):
        return f"a map: see *{t.name}*"
    if isinstance(t, ListOf) and isinstance(t.item, Record):
        return f"a list of maps: see *{t.item.name}*"
    if isinstance(t, MapOf) and isinstance(t.value, Record):
        return f"a map of names to maps: see *{t.value.name}*"
    if isinstance(t, Either):
        return " or ".join(_kind(o) for o in t.options)
    if isinstance(t, ListOf):
        return f"a list; each {_kind(t.item)}"
    if isinstance(t, MapOf):
        return f"a map of names; each value {_kind(t.value)}"
    return t.describe()


def record_table(record: Record) -> str:
    """A Markdown table of a record's keys: key, value, default, meaning."""
    rows = ["| key | value | default | meaning |", "|---|---|---|---|"]
    for name, spec in record.fields.items():
        meaning = spec.doc or spec.type.doc or ""
        rows.append(
            f"| `{name}` | {_cell(_kind(spec.type))} | {_cell(_default(spec))} | {_cell(meaning)} |"
        )
    return "\n".join(rows)


def schema_tables(root: Type, file_label: str, level: int = 4) -> str:
    """One section per record under `root`, each a table of its keys."""
    out, seen = [], set()
    for path, record in records(root, ""):
        if id(record) in seen:
            continue
        seen.add(id(record))
        where = f"`{path}`" if path else "the top level"
        heading = "#" * level
        out.append(
            f"{heading} {record.name}\n\nIn {file_label}, at {where}.\n\n{record_table(record)}\n"
        )
    return "\n".join(out)


def kit_file_tables() -> str:
    return schema_tables(manifest_schema(), "kit.yaml", level=3)


def component_tables() -> str:
    """The data file of every component type that describes its schema."""
    out = []
    for name in builtin_component_types():
        schema = component_type(name).schema()
        out.append(f"### type: {name}\n\n{schema_tables(schema, f'a {name} file')}")
    return "\n".join(out)


def game_tables() -> str:
    """Each game's rules file, and the element kinds and icons it adds for its kits."""
    out = []
    for name in available_games():
        schema = game(name).schema
        out.append(
            f"### rules module: {name}\n\n{schema_tables(schema, f'the rules file of a {name} kit')}"
        )
        for kind in game(name).element_kinds:
            out.append(kind_table(kind, f"a face of a kit whose rules module is {name}"))
        if game(name).icons:
            rows = [f"#### {name}'s icons\n", "| icon | what it shows |", "|---|---|"]
            rows += [f"| `{icon.name}` | {_cell(icon.doc)} |" for icon in game(name).icons]
            out.append("\n".join(rows) + "\n")
    return "\n".join(out)


def kind_table(kind: type[Element], where: str) -> str:
    """One element kind: what it draws and the table of its keys."""
    return (
        f"#### element: {kind.kind}\n\n{_cell(kind.kind_doc[:1].upper() + kind.kind_doc[1:])}, "
        f"in {where}.\n\n{record_table(record_of(kind))}\n"
    )


def element_kind_tables() -> str:
    """Every built-in element kind (printkit/elements/), in the registry's order."""
    return "\n".join(kind_table(kind, "any face") for kind in element_kinds())


def declared_fields() -> str:
    """The card fields each built-in kit's decks declare, as an example of `fields`."""
    out = []
    for kit_name in builtin_kit_names():
        kit = load_kit(kit_name)
        for cid in kit.decks():
            deck = kit.model_as(cid, Deck)
            rows = ["| field | type | unit | range or choices | meaning |", "|---|---|---|---|---|"]
            for name, d in deck.fields.items():
                if d.type == "choice":
                    span = ", ".join(str(c) for c in d.choices)
                elif d.min is not None or d.max is not None:
                    span = f"{'' if d.min is None else f'{d.min:g}'} to "
                    span += "" if d.max is None else f"{d.max:g}"
                else:
                    span = ""
                req = " (required)" if d.required else ""
                rows.append(
                    f"| `{name}` | {d.type}{req} | {d.unit} | {_cell(span)} | {_cell(d.doc)} |"
                )
            out.append(f"#### {kit_name}: {kit.spec(cid).file}\n\n" + "\n".join(rows) + "\n")
    return "\n".join(out)


# ---- rules ----------------------------------------------------------------------------------


def rules_reference() -> str:
    """Every rule code of every game, with its severity, summary and explanation."""
    out = []
    for module, rule_set in all_rule_sets(builtin_only=True):
        source = "checks/data_rules.py" if module == "data" else f"games/{module}/"
        out.append(f"### {rule_set.game} (`printkit/{source}`)\n")
        if module == "data":
            out.append(data_rules_intro())
        for rule in rule_set.sorted():
            out.append(f"#### {rule.code}: {rule.summary}\n\nSeverity: **{rule.severity}**.\n")
            if rule.details != rule.summary:
                out.append(rule.details + "\n")
    return "\n".join(out)


def data_rules_intro() -> str:
    """How to write checks as data: the check record's keys, for the data rules' section."""
    return (
        "Any kit's rules file may list checks as data under `checks:`; a kit whose `rules:` "
        "names no `module` has only these. Each check's `rule` picks one of the kinds below "
        "(its code); `severity` (default error) and `message` are the check's own.\n\n"
        + record_table(CHECK)
        + "\n"
    )


def icon_table() -> str:
    """The built-in icons, by name."""
    rows = ["| built-in icon | what it shows |", "|---|---|"]
    rows += [f"| `{name}` | {_cell(doc)} |" for name, doc in builtin_table()]
    return "\n".join(rows)


GENERATORS: dict[str, dict[str, Callable[[], str]]] = {
    "data-format.md": {
        "icons": icon_table,
        "kit-file": kit_file_tables,
        "element-kinds": element_kind_tables,
        "components": component_tables,
        "declared-fields": declared_fields,
        "games": game_tables,
    },
    "checks.md": {"rules": rules_reference},
}


def refresh(text: str, generators: dict[str, Callable[[], str]]) -> str:
    """`text` with every generated block replaced by fresh output; unknown blocks are errors."""
    found = set()

    def replace(m: re.Match) -> str:
        name = m.group("name")
        if name not in generators:
            raise KeyError(f"no generator for block {name!r}")
        found.add(name)
        body = generators[name]().strip() + "\n"
        return f"{m.group(1)}{body}{m.group(4)}"

    result = _BLOCK.sub(replace, text)
    missing = set(generators) - found
    if missing:
        raise KeyError(f"blocks missing from the document: {', '.join(sorted(missing))}")
    return result


def refresh_kit_schemas(kit_dir: Path) -> list[str]:
    """Rewrite a kit's committed schemas and the modeline on the first line of each of its files.

    Returns the files changed. The built-in kits keep these up to date (tests/test_schema.py).
    """
    changed = []
    schemas = kit_schemas(load_kit(str(kit_dir)))
    folder = kit_dir / SCHEMA_DIR
    folder.mkdir(exist_ok=True)
    wanted = {schema_file_name(f) for f in schemas}
    for stale in folder.glob("*.schema.json"):
        if stale.name not in wanted:
            stale.unlink()
            changed.append(str(stale))
    for data_file, schema in schemas.items():
        target = folder / schema_file_name(data_file)
        text = dumps(schema)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            changed.append(str(target))
        source = kit_dir / data_file
        lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
        line = modeline(data_file) + "\n"
        if lines and lines[0].startswith("# yaml-language-server:"):
            if lines[0] == line:
                continue
            lines[0] = line
        else:
            lines.insert(0, line)
        source.write_text("".join(lines), encoding="utf-8")
        changed.append(str(source))
    return changed


def main() -> int:
    """Refresh the generated parts of docs/ and the built-in kits' schemas and modelines."""
    changed = []
    for name in builtin_kit_names():
        changed += refresh_kit_schemas(builtin_kits_dir() / name)
    for name, generators in GENERATORS.items():
        path = DOCS / name
        old = path.read_text(encoding="utf-8")
        new = refresh(old, generators)
        if new != old:
            path.write_text(new, encoding="utf-8")
            changed.append(str(path))
    print("updated:\n  " + "\n  ".join(changed) if changed else "everything is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
