"""The Raspberry Pi side of the vote box: pads, LED bar, buzzer, and the link to the app."""
