"""Persistence: folders, atomic files, settings, autosave and resume, statistics, replays, logs.

Pure Python (never imports pygame), shared by the table and headless tools. Start from
``game.store.store.Store``.
"""
