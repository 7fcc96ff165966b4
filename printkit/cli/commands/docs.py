"""`printkit docs [TOPIC]`: the user's guides, shipped with printkit, read where it is installed.

The guides are the Markdown files of docs/ (a wheel carries them as printkit/_docs). With no
TOPIC the command lists them with their titles; with one it prints that guide (`--path`: where the
file is, to open it in an editor or a Markdown viewer). Help texts and `printkit new` name topics
this way, so they point at something every installed user has.
"""

from __future__ import annotations

from pathlib import Path

import click

from printkit.cli.app import report_errors


def docs_dir() -> Path:
    """printkit/_docs in a wheel; docs/ in a source checkout or editable install."""
    package = Path(__file__).resolve().parents[2]
    shipped = package / "_docs"
    return shipped if shipped.is_dir() else package.parent / "docs"


def topics() -> dict[str, Path]:
    return {path.stem: path for path in sorted(docs_dir().glob("*.md"))}


def _title(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


@click.command(name="docs")
@click.argument("topic", required=False, shell_complete=lambda *_: list(topics()))
@click.option("--path", "show_path", is_flag=True, help="Print where the guide's file is.")
@report_errors
def docs_command(topic: str | None, show_path: bool) -> None:
    """Read printkit's guides: list them, or print TOPIC (for example: printkit docs tutorial)."""
    found = topics()
    if topic is None:
        width = max((len(name) for name in found), default=0)
        for name, path in found.items():
            click.echo(f"{name:<{width}}  {_title(path)}")
        click.echo(f"\n(printkit docs TOPIC prints one; the files are in {docs_dir()})")
        return
    if topic.removesuffix(".md") not in found:
        raise click.UsageError(f"no guide {topic!r}; the guides: {', '.join(found)}")
    path = found[topic.removesuffix(".md")]
    click.echo(str(path) if show_path else path.read_text(encoding="utf-8"), nl=show_path)
