"""The design loop names a card's preview by everything that changes how it looks: a deck's
images count by their bytes, so an unchanged image keeps every preview, and a changed one
redraws them."""

from __future__ import annotations

from bench.synthetic import write_deck_kit, write_picture
from printkit.live.loop import LiveKit


def test_a_deck_with_an_image_keeps_its_previews_until_the_image_changes(tmp_path):
    kit = write_deck_kit(tmp_path / "kit", 2, picture_side=64)
    live = LiveKit(str(kit), tmp_path / "out")
    first = [card.front for card in live.refresh(build_pdfs=False).cards]
    again = [card.front for card in live.refresh(build_pdfs=False).cards]
    assert len(first) == 2 and again == first  # the same bytes: the same previews, none redrawn
    picture = next(p for p in kit.rglob("*.png"))
    write_picture(picture, side=65)  # another picture
    changed = [card.front for card in live.refresh(build_pdfs=False).cards]
    assert set(changed).isdisjoint(first)
