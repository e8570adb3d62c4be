"""A real window for the benches (issue 32): a private Xvfb server, the presentation paths SDL
offers, and a player's resizes and F11 presses driven through xdotool.

Each bench that takes ``--path`` runs the table on an X display instead of SDL's dummy driver:

- ``auto``, ``software``, ``accelerated``: the app's own ``display`` setting (scenes/display_path.py;
  auto probes the GL renderer and takes software for a software OpenGL);
- ``opengl``, ``opengles2``, ...: ``SDL_FRAMEBUFFER_ACCELERATION=<render driver>`` (SDL's texture
  framebuffer through that renderer, whatever the setting says);
- ``dummy``: SDL's dummy driver, no window (the benches' old way).

``Xvfb`` (with ``--xvfb WxH``) is started on a free display number and stopped at the end, so
runs in parallel do not share a server; without it the bench uses ``$DISPLAY``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SETTING_PATHS = ("auto", "software", "accelerated")
SERVERS: dict[str, int] = {}  # DISPLAY -> the pid of the Xvfb started for it
HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def parse_size(text: str) -> tuple[int, int]:
    width, height = (int(v) for v in text.lower().split("x"))
    return width, height


@contextmanager
def xvfb(size: str | None) -> Iterator[str | None]:
    """A private X server ``size`` (WxH) big, its DISPLAY yielded; None: use $DISPLAY."""
    if not size:
        yield os.environ.get("DISPLAY")
        return
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            display = f":{numbers.readline().strip()}"
        SERVERS[display] = server.pid
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)


def environment(
    path: str, display: str | None, base: dict[str, str] | None = None
) -> dict[str, str]:
    """The environment a table process runs with on ``path`` (see the module's list)."""
    env = dict(os.environ if base is None else base)
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env.pop(HINT, None)
    if path == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
        return env
    if not display:
        raise SystemExit(f"--path {path} needs an X display: $DISPLAY or --xvfb WxH")
    env.pop("SDL_VIDEODRIVER", None)
    env["DISPLAY"] = display
    if path not in SETTING_PATHS:
        env[HINT] = path  # a render driver by name
    return env


def early_path(argv: list[str]) -> str:
    """``--path``'s value from the command line, before argparse: the benches set SDL's
    environment at import time."""
    for index, arg in enumerate(argv):
        if arg == "--path" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--path="):
            return arg.split("=", 1)[1]
    return "dummy"


def prepare_environment(argv: list[str]) -> str:
    """Set this process's SDL environment for ``--path`` (default: dummy); the path."""
    path = early_path(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if path == "dummy":
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        return path
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.pop(HINT, None)
    if path not in SETTING_PATHS:
        os.environ[HINT] = path
    return path


def cpu_seconds(pid: int) -> float:
    """User + system CPU of ``pid`` so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def write_settings(data_dir: Path, path: str, fullscreen: bool) -> None:
    """The fresh data folder's settings: the display path (when it is a setting) and fullscreen."""
    settings: dict[str, object] = {"kind": "settings", "version": 1, "fullscreen": fullscreen}
    if path in SETTING_PATHS:
        settings["display"] = path
    (data_dir / "settings.json").write_text(json.dumps(settings))


def window_of(pid: int, display: str, wait_s: float = 20.0) -> str | None:
    """The X window id of ``pid``'s visible window, once it shows."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
            env=dict(os.environ, DISPLAY=display),
            capture_output=True,
            text=True,
        ).stdout.split()
        if found:
            return found[-1]
        time.sleep(0.5)
    return None


class Churn:
    """A player who resizes the window and presses F11 now and then (seeded)."""

    SIZES = ((800, 480), (1024, 600), (1280, 720), (1366, 768), (1600, 900), (1920, 1080))

    def __init__(self, display: str, pid: int, seed: int, fullscreen_share: float = 0.25) -> None:
        self.env = dict(os.environ, DISPLAY=display)
        self.pid = pid
        self.rng = random.Random(seed)
        self.fullscreen_share = fullscreen_share
        self.resizes = self.toggles = 0

    @property
    def actions(self) -> int:
        return self.resizes + self.toggles

    def act(self) -> None:
        window = window_of(self.pid, self.env["DISPLAY"], wait_s=5)
        if window is None:
            return
        if self.rng.random() < self.fullscreen_share:
            self._xdotool("windowfocus", "--sync", window)
            self._xdotool("key", "--window", window, "F11")
            self.toggles += 1
        else:
            width, height = self.rng.choice(self.SIZES)
            self._xdotool("windowsize", window, str(width), str(height))
            self.resizes += 1

    def restore(self, size: tuple[int, int]) -> None:
        """Back to a window of ``size``, as the run began, so the end compares with the start."""
        window = window_of(self.pid, self.env["DISPLAY"], wait_s=5)
        if window is None:
            return
        if self.toggles % 2:
            self._xdotool("windowfocus", "--sync", window)
            self._xdotool("key", "--window", window, "F11")
            self.toggles += 1
            time.sleep(1.0)
            window = window_of(self.pid, self.env["DISPLAY"], wait_s=5) or window
        self._xdotool("windowsize", window, str(size[0]), str(size[1]))

    def _xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, capture_output=True, timeout=10)
