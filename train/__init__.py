"""Training with sb3-contrib MaskablePPO (``python -m train``): one YAML config per run."""
