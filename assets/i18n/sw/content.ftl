# Historia ya michezo, kanuni kwa lugha rahisi, maneno ya asili na mifano ya “Nionyeshe”.

## Majina ya michezo (ni yale yale katika kila lugha).

variant-kujifunza = Bao la Kujifunza
variant-kingulu = Bao Kingulu
variant-kigogo = Bao Kigogo
variant-kimasai = Bao la Kimasai

## Vichwa vya kanuni, kwa michezo yote minne.

rules-section-board = Ubao
rules-section-play = Jinsi ya kucheza
rules-section-capture = Kula
rules-section-end = Mwisho wa mchezo
rules-notation = Hatua huandikwa kutoka kiti cha anayecheza: a ni safu ya mbele (katika Kingulu ndiyo safu pekee), b ni safu ya nyuma, na mashimo huhesabiwa kuanzia kushoto kwa anayecheza — kwa hiyo a3 ni shimo la tatu la safu yake ya mbele. Katika Bao la Kujifunza, + ni kinyume cha mwendo wa saa na - ni kufuata mwendo wa saa; katika usomaji ambapo mchezaji huchagua kichwa, /L au /R huonyesha kete zilizoliwa ziliingizwa tena kwenye kichwa kipi (L kushoto, R kulia).

## Jinsi mchezo ulivyoisha (KU-10, KU-11, KN-8, KN-9, KG-5, KM-4).

ending-win = { $player } ameshinda
ending-draw = Sare
ending-bao-hamna = Safu ya mbele ya { $player } ni tupu — bao hamna
ending-blockade = { $player } hawezi kucheza
ending-no-seeds = { $player } hana kete tena
ending-final-score = { $player } hawezi kucheza — hesabu ya mwisho { $score }
ending-repetition-kujifunza = Hali ileile imejirudia mara tatu — sare (kanuni ya ziada)
ending-repetition-kingulu = Hali ileile imejirudia mara tatu (kanuni ya ziada) — hesabu ya mwisho { $score }
ending-repetition = Hali ya ubao imejirudia — sare
ending-score = Kusini { $south }, Kaskazini { $north }

## Bao la Kujifunza (KU-1..KU-11)

kujifunza-also-called = Mbili-mbili
kujifunza-board = Safu 4 za mashimo 8 · kete 64
kujifunza-region = Kenya na Tanzania
kujifunza-people = Jamii zinazozungumza Kiswahili
kujifunza-summary-1 = “Bao la kujifunzia”: mlango wa kuingia Bao la Kiswahili.
kujifunza-summary-2 = Panda kete kuzunguka safu zako; kula katika safu ya mbele ni lazima.
kujifunza-history-1 = Katika Kiswahili cha kila siku mchezo huu huitwa Mbili-mbili, kwa sababu ya kete mbili zinazoanza katika kila shimo. Jina lake kamili, Bao la Kujifunza, linatokana na kitenzi kujifunza: katika jamii zinazozungumza Kiswahili nchini Kenya na Tanzania ndio mlango wazi wa kuingia mchezo mkuu, Bao la Kiswahili.
kujifunza-history-2 = Mchezo huu unaacha awamu ya kwanza ya mchezo mkuu, ambapo kete huletwa ubaoni (namua), pamoja na haki maalum za nyumba. Kinachobaki ni kiini cha Bao: kupanda kete kwa mizunguko mingi, kula kwa lazima katika safu ya mbele, na kete zilizoliwa kurudi mchezoni kupitia kichwa. Wanaoanza na vijana hujifunza hapa kuhesabu na kuona mizunguko kadhaa mbele — shuleni, vilabuni na majumbani kote Afrika Mashariki — kabla ya kuendelea na Bao kamili.
kujifunza-history-3 = Mchezo uliandikwa mwaka 1971 katika kijitabu cha kufundishia, How to Play Bao, kilichotolewa na Makumbusho ya Taifa ya Tanzania jijini Dar es Salaam. Umeelezwa pia na mtafiti wa Bao kutoka Italia Nino Vessella, na mtafiti wa michezo Larry Russ katika The Complete Mancala Games Book (1999).
kujifunza-rules-board-1 = Safu nne za mashimo manane. Kila mchezaji anamiliki safu mbili zilizo karibu naye: safu ya mbele, inayomkabili mpinzani, na safu ya nyuma.
kujifunza-rules-board-2 = Kila shimo linaanza na kete mbili, jumla 64. Hakuna anayeshika kete mkononi wala hakuna ghala: kete zilizoliwa hurudi mchezoni mara moja.
kujifunza-rules-board-3 = Mashimo mawili ya pembeni ya safu yako ya mbele ni kichwa chako, kushoto na kulia. Mashimo mawili katika kila upande wa safu ya mbele ni kimbi; manne yaliyo katikati ni mashimo ya kati.
kujifunza-rules-play-1 = Mchezo unafuata kanuni za mtaji, awamu ya pili iliyo wazi ya Bao la Kiswahili — bila kete mkononi, bila nyumba na bila kanuni ya takasia.
kujifunza-rules-play-2 = Wachezaji hucheza kwa zamu. Unapanda kete kuzunguka safu zako mbili tu, duara la mashimo kumi na sita, upande wowote: chukua kete zote za shimo lako moja na uziweke moja moja katika mashimo yanayofuata.
kujifunza-rules-play-3 = Kuendeleza: kete ya mwisho ikiangukia shimo lenye kete, chukua zote zilizomo, pamoja na ile mpya, na uendelee kupanda upande uleule. Hatua inaisha kete ya mwisho ikiangukia shimo tupu.
kujifunza-rules-play-4 = Shimo lenye kete moja tu haliwezi kuanzisha hatua.
kujifunza-rules-play-5 = Kula ni lazima: kila inapowezekana kula, lazima ule.
kujifunza-rules-play-6 = Takata: ikiwa haiwezekani kula, unacheza hatua isiyokula (takata) kutoka shimo la safu ya mbele lenye kete mbili au zaidi. Ni pale tu safu yako ya mbele ina kete moja moja peke yake ndipo unaweza kuanza kutoka safu ya nyuma. Takata haili kamwe, hata ikiendelea mbali kiasi gani.
kujifunza-rules-capture-1 = Hatua inakula pale kete ya mwisho ya mzunguko wake wa kwanza inapoangukia shimo lenye kete katika safu yako ya mbele, na shimo la mbele la mpinzani lililo moja kwa moja mkabala nalo lina kete.
kujifunza-rules-capture-2 = Kanuni ya kete 16: mzunguko wa kwanza wa kete kumi na sita au zaidi hauwezi kula kamwe.
kujifunza-rules-capture-3 = Unachukua kete zote za shimo la mpinzani lililo mkabala; safu ya nyuma ya mpinzani iko salama daima. Kete zako mwenyewe zinabaki pale zilipo.
kujifunza-rules-capture-4 = Kete zilizoliwa hupandwa tena mara moja, kuanzia katika mojawapo ya vichwa vyako — kete ya kwanza ndani ya kichwa chenyewe — kuelekea katikati. Hatua inaendelea upande huo.
kujifunza-rules-capture-5 = Ulaji uliofanywa kutoka kimbi huingizwa tena kwenye kichwa cha upande uleule. Baada ya kula kutoka mojawapo ya mashimo manne ya kati, hatua huendelea upande wake: ikienda kinyume cha mwendo wa saa (+) kete huingia kwenye kichwa chako cha kulia, ikifuata mwendo wa saa (-) kwenye cha kushoto. (Katika usomaji «mchezaji huchagua» unachagua kichwa mwenyewe baada ya kila ulaji wa katikati.)
kujifunza-rules-capture-6 = Kula mfululizo: mzunguko wa baadaye ukiishia katika shimo lenye kete la safu ya mbele linalokabili kete za mpinzani, unakula tena na kupanda kete hizo mpya kutoka kichwa. Mzunguko unaoishia katika shimo tupu unamaliza hatua.
kujifunza-rules-end-1 = Bao hamna: unashinda safu ya mbele ya mpinzani wako ikiwa tupu kabisa.
kujifunza-rules-end-2 = Kuzuiwa: unashinda mpinzani wako asipoweza kucheza, kwa sababu upande wake umebaki na kete moja moja tu, au hakuna kete kabisa.
kujifunza-term-mtaji = mtaji
kujifunza-term-mtaji-meaning = awamu ya pili iliyo wazi ya Bao la Kiswahili; mchezo huu unachezwa kwa kanuni zake
kujifunza-term-takata = takata
kujifunza-term-takata-meaning = hatua isiyokula, inayoruhusiwa tu pale haiwezekani kula
kujifunza-term-kichwa = kichwa
kujifunza-term-kichwa-meaning = shimo la pembeni la safu yako ya mbele, kushoto au kulia; kete zilizoliwa hupandwa tena kuanzia hapa
kujifunza-term-kimbi = kimbi
kujifunza-term-kimbi-meaning = mashimo mawili katika kila upande wa safu yako ya mbele; ulaji kutoka kimbi huingizwa tena kwenye kichwa cha upande wake
kujifunza-term-bao-hamna = bao hamna
kujifunza-term-bao-hamna-meaning = safu ya mbele iliyo tupu: mchezaji ambaye safu yake ya mbele haina kete ameshindwa
kujifunza-term-mbili-mbili = Mbili-mbili
kujifunza-term-mbili-mbili-meaning = jina la kila siku la mchezo, kwa sababu ya kete mbili katika kila shimo
kujifunza-house-1 = Kusini anaanza; chanzo hakisemi nani anaanza.
kujifunza-house-2 = Kujirudia: chanzo hakina kanuni kwa mchezo unaozunguka bila kikomo. Hapa, hali ileile ikitokea mara ya tatu, mchezo unaisha kwa sare.
kujifunza-house-3 = Hatua zisizo na mwisho: kuendeleza kunaweza kuchukua muda mrefu sana, hata milele. Hatua ambayo ingehitaji mizunguko zaidi ya 1,000 inahesabiwa kuwa isiyo na mwisho na hairuhusiwi.
kujifunza-house-4 = Ulaji unaomaliza kete za safu ya mbele ya mpinzani bado hupanda kete zake kutoka kichwa; kisha hatua inasimama, nawe umeshinda.
kujifunza-house-5 = Hatua inayomaliza kete za safu yako ya mbele, wakati ile ya mpinzani bado ina kete, inashindwa.
kujifunza-house-6 = Kichwa kipi baada ya kula kutoka shimo la katikati? Chanzo kinasema mchezo hufuata sheria za mtaji, awamu ya wazi ya Bao la Kiswahili, na kila sheria iliyoandikwa ya awamu hiyo hudumisha upande wa hatua (sheria za KIBA 1.4.3 na 1.6.1; de Voogt 1995, kama alivyoieleza Donkers 2003); mchezaji huchagua kichwa mwanzoni mwa hatua katika awamu ya namua tu, ambayo mchezo huu hauna. Ikisomwa neno kwa neno, sentensi ya chanzo chenyewe — «ukila kutoka mashimo manne ya katikati, mchezaji huchagua kichwa» — inaruhusu kuchagua baada ya kila ulaji wa katikati. Programu hii hucheza sheria zilizoandikwa; usomaji mwingine unaweza kuchaguliwa kwenye skrini ya mwanzo na hapa.
kujifunza-house-7 = Kwa kuchagua kwa uhuru mchezo huamuliwa mara moja: Kusini hushinda kwa lazima katika hatua tatu tangu mwanzo (a8+/L/R/R; jibu pekee la Kaskazini ni b2-; b8+/R/R/R humaliza safu ya mbele ya Kaskazini). Upande ukidumishwa, hakuna ushindi mfupi wa lazima kama huo. «Nionyeshe» huonyesha yote mawili.
kujifunza-example-capture = Kula
kujifunza-example-capture-caption = Kusini anapanda a2 kufuata mwendo wa saa. Kete ya mwisho inaangukia a4, mkabala na kete mbili za Kaskazini: zinaliwa na, kwa kuwa hatua inafuata mwendo wa saa, zinapandwa tena kutoka kichwa cha kushoto cha Kusini.
kujifunza-example-takata = Takata
kujifunza-example-takata-caption = Haiwezekani kula, kwa hiyo Kusini anacheza takata: mzunguko wa kwanza unaishia katika shimo lenye kete, kete zake zinaendelezwa, na hatua inasimama katika shimo tupu.
kujifunza-example-direction = Upande unadumishwa
kujifunza-example-direction-caption = Kusini anapanda a4 kinyume cha mwendo wa saa na kula kutoka kimbi a2: kete zinaingia kwenye kichwa cha kushoto, na sasa hatua inafuata mwendo wa saa. Mbio zake zinaishia katika shimo la katikati a5, mkabala na kete za Kaskazini: hatua inadumisha upande wake mpya, kwa hiyo kete hizi pia zinaingia kwenye kichwa cha kushoto.
kujifunza-example-choice-win = Kuchagua kwa uhuru: ushindi katika hatua tatu
kujifunza-example-choice-win-caption = Katika usomaji ambapo mchezaji huchagua kichwa, Kusini hushinda tangu mwanzo: a8+/L/R/R inamwachia Kaskazini hatua moja tu, b2-, na b8+/R/R/R inakula safu yote ya mbele ya Kaskazini.

## Bao Kingulu (KN-1..KN-9)

kingulu-board = Safu 2 za mashimo 6 · kete 48
kingulu-region = Mikoa ya Morogoro na Tanga, mashariki ya kati ya Tanzania
kingulu-people = Wangulu
kingulu-summary-1 = Mchezo wa safu mbili wa Wangulu, ulioandikwa kwanza mwaka 1911.
kingulu-summary-2 = Duara la pamoja; tua kwenye shimo la mpinzani lenye kete tatu: kuweka mtoto.
kingulu-history-1 = Bao Kingulu linatunzwa na Wangulu (Kingulu), watu wa mashariki ya kati ya Tanzania wanaoishi hasa katika maeneo ya milima ya mikoa ya Morogoro na Tanga. Kihistoria walikuwa karibu watu 132,000, wakijulikana kama wakulima na wafanyabiashara hodari, na walihifadhi mchezo huu kama desturi yao wenyewe kando ya athari za pwani ya Kiswahili.
kingulu-history-2 = Kanuni zake ziliandikwa kwa mara ya kwanza mwaka 1911 na mmisionari Mjerumani Martin Klamroth, katika utafiti wake wa kwanza wa aina yake Afrikanische Brettspiele (Michezo ya Ubao ya Kiafrika), uliochapishwa katika Archiv für Anthropologie.
kingulu-history-3 = Tofauti na Bao maarufu la Kiswahili la safu nne, Kingulu huchezwa kwenye duara dogo la mashimo kumi na mawili. Hata hivyo lina kina cha kushangaza: kuendeleza kwa mizunguko mingi, marufuku ya mizunguko fulani ya kwanza, na kuweka mtoto wa kusisimua, ambapo shimo la mpinzani linatekwa na kugeuzwa kuwa kituo cha ushuru milele. Msemo huu unachora picha wazi ya kudai ardhi na ya ulinzi wa familia.
kingulu-rules-board-1 = Safu mbili za mashimo sita. Kila mchezaji anamiliki safu iliyo upande wake wa ubao.
kingulu-rules-board-2 = Kila shimo linaanza na kete nne, jumla 48.
kingulu-rules-board-3 = Kete zilizoliwa huondolewa mchezoni na kuwekwa na aliyezila: katika ubao huu zinakaa katika ghala lililochongwa mwishoni mwa ubao, upande wa mkono wa kulia wa aliyezila, na hazipandwi tena.
kingulu-rules-play-1 = Wachezaji hucheza kwa zamu. Chukua kete zote za shimo lako moja (hata kete moja inatosha) na uzipande kinyume cha mwendo wa saa, moja katika kila shimo linalofuata. Mashimo yote kumi na mawili ni duara moja, kwa hiyo kete zako hupita katika safu ya mpinzani na kurudi kwenye safu yako.
kingulu-rules-play-2 = Kuendeleza: kete ya mwisho ikiangukia shimo lenye kete, chukua zote zilizomo na uendelee kupanda.
kingulu-rules-play-3 = Kanuni ya mzunguko wa kwanza: hatua hairuhusiwi ikiwa mzunguko wake wa kwanza ungeishia katika shimo lenye kete la safu yako mwenyewe ambalo si shimo lililotengwa.
kingulu-rules-play-4 = Hatua inaisha kete yake ya mwisho ikiangukia shimo tupu, shimo la mpinzani lililokuwa na kete tatu hasa, au shimo lililotengwa.
kingulu-rules-capture-1 = Kete ya mwisho ikiangukia shimo tupu la safu yako, unakula kete zote za shimo la mpinzani lililo moja kwa moja mkabala, pamoja na kete iliyokula. Shimo la mkabala likiwa tupu au likiwa shimo lililotengwa, hakuna kinacholiwa.
kingulu-rules-capture-2 = Kuweka mtoto: kete ya mwisho ya mzunguko wowote ikiangukia shimo la mpinzani lililokuwa na kete tatu hasa, zikawa nne, hatua inaisha na shimo hilo ni lako hadi mwisho wa mchezo. Kete uliyoiweka kabla yake nayo huhamishiwa shimoni humo, isipokuwa hatua ilianza na kete moja.
kingulu-rules-capture-3 = Ushuru: kila kete inayoangukia baadaye katika shimo lililotengwa huchukuliwa mara moja na mwenye shimo. Hakuna anayecheza kamwe kutoka shimo lililotengwa.
kingulu-rules-end-1 = Mchezo unaisha mchezaji mwenye zamu asipokuwa na hatua halali.
kingulu-rules-end-2 = Kisha kila mchezaji anahesabu kete katika mashimo yake, katika mashimo aliyoyatenga, na kete alizokula. Mwenye hesabu kubwa zaidi anashinda; 24 kwa 24 ni sare.
kingulu-term-kuweka-mtoto = kuweka mtoto
kingulu-term-kuweka-mtoto-meaning = kudai shimo la mpinzani lililokuwa na kete tatu kuwa shimo lako lililotengwa hadi mwisho wa mchezo
kingulu-term-reserved-hole = shimo lililotengwa
kingulu-term-reserved-hole-meaning = shimo lililopatikana kwa kuweka mtoto; linabaki na kete zake na linatoza ushuru kila kete inayoangukia ndani yake
kingulu-house-1 = Kusini anaanza; chanzo hakisemi nani anaanza.
kingulu-house-2 = Kujirudia: chanzo hakina kanuni kwa mchezo unaozunguka bila kikomo. Hapa, hali ileile ikitokea mara ya tatu, mchezo unaisha na kete zinahesabiwa.
kingulu-house-3 = Hatua zisizo na mwisho: kuendeleza kunaweza kuchukua muda mrefu sana, hata milele. Hatua ambayo ingehitaji mizunguko zaidi ya 1,000 inahesabiwa kuwa isiyo na mwisho na hairuhusiwi.
kingulu-house-4 = Kete iliyowekwa kabla ya kuweka mtoto inabaki pale ilipo ikiwa iliangukia shimo lililotengwa.
kingulu-house-5 = Kete ya mwisho inayoangukia shimo lililotengwa huenda kwa mwenye shimo, na hatua inaisha.
kingulu-example-capture = Kula
kingulu-example-capture-caption = Kete ya mwisho ya Kusini inaangukia a3 iliyo tupu: kete tano zilizo mkabala zinaliwa, pamoja na kete iliyokula.
kingulu-example-kuweka-mtoto = Kuweka mtoto
kingulu-example-kuweka-mtoto-caption = Kete ya mwisho ya Kusini inatua katika shimo la Kaskazini lililokuwa na kete tatu: kuweka mtoto! Shimo hilo ni la Kusini hadi mwisho wa mchezo.
kingulu-example-toll = Ushuru
kingulu-example-toll-caption = Baada ya Kusini kulidai shimo, Kaskazini anapanda kulipita: kete inayoangukia ndani huenda kwa Kusini kama ushuru, na mzunguko wa Kaskazini unaishia katika shimo tupu na kula.

## Bao Kigogo (KG-1..KG-5)

kigogo-board = Safu 4 za mashimo 12 · kete 92
kigogo-region = Mkoa wa Dodoma, Tanzania ya kati
kigogo-people = Wagogo
kigogo-summary-1 = Mchezo mkubwa wa safu nne wa Wagogo, ulioandikwa mwaka 1911.
kigogo-summary-2 = Endeleza kuzunguka safu zako; ishia shimo tupu la mbele, ule safu wima.
kigogo-history-1 = Bao Kigogo ni mchezo mkubwa wa bao wa safu nne unaochezwa na Wagogo katika uwanda wa kati wa mkoa wa Dodoma nchini Tanzania. Uliandikwa kwa mara ya kwanza mwaka 1911 na mmisionari Mlutheri Mjerumani Martin Klamroth, aliyetazama michezo katika makazi ya Mpapua (leo Mpwapwa) na kueleza kanuni zake katika Archiv für Anthropologie.
kigogo-history-2 = Unahusiana kwa karibu na Bao Kiarabu, jina la pwani ya Kiswahili kwa Hawalis, na Njombwa wa Msumbiji, na michezo mingine ya safu nne ya kuendeleza ya kusini na mashariki mwa Afrika.
kigogo-history-3 = Kwenye ubao mpana wa safu nne za mashimo kumi na mawili, unaunganisha upandaji wa kuendeleza usiokatika, kinyume cha mwendo wa saa, na mwanzo usio sawa: mashimo mawili ya pembeni ya safu za mbele, moja katika kila ncha ya ubao, yanaanza matupu, kwa hiyo mchezo haufunguki kama taswira ya kioo, na pambano la kuwania safu za katikati linaanza mara moja. Wachezaji hupanga minyororo mirefu ya mizunguko inayoishia katika mashimo matupu ya mbele na kumnyang’anya mpinzani safu wima nzima.
kigogo-rules-board-1 = Safu nne za mashimo kumi na mawili. Kila mchezaji anamiliki safu mbili za upande wake wa ubao: safu ya mbele, inayomkabili mpinzani, na safu ya nyuma.
kigogo-rules-board-2 = Kila shimo linaanza na kete mbili, isipokuwa shimo la kushoto kabisa la kila safu ya mbele, linaloanza tupu: jumla kete 92.
kigogo-rules-board-3 = Kete zilizoliwa huondoka mchezoni kabisa: katika ubao huu zinakaa katika ghala lililochongwa mwishoni mwa ubao, upande wa mkono wa kulia wa aliyezila, na hazipandwi tena.
kigogo-rules-play-1 = Wachezaji hucheza kwa zamu. Chukua kete zote za shimo lako moja lenye kete mbili au zaidi na uzipande kinyume cha mwendo wa saa, moja katika kila shimo la safu zako mbili.
kigogo-rules-play-2 = Kuendeleza: kete ya mwisho ikiangukia shimo lenye kete, chukua zote zilizomo, pamoja na ile mpya, na uendelee kupanda kuanzia shimo linalofuata.
kigogo-rules-play-3 = Hatua inaisha kete ya mwisho ikiangukia shimo tupu.
kigogo-rules-play-4 = Kete moja moja: ni pale tu hakuna shimo lako lenye kete mbili au zaidi ndipo unaweza kusogeza kete moja, hatua moja mbele, na tu kuingia shimo tupu.
kigogo-rules-capture-1 = Kete ya mwisho ya hatua ikiangukia shimo tupu la safu yako ya mbele, na shimo la mbele la mpinzani lililo moja kwa moja mkabala lina kete, kete hizo zinaliwa na kuondolewa mchezoni.
kigogo-rules-capture-2 = Shimo la nyuma la mpinzani katika safu wima hiyo nalo likiwa na kete, nazo zinachukuliwa: safu wima nzima inasafishwa.
kigogo-rules-capture-3 = Safu ya nyuma peke yake iko salama: inachukuliwa tu pamoja na shimo la mbele lililo mbele yake. Hatua ya kete moja inakula kwa namna ileile.
kigogo-rules-end-1 = Unashinda mpinzani wako akiishiwa na kete, au asipoweza kucheza.
kigogo-rules-end-2 = Mchezo ni sare mara tu hali ya ubao inapojirudia.
kigogo-term-relay = kuendeleza
kigogo-term-relay-meaning = kuchukua kete za shimo ambamo mzunguko umeishia na kuendelea kuzipanda, mzunguko baada ya mzunguko
kigogo-term-column-capture = kula safu wima
kigogo-term-column-capture-meaning = kuchukua shimo la mbele la mpinzani pamoja na shimo la nyuma lililo nyuma yake
kigogo-house-1 = Kusini anaanza; chanzo hakisemi nani anaanza.
kigogo-house-2 = Hatua zisizo na mwisho: kuendeleza kunaweza kuchukua muda mrefu sana, hata milele. Hatua ambayo ingehitaji mizunguko zaidi ya 1,000 inahesabiwa kuwa isiyo na mwisho na hairuhusiwi.
kigogo-house-3 = Hali iliyojirudia ina maana kete zilezile katika mashimo yaleyale, ulaji uleule na mchezaji yuleyule mwenye zamu.
kigogo-example-relay = Kuendeleza na kula
kigogo-example-relay-caption = Kusini anapanda a6; mzunguko unaishia katika shimo lenye kete na kuendelea, hadi kete ya mwisho inaangukia a1 iliyo tupu na kula safu wima nzima ya Kaskazini.
kigogo-example-single = Kete moja
kigogo-example-single-caption = Hakuna tena shimo lenye kete mbili, kwa hiyo Kusini anasogeza kete moja kwenye shimo tupu lililo kando yake, na bado anakula safu wima nzima.

## Bao la Kimasai, safu nne (KM-1..KM-4)

kimasai-board = Safu 4 za mashimo 12 · kete 46
kimasai-region = Mkoa wa Dodoma, Tanzania ya kati
kimasai-people = Wafugaji wa Kimasai
kimasai-summary-1 = Mchezo wa safu nne ulioandikwa kwa wafugaji wa Kimasai mwaka 1911.
kimasai-summary-2 = Kete moja kwa kila shimo: sogea shimo tupu na ule safu wima nzima.
kimasai-history-1 = Bao la Kimasai, katika umbo lake la safu nne, ni mchezo wa bao wa kuvutia ulioandikwa kwa wafugaji wa Kimasai wa mkoa wa Dodoma katikati ya Tanzania. Ulielezwa kwa mara ya kwanza mwaka 1911 na mchungaji Mlutheri Mjerumani Martin Klamroth, aliyetazama michezo karibu na Mpapua (leo Mpwapwa) na kuchapisha maelezo ya kina katika Archiv für Anthropologie.
kimasai-history-2 = Miongoni mwa michezo ya Kiafrika ya safu nne unajitofautisha: hakuna marundo ya kete wala kuendeleza kwa mizunguko mingi. Shimo halibebi zaidi ya kete moja, kwa hiyo mchezo unakuwa pambano kali la mbinu la kete zinazoteleza, ambapo kete moja moja husogea kuelekea mashimo matupu na ghafla kufungua mashambulizi dhidi ya safu wima upande wa pili wa ubao.
kimasai-history-3 = Wanahistoria wa michezo ya ubao wameonyesha uwezekano wa uhusiano na kanuni za kupita za Chisolo II na michezo mingine ya bao ya kuteleza ya kusini mwa Afrika.
kimasai-rules-board-1 = Safu nne za mashimo kumi na mawili. Kila mchezaji anamiliki safu mbili za upande wake wa ubao: safu ya mbele, inayomkabili mpinzani, na safu ya nyuma.
kimasai-rules-board-2 = Kila shimo linaanza na kete moja, isipokuwa shimo la kushoto kabisa la kila safu ya mbele, linaloanza tupu: jumla kete 46.
kimasai-rules-board-3 = Shimo halibebi zaidi ya kete moja. Kete zilizoliwa huondoka mchezoni kabisa: katika ubao huu zinakaa katika ghala upande wa mkono wa kulia wa aliyezila, na hazipandwi tena.
kimasai-rules-play-1 = Wachezaji hucheza kwa zamu. Sogeza kete yako moja hadi shimo linalofuata, kinyume cha mwendo wa saa kuzunguka safu zako mbili.
kimasai-rules-play-2 = Hatua inaruhusiwa tu ikiwa shimo hilo ni tupu.
kimasai-rules-capture-1 = Kete yako ikifika katika safu yako ya mbele, na shimo la mbele la mpinzani lililo moja kwa moja mkabala lina kete, kete hiyo inaliwa — pamoja nayo kete ya shimo la nyuma la mpinzani katika safu wima hiyo, ikiwa ipo.
kimasai-rules-capture-2 = Kusipokuwa na kete katika shimo la mbele lililo mkabala, hakuna kinacholiwa: safu ya nyuma peke yake iko salama.
kimasai-rules-end-1 = Unashinda mpinzani wako akiishiwa na kete, au asipoweza kucheza.
kimasai-rules-end-2 = Mchezo ni sare mara tu hali ya ubao inapojirudia.
kimasai-term-column-capture = kula safu wima
kimasai-term-column-capture-meaning = kuchukua kete ya mbele ya mpinzani pamoja na kete ya nyuma iliyo nyuma yake
kimasai-house-1 = Kusini anaanza; chanzo hakisemi nani anaanza.
kimasai-house-2 = Hali iliyojirudia ina maana kete zilezile katika mashimo yaleyale, ulaji uleule na mchezaji yuleyule mwenye zamu.
kimasai-example-opening = Mwanzo wa mchezo
kimasai-example-opening-caption = Hatua pekee ya kwanza ya Kusini inasogeza kete hadi a1 iliyo tupu na kula safu wima nzima ya Kaskazini; Kaskazini anajibu vivyo hivyo.
kimasai-example-back-row = Safu ya nyuma iko salama
kimasai-example-back-row-caption = Kete ya Kusini inafika mkabala na shimo la mbele lililo tupu: hakuna kinacholiwa, na kete ya Kaskazini ya safu ya nyuma iliyo nyuma yake iko salama.
