"""Commands that live in their own modules, registered by name in cli.LAZY_COMMANDS."""
