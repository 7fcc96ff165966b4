"""The user's settings file (config.yaml, see printkit/cli/settings.py): one @record dataclass that is
its typed model, its validator and its JSON Schema.

Each field is named after the `Options` field it feeds (model/options.py), and its key in the
file is the name a user writes (`back-offset`). A key the file does not set stays None, so
the precedence flag > settings > default is decided where options are resolved.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from printkit.core.fieldwise import fieldwise
from printkit.layout.sizes import HOME_PAPERS, parse_paper
from printkit.load.records import field_names, record, record_of, spec
from printkit.load.schema import Choice, Context, InkLimit, Invalid, Length, Record, Type
from printkit.load.yamlsafe import PathKey

PAPERS = HOME_PAPERS
PROFILES = ("home", "shop")
DUPLEX = ("long", "short", "off")
MAX_BACK_OFFSET_MM = 20.0  # beyond this it is not misregistration but a wrong setting

# What one setting holds once validated: an offset in mm, or a word.
SettingValue = tuple[float, float] | float | str


def parse_back_offset(text: str) -> tuple[float, float]:
    """'1.5,-0.5' -> (1.5, -0.5) in mm. Raises ValueError with a sentence for the user."""
    try:
        x, y = (float(v) for v in str(text).split(","))
    except ValueError:
        raise ValueError(f"expected X,Y in millimetres like 1.5,-0.5; got {text!r}") from None
    if not all(abs(v) <= MAX_BACK_OFFSET_MM for v in (x, y)):  # also refuses nan
        raise ValueError(
            f"an offset of more than {MAX_BACK_OFFSET_MM:g} mm is not a printer misregistration"
        )
    return (x + 0.0, y + 0.0)  # + 0.0 turns -0.0 into 0.0


def format_back_offset(offset: tuple[float, float]) -> str:
    return f"{offset[0]:g},{offset[1]:g}"


class BackOffset(Type):
    """X,Y in millimetres, written as text: "0.5,-1"."""

    def convert(self, value: Any, ctx: Context, path: PathKey) -> tuple[float, float]:
        if isinstance(value, bool) or not isinstance(value, str):
            raise Invalid(self.describe())
        try:
            return parse_back_offset(value)
        except ValueError:
            raise Invalid(self.describe()) from None

    def describe(self) -> str:
        return f'X,Y in millimetres like "0.5,-1", each within ±{MAX_BACK_OFFSET_MM:g}'

    def json(self) -> dict:
        return {"type": "string", "pattern": r"^\s*-?[0-9.]+\s*,\s*-?[0-9.]+\s*$"}


class PaperName(Type):
    """A named paper or a custom "WxH" size, as --paper accepts."""

    def convert(self, value: Any, ctx: Context, path: PathKey) -> str:
        if not isinstance(value, str) or parse_paper(value) is None:
            raise Invalid(self.describe())
        return value.strip().lower()

    def describe(self) -> str:
        return ", ".join(PAPERS) + ' or a size like "210x297mm" or "8.5x14in"'

    def json(self) -> dict:
        return {"type": "string"}


BACK_OFFSET_DOC = "X,Y in mm added to every back page (find it with printkit calibrate)"
PAPER_DOC = "default paper: " + ", ".join(PAPERS) + ", or a size like 210x297mm"
PROFILE_DOC = "default profile: " + ", ".join(PROFILES)
DUPLEX_DOC = "default flip edge: " + ", ".join(DUPLEX)
MAX_INK_DOC = "shop files: the most total ink in per cent, e.g. 240 (default: the kit's, or 300)"
SHEET_MARGIN_DOC = (
    "home sheets: the least paper between the sheet's edge and any piece, 3 to 30 mm, e.g. 4mm "
    "(default: the kit's sheet_margin, or 7mm)"
)
SHEET_MARGIN = Length(3, 30)  # the limits of kit.yaml's sheet_margin (model/kit.py)


@record("printkit settings", doc="the user's settings: flags win over them, they over defaults")
@fieldwise(kw_only=True)
class Settings:
    back_offset_mm: tuple[float, float] | None = spec(
        BackOffset(), doc=BACK_OFFSET_DOC, key="back-offset"
    )
    paper: str | None = spec(PaperName(), doc=PAPER_DOC)
    profile: Literal["home", "shop"] | None = spec(Choice(PROFILES), doc=PROFILE_DOC)
    duplex: Literal["long", "short", "off"] | None = spec(Choice(DUPLEX), doc=DUPLEX_DOC)
    max_ink: float | None = spec(InkLimit(), doc=MAX_INK_DOC, key="max-ink")
    sheet_margin: float | None = spec(SHEET_MARGIN, doc=SHEET_MARGIN_DOC, key="sheet-margin")

    def chosen(self) -> dict[str, SettingValue]:
        """Options field -> value, for each setting the file sets."""
        values = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        return {name: value for name, value in values.items() if value is not None}


@dataclass(frozen=True)
class Setting:
    """One key of the settings file: its key, the Options field it feeds, what it means, and
    the type that checks a value given for it."""

    key: str
    option: str
    help: str
    type: Type


def settings_schema() -> Record:
    """The settings file's schema (the Record made from `Settings`)."""
    return record_of(Settings)


def _settings_by_key() -> dict[str, Setting]:
    """Every setting, by its key in the file, in the order the record declares them."""
    option_of = field_names(Settings)
    return {
        key: Setting(key, option_of[key], schema_field.doc, schema_field.type)
        for key, schema_field in settings_schema().fields.items()
    }


SETTINGS: dict[str, Setting] = _settings_by_key()
