"""The App: the window, the clock, settings, sound and the scene stack.

It is the only caller of ``pygame.event.get()`` and ``display.flip()``. Tests drive it without a
window loop through ``feed`` and ``tick``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame

from game.core.runner import BotRunner
from game.store.settings import MIN_WINDOW, fit_window
from scenes import display_path, heap, surface_cache
from scenes.scene import Scene, SceneStack
from scenes.settings import Settings, SettingsFile
from scenes.table.reflex import InputRead

FPS = 60
IDLE_FPS = 20  # nothing moves: the loop still polls (bots, deadlines) but draws nothing new
IDLE_REDRAW_MS = 1000  # and redraws now and then all the same (a window uncovered)
INPUT_LIVELY_MS = 400  # full frame rate this long after any input (hover, drag, key repeat)
HEADLESS_HINT = (
    "omnibus: no display to open the table on.\n"
    "Headless commands work anywhere, for example:\n"
    "  python main.py simulate omi --games 10\n"
    "  python main.py screenshot --game omi --seed 1 --steps 20 --out table.png\n"
    "(To run the window on purpose without a screen, set SDL_VIDEODRIVER=dummy.)"
)


class NoDisplay(RuntimeError):
    """No screen to draw on (and the dummy driver was not asked for)."""


def open_display() -> None:
    """Initialise pygame's video; SDL silently falls back to an invisible 'offscreen' driver when
    there is no screen, so that counts as no display unless a driver was chosen explicitly."""
    requested = os.environ.get("SDL_VIDEODRIVER", "")
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise NoDisplay(str(exc)) from exc
    if pygame.display.get_driver() in ("offscreen", "dummy") and not requested:
        pygame.display.quit()
        raise NoDisplay("only an offscreen video driver is available")


class App:
    def __init__(
        self,
        settings_file: SettingsFile | None = None,
        size: tuple[int, int] | None = None,
        data_dir: Path | None = None,
    ) -> None:
        self.settings_file = settings_file or SettingsFile(None)
        self.store = self.settings_file.store  # autosave, statistics, replays (None: in memory)
        self.settings: Settings = self.settings_file.load()
        # The presentation path is chosen before SDL's video starts: auto's probe forks first.
        choosing = display_path.PendingChoice(self.settings.display, pygame.display.get_init())
        try:
            open_display()
        except NoDisplay:
            choosing.cancel()
            raise
        pygame.font.init()
        from scenes import theme

        theme.reset_caches()
        self.display_path = choosing.finish()
        self.data_dir = data_dir
        self.notice: str | None = self.settings_file.problem
        self.last_game: str | None = None  # Statistics and Replays open on the game just played
        if size is not None:
            self.settings.window = size
        elif pygame.display.get_driver() not in ("dummy", "offscreen"):
            # A size from the settings file never exceeds the screen (16384² took 5 GB).
            desktops = pygame.display.get_desktop_sizes()
            if desktops:
                self.settings.window = fit_window(self.settings.window, desktops[0])
        self.windowed_size = self.settings.window
        self.screen = self._open_window(self.settings.fullscreen)
        from scenes.resources import set_window_identity

        set_window_identity()
        pygame.key.set_repeat(350, 60)
        from scenes.sound import SoundBoard

        self.sound = SoundBoard(self.settings)
        # Gamepads: opened as they connect (SDL sends JOYDEVICEADDED for those already there);
        # Settings gives one to a seat, and the table reads gamepad_seats for reflex presses.
        pygame.joystick.init()
        self.gamepads: dict[int, str] = {}  # instance id -> name
        self.gamepad_seats: dict[int, int] = {}  # instance id -> seat
        self._joysticks: dict[int, object] = {}  # kept open, or SDL sends no button events
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self._keys_down: set[int] = set()  # pressed and not yet released (auto-repeat filter)
        # Where the table's bots think; tests swap in SyncBotRunner (None: a worker process).
        self.runner_factory: Callable[[], BotRunner] | None = None
        self.frame_work_ms: list[float] = []  # update + draw per frame, when recording
        self.record_frames = False
        self.drawn_frames = 0
        # Input times (scenes/table/reflex.py): each read of the event queue is stamped, on the
        # real clock while run() runs, on the frames' own time when a test ticks the app.
        self._live = False
        self._ticked_ms = 0
        self._last_read_ms = 0
        self.input_read = self.queue_read()

    # --- window -----------------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = (
            max(self.windowed_size[0], MIN_WINDOW[0]),
            max(self.windowed_size[1], MIN_WINDOW[1]),
        )
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:  # the window manager then refuses a size the screens are not laid out for
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # pygame-ce 2.5's only way
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):
            pass  # an older or newer pygame-ce: the window may be made smaller, nothing breaks
        return screen

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.settings.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self.screen = self._open_window(on)
        self._resized()
        self.save_settings()

    def _resized(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        surface_cache.window_resized()  # budgets grown for a bigger window shrink back
        if not self.settings.fullscreen:
            self.windowed_size = self.screen.get_size()
            self.settings.window = self.windowed_size
        for scene in self.stack.scenes:
            scene.resize(self.size)

    def save_settings(self) -> None:
        self.settings_file.save(self.settings)

    # --- input ------------------------------------------------------------------------------
    def intent(self, event: pygame.event.Event) -> str | None:
        """The rebindable intent a key press means, if any (Esc and F11 are fixed)."""
        if event.type != pygame.KEYDOWN:
            return None
        name = pygame.key.name(event.key)
        if event.key == pygame.K_ESCAPE:
            return "back"
        for intent, key_name in self.settings.bindings.items():
            if key_name == name:
                return intent
        if event.key in (pygame.K_KP_ENTER,):
            return "play"
        return None

    # --- scenes -----------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()
        if not self.stack.scenes:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)

    def to_title(self) -> None:
        from scenes.menus import TitleScene

        self.stack.clear_to(TitleScene(self))

    def open_pause(self, table: Scene) -> None:
        """The pause menu over a table (rules, settings, seats, leave)."""
        from scenes.menus import PauseScene

        self.push(PauseScene(self, table.leave, table.match.game.info.id))  # type: ignore[attr-defined]

    def show_results(self, match: object) -> None:
        from scenes.results import ResultsScene

        self.last_game = match.game.info.id  # type: ignore[attr-defined]
        self.replace(ResultsScene(self, match))  # type: ignore[arg-type]

    def quit(self) -> None:
        self.running = False

    # --- the frame --------------------------------------------------------------------------
    def queue_read(self, before_picture: bool = False) -> InputRead:
        """Stamp a read of the event queue (now). ``before_picture``: the read right after a
        picture was shown, whose presses were made while that picture was being made."""
        ms = pygame.time.get_ticks() if self._live else self._ticked_ms
        seen = self.drawn_frames - (1 if before_picture and self.drawn_frames else 0)
        read = InputRead(ms, ms - self._last_read_ms, seen)
        self._last_read_ms = ms
        return read

    def real_ms(self) -> int:
        return pygame.time.get_ticks() if self._live else self._ticked_ms

    def feed(self, events: list[pygame.event.Event], read: InputRead | None = None) -> None:
        """Hand ``events`` to the scenes; ``read`` says when they were taken off the queue
        (None: now)."""
        self.input_read = read if read is not None else self.queue_read()
        for event in events:
            if self._is_unwanted_repeat(event):
                continue
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._resized()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            elif event.type in (pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED):
                self._gamepad_changed(event)
            elif self.stack.top is not None:
                self.stack.top.handle(event)

    def _gamepad_changed(self, event: pygame.event.Event) -> None:
        if event.type == pygame.JOYDEVICEADDED:
            try:
                pad = pygame.joystick.Joystick(event.device_index)
            except pygame.error:
                return  # gone again before it could be opened
            self._joysticks[pad.get_instance_id()] = pad
            self.gamepads[pad.get_instance_id()] = pad.get_name()
        else:
            self._joysticks.pop(event.instance_id, None)
            self.gamepads.pop(event.instance_id, None)
            self.gamepad_seats.pop(event.instance_id, None)
        if self.stack.top is not None:
            self.stack.top.handle(event)  # Settings lists the pads afresh

    # Keys whose auto-repeat moves focus or a selection; any other key acts once per press, so a
    # held (or, after a stalled frame, seemingly held) Enter never plays a second card.
    REPEATING_KEYS = frozenset(
        {
            pygame.K_LEFT,
            pygame.K_RIGHT,
            pygame.K_UP,
            pygame.K_DOWN,
            pygame.K_TAB,
            pygame.K_BACKSPACE,
        }
    )

    def _is_unwanted_repeat(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.WINDOWFOCUSLOST:
            self._keys_down.clear()  # their key-ups go to another window
            return False
        if event.type == pygame.KEYUP:
            self._keys_down.discard(event.key)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        repeat = event.key in self._keys_down
        self._keys_down.add(event.key)
        return repeat and event.key not in self.REPEATING_KEYS

    def tick(self, dt_ms: int, lively: bool = True) -> bool:
        """Update one frame and draw it (without flipping), unless ``lively`` is False and
        nothing moves; True if something moves (the next frame must be drawn too)."""
        started = time.perf_counter()
        self._ticked_ms += dt_ms
        top = self.stack.top
        if top is not None:
            top.update(dt_ms)
        top_now = self.stack.top
        moving = top_now is not top or top_now is None or top_now.needs_frame()
        if lively or moving:
            self.draw()
            self.drawn_frames += 1
            if self.record_frames:
                self.frame_work_ms.append((time.perf_counter() - started) * 1000)
        return moving

    def draw(self) -> None:
        for scene in self.stack.visible():
            scene.draw(self.screen)

    def run(self) -> int:
        dt = 0
        moving = True
        since_drawn = since_input = since_trim = 0
        self._live = True
        carried: tuple[list[pygame.event.Event], InputRead] = ([], self.queue_read())
        while self.running and self.stack.scenes:
            # Idle (nothing moves, no input for a moment, the last frame drawn shows it all):
            # poll at IDLE_FPS without drawing, so a table waiting for a person costs little.
            drawn_before = self.drawn_frames
            try:
                self.feed(*carried)  # pressed while the last picture was being made
                events = pygame.event.get()
                self.feed(events, self.queue_read())
                events += carried[0]
                carried = ([], carried[1])
                if not self.running:
                    break
                if events:
                    since_input = 0
                lively = moving or since_input < INPUT_LIVELY_MS or since_drawn >= IDLE_REDRAW_MS
                # A stall (window drag) is not a jump in game time.
                moving = self.tick(min(dt, 100), lively)
            except Exception as exc:  # the friendly error screen; the autosave is kept
                from scenes.crash import show_crash

                show_crash(self, exc, self.store)
                moving = True
            if self.drawn_frames != drawn_before:
                pygame.display.flip()
                since_drawn = 0
                # What waits in the queue now was pressed before this picture was on the screen.
                carried = (pygame.event.get(), self.queue_read(before_picture=True))
            self.sound.prepare_next()  # after the first frame is shown: start-up never waits
            dt = self.clock.tick(FPS if moving or since_input < INPUT_LIVELY_MS else IDLE_FPS)
            since_drawn += dt
            since_input += dt
            since_trim += dt
            if since_trim >= heap.TRIM_EVERY_MS:  # surfaces not drawn since the last sweep go,
                surface_cache.forget_unused()  # then the freed pages go back to the system
                heap.give_back_free_memory()
                since_trim = 0
        self.close()
        return 0

    def close(self) -> None:
        for scene in list(reversed(self.stack.scenes)):
            scene.exit()
        self.stack.scenes.clear()
        self.save_settings()
        self.sound.close()
        if self.store is not None:
            self.store.close()  # the last autosave reaches the disk


def run_app(args: argparse.Namespace) -> int:
    """``python main.py``: open the window at the title screen."""
    from game.store.store import Store
    from scenes.resume import offer_resume

    store = Store.open(getattr(args, "data_dir", None), background_autosave=True)
    try:
        app = App(SettingsFile(store), data_dir=store.dirs.data)
    except NoDisplay:
        print(HEADLESS_HINT, file=sys.stderr)
        return 2
    app.to_title()
    offer_resume(app, store)  # an unfinished match from last time: continue or discard
    try:
        return app.run()
    finally:
        store.close()  # even after an error the crash screen could not show: saves reach disk
        pygame.quit()
