"""onenight: the game master for Loup-Garou pour une Nuit and Crépuscule."""

__version__ = "0.1.0"
