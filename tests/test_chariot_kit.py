"""The rest of the chariot-race kit: damage chart, playing area, bases, variants."""

from __future__ import annotations

import math

import pdfplumber
import pytest

from printkit.kit import load_kit
from printkit.layout.units import inch, to_mm
from tests.conftest import edit
from tests.pdfcheck import page_chars, page_paths, page_texts, pages_with, printed, words
from tests.pdfshapes import pages_only


@pytest.fixture
def built(built_kit):
    """The built-in kit, every component (a build shared with other test files)."""
    return built_kit("chariot-race")


@pytest.fixture
def serious(built_kit):
    """The kit built with the serious variant: OUT/chariot-race/serious."""
    return built_kit("chariot-race", "--variant", "serious")


@pytest.fixture
def gentle_cards(built_kit):
    """The deck built with the gentle-start variant."""
    return built_kit("chariot-race", "--variant", "gentle-start", "--only", "cards") / "cards.pdf"


def text_of(path) -> str:
    return "\n".join(page_texts(path))


def drawn_strings(path) -> str:
    """Every character the PDF draws, in order: rotated words read correctly."""
    return "".join(printed(p) for p in page_chars(path))


def squares(page, size_mm: float, tol: float = 0.3) -> list[dict]:
    return [
        r
        for r in page.rects
        if abs(to_mm(r["width"]) - size_mm) < tol and abs(to_mm(r["height"]) - size_mm) < tol
    ]


def test_build_writes_every_component(built):
    names = {p.name for p in built.iterdir()}
    assert names == {
        "cards.pdf",
        "templates.pdf",
        "damage-chart.pdf",
        "playing-area.pdf",
        "bases.pdf",
    }


def test_damage_chart_rows_boxes_and_stakes(built):
    text = text_of(built / "damage-chart.pdf")
    for word in ("HORSES", "WHEELS", "CHARIOT", "CHARIOTEER", "LAPS"):
        assert word in text
    for name in ("RUSSATA", "VENETA", "PRASINA", "ALBATA"):
        assert name in text
    assert text.count("OUT") >= 4 * 4  # one OUT box per category per chariot
    # the seed's rows (4, 6, 8, 10, 16, 20) plain, the kit's own marked * and explained
    assert "2″* 3″* 4″ 5″* 6″ 8″ 10″ 12″* 16″ 18″* 20″" in text
    assert "1 1 1 1 1 2 2 2 3 3 4" in text
    assert "* this kit's own rows, for speeds only a special move card makes" in text
    with pdfplumber.open(built / "damage-chart.pdf") as pdf:
        page = pdf.pages[0]
        box = to_mm(min(r["width"] for r in page.rects if r["width"] == r["height"]))
        # (3 + 2 + 3 + 3) damage boxes and 2 lap boxes per chariot
        assert len(squares(page, box)) == 4 * (11 + 2)


@pytest.mark.slow  # a whole kit or several builds, read back
def test_new_damage_category_appears_without_code(cli, kit_copy, tmp_path):
    kit = kit_copy("chariot-race")
    edit(
        kit / "cards.yaml",
        'Horse stumbles: tick 1 HORSES box.", damage: horses}',
        'Traces snap.", damage: harness}',
    )
    edit(
        kit / "rules.yaml",
        "  horses: {out: 3}",
        "  horses: {out: 3}\n  harness: {out: 2, label: Harness}",
    )
    r = cli("build", kit, "--out", tmp_path / "out", "--only", "damage-chart")
    assert r.exit_code == 0, r.output
    assert "HARNESS" in text_of(tmp_path / "out" / "chariot-race" / "damage-chart.pdf")
    assert cli("check", kit).exit_code == 0


def test_more_chariots_more_rows_and_grid_rows(cli, kit_copy, tmp_path):
    kit = kit_copy("chariot-race")
    edit(
        kit / "bases.yaml",
        '  - {name: Albata, team: The Whites, colour: "#ece6d6"}',
        '  - {name: Albata, team: The Whites, colour: "#ece6d6"}\n'
        '  - {name: Aurata, team: The Golds, colour: "#c9a227"}',
    )
    r = cli("build", kit, "--out", tmp_path / "out", "--only", "damage-chart,playing-area")
    assert r.exit_code == 0, r.output
    out = tmp_path / "out" / "chariot-race"
    assert "AURATA" in text_of(out / "damage-chart.pdf")
    assert "5 chariots, 2 rows of up to 4" in text_of(out / "playing-area.pdf")
    track = load_kit(str(kit)).model("playing-area")
    slots = track.grid_slots(5, inch(40 / 25.4), inch(100 / 25.4))
    assert len({s.x for s in slots}) == 2  # two rows


def test_track_geometry():
    kit = load_kit("chariot-race")
    track = kit.model("playing-area")
    lap_in = track.lap / 72
    assert lap_in == pytest.approx(2 * 19.5 + 2 * math.pi * 11, abs=1e-6)
    assert 100 < lap_in < 116  # "about 9 feet"
    assert track.pit_jump(kit.model("bases").length) / 72 == pytest.approx(5 + 100 / 25.4)
    x, y, heading = track.point_at(track.lap / 2, track.centre_radius)
    assert (x, heading) == (pytest.approx(track.straight / 2), pytest.approx(180))


def test_playing_area_plan(built):
    text = text_of(built / "playing-area.pdf")
    strings = drawn_strings(built / "playing-area.pdf")
    for word in ("FINISH", "HALFWAY", "PIT", "RAMP", "STADIUM", "SPINA", "KEY DIMENSIONS"):
        assert word in strings
    assert "108.1 in = 9 ft 0.1 in" in text
    assert "straight 19.5 in (495 mm)" in text
    with pdfplumber.open(built / "playing-area.pdf") as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert any(abs(to_mm(ln["width"]) - 100) < 0.05 for ln in page.lines)
        # the plan's scale bar: 24 in in four 6 in blocks, at the scale the page states
        assert "scale 1:8" in page.extract_text()
        block = 6 * 25.4 / 8
        blocks = [
            r
            for r in page.rects
            if abs(to_mm(r["width"]) - block) < 0.05 and abs(to_mm(r["height"]) - 2.5) < 0.05
        ]
        assert len(blocks) == 4


def test_full_size_tiles_the_track(cli, tmp_path):
    r = cli(
        "build",
        "chariot-race",
        "--out",
        tmp_path,
        "--full-size",
        "--paper",
        "letter",
        "--only",
        "playing-area",
    )
    assert r.exit_code == 0, r.output
    pages = page_texts(tmp_path / "chariot-race" / "playing-area.pdf")
    assert len(pages) > 10
    assert "KEY DIMENSIONS" in pages[0]
    assert "Assembly map" in pages[1]
    assert "A1" in pages[2]


def test_bases(built):
    with pdfplumber.open(built / "bases.pdf") as pdf:
        page = pdf.pages[0]
        bases = [
            r
            for r in page.rects
            if abs(to_mm(r["width"]) - 40) < 0.05 and abs(to_mm(r["height"]) - 100) < 0.05
        ]
        colours = {tuple(r["non_stroking_color"]) for r in bases}
    assert len(bases) == 4 and len(colours) == 4
    strings = drawn_strings(built / "bases.pdf")
    for word in ("RUSSATA", "VENETA", "PRASINA", "ALBATA", "FRONT", "PIVOT", "The Greens"):
        assert word in strings


def test_serious_variant_changes_print_and_check(serious):
    out = serious
    plan = drawn_strings(out / "playing-area.pdf")
    assert "PIT" not in plan and "RAMP" not in plan
    assert "3 laps to race" in text_of(out / "damage-chart.pdf")
    assert "MAGICAL EFFECT" not in text_of(out / "cards.pdf")
    kit = load_kit("chariot-race")
    from printkit.model.options import Options

    serious = load_kit("chariot-race", Options(variants=("serious",)))
    assert serious.rules_data().laps == 3 and kit.rules_data().laps == 2
    assert serious.model("playing-area").pit is None


def test_gentle_start_marks_the_magic_cards(gentle_cards):
    pages = page_texts(gentle_cards)
    text = "\n".join(p for p in pages if "MAGICAL EFFECT" in p)
    assert text.count("LATE") == 7  # each of the 7 magical effect cards


def test_movement_cards_without_drift_say_so(built):
    deck = load_kit("chariot-race").model("cards")
    no_drift = sum(c.count for c in deck.cards if c.get("speed") is not None and not c.get("drift"))
    assert no_drift > 0
    assert text_of(built / "cards.pdf").count("NO DRIFT") == no_drift


def _luminance(rgb) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(float(c)) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.slow
def test_lettering_on_each_kind_colour_has_contrast(built, tmp_path):
    """Headers and CRASH captions sit on the kind's colour: their letters must reach the WCAG AA
    contrast of 4.5:1 against it (cream on the light SPECIAL MOVE gold was 3.2:1)."""
    from printkit.draw.colour import colour

    deck = load_kit("chariot-race").model("cards")
    kinds = {k.label: colour(k.colour).rgb() for k in deck.kinds.values()}
    fills = set(kinds.values())
    seen = {label: 0 for label in kinds}
    captions = 0
    cards = built / "cards.pdf"
    fronts = pages_only(cards, range(0, len(page_texts(cards)), 2), tmp_path / "fronts.pdf")
    pages = zip(page_texts(fronts), page_chars(fronts), page_paths(fronts), strict=True)
    for text, chars, shapes in pages:  # the fronts
        on_page = words(chars)
        for label, rgb in kinds.items():
            if label not in text:
                continue
            first = label.split()[0]
            for w in (w for w in on_page if w["text"] == first):
                assert _contrast(w["colour"], rgb) >= 4.5, label
                seen[label] += 1
        for w in (w for w in on_page if w["text"] == "CRASH"):
            y = w["bottom"] - 1
            under = [
                tuple(round(v, 4) for v in r["colour"])
                for r in shapes
                if r["x0"] <= w["x0"]
                and w["x1"] <= r["x1"]
                and r["top"] <= y <= r["bottom"]
                and tuple(round(v, 4) for v in r["colour"])
                in {tuple(round(v, 4) for v in f) for f in fills}
            ]
            assert under, "a CRASH caption sits on its kind's colour"
            assert _contrast(w["colour"], under[-1]) >= 4.5
            captions += 1
    assert all(seen.values()), seen
    assert captions == 72


def test_bases_sheet_is_centred_with_marks_only_round_the_bases(built):
    """4 bases fit one sheet with room for 8: the sheet carries one centred row and no crop
    marks for the empty places (stray marks 100 mm below the bases invite a wrong cut)."""
    with pdfplumber.open(built / "bases.pdf") as pdf:
        page = pdf.pages[0]
        bases = [
            r
            for r in page.rects
            if abs(to_mm(r["width"]) - 40) < 0.05 and abs(to_mm(r["height"]) - 100) < 0.05
        ]
        top = min(r["top"] for r in bases)
        bottom = max(r["bottom"] for r in bases)
        left = min(r["x0"] for r in bases)
        right = max(r["x1"] for r in bases)
        marks = [ln for ln in page.lines if abs(to_mm(ln["width"] + ln["height"]) - 4) < 0.05]
        assert abs(to_mm(top - (page.height - bottom))) < 0.5
        assert abs(to_mm(left - (page.width - right))) < 0.5
    assert marks
    for ln in marks:
        if ln["height"] < 0.01:  # a horizontal mark: on the top or bottom cut line
            assert min(abs(ln["top"] - top), abs(ln["top"] - bottom)) < 0.01
        else:  # a vertical mark: just above or below the row
            assert to_mm(top - ln["bottom"]) < 6 or to_mm(ln["top"] - bottom) < 6


@pytest.mark.slow  # a whole kit or several builds, read back
def test_gentle_start_marker_clears_the_title(gentle_cards, tmp_path):
    """The LATE pill sits above the title: no letter of a two-line title runs under it."""
    dark = (0.113725, 0.101961, 0.086275)  # the pill's fill, #1d1a16
    pills = 0
    # the pages that show a LATE marker, read alone
    cards = pages_only(gentle_cards, pages_with(gentle_cards, "LATE"), tmp_path / "late.pdf")
    for chars, shapes in zip(page_chars(cards), page_paths(cards), strict=True):
        drawn = [ch for ch in chars if not ch["generated"]]
        for w in (w for w in words(chars) if w["text"] == "LATE"):
            pill = next(
                c
                for c in shapes
                if tuple(round(v, 6) for v in c["colour"]) == dark
                and c["x0"] <= w["x0"]
                and w["x1"] <= c["x1"]
                and c["top"] <= w["top"]
                and w["bottom"] <= c["bottom"]
            )
            pills += 1
            for ch in drawn:
                inside = (
                    pill["x0"] <= ch["x0"]
                    and ch["x1"] <= pill["x1"]
                    and pill["top"] <= ch["top"]
                    and ch["bottom"] <= pill["bottom"]
                )
                if inside and ch["text"] in "LATE":
                    continue  # the marker's own letters
                overlap = (
                    ch["x0"] < pill["x1"]
                    and ch["x1"] > pill["x0"]
                    and ch["top"] < pill["bottom"]
                    and ch["bottom"] > pill["top"]
                )
                assert not overlap, f"{ch['text']!r} runs under the LATE marker"
    assert pills == 7


def test_a_part_sheet_has_marks_only_on_its_cards_cut_lines(serious):
    """Serious racing drops the 7 magic cards: 65 cards, 2 on the last sheet. Its crop marks
    extend those 2 cards' edges only, not the 7 empty places'."""
    with pdfplumber.open(serious / "cards.pdf") as pdf:
        page = pdf.pages[-2]  # the last front
        cards = [
            r
            for r in page.rects
            if abs(to_mm(r["width"]) - 63) < 0.05 and abs(to_mm(r["height"]) - 88) < 0.05
        ]
        marks = [ln for ln in page.lines if abs(to_mm(ln["width"] + ln["height"]) - 4) < 0.05]
    assert len(cards) == 2 and marks
    xs = {round(v, 2) for c in cards for v in (c["x0"], c["x1"])}
    ys = {round(v, 2) for c in cards for v in (c["top"], c["bottom"])}
    assert {round(m["x0"], 2) for m in marks if m["width"] < 0.01} == xs
    assert {round(m["top"], 2) for m in marks if m["height"] < 0.01} == ys


def test_damage_chart_stakes_table_stays_left_of_the_deck_summary(built):
    """With eleven speeds (Rein In and Whip rows) the table once ran under the summary."""
    with pdfplumber.open(built / "damage-chart.pdf") as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    summary = next(w for w in words if w["text"] == "CRASH")
    speeds = [w for w in words if w["text"].rstrip("*").endswith("″") and w["top"] > summary["top"]]
    assert len(speeds) == 11
    assert max(w["x1"] for w in speeds) < summary["x0"] - 5
    # the seed's rows in the heading face, the kit's own (source: ours) marked * in the body face
    seed = {w["fontname"] for w in speeds if not w["text"].endswith("*")}
    own = {w["fontname"] for w in speeds if w["text"].endswith("*")}
    assert len(own) == 1 and len(seed) == 1 and own != seed
    assert sorted(w["text"] for w in speeds if w["text"].endswith("*")) == sorted(
        ["2″*", "3″*", "5″*", "12″*", "18″*"]
    )
