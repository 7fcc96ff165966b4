"""The work a build does, counted, not timed: each card design is laid out (its texts fitted)
once per build and drawn once into the PDF, and `printkit check` lays each out once and draws
none. The drawing checks (text that cannot fit, characters a font lacks, the safe area) and the
render all read that one layout (components/deck/layout.py). A counter that changes when a
second pass comes back fails here, whatever the machine's speed (bench/ measures the seconds).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from printkit.build.drawchecks import lay_out_kit
from printkit.build.pipeline import build_kits
from printkit.checks.gate import RulesGate
from printkit.components.deck import layout as deck_layout
from printkit.components.deck.painter import CardPainter
from printkit.draw import text
from printkit.draw.elements import ElementPainter
from printkit.elements.text import Text
from printkit.kit import Derived, load_kit
from printkit.model.backs import back_reads_card
from printkit.model.options import Options
from printkit.render.safearea import ProbeCanvas

CARDS = 12  # and one card printed 3 times, drawn once as a form

KIT = """\
name: budget
title: Work budget
components:
  cards: {type: deck, file: cards.yaml, title: Cards}
"""


def _deck() -> str:
    rows = "".join(
        f'  - {{id: c{i}, kind: {"plain" if i % 2 else "fancy"}, title: "Card {i}", '
        f'text: "Move {i}, then turn {i * 10} degrees."}}\n'
        for i in range(CARDS)
    )
    return f"""\
card_size: poker
kinds:
  plain:
    label: PLAIN
    colour: "#204060"
    face:
      - {{element: title, box: [5, 6, 53, 10], text: "{{title}}", size: 14pt, max_lines: 1}}
      - {{element: text, box: [6, 36, 51, 20], text: "{{text}}", size: 8pt}}
  fancy:
    colour: "#8b1a1a"
    label: FANCY
    face:
      - {{element: header, box: [4, 4, 55, 8]}}
      - {{element: title, box: [5, 14, 53, 10], text: "{{title}}", size: 14pt, max_lines: 1}}
      - {{element: text, box: [6, 36, 51, 20], text: "{{text}}", size: 9pt}}
    back:
      colour: "#8b1a1a"
      title: FANCY
back:
  title: BUDGET
  subtitle: ONE LAYOUT A DESIGN
cards:
{rows}  - {{id: triple, kind: plain, count: 3, title: "Thrice", text: "Printed three times."}}
"""


@pytest.fixture
def budget_kit(tmp_path: Path) -> Path:
    kit = tmp_path / "budget"
    kit.mkdir()
    (kit / "kit.yaml").write_text(KIT, encoding="utf-8")
    (kit / "cards.yaml").write_text(_deck(), encoding="utf-8")
    return kit


class Work:
    """Counts, per design (a card's id, or `back:<kind>`), the layouts measured, the drawings
    into a PDF, and the text fits computed while the PDF is drawn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.layouts: Counter[str] = Counter()
        self.drawn: Counter[str] = Counter()
        self.decks_laid_out = 0
        self.fits_measuring = 0
        self.fits_drawing = 0
        self.plain_texts_afresh = 0  # unturned titles and texts drawn afresh by the render
        self._drawing = False
        measure, lay_out, fit = deck_layout._measure, deck_layout.lay_out, text.fit_text
        draw_front, draw_back = CardPainter.draw_front, CardPainter.draw_back

        def counted_measure(painter, probe, design) -> None:
            self.layouts[_design_name(design.back, design.kind, design.card)] += 1
            measure(painter, probe, design)

        def counted_lay_out(*args):
            self.decks_laid_out += 1
            return lay_out(*args)

        def counted_fit(*args):
            if self._drawing:
                self.fits_drawing += 1
            else:
                self.fits_measuring += 1
            return fit(*args)

        def front(painter, card, frame=None) -> None:
            self._count(painter, card.id, draw_front, painter, card, frame)

        def back(painter, design, kind="", values=None) -> None:
            own = bool(kind) and painter.deck.kinds[kind].back is not None
            behind = values if values is not None and back_reads_card(design) else None
            name = _design_name(True, kind if own else None, behind)
            self._count(painter, name, draw_back, painter, design, kind, values)

        def afresh(draw):
            def counted(painter, e, *args) -> None:
                if self._drawing and not e.rotate:
                    self.plain_texts_afresh += 1
                draw(painter, e, *args)

            return counted

        def kind_afresh(draw):  # a kind's own draw: the element first, then the painter
            def counted(e, painter, *args) -> None:
                if self._drawing and not e.rotate:
                    self.plain_texts_afresh += 1
                draw(e, painter, *args)

            return counted

        monkeypatch.setattr(Text, "draw", kind_afresh(Text.draw))  # titles too (a Text)
        monkeypatch.setattr(ElementPainter, "_draw_fresh", afresh(ElementPainter._draw_fresh))
        monkeypatch.setattr(deck_layout, "_measure", counted_measure)
        monkeypatch.setattr(deck_layout, "lay_out", counted_lay_out)
        monkeypatch.setattr(text, "fit_text", counted_fit)
        monkeypatch.setattr(CardPainter, "draw_front", front)
        monkeypatch.setattr(CardPainter, "draw_back", back)

    def _count(self, painter, design: str, draw, *args) -> None:
        if isinstance(painter.canvas, ProbeCanvas):  # measuring: counted as a layout
            draw(*args)
            return
        self.drawn[design] += 1
        self._drawing = True
        try:
            draw(*args)
        finally:
            self._drawing = False


def _design_name(back: bool, kind: str | None, card) -> str:
    """A card's id for its front, `back:<kind>` for a shared back, `back:<kind>:<id>` for the
    back of one card (a back that reads its card's fields)."""
    if not back:
        return card.id
    return f"back:{kind}" if card is None else f"back:{kind}:{card.id}"


DESIGNS = {f"c{i}" for i in range(CARDS)} | {"triple", "back:None", "back:fancy"}


def test_a_build_lays_out_each_design_once_and_draws_it_once(budget_kit, tmp_path, monkeypatch):
    work = Work(monkeypatch)
    kit = load_kit(str(budget_kit), Options(profile="home", duplex="long"))
    written = build_kits([kit], tmp_path / "out", force=True, jobs=1, rules=RulesGate())
    assert [p.name for p in written if p.suffix == ".pdf"] == ["cards.pdf"]
    assert work.decks_laid_out == 1
    assert set(work.layouts) == DESIGNS and set(work.layouts.values()) == {1}
    assert set(work.drawn) == DESIGNS and set(work.drawn.values()) == {1}
    # every text is fitted while measuring (a header draws its label, others a title and a
    # text); the render draws from those fits and fits nothing again
    assert work.fits_measuring >= 2 * CARDS and work.fits_drawing == 0
    # an unturned title or text is drawn from its design's measure (PlainText), its fields
    # not read nor its box resolved again
    assert work.plain_texts_afresh == 0


def test_the_counters_see_a_plain_text_drawn_afresh(budget_kit, tmp_path, monkeypatch):
    """The guard can fail: a render with no measured layout draws every title afresh."""
    work = Work(monkeypatch)
    monkeypatch.setattr(deck_layout, "measured", lambda kit, derived, component_id: None)
    kit = load_kit(str(budget_kit), Options(profile="home", duplex="long"))
    build_kits([kit], tmp_path / "out", force=True, jobs=1, rules=RulesGate())
    assert work.plain_texts_afresh >= 2 * CARDS


def test_a_shop_build_of_one_page_per_design_keeps_the_budget(budget_kit, tmp_path, monkeypatch):
    work = Work(monkeypatch)
    options = Options(profile="shop", card_pages="designs")
    kit = load_kit(str(budget_kit), options)
    build_kits([kit], tmp_path / "out", force=True, jobs=1, rules=RulesGate())
    assert set(work.layouts.values()) == {1} and set(work.layouts) == DESIGNS
    assert set(work.drawn.values()) == {1} and work.fits_drawing == 0


def test_check_lays_out_each_design_once_and_draws_none(budget_kit, monkeypatch):
    work = Work(monkeypatch)
    kit, derived = load_kit(str(budget_kit)), Derived()
    assert lay_out_kit(kit, derived) == []
    assert lay_out_kit(kit, derived) == []  # asked again in the same check: the layout is kept
    assert work.decks_laid_out == 1
    assert set(work.layouts) == DESIGNS and set(work.layouts.values()) == {1}
    assert work.drawn == Counter()


def test_the_counters_see_a_second_layout(budget_kit, monkeypatch):
    """The guard can fail: a render that lays its deck out again is counted."""
    work = Work(monkeypatch)
    kit = load_kit(str(budget_kit))
    deck_layout.laid_out(kit, Derived(), "cards")
    deck_layout.lay_out(kit.model("cards"), kit.fonts())
    assert work.decks_laid_out == 2 and set(work.layouts.values()) == {2}


def test_a_back_that_reads_its_card_is_measured_per_card_and_a_shared_back_once(
    budget_kit, tmp_path, monkeypatch
):
    """The fancy kind's back shows each card's title: one back design per fancy card, each
    measured once and drawn from its own fits; the deck's shared back stays one design."""
    deck = budget_kit / "cards.yaml"
    text = deck.read_text(encoding="utf-8")
    own_back = '    back:\n      colour: "#8b1a1a"\n      title: FANCY\n'
    assert own_back in text
    reading = (
        '    back:\n      colour: "#8b1a1a"\n      face:\n'
        '        - {element: title, box: [5, 30, 53, 12], text: "{title}", size: 14pt}\n'
    )
    deck.write_text(text.replace(own_back, reading), encoding="utf-8")
    work = Work(monkeypatch)
    kit = load_kit(str(budget_kit), Options(profile="home", duplex="long"))
    build_kits([kit], tmp_path / "out", force=True, jobs=1, rules=RulesGate())
    fancy = {f"c{i}" for i in range(0, CARDS, 2)}
    designs = (DESIGNS - {"back:fancy"}) | {f"back:fancy:{c}" for c in fancy}
    assert work.decks_laid_out == 1
    assert set(work.layouts) == designs and set(work.layouts.values()) == {1}
    assert set(work.drawn) == designs and set(work.drawn.values()) == {1}
    assert work.fits_drawing == 0


def test_a_recorded_fit_is_reused_only_for_the_same_box_sizes_and_layout(monkeypatch):
    """The safety net: a fit is drawn from the layout only when it is asked exactly as it was
    measured, its layout (align, valign, max_lines) included; anything else is fitted afresh."""
    calls: list[tuple] = []
    fit = text.fit_text

    def counted(*args):
        calls.append(args)
        return fit(*args)

    monkeypatch.setattr(text, "fit_text", counted)
    font = "Helvetica"
    top = text.TextLayout("left", "top", 2)
    fits = text.Fits()
    recorded = fits.record()
    measured = fits.fit("Move two spaces", font, (100.0, 30.0), (12.0, 6.0), top)
    fits.stop()
    assert len(calls) == 1 and recorded == [
        (("Move two spaces", font, 100.0, 30.0, 12.0, 6.0, top), measured)
    ]
    fits.replay(recorded)
    assert fits.fit("Move two spaces", font, (100.0, 30.0), (12.0, 6.0), top) is measured
    assert len(calls) == 1  # drawn from the layout: not fitted again
    for other in (
        text.TextLayout("left", "bottom", 2),  # another valign
        text.TextLayout("centre", "top", 2),  # another align
        text.TextLayout("left", "top", 1),  # fewer lines
    ):
        fits.replay(recorded)
        fits.fit("Move two spaces", font, (100.0, 30.0), (12.0, 6.0), other)
    fits.replay(recorded)
    fits.fit("Move two spaces", font, (90.0, 30.0), (12.0, 6.0), top)  # another box
    assert len(calls) == 5  # each asked otherwise than measured: fitted afresh


def _load_counting(budget_kit: Path, monkeypatch: pytest.MonkeyPatch, cards: int) -> Counter[str]:
    """Load the budget deck with `cards` cards (colour from the field `ink`, two values) and
    count the back elements resolved and the templated elements bound while it is checked."""
    from printkit.model.face import Back
    from printkit.render import face_checks

    deck = budget_kit / "cards.yaml"
    rows = "".join(
        f'  - {{id: c{i}, kind: plain, title: "Card {i}", ink: "{"#102030" if i % 2 else "#405060"}"}}\n'
        for i in range(cards)
    )
    head = _deck().split("cards:\n", 1)[0]
    head = head.replace("kinds:\n", "fields:\n  ink: {type: text}\nkinds:\n", 1)
    head = head.replace(
        'text: "{title}", size: 14pt,', 'text: "{title}", colour: "{ink}", size: 14pt,'
    )
    deck.write_text(f"{head}cards:\n{rows}", encoding="utf-8")
    counts: Counter[str] = Counter()
    elements, bind = Back.elements, face_checks.bind_element

    def counted_elements(back):
        counts["back elements"] += 1
        return elements(back)

    def counted_bind(element, values):
        counts["bound"] += 1
        return bind(element, values)

    with monkeypatch.context() as patched:
        patched.setattr(Back, "elements", counted_elements)
        patched.setattr(face_checks, "bind_element", counted_bind)
        load_kit(str(budget_kit)).model("cards")
    return counts


def test_check_binds_a_templated_property_once_per_value_and_per_kind_not_per_card(
    budget_kit, monkeypatch
):
    """What a card's fields fill in a face (`colour: "{ink}"`) is read once per kind and bound
    once per distinct value (face_checks.Bindings), however many cards share it."""
    few = _load_counting(budget_kit, monkeypatch, 4)
    many = _load_counting(budget_kit, monkeypatch, 40)
    assert few["bound"] == many["bound"] == 2  # two inks, one templated element
    assert few["back elements"] == many["back elements"] > 0


def _build_once(budget_kit: Path, out: Path, single_use: bool, **options) -> tuple[bytes, object]:
    """A forced build of the budget kit; its PDF's bytes and the build's deck layout after."""
    kit = load_kit(str(budget_kit), Options(profile="home", duplex="long", **options))
    derived = Derived(single_use=single_use)
    written = build_kits([kit], out, force=True, jobs=1, rules=RulesGate(), derived=[derived])
    (pdf,) = [p for p in written if p.suffix == ".pdf"]
    return pdf.read_bytes(), derived.layout_of("cards")


def test_a_build_lets_go_of_each_design_once_drawn_and_keeps_the_budget(
    budget_kit, tmp_path, monkeypatch
):
    """`printkit build` (a kit used once) releases each design's layout as the render draws
    it, so the PDF's pages reuse that memory: nothing is laid out or fitted again, the bytes
    are those of a build that keeps its layout (as check, serve and --watch do)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    kept_pdf, kept = _build_once(budget_kit, tmp_path / "kept", single_use=False)
    assert isinstance(kept, deck_layout.DeckLayout)
    assert len(kept.fronts) == CARDS + 1 and len(kept.designs) == CARDS + 3
    work = Work(monkeypatch)
    pdf, released = _build_once(budget_kit, tmp_path / "released", single_use=True)
    assert pdf == kept_pdf
    assert isinstance(released, deck_layout.DeckLayout)
    assert released.fronts == {} and released.backs == {} and released.designs == []
    assert work.decks_laid_out == 1 and set(work.layouts.values()) == {1}
    assert set(work.drawn) == DESIGNS and set(work.drawn.values()) == {1}
    assert work.fits_drawing == 0 and work.plain_texts_afresh == 0


@pytest.mark.parametrize("options", [{"gang": True}, {"profile": "shop", "card_pages": "designs"}])
def test_gang_sheets_and_design_pages_of_a_kit_used_once_keep_the_budget(
    budget_kit, tmp_path, monkeypatch, options
):
    work = Work(monkeypatch)
    kit = load_kit(str(budget_kit), Options(**{"duplex": "long", **options}))
    once = [Derived(single_use=True)]
    build_kits([kit], tmp_path / "out", force=True, jobs=1, rules=RulesGate(), derived=once)
    assert work.decks_laid_out == 1 and set(work.layouts.values()) == {1}
    assert set(work.drawn) <= DESIGNS and set(work.drawn.values()) == {1}  # designs: one back
    assert work.fits_drawing == 0 and work.plain_texts_afresh == 0


def test_printkit_build_uses_its_kits_once(budget_kit, tmp_path, monkeypatch):
    """The CLI marks the kits of a one-off build as used once (with --png too: previews read
    the PDFs); a check keeps its layout (test_check_lays_out_each_design_once...)."""
    from click.testing import CliRunner

    from printkit.cli.app import main
    from printkit.components import deck

    seen: list[bool] = []
    render = deck.render

    def spy(kit, derived, *args, **kwargs):
        seen.append(derived.single_use)
        return render(kit, derived, *args, **kwargs)

    monkeypatch.setattr(deck.COMPONENT, "render", spy)  # the object the pipeline calls
    args = ["build", str(budget_kit), "--out", str(tmp_path / "out"), "--force", "-j", "1"]
    result = CliRunner().invoke(main, [*args, "--png"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert seen == [True]
    assert [p.suffix for p in (tmp_path / "out" / "budget").iterdir()].count(".png") >= 1


# -- the live loop: `printkit build --watch` keeps each design's layout across rebuilds ---------


def _watching(budget_kit: Path, out: Path, **options):
    """A first build as `printkit build --watch` makes it (the rules gate lays every design
    out), and the rebuilds that follow, which keep those layouts (live/layouts.py)."""
    from printkit.live.loop import WatchedBuilds

    chosen = Options(profile="home", duplex="long", **options)
    first, derived = load_kit(str(budget_kit), chosen), Derived()
    build_kits([first], out, jobs=1, rules=RulesGate(), derived=[derived])
    builds = WatchedBuilds([str(budget_kit)], out, chosen, 1, lambda line: None)
    builds.remember([(first, derived)])
    return builds


def _fresh_pdf(budget_kit: Path, out: Path, **options) -> bytes:
    kit = load_kit(str(budget_kit), Options(profile="home", duplex="long", **options))
    build_kits([kit], out, force=True, jobs=1, rules=RulesGate())
    return (out / "budget" / "cards.pdf").read_bytes()


def test_a_one_card_edit_under_watch_lays_out_that_card_alone(budget_kit, tmp_path, monkeypatch):
    """The rebuild after a one-card edit measures the edited card's front and nothing else;
    the render draws every design from its layout (kept or new), fitting no text afresh, and
    writes the bytes a fresh build writes."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    builds = _watching(budget_kit, tmp_path / "out")
    edit_file = budget_kit / "cards.yaml"
    edit_file.write_text(edit_file.read_text().replace('"Card 3"', '"Card three"'))
    work = Work(monkeypatch)
    assert builds.rebuild().startswith("rebuilt cards.pdf")
    assert work.layouts == Counter({"c3": 1}) and builds.layouts.measured == 1
    assert set(work.drawn) == DESIGNS and set(work.drawn.values()) == {1}
    assert work.fits_drawing == 0 and work.plain_texts_afresh == 0
    monkeypatch.undo()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    watched = (tmp_path / "out" / "budget" / "cards.pdf").read_bytes()
    assert watched == _fresh_pdf(budget_kit, tmp_path / "fresh")


def test_an_edit_that_changes_no_design_lays_out_none(budget_kit, tmp_path, monkeypatch):
    """A comment and a moved card change the file (the deck is drawn again) but no design."""
    builds = _watching(budget_kit, tmp_path / "out")
    deck = budget_kit / "cards.yaml"
    lines = deck.read_text().splitlines(keepends=True)
    first = next(n for n, line in enumerate(lines) if line.startswith("  - {id: c0,"))
    lines[first], lines[first + 1] = lines[first + 1], lines[first]  # c1 before c0
    deck.write_text("# a comment\n" + "".join(lines))
    work = Work(monkeypatch)
    assert builds.rebuild().startswith("rebuilt cards.pdf")
    assert work.layouts == Counter() and builds.layouts.measured == 0
    assert set(work.drawn) == DESIGNS and work.plain_texts_afresh == 0


def test_a_kinds_face_edit_lays_out_that_kinds_cards_again(budget_kit, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    builds = _watching(budget_kit, tmp_path / "out")
    deck = budget_kit / "cards.yaml"
    text = deck.read_text()
    deck.write_text(text.replace("size: 9pt}", "size: 7pt}"))  # the fancy kind's text
    work = Work(monkeypatch)
    builds.rebuild()
    # the fancy cards, and the fancy kind's own back (a kind's back is keyed by its whole kind)
    assert set(work.layouts) == {f"c{i}" for i in range(0, CARDS, 2)} | {"back:fancy"}
    assert set(work.layouts.values()) == {1} and work.plain_texts_afresh == 0
    monkeypatch.undo()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    watched = (tmp_path / "out" / "budget" / "cards.pdf").read_bytes()
    assert watched == _fresh_pdf(budget_kit, tmp_path / "fresh")


def test_a_font_every_design_uses_lays_out_every_design_again(budget_kit, tmp_path, monkeypatch):
    """A kit font's bytes are part of every design's key: replacing the file (same name)
    measures every design again, and the PDF is a fresh build's."""
    import shutil

    from printkit.draw.fonts import FONT_DIR

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    (budget_kit / "fonts").mkdir()
    font = budget_kit / "fonts" / "kit.ttf"
    shutil.copy(FONT_DIR / "DejaVuSans-Oblique.ttf", font)
    manifest = budget_kit / "kit.yaml"
    manifest.write_text(
        manifest.read_text().replace("components:", "fonts: {body: fonts/kit.ttf}\ncomponents:")
    )
    builds = _watching(budget_kit, tmp_path / "out")
    shutil.copy(FONT_DIR / "DejaVuSans-Bold.ttf", font)
    work = Work(monkeypatch)
    builds.rebuild()
    assert set(work.layouts) == DESIGNS and set(work.layouts.values()) == {1}
    monkeypatch.undo()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    watched = (tmp_path / "out" / "budget" / "cards.pdf").read_bytes()
    assert watched == _fresh_pdf(budget_kit, tmp_path / "fresh")


def test_other_options_lay_out_every_design_again(budget_kit, tmp_path, monkeypatch):
    """The layouts are kept per build options (paper, profile, ...): a kit built on other
    paper measures every design, even with the designs of the first kept."""
    from printkit.live.layouts import KeptLayouts

    layouts = KeptLayouts()
    a4 = load_kit(str(budget_kit), Options(paper="a4"))
    deck_layout.laid_out(a4, layouts.derived(), "cards")
    layouts.settle()
    assert layouts.designs == len(DESIGNS)
    work = Work(monkeypatch)
    letter = load_kit(str(budget_kit), Options(paper="letter"))
    deck_layout.laid_out(letter, layouts.derived(), "cards")
    assert set(work.layouts) == DESIGNS and set(work.layouts.values()) == {1}
    again = load_kit(str(budget_kit), Options(paper="a4"))
    deck_layout.laid_out(again, layouts.derived(), "cards")
    assert set(work.layouts.values()) == {1}  # the a4 designs were kept: none measured again


def test_a_one_card_edit_in_serve_lays_out_that_card_alone(budget_kit, tmp_path, monkeypatch):
    """serve's round (the checks, then the PDFs) keeps the layouts of the round before too."""
    from printkit.live.loop import LiveKit

    live = LiveKit(str(budget_kit), tmp_path / "out", Options(profile="home", duplex="long"))
    assert not live.refresh().error
    deck = budget_kit / "cards.yaml"
    deck.write_text(deck.read_text().replace('"Card 3"', '"Card three"'))
    work = Work(monkeypatch)
    assert not live.refresh().error
    assert work.layouts == Counter({"c3": 1}) and live.layouts.measured == 1


@pytest.mark.parametrize(
    ("old", "new"),
    [("card_size: poker", "card_size: tarot"), ("ONE LAYOUT A DESIGN", "A NEW SUBTITLE")],
    ids=["card size", "the deck's back"],
)
def test_a_deck_setting_lays_out_every_design_again(budget_kit, tmp_path, monkeypatch, old, new):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    builds = _watching(budget_kit, tmp_path / "out")
    deck = budget_kit / "cards.yaml"
    deck.write_text(deck.read_text().replace(old, new))
    work = Work(monkeypatch)
    line = builds.rebuild()
    assert line.startswith("rebuilt cards.pdf"), line
    assert set(work.layouts) == DESIGNS and set(work.layouts.values()) == {1}
    monkeypatch.undo()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    watched = (tmp_path / "out" / "budget" / "cards.pdf").read_bytes()
    assert watched == _fresh_pdf(budget_kit, tmp_path / "fresh")


def test_a_build_asks_once_a_back_whether_it_reads_its_card(budget_kit, tmp_path, monkeypatch):
    """Which back is behind each card (model/backs.py) is decided for every card, but whether a
    shared back reads its card's fields is a property of the back: asked once for each back a
    deck shares, not once a card (a 5,400-card deck asked it 5,400 times)."""
    from printkit.model import backs

    asked: Counter[int] = Counter()

    def counted(back):
        asked[id(back)] += 1
        return back_reads_card(back)

    monkeypatch.setattr(backs, "back_reads_card", counted)
    kit = load_kit(str(budget_kit), Options(profile="home", duplex="long"))
    assert len(backs.cards_by_back(kit.model("cards"))) == 2  # the deck's back and fancy's own
    assert sorted(asked.values()) == [1, 1]


def test_a_build_looks_up_no_place_in_the_data_for_text_that_is_not_small(
    budget_kit, tmp_path, monkeypatch
):
    """The small-text check (FACE004) names where an element is only when its text prints
    below min_text_size: the place of every other element is not looked up (a lookup walks
    the data file's recorded positions), so a deck with no small text looks up none."""
    import printkit.components.deck as deck_component

    looked_up: list[object] = []
    at = deck_component.at

    def counted(obj, key=None):
        looked_up.append(obj)
        return at(obj, key)

    monkeypatch.setattr(deck_component, "at", counted)
    kit = load_kit(str(budget_kit), Options(profile="home", duplex="long"))
    build_kits([kit], tmp_path / "out", force=True, jobs=1, rules=RulesGate())
    assert looked_up == []
