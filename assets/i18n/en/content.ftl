# Variant histories, rules in plain language, local terms and "show me" examples.
# Each variant's keys begin with its id; src/content/ lists them in reading order.

## The games' names (the same in every language).

variant-kujifunza = Bao la Kujifunza
variant-kingulu = Bao Kingulu
variant-kigogo = Bao Kigogo
variant-kimasai = Bao la Kimasai

## Headings of the rules, shared by the four games.

rules-section-board = The board
rules-section-play = Playing
rules-section-capture = Capturing
rules-section-end = The end of the game
rules-notation = Moves are written from the mover's seat: a is the front row (in Kingulu the only row), b the back row, and pits are numbered from the mover's left — so a3 is the third pit of the mover's front row. In Bao la Kujifunza, + means counterclockwise and - clockwise; in the reading where the player chooses the kichwa, /L or /R shows which kichwa the captured seeds re-entered at.

## How a game ended (KU-10, KU-11, KN-8, KN-9, KG-5, KM-4).

ending-win = { $player } wins
ending-draw = A draw
ending-bao-hamna = { $player }'s front row is empty — bao hamna
ending-blockade = { $player } cannot move
ending-no-seeds = { $player } has no seeds left
ending-final-score = { $player } cannot move — final count { $score }
ending-repetition-kujifunza = Position repeated three times — draw (house rule)
ending-repetition-kingulu = Position repeated three times (house rule) — final count { $score }
ending-repetition = The position repeated — a draw
ending-score = South { $south }, North { $north }

## Bao la Kujifunza (KU-1..KU-11)

kujifunza-also-called = Mbili-mbili
kujifunza-board = 4 rows of 8 pits · 64 seeds
kujifunza-region = Kenya and Tanzania
kujifunza-people = Swahili-speaking communities
kujifunza-summary-1 = "Bao for learning": the doorway to the master game, Bao la Kiswahili.
kujifunza-summary-2 = Relay seeds around your own rows; front-row captures are compulsory.
kujifunza-history-1 = In everyday Swahili this game is called Mbili-mbili, "two by two" or "in pairs", after the two seeds that begin in every pit. Its full name, Bao la Kujifunza, comes from the Swahili verb kujifunza, "to learn": in the Swahili-speaking communities of Kenya and Tanzania it is the open door to the master game, Bao la Kiswahili.
kujifunza-history-2 = It leaves out the master game's opening phase, in which seeds are brought onto the board (namua), and the special rights of the house (nyumba). What remains is the heart of Bao: relay sowing over many laps, compulsory captures in the front row, and captured seeds coming back into play at the kichwa. Beginners and young players learn here to calculate and to see several laps ahead, in schools, clubs and homes across East Africa, before they move on to full Bao.
kujifunza-history-3 = The game was set down in 1971 in a teaching booklet, How to Play Bao, published by the National Museum of Tanzania in Dar es Salaam. It has also been documented by the Italian Bao researcher Nino Vessella and by the games researcher Larry Russ in The Complete Mancala Games Book (1999).
kujifunza-rules-board-1 = Four rows of eight pits. Each player owns the two rows nearer to them: the front row, facing the opponent, and the back row.
kujifunza-rules-board-2 = Every pit starts with two seeds, 64 in all. Nobody holds seeds in hand and there are no stores: captured seeds go straight back into play.
kujifunza-rules-board-3 = The two end pits of your front row are your kichwa, left and right. The two pits at each end of the front row are the kimbi; the four between them are the middle pits.
kujifunza-rules-play-1 = The game follows the rules of mtaji, the open second phase of Bao la Kiswahili, without seeds in hand, without the house (nyumba) and without the takasia rule.
kujifunza-rules-play-2 = Players take turns. You sow only around your own two rows, a circle of sixteen pits, in either direction: lift all the seeds from one of your pits and drop them one by one into the pits that follow.
kujifunza-rules-play-3 = Relay: if the last seed lands in an occupied pit, lift everything there, the new seed included, and sow on in the same direction. The move ends when a last seed falls into an empty pit.
kujifunza-rules-play-4 = A pit with a single seed never starts a move.
kujifunza-rules-play-5 = Captures are compulsory: whenever a capture is possible, you must make one.
kujifunza-rules-play-6 = Takata: when no capture is possible, you make a move without capture (takata) from a front-row pit holding two or more seeds. Only if your front row holds nothing but single seeds may you start from the back row. A takata never captures, however far it relays.
kujifunza-rules-capture-1 = A move captures when the last seed of its first lap lands in an occupied pit of your front row and the opponent's front pit directly opposite holds seeds.
kujifunza-rules-capture-2 = The 16-seed rule: a first lap of sixteen seeds or more can never capture.
kujifunza-rules-capture-3 = You take all the seeds from the opponent's pit opposite; the opponent's back row is always safe. Your own seeds stay where they are.
kujifunza-rules-capture-4 = The captured seeds are sown again at once, starting in one of your kichwa, the first seed into the kichwa itself, and moving inward toward the middle. The move carries on in that direction.
kujifunza-rules-capture-5 = A capture made from a kimbi re-enters at the kichwa on the same side. After a capture from one of the four middle pits the move keeps its direction: going counterclockwise (+) the seeds re-enter at your right kichwa, going clockwise (-) at your left one. (In the reading «the player chooses» you pick the kichwa yourself after every middle capture.)
kujifunza-rules-capture-6 = Chained captures: if a later lap ends in an occupied front-row pit facing the opponent's seeds, you capture again and sow the new seeds from a kichwa. A lap that ends in an empty pit ends the move.
kujifunza-rules-end-1 = Bao hamna: you win when your opponent's front row is completely empty.
kujifunza-rules-end-2 = Blockade: you win when your opponent cannot move, because only single seeds, or none at all, are left on their side.
kujifunza-term-mtaji = mtaji
kujifunza-term-mtaji-meaning = the open second phase of Bao la Kiswahili; this game is played by its rules
kujifunza-term-takata = takata
kujifunza-term-takata-meaning = a move without capture, allowed only when no capture is possible
kujifunza-term-kichwa = kichwa
kujifunza-term-kichwa-meaning = an end pit of your front row, left or right; captured seeds are sown again from here
kujifunza-term-kimbi = kimbi
kujifunza-term-kimbi-meaning = the two pits at either end of your front row; a capture from a kimbi re-enters at the kichwa on its own side
kujifunza-term-bao-hamna = bao hamna
kujifunza-term-bao-hamna-meaning = an empty front row: the player whose front row is bare has lost
kujifunza-term-mbili-mbili = Mbili-mbili
kujifunza-term-mbili-mbili-meaning = "two by two", the everyday name of the game
kujifunza-house-1 = South moves first; the source does not say who begins.
kujifunza-house-2 = Repetition: the source has no rule for a game that goes round in circles. Here the third time the same position appears, the game is a draw.
kujifunza-house-3 = Endless moves: a relay can go on for a very long time, even for ever. A move that would need more than 1,000 laps counts as endless and may not be played.
kujifunza-house-4 = A capture that empties the opponent's front row still sows its seeds from the kichwa; then the move stops, and you have won.
kujifunza-house-5 = A move that empties your own front row, while your opponent's still holds seeds, loses.
kujifunza-house-6 = Which kichwa after a capture from a middle pit? The source says the game follows the rules of mtaji, the open phase of Bao la Kiswahili, and every written rule of that phase keeps the move's direction (the KIBA rules 1.4.3 and 1.6.1; de Voogt 1995, as restated by Donkers 2003); a player picks the kichwa only at the start of a move in the namua phase, which this game leaves out. Read word for word, the source's own sentence — «after a capture from the four middle pits the player chooses the kichwa» — lets you choose after every middle capture. This program plays the written rules; the other reading can be chosen on the title screen and in this panel.
kujifunza-house-7 = With the free choice the game is decided at once: South wins by force in three moves from the start (a8+/L/R/R; North's only reply is b2-; b8+/R/R/R empties North's front row). With the direction kept no such short forced win exists. «Show me» plays both.
kujifunza-example-capture = A capture
kujifunza-example-capture-caption = South sows a2 clockwise. The last seed lands in a4, facing two of North's seeds: they are captured and, because the move goes clockwise, sown again from South's left kichwa.
kujifunza-example-takata = Takata
kujifunza-example-takata-caption = No capture is possible, so South plays takata: the first lap ends in an occupied pit, its seeds relay on, and the move stops in an empty pit.
kujifunza-example-direction = The direction is kept
kujifunza-example-direction-caption = South sows a4 counterclockwise and captures from the kimbi a2: the seeds re-enter at the left kichwa, and the move now runs clockwise. Its relay ends in the middle pit a5, facing North's seeds: the move keeps its new direction, so these seeds re-enter at the left kichwa too.
kujifunza-example-choice-win = The free choice: a win in three moves
kujifunza-example-choice-win-caption = In the reading where the player chooses the kichwa, South wins from the start: a8+/L/R/R leaves North a single move, b2-, and b8+/R/R/R captures North's whole front row.

## Bao Kingulu (KN-1..KN-9)

kingulu-board = 2 rows of 6 pits · 48 seeds
kingulu-region = Morogoro and Tanga regions, east-central Tanzania
kingulu-people = The Ngulu people
kingulu-summary-1 = A two-row game of the Ngulu people, first recorded in 1911.
kingulu-summary-2 = One shared circle; land on an opponent's pit of three, claim it: kuweka mtoto.
kingulu-history-1 = Bao Kingulu is kept by the Ngulu (Kingulu), a people of east-central Tanzania who live mostly in the hill country of the Morogoro and Tanga regions. Historically some 132,000 strong and known as skilled farmers and traders, the Ngulu preserved this game as a tradition of their own alongside the influences of the Swahili coast.
kingulu-history-2 = Its rules were first written down in 1911 by the German missionary Martin Klamroth, in his pioneering study Afrikanische Brettspiele (African Board Games), published in the Archiv für Anthropologie.
kingulu-history-3 = Unlike the famous four-row Swahili Bao, Kingulu is played on a compact circle of twelve pits. Yet it has remarkable depth: relays over many laps, a ban on certain first laps, and the dramatic kuweka mtoto, "setting a child", in which a pit of the opponent is conquered and turned into a toll house for good. The phrase paints a vivid picture of laying claim to land and of a family's protection.
kingulu-rules-board-1 = Two rows of six pits. Each player owns the row on their side of the board.
kingulu-rules-board-2 = Every pit starts with four seeds, 48 in all.
kingulu-rules-board-3 = Captured seeds are taken out of play and kept by the capturer: on this board they lie in the store carved into the board's end at the capturer's right hand, and are never sown again.
kingulu-rules-play-1 = Players take turns. Lift all the seeds from one of your pits (a single seed will do) and sow them counterclockwise, one into each pit that follows. All twelve pits form one circle, so your seeds travel through the opponent's row and back into your own.
kingulu-rules-play-2 = Relay: if the last seed falls into an occupied pit, lift everything there and sow on.
kingulu-rules-play-3 = First-lap rule: a move is not allowed if its first lap would end in an occupied pit of your own row that is not a reserved hole.
kingulu-rules-play-4 = A move ends when its last seed falls into an empty pit, into an opponent's pit that held exactly three seeds, or into a reserved hole.
kingulu-rules-capture-1 = When the last seed falls into an empty pit of your own row, you capture all the seeds in the opponent's pit directly opposite, together with the capturing seed. If the pit opposite is empty or is a reserved hole, nothing is taken.
kingulu-rules-capture-2 = Kuweka mtoto: when the last seed of any lap falls into an opponent's pit that held exactly three seeds, making four, the move ends and that hole is yours for the rest of the game. The seed you dropped just before it is moved into the hole as well, unless the move began from a single seed.
kingulu-rules-capture-3 = Toll: any seed that later falls into a reserved hole is taken at once by the hole's owner. Nobody ever plays from a reserved hole.
kingulu-rules-end-1 = The game ends when the player to move has no legal move.
kingulu-rules-end-2 = Each player then counts the seeds in their own pits, in the holes they reserved, and the seeds they captured. The higher count wins; 24 each is a draw.
kingulu-term-kuweka-mtoto = kuweka mtoto
kingulu-term-kuweka-mtoto-meaning = "to set a child": claiming an opponent's pit that held three seeds as your own reserved hole for the rest of the game
kingulu-term-reserved-hole = reserved hole
kingulu-term-reserved-hole-meaning = a pit won by kuweka mtoto; it keeps its seeds and takes a toll of every seed that falls into it
kingulu-house-1 = South moves first; the source does not say who begins.
kingulu-house-2 = Repetition: the source has no rule for a game that goes round in circles. Here the third time the same position appears, the game ends and the seeds are counted.
kingulu-house-3 = Endless moves: a relay can go on for a very long time, even for ever. A move that would need more than 1,000 laps counts as endless and may not be played.
kingulu-house-4 = The seed dropped just before a kuweka mtoto stays put if it fell into a reserved hole.
kingulu-house-5 = A last seed that falls into a reserved hole goes to the hole's owner, and the move ends.
kingulu-example-capture = A capture
kingulu-example-capture-caption = South's last seed falls into the empty a3: the five seeds opposite are captured, together with the capturing seed.
kingulu-example-kuweka-mtoto = Kuweka mtoto
kingulu-example-kuweka-mtoto-caption = South's last seed lands in a North pit that held three: kuweka mtoto! The hole belongs to South for the rest of the game.
kingulu-example-toll = The toll
kingulu-example-toll-caption = After South claims the hole, North sows past it: the seed that falls in goes to South as a toll, and North's lap ends in an empty pit and captures.

## Bao Kigogo (KG-1..KG-5)

kigogo-board = 4 rows of 12 pits · 92 seeds
kigogo-region = Dodoma region, central Tanzania
kigogo-people = The Gogo (Wagogo) people
kigogo-summary-1 = A large four-row game of the Gogo people, first recorded in 1911.
kigogo-summary-2 = Relay around your rows; end in an empty front pit to take a column.
kigogo-history-1 = Bao Kigogo is a large four-row mancala game played by the Gogo (Wagogo) people on the central plateau of Tanzania's Dodoma region. It was first recorded in 1911 by the German Lutheran missionary Martin Klamroth, who watched games at the settlement of Mpapua (today Mpwapwa) and described the rules in the Archiv für Anthropologie.
kigogo-history-2 = It is closely related to Bao Kiarabu, the Swahili coast's name for Hawalis, to Njombwa of Mozambique, and to other four-row relay games of southern and eastern Africa.
kigogo-history-3 = On a generous board of four rows of twelve it joins unbroken counterclockwise relay sowing with an uneven opening: the two corner pits of the front rows, one at each end of the board, start empty, so the game does not open as a mirror image, and the fight for the middle rows begins at once. Players plan long chains of laps that end in empty front pits and strip whole columns from the opponent.
kigogo-rules-board-1 = Four rows of twelve pits. Each player owns the two rows on their side of the board: the front row, facing the opponent, and the back row.
kigogo-rules-board-2 = Every pit starts with two seeds, except the leftmost pit of each front row, which starts empty: 92 seeds in all.
kigogo-rules-board-3 = Captured seeds leave the game for good: on this board they lie in the store carved into the board's end at the capturer's right hand, and are never sown again.
kigogo-rules-play-1 = Players take turns. Lift all the seeds from one of your pits holding two or more and sow them counterclockwise, one into each pit of your own two rows.
kigogo-rules-play-2 = Relay: if the last seed falls into an occupied pit, lift everything there, the new seed included, and sow on from the next pit.
kigogo-rules-play-3 = The move ends when the last seed falls into an empty pit.
kigogo-rules-play-4 = Single seeds: only when none of your pits holds two or more seeds may you move a single seed, one step on, and only into an empty pit.
kigogo-rules-capture-1 = If the last seed of a move falls into an empty pit of your front row and the opponent's front pit directly opposite holds seeds, they are captured and removed from the game.
kigogo-rules-capture-2 = If the opponent's back pit in the same column holds seeds too, they are taken as well: the whole column is cleared.
kigogo-rules-capture-3 = The back row is safe on its own: it is only ever taken together with the front pit before it. A single-seed move captures in the same way.
kigogo-rules-end-1 = You win when your opponent has no seeds left, or cannot move.
kigogo-rules-end-2 = The game is a draw as soon as a position repeats.
kigogo-term-relay = relay
kigogo-term-relay-meaning = lifting the seeds of the pit where a lap ended and sowing them on, lap after lap
kigogo-term-column-capture = column capture
kigogo-term-column-capture-meaning = taking the opponent's front pit together with the back pit behind it
kigogo-house-1 = South moves first; the source does not say who begins.
kigogo-house-2 = Endless moves: a relay can go on for a very long time, even for ever. A move that would need more than 1,000 laps counts as endless and may not be played.
kigogo-house-3 = A repeated position means the same seeds in the same pits, the same captures and the same player to move.
kigogo-example-relay = Relay and capture
kigogo-example-relay-caption = South sows a6; the lap ends in an occupied pit and relays on, until the last seed falls into the empty a1 and takes North's whole column.
kigogo-example-single = A single seed
kigogo-example-single-caption = With no pit of two seeds left, South slides a single seed into the empty pit beside it, and still captures a whole column.

## Bao la Kimasai, four rows (KM-1..KM-4)

kimasai-board = 4 rows of 12 pits · 46 seeds
kimasai-region = Dodoma region, central Tanzania
kimasai-people = Maasai herders
kimasai-summary-1 = A four-row game recorded among Maasai herders in 1911.
kimasai-summary-2 = One seed per pit: slide into an empty pit and strike a whole column.
kimasai-history-1 = Bao la Kimasai, in its four-row form, is an intriguing mancala game recorded among the Maasai herders of the Dodoma region in central Tanzania. It was first described in 1911 by the German Lutheran minister Martin Klamroth, who watched games near Mpapua (today Mpwapwa) and published a detailed account in the Archiv für Anthropologie.
kimasai-history-2 = Among the four-row African games it stands apart: there are no heaps of seeds and no relay sowing over many laps. A pit never holds more than one seed, so the game becomes a tense, tactical contest of sliding pieces, in which single seeds edge toward empty pits and suddenly open attacks on a column across the board.
kimasai-history-3 = Board-game historians have pointed to a possible kinship with the passing rules of Chisolo II and with other sliding mancala games of southern Africa.
kimasai-rules-board-1 = Four rows of twelve pits. Each player owns the two rows on their side of the board: the front row, facing the opponent, and the back row.
kimasai-rules-board-2 = Every pit starts with one seed, except the leftmost pit of each front row, which starts empty: 46 seeds in all.
kimasai-rules-board-3 = A pit never holds more than one seed. Captured seeds leave the game for good: on this board they lie in the store at the capturer's right hand, and are never sown again.
kimasai-rules-play-1 = Players take turns. Move one of your seeds to the next pit counterclockwise around your own two rows.
kimasai-rules-play-2 = The move is allowed only if that pit is empty.
kimasai-rules-capture-1 = When your seed arrives in your front row and the opponent's front pit directly opposite holds a seed, that seed is captured, and with it the seed in the opponent's back pit of the same column, if there is one.
kimasai-rules-capture-2 = With no seed in the front pit opposite, nothing is captured: the back row is safe on its own.
kimasai-rules-end-1 = You win when your opponent has no seeds left, or cannot move.
kimasai-rules-end-2 = The game is a draw as soon as a position repeats.
kimasai-term-column-capture = column capture
kimasai-term-column-capture-meaning = taking the opponent's front seed together with the back seed behind it
kimasai-house-1 = South moves first; the source does not say who begins.
kimasai-house-2 = A repeated position means the same seeds in the same pits, the same captures and the same player to move.
kimasai-example-opening = The opening
kimasai-example-opening-caption = South's only opening move slides a seed into the empty a1 and captures North's whole column; North answers the same way.
kimasai-example-back-row = The back row is safe
kimasai-example-back-row-caption = South's seed arrives opposite an empty front pit: nothing is captured, and North's back-row seed behind it is safe.
