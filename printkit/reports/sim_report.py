"""What `printkit simulate` reports, whatever the game: figures, charts and notes.

A game module's `simulate(kit, players, runs, seed)` returns a SimReport; this module turns it
into text and JSON, and printkit/reports/sim_report_pdf.py draws it as a one-page PDF. Nothing here
knows any game: labels, units and notes come from the game module.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Figure:
    """One headline number: "turns per race: 11.3 (10 to 13 in 80 % of races)"."""

    label: str
    value: str
    note: str = ""


@dataclass
class Chart:
    """Bars: a histogram (numeric labels, in order) or one bar per category.

    `mark` draws a reference line at that label's position (e.g. the cards left to draw)."""

    title: str
    labels: list[str]
    values: list[float]
    unit: str = ""  # what a bar's value counts: "% of races", "per race"
    axis: str = ""  # what the labels are: "turns", "damage category"
    mark: float | None = None
    mark_label: str = ""


@dataclass
class SimReport:
    kit: str
    title: str
    game: str
    players: int
    variants: list[str]
    runs: int
    seed: int
    policy: str
    figures: list[Figure] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)  # raw numbers for --format json

    def heading(self) -> str:
        variant = f", variant {'+'.join(self.variants)}" if self.variants else ""
        return (
            f"{self.title}: {self.runs:,} simulated {self.game}s, {self.players} "
            f"player{'s' if self.players != 1 else ''}"
            f"{variant}, seed {self.seed}"
        )

    def as_text(self) -> str:
        lines = [self.heading(), ""]
        width = max((len(f.label) for f in self.figures), default=0)
        for f in self.figures:
            lines.append(f"  {f.label:<{width}}  {f.value}" + (f"  ({f.note})" if f.note else ""))
        for chart in self.charts:
            lines += ["", f"{chart.title}" + (f" ({chart.unit})" if chart.unit else "")]
            lines += text_bars(chart)
        lines += ["", "Model of play: " + self.policy]
        lines += [f"  - {a}" for a in self.assumptions]
        return "\n".join(lines) + "\n"

    def as_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, indent=2) + "\n"


def text_bars(chart: Chart, width: int = 40) -> list[str]:
    top = max(chart.values, default=0) or 1
    label_w = max((len(label) for label in chart.labels), default=0)
    out = []
    for label, value in zip(chart.labels, chart.values, strict=True):
        bar = "#" * int(round(width * value / top))
        out.append(f"  {label:>{label_w}} | {bar} {fmt(value)}")
    return out


def fmt(value: float) -> str:
    """A bar's value, as precise as a reader needs: 48, 7.2, 0.03."""
    size = abs(value)
    if size == 0:
        return "0"
    return f"{value:,.0f}" if size >= 10 else f"{value:.1f}" if size >= 1 else f"{value:.2f}"


# -- statistics helpers the game modules share ---------------------------------------------
def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def spread(values: Sequence[float], unit: str = "") -> Figure:
    """mean, and the middle 80 % range, as a Figure value (label filled by the caller)."""
    lo, hi = quantile(values, 0.1), quantile(values, 0.9)
    u = f" {unit}" if unit else ""
    return Figure("", f"{mean(values):.1f}{u}", f"{lo:g} to {hi:g} in 80 % of runs")


def histogram(
    title: str, values: Iterable[int], axis: str, unit: str = "% of runs", max_bins: int = 24
) -> Chart:
    """Share of runs per whole value, consecutive values from the smallest to the largest seen
    (grouped into equal bins when there are more than max_bins)."""
    counts = Counter(values)
    n = sum(counts.values()) or 1
    if not counts:
        return Chart(title, [], [], unit, axis)
    lo, hi = min(counts), max(counts)
    size = max(1, math.ceil((hi - lo + 1) / max_bins))
    labels, shares = [], []
    for start in range(lo, hi + 1, size):
        end = min(hi, start + size - 1)
        labels.append(str(start) if start == end else f"{start}-{end}")
        shares.append(100 * sum(counts.get(v, 0) for v in range(start, end + 1)) / n)
    return Chart(title, labels, shares, unit, axis)


def percent(part: int, whole: int) -> float:
    return 100 * part / whole if whole else 0.0
