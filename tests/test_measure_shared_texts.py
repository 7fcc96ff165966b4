"""Measuring a deck notes a text that many cards share once (draw/elements._note_known): the
other cards showing it record the same fit and note the same boxes without fitting or placing
it again, so the layout (fits, nearest strings, missing glyphs) is what fitting every card's
text afresh gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.components.deck import layout as deck_layout
from printkit.draw import text
from printkit.draw.elements import ElementPainter
from printkit.kit import load_kit
from printkit.model.cards import Deck

CARDS = 30
RULE = "Move two spaces, then turn thirty degrees and drift."


def _kit(tmp_path: Path) -> Path:
    kit = tmp_path / "shared"
    kit.mkdir()
    (kit / "kit.yaml").write_text(
        "name: shared\ntitle: Shared texts\ncomponents:\n"
        "  cards: {type: deck, file: cards.yaml, title: Cards}\n",
        encoding="utf-8",
    )
    rows = "".join(
        f'  - {{id: c{i}, kind: card, title: "Card {i}", text: "{RULE if i % 3 else "Other"}"}}\n'
        for i in range(CARDS)
    )
    (kit / "cards.yaml").write_text(
        'card_size: poker\nkinds:\n  card:\n    label: CARD\n    colour: "#204060"\n    face:\n'
        '      - {element: title, box: [5, 6, 53, 10], text: "{title}", size: 14pt}\n'
        '      - {element: text, box: [1, 36, 51, 20], text: "{text}", size: 8pt}\n'
        "back:\n  title: SHARED\ncards:\n" + rows,
        encoding="utf-8",
    )
    return kit


def _lay_out(kit_dir: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list, int]:
    """The deck's layout, as comparable values, and how many fits of RULE were computed."""
    fitted: list[str] = []
    fit = text.fit_text

    def counted(*args):
        fitted.append(args[0])
        return fit(*args)

    monkeypatch.setattr(text, "fit_text", counted)
    kit = load_kit(str(kit_dir))
    layout = deck_layout.lay_out(kit.model_as("cards", Deck), kit.fonts())
    designs = [(d.who, d.fits, d.nearest, d.missing, d.overflow) for d in layout.designs]
    return designs, fitted.count(RULE)


def test_a_shared_text_is_fitted_once_and_laid_out_as_fitting_it_on_every_card(
    tmp_path, monkeypatch
):
    kit = _kit(tmp_path)
    text.forget_measures()
    noted, fits_noted = _lay_out(kit, monkeypatch)
    assert fits_noted == 1  # the other cards that show it note it as the first did
    with monkeypatch.context() as afresh:  # every text fitted and placed on every card
        afresh.setattr(ElementPainter, "_note_shared", lambda *args: False)
        text.forget_measures()
        fresh, fits_fresh = _lay_out(kit, monkeypatch)
    assert fits_fresh == CARDS - CARDS // 3
    assert noted == fresh  # the same fits, nearest strings (the text is the nearest) and glyphs
    nearest = {d[2][0] for d in noted if d[0].startswith("card")}
    assert RULE.split()[0] in " ".join(nearest)  # the shared text's notes decide the nearest


def test_a_text_noted_again_at_another_place_is_noted_where_it_is_drawn():
    """What a text noted is reused only at the same place of the probe: drawn again under
    another translation or inside a form, its boxes are those the drawing there gives."""
    from printkit.draw.elements import Palette
    from printkit.draw.icons import IconLibrary
    from printkit.elements.text import Text
    from printkit.model.face import Areas
    from printkit.render.safearea import ProbeCanvas

    element = Text(element="text", box=[2.0, 3.0, 120.0, 30.0], text="{text}", size=9.0)
    palette = Palette("#204060", "#101010", "#ffffff", "#ffffff", "#204060")
    values = {"text": RULE}

    def noted(*moves: tuple[float, float], shared: bool = True) -> list[list]:
        probe = ProbeCanvas()
        painter = ElementPainter(probe, Areas(180.0, 250.0, 8.0, 0.0), IconLibrary(), {}, 6.0)
        painter.shared_box(element)  # the element the pieces share (its box kept)
        if not shared:
            painter._noted = _Forgetful()
        out = []
        for dx, dy in moves:
            probe.texts = []
            probe.saveState()
            probe.translate(dx, dy)
            painter.draw_all([element], values, palette)
            probe.restoreState()
            out.append(probe.texts)
        probe.beginForm("f")
        painter.draw_all([element], values, palette)
        probe.endForm()
        out.append(probe._forms["f"])
        return out

    moves = ((0.0, 0.0), (40.0, -5.0), (0.0, 0.0))
    kept, fresh = noted(*moves), noted(*moves, shared=False)
    assert kept == fresh  # every place's boxes as noting the text there afresh gives
    assert kept[0] == kept[2] != kept[1] and kept[3] != [] and kept[3][0][0] == kept[0][0][0]


class _Forgetful(dict):
    """A painter's kept texts that keep nothing: every text is noted afresh."""

    def __setitem__(self, key, value) -> None:
        return None
