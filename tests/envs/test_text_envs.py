"""The text envs (``boardgym/<Game>Text-v0``, ``boardgym/<game>_text_v0``), over every registered
game: a scripted reader that sees only the prompt text plays whole games through Gymnasium and
PettingZoo; answers by number, words and prefix; bad answers, retries and both fallbacks; the same
seed plays the same game as the vector env."""
from __future__ import annotations

import re
import unicodedata

import gymnasium as gym
import numpy as np
import pettingzoo
import pytest

import boardgym  # noqa: F401  (registers every id)
from boardgym.core.errors import ConfigError
from boardgym.envs.registry import (gym_ids, registry, text_gym_ids, text_id,
                                    text_pettingzoo_ids)
from boardgym.envs.text_view import CHARSET, parse_answer, primer

OPTION = re.compile(r"^\s+(\d+)\. (.*)$")


def read_options(text: str) -> list[tuple[int, str]]:
    """The numbered options of the last "Your options:" list of a prompt: what a reader of the
    text alone finds."""
    lines = text.split("\n")
    start = max(i for i, line in enumerate(lines) if line == "Your options:")
    out = []
    for line in lines[start + 1:]:
        m = OPTION.match(line)
        if not m:
            break
        out.append((int(m.group(1)), m.group(2)))
    assert out, text
    return out


def reader(rng):
    """A scripted agent: answers with the words of an option it read from the prompt."""
    def answer(text: str) -> str:
        opts = read_options(text)
        return opts[int(rng.integers(len(opts)))][1]
    return answer


def play_gym(env, seed: int, answer) -> tuple[int, dict]:
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        assert env.observation_space.contains(obs), set(obs) - CHARSET
        obs, reward, terminated, truncated, info = env.step(answer(obs))
        assert info["invalid_answers"] == 0, obs
        steps += 1
        if terminated or truncated:
            assert terminated and obs.startswith("The game is over.")
            return steps, info


def test_a_text_id_beside_every_id():
    assert text_gym_ids() == [text_id(i) for i in gym_ids()]
    assert "boardgym/PaleoText-v0" in text_gym_ids()
    assert "boardgym/paleo_text_v0" in text_pettingzoo_ids()
    for i in text_gym_ids():
        base = gym.spec(i.replace("Text-v0", "-v0"))
        assert gym.spec(i).kwargs == base.kwargs and gym.spec(i).max_episode_steps == base.max_episode_steps
    for i in text_pettingzoo_ids():
        assert pettingzoo.spec("aec", i)
    for game in registry()["games"]:
        assert len(primer(game).splitlines()) >= 3


@pytest.mark.parametrize("env_id", text_gym_ids())
def test_reader_plays_whole_games_gymnasium(env_id):
    """Whole games on two seeds, every answer an option's words read from the prompt."""
    for seed in (0, 1):  # the heuristic opponents of competitive games, then random ones
        competitive = not gym.make(env_id).unwrapped.cooperative
        env = gym.make(env_id, **({"opponents": "random"} if seed and competitive else {}))
        steps, info = play_gym(env, seed, reader(np.random.default_rng(seed)))
        assert steps > 5 and info["fallbacks"] == 0


@pytest.mark.parametrize("env_id", text_pettingzoo_ids())
def test_reader_plays_whole_games_pettingzoo(env_id):
    """Every player count the PettingZoo entry tests, every seat reading its own prompt."""
    entry = next(e for e in registry()["pettingzoo"] if text_id(e["id"]) == env_id)
    for k, n in enumerate(entry["test_player_counts"]):
        env = pettingzoo.make("aec", env_id, **{entry["players_kwarg"]: n})
        env.reset(seed=k)
        answer = reader(np.random.default_rng(k))
        decisions = set()
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                assert obs.startswith("The game is over.")
                env.step(None)
                continue
            assert f"you are seat {agent[7:]} of {n}." in obs
            for other in env.agents:  # a seat that waits sees its table, and no options
                if other != agent and agent not in decisions:
                    text = env.observe(other)
                    assert text.endswith("You have nothing to decide now.") and "Your options:" not in text
            decisions.add(agent)
            env.step(answer(obs))
            assert env.infos[agent]["invalid_answers"] == 0
        assert env.unwrapped.game_state.is_terminal() and decisions


@pytest.mark.parametrize("env_id", gym_ids())
def test_same_seed_same_game_as_the_vector_env(env_id):
    """The text env answered by number plays, step by step, the states of the vector env given
    the same seed and the same actions (opponents and chance included): the batched vector env
    (``gym.make_vec``, game i seeded with seed + i) and the single env alike."""
    single, txt = gym.make(env_id).unwrapped, gym.make(text_id(env_id)).unwrapped
    vec = gym.make_vec(env_id, num_envs=2)
    rng = np.random.default_rng(3)
    obs, _ = vec.reset(seed=4)
    for seed, row in ((5, 1), (6, None)):
        if row is None:
            obs, _ = single.reset(seed=seed)
            obs = {k: v[None] for k, v in obs.items()}
            core, row = single, 0
        else:
            core = vec.unwrapped.envs[row]
        txt.reset(seed=seed)
        for _ in range(60):
            assert txt.state.to_json() == core.state.to_json()
            a = int(rng.choice(np.flatnonzero(obs["action_mask"][row])))
            if core is single:
                o, _, term, _, _ = single.step(a)
                obs = {k: v[None] for k, v in o.items()}
            else:
                acts = np.array([a if i == row else int(np.flatnonzero(obs["action_mask"][i])[0])
                                 for i in range(2)])
                obs, _, terms, _, _ = vec.step(acts)
                term = bool(terms[row])
            _, _, term2, _, info = txt.step(str(a))
            assert info["action"] == a and term == term2
            if term:
                break
            assert txt.state.to_json() == core.state.to_json()


def test_answers_by_number_words_and_prefix():
    opts = [(3, "take the first card (River (food))"), (4, "take the first card (Lake)"),
            (9, "sleep early: the rest of the deck goes facedown")]
    assert parse_answer("9", opts) == (9, "")
    assert parse_answer(" 9. sleep early ", opts) == (9, "")
    assert parse_answer("Sleep early", opts) == (9, "")
    assert parse_answer("'take the first card (lake)'.", opts) == (4, "")
    assert parse_answer("[9]", opts) == parse_answer("[sleep early]", opts) == (9, "")  # TextArena's brackets
    a, why = parse_answer("take the first", opts)
    assert a is None and "start of 2 options" in why and "answer with the number" in why
    a, why = parse_answer("7", opts)
    assert a is None and "7 is not one of the numbers of the options (3, 4 or 9)" in why
    for bad in ("", "   ", "banana", None, 4):
        a, why = parse_answer(bad, opts)
        assert a is None and why
    # an answer that fits no option is quoted back whole up to 60 characters, longer ones cut
    sixty, longer = "z" * 60, "z" * 61
    assert parse_answer(sixty, opts)[1].startswith(f"{sixty!r} is not one of the options")
    assert parse_answer(longer, opts)[1].startswith(f"{'z' * 57 + '...'!r} is not one of the options")


@pytest.mark.parametrize("env_id", text_gym_ids())
def test_bad_answers_retries_and_fallbacks(env_id):
    """An answer naming no option leaves the game as it was and says why, ``retries`` times;
    then ``random`` plays a legal option and ``penalty`` costs the penalty; all counted."""
    env = gym.make(env_id, retries=1, fallback="random").unwrapped
    prompt, _ = env.reset(seed=2)
    before = env.state.to_json()
    obs, reward, term, _, info = env.step("no such option, really")
    assert env.state.to_json() == before and reward == 0.0 and not term
    assert obs.startswith("'no such option, really' is not one of the options") and obs.endswith(prompt)
    assert "1 more try before the fallback" in obs
    assert info["invalid_answers"] == 1 and info["fallbacks"] == 0 and info["action"] is None
    obs, reward, _, _, info = env.step("rules")
    assert info["rules_requests"] == 1 and info["invalid_answers"] == 1 and primer(env.game_name) in obs
    assert reward == 0.0 and env.state.to_json() == before   # asking for the rules costs nothing
    legal = [a for a, _ in read_options(prompt)]
    obs, _, _, _, info = env.step("")
    assert info["invalid_answers"] == 2 and info["fallbacks"] == 1 and info["action"] in legal
    assert "a random option was played" in info["feedback"] and obs.startswith(info["feedback"])

    env = gym.make(env_id, retries=0, fallback="penalty", invalid_penalty=-0.5).unwrapped
    env.reset(seed=2)
    before = env.state.to_json()
    for k in (1, 2):
        obs, reward, _, _, info = env.step("???")
        assert reward == -0.5 and info["fallbacks"] == k and env.state.to_json() == before
    env = gym.make(env_id, retries=0, fallback="penalty").unwrapped   # the default penalty: -1
    env.reset(seed=2)
    assert env.step("???")[1] == -1.0
    for bad in ({"retries": -1}, {"fallback": "forfeit"}, {"invalid_penalty": float("nan")},
                {"primer": "sometimes"}):
        with pytest.raises(ConfigError, match=next(iter(bad))):
            gym.make(env_id, **bad)


@pytest.mark.parametrize("env_id", text_gym_ids()[:1])
def test_the_random_fallback_follows_the_episodes_seed(env_id):
    """The random fallback's choices come from the episode's seed: the same seed plays the same
    options, game after game; an episode reset without a seed falls back too."""
    def fallbacks(seed):
        env = gym.make(env_id, retries=0, fallback="random").unwrapped
        env.reset(seed=seed)
        played = []
        for _ in range(12):
            _, _, term, _, info = env.step("???")
            played.append(info["action"])
            if term:
                break
        return played

    first = fallbacks(7)
    assert first == fallbacks(7) and len(set(first)) > 1
    assert all(a is not None for a in fallbacks(None))


def test_primer_once_per_seat_always_or_never():
    env = gym.make("boardgym/PaleoText-v0")
    text, _ = env.reset(seed=0)
    rules = primer("paleo")
    assert text.startswith("How to play (rules primer):\n" + rules)
    text, *_ = env.step(read_options(text)[0][1])  # group 1 decides: its first prompt
    assert rules in text
    text, *_ = env.step(read_options(text)[0][1])
    assert rules not in text
    assert rules not in gym.make("boardgym/PaleoText-v0", primer="never").reset(seed=0)[0]


@pytest.mark.parametrize("env_id", text_pettingzoo_ids()[:2])
def test_pettingzoo_bad_answer_keeps_the_seat(env_id):
    env = pettingzoo.make("aec", env_id, retries=0, fallback="random")
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.unwrapped.game_state.to_json()
    env.step("¿qué?")
    info = env.infos[agent]
    assert info["invalid_answers"] == 1 and info["fallbacks"] == 1 and info["action"] is not None
    assert env.unwrapped.game_state.to_json() != before or env.agent_selection == agent
    env.reset(seed=1)
    env.unwrapped.turns.retries = 3
    env.step("¿qué?")
    assert env.agent_selection == agent and env.unwrapped.game_state.to_json() == before
    assert env.observe(agent).startswith("'¿qué?' is not one of the options")
    with pytest.raises(ConfigError, match="agent_order"):
        pettingzoo.make("aec", env_id, agent_order="cycle")


def test_pettingzoo_tells_each_seat_what_was_chosen():
    """A valid answer is narrated: the seat reads what it chose, in the option's words, and the
    other seat reads that seat 0 moved (no hidden information: ATT's explore is public)."""
    env = pettingzoo.make("aec", "boardgym/ancient_terrible_things_text_v0", num_players=2)
    env.reset(seed=1)
    assert env.agent_selection == "player_0"
    answer = read_options(env.observe("player_0"))[0][1]
    env.step(answer)
    assert f"You (seat 0) chose: {answer}" in env.observe("player_0")
    assert f"Seat 0 chose: {answer}" in env.observe("player_1")


@pytest.mark.parametrize("env_id", text_gym_ids())
def test_option_numbers_are_right_aligned_and_the_charset_has_no_control_codes(env_id):
    """The options list reads as a column: two spaces, then each number right-aligned to the
    widest, a full stop and the option's words. The prompt space's characters are printable,
    with newline and tab the only control codes (no DEL, no C1 codes)."""
    env = gym.make(env_id)
    obs, _ = env.reset(seed=3)
    answer = reader(np.random.default_rng(3))
    for _ in range(5):
        lines = obs.split("\n")
        start = max(i for i, line in enumerate(lines) if line == "Your options:")
        opts = read_options(obs)
        width = max(len(str(a)) for a, _ in opts)
        for line, (a, name) in zip(lines[start + 1:], opts):
            assert line == "  " + str(a).rjust(width) + ". " + name
        obs, *_ = env.step(answer(obs))
    assert {ch for ch in CHARSET if unicodedata.category(ch) == "Cc"} == {"\n", "\t"}


def test_text_envs_refuse_another_action_space_by_name():
    """Answers are read against the game's own actions, so a view such as ATT's whole
    combinations is refused with the option's name, for both text envs."""
    with pytest.raises(ConfigError, match="action_space='combinations'"):
        gym.make("boardgym/AncientTerribleThingsText-v0", action_space="combinations")
    with pytest.raises(ConfigError, match="action_space='combinations'"):
        pettingzoo.make("aec", "boardgym/ancient_terrible_things_text_v0", action_space="combinations")
    assert gym.make("boardgym/AncientTerribleThingsText-v0", action_space="flat").reset(seed=0)[0]


@pytest.mark.parametrize("make", [
    lambda d: gym.make("boardgym/PaleoText-v0", save_replays=d),
    lambda d: pettingzoo.make("aec", "boardgym/tides_of_ruin_arcade_text_v0", num_players=2, save_replays=d)])
def test_a_text_episode_saves_a_replay_that_replays(make, tmp_path):
    """Chance drawn node by node for the narration is recorded as the vector envs record it: the
    saved replay replays every move to the same end (``Replay.load`` checks it)."""
    from boardgym.core.replay import Replay

    env = make(str(tmp_path))
    answer = reader(np.random.default_rng(0))
    if isinstance(env, gym.Env):
        play_gym(env, 7, answer)
        final = env.unwrapped.state
    else:
        env.reset(seed=7)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else answer(obs))
        final = env.unwrapped.game_state
    (path,) = tmp_path.glob("*.json")
    replay = Replay.load(path)
    assert replay.seed == 7 and replay.returns == [float(x) for x in final.returns()]
