"""The hook objects (PP §2.6): the resource's two directions, one shared deck, what may be
ignored, combat setup bounds."""
import pytest

from boardgym.games.sleeping_gods import FATIGUE, STAMINA, Cost, Deck, Die, Hooks, Randomizers, combat

from .host import DESTINY, ENEMY_IDS, new, pp_hooks


def test_stamina_counts_down_fatigue_up():
    """PP-CHAL-1: 1 stamina, needs ≥ 1; TR-BASE-CHAL-1 / COND-3: +1 fatigue, needs < 3."""
    st, fa = Cost(STAMINA), Cost(FATIGUE, gates_attack=True)
    assert [st.can_pay(r) for r in range(4)] == [False, True, True, True]
    assert [fa.can_pay(r) for r in range(4)] == [True, True, True, False]
    assert st.paid(3) == 2 and fa.paid(0) == 1
    assert fa.tire(3, 1) == 3 and st.tire(0, 1) == 0  # kept inside 0..3
    with pytest.raises(ValueError, match="stamina"):
        Cost("hunger")


def test_one_deck_for_both_draws():
    Randomizers(DESTINY, DESTINY)
    with pytest.raises(ValueError, match="one deck"):
        Randomizers(DESTINY, Deck((0, 1, 2)))
    with pytest.raises(ValueError, match="Die or a Deck"):
        Randomizers(DESTINY, (0, 1, 2))
    with pytest.raises(ValueError, match="at least one value"):
        Die(())


def test_only_hourglass_abilities_can_be_ignored():
    base = pp_hooks()
    kw = dict(challenge_cost=base.challenge_cost, randomizer=base.randomizer,
              attack_source=base.attack_source, attack_cap=base.attack_cap)
    assert Hooks(**kw, ignored_effects=frozenset("O")).ignored_effects == {"O"}
    with pytest.raises(ValueError, match="only hourglass"):
        Hooks(**kw, ignored_effects=frozenset("K"))
    with pytest.raises(ValueError, match="round_cap"):
        Hooks(**kw, round_cap=0)


def test_combat_needs_one_to_four_enemies():
    s = new("pp", 2)
    with pytest.raises(ValueError, match="1..4 enemies"):
        combat.start(s, [ENEMY_IDS["Pillar"]] * 5)
