"""Links between components: a component's `uses: {role: other-id}` in kit.yaml, resolved.

A templates sheet needs the deck and the bases; a damage chart needs the deck and the bases; the
track needs the bases. The functions live with the kit (printkit/kit.py), which games use too.
"""

from printkit.kit import component_of_type, used_model

__all__ = ["component_of_type", "used_model"]
