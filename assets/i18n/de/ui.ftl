# Bildschirme, Knöpfe und Meldungen des Spiels.

seed-count = { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}
language = Sprache
