"""The user's settings file: back offset, default paper, profile and duplex flip.

The file is `config.yaml` in the platform's config folder (platformdirs; PRINTKIT_CONFIG_DIR
overrides the folder, which tests use). It is read through the same safe YAML loader and typed
schema as kit data, so a bad value is reported as file:line:col and exits 2.

Precedence, for every setting: a command-line flag, then this file, then printkit's default
(the defaults of model.options.Options). `resolve_options` applies it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.errors import Location, display_path, fail

ENV_DIR = "PRINTKIT_CONFIG_DIR"
FILE_NAME = "config.yaml"
PAPERS = ("a4", "letter", "a3")
PROFILES = ("home", "shop")
DUPLEX = ("long", "short", "off")
MAX_BACK_OFFSET_MM = 20.0  # beyond this it is not misregistration but a wrong setting


def parse_back_offset(text: str) -> tuple[float, float]:
    """'1.5,-0.5' -> (1.5, -0.5) in mm. Raises ValueError with a sentence for the user."""
    try:
        x, y = (float(v) for v in str(text).split(","))
    except ValueError:
        raise ValueError(f"expected X,Y in millimetres like 1.5,-0.5; got {text!r}") from None
    if not all(abs(v) <= MAX_BACK_OFFSET_MM for v in (x, y)):  # also refuses nan
        raise ValueError(
            f"an offset of more than {MAX_BACK_OFFSET_MM:g} mm is not a printer misregistration"
        )
    return (x + 0.0, y + 0.0)  # + 0.0 turns -0.0 into 0.0


def format_back_offset(offset: tuple[float, float]) -> str:
    return f"{offset[0]:g},{offset[1]:g}"


@dataclass(frozen=True)
class Setting:
    """One key of the settings file: the Options field it feeds and what it means."""

    key: str
    option: str
    help: str


SETTINGS: dict[str, Setting] = {
    s.key: s
    for s in (
        Setting(
            "back-offset",
            "back_offset_mm",
            "X,Y in mm added to every back page (find it with printkit calibrate)",
        ),
        Setting(
            "paper", "paper", "default paper: " + ", ".join(PAPERS) + ", or a size like 210x297mm"
        ),
        Setting("profile", "profile", "default profile: " + ", ".join(PROFILES)),
        Setting("duplex", "duplex", "default flip edge: " + ", ".join(DUPLEX)),
    )
}


def _schema():
    """The settings file's schema (built on demand: the schema module is not needed to parse
    a --back-offset flag)."""
    # imported here: commands import this module, and `printkit --help` stays fast
    from printkit.load.schema import Choice, Field, Invalid, Record, Type

    class BackOffset(Type):
        """X,Y in millimetres, written as text: "0.5,-1"."""

        def convert(self, value, ctx, path):
            if isinstance(value, bool) or not isinstance(value, str):
                raise Invalid(self.describe())
            try:
                return parse_back_offset(value)
            except ValueError:
                raise Invalid(self.describe()) from None

        def describe(self) -> str:
            return f'X,Y in millimetres like "0.5,-1", each within ±{MAX_BACK_OFFSET_MM:g}'

        def json(self) -> dict:
            return {"type": "string", "pattern": r"^\s*-?[0-9.]+\s*,\s*-?[0-9.]+\s*$"}

    class Paper(Type):
        """A named paper or a custom "WxH" size, as --paper accepts."""

        def convert(self, value, ctx, path):
            # imported here: commands import this module, and `printkit --help` stays fast
            from printkit.layout.sizes import parse_paper

            if not isinstance(value, str) or parse_paper(value) is None:
                raise Invalid(self.describe())
            return value.strip().lower()

        def describe(self) -> str:
            return ", ".join(PAPERS) + ' or a size like "210x297mm" or "8.5x14in"'

        def json(self) -> dict:
            return {"type": "string"}

    types = {
        "back-offset": BackOffset(),
        "paper": Paper(),
        "profile": Choice(PROFILES),
        "duplex": Choice(DUPLEX),
    }
    fields = {k: Field(t, doc=SETTINGS[k].help) for k, t in types.items()}
    return Record("printkit settings", fields)


def config_dir() -> Path:
    """The folder of the settings file: $PRINTKIT_CONFIG_DIR, else the platform's config folder."""
    override = os.environ.get(ENV_DIR)
    if override:
        folder = Path(override)
        named = f"{ENV_DIR}={override}"
    else:
        # imported here: commands import this module, and `printkit --help` stays fast
        import platformdirs

        folder = Path(platformdirs.user_config_dir("printkit", appauthor=False))
        named = display_path(folder)
    _refuse_non_folder(folder, named)
    return folder


def _refuse_non_folder(folder: Path, named: str) -> None:
    """The settings folder, or the nearest part of its path that exists, must be a folder."""
    for part in (folder, *folder.parents):
        if part.exists() or part.is_symlink():
            if not part.is_dir():
                what = "is" if part == folder else f"lies inside {display_path(part)}, which is"
                raise fail(
                    Location(named),
                    f"the settings folder {what} a file, not a folder; point {ENV_DIR} at a "
                    "folder (it is created when missing) or move that file away",
                )
            return


def config_path() -> Path:
    return config_dir() / FILE_NAME


def _is_blank(text: str) -> bool:
    return all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines())


def _document():
    """The settings file parsed (None when there is none or it holds only comments)."""
    # imported here: commands import this module, and `printkit --help` stays fast
    from printkit.load.yamlsafe import parse_yaml, read_text

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


def _raw() -> dict[str, Any]:
    """The settings file as plain data, unvalidated (so `config set` can repair a bad value)."""
    doc = _document()
    return dict(doc.data) if doc else {}


def load_settings() -> dict[str, Any]:
    """Validated settings by key ("back-offset" -> (x, y) in mm); only the keys the file sets."""
    # imported here: commands import this module, and `printkit --help` stays fast
    from printkit.load.schema import validate_document

    doc = _document()
    if doc is None:
        return {}
    data = validate_document(doc, _schema())
    return {k: v for k, v in data.items() if v is not None}


def resolve_options(**given: Any):
    """Options from command-line values; a None value falls back to the settings, then default.

    Keyword names are Options fields (paper, profile, duplex, back_offset_mm, ...). The settings
    file is read only when some setting was not given on the command line.
    """
    # imported here: commands import this module, and `printkit --help` stays fast
    from printkit.model.options import Options

    chosen = {k: v for k, v in given.items() if v is not None}
    wanted = [s for s in SETTINGS.values() if s.option in given and given[s.option] is None]
    if wanted:
        settings = load_settings()
        for s in wanted:
            if s.key in settings:
                chosen[s.option] = settings[s.key]
    return Options(**chosen)


def effective(key: str) -> tuple[Any, str]:
    """(value, source) for one setting; source is "config" or "default"."""
    # imported here: commands import this module, and `printkit --help` stays fast
    from printkit.model.options import Options

    settings = load_settings()
    if key in settings:
        return settings[key], "config"
    return getattr(Options(), SETTINGS[key].option), "default"


def show(key: str, value: Any) -> str:
    """A setting's value as the user writes it."""
    return format_back_offset(value) if key == "back-offset" else str(value)


def check_key(key: str) -> Setting:
    if key in SETTINGS:
        return SETTINGS[key]
    # imported here: commands import this module, and `printkit --help` stays fast
    import difflib

    close = difflib.get_close_matches(key, list(SETTINGS), n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise fail(
        Location("printkit config"),
        f"unknown setting {key!r}{hint} (settings: {', '.join(SETTINGS)})",
    )


def set_value(key: str, text: str) -> Any:
    """Validate and store one setting; returns the stored value. Other settings are kept."""
    # imported here: commands import this module, and `printkit --help` stays fast
    from printkit.load.schema import Invalid

    check_key(key)
    try:
        value = _schema().fields[key].type.convert(text, None, (key,))
    except Invalid as exc:
        raise fail(
            Location(f"printkit config set {key}"), f"{key} must be {exc.expected}; got {text!r}"
        ) from None
    _save(key, show(key, value))
    return value


def unset_value(key: str) -> bool:
    """Remove a setting (back to the default); True if it was set."""
    check_key(key)
    if key not in _raw():
        return False
    _save(key, None)
    return True


def _save(key: str, value: str | None) -> None:
    """Set `key` to `value` (None removes it), keeping every other line and comment as it is."""
    # imported here: commands import this module, and `printkit --help` stays fast
    import yaml

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
    # imported here: commands import this module, and `printkit --help` stays fast
    from printkit.load.yamlsafe import read_text

    path = config_path()
    return read_text(path, display_path(path)) if path.exists() else ""


def _edit_lines(doc: Any, text: str, key: str, new_line: str) -> str | None:
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
    # imported here: commands import this module, and `printkit --help` stays fast
    import tempfile

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
