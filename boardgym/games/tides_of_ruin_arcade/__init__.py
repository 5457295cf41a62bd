"""Sleeping Gods: Tides of Ruin — Arcade Mode (not yet a registered game: its rules come later).

For now the package holds the original content pack (``content/``), its schemas (``schema/``) and
the loader (``content.py``); see docs/games/tides_of_ruin_arcade_content.md.
"""
