"""The flat Paleo action catalogue, Discrete(110) (spec §3), shared by every configuration."""
from boardgym.core.actions import ActionCatalog

from .constants import BENCH_SLOTS, MAX_ADD, MAX_ALT, MAX_GROUPS, MAX_INPLAY, MAX_OPTIONS, MAX_PEOPLE, MAX_TOOLS

CATALOG = ActionCatalog(
    [
        ("NOOP", 1), ("CONFIRM", 1), ("DECLINE", 1), ("PICK", 6), ("SLEEP_EARLY", 1),
        ("RESOLVE_NEXT", MAX_GROUPS), ("OPTION", MAX_OPTIONS), ("HELP", MAX_GROUPS), ("IGNORE", 1),
        ("ALT", MAX_ALT), ("ADD", MAX_ADD), ("TOOL", MAX_TOOLS), ("GROUP", MAX_GROUPS),
        ("PERSON", MAX_PEOPLE), ("IDEA_SLOT", BENCH_SLOTS + 1), ("CARD", MAX_INPLAY),
    ],
    labels={"PICK": ["0,keep", "0,swap", "1,keep", "1,swap", "2,keep", "2,swap"],
            "IDEA_SLOT": ["0", "1", "2", "3", "new"]},
    docs={
        "NOOP": "the only legal action of a seat with no pending decision (Parallel API)",
        "CONFIRM": "use the talisman, accept a check, place a card, end a window",
        "DECLINE": "fail a check, skip a reward or a prevention, take a card the normal way",
        "PICK": "commit to top-3 card i of the deck, keeping (even) or swapping (odd) the other two",
        "SLEEP_EARLY": "go to sleep instead of picking a card (PALEO-DAY-5)",
        "RESOLVE_NEXT": "the lead picks group g's revealed card to resolve next",
        "OPTION": "option k of the card: a day, negative, moon or secret option",
        "HELP": "help group g resolve its card",
        "IGNORE": "ignore the action card (it is discarded faceup)",
        "ALT": "alternative action a (an instance of the game's table)",
        "ADD": "additional action a (an instance of the game's table)",
        "TOOL": "tool type t: use, pay, craft or prevent with it",
        "GROUP": "group g: a participant, a payer, who takes a wound or a share",
        "PERSON": "person slot p: who is wounded, healed or killed",
        "IDEA_SLOT": "the workbench idea to remove when it is full (4 = the new one)",
        "CARD": "in-play card c that hosts a token or a card",
    },
)

NOOP = CATALOG.index("NOOP")
CONFIRM = CATALOG.index("CONFIRM")
DECLINE = CATALOG.index("DECLINE")
PICK = CATALOG.start("PICK")
SLEEP_EARLY = CATALOG.index("SLEEP_EARLY")
RESOLVE_NEXT = CATALOG.start("RESOLVE_NEXT")
OPTION = CATALOG.start("OPTION")
HELP = CATALOG.start("HELP")
IGNORE = CATALOG.index("IGNORE")
ALT = CATALOG.start("ALT")
ADD = CATALOG.start("ADD")
TOOL = CATALOG.start("TOOL")
GROUP = CATALOG.start("GROUP")
PERSON = CATALOG.start("PERSON")
IDEA_SLOT = CATALOG.start("IDEA_SLOT")
CARD = CATALOG.start("CARD")
N_ACTIONS = CATALOG.n
assert N_ACTIONS == 110


def pick(slot: int, swap: bool = False) -> int:
    return PICK + 2 * slot + int(swap)
