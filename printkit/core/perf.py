"""Process-level speed switches that do not change any output.

(Compressing each page's stream as soon as it was finished saved 2 MB on a 5,400-card deck but
needed reportlab's private page list; it was removed: see docs/performance.md.)

Loading a large deck allocates hundreds of thousands of small containers (YAML nodes, marks,
records) that all stay alive until the build ends. Python's cyclic garbage collector runs every
few hundred allocations and each of its passes walks more of them, so loading grows faster than
the deck: 5,400 cards parsed and validated in 0.52 s with it and 0.31 s without (see
docs/performance.md). Reading data makes no garbage cycles worth collecting early, so the
collector is paused while kits load and resumes afterwards.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused(promote: bool = False) -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (no-op if it is already off).

    With `promote`, what the block made is moved to the oldest generation when it ends, as
    if it had survived the collections it skipped, without the pass over all of it that the
    first collection afterwards would make (gc.freeze, then gc.unfreeze): for a block whose
    objects are kept, such as `check`'s models and measured designs.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if promote:
            gc.freeze()
            gc.unfreeze()
        if was_enabled:
            gc.enable()
