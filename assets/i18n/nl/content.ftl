# Geschiedenis van de varianten, regels in gewone taal, begrippen en ‘Laat zien’-voorbeelden.
# Bao la Kimasai volgt de Nederlandse brontekst; de andere volgen de Duitse bronnen.

## De namen van de spellen (in elke taal gelijk).

variant-kujifunza = Bao la Kujifunza
variant-kingulu = Bao Kingulu
variant-kigogo = Bao Kigogo
variant-kimasai = Bao la Kimasai

## Kopjes van de regels, voor alle vier de spellen.

rules-section-board = Bord
rules-section-play = Speluitleg
rules-section-capture = Vangen
rules-section-end = Einde van het spel en winnaar
rules-notation = Zetten worden geschreven vanaf de plaats van wie zet: a is de voorste rij (bij Kingulu de enige rij), b de achterste, en de gaten worden geteld vanaf de linkerkant van wie zet — a3 is dus het derde gat van zijn voorste rij. Bij Bao la Kujifunza betekent + tegen de klok in en - met de klok mee; in de lezing waarin de speler de kichwa kiest, geeft /L of /R aan bij welke kichwa de gevangen zaden opnieuw werden ingezaaid.

## Hoe een spel eindigde (KU-10, KU-11, KN-8, KN-9, KG-5, KM-4).

ending-win = { $player } wint
ending-draw = Gelijkspel
ending-bao-hamna = De voorste rij van { $player } is leeg — bao hamna
ending-blockade = { $player } kan niet zetten
ending-no-seeds = { $player } heeft geen zaden meer
ending-final-score = { $player } kan niet zetten — eindstand { $score }
ending-repetition-kujifunza = Stelling drie keer herhaald — gelijkspel (huisregel)
ending-repetition-kingulu = Stelling drie keer herhaald (huisregel) — eindstand { $score }
ending-repetition = De stelling herhaalde zich — gelijkspel
ending-score = Zuid { $south }, Noord { $north }

## Bao la Kujifunza (KU-1..KU-11)

kujifunza-also-called = Mbili-mbili
kujifunza-board = 4 rijen van 8 gaten · 64 zaden
kujifunza-region = Kenia en Tanzania
kujifunza-people = Swahilisprekende gemeenschappen
kujifunza-summary-1 = ‘Bao om te leren’: de toegangsdeur tot het meesterspel Bao la Kiswahili.
kujifunza-summary-2 = Zaai door rond je eigen rijen; vangen in de voorste rij is verplicht.
kujifunza-history-1 = In het dagelijkse Swahili heet dit spel Mbili-mbili, ‘twee aan twee’ of ‘in paren’, naar de twee zaden waarmee elk gat begint. De volledige naam, Bao la Kujifunza, komt van het Swahili-werkwoord kujifunza, ‘leren’: in de Swahilisprekende gemeenschappen van Kenia en Tanzania is het de open deur naar het meesterspel Bao la Kiswahili.
kujifunza-history-2 = Het laat de openingsfase van het meesterspel weg, waarin zaden op het bord worden gebracht (namua), en ook de bijzondere rechten van het huis (nyumba). Wat overblijft is het hart van Bao: doorzaaien over vele omlopen, verplichte vangsten in de voorste rij en gevangen zaden die bij de kichwa weer in het spel komen. Beginners en jonge spelers leren hier rekenen en meerdere omlopen vooruitzien — op scholen, in clubs en thuis in heel Oost-Afrika — voordat ze overstappen op het volledige Bao.
kujifunza-history-3 = Het spel werd in 1971 vastgelegd in een lesboekje, How to Play Bao, uitgegeven door het Nationaal Museum van Tanzania in Dar es Salaam. Het is ook beschreven door de Italiaanse Bao-onderzoeker Nino Vessella en door spelonderzoeker Larry Russ in The Complete Mancala Games Book (1999).
kujifunza-rules-board-1 = Vier rijen van acht gaten. Elke speler bezit de twee rijen aan zijn kant: de voorste rij, naar de tegenstander toe, en de achterste rij.
kujifunza-rules-board-2 = Elk gat begint met twee zaden, 64 in totaal. Niemand houdt zaden in de hand en er zijn geen opslagkuilen: gevangen zaden komen meteen weer in het spel.
kujifunza-rules-board-3 = De twee eindgaten van je voorste rij zijn je kichwa, links en rechts. De twee gaten aan elk uiteinde van de voorste rij zijn de kimbi; de vier daartussen zijn de middelste gaten.
kujifunza-rules-play-1 = Het spel volgt de regels van mtaji, de open tweede fase van Bao la Kiswahili — zonder zaden in de hand, zonder het huis (nyumba) en zonder de takasia-regel.
kujifunza-rules-play-2 = De spelers zijn om beurten aan zet. Je zaait alleen rond je eigen twee rijen, een kring van zestien gaten, in beide richtingen: pak alle zaden uit een van je gaten en leg ze een voor een in de volgende gaten.
kujifunza-rules-play-3 = Doorzaaien: komt het laatste zaad in een bezet gat, pak dan alles daaruit, het nieuwe zaad inbegrepen, en zaai in dezelfde richting verder. De zet eindigt wanneer een laatste zaad in een leeg gat valt.
kujifunza-rules-play-4 = Een gat met één zaad begint nooit een zet.
kujifunza-rules-play-5 = Vangen is verplicht: zodra een vangst mogelijk is, moet je vangen.
kujifunza-rules-play-6 = Takata: is er geen vangst mogelijk, dan doe je een zet zonder vangst (takata) vanuit een gat in de voorste rij met twee of meer zaden. Alleen als je voorste rij niets dan losse zaden bevat, mag je in de achterste rij beginnen. Een takata vangt nooit, hoe ver het doorzaaien ook gaat.
kujifunza-rules-capture-1 = Een zet vangt wanneer het laatste zaad van de eerste omloop in een bezet gat van je voorste rij landt en het voorste gat van de tegenstander recht daartegenover zaden bevat.
kujifunza-rules-capture-2 = De 16-zadenregel: een eerste omloop van zestien zaden of meer kan nooit vangen.
kujifunza-rules-capture-3 = Je neemt alle zaden uit het gat van de tegenstander tegenover je; zijn achterste rij is altijd veilig. Je eigen zaden blijven liggen.
kujifunza-rules-capture-4 = De gevangen zaden worden meteen opnieuw gezaaid, te beginnen bij een van je kichwa — het eerste zaad in de kichwa zelf — en naar binnen, naar het midden toe. De zet gaat in die richting verder.
kujifunza-rules-capture-5 = Een vangst vanuit een kimbi wordt opnieuw ingezaaid bij de kichwa aan dezelfde kant. Na een vangst vanuit een van de vier middelste gaten houdt de zet zijn richting: tegen de klok in (+) komen de zaden terug bij je rechter kichwa, met de klok mee (-) bij je linker. (In de lezing «de speler kiest» kies je na elke vangst uit het midden zelf de kichwa.)
kujifunza-rules-capture-6 = Vangsten achter elkaar: eindigt een latere omloop in een bezet gat van de voorste rij tegenover zaden van de tegenstander, dan vang je opnieuw en zaai je de nieuwe zaden vanaf een kichwa. Een omloop die in een leeg gat eindigt, beëindigt de zet.
kujifunza-rules-end-1 = Bao hamna: je wint wanneer de voorste rij van je tegenstander helemaal leeg is.
kujifunza-rules-end-2 = Blokkade: je wint wanneer je tegenstander niet kan zetten, omdat er aan zijn kant alleen losse zaden of helemaal geen zaden meer liggen.
kujifunza-term-mtaji = mtaji
kujifunza-term-mtaji-meaning = de open tweede fase van Bao la Kiswahili; dit spel wordt volgens haar regels gespeeld
kujifunza-term-takata = takata
kujifunza-term-takata-meaning = een zet zonder vangst, alleen toegestaan als er geen vangst mogelijk is
kujifunza-term-kichwa = kichwa
kujifunza-term-kichwa-meaning = (‘hoofd’) een eindgat van je voorste rij, links of rechts; van hieruit worden gevangen zaden opnieuw gezaaid
kujifunza-term-kimbi = kimbi
kujifunza-term-kimbi-meaning = de twee gaten aan elk uiteinde van je voorste rij; een vangst vanuit een kimbi wordt opnieuw ingezaaid bij de kichwa aan die kant
kujifunza-term-bao-hamna = bao hamna
kujifunza-term-bao-hamna-meaning = (‘geen bao’) een lege voorste rij: wiens voorste rij leeg is, heeft verloren
kujifunza-term-mbili-mbili = Mbili-mbili
kujifunza-term-mbili-mbili-meaning = ‘twee aan twee’, de alledaagse naam van het spel
kujifunza-house-1 = Zuid begint; de bron zegt niet wie begint.
kujifunza-house-2 = Herhaling: de bron heeft geen regel voor een spel dat in kringetjes ronddraait. Hier eindigt het spel in gelijkspel zodra dezelfde stelling voor de derde keer voorkomt.
kujifunza-house-3 = Eindeloze zetten: doorzaaien kan heel lang duren, zelfs eeuwig. Een zet die meer dan 1.000 omlopen zou vergen, geldt als eindeloos en mag niet gespeeld worden.
kujifunza-house-4 = Een vangst die de voorste rij van de tegenstander leegmaakt, zaait haar zaden toch vanaf de kichwa; daarna stopt de zet en heb je gewonnen.
kujifunza-house-5 = Een zet die je eigen voorste rij leegmaakt terwijl die van je tegenstander nog zaden heeft, verliest.
kujifunza-house-6 = Welke kichwa na een vangst uit een middelste gat? De bron zegt dat het spel de regels van mtaji volgt, de open fase van Bao la Kiswahili, en elke geschreven regel van die fase houdt de richting van de zet vast (de KIBA-regels 1.4.3 en 1.6.1; de Voogt 1995, weergegeven door Donkers 2003); een speler kiest de kichwa alleen aan het begin van een zet in de namua-fase, die dit spel weglaat. Letterlijk gelezen laat de zin van de bron zelf — «na een vangst uit de vier middelste gaten kiest de speler de kichwa» — de keuze na elke vangst uit het midden. Dit programma speelt de geschreven regels; de andere lezing kies je op het beginscherm en hier.
kujifunza-house-7 = Met de vrije keuze is het spel meteen beslist: Zuid wint vanaf het begin geforceerd in drie zetten (a8+/L/R/R; het enige antwoord van Noord is b2-; b8+/R/R/R maakt de voorste rij van Noord leeg). Blijft de richting behouden, dan bestaat zo'n korte geforceerde winst niet. «Laat zien» speelt beide voor.
kujifunza-example-capture = Een vangst
kujifunza-example-capture-caption = Zuid zaait a2 met de klok mee. Het laatste zaad landt in a4, tegenover twee zaden van Noord: die worden gevangen en, omdat de zet met de klok mee gaat, opnieuw gezaaid vanaf de linker kichwa van Zuid.
kujifunza-example-takata = Takata
kujifunza-example-takata-caption = Er is geen vangst mogelijk, dus speelt Zuid takata: de eerste omloop eindigt in een bezet gat, de zaden worden doorgezaaid, en de zet stopt in een leeg gat.
kujifunza-example-direction = De richting blijft
kujifunza-example-direction-caption = Zuid zaait a4 tegen de klok in en vangt vanuit de kimbi a2: de zaden komen terug bij de linker kichwa, en de zet loopt nu met de klok mee. Zijn estafette eindigt in het middelste gat a5, tegenover zaden van Noord: de zet houdt zijn nieuwe richting, dus ook deze zaden komen terug bij de linker kichwa.
kujifunza-example-choice-win = De vrije keuze: winst in drie zetten
kujifunza-example-choice-win-caption = In de lezing waarin de speler de kichwa kiest, wint Zuid vanaf het begin: a8+/L/R/R laat Noord één zet over, b2-, en b8+/R/R/R vangt de hele voorste rij van Noord.

## Bao Kingulu (KN-1..KN-9)

kingulu-board = 2 rijen van 6 gaten · 48 zaden
kingulu-region = Regio’s Morogoro en Tanga, oostelijk Midden-Tanzania
kingulu-people = Het Ngulu-volk
kingulu-summary-1 = Een tweerijig spel van de Ngulu, voor het eerst vastgelegd in 1911.
kingulu-summary-2 = Eén gedeelde kring; land op een gat van de tegenstander met drie: kuweka mtoto.
kingulu-history-1 = Bao Kingulu wordt in ere gehouden door de Ngulu (Kingulu), een volk in het oosten van Midden-Tanzania dat vooral in het heuvelland van de regio’s Morogoro en Tanga woont. De Ngulu, historisch zo’n 132.000 mensen en bekend als bekwame boeren en handelaars, bewaarden dit spel als een eigen traditie naast de invloeden van de Swahilikust.
kingulu-history-2 = De regels werden in 1911 voor het eerst opgeschreven door de Duitse missionaris Martin Klamroth, in zijn baanbrekende studie Afrikanische Brettspiele (Afrikaanse bordspellen), verschenen in het Archiv für Anthropologie.
kingulu-history-3 = Anders dan het beroemde vierrijige Swahili-Bao wordt Kingulu gespeeld op een compacte kring van twaalf gaten. Toch heeft het opvallende diepgang: doorzaaien over vele omlopen, een verbod op bepaalde eerste omlopen en het dramatische kuweka mtoto, ‘een kind zetten’, waarbij een gat van de tegenstander wordt veroverd en voorgoed een tolhuis wordt. De uitdrukking schetst een levendig beeld van het claimen van land en van de bescherming van een familie.
kingulu-rules-board-1 = Twee rijen van zes gaten. Elke speler bezit de rij aan zijn kant van het bord.
kingulu-rules-board-2 = Elk gat begint met vier zaden, 48 in totaal.
kingulu-rules-board-3 = Gevangen zaden gaan uit het spel en blijven bij wie ze ving: op dit bord liggen ze in de opslagkuil aan het uiteinde van het bord, rechts van de vanger, en worden nooit meer gezaaid.
kingulu-rules-play-1 = De spelers zijn om beurten aan zet. Pak alle zaden uit een van je gaten (één zaad mag ook) en zaai ze tegen de klok in, één in elk volgend gat. Alle twaalf gaten vormen één kring, dus je zaden reizen door de rij van de tegenstander en terug naar je eigen rij.
kingulu-rules-play-2 = Doorzaaien: valt het laatste zaad in een bezet gat, pak dan alles daaruit en zaai verder.
kingulu-rules-play-3 = Regel van de eerste omloop: een zet is niet toegestaan als de eerste omloop zou eindigen in een bezet, niet-gereserveerd gat van je eigen rij.
kingulu-rules-play-4 = Een zet eindigt wanneer het laatste zaad valt in een leeg gat, in een gat van de tegenstander met precies drie zaden, of in een gereserveerd gat.
kingulu-rules-capture-1 = Valt het laatste zaad in een leeg gat van je eigen rij, dan vang je alle zaden in het gat van de tegenstander recht daartegenover, samen met het vangende zaad. Is het gat tegenover leeg of een gereserveerd gat, dan wordt er niets genomen.
kingulu-rules-capture-2 = Kuweka mtoto: valt het laatste zaad van een omloop in een gat van de tegenstander met precies drie zaden, zodat het er vier worden, dan eindigt de zet en is dat gat van jou voor de rest van het spel. Het zaad dat je vlak daarvoor legde, gaat ook in het gat, tenzij de zet met één enkel zaad begon.
kingulu-rules-capture-3 = Tol: elk zaad dat later in een gereserveerd gat valt, gaat meteen naar de eigenaar van dat gat. Vanuit een gereserveerd gat wordt nooit gespeeld.
kingulu-rules-end-1 = Het spel eindigt wanneer de speler die aan zet is geen geldige zet meer heeft.
kingulu-rules-end-2 = Dan telt elke speler de zaden in zijn eigen gaten, in de gaten die hij reserveerde, en de zaden die hij ving. Het hoogste aantal wint; 24 tegen 24 is gelijkspel.
kingulu-term-kuweka-mtoto = kuweka mtoto
kingulu-term-kuweka-mtoto-meaning = ‘een kind zetten’: een gat van de tegenstander met drie zaden voor de rest van het spel opeisen als je eigen gereserveerde gat
kingulu-term-reserved-hole = gereserveerd gat
kingulu-term-reserved-hole-meaning = een gat gewonnen met kuweka mtoto; het houdt zijn zaden en heft tol van elk zaad dat erin valt
kingulu-house-1 = Zuid begint; de bron zegt niet wie begint.
kingulu-house-2 = Herhaling: de bron heeft geen regel voor een spel dat in kringetjes ronddraait. Hier eindigt het spel zodra dezelfde stelling voor de derde keer voorkomt, en worden de zaden geteld.
kingulu-house-3 = Eindeloze zetten: doorzaaien kan heel lang duren, zelfs eeuwig. Een zet die meer dan 1.000 omlopen zou vergen, geldt als eindeloos en mag niet gespeeld worden.
kingulu-house-4 = Het zaad dat vlak voor een kuweka mtoto werd gelegd, blijft liggen als het in een gereserveerd gat viel.
kingulu-house-5 = Een laatste zaad dat in een gereserveerd gat valt, gaat naar de eigenaar van dat gat, en de zet eindigt.
kingulu-example-capture = Een vangst
kingulu-example-capture-caption = Het laatste zaad van Zuid valt in het lege a3: de vijf zaden ertegenover worden gevangen, samen met het vangende zaad.
kingulu-example-kuweka-mtoto = Kuweka mtoto
kingulu-example-kuweka-mtoto-caption = Het laatste zaad van Zuid landt in een gat van Noord met drie zaden: kuweka mtoto! Het gat is van Zuid voor de rest van het spel.
kingulu-example-toll = De tol
kingulu-example-toll-caption = Nadat Zuid het gat heeft opgeëist, zaait Noord erlangs: het zaad dat erin valt, gaat als tol naar Zuid, en de omloop van Noord eindigt in een leeg gat en vangt.

## Bao Kigogo (KG-1..KG-5)

kigogo-board = 4 rijen van 12 gaten · 92 zaden
kigogo-region = Regio Dodoma, Midden-Tanzania
kigogo-people = Het Gogo-volk (Wagogo)
kigogo-summary-1 = Een groot vierrijig spel van de Gogo, voor het eerst vastgelegd in 1911.
kigogo-summary-2 = Zaai door rond je rijen; eindig voor in een leeg gat en neem een kolom.
kigogo-history-1 = Bao Kigogo is een groot vierrijig mancalaspel dat de Gogo (Wagogo) spelen op het centrale plateau van de regio Dodoma in Tanzania. Het werd in 1911 voor het eerst vastgelegd door de Duitse lutherse missionaris Martin Klamroth, die partijen gadesloeg in de nederzetting Mpapua (nu Mpwapwa) en de regels beschreef in het Archiv für Anthropologie.
kigogo-history-2 = Het is nauw verwant aan Bao Kiarabu, de naam aan de Swahilikust voor Hawalis, aan Njombwa uit Mozambique en aan andere vierrijige doorzaaispellen uit zuidelijk en oostelijk Afrika.
kigogo-history-3 = Op een royaal bord van vier rijen van twaalf combineert het ononderbroken doorzaaien tegen de klok in met een ongelijke opening: de twee hoekgaten van de voorste rijen, aan elk uiteinde van het bord één, beginnen leeg, zodat het spel niet in spiegelbeeld opent en de strijd om de middelste rijen meteen begint. Spelers plannen lange ketens van omlopen die in lege voorste gaten eindigen en de tegenstander hele kolommen afnemen.
kigogo-rules-board-1 = Vier rijen van twaalf gaten. Elke speler bezit de twee rijen aan zijn kant van het bord: de voorste rij, naar de tegenstander toe, en de achterste rij.
kigogo-rules-board-2 = Elk gat begint met twee zaden, behalve het meest linkse gat van elke voorste rij, dat leeg begint: 92 zaden in totaal.
kigogo-rules-board-3 = Gevangen zaden verdwijnen voorgoed uit het spel: op dit bord liggen ze in de opslagkuil aan het uiteinde van het bord, rechts van de vanger, en worden nooit meer gezaaid.
kigogo-rules-play-1 = De spelers zijn om beurten aan zet. Pak alle zaden uit een van je gaten met twee of meer zaden en zaai ze tegen de klok in, één in elk gat van je eigen twee rijen.
kigogo-rules-play-2 = Doorzaaien: valt het laatste zaad in een bezet gat, pak dan alles daaruit, het nieuwe zaad inbegrepen, en zaai verder vanaf het volgende gat.
kigogo-rules-play-3 = De zet eindigt wanneer het laatste zaad in een leeg gat valt.
kigogo-rules-play-4 = Losse zaden: alleen als geen van je gaten twee of meer zaden heeft, mag je een los zaad verplaatsen, één stap verder en alleen naar een leeg gat.
kigogo-rules-capture-1 = Valt het laatste zaad van een zet in een leeg gat van je voorste rij en bevat het voorste gat van de tegenstander recht daartegenover zaden, dan worden die gevangen en uit het spel genomen.
kigogo-rules-capture-2 = Bevat ook het achterste gat van de tegenstander in dezelfde kolom zaden, dan worden die eveneens genomen: de hele kolom wordt leeggemaakt.
kigogo-rules-capture-3 = De achterste rij op zich is veilig: die wordt alleen genomen samen met het voorste gat ervoor. Een zet met een los zaad vangt op dezelfde manier.
kigogo-rules-end-1 = Je wint wanneer je tegenstander geen zaden meer heeft of niet kan zetten.
kigogo-rules-end-2 = Het spel is gelijk zodra een stelling zich herhaalt.
kigogo-term-relay = doorzaaien
kigogo-term-relay-meaning = de zaden van het gat waar een omloop eindigde oppakken en verder zaaien, omloop na omloop
kigogo-term-column-capture = kolomvangst
kigogo-term-column-capture-meaning = het voorste gat van de tegenstander samen met het achterste gat erachter nemen
kigogo-house-1 = Zuid begint; de bron zegt niet wie begint.
kigogo-house-2 = Eindeloze zetten: doorzaaien kan heel lang duren, zelfs eeuwig. Een zet die meer dan 1.000 omlopen zou vergen, geldt als eindeloos en mag niet gespeeld worden.
kigogo-house-3 = Een herhaalde stelling betekent: dezelfde zaden in dezelfde gaten, dezelfde vangsten en dezelfde speler aan zet.
kigogo-example-relay = Doorzaaien en vangen
kigogo-example-relay-caption = Zuid zaait a6; de omloop eindigt in een bezet gat en wordt doorgezaaid, tot het laatste zaad in het lege a1 valt en de hele kolom van Noord neemt.
kigogo-example-single = Een los zaad
kigogo-example-single-caption = Zonder gat met twee zaden schuift Zuid een los zaad naar het lege gat ernaast, en vangt toch een hele kolom.

## Bao la Kimasai, vier rijen (KM-1..KM-4)

kimasai-board = 4 rijen van 12 gaten · 46 zaden
kimasai-region = Regio Dodoma, Midden-Tanzania
kimasai-people = Maasai-herders
kimasai-summary-1 = Een vierrijig spel, in 1911 vastgelegd bij Maasai-herders.
kimasai-summary-2 = Eén zaad per gat: schuif naar een leeg gat en sla een hele kolom.
kimasai-history-1 = Bao la Kimasai (de variant met vier rijen) is een intrigerend mancalaspel dat is vastgelegd bij de Maasai-herders uit de regio Dodoma in centraal Tanzania. Het werd voor het eerst beschreven in 1911 door de Duitse lutherse predikant Martin Klamroth, die partijen bij Mpapua (nu Mpwapwa) gadesloeg en er een gedetailleerd verslag van publiceerde in het Archiv für Anthropologie.
kimasai-history-2 = Onder de vierrijige Afrikaanse spellen neemt het een eigen plaats in: er zijn geen stapels zaden en er wordt niet doorgezaaid over meerdere omlopen. Een gat bevat nooit meer dan één zaad, waardoor het spel een intensief en tactisch conflict van glijdende stukken wordt, waarin losse zaden richting lege gaten opschuiven en plotseling aanvallen op een kolom aan de overkant van het bord ontketenen.
kimasai-history-3 = Bordspelhistorici wijzen op een mogelijke verwantschap met de doorgangsregels van Chisolo II en met andere glijdende mancalaspellen uit zuidelijk Afrika.
kimasai-rules-board-1 = Vier rijen van twaalf gaten. Elke speler bestuurt de twee rijen aan zijn kant van het bord: de voorste rij, naar de tegenstander toe, en de achterste rij.
kimasai-rules-board-2 = Elk gat begint met één zaad, met als enige uitzondering het meest linkse gat in de voorste rij van elke speler, dat leeg begint: 46 zaden in totaal.
kimasai-rules-board-3 = Een gat bevat nooit meer dan één zaad. Gevangen zaden verdwijnen voorgoed uit het spel: op dit bord liggen ze in de opslagkuil rechts van de vanger en worden nooit meer gezaaid.
kimasai-rules-play-1 = De spelers wisselen elkaar af. Verplaats een van je zaden naar het direct volgende gat, tegen de klok in rond je eigen twee rijen.
kimasai-rules-play-2 = De zet is alleen geldig als dat gat leeg is.
kimasai-rules-capture-1 = Komt je zaad in je voorste rij aan en bevat het voorste gat van de tegenstander recht daartegenover een zaad, dan wordt dat zaad gevangen — en tegelijk het zaad in het achterste gat van de tegenstander in dezelfde kolom, als daar een ligt.
kimasai-rules-capture-2 = Ligt er geen zaad in het voorste gat tegenover, dan wordt niets gevangen: de achterste rij op zich is veilig.
kimasai-rules-end-1 = Je wint wanneer je tegenstander geen zaden meer heeft of niet meer kan zetten.
kimasai-rules-end-2 = Het spel is gelijk zodra een stelling zich herhaalt.
kimasai-term-column-capture = kolomvangst
kimasai-term-column-capture-meaning = het voorste zaad van de tegenstander samen met het achterste zaad erachter nemen
kimasai-house-1 = Zuid begint; de bron zegt niet wie begint.
kimasai-house-2 = Een herhaalde stelling betekent: dezelfde zaden in dezelfde gaten, dezelfde vangsten en dezelfde speler aan zet.
kimasai-example-opening = De opening
kimasai-example-opening-caption = De enige openingszet van Zuid schuift een zaad naar het lege a1 en vangt de hele kolom van Noord; Noord antwoordt op dezelfde manier.
kimasai-example-back-row = De achterste rij is veilig
kimasai-example-back-row-caption = Het zaad van Zuid komt aan tegenover een leeg voorste gat: er wordt niets gevangen, en het zaad van Noord in de achterste rij erachter is veilig.
