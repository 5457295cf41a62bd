"""One trial of ``python -m boardgym.train.tune``: a real training run (``boardgym.train.run.train``, the
trainer ``python -m boardgym.train`` runs) with the trial's settings applied to the base config,
reporting to Ray Tune as it goes.

After every PPO update (at the start of the next rollout) and once at the end, the trial reports
:data:`REPORTED` to Ray Tune (``ray.tune.report``), so the scheduler (ASHA) can stop a weak trial
early; every ``checkpoint_freq`` timesteps of the config (and at the end) the report carries the
model as Ray Tune's checkpoint, from which an interrupted trial continues when the experiment is
resumed. ``episode_return_mean`` is the mean return of the last (up to) 100 episodes
the rollouts finished, shaping rewards included when the config shapes: SB3's ``ep_rew_mean``.
Reports wait for the first finished episode (a trial that finishes none reports NaN at its end).
"""
from __future__ import annotations

import math
import os
import shutil
import tempfile
from pathlib import Path

REPORTED = {
    "episode_return_mean": "mean return of the last (up to) 100 episodes of the rollouts",
    "episode_length_mean": "mean length (decisions) of the same episodes",
}
MODEL = "model.zip"
KL_REFERENCE = "kl_reference.zip"
EPISODES = "episodes.txt"


def trial_callback(run: Path, checkpoint_freq: int, episodes: int = 0):
    """The SB3 callback reporting a trial's progress (built here: SB3 imports lazily);
    ``episodes``: those finished before a resumed trial's checkpoint."""
    from stable_baselines3.common.callbacks import BaseCallback

    class TuneReport(BaseCallback):
        def __init__(self):
            super().__init__()
            self.episodes = episodes
            self.reported_at = self.checkpointed_at = 0

        def _on_training_start(self) -> None:
            self.reported_at = self.checkpointed_at = int(self.model.num_timesteps)

        def _on_step(self) -> bool:
            self.episodes += int(sum(1 for info in self.locals.get("infos", ()) if "episode" in info))
            return True

        def _on_rollout_start(self) -> None:   # after an update: the model is that update's
            if self.model.num_timesteps > self.reported_at and self.model.ep_info_buffer:
                self.report()

        def metrics(self) -> dict:
            buf = list(self.model.ep_info_buffer)
            mean = (lambda k: sum(float(e[k]) for e in buf) / len(buf)) if buf else (lambda k: math.nan)
            return {"timesteps": int(self.model.num_timesteps), "episodes": self.episodes,
                    "episode_return_mean": mean("r"), "episode_length_mean": mean("l")}

        def report(self, model_zip: Path | None = None) -> None:
            """Report the metrics; with the model as checkpoint every ``checkpoint_freq`` steps
            and at the end (``model_zip``: the run's saved model)."""
            from ray import tune

            steps = int(self.model.num_timesteps)
            if model_zip is None and steps - self.checkpointed_at < checkpoint_freq:
                tune.report(self.metrics())
            else:
                with tempfile.TemporaryDirectory(prefix="boardgym_tune_") as d:
                    if model_zip is not None:
                        shutil.copy(model_zip, Path(d) / MODEL)
                    else:
                        self.model.save(Path(d) / MODEL)
                    if (run / KL_REFERENCE).is_file():
                        shutil.copy(run / KL_REFERENCE, Path(d) / KL_REFERENCE)
                    (Path(d) / EPISODES).write_text(str(self.episodes))
                    tune.report(self.metrics(), checkpoint=tune.Checkpoint.from_directory(d))
                self.checkpointed_at = steps
            self.reported_at = steps

    return TuneReport()


def run_trial(config: dict, base: dict, trials_dir: str, cwd: str) -> None:
    """Ray Tune's function trainable: ``config`` holds the trial's settings (dotted config paths),
    ``base`` the resolved base config; the trial's run folder is ``trials_dir/<trial id>``."""
    from boardgym.train.numerics import pin_kernels

    pin_kernels()
    if os.path.isdir(cwd):   # Ray starts a trial in its own folder; the config's paths are the driver's
        os.chdir(cwd)
    from ray import tune

    from boardgym.train.run import train

    from .space import apply_settings

    trial_id = tune.get_context().get_trial_id()
    run = Path(trials_dir) / trial_id
    cfg = apply_settings(base, config)
    cfg["name"] = f"{base['name']}_{trial_id}"
    resume, episodes = None, 0
    checkpoint = tune.get_checkpoint()
    if checkpoint is not None:   # a resumed experiment: continue from the trial's last checkpoint
        run.mkdir(parents=True, exist_ok=True)
        with checkpoint.as_directory() as d:
            shutil.copy(Path(d) / MODEL, run / "tune_resume.zip")
            if (Path(d) / KL_REFERENCE).is_file():
                shutil.copy(Path(d) / KL_REFERENCE, run / KL_REFERENCE)
            episodes = int((Path(d) / EPISODES).read_text())
        resume = str(run / "tune_resume.zip")
        print(f"trial {trial_id}: continuing from its checkpoint ({resume})", flush=True)
    callback = trial_callback(run, int(cfg["checkpoint_freq"]), episodes)
    train(cfg, run, resume=resume, progress_bar=False, evaluate=False, callbacks=[callback])
    if getattr(callback, "model", None) is None:   # nothing left to train: the run was complete
        from sb3_contrib import MaskablePPO

        callback.init_callback(MaskablePPO.load(run / MODEL, device="cpu"))
    callback.report(run / MODEL)
