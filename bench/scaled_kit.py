"""A built-in kit with its deck scaled up: every `count:` of its card sheet multiplied.

    python bench/scaled_kit.py OUT                      # chariot-race, every count x 9
    python bench/scaled_kit.py OUT --check-races 0      # the same, playing no race in check

The chariot-race deck has 45 cards in 72 copies; every written count times 9 gives 552 copies
(a card without a count stays one copy): issue 31's "the chariot-race deck scaled to 540 cards"
(docs/performance.md), built with the bench's options
(`printkit build OUT --profile home --paper a4 --duplex long --force -j 1`).
"""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_scaled_kit(
    out: Path, kit: str = "chariot-race", factor: int = 9, check_races: int | None = None
) -> Path:
    """Copy data/<kit> to `out`, multiply every `count:` of cards.yaml by `factor`, and with
    `check_races` set rules.yaml's `check_races:` to it; returns `out`."""
    shutil.copytree(ROOT / "data" / kit, out)
    cards = out / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        re.sub(r"count: (\d+)", lambda m: f"count: {int(m.group(1)) * factor}", text),
        encoding="utf-8",
    )
    if check_races is not None:
        rules = out / "rules.yaml"
        text = rules.read_text(encoding="utf-8")
        rules.write_text(
            re.sub(r"check_races: \d+", f"check_races: {check_races}", text), encoding="utf-8"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--kit", default="chariot-race")
    parser.add_argument("--factor", type=int, default=9)
    parser.add_argument("--check-races", type=int)
    args = parser.parse_args()
    print(write_scaled_kit(args.out, args.kit, args.factor, args.check_races))


if __name__ == "__main__":
    main()
