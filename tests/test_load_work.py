"""Reading and validating a deck's card costs a fixed budget of Python calls: work counted, not
timed (a shared machine cannot hold seconds). The one-pass reader and the records took 56 and
25 calls a card before they were made to take 39 and 15; a change that brings back a call a
value shows here."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import Any

import pytest

from bench.synthetic import deck_yaml
from printkit.components.deck import sources as deck_sources
from printkit.load.fastyaml import HAVE_LIBYAML
from printkit.load.schema import validate_document
from printkit.load.yamlsafe import parse_yaml
from printkit.model.cards import deck_schema


def python_calls(work: Callable[[], Any]) -> int:
    """How many Python functions `work` calls (comprehensions included; C functions not), with
    the collector paused: the finalizers of what earlier tests left would count too."""
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    gc.collect()
    gc.disable()
    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
        gc.enable()
    return calls


def calls_a_card(step: Callable[[str], Callable[[], Any]]) -> float:
    """The calls one more card of the bench deck costs `step` (200 cards against 1,200), once
    what is done on first use (a record's plan, a pattern compiled) is done."""
    python_calls(step(deck_yaml(10)))
    small, large = (python_calls(step(deck_yaml(cards))) for cards in (200, 1200))
    return (large - small) / 1000


def reading(text: str) -> Callable[[], Any]:
    return lambda: parse_yaml(text, "deck1.yaml")


def validating(text: str) -> Callable[[], Any]:
    doc = parse_yaml(text, "deck1.yaml")
    fields, kinds = deck_sources.declared(doc)
    schema = deck_schema(fields, kinds)
    return lambda: validate_document(doc, schema)


@pytest.mark.slow  # every Python call of a load counted
@pytest.mark.skipif(not HAVE_LIBYAML, reason="pyyaml built without libyaml")
def test_reading_a_card_costs_a_fixed_budget_of_calls() -> None:
    """8 scalars and a map a card: pyyaml's event objects (10), two calls a value (placed, and
    checked), one a key, the map's start and end, its flat map kept for the list, its new id
    and title (39 in all)."""
    assert calls_a_card(reading) <= 40


@pytest.mark.slow  # every Python call of a load counted
def test_validating_a_card_costs_a_fixed_budget_of_calls() -> None:
    """The record, each given field's type (two calls each), the card built (two) and located
    (two), its new tags list (15 in all): no pattern looked up again, no context manager, no
    dict rebuilt for the gathered fields, no call for a default that is not made afresh."""
    assert calls_a_card(validating) <= 15
