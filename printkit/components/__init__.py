"""The generic component types: one package per type (`deck`, `tokens`, `tiles`, `map`), each
owning its data model, validation, layout, drawing and checks, and exporting its `COMPONENT`
(a `printkit.api.Component`). A type is found by the name kit.yaml gives it
(printkit/plugins.py), through the same loader as an installed package's type; it reaches the
engine only through printkit/api.py, and no type imports another. What types share
(imposition, pages, gang sheets, tiled plans) is the engine's, in printkit/render/.
"""
