"""printkit: turn YAML game data into print-ready PDF game kits, and check it against the rules.

See docs/architecture.md for how the package is laid out.
"""

__version__ = "0.1.0"
