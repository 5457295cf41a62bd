"""``python -m boardgym.train`` in another action space of the game (``env_kwargs.action_space``):
a tiny run trains in it, its final evaluation plays the model on the flat game through the
expansion, and it exports as a numpy baseline that plays the same (imitation in the space, and
the phases that refuse it: tests/train/test_dagger_views.py)."""
import json

import pytest

from boardgym.train.__main__ import main


def test_a_run_trains_in_the_combinations_space_and_is_evaluated_on_the_flat_game(tmp_path):
    out = tmp_path / "run"
    assert main(["--game", "ancient_terrible_things", "--timesteps", "64", "--n-envs", "1",
                 "--set", "env_kwargs.action_space=combinations", "--set", "env_kwargs.illegal_action=raise",
                 "--set", "ppo.n_steps=64", "--set", "ppo.batch_size=64", "--out", str(out),
                 "--eval-games", "2", "--no-progress-bar"]) == 0
    from sb3_contrib import MaskablePPO

    assert MaskablePPO.load(out / "model.zip", device="cpu").action_space.n == 1878
    rows = {r["agent"]: r for r in json.loads((out / "results.json").read_text())["evaluation"]["rows"]}
    assert rows["ppo"]["games"] == 2
    # exported as a numpy baseline (the manifest records the space), it plays the flat game
    # exactly as the torch policy does through ppo:PATH
    import io

    from boardgym.agents.pretrained import PretrainedAgent
    from boardgym.agents.specs import make_agent
    from boardgym.core.replay import play_agents
    from boardgym.games import make_game
    from boardgym.train.export_pretrained import export

    entry = export(out, "att_combinations", folder=tmp_path / "policies", check=40, out=io.StringIO())
    assert entry["action_space"] == "combinations" and entry["num_actions"] == 1878
    game = make_game("ancient_terrible_things", num_players=1)
    numpy_end = play_agents(game, 3, [PretrainedAgent("ancient_terrible_things", "att_combinations",
                                                      folder=tmp_path / "policies")])
    torch_end = play_agents(game, 3, [make_agent(f"ppo:{out / 'model.zip'}", "ancient_terrible_things")])
    assert numpy_end.to_json() == torch_end.to_json()
    # a manifest naming a space the game does not offer is refused in words
    import json as _json

    from boardgym.core.errors import ConfigError

    manifest = tmp_path / "policies" / "manifest.json"
    doc = _json.loads(manifest.read_text())
    doc["policies"][0]["action_space"] = "whole_turns"
    manifest.write_text(_json.dumps(doc))
    with pytest.raises(ConfigError, match="'whole_turns' action space, which ancient_terrible_things no longer offers"):
        PretrainedAgent("ancient_terrible_things", "att_combinations", folder=tmp_path / "policies")
