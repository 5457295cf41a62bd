"""Tuning a training config's settings with Ray Tune: ``python -m boardgym.train.tune`` (``__main__.py``),
the search-space files (``space.py``), one trial (``trial.py``) and what is written (``results.py``)."""
