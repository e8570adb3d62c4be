"""Table sounds made in code (no sound files to license or ship): deal, play, trick won, match won.

Samples are 16-bit integers built with the ``array`` module and handed to
``pygame.mixer.Sound(buffer=...)``. No audio device (or SDL_AUDIODRIVER=dummy failing) means a
silent table, never an error.
"""

from __future__ import annotations

import math
import random
from array import array

import pygame

from scenes.settings import Settings

RATE = 22050


def _envelope(i: int, total: int, attack: int) -> float:
    if i < attack:
        return i / attack
    return max(0.0, 1.0 - (i - attack) / max(1, total - attack)) ** 2


def swish(ms: int = 70, seed: int = 3) -> list[float]:
    """A card sliding on felt: filtered noise with a fast attack."""
    rng = random.Random(seed)
    total = RATE * ms // 1000
    out, low = [], 0.0
    for i in range(total):
        low += 0.35 * (rng.uniform(-1, 1) - low)
        out.append(low * _envelope(i, total, total // 10) * 0.9)
    return out


def knock(ms: int = 90) -> list[float]:
    """A card put down: a short low thump with a click on top."""
    total = RATE * ms // 1000
    rng = random.Random(5)
    return [
        (0.7 * math.sin(2 * math.pi * 140 * i / RATE) + 0.3 * rng.uniform(-1, 1) * (i < total // 8))
        * _envelope(i, total, 40)
        for i in range(total)
    ]


def tones(freqs: list[float], note_ms: int, gap_ms: int = 0) -> list[float]:
    """Bell-like notes one after another (a chime, an arpeggio)."""
    out: list[float] = []
    note = RATE * note_ms // 1000
    for freq in freqs:
        for i in range(note):
            t = i / RATE
            value = math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(4 * math.pi * freq * t)
            out.append(0.5 * value * _envelope(i, note, 60))
        out.extend([0.0] * (RATE * gap_ms // 1000))
    return out


SOUNDS = {
    "deal": lambda: swish(60),
    "play": knock,
    "trick": lambda: tones([660, 880], 120),
    "win": lambda: tones([523, 659, 784, 1047], 160, 20),
    "refuse": lambda: tones([220, 180], 90),
}


def to_buffer(samples: list[float], channels: int) -> bytes:
    data = array("h")
    for value in samples:
        sample = int(max(-1.0, min(1.0, value)) * 32000)
        data.extend([sample] * channels)
    return data.tobytes()


class SoundBoard:
    """Plays the table's sounds at the settings' volume; silent if there is no audio.

    Making the samples takes ~170 ms of Python: the app makes one sound a frame after the first
    frame is shown (``prepare_next``), so start-up does not wait for them; a sound asked for
    before its turn is made on the spot."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # names, for tests
        self.channels = 0  # 0: no audio, nothing to make
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
            if init is None:
                return
            _, size, channels = init
            if abs(size) != 16:
                return  # only 16-bit output is generated; anything else stays silent
            self.channels = channels
        except (pygame.error, OSError):
            self.channels = 0

    @property
    def unmade(self) -> list[str]:
        return [name for name in SOUNDS if name not in self.sounds] if self.channels else []

    def prepare_next(self) -> None:
        """Make the next sound not made yet (one a call: a frame's worth of work)."""
        for name in self.unmade[:1]:
            self._make(name)

    def _make(self, name: str) -> pygame.mixer.Sound | None:
        try:
            sound = pygame.mixer.Sound(buffer=to_buffer(SOUNDS[name](), self.channels))
        except (pygame.error, OSError):
            self.channels = 0  # the device went away: a silent table from now on
            return None
        self.sounds[name] = sound
        return sound

    @property
    def available(self) -> bool:
        return self.channels > 0

    def play(self, name: str) -> None:
        self.played.append(name)
        del self.played[:-50]
        level = self.settings.sound_level
        if level <= 0 or not self.channels or name not in SOUNDS:
            return  # muted, no audio, or a sound this board has none of (a table's own word)
        sound = self.sounds.get(name) or self._make(name)
        if sound is None:
            return
        sound.set_volume(level)
        sound.play()

    def close(self) -> None:
        if self.channels:
            pygame.mixer.quit()
        self.sounds = {}
        self.channels = 0
