"""`python -m gaiatable` runs the command line."""

from .cli import main

main()
