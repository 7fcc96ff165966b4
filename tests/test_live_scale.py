"""The design loop at the size of a real sheet, guarded by counting work, not by timing it.

A 1,500-row CSV deck: a no-op refresh draws no card, a one-cell edit draws one; a deck's own
icon file does not make every refresh redraw the deck, and a change to it redraws the cards that
show it; `printkit serve`'s server answers the page and /state before the pictures exist, and
the pictures the page has in view are drawn first.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from PIL import Image

from bench.synthetic import write_deck_kit
from printkit.live import loop
from printkit.live.loop import LiveKit
from printkit.live.server import FIRST_BATCH, Hub, start_server

ROWS = 1500


def _sheet_kit(folder: Path, rows: int) -> Path:
    """The synthetic deck with its cards in cards.csv (as `printkit export --cards csv`)."""
    from printkit.export.table import write_table
    from printkit.kit import load_kit

    kit = write_deck_kit(folder, rows)
    write_table(load_kit(str(kit)).model("deck1"), kit / "cards.csv", "csv")
    text = (kit / "deck1.yaml").read_text()
    (kit / "deck1.yaml").write_text(text[: text.index("\ncards:")] + "\ncards: cards.csv\n")
    return kit


class Drawn:
    """Counts the card designs handed to the drawing function; `fake` writes stand-in files
    instead of drawing (the count is what is tested, and 1,500 real drawings take seconds)."""

    def __init__(self, fake: bool, gate: threading.Event | None = None) -> None:
        self.ids: list[str] = []
        self.fake = fake
        self.gate = gate
        self.real = loop._draw_cards

    def __call__(self, kit, cid, deck, cards, folder) -> dict[str, str]:
        if self.gate is not None:
            assert self.gate.wait(30)
        self.ids += [card.id for card, _ in cards]
        if not self.fake:
            return self.real(kit, cid, deck, cards, folder)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{cid}-back-x.png").write_bytes(b"back")
        for _, front in cards:
            (folder / front).write_bytes(b"front")
        return {front: f"{cid}-back-x.png" for _, front in cards}


@pytest.mark.slow
def test_a_one_cell_edit_of_a_1500_row_sheet_draws_one_card(tmp_path, monkeypatch):
    kit = _sheet_kit(tmp_path / "kit", ROWS)
    drawn = Drawn(fake=True)
    monkeypatch.setattr(loop, "_draw_cards", drawn)
    monkeypatch.setattr(loop, "_findings", lambda kit, derived: [])  # not what is counted here
    live = LiveKit(str(kit), tmp_path / "out")
    first = live.refresh(build_pdfs=False)
    assert not first.error and len(first.cards) == ROWS
    assert len(drawn.ids) == ROWS and all(c.ready for c in first.cards)
    drawn.ids.clear()
    live.refresh(build_pdfs=False)
    assert drawn.ids == []  # nothing changed: nothing drawn
    sheet = kit / "cards.csv"
    sheet.write_text(sheet.read_text().replace("\nc700,card,1,Card 700,", "\nc700,card,1,Edited,"))
    edited = live.refresh(build_pdfs=False)
    assert drawn.ids == ["c700"]
    assert [c.title for c in edited.cards if c.id == "c700"] == ["Edited"]


def _with_icon(kit: Path, colour: str) -> None:
    Image.new("RGB", (40, 40), colour).save(kit / "mark.png")


def test_a_deck_with_its_own_icon_is_not_redrawn_on_every_save(tmp_path, monkeypatch):
    kit = write_deck_kit(tmp_path / "kit", 3)
    _with_icon(kit, "#8b1a1a")
    deck = kit / "deck1.yaml"
    text = deck.read_text().replace(
        "min_text_size: 6pt\n", "min_text_size: 6pt\nicons:\n  mark: mark.png\n"
    )
    deck.write_text(text.replace('title: "Card 2"', 'title: "Card 2 {icon:mark}"'))
    drawn = Drawn(fake=False)
    monkeypatch.setattr(loop, "_draw_cards", drawn)
    live = LiveKit(str(kit), tmp_path / "out")
    assert not live.refresh(build_pdfs=False).error and len(drawn.ids) == 3
    drawn.ids.clear()
    live.refresh(build_pdfs=False)
    assert drawn.ids == []  # the icon was read again, the same bytes: nothing to draw
    _with_icon(kit, "#1a3d8b")
    live.refresh(build_pdfs=False)
    assert drawn.ids == ["c2"]  # only the card that shows the icon


def test_a_kind_face_edit_redraws_that_kind_only(tmp_path, monkeypatch):
    kit = write_deck_kit(tmp_path / "kit", 4)
    deck = kit / "deck1.yaml"
    text = deck.read_text()
    face = text[text.index("  card:\n") : text.index("back:\n")]
    other = face.replace("  card:\n", "  other:\n").replace("label: CARD", "label: OTHER")
    text = text.replace("back:\n", other + "back:\n", 1)
    deck.write_text(text.replace("{id: c3, kind: card", "{id: c3, kind: other"))
    drawn = Drawn(fake=True)
    monkeypatch.setattr(loop, "_draw_cards", drawn)
    live = LiveKit(str(kit), tmp_path / "out")
    assert not live.refresh(build_pdfs=False).error
    drawn.ids.clear()
    deck.write_text(deck.read_text().replace("label: OTHER", "label: ANOTHER"))
    live.refresh(build_pdfs=False)
    assert drawn.ids == ["c3"]


def _get(server, path: str) -> tuple[int, bytes]:
    url = f"http://127.0.0.1:{server.server_address[1]}{path}"
    with urllib.request.urlopen(url, timeout=5) as answer:
        return answer.status, answer.read()


@pytest.fixture
def slow_served(tmp_path, monkeypatch):
    """A 60-card deck served by rounds in a thread whose drawing waits for `gate`."""
    kit = write_deck_kit(tmp_path / "kit", 60)
    gate = threading.Event()
    drawn = Drawn(fake=True, gate=gate)
    monkeypatch.setattr(loop, "_draw_cards", drawn)
    hub = Hub(LiveKit(str(kit), tmp_path / "out"))
    server = start_server(hub, 0)
    hub.start()
    assert hub.read_once.wait(30)
    yield hub, server, gate, drawn
    gate.set()
    hub.close()
    server.shutdown()


def _state(server) -> dict:
    status, body = _get(server, "/state")
    assert status == 200
    return json.loads(body)


def test_the_page_and_state_answer_before_any_picture_is_drawn(slow_served):
    hub, server, gate, drawn = slow_served
    status, page = _get(server, "/")
    assert status == 200 and b"<html" in page
    state = _state(server)
    assert len(state["cards"]) == 60 and state["drawing"] == 60
    assert not any(c["ready"] for c in state["cards"]) and drawn.ids == []
    front = state["cards"][0]["front"]
    with pytest.raises(urllib.error.HTTPError) as refused:
        _get(server, f"/img/{front}")  # named, not drawn yet: nothing to serve
    assert refused.value.code == 404
    gate.set()
    assert hub.wait_until(lambda: hub.snapshot.drawing == 0 and hub.snapshot.pages, 30)
    state = _state(server)
    assert all(c["ready"] and c["back"] for c in state["cards"]) and len(drawn.ids) == 60
    assert _get(server, f"/img/{front}")[0] == 200


def test_the_cards_in_view_are_drawn_first(slow_served):
    hub, server, gate, drawn = slow_served
    fronts = {c.id: c.front for c in hub.snapshot.cards}
    view = ",".join([fronts["c41"], fronts["c57"], "not-a-picture.png"])
    assert _get(server, f"/view?fronts={view}")[0] == 204
    gate.set()
    assert hub.wait_until(lambda: hub.snapshot.drawing == 0, 30)
    # the batch being drawn when the page said so ends first, then those in view
    assert drawn.ids.index("c41") < drawn.ids.index("c8")
    assert drawn.ids.index("c57") < drawn.ids.index("c8")


def test_a_save_while_drawing_starts_the_next_round_keeping_what_is_drawn(slow_served):
    hub, server, gate, drawn = slow_served
    hub.request()  # a save while the first batch is being drawn
    gate.set()
    assert hub.wait_until(lambda: hub.snapshot.version == 2 and hub.snapshot.pages, 30)
    assert sorted(drawn.ids) == sorted(c.id for c in hub.snapshot.cards)  # each drawn once
    assert all(c.ready for c in hub.snapshot.cards)


def test_closing_waits_for_the_batch_being_drawn_then_draws_no_more(tmp_path, monkeypatch):
    """serve's Ctrl-C: close() returns only once the drawing thread has ended, after the batch
    it was drawing (no picture is still rendered while the process ends)."""
    kit = write_deck_kit(tmp_path / "kit", 60)
    gate, entered = threading.Event(), threading.Event()
    drawn = Drawn(fake=True, gate=gate)

    def drawing(*args):
        entered.set()
        return drawn(*args)

    monkeypatch.setattr(loop, "_draw_cards", drawing)
    hub = Hub(LiveKit(str(kit), tmp_path / "out"))
    rounds = hub.start()
    assert entered.wait(30)  # the first batch is being drawn
    closing = threading.Thread(target=hub.close)
    closing.start()
    closing.join(0.3)
    assert closing.is_alive()  # close() waits for the batch...
    gate.set()
    closing.join(30)
    assert not closing.is_alive() and not rounds.is_alive()  # ...and for the thread's end
    assert len(drawn.ids) == FIRST_BATCH  # and nothing after it
