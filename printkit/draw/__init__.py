"""Drawing with reportlab: fonts, text fitting, pictograms, marks, and component faces."""
