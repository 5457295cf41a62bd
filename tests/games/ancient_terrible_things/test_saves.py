"""Saved Ancient Terrible Things states that no game could reach are refused in words, and the
legal states at the same boundaries load: each case takes a state of seeded random play where
the rule is at work, changes one thing the rules forbid, and expects the loader's StateError to
say what is wrong. The generic tests (tests/games/test_saved_states.py) attack every field at
random; these pin each boundary of this game's own checks (invariants.py and the field
declaration in state.py) to the rule behind it."""
from __future__ import annotations

import pytest

from boardgym.core import StateError
from boardgym.games import make_game
from boardgym.games.ancient_terrible_things.constants import (E_BUMP, E_COPY, E_FLIP, E_LOCK, E_REROLL, E_SET_FACE,
                                                             GREEN, MAX_DICE, MAX_FEATS, MAX_SWAG, N_SLOTS,
                                                             N_WHITE)
from boardgym.games.ancient_terrible_things.encounter import most_picks
from boardgym.games.ancient_terrible_things.kinds import (CH_DIE, CH_WHITE, D_ACH, D_ACTION_DIE, D_BUY,
                                                          D_ENCOUNTER, D_EXPLORE, D_GUNSLOOP, D_SELECT, D_SHRINE,
                                                          D_VALUE, D_VILLAGE_TOKENS, ENCOUNTER_TARGET, PH_BONUS,
                                                          PH_ENCOUNTER, PH_SETUP2, SEL_COMBO, SEL_EFFECT)
from tests.games.saved_pool import edited, find, load, refused, top

GAME = "ancient_terrible_things"
CONFIGS = (
    (("num_players", 3), ("characters", "random")),   # tiles A B C D E: Shrine, Chateau, ..., Trading Post
    (("num_players", 1),),                            # the solo game
    (("num_players", 4), ("tiles", "AGHIE")),         # the Gorg and the Floating Village
)
SEEDS = (0, 1, 2, 3)


def find_save(pred):
    return find(GAME, CONFIGS, SEEDS, pred)


def passes_declaration(g, data, words):
    """The save passes the field declaration: it loads, or the loader refuses it for a rule of
    the game, not with the declaration's message ``words``."""
    try:
        load(g, data)
    except StateError as err:
        assert words not in str(err), str(err)


def encounter_window(st):
    return st["phase"] == PH_ENCOUNTER and top(st)[0] == D_ENCOUNTER and not st["cq"]


# -- solo-only fields and the setup ------------------------------------------------------------
@pytest.mark.parametrize("change", [dict(adv=0), dict(adv_removed=1), dict(forget_req=2),
                                    dict(ach_retired=[0, 1, 0, 0]), dict(solo_result=1)])
def test_solo_fields_stay_unset_with_several_players(change):
    """ATT-SOLO-2/4: the Adversary, the secrets to forget and retired achievements belong to the
    solo game; in a 3-player save each one alone is refused (the unedited save loads)."""
    g, data = find_save(lambda st: len(st["chars"]) == 3 and encounter_window(st))
    assert load(g, data) is not None
    refused(g, edited(data, **change), "solo-only fields set in a multiplayer game")


def test_a_solo_adversary_loads():
    """ATT-SOLO-2: in the solo game the Adversary stands at a location."""
    g, data = find_save(lambda st: len(st["chars"]) == 1 and st["adv"] >= 0)
    assert load(g, data).adv == data["state"]["adv"]


def test_characters_are_drawn_seat_by_seat_in_setup():
    """ATT-SETUP-8: each player draws a character during setup, seat by seat; a gap before a
    drawn seat is refused in setup, and an undrawn seat after setup is refused too."""
    g, data = find_save(lambda st: st["phase"] == PH_SETUP2 and len(st["chars"]) == 3
                        and st["chars"][0] >= 0 and st["chars"][2] < 0)
    assert load(g, data) is not None
    chars = data["state"]["chars"]
    refused(g, edited(data, chars=[-1, chars[0], -1]), "characters are drawn seat by seat during setup")
    g, data = find_save(lambda st: len(st["chars"]) == 3 and encounter_window(st))
    chars = data["state"]["chars"]
    refused(g, edited(data, chars=chars[:2] + [-1]), "characters are drawn seat by seat during setup")


def test_a_seat_without_a_character_holds_no_hat():
    """ATT-SETUP-8: each player takes their own character's Hat; a seat still drawing its
    character holds no Hat at all (the last character's Hat included)."""
    g, data = find_save(lambda st: st["phase"] == PH_SETUP2 and len(st["chars"]) == 3
                        and st["chars"][2] < 0)
    last_hat = g.content.hats[-1]
    st = data["state"]
    refused(g, edited(data, swag=st["swag"][:2] + [[last_hat]], exh=st["exh"][:2] + [[0]]),
            "seat 2 holds another character's Hat")


def test_swag_is_dealt_to_every_seat_at_once():
    """ATT-SETUP-8: the Hats and McGuffins are dealt once every character is drawn, to every
    seat together; a setup save where one drawn seat already holds its Hat while another seat
    holds nothing is refused, and the save as played (no swag yet) loads."""
    g, data = find_save(lambda st: st["phase"] == PH_SETUP2 and len(st["chars"]) == 3
                        and st["chars"][0] >= 0 and st["chars"][2] < 0)
    st = data["state"]
    assert st["swag"] == [[], [], []] and load(g, data) is not None
    hat = g.content.hats[st["chars"][0]]
    refused(g, edited(data, swag=[[hat], [], []], exh=[[0], [], []]), "swag dealt to some seats only")


# -- the Chateau's declared token ----------------------------------------------------------------
def chateau(bonus_k):
    return lambda st: (st["phase"] == PH_BONUS and st["cur_loc"] == 1 and st["bonus_k"] == bonus_k
                       and len(st["chars"]) == 3)


def test_chateau_bonuses_need_the_declared_token():
    """ATT-LOC-B: the Chateau's leader declares a token type, then each player's Location bonus
    gives that token; once the first bonus is under way (bonus_k 1 or more) a save with no
    declared token is refused, while before it (the leader still declaring) it loads."""
    g, data = find_save(chateau(0))
    assert data["state"]["declared"] == -1 and load(g, data) is not None
    g, data = find_save(chateau(1))
    assert load(g, data) is not None
    for k in (1, 2):
        refused(g, edited(data, bonus_k=k, declared=-1), "location bonuses of the Chateau with no declared token")


# -- what each pending frame points at -----------------------------------------------------------
def test_dice_are_spent_on_an_encounter_that_is_there():
    """ATT-RESOLVE-2: dice are spent on the encounter at the location; a combination chosen for
    the encounter when none is there (it went to the Rumours) is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_SELECT and top(st)[2] == SEL_COMBO
                        and top(st)[3] == ENCOUNTER_TARGET)
    st = data["state"]
    assert load(g, data) is not None
    enc_at = list(st["enc_at"])
    e, enc_at[st["cur_loc"]] = enc_at[st["cur_loc"]], -1
    refused(g, edited(data, enc_at=enc_at, rumours=st["rumours"] + [e]), "no encounter here to spend dice on")


def test_the_action_die_choice_is_for_a_swag_with_that_cost():
    """ATT-ENC-5: a swag's action-die cost spends a white die; the choice of which one is asked
    only for a held swag that shows that cost: for a swag slot past the last held swag, or for a
    feat (feats cost Feat tokens), it is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_ACTION_DIE and len(st["feats"][st["active"]]) >= 1)
    st = data["state"]
    assert load(g, data) is not None
    words = "has no action-die cost"
    refused(g, edited(data, act=[1, len(st["swag"][st["active"]]), -1]), words)
    refused(g, edited(data, act=[0, 0, -1]), words)


def test_a_selection_holds_dice_of_the_pool_not_yet_spent():
    """ATT-RESOLVE-1/2: a combination is built from rolled dice not spent yet; a selection with
    a spent die, or with an empty die slot, is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_SELECT and st["sel"])
    st = data["state"]
    assert load(g, data) is not None
    used = list(st["d_used"])
    used[st["sel"][0]] = 1
    words = "a selected die is not in the pool or already used"
    refused(g, edited(data, d_used=used), words)
    empty = next(d for d in range(MAX_DICE) if st["d_col"][d] < 0)
    refused(g, edited(data, sel=st["sel"] + [empty]), words)
    refused(g, edited(data, sel=st["sel"] + [MAX_DICE]), words)   # past the last die slot


def test_the_shrine_refreshes_exhausted_swag_only():
    """ATT-LOC-A: the Shrine refreshes exhausted swag; a pick of a ready swag is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_SHRINE and st["sel"])
    st = data["state"]
    assert load(g, data) is not None
    p = top(st)[1]
    ready = next(j for j, e in enumerate(st["exh"][p]) if not e)
    refused(g, edited(data, sel=[ready]), "a swag that is not exhausted")


# -- the dice -------------------------------------------------------------------------------------
def test_each_die_of_the_pool_rolls_once():
    """ATT-ENC-2: the pool is rolled once, die by die: a roll queued twice for a die, or for a
    die slot with no die, is refused."""
    g, data = find_save(lambda st: st["phase"] == PH_ENCOUNTER and any(k == CH_DIE for k, _ in st["cq"]))
    st = data["state"]
    assert load(g, data) is not None
    d = next(a for k, a in st["cq"] if k == CH_DIE)
    words = "a die roll queued twice or for a die not in the pool"
    refused(g, edited(data, cq=st["cq"] + [[CH_DIE, d]]), words)
    empty = next(x for x in range(MAX_DICE) if st["d_col"][x] < 0)
    refused(g, edited(data, cq=st["cq"] + [[CH_DIE, empty]]), words)


@pytest.mark.parametrize("d", [0, 4])
def test_the_five_green_dice_are_always_in_the_pool(d):
    """ATT-ENC-1, ATT-D-1: the pool starts with five green dice (slots 0..4); swaps change their
    colour but never remove them: an empty slot among the first five is refused."""
    g, data = find_save(encounter_window)
    st = data["state"]
    assert load(g, data) is not None
    col, face, lock, used, luck = (list(st[k]) for k in ("d_col", "d_face", "d_lock", "d_used", "d_luck"))
    col[d], face[d], lock[d], used[d], luck[d] = -1, 0, 0, 0, 0
    refused(g, edited(data, d_col=col, d_face=face, d_lock=lock, d_used=used, d_luck=luck),
            "a green die slot (0..4) empty during the encounter")


@pytest.mark.parametrize("field,value", [("d_face", 3), ("d_lock", 1), ("d_used", 1), ("d_luck", 1)])
def test_an_empty_die_slot_has_no_face_lock_or_use(field, value):
    """ATT-D-1: at most 8 non-white dice; a slot with no die shows no face, no lock, no spending
    and no Luck reroll: each one alone is refused."""
    g, data = find_save(lambda st: encounter_window(st) and st["d_col"][7] < 0)
    st = data["state"]
    vals = list(st[field])
    vals[7] = value
    refused(g, edited(data, **{field: vals}), "die 7 is not in the pool but has a face, a lock or a use")


# -- the field declaration: ranges the rules set ----------------------------------------------------
def test_a_bump_moves_a_die_at_most_two():
    """The largest bump of the pack is Shove of the Gods (up or down by 1..2): a pending value
    choice with bump 2 loads, bump 3 is refused naming the range."""
    g, data = find_save(lambda st: encounter_window(st))
    st = data["state"]
    p = top(st)[1]
    ok = load(g, edited(data, pend=st["pend"] + [[D_VALUE, p, 0, 2]]))
    assert ok.pend[-1] == (D_VALUE, p, 0, 2)
    refused(g, edited(data, pend=st["pend"] + [[D_VALUE, p, 0, 3]]), "is 3", "bump size")


def test_the_village_pays_at_most_three_tokens():
    """ATT-LOC-H: a swag discarded at the Floating Village pays half its price rounded up; the
    dearest swag costs 5, so 3 tokens may be waiting and 4 is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_VILLAGE_TOKENS)
    st = data["state"]
    frame = list(top(st))
    assert max(w.price for w in g.content.swag) == 5
    passes_declaration(g, edited(data, pend=st["pend"][:-1] + [frame[:2] + [3, 0]]), "tokens still to take")
    refused(g, edited(data, pend=st["pend"][:-1] + [frame[:2] + [4, 0]]), "is 4", "tokens still to take")


def test_the_locations_are_five_slots():
    """ATT-D-9: the board has five location slots, 0..4: the last slot loads, a sixth is refused."""
    g, data = find_save(lambda st: st["cur_loc"] == N_SLOTS - 1)
    assert load(g, data).cur_loc == N_SLOTS - 1
    refused(g, edited(data, cur_loc=N_SLOTS), f"cur_loc is {N_SLOTS}", "a location slot")


def test_there_are_two_white_dice():
    """ATT-D-1: two white dice; a roll queued for a third is refused."""
    g, data = find_save(lambda st: any(k == CH_WHITE for k, _ in st["cq"]))
    st = data["state"]
    assert load(g, data) is not None
    cq = [list(e) for e in st["cq"]]
    i = next(i for i, e in enumerate(cq) if e[0] == CH_WHITE)
    cq[i][1] = N_WHITE
    refused(g, edited(data, cq=cq), f"is {N_WHITE}", "a white die")


def test_the_decision_stack_holds_six_frames():
    """The deepest stack of pending decisions is 6 frames: 6 pass the declaration, 7 are
    refused by it."""
    g, data = find_save(encounter_window)
    st = data["state"]
    pad = [list(top(st))]
    six = st["pend"] + pad * (6 - len(st["pend"]))
    passes_declaration(g, edited(data, pend=six), "pend has")
    refused(g, edited(data, pend=six + pad), "pend has 7 entries, must have 0..6")


def test_the_chance_queue_bound():
    """Setup queues the most draws: the tentacles, a feat discard, 3 row cards, the feat hands
    (up to the hand cap of 8 and one more each), 8 dice, 2 white dice, 5 location cards and one
    more. A queue of that length passes the declaration, one more draw is refused."""
    g, data = find_save(lambda st: len(st["chars"]) == 3 and encounter_window(st))
    bound = sum(g.content.tentacles) + 4 + 3 * (MAX_FEATS + 1) + MAX_DICE + N_WHITE + N_SLOTS + 1
    passes_declaration(g, edited(data, cq=[[CH_DIE, 0]] * bound), "cq has")
    refused(g, edited(data, cq=[[CH_DIE, 0]] * (bound + 1)), f"cq has {bound + 1} entries, must have 0..{bound}")


def test_location_tokens_are_never_negative():
    """ATT-REVEAL-1: a revealed encounter puts tokens at its location: 0 or more."""
    g, data = find_save(encounter_window)
    toks = list(data["state"]["loc_tokens"])
    toks[0] = -1
    refused(g, edited(data, loc_tokens=toks), "loc_tokens[0] is -1")


def test_a_selection_picks_up_to_every_swag_slot():
    """ATT-SOLO-4, ATT-D-11: a solo forget pick may name any of the 12 swag slots (codes
    200..211) and the selection may hold every stacked encounter, achievement and swag (32
    picks); the last code and 32 picks pass the declaration, one past either is refused."""
    g, data = find_save(encounter_window)
    words = "sel"
    passes_declaration(g, edited(data, sel=[200 + MAX_SWAG - 1]), "a selection pick")
    refused(g, edited(data, sel=[200 + MAX_SWAG]), f"is {200 + MAX_SWAG}", "a selection pick")
    passes_declaration(g, edited(data, sel=list(range(32))), "sel has")
    refused(g, edited(data, sel=list(range(33))), f"{words} has 33 entries, must have 0..32")


def test_a_seat_holds_each_swag_once():
    """ATT-SETUP-8: each player holds their own Hat, once; a Hat listed twice is refused."""
    g, data = find_save(encounter_window)
    st = data["state"]
    swag, exh = [list(x) for x in st["swag"]], [list(x) for x in st["exh"]]
    swag[0].append(swag[0][0])
    exh[0].append(0)
    refused(g, edited(data, swag=swag, exh=exh), "repeats")


def test_a_refresh_waits_only_in_a_pack_that_refreshes(tmp_path):
    """ATT-URGENT-1, feats Oil and Rag / Field Repairs: a pending swag refresh comes from a card
    that refreshes swag. With the shipped pack one refresh waiting loads; in a pack where no
    card refreshes swag (both feats edited to gain Focus) the same save is refused."""
    import json
    import shutil

    from boardgym.games import make_game
    from boardgym.games.ancient_terrible_things.content import DEFAULT_PACK
    from boardgym.games.ancient_terrible_things.kinds import D_REFRESH

    g, data = find_save(lambda st: len(st["chars"]) == 3 and encounter_window(st))
    st = data["state"]
    waiting = edited(data, pend=st["pend"] + [[D_REFRESH, top(st)[1], 1, 0]])
    assert load(g, waiting).pend[-1] == (D_REFRESH, top(st)[1], 1, 0)
    pack = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, pack)
    doc = json.loads((pack / "feats.json").read_text())
    for f in doc["feats"]:
        if any(e["kind"] == "refresh_swag" for e in f["effects"]):
            f["effects"] = [{"kind": "gain", "token": "focus", "n": 1}]
    (pack / "feats.json").write_text(json.dumps(doc))
    g2 = make_game(GAME, content_pack=str(pack), **dict(CONFIGS[0]))
    assert load(g2, dict(data, config=g2.config)) is not None  # the same save, under the edited pack
    refused(g2, dict(waiting, config=g2.config), "swag still to refresh")


def _effect_selection(st):
    return top(st)[0] == D_SELECT and top(st)[2] == SEL_EFFECT and st["sel"] and not st["cq"]


@pytest.mark.parametrize("kinds", [(E_BUMP, E_SET_FACE, E_FLIP), (E_COPY,), (E_LOCK, E_REROLL)])
def test_a_dice_effect_takes_at_most_its_number_of_dice(kinds):
    """ATT-FEAT / ATT-SWAG dice effects: a card that sets a face, bumps or flips changes one die,
    Copy makes one die a copy of another (two dice), Lock and Reroll take up to the number printed
    on the card. A selection holding as many dice as the effect takes loads; one more is refused."""
    def fits(st):
        if not _effect_selection(st):
            return False
        g = make_game(GAME, num_players=len(st["chars"]))
        e = g.content.feats[st["feats"][st["active"]][st["act"][1]]] if st["act"][0] == 0 else \
            g.content.swag[st["swag"][st["active"]][st["act"][1]]]
        free = [d for d in range(MAX_DICE) if st["d_col"][d] >= 0 and not st["d_used"][d] and d not in st["sel"]]
        return e.effects[0][0] in kinds and len(st["sel"]) + len(free) > most_picks(e.effects[0])

    g, data = find_save(fits)
    st = data["state"]
    card = g.content.feats[st["feats"][st["active"]][st["act"][1]]] if st["act"][0] == 0 else \
        g.content.swag[st["swag"][st["active"]][st["act"][1]]]
    most = most_picks(card.effects[0])
    free = [d for d in range(MAX_DICE) if st["d_col"][d] >= 0 and not st["d_used"][d] and d not in st["sel"]]
    full = (st["sel"] + free)[:most]
    assert load(g, edited(data, sel=full)).sel == full
    over = (st["sel"] + free)[:most + 1]
    refused(g, edited(data, sel=over), f"{most + 1} dice picked, the card's effect takes at most {most}")


# -- one boundary each: the encounter, the bonus decisions, the dice, the swag ---------------------
def test_an_overcome_encounter_left_its_location():
    """ATT-RESOLVE-2/4: an overcome encounter goes under the player's board, so the location is
    empty once it is overcome. A save with encounter card 0 (the lowest id) still at the
    location and overcome set is refused; an overcome save from play, location empty, loads."""
    g, data = find_save(lambda st: st["phase"] == PH_ENCOUNTER and not st["overcome"]
                        and st["enc_at"][st["cur_loc"]] == 0)
    assert load(g, data) is not None
    refused(g, edited(data, overcome=1), "the encounter is overcome but still at its location")
    g, data = find_save(lambda st: st["phase"] == PH_ENCOUNTER and st["overcome"])
    assert data["state"]["enc_at"][data["state"]["cur_loc"]] == -1 and load(g, data).overcome == 1


def test_the_gunsloop_location_bonus_opens_no_decision():
    """ATT-LOC-D: the Gunsloop's Location bonus draws feats with no decision step, and its
    leader's discard is over once the Location bonuses begin (bonus_k 1 or more). The save
    drawing those feats loads; a pending frame under it is refused saying no decision may open
    there (the explore frame included, decision kind 0)."""
    g, data = find_save(lambda st: st["phase"] == PH_BONUS and st["cur_loc"] == 3 and st["bonus_k"] >= 1
                        and len(st["chars"]) == 3)
    st = data["state"]
    assert g.tiles[3]["bonus"]["kind"] == "draw_feats_to" and not st["pend"] and load(g, data) is not None
    owner = (st["active"] + st["bonus_k"] - 1) % 3
    for kind in (D_GUNSLOOP, D_EXPLORE):
        refused(g, edited(data, pend=[[kind, owner, 0, 0]]), "which cannot open here (may: none)")


@pytest.mark.parametrize("kind", [D_BUY, D_ACH])
def test_a_location_bonus_decision_carries_the_tile_arguments(kind):
    """ATT-LOC-B/E, ATT-D-14: the Trading Post's purchase may take the Old Stock top (flag 1),
    the Chateau's achievement claim is not the Gorg's (flag 0); the open bonus decision carries
    what its tile gives. The save from play loads; with that first argument flipped it is
    refused naming both."""
    g, data = find_save(lambda st: st["phase"] == PH_BONUS and st["pend"] and st["pend"][0][0] == kind)
    st = data["state"]
    assert load(g, data) is not None
    f = st["pend"][0]
    flipped = [f[0], f[1], 1 - f[2], f[3]]
    refused(g, edited(data, pend=[flipped] + st["pend"][1:]),
            f"has arguments [{1 - f[2]}, {f[3]}]; the tile gives [{f[2]}, {f[3]}]")


def test_the_action_die_is_chosen_once_its_choice_is_made():
    """ATT-ENC-5: a swag whose cost is an action die, with two white dice free on different
    faces, waits for the player's choice of die; until then the card being played names no
    white die (act[2] = -1). The waiting save loads; one that already names white die 0 or 1
    is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_ACTION_DIE)
    st = data["state"]
    assert st["act"][0] == 1 and st["act"][2] == -1 and load(g, data).act == st["act"]
    for white in (0, 1):
        refused(g, edited(data, act=st["act"][:2] + [white]), f"white die {white} is already the action die")


def test_a_green_die_in_the_pool_is_rolled():
    """ATT-ENC-2: once the pool is rolled every die in it shows a face; a green die (colour 0)
    showing no face, with no roll queued for it, is refused; the rolled save loads."""
    g, data = find_save(lambda st: encounter_window(st) and st["d_col"][0] == GREEN)
    st = data["state"]
    assert st["d_face"][0] > 0 and load(g, data) is not None
    refused(g, edited(data, d_face=[0] + st["d_face"][1:]), "die 0 in the pool is not rolled")


def test_a_two_player_game_keeps_every_swag():
    """ATT-SETUP-7, ATT-D-14: outside the solo game nothing is forgotten, so every deck swag
    and seated McGuffin is somewhere (deck, row, Old Stock or a hand); in a two-player save
    one swag dropped from the deck is refused, the save from play loads."""
    g, data = find(GAME, ((("num_players", 2),),), SEEDS, encounter_window)
    st = data["state"]
    assert load(g, data) is not None
    refused(g, edited(data, swag_deck=st["swag_deck"][1:]), "swag cards not conserved")


def test_a_seat_keeps_its_hat():
    """ATT-SETUP-8, ATT-D-5/12: each player keeps their character's Hat (never sold or
    discarded); the shipped Hats show no secrets, so a save where a seat's Hat is gone is
    refused."""
    g, data = find_save(lambda st: len(st["chars"]) == 3 and encounter_window(st))
    st = data["state"]
    p = 1
    hat = g.content.hats[st["chars"][p]]
    assert g.content.swag[hat].secrets == 0 and load(g, data) is not None
    swag, exh = [list(x) for x in st["swag"]], [list(x) for x in st["exh"]]
    j = swag[p].index(hat)
    del swag[p][j], exh[p][j]
    refused(g, edited(data, swag=swag, exh=exh), f"seat {p} lost its Hat")


def test_a_solo_forget_waits_at_the_bottom_of_the_stack():
    """ATT-SOLO-4: at a failed round's end the secrets to forget are picked in their own
    decision. The phase checks (run on every load) accept a debt of 10 with the forget decision
    at the bottom, and name the debt when that decision is missing."""
    from boardgym.games.ancient_terrible_things.invariants import _phase
    from boardgym.games.ancient_terrible_things.kinds import D_FORGET

    from .test_solo_rules import failed_round

    s = failed_round(["enc25", "enc14", "enc16"], ach=0).s
    assert s.pend[0][0] == D_FORGET and s.forget_req == 10
    words = "secrets to forget with no forget decision"
    assert not any(words in p for p in _phase(s))
    s.pend = s.pend[1:]
    assert any(words in p for p in _phase(s))


def test_dice_are_untouched_before_the_roll():
    """ATT-ENC-1/2: before the roll no die has a face, a lock, a use or a luck reroll; a save
    with a die marked used alone before the roll is refused, naming the die."""
    from boardgym.games.ancient_terrible_things.kinds import D_PREROLL

    g, data = find_save(lambda st: top(st)[0] == D_PREROLL and not st["cq"])
    st = data["state"]
    d = next(d for d in range(MAX_DICE) if st["d_col"][d] >= 0)
    used = list(st["d_used"])
    used[d] = 1
    refused(g, edited(data, d_used=used), f"die {d} rolled or spent before the roll")


def test_a_players_token_count_reads_its_own_row():
    """The helper agents read a player's tokens by kind: ``tok(p, k)`` is the token row of
    seat p, kind k (treasure, focus, courage, feat tokens), for every seat and kind."""
    g = make_game(GAME, num_players=4)
    s = g.new_initial_state()
    s.tokens = list(range(len(s.tokens)))
    assert [[s.tok(p, k) for k in range(4)] for p in range(4)] == [s.tokens[4 * p:4 * p + 4] for p in range(4)]


def test_row_refills_pending_may_take_the_whole_swag_deck():
    """ATT-D-14 (the row refilled from the swag deck): as many refills may wait as the deck
    holds swag; a save whose deck holds exactly as many loads, one more refill than that is
    refused."""
    from boardgym.games.ancient_terrible_things.kinds import CH_ROW

    g, data = find_save(lambda st: any(k == CH_ROW for k, _ in st["cq"]))
    st = data["state"]
    rows = sum(1 for k, _ in st["cq"] if k == CH_ROW)
    deck, rest = st["swag_deck"][:rows], st["swag_deck"][rows:]
    exact = edited(data, swag_deck=deck, old_stock=st["old_stock"] + rest)
    assert load(g, exact).swag_deck == deck
    refused(g, edited(data, swag_deck=deck[:-1], old_stock=st["old_stock"] + deck[-1:] + rest),
            "more row refills pending than swag in the deck")


def test_only_the_active_player_interrupts_and_the_refusal_names_the_decision():
    """ATT-D-12: the Reanimation and Monkey tiles and urgent revelations are used only by the
    active player in their own turn; a save with such a decision pending for another seat (a
    bonus asked of the next seat) is refused, naming the decision."""
    from boardgym.games.ancient_terrible_things.invariants import INTERRUPTS
    from boardgym.games.ancient_terrible_things.kinds import DECISIONS, PH_BONUS

    g, data = find_save(lambda st: st["phase"] == PH_BONUS and st["bonus_k"] >= 1 and st["pend"]
                        and top(st)[1] != st["active"] and not st["cq"])
    st = data["state"]
    kind = INTERRUPTS[-1]
    frame = [kind, top(st)[1], 0, 0]
    refused(g, edited(data, pend=st["pend"] + [frame]),
            f"pend[{len(st['pend'])}] ('{DECISIONS[kind]}'): only the active player interrupts")


def test_the_active_seat_is_the_first_player_s_turn_count_on():
    """ATT-SETUP-9 / RESOLVE-5: the first player opens, then the dice pass clockwise one seat per
    turn, so the active seat is the first player's seat plus the turns played, around the table.
    A save of a 3-player game mid-turn loads; the same save with the next seat marked active is
    refused naming the seat, the turn and the first player."""
    from boardgym.games.ancient_terrible_things.kinds import PH_ENCOUNTER

    g, data = find_save(lambda st: st["phase"] == PH_ENCOUNTER and len(st["chars"]) == 3)
    st = data["state"]
    assert st["active"] == (st["first"] + st["turn"]) % 3 and load(g, data) is not None
    other = (st["active"] + 1) % 3
    refused(g, edited(data, active=other),
            f"seat {other} is active on turn {st['turn']}; seats take turns from seat {st['first']}")


def test_a_selection_is_for_an_effect_or_a_combination():
    """ATT-ENC-4/5 (dice are selected for a card's effect or for a combination): a saved selection
    frame's purpose is 0 (effect) or 1 (combination); 2 is refused by the declaration, naming the
    frame's argument and the two purposes."""
    g, data = find_save(lambda st: top(st)[0] == D_SELECT and top(st)[2] == SEL_COMBO)
    pend = [list(f) for f in data["state"]["pend"]]
    assert load(g, data) is not None
    pend[-1][2] = 2
    refused(g, edited(data, pend=pend), "argument 2 is 2, must be a selection purpose (0 effect, 1 combination) (0..1)")


def test_a_token_count_is_at_most_a_million():
    """The rules put no cap on a seat's tokens; a saved count is bounded at 1,000,000 (far past
    any game) so a corrupt save cannot ask for more: a save with a million of one token passes
    the declaration, one more is refused naming the field and the range."""
    g, data = find_save(lambda st: True)
    tokens = list(data["state"]["tokens"])
    tokens[0] = 1_000_000
    try:
        load(g, edited(data, tokens=tokens))
    except StateError as err:
        assert "tokens[0] is" not in str(err), str(err)
    tokens[0] = 1_000_001
    refused(g, edited(data, tokens=tokens), "tokens[0] is 1000001, must be a token count (0..1000000)")


def test_a_leader_bonus_without_a_decision_lets_no_decision_wait():
    """ATT-EXPLORE-2/3 (the leader takes its location's leader bonus first): a location whose
    leader bonus asks nothing lets no decision wait for it. A save of the Trading Post's leader
    choosing a row swag to cycle loads; moved to the first location of the game (whose leader
    bonus is taken at once) it is refused, the message saying no decision may open there."""
    from boardgym.games.ancient_terrible_things.kinds import D_TP_CYCLE, PH_BONUS

    g, data = find_save(lambda st: st["phase"] == PH_BONUS and st["bonus_k"] == 0 and top(st)[0] == D_TP_CYCLE)
    assert load(g, data) is not None and data["state"]["cur_loc"] != 0
    refused(g, edited(data, cur_loc=0), "pend[0] is a 'tp_cycle' frame, which cannot open here (may: none)")
