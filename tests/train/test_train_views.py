"""``python -m boardgym.train`` in another action space of the game (``env_kwargs.action_space``):
a tiny run trains in it and its final evaluation plays the model on the flat game through the
expansion; phases that still play the flat catalogue refuse it by name."""
import json

import pytest

from boardgym.train.__main__ import main
from boardgym.train.config import CONFIG_DIR


def test_a_run_trains_in_the_combinations_space_and_is_evaluated_on_the_flat_game(tmp_path):
    out = tmp_path / "run"
    assert main(["--game", "ancient_terrible_things", "--timesteps", "64", "--n-envs", "1",
                 "--set", "env_kwargs.action_space=combinations", "--set", "env_kwargs.illegal_action=raise",
                 "--set", "ppo.n_steps=64", "--set", "ppo.batch_size=64", "--out", str(out),
                 "--eval-games", "1", "--no-progress-bar"]) == 0
    from sb3_contrib import MaskablePPO

    assert MaskablePPO.load(out / "model.zip", device="cpu").action_space.n == 1878
    rows = {r["agent"]: r for r in json.loads((out / "results.json").read_text())["evaluation"]["rows"]}
    assert rows["ppo"]["games"] == 1
    from boardgym.core.errors import ConfigError
    from boardgym.train.export_pretrained import export

    with pytest.raises(ConfigError, match="trained in the 'combinations' action space.*ppo:"):
        export(out, "att_combinations", folder=tmp_path / "policies", check=5)
    assert not (tmp_path / "policies").exists()


@pytest.mark.parametrize("config", ["att_selfplay_bc.yaml", "att_selfplay_dagger.yaml"])
def test_phases_that_play_the_flat_catalogue_refuse_another_space(tmp_path, config):
    out = tmp_path / "run"
    with pytest.raises(SystemExit) as exc:
        main(["--config", str(CONFIG_DIR / config), "--set", "env_kwargs.action_space=combinations",
              "--out", str(out)])
    assert "env_kwargs.action_space 'combinations' trains with plain MaskablePPO" in str(exc.value.code)
    assert not out.exists()
