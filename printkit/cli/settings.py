"""The user's settings file: back offset, default paper, profile and duplex flip.

The file is `config.yaml` in the platform's config folder (platformdirs; PRINTKIT_CONFIG_DIR
overrides the folder, which tests use). It is read through the same safe YAML loader (YAML 1.2:
`duplex: off` is the word off) as kit data, into one @record, `model.settings.Settings`, which is
also its validator and its JSON Schema (`printkit config schema`): a bad value is reported as
file:line:col with a did-you-mean, and exits 2.

Precedence, for every setting: a command-line flag, then this file, then printkit's default
(the defaults of model.options.Options). `resolve_options` applies it.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import yaml

# the settings file's place and resolve_options are cli/options.py's (light: see its docstring)
from printkit.cli.options import ENV_DIR, FILE_NAME, config_dir, config_path, resolve_options
from printkit.core.errors import Location, display_path, fail
from printkit.core.words import close_matches
from printkit.layout.units import to_mm
from printkit.load.schema import Context, Invalid, Length, validate_document
from printkit.load.yamlsafe import Document, parse_yaml, read_text
from printkit.model.options import Options
from printkit.model.settings import (
    DUPLEX,
    MAX_BACK_OFFSET_MM,
    PAPERS,
    PROFILES,
    SETTINGS,
    Setting,
    Settings,
    SettingValue,
    format_back_offset,
    parse_back_offset,
    settings_schema,
)

__all__ = [
    "DUPLEX",
    "ENV_DIR",
    "FILE_NAME",
    "MAX_BACK_OFFSET_MM",
    "PAPERS",
    "PROFILES",
    "SETTINGS",
    "Setting",
    "canonical_key",
    "config_dir",
    "config_path",
    "effective",
    "format_back_offset",
    "load_settings",
    "parse_back_offset",
    "resolve_options",
    "set_value",
    "show",
    "unset_value",
]


def _is_blank(text: str) -> bool:
    return all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines())


def _document() -> Document | None:
    """The settings file parsed (None when there is none or it holds only comments)."""
    path = config_path()
    if not path.exists():
        return None
    shown = display_path(path)
    text = read_text(path, shown)
    if _is_blank(text):
        return None
    doc = parse_yaml(text, shown)
    if not isinstance(doc.data, dict):
        raise fail(Location(shown, 1, 1), "the settings file must hold `key: value` lines")
    return doc


def _raw() -> dict[str, object]:
    """The settings file as plain data, unvalidated (so `config set` can repair a bad value)."""
    doc = _document()
    return dict(doc.data) if doc else {}


def load_settings() -> Settings:
    """The validated settings file; a setting the file does not set is None."""
    doc = _document()
    if doc is None:
        return Settings()
    settings: Settings = validate_document(doc, settings_schema())
    return settings


def effective(key: str) -> tuple[SettingValue, str]:
    """(value, source) for one setting; source is "config" or "default"."""
    option = SETTINGS[key].option
    from_file = load_settings().chosen()
    if option in from_file:
        return from_file[option], "config"
    default: SettingValue = getattr(Options(), option)
    return default, "default"


def show(key: str, value: SettingValue) -> str:
    """A setting's value as the user writes it."""
    if value is None:  # a setting whose default is decided elsewhere: the kit's
        return "kit"  # max-ink: the kit's print: max_ink:, else 300; sheet-margin: 7mm
    if isinstance(value, tuple):
        return format_back_offset(value)
    if isinstance(SETTINGS[key].type, Length):  # kept in points, written in mm
        return f"{round(to_mm(float(value)), 3):g}mm"
    return f"{value:g}%" if isinstance(value, float) else value


def canonical_key(key: str) -> str:
    """A setting's key as the file writes it: `sheet_margin`, as kit.yaml spells its own
    key, is `sheet-margin`."""
    dashed = key.replace("_", "-")
    return dashed if dashed in SETTINGS else key


def check_key(key: str) -> Setting:
    if key in SETTINGS:
        return SETTINGS[key]
    close = close_matches(key, SETTINGS, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise fail(
        Location("printkit config"),
        f"unknown setting {key!r}{hint} (settings: {', '.join(SETTINGS)})",
    )


def set_value(key: str, text: str) -> SettingValue:
    """Validate and store one setting; returns the stored value. Other settings are kept."""
    key = canonical_key(key)
    setting = check_key(key)
    given_as = f"printkit config set {key}"
    try:  # the value is text as typed: `off` stays the word off
        value: SettingValue = setting.type.convert(text, Context(Document(given_as, text)), (key,))
    except Invalid as exc:
        raise fail(Location(given_as), f"{key} must be {exc.expected}; got {text!r}") from None
    _save(key, show(key, value))
    return value


def unset_value(key: str) -> bool:
    """Remove a setting (back to the default); True if it was set."""
    key = canonical_key(key)
    check_key(key)
    if key not in _raw():
        return False
    _save(key, None)
    return True


def _save(key: str, value: str | None) -> None:
    """Set `key` to `value` (None removes it), keeping every other line and comment as it is."""
    doc = _document()
    text = _existing_text()
    new_line = (
        yaml.safe_dump({key: value}, default_flow_style=False, allow_unicode=True)
        if value is not None
        else ""
    )
    edited = _edit_lines(doc, text, key, new_line) if doc is not None else None
    if edited is None:  # no file, only comments, or a layout we cannot edit line by line
        data = dict(doc.data) if doc is not None else {}
        data.pop(key, None)
        if value is not None:
            data[key] = value
        body = yaml.safe_dump(
            {k: data[k] for k in sorted(data)}, default_flow_style=False, allow_unicode=True
        )
        edited = (text if doc is None and text.strip() else HEADER) + (body if data else "")
    _write_text(edited)


HEADER = (
    "# printkit settings: change them with `printkit config set KEY VALUE`.\n"
    "# Command-line flags win over these; these win over printkit's defaults.\n"
)


def _existing_text() -> str:
    path = config_path()
    return read_text(path, display_path(path)) if path.exists() else ""


def _edit_lines(doc: Document, text: str, key: str, new_line: str) -> str | None:
    """`text` with `key`'s entry replaced by `new_line` (appended when absent), comments kept;
    None unless every top-level key starts its own line at column 1 (plain block style)."""
    marks = {k: doc.where((k,), key=True) for k in doc.data}
    starts = sorted(m.line for m in marks.values())
    if any(m.col != 1 or not m.line for m in marks.values()) or len(set(starts)) != len(starts):
        return None
    lines = text.splitlines(keepends=True)
    if key not in marks:
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        return "".join(lines) + new_line
    start = marks[key].line - 1
    end = min([ln - 1 for ln in starts if ln - 1 > start], default=len(lines))
    while end > start + 1 and _is_blank(lines[end - 1]):
        end -= 1  # comments and blank lines after the entry belong to what follows
    comment = _INLINE_COMMENT.search(lines[start]) if end == start + 1 else None
    if comment and new_line:  # `paper: a4  # my paper` keeps its note
        new_line = new_line.rstrip("\n") + comment.group(1).rstrip("\n") + "\n"
    return "".join(lines[:start]) + new_line + "".join(lines[end:])


# A comment after a one-line setting (a value written with quotes or '#' keeps none).
_INLINE_COMMENT = re.compile(r"""^[^'"#]*?(\s+#.*)$""")


def _write_text(text: str) -> None:
    """Replace the settings file atomically; a config.yaml that is a link is written through
    (its target is replaced), and anything but a regular file there is refused."""
    path = config_path()
    target = path.resolve() if path.is_symlink() else path
    if target.exists() and not target.is_file():
        raise fail(
            Location(display_path(path)),
            "the settings file is not a regular file (a folder, device or pipe); move it away",
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".printkit-tmp-", suffix=".yaml", dir=target.parent)
    except OSError as exc:
        raise fail(
            Location(display_path(path)), f"cannot save the settings: {exc.strerror or exc}"
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        if target.exists():
            os.chmod(temp, target.stat().st_mode & 0o777)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
