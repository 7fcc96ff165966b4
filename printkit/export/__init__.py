"""What printkit writes besides the print files: card images for print-on-demand services rendered
from the real PDFs (`images`), card lists as CSV/XLSX (`table`), and PNG previews of the PDFs
(`preview`)."""
