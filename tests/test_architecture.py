"""The architecture holds where import contracts cannot see: draw/ never decides pages.

lint-imports (.ci/run, contracts in pyproject.toml) checks who imports whom; this checks the
calls: only components/ (and `printkit calibrate`) set a page's size and boxes or end a page.
"""

import ast
from pathlib import Path

import printkit

PACKAGE = Path(printkit.__file__).parent
PAGE_CALLS = {"showPage", "setPageSize", "setTrimBox", "setBleedBox", "setArtBox", "save"}


def page_calls(folder: Path) -> list[str]:
    """file:line: method for every call of a page-deciding canvas method under `folder`."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in PAGE_CALLS
            ):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.func.attr}")
    return found


def test_draw_never_decides_pages():
    assert page_calls(PACKAGE / "draw") == []


def test_the_scan_sees_page_calls_where_they_are():
    calls = page_calls(PACKAGE / "components")
    assert any(call.endswith(": showPage") for call in calls)
    assert any("pages.py" in call and call.endswith(": setTrimBox") for call in calls)
