"""The final score (PP-END-3) and the rewards of spec §4: ``sparse`` ±1 for an ending or a
defeat; ``score`` the final score / 50 (clipped to ±1); ``shaped`` as ``score`` at the end, with
the potential Φ = 0.02 × the running score's parts (cards and tokens) + 0.1 × the characters'
HP fraction + 0.05 × the sections reached, for the environments' potential-based shaping (in the
other modes Φ = 0)."""
from __future__ import annotations

from .journey import RESULT_LOST, RESULT_WON
from .kinds import DIFFICULTY_SCORE


def score_of(adventure_cards: int, tokens: int, ending: bool, defeated: bool, difficulty: str) -> int:
    """+2 per owned adventure card (set-aside and numbered combat cards included, not S or quest
    cards), +1 per 4 resource tokens (carried and stored; reroll tokens excluded [D]), +10 for
    an ending or −10 for a defeat, +10 on normal or +20 on hard."""
    return (2 * adventure_cards + tokens // 4 + (10 if ending else 0) - (10 if defeated else 0)
            + DIFFICULTY_SCORE[difficulty])


def max_score(game) -> int:
    """The ceiling of PP-END-3 for ``game`` (its content and difficulty), part by part:

    * cards: ``owned`` holds each numbered card at most once, so at most every numbered
      adventure and combat card of the content scores (quest cards never do);
    * tokens: every holder carries at most its slots (5 characters × 3 + the storage's 6 = 21,
      checked by the state's invariants) and at most the supply (38), so ⌊21 / 4⌋ = 5;
    * +10 for an ending (a defeat's −10 cannot come with it);
    * the level bonus of the easiest level logged, which is at most the level the game began on.

    No game scores more; this is a ceiling proven from the rules, not a score shown reachable."""
    from .content import AdventureCard, CombatCard
    from .inventory import slots
    from .kinds import N_HOLDERS, SUPPLY

    cards = sum(1 for c in game.content.cards.numbered.values() if isinstance(c, (AdventureCard, CombatCard)))
    tokens = min(sum(slots(h) for h in range(N_HOLDERS)), sum(SUPPLY))
    return score_of(cards, tokens, True, False, game.difficulty)


def scored_cards(s) -> int:
    from .content import AdventureCard, CombatCard

    num = s.game.content.cards.numbered
    return sum(1 for n in s.owned if isinstance(num[n], (AdventureCard, CombatCard)))


def score(s, p: int = 0) -> int:  # (cooperative: one team score)
    from .difficulty import easiest_logged

    return score_of(scored_cards(s), sum(s.inv), s.result == RESULT_WON, s.result == RESULT_LOST,
                    easiest_logged(s))


def returns(s) -> list[float]:
    if not s.over:
        return [0.0] * s.n
    if s.game.reward == "sparse":
        v = 1.0 if s.result == RESULT_WON else -1.0 if s.result == RESULT_LOST else 0.0
    else:
        v = max(-1.0, min(1.0, score(s) / 50.0))
    return [v] * s.n


def potential(s, player: int = 0) -> float:  # (cooperative: one for all)
    if s.game.reward != "shaped":
        return 0.0
    parts = 2 * scored_cards(s) + sum(s.inv) // 4
    hp = sum(s.hp) / sum(s.max_hp(c) for c in range(5))
    return 0.02 * parts + 0.1 * hp + 0.05 * sum(s.reached)
