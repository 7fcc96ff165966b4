"""`python -m printkit`: the same as the `printkit` command."""

from printkit.cli.app import main

main()
