"""The Android app's entry point: python-for-android starts ``main.py`` (see buildozer.spec).
Everywhere else, the ``onenight`` command starts the app."""

from onenight.cli import main

raise SystemExit(main([]))
