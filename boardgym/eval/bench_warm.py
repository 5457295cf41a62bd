"""Imported once by the speed benchmark's fork server (``bench_vector.preload_forkserver``):
builds every game once, so the worker processes it forks (AsyncVectorEnv's, SubprocVecEnv's and
the multi-process env's: 16 per pool) inherit the loaded content instead of each loading it
again (about a second per game and process). Only start-ups get shorter; no step is timed
differently."""
from boardgym.games import GAMES, make_game

for _name in GAMES:
    make_game(_name)
