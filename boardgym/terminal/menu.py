"""The numbered menu of one decision and the commands a player types.

A menu entry's number is its action id in the game's action catalogue, so a number always names
the same action: the same key in every step where that decision comes back, never a position in
a list that shifts when an option appears or goes. Where that action is "the card in slot k" of a
hand, a row or a market, or "exit k" of the boat's space, the number names the slot: the card or
place it shows may change from step to step ("81. equip Strike" now, "81. equip Knack" later).
Entries are shown sorted by number; the prompt lists the numbers that may be typed.
"""
from __future__ import annotations

HELP = """Commands:
  a number   take the option with that number; a number always names the same action (for
             a card in a hand, a row or a market, or an exit, it names the slot or the exit:
             the card or place shown there may change from step to step)
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


def number_list(numbers) -> str:
    """Every one of ``numbers`` and no other, compactly: runs of three or more consecutive numbers
    as ``first-last``, the last item after "or" ("4, 9, 17 or 105"; "4-7, 9 or 12")."""
    keys = sorted(set(numbers))
    parts, i = [], 0
    while i < len(keys):
        j = i
        while j + 1 < len(keys) and keys[j + 1] == keys[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{keys[i]}-{keys[j]}")
        else:
            parts += [str(k) for k in keys[i:j + 1]]
        i = j + 1
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def read_command(legal: list[int], inp, out):
    """An action id among ``legal``, or one of QUIT / TABLE / VIEW / HELP_CMD. End of input quits."""
    shown = number_list(legal)
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
