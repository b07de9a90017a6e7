"""Every screen, registered in one place: name -> (module, class). Each module has a .kv
file of the same name beside it."""

SCREENS = (
    ("home", "home", "HomeScreen"),
    ("players", "players", "PlayersScreen"),
    ("scenario", "scenario", "ScenarioScreen"),
    ("deck", "deck", "DeckScreen"),
    ("cards", "cards", "CardsScreen"),
    ("deal", "deal", "DealScreen"),
    ("night", "night", "NightScreen"),
    ("day", "day", "DayScreen"),
    ("vote", "vote", "VoteScreen"),
    ("reveal", "reveal", "RevealScreen"),
    ("result", "result", "ResultScreen"),
    ("history", "history", "HistoryScreen"),
    ("settings", "settings", "SettingsScreen"),
    ("recorder", "recorder", "RecorderScreen"),
    ("tutorial", "tutorial", "TutorialScreen"),
    ("soon", "home", "SoonScreen"),
)
