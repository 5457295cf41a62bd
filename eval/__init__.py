"""Evaluation: tournaments with confidence intervals and ratings (``python -m eval``), and the
speed benchmark (``python -m eval.bench``)."""
