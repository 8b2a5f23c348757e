# Screens, buttons and messages of the game.

seed-count = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
language = Language
