"""Loading and validation: safe YAML with source positions, and the typed schema that checks it."""
