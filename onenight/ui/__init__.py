"""The Kivy tablet app: thin screens over :mod:`onenight.game`'s views."""
