"""The multi-process batched vector env: W worker processes each step N/W games of one id into
arrays in shared memory (the standard library's ``multiprocessing.shared_memory``), the design
EnvPool and PufferLib use. ``gym.make_vec(id, num_envs=N, num_workers=W)`` builds it."""
from __future__ import annotations

import importlib
import multiprocessing as mp
import os
import pickle
import signal
import traceback
import weakref
from multiprocessing.connection import wait
from multiprocessing.shared_memory import SharedMemory

import numpy as np
from gymnasium.vector import AutoresetMode

from boardgym.core.errors import ConfigError, IllegalActionError, VectorWorkerError

from .gym_env import BoardgymEnv
from .illegal import in_space
from .kwargs import is_int
from .vector import BoardgymVectorEnv, _check_steps, int_ids

START_METHODS = ("forkserver", "spawn", "fork")
_STEP = pickle.dumps(("step", True))
# the arrays every worker writes its rows of (and ``actions``, which the parent writes)
_FIELDS = (("_vec", np.float32, "d"), ("_mask", np.int8, "a"), ("_rewards", np.float64, ""),
           ("_term", np.bool_, ""), ("_trunc", np.bool_, ""), ("_seat", np.int64, ""),
           ("_player", np.int64, ""), ("_actions", np.int64, ""))


def _layout(n: int, d: int, a: int) -> tuple[list, int]:
    """``[(field, dtype, shape, offset)]`` of the arrays in one segment, and its size."""
    out, offset = [], 0
    for name, dtype, extra in _FIELDS:
        shape = (n,) + ({"d": (d,), "a": (a,)}.get(extra, ()))
        out.append((name, dtype, shape, offset))
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        offset += -(-size // 64) * 64   # each array on its own cache lines
    return out, max(offset, 1)


def _views(buf, layout, lo: int, hi: int) -> dict:
    """The rows ``lo:hi`` of every array of ``layout`` in the buffer ``buf``."""
    return {name: np.ndarray(shape, dtype, buffer=buf, offset=offset)[lo:hi]
            for name, dtype, shape, offset in layout}


def _pack(exc: BaseException) -> tuple:
    """An exception as picklable parts: boardgym errors take other arguments than their message,
    so they do not pickle as themselves; ``_unpack`` rebuilds the same class and message."""
    cls = type(exc)
    attrs = dict(getattr(exc, "__dict__", {}))
    try:
        pickle.dumps((exc.args, attrs))
    except Exception:
        attrs = {}
        if not _picklable(exc.args):
            return cls.__module__, cls.__qualname__, (str(exc),), {}, traceback.format_exc()
    return cls.__module__, cls.__qualname__, exc.args, attrs, traceback.format_exc()


def _picklable(value) -> bool:
    try:
        pickle.dumps(value)
    except Exception:
        return False
    return True


def _unpack(packed: tuple, where: str) -> BaseException:
    module, qualname, args, attrs, tb = packed
    try:
        cls = importlib.import_module(module)
        for part in qualname.split("."):
            cls = getattr(cls, part)
        exc = cls.__new__(cls)
        BaseException.__init__(exc, *args)
        exc.__dict__.update(attrs)
    except Exception:
        exc = VectorWorkerError(f"{where} raised {module}.{qualname}: {' '.join(map(str, args))}")
    exc.add_note(f"(raised in {where}; its traceback:)\n{tb.rstrip()}")
    return exc


def _worker(lo: int, hi: int, shm_name: str, layout, kwargs: dict, conn, parent_end) -> None:
    """Worker loop: a ``BoardgymVectorEnv`` over games ``lo:hi`` whose arrays are rows of the
    shared segment; it answers the parent's commands until ``close`` or the parent is gone."""
    if parent_end is not None:   # (fork) the parent's end, so that its death reads as EOF here
        parent_end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the parent's to handle (it closes us)
    shm = SharedMemory(name=shm_name)
    venv = None
    try:
        try:
            venv = BoardgymVectorEnv(hi - lo, copy=False, **kwargs)
            for name, view in _views(shm.buf, layout, lo, hi).items():
                setattr(venv, name, view)
            venv._obs = {"observation": venv._vec, "action_mask": venv._mask}
        except BaseException as exc:
            conn.send(("error", _pack(exc)))
            return
        conn.send(("ok", None))
        while True:
            try:
                cmd, arg = conn.recv()
            except (EOFError, OSError):   # the parent is gone
                return
            if cmd == "close":
                conn.send(("ok", None))
                return
            try:
                conn.send(("ok", _serve(venv, cmd, arg)))   # (pickled whole before a byte is sent)
            except Exception as exc:   # a game's error, or a result that cannot leave the process
                conn.send(("error", _pack(exc)))
    finally:
        if venv is not None:
            venv.close()
        _detach(shm)


def _serve(venv: BoardgymVectorEnv, cmd: str, arg):
    if cmd == "step":
        return venv._step_into(venv._actions)
    if cmd == "check":   # the first game (local index) that refuses its action, and why
        same_step = venv.autoreset_mode == AutoresetMode.SAME_STEP
        for i in range(venv.num_envs):
            if not venv._done[i] or same_step:
                try:
                    venv._check(i, venv._actions[i])
                except IllegalActionError as exc:
                    return i, _pack(exc)
        return None
    if cmd == "reset":
        rows, seeds = arg
        venv._reset_rows(rows, seeds)
        return None
    op, name, indices, values, args, kwargs = arg
    return venv._per_env(op, name, indices, values, args, kwargs)


def _shutdown(procs, conns, shm, timeout: float = 5.0) -> None:
    """Ask every worker to stop, join it (terminate or kill one that does not), close the pipes
    and unlink the segment. The env's ``close`` and its finalizer (garbage collection,
    interpreter exit) both call it; a second call does nothing."""
    for conn in conns:
        try:
            conn.send(("close", None))
        except (OSError, ValueError):
            pass
    for proc in procs:
        if proc.pid is None:
            continue
        proc.join(timeout)
        if proc.is_alive():
            proc.terminate()
            proc.join(1.0)
        if proc.is_alive():
            proc.kill()
            proc.join()
    for conn in conns:
        conn.close()
    procs.clear(), conns.clear()
    if shm:
        segment = shm.pop()
        segment.unlink()
        _detach(segment)


def _detach(segment: SharedMemory) -> None:
    """Close the segment's file descriptor but leave its mapping to the arrays that use it: a
    NumPy array over ``SharedMemory.buf`` holds the mmap object, not a buffer export, so
    ``SharedMemory.close()`` (also called by its ``__del__``) would unmap memory an array still
    reads (a user's ``copy=False`` observation, or the env's own arrays during interpreter exit)
    and crash the process. The mapping goes when the last array using it is freed."""
    if segment._fd >= 0:
        os.close(segment._fd)
        segment._fd = -1
    segment._buf = None
    segment._mmap = None


class BoardgymMultiprocessVectorEnv(BoardgymVectorEnv):
    """N games of one id in ``num_workers`` worker processes, each stepping its share (N/W, as
    even as can be) with a ``BoardgymVectorEnv`` whose arrays are rows of one shared-memory
    segment: observations, masks, rewards, flags, and the actions the parent writes. A step
    sends each worker a short command through its pipe; only the infos' rare parts (illegal-action
    texts, SAME_STEP final observations) travel back through it. ``gym.make_vec(id, num_envs=N,
    num_workers=W)`` builds it; results, seeds, infos and errors are those of the
    single-process ``BoardgymVectorEnv`` of the same kwargs, bit for bit.

    Arguments: those of ``BoardgymVectorEnv``, and ``num_workers`` (1..N); ``start_method``
    (``"forkserver"``, the default, as ``python -m boardgym.train`` starts ``SubprocVecEnv``:
    the workers fork from a clean server that imported boardgym once, which is safe when the
    parent runs threads, e.g. torch's; ``"fork"`` starts faster but may deadlock a child of a
    threaded parent; ``"spawn"`` imports boardgym anew in every worker); ``worker_timeout``
    (seconds a worker may take to answer one command, its start aside; None: no limit). With ``forkserver`` or ``spawn``
    the env kwargs are pickled to every worker: opponent objects are copied, one per worker.

    A worker that dies (or outlives ``worker_timeout``) raises ``VectorWorkerError`` naming it,
    and the env is then closed; an error inside a worker is raised in the parent as the same
    class with the same message (an illegal action under ``illegal_action="raise"``:
    ``IllegalActionError``, before any game of any worker moves). ``close()`` joins the
    workers and unlinks the segment; an env dropped or left at exit without ``close()`` is
    closed by a finalizer, and the workers are daemons."""

    def __init__(self, num_envs: int = 1, *, num_workers: int = 1, autoreset_mode=AutoresetMode.NEXT_STEP,
                 copy: bool = True, max_episode_steps: int | None = None, start_method: str = "forkserver",
                 worker_timeout: float | None = None, **env_kwargs):
        self._procs, self._conns, self._shm = [], [], []
        self._finalizer = weakref.finalize(self, _shutdown, self._procs, self._conns, self._shm)
        self._broken = None
        if not is_int(num_envs) or num_envs < 1:
            raise ConfigError(f"num_envs must be an int >= 1, got {num_envs!r}")
        if not is_int(num_workers) or not 1 <= num_workers <= num_envs:
            raise ConfigError(f"num_workers must be an int from 1 to num_envs ({num_envs}), got {num_workers!r}")
        if start_method not in START_METHODS:
            raise ConfigError(f"start_method must be one of {', '.join(START_METHODS)}, got {start_method!r}")
        if worker_timeout is not None and not (isinstance(worker_timeout, (int, float)) and worker_timeout > 0
                                               and not isinstance(worker_timeout, bool)):
            raise ConfigError(f"worker_timeout must be a number of seconds > 0 or None, got {worker_timeout!r}")
        if "game" not in env_kwargs:
            raise ConfigError("the multi-process vector env needs game= (gym.make_vec passes the id's)")
        steps = _check_steps(max_episode_steps, env_kwargs["game"])
        probe = BoardgymEnv(**env_kwargs)   # the kwargs refused here, by name, before any process starts
        try:
            self._allocate(probe, int(num_envs), autoreset_mode, copy, steps)
            self._illegal_raise = probe.illegal_action == "raise"
            self._num_actions = probe.num_actions
        finally:
            probe.close()
        self.num_workers = w = int(num_workers)
        self.worker_timeout = worker_timeout
        n = self.num_envs
        bounds = [n * k // w for k in range(w + 1)]
        self._slices = [(bounds[k], bounds[k + 1]) for k in range(w)]
        layout, size = _layout(n, self._vec.shape[1], self._mask.shape[1])
        shm = SharedMemory(create=True, size=size)
        self._shm.append(shm)
        for name, view in _views(shm.buf, layout, 0, n).items():
            view[...] = getattr(self, name, 0)
            setattr(self, name, view)
        self._obs = {"observation": self._vec, "action_mask": self._mask}
        worker_kwargs = dict(env_kwargs, autoreset_mode=self.autoreset_mode,
                             max_episode_steps=-1 if steps is None else steps)
        self._start(start_method, shm.name, layout, worker_kwargs)

    def _start(self, start_method: str, shm_name: str, layout, kwargs: dict) -> None:
        ctx = mp.get_context(start_method)
        if start_method == "forkserver":
            ctx.set_forkserver_preload([__name__])   # boardgym imported once, in the server
        for lo, hi in self._slices:
            parent_end, child_end = ctx.Pipe()
            proc = ctx.Process(target=_worker, name=f"boardgym-vector-worker-{len(self._procs)}", daemon=True,
                               args=(lo, hi, shm_name, layout, kwargs, child_end,
                                     parent_end if start_method == "fork" else None))
            self._conns.append(parent_end)
            self._procs.append(proc)
            try:
                proc.start()
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                self.close()
                raise ConfigError(f"the env kwargs must pickle to start {start_method} workers "
                                  f"(use start_method='fork' for objects that do not): {exc}") from exc
            finally:
                child_end.close()
        for k in range(len(self._procs)):
            self._recv(k, startup=True)   # each worker built its games (or its error is raised here)

    # -- talking to the workers -------------------------------------------------------------
    def _where(self, k: int) -> str:
        lo, hi = self._slices[k]
        return f"worker {k} (pid {self._procs[k].pid}, envs {lo}..{hi - 1})"

    def _fail(self, k: int, why: str):
        self._broken = f"{self._where(k)} {why}"
        if self._procs[k].is_alive():   # (hung: no use asking it to stop)
            self._procs[k].kill()
        self.close()
        raise VectorWorkerError(f"the multi-process vector env's {self._broken}; the env is closed")

    def _send(self, k: int, cmd: str, arg=None) -> None:
        if self._broken is not None:
            raise VectorWorkerError(f"the multi-process vector env {self._broken}; the env is closed"
                                    if self._broken.startswith("was ") else
                                    f"the multi-process vector env's {self._broken}; the env is closed")
        if not self._procs:
            raise VectorWorkerError("the multi-process vector env is closed")
        try:
            if cmd == "step":   # every step's command, pickled once (what Connection.send would write)
                self._conns[k].send_bytes(_STEP)
            else:
                self._conns[k].send((cmd, arg))
        except (OSError, ValueError):
            proc = self._procs[k]
            proc.join(0.1)
            self._fail(k, f"died (exit code {proc.exitcode})")

    def _recv(self, k: int, startup: bool = False):
        conn, proc = self._conns[k], self._procs[k]
        if self.worker_timeout is None and not startup:   # no deadline: read at once (a worker
            ready = [conn]                                # that dies closes its end: EOF, below)
        else:
            ready = wait([conn, proc.sentinel], None if startup else self.worker_timeout)
        if conn in ready:
            try:
                status, payload = conn.recv()
            except (EOFError, OSError):
                status = None
            if status == "ok":
                return payload
            if status == "error":
                raise _unpack(payload, self._where(k))
        if not ready:
            self._fail(k, f"took more than worker_timeout={self.worker_timeout} s to answer")
        proc.join(1.0)
        self._fail(k, f"died (exit code {proc.exitcode})")

    def _all_workers(self, cmd: str, args) -> list:
        """Send ``cmd`` with ``args[k]`` to every worker k with ``args[k]`` not None, then gather
        the answers of every worker it reached, so no answer is left in a pipe; then raise the
        first error (a value that does not pickle, a worker's). An interruption (Ctrl-C) in
        between would leave answers behind: it closes the env."""
        sent, error = [], None
        try:
            for k, arg in enumerate(args):
                if arg is None:
                    continue
                try:
                    self._send(k, cmd, arg)
                except VectorWorkerError:
                    raise
                except Exception as exc:   # pickling the command failed: nothing was sent
                    error = exc
                    break
                sent.append(k)
            results = {}
            for k in sent:
                try:
                    results[k] = self._recv(k)
                except VectorWorkerError:
                    raise
                except Exception as exc:
                    error = error or exc
        except (KeyboardInterrupt, SystemExit):
            self._broken = f"was interrupted during {cmd!r}"
            self.close()
            raise
        if error is not None:
            raise error
        return [results.get(k) for k in range(self.num_workers)]

    # -- the batched env's steps, over the workers ---------------------------------------------
    def _refuse(self, actions) -> None:
        """The single-process env's checks in its order: the count and action ids here, an
        illegal action under ``raise`` in the workers, before any game moves."""
        self._check_count(actions)
        n = self.num_envs
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        out, first = self._actions, None
        fast = int_ids(actions, self._num_actions, as_list=False) is not None
        if fast:   # every value an action of the space: written at once
            np.copyto(out, actions, casting="unsafe")
            if not same_step:
                out[self._done] = 0
        for i in range(n if fast else 0, n):
            if self._done[i] and not same_step:
                out[i] = 0
                continue
            try:
                out[i] = in_space(actions[i], self._num_actions)
            except IllegalActionError as exc:
                first = (i, exc)
                break
        if self._illegal_raise:
            end = n if first is None else first[0]
            answers = self._all_workers("check", [True if lo < end else None for lo, _ in self._slices])
            for k, answer in enumerate(answers):
                if answer is not None and self._slices[k][0] + answer[0] < end:
                    raise _unpack(answer[1], self._where(k))   # the lowest env: workers are in order
        if first is not None:
            raise first[1]

    def _step_into(self, actions) -> tuple[dict, dict]:
        self._refuse(actions)
        answers = self._all_workers("step", [True] * self.num_workers)
        errors, finals = {}, {}
        for (lo, _), (errs, fins) in zip(self._slices, answers):
            errors.update((lo + i, e) for i, e in errs.items())
            finals.update((lo + i, f) for i, f in fins.items())
        np.logical_or(self._term, self._trunc, out=self._done)
        return errors, finals

    def _reset_rows(self, rows: np.ndarray, seeds: list) -> None:
        self._all_workers("reset", [(rows[lo:hi].copy(), seeds[lo:hi]) if rows[lo:hi].any() else None
                                    for lo, hi in self._slices])
        self._done[rows] = False
        self._reset_done = True

    def _per_env(self, op: str, name, indices, values=None, args=(), kwargs=None) -> tuple:
        indices = list(indices)
        per_worker = [[] for _ in self._slices]
        per_values = [[] for _ in self._slices]
        for k, i in enumerate(indices):
            w = next(w for w, (lo, hi) in enumerate(self._slices) if lo <= i < hi)
            per_worker[w].append(i - self._slices[w][0])
            per_values[w].append(None if values is None else values[k])
        answers = self._all_workers("per_env", [(op, name, per_worker[w], per_values[w], args, kwargs)
                                                if per_worker[w] else None for w in range(self.num_workers)])
        by_index = {}
        for w, answer in enumerate(answers):
            for local, value in zip(per_worker[w], answer or ()):
                by_index[self._slices[w][0] + local] = value
        return tuple(by_index[i] for i in indices) if op != "set" else ()

    @property
    def worker_pids(self) -> tuple:
        """The workers' process ids (empty once closed)."""
        return tuple(proc.pid for proc in self._procs)

    def close_extras(self, **kwargs) -> None:
        for name, _, _ in _FIELDS:   # the arrays leave the segment before it is unmapped
            if isinstance(getattr(self, name, None), np.ndarray):
                setattr(self, name, np.array(getattr(self, name)))
        if hasattr(self, "_vec"):
            self._obs = {"observation": self._vec, "action_mask": self._mask}
        self._finalizer()
