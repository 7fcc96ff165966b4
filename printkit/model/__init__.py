"""Plain data: the kit manifest, decks and cards. No drawing, no I/O.

Model objects are built by the schemas in this package (printkit.load.schema) and remember where
they were written, so every finding can point at file:line:column (see `printkit.load.schema.where`).
"""
