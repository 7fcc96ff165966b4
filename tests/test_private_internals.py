"""printkit uses no private internals of reportlab, PyYAML or the standard library's process
pool (its workers are stopped as the pool's own children, not through `pool._processes`); the
one process-wide reportlab setting it changes (useA85) is pinned here, so a reportlab release
that drops it fails loudly."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from pypdf import PdfReader
from reportlab import rl_config

import printkit
from printkit.output import new_canvas

PACKAGE = Path(printkit.__file__).resolve().parent
PRIVATE = re.compile(
    r"yaml\._yaml|\bCParser\b|constructed_objects|\b(c|canvas)\._doc\b|\.Pages\.pages"
    r"|\b_processes\b"
)


def test_no_private_internals_in_the_package():
    found = [
        f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if PRIVATE.search(line)
    ]
    assert found == []


def test_reportlab_still_honours_use_a85(tmp_path):
    """output.new_canvas turns ASCII85 off: streams are Flate only (25 % smaller PDFs)."""
    assert hasattr(rl_config, "useA85"), "reportlab dropped rl_config.useA85: see pyproject.toml"
    pdf = tmp_path / "a.pdf"
    c = new_canvas(pdf, (200, 200), "t")
    c.drawString(20, 20, "printkit")
    c.showPage()
    c.save()
    assert rl_config.useA85 == 0
    filters = str(PdfReader(pdf).pages[0]["/Contents"].get_object().get("/Filter"))
    assert "FlateDecode" in filters and "ASCII85" not in filters
    assert b"ASCII85Decode" not in pdf.read_bytes()


def test_pyyaml_offers_the_public_c_loader_printkit_reads_events_with():
    from printkit.load.fastyaml import HAVE_LIBYAML

    assert yaml.__with_libyaml__ == HAVE_LIBYAML
    if HAVE_LIBYAML:
        events = list(yaml.parse("a: [1]\n", Loader=yaml.CBaseLoader))
        assert [type(e).__name__ for e in events][:3] == [
            "StreamStartEvent",
            "DocumentStartEvent",
            "MappingStartEvent",
        ]
