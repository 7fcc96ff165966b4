"""Where printkit keeps what it may throw away: the user cache folder.

`PRINTKIT_CACHE_DIR` names one folder for everything (the tests give each run its own);
otherwise each kind of entry has its folder in the platform's user cache folder (on Linux,
`~/.cache/printkit/KIND`). A folder that cannot be written just means no cache: every user
of it recomputes what it would have read.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir(kind: str) -> Path:
    """The folder of the cache entries of `kind` ("fonts", "code")."""
    folder = os.environ.get("PRINTKIT_CACHE_DIR")
    if folder:
        return Path(folder)
    # imported here, only when the variable does not name the folder
    import platformdirs

    return Path(platformdirs.user_cache_dir("printkit", appauthor=False)) / kind
