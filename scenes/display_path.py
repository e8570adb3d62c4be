"""How a frame reaches the screen: SDL's software framebuffer or its accelerated (GPU) renderer.

SDL's own default on Linux is the accelerated path, through OpenGL. Where that OpenGL is Mesa's
software renderer (llvmpipe, softpipe: laptops without a GPU driver, VMs, remote desktops) the
accelerated path costs far more than the software one: it loads LLVM (~100 MiB resident under
Xvfb) and presents each 1280×720 frame in ~8 ms of CPU instead of ~0.3 ms (bench/RESULTS.md,
issue 32). The ``display`` setting picks the path before the window is made:

- ``software`` and ``accelerated`` say which;
- ``auto`` takes ``software`` at once on Linux without a GPU device (no ``/dev/dri/*``, no
  ``/dev/nvidia*``: VMs, containers, servers); otherwise it asks the GL driver its renderer's name
  in a forked child (Linux and the BSDs: ~100 ms of CPU there, not here), so the GL libraries and
  LLVM never load into the table's process, and takes ``software`` when that renderer is a
  software one or there is no GL at all (remote desktops). Elsewhere ``auto`` keeps SDL's own
  choice for the platform (Windows: software; macOS: accelerated, always a real GPU).

``SDL_FRAMEBUFFER_ACCELERATION`` or ``SDL_RENDER_DRIVER`` set in the environment win over the
setting, as SDL itself lets them win. The choice is pure (``choose``) and tested headless.
"""

from __future__ import annotations

import glob
import logging
import os
import select
import signal
import sys
import time
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, replace

log = logging.getLogger(__name__)

FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"
RENDER_DRIVER_HINT = "SDL_RENDER_DRIVER"
# Substrings (lower case) of GL_RENDERER strings that name a renderer running on the CPU.
SOFTWARE_RENDERERS = (
    "llvmpipe",  # Mesa's LLVM software rasterizer
    "softpipe",  # Mesa's reference one
    "swrast",  # Mesa's classic name for them
    "software rasterizer",
    "lavapipe",
    "gdi generic",  # Windows' OpenGL 1.1 without a driver
    "microsoft basic render",  # Windows' WARP
)
PROBE_TIMEOUT_S = 3.0  # a GL driver that hangs this long is not one to present through
GL_RENDERER = 0x1F01


@dataclass(frozen=True)
class DisplayPath:
    """The path in use and why: ``path`` is "software" or "accelerated"."""

    path: str
    reason: str
    hints: tuple[tuple[str, str], ...] = ()  # set in the environment before the window opens

    def describe(self) -> str:
        return f"{self.path} ({self.reason})"


def is_software_renderer(renderer: str | None) -> bool:
    """True for a GL renderer running on the CPU, and for no GL at all (None or empty)."""
    if not renderer:
        return True
    name = renderer.lower()
    return any(word in name for word in SOFTWARE_RENDERERS)


def environment_choice(env: Mapping[str, str]) -> DisplayPath | None:
    """The path SDL will take whatever the setting says, if the environment names one."""
    driver = env.get("SDL_VIDEODRIVER", "").lower()
    if driver in ("dummy", "offscreen"):
        return DisplayPath("software", f"the {driver} video driver has no other")
    if env.get(RENDER_DRIVER_HINT, "").lower() == "software":
        return DisplayPath("software", f"{RENDER_DRIVER_HINT}=software in the environment")
    value = env.get(FRAMEBUFFER_HINT)
    if value is None:
        return None
    software = value == "0" or value.lower() == "false"
    path = "software" if software else "accelerated"
    return DisplayPath(path, f"{FRAMEBUFFER_HINT}={value} in the environment")


def probes_here(platform: str) -> bool:
    """Whether ``auto`` asks the GL driver here: where SDL presents through OpenGL by default
    and a child can be forked before SDL starts (not Windows, not macOS)."""
    return platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))


# Device nodes a hardware OpenGL on Linux opens (DRM, or NVIDIA's own driver).
GPU_DEVICES = ("/dev/dri/renderD*", "/dev/dri/card*", "/dev/nvidia[0-9]*")


def gpu_device_present(platform: str, found: Callable[[str], list[str]] = glob.glob) -> bool:
    """False where Linux shows no GPU device at all (then every OpenGL is a software one); True
    elsewhere too, where devices are named otherwise (the probe decides)."""
    if not platform.startswith("linux"):
        return True
    return any(found(pattern) for pattern in GPU_DEVICES)


def needs_probe(setting: str, env: Mapping[str, str], platform: str, gpu: bool = True) -> bool:
    return (
        normalise(setting) == "auto"
        and environment_choice(env) is None
        and probes_here(platform)
        and gpu
    )


def normalise(setting: object) -> str:
    """The setting as one of auto / software / accelerated (anything else: auto)."""
    if isinstance(setting, str) and setting in ("software", "accelerated"):
        return setting
    return "auto"


def choose(
    setting: object,
    env: Mapping[str, str],
    platform: str,
    renderer: str | None = None,
    gpu: bool = True,
) -> DisplayPath:
    """The path to take. ``renderer`` is the probe's GL_RENDERER (None: no GL, or not asked);
    ``gpu`` whether a GPU device is there at all (``gpu_device_present``)."""
    forced = environment_choice(env)
    if forced is not None:
        return forced
    setting = normalise(setting)
    if setting != "auto":
        return _with_hint(setting, "chosen in Settings")
    if not probes_here(platform):
        default = "software" if platform.startswith(("win", "cygwin")) else "accelerated"
        return _with_hint(default, f"auto: SDL's default on {platform}")
    if not gpu:
        return _with_hint("software", "auto: no GPU device here, so no OpenGL but a software one")
    if is_software_renderer(renderer):
        what = f"the OpenGL here is {renderer}, on the CPU" if renderer else "no OpenGL here"
        return _with_hint("software", f"auto: {what}")
    return _with_hint("accelerated", f"auto: OpenGL by {renderer}")


def _with_hint(path: str, reason: str) -> DisplayPath:
    return DisplayPath(path, reason, ((FRAMEBUFFER_HINT, "1" if path == "accelerated" else "0"),))


def apply(chosen: DisplayPath, env: MutableMapping[str, str] | None = None) -> None:
    """Set the chosen path's hints; SDL reads them when the window's framebuffer is made."""
    target = os.environ if env is None else env
    for name, value in chosen.hints:
        target[name] = value


class RendererProbe:
    """A forked child that makes a hidden 1×1 OpenGL window and reports GL_RENDERER.

    Fork before SDL's video starts in this process (the child must own its display connection);
    the parent carries on starting up and reads the answer in ``result``.
    """

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.pid = 0
        self._read = -1
        try:
            read, write = os.pipe()
            pid = os.fork()
        except (OSError, AttributeError):
            return
        if pid == 0:  # the child: never returns
            os.close(read)
            _report_renderer(write)
        os.close(write)
        self.pid, self._read = pid, read

    def result(self, timeout_s: float = PROBE_TIMEOUT_S) -> str | None:
        """The GL renderer's name, or None (no GL, the probe failed or took too long)."""
        if not self.pid:
            return None
        answer = b""
        try:
            ready, _, _ = select.select([self._read], [], [], timeout_s)
            if ready:
                answer = os.read(self._read, 4096)
        finally:
            self.close()
        return answer.decode("utf-8", "replace").strip() or None

    def close(self) -> None:
        if not self.pid:
            return
        os.close(self._read)
        try:
            if os.waitpid(self.pid, os.WNOHANG) == (0, 0):
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        self.pid = 0

    @property
    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000


def _report_renderer(fd: int) -> None:
    """In the forked child: write GL_RENDERER to ``fd`` (nothing if there is no GL), exit."""
    name = b""
    try:
        import ctypes
        import ctypes.util

        import pygame

        pygame.display.init()
        pygame.display.set_mode((1, 1), pygame.OPENGL | pygame.HIDDEN)
        try:
            gl = ctypes.CDLL("libGL.so.1")  # the library SDL loads
        except OSError:
            gl = ctypes.CDLL(ctypes.util.find_library("GL"))
        gl.glGetString.restype = ctypes.c_char_p
        gl.glGetString.argtypes = [ctypes.c_uint]
        name = gl.glGetString(GL_RENDERER) or b""
    except BaseException:  # noqa: BLE001 - any failure means no usable GL; the parent decides
        name = b""
    try:
        os.write(fd, name[:4000])
    finally:
        os._exit(0)  # no atexit handlers, no flushing of the parent's buffers


class PendingChoice:
    """``auto``'s probe under way while the app starts up; ``finish`` chooses and sets the
    hints (before the window is made). Start it before SDL's video starts in this process."""

    def __init__(self, setting: object, video_started: bool = False) -> None:
        self.setting = setting
        self.probe: RendererProbe | None = None
        self.gpu = probes_here(sys.platform) and gpu_device_present(sys.platform)
        wanted = needs_probe(str(setting), os.environ, sys.platform, self.gpu)
        self.skipped = wanted and video_started
        if wanted and not video_started:
            self.probe = RendererProbe()  # a child sharing our display connection would break it

    def finish(self) -> DisplayPath:
        renderer = self.probe.result() if self.probe is not None else None
        chosen = choose(self.setting, os.environ, sys.platform, renderer, self.gpu)
        if self.skipped:
            chosen = replace(chosen, reason="auto: not probed, video already started")
        apply(chosen)
        cost = f" (GL probe {self.probe.elapsed_ms:.0f} ms)" if self.probe is not None else ""
        log.info("display path: %s%s", chosen.describe(), cost)
        return chosen

    def cancel(self) -> None:
        if self.probe is not None:
            self.probe.close()
