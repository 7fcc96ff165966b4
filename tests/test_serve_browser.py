"""`printkit serve` in a real browser: headless Chromium (Debian's package) driven by Playwright.

The page loads with every card; an edited title appears as a new card picture without a reload;
a broken edit shows its error with file:line:col and keeps the last good cards. Screenshots go
to output/screenshots/ (git-ignored) for a developer to look at. Skips, saying why, only where
Chromium or Playwright is not installed.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import DATA

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SHOTS = Path(__file__).resolve().parent.parent / "output" / "screenshots"
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if importlib.util.find_spec("playwright") is None:  # imported by `page`: collection stays fast
    pytest.skip("playwright is not installed", allow_module_level=True)
if CHROMIUM is None:
    pytest.skip("Chromium is not installed (apt-get install chromium)", allow_module_level=True)


@pytest.fixture
def _serve_process(tmp_path):
    """`printkit serve` started on a copied chariot-race kit: (process, kit folder, out folder).
    Not waited for here, so that the browser starts while the server draws the kit."""
    kit = tmp_path / "race"
    shutil.copytree(DATA / "chariot-race", kit)
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [sys.executable, "-m", "printkit", "serve", str(kit), "--out", str(out), "--no-open"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield proc, kit, out
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser.new_page(viewport={"width": 1280, "height": 900})
        browser.close()


@pytest.fixture
def served(_serve_process, page):
    """The copied kit served on a free port; yields (kit folder, url, out folder) once the
    server says where (the browser of `page` was launched meanwhile)."""
    proc, kit, out = _serve_process
    line = proc.stdout.readline() if proc.stdout else ""
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert found, f"no URL printed: {line!r}"
    yield kit, found.group(0), out
    proc.terminate()  # the server stops while the browser closes (`_serve_process` waits)


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=False)


def _titled_card(kit: Path) -> tuple[str, str]:
    """The id and title of the first card of cards.yaml that has a title."""
    text = (kit / "cards.yaml").read_text()
    found = re.search(r"\{id: ([\w-]+),[^}\n]*title: (\"[^\"]+\")", text)
    assert found
    return found.group(1), found.group(2)


@pytest.mark.slow
def test_the_page_follows_saves_and_shows_broken_edits_and_serves_nothing_else(served, page):
    kit, url, out = served
    page.goto(url)
    page.wait_for_selector(".card[data-card]")
    designs = page.locator(".card[data-card]").count()
    assert designs > 30  # every design of the 72-card deck
    assert "72 cards" in page.inner_text("#decks")
    page.wait_for_function(  # every card picture arrives and decodes
        "document.body.dataset.drawing === '0' && !document.querySelector('.card.pending')"
        " && [...document.querySelectorAll('.card[data-card] img')]"
        ".every(i => i.complete && i.naturalWidth > 0)"
    )
    # the other components' pages come once the PDFs are built, after the card pictures
    page.wait_for_function("document.querySelectorAll('#components img').length > 5")
    _shot(page, "serve-loaded.png")

    card_id, title = _titled_card(kit)
    tile = page.locator(f"#card-{card_id} img")
    before = tile.get_attribute("src")
    version = page.evaluate("document.body.dataset.version")
    text = (kit / "cards.yaml").read_text()
    (kit / "cards.yaml").write_text(
        text.replace(f"title: {title}", "title: Blessing of Testing", 1)
    )
    page.wait_for_function(
        "([id, src]) => { const i = document.querySelector('#card-' + id + ' img');"
        " return i && i.getAttribute('src') !== src && i.complete && i.naturalWidth > 0; }",
        arg=[card_id, before],
        timeout=15000,
    )
    assert page.evaluate("document.body.dataset.version") != version  # no reload: same page
    page.click(f"#card-{card_id}")
    assert "Blessing of Testing" in page.inner_text("#zoom")
    assert "cards.yaml:" in page.inner_text("#zoom")  # the card's source line
    _shot(page, "serve-edited-card.png")
    page.click("#close")
    _by_keyboard_alone(page, kit)
    _no_accessibility_violations(page)
    _on_a_phone(page)

    broken = (kit / "cards.yaml").read_text().replace("kind: movement", "kind: movment", 1)
    (kit / "cards.yaml").write_text(broken)
    page.wait_for_selector("#input-error.shown", timeout=15000)
    error = page.inner_text("#input-error")
    assert re.search(r"cards\.yaml:\d+:\d+", error) and "movment" in error
    assert page.locator(".card[data-card]").count() == designs  # the last good previews stay
    _shot(page, "serve-broken-edit.png")
    _only_its_page_and_previews(url, kit, out)


def _focused_card(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.card || null")


def _by_keyboard_alone(page, kit: Path) -> None:
    """Tab reaches a card; Enter and Space open it and the same key press does not close it;
    Escape closes it and the focus is back on the card; a redraw keeps the focus where it was."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(300):
        page.keyboard.press("Tab")
        if _focused_card(page):
            break
    card = _focused_card(page)
    assert card, "Tab never reached a card"
    for key in ("Enter", " "):
        page.keyboard.press(key)
        page.wait_for_timeout(300)  # the key's release, and anything it might trigger
        assert page.evaluate("document.getElementById('zoom').open"), key
        page.keyboard.press("Escape")
        page.wait_for_function("!document.getElementById('zoom').open")
        assert _focused_card(page) == card, key
    version = page.evaluate("document.body.dataset.version")
    cards = kit / "cards.yaml"
    cards.write_text(cards.read_text().replace("Blessing of Testing", "Blessing of Focus", 1))
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=15000)
    assert _focused_card(page) == card, "the redraw lost the focus"
    status = page.locator("#status")
    assert (
        status.get_attribute("aria-live") == "polite" and status.get_attribute("role") == "status"
    )
    assert (
        page.locator("button.card[data-card]").count() == page.locator(".card[data-card]").count()
    )


def _axe_violations(page) -> list:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found]


def _no_accessibility_violations(page) -> None:
    assert _axe_violations(page) == []


def _on_a_phone(page) -> None:
    """At 390 px: several cards a row, nothing wider than the screen, and axe is content."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    tops = page.evaluate(
        "[...document.querySelectorAll('.card[data-card]')].slice(0, 12)"
        ".map(t => t.getBoundingClientRect().top)"
    )
    assert len(tops) - len(set(tops)) >= 6, tops  # at least 3 cards in each of the first rows
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, "serve-phone.png")
    assert _axe_violations(page) == []
    page.set_viewport_size({"width": 1280, "height": 900})


def _get(url: str, host: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def _only_its_page_and_previews(url: str, kit: Path, out: Path) -> None:
    """No path outside, no other host name, nothing written outside the output folder."""
    assert _get(url) == 200
    for path in ("img/../../kit.yaml", "img/%2e%2e%2fkit.yaml", "cards.yaml", "img/nothing.png"):
        assert _get(url + path) == 404, path
    assert _get(url + "state", host="attacker.example:80") == 403
    assert url.startswith("http://127.0.0.1:")
    written = {p for p in out.parent.rglob("*") if p.is_file() and not p.is_relative_to(kit)}
    assert written and all(p.is_relative_to(out) for p in written)
