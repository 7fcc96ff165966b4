"""Reports about a kit's decks that know no game: deck composition for `printkit deck`
(`composition`), and `printkit simulate` for a kit with no game of its own, which shuffles each
deck and deals opening hands (`shuffle`)."""
