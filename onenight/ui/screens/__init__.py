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
    ("classic_players", "classic_players", "ClassicPlayersScreen"),
    ("classic_setup", "classic_setup", "ClassicSetupScreen"),
    ("classic_deck", "classic_deck", "ClassicDeckScreen"),
    ("classic_deal", "classic_deal", "ClassicDealScreen"),
    ("classic_night", "classic_night", "ClassicNightScreen"),
    ("classic_dawn", "classic_day", "ClassicDawnScreen"),
    ("classic_debate", "classic_day", "ClassicDebateScreen"),
    ("classic_vote", "classic_day", "ClassicVoteScreen"),
    ("classic_end", "classic_end", "ClassicEndScreen"),
)
