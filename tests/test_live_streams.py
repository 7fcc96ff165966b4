"""`build --watch` compresses a PDF stream only when the rebuild before did not write the same
bytes (live/streams.py): the PDF is a fresh build's, byte for byte, and a rebuild that draws
the same pages compresses nothing again."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfdoc

from printkit.build.pipeline import build_kits
from printkit.kit import load_kit
from printkit.live.streams import CompressedStreams

FIXTURE = Path(__file__).parent / "fixtures" / "mini"


def _build(kit: Path, out: Path) -> bytes:
    build_kits([load_kit(str(kit))], out, force=True, jobs=1)
    return (out / "mini" / "cards.pdf").read_bytes()


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import shutil

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    kit = tmp_path / "mini"
    shutil.copytree(FIXTURE, kit)
    return kit


def test_a_rebuild_of_the_same_pages_compresses_nothing_again(mini, tmp_path):
    streams = CompressedStreams()
    with streams.used():
        first = _build(mini, tmp_path / "a")
    assert streams.compressed > 3  # pages, forms, fonts
    with streams.used():
        again = _build(mini, tmp_path / "b")
    assert streams.compressed == 0
    assert first == again == _build(mini, tmp_path / "fresh")  # the fresh one: reportlab's own


def test_an_edited_card_compresses_only_the_streams_it_changed(mini, tmp_path):
    streams = CompressedStreams()
    with streams.used():
        _build(mini, tmp_path / "a")
    everything = streams.compressed
    cards = mini / "cards.yaml"
    cards.write_text(cards.read_text().replace("title: Wheel", "title: Axle"))
    with streams.used():
        edited = _build(mini, tmp_path / "b")
    assert 0 < streams.compressed < everything
    assert edited == _build(mini, tmp_path / "fresh")


def test_the_filter_is_reportlabs_own_again_after_a_rebuild(mini, tmp_path):
    streams = CompressedStreams()
    with pytest.raises(RuntimeError), streams.used():
        assert pdfdoc.PDFZCompress.encode == streams.encode
        raise RuntimeError("a rebuild that fails")
    assert "encode" not in vars(pdfdoc.PDFZCompress)
    assert pdfdoc.PDFZCompress.encode(b"abc") == zlib.compress(b"abc")
