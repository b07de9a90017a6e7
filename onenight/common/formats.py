"""The record formats' names, for what tells records apart before reading them (the games'
history): importing the classic game's package only for the name of its records would import
the whole game, before the app's first frame (docs/performance.md)."""

CLASSIC = "thiercelieux-game/1"
"""The classic game's record (``onenight.classic.record``)."""
