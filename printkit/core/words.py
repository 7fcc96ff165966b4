"""Words for every line a user reads: counts ("1 error", "2 errors", "1,200 cards") and the
known names closest to a misspelt one ("did you mean ...?")."""

from __future__ import annotations

from collections.abc import Iterable


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """`n` and the word for it: counted(1, "error") is "1 error", counted(3, "error") "3 errors"
    (a plural that is not the singular + "s" is given: counted(2, "copy", "copies"))."""
    word = singular if n == 1 else (plural or f"{singular}s")
    return f"{n:,} {word}"


def did_you_mean(word: str, possibilities: Iterable[str], shown: str = "{!r}") -> str:
    """'did you mean X? ' for the known name closest to a misspelt `word` (each name written
    as `shown` formats it), or '' when none is close."""
    close = close_matches(word, possibilities, 1)
    return f"did you mean {shown.format(close[0])}? " if close else ""


def close_matches(word: str, possibilities: Iterable[str], n: int) -> list[str]:
    """The `n` of `possibilities` most like `word` (difflib's ratio at least 0.6), best first."""
    # imported here, only when a name is not known: difflib is not needed by a build (start-up)
    import difflib

    return difflib.get_close_matches(word, list(possibilities), n=n, cutoff=0.6)
