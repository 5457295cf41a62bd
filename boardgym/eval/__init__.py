"""Evaluation: tournaments with confidence intervals and ratings (``python -m boardgym.eval``), and the
speed benchmark (``python -m boardgym.eval.bench``)."""
