"""The libyaml event source gives exactly what the pure-Python parser gives: the same data, the
same positions of every key and value, and the same error messages at the same places."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.synthetic import deck_yaml
from printkit.core import limits
from printkit.core.errors import InputError
from printkit.kit import builtin_kits_dir
from printkit.load import fastyaml, yamlsafe, yamlvalues
from printkit.load.fastyaml import HAVE_LIBYAML, libyaml_agrees

pytestmark = pytest.mark.skipif(not HAVE_LIBYAML, reason="pyyaml built without libyaml")


def outcome(text: str, **reader: bool) -> tuple:
    """What parse_yaml gives for `text` read by `reader` (see its keywords)."""
    try:
        doc = yamlsafe.parse_yaml(text, "f.yaml", **reader)
        return ("ok", doc.data, *doc.marks())
    except InputError as exc:
        return ("error", [str(d) for d in exc.diagnostics])
    except Exception as exc:  # a crash must at least be the same crash (e.g. a lone BOM)
        return ("crash", type(exc).__name__)


def same(text: str) -> None:
    """Each way of reading gives what the pure-Python parser alone gives."""
    reference = outcome(text, libyaml=False)
    assert outcome(text, plain=False) == reference  # libyaml's events, pyyaml's composer
    assert outcome(text) == reference  # and the one pass for ordinary files


SAMPLES = [
    "a: 1\nb: [x, y, {z: 2}]\n",
    "title: “Ünïcödé” – 4″ 90°\nnext: {k: 'é', j: \"\\u00e9\"}\n",
    "text: |\n  two\n  lines\nfolded: >-\n  one\n  line\n",
    "base: &b {x: 1, y: [1, 2]}\nuse: *b\nlist: [*b, *b]\n",
    "a: 1\r\nb: 2\r\n",
    "- 1\n- 2.5\n- true\n- null\n- 2026-01-01\n- 0x1F\n- .inf\n",
    "key: value # comment\n# only a comment\nother: 'quoted # not comment'\n",
    "a:\n\t- tab\n",  # tab indentation
    "a: [1, 2\nb: 3\n",  # unclosed flow sequence
    "a: 1\n  b: 2\n",  # bad indentation
    "a: 1 # tab\tin a comment\nb: 'tab\tquoted'\nc: |\n  tab\tin block\n",
    "a: x\ty\n",  # a tab inside a plain value: pyyaml refuses it
    "a:\tx\n",  # a tab after the colon
    "a: [1,\t2]\n",
    "a:\nb:   \nc: # note\n- \n",  # empty values in block collections: libyaml reads them
    "{a: , b: 1}\n",  # an empty value inside braces: the Python parser reads it
    "a: 1\nb: [x, y]\n\t- z\n",  # a tab libyaml refuses too
    "a: 'unterminated\n",
    "[a?]\n",  # pyyaml ends a plain value at a ? inside brackets (an error), libyaml reads on
    "{k: a?b, j: [x?, '?']}\n",
    "a: 1\na: 2\n",  # duplicate key
    "x: !!python/object:os.system ls\n",  # a tag
    "a: *missing\n",
    "a: 1\n---\nb: 2\n",  # two documents
    "a: \x07bell\n",  # a control character
    "? [complex, key]\n: value\n",
    "<<: {a: 1}\n",
    "a: {b: {c: {d: [1, [2, [3]]]}}}\n",
    "'quoted key': 1\n\"dq\": 2\nplain key: 3\n",
    "a: @reserved\n",
    "a: `backtick\n",
    "- a\n-b\n",
    "a: b: c\n",
    "[x\n?#|>] ",  # `?` starts a line in [...]: pyyaml ends the value there, libyaml does not
    ">1#\n",  # a `#` right after a block header: pyyaml refuses it
    "?",  # an empty value at the very end: libyaml puts it on a next line
    "}\t",  # an error before a tab: pyyaml's error, not the tab's
    "\x851 ~\t",  # a tab after a line break pyyaml counts (NEL)
    "\n>\t\t",  # a tab in a block header
]


@pytest.fixture
def large(monkeypatch) -> int:
    """What counts as a large file here: 20,000 characters (256 KiB in use) keeps tests quick."""
    monkeypatch.setattr(fastyaml, "PYTHON_PARSER_MAX_CHARS", 20_000)
    return 20_000


def test_a_tab_does_not_send_a_large_file_to_the_slow_parser(large):
    """One tab in a comment, in quotes, or where it is an error: libyaml still reads the file
    (the pure-Python parser needs seconds for 200,000 values; see bench/run.py)."""
    rows = "".join(f"  - {{id: c{i}, v: {i}}}\n" for i in range(1_000))
    assert len(rows) > fastyaml.PYTHON_PARSER_MAX_CHARS
    assert libyaml_agrees(f"# a\tcomment\ncards:\n{rows}")
    assert libyaml_agrees(f"a: 'x\ty'\ncards:\n{rows}")
    assert libyaml_agrees(f"b: |\n  a\ttab\ncards:\n{rows}")
    assert libyaml_agrees(f"empty:\ncards:\n{rows}")  # an empty value, a common case
    assert not libyaml_agrees("{a: , b: 1}\n")
    with pytest.raises(yaml.scanner.ScannerError) as stray:
        libyaml_agrees(f"cards:\n{rows}\t- x\n")
    assert stray.value.problem_mark.line == 1_001


def test_a_small_file_with_a_tab_is_read_by_the_python_parser():
    """Which tab pyyaml refuses, and whether an error of its own comes first, only pyyaml knows
    for sure; a small file costs it little (`"é"#]<tab>,` is a comment after the quotes)."""
    assert not libyaml_agrees("# a\tcomment\nb: 1\n")
    assert outcome('"\\u00e9"#]\t,') == ("ok", "é", {(): 1 << 32 | 1}, {})


def test_a_large_file_counts_lines_as_pyyaml_does_and_refuses_a_tab_in_a_block_header(large):
    rows = "".join(f"k{i}: v\n" for i in range(4_000))
    for breaks in ("\u2028", "\r\n", "\r"):  # each one line break to pyyaml
        with pytest.raises(yaml.scanner.ScannerError) as stray:
            libyaml_agrees(f"{rows}a: 1{breaks}b: x\ty\n")
        assert (stray.value.problem_mark.line, stray.value.problem_mark.column) == (4_001, 4)
    with pytest.raises(yaml.scanner.ScannerError) as header:
        libyaml_agrees(f"{rows}b: >\t\n  text\n")
    assert header.value.problem_mark.line == 4_000


def test_a_large_file_with_an_error_gets_libyamls_message_at_the_same_place(large):
    rows = "".join(f"key{i}: value {i}\n" for i in range(2_000))  # about 30 KB
    text = rows + "last: [1, 2\n"
    assert len(text) > fastyaml.PYTHON_PARSER_MAX_CHARS
    fast = outcome(text)
    slow = outcome(text, libyaml=False)
    assert fast[0] == slow[0] == "error"
    assert fast[1][0].split(": error:")[0] == slow[1][0].split(": error:")[0] == "f.yaml:2002:1"
    assert "YAML syntax error: the list opened with [ at line 2001" in fast[1][0]


@pytest.mark.parametrize("text", SAMPLES)
def test_same_result_as_the_python_parser(text):
    same(text)


@pytest.mark.slow
def test_same_result_on_every_builtin_kit_file_and_a_generated_deck():
    files = sorted(Path(builtin_kits_dir()).rglob("*.yaml"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        same(text)
        assert yamlvalues.read_plain(text) is not None, path  # each read in one pass
    same(deck_yaml(200))


YAML_BITS = st.sampled_from(
    ["a", "b", "1", " ", "  ", "\n", ":", ": ", "- ", "[", "]", "{", "}", ",", "#", "'", '"',
     "&x ", "*x", "!", "|", ">", "?", "\t", "é", "″", "\\", "%", "@", "---", "...", "\n  ",
     "\n- ", "key: value\n", "|-\n  text\n", ">\n  folded\n", "\r\n", "~", "null", "0o7",
     "'it''s'", '"\\u00e9"', "&a [1]", "*a", "<<: ", "`", "\x85", "\u2028", "\ufeff", "😀"]
)  # fmt: skip


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(st.lists(YAML_BITS, min_size=1, max_size=30).map("".join))
def test_same_result_on_random_yamlish_text(text):
    same(text)


# what fastyaml.pyyaml_only answers, as one pattern (30 ms to search a 5,400-card deck)
PYYAML_ONLY_PATTERN = re.compile(
    "[|>][-+0-9]{0,2}#|(?:^|[\r\n\x85\u2028\u2029]) *\\?[^ \r\n\x85\u2028\u2029]"
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["?", " ", "  ", "a", "\n", "\r", "\x85", "\u2028", "\u2029",
                                 "|", ">", "-", "+", "1", "#", "- ? x", "\t"]),
                max_size=14).map("".join))  # fmt: skip
@pytest.mark.slow  # generated YAML texts read by both readers
def test_what_pyyaml_reads_otherwise_is_found_as_by_one_pattern(text):
    assert fastyaml.pyyaml_only(text) is bool(PYYAML_ONLY_PATTERN.search(text)), repr(text)


def test_what_pyyaml_reads_otherwise_is_found_where_a_line_starts_with_a_question_mark():
    for text in ["?x", "a\n   ?x", "a\r?[", "[x\n?#|>] ", ">1#\n", "a: |-#\n", "a: >+2#\n"]:
        assert fastyaml.pyyaml_only(text), repr(text)
    for text in ["? x", "a ?x", "a: 'why?'\n", "why?\n", "a\n?", "a: |3 #\n", "x ?\ny"]:
        assert not fastyaml.pyyaml_only(text), repr(text)


def test_an_ordinary_file_is_read_in_one_pass_and_anything_else_by_the_exact_path():
    """The one pass (load/yamlvalues.py) reads a deck; what it does not do, it leaves alone."""
    ordinary = [deck_yaml(200), "a: 1\nb: [x, {c: d}]\n", *ALIASES_AND_MERGES]
    for text in ordinary:
        assert yamlvalues.read_plain(text) is not None, text
        same(text)
    unusual = ["a: 1\na: 2\n", "a: !!str 1\n", "a:\tb\n", "{a: , b: 1}\n", "?", "a: [1\n",
               "a: 1\n---\nb: 2\n", 'a: "\\x07"\n', "[a, b]: 1\n", f"a: {'9' * 5000}\n",
               "a: >1#\n", "x: {<<: 1}\n", "x: &a [*a]\n", "a: &a 1\nb: &a 2\n",
               "b: {<<: &m {a: 1}}\nc: *m\n", "a: *nowhere\n"]  # fmt: skip
    for text in unusual:
        assert yamlvalues.read_plain(text) is None, text
        same(text)


ALIASES_AND_MERGES = [
    "d: &d {a: 1, b: [x, y]}\ne: {<<: *d, b: 2}\nf: [*d, *d]\n",  # own keys win; copies
    "a: &a {x: 1}\nb: &b {y: 2, x: 3}\nc: {<<: [*a, *b], z: 0}\n",  # the first merged wins
    "c: {<<: {q: 1}, <<: {q: 2, r: 3}}\n",
    "a: &s 5\nb: *s\n&k x: 1\ny: *k\n",  # scalars, a key's anchor
    "a: &e []\nb: *e\nc: &f {}\nd: *f\n",
    "a: &l [{p: 1}]\nb: {<<: *l}\n",  # an alias to a list of maps
    "a: &n {<<: {m: 1}, k: 2}\nb: *n\nc:\n  <<: *n\n  k: 3\n",  # merges within merges
    "base: &b\n  kind: card\n  size: 2\ncards:\n  - <<: *b\n    id: c1\n  - {<<: *b, size: 3}\n",
]


@pytest.mark.parametrize("depth, nodes", [(3, 200_000), (4, 200_000), (64, 9), (64, 14)])
def test_aliases_cost_their_expansion_in_one_pass_as_on_the_exact_path(monkeypatch, depth, nodes):
    """An alias costs the anchored value's size and height (MAX_YAML_NODES, MAX_YAML_DEPTH):
    the one pass leaves the file to the exact path exactly when that path would refuse it."""
    monkeypatch.setattr(limits, "MAX_YAML_DEPTH", depth)
    monkeypatch.setattr(limits, "MAX_YAML_NODES", nodes)
    for text in [*ALIASES_AND_MERGES, "a: &a {b: {c: 1}}\nd: *a\n", "a: &a []\nd: {e: [*a]}\n"]:
        same(text)


def test_too_deep_or_too_many_values_leaves_the_message_to_the_exact_path(monkeypatch):
    monkeypatch.setattr(limits, "MAX_YAML_DEPTH", 3)
    assert yamlvalues.read_plain("a: {b: 1}\n") is not None
    assert yamlvalues.read_plain("a: {b: [1]}\n") is None
    with pytest.raises(InputError, match="f.yaml:1:9: error: data nested more than 3 levels"):
        yamlsafe.parse_yaml("a: {b: [1]}\n", "f.yaml")
    monkeypatch.setattr(limits, "MAX_YAML_NODES", 4)
    assert yamlvalues.read_plain("a: [1]\n") is not None
    assert yamlvalues.read_plain("a: [1, 2]\n") is None
    with pytest.raises(InputError, match="f.yaml:1:8: error: too many YAML values"):
        yamlsafe.parse_yaml("a: [1, 2]\n", "f.yaml")


def test_pyyaml_without_libyaml_gives_the_same_answers(monkeypatch):
    """A pyyaml built without libyaml: every file by the pure-Python parser, libyaml unused."""
    monkeypatch.setattr(fastyaml, "HAVE_LIBYAML", False)

    def no_libyaml(*args: object) -> None:
        raise AssertionError("libyaml used")

    monkeypatch.setattr(yaml, "CBaseLoader", no_libyaml)
    for text in [*SAMPLES, deck_yaml(50)]:
        assert outcome(text) == outcome(text, libyaml=False)
    title = yamlsafe.parse_yaml(deck_yaml(3), "d.yaml").where(("cards", 2, "title"))
    assert (title.line, title.col) == (19, 33)


def test_an_alias_bomb_is_left_to_the_exact_path_before_it_is_copied(monkeypatch):
    """Aliases that copy far more values than the file writes: the one pass stops early (the
    exact path refuses the bomb without expanding it), having copied a few thousand values."""
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 20)]
    copies = []
    copy = yamlvalues._Builder._copy
    monkeypatch.setattr(
        yamlvalues._Builder, "_copy", lambda self, *a: copies.append(1) or copy(self, *a)
    )
    assert yamlvalues.read_plain("\n".join(lines)) is None
    assert 0 < len(copies) < 5000
    heavy = "d: &d {a: 1, b: 2}\ncards:\n" + "".join(
        f"  - {{<<: *d, id: {i}}}\n" for i in range(500)
    )
    assert yamlvalues.read_plain(heavy) is not None  # an alias a card: one pass
