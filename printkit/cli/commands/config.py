"""`printkit config`: read and change the user's settings file (see printkit/cli/settings.py)."""

from __future__ import annotations

import click

from printkit.cli.app import report_errors, say

DRAFT = "http://json-schema.org/draft-07/schema#"  # as `printkit schema` writes for kit files


@click.group(name="config", invoke_without_command=True)
@click.pass_context
def config_command(ctx: click.Context) -> None:
    """Show or change your settings: back-offset, paper, profile, duplex, max-ink, sheet-margin.

    Command-line flags win over these settings, which win over printkit's defaults.
    With no subcommand, lists every setting (as `printkit config list`).
    """
    if ctx.invoked_subcommand is None:
        ctx.invoke(list_command)


# ignore_unknown_options: a negative offset like -1,0.5 is a value, not an option.
@config_command.command(name="set", context_settings={"ignore_unknown_options": True})
@click.argument("key")
@click.argument("value")
@report_errors
def set_command(key: str, value: str) -> None:
    """Save a setting, like `back-offset 0.5,-1` or `paper letter`."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli import settings as config

    key = config.canonical_key(key)
    stored = config.set_value(key, value)
    say(f"{key} = {config.show(key, stored)}  (saved in {config.config_path()})")


@config_command.command(name="get")
@click.argument("key")
@report_errors
def get_command(key: str) -> None:
    """Print the value KEY has now (from your settings, or the default)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli import settings as config

    key = config.canonical_key(key)
    config.check_key(key)
    value, _source = config.effective(key)
    click.echo(config.show(key, value))


@config_command.command(name="unset")
@click.argument("key")
@report_errors
def unset_command(key: str) -> None:
    """Remove KEY from your settings, so the default applies again."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli import settings as config

    if config.unset_value(key):
        say(f"{key} removed; the default applies")
    else:
        say(f"{key} was not set")


@config_command.command(name="list")
@report_errors
def list_command() -> None:
    """Every setting with its value and where the value comes from."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli import settings as config

    for key, setting in config.SETTINGS.items():
        value, source = config.effective(key)
        click.echo(f"{key:<12} {config.show(key, value):<10} ({source}) {setting.help}")


@config_command.command(name="schema")
def schema_command() -> None:
    """Print the settings file's JSON Schema, for an editor that checks config.yaml."""
    # imported here, not at the top, so that `printkit --help` stays fast
    import json

    from printkit.model.settings import settings_schema

    body = {"$schema": DRAFT, "title": "printkit settings (config.yaml)"}
    click.echo(json.dumps({**body, **settings_schema().json()}, indent=2, ensure_ascii=False))


@config_command.command(name="path")
def path_command() -> None:
    """Print where the settings file is (it may not exist yet)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli import settings as config

    click.echo(str(config.config_path()))
