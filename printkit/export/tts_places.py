"""Where a Tabletop Simulator deck's files go, and how its saved object links its images.

A saved object names its face sheets and backs by URL. A file URL (`file:///...`) loads only on
the computer that wrote it; to let other players load the deck, the images are uploaded to a
web address (a web host, a file share's public links) and the object names them there:
`--base-url https://...` makes every link `<base URL>/<file name>` (only https is accepted:
TTS loads from the web, and many hosts refuse plain http). The folder OUT/<kit>/tts/ then is
the share folder: its images go to the base URL as they are, and the JSON goes to the players.

TTS lists a player's saved objects from its Saves/Saved Objects folder, which sits in a
different place on each system (`saved_objects_folder()`); `--saved-objects` copies each deck's
JSON into a `printkit` folder there, so the deck shows under Objects > Saved Objects at once.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import quote, urlsplit

from platformdirs import user_documents_dir

# overrides the Saved Objects folder found for the system (a TTS installed elsewhere, tests)
SAVED_OBJECTS_ENV = "PRINTKIT_TTS_SAVED_OBJECTS"
SUBFOLDER = "printkit"  # printkit's own folder among the player's saved objects


def image_link(file: Path, base_url: str | None) -> str:
    """How the saved object names an image file: its file URL, or its name under `base_url`."""
    if base_url is None:
        return file.resolve().as_uri()
    return f"{base_url.rstrip('/')}/{quote(file.name)}"


def base_url_problem(url: str) -> str | None:
    """Why `url` cannot be the base URL of a deck's images (None when it can)."""
    parts = urlsplit(url.strip())
    if parts.scheme != "https" or not parts.netloc:
        return "expected an https:// address (where you will upload the images)"
    if parts.query or parts.fragment:
        return "the address must be a folder: no ?query or #fragment"
    return None


def saved_objects_folder(
    platform: str | None = None, home: Path | None = None, documents: Path | None = None
) -> Path:
    """Tabletop Simulator's Saved Objects folder on this system (or on `platform`, for `home`
    and the Windows `documents` folder); the environment variable SAVED_OBJECTS_ENV wins."""
    chosen = os.environ.get(SAVED_OBJECTS_ENV)
    if chosen:
        return Path(chosen)
    platform = platform or sys.platform
    home = home or Path.home()
    if platform.startswith("win"):
        if documents is None:  # Documents may have been moved (OneDrive): Windows knows where
            documents = Path(user_documents_dir())
        return documents / "My Games" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    if platform == "darwin":
        return home / "Library" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    return home / ".local" / "share" / "Tabletop Simulator" / "Saves" / "Saved Objects"
