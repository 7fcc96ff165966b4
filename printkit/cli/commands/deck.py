"""`printkit deck KIT`: what a kit's decks hold, as text, JSON or CSV (computed by printkit.reports.composition).

Formats (all counts are printed copies, after the chosen variants):
  text  a readable summary per deck, ending with its total.
  json  one object: {"kit", "variants", "players", "decks": [DeckReport.as_dict(), ...]}.
  csv   rows of component,section,key,value: section is `total` (key cards|designs), `kind`,
        `tag`, `field:<name>` (key = a value of the field, value = copies), `stats:<name>`
        (key = cards|mean|median|min|max), `dealt` and `left` (key = player count).
"""

from __future__ import annotations

import csv
import io
import json

import click

from printkit.cli.app import complete_kits, kit_options, only_decks, report_errors


@click.command(name="deck")
@click.argument("kit", metavar="KIT|DIR", shell_complete=complete_kits)
@only_decks
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "csv"]),
    default="text",
    show_default=True,
)
@kit_options
@report_errors
def deck_command(kit, components, fmt, variants, players) -> None:
    """Show the composition of KIT's decks: counts by kind, the spread of each numeric field,
    the total, and what each player count leaves to draw."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.core.errors import Location, fail
    from printkit.kit import load_kit
    from printkit.model.cards import Deck
    from printkit.model.options import Options
    from printkit.reports.composition import deal_rows, deck_report

    loaded = load_kit(kit, Options(variants=tuple(variants), players=players))
    decks = loaded.decks()
    for cid in components:
        if cid not in decks:
            raise fail(
                Location(loaded.manifest_file),
                f"kit {loaded.name!r} has no deck {cid!r}; its decks are: "
                f"{', '.join(decks) or 'none'}",
            )
    chosen = list(components) or decks
    if not chosen:
        raise fail(Location(loaded.manifest_file), f"kit {loaded.name!r} has no deck components")
    loaded.models()  # every input error of the kit at once
    reports = []
    game = loaded.game()  # the deck N players use, when the game says (Game.cards_in_play)
    for cid in chosen:
        model = loaded.model_as(cid, Deck)
        if game is not None and players is not None:
            model = game.cards_in_play(loaded, cid, model, players)
        title = loaded.spec(cid).title or cid
        reports.append(deck_report(cid, title, model, deal_rows(loaded, cid, model, players)))
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "kit": loaded.name,
                    "variants": list(variants),
                    "players": players,
                    "decks": [r.as_dict() for r in reports],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    elif fmt == "csv":
        click.echo(as_csv(reports), nl=False)
    else:
        header = f"{loaded.name}" + (f" (variants: {', '.join(variants)})" if variants else "")
        click.echo(header)
        for report in reports:
            click.echo("")
            click.echo(as_text(report))


def _num(value) -> str:
    return (
        f"{value:g}"
        if isinstance(value, float | int) and not isinstance(value, bool)
        else str(value)
    )


def as_text(r) -> str:
    """A deck report for people: kinds, tags, field spreads, the deal, then the total."""
    lines = [f"{r.component}: {r.title}", ""]
    width = max([len(k.kind) for k in r.kinds] + [4])
    lwidth = max([len(k.label) for k in r.kinds] + [5])
    lines.append(f"  {'kind':<{width}}  {'label':<{lwidth}}  designs  cards")
    for k in r.kinds:
        lines.append(f"  {k.kind:<{width}}  {k.label:<{lwidth}}  {k.designs:>7}  {k.cards:>5}")
    if r.tags:
        lines.append("")
        lines.append("  tags: " + ", ".join(f"{t} {n}" for t, n in r.tags))
    for f in r.numeric:
        unit = f" ({f.unit})" if f.unit else ""
        lines.append("")
        lines.append(
            f"  {f.field}{unit}: {f.cards} cards, mean {_num(f.mean)}, median {_num(f.median)}, "
            f"range {_num(f.min)} to {_num(f.max)}"
        )
        vwidth = max(len(_num(v)) for v, _ in f.histogram)
        for value, n in f.histogram:
            bar = "#" * max(1, round(n * _bar_width(f) / max(m for _, m in f.histogram)))
            lines.append(f"    {_num(value):>{vwidth}}  {bar:<{_bar_width(f)}}  {n}")
    for f in r.counted:
        lines.append("")
        values = ", ".join(f"{_num(v)} {n}" for v, n in f.values)
        lines.append(f"  {f.field}: {f.cards} cards: {values}")
    if r.deal:
        lines.append("")
        lines.append("  players  dealt  left to draw")
        for d in r.deal:
            note = f"  {d.note}" if d.note else ""
            lines.append(f"  {d.players:>7}  {d.dealt:>5}  {d.left:>12}{note}")
    lines.append("")
    lines.append(f"  total: {r.total} cards ({r.designs} designs)")
    return "\n".join(lines)


def _bar_width(f) -> int:
    return min(40, max(n for _, n in f.histogram))


def as_csv(reports) -> str:
    """Every number of the reports as component,section,key,value rows (see the module doc)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["component", "section", "key", "value"])
    for r in reports:
        c = r.component
        w.writerow([c, "total", "cards", r.total])
        w.writerow([c, "total", "designs", r.designs])
        for k in r.kinds:
            w.writerow([c, "kind", k.kind, k.cards])
        for tag, n in r.tags:
            w.writerow([c, "tag", tag, n])
        for f in r.numeric:
            for value, n in f.histogram:
                w.writerow([c, f"field:{f.field}", _num(value), n])
            for stat in ("cards", "mean", "median", "min", "max"):
                w.writerow([c, f"stats:{f.field}", stat, _num(getattr(f, stat))])
        for f in r.counted:
            for value, n in f.values:
                w.writerow([c, f"field:{f.field}", _num(value), n])
        for d in r.deal:
            w.writerow([c, "dealt", d.players, d.dealt])
            w.writerow([c, "left", d.players, d.left])
    return out.getvalue()
