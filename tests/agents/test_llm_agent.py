"""The ``llm:MODEL@URL`` agent against a local OpenAI-compatible server (``llm_server.FakeLLM``,
started by the test on 127.0.0.1): whole games of every registered game; replies that name no
option get the feedback and a retry, then the fallback; a server that is slow, down or sends
nonsense gets a clear message and the fallback, never a crash or a hang; every exchange is in the
replay, and the viewer shows it."""
from __future__ import annotations

import time

import gymnasium as gym
import numpy as np
import pytest

import boardgym  # noqa: F401
from boardgym.agents.specs import check_spec, make_agent, parse_spec, split_specs
from boardgym.core.agent import RandomAgent, seat_chooser
from boardgym.core.errors import ConfigError
from boardgym.core.replay import Replay, play
from boardgym.envs.registry import registry
from boardgym.games import make_game

from .llm_server import FakeLLM, closed_port_url, prompt_options

GAMES = list(registry()["games"])
SHORT = {"ancient_terrible_things": {"num_players": 2, "length": "short"}}  # a quicker whole game


def _mixed(k: int) -> str:
    """The server's schedule: one slow reply past the timeout, a reply naming no option every
    7th request, a body that is not a chat completion every 13th, else numbers and words."""
    if k == 3:
        return "slow"
    if k % 7 == 5:
        return "malformed"
    if k % 13 == 9:
        return "garbage"
    return "words" if k % 2 else "number"


@pytest.mark.parametrize("name", GAMES)
def test_llm_agent_plays_a_whole_game(name, capsys):
    with FakeLLM(_mixed, delay=1.0) as server:
        agent = make_agent(f"llm:fake-model@{server.url},timeout=0.4,retries=1", name, 0)
        game = make_game(name, **SHORT.get(name, {}))  # the other seats of a competitive game: random (quick)
        others = [agent if game.info.cooperative else RandomAgent()] * (game.num_players - 1)
        final, replay = play(game, 1, seat_chooser([agent] + others, 1))
        requests = server.requests
    assert final.is_terminal()
    counts = agent.counts
    assert counts["decisions"] == len(replay.notes) > 0  # every decision of the llm: seats
    if game.info.cooperative:
        assert len(replay.notes) == len(replay.actions)
    else:
        assert {n["seat"] for n in replay.notes} == {0} and len(replay.notes) < len(replay.actions)
    assert counts["server_errors"] >= 2 and counts["invalid_answers"] >= 1 and counts["fallbacks"] >= 2
    err = capsys.readouterr().err
    assert "did not answer within 0.4 s; a random legal option is played" in err
    assert "sent something that is not a chat completion" in err
    # the replay keeps every exchange beside its decision, through the file too
    notes = Replay.from_json(replay.to_json()).notes
    assert [n["decision"] for n in notes] == sorted({n["decision"] for n in notes})
    for note in notes:
        assert note["action"] == replay.actions[note["decision"]]
        assert note["prompt"].count("Your options:") == 1
        assert note["fallback"] == (note["error"] is not None or len(note["feedback"]) == 2)
    retried = [n for n in notes if n["feedback"]]
    assert retried and all(n["answers"][0] == "I would rather think about it some more." for n in retried)
    # the feedback went back to the model as the next message, after its reply
    fed = [r for r in requests if len(r["messages"]) == 4]
    assert fed and fed[0]["messages"][2]["role"] == "assistant"
    assert "is not one of the options" in fed[0]["messages"][3]["content"]
    assert all(r["model"] == "fake-model" and r["messages"][0]["role"] == "system" for r in requests)
    first = requests[0]["messages"][1]["content"]
    assert first.startswith("How to play (rules primer):")  # the primer at a seat's first decision


def test_a_server_that_is_down_costs_no_hang(capsys):
    agent = make_agent(f"llm:m@{closed_port_url()},timeout=2,max_failures=2", "paleo", 0)
    game = make_game("paleo")
    t0 = time.perf_counter()
    final, replay = play(game, 3, seat_chooser([agent] * game.num_players, 3))
    assert final.is_terminal() and time.perf_counter() - t0 < 20
    assert agent.counts["server_errors"] == 2 and agent.counts["fallbacks"] == len(replay.actions)
    err = capsys.readouterr().err
    assert "cannot reach the server at http://127.0.0.1:" in err and "2 server failures in a row" in err


def test_options_go_to_the_server_and_the_system_template(tmp_path):
    system = tmp_path / "system.txt"
    system.write_text("Seat {seat} of {players} in {title} ({game}). Reply with a number.")
    with FakeLLM(lambda k: "number") as server:
        agent = make_agent(f"llm:m@{server.url},temperature=0.7,max_tokens=9,system={system}",
                           "tides_of_ruin_arcade", 0)
        game = make_game("tides_of_ruin_arcade")
        play(game, 0, seat_chooser([agent], 0), max_steps=30)
        body = server.requests[0]
    assert body["temperature"] == 0.7 and body["max_tokens"] == 9
    assert body["messages"][0]["content"] == ("Seat 0 of 1 in Sleeping Gods: Tides of Ruin — Arcade Mode "
                                              "(tides_of_ruin_arcade). Reply with a number.")
    assert prompt_options(body["messages"][1]["content"])


@pytest.mark.parametrize("spec, words", [
    ("llm:model", "spell it llm:MODEL@URL"),
    ("llm:@http://x/v1", "spell it llm:MODEL@URL"),
    ("llm:m@localhost:8000", "must start with http:// or https://"),
    ("llm:m@http://h/v1,temp=1", "'temp=1' is not one of the options"),
    ("llm:m@http://h/v1,timeout=soon", "timeout must be a number"),
    ("llm:m@http://h/v1,max_tokens=0", "max_tokens must be > 0"),
    ("llm:m@http://h/v1,system=/no/such/file", "cannot read the system prompt file"),
])
def test_bad_llm_specs_say_what_is_wrong(spec, words):
    with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace("/", "/")):
        check_spec(spec, "paleo")


def test_llm_spec_keeps_its_options_in_a_list_of_specs():
    specs = split_specs("llm:qwen2.5:7b@http://127.0.0.1:11434/v1,temperature=0.2,retries=1,heuristic")
    assert specs == ["llm:qwen2.5:7b@http://127.0.0.1:11434/v1,temperature=0.2,retries=1", "heuristic"]
    assert parse_spec(specs[0]).options == {"model": "qwen2.5:7b", "url": "http://127.0.0.1:11434/v1",
                                            "temperature": 0.2, "retries": 1}


def test_llm_opponents_in_an_env_write_their_notes_in_the_replay(tmp_path, monkeypatch):
    """``opponents="llm:..."``: the env's replay holds the opponent's exchanges, and the viewer's
    data shows them to the full view and the opponent's seat."""
    from boardgym.viewer.collect import TileSet, collect

    with FakeLLM(lambda k: "words") as server:
        env = gym.make("boardgym/AncientTerribleThings-v0", opponents=f"llm:m@{server.url}",
                       save_replays=str(tmp_path), length="short")
        obs, _ = env.reset(seed=4)
        done = False
        rng = np.random.default_rng(0)
        while not done:
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, _, term, trunc, _ = env.step(a)
            done = term or trunc
    (path,) = tmp_path.glob("*.json")
    replay = Replay.load(path)
    assert replay.notes and {n["seat"] for n in replay.notes} == {1}
    shown = replay.notes[1]["decision"] + 1  # (the viewer draws every step: the first ones do)
    monkeypatch.setattr(TileSet, "sheets", lambda self: [])  # (the page's pictures: not needed here)
    data = collect(replay, max_steps=shown)
    noted = [s["d"]["note"] for s in data["steps"] if s.get("d") and "note" in s["d"]]
    first = [n for n in replay.notes if n["decision"] < shown]
    assert first and [n["prompt"] for n in noted] == [n["prompt"] for n in first]
    assert all(n["answers"] and not n["fallback"] for n in noted)


def test_boardgym_play_against_an_llm_opponent(tmp_path):
    """``boardgym play --opponents llm:...``: the person plays seat 0 (piped), the model seat 1;
    the saved replay holds the model's exchanges."""
    from tests.test_cli import Inputs, run

    path = tmp_path / "game.json"
    with FakeLLM(lambda k: "words") as server:
        rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seed", "1",
                        "--opponents", f"llm:m@{server.url}",
                        "--save-replay", str(path)], Inputs())
    assert rc == 0, text[-2000:]
    assert "Seat 1 (llm) chose: " in text
    replay = Replay.load(path)
    assert replay.notes and {n["seat"] for n in replay.notes} == {1}
    assert all(not n["fallback"] for n in replay.notes)


def test_a_longer_reply_is_read_where_it_names_one_option():
    from boardgym.agents.llm import read_reply

    opts = [(3, "take the first card (River)"), (9, "sleep early"), (12, "go hunting")]
    assert read_reply("9", opts) == (9, "")
    assert read_reply("<think>maybe 3, maybe 12</think>\n12", opts) == (12, "")
    assert read_reply("Hunting feeds the tribe.\nI choose: **go hunting**", opts) == (12, "")
    assert read_reply("My move is [9] because the deck is thin.", opts) == (9, "")
    assert read_reply("Option 3 looks best here.", opts) == (3, "")
    a, why = read_reply("Either 3 or 9 would do.", opts)  # two numbers: no guess
    assert a is None and "is not one of the options" in why
    assert read_reply("I would rather think about it some more.", opts)[0] is None
