"""The live classroom's page (`page.py`, the script the menu runs) and its screens."""
