"""The live preview page served by `printkit serve` (plain HTML, CSS and JavaScript; no build step)."""
