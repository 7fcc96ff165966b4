"""Property-based fuzzing of whole kits (hypothesis).

Valid kits are generated from a small grammar (card sizes, kinds, face elements placed inside
the card, cards with fields and images) and must build into valid PDFs. Invalid kits are those
same kits broken at random: a value replaced by any YAML value, a key deleted or misspelt, the
YAML text cut short or sprinkled with stray characters or bytes. Every one must end with exit
0 or a clean located error (exit 2): never a traceback, never an internal error, never a change
to the output folder.

CI runs a small, derandomised number of examples (15 valid, 90 broken: about 10 s). For a long run:
    PRINTKIT_FUZZ=1 python -m pytest tests/test_fuzz_kits.py            # 300 examples each
    PRINTKIT_FUZZ=2000 python -m pytest tests/test_fuzz_kits.py         # 2000 each
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from badkits import MINI, snapshot
from click.testing import CliRunner
from conftest import yaml_paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdfcheck import assert_valid_pdf

from printkit.cli.app import main

_fuzz = os.environ.get("PRINTKIT_FUZZ", "")
_common = dict(deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)
settings.register_profile("printkit-ci", max_examples=15, derandomize=True, **_common)
settings.register_profile(
    "printkit-fuzz",
    max_examples=int(_fuzz) if _fuzz.isdigit() and int(_fuzz) > 1 else 300,
    **_common,
)
PROFILE = "printkit-fuzz" if _fuzz else "printkit-ci"
INVALID_EXAMPLES_FACTOR = 6  # invalid kits are cheap (most stop before drawing): try more

SAFE_TEXT = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789 éÆ–’×-"),
    min_size=1,
    max_size=24,
).map(lambda s: " ".join(w[:9] for w in s.split()) or "x")
COLOUR = st.integers(0, 0xFFFFFF).map(lambda n: f"#{n:06x}")
# the identifiers of r"[a-z][a-z0-9_-]{0,10}", drawn without a regex (several times faster)
IDENT = st.tuples(
    st.sampled_from("abcdefghijklmnopqrstuvwxyz"),
    st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789_-"), max_size=10),
).map("".join)


@st.composite
def card_sizes(draw):
    if draw(st.booleans()):
        name = draw(st.sampled_from(["poker", "bridge", "mini", "tarot", "square"]))
        dims = {
            "poker": (63, 88),
            "bridge": (57, 89),
            "mini": (44, 63),
            "tarot": (70, 120),
            "square": (70, 70),
        }[name]
        return name, dims
    w = draw(st.integers(40, 120))
    h = draw(st.integers(45, 160))
    unit = draw(st.sampled_from(["mm", "plain", "in"]))
    if unit == "in":
        return {"width": f"{w / 25.4:.3f}in", "height": f"{h / 25.4:.3f}in"}, (
            round(w / 25.4, 3) * 25.4,
            round(h / 25.4, 3) * 25.4,
        )
    if unit == "plain":
        return {"width": w, "height": h}, (w, h)
    return {"width": f"{w}mm", "height": f"{h}mm"}, (w, h)


def face(draw, w: float, h: float) -> list[dict]:
    inner = w - 6
    elements = [{"element": "header", "box": [3, 3, inner, 7], "field": "power"}]
    y = 12.0
    optional = draw(st.lists(st.sampled_from(["value", "image", "icon", "marker"]), unique=True))
    for name in optional:
        if y + 10 > h * 0.45:
            break
        box = [3, round(y, 2), round(inner, 2), 9]
        elements.append(
            {"element": name, "box": box, **({"field": "power"} if name == "value" else {})}
        )
        if name == "image":
            elements[-1]["image"] = "art/wheel.png"
        if name == "icon":
            elements[-1]["icon"] = draw(st.sampled_from(["spoked-wheel", "star", "disc"]))
        y += 10
    title_h = max(8.0, h * 0.15)
    elements.append(
        {
            "element": "title",
            "box": [3, round(y, 2), round(inner, 2), round(title_h, 2)],
            "text": "{title}",
        }
    )
    y += title_h + 1
    elements.append(
        {
            "element": draw(st.sampled_from(["text", "band"])),
            "box": [3, round(y, 2), round(inner, 2), round(h - y - 3, 2)],
            "text": "{note}",
            "size": "3mm",
        }
    )
    return elements


@st.composite
def valid_kits(draw) -> dict[str, dict]:
    size, (w, h) = draw(card_sizes())
    kind_names = draw(st.lists(IDENT, min_size=1, max_size=3, unique=True))
    kinds = {
        k: {
            "label": draw(SAFE_TEXT)[:20],
            "colour": draw(COLOUR),
            "pattern": draw(st.sampled_from(["plain", "dots", "stripes"])),
            "face": face(draw, w, h),
        }
        for k in kind_names
    }
    ids = draw(st.lists(IDENT, min_size=1, max_size=6, unique=True))
    cards = []
    for cid in ids:
        card = {
            "id": cid,
            "kind": draw(st.sampled_from(kind_names)),
            "count": draw(st.integers(1, 3)),
            "title": draw(SAFE_TEXT),
            "note": draw(SAFE_TEXT),
        }
        if draw(st.booleans()):
            card["power"] = draw(st.integers(0, 9))
        cards.append(card)
    deck = {
        "card_size": size,
        "min_text_size": draw(st.sampled_from(["5pt", "6pt", 2])),
        "fields": {"power": {"type": "integer", "min": 0, "max": 9}, "note": {"type": "text"}},
        "kinds": kinds,
        "back": {"title": draw(SAFE_TEXT)[:16], "colour": draw(COLOUR)},
        "cards": cards,
    }
    manifest = {
        "name": draw(IDENT),
        "title": draw(SAFE_TEXT),
        "components": {"cards": {"type": "deck", "file": "cards.yaml"}},
    }
    return {"kit.yaml": manifest, "cards.yaml": deck}


def write_kit(root: Path, files: dict[str, object]) -> Path:
    """The kit folder root/kit holding `files` and art/wheel.png; an earlier example's kit there
    is overwritten (every example writes the same two files), so that examples share folders."""
    kit = root / "kit"
    if not (kit / "art" / "wheel.png").exists():
        (kit / "art").mkdir(parents=True)
        shutil.copy(MINI / "art" / "wheel.png", kit / "art" / "wheel.png")
    for name, content in files.items():
        path = kit / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(
                yaml.safe_dump(content, allow_unicode=True, sort_keys=False), encoding="utf-8"
            )
    return kit


def run_build(kit: Path, out: Path, *args: str):
    os.environ.pop("PRINTKIT_DEBUG", None)
    return CliRunner().invoke(main, ["build", str(kit), "--out", str(out), *args])


@pytest.fixture(scope="module")
def shared_folder(tmp_path_factory) -> Path:
    """One folder for a module's examples: creating and removing folders per example costs
    more than building most broken kits."""
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.slow
@settings(settings.get_profile(PROFILE))
@given(files=valid_kits(), profile=st.sampled_from(["home", "shop"]))
def test_valid_kits_build(shared_folder, files, profile):
    kit = write_kit(shared_folder, files)
    out = Path(tempfile.mkdtemp(dir=shared_folder, prefix="out"))  # empty: a first build
    r = run_build(kit, out, "--profile", profile)
    assert r.exit_code == 0, r.output
    pdf = out / files["kit.yaml"]["name"] / ("shop" if profile == "shop" else "") / "cards.pdf"
    assert_valid_pdf(pdf)


ANY_VALUE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=40)
    | st.sampled_from(
        [
            "",
            "63mm",
            "-1mm",
            "1e9mm",
            "../../etc/passwd",
            "/etc/passwd",
            "{x}",
            "#12345",
            "poker",
            "a" * 5000,
            "art/wheel.png",
            "nope.png",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _set(data, path, value):
    for part in path[:-1]:
        data = data[part]
    if value is _DELETE:
        del data[path[-1]]
    else:
        data[path[-1]] = value


_DELETE = object()


@st.composite
def broken_kits(draw) -> dict[str, object]:
    files = draw(valid_kits())
    name = draw(st.sampled_from(["kit.yaml", "cards.yaml"]))
    how = draw(st.sampled_from(["replace", "delete", "misspell", "truncate", "sprinkle", "bytes"]))
    if how in ("replace", "delete", "misspell"):
        paths = [p for p in yaml_paths(files[name]) if p]
        path = draw(st.sampled_from(paths))
        if how == "replace":
            _set(files[name], path, draw(ANY_VALUE))
        elif how == "delete" and not isinstance(path[-1], int):
            _set(files[name], path, _DELETE)
        elif isinstance(path[-1], str):
            parent = files[name]
            for part in path[:-1]:
                parent = parent[part]
            parent[path[-1] + draw(st.sampled_from(["s", "_", "x"]))] = parent.pop(path[-1])
        return files
    text = yaml.safe_dump(files[name], allow_unicode=True, sort_keys=False)
    if how == "truncate":  # a half-saved file
        files[name] = text[: draw(st.integers(0, len(text)))]
    elif how == "sprinkle":
        chars = draw(
            st.lists(
                st.sampled_from(
                    list(":-[]{}&*!|>'\"%@`#,?\t\n \x07\x85\ufeff") + ["\u2028", "\ud7ff", "\x00"]
                ),
                min_size=1,
                max_size=5,
            )
        )
        for ch in chars:
            at = draw(st.integers(0, len(text)))
            text = text[:at] + ch + text[at:]
        files[name] = text.encode("utf-8", errors="surrogatepass")
    else:
        data = bytearray(text.encode("utf-8"))
        for _ in range(draw(st.integers(1, 4))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        files[name] = bytes(data)
    return files


LOCATED = re.compile(r"^.+?(:\d+(:\d+)?)?: error: .+")


@pytest.mark.slow
@settings(
    settings.get_profile(PROFILE),
    max_examples=settings.get_profile(PROFILE).max_examples * INVALID_EXAMPLES_FACTOR,
)
@given(files=broken_kits())
def test_broken_kits_get_a_clean_error(shared_folder, files):
    kit = write_kit(shared_folder, files)
    out = shared_folder / "out"  # shared: holds an earlier output, and earlier valid examples'
    if not out.exists():
        (out / "keep").mkdir(parents=True)
        (out / "keep" / "previous.pdf").write_bytes(b"previous")
    before = snapshot(out)
    r = run_build(kit, out)
    assert r.exit_code in (0, 2), r.output
    assert "Traceback" not in r.output and "internal error" not in r.output
    if r.exit_code == 2:
        errors = r.stderr.splitlines()[:-1]
        assert errors and all(LOCATED.match(line) for line in errors), r.stderr
        assert r.stderr.splitlines()[-1].endswith("nothing was written")
        assert snapshot(out) == before
