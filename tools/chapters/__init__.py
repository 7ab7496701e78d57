"""One source module per notebook: each defines TITLE and CELLS; tools/build_notebooks.py assembles them."""
