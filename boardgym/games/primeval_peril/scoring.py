"""The final score (PP-END-3) and the rewards of spec §4 (``sparse`` ±1 for an ending or a
defeat; ``score`` the final score / 50)."""
from __future__ import annotations

from .journey import RESULT_LOST, RESULT_WON
from .kinds import DIFFICULTY_SCORE


def score_of(adventure_cards: int, tokens: int, ending: bool, defeated: bool, difficulty: str) -> int:
    """+2 per owned adventure card (set-aside and numbered combat cards included, not S or quest
    cards), +1 per 4 resource tokens (carried and stored; reroll tokens excluded [D]), +10 for
    an ending or −10 for a defeat, +10 on normal or +20 on hard."""
    return (2 * adventure_cards + tokens // 4 + (10 if ending else 0) - (10 if defeated else 0)
            + DIFFICULTY_SCORE[difficulty])


def scored_cards(s) -> int:
    from .content import AdventureCard, CombatCard

    num = s.game.content.cards.numbered
    return sum(1 for n in s.owned if isinstance(num[n], (AdventureCard, CombatCard)))


def score(s) -> int:
    return score_of(scored_cards(s), sum(s.inv), s.result == RESULT_WON, s.result == RESULT_LOST,
                    s.game.difficulty)


def returns(s) -> list[float]:
    if s.game.reward == "score":
        v = score(s) / 50.0 if s.over else 0.0
    else:
        v = 1.0 if s.result == RESULT_WON else -1.0 if s.result == RESULT_LOST else 0.0
    return [v] * s.n
