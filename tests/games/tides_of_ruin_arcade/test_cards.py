"""Where the cards are (cards.py): the skill deck against hands, equipped cards and the discard
(TR-BASE-SKILL), weapons and items between the crew and the stash (TR-BASE-ADV-1,4), the market
deck's public bottom (TR-BASE-REWARD Market), and the crew's needs that Order markers, statuses
and training aim at (TR-BASE-OM, TR-BASE-COND-5,6). Chance outcomes are set by hand."""
from boardgym.core import CHANCE
from boardgym.games.sleeping_gods.kinds import WEAKENED
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade.kinds import (ADV_MARKET, CH_ADV, CH_SKILL, D_ADV_TO, D_DISCARD,
                                                       D_MARKET, D_UNITS, OM_COSTS, TRAIN_COST)

from .helpers import (CAPTAIN, COOK, GUNNER, NAVIGATOR, SURGEON, challenge_id, game, legal,
                      outcome, reveal, reward_id, to_prep)

FORTUNE = 14  # 6 Fortune cards in the deck (TR-BASE-SKILL table), equip cost 1
SKILL_CARDS = 1  # Fair Winds' second reward: draw 4 skill cards


def _deck_seen(s, player=0) -> int:
    """The skill deck's size as a player observes it (the observation's deck size / 40)."""
    return round(float(s.observation_dict(player)["skill_deck"][0]) * s.game.skill_total)


def _draw_weights(s) -> dict[int, float]:
    assert s.current_player == CHANCE and s.cq[0][0] == CH_SKILL
    return dict(s.chance_outcomes())


def _loads_back(s):
    """The save made now loads (its fields and invariants checked on load) and is the same."""
    assert s.invariant_errors() == []
    saved = s.to_json()
    t = s.game.state_from_json(saved)
    assert t.to_json() == saved and legal(t) == legal(s)


def test_skill_cards_held_equipped_or_discarded_are_not_in_the_deck():
    """TR-BASE-SKILL: "The deck has 40 cards" (6 Fortune); a card dealt to a hand, equipped on a
    crew member ("Each crew member holds at most 2") or discarded ("Discarding an equipped card
    frees its slot") is out of the deck, and a draw reaches only the rest. Rulebook: "If a player
    goes over the limit of 3 cards in hand, they must discard immediately, as usual": the card
    discarded goes to the discard pile, one card. 2 players are each dealt 2 Fortune."""
    s = game(num_players=2).new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "fair_winds"), skill=FORTUNE)
    total, fortunes = s.game.skill_total, s.game.content.skills[FORTUNE].count
    assert s.hand == [[FORTUNE] * 2] * 2
    assert _deck_seen(s) == total - 4
    # player 0 equips both its Fortunes on the Captain (1 OM each): from the hand to the crew
    s.apply(A.HAND + 0)
    s.apply(A.CREW + CAPTAIN)
    s.apply(A.HAND + 0)
    s.apply(A.CREW + CAPTAIN)
    assert s.equip[CAPTAIN] == [FORTUNE] * 2 and s.hand[0] == [] and s.om[0] == 2
    assert _deck_seen(s) == total - 4  # still out of the deck
    # ... and discards the second: from the crew to the discard pile, still out of the deck
    s.apply(A.EQUIPPED + 2 * CAPTAIN + 1)
    assert s.equip[CAPTAIN] == [FORTUNE] and sum(s.sk_disc) == 1
    assert _deck_seen(s) == total - 4
    # Fair Winds: 4 skill cards, all to player 0 (hand 0 -> 4, so 1 is discarded at once)
    s.apply(A.USE_REWARD)
    s.apply(A.REWARD_ITEM + SKILL_CARDS)
    for _ in range(4):
        s.apply(A.PLAYER + 0)
    w = _draw_weights(s)
    deck = total - 4
    assert w[FORTUNE] == (fortunes - 4) / deck  # 2 in a hand, 1 equipped, 1 discarded: 2 of 6 left
    for k in s.game.content.skills:
        if k.id != FORTUNE:
            assert w[k.id] == k.count / deck
    outcome(s, FORTUNE)
    assert _draw_weights(s)[FORTUNE] == (fortunes - 5) / (deck - 1)
    outcome(s, FORTUNE)
    assert FORTUNE not in _draw_weights(s)  # all 6 are held, equipped or discarded now
    outcome(s, 0)
    outcome(s, 1)
    assert s.pend[-1][:2] == (D_DISCARD, 0) and len(s.hand[0]) == 4
    s.apply(A.HAND + 0)
    assert len(s.hand[0]) == 3 and sum(s.sk_disc) == 1 + 1  # one card per discard
    assert s.sk_disc[FORTUNE] == 2  # the one discarded was the first drawn: a Fortune
    assert _deck_seen(s) == total - 8
    _loads_back(s)


def _adv_targets(s):
    assert s.pend[-1][0] == D_ADV_TO
    return legal(s)


def test_weapons_move_between_the_crew_and_the_stash():
    """TR-BASE-ADV-1: "Each crew member holds 1 weapon and 1 item"; TR-BASE-ADV-4: "Unequipped
    weapons and items wait in a team stash [D]. During prep, weapons and items move freely
    between crew members and the stash"; rulebook: "the players may equip their crew members
    with Skill cards, exchange weapons, ...". On easy all 4 starting cards are taken and left in
    the stash; the Boarding Cutlass goes to the Captain, then to the Gunner, the Long Rifle
    displaces it to the stash, and the rifle goes back to the stash: every card stays in one
    place, and what can be moved is always the crew's own gear."""
    s = game(difficulty="easy").new_initial_state()
    to_prep(s)
    c = s.game.content
    cutlass, rifle, spyglass, stew = c.starting
    assert sorted(s.stash) == [cutlass, rifle, spyglass] and s.recipes == [stew] and s.food == 0

    def gear_offered():
        return {a - A.ADVENTURE for a in legal(s) if A.ADVENTURE <= a < A.ADVENTURE + A.N_ADVENTURE}

    def nobody_armed():  # WEAPON_OF (exchange weapons) needs an armed crew member
        return not any(A.WEAPON_OF <= a < A.WEAPON_OF + A.N_CREW for a in legal(s))

    gear = {cutlass, rifle, spyglass}
    assert gear_offered() == gear and nobody_armed()  # the stew needs food; empty slots are no card
    s.apply(A.ADVENTURE + cutlass)
    assert _adv_targets(s) == {A.CREW + ch for ch in range(A.N_CREW)}  # in the stash: to anyone
    s.apply(A.CREW + CAPTAIN)
    assert s.weapon[CAPTAIN] == cutlass and cutlass not in s.stash
    s.apply(A.ADVENTURE + cutlass)
    # held by the Captain: to another crew member, or back to the stash
    assert _adv_targets(s) == {A.CONFIRM} | {A.CREW + ch for ch in range(A.N_CREW) if ch != CAPTAIN}
    s.apply(A.CREW + GUNNER)
    assert s.weapon[CAPTAIN] == -1 and s.weapon[GUNNER] == cutlass
    assert gear_offered() == gear and not nobody_armed()
    _loads_back(s)
    s.apply(A.ADVENTURE + rifle)
    s.apply(A.CREW + GUNNER)  # the Gunner's cutlass is displaced to the stash
    assert s.weapon[GUNNER] == rifle and cutlass in s.stash and rifle not in s.stash
    assert gear_offered() == gear
    _loads_back(s)
    s.apply(A.ADVENTURE + rifle)
    assert A.CONFIRM in _adv_targets(s)
    s.apply(A.CONFIRM)  # back to the stash
    assert s.weapon == [-1] * A.N_CREW and sorted(s.stash) == sorted(gear)
    assert gear_offered() == gear and nobody_armed()
    _loads_back(s)


def test_an_item_moves_in_the_item_slots():
    """TR-BASE-ADV-1: an item is held in the item slot, beside a weapon; moving it back to the
    stash empties that slot only (the Brass Spyglass beside the Boarding Cutlass)."""
    s = game(difficulty="easy").new_initial_state()
    to_prep(s)
    cutlass, _, spyglass, _ = s.game.content.starting
    for card in (cutlass, spyglass):
        s.apply(A.ADVENTURE + card)
        s.apply(A.CREW + NAVIGATOR)
    assert s.weapon[NAVIGATOR] == cutlass and s.item[NAVIGATOR] == spyglass
    s.apply(A.ADVENTURE + spyglass)
    assert A.CONFIRM in legal(s) and A.CREW + NAVIGATOR not in legal(s)
    s.apply(A.CONFIRM)
    assert s.item[NAVIGATOR] == -1 and s.weapon[NAVIGATOR] == cutlass and spyglass in s.stash
    _loads_back(s)


def test_the_market_reveals_from_the_public_bottom_when_the_unseen_cards_run_low():
    """TR-BASE-REWARD Market: "reveal 3 adventure cards ...; unbought cards go to the bottom of
    the deck in a public order": with 13 market cards at the bottom (left by earlier Markets)
    and 3 unseen, the Market still reveals 3, the unseen first, and after them the bottom's
    first card."""
    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "floating_bazaar"))
    market = list(s.game.content.market)
    unseen, bottom = market[:3], market[3:]
    s.adv_bottom = list(bottom)
    s.invalidate()
    s.apply(A.USE_REWARD + s.rewards.index(reward_id(s, "floating_bazaar")))
    s.apply(A.MARKET)
    assert s.cq == [(CH_ADV, ADV_MARKET)] * 3
    assert {o for o, _ in s.chance_outcomes()} == set(unseen)
    outcome(s, unseen[0])
    outcome(s, unseen[1])
    outcome(s, unseen[2])
    assert s.pend[-1][0] == D_MARKET and s.market == unseen
    s.apply(A.CONFIRM)  # nothing bought: the three go under the bottom
    assert s.adv_bottom == bottom + unseen
    _loads_back(s)


def test_order_markers_remove_fatigue_with_exactly_the_cost_in_hand():
    """TR-BASE-OM: "Remove 1 fatigue (prep or scoring window) | 2"; "Spending moves markers from
    the pool to the spent pile." The Navigator and the Surgeon have 1 fatigue each (TR-BASE-COND-3:
    "participating adds 1"): with 4 ready markers the player removes one, then, with exactly 2
    left, the other; then no marker is left and no one is tired."""
    s = game().new_initial_state()
    to_prep(s)
    s.res[NAVIGATOR] = s.res[SURGEON] = 1
    s.invalidate()
    assert s.om == [4] and OM_COSTS[0] == 2
    assert A.OM_FATIGUE in legal(s)
    s.apply(A.OM_FATIGUE)
    assert legal(s) == {A.CREW + NAVIGATOR, A.CREW + SURGEON}  # the tired ones, at 1 fatigue too
    s.apply(A.CREW + NAVIGATOR)
    assert s.om == [2] and s.res[NAVIGATOR] == 0
    assert A.OM_FATIGUE in legal(s)  # 2 ready markers pay the cost of 2
    s.apply(A.OM_FATIGUE)
    assert legal(s) == {A.CREW + SURGEON}
    s.apply(A.CREW + SURGEON)
    assert s.om == [0] and s.spent == [4] and s.res == [0] * 5
    assert A.OM_FATIGUE not in legal(s)


def _fail_harbour_toll(s):
    """Harbour Toll (CUNNING 5) revealed and failed with nobody in: it gives weakened."""
    card = challenge_id(s, 1, 5)
    assert s.game.content.challenges[card].failure == (2, 0, WEAKENED)
    reveal(s, card)
    s.apply(A.CONFIRM)  # nobody joins
    while card not in s.lost:
        if s.current_player == CHANCE:
            outcome(s, 0)
        else:
            s.apply(A.CONFIRM)


def test_a_status_goes_to_crew_above_0_hp_first():
    """TR-BASE-COND-5: "A crew member who lacks the status must be chosen if one exists [D]",
    and those above 0 HP first (TR-BASE-COND-2: "0 HP: as PP-CORE-5", out of play). The
    Navigator is weakened already, the Gunner is at 0 HP, the Surgeon at 1: the Captain, the
    Surgeon and the Cook are offered."""
    s = game().new_initial_state()
    to_prep(s)
    s.status[NAVIGATOR] = 1 << WEAKENED
    s.hp[GUNNER], s.hp[SURGEON] = 0, 1
    s.invalidate()
    _fail_harbour_toll(s)
    assert s.pend[-1][0] == D_UNITS
    assert legal(s) == {A.CREW + CAPTAIN, A.CREW + SURGEON, A.CREW + COOK}
    s.apply(A.CREW + SURGEON)
    assert s.status[SURGEON] == 1 << WEAKENED and s.status[GUNNER] == 0


def test_a_status_goes_to_a_crew_member_at_0_hp_when_only_they_lack_it():
    """TR-BASE-COND-5: the lacking crew member "must be chosen if one exists", even at 0 HP: every
    one but the Cook is weakened and the Cook is at 0 HP, so the Cook gets it (one candidate: no
    question)."""
    s = game().new_initial_state()
    to_prep(s)
    for ch in (CAPTAIN, NAVIGATOR, GUNNER, SURGEON):
        s.status[ch] = 1 << WEAKENED
    s.hp[COOK] = 0
    s.invalidate()
    _fail_harbour_toll(s)
    assert s.status[COOK] == 1 << WEAKENED and s.pend[-1][0] != D_UNITS


def test_training_limit_is_per_crew_member():
    """TR-BASE-COND-6: "3 XP for +1 to one skill of one crew member (at most +2 per crew
    member)": the Navigator trained twice is at its limit; the Captain, untrained, still may be."""
    s = game().new_initial_state()
    to_prep(s)
    s.xp_bank = 3 * TRAIN_COST
    s.invalidate()
    for _ in range(2):
        s.apply(A.XP_TRAIN)
        s.apply(A.CREW + NAVIGATOR)
        s.apply(A.SKILL + 0)
    s.apply(A.XP_TRAIN)
    assert legal(s) == {A.CREW + ch for ch in range(A.N_CREW) if ch != NAVIGATOR}
    s.apply(A.CREW + CAPTAIN)
    s.apply(A.SKILL + 0)
    assert s.xp_bank == 0 and s.skill(CAPTAIN, 0) == s.game.content.crew[CAPTAIN].skills[0] + 1


def test_a_pack_whose_first_card_is_an_item_moves_it_like_any_other(tmp_path):
    """TR-BASE-ADV-4: weapons and items "move freely between crew members and the stash", whatever
    a pack's card order: in a pack listing the Brass Spyglass first (its card number 0), the
    spyglass held by the Navigator is still the crew's gear, offered to move back to the stash,
    and while held it adds its bonuses to the Navigator's skills (TR-BASE-CHAL-2: base + item +
    equipped skill cards + training)."""
    from boardgym.games.tides_of_ruin_arcade.content import DEFAULT_PACK

    from ..packs import edited_pack

    def spyglass_first(doc):
        cards = doc["cards"]
        cards.insert(0, cards.pop(next(i for i, d in enumerate(cards) if d["id"] == "brass_spyglass")))

    s = game(difficulty="easy", content_pack=edited_pack(DEFAULT_PACK, tmp_path, "adventure",
                                                         spyglass_first)).new_initial_state()
    spyglass = next(a.id for a in s.game.content.adventure if a.key == "brass_spyglass")
    assert spyglass == 0
    to_prep(s)
    before = [s.skill(NAVIGATOR, k) for k in range(5)]
    s.apply(A.ADVENTURE + spyglass)
    s.apply(A.CREW + NAVIGATOR)
    assert s.item[NAVIGATOR] == spyglass
    bonuses = s.game.content.adventure[spyglass].bonuses
    assert any(bonuses) and [s.skill(NAVIGATOR, k) for k in range(5)] == [b + x for b, x in zip(before, bonuses)]
    assert A.ADVENTURE + spyglass in legal(s)
    s.apply(A.ADVENTURE + spyglass)
    s.apply(A.CONFIRM)
    assert s.item[NAVIGATOR] == -1 and spyglass in s.stash
    _loads_back(s)


def test_a_recipe_that_rests_one_crew_member_removes_that_ones_fatigue(tmp_path):
    """TR-BASE-ADV-4 (cooking pays the recipe's food): a recipe's effect on "one" crew member
    asks the active player which; a pack whose Hardtack and Grog rests one crew member (1 fatigue) takes exactly that
    fatigue from the one chosen, and nothing from the others."""
    from boardgym.games.tides_of_ruin_arcade.content import DEFAULT_PACK
    from boardgym.games.tides_of_ruin_arcade.kinds import D_RECIPE_CREW

    from ..packs import edited_pack

    def grog_for_one(doc):
        card = next(d for d in doc["cards"] if d["id"] == "hardtack_and_grog")
        card["effects"] = [{"kind": "fatigue", "target": "one", "amount": 1}]

    s = game(content_pack=edited_pack(DEFAULT_PACK, tmp_path, "adventure", grog_for_one)).new_initial_state()
    grog = next(a.id for a in s.game.content.adventure if a.key == "hardtack_and_grog")
    to_prep(s)
    s.recipes.append(grog)
    s.food, s.res = 2, [0, 2, 1, 0, 0]
    s.invalidate()
    s.apply(A.ADVENTURE + grog)
    assert s.pend[-1][0] == D_RECIPE_CREW and legal(s) == {A.CREW + NAVIGATOR, A.CREW + GUNNER}
    s.apply(A.CREW + NAVIGATOR)
    assert s.res == [0, 1, 1, 0, 0] and s.food == 0
