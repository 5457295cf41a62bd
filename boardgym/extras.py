"""The optional parts of boardgym and the one check that they are installed.

The base install (``pip install boardgym``) gives every environment, the heuristics, the shipped
``pretrained`` policies, ISMCTS, the viewer and terminal play. The extras add the rest:

* ``train``: training and evaluation (``boardgym train`` / ``python -m boardgym.train``,
  ``boardgym eval`` / ``python -m boardgym.eval``, ``ppo:PATH`` agents): torch, SB3, the statistics;
* ``rllib``: Ray RLlib (``backend: rllib``, ``--ray``, ``rllib:PATH`` agents);
* ``llm``: the ``openai`` client, for ``llm:MODEL@URL`` agents (an OpenAI-compatible server);
* ``textarena``: TextArena, for every game as a TextArena environment (``boardgym.envs.textarena_env``);
* ``bench``: pygame, only for the speed benchmark's PettingZoo peer;
* ``dev``: the test suite's tools.

``require(extra, what)`` is called where a command or agent first reaches for an extra: when one
of its modules is missing it raises a ConfigError naming the extra to install, not a bare
``ModuleNotFoundError`` from deep inside. It only looks the modules up (nothing is imported).
"""
from __future__ import annotations

import importlib.util

from boardgym.core.errors import ConfigError

# the modules each extra brings (import names of its distributions in pyproject.toml)
EXTRAS: dict[str, tuple[str, ...]] = {
    "train": ("torch", "stable_baselines3", "sb3_contrib", "tensorboard", "tqdm", "rich",
              "matplotlib", "scipy", "statsmodels", "rliable"),
    "rllib": ("ray",),
    "llm": ("openai",),
    "textarena": ("textarena",),
    "bench": ("pygame",),
    "dev": ("pytest", "xdist", "hypothesis", "torchrl", "moviepy", "playwright"),
}


def missing(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported here."""
    out = []
    for name in EXTRAS[extra]:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            out.append(name)
    return out


def install_hint(extra: str) -> str:
    return f"install it with: pip install 'boardgym[{extra}]' (in a checkout: pip install -e '.[{extra}]')"


def require(extra: str, what: str) -> None:
    """A ConfigError saying that ``what`` needs ``extra``, unless all its modules are there."""
    if extra not in EXTRAS:
        raise ValueError(f"unknown extra {extra!r}; known: {', '.join(EXTRAS)}")
    gone = missing(extra)
    if gone:
        raise ConfigError(f"{what} needs the optional part '{extra}' of boardgym, which is not "
                          f"installed (missing: {', '.join(gone)}); {install_hint(extra)}")


def require_for(prog: str, extra: str) -> None:
    """``require`` for a command's ``main`` (``prog``, e.g. ``python -m boardgym.train``): the
    message as a SystemExit."""
    try:
        require(extra, prog)
    except ConfigError as exc:
        raise SystemExit(str(exc)) from None


def extra_of(module_name: str | None) -> str | None:
    """The extra whose module ``module_name`` (or its top-level package) is, if any."""
    top = (module_name or "").split(".")[0]
    return next((e for e, mods in EXTRAS.items() if top in mods), None)
