"""Counts read as English: "1 error", "2 errors", never "1 errors" or "error(s)"."""

from printkit.core.words import counted


def test_one_is_singular_and_others_plural():
    assert counted(1, "error") == "1 error"
    assert counted(0, "error") == "0 errors"
    assert counted(2, "rules error") == "2 rules errors"
    assert counted(1200, "card") == "1,200 cards"
    assert counted(2, "copy", "copies") == "2 copies"
