"""`printkit serve KIT`: a live preview in the browser that follows every save of the kit's files.

The page shows every card face and back, the pages of the other components, the findings of
`printkit check` beside the cards they concern, and the deck report. Each save rebuilds what
changed (cards first, then the PDFs) and the page updates itself; a broken edit shows its error
and keeps the last good previews. Listens on 127.0.0.1 only; writes only under --out.
"""

from __future__ import annotations

import threading
from pathlib import Path

import click

from printkit.cli.app import complete_kits, detail, kit_options, progress_shown, report_errors


@click.command(name="serve")
@click.argument("kit", metavar="KIT|DIR", shell_complete=complete_kits)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Output folder: the PDFs and the previews (under <out>/<kit>/live/).",
)
@click.option(
    "--port", type=click.IntRange(0, 65535), default=0, help="Port [default: a free one]."
)
@click.option("--no-open", is_flag=True, help="Do not open the page in a browser.")
@kit_options
@report_errors
def serve_command(kit, out, port, no_open, variants, players) -> None:
    """Preview KIT live in the browser: every save rebuilds and the page updates by itself."""
    # imported here, not at the top, so that `printkit --help` stays fast
    import webbrowser

    from printkit.live.loop import LiveKit
    from printkit.live.server import HOST, Hub, PortInUse, start_server
    from printkit.live.watcher import watch
    from printkit.model.options import Options

    live = LiveKit(kit, out, Options(variants=tuple(variants), players=players))
    announced = threading.Event()  # the address is said first, then each round's lines

    def echo(line: str) -> None:
        announced.wait()
        click.echo(line)

    hub = Hub(live, echo=echo)
    try:
        server = start_server(hub, port)  # before the first build: a busy port is said at once
    except PortInUse as exc:
        click.echo(f"printkit: {exc}", err=True)
        raise SystemExit(2) from None
    with progress_shown():  # the first round's bar, on a terminal
        hub.start()  # the first round: the page answers while its pictures are drawn
    hub.read_once.wait()
    if live.root is None:  # the kit itself could not be found or read: nothing to watch
        hub.close()
        server.shutdown()
        for problem in live.last.error:
            click.echo(f"{problem.where}: error: {problem.message}", err=True)
        raise SystemExit(2)
    url = f"http://{HOST}:{server.server_address[1]}/"
    click.echo(f"serving {live.last.kit} at {url} (Ctrl-C to stop)")
    detail(f"watching {live.root}; pictures and PDFs under {out / live.last.kit}")
    announced.set()
    if not no_open:
        webbrowser.open(url)
    stop = threading.Event()
    try:
        watch(lambda: [live.root] if live.root else [], hub.request, stop)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        hub.close()
        server.shutdown()
