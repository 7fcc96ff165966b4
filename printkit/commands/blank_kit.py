"""The blank starting kit `printkit new DIR` writes when no --from is given.

A small, generic card game: one deck of two kinds (resources and actions), a back, an icon on
every card, and rules written as data (rules.yaml `checks:`), so it builds and checks clean and
shows every part a designer will change. docs/tutorial.md walks from it to a printed deck.
The names below are placeholders for the designer's own; `{name}` is the new kit's name.
"""

from __future__ import annotations

KIT_YAML = """\
# yaml-language-server: $schema=schema/kit.schema.json
# Your kit: what to print and which rules to check. See docs/tutorial.md and docs/data-format.md.
name: {name}
title: My Card Game
description: >-
  A blank starting point: one deck of resource and action cards, checked by rules written as
  data. Rename things, add cards, change the card size and the back, then print.
rules:
  file: rules.yaml         # checks written as data; no Python needed
components:
  cards:
    type: deck
    file: cards.yaml
    title: Cards
"""

CARDS_YAML = """\
# yaml-language-server: $schema=schema/cards.schema.json
# The deck. Lengths: plain numbers are millimetres; "2.5in" and "12pt" also work.
# Face boxes are [x, y, width, height] measured from the card's top-left trim corner.
card_size: poker           # 63 x 88 mm; try tarot, mini, square or {{width: 70mm, height: 120mm}}
min_text_size: 6pt

fields:                    # your own card fields; {{cost}} in a text prints a card's cost
  cost: {{type: integer, min: 0, max: 9, required: true, doc: "What the card costs to play"}}
  icon: {{type: text, required: true, doc: "The picture in the middle of the card"}}

kinds:
  resource:
    label: RESOURCE
    colour: "#2e6b3a"
    pattern: dots          # plain, dots, stripes or stars: kinds differ in greyscale too
    face:
      - {{element: header, box: [4, 4, 55, 7], font: heading}}
      - {{element: icon, box: [21.5, 16, 20, 20], field: icon}}
      - {{element: title, box: [5, 40, 53, 10], text: "{{title}}", font: display, size: 5mm}}
      - {{element: text, box: [6, 52, 51, 22], text: "{{text}}", font: body, size: 3.6mm}}
      - {{element: text, box: [5, 76, 53, 6], text: "COST {{cost}}", font: heading, size: 3mm}}
  action:
    label: ACTION
    colour: "#8a3b12"
    pattern: stripes
    face:
      - {{element: header, box: [4, 4, 55, 7], font: heading}}
      - {{element: value, box: [44, 13, 14, 12], text: "{{cost}}", font: display, size: 9mm}}
      - {{element: icon, box: [6, 15, 18, 18], field: icon}}
      - {{element: title, box: [5, 36, 53, 10], text: "{{title}}", font: display, size: 5mm}}
      - {{element: text, box: [6, 48, 51, 30], text: "{{text}}", font: body, size: 3.6mm}}

back:                      # the same back on every card
  title: MY CARD GAME
  subtitle: A DECK OF MY OWN
  colour: "#23395b"
  accent: "#e0b84f"
  ink: "#f7f0e1"

cards:                     # count: how many copies print
  - {{id: grain, kind: resource, count: 6, cost: 0, icon: palm, title: Grain, text: "Worth one."}}
  - {{id: timber, kind: resource, count: 6, cost: 0, icon: torch, title: Timber, text: "Worth one."}}
  - {{id: gold, kind: resource, count: 4, cost: 1, icon: laurel, title: Gold, text: "Worth two."}}
  - {{id: trade, kind: action, count: 3, cost: 1, icon: horse, title: Trade, text: "Swap one card from your hand with the top card of the deck."}}
  - {{id: build, kind: action, count: 3, cost: 2, icon: pillar, title: Build, text: "Pay the cost, then draw two cards."}}
  - {{id: raid, kind: action, count: 2, cost: 3, icon: sword, title: Raid, text: "Take one resource card from a player of your choice."}}
"""

RULES_YAML = """\
# yaml-language-server: $schema=schema/rules.schema.json
# Your game's rules, written as data: printkit check reports each broken one at the card that
# breaks it. Rules: total, count, unique, values, range, refers, deal (docs/checks.md).
checks:
  - {{rule: total, min: 20, max: 60, message: "a game needs 20 to 60 cards"}}
  - {{rule: count, kind: action, max: 12, message: "more actions than this make turns too long"}}
  - {{rule: unique, field: title}}
  - {{rule: range, field: cost, min: 0, max: 3}}
  - {{rule: deal, players: 4, hand: 4, reserve: 6, severity: warning}}
"""

FILES = {"kit.yaml": KIT_YAML, "cards.yaml": CARDS_YAML, "rules.yaml": RULES_YAML}


def blank_files(name: str) -> dict[str, str]:
    """File name -> text of the blank kit called `name`."""
    return {file: text.format(name=name) for file, text in FILES.items()}
