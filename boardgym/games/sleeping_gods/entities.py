"""The entity sets that both Sleeping Gods games' observations share (declared once here): the
crew (or characters), the enemy slots and the decision-kind piece. Each game adds its own sets
(Tides: the seats and the reward cards held; Primeval Peril: the combat hand)."""
from __future__ import annotations


def declare_entities(layout, crew: str, crew_width: int, enemy_width: int) -> None:
    """On ``layout`` (already built, unchanged): ``crew`` (the piece holding one row of
    ``crew_width`` per crew member or character; a member not in the game is all zeros),
    ``enemies`` (rows of ``enemy_width``, column 0 = present) and the ``decision`` kind."""
    layout.entities("crew", crew, crew_width, doc="the crew members (characters), all zeros when absent")
    layout.entities("enemies", "enemies", enemy_width, presence=0, doc="the enemy slots of a combat")
    layout.decision_kind("decision")
