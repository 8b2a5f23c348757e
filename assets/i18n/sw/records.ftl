# Michezo iliyohifadhiwa, marudio, sauti na mipangilio inayodumu.

## Dirisha la michezo iliyohifadhiwa
records-button = Michezo iliyohifadhiwa
records-title-button = Michezo iliyohifadhiwa
records-title = Michezo iliyohifadhiwa
records-save-heading = Hifadhi mchezo huu
records-save-name = Jina
records-save-button = Hifadhi
records-list-heading = Michezo iliyohifadhiwa
records-list-empty = Bado hakuna mchezo uliohifadhiwa.
records-col-moves = Hatua
records-play-on = Endelea kucheza
records-replay = Tazama tena
records-delete = Futa
records-unreadable = haisomeki
records-result-ongoing = haujaisha
records-result-draw = sare
records-result-win = { $winner ->
    [south] Kusini ameshinda
   *[north] Kaskazini ameshinda
}

## Orodha za hatua kama maandishi
records-moves-heading = Orodha ya hatua
records-copy = Nakili hatua
records-copied = { $count ->
    [one] Hatua 1 imenakiliwa kwenye ubao wa kunakili.
   *[other] Hatua { $count } zimenakiliwa kwenye ubao wa kunakili.
}
records-paste-hint = Bandika orodha ya hatua hapa, k.m. { $example }
records-paste-button = Rudia hatua hizi
records-paste-note = Hatua zinachezwa kuanzia mwanzo wa mchezo wa { $variant } ulio ubaoni.
records-paste-empty = Maandishi hayana hatua yoyote.
records-paste-bad-move = Hatua ya { $number } (“{ $move }”) haiwezi kuchezwa: { $reason }. Hakuna kilichobadilishwa.

## Taarifa
records-saved = Mchezo umehifadhiwa kama “{ $name }”.
records-deleted = Mchezo “{ $name }” umefutwa.
records-save-failed = Mchezo haukuweza kuhifadhiwa: { $reason }
records-open-failed = “{ $name }” hauwezi kufunguliwa: { $problem } Faili halijaguswa, na mchezo ulio ubaoni haujabadilika.
records-settings-broken = Mipangilio haikuweza kusomwa ({ $reason }), kwa hiyo mipangilio ya kawaida inatumika.
records-dismiss = Sawa

## Kasoro zinazoweza kuwa katika mchezo uliohifadhiwa
records-problem-missing = mchezo uliohifadhiwa haupo tena.
records-problem-storage = haukuweza kusomwa ({ $detail }).
records-problem-corrupt = faili limeharibika au si rekodi ya mchezo ({ $detail }).
records-problem-newer = ulihifadhiwa na toleo jipya zaidi la Bao (muundo { $found }; toleo hili linasoma hadi muundo { $supported }). Sasisha mchezo ili uufungue.
records-problem-variant = ni mchezo wa aina isiyojulikana, “{ $variant }”.
records-problem-start = nafasi yake ya kuanzia si halali ({ $detail }).
records-problem-mismatch = unataja mchezo mmoja, lakini nafasi yake ya kuanzia ni ya mchezo mwingine.
records-problem-move = hatua ya { $number } (“{ $move }”) haiwezi kuchezwa: { $reason }.
records-problem-result = matokeo yaliyohifadhiwa ({ $stored }) si yale yanayotokana na hatua zake ({ $replayed }).

## Marudio
records-replay-title = Marudio: { $name }
records-replay-pasted = Marudio ya hatua zilizobandikwa
records-replay-first = Mwanzo
records-replay-back = Nyuma
records-replay-forward = Mbele
records-replay-last = Mwisho
records-replay-start = Nafasi ya kuanzia ({ $total ->
    [one] hatua 1
   *[other] hatua { $total }
} kwa jumla)
records-replay-position = Hatua ya { $shown } kati ya { $total }: { $move }
records-replay-take-over = Endelea kucheza kuanzia hapa
records-replay-close = Funga marudio
records-replay-hint = Au cheza hatua yako mwenyewe ubaoni.

## Kuendelea baada ya kuanza upya
records-resume-title = Karibu tena
records-resume-question = Uendelee na mchezo wako wa { $variant } wa { $days ->
    [0] leo
    [1] jana
   *[other] siku { $days } zilizopita
}?
records-resume-question-undated = Uendelee na mchezo wako wa { $variant } ambao haujaisha?
records-resume-moves = { $count ->
    [one] hatua 1 imechezwa
   *[other] hatua { $count } zimechezwa
}
records-resume-yes = Endelea
records-resume-no = Mchezo mpya

## Mipangilio ya sauti
records-sound-heading = Sauti
records-sound-volume = Kiwango cha sauti
records-sound-cues = Ishara (zamu yako, haiwezekani)
records-sound-mute = Nyamazisha

## Kwa nini hatua iliyoandikwa haiwezi kuchezwa
records-why-game-over = mchezo ulikuwa umeshaisha hapo
records-why-illegal = si hatua halali katika nafasi iliyofikiwa
records-why-kichwa-not-chosen = katika sheria hizi hatua huendelea upande wake baada ya kula katikati, kwa hiyo hatua hazina /L wala /R (ni za usomaji ambapo mchezaji huchagua kichwa)
records-why-row = hatua huanza kwa herufi ya safu, a au b
records-why-number = herufi ya safu lazima ifuatwe na namba ya shimo kuanzia 1
records-why-suffix = baada ya shimo zinaweza kufuata tu mwelekeo (+ au -) na uchaguzi wa kichwa (/L au /R)
records-why-choice-direction = uchaguzi wa kichwa (/L, /R) unahitaji mwelekeo kabla yake, kama katika a3+/L
records-why-too-many-choices = hatua ina uchaguzi wa kichwa usiozidi minne
# A game in a link (the review's "Copy link", `bao --open`, the web page's #g=).
records-copy-link = Nakili kiungo
records-link-copied = Kiungo cha mchezo kimenakiliwa: atakayekifungua ataona mchezo na uchambuzi wake.
records-link-not-a-link = Hiki si kiungo cha mchezo wa Bao.
records-link-damaged = Kiungo cha mchezo kimeharibika (kimekatika au kimekosewa): hakiwezi kusomwa.
records-link-newer = Kiungo cha mchezo kimetengenezwa na toleo jipya zaidi la Bao: sasisha mchezo ili ukifungue.
records-link-illegal = Kiungo hiki hakina mchezo halali wa Bao.
