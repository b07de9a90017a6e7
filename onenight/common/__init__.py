"""What both rules engines share: errors that name the field, seat checks, notices for deck
checks, and reading a record's JSON text. Pure Python; imports nothing of the project."""
