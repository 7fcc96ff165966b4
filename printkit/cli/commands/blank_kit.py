"""The blank starting kit `printkit new DIR` writes when no --from is given.

A small, generic card game: one deck of two kinds (resources and actions), faces written
relative to the card (so any `card_size` gives good cards), a back drawn from the element
language, one icon of the kit's own (an SVG file, used as an icon and inline in text), and rules
written as data (rules.yaml `checks:`), so it builds and checks clean and shows every part a
designer will change. docs/tutorial.md walks from it to a printed deck. The names below are
placeholders for the designer's own; `{name}` is the new kit's name.
"""

from __future__ import annotations

KIT_YAML = """\
# yaml-language-server: $schema=schema/kit.schema.json
# Your kit: what to print and which rules to check. See: printkit docs tutorial, printkit docs data-format.
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
# Face boxes are [x, y, width, height] from the top-left corner of the safe area (`within: safe`,
# 4 mm inside the cut), in percentages of it; text sizes are percentages of their box's height.
# So the same faces fill any card size: change card_size and every box follows.
card_size: poker           # 63 x 88 mm; try tarot, mini, square or {{width: 70mm, height: 120mm}}
min_text_size: 6pt

icons:                     # your own icons (SVG or PNG files), beside the built-in ones
  gem: icons/gem.svg       # used by an icon element (icon: gem) and in text as {{icon:gem}}

fields:                    # your own card fields; {{cost}} in a text prints a card's cost
  cost: {{type: integer, min: 0, max: 9, required: true, doc: "What the card costs to play"}}
  icon: {{type: text, required: true, doc: "The picture on the card: an icon name"}}

kinds:
  resource:
    label: RESOURCE
    colour: "#2e6b3a"
    pattern: dots          # plain, dots, stripes or stars: kinds differ in greyscale too
    face:
      - {{element: header, box: [0, 0, "100%", "10%"], within: safe, size: "50%", font: heading}}
      - {{element: icon, box: ["20%", "14%", "60%", "34%"], within: safe, field: icon}}
      - {{element: title, box: [0, "51%", "100%", "12%"], within: safe, text: "{{title}}", font: display, size: "55%"}}
      - {{element: text, box: ["4%", "65%", "92%", "24%"], within: safe, text: "{{text}}", font: body, size: "18%"}}
      - {{element: text, box: [0, "91%", "100%", "9%"], within: safe, text: "COST {{cost}}", font: heading, size: "55%"}}
  action:
    label: ACTION
    colour: "#8a3b12"
    pattern: stripes
    face:
      - {{element: header, box: [0, 0, "100%", "10%"], within: safe, size: "50%", font: heading}}
      - {{element: icon, box: ["2%", "14%", "40%", "27%"], within: safe, field: icon}}
      - {{element: value, box: ["58%", "14%", "40%", "27%"], within: safe, text: "{{cost}}", font: display, size: "70%", caption: "{{icon:gem}} TO PLAY"}}
      - {{element: title, box: [0, "45%", "100%", "12%"], within: safe, text: "{{title}}", font: display, size: "55%"}}
      - {{element: text, box: ["4%", "60%", "92%", "38%"], within: safe, text: "{{text}}", font: body, size: "12%"}}

back:                      # a face like the fronts: a ground, a texture, then elements in order
  colour: "#23395b"        # dark, so no front shows through thin paper
  ink: "#f7f0e1"
  accent: "#e0b84f"
  pattern: grid            # over the whole back and its bleed
  pattern_colour: "#2c4770"
  face:
    - {{element: shape, shape: rounded, box: [0, 0, "100%", "100%"], within: safe, radius: 3mm, stroke: "#e0b84f", line_width: 0.6mm}}
    - {{element: shape, shape: circle, box: ["20%", "25%", "60%", "50%"], within: safe, fill: "#1a2b45", stroke: "#e0b84f"}}
    - {{element: icon, icon: gem, box: ["30%", "33%", "40%", "34%"], within: safe}}
    # the title twice, once each way up, so the back has no top
    - {{element: text, text: MY CARD GAME, font: display, size: "60%", box: ["5%", "84%", "90%", "9%"], within: safe}}
    - {{element: text, text: MY CARD GAME, font: display, size: "60%", box: ["5%", "7%", "90%", "9%"], within: safe, rotate: 180}}

cards:                     # count: how many copies print
  - {{id: grain, kind: resource, count: 6, cost: 0, icon: palm, title: Grain, text: "Worth one {{icon:gem}}."}}
  - {{id: timber, kind: resource, count: 6, cost: 0, icon: torch, title: Timber, text: "Worth one {{icon:gem}}."}}
  - {{id: gold, kind: resource, count: 4, cost: 1, icon: laurel, title: Gold, text: "Worth two {{icon:gem}}."}}
  - {{id: trade, kind: action, count: 3, cost: 1, icon: horse, title: Trade, text: "Swap one card from your hand with the top card of the deck."}}
  - {{id: build, kind: action, count: 3, cost: 2, icon: pillar, title: Build, text: "Pay the cost, then draw two cards."}}
  - {{id: raid, kind: action, count: 2, cost: 3, icon: sword, title: Raid, text: "Take one resource card from a player of your choice."}}
"""

RULES_YAML = """\
# yaml-language-server: $schema=schema/rules.schema.json
# Your game's rules, written as data: printkit check reports each broken one at the card that
# breaks it. Rules: total, count, unique, values, range, refers, deal (printkit docs checks).
checks:
  - {{rule: total, min: 20, max: 60, message: "a game needs 20 to 60 cards"}}
  - {{rule: count, kind: action, max: 12, message: "more actions than this make turns too long"}}
  - {{rule: unique, field: title}}
  - {{rule: range, field: cost, min: 0, max: 3}}
  - {{rule: deal, players: 4, hand: 4, reserve: 6, severity: warning}}
"""

# The kit's own icon: a cut gem, drawn as vectors (its colours are its own).
GEM_SVG = """\
<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <polygon points="18,10 46,10 60,25 4,25" fill="#8fd8cd"/>
  <polygon points="4,25 60,25 32,57" fill="#2a9d8f"/>
  <polyline points="18,10 24,25 32,10 40,25 46,10" fill="none" stroke="#17324d" stroke-width="2.5" stroke-linejoin="round"/>
  <polyline points="24,25 32,57 40,25" fill="none" stroke="#17324d" stroke-width="2.5" stroke-linejoin="round"/>
  <polygon points="18,10 46,10 60,25 32,57 4,25" fill="none" stroke="#17324d" stroke-width="3.5" stroke-linejoin="round"/>
</svg>
"""

FILES = {
    "kit.yaml": KIT_YAML,
    "cards.yaml": CARDS_YAML,
    "rules.yaml": RULES_YAML,
    "icons/gem.svg": GEM_SVG,
}


def blank_files(name: str) -> dict[str, str]:
    """File name (maybe in a subfolder) -> text of the blank kit called `name`."""
    return {
        file: text.format(name=name) if file.endswith(".yaml") else text
        for file, text in FILES.items()
    }
