"""What only drawing finds: each component is laid out (on a measuring canvas where it can be)
to find text too long for its box, text outside a piece's safe area, characters a font lacks and
images too coarse for their size. `printkit check` reports all of it; a build's rules gate uses
`print_findings` for the components it rebuilds."""

from __future__ import annotations

from printkit.checks import Finding
from printkit.core.errors import Location, all_reported
from printkit.draw.printed import DrawnImage, DrawnText, Printed, recording
from printkit.kit import Derived, Kit
from printkit.layout.units import to_mm
from printkit.load.schema import where
from printkit.model.cards import MIN_TEXT_SIZE

SMALL_TEXT_CODE = "FACE004"
IMAGE_DPI_CODE = "FACE005"


def lay_out_kit(kit: Kit, derived: Derived) -> list[Finding]:
    """What only drawing finds, from every component (printkit/api.py): text too long for its
    box (`preflight`: input errors, all raised together), and the findings of
    `print_findings`: text outside a piece's safe area, characters a font lacks and images too
    coarse for their size. The layouts made are kept in `derived` (a check's own, or the build
    that then draws from them: serve)."""

    def lay_out(cid: str) -> list[Finding]:
        component = kit.component(cid)
        with recording() as printed:
            component.preflight(kit, derived, cid)
        found = print_findings(kit, derived, [cid])
        if not component.measures_faces:
            found += printed_findings(kit, cid, printed)
        return found

    return all_reported(kit.component_ids(), lay_out)


def print_findings(kit: Kit, derived: Derived, cids: list[str]) -> list[Finding]:
    """Findings only drawing finds, of the components given (each type's `print_findings`):
    text outside a piece's safe area (PK001), characters a font lacks and images too coarse for
    their size (FACE001, FACE002)."""
    return all_reported(cids, lambda cid: kit.component(cid).print_findings(kit, derived, cid))


def printed_findings(kit: Kit, cid: str, printed: Printed) -> list[Finding]:
    """What a component's drawing (its `preflight`) printed too small to read (FACE004: text
    below MIN_TEXT_SIZE, the deck's default `min_text_size`) or too coarse (FACE005: an image
    below the profile's resolution, `Options.min_image_dpi`): one finding per element, at its
    smallest. For the types that do not measure their own faces (the deck does)."""
    fallback = where(kit.spec(cid), "file") or Location(kit.manifest_file)
    texts: dict[int, DrawnText] = {}
    for text in printed.texts:
        if text.size < MIN_TEXT_SIZE - 1e-6 and (
            id(text.source) not in texts or text.size < texts[id(text.source)].size
        ):
            texts[id(text.source)] = text
    images: dict[str, DrawnImage] = {}
    floor = kit.options.min_image_dpi
    for image in printed.images:
        if image.dpi < floor - 0.5 and (
            image.path not in images or image.dpi < images[image.path].dpi
        ):
            images[image.path] = image
    found = [
        Finding(
            SMALL_TEXT_CODE,
            "warning",
            f"text {_shown(text.text)!r} in {cid!r} prints at {text.size:.1f} pt, below "
            f"{MIN_TEXT_SIZE:g} pt: it may be too small to read; give it a larger size or "
            "more room",
            where(text.source, "size") or where(text.source) or fallback,
        )
        for text in texts.values()
    ]
    return found + [
        Finding(
            IMAGE_DPI_CODE,
            "warning",
            f"image {path!r} ({image.pixels[0]}x{image.pixels[1]} px) prints "
            f"{to_mm(image.printed[0]):.0f}x{to_mm(image.printed[1]):.0f} mm in {cid!r}, "
            f"{image.dpi:.0f} dpi: below the {kit.options.profile} profile's {floor:g} dpi; "
            "it will look blurred or blocky (give it more pixels or a smaller box)",
            where(image.source, "image") or where(image.source) or fallback,
        )
        for path, image in sorted(images.items())
    ]


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:39] + "…"
