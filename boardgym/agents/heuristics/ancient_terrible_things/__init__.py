"""A rule-based Ancient Terrible Things player (``opponents="heuristic"``).

The agent reads the engine state (``needs_state = True``; the ATT state holds nothing a seat
cannot see) and plays a fixed strategy:

* **Explore** - every location with an encounter is scored: tokens lying there, the Leader
  bonus for itself, its own Location bonus minus what the bonus gives the others, and the
  encounter's worth (secrets, an icon, the tentacle avoided) times the chance its pool can
  beat that combination with its Focus (a table of a simple Hat/McGuffin policy, simulated once).
* **Encounter** - a dice value ``V`` (best use of the usable dice: the encounter's combination,
  then scenario lines, each token at its current worth) drives everything. Each legal card use
  (the Hat's lock-and-reroll, the McGuffin and other rerolls, Luck, set/bump/flip/copy) is
  scored as expected ``V`` afterwards (Monte Carlo with common random numbers) minus its costs
  (Focus, feat tokens, the white die's face, exhausting); the best positive one is played,
  else the agent goes to Resolve. Pre-roll swaps and extra dice are scored the same way.
* **Resolve** - the best assignment (encounter first, then lines) is spent, white dice are
  claimed, free token cards are used, then PASS.
* **Elsewhere** - claims achievements when legal, takes the best Chasm encounter its Courage
  pays for, buys the best affordable swag, flips tentacles for free feats, uses the
  Reanimation/Monkey tiles when worthwhile, forgets the fewest secrets in solo.

Ties are broken with the agent's own seeded generator. Every answer is checked against the
legal mask; anything unexpected falls back to a sensible legal action.
"""
from .agent import ATTHeuristicAgent

__all__ = ["ATTHeuristicAgent"]
