"""Optional dependencies: a feature whose library is not installed says which extra adds it.

printkit is installed as the distribution `printkit-games` (the package index's `printkit` is an
unrelated project); its command and import package are `printkit`. pikepdf (with numpy, which preflight uses) is the extra `shop`:
only the shop profile's PDF/X finish (printkit/pdfx/) and `printkit preflight` use it, and on
older macOS it has no ready-made wheel, so a plain install leaves it out and still builds home
sheets. A command that needs it asks `require()` first, before anything is read or drawn, and
the user gets an input error (exit 2) naming the install command instead of a traceback.
"""

from __future__ import annotations

import importlib.util
import sys

from printkit.core.errors import InputError, Location, fail

DISTRIBUTION = "printkit-games"

# module -> the extra of DISTRIBUTION that installs it
EXTRAS: dict[str, str] = {"pikepdf": "shop", "numpy": "shop"}


def installed(module: str) -> bool:
    """Whether `module` can be imported, told without importing it (no start-up cost)."""
    if module in sys.modules:
        return sys.modules[module] is not None  # None: imports of it are refused
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def install_hint(module: str) -> str:
    """The commands that add `module` to an installed printkit, by pip (in a virtual
    environment) or by pipx."""
    extra = EXTRAS[module]
    return (
        f"pip install '{DISTRIBUTION}[{extra}]' (with pipx: pipx install --force "
        f"'{DISTRIBUTION}[{extra}]'); see: printkit docs printing"
    )


def require(module: str, needed_by: str, where: str) -> None:
    """Raise an input error at `where` (the option that asked for it) when `module`, which
    `needed_by` uses, or another module its extra installs, is not installed."""
    for name in [module, *(m for m, extra in EXTRAS.items() if extra == EXTRAS[module])]:
        if not installed(name):
            raise missing(name, needed_by, where)


def missing(module: str, needed_by: str, where: str) -> InputError:
    """The input error for a `module` that is not installed (use as `raise missing(...)`)."""
    return fail(
        Location(where),
        f"{needed_by} needs {module}, which is not installed; add it with: {install_hint(module)}",
    )
