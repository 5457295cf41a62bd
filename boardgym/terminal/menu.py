"""The numbered menu of one decision and the commands a player types.

A menu entry's number is its action id in the game's action catalogue, so a number always means
the same action: the same key in every step where that decision comes back, never a position in
a list that shifts when an option appears or goes. Entries are shown sorted by number.
"""
from __future__ import annotations

HELP = """Commands:
  a number   take the option with that number (numbers stay the same from step to step)
  t          show the table again
  v          look through the public piles (discards, cemetery, played cards, tracks)
  h or ?     this help
  q          quit (you may then save a replay of the game so far)"""

QUIT, TABLE, VIEW, HELP_CMD = "quit", "table", "view", "help"
_WORDS = {"q": QUIT, "quit": QUIT, "exit": QUIT, "t": TABLE, "table": TABLE, "v": VIEW,
          "view": VIEW, "h": HELP_CMD, "help": HELP_CMD, "?": HELP_CMD}


def menu_lines(state, legal: list[int], words) -> list[str]:
    width = len(str(max(legal))) if legal else 1
    return [f"  {a:>{width}}. {words.action(state, a)}" for a in sorted(legal)]


def read_command(legal: list[int], inp, out):
    """An action id among ``legal``, or one of QUIT / TABLE / VIEW / HELP_CMD. End of input quits."""
    keys = sorted(legal)
    shown = ", ".join(map(str, keys)) if len(keys) <= 12 else f"{keys[0]}..{keys[-1]}"
    while True:
        print(f"Your choice ({shown}; h for help, q to quit): ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            print("\n(end of input)", file=out)
            return QUIT
        text = line.strip().lower()
        if text in _WORDS:
            return _WORDS[text]
        try:
            k = int(text)
        except ValueError:
            print(f"Invalid choice {text!r}: type one of the numbers shown, or h for help.", file=out)
            continue
        if k in legal:
            return k
        print(f"Invalid choice {k}: it is not one of the options shown ({shown}).", file=out)
