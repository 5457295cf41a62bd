"""The narrators (``make_narrator`` of every registered game) and the terminal's menu, in process.

Every game has a narrator; every chance step (a roll, a draw, a reveal) is told by the next
decision, except the draws the rules keep hidden from every player; what ATT says of a roll
is the dice the state holds; Paleo never names a card whose front is hidden."""
from __future__ import annotations

import importlib
import re

import numpy as np
import pytest

from boardgym.core.chance import sample_outcome
from boardgym.core.game import CHANCE, TERMINAL
from boardgym.games import GAMES, make_game
from boardgym.terminal.menu import menu_lines
from boardgym.terminal.words import Words

SMALL = {"ancient_terrible_things": {"num_players": 2}, "paleo": {"num_groups": 2},
         "tides_of_ruin_arcade": {}, "primeval_peril": {}}
# chance kinds whose outcome no player sees when drawn (PALEO-D-21: a setup removal, a dream
# card placed facedown on a deck, a card dealt by its back), or that only shuffles
SILENT = {"paleo": {"remove", "dream"}}


def walk(game_name: str, seed: int, steps: int):
    """(before, after, chance kind or None, lines) for each step of a random seeded game."""
    game = make_game(game_name, **SMALL[game_name])
    words = Words(game_name)
    rng = np.random.default_rng(seed)
    kinds = importlib.import_module(f"boardgym.games.{game_name}.kinds").CHANCES
    s = game.new_initial_state()
    for _ in range(steps):
        p = s.current_player
        if p == TERMINAL:
            return
        before = s.clone()
        kind = None
        if p == CHANCE:
            kind = kinds[s.cq[0][0]]
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            legal = np.flatnonzero(s.legal_mask())
            s.apply(int(legal[rng.integers(len(legal))]))
        yield before, s, kind, words.told(before, s)


def test_every_game_has_a_narrator_and_state_words():
    for g in GAMES:
        w = Words(g)
        assert w.narrate is not None, g
        s = make_game(g, **SMALL[g]).new_initial_state()
        assert w.public(s) and w.table(s, 0)


@pytest.mark.parametrize("game_name", sorted(SMALL))
def test_every_chance_step_is_told(game_name):
    """A run of chance steps is told by the time the next decision comes (ATT says a roll once
    its last die lands), but for the draws no one sees."""
    untold = []
    for seed in (0, 1):
        quiet = []
        for before, after, kind, lines in walk(game_name, seed, 4000):
            if kind is not None and kind not in SILENT.get(game_name, ()):
                quiet.append(kind)
            if lines:
                quiet.clear()
            if kind is None and quiet:
                untold.append(tuple(quiet))
                quiet = []
        assert not untold, f"{game_name}: chance steps told nothing: {sorted(set(untold))[:5]}"


def test_att_rolls_are_the_dice_of_the_state():
    told = 0
    for before, after, kind, lines in walk("ancient_terrible_things", 3, 3000):
        for line in lines:
            m = re.match(r"Seat \d rolls: (.*)$", line)
            if m:
                faces = [x for x in m.group(1).split(", ") if not x.startswith("white")]
                want = [f"{('green', 'yellow', 'purple', 'blue', 'red')[after.d_col[d]]} {after.d_face[d]}"
                        for d in range(8) if after.d_col[d] >= 0]
                assert faces == want, (line, want)
                told += 1
    assert told >= 5


def test_paleo_names_no_hidden_front():
    cards = make_game("paleo", num_groups=2).content.cards
    checked = 0
    for before, after, kind, lines in walk("paleo", 2, 4000):
        public = {cards[x].name for x in (list(after.rev) + after.fu + after.cem + after.bench + after.inplay
                                          + after.secrets + [x for ppl in after.ppl for x in ppl]) if x >= 0}
        hidden = {x for deck in after.deck_c for x in deck if x >= 0} | {x for x in after.ch_c if x >= 0}
        hidden |= {x for x in after.fd_c if x >= 0} | set(after.removed)
        for x in hidden:
            name = cards[x].name
            if name not in public:
                for line in lines:
                    assert name not in line, (name, line)
                checked += 1
    assert checked


@pytest.mark.parametrize("game_name", sorted(SMALL))
def test_menu_numbers_are_action_ids(game_name):
    words = Words(game_name)
    seen = 0
    for before, after, kind, lines in walk(game_name, 4, 600):
        if after.current_player >= 0:
            legal = [int(a) for a in np.flatnonzero(after.legal_mask())]
            keys = [int(re.match(r"\s+(\d+)\. ", ln).group(1)) for ln in menu_lines(after, legal, words)]
            assert keys == sorted(legal)
            seen += 1
    assert seen


@pytest.mark.parametrize("game_name", sorted(SMALL))
def test_no_internal_code_in_options_tables_or_narration(game_name):
    """Along a random game: every legal option's words (the game's own describer, which must not
    fail), the seat's table, the public piles and the narration hold no internal code."""
    from .test_pty_games import CODE

    describe = importlib.import_module(f"boardgym.games.{game_name}").describe_action
    words = Words(game_name)
    shown = 0
    for before, after, kind, lines in walk(game_name, 5, 2500):
        texts = list(lines)
        if after.current_player >= 0:
            texts += [describe(after, int(a)) for a in np.flatnonzero(after.legal_mask())]
            texts += words.table(after, after.current_player).splitlines() + words.public(after)
        for t in texts:
            assert not CODE.search(t), t
        shown += len(texts)
    assert shown > 1000


def test_tides_hidden_hands_show_only_the_own_hand():
    """With hidden hands (Tides of Ruin's ``hidden_hands``) a seat's table names its own skill
    cards and counts the others'."""
    from boardgym.core.replay import random_walk

    game = make_game("tides_of_ruin_arcade", num_players=2, hidden_hands=True)
    s = next(st for st in random_walk(game, np.random.default_rng(0)) if all(st.hand))
    names = [", ".join(game.content.skills[x].name for x in s.hand[p]) for p in range(2)]
    for seat in range(2):
        text = Words("tides_of_ruin_arcade").table(s, seat)
        assert f"  player {seat}: order markers {s.om[seat]} ready, {s.spent[seat]} spent; hand {names[seat]}\n" in text + "\n"
        other = 1 - seat
        assert f"player {other}: order markers {s.om[other]} ready, {s.spent[other]} spent; hand {len(s.hand[other])} cards" in text


@pytest.mark.parametrize("game_name", ["primeval_peril", "tides_of_ruin_arcade"])
def test_an_option_that_chooses_someone_says_what_for(game_name):
    """An option that chooses a character, a crew member, a holder or a player says what the
    choice does ("place Boarding Cutlass on Gunner Bram Kettle (HP 8/8, fatigue 2)", "Lois
    takes the Machete (HP 6/8)"), never only a name ("Gunner Bram Kettle (HP 8/8)", "to Lois",
    "player 1", "Lois is chosen")."""
    game = make_game(game_name, **SMALL[game_name])
    if game_name == "tides_of_ruin_arcade":
        names = {f"{c.role} {c.name}" for c in game.content.crew}
    else:
        from boardgym.games.primeval_peril.characters import NAMES
        names = set(NAMES) | {"the storage"}
    names |= {f"player {p}" for p in range(4)}
    bare = re.compile(r"^(to |choose )?(" + "|".join(map(re.escape, sorted(names))) + r")( \([^)]*\))?( is chosen)?$")
    words = Words(game_name)
    checked = 0
    for seed in (0, 1, 2):
        for before, after, kind, lines in walk(game_name, seed, 2500):
            if after.current_player >= 0:
                for a in np.flatnonzero(after.legal_mask()):
                    text = words.action(after, int(a))
                    assert not bare.match(text), text
                    checked += any(n in text for n in names)
    assert checked > 50


@pytest.mark.parametrize("game_name", ["primeval_peril", "tides_of_ruin_arcade"])
def test_every_blow_of_a_fight_is_told_with_its_cause(game_name):
    """In a fight, each step that costs a character HP says what dealt it (an enemy's
    counterattack, an enemy's ability at the end of the round), never HP lost after "stop
    placing damage" alone; an attack's damage is told with its parts named (the card or weapon,
    each equipped card that adds to it, the die or Destiny, the skill), and they add up to it."""
    hurt = blows = 0
    for seed in range(4):
        for before, after, kind, lines in walk(game_name, seed, 3000):
            if not before.sg_enemy:
                continue
            lost = any(after.hp[c] < before.hp[c] for c in range(5))
            causes = [ln for ln in lines if re.search(r" hits | counterattacks |^End of round \d+: ", ln)]
            if lost:
                assert causes, lines
                hurt += 1
            for ln in lines:
                m = re.match(r".+ hits enemy \d, .+ for (\d+) damage = (.*?)(, \d+ of it blocked by the enemy)?$", ln)
                if m:
                    terms = re.findall(r"(^|[+−] )(−?\d+) \(([^)]+)\)", m.group(2))
                    total = sum(int(n) * (-1 if sign.startswith("−") else 1) for sign, n, _ in terms)
                    assert terms and int(m.group(1)) == max(0, total), ln
                    blows += 1
    assert hurt >= 10 and blows >= 10
