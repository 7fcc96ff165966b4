"""`python -m printkit`: the same as the `printkit` command."""

from printkit.cli.process import run

run()
