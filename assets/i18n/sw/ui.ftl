# Skrini, vitufe na jumbe za mchezo.

seed-count = { $count ->
    [one] kete { $count }
   *[other] kete { $count }
}
language = Lugha
