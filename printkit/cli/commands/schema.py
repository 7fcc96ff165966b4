"""`printkit schema KIT [--out DIR]`: JSON Schemas for a kit's files, for editors and CI.

The schemas come from the very schema objects the validator uses (printkit.load.schema `.json()`):
kit.yaml from model/kit.py, the rules file from the game module's SCHEMA, and each component's
data file from its component type's `schema(kit, component_id)` (a deck's schema lists the card
fields and kinds that deck declares, so regenerate it after adding a field).

Without --out, one JSON object mapping each kit file (relative to the kit folder) to its schema is
printed. With --out, DIR/<file>.schema.json is written per kit file: `kit.schema.json`,
`cards.schema.json`, `rules.schema.json`; a file in a subfolder, `decks/a.yaml`, gives
`decks.a.schema.json`.

The built-in kits keep their schemas in <kit>/schema/ and each YAML file starts with
    # yaml-language-server: $schema=schema/<file>.schema.json
The path is relative to the YAML file, so it keeps working in a copy made by `printkit new`, in a
wheel install, and in any editor using the YAML language server (VS Code's YAML extension, Neovim,
Helix, JetBrains). For your own kit, run `printkit schema DIR --out DIR/schema` after changing
which fields or kinds a deck declares.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any

import click

from printkit.cli.app import OutPath, complete_kits, report_errors, say

DRAFT = "http://json-schema.org/draft-07/schema#"
SCHEMA_DIR = "schema"


def schema_file_name(data_file: str) -> str:
    """The schema file name for a kit file: 'cards.yaml' -> 'cards.schema.json'."""
    path = PurePosixPath(data_file.replace("\\", "/"))
    stem = ".".join([*path.parent.parts, path.stem]) if path.parent.parts else path.stem
    return f"{stem}.schema.json"


def modeline(data_file: str) -> str:
    """The comment that points the YAML language server at a kit file's committed schema."""
    depth = len(PurePosixPath(data_file.replace("\\", "/")).parts) - 1
    rel = "../" * depth + f"{SCHEMA_DIR}/{schema_file_name(data_file)}"
    return f"# yaml-language-server: $schema={rel}"


def kit_schemas(kit: Any) -> dict[str, dict]:
    """Every kit file (relative path, '/'-separated) -> its JSON Schema, in a stable order."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.checks.rules_file import rules_file_schema
    from printkit.kit import MANIFEST, manifest_schema

    out = {MANIFEST: _document(manifest_schema().json(), "printkit kit manifest (kit.yaml)")}
    rules = kit.manifest.rules
    if rules is not None and rules.file:
        game_name = rules.module or "data checks only"
        out[rules.file] = _document(
            rules_file_schema(rules.module).json(), f"printkit rules file for {game_name}"
        )
    with kit.faces():  # the faces may use the kit's game's kinds and installed ones
        for cid in kit.component_ids():
            spec = kit.spec(cid)
            if spec.file is None or spec.file in out:
                continue
            body = kit.component(cid).schema(kit, cid).json()
            out[spec.file] = _document(body, f"printkit {spec.type}: {cid}")
    return out


def _document(body: dict, title: str) -> dict:
    """A JSON Schema document: the faces' elements refer to one definition of a face element,
    in its `$defs` (model/face.shared_defs)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.model.face import shared_defs

    return shared_defs({"$schema": DRAFT, "title": title, **body})


def dumps(schema: dict) -> str:
    """A schema as committed: stable, indented, ending with a newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


@click.command(name="schema")
@click.argument("kit", metavar="KIT|DIR", shell_complete=complete_kits)
@click.option(
    "--out",
    type=OutPath(file_okay=False, path_type=Path),
    help="Write one <file>.schema.json per kit file into this folder (default: print JSON).",
)
@report_errors
def schema_command(kit: str, out: Path | None) -> None:
    """Write JSON Schemas for KIT's files, for editor autocompletion and CI validation."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.kit import load_kit
    from printkit.output import staged

    schemas = kit_schemas(load_kit(kit))
    if out is None:
        click.echo(json.dumps(schemas, indent=2, ensure_ascii=False))
        return
    with staged(out) as stage:
        for data_file, schema in schemas.items():
            stage.write_text(out / schema_file_name(data_file), dumps(schema))
        written = [target for _, target in stage.pending]
    for path in written:
        say(f"wrote {path}")
