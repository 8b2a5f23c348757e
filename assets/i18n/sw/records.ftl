# Saved games, replays, sound and settings that persist.
