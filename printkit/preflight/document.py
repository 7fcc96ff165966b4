"""The document-level rules of PDF/X: the OutputIntent, identification and forbidden features.

Each check's docstring says the rule it enforces, after ISO 15930-4:2003 (PDF/X-1a:2003) and
ISO 15930-7 (PDF/X-4) as the standards' checklists state them (callas and Kodak's published
PDF/X-1a checklists, Adobe technical note 5188 for the page boxes). `x1a` is the stricter:
it is PDF 1.4 and CMYK only; `x4` allows PDF 1.6 features such as object streams, optional
content and JPEG 2000, and colour-managed colour.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

import pikepdf

from printkit.preflight.standard import Severity, Standard

Item = tuple[str, Severity, str]
PDFX_VERSIONS = {"x1a": ("PDF/X-1:2001", "PDF/X-1a:2001", "PDF/X-1a:2003"), "x4": ("PDF/X-4",)}
# output profile classes and colour spaces each standard's OutputIntent may carry
PROFILE_SPACES = {"x1a": (b"CMYK", b"GRAY"), "x4": (b"CMYK", b"GRAY", b"RGB ")}
FORBIDDEN_ACTIONS = frozenset(
    {"/JavaScript", "/Launch", "/Sound", "/Movie", "/ImportData", "/ResetForm", "/SubmitForm"}
)  # fmt: skip
MAX_ACTION_CHAIN = 32  # actions followed through /Next


def check_document(pdf: pikepdf.Pdf, standard: Standard) -> Iterator[Item]:
    """Every document-level finding under a PDF/X standard (none under `home`)."""
    if standard == "home":
        return
    yield from output_intent(pdf, standard)
    yield from identification(pdf, standard)
    yield from encryption(pdf)
    yield from document_actions(pdf)
    if standard == "x1a":
        yield from pdf_14(pdf)


def output_intent(pdf: pikepdf.Pdf, standard: Standard) -> Iterator[Item]:
    """Exactly one OutputIntent of subtype GTS_PDFX; it has an OutputConditionIdentifier;
    when that names no registered printing condition ("Custom", or none) it embeds the
    destination profile (DestOutputProfile) and describes the condition (Info); the profile
    is an ICC output device profile (class `prtr`, not a monitor's `mntr`) of the standard's
    colour spaces (CMYK or grey for X-1a)."""
    intents = _array(pdf.Root.get("/OutputIntents"))
    pdfx = [i for i in intents if isinstance(i, pikepdf.Dictionary) and i.get("/S") == "/GTS_PDFX"]
    if not pdfx:
        yield "PF-INTENT", "error", "no PDF/X OutputIntent (the printing condition is unknown)"
        return
    if len(pdfx) > 1:
        yield (
            "PF-INTENT",
            "error",
            f"{len(pdfx)} GTS_PDFX OutputIntents; PDF/X allows exactly one printing condition",
        )
    intent = pdfx[0]
    named = str(intent.get("/OutputConditionIdentifier", "")).strip()
    if not named:
        yield "PF-INTENT", "error", "the OutputIntent has no OutputConditionIdentifier"
    registered = named.lower() not in ("", "custom")
    profile = intent.get("/DestOutputProfile")
    if profile is None and not registered:
        yield (
            "PF-INTENT",
            "error",
            "the OutputIntent embeds no ICC profile and names no registered printing condition",
        )
    if not registered and "/Info" not in intent:
        yield "PF-INTENT", "error", "the OutputIntent of a custom condition has no Info text"
    if profile is not None:
        yield from _profile(profile, standard)


def _profile(profile: Any, standard: Standard) -> Iterator[Item]:
    header = _head(profile, 20)
    kind, space = header[12:16], header[16:20]
    if len(header) < 20 or kind != b"prtr" or space not in PROFILE_SPACES[standard]:
        shown = f"a {_text(kind)} {_text(space).strip()} profile" if len(header) >= 20 else "not"
        yield (
            "PF-INTENT",
            "error",
            f"the OutputIntent's profile is {shown} an ICC output (prtr) profile of "
            + " or ".join(_text(s).strip() for s in PROFILE_SPACES[standard]),
        )


def _head(stream: Any, size: int) -> bytes:
    """The first `size` decoded bytes of a stream, without inflating all of it (a profile
    may be a decompression bomb)."""
    if not isinstance(stream, pikepdf.Stream):
        return b""
    raw = stream.read_raw_bytes()
    filters = stream.get("/Filter")
    if filters is None:
        return raw[:size]
    if filters in (pikepdf.Name("/FlateDecode"), pikepdf.Array([pikepdf.Name("/FlateDecode")])):
        try:
            return zlib.decompressobj().decompress(raw, size)
        except zlib.error:
            return b""
    return b""  # another filter: not something a profile is stored with


def _text(data: bytes) -> str:
    return data.decode("latin-1") if data.isascii() else repr(data)


def identification(pdf: pikepdf.Pdf, standard: Standard) -> Iterator[Item]:
    """The document information names the PDF/X version (GTS_PDFXVersion), says whether the
    file is trapped (Trapped True or False, not Unknown), and carries a Title, CreationDate
    and ModDate; the trailer carries the file identifier (ID)."""
    info: Any = pdf.trailer.get("/Info")
    if not isinstance(info, pikepdf.Dictionary):
        info = pikepdf.Dictionary()
    version = str(info.get("/GTS_PDFXVersion", ""))
    if version not in PDFX_VERSIONS[standard]:
        wanted = " or ".join(PDFX_VERSIONS[standard])
        yield "PF-PDFX", "error", f"GTS_PDFXVersion is {version or 'missing'}; expected {wanted}"
    if str(info.get("/Trapped", "")) not in ("/True", "/False"):
        yield "PF-PDFX", "error", "the Trapped key must say True or False"
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not str(info.get(key, "")).strip():
            yield "PF-PDFX", "error", f"the document information has no {key[1:]}"
    ids = pdf.trailer.get("/ID")
    if not (isinstance(ids, pikepdf.Array) and len(ids) == 2):
        yield "PF-PDFX", "error", "the trailer has no file identifier (ID)"


def encryption(pdf: pikepdf.Pdf) -> Iterator[Item]:
    """PDF/X files are not encrypted, not even with an empty password."""
    if pdf.is_encrypted:
        yield "PF-ENCRYPT", "error", "the file is encrypted; PDF/X forbids encryption"


def document_actions(pdf: pikepdf.Pdf) -> Iterator[Item]:
    """No JavaScript (a document-level JavaScript name tree, or a JavaScript, Launch, Sound,
    Movie, ImportData, ResetForm or SubmitForm action when the file opens)."""
    names = pdf.Root.get("/Names")
    if isinstance(names, pikepdf.Dictionary) and "/JavaScript" in names:
        yield "PF-ACTION", "error", "document JavaScript (Names/JavaScript); PDF/X forbids it"
    found = forbidden_actions(pdf.Root.get("/OpenAction"))
    found += forbidden_actions_in(pdf.Root.get("/AA"))
    for action in found[:1]:
        yield "PF-ACTION", "error", f"a {action} action when the document opens; PDF/X forbids it"


def forbidden_actions(action: Any) -> list[str]:
    """The kinds (JavaScript, Launch...) of forbidden actions in an action and its /Next."""
    found: list[str] = []
    todo, seen = [action], 0
    while todo and seen < MAX_ACTION_CHAIN:
        current = todo.pop()
        seen += 1
        if isinstance(current, pikepdf.Array):
            todo += list(current)
        elif isinstance(current, pikepdf.Dictionary):
            kind = str(current.get("/S", ""))
            if kind in FORBIDDEN_ACTIONS:
                found.append(kind[1:])
            todo.append(current.get("/Next"))
    return found


def forbidden_actions_in(triggers: Any) -> list[str]:
    """Forbidden actions in an additional-actions (AA) dictionary."""
    if not isinstance(triggers, pikepdf.Dictionary):
        return []
    return [kind for action in triggers.values() for kind in forbidden_actions(action)]


def pdf_14(pdf: pikepdf.Pdf) -> Iterator[Item]:
    """PDF/X-1a:2003 is PDF 1.4: the header (and the catalog's Version) say at most 1.4, and
    no PDF 1.5 feature is used: object streams and cross-reference streams (compressed
    structure), optional content (layers, OCProperties), XFA forms."""
    versions = [pdf.pdf_version, str(pdf.Root.get("/Version", "/1.0"))[1:]]
    newest = max(versions, key=_version_key)
    if _version_key(newest) > (1, 4):
        yield "PF-VERSION", "error", f"the file is PDF {newest}; PDF/X-1a:2003 is PDF 1.4"
    if pdf.trailer.get("/Type") == pikepdf.Name("/XRef") or _has_object_streams(pdf):
        yield (
            "PF-VERSION",
            "error",
            "object streams (PDF 1.5 compressed structure); PDF/X-1a:2003 is PDF 1.4",
        )
    if "/OCProperties" in pdf.Root:
        yield "PF-VERSION", "error", "optional content (layers, PDF 1.5); PDF/X-1a forbids it"
    form = pdf.Root.get("/AcroForm")
    if isinstance(form, pikepdf.Dictionary) and "/XFA" in form:
        yield "PF-VERSION", "error", "an XFA form (PDF 1.5); PDF/X-1a forbids it"


def _has_object_streams(pdf: pikepdf.Pdf) -> bool:
    return any(
        isinstance(obj, pikepdf.Stream) and obj.get("/Type") == pikepdf.Name("/ObjStm")
        for obj in pdf.objects
    )


def _version_key(version: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in version.split(".")[:2])
    except ValueError:
        return (0,)


def _array(value: Any) -> list[Any]:
    return list(value) if isinstance(value, pikepdf.Array) else []
