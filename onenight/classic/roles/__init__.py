"""The cast, by Best Of's families: each character is one entry with its steps and rules."""
