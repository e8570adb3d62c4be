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

import argparse
import json
import os
import random
import statistics
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import common

SETTING_PATHS = ("auto", "software", "accelerated")
FRAME_MS = 1000 / 60
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


def prepare_environment(argv: list[str], settings_in_env: bool = True) -> str:
    """Set this process's SDL environment for ``--path`` (default: dummy); the path. With
    ``settings_in_env`` software and accelerated become SDL's hint (benches whose App reads no
    settings file); auto is always the app's own choice."""
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
    elif settings_in_env and path != "auto":
        os.environ[HINT] = "1" if path == "accelerated" else "0"
    return path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--path", default="dummy", help="dummy, auto, software, accelerated, ...")
    parser.add_argument("--xvfb", metavar="WxH", help="a private Xvfb screen this big")


@contextmanager
def display_for(args: argparse.Namespace) -> Iterator[None]:
    """The bench's X display: a private Xvfb (``--xvfb``) or $DISPLAY; none for dummy."""
    real = getattr(args, "path", "dummy") != "dummy"
    with xvfb(args.xvfb if real else None) as display:
        if real and display:
            os.environ["DISPLAY"] = display
        try:
            yield
        finally:
            if real:  # the window closes before its server goes (no fatal X IO error)
                import pygame

                pygame.quit()


def summary(name: str, samples: list[float]) -> str:
    """Median, p95, p99 with its 95% interval (order statistics: frames taken as independent,
    so the interval is narrower than repeated runs would give), max, frames over 16.7 ms."""
    if not samples:
        return f"{name}: no frames"
    p95 = common.percentile(samples, 0.95)
    p99, low, high = common.percentile_interval(samples, 0.99)
    over = sum(1 for v in samples if v > FRAME_MS)
    return (
        f"{name}: {len(samples)} frames, median {statistics.median(samples):.2f} ms, "
        f"p95 {p95:.2f} ms, p99 {p99:.2f} ms (95%: {low:.2f}-{high:.2f}), "
        f"max {max(samples):.2f} ms, over 16.7 ms: {over}"
    )


class Present:
    """Per frame on a real window: the flip's wall and CPU time (work + flip is what a frame
    costs the player's core), and the X server's CPU when the bench started the server (with
    MIT-SHM the server copies each frame to the screen: its CPU is the player's too)."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.server = SERVERS.get(os.environ.get("DISPLAY", ""), 0)
        self.server_started = cpu_seconds(self.server) if self.server else 0.0
        self.frames = 0

    def server_ms_a_frame(self) -> float | None:
        if not self.server or not self.frames:
            return None
        return (cpu_seconds(self.server) - self.server_started) * 1000 / self.frames

    def flip(self, read_queue: Callable[[], object] | None = None) -> None:
        """Flip, then read the event queue: ``read_queue`` as the app's loop reads it after a
        picture (App.run), else a pump (the window's events: expose, resize)."""
        import pygame

        started, cpu_started = time.perf_counter(), time.process_time()
        pygame.display.flip()
        if read_queue is None:
            pygame.event.pump()
        else:
            read_queue()
        self.frames += 1
        self.wall.append((time.perf_counter() - started) * 1000)
        self.cpu.append((time.process_time() - cpu_started) * 1000)

    def report(self, name: str, work_cpu: list[float] | None = None, rss: bool = True) -> str:
        lines = [
            summary(f"{name}, present (flip) wall", self.wall),
            summary(f"{name}, present (flip) CPU", self.cpu),
        ]
        if work_cpu is not None:
            together = [w + p for w, p in zip(work_cpu, self.cpu, strict=True)]
            lines.append(summary(f"{name}, work + present CPU", together))
        server = self.server_ms_a_frame()
        if server is not None:
            lines.append(f"{name}, the X server's CPU: {server:.2f} ms a frame (mean)")
        if rss:
            lines.append(f"{name}, RSS now: {rss_mib():.1f} MiB")
        return "\n".join(lines)


PRESENTED: list[Present] = []  # every app's, for report_presented


def report_presented(name: str) -> str:
    """The flips of every app ``present_every_tick`` wrapped, together ("" under dummy)."""
    if not PRESENTED:
        return ""
    together = Present()
    together.server = 0
    for present in PRESENTED:
        together.wall += present.wall
        together.cpu += present.cpu
    note = f"({name}: the times above are work + present: each tick was flipped)\n"
    return note + together.report(name) + "\n"


def present_every_tick(app: Any) -> Present | None:
    """On a real window, flip after each ``app.tick`` as the app's loop does (a bench timing
    ``app.tick`` then times work + present); None under the dummy driver."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    present = Present()
    PRESENTED.append(present)
    tick = app.tick

    def tick_and_flip(dt_ms: int, lively: bool = True) -> bool:
        moving = bool(tick(dt_ms, lively))
        present.flip()
        return moving

    app.tick = tick_and_flip
    return present


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
