"""CLI commands, one module each, registered in LAZY_COMMANDS in printkit/cli.py."""
