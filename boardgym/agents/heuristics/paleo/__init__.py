"""A rule-based Paleo player (``opponents="heuristic"``; cooperative, so usually every seat).

The agent reads the engine state (``needs_state = True``) but only its public part: backs of
facedown cards, never their identities (``deck_c``/``fd_c``, the removed cards and the ``u``
pool flags are not read), and never another seat's commitment. It decides for
``state.current_player`` (set ``agent.seat`` to decide for another acting seat at the
simultaneous commit step, e.g. in the Parallel API).

Everything rests on one evaluation: the expected worth of resolving an option for a set of
participant groups. Rewards and costs are valued in "points" that depend on the state (food is
dear while the coming night is not covered, wood while the Eternal-Flame-like holder cards and
the missions need it, a wound costs little on a healthy person and a skull plus a person when it
kills, a skull costs more the closer the tribe is to five, a victory is worth a lot and the
fifth everything); requirements are met with the participants' abilities, the dice (all 6^k
faces enumerated) and the cheapest tools that close the gap; a failed check is worth the best
negative option.

* **Commit** - each of the top three backs is valued as the mean worth, for this group, of every
  card that can still hide behind that back (the day cards and dreams of this game with that
  back that are not faceup, in the cemetery or in play); the best is taken. The other two go
  back with the one we would least mind losing on top (a red back on top would cost a wound if a
  discard cost takes it). The group sleeps early when no card left in its deck is worth taking
  (typically only red backs remain) and no additional action (a mission) is waiting for it.
* **Owner window** - additional actions first when worth it (missions' victories, free food),
  then the best of: each option, IGNORE, HELP (worth the gain it brings to the helped card) and
  alternative actions. Heal and food tools when someone is about to die or the night is short.
* **Order** (lead) - helpers first, then cards that produce resources, then the rest, hazards
  last.
* **Tool window** - the cheapest tools that close the gap; DECLINE when success is not worth
  their price. **Talisman** - spent when the hazard's best outcome is clearly bad.
* **Wounds** - the event goes to the participant and person with most hearts left (a pelt
  prevents when the wound would kill or fill a person, or when pelts are plentiful); deaths and
  kills fall on the least useful person.
* **Rewards** - tools, people, dreams and heal points go where they help most; wood goes onto a
  holder card (the fire mission) while storage keeps a little; crafting makes the tool the
  group lacks (spears for strength, torches for awareness, axes for skill); a full workbench
  drops its least useful idea.
* **Night** - basket/heal tools when needed; each mission or moon card pays its cheapest cost,
  the skull only when nothing else is payable.

Every answer is checked against the legal mask; anything unexpected falls back to a sensible
legal action (counted in ``fallbacks``).
"""
from .agent import PaleoHeuristicAgent

__all__ = ["PaleoHeuristicAgent"]
