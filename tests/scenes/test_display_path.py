"""The display setting picks how frames reach the screen: software where the GPU path would be a
software OpenGL (issue 32), the player's own choice otherwise, the environment over both."""

from __future__ import annotations

import fnmatch
import os

import pygame
import pytest

from game.store.settings import Settings
from scenes.app import App
from scenes.display_path import (
    FRAMEBUFFER_HINT,
    PendingChoice,
    RendererProbe,
    apply,
    choose,
    gpu_device_present,
    needs_probe,
)
from scenes.settings_menu import SettingsScene
from scenes.ui import Choice

LINUX = "linux"
NO_HINTS: dict[str, str] = {}


@pytest.mark.parametrize(
    "renderer",
    [
        "llvmpipe (LLVM 15.0.6, 256 bits)",
        "softpipe",
        "Software Rasterizer",
        "GDI Generic",
        "Microsoft Basic Render Driver",
        None,  # no OpenGL at all
        "",
    ],
)
def test_auto_takes_software_where_opengl_runs_on_the_cpu(renderer: str | None) -> None:
    chosen = choose("auto", NO_HINTS, LINUX, renderer)
    assert chosen.path == "software"
    assert dict(chosen.hints) == {FRAMEBUFFER_HINT: "0"}
    assert chosen.reason.startswith("auto")


@pytest.mark.parametrize(
    "renderer",
    [
        "NVIDIA GeForce RTX 3060/PCIe/SSE2",
        "Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
        "AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)",  # LLVM, not llvmpipe
        "virgl (Intel(R) Iris(R) Xe Graphics)",
    ],
)
def test_auto_takes_the_gpu_where_opengl_is_a_real_one(renderer: str) -> None:
    chosen = choose("auto", NO_HINTS, LINUX, renderer)
    assert chosen.path == "accelerated"
    assert dict(chosen.hints) == {FRAMEBUFFER_HINT: "1"}
    assert renderer in chosen.reason


def test_auto_takes_software_without_probing_where_there_is_no_gpu_device() -> None:
    """No /dev/dri or /dev/nvidia* (a VM, a container, a server): no GL but a software one."""
    assert not needs_probe("auto", NO_HINTS, LINUX, gpu=False)
    chosen = choose("auto", NO_HINTS, LINUX, None, gpu=False)
    assert chosen.path == "software"
    assert "no GPU device" in chosen.reason
    assert needs_probe("auto", NO_HINTS, LINUX, gpu=True)


@pytest.mark.parametrize(
    ("devices", "platform", "present"),
    [
        ([], LINUX, False),
        (["/dev/dri/card0"], LINUX, True),
        (["/dev/dri/renderD128"], LINUX, True),
        (["/dev/nvidia0"], LINUX, True),
        ([], "freebsd14", True),  # other systems name their devices otherwise: ask the driver
    ],
)
def test_a_gpu_device_is_looked_for_where_linux_keeps_them(
    devices: list[str], platform: str, present: bool
) -> None:
    def found(pattern: str) -> list[str]:
        return [d for d in devices if fnmatch.fnmatch(d, pattern)]

    assert gpu_device_present(platform, found) is present


@pytest.mark.parametrize("setting", ["software", "accelerated"])
def test_the_players_choice_is_taken_without_asking_the_driver(setting: str) -> None:
    assert not needs_probe(setting, NO_HINTS, LINUX)
    chosen = choose(setting, NO_HINTS, LINUX, "llvmpipe")
    assert chosen.path == setting
    assert chosen.reason == "chosen in Settings"


@pytest.mark.parametrize("setting", ["gpu", "", 3, None, "Software"])
def test_an_unknown_setting_means_auto(setting: object) -> None:
    assert needs_probe(str(setting), NO_HINTS, LINUX)
    assert choose(setting, NO_HINTS, LINUX, "llvmpipe").path == "software"
    assert choose(setting, NO_HINTS, LINUX, "NVIDIA GeForce").path == "accelerated"


def test_an_unknown_value_in_the_settings_file_falls_back_to_auto() -> None:
    problems: list[str] = []
    data = {"kind": "settings", "version": 1, "display": "warp", "muted": True}
    settings = Settings.from_json(data, problems)
    assert settings.display == "auto"
    assert settings.muted  # the rest of the file is kept
    assert problems and problems[0].startswith("display")
    assert Settings.from_json(Settings(display="software").to_json()).display == "software"


@pytest.mark.parametrize(
    ("env", "path"),
    [
        ({FRAMEBUFFER_HINT: "0"}, "software"),
        ({FRAMEBUFFER_HINT: "false"}, "software"),
        ({FRAMEBUFFER_HINT: "1"}, "accelerated"),
        ({FRAMEBUFFER_HINT: "opengl"}, "accelerated"),
        ({"SDL_RENDER_DRIVER": "software"}, "software"),
        ({"SDL_VIDEODRIVER": "dummy"}, "software"),
    ],
)
def test_the_environment_wins_over_every_setting(env: dict[str, str], path: str) -> None:
    for setting in ("auto", "software", "accelerated"):
        assert not needs_probe(setting, env, LINUX)
        chosen = choose(setting, env, LINUX, "NVIDIA GeForce")
        assert chosen.path == path
        assert chosen.hints == ()  # nothing to set: SDL reads the environment itself


@pytest.mark.parametrize(("platform", "path"), [("win32", "software"), ("darwin", "accelerated")])
def test_auto_keeps_sdls_own_default_where_it_cannot_probe(platform: str, path: str) -> None:
    assert not needs_probe("auto", NO_HINTS, platform)
    assert choose("auto", NO_HINTS, platform).path == path


def test_the_chosen_hints_are_set_for_sdl_to_read() -> None:
    env: dict[str, str] = {"OTHER": "kept"}
    apply(choose("auto", NO_HINTS, LINUX, "llvmpipe"), env)
    assert env == {"OTHER": "kept", FRAMEBUFFER_HINT: "0"}


def test_a_probe_without_opengl_reports_none_and_leaves_no_child(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # the dummy driver makes no GL window
    probe = RendererProbe()
    pid = probe.pid
    assert pid > 0
    assert probe.result() is None
    assert probe.pid == 0
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped: no zombie left behind


def test_a_probe_is_not_forked_once_video_has_started(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv(FRAMEBUFFER_HINT, raising=False)
    monkeypatch.setattr("sys.platform", LINUX)
    monkeypatch.setattr("scenes.display_path.gpu_device_present", lambda platform: True)
    choosing = PendingChoice("auto", video_started=True)
    assert choosing.probe is None  # a child would share the display connection
    chosen = choosing.finish()
    assert chosen.path == "software"
    assert "not probed" in chosen.reason
    monkeypatch.delenv(FRAMEBUFFER_HINT)  # finish() set it for SDL


def test_settings_show_the_path_in_use(app: App) -> None:
    scene = SettingsScene(app)
    rows = [row for row in scene.build() if isinstance(row, Choice) and row.label == "Display path"]
    assert len(rows) == 1
    assert rows[0].value == "auto"
    assert "In use: software (the dummy video driver has no other)" in rows[0].help


# --- Resizes and F11 return memory (issue 32) ------------------------------------------------
def test_a_budget_grown_for_a_big_window_shrinks_back_when_the_window_does(app: App) -> None:
    from scenes import surface_cache
    from scenes.surface_cache import SurfaceCache

    cache: SurfaceCache[int] = SurfaceCache(1000)
    cache.budget = 50_000  # grown for a big window's faces, as FaceCache and shadows grow theirs
    for n in range(4):
        cache.put(n, pygame.Surface((50, 50)))  # 10,000 bytes each
    app.feed([pygame.event.Event(pygame.VIDEORESIZE)])  # the window is made smaller
    assert cache.budget == 1000
    assert len(cache) == 1  # what no longer fits the floor goes now, not over the evening
    del cache
    surface_cache.clear_all()


def test_fonts_of_sizes_no_longer_drawn_are_let_go_at_the_sweep(app: App) -> None:
    from scenes import surface_cache, theme

    theme.font(23)  # a size used by a window size the player left
    surface_cache.forget_unused()
    theme.font(14)  # the size in use
    surface_cache.forget_unused()
    assert (23, False) not in theme._fonts
    assert (14, False) in theme._fonts
