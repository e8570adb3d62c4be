"""The worked example of docs/how-to-add-a-game.md: High Card, a sixth game kept under test.

``highcard/`` is its rules package (what would be ``game/highcard/``) and ``table.py`` its table
(what would be ``scenes/highcard/table.py``); ``tests/test_how_to_add_a_game.py`` registers both
for the length of a test and runs them through the same checks as the five real games.
"""
