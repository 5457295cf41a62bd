"""Primeval Peril: the content pack, the story validator."""
