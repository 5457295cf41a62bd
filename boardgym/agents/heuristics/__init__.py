"""The games' rule-based players (the ``heuristic`` agent spec), one package per game, named as
the game folders are (``boardgym.games.<game>``): each package's ``__init__`` exposes the agent
class that ``envs_registry.yaml`` names and tells its strategy; its modules hold one decision kind
or a group of kinds each, with the scoring helpers they share."""
