"""The hook objects (PP §2.6): the resource's two directions, one shared deck, what may be
ignored, combat setup bounds."""
import dataclasses

import pytest

from boardgym.games.sleeping_gods import (FATIGUE, STAMINA, AttackProfile, Cost, Deck, Die, Flee, Hooks,
                                          Mods, Randomizers, combat)

from .host import CHAR, DESTINY, ENEMY_IDS, LOIS, TR_WEAPONS, UNARMED, legal, new, pp_hooks


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


def test_hook_values_cannot_be_changed():
    """A game builds its hooks once per configuration and every state shares them (PP §2.6), so
    no state may change a cost, a profile, a modifier, fleeing or the hooks themselves."""
    base = pp_hooks()
    for value, name in ((Cost(STAMINA), "amount"), (base.randomizer, "challenge"),
                        (AttackProfile(1), "base"), (Mods(), "damage"), (Flee(), "fatigue"),
                        (base, "round_cap")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, 2)


def test_a_stamina_cost_does_not_gate_attacks():
    """PP-CHAL-1 gates joining a challenge on stamina ("If a character cannot spend stamina, they
    cannot participate"), but nothing in PP-COMBAT does: a character at 0 stamina may still
    attack. Only Tides of Ruin's fatigue says so (TR-BASE-COND-3), by asking for it."""
    assert not Cost(STAMINA).gates_attack
    s = new("pp", 2)
    s.res[LOIS] = 0
    combat.start(s, [ENEMY_IDS["Pillar"]])
    assert CHAR + LOIS in legal(s)


def test_default_flee_and_attack_profile_are_the_rules_values():
    """TR-BASE-COMBAT-6: "at the start of round 2 or later, the active player may flee ... each
    crew member above 0 HP gains +1 fatigue" is ``Flee()``; an attack profile names only what its
    card or weapon gives, so TR's unarmed attack ("An unarmed attack is 0 + Destiny") is
    ``AttackProfile(die_sign=1)``: no base damage, no skill, no power removed, no block."""
    assert (Flee().from_round, Flee().fatigue) == (2, 1)
    assert AttackProfile(die_sign=1) == TR_WEAPONS[UNARMED] == AttackProfile(0, 1, -1, 0, 0)


def test_round_cap_is_one_to_a_thousand():
    """The round cap ends a combat that no side can finish (PP-COMBAT-13: "reaching the round cap (30) counts as all at 0"): 1 and 1000
    rounds are accepted, 0 and 1001 are refused by name."""
    base = pp_hooks()
    kw = dict(challenge_cost=base.challenge_cost, randomizer=base.randomizer,
              attack_source=base.attack_source, attack_cap=base.attack_cap)
    assert Hooks(**kw, round_cap=1).round_cap == 1 and Hooks(**kw, round_cap=1000).round_cap == 1000
    for bad in (0, 1001):
        with pytest.raises(ValueError, match=r"round_cap .* must be 1\.\.1000"):
            Hooks(**kw, round_cap=bad)
