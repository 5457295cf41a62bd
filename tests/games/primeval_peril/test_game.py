"""The game object and the engine contract over the implemented phases: options (spec §5),
hook values, determinism, clone and saves, a random-play fuzz with invariants, the score
(PP-END-3) and the unlocks (PP-END-4)."""
import json

import numpy as np
import pytest

from boardgym.core.errors import ConfigError, StateError
from boardgym.core.game import CHANCE, TERMINAL
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.characters import SEATS
from boardgym.games.primeval_peril.journey import RESULT_LOST, RESULT_NONE, RESULT_WON
from boardgym.games.primeval_peril.scoring import score, score_of
from boardgym.games.sleeping_gods import STAMINA
from tests.games.soundness import random_play

from boardgym.games.primeval_peril.kinds import D_EQUIP, D_PLACE_START

from .helpers import JON, LOIS, MEILING, MILK, VINE, empty_tokens, game, legal, new


@pytest.mark.parametrize("opt,value,words", [
    ("num_players", 5, "num_players must be an int in 1..4"),
    ("num_players", True, "num_players"),
    ("difficulty", "brutal", "difficulty must be one of easy, normal, hard"),
    ("game_index", 0, "game_index must be an int in 1..5"),
    ("max_free_moves", -1, "max_free_moves"),
    ("final_turns_count_current", 1, "final_turns_count_current must be true or false"),
    ("reward", "dense", "reward must be one of sparse, score, shaped"),
    ("content_pack", 3, "content_pack must be a folder path"),
    ("allow_difficulty_change", 1, "allow_difficulty_change must be true or false"),
])
def test_bad_options(opt, value, words):
    with pytest.raises(ConfigError, match=words):
        game(**{opt: value})


def test_rewards():
    """Spec §4: sparse ±1, score / 50, shaped's potential (0 in the other modes)."""
    s = new(reward="shaped")
    assert s.returns() == [0.0] and abs(s.potential(0) - (0.02 + 0.1 + 0.05)) < 1e-9  # 6 tokens, full HP, the intro
    s.hp[0] = 0
    assert s.potential(0) < 0.17
    assert new().potential(0) == 0.0


def test_unknown_option():
    with pytest.raises(ConfigError, match="valid options"):
        game(seats=2)


def test_hooks():
    """Spec §2.6: stamina 1 of 3, fate / combat dice with easy +1, per-seat caps, start power."""
    g = game(num_players=2, difficulty="easy")
    h = g.sg.hooks
    assert h.challenge_cost.kind == STAMINA and h.challenge_cost.amount == 1
    assert h.randomizer.challenge.faces == (0, 1, 2, 2, 3, 4) and h.randomizer.challenge.bonus == 1
    assert h.randomizer.attack.faces == (0, 1, 1, 2, 2, 3) and h.randomizer.attack.bonus == 1
    assert h.start_power_mod == -1 and h.can_flee is None and h.round_cap == 30
    assert g.caps == (2, 2) and game(num_players=1).caps == (4,)
    assert game(num_players=3).caps == (1, 1, 2) and game(num_players=4).caps == (1, 1, 1, 1)
    assert game(difficulty="hard").sg.hooks.start_power_mod == 1
    assert game().sg.hooks.randomizer.challenge.bonus == 0


def test_seats():
    """§5: 2 seats {Lois, Meiling}, {Jon, Milk}; 3 seats {Milk}, {Jon}, {Lois, Meiling}; Vine is
    the active seat's (PP-CORE-1)."""
    assert SEATS[2][LOIS] == SEATS[2][MEILING] == 0 and SEATS[2][JON] == SEATS[2][MILK] == 1
    assert SEATS[3][1:] == (0, 1, 2, 2)
    s = new(num_players=3)
    assert s.controller(VINE) == 0


def test_observation_layout():
    """Spec §4's blocks by name (the global one also holds the pending decision's kind)."""
    g = game(num_players=2)
    names = [p[0] for p in g.layout.pieces]
    assert g.layout.size == 1718 and "characters" in names and "enemies" in names
    s = new(num_players=2)
    d = s.observation_dict(0)
    assert d["me"].tolist() == [1, 0, 0, 0] and s.observation(1)[g.layout.offset("me") + 1] == 1.0
    assert abs(d["characters"][6] - 0.8) < 1e-6  # Vine: 8 HP / 10
    assert np.array_equal(s.observation(0), s.clone().observation(0))


def test_catalogue():
    assert A.N_ACTIONS == 256 and A.CATALOG.describe(A.CONFIRM) == "CONFIRM"
    assert A.CATALOG.describe(A.res_action(5, 5)) == "RESOURCE[storage coin]"
    assert A.CATALOG.describe(A.SET_DIFFICULTY + 2) == "SET_DIFFICULTY[hard]"


def _play(g, seed, limit=4000, check=True):
    rng = np.random.default_rng(seed)
    s = g.new_initial_state()
    trace = []

    def after(step):  # the checks after a step
        if step % 7 == 0:
            for p in range(g.n):
                v = s.observation(p)
                assert v.shape == (g.layout.size,) and v.dtype == np.float32
                assert float(v.min()) >= -1.0 and float(v.max()) <= 1.0, (step, p)
        if step % 53 == 0:
            t = g.state_from_json(s.to_json())
            assert t.to_json() == s.to_json() and s.clone().to_json() == s.to_json()

    for step, _ in enumerate(random_play(s, rng, max_steps=limit, moves=trace)):
        if check and step:
            after(step - 1)
        if check:
            assert not s.invariant_errors(), (step, s.invariant_errors(), s.render())
            assert all(0 <= s.hp[c] <= s.max_hp(c) and 0 <= s.res[c] <= 3 for c in range(5))
        assert s.current_player == CHANCE or s.legal_mask().any(), s.render()
    if check and trace:
        after(len(trace) - 1)
    return s, trace


@pytest.mark.parametrize("n,difficulty", [(1, "normal"), (2, "easy"), (3, "hard"), (4, "normal")])
def test_random_play_keeps_invariants(n, difficulty):
    """The implemented phases under random play: invariants (HP and stamina bounds, one status of
    each kind, slots and supply), saves round-trip, every game ends."""
    g = game(num_players=n, difficulty=difficulty, max_turns=30)
    for seed in range(4):
        s, _ = _play(g, seed)
        assert s.current_player == TERMINAL


def test_determinism():
    """Same seed and actions, same states (byte for byte), and a clone is independent."""
    g = game(num_players=2)
    a, trace = _play(g, 7, check=False)
    b, trace2 = _play(g, 7, check=False)
    assert trace == trace2 and a.to_json() == b.to_json()
    s = new()
    c = s.clone()
    c.apply(A.TRAVEL + 1)
    assert s.pos == 0 and c.pos == 2 and s.watch == 0


def test_corrupt_saves_refused():
    g = game()
    s = new()
    data = json.loads(s.to_json())
    data["state"]["boat"] = 9
    with pytest.raises(StateError, match="boat"):
        g.state_from_json(json.dumps(data))
    data = json.loads(s.to_json())
    data["state"]["inv"][0] = 4  # Vine carries 4 meat in 3 slots
    with pytest.raises(StateError, match="slots"):
        g.state_from_json(json.dumps(data))


def test_score():
    """PP-END-3 (§6): 7 cards, 9 tokens, an ending, hard: 46; 3 cards, 4 tokens, defeat, normal: 7."""
    assert score_of(7, 9, True, False, "hard") == 46
    assert score_of(3, 4, False, True, "normal") == 7


@pytest.mark.parametrize("difficulty,ceiling", [("easy", 115), ("normal", 125), ("hard", 135)])
def test_the_score_ceiling_is_every_part_at_its_maximum(difficulty, ceiling):
    """PP-END-3's ceiling, part by part, on the shipped content: the 50 numbered adventure and
    combat cards (quest cards do not score), the 21 token slots (5 characters × 3 + the storage's
    6; the supply holds 38) give 5, an ending 10, the level's bonus. A state holding all of that
    passes the invariants and scores exactly the ceiling; one token more breaks the slot
    invariant; and played games never score above it."""
    from boardgym.games import make_game
    from boardgym.games.primeval_peril import invariants
    from boardgym.games.primeval_peril.content import AdventureCard, CombatCard, QuestCard
    from boardgym.games.primeval_peril.kinds import SUPPLY
    from boardgym.games.primeval_peril.scoring import max_score

    g = make_game("primeval_peril", num_players=1, difficulty=difficulty, reward="score")
    num = g.content.cards.numbered
    scoring = sorted(n for n, c in num.items() if isinstance(c, (AdventureCard, CombatCard)))
    assert len(scoring) == 50 and sum(isinstance(c, QuestCard) for c in num.values()) == 10
    assert max_score(g) == ceiling == score_of(50, 21, True, False, difficulty)
    s = g.new_initial_state()
    s.owned = list(scoring)
    s.inv[:] = [0] * 36
    left = list(SUPPLY)
    for h in range(6):   # every slot of every holder, type by type within the supply
        for _ in range(6 if h == 5 else 3):
            t = next(t for t in range(6) if left[t])
            s.inv[6 * h + t] += 1
            left[t] -= 1
    s.result, s.over = RESULT_WON, 1
    s.invalidate()
    assert sum(s.inv) == 21 and not [m for m in invariants.check(s) if "slot" in m or "supply" in m]
    assert score(s) == max_score(g)
    s.inv[0] += 1
    assert any("slots" in m for m in invariants.check(s))
    for seed in range(2):   # played games stay under the ceiling
        t, _ = _play(g, seed, check=False)
        assert t.current_player == TERMINAL and score(t) <= max_score(g)


def _unlocked(game_index):
    s = game(game_index=game_index).new_initial_state()
    while s.pend[-1][0] == D_EQUIP:  # each unlocked adventure card onto a free slot
        s.apply(min(legal(s)))
    return s


def test_unlocks():
    """PP-END-4 (§6): game_index 4 owns cards 6, 23 and 54 from setup, equipped; they score as
    adventure cards; the market (53-56) offers 53, 55 and 56 (test_story)."""
    s = _unlocked(4)
    assert s.owned == [6, 23, 54] and sorted(n for e in s.equip for n in e) == [6, 23, 54]
    assert s.pend[-1][0] == D_PLACE_START
    assert _unlocked(5).owned == [6, 8, 23, 54]
    from boardgym.games.primeval_peril.scoring import scored_cards

    assert scored_cards(s) == 3
    t = game().new_initial_state()
    assert t.owned == [] and t.pend[-1][0] == D_PLACE_START


@pytest.mark.parametrize("result,want", [(RESULT_WON, 1.0), (RESULT_LOST, -1.0), (RESULT_NONE, 0.0)])
def test_sparse_reward_at_the_end(result, want):
    """Spec §4: ``sparse`` ±1 for an ending / a defeat (PP-END-1: "Win: reach an ending section.
    Lose: ..."); a game stopped with neither gives 0. Before the end, every mode gives 0."""
    s = new(reward="sparse")
    s.result = result
    assert s.returns() == [0.0]
    s.over = 1
    assert s.returns() == [want]


@pytest.mark.parametrize("result,difficulty,tokens,want", [
    (RESULT_WON, "hard", 0, 30), (RESULT_WON, "hard", 200, 80), (RESULT_LOST, "easy", 0, -10),
    (RESULT_NONE, "normal", 9, 12)])
def test_score_reward_is_the_score_over_50_clipped(result, difficulty, tokens, want):
    """PP-END-3: "+⌊resource tokens / 4⌋ ...; +10 for an ending or −10 for defeat; +10 on
    normal, +20 on hard" (the rulebook: "10 points if you reached an ending", "-10 points if
    you're defeated"); spec §4: ``score`` is the score / 50, clipped to ±1, and ``shaped`` ends
    the same."""
    for reward in ("score", "shaped"):
        s = new(reward=reward, difficulty=difficulty)
        empty_tokens(s)
        s.inv[0] = tokens
        s.owned = []
        s.result, s.over = result, 1
        assert score(s) == want
        assert s.returns() == [pytest.approx(max(-1.0, min(1.0, want / 50)))]


def test_the_score_uses_the_easiest_level_logged():
    """PP-END-3: "+10 on normal, +20 on hard, using the easiest level logged [D]": a hard game
    that was played on normal for a while scores +10, not +20 (and on easy, +0)."""
    s = new(reward="score", difficulty="hard")
    empty_tokens(s)
    s.owned = []
    assert score(s) == 20
    s.diff_log |= 1 << 1  # normal
    assert score(s) == 10
    s.diff_log |= 1 << 0  # easy
    assert score(s) == 0


def test_shaped_potential_parts():
    """Spec §4: ``shaped`` Φ = 0.02·score parts + 0.1·HP fraction + 0.05·new sections, with
    PP-END-3's parts "+2 per owned adventure card, +⌊resource tokens / 4⌋": 8 tokens are 2
    parts, 7 only 1; one wound lowers the HP fraction."""
    s = new(reward="shaped")
    empty_tokens(s)
    s.owned = []
    reached = sum(s.reached)
    full = sum(s.max_hp(c) for c in range(5))
    s.inv[0] = 8
    assert s.potential(0) == pytest.approx(0.02 * 2 + 0.1 + 0.05 * reached)
    s.inv[0] = 7
    assert s.potential(0) == pytest.approx(0.02 * 1 + 0.1 + 0.05 * reached)
    s.hp[0] -= 1
    assert s.potential(0) == pytest.approx(0.02 * 1 + 0.1 * (full - 1) / full + 0.05 * reached)
    s.reached[next(k for k, r in enumerate(s.reached) if not r)] = 1  # one more section
    assert s.potential(0) == pytest.approx(0.02 * 1 + 0.1 * (full - 1) / full + 0.05 * (reached + 1))


def test_shaped_potential_counts_owned_adventure_cards():
    """PP-END-3 "+2 per owned adventure card" in Φ's parts (spec §4): game_index 4 owns cards 6,
    23 and 54 from setup (PP-END-4): 6 parts, Φ = 0.02 · 6 + 0.1 + 0.05 · sections reached."""
    s = game(game_index=4, reward="shaped").new_initial_state()
    while s.pend[-1][0] == D_EQUIP:
        s.apply(min(legal(s)))
    empty_tokens(s)
    assert s.owned == [6, 23, 54]
    assert s.potential(0) == pytest.approx(0.02 * 6 + 0.1 + 0.05 * sum(s.reached))
