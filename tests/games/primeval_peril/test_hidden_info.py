"""Hidden information never leaks into an observation (spec §4, DESIGN): no seat's vector depends
on what the table cannot see: the event deck's order and faces (only how many are left), the
combat deck's order (the unseen multiset only: which copy of a card is drawn is no
information), numbered cards still in the box, story sections not yet reached. Each check
compares the observations of every seat for two states, or two packs, that differ only there,
over states sampled from seeded random games of the shipped pack."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType

import numpy as np

from boardgym.games import make_game
from boardgym.games.primeval_peril.content import AdventureCard, CombatCard
from boardgym.games.primeval_peril.game import PrimevalGame
from boardgym.games.primeval_peril.kinds import CH_CARD, CH_EVENT, D_MARKET
from tests.games.soundness import random_play

N_PLAYERS = 2


def _states(seed: int, every: int = 9, steps: int = 1500):
    """States along a seeded random game (decisions and chance alike), every ``every`` steps."""
    game = make_game("primeval_peril", num_players=N_PLAYERS, max_turns=25)
    s = game.new_initial_state()
    rng = np.random.default_rng(seed)
    out = [t.clone() for k, t in enumerate(random_play(s, rng, max_steps=steps)) if k % every == 0]
    return game, out


def _views(s) -> list[np.ndarray]:
    return [s.observation(p).copy() for p in range(s.n)]


def _piece(layout, i: int) -> str:
    return next(f"{name}[{i - off}]" for name, off, size, _ in layout.pieces if off <= i < off + size)


def _same_views(a, b, what: str) -> None:
    for p, (x, y) in enumerate(zip(_views(a), _views(b))):
        bad = np.flatnonzero(x != y)
        assert not len(bad), f"{what}: seat {p} sees it in {[_piece(a.game.layout, i) for i in bad[:3]]}"


def _on_pack(s, content):
    """The same save on a game whose pack is ``content`` (the same options)."""
    g = s.game
    other = PrimevalGame.from_content(content, num_players=g.n, max_turns=g.max_turns)
    return other.state_from_json(s.to_json())


def _hidden_edit(s):
    """The pack with every part ``s``'s table cannot see rewritten: the text, challenges and
    choices of each section not reached, the text and challenge of each event still in the deck,
    and the name, text and numbers of each numbered card still in the box (not owned, not on an
    open market, not named by a pending decision). None on the shipped pack reads the same."""
    c = s.game.content
    story = c.story
    open_market = {n for f in s.pend if f[0] == D_MARKET for n in story.markets[f[2]].cards}
    named = {x for f in s.pend for x in f[2:]}
    sections = []
    for sec in story.sections:
        if s.reached[sec.id] or sec.id == s.sec:
            sections.append(sec)
            continue
        choices = tuple(dataclasses.replace(
            ch, text=ch.text + " (rewritten)",
            challenge=dataclasses.replace(ch.challenge, number=ch.challenge.number + 3) if ch.challenge else None)
            for ch in sec.choices)
        sections.append(dataclasses.replace(sec, text="A page nobody has read yet.", choices=choices))
    events = []
    for ev in c.events:
        if s.ev_seen[ev.id] or ev.id == s.ev_cur:
            events.append(ev)
            continue
        chal = dataclasses.replace(ev.challenge, number=ev.challenge.number + 2) if ev.challenge else None
        events.append(dataclasses.replace(ev, name=ev.name + " Unseen", text="Still in the deck.", challenge=chal))
    numbered = {}
    for n, card in c.cards.numbered.items():
        if n in s.owned or n in open_market or n in named:
            numbered[n] = card
        elif isinstance(card, CombatCard):
            numbered[n] = dataclasses.replace(card, name=card.name + " Unseen", damage=card.damage + 1,
                                              text="Still in the box.")
        elif isinstance(card, AdventureCard):
            numbered[n] = dataclasses.replace(card, name=card.name + " Unseen", amount=card.amount + 1,
                                              text="Still in the box.")
        else:
            numbered[n] = dataclasses.replace(card, name=card.name + " Unseen", text="Still in the box.")
    edited = dataclasses.replace(
        c, story=dataclasses.replace(story, sections=tuple(sections)), events=tuple(events),
        cards=dataclasses.replace(c.cards, numbered=MappingProxyType(numbered)))
    changed = (sum(a is not b for a, b in zip(sections, story.sections))
               + sum(a is not b for a, b in zip(events, c.events))
               + sum(numbered[n] is not c.cards.numbered[n] for n in numbered))
    return edited, changed


def test_unreached_sections_unseen_events_and_boxed_cards_do_not_show():
    """Rewriting the pack where the table cannot see (sections not reached, events in the deck,
    numbered cards in the box) changes no seat's observation; rewriting a section the crew has
    read, or the event on the table, does (the comparison is not blind)."""
    compared = read_changes = 0
    for seed in range(3):
        _, states = _states(seed)
        for s in states[::3]:
            edited, changed = _hidden_edit(s)
            assert changed > 0
            _same_views(s, _on_pack(s, edited), f"seed {seed}, turn {s.turn}: a hidden part of the pack")
            compared += 1
            if s.sec >= 0 and s.game.content.story.sections[s.sec].choices:
                c = s.game.content
                sec = c.story.sections[s.sec]
                ch = sec.choices[0]
                seen = dataclasses.replace(sec, choices=(dataclasses.replace(
                    ch, combat=0 if ch.combat else c.combats[0].number),) + sec.choices[1:])
                sections = tuple(seen if x.id == sec.id else x for x in c.story.sections)
                t = _on_pack(s, dataclasses.replace(c, story=dataclasses.replace(c.story, sections=sections)))
                read_changes += any(not np.array_equal(x, y) for x, y in zip(_views(s), _views(t)))
    assert compared >= 20 and read_changes > 0


def test_event_deck_is_a_set_of_unseen_faces():
    """The next event is drawn uniformly from those not seen since the last reshuffle: no order
    is kept, so there is none to see; which events were seen is public (each was read out)."""
    drawn = 0
    for seed in range(3):
        _, states = _states(seed, every=1, steps=600)
        for s in states:
            if not (s.cq and s.cq[0][0] == CH_EVENT):
                continue
            outcomes = dict(s.chance_outcomes())
            unseen = [i for i, x in enumerate(s.ev_seen) if not x] or list(range(len(s.ev_seen)))
            assert sorted(outcomes) == unseen
            assert np.allclose(list(outcomes.values()), 1 / len(unseen))
            drawn += 1
    assert drawn >= 5


def test_combat_deck_shows_its_unseen_multiset_only():
    """In a fight, the draw is uniform over the active deck less the hands, the played cards and
    the discard; and a state whose hands hold another copy of the same card (so the deck holds
    the first copy instead) gives every seat the same observation."""
    swapped = draws = 0
    for seed in range(6):
        game, states = _states(seed, every=1, steps=1500)
        names = [cc.name for cc in game.combat_cards]
        for s in states:
            if not any(s.hand):
                continue
            if s.cq and s.cq[0][0] == CH_CARD:
                seen = {x for h in s.hand for x in h} | set(s.cdisc) | {x for x in s.played if x >= 0}
                left = [x for x in s.deck_in if x not in seen] or sorted(s.cdisc)
                assert sorted(o for o, _ in s.chance_outcomes()) == sorted(left)
                draws += 1
            seen = {x for h in s.hand for x in h} | set(s.cdisc) | {x for x in s.played if x >= 0}
            pile = [x for x in s.deck_in if x not in seen]
            for p, hand in enumerate(s.hand):
                twin = next(((i, y) for i, x in enumerate(hand) for y in pile if names[y] == names[x]
                             and game.combat_cards[y].number == game.combat_cards[x].number), None)
                if twin is None:
                    continue
                t = s.clone()
                t.hand[p][twin[0]] = twin[1]
                t.invalidate()
                assert not t.invariant_errors()
                _same_views(s, t, f"seed {seed}: which copy of {names[twin[1]]} seat {p} drew")
                swapped += 1
    assert swapped >= 5 and draws >= 5
