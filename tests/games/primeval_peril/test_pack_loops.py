"""A story pack whose sections loop without a decision is refused when it is loaded, by every way
a pack reaches the engine: ``load_content``, ``make_game``, ``gym.make(content_pack=...)``,
``Replay.load`` of a replay naming the pack and ``boardgym view`` of that replay (PP-EXPL-3, 4,
8: reading a section is followed by its choices, its continue or its end; a ring of continues
would never give the game back to a player). Loading runs the story-graph checks of ``boardgym
validate`` (``story_graph.graph_faults``).

Everything runs under an alarm, so a loader that accepts the pack fails here instead of hanging.
"""
from __future__ import annotations

import io
import json
import time

import gymnasium as gym
import numpy as np
import pytest

import boardgym  # noqa: F401  (registers the ids)
from boardgym.cli import main as cli
from boardgym.core.errors import ContentError, StateError
from boardgym.core.replay import play
from boardgym.games import make_game
from boardgym.games.primeval_peril.content import DEFAULT_PACK, load_content

from ...test_cli import run
from ..packs import edited_pack
from ..test_pack_files import within
from .fixtures import section


def _self_loop(d):
    """6.4 continues to itself (no path back to the map)."""
    s = section(d, "6.4")
    del s["ends"]
    s["goto"] = "6.4"


def _ring_with_a_keyword_exit(d):
    """6.3 and 6.4 continue into each other; only a party holding PACT is redirected out, so the
    graph has a way to the map but a party without PACT reads the two for ever."""
    s = section(d, "6.4")
    del s["ends"]
    s["goto"] = "6.3"
    s["redirects"] = [{"keyword": "PACT", "goto": "6.2"}]
    section(d, "6.3")["goto"] = "6.4"


LOOPS = [(_self_loop, "no path from here leads back to the map or an ending"),
         (_ring_with_a_keyword_exit, "sections 6.3 -> 6.4 -> 6.3 lead into each other with no choice between them")]
IDS = ["self-loop", "ring-with-a-keyword-exit"]


@pytest.fixture(params=LOOPS, ids=IDS)
def looping(request, tmp_path):
    edit, words = request.param
    return edited_pack(DEFAULT_PACK, tmp_path, "story", edit), words


def test_the_shipped_pack_has_no_loop():
    from boardgym.games.primeval_peril.story_graph import graph_faults

    assert graph_faults(load_content()) == []


def test_loading_refuses_a_looping_pack(looping):
    pack, words = looping
    for load in (lambda: load_content(pack), lambda: make_game("primeval_peril", content_pack=pack),
                 lambda: gym.make("boardgym/PrimevalPeril-v0", content_pack=pack)):
        with within(20), pytest.raises(ContentError) as err:
            load()
        assert err.value.file == f"{pack}/story.json" and words in str(err.value), str(err.value)


def test_boardgym_validate_names_the_same_fault(looping):
    pack, words = looping
    rc, text = run(["validate", "primeval_peril", "--pack", pack], io.StringIO())
    assert rc == 2 and words in text and text.count("\n") == 2, text


def test_a_replay_naming_a_looping_pack_is_refused_by_load_and_view(looping, tmp_path, capsys):
    pack, words = looping
    rng = np.random.default_rng(0)
    _final, replay = play(make_game("primeval_peril"), 0,
                          lambda s: int(rng.choice(np.flatnonzero(s.legal_mask()))), max_steps=40)
    d = json.loads(replay.to_json())
    d["config"]["content_pack"] = pack
    path = tmp_path / "loop.json"
    path.write_text(json.dumps(d))
    from boardgym.core.replay import Replay

    with within(20), pytest.raises(StateError) as err:
        Replay.load(path)
    assert str(path) in str(err.value) and "content pack" in str(err.value) and words in str(err.value)
    start = time.perf_counter()
    with within(20):
        rc = cli(["view", str(path), "-o", str(tmp_path / "loop.html")])
    assert rc == 2 and time.perf_counter() - start < 20
    assert words in capsys.readouterr().err
    assert not (tmp_path / "loop.html").exists()
