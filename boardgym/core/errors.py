"""Errors raised by boardgym. Every one names what was wrong and where."""


class BoardgymError(Exception):
    """Base class of every boardgym error."""


class IllegalActionError(BoardgymError, ValueError):
    """An action that is not legal in the current state. The state is left unchanged."""

    def __init__(self, action, reason: str, description: str | None = None):
        self.action = action
        self.reason = reason
        label = f"{action}" if description is None else f"{action} ({description})"
        super().__init__(f"illegal action {label}: {reason}")


WHOLE_FILE = "<file>"   # a ContentError's entry or field that is the whole file


class ContentError(BoardgymError, ValueError):
    """A content file that breaks its schema or the game's constraints."""

    def __init__(self, file: str, entry: str, field: str, message: str):
        self.file, self.entry, self.field, self.message = file, entry, field, message
        # "<file>" as the entry or the field means the file as a whole: the message leaves it out
        # ("x.json: file not found", "x.json: field 'cards': ..."), the attributes keep it.
        where = [f"entry {entry!r}"] if entry != WHOLE_FILE else []
        where += [f"field {field!r}"] if field != WHOLE_FILE else []
        super().__init__(": ".join([file] + ([", ".join(where)] if where else []) + [message]))


class ConfigError(BoardgymError, ValueError):
    """A game or environment keyword argument with a wrong name, type or value."""


class StateError(BoardgymError, ValueError):
    """A saved state or replay that cannot be loaded (corrupt, wrong game or version)."""


class ContentOptionError(ContentError, ConfigError):
    """An option asks the content pack for something it lacks or cannot serve (a scenario, a
    level, a module, more seats than characters). Both a ContentError (it names the pack's
    file, entry and field) and a ConfigError (the option is what asked)."""


class StepLimitError(BoardgymError, RuntimeError):
    """One ``apply`` ran more automatic steps than any legal game needs without reaching a
    decision, a chance node or the end: the game's content (or engine) loops. Names the game and
    the phase; the state it was applied to cannot go on."""


class VectorWorkerError(BoardgymError, RuntimeError):
    """A worker process of the multi-process vector env died, or did not answer in time. Names
    the worker and its envs; the vector env is closed."""
