"""What the terminal prints of the table before a decision: all of it at first, on a new turn
or phase (its heading changed) or when most of it changed; else only the changed lines."""
from boardgym.terminal.loop import table_update

T = "\n".join(["== turn 1", "a 1", "b 1", "c 1", "d 1"])


def test_first_and_new_heading_print_it_all():
    assert table_update(T, None) == T.splitlines()
    assert table_update(T.replace("turn 1", "turn 2"), T) == T.replace("turn 1", "turn 2").splitlines()


def test_unchanged_and_small_changes():
    assert table_update(T, T) == ["(the table is as above; t shows it again)"]
    assert table_update(T.replace("b 1", "b 2"), T) == ["Changed on the table (t shows all of it):", "b 2"]


def test_mostly_changed_prints_it_all():
    new = "\n".join(["== turn 1", "a 2", "b 2", "c 2", "d 1"])
    assert table_update(new, T) == new.splitlines()
