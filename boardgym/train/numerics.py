"""Torch's CPU kernels pinned, so that a training run gives the same numbers on every machine.

A run (``python -m boardgym.train``) is a function of its config (the seeds, ``torch_threads``, every
section's settings) and of the installed versions (``constraints.txt``). What it does not
depend on: how many worker processes play the games (``jobs``, Ray), the vector env kind, the
number of cores, the environment's ``OMP_NUM_THREADS`` / ``MKL_NUM_THREADS`` (``boardgym.train.run``
sets torch's threads from the config), Python's hash seed. What would make it depend on the
machine are the kernels torch chooses for the CPU it finds, so :func:`pin_kernels` fixes them:

- ``MKL_CBWR=COMPATIBLE``: MKL (torch's matrix products and the QR of the orthogonal
  initialisation, on x86-64 builds) otherwise runs a different code path per CPU vendor and
  instruction set, each summing in its own order; this branch (MKL's conditional numerical
  reproducibility) is the one every x86-64 CPU runs alike.
- ``ATEN_CPU_CAPABILITY=avx2``: torch's own kernels (activations, reductions, the optimizer)
  otherwise use AVX-512 where the CPU has it; capped at AVX2, every x86-64 CPU from about 2015 on
  (Intel Haswell, AMD Excavator and later) runs the same code.

Both are read when torch first computes, so :func:`pin_kernels` runs first thing in
``python -m boardgym.train`` (worker processes inherit the environment). What stays different: another
architecture (ARM, Apple silicon: no MKL), a CPU without AVX2, other torch / NumPy versions,
another ``torch_threads`` (the sums split across threads differently), and a run started in a
Python process that had already computed with torch (the kernels were chosen then;
``versions.torch_cpu_kernels`` in the run's ``config.yaml`` records what ran).
"""
from __future__ import annotations

import os
import platform

PINNED = {"MKL_CBWR": "COMPATIBLE", "ATEN_CPU_CAPABILITY": "avx2"}
EXPECTED_CAPABILITY = "AVX2"   # what torch reports under the pin on an x86-64 CPU with AVX2


def pin_kernels() -> None:
    """Set :data:`PINNED` in this process's environment, whatever it held (on x86-64 only:
    elsewhere torch has neither MKL nor AVX2 kernels and would warn about the name)."""
    if platform.machine().lower() in ("x86_64", "amd64"):
        os.environ.update(PINNED)


def kernels_in_use() -> dict:
    """What this process's torch runs: its CPU capability and MKL's branch (for the run record)."""
    import torch

    return {"torch_cpu_kernels": torch.backends.cpu.get_cpu_capability(),
            "mkl_cbwr": os.environ.get("MKL_CBWR") if torch.backends.mkl.is_available() else "no MKL"}


def kernel_note(used: dict) -> str | None:
    """A line for the run's log when torch does not run the pinned kernels, else None."""
    if used["torch_cpu_kernels"] == EXPECTED_CAPABILITY and used["mkl_cbwr"] == PINNED["MKL_CBWR"]:
        return None
    return (f"note: torch runs its {used['torch_cpu_kernels']} kernels here (MKL: {used['mkl_cbwr']}), "
            f"not AVX2 with MKL_CBWR=COMPATIBLE (this CPU or torch build, or torch computed in this "
            f"process before the run): the numbers can differ from a run on an x86-64 machine with AVX2")
