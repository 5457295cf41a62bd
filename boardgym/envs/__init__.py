"""Thin adapters: Gymnasium env, PettingZoo AEC and Parallel envs, over any boardgym game."""
