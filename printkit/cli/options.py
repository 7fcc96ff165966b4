"""Where the user's settings file is, and the options a command runs with (cli/settings.py reads
and writes the file itself).

Light on purpose: a command whose every setting is given, or that finds no settings file, reads
no YAML and imports no schema (a no-op `printkit build` is over in a few tens of milliseconds).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import platformdirs

from printkit.core.errors import InputError, Location, display_path, fail
from printkit.model.options import Options

ENV_DIR = "PRINTKIT_CONFIG_DIR"
FILE_NAME = "config.yaml"


def config_dir() -> Path:
    """The folder of the settings file: $PRINTKIT_CONFIG_DIR, else the platform's config folder."""
    override = os.environ.get(ENV_DIR)
    if override:
        folder = Path(override)
        named = f"{ENV_DIR}={override}"
    else:
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


def resolve_options(**given: Any) -> Options:
    """Options from command-line values; a None value falls back to the settings, then default.

    Keyword names are Options fields (paper, profile, duplex, back_offset_mm, ...). The settings
    file is read only when some setting was not given on the command line.
    """
    chosen = {name: value for name, value in given.items() if value is not None}
    if any(value is None for value in given.values()) and _may_have_settings():
        # read only when there is a settings file (a no-op build has no time for YAML)
        # imported here, not at the top, so that `printkit --help` stays fast
        from printkit.cli.settings import SETTINGS, load_settings

        wanted = {
            s.option for s in SETTINGS.values() if s.option in given and given[s.option] is None
        }
        if wanted:
            from_file = load_settings().chosen()
            chosen.update({name: from_file[name] for name in wanted if name in from_file})
    return Options(**chosen)


def _may_have_settings() -> bool:
    """Whether the settings file exists, or its folder is wrong or unreadable (which reading it
    reports, when a setting is wanted from it)."""
    try:
        return config_path().exists()
    except (InputError, OSError):
        return True
