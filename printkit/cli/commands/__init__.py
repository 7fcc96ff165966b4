"""Commands that live in their own modules, registered by name in printkit.cli.app.LAZY_COMMANDS."""
