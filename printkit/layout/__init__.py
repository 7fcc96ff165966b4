"""Geometry only: units, paper and card sizes, imposition, tiling, marks. No reportlab here.

Everything is in PDF points (1/72 in) with the origin at the bottom-left of the page, so positions
can be tested as plain numbers.
"""
