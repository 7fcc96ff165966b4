"""preflight under damaged and hostile PDFs (issue 25): a located finding or a plain error,
exit 1 or 2, never a crash (exit 3), and bounded work (MAX_PREFLIGHT_DEPTH,
MAX_PREFLIGHT_OPERATORS)."""

from __future__ import annotations

import base64
import json
import time
import zlib
from pathlib import Path

import pikepdf
import pytest
from craftedpdf import draw, form, resources, save, valid_x1a
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pikepdf import Array, Dictionary, Name

from bench import hostile
from printkit.core.limits import MAX_PREFLIGHT_DEPTH
from printkit.preflight.inflate import decoded_size


def _errors(cli, path: Path, standard: str = "x1a") -> tuple[list[tuple[str, int, str]], int]:
    r = cli("preflight", "--standard", standard, "--format", "json", path)
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    found = [(o["code"], o["page"], o["message"]) for o in rows if o.get("severity") == "error"]
    return found, r.exit_code


def _with_content(content: bytes):
    def make(pdf: pikepdf.Pdf) -> None:
        pdf.pages[0].obj.Contents = pdf.make_stream(content)

    return make


def _page_key(key: str, value: object):
    def make(pdf: pikepdf.Pdf) -> None:
        pdf.pages[0].obj[key] = value

    return make


def _form_matrix(pdf: pikepdf.Pdf) -> None:
    resources(pdf, "XObject", "Fm0", form(pdf, b"0 0 0 1 k 0 0 5 5 re f", Matrix=[1, 0, Name.x]))
    draw(pdf, b"/Fm0 Do\n")


def _image_width(pdf: pikepdf.Pdf) -> None:
    image = pdf.make_stream(b"\0" * 4, Type=Name.XObject, Subtype=Name.Image, Width=Name.wide,
                            Height=1, ColorSpace=Name.DeviceGray, BitsPerComponent=8)  # fmt: skip
    resources(pdf, "XObject", "Im0", image)
    draw(pdf, b"q 10 0 0 10 40 40 cm /Im0 Do Q\n")


def _font_widths(pdf: pikepdf.Pdf) -> None:
    font = Dictionary(Type=Name.Font, Subtype=Name.Type3, FirstChar=Name.a, Widths=[Name.w],
                      FontMatrix=[0.001, 0, 0, 0.001, 0, 0], CharProcs=5, Resources=7)  # fmt: skip
    resources(pdf, "Font", "F0", font)
    draw(pdf, b"BT /F0 12 Tf 50 50 Td (ab) Tj ET\n")


MALFORMED = {
    "a name where re takes numbers": (_with_content(b"0 0 /x 10 re f"), "PF-SYNTAX", "re"),
    "cm with five numbers": (_with_content(b"1 0 0 1 5 cm 0 0 5 5 re f"), "PF-SYNTAX", "cm"),
    "a truncated operator (Td without operands)": (
        _with_content(b"BT Td (x) Tj ET"),
        "PF-SYNTAX",
        "Td",
    ),
    "Tf without a size": (_with_content(b"BT /F1 Tf ET"), "PF-SYNTAX", "Tf"),
    "TJ of a dictionary": (_with_content(b"BT [<< /A 1 >>] TJ ET"), "PF-SYNTAX", "TJ"),
    "line width a name": (_with_content(b"/w w 0 0 m 5 5 l S"), "PF-SYNTAX", "w"),
    "a form Matrix that is not six numbers": (_form_matrix, "PF-SYNTAX", "Matrix"),
    "a MediaBox of names (qpdf reads it as Letter)": (
        _page_key("/MediaBox", Array([0, 0, Name.a, Name.b])),
        "PF-SYNTAX",
        "MediaBox",
    ),
    "a BleedBox of three numbers": (_page_key("/BleedBox", Array([0, 0, 5])), "PF-BOX", "Bleed"),
    "a TrimBox that is a number": (_page_key("/TrimBox", 7), "PF-BOX", "TrimBox"),
    "an image whose Width is a name": (_image_width, "PF-SYNTAX", "Width"),
    "a font with names for widths and numbers for glyphs": (_font_widths, "", ""),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(MALFORMED))
@pytest.mark.parametrize("standard", ["x1a", "home"])
def test_a_malformed_page_is_a_located_finding_not_a_crash(name, standard, cli, tmp_path):
    make, code, word = MALFORMED[name]
    pdf = valid_x1a()
    make(pdf)
    found, exit_code = _errors(cli, save(pdf, tmp_path / "bad.pdf"), standard)
    assert exit_code in (0, 1), found  # never 3
    if code:
        where = 0 if "qpdf" in name else 1  # what qpdf repairs is known for the file
        assert any(c == code and page == where and word in m for c, page, m in found), found
        assert exit_code == 1


@pytest.mark.slow
def test_an_encrypted_file_is_a_failing_verdict_under_every_standard(cli, tmp_path):
    lock = pikepdf.Encryption(owner="o", user="secret", R=3, aes=False, metadata=False)
    path = save(valid_x1a(), tmp_path / "locked.pdf", encryption=lock)
    for standard in ("x1a", "x4", "home"):
        found, code = _errors(cli, path, standard)
        assert code == 1 and [(c, p) for c, p, _ in found] == [("PF-ENCRYPT", 0)], found
        assert "password" in found[0][2]


@pytest.mark.slow
def test_a_form_that_draws_itself_is_found_at_once(cli, tmp_path):
    path = save(hostile.self_drawing_form(valid_x1a()), tmp_path / "loop.pdf")
    start = time.process_time()
    found, code = _errors(cli, path)
    assert time.process_time() - start < 2.0
    assert code == 1 and any(c == "PF-SYNTAX" and "draws itself" in m for c, _, m in found)


@pytest.mark.slow
def test_forms_nested_past_the_depth_limit_are_a_limit_finding(cli, tmp_path):
    pdf = hostile.form_chain(valid_x1a(), MAX_PREFLIGHT_DEPTH + 2, 1)
    found, code = _errors(cli, save(pdf, tmp_path / "deep.pdf"))
    assert code == 1 and any(c == "PF-LIMIT" and "nested deeper" in m for c, _, m in found)
    ok = hostile.form_chain(valid_x1a(), MAX_PREFLIGHT_DEPTH - 1, 1)  # within: no finding
    assert _errors(cli, save(ok, tmp_path / "ok.pdf")) == ([], 0)


@pytest.mark.slow
def test_a_small_file_that_would_run_a_billion_operators_stops_quickly(cli, tmp_path):
    pdf = hostile.form_chain(valid_x1a(), 9, 10)  # 10^8 form draws from a few kilobytes
    path = save(pdf, tmp_path / "bomb.pdf")
    assert path.stat().st_size < 4000
    start = time.process_time()
    found, code = _errors(cli, path)
    assert time.process_time() - start < 5.0
    assert code == 1 and any(
        c == "PF-LIMIT" and "MAX_PREFLIGHT_OPERATORS" in m for c, _, m in found
    )


TOKENS = st.sampled_from(
    [b"0", b"1", b"-3.5", b"1e9", b"/F1", b"/Fm0", b"/P0", b"(x)", b"<00ff>", b"[", b"]",
     b"<<", b">>", b"true", b"null", b"q", b"Q", b"cm", b"re", b"m", b"l", b"c", b"f", b"S",
     b"W", b"n", b"BT", b"ET", b"Tf", b"Td", b"TJ", b"Tj", b"'", b"\"", b"Do", b"gs", b"cs",
     b"scn", b"sh", b"w", b"rg", b"k", b"BI", b"ID", b"EI", b"d0", b"Tz"]
)  # fmt: skip
VALUES = st.one_of(
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from([Name.a, Name.DeviceRGB, Name.Pattern]),
    st.builds(Array),  # fresh each time: pikepdf objects belong to one file
    st.builds(Dictionary),
)


@st.composite
def hostile_pdfs(draw_: st.DrawFn) -> bytes:
    """A PDF whose content, boxes, form Matrix and resources are random (pikepdf writes it)."""
    pdf = valid_x1a()
    content = b" ".join(draw_(st.lists(TOKENS, max_size=60)))
    fm = pdf.make_indirect(form(pdf, b" ".join(draw_(st.lists(TOKENS, max_size=30)))))
    fm.Matrix = Array(draw_(st.lists(VALUES, max_size=7)))
    fm.Resources = Dictionary(XObject=Dictionary(Fm0=fm))
    res = pdf.pages[0].obj.Resources
    res.XObject = Dictionary(Fm0=fm)
    res.Font = Dictionary(F1=draw_(VALUES))
    res.Pattern = Dictionary(P0=draw_(VALUES))
    key = draw_(st.sampled_from(["/MediaBox", "/TrimBox", "/BleedBox", "/ArtBox", "/Group"]))
    pdf.pages[0].obj[key] = Array(draw_(st.lists(VALUES, max_size=5)))
    pdf.pages[0].obj.Contents = pdf.make_stream(content)
    out = __import__("io").BytesIO()
    pdf.save(out)
    return out.getvalue()


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=hostile_pdfs())
def test_random_structure_is_never_a_crash(data, cli, tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "random.pdf"
    path.write_bytes(data)
    for standard in ("x1a", "home"):
        assert cli("preflight", "--standard", standard, path).exit_code in (0, 1, 2)


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.binary(max_size=600), header=st.booleans(), cut=st.integers(0, 2000))
def test_random_and_truncated_bytes_are_never_a_crash(data, header, cut, cli, tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "random.pdf"
    valid = save(valid_x1a(), path).read_bytes()
    path.write_bytes((b"%PDF-1.4\n" if header else b"") + data if cut % 2 else valid[:cut] + data)
    assert cli("preflight", path).exit_code in (0, 1, 2)


@pytest.mark.slow
def test_a_content_stream_that_inflates_a_thousand_times_is_not_parsed(cli, tmp_path):
    """45 KB of compressed `0 0 m` is 30 MB of content, five million operators (on main:
    78 s and 3.8 GB); real content inflates about five times."""
    pdf = hostile.inflating_content(valid_x1a())
    path = save(pdf, tmp_path / "inflating.pdf", compress_streams=True)
    assert path.stat().st_size < 60_000
    start = time.process_time()
    found, code = _errors(cli, path)
    assert time.process_time() - start < 2.0
    assert code == 1 and any(c == "PF-LIMIT" and p == 1 and "inflates" in m for c, p, m in found)


@pytest.mark.slow
def test_ascii85_and_flate_content_is_measured_as_pikepdf_decodes_it(tmp_path):
    pdf = pikepdf.new()
    data = b"0 0 1 1 re f\n" * 1000
    a85 = base64.a85encode(zlib.compress(data), adobe=True)[2:]  # PDF writes no "<~"
    stream = pdf.make_stream(a85)
    stream.Filter = Array([Name.ASCII85Decode, Name.FlateDecode])
    assert stream.read_bytes() == data
    assert decoded_size(stream, stream.read_raw_bytes(), 10**6) == len(data)
    assert decoded_size(stream, stream.read_raw_bytes(), len(data) - 1) is None


@pytest.mark.slow
def test_a_page_listed_twenty_thousand_times_stops_at_the_budget(cli, tmp_path):
    path = hostile.repeated_page_pdf(tmp_path / "pages.pdf", 20_000)
    start = time.process_time()
    found, code = _errors(cli, path, "home")
    assert time.process_time() - start < 4.0
    stopped = [(p, m) for c, p, m in found if c == "PF-LIMIT" and "not checked" in m]
    assert code == 1 and len(stopped) == 1 and stopped[0][0] < 20_000, found[:3]
    assert len(found) < 20, len(found)  # one finding says so, not one per page
