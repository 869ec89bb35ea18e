"""Remove the temporary exports the notebooks write."""
import pathlib

for p in pathlib.Path("exports").glob("*.tmp"):
    p.unlink()
