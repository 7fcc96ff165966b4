"""A `Kit` is what was read; what a build derives is the build's own `Derived`, handed to every
member of a component type that lays out or draws (printkit/api.py). So a build leaves its kit
as it was, whatever it builds (`--only`, another profile), and one kit serves several builds
that each print what a build from a freshly read kit prints."""

from __future__ import annotations

import io
import pickle
import types
from pathlib import Path

import pytest

from printkit.build.drawchecks import lay_out_kit
from printkit.build.pipeline import build_kits
from printkit.checks import run_checks
from printkit.checks.gate import RulesGate
from printkit.kit import Derived, Kit, load_kit
from printkit.model.options import Options

KIT = "chariot-race"  # a deck, cut pieces, whole sheets and a game whose rules gate the build


class _StatePickler(pickle.Pickler):
    """Pickles a kit's state whole; a function (an icon's drawing, a painter) stands as its
    name and identity, so that a function put in its place would show."""

    def reducer_override(self, obj: object) -> object:
        if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
            return str, (f"{getattr(obj, '__qualname__', obj)}@{id(obj)}",)
        return NotImplemented


def kit_state(kit: Kit) -> bytes:
    """Every attribute of the kit, and everything they hold (its manifest, documents, models,
    rules, fonts, icons, the files it read), as bytes: equal bytes, the same state."""
    buffer = io.BytesIO()
    _StatePickler(buffer, protocol=5).dump({name: getattr(kit, name) for name in Kit.__slots__})
    return buffer.getvalue()


def read_whole(kit: Kit) -> Kit:
    """The kit with everything a build may read already read (its models, fonts, icons and
    rules, and the files its data checks refer to), so that what a build changes shows."""
    kit.models()
    kit.icons()
    run_checks(kit, play=False)
    return kit


def pdfs(folder: Path) -> dict[str, bytes]:
    """Every PDF below `folder`, by its path there."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.pdf"))}


def build(kit: Kit, out: Path, derived: Derived | None = None, only: list[str] | None = None):
    return build_kits(
        [kit], out, force=True, jobs=1, only=only, rules=RulesGate(), derived=[derived or Derived()]
    )


@pytest.mark.parametrize(
    ("options", "only"),
    [
        (Options(), None),
        (Options(), ["cards"]),  # --only
        # another profile (CMYK PDF/X, bleed, shop pages) and gang sheets on other paper: whole
        # kits built again, in the slow suite
        pytest.param(Options(profile="shop"), None, marks=pytest.mark.slow),
        pytest.param(Options(gang=True, paper="letter"), None, marks=pytest.mark.slow),
    ],
    ids=["home", "only", "shop", "gang"],
)
def test_a_build_leaves_its_kit_as_it_was(tmp_path, monkeypatch, options, only):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    kit = read_whole(load_kit(KIT, options, only))
    before = kit_state(kit)
    derived = Derived(single_use=True)  # as `printkit build` makes it
    written = build(kit, tmp_path, derived, only)
    assert any(path.suffix == ".pdf" for path in written)
    assert derived.layout_of("cards") is not None  # what the build derived is the build's own
    assert kit_state(kit) == before


KITS = Path(__file__).parent / "kits"


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("carthage", marks=pytest.mark.slow),  # its whole board: the slow suite's
        "chartae",
        pytest.param(str(KITS / "hexwar"), marks=pytest.mark.slow),  # its tiled map: slow
        str(KITS / "rooms"),
    ],
    ids=Path,
)
def test_a_build_and_a_check_of_any_type_leave_the_kit_as_it_was(tmp_path, monkeypatch, name):
    """Every component type (a board, tiles, maps, tokens, dice, a tuck box...) leaves what it
    was given as it was, in a build and in `check`'s laying out."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    kit = read_whole(load_kit(name, Options(gang=True)))
    before = kit_state(kit)
    build(kit, tmp_path, Derived(single_use=True))
    lay_out_kit(kit, Derived())
    assert kit_state(kit) == before


@pytest.mark.slow  # five builds of the whole kit
def test_two_builds_of_one_kit_print_what_two_fresh_kits_print(tmp_path, monkeypatch):
    """One kit built twice (letting go of its layout the first time, as `printkit build`
    does), and under other options (`Kit.under`), prints the bytes of kits read afresh, and is
    left as it was."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    other = Options(paper="letter", duplex="short")
    kit = read_whole(load_kit(KIT))
    before = kit_state(kit)
    build(kit, tmp_path / "first", Derived(single_use=True))
    build(kit, tmp_path / "again")
    build(kit.under(other), tmp_path / "other")
    assert kit_state(kit) == before  # the kit under other options read into its own state
    build(load_kit(KIT), tmp_path / "fresh")
    build(load_kit(KIT, other), tmp_path / "fresh-other")
    fresh = pdfs(tmp_path / "fresh")
    assert len(fresh) >= 5
    assert pdfs(tmp_path / "first") == fresh
    assert pdfs(tmp_path / "again") == fresh
    assert pdfs(tmp_path / "other") == pdfs(tmp_path / "fresh-other") != fresh


def test_a_kit_refuses_to_be_changed():
    """What a build would keep on the kit has nowhere to go: its attributes cannot be set."""
    kit = load_kit(KIT)
    for name, value in [("only", frozenset({"cards"})), ("options", Options()), ("layouts", {})]:
        with pytest.raises(AttributeError, match="a Kit is what was read"):
            setattr(kit, name, value)
    with pytest.raises(AttributeError, match="a Kit is what was read"):
        del kit.options


def test_a_kit_under_other_options_shares_the_documents_but_not_the_models():
    """`Kit.under` reads nothing again that the options do not decide (the parsed documents,
    for the same variants), and validates every model against the new options."""
    kit = read_whole(load_kit(KIT))
    shop = kit.under(Options(profile="shop"))
    assert shop.document("cards") is kit.document("cards")
    assert shop.model("cards") is not kit.model("cards")
    assert shop.options.profile == "shop" and kit.options.profile == "home"


def test_a_kit_under_another_variant_shares_the_documents_the_variants_do_not_override():
    """A rules check that reads another variant of the kit (CR017, the Serious Racing variant,
    in every chariot-race build's rules gate) parses again only the documents that the variants
    override: the others, the deck's 500-odd cards among them, are the ones already read."""
    kit = read_whole(load_kit(KIT))
    serious = kit.under(kit.options._replace(variants=("serious",)))  # no pit, no magic cards
    assert serious.document("cards") is kit.document("cards")  # no variant overrides the deck
    assert serious.document("playing-area") is not kit.document("playing-area")
    assert serious.document("playing-area").data["pit"] is None
    assert kit.document("playing-area").data["pit"] is not None
    magic = [c for c in kit.model("cards").cards if "magic" in c.tags]
    assert magic and not [c for c in serious.model("cards").cards if "magic" in c.tags]
    back = serious.under(kit.options)
    assert back.document("playing-area").data == kit.document("playing-area").data
    assert back.document("playing-area") is not serious.document("playing-area")
