"""Training with sb3-contrib MaskablePPO (``python -m boardgym.train``): one YAML config per run."""
