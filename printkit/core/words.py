"""Counts in words, for every line a user reads: "1 error", "2 errors", "1,200 cards"."""

from __future__ import annotations


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """`n` and the word for it: counted(1, "error") is "1 error", counted(3, "error") "3 errors"
    (a plural that is not the singular + "s" is given: counted(2, "copy", "copies"))."""
    word = singular if n == 1 else (plural or f"{singular}s")
    return f"{n:,} {word}"
