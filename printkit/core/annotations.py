"""Findings as GitHub Actions workflow commands (`--format github`): each becomes an annotation
on the file and line it names, in the pull request's diff and the run's summary.

    ::error file=cards.yaml,line=12,col=5,title=CR001::the speed 7 is not on the damage chart

The workflow-command syntax escapes %, CR and LF in the message, and also : and , in properties.
"""

from __future__ import annotations

from printkit.core.errors import Location

LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def annotation(severity: str, where: Location, message: str, title: str = "") -> str:
    """One workflow-command line for a finding of `severity` at `where`."""
    props = [f"file={_property(where.file)}"]
    if where.line:
        props.append(f"line={where.line}")
    if where.col:
        props.append(f"col={where.col}")
    if title:
        props.append(f"title={_property(title)}")
    return f"::{LEVELS.get(severity, 'error')} {','.join(props)}::{_data(message)}"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
