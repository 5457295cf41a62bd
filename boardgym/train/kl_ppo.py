"""PPO fine-tuning that stays near a reference policy: MaskablePPO + ``coef`` x KL(pi_ref || pi).

A config's ``kl:`` section (keys and defaults: :data:`KL_DEFAULTS`) makes ``boardgym.train.run.train``
build :class:`KLMaskablePPO` instead of MaskablePPO. Its update is PPO's (clipped surrogate,
value loss, entropy bonus, gradient clipping, ``target_kl`` early stop, the same logging) plus

    coef * mean over the minibatch of  KL(pi_ref(.|s, mask) || pi(.|s, mask))

where both distributions are the masked policies of the rollout's observations (masked-out
actions have probability 0 in both and are left out of the sum). ``pi_ref`` is a frozen copy of
the policy after the warm starts (``pretrain:`` / ``dagger:``), saved as
``runs/NAME/kl_reference.zip`` so a resumed run rebuilds it, or ``reference: ppo:PATH``.

**Why KL(pi_ref || pi) (the forward one).** Its gradient with respect to pi is the gradient of
the cross-entropy of pi against pi_ref's probabilities: behaviour cloning on the distilled
policy's soft labels, continued during PPO. It punishes pi for dropping an action pi_ref plays
(the expert's moves stay available) but lets pi spread probability onto other legal actions, so
PPO may still explore. The reverse KL(pi || pi_ref) is mode-seeking and weighs every action by
log pi_ref, which for a nearly deterministic distilled policy is very negative on the actions
it never plays: exploring them at all costs a large penalty, and PPO could not improve on it.

``decay``: after every update ``coef`` is multiplied by it (1 = constant). TensorBoard:
``train/kl_ref`` (the mean KL of the update's minibatches, measured before each step) and
``train/kl_coef``. The reference and these settings are not saved in the model's zip
(``_excluded_save_params``): ``model.zip`` loads with plain ``MaskablePPO.load`` / ``ppo:PATH``.
"""
from __future__ import annotations

import numpy as np
from sb3_contrib import MaskablePPO

KL_DEFAULTS = {
    "coef": 0.1,          # weight of KL(pi_ref || pi) in the loss (>= 0; 0 = plain PPO's update)
    "reference": None,    # None: the policy after the warm starts; or "ppo:PATH" (a model zip)
    "decay": 1.0,         # coef multiplied by this after every update, in (0, 1]
}
_KL_ATTRS = ("kl_ref_policy", "kl_coef", "kl_decay")


def check_kl(section) -> dict | None:
    """The ``kl:`` section with defaults filled in, or None when absent / null; a SystemExit
    naming the key for anything unknown or out of range (the reference's model file included)."""
    from .config import open_section

    out = open_section("kl", section, KL_DEFAULTS)
    if out is None:
        return None
    coef = out["coef"]
    if isinstance(coef, bool) or not isinstance(coef, (int, float)) or not coef >= 0:
        raise SystemExit(f"kl.coef must be a number >= 0, got {coef!r}")
    decay = out["decay"]
    if isinstance(decay, bool) or not isinstance(decay, (int, float)) or not 0 < decay <= 1:
        raise SystemExit(f"kl.decay must be a number in (0, 1] (1 = constant), got {decay!r}")
    ref = out["reference"]
    if ref is not None:
        from boardgym.agents.specs import model_file

        if not isinstance(ref, str) or not ref.startswith("ppo:") or not ref[4:].strip():
            raise SystemExit(f"kl.reference must be 'ppo:PATH' (a MaskablePPO zip) or null (the policy "
                             f"after the warm starts), got {ref!r}")
        if model_file(ref[4:]) is None:
            raise SystemExit(f"kl.reference: no model file {ref[4:]!r}")
    return dict(out, coef=float(coef), decay=float(decay))


def frozen_policy(path, device: str = "cpu"):
    """The policy of the MaskablePPO zip at ``path``, in eval mode, gradients off."""
    model = MaskablePPO.load(str(path), device=device)
    policy = model.policy
    policy.set_training_mode(False)
    for p in policy.parameters():
        p.requires_grad_(False)
    return policy


def masked_kl(ref_logits, logits, masks):
    """KL(ref || pi) per row of two logit batches under one boolean mask (legal actions only)."""
    import torch as th

    neg = th.finfo(logits.dtype).min
    lp = th.log_softmax(th.where(masks, logits, neg), dim=-1)
    lq = th.log_softmax(th.where(masks, ref_logits, neg), dim=-1)
    terms = th.where(masks, lq.exp() * (lq - lp), th.zeros_like(lp))
    return terms.sum(dim=-1)


def _logits(policy, obs):
    features = policy.extract_features(obs, policy.pi_features_extractor)
    return policy.action_net(policy.mlp_extractor.forward_actor(features))


class KLMaskablePPO(MaskablePPO):
    """MaskablePPO whose update adds ``kl_coef`` x KL(pi_ref || pi); see the module doc.
    ``set_reference(policy, coef, decay)`` before ``learn``; without a reference, or with
    ``coef`` 0, the update is MaskablePPO's step for step."""

    kl_ref_policy = None
    kl_coef = 0.0
    kl_decay = 1.0

    def set_reference(self, policy, coef: float, decay: float = 1.0) -> None:
        self.kl_ref_policy, self.kl_coef, self.kl_decay = policy, float(coef), float(decay)

    def _excluded_save_params(self) -> list[str]:
        return super()._excluded_save_params() + list(_KL_ATTRS)

    def train(self) -> None:
        import torch as th
        import torch.nn.functional as F
        from gymnasium import spaces
        from stable_baselines3.common.utils import explained_variance

        policy = self.policy
        policy.set_training_mode(True)
        self._update_learning_rate(policy.optimizer)
        clip = self.clip_range(self._current_progress_remaining)
        clip_vf = None if self.clip_range_vf is None else self.clip_range_vf(self._current_progress_remaining)
        ref = self.kl_ref_policy
        coef = self.kl_coef
        logs = {"entropy": [], "pg": [], "value": [], "clip": [], "kl_ref": []}
        approx = []
        keep_going = True
        loss = None
        for _ in range(self.n_epochs):
            approx = []
            for batch in self.rollout_buffer.get(self.batch_size):
                actions = batch.actions
                if isinstance(self.action_space, spaces.Discrete):
                    actions = actions.long().flatten()
                masks = batch.action_masks
                # the policy's evaluate_actions, unrolled to keep its distribution for the KL
                features = policy.extract_features(batch.observations)
                if policy.share_features_extractor:
                    latent_pi, latent_vf = policy.mlp_extractor(features)
                else:
                    latent_pi = policy.mlp_extractor.forward_actor(features[0])
                    latent_vf = policy.mlp_extractor.forward_critic(features[1])
                dist = policy._get_action_dist_from_latent(latent_pi)
                dist.apply_masking(masks)
                log_prob = dist.log_prob(actions)
                values = policy.value_net(latent_vf).flatten()
                entropy = dist.entropy()

                adv = batch.advantages
                if self.normalize_advantage:
                    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                ratio = th.exp(log_prob - batch.old_log_prob)
                pg_loss = -th.min(adv * ratio, adv * th.clamp(ratio, 1 - clip, 1 + clip)).mean()
                logs["pg"].append(pg_loss.item())
                logs["clip"].append(th.mean((th.abs(ratio - 1) > clip).float()).item())
                pred = values if clip_vf is None else batch.old_values + th.clamp(
                    values - batch.old_values, -clip_vf, clip_vf)
                v_loss = F.mse_loss(batch.returns, pred)
                logs["value"].append(v_loss.item())
                ent_loss = -th.mean(-log_prob) if entropy is None else -th.mean(entropy)
                logs["entropy"].append(ent_loss.item())
                loss = pg_loss + self.ent_coef * ent_loss + self.vf_coef * v_loss
                if ref is not None:
                    bool_masks = th.as_tensor(masks, dtype=th.bool, device=latent_pi.device).reshape(
                        len(actions), -1)
                    with th.no_grad():
                        ref_logits = _logits(ref, batch.observations)
                    kl = masked_kl(ref_logits, policy.action_net(latent_pi), bool_masks).mean()
                    logs["kl_ref"].append(kl.item())
                    if coef > 0:
                        loss = loss + coef * kl
                with th.no_grad():   # PPO's early-stop estimate of KL(old || new)
                    log_ratio = log_prob - batch.old_log_prob
                    approx_kl = th.mean((th.exp(log_ratio) - 1) - log_ratio).cpu().numpy()
                    approx.append(approx_kl)
                if self.target_kl is not None and approx_kl > 1.5 * self.target_kl:
                    keep_going = False
                    break
                policy.optimizer.zero_grad()
                loss.backward()
                th.nn.utils.clip_grad_norm_(policy.parameters(), self.max_grad_norm)
                policy.optimizer.step()
            self._n_updates += 1
            if not keep_going:
                break
        buf = self.rollout_buffer
        self.logger.record("train/entropy_loss", np.mean(logs["entropy"]))
        self.logger.record("train/policy_gradient_loss", np.mean(logs["pg"]))
        self.logger.record("train/value_loss", np.mean(logs["value"]))
        self.logger.record("train/approx_kl", np.mean(approx))
        self.logger.record("train/clip_fraction", np.mean(logs["clip"]))
        if loss is not None:
            self.logger.record("train/loss", loss.item())
        self.logger.record("train/explained_variance",
                           explained_variance(buf.values.flatten(), buf.returns.flatten()))
        self.logger.record("train/n_updates", self._n_updates, exclude="tensorboard")
        self.logger.record("train/clip_range", clip)
        if clip_vf is not None:
            self.logger.record("train/clip_range_vf", clip_vf)
        if ref is not None:
            if logs["kl_ref"]:
                self.logger.record("train/kl_ref", np.mean(logs["kl_ref"]))
            self.logger.record("train/kl_coef", coef)
            self.kl_coef = coef * self.kl_decay


def attach_reference(model, cfg: dict, out, fresh: bool) -> None:
    """Give ``model`` (a KLMaskablePPO) its reference for the config's ``kl:`` section: the
    ``reference`` zip, or the policy as it is now, saved as ``out/kl_reference.zip`` (``fresh``:
    after the warm starts) or read back from it (a resumed PPO). ``coef`` decayed by the updates
    the model already made."""
    from pathlib import Path

    kcfg = cfg["kl"]
    if kcfg["reference"]:
        path = Path(kcfg["reference"][4:])
    else:
        path = Path(out) / "kl_reference.zip"
        if fresh or (not path.is_file() and int(model.num_timesteps) == 0):
            # after the warm starts; also a finished warm-start-only run (total_timesteps 0)
            # resumed for PPO: its model has made no PPO update yet, so it is that policy
            model.save(path)
        elif not path.is_file():
            raise SystemExit(f"--resume: {path} is missing (the KL reference this run saved after its "
                             f"warm starts); set kl.reference: ppo:PATH to name one")
    updates = int(model.num_timesteps) // (int(model.n_steps) * int(model.n_envs))
    model.set_reference(frozen_policy(path), kcfg["coef"] * kcfg["decay"] ** updates, kcfg["decay"])
