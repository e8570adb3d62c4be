"""Omnibus entry point: ``python main.py`` opens the table; subcommands do headless work.

Each subcommand lives in its own module, which adds its parser with ``register(subparsers)`` and
sets ``func`` (returning an exit code). Bad arguments print usage and exit 2 (argparse's rule).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from game.cli_args import given

# Modules that add subcommands; the table and its tools live under scenes/.
COMMAND_MODULES = ("game.simulate", "scenes.cli", "game.store.cli")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="omnibus",
        description="Omnibus: a card table for OMYN, FOMO, OMG, Omi and Om Nom Nom.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument(
        "--self-check",
        action="store_true",
        help="build every scene and play a short demo match of every game, headless; exit 0 if all work",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        type=given("a folder"),
        help="keep settings, saves and logs in DIR",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def version() -> str:
    # Read from pyproject.toml, which the frozen build bundles: importlib.metadata finds nothing there.
    from scenes.resources import app_version

    return app_version()


FIRST_FRAME_PROBE = "OMNIBUS_EXIT_AFTER_FIRST_FRAME"


def exit_after_first_frame() -> None:
    """For bench/startup.py: after the first frame is shown, say so on stdout and exit at once."""
    import pygame

    flip = pygame.display.flip

    def flip_and_exit() -> None:
        flip()
        print("first-frame", flush=True)
        os._exit(0)

    pygame.display.flip = flip_and_exit


def ensure_streams() -> None:
    """Without a console (the windowed Windows build, or ``>&-``) Python sets ``sys.stdout``
    or ``sys.stderr`` to None and every print or flush would fail: they write to nowhere."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115


def main(argv: list[str] | None = None) -> int:
    """Run a command; Ctrl-C and a closed output end it with one line, never a traceback."""
    ensure_streams()
    try:
        code = run(argv)
        sys.stdout.flush()  # a closed pipe shows here, not as a warning at exit
        return code
    except KeyboardInterrupt:
        return interrupted()
    except RuntimeError as exc:
        # Ctrl-C inside a class body's __set_name__ (an import in the first 0.3 s) reaches
        # here wrapped: "Error calling __set_name__". It is an interrupt all the same.
        if not isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt):
            raise
        return interrupted()
    except BrokenPipeError:
        # Whoever read our output stopped reading (``| head``): say so once, and let nothing
        # else try to write to the closed pipe on the way out.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        print("omnibus: the output was closed before it was all written", file=sys.stderr)
        return 1


def interrupted() -> int:
    from game.cli_args import INTERRUPTED_EXIT

    print("omnibus: interrupted", file=sys.stderr)
    return INTERRUPTED_EXIT


def run(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.version:
        print(f"Omnibus {version()}")
        return 0
    if args.self_check:
        from scenes.selfcheck import run_self_check

        return run_self_check(args)
    func = getattr(args, "func", None)
    if func is None and os.environ.get(FIRST_FRAME_PROBE):
        exit_after_first_frame()
    if func is None:
        from scenes.app import run_app

        return int(run_app(args))
    return int(func(args))


if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # A frozen build that spawns bot worker processes re-enters here; this hands them over.
        # (From source a worker starts through multiprocessing itself: no import at start.)
        import multiprocessing

        multiprocessing.freeze_support()
    sys.exit(main())
