# Geschichte der Spielarten, Regeln in einfachen Worten, Begriffe und „Zeig es mir“-Beispiele.
# Grundlage sind die deutschen Quelltexte (seeds 000–002); Kimasai nach dem niederländischen (004).

## Die Namen der Spiele (in jeder Sprache gleich).

variant-kujifunza = Bao la Kujifunza
variant-kingulu = Bao Kingulu
variant-kigogo = Bao Kigogo
variant-kimasai = Bao la Kimasai

## Überschriften der Regeln, für alle vier Spiele.

rules-section-board = Das Brett
rules-section-play = Spielanleitung
rules-section-capture = Fangen
rules-section-end = Spielende und Sieger
rules-notation = Züge werden vom Platz des Ziehenden aus geschrieben: a ist die vordere Reihe (bei Kingulu die einzige), b die hintere, und die Löcher werden von der linken Seite des Ziehenden aus gezählt — a3 ist also das dritte Loch seiner vorderen Reihe. Bei Bao la Kujifunza bedeutet + gegen den Uhrzeigersinn und - im Uhrzeigersinn; in der Lesart, in der der Spieler das kichwa wählt, zeigt /L oder /R, an welchem kichwa die gefangenen Samen wieder eingesetzt wurden.

## Wie ein Spiel endete (KU-10, KU-11, KN-8, KN-9, KG-5, KM-4).

ending-win = { $player } gewinnt
ending-draw = Unentschieden
ending-bao-hamna = Die vordere Reihe von { $player } ist leer — bao hamna
ending-blockade = { $player } kann nicht ziehen
ending-no-seeds = { $player } hat keine Samen mehr
ending-final-score = { $player } kann nicht ziehen — Endstand { $score }
ending-repetition-kujifunza = Stellung dreimal wiederholt — unentschieden (Hausregel)
ending-repetition-kingulu = Stellung dreimal wiederholt (Hausregel) — Endstand { $score }
ending-repetition = Die Stellung hat sich wiederholt — unentschieden
ending-score = Süd { $south }, Nord { $north }

## Bao la Kujifunza (KU-1..KU-11)

kujifunza-also-called = Mbili-mbili
kujifunza-board = 4 Reihen zu 8 Löchern · 64 Samen
kujifunza-region = Kenia und Tansania
kujifunza-people = Swahilisprachige Gemeinschaften
kujifunza-summary-1 = „Bao zum Lernen“: die Einstiegstür zum Meisterspiel Bao la Kiswahili.
kujifunza-summary-2 = Stafetten um die eigenen Reihen; Fänge vorne sind Pflicht.
kujifunza-history-1 = Im Swahili-Alltag heißt dieses Spiel Mbili-mbili, „zwei zu zwei“ oder „in Paaren“, nach den zwei Samen, mit denen jedes Loch beginnt. Sein voller Name, Bao la Kujifunza, kommt vom Swahili-Verb kujifunza, „lernen“: In den swahilisprachigen Gemeinschaften Kenias und Tansanias ist es die offene Einstiegstür zum Meisterspiel Bao la Kiswahili.
kujifunza-history-2 = Es lässt die Eröffnungsphase des Meisterspiels aus, in der Samen auf das Brett gebracht werden (namua), ebenso die Sonderrechte des Hauses (nyumba). Was bleibt, ist das Herz von Bao: Stafettenaussaat über viele Umläufe, Pflichtfänge in der vorderen Reihe und gefangene Samen, die am kichwa wieder ins Spiel kommen. Anfänger und junge Spieler lernen hier, zu rechnen und mehrere Umläufe vorauszusehen — in Schulen, Vereinen und Familien in ganz Ostafrika, bevor sie zum vollständigen Bao übergehen.
kujifunza-history-3 = Das Spiel wurde 1971 in einem Lehrheft festgehalten, How to Play Bao, herausgegeben vom Nationalmuseum Tansanias in Daressalam. Dokumentiert haben es außerdem der italienische Bao-Forscher Nino Vessella und der Spieleforscher Larry Russ in The Complete Mancala Games Book (1999).
kujifunza-rules-board-1 = Vier Reihen zu acht Löchern. Jedem Spieler gehören die beiden Reihen auf seiner Seite: die vordere Reihe, dem Gegner zugewandt, und die hintere Reihe.
kujifunza-rules-board-2 = Jedes Loch beginnt mit zwei Samen, 64 insgesamt. Niemand hält Samen in der Hand, und es gibt keine Speicher: Gefangene Samen kommen sofort wieder ins Spiel.
kujifunza-rules-board-3 = Die beiden Endlöcher deiner vorderen Reihe sind deine kichwa, links und rechts. Die zwei Löcher an jedem Ende der vorderen Reihe sind die kimbi; die vier dazwischen sind die mittleren Löcher.
kujifunza-rules-play-1 = Gespielt wird nach den Regeln von mtaji, der offenen zweiten Phase von Bao la Kiswahili — ohne Samen in der Hand, ohne das Haus (nyumba) und ohne die takasia-Regel.
kujifunza-rules-play-2 = Die Spieler ziehen abwechselnd. Du säst nur um deine eigenen beiden Reihen, einen Kreis aus sechzehn Löchern, in beide Richtungen: Nimm alle Samen aus einem deiner Löcher und lege sie einzeln in die folgenden Löcher.
kujifunza-rules-play-3 = Stafette: Fällt der letzte Samen in ein besetztes Loch, nimm alles heraus, den neuen Samen eingeschlossen, und säe in derselben Richtung weiter. Der Zug endet, wenn ein letzter Samen in ein leeres Loch fällt.
kujifunza-rules-play-4 = Ein Loch mit nur einem Samen beginnt nie einen Zug.
kujifunza-rules-play-5 = Fangen ist Pflicht: Sobald ein Fang möglich ist, musst du fangen.
kujifunza-rules-play-6 = Takata: Ist kein Fang möglich, machst du einen Zug ohne Fang (takata) aus einem Loch der vorderen Reihe mit zwei oder mehr Samen. Nur wenn deine vordere Reihe ausschließlich Einzelsamen enthält, darfst du aus der hinteren Reihe beginnen. Eine takata fängt nie, wie weit die Stafette auch läuft.
kujifunza-rules-capture-1 = Ein Zug fängt, wenn der letzte Samen seines ersten Umlaufs in einem besetzten Loch deiner vorderen Reihe landet und im direkt gegenüberliegenden vorderen Loch des Gegners Samen liegen.
kujifunza-rules-capture-2 = Die 16-Samen-Regel: Ein erster Umlauf aus sechzehn oder mehr Samen kann nie fangen.
kujifunza-rules-capture-3 = Du nimmst alle Samen aus dem gegenüberliegenden Loch des Gegners; seine hintere Reihe ist immer sicher. Deine eigenen Samen bleiben liegen.
kujifunza-rules-capture-4 = Die gefangenen Samen werden sofort wieder gesät, beginnend an einem deiner kichwa — der erste Samen ins kichwa selbst — und nach innen zur Mitte hin. Der Zug geht in dieser Richtung weiter.
kujifunza-rules-capture-5 = Ein Fang aus einem kimbi wird am kichwa derselben Seite wieder eingesetzt. Nach einem Fang aus einem der vier mittleren Löcher behält der Zug seine Richtung: Gegen den Uhrzeigersinn (+) werden die Samen an deinem rechten kichwa eingesetzt, im Uhrzeigersinn (-) an deinem linken. (In der Lesart «der Spieler wählt» bestimmst du das kichwa nach jedem Fang aus der Mitte selbst.)
kujifunza-rules-capture-6 = Verkettete Fänge: Endet ein späterer Umlauf in einem besetzten Loch der vorderen Reihe, dem Samen des Gegners gegenüberliegen, fängst du erneut und säst die neuen Samen von einem kichwa aus. Ein Umlauf, der in einem leeren Loch endet, beendet den Zug.
kujifunza-rules-end-1 = Bao hamna: Du gewinnst, wenn die vordere Reihe deines Gegners vollständig leer ist.
kujifunza-rules-end-2 = Blockade: Du gewinnst, wenn dein Gegner nicht ziehen kann, weil auf seiner Seite nur noch Einzelsamen oder gar keine Samen liegen.
kujifunza-term-mtaji = mtaji
kujifunza-term-mtaji-meaning = die offene zweite Phase von Bao la Kiswahili; nach ihren Regeln wird dieses Spiel gespielt
kujifunza-term-takata = takata
kujifunza-term-takata-meaning = ein Zug ohne Fang, nur erlaubt, wenn kein Fang möglich ist
kujifunza-term-kichwa = kichwa
kujifunza-term-kichwa-meaning = („Kopf“) ein Endloch deiner vorderen Reihe, links oder rechts; von hier werden gefangene Samen wieder gesät
kujifunza-term-kimbi = kimbi
kujifunza-term-kimbi-meaning = die zwei Löcher an jedem Ende deiner vorderen Reihe; ein Fang aus einem kimbi wird am kichwa derselben Seite wieder eingesetzt
kujifunza-term-bao-hamna = bao hamna
kujifunza-term-bao-hamna-meaning = („kein Bao“) eine leere vordere Reihe: Wessen vordere Reihe leer ist, hat verloren
kujifunza-term-mbili-mbili = Mbili-mbili
kujifunza-term-mbili-mbili-meaning = „zwei zu zwei“, der Alltagsname des Spiels
kujifunza-house-1 = Süd zieht zuerst; die Quelle sagt nicht, wer beginnt.
kujifunza-house-2 = Wiederholung: Die Quelle hat keine Regel für ein Spiel, das sich im Kreis dreht. Hier endet das Spiel unentschieden, sobald dieselbe Stellung zum dritten Mal vorkommt.
kujifunza-house-3 = Endlose Züge: Eine Stafette kann sehr lange laufen, sogar ewig. Ein Zug, der mehr als 1.000 Umläufe bräuchte, gilt als endlos und darf nicht gespielt werden.
kujifunza-house-4 = Ein Fang, der die vordere Reihe des Gegners leert, sät seine Samen trotzdem vom kichwa aus; dann endet der Zug, und du hast gewonnen.
kujifunza-house-5 = Ein Zug, der deine eigene vordere Reihe leert, während die des Gegners noch Samen hat, verliert.
kujifunza-house-6 = Welches kichwa nach einem Fang aus einem mittleren Loch? Die Quelle sagt, gespielt werde nach den Regeln von mtaji, der offenen Phase von Bao la Kiswahili, und jede geschriebene Regel dieser Phase behält die Richtung des Zuges bei (die KIBA-Regeln 1.4.3 und 1.6.1; de Voogt 1995, wiedergegeben bei Donkers 2003); das kichwa wählt man nur zu Beginn eines Zuges in der namua-Phase, die dieses Spiel weglässt. Wörtlich gelesen erlaubt der Satz der Quelle selbst — «Wurde aus den vier mittleren Löchern gefangen, wählt der Spieler, über welches kichwa er einsteigt» — die Wahl nach jedem Fang aus der Mitte. Dieses Programm spielt die geschriebenen Regeln; die andere Lesart lässt sich auf dem Startbildschirm und hier wählen.
kujifunza-house-7 = Mit der freien Wahl ist das Spiel sofort entschieden: Süd gewinnt von Anfang an in drei Zügen erzwungen (a8+/L/R/R; Nords einzige Antwort ist b2-; b8+/R/R/R leert Nords vordere Reihe). Bleibt die Richtung erhalten, gibt es keinen so kurzen erzwungenen Gewinn. «Zeig es mir» spielt beides vor.
kujifunza-example-capture = Ein Fang
kujifunza-example-capture-caption = Süd sät a2 im Uhrzeigersinn. Der letzte Samen landet in a4, gegenüber zwei Samen von Nord: Sie werden gefangen und, weil der Zug im Uhrzeigersinn läuft, vom linken kichwa von Süd aus wieder gesät.
kujifunza-example-takata = Takata
kujifunza-example-takata-caption = Kein Fang ist möglich, also spielt Süd takata: Der erste Umlauf endet in einem besetzten Loch, seine Samen laufen als Stafette weiter, und der Zug endet in einem leeren Loch.
kujifunza-example-direction = Die Richtung bleibt
kujifunza-example-direction-caption = Süd sät a4 gegen den Uhrzeigersinn und fängt aus dem kimbi a2: Die Samen werden am linken kichwa eingesetzt, und der Zug läuft nun im Uhrzeigersinn. Sein Staffellauf endet im mittleren Loch a5, gegenüber Samen von Nord: Der Zug behält seine neue Richtung, also werden auch diese Samen am linken kichwa eingesetzt.
kujifunza-example-choice-win = Die freie Wahl: ein Gewinn in drei Zügen
kujifunza-example-choice-win-caption = In der Lesart, in der der Spieler das kichwa wählt, gewinnt Süd von Anfang an: a8+/L/R/R lässt Nord einen einzigen Zug, b2-, und b8+/R/R/R fängt Nords ganze vordere Reihe.

## Bao Kingulu (KN-1..KN-9)

kingulu-board = 2 Reihen zu 6 Löchern · 48 Samen
kingulu-region = Regionen Morogoro und Tanga, Ostzentraltansania
kingulu-people = Das Volk der Ngulu
kingulu-summary-1 = Ein zweireihiges Spiel der Ngulu, erstmals 1911 festgehalten.
kingulu-summary-2 = Ein gemeinsamer Kreis; triff ein Loch des Gegners mit drei: kuweka mtoto.
kingulu-history-1 = Bao Kingulu wird von den Ngulu (Kingulu) gepflegt, einem Volk in Ostzentraltansania, das vor allem die hügeligen Gebiete der Regionen Morogoro und Tanga bewohnt. Die Ngulu, historisch rund 132.000 Menschen und als geschickte Landwirte und Händler bekannt, bewahrten dieses Spiel als eigenständige Tradition neben den Einflüssen der Swahili-Küste.
kingulu-history-2 = Seine Regeln wurden 1911 vom deutschen Missionar Martin Klamroth erstmals festgehalten, in seiner grundlegenden Studie Afrikanische Brettspiele, veröffentlicht im Archiv für Anthropologie.
kingulu-history-3 = Anders als das berühmte vierreihige Swahili-Bao wird Kingulu auf einem kompakten Kreis aus zwölf Löchern gespielt. Dennoch hat es bemerkenswerte Tiefe: Stafetten über viele Umläufe, ein Verbot bestimmter erster Umläufe und das dramatische kuweka mtoto, „ein Kind setzen“, bei dem ein Loch des Gegners erobert und dauerhaft in ein Zollhaus verwandelt wird. Die Wendung zeichnet ein lebendiges Bild von Landanspruch und vom Schutz einer Familie.
kingulu-rules-board-1 = Zwei Reihen zu sechs Löchern. Jedem Spieler gehört die Reihe auf seiner Seite des Bretts.
kingulu-rules-board-2 = Jedes Loch beginnt mit vier Samen, 48 insgesamt.
kingulu-rules-board-3 = Gefangene Samen scheiden aus dem Spiel aus und gehören dem Fänger: Auf diesem Brett liegen sie im Speicher am Brettende zu seiner rechten Hand und werden nie wieder gesät.
kingulu-rules-play-1 = Die Spieler ziehen abwechselnd. Nimm alle Samen aus einem deiner Löcher (auch ein einzelner Samen genügt) und säe sie gegen den Uhrzeigersinn, je einen in jedes folgende Loch. Alle zwölf Löcher bilden einen Kreis, also wandern deine Samen durch die Reihe des Gegners und zurück in deine eigene.
kingulu-rules-play-2 = Stafette: Fällt der letzte Samen in ein besetztes Loch, nimm alles heraus und säe weiter.
kingulu-rules-play-3 = Regel des ersten Umlaufs: Ein Zug ist nicht erlaubt, wenn sein erster Umlauf in einem besetzten, nicht reservierten Loch deiner eigenen Reihe enden würde.
kingulu-rules-play-4 = Ein Zug endet, wenn sein letzter Samen in ein leeres Loch fällt, in ein Loch des Gegners mit genau drei Samen oder in ein reserviertes Loch.
kingulu-rules-capture-1 = Fällt der letzte Samen in ein leeres Loch deiner eigenen Reihe, fängst du alle Samen im direkt gegenüberliegenden Loch des Gegners, zusammen mit dem fangenden Samen. Ist das gegenüberliegende Loch leer oder ein reserviertes Loch, wird nichts genommen.
kingulu-rules-capture-2 = Kuweka mtoto: Fällt der letzte Samen eines beliebigen Umlaufs in ein Loch des Gegners mit genau drei Samen, sodass es vier werden, endet der Zug, und dieses Loch gehört dir für den Rest des Spiels. Der Samen, den du direkt davor gelegt hast, kommt ebenfalls in das Loch, außer der Zug begann mit einem einzelnen Samen.
kingulu-rules-capture-3 = Zoll: Jeder Samen, der später in ein reserviertes Loch fällt, geht sofort an den Besitzer des Lochs. Aus einem reservierten Loch wird nie gespielt.
kingulu-rules-end-1 = Das Spiel endet, wenn der Spieler am Zug keinen erlaubten Zug mehr hat.
kingulu-rules-end-2 = Dann zählt jeder Spieler die Samen in seinen eigenen Löchern, in den von ihm reservierten Löchern und die von ihm gefangenen Samen. Die höhere Zahl gewinnt; 24 zu 24 ist unentschieden.
kingulu-term-kuweka-mtoto = kuweka mtoto
kingulu-term-kuweka-mtoto-meaning = „ein Kind setzen“: ein Loch des Gegners mit drei Samen für den Rest des Spiels als eigenes reserviertes Loch beanspruchen
kingulu-term-reserved-hole = reserviertes Loch
kingulu-term-reserved-hole-meaning = ein durch kuweka mtoto gewonnenes Loch; es behält seine Samen und nimmt jeden Samen, der hineinfällt, als Zoll
kingulu-house-1 = Süd zieht zuerst; die Quelle sagt nicht, wer beginnt.
kingulu-house-2 = Wiederholung: Die Quelle hat keine Regel für ein Spiel, das sich im Kreis dreht. Hier endet das Spiel, sobald dieselbe Stellung zum dritten Mal vorkommt, und die Samen werden gezählt.
kingulu-house-3 = Endlose Züge: Eine Stafette kann sehr lange laufen, sogar ewig. Ein Zug, der mehr als 1.000 Umläufe bräuchte, gilt als endlos und darf nicht gespielt werden.
kingulu-house-4 = Der Samen, der direkt vor einem kuweka mtoto gelegt wurde, bleibt liegen, wenn er in ein reserviertes Loch fiel.
kingulu-house-5 = Ein letzter Samen, der in ein reserviertes Loch fällt, geht an den Besitzer des Lochs, und der Zug endet.
kingulu-example-capture = Ein Fang
kingulu-example-capture-caption = Der letzte Samen von Süd fällt in das leere a3: Die fünf Samen gegenüber werden gefangen, zusammen mit dem fangenden Samen.
kingulu-example-kuweka-mtoto = Kuweka mtoto
kingulu-example-kuweka-mtoto-caption = Der letzte Samen von Süd landet in einem Loch von Nord, das drei Samen hatte: kuweka mtoto! Das Loch gehört Süd für den Rest des Spiels.
kingulu-example-toll = Der Zoll
kingulu-example-toll-caption = Nachdem Süd das Loch erobert hat, sät Nord daran vorbei: Der Samen, der hineinfällt, geht als Zoll an Süd, und der Umlauf von Nord endet in einem leeren Loch und fängt.

## Bao Kigogo (KG-1..KG-5)

kigogo-board = 4 Reihen zu 12 Löchern · 92 Samen
kigogo-region = Region Dodoma, Zentraltansania
kigogo-people = Das Volk der Gogo (Wagogo)
kigogo-summary-1 = Ein großes vierreihiges Spiel der Gogo, erstmals 1911 festgehalten.
kigogo-summary-2 = Stafetten um die eigenen Reihen; ende vorne leer und nimm eine Spalte.
kigogo-history-1 = Bao Kigogo ist ein großes vierreihiges Mancala, das von den Gogo (Wagogo) auf dem zentralen Hochland der Region Dodoma in Tansania gespielt wird. Es wurde 1911 vom deutschen lutherischen Missionar Martin Klamroth erstmals festgehalten, der Partien in der Siedlung Mpapua (heute Mpwapwa) beobachtete und die Regeln im Archiv für Anthropologie beschrieb.
kigogo-history-2 = Es ist eng verwandt mit Bao Kiarabu, dem Namen der Swahili-Küste für Hawalis, mit Njombwa aus Mosambik und mit anderen vierreihigen Stafettenspielen im Süden und Osten Afrikas.
kigogo-history-3 = Auf einem großzügigen Brett aus vier Reihen zu zwölf verbindet es ununterbrochene Stafettenaussaat gegen den Uhrzeigersinn mit einer ungleichen Eröffnung: Die beiden Ecklöcher der vorderen Reihen, je eines an jedem Ende des Bretts, beginnen leer, sodass das Spiel nicht spiegelbildlich eröffnet und der Kampf um die mittleren Reihen sofort beginnt. Die Spieler planen lange Ketten von Umläufen, die in leeren vorderen Löchern enden und dem Gegner ganze Spalten entreißen.
kigogo-rules-board-1 = Vier Reihen zu zwölf Löchern. Jedem Spieler gehören die beiden Reihen auf seiner Seite des Bretts: die vordere Reihe, dem Gegner zugewandt, und die hintere Reihe.
kigogo-rules-board-2 = Jedes Loch beginnt mit zwei Samen, außer dem linken Endloch jeder vorderen Reihe, das leer beginnt: 92 Samen insgesamt.
kigogo-rules-board-3 = Gefangene Samen scheiden endgültig aus dem Spiel aus: Auf diesem Brett liegen sie im Speicher am Brettende zur rechten Hand des Fängers und werden nie wieder gesät.
kigogo-rules-play-1 = Die Spieler ziehen abwechselnd. Nimm alle Samen aus einem deiner Löcher mit zwei oder mehr Samen und säe sie gegen den Uhrzeigersinn, je einen in jedes Loch deiner beiden Reihen.
kigogo-rules-play-2 = Stafette: Fällt der letzte Samen in ein besetztes Loch, nimm alles heraus, den neuen Samen eingeschlossen, und säe ab dem nächsten Loch weiter.
kigogo-rules-play-3 = Der Zug endet, wenn der letzte Samen in ein leeres Loch fällt.
kigogo-rules-play-4 = Einzelsamen: Nur wenn keines deiner Löcher zwei oder mehr Samen hat, darfst du einen einzelnen Samen ziehen — einen Schritt weiter und nur in ein leeres Loch.
kigogo-rules-capture-1 = Fällt der letzte Samen eines Zugs in ein leeres Loch deiner vorderen Reihe und liegen im direkt gegenüberliegenden vorderen Loch des Gegners Samen, werden sie gefangen und aus dem Spiel genommen.
kigogo-rules-capture-2 = Liegen auch im hinteren Loch des Gegners in derselben Spalte Samen, werden sie ebenfalls genommen: Die ganze Spalte wird geleert.
kigogo-rules-capture-3 = Die hintere Reihe allein ist sicher: Sie wird immer nur zusammen mit dem vorderen Loch davor genommen. Ein Zug mit einem Einzelsamen fängt auf dieselbe Weise.
kigogo-rules-end-1 = Du gewinnst, wenn dein Gegner keine Samen mehr hat oder nicht ziehen kann.
kigogo-rules-end-2 = Das Spiel endet unentschieden, sobald sich eine Stellung wiederholt.
kigogo-term-relay = Stafette
kigogo-term-relay-meaning = die Samen des Lochs, in dem ein Umlauf endete, aufnehmen und weitersäen, Umlauf um Umlauf
kigogo-term-column-capture = Spaltenfang
kigogo-term-column-capture-meaning = das vordere Loch des Gegners zusammen mit dem hinteren Loch dahinter nehmen
kigogo-house-1 = Süd zieht zuerst; die Quelle sagt nicht, wer beginnt.
kigogo-house-2 = Endlose Züge: Eine Stafette kann sehr lange laufen, sogar ewig. Ein Zug, der mehr als 1.000 Umläufe bräuchte, gilt als endlos und darf nicht gespielt werden.
kigogo-house-3 = Eine wiederholte Stellung bedeutet: dieselben Samen in denselben Löchern, dieselben Fänge und derselbe Spieler am Zug.
kigogo-example-relay = Stafette und Fang
kigogo-example-relay-caption = Süd sät a6; der Umlauf endet in einem besetzten Loch und läuft als Stafette weiter, bis der letzte Samen in das leere a1 fällt und die ganze Spalte von Nord nimmt.
kigogo-example-single = Ein Einzelsamen
kigogo-example-single-caption = Ohne Loch mit zwei Samen schiebt Süd einen einzelnen Samen in das leere Loch daneben und fängt trotzdem eine ganze Spalte.

## Bao la Kimasai, vierreihig (KM-1..KM-4)

kimasai-board = 4 Reihen zu 12 Löchern · 46 Samen
kimasai-region = Region Dodoma, Zentraltansania
kimasai-people = Maasai-Hirten
kimasai-summary-1 = Ein vierreihiges Spiel, 1911 bei Maasai-Hirten festgehalten.
kimasai-summary-2 = Ein Samen pro Loch: in ein leeres Loch rücken und eine Spalte schlagen.
kimasai-history-1 = Bao la Kimasai in seiner vierreihigen Form ist ein faszinierendes Mancala, festgehalten bei den Maasai-Hirten der Region Dodoma in Zentraltansania. Es wurde 1911 erstmals vom deutschen lutherischen Pfarrer Martin Klamroth beschrieben, der bei Mpapua (heute Mpwapwa) Partien beobachtete und einen ausführlichen Bericht im Archiv für Anthropologie veröffentlichte.
kimasai-history-2 = Unter den vierreihigen afrikanischen Spielen steht es für sich: Es gibt keine Samenhaufen und keine Stafettenaussaat über viele Umläufe. Ein Loch hält nie mehr als einen Samen, und so wird das Spiel zu einem spannenden, taktischen Kampf gleitender Samen, in dem einzelne Samen auf leere Löcher zurücken und plötzlich Angriffe auf eine Spalte quer über das Brett eröffnen.
kimasai-history-3 = Brettspielhistoriker haben auf eine mögliche Verwandtschaft mit den Durchgangsregeln von Chisolo II und mit anderen Gleit-Mancalas im südlichen Afrika hingewiesen.
kimasai-rules-board-1 = Vier Reihen zu zwölf Löchern. Jedem Spieler gehören die beiden Reihen auf seiner Seite des Bretts: die vordere Reihe, dem Gegner zugewandt, und die hintere Reihe.
kimasai-rules-board-2 = Jedes Loch beginnt mit einem Samen, außer dem linken Endloch jeder vorderen Reihe, das leer beginnt: 46 Samen insgesamt.
kimasai-rules-board-3 = Ein Loch hält nie mehr als einen Samen. Gefangene Samen scheiden endgültig aus dem Spiel aus: Auf diesem Brett liegen sie im Speicher zur rechten Hand des Fängers und werden nie wieder gesät.
kimasai-rules-play-1 = Die Spieler ziehen abwechselnd. Rücke einen deiner Samen gegen den Uhrzeigersinn um deine beiden Reihen ins nächste Loch.
kimasai-rules-play-2 = Der Zug ist nur erlaubt, wenn dieses Loch leer ist.
kimasai-rules-capture-1 = Kommt dein Samen in deiner vorderen Reihe an und liegt im direkt gegenüberliegenden vorderen Loch des Gegners ein Samen, wird dieser gefangen — und mit ihm der Samen im hinteren Loch des Gegners in derselben Spalte, falls dort einer liegt.
kimasai-rules-capture-2 = Liegt im vorderen Loch gegenüber kein Samen, wird nichts gefangen: Die hintere Reihe allein ist sicher.
kimasai-rules-end-1 = Du gewinnst, wenn dein Gegner keine Samen mehr hat oder nicht ziehen kann.
kimasai-rules-end-2 = Das Spiel endet unentschieden, sobald sich eine Stellung wiederholt.
kimasai-term-column-capture = Spaltenfang
kimasai-term-column-capture-meaning = den vorderen Samen des Gegners zusammen mit dem hinteren Samen dahinter nehmen
kimasai-house-1 = Süd zieht zuerst; die Quelle sagt nicht, wer beginnt.
kimasai-house-2 = Eine wiederholte Stellung bedeutet: dieselben Samen in denselben Löchern, dieselben Fänge und derselbe Spieler am Zug.
kimasai-example-opening = Die Eröffnung
kimasai-example-opening-caption = Der einzige Eröffnungszug von Süd schiebt einen Samen in das leere a1 und fängt die ganze Spalte von Nord; Nord antwortet genauso.
kimasai-example-back-row = Die hintere Reihe ist sicher
kimasai-example-back-row-caption = Der Samen von Süd kommt gegenüber einem leeren vorderen Loch an: Nichts wird gefangen, und der Samen von Nord in der hinteren Reihe dahinter ist sicher.
