# Skrini, vitufe na jumbe za mchezo.

seed-count = { $count ->
    [one] kete { $count }
   *[other] kete { $count }
}
language = Lugha

## Wachezaji na nani anawachezesha.

player-south = Kusini
player-north = Kaskazini
seat-human = Mtu
seat-computer = Kompyuta ({ $level })
seat-remote = Mchezaji wa mbali
level-beginner = Mwanzo
level-easy = Rahisi
level-medium = Wastani
level-hard = Ngumu
level-expert = Bingwa

## Skrini ya mwanzo.

title-name = Bao
title-subtitle = Michezo minne ya bao ya Afrika Mashariki
title-south = Kusini (upande wa karibu, anaanza)
title-north = Kaskazini (upande wa mbali)
title-computer = Kompyuta:
title-play = Cheza
title-rules = Kanuni

## Mistari iliyo juu na chini ya ubao.

hud-new-game = Mchezo mpya
hud-settings = Mipangilio
hud-menu = Menyu
hud-rules = Kanuni
hud-to-move-mark = · zamu yake
hud-seeds = { $count ->
    [one] kete { $count } upande huu
   *[other] kete { $count } upande huu
}
hud-captured = · amekula { $count }
hud-score = · alama { $score }
hud-game-over = Mchezo umekwisha
hud-thinking = { $player } anafikiri…
hud-sowing = Kete zinapandwa…
hud-to-move = Zamu ya { $player }
hud-your-move = Zamu yako ({ $player })
hud-hint = Dokezo: { $move } (duara la vistari ubaoni)
hud-hint-proven = Inashinda kwa lazima: njia iliyothibitishwa hadi mwisho.
hud-hint-table = Kwa mchezo kamili kuanzia hapa hesabu inaishia Kusini { $south }, Kaskazini { $north }.
hud-redo = Mbele
hud-undo = Rudisha
hud-skip = Ruka
hud-hint-button = Dokezo
hud-no-moves = Bado hakuna hatua

## Kwa nini kubofya hakukuleta hatua.

feedback-game-over = Mchezo umekwisha.
feedback-wait-for-computer = Subiri kompyuta icheze.
feedback-wait-for-opponent = Subiri mpinzani wako acheze.
feedback-choose-kichwa = Chagua kichwa: bofya mojawapo ya mashimo mawili ya pembeni yenye duara mbili.
feedback-kichwa-asked = Umekula: chagua kichwa cha kupanda kete ulizokula (moja ya mashimo mawili ya mwisho yenye duara mbili).
feedback-cannot-start = Shimo hilo haliwezi kuanzisha hatua sasa.
feedback-not-this-lesson = Hiyo ni hatua halali, lakini si ya somo hili: jaribu shimo linalong'aa.
feedback-refused-game-over = { $move } haiwezekani: mchezo umekwisha.
feedback-refused-illegal = { $move } si hatua halali katika hali hii.
feedback-refused-kichwa-not-chosen = { $move } si hatua ya sheria hizi: baada ya kula kutoka shimo la katikati hatua huendelea upande wake, kwa hiyo hatua hazina /L wala /R. Herufi hizo ni za usomaji ambapo mchezaji huchagua kichwa.
feedback-reentry-kimbi = Umekula kutoka kimbi: kete zinapandwa tena kutoka kichwa cha { $side ->
        [left] kushoto
       *[right] kulia
    }, upande wake.
feedback-reentry-kept = Umekula kutoka shimo la katikati: hatua inaendelea { $direction ->
        [clockwise] kufuata mwendo wa saa
       *[counterclockwise] kinyume cha mwendo wa saa
    }, kwa hiyo kete zinapandwa tena kutoka kichwa cha { $side ->
        [left] kushoto
       *[right] kulia
    }.
reading-question = Kichwa baada ya kula katikati:
reading-kujifunza = upande unadumishwa (sheria zilizoandikwa)
reading-kujifunza-choice = mchezaji huchagua (kama maandishi ya chanzo yasemavyo)
reading-question-short = Kichwa:
reading-kujifunza-short = upande unadumishwa
reading-kujifunza-choice-short = huchaguliwa na mchezaji
refusal-not-a-pit = Hilo si shimo la ubao huu.
refusal-not-your-pit = Shimo hilo ni la { $player }.
refusal-empty = Shimo hilo ni tupu.
refusal-reserved = Mashimo yaliyotengwa hayachezwi kamwe.
refusal-singleton = Kete moja peke yake haiwezi kuanzisha hatua hapa.
refusal-capture-compulsory = Kula kunawezekana, na kula ni lazima.
refusal-long-first-lap = Kete 16 au zaidi hazili kamwe: mzunguko wao wa kwanza unazunguka wote. Kula kunawezekana mahali pengine, na kula ni lazima.
refusal-front-row-first = Bila kula, cheza kutoka safu ya mbele maadamu ina shimo lenye kete mbili au zaidi.
refusal-first-lap-own-row = Mzunguko wa kwanza ungeishia katika shimo lenye kete la safu yako mwenyewe.
refusal-next-pit-occupied = Shimo linalofuata lina kete.
refusal-endless = Kila hatua kutoka hapa ingeendelea bila mwisho.

## Dirisha la kanuni.

rules-window-title = { $variant } — kanuni
rules-tab-rules = Kanuni
rules-tab-show-me = Nionyeshe
rules-tab-words = Maneno ya asili
rules-tab-history = Historia
rules-tab-house-rules = Kanuni za ziada
rules-notation-heading = Kusoma orodha ya hatua
rules-see-house-rules = Mambo machache hayaamuliwi na vyanzo; tazama “Kanuni za ziada”.
rules-show-me-intro = Kila mfano unaweka hali fulani ubaoni na kucheza hatua zake polepole, ili uweze kufuata kila kete.
rules-show-me = Nionyeshe
rules-moves = Hatua: { $moves }
rules-example-error = Mfano huu haukuweza kupakiwa.
rules-house-rules-intro = Maelezo ya zamani yanaacha maswali machache bila jibu. Programu hii inayajibu hivi:
rules-example = Mfano: { $title }
rules-back-to-game = Rudi kwenye mchezo wangu
rules-close = Funga
rules-replay = Rudia

## Dirisha la mipangilio.

settings-title = Mipangilio
settings-speed = Kasi ya mwendo
settings-slow = Polepole
settings-normal = Kawaida
settings-fast = Haraka
settings-pause = Simamisha
settings-show-counts = Onyesha idadi ya kete kwenye mashimo
settings-explain-moves = Eleza mikono: maelezo ya kila hatua kete zinapopandwa, na mkono mzima kwa mstari mmoja kete zikishatua
settings-show-pit-names = Onyesha majina ya mashimo ubaoni (kama katika orodha ya mikono: a3)
settings-explain-first-games = Imewashwa kwa michezo yako { $games } ya kwanza, kisha inajizima yenyewe, usipoiweka hapa.
settings-reduced-motion = Mwendo mdogo (kamera haizunguki, kete zinateleza)
settings-high-contrast = Utofautishaji wa juu (kadi nyeupe, maandishi meusi)
settings-face-to-face = Ana kwa ana (wachezaji wawili mezani: ubao ukionekana kutoka juu, maandishi ya Kaskazini yamegeuzwa kwa Kaskazini)
settings-interface-scale = Ukubwa wa kiolesura
settings-quality = Ubora wa picha
settings-quality-high = Juu
settings-quality-standard = Kawaida
settings-reset-view = Rudisha mwonekano
settings-camera-help = Buruta kuzungusha ubao; sogeza gurudumu au bana kukuza.

## Dirisha la mwisho wa mchezo.

game-over-title = Mchezo umekwisha
game-over-moves = { $count ->
    [one] baada ya hatua { $count }
   *[other] baada ya hatua { $count }
}
game-over-new-game = Mchezo mpya
game-over-undo = Rudisha
game-over-look = Tazama ubao
# A finished game's QR code on the game-over card (a museum's kiosk): a link to the game's
# web page, the whole game in the link.
take-home-title = Chukua mchezo huu nyumbani
take-home-scan = Skani msimbo kwa simu yako: mchezo wako na uchambuzi wake utafunguka kwenye kivinjari.

# A move of the move list played again.
replay-move-again = Hatua { $number }, { $move }, inachezwa tena — utarudi kwenye mchezo baada ya muda mfupi
replay-move-hover = Cheza hatua hii tena, kila hatua ikielezwa

# Vitufe (dirisha la kanuni, kichupo Vitufe).
rules-tab-keys = Vitufe
keys-intro = Kila hatua inaweza kuchezwa kwa kibodi, bila kipanya wala kugusa.
keys-arrows = Vitufe vya mishale: sogeza fremu nyeupe ya mraba (lengo) juu ya ubao.
keys-enter = Enter: bofya shimo lililo chini ya duara — shimo la kuanzia, kisha katika Kujifunza shimo la kwanza la mwelekeo au kichwa kinachoulizwa.
keys-space = Nafasi: maliza mara moja hatua inayopandwa.
keys-escape = Escape: funga dirisha la juu, au acha hatua iliyochaguliwa nusu.
keys-tab = Tab na Shift+Tab: pitia vitufe vya kadi na madirisha (ukingo mnene mweusi unaonyesha kilichochaguliwa); Enter au Space hukibonyeza; Escape hurudi ubaoni.
keys-hint = H: dokezo.
keys-undo = U au Ctrl+Z: rudisha hatua ya mwisho.
keys-redo = Shift+U au Ctrl+Y: icheze tena.
keys-home = Home: rudisha kamera mahali pake.
keys-gamepad = Kidhibiti cha mchezo: vitufe vya mwelekeo husogeza lengo, A (kitufe cha chini) hubofya, B humaliza mchezo unaopandwa, X huomba dokezo, Y hurudisha mchezo, kitufe cha bega la kulia huucheza tena.

# Read out to screen readers on the web (the page's live region).
live-played = { $player } alicheza { $move }.
live-captured = Kete { $count } zimeliwa.
live-focus = Lengo: { $pit }, { $side }

## Online play: the "Play online" window and the bars' connection line.
title-online = Cheza mtandaoni
# The title card's button (short, so that a card's buttons keep to one row).
online-title = Cheza mtandaoni: { $game }
online-invite = Mwalike rafiki
online-invite-note = Huunda mchezo kwenye seva: wewe unacheza Kusini, na unapata kiungo cha kumtumia rafiki yako.
online-join = Jiunge
online-join-hint = Bandika kiungo au msimbo
online-server = Seva
online-link = Mtumie rafiki yako kiungo hiki:
online-code = Msimbo: { $code }
online-copy = Nakili
online-waiting = Tunamsubiri { $player } ajiunge…
online-back = Rudi kwenye mchezo
online-leave = Ondoka kwenye mchezo
online-close = Funga
online-creating = Mchezo unaundwa…
online-connecting = Inaunganisha…
online-connected = Imeunganishwa
online-reconnecting = Inaunganisha tena…
online-here = { $player } yupo
online-away = { $player } hayupo
online-resigned = { $player } amekubali kushindwa
online-resign = Kubali kushindwa
online-resign-confirm = Ukubali kushindwa katika mchezo huu?
online-resign-yes = Ndiyo, nakubali
online-resign-no = Hapana
online-resigned-reason = { $player } amekubali kushindwa.
online-rematch = Cheza tena
online-rematch-asked = Umeomba kucheza tena — tunamsubiri { $player }
online-watching = Unatazama
online-tab-friend = Na rafiki
online-tab-open = Michezo wazi
online-tab-watch = Tazama
online-open-note = Michezo ya { $game } inayosubiri mpinzani. Chukua mmoja, au subiri mtu achukue wako.
online-open-none = Hakuna mchezo wa { $game } unaosubiri sasa hivi.
online-open-entry = Utacheza { $player } · { $minutes ->
        [0] umefunguliwa sasa hivi
       *[other] unasubiri dakika { $minutes }
    }
online-open-play = Cheza
online-open-wait = Subiri mpinzani
online-open-taken = Mtu mwingine ameuchukua mchezo huo kwanza. Hii ndiyo michezo inayosubiri sasa.
online-waiting-opponent = Tunasubiri mpinzani…
online-stop-waiting = Acha kusubiri
online-stop-watching = Acha kutazama
online-live-note = Michezo ya { $game } inayochezwa sasa.
online-live-none = Hakuna mchezo wa { $game } unaochezwa sasa hivi.
online-live-entry = Hatua { $moves } · { $minutes ->
        [0] hatua ya mwisho sasa hivi
       *[other] hatua ya mwisho dakika { $minutes } zilizopita
    }
online-watch = Tazama
online-list-loading = Inapakia…
online-failed-token = Seva haijui mwaliko huu.
online-failed-game = Seva haijui mchezo huu.
online-failed-watching = Kwa kiungo hiki unaweza kutazama tu.
online-failed-no-server = Hakuna seva ya Bao inayojibu kwenye { $server }. Seva huwakutanisha wachezaji wawili kupitia mtandao: iwashe kwa bao-server kwenye kompyuta ambayo nyote wawili mnaweza kuifikia, au muulize anayeendesha seva anwani yake.
online-failed-busy = Seva ya { $server } imepokea michezo mingi kutoka kompyuta hii katika dakika iliyopita. Subiri dakika moja, kisha ujaribu tena.
online-failed-server-trouble = Seva ya { $server } imeshindwa kuhifadhi mchezo (hitilafu ya seva). Jaribu tena baadaye, au mjulishe anayeiendesha.
online-failed-not-bao = Kuna kitu kinachojibu kwenye { $server }, lakini si kama seva ya Bao ya toleo hili. Hakiki anwani.
online-try-again = Jaribu tena
online-failed-unreadable = Mchezo wa seva hausomeki: { $reason }
online-bad-link = Hiki si kiungo wala msimbo wa mchezo wa mtandaoni.
online-unfinished-title = Mchezo wako wa mtandaoni
online-unfinished-question = Urudi kwenye mchezo wako wa mtandaoni wa { $game }? Unacheza { $seat }.
online-unfinished-note = Haukuwa umekwisha Bao ilipofungwa mara ya mwisho; huenda mpinzani wako anasubiri.
online-host = Andaa mchezo kwenye kompyuta hii
online-host-note = Kompyuta hii inakuwa seva: rafiki aliye kwenye mtandao huo huo (Wi-Fi ile ile) anaupata mchezo chini ya “Michezo kwenye mtandao huu”, au anafungua kiungo. Acha Bao wazi hadi mchezo umalizike.
online-host-starting = Seva inawashwa kwenye kompyuta hii…
online-host-serving = Kompyuta hii inaandaa michezo kwenye { $server }
online-host-failed = Seva haikuweza kuwashwa kwenye kompyuta hii: { $reason }
online-host-left = Mwenyeji ameondoka — mchezo unaendelea mwenyeji akirudi
online-lan-title = Michezo kwenye mtandao huu
online-lan-none = Hakuna uliopatikana bado. Rafiki aliye kwenye mtandao huo huo anaunda mmoja kwa “Andaa mchezo kwenye kompyuta hii”.
online-lan-game = { $host } · { $game }
online-lan-taken = unachezwa
online-lan-other-version = toleo jingine la Bao
online-lan-servers = Kwenye mtandao huu:
online-no-server-help = Huna seva? “Andaa mchezo kwenye kompyuta hii” inaifanya kompyuta hii kuwa seva kwa rafiki aliye kwenye mtandao huo huo, na “Michezo kwenye mtandao huu” inaonyesha michezo ambayo wengine wanaandaa huko. Vyote viko chini ya “Na rafiki”.
online-unfinished-yes = Rudi kwenye mchezo
online-unfinished-no = Usahau

# The in-game menu (Escape) and the question before a game in progress is left.
menu-title = Mchezo
menu-resume = Rudi mchezoni
menu-leave = Ondoka mchezoni
leave-title = Uondoke katika mchezo huu?
leave-note = Mchezo huu unahifadhiwa hadi hatua ya kwanza ya mchezo mpya tu. Uhifadhi kwa jina ili ubaki nao daima.
leave-save = Hifadhi kwanza
leave-now = Ondoka
leave-stay = Baki

## Kadi ya shimo: shimo ambalo kielekezi kinakaa juu yake kwa muda husema ni nini na alama zake zina maana gani.

pit-card-title = { $pit } — { $row ->
        [front] safu ya mbele
        [back] safu ya nyuma
       *[only] safu
    } ya { $owner }, { $count ->
        [0] tupu
        [one] kete 1
       *[other] kete { $count }
    }
pit-card-kichwa = Kichwa: kete zilizoliwa huingia tena mchezoni kutoka hapa.
pit-card-kimbi = Kimbi: kete zinazoliwa kutoka hapa huingia tena kwenye kichwa cha upande huu.
pit-card-reserved = Shimo lililowekwa na { $owner } (kuweka mtoto): hakuna anayelicheza, na kila kete inayoangukia humo ni ya { $owner }.

## Alama za ubaoni, katika kadi ya shimo na katika sheria.

legend-title = Alama za ubaoni
legend-intro = Weka kielekezi juu ya shimo kwa muda: litataja jina lake, kete zake na alama iliyo juu yake.
legend-legal = Pete nyembamba ya dhahabu: shimo hili linaweza kuanza hatua.
legend-hover = Pete ya dhahabu angavu zaidi: shimo lililo chini ya kielekezi; kubofya kunalicheza.
legend-selected = Pete nzito ya machungwa: shimo lililochaguliwa kuanza hatua.
legend-target = Pete mbili za kijani: bofya hapa baadaye, kuchagua upande au kichwa.
legend-hint = Pete ya mistari ya buluu: dokezo la kompyuta.
legend-last-move = Pete ya nukta ya rangi ya udongo: hatua ya mwisho ilianzia hapa.
legend-focus = Mraba mweupe: mahali pa kibodi; Enter inalicheza.
legend-relay = Pete hafifu kete zikisogea: kete za hapa huchukuliwa na kuendelea kupandwa.
legend-capture = Pete nzito nyekundu kete zikisogea: kete zinaliwa hapa, au ushuru unachukuliwa.
legend-reserved = Pete nzito ya machungwa shimo linapowekwa; baadaye shimo hubeba rangi ya mwenyewe (Kingulu, kuweka mtoto).
legend-blocked = Pete nyekundu iliyokatwa mstari katika somo: shimo hili lina kete lakini haliwezi kuanza hatua sasa.
