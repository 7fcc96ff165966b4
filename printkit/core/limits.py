"""Documented limits, checked before any work starts (see docs/limits.md).

They protect a user's machine from a mistyped or hostile kit: a file that is too big, a YAML
alias bomb, a deck of a billion cards. Each limit has a name that error messages quote.
"""

MAX_FILE_BYTES = 4 * 1024 * 1024  # a YAML data file
MAX_YAML_NODES = 200_000  # nodes after alias expansion (billion-laughs guard)
MAX_YAML_DEPTH = 64  # nesting of lists and maps, aliases expanded (stack guard)
MAX_CARDS_PER_DECK = 20_000  # total copies in one deck after counts
MAX_COUNT_PER_CARD = 10_000  # a single card's count
MAX_PAGES_PER_PDF = 10_000
MAX_IMAGE_PIXELS = 50_000_000  # about 7000 x 7000 (decompression-bomb guard)
MAX_IMAGE_BYTES = 32 * 1024 * 1024  # one image file in a kit
MAX_FONT_BYTES = 32 * 1024 * 1024  # one kit font file (the largest common TrueType fonts: ~25 MB)
MAX_FACE_ELEMENTS = 200  # elements on one face or back (each is checked on every card)
MAX_LENGTH_MM = 5000.0  # any single length in the data (5 m)
MAX_DIAGNOSTICS_PER_FILE = 50  # input errors shown per file; the rest are counted
MAX_CHECK_GAMES = 1_000  # games `printkit check` simulates for a finding (it stays under 1 s)
MAX_PREFLIGHT_DEPTH = 12  # forms, patterns and glyphs drawn inside one another, in preflight
MAX_PREFLIGHT_OPERATORS = 250_000  # content operators preflight runs for a file, beyond...
MAX_PREFLIGHT_REPEAT = 10  # ...this many runs of each operator the file holds
MAX_EXPORT_PIXELS = 64_000_000  # one exported card image (8000 x 8000; about 256 MB to render)
MAX_PREFLIGHT_CONTENT_BYTES = 1024 * 1024  # decoded content preflight reads for a file, beyond...
MAX_PREFLIGHT_INFLATION = 50  # ...this many times its content streams' size in the file
MAX_SHEET_UNPACKED_BYTES = 64 * 1024 * 1024  # an XLSX/ODS card list, unzipped (zip-bomb guard)
MAX_SHEET_COLUMNS = 1_000  # columns a card list's cells reach (a card has tens of fields)
MAX_SHEET_ROWS = 100_000  # rows a card list's cells reach, blank rows included
MAX_SHEET_CELLS = 2_000_000  # columns x rows a card list's cells span (the reader lays out each)
MAX_FONT_CHARACTERS = 200_000  # characters a kit font's cmap may map (the largest fonts: ~120,000)
MAX_SVG_ELEMENTS = 5_000  # elements of one SVG icon, every <use> expanded (icons: hundreds)
MAX_SVG_USE_DEPTH = 8  # <use> of a <use> of ... in one SVG icon
MAX_SVG_NUMBER = 1e6  # any coordinate, length or transform entry of an SVG icon
MAX_CONDITION_CHARS = 2_000  # one `when:` condition (real ones: tens of characters)
MAX_CONDITION_DEPTH = 32  # `not`s and parentheses inside one another in one `when:` condition
MAX_SHOWCASE_CARDS = 11  # cards one `export --showcase` fan shows (11 degrees apart: 110 in all)
MAX_SHOWCASE_PIXELS = 16_000_000  # one showcase picture (11 poker cards at 200 dpi: 7 million)
MAX_MAP_MARKS = 200_000  # terrain texture marks on one map (cells x pattern density)
