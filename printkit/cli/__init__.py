"""The command line: options, exit codes and messages (`main`), what `printkit build` prints around
the build (`build`), the user's settings file (`settings`; where it is and the options a
command runs with: `options`), one module per further command
(`commands/`), and the generator of docs/ and the kits' schemas (`docgen`), and the process
that runs it all and ends without Python's teardown (`process`)."""

from printkit.cli.app import main

__all__ = ["main"]
