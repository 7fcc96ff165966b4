"""`python -m printkit`: the same as the `printkit` command."""

from printkit.cli import main

main()
