"""``python -m boardgym.pretrained [--dir FOLDER]``: list the shipped pretrained policies and
their measured figures."""
from __future__ import annotations

import argparse
import sys

from boardgym.core.errors import BoardgymError


def main(argv=None, out=None) -> int:
    out = out or sys.stdout
    ap = argparse.ArgumentParser(prog="python -m boardgym.pretrained",
                                 description="list the pretrained policies shipped with boardgym")
    ap.add_argument("--dir", default=None, metavar="FOLDER",
                    help="a folder with its own manifest.json (default: $BOARDGYM_PRETRAINED_DIR or the package's)")
    args = ap.parse_args(argv)
    from . import describe

    try:
        lines = describe(args.dir)
    except BoardgymError as exc:
        print(f"boardgym.pretrained: error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
