// The hand-written headline table: realistic titles (and some summaries) across the nine sports and the
// topics, each with the team, sport and topic slugs a human editor would file it under. The unit test
// asserts every case and the benchmark (scripts/bench-tagging.ts) prints precision and recall over it.
// Cases marked knownMiss document where the rules knowingly fall short, and what they yield instead.
import type { TaggingCase } from '../evaluate.js';

/** The labelled headlines. */
export const TAGGING_CASES: readonly TaggingCase[] = [
  // NFL
  {
    title: 'Bills rally past Jets 27-24 in overtime',
    teams: ['buffalo-bills', 'new-york-jets'],
    sports: ['nfl'],
    note: 'Jets resolved by the NFL context of Bills',
  },
  {
    title: "Packers' Love throws three touchdowns in win over Bears",
    teams: ['green-bay-packers', 'chicago-bears'],
    sports: ['nfl'],
    note: 'possessive; Bears also Baylor',
  },
  {
    title: "Chiefs' Mahomes, Travis Kelce lead rout of Raiders",
    teams: ['kansas-city-chiefs', 'las-vegas-raiders'],
    sports: ['nfl'],
  },
  {
    title: 'Niners place McCaffrey on injured reserve',
    teams: ['san-francisco-49ers'],
    sports: ['nfl'],
    note: 'nickname',
  },
  {
    title: 'Cowboys fire defensive coordinator after blowout loss',
    teams: ['dallas-cowboys'],
    sports: ['nfl'],
    note: 'pro team preferred over Oklahoma State and Wyoming',
  },
  {
    title: 'Giants name Jaxson Dart starting quarterback',
    teams: ['new-york-giants'],
    sports: ['nfl'],
    note: 'quarterback picks NFL Giants',
  },
  {
    title: "Bills's offense stalls again as Dolphins take AFC East lead",
    teams: ['buffalo-bills', 'miami-dolphins'],
    sports: ['nfl'],
    note: "possessive 's after s",
  },
  { title: 'Tampa Bay Buccaneers sign veteran kicker', teams: ['tampa-bay-buccaneers'], sports: ['nfl'] },
  {
    title: 'Steelers-Ravens rivalry renewed on Sunday Night Football',
    teams: ['pittsburgh-steelers', 'baltimore-ravens'],
    sports: ['nfl'],
    note: 'hyphenated pair',
  },
  {
    title: 'Super Bowl LX: Seahawks, Patriots set for Santa Clara showdown',
    teams: ['seattle-seahawks', 'new-england-patriots'],
    sports: ['nfl'],
    note: 'Santa Clara (a college) dropped: no basketball context',
  },
  {
    title: 'Eagles vs. Cowboys: Five things to watch',
    teams: ['philadelphia-eagles', 'dallas-cowboys'],
    sports: ['nfl'],
    note: 'two ambiguous nicknames of one game',
  },
  {
    title: 'Panthers quarterback Bryce Young benched',
    teams: ['carolina-panthers'],
    sports: ['nfl'],
    note: 'Panthers: NFL, NHL, Pitt, Georgia State, FIU',
  },
  {
    title: 'Dallas defense stifles Giants in Thanksgiving win',
    summary: 'NFL Week 13 takeaways.',
    teams: ['dallas-cowboys', 'new-york-giants'],
    sports: ['nfl'],
    note: 'bare location with sport keyword',
  },
  {
    title: 'Los Angeles falls to Denver in NFL Week 10',
    teams: ['denver-broncos'],
    sports: ['nfl'],
    note: 'Los Angeles has two NFL teams: dropped',
  },
  {
    title: "Cardinals' Murray throws for 300 yards",
    teams: ['arizona-cardinals'],
    sports: ['nfl'],
    knownMiss: {
      teams: [],
      sports: [],
      why: 'Cardinals is NFL, MLB and two colleges; nothing else in the text names a sport',
    },
  },
  {
    title: 'Mailbag: Your questions on the offseason',
    sourceTeams: ['green-bay-packers'],
    teams: ['green-bay-packers'],
    sports: ['nfl'],
    note: 'team blog default team',
  },
  // NBA
  {
    title: "Lakers hold off Clippers behind LeBron James' 35 points",
    teams: ['los-angeles-lakers', 'los-angeles-clippers'],
    sports: ['nba'],
  },
  {
    title: 'Kings snap skid with win over Warriors',
    teams: ['sacramento-kings', 'golden-state-warriors'],
    sports: ['nba'],
    note: 'Kings needs context: Warriors gives NBA',
  },
  {
    title: 'Heat beat Magic on Herro buzzer-beater',
    teams: ['miami-heat', 'orlando-magic'],
    sports: ['nba'],
    note: 'two common-word nicknames agree on NBA',
  },
  { title: "Sixers' Embiid out again with knee soreness", teams: ['philadelphia-76ers'], sports: ['nba'] },
  {
    title: 'Thunder clinch top seed in West; Mavs eliminated',
    teams: ['oklahoma-city-thunder', 'dallas-mavericks'],
    sports: ['nba'],
  },
  {
    title: "Spurs' Wembanyama blocks 10 shots against the Timberwolves",
    teams: ['san-antonio-spurs', 'minnesota-timberwolves'],
    sports: ['nba'],
    note: 'Spurs is also Tottenham',
  },
  {
    title: 'T-Wolves edge Nuggets as Edwards scores 40',
    teams: ['minnesota-timberwolves', 'denver-nuggets'],
    sports: ['nba'],
    note: 'hyphenated nickname',
  },
  {
    title: 'Celtics trade Jrue Holiday to Trail Blazers',
    teams: ['boston-celtics', 'portland-trail-blazers'],
    sports: ['nba'],
    note: 'trade naming two teams',
  },
  {
    title: 'Jazz, Thunder in talks on three-team deal with Hornets',
    teams: ['utah-jazz', 'oklahoma-city-thunder', 'charlotte-hornets'],
    sports: ['nba'],
  },
  {
    title: 'Rout in the desert',
    summary: "The Suns beat the Lakers 120-98 behind Devin Booker's 40 points.",
    teams: ['phoenix-suns', 'los-angeles-lakers'],
    sports: ['nba'],
    note: 'teams only in the summary',
  },
  {
    title: 'Kings sign Sabonis to extension',
    sourceSportSlug: 'nba',
    teams: ['sacramento-kings'],
    sports: ['nba'],
    note: 'source sport resolves Kings',
  },
  {
    title: 'Wolves beat Spurs to reach Western Conference finals',
    teams: ['minnesota-timberwolves', 'san-antonio-spurs'],
    sports: ['nba'],
    note: 'both also Premier League clubs: the conference hint tips it',
  },
  // MLB
  {
    title: "Yankees' Judge homers twice in win over Red Sox",
    teams: ['new-york-yankees', 'boston-red-sox'],
    sports: ['mlb'],
  },
  {
    title: 'Giants beat Dodgers on walk-off single',
    teams: ['san-francisco-giants', 'los-angeles-dodgers'],
    sports: ['mlb'],
  },
  {
    title: 'Cardinals acquire reliever from Rays',
    teams: ['st-louis-cardinals', 'tampa-bay-rays'],
    sports: ['mlb'],
  },
  {
    title: "Rangers' Seager lands on IL; Texas recalls infielder",
    teams: ['texas-rangers'],
    sports: ['mlb'],
    note: 'Rangers resolved by the location Texas',
  },
  {
    title: 'Mets, Yankees open Subway Series at Citi Field',
    teams: ['new-york-mets', 'new-york-yankees'],
    sports: ['mlb'],
  },
  {
    title: 'Athletics unveil Las Vegas ballpark renderings',
    teams: ['athletics'],
    sports: ['mlb'],
    note: 'common word resolved by a baseball hint',
  },
  {
    title: 'Cubs complete sweep of White Sox in crosstown series',
    teams: ['chicago-cubs', 'chicago-white-sox'],
    sports: ['mlb'],
  },
  {
    title: 'Brew Crew clinch NL Central crown',
    teams: ['milwaukee-brewers'],
    sports: ['mlb'],
    note: 'multi-word nickname containing a common word',
  },
  {
    title: 'D-backs, Padres swap outfielders',
    teams: ['arizona-diamondbacks', 'san-diego-padres'],
    sports: ['mlb'],
  },
  {
    title: 'Red Sox-Yankees series opener postponed by rain',
    teams: ['boston-red-sox', 'new-york-yankees'],
    sports: ['mlb'],
  },
  {
    title: 'Lightning strikes delay Rays game at Tropicana Field',
    teams: ['tampa-bay-rays'],
    sports: ['mlb'],
    note: 'Lightning is weather here: hockey not in context',
  },
  // NHL
  {
    title: 'Kings edge Ducks in shootout',
    teams: ['los-angeles-kings', 'anaheim-ducks'],
    sports: ['nhl'],
    note: 'two ambiguous nicknames agree on NHL',
  },
  {
    title: "Rangers blank Islanders behind Shesterkin's 35 saves",
    teams: ['new-york-rangers', 'new-york-islanders'],
    sports: ['nhl'],
  },
  {
    title: 'Habs top Leafs in Saturday night thriller',
    teams: ['montreal-canadiens', 'toronto-maple-leafs'],
    sports: ['nhl'],
  },
  {
    title: 'Panthers raise Stanley Cup banner before opener against Blackhawks',
    teams: ['florida-panthers', 'chicago-blackhawks'],
    sports: ['nhl'],
  },
  {
    title: "Jets' Hellebuyck stops 40 as Winnipeg beats Oilers",
    teams: ['winnipeg-jets', 'edmonton-oilers'],
    sports: ['nhl'],
  },
  {
    title: 'Wild sign Kaprizov to record extension',
    summary: "The NHL's richest contract keeps the winger in St. Paul.",
    teams: ['minnesota-wild'],
    sports: ['nhl'],
  },
  {
    title: 'Golden Knights acquire defenseman from Sharks',
    teams: ['vegas-golden-knights', 'san-jose-sharks'],
    sports: ['nhl'],
  },
  {
    title: "Avs' MacKinnon scores hat trick vs. Stars",
    teams: ['colorado-avalanche', 'dallas-stars'],
    sports: ['nhl'],
  },
  {
    title: 'Hurricanes beat Capitals to reach conference final',
    teams: ['carolina-hurricanes', 'washington-capitals'],
    sports: ['nhl'],
  },
  {
    title: 'Montréal Canadiens name Suzuki captain',
    teams: ['montreal-canadiens'],
    sports: ['nhl'],
    note: 'accent',
  },
  // Premier League
  {
    title: 'Man City thrash Man United in Manchester derby',
    teams: ['manchester-city', 'manchester-united'],
    sports: ['premier-league'],
  },
  {
    title: "Spurs held by Villa as Frank's side slip to 10th",
    teams: ['tottenham-hotspur', 'aston-villa'],
    sports: ['premier-league'],
    note: 'Spurs resolved by Villa',
  },
  {
    title: 'Arsenal go top of the Premier League with win at Chelsea',
    teams: ['arsenal', 'chelsea'],
    sports: ['premier-league'],
  },
  {
    title: 'Wolves sack manager after winless start',
    summary: "The Premier League's bottom side act after a 3-0 defeat.",
    teams: ['wolverhampton-wanderers'],
    sports: ['premier-league'],
  },
  {
    title: 'Liverpool beat Everton in Merseyside derby',
    teams: ['liverpool', 'everton'],
    sports: ['premier-league'],
    note: 'Liverpool is a club and a location',
  },
  {
    title: 'Gunners eye move for Newcastle striker',
    teams: ['arsenal', 'newcastle-united'],
    sports: ['premier-league'],
  },
  {
    title: 'Nottingham Forest hold Brighton to a draw at the City Ground',
    teams: ['nottingham-forest', 'brighton-hove-albion'],
    sports: ['premier-league'],
  },
  {
    title: "West Ham's Bowen: 'We let the fans down'",
    teams: ['west-ham-united'],
    sports: ['premier-league'],
  },
  { title: 'Man Utd confirm Amorim exit', teams: ['manchester-united'], sports: ['premier-league'] },
  {
    title: 'Chelsea face Real Madrid in Champions League quarterfinal',
    teams: ['chelsea'],
    sports: ['premier-league'],
    topics: ['champions-league'],
  },
  // MLS
  {
    title: 'Inter Miami beat LAFC as Messi scores twice',
    teams: ['inter-miami-cf', 'los-angeles-fc'],
    sports: ['mls'],
  },
  {
    title: 'Galaxy, Sounders play to scoreless draw',
    teams: ['la-galaxy', 'seattle-sounders-fc'],
    sports: ['mls'],
  },
  {
    title: "Union clinch Supporters' Shield with win over Crew",
    teams: ['philadelphia-union', 'columbus-crew'],
    sports: ['mls'],
  },
  {
    title: 'Whitecaps, Toronto FC meet in Canadian Championship final',
    teams: ['vancouver-whitecaps-fc', 'toronto-fc'],
    sports: ['mls'],
  },
  {
    title: 'NYCFC and Red Bulls renew Hudson River Derby',
    teams: ['new-york-city-fc', 'new-york-red-bulls'],
    sports: ['mls'],
  },
  {
    title: 'USMNT names World Cup roster; two Inter Miami players included',
    teams: ['inter-miami-cf'],
    sports: ['mls'],
    topics: ['world-cup'],
  },
  // WNBA
  {
    title: 'Caitlin Clark, Fever beat Sky in front of sellout crowd',
    teams: ['indiana-fever', 'chicago-sky'],
    sports: ['wnba'],
  },
  {
    title: "Aces' A'ja Wilson wins fourth MVP",
    summary: 'The WNBA honor caps a record season.',
    teams: ['las-vegas-aces'],
    sports: ['wnba'],
  },
  {
    title: 'Liberty top Lynx to win WNBA Finals',
    teams: ['new-york-liberty', 'minnesota-lynx'],
    sports: ['wnba'],
  },
  {
    title: 'Valkyries earn first playoff berth in expansion season',
    teams: ['golden-state-valkyries'],
    sports: ['wnba'],
  },
  {
    title: 'Storm beat Mercury behind Ogwumike double-double',
    teams: ['seattle-storm', 'phoenix-mercury'],
    sports: ['wnba'],
  },
  // College basketball
  {
    title: 'Duke rolls past North Carolina in college basketball rivalry',
    teams: ['duke-blue-devils-basketball', 'north-carolina-tar-heels-basketball'],
    sports: ['mcb'],
  },
  { title: 'Zags climb to No. 3 in AP poll', teams: ['gonzaga-bulldogs-basketball'], sports: ['mcb'] },
  {
    title: "UConn's Hurley: 'We're built for March Madness'",
    teams: ['uconn-huskies-basketball'],
    sports: ['mcb'],
  },
  {
    title: 'Kentucky Wildcats basketball lands top recruit',
    teams: ['kentucky-wildcats-basketball'],
    sports: ['mcb'],
  },
  {
    title: 'Villanova upsets Creighton in Big East opener',
    teams: ['villanova-wildcats-basketball', 'creighton-bluejays-basketball'],
    sports: ['mcb'],
  },
  {
    title: 'Final Four: Houston, Auburn advance',
    teams: ['houston-cougars-basketball', 'auburn-tigers-basketball'],
    sports: ['mcb'],
  },
  { title: 'Duke basketball signs No. 1 recruit', teams: ['duke-blue-devils-basketball'], sports: ['mcb'] },
  {
    title: 'Louisville Cardinals basketball beats Kentucky',
    teams: ['louisville-cardinals-basketball', 'kentucky-wildcats-basketball'],
    sports: ['mcb'],
  },
  {
    title: 'Tar Heels stun Blue Devils',
    sourceSportSlug: 'mcb',
    teams: ['north-carolina-tar-heels-basketball', 'duke-blue-devils-basketball'],
    sports: ['mcb'],
    note: 'college-wide source picks basketball',
  },
  // College football
  {
    title: 'Alabama edges Georgia in SEC Championship Game',
    summary: 'The Crimson Tide clinch a College Football Playoff spot.',
    teams: ['alabama-crimson-tide-football', 'georgia-bulldogs-football'],
    sports: ['cf'],
  },
  {
    title: "Ohio State's Heisman hopeful throws four TDs against Michigan",
    teams: ['ohio-state-buckeyes-football', 'michigan-wolverines-football'],
    sports: ['cf'],
  },
  {
    title: 'Notre Dame vs. USC: Fighting Irish roll in college football rivalry',
    teams: ['notre-dame-fighting-irish-football', 'usc-trojans-football'],
    sports: ['cf'],
  },
  { title: 'Ole Miss QB declares for NFL Draft', teams: ['ole-miss-rebels-football'], sports: ['nfl', 'cf'] },
  {
    title: 'Texas A&M Aggies football fires head coach',
    teams: ['texas-am-aggies-football'],
    sports: ['cf'],
  },
  {
    title: "Bowl game projections: BYU, TCU in line for New Year's Six",
    teams: ['byu-cougars-football', 'tcu-horned-frogs-football'],
    sports: ['cf'],
  },
  {
    title: 'Tar Heels hire Bill Belichick as head football coach',
    teams: ['north-carolina-tar-heels-football'],
    sports: ['cf'],
  },
  {
    title: 'Michigan State fires football coach after 3-9 season',
    teams: ['michigan-state-spartans-football'],
    sports: ['cf'],
  },
  {
    title: "'Bama lands five-star quarterback from Georgia",
    teams: ['alabama-crimson-tide-football'],
    sports: ['cf'],
    knownMiss: {
      teams: ['alabama-crimson-tide-football', 'georgia-bulldogs-football'],
      sports: ['cf'],
      why: "'from Georgia' is the recruit's home state, read as the school",
    },
  },
  // More real-world headlines, written without the rules in mind
  {
    title: "Dodgers' magic number down to 3 after win over Padres",
    teams: ['los-angeles-dodgers', 'san-diego-padres'],
    sports: ['mlb'],
    note: 'magic number is not the Magic',
  },
  {
    title: 'Yankees Cut Magic Number To Two',
    teams: ['new-york-yankees'],
    sports: ['mlb'],
    note: 'title case: Magic capitalised but no NBA context',
  },
  {
    title: "Broncos' Nix named AFC Offensive Player of the Week",
    teams: ['denver-broncos'],
    sports: ['nfl'],
  },
  { title: 'Saints hire Kellen Moore as head coach', teams: ['new-orleans-saints'], sports: ['nfl'] },
  {
    title: 'Lions clinch NFC North with win over Vikings',
    teams: ['detroit-lions', 'minnesota-vikings'],
    sports: ['nfl'],
  },
  { title: 'Bears trade up in the draft for a pass rusher', teams: ['chicago-bears'], sports: ['nfl'] },
  {
    title: "Rams' Stafford questionable vs. Seahawks",
    teams: ['los-angeles-rams', 'seattle-seahawks'],
    sports: ['nfl'],
  },
  {
    title: 'Cowboys-Commanders game flexed to Sunday night',
    teams: ['dallas-cowboys', 'washington-commanders'],
    sports: ['nfl'],
  },
  {
    title: "Hornets' LaMelo Ball ejected in loss to Bucks",
    teams: ['charlotte-hornets', 'milwaukee-bucks'],
    sports: ['nba'],
  },
  { title: 'Pistons end 28-game losing streak', teams: ['detroit-pistons'], sports: ['nba'] },
  {
    title: "Warriors' Curry passes 4,000 career 3-pointers",
    teams: ['golden-state-warriors'],
    sports: ['nba'],
  },
  {
    title: "Blue Jays' Guerrero Jr. agrees to $500M extension",
    teams: ['toronto-blue-jays'],
    sports: ['mlb'],
  },
  { title: 'Orioles fire manager Brandon Hyde', teams: ['baltimore-orioles'], sports: ['mlb'] },
  {
    title: 'Marlins, Phillies split doubleheader',
    teams: ['miami-marlins', 'philadelphia-phillies'],
    sports: ['mlb'],
  },
  { title: "Royals' Witt Jr. wins second Gold Glove", teams: ['kansas-city-royals'], sports: ['mlb'] },
  {
    title: "Bruins' Pastrnak scores twice in win over Flyers",
    teams: ['boston-bruins', 'philadelphia-flyers'],
    sports: ['nhl'],
  },
  {
    title: 'Senators goalie Ullmark takes leave of absence',
    teams: ['ottawa-senators'],
    sports: ['nhl'],
    note: 'common word resolved by a hint',
  },
  { title: "Capitals' Ovechkin scores 900th goal", teams: ['washington-capitals'], sports: ['nhl'] },
  {
    title: 'Leeds United promoted back to the Premier League',
    teams: ['leeds-united'],
    sports: ['premier-league'],
  },
  {
    title: 'Sunderland stun Chelsea at the Stadium of Light',
    teams: ['sunderland', 'chelsea'],
    sports: ['premier-league'],
  },
  {
    title: 'Crystal Palace win FA Cup final against Man City',
    teams: ['crystal-palace', 'manchester-city'],
    sports: ['premier-league'],
  },
  {
    title: "Brentford's Thomas Frank joins Tottenham",
    teams: ['brentford', 'tottenham-hotspur'],
    sports: ['premier-league'],
  },
  { title: 'Seattle Sounders win Leagues Cup', teams: ['seattle-sounders-fc'], sports: ['mls'] },
  {
    title: "Timbers' playoff hopes fade after loss in Houston",
    teams: ['portland-timbers', 'houston-dynamo-fc'],
    sports: ['mls'],
    note: 'location resolved by MLS context',
  },
  { title: 'Lynx star Napheesa Collier out with ankle injury', teams: ['minnesota-lynx'], sports: ['wnba'] },
  { title: 'Sparks hire new general manager', teams: ['los-angeles-sparks'], sports: ['wnba'] },
  {
    title: "Michigan's Sherrone Moore fired amid investigation",
    summary: 'The Wolverines football program moves on.',
    teams: ['michigan-wolverines-football'],
    sports: ['cf'],
  },
  {
    title: 'Texas Longhorns top preseason AP poll',
    summary: 'Arch Manning leads the college football rankings.',
    teams: ['texas-longhorns-football'],
    sports: ['cf'],
    note: 'school + mascot names both sports: context picks one',
  },
  {
    title: 'Texas Longhorns start practice',
    teams: ['texas-longhorns-football', 'texas-longhorns-basketball'],
    sports: ['cf', 'mcb'],
    note: 'school + mascot without context: both',
  },
  {
    title: 'LSU hires Lane Kiffin',
    teams: ['lsu-tigers-football'],
    sports: ['cf'],
    knownMiss: {
      teams: [],
      sports: [],
      why: 'a bare school name with no sport word: football and basketball are equally possible',
    },
  },
  {
    title: 'Gonzaga beats Kentucky in Nashville',
    teams: ['gonzaga-bulldogs-basketball', 'kentucky-wildcats-basketball'],
    sports: ['mcb'],
    note: 'two school names agree on basketball',
  },
  {
    title: 'Twins walk off Guardians in 11 innings',
    teams: ['minnesota-twins', 'cleveland-guardians'],
    sports: ['mlb'],
  },
  // Topics
  { title: 'Scheffler wins the Masters by four strokes', teams: [], sports: [], topics: ['golf'] },
  { title: 'Verstappen takes pole at Monaco Grand Prix', teams: [], sports: [], topics: ['f1'] },
  {
    title: 'Best bets for Week 12: Eagles cover against the Rams',
    teams: ['philadelphia-eagles', 'los-angeles-rams'],
    sports: ['nfl'],
    topics: ['betting'],
  },
  {
    title: 'Fantasy football waiver wire: Week 9 pickups',
    teams: [],
    sports: [],
    topics: ['fantasy-sports'],
  },
  { title: 'Usyk retains undisputed heavyweight title', teams: [], sports: [], topics: ['boxing'] },
  { title: 'NASCAR Cup Series playoff field set after Daytona', teams: [], sports: [], topics: ['nascar'] },
  { title: 'Alcaraz beats Sinner in Wimbledon final', teams: [], sports: [], topics: ['tennis'] },
  // Found on the demo's pages (issue 18): a namesake on another sport's outlet, a summary-only opponent
  {
    title: 'Cyrus Kincaid wins at Cedar Falls Speedway',
    summary:
      'Cyrus Kincaid won in Cedar Falls. Cyrus Kincaid finished strongly to take the Cedar Falls event.',
    sourceTopicSlug: 'nascar',
    teams: [],
    sports: [],
    topics: ['nascar'],
    note: 'a NASCAR outlet: the NFL player of that name is someone else',
  },
  {
    title: 'Dolphins TE Cyrus Kincaid tries a stock car at Cedar Falls Speedway',
    sourceTopicSlug: 'nascar',
    teams: ['miami-dolphins'],
    sports: ['nfl'],
    topics: ['nascar'],
    note: 'the text names the team of the player: it is him',
  },
  {
    title: 'Patrick Mahomes throws for 400 yards in comeback',
    teams: [],
    sports: ['nfl'],
    note: 'a general outlet: a full name alone files the player and the sport',
  },
  {
    title: 'Waiver wire: Cyrus Ingram of the Rams is a must-add',
    summary:
      'The Los Angeles Rams lean on Cyrus Ingram against the Green Bay Packers. Cyrus Ingram has seen more touches every week. The Packers matchup looks favourable.',
    teams: ['los-angeles-rams'],
    sports: ['nfl'],
    topics: ['fantasy-sports'],
    note: 'the Packers are only the opponent, in the summary',
  },
  {
    title: 'Rams rally late in Green Bay',
    summary: 'The Rams beat the Packers 24-20 after trailing by ten.',
    teams: ['los-angeles-rams', 'green-bay-packers'],
    sports: ['nfl'],
    note: 'the other side of a result is news for both teams',
  },
  // Negatives: nothing to file
  {
    title: 'Heat wave grips Miami as temperatures soar',
    teams: [],
    sports: [],
    note: 'common word and bare location',
  },
  {
    title: 'Jets scrambled after airspace violation near the border',
    teams: [],
    sports: [],
    note: 'ambiguous nickname without context',
  },
  { title: 'Stocks rally as tech giants post record earnings', teams: [], sports: [] },
  { title: 'The magic of the Olympics returns to Los Angeles', teams: [], sports: [], topics: ['olympics'] },
  {
    title: 'Thunderstorms expected across Oklahoma City tonight',
    teams: [],
    sports: [],
    note: 'word boundary and bare location',
  },
  { title: 'Kings and queens: a history of European royalty', teams: [], sports: [] },
  {
    title: 'Heated exchange between coaches overshadows opener',
    teams: [],
    sports: [],
    note: "'Heat' inside 'Heated'",
  },
  {
    title: 'Duke names new athletic director',
    teams: [],
    sports: [],
    note: 'bare school name without sport context',
  },
  { title: 'Sun sets early as clocks go back this weekend', teams: [], sports: [] },
];
