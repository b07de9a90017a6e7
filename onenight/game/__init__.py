"""The table's flow: declared phases, a controller that takes UI intents and box events,
timers on an injected clock, and the history of finished games. No Kivy here."""
