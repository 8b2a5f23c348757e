# "Explain moves": one caption for each step of a move as the board shows it, from the engine's
# move trace. Pits are named from their owner's seat.

explain-lift = { $player } lifts { $count ->
        [one] the single seed
       *[other] all { $count } seeds
    } from { $pit } and sows them one to a pit.
explain-slide = { $player } moves the seed from { $pit } into the empty pit next to it.
explain-relay = The last seed lands in { $owner }'s occupied pit { $pit }: take all { $count } and go on sowing.
explain-capture-kujifunza = The last seed lands in an occupied front pit facing seeds: capture the { $count ->
        [one] seed
       *[other] { $count } seeds
    } of { $pit }.
explain-capture-kingulu = The last seed lands in an empty pit of { $player }'s own row: capture the { $count ->
        [one] seed
       *[other] { $count } seeds
    } opposite, in { $pit }. The move ends.
explain-capture-kimasai = The seed arrives in the front row facing a seed: capture it, from { $pit }.
explain-capture = The last seed lands in an empty front pit facing seeds: capture the { $count ->
        [one] seed
       *[other] { $count } seeds
    } of { $pit }.
explain-capture-behind = The pit behind it goes too: { $count ->
        [one] 1 seed
       *[other] { $count } seeds
    } from { $pit }.
explain-capturing-seed = The capturing seed leaves the board with them.
explain-choice = The mover chooses the { $side ->
        [left] left
       *[right] right
    } kichwa to sow the captured seeds from.
explain-reenter = The captured seeds are sown again from the { $side ->
        [left] left
       *[right] right
    } kichwa, { $pit }{ $why ->
        [kept] , so that the move keeps its direction.
        [kimbi] , on the side of the kimbi they were taken from.
       *[chosen] , as chosen.
    }
explain-reserve = The lap ends in a pit that held three seeds: { $player } reserves { $pit } (kuweka mtoto). The move ends.
explain-move-to-reserved = The seed sown just before goes into the reserved hole too.
explain-toll = A seed falls into { $owner }'s reserved hole { $pit }: { $owner } takes it.
explain-ends-empty = The last seed lands in { $pit }, an empty pit of { $owner }'s row: the move ends.
explain-ends = The move ends here.
explain-more-relays = The same happens { $count ->
        [one] once more
       *[other] { $count } more times
    }.
