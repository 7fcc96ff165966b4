"""Limits: each one documented, checked before any work starts, and named in its error."""

from __future__ import annotations

import re
from pathlib import Path

from badkits import MINI, copy_kit
from conftest import edit

from printkit.core import limits
from printkit.core.errors import InputError
from printkit.load.yamlsafe import parse_yaml

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _limit_names() -> list[str]:
    return [n for n in vars(limits) if re.fullmatch(r"MAX_[A-Z_]+", n)]


def test_every_limit_is_documented_with_its_value():
    page = (DOCS / "limits.md").read_text(encoding="utf-8")
    rows = {
        m.group(1): m.group(2) for m in re.finditer(r"^\| `(MAX_\w+)` \| ([^|]+) \|", page, re.M)
    }
    assert set(rows) == set(_limit_names())
    for name, shown in rows.items():
        value = getattr(limits, name)
        number = float(re.sub(r"[^\d.]", "", shown.split()[0]))
        if "MiB" in shown:
            number *= 1024 * 1024
        assert number == value, f"{name}: docs say {shown.strip()}, code says {value}"


def test_errors_page_explains_every_exit_code():
    page = (DOCS / "errors.md").read_text(encoding="utf-8")
    for code in ("| 0 |", "| 1 |", "| 2 |", "| 3 |"):
        assert code in page


def test_a_billion_cards_are_refused_without_copying_one(tmp_path, cli, monkeypatch):
    from printkit.model.cards import Deck

    def no_copies(self):
        raise AssertionError("cards were copied before the limit was checked")

    monkeypatch.setattr(Deck, "copies", no_copies)
    kit = copy_kit(MINI, tmp_path / "mini")
    for i in range(1, 4):
        edit(
            kit / "tokens.yaml",
            "- {id: t1,",
            f"- {{id: x{i}, kind: token, count: 10000}}\n  - {{id: t1,",
        )
    r = cli("build", kit, "--out", tmp_path / "out")
    assert r.exit_code == 2
    assert "the deck has 30,005 cards; the limit (MAX_CARDS_PER_DECK) is 20,000" in r.stderr


def test_variant_counts_cannot_pass_the_card_limit(tmp_path, cli):
    kit = copy_kit(MINI, tmp_path / "mini")
    edit(kit / "tokens.yaml", "- {id: t1,", "- {id: t3, kind: token, count: 100}\n  - {id: t1,")
    edit(
        kit / "kit.yaml",
        "    exclude_tags: [bonus]",
        "    exclude_tags: [bonus]\n  many:\n    counts: {t1: 10000, t2: 10000}",
    )
    assert cli("build", kit, "--out", tmp_path / "ok", "-j", "1").exit_code == 0
    r = cli("build", kit, "--out", tmp_path / "out", "--variant", "many")
    assert r.exit_code == 2 and "MAX_CARDS_PER_DECK" in r.stderr, r.output
    assert not (tmp_path / "out").exists()


def test_page_limit_is_checked_before_a_pdf_is_started(tmp_path, cli, monkeypatch):
    from printkit.render import imposed

    def no_canvas(*a, **k):
        raise AssertionError("a PDF was started")

    monkeypatch.setattr(imposed, "new_canvas", no_canvas)
    kit = copy_kit(MINI, tmp_path / "mini")
    edit(kit / "tokens.yaml", "count: 3, title: One", "count: 5001, title: One")
    r = cli("build", kit, "--out", tmp_path / "out", "--profile", "shop")
    assert r.exit_code == 2 and "the limit (MAX_PAGES_PER_PDF) is 10,000" in r.stderr


def test_alias_bomb_is_refused_before_it_is_expanded():
    """Twenty levels of ten aliases would be 10^20 values; refused after about 200,000."""
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 20)]
    try:
        parse_yaml("\n".join(lines), "bomb.yaml")
    except InputError as exc:
        assert "MAX_YAML_NODES" in exc.render()
    else:
        raise AssertionError("the bomb was accepted")


def test_shipped_fonts_all_embed():
    """Kits name fonts by role only; every role's file is present and may be embedded.

    reportlab refuses to register a TrueType font whose licence bits forbid embedding.
    """
    from reportlab.pdfbase import pdfmetrics

    from printkit.draw.fonts import FONTS, shipped_font

    for role in FONTS:
        assert pdfmetrics.getFont(shipped_font(role)).face.name


def test_aliases_of_a_generator_are_refused_before_a_card_is_made(tmp_path, cli, monkeypatch):
    """Fifty aliases of one 20,000-card generator would be a million cards (issue 33: past 90 s
    and 1.4 GB): the total is counted from the value lists, at the generator that passes it."""
    from printkit.model import generated

    def no_cards(*a, **k):
        raise AssertionError("a card was made before the total was checked")

    monkeypatch.setattr(generated, "_card", no_cards)
    kit = copy_kit(MINI, tmp_path / "mini")
    values = ", ".join(str(i) for i in range(200))
    aliases = "\n".join("  - *g" for _ in range(49))
    text = (kit / "tokens.yaml").read_text(encoding="utf-8")
    (kit / "tokens.yaml").write_text(
        text
        + "generate:\n  - &g\n    id: 'g{a}-{b}'\n    kind: token\n"
        + f"    each: {{a: [{values}], b: [{values[:290]}]}}\n{aliases}\n",
        encoding="utf-8",
    )
    r = cli("check", kit)
    assert r.exit_code == 2, r.output
    line = len(text.splitlines()) + 2  # the generator the aliases repeat
    assert f"tokens.yaml:{line}:" in r.stderr, r.stderr
    assert "reach 30,002 at generator 2 of 50 (it makes 15,000)" in r.stderr
    assert "the limit (MAX_CARDS_PER_DECK) is 20,000" in r.stderr
