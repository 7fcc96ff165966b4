"""docs/data-format.md and docs/checks.md: their generated parts match the code."""

from __future__ import annotations

import re

from printkit.checks import all_rule_sets
from printkit.cli import docgen
from printkit.cli.docgen import DOCS, GENERATORS, records, refresh
from printkit.kit import manifest_schema
from printkit.plugins import builtin_component_types, component_type


def test_generated_blocks_are_up_to_date():
    for name, generators in GENERATORS.items():
        text = (DOCS / name).read_text(encoding="utf-8")
        assert refresh(text, generators) == text, (
            f"docs/{name} is out of date: run python -m printkit.cli.docgen"
        )


def test_checks_doc_explains_every_rule_code():
    text = (DOCS / "checks.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^#### ([A-Z]+[0-9]+): ", text, re.MULTILINE))
    registered = {code for _, rs in all_rule_sets() for code in rs.rules}
    assert documented == registered


def test_data_format_doc_has_every_key_with_a_meaning():
    text = (DOCS / "data-format.md").read_text(encoding="utf-8")
    roots = [manifest_schema()]
    roots += [component_type(t).schema() for t in builtin_component_types()]
    for root in roots:
        for _, record in records(root, ""):
            table = docgen.record_table(record)
            assert table in text, record.name
            for name, spec in record.fields.items():
                assert spec.doc or spec.type.doc, f"{record.name}.{name} has no meaning to document"


def test_refresh_rejects_missing_or_unknown_blocks():
    import pytest

    with pytest.raises(KeyError, match="blocks missing"):
        refresh("no blocks here", {"rules": lambda: "x"})
    with pytest.raises(KeyError, match="no generator"):
        refresh("<!-- generated: odd -->\n<!-- end generated: odd -->", {})
    assert refresh(
        "a\n<!-- generated: r -->\nold\n<!-- end generated: r -->\nb", {"r": lambda: "new"}
    ) == ("a\n<!-- generated: r -->\nnew\n<!-- end generated: r -->\nb")


def _doc_files():
    root = DOCS.parent
    return [root / "README.md", *sorted(DOCS.glob("*.md"))]


def test_readme_quick_start_is_exactly_build_and_test():
    """Two commands: one installs and builds every kit, one installs and runs the tests; CI
    runs the second."""
    text = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    block = text.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.splitlines()]
    assert commands == ["pip install -e . && printkit build", "pip install -e '.[test]' && pytest"]
    ci = (DOCS.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -q -e '.[test]'" in ci and "\nstep pytest\n" in ci


def test_every_command_and_option_the_docs_name_exists():
    """`printkit CMD ... --option` in README.md and docs/: a renamed option fails here."""
    import click

    from printkit.cli.app import main

    ctx = click.Context(main)
    problems = []
    for path in _doc_files():
        text = path.read_text(encoding="utf-8")
        for snippet in re.findall(r"`([^`\n]+)`|```sh\n(.*?)```", text, re.DOTALL):
            for line in "".join(snippet).splitlines():
                for m in re.finditer(r"\bprintkit ([a-z]+)((?: [^#&|;]*)?)", line):
                    name, rest = m.group(1), m.group(2)
                    command = main.get_command(ctx, name)
                    if command is None:
                        if line.strip().startswith("printkit "):  # not prose like "printkit reads"
                            problems.append(f"{path.name}: unknown command {name!r} in {line!r}")
                        continue
                    words = rest.split()
                    if isinstance(command, click.Group) and words and words[0] in command.commands:
                        command = command.commands[words[0]]
                    known = {o for p in command.params for o in getattr(p, "opts", [])}
                    known |= {"--help", "-h"}
                    for word in words:
                        option = word.split("=")[0]
                        if option.startswith("--") and option not in known:
                            problems.append(f"{path.name}: {name} has no option {option}: {line!r}")
    assert not problems, "\n".join(problems)
