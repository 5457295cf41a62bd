"""Joining or starting Ray: the one place every Ray-backed command (``python -m boardgym.train`` with
``backend: rllib``, ``python -m boardgym.eval --ray``, the Ray collection of ``boardgym.train.imitation`` and
``boardgym.train.value``) connects, so the flags mean the same everywhere.

``address=None`` starts a local Ray on this machine (``num_cpus`` caps it, default every core);
``address="auto"`` joins the cluster that ``ray start --head`` started on this machine or the one
``RAY_ADDRESS`` names (``ray job submit`` sets it); ``"HOST:PORT"`` joins that head node. Errors
say what to do in words: Ray not installed, no cluster at the address.
"""
from __future__ import annotations

import os

from boardgym.core.errors import ConfigError
from boardgym.extras import install_hint

INSTALL_HINT = install_hint("rllib")


def import_ray():
    """The ``ray`` module, or a ConfigError saying how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise ConfigError(f"Ray is not installed ({exc}); {INSTALL_HINT}") from None
    return ray


def check_address(address) -> str | None:
    """``None``, ``"auto"`` or ``"HOST:PORT"`` (``ray://HOST:PORT`` for Ray Client); anything
    else is refused before Ray is touched."""
    if address is None:
        return None
    if not isinstance(address, str) or not address.strip():
        raise ConfigError(f"--address: expected 'auto' or HOST:PORT, got {address!r}")
    a = address.strip()
    if a == "auto":
        return a
    host, sep, port = a.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"--address: expected 'auto' or HOST:PORT (e.g. 10.0.0.5:6379), got {address!r}")
    return a


def _probe(address: str, timeout: float = 3.0) -> None:
    """Refuse an address nothing listens at, at once (Ray itself retries for about a minute)."""
    import socket

    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise ConfigError(f"no Ray cluster at --address {address}: nothing answers there ({exc}). "
                          "Start one with 'ray start --head' (see docs/scaling.md) or leave "
                          "--address out to run a local Ray") from None


def init_ray(address: str | None = None, num_cpus: int | None = None, log=None,
             worker_niceness: int = 0):
    """Start or join Ray once per process (a second call with Ray already up reuses it).

    Workers import this project from the driver's working directory (``runtime_env``
    ``working_dir`` is not used: on a cluster every node installs boardgym, see
    docs/scaling.md), and ``PYTHONPATH`` is passed on so a source checkout works too.

    A local Ray's workers are this command's own work, not background jobs: they run at
    ``worker_niceness`` (Ray's default, 15, starves them on a busy machine) and without Ray's
    memory monitor, which kills its own workers when the whole machine is nearly full, other
    programs' memory included. ``RAY_worker_niceness`` / ``RAY_memory_monitor_refresh_ms`` set
    in the environment win; a joined cluster keeps its own settings."""
    ray = import_ray()
    address = check_address(address)
    if num_cpus is not None and (type(num_cpus) is not int or num_cpus < 1):
        raise ConfigError(f"num_cpus: expected a whole number >= 1, got {num_cpus!r}")
    if address is not None and num_cpus is not None:
        raise ConfigError("num_cpus is set by the cluster when joining one (--address); leave it out")
    if ray.is_initialized():
        return ray
    if address is None:
        os.environ.setdefault("RAY_worker_niceness", str(worker_niceness))
        os.environ.setdefault("RAY_memory_monitor_refresh_ms", "0")
    env_vars = {k: os.environ[k] for k in ("PYTHONPATH", "BOARDGYM_SAVE_REPLAYS") if k in os.environ}
    kwargs = {"include_dashboard": False, "log_to_driver": True,
              "runtime_env": {"env_vars": env_vars} if env_vars else None}
    if address is None:
        kwargs["num_cpus"] = num_cpus
    if address not in (None, "auto"):
        _probe(address)
    try:
        # "local": a new Ray of this command's own even when `ray start --head` runs here (a
        # bare ray.init() would join that cluster, and then refuse num_cpus)
        ray.init(address=address or "local", **{k: v for k, v in kwargs.items() if v is not None})
    except ConnectionError as exc:
        auth = "" if os.environ.get("RAY_AUTH_MODE") == "token" or address == "auto" else (
            " If the cluster uses token authentication (`ray start --head` turns it on in Ray "
            "2.59+), set RAY_AUTH_MODE=token here with the cluster's token (~/.ray/auth_token "
            "or RAY_AUTH_TOKEN).")
        raise ConfigError(f"no Ray cluster at --address {address}: {exc}. Start one with "
                          "'ray start --head' (see docs/scaling.md) or leave --address out "
                          f"to run a local Ray.{auth}") from None
    if log is not None:
        res = ray.cluster_resources()
        log(f"ray: {'joined ' + address if address else 'local'}, {int(res.get('CPU', 0))} CPUs, "
            f"{len(ray.nodes())} node(s)")
    return ray
