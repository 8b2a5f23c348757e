# Schermen, knoppen en meldingen van het spel.

seed-count = { $count ->
    [one] { $count } zaadje
   *[other] { $count } zaadjes
}
language = Taal
