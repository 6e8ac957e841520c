// Does a headline (and its summary) give a game's result away? The spoiler shield (issue 49) blurs the
// lines that do for a member who shields a team. The decision is a set of hand-written rules, each named
// so a UI can say why a line was blurred, measured on 488 real headlines labelled by hand
// (`__tests__/spoiler-headlines.json`, `npm run bench:tagging`). The rules lean towards blurring: a missed
// spoiler ruins a game for the member, a needless blur costs one click on "reveal".
//
// How it reads a line: the text is cut into clauses (at sentence ends, colons, semicolons, dashes and
// "after", which in headlines introduces something that already happened), and each clause is tried
// against the rules in order. Rules that name a result by a verb ("beat", "rout") are skipped in a clause
// that is hypothetical: a modal or a wish before the verb ("can X beat Y?", "how X could beat Y", "favored
// to beat", "looks to clinch"), because previews, odds and questions are what a fan on delay still wants to
// read. A score is not skipped that way (a prediction with a score is rare, a recap with one is common).

import { modelVerdict } from './spoiler-model.js';

/** The rules, by the name a UI shows. */
export type SpoilerRule =
  | 'score'
  | 'box-score'
  | 'result-verb'
  | 'result-noun'
  | 'series'
  | 'streak'
  | 'record-change'
  | 'draw'
  | 'title'
  | 'final-round'
  | 'medal'
  | 'margin'
  // Not a hand-written rule: the learned component (spoiler-model.ts) judged the line a spoiler.
  | 'model';

/** Why a line was judged a spoiler, or that it was not. */
export interface SpoilerVerdict {
  /** True when the line gives a result away. */
  spoiler: boolean;
  /** The rule that fired (null when none did). */
  rule: SpoilerRule | null;
  /** The words that made it fire, as they appear in the line. */
  match: string | null;
  /** Which text gave it away. */
  field: 'headline' | 'summary' | null;
}

/** Words that make a clause hypothetical when they come before a result verb. */
const HYPOTHETICAL =
  /\b(?:can|could|will|would|should|might|may|must|cannot|can't|won't|wouldn't|couldn't|if|whether|chances?|odds|favou?red|favou?rites?|hopes?|hoping|expect(?:s|ed)?|predicts?|predicted|projected|picks?|tries|try|trying|looks?|looking|aims?|bids?|seeks?|needs?|wants?|plans?|poised|ready|vows?|eyes|going|has to|have to|had to|threat|team(?=\s+to\b))\s+(?:\S+\s+){0,5}?$/i;

// The same words anywhere in a line, with "face" (a game still to play) and a question mark: a line the
// rules read as a forecast. The learned component does not judge such a line, since it weighs words like
// "beat" or "elimination" without knowing they are wished for ("Bills favored to beat ...").
const FORECAST =
  /\b(?:can|could|will|would|should|might|may|must|cannot|can't|won't|wouldn't|couldn't|if|whether|chances?|odds|favou?red|favou?rites?|hopes?|hoping|expect(?:s|ed)?|predicts?|predicted|projected|picks?|tries|try|trying|looks?\s+to|looking\s+to|aims?|bids?|seeks?|needs?|wants?|plans?|poised|ready|vows?|eyes|going\s+to|has\s+to|have\s+to|face[sd]?|facing)\b|\?/i;

// A team or player as a verb's object: a capitalised word, "No. 13 X", "the X", "#5 X". Title-case
// headlines capitalise every word, so the verb must also follow a word that is not a determiner ("the best
// Tyrese Haliburton dishes", "on its own website" are not results).
const OBJECT = String.raw`(?:the\s+|a\s+)?(?:No\.\s*\d+\s+|#\d+\s+|\d+(?:st|nd|rd|th)-ranked\s+|top-ranked\s+)?(?:[A-Z][\w.'’&-]*|(?:defending\s+|reigning\s+|world\s+|European\s+|league\s+)?(?:hosts|holders|champions|champs|leaders|favourites|favorites|rivals|neighbours|neighbors|visitors|title-holders|table-toppers|minnows|underdogs)\b)`;
const NOT_AFTER_DETERMINER = String.raw`(?<!\b(?:the|a|an|its|his|her|their|our|my|your|to|of|for|and|on|in)\s)`;

/** Transitive verbs that say who won when their object is a team: "Sky beat the Wings", "Bulldogs shock K-State". */
const RESULT_VERBS = [
  'beats?',
  'beaten',
  'defeat(?:s|ed)?',
  'tops?',
  'topped',
  'edge[sd]?',
  'routs?',
  'routed',
  'downs?',
  'downed',
  'blank(?:s|ed)?',
  'sweeps?',
  'swept',
  'stun(?:s|ned)?',
  'upset(?:s)?',
  'crush(?:es|ed)?',
  'clip(?:s|ped)?',
  'best(?:s|ed)',
  'tame[sd]?',
  'stops?',
  'stopped',
  'owns?',
  'zap(?:s|ped)?',
  'drub(?:s|bed)?',
  'pummel(?:s|ed|led)?',
  'thump(?:s|ed)?',
  'hammer(?:s|ed)?',
  'trounce[sd]?',
  'dominate[sd]?',
  'outlast(?:s|ed)?',
  'oust(?:s|ed)?',
  'eliminate[sd]?',
  'sink(?:s)?',
  'sank',
  'clock(?:s|ed)?',
  'whip(?:s|ped)?',
  'shock(?:s|ed)?',
  'overpower(?:s|ed)?',
  'outscore[sd]?',
  'lift(?:s|ed)?',
  'shut(?:s)?\\s+out',
  'blows?\\s+out',
  'blew\\s+out',
  'roll(?:s|ed)?\\s+(?:over|past)',
  'cruise[sd]?\\s+(?:past|by|over|into)',
  'ease[sd]?\\s+(?:past|by|into)',
  'breeze[sd]?\\s+(?:past|by)',
  'storm(?:s|ed)?\\s+past',
  'slip(?:s|ped)?\\s+past',
  'get(?:s)?\\s+past',
  'hold(?:s)?\\s+off',
  'held\\s+off',
  'knock(?:s|ed)?\\s+(?:off|out)',
  'streak(?:s)?\\s+(?:by|past)',
  'rall(?:y|ies|ied)\\s+(?:past|by|over)',
  'zero(?:s|es|ed)?\\s+out',
  'hand(?:s|ed)?',
  'beating',
  'save[sd]?',
  // British and wire styles: "Sharapova thrashes Kremer", "City see off United", "Spurs dump Arsenal out".
  'thrash(?:es|ed)?',
  'demolish(?:es|ed)?',
  'humble[sd]?',
  'humiliate[sd]?',
  'dispatch(?:es|ed)?',
  'overcome[s]?',
  'overcame',
  'outclass(?:es|ed)?',
  'outplay(?:s|ed)?',
  'outgun(?:s|ned)?',
  'outduel(?:s|ed|led)?',
  'overwhelm(?:s|ed)?',
  'conquer(?:s|ed)?',
  'vanquish(?:es|ed)?',
  'dump(?:s|ed)?',
  'topple[sd]?',
  'maul(?:s|ed)?',
  'whitewash(?:es|ed)?',
  'nip(?:s|ped)?',
  'bounce[sd]?',
  'see(?:s)?\\s+off',
  'saw\\s+off',
  'seen\\s+off',
  '(?:brush|swat|sweep|push)(?:es|s|ed|ped)?\\s+aside',
  'swept\\s+aside',
  '(?:squeeze|scrape|edge|battle|power|run|race|fight|grind|muscle|surge|charge|coast|sail|march|sweep|brush|dance|glide|stroll)(?:s|d|ed|es)?\\s+(?:past|by)',
  'swept\\s+(?:past|by)',
  'ran\\s+(?:past|by)',
  'triumph(?:s|ed)?\\s+(?:over|against)',
  'win(?:s)?\\s+(?:over|against)',
  'fought\\s+(?:past|by)',
  'squeak(?:s|ed)?\\s+(?:past|by)',
].join('|');
/**
 * The verbs match in any case (wire headlines are in title case: "Reds Tame Cubs") while the object must
 * be capitalised, and JavaScript has no inline case flag before Node 23: every letter of the verbs becomes
 * a two-case class.
 */
function anyCase(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i++;
    } else if (c === '[') {
      inClass = true;
      out += c;
    } else if (c === ']') {
      inClass = false;
      out += c;
    } else if (/[a-z]/.test(c)) out += inClass ? c + c.toUpperCase() : `[${c}${c.toUpperCase()}]`;
    else out += c;
  }
  return out;
}
// "down" is a result only as a verb of its own ("Red Sox Down Devil Rays"), not a particle ("bat down
// Brady's passes", "turning down the offer", "hawks down Mathurin").
const PARTICLE_VERB = String.raw`(?<!\b(?:${anyCase('bat|bats|batted|hawk|hawks|hawked|chase|chases|chased|track|tracks|tracked|run|runs|ran|shut|shuts|knock|knocks|knocked|put|puts|turn|turns|turned|back|backs|step|steps|stepped|sit|sits|sat|lay|lays|laid|calm|slow|cut|cuts|break|breaks|broke|go|goes|went|come|comes|came|get|gets|got|let|lets|pull|pulls|pulled|shoot|shoots|shot|take|takes|took|bring|brings|brought|wind|winds|settle|settles|settled|\\w+ing')})\s)`;
// Title case capitalises the little words too: "Crowton Steps Down As BYU Football Coach".
const TITLE_CASE_FUNCTION_WORDS =
  '(?:As|At|In|On|For|To|With|From|Of|By|And|Or|After|Before|Over|Under|Into|Again|Early|Late|Out|Up|Off|His|Her|Their|Its)';
const RESULT_VERB = new RegExp(
  String.raw`${NOT_AFTER_DETERMINER}${PARTICLE_VERB}\b(?:${anyCase(RESULT_VERBS)})\s+(?!(?:the\s+)?(?:NFL|NBA|WNBA|MLB|NHL|MLS|AFC|NFC)\b)(?![A-Z][\w.-]*(?:'s|’s|s'|s’)\s)(?!${TITLE_CASE_FUNCTION_WORDS}\b)(?!(?:${anyCase('lead|hopes|spirits|chances|morale|mood|stock|profile')})\b)${OBJECT}(?![\w'’&-])(?!(?:\s+\S+){0,4}\s+to\s+(?:the\s+)?(?:pole|fastest))(?!(?:\s+[A-Z][\w.'’&-]*){0,3}\s+(?:${anyCase('hopes|spirits|chances|morale|mood|stock|profile')})\b)`,
);
// "hand" only spoils with a loss or defeat after it ("Brewers Hand Cards Fourth Straight Loss").
const HAND = /^hand/i;
const HAND_RESULT = /^[^.;:!?]*\b(?:loss|defeat|setback)\b/i;

/** "Cabrera's Homer Leads Red Sox Past Orioles", "Edmonds Double Strike Lifts Cards Over Padres". */
const CARRIES_PAST = new RegExp(
  String.raw`\b(?:${anyCase('lifts?|lifted|leads?|led|powers?|powered|carr(?:y|ies|ied)|propels?|propelled|guides?|guided|helps?|helped|sends?|sent|pushes|pushed|push')})\s+(?:the\s+)?(?:[A-Z][\w.'’&-]*\s+){1,3}(?:${anyCase('past|over|by')})\s+(?:the\s+)?(?:No\.\s*\d+\s+)?[A-Z]`,
);

/** Intransitive or idiomatic results: "rally to beat", "falls to", "survives", "force Game 6". */
const RESULT_PHRASES: RegExp[] = [
  /\b(?:rall(?:y|ies|ied)|come(?:s)?\s+back|came\s+back|bounce[sd]?\s+back|battle[sd]?\s+back|hit(?:s)?\s+back|fight(?:s)?\s+back|fought\s+back|recover(?:s|ed)?|hold(?:s)?\s+on|held\s+on)\s+(?:(?:\S+\s+){0,3}?(?:to\s+)?|(?:\S+\s+){4,8}?to\s+)(?:beat|defeat|win|top|edge|stun|down|past|over|for\s+(?:a\s+)?(?:\S+\s+)?(?:win|victory))\b/i,
  /\b(?:fall(?:s)?|fell|lose(?:s)?|lost|bow(?:s|ed)?|succumb(?:s|ed)?|drop(?:s|ped)?\s+(?:a\s+)?(?:\S+\s+)?(?:game|decision|match)?\s*)\s+to\s+(?:the\s+)?(?:No\.\s*\d+\s+)?[A-Z]/,
  /\b(?:survive[sd]?|prevail(?:s|ed)?|avoid(?:s|ed)?\s+(?:loss|defeat|elimination|a\s+sweep)|go(?:es)?\s+down|went\s+down|fall(?:s)?\s+at|fell\s+at)\b/i,
  /\b(?:blow(?:s|ing|n)?|blew|let(?:s)?)\s+(?:a\s+|the\s+|their\s+|its\s+)?(?:\S+\s+)?(?:chance|lead|victor(?:y|ies)|win)\b(?:\s+slip)?/i,
  /\bcost(?:s)?\s+(?:us|them|him|her|the\s+\S+|\S+)?\s*(?:the\s+)?(?:victory|win|game|match|title)\b/i,
  /\b(?:win|wins|won|lose|loses|lost)\s+(?:the\s+|a\s+|their\s+|its\s+)?(?:\d+(?:st|nd|rd|th)\b|No\.\s*\d+|(?:\w+\s+)?(?:game|games|series|opener|match|decision)\b|in\s+[A-Z]|over\s+[A-Z]|against\s+[A-Z]|again\b|at\s+home\b|on\s+the\s+road\b|away\b(?!\s+from))/i,
  /\b(?:wins?|won|lose[sd]?|lost)\s*$/i,
  /\b(?:cruise[sd]?|coast(?:s|ed)?|romp(?:s|ed)?|ease[sd]?|sail(?:s|ed)?|stroll(?:s|ed)?|march(?:es|ed)?|roll(?:s|ed)?|race[sd]?)\s+to\s+(?:\S+\s+){0,2}?(?:win|wins|victory|victories|title|crown)\b/i,
  /\b(?:go(?:es)?|went|move[sd]?|climb(?:s|ed)?|rise[sd]?|rose|to)\s+(?:\S+\s+)?top\s+(?:of\s+)?(?:the\s+)?(?:table|standings|league|group)\b/i,
  /\bpiles?\s+(?:it\s+)?on\b/i,
  /\b(?:led|leads?|took|takes?|guided?|guides|carried|carry|carries|propelled|help(?:s|ed)?|steer(?:s|ed)?|inspire[sd]?|fire[sd]?|power(?:s|ed)?)\s+(?:\S+\s+){0,3}?to\s+(?:its|their|the|a|an|his|her)\s+(?:\S+\s+){0,3}?(?:final|finals|title|championship|crown|pennant|victory|win|triumph)\b/i,
  /\b(?:winner|winning\s+goal|go-ahead\s+(?:run|goal|basket))\s+(?:at|against|over|in)\s+[A-Z]/,
  /\bcomeback\s+to\s+(?:beat|defeat|win|top|stun|edge|eliminate|oust|clinch)\b/i,
  /\b(?:wins?|won|takes?|took|captures?|captured|claims?|claimed|reclaims?|reclaimed|lifts?|lifted|scoops?|scooped|bags?|bagged|secures?|secured|clinch(?:es|ed)?|seal(?:s|ed)?)\s+(?:the\s+|a\s+|their\s+|its\s+|his\s+|her\s+)?(?:\S+\s+){0,3}?(?:title|championship|crown|pennant|trophy|cup|Cup|Open|Classic|Masters|Invitational|Grand\s+Prix|GP|marathon|race|stage|rally|relay|pursuit|sprint|slalom|downhill|tournament|Tour|event|final|derby|series|double|treble|belt|Slam|medal|honours|honors|decider|playoff|play-off|league|Test|Ashes)\b(?!\s+(?:hopes|chances|bid|dreams?|qualifiers?|squad|team|debut|captain|place|spot|draw|ties?|holders?|winners?|fixtures?|preview|berth|ambitions|favou?rites?|odds|contenders?|race|pole|qualifying|practice|grid))/i,
  /\b(?:give[sd]?|giving|earn(?:s|ed)?|secure[sd]?|seal(?:s|ed)?|clinch(?:es|ed)?|gave)\s+(?:\S+\s+){0,3}?(?:the\s+|a\s+)?(?:\S+\s+)?(?:win|victory|triumph)\b/i,
  /\b(?:game-sealing|game-winning|walk-?off|buzzer-beater|winning\s+(?:goal|run|basket|shot|field\s+goal|kick))\b/i,
  /\bshutout\b/i,
  /\b(?:pass(?:es|ed)?\s+(?:the\s+|its\s+|their\s+)?(?:first\s+)?test|lord\s+of\s+the\s+ring)\b/i,
  // Intransitive ends: "Careening Indians Fall", "Federer struggles through", "Mauresmo breezes through".
  /(?<=\S\s+)(?<!\b(?:a|the|heavy|bad|nasty|his|her|their|its|big|sharp)\s+)\b(?:fall|falls|fell|prevail|prevails|prevailed)\s*[!.]?\s*$/i,
  /\b(?:struggle[sd]?|breeze[sd]?|cruise[sd]?|ease[sd]?|sail(?:s|ed)?|stroll(?:s|ed)?|battle[sd]?|scrape[sd]?|squeeze[sd]?|power(?:s|ed)?|romp(?:s|ed)?|march(?:es|ed)?|fight(?:s)?|fought|come(?:s)?|came|go(?:es)?|went|get(?:s)?|got|limp(?:s|ed)?|sneak(?:s)?|snuck|make(?:s)?|made)\s+through\b(?!\s+(?:the\s+)?(?:\S+\s+)?(?:motions|injury|pain|season|camp|drills|workouts?|practice|protocol|waivers|medical))/i,
  // A loss told by its shortfall or its waste: "come up a little short", "threw away the chance", "blows 2-goal lead".
  /\b(?:come|comes|came|coming|fall|falls|fell|falling|end(?:s|ed)?\s+up)\s+(?:up\s+)?(?:a\s+(?:little|bit)\s+|just\s+|agonisingly\s+|agonizingly\s+)?short\b/i,
  /\b(?:thr(?:ow|ows|ew|own)\s+away['’"]?|squander(?:s|ed)?|waste[sd]?|surrender(?:s|ed)?|cough(?:s|ed)?\s+up|gift(?:s|ed)?\s+away)\s+(?:a\s+|the\s+|their\s+|its\s+|his\s+|her\s+)?(?:\S+\s+){0,2}?(?:chance|lead|advantage|win|victory|place|spot|points?)\b/i,
  // Saved from a loss: "Wonderkid brilliance saves world champs from shock upset".
  /\b(?:save[sd]?|spare[sd]?|rescue[sd]?)\s+(?:\S+\s+){1,4}?from\s+(?:a\s+|an\s+|the\s+)?(?:\S+\s+)?(?:defeat|upset|loss|embarrassment|elimination|humiliation)\b/i,
  // The passive of a result verb with its winner or its stage: "Moya stunned in rainy Beijing", "Ferrero upset
  // in second round", "Roddick bounced", "Lyon beaten by fifth-tier amateurs".
  /(?<!\b(?:is|was|are|were|be|been|being|feel|feels|felt|get|gets|got|look|looks|looked|seem|seems|seemed|very|so|clearly|visibly|left|remain|remains|I'm|am)\s)\b(?:beaten|defeated|routed|edged|bounced|dumped|toppled|thrashed|hammered|crushed|ousted|dispatched|outclassed|outplayed|overpowered|overwhelmed|stopped|sunk|blanked|swept|whitewashed|mauled|battered|thumped|humiliated|embarrassed)\s+(?:in\s+[A-Z]|by\s+(?:the\s+)?(?:\S+\s+)?[A-Z0-9]|in\s+(?:the\s+)?(?:\S+\s+){0,3}?(?:round|opener|final|semis?|semi-?finals?|quarter-?finals?|quarters|Game\s+\d|match|clash|derby|tie|decider|overtime|OT|extra\s+time)\b|at\s+(?:the\s+)?[A-Z]|from\s+(?:the\s+)?(?:\S+\s+){0,3}?(?:round|tournament|Cup|Open|competition|Masters|Championships?|Games)\b|\s*[!.]?\s*$)/,
  /(?<!\b(?:is|was|are|were|be|been|being|feel|feels|felt|get|gets|got|look|looks|looked|seem|seems|seemed|very|so|clearly|visibly|left|remain|remains|I'm|am)\s)\b(?:upset|stunned|shocked|humbled)\s+(?:in\s+(?:the\s+)?(?:\S+\s+){0,3}?(?:round|opener|final|semis?|semi-?finals?|quarter-?finals?|quarters|Game\s+\d|match|clash|derby|tie|decider|overtime|OT|extra\s+time)\b|at\s+(?:the\s+)?[A-Z]|\s*[!.]?\s*$)/,
  /\b(?:bow(?:s|ed)?|crash(?:es|ed)?|tumble[sd]?|dumped|knocked|bundled)\s+out\b(?!\s+(?:of\s+)?(?:for|with|injured|indefinitely|of\s+(?:the\s+)?(?:game|lineup|line-up|squad|team|season|action|training|practice|camp|hospital|contract|retirement)))/i,
  /(?<!\b(?:pull|pulls|pulled|pulling|ruled|rule|rules|withdraw|withdraws|withdrew|withdrawn|drop|drops|dropped|opt|opts|opted)\s+)\b(?:out\s+of(?!\s+\d)|exit(?:s|ed)?|crash(?:es|ed)?\s+out\s+of)\s+(?:the\s+)?(?:\S+\s+){0,3}?(?:World\s+Cup|Cup|Open|tournament|Championships?|Olympics|Games|play-?offs|race|contention|running|medals|Euros?|Champions\s+League|Europa\s+League|final|Masters|Slam|Series)\b/i,
  /\bmiss(?:es|ed)?\s+out(?:\s*$|\s+on\s+(?:a\s+|the\s+)?(?:\S+\s+){0,2}?(?:medal|gold|silver|bronze|title|final|podium|place\s+in|spot\s+in|play-?offs|knockouts?|promotion))/i,
  // A title kept or a fight won: "Harrison keeps title for fifth time", "retains world crown".
  /\b(?:keep(?:s|ing)?|kept|retain(?:s|ed|ing)?|successfully\s+defend(?:s|ed|ing)?|defended)\s+(?:\S+\s+){0,3}?(?:title|crown|belt|gold|championship|trophy|cup|Cup|Ashes)\b/i,
  /\bknock(?:s|ed)?\s+out\s+(?:the\s+)?[A-Z]|\b(?:TKO|KO|knockout|stoppage|points)\s+(?:win|victory|defeat|loss)\b|\bstop(?:s|ped)\s+[A-Z][\w'’-]*\s+in\s+(?:the\s+)?(?:\w+\s+)?round\b/,
  // British result nouns with the side: "Defeat for Lyon", "Heartbreak for Wales", "Win for Liverpool".
  /(?<![\w-])(?:win|victory|triumph|defeat|loss|heartbreak|misery|agony|despair|glory|joy|delight)\s+for\s+(?:the\s+)?[A-Z]/i,
  /\bsuffer(?:s|ed)?\s+(?:a\s+|an\s+|their\s+|its\s+|his\s+|her\s+)?(?:\S+\s+){0,2}?(?:defeat|loss|setback|reverse|humiliation|elimination|exit|upset)\b|\binflict(?:s|ed)?\s+(?:\S+\s+){0,3}?(?:defeat|loss)\b|\bcondemn(?:s|ed)?\s+(?:\S+\s+){1,3}to\s+(?:\S+\s+)?(?:defeat|loss|relegation|elimination)\b|\bslump(?:s|ed)?\s+to\s+(?:\S+\s+)?(?:defeat|loss)\b/i,
  /\b(?:put(?:s)?|hit(?:s)?|score[sd]?|slam(?:s|med)?|smash(?:es|ed)?|stick(?:s)?|fire[sd]?|bang(?:s|ed)?)\s+(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+past\s+[A-Z]/i,
  /\bend(?:s|ed)?\s+(?:the\s+)?[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)?(?:'s|’s|s'|s’)\s+(?:\S+\s+){0,2}?(?:hopes|dreams?|reign|campaign|challenge|run|title\s+defen[cs]e|season|interest|resistance|streak)\b/,
  /\bcrowned\s+(?:\S+\s+){0,3}?(?:champions?|winners?|king|queen)\b|\b(?:no-?hitter|perfect\s+game)\b|\b(?:split|unanimous|majority|technical)\s+decision\b/i,
  /\b(?:late|last-gasp|last-minute|injury-time|stoppage-time|extra-time|\d+(?:st|nd|rd|th)-minute|dramatic|stunning|golden-goal)\s+winner\b/i,
  // Figurative wins common enough to name: "put Spurs back on track", "Red Sox, Schilling roll on".
  /\b(?:back\s+on\s+(?:track|the\s+rails|the\s+winning\s+trail|song)|back\s+to\s+winning\s+ways|roll(?:s)?\s+on\s*$)/i,
  // A win turned from a loss: "turn a sure loss into an improbable win".
  /\bturn(?:s|ed)?\s+(?:\S+\s+){0,4}?(?:loss|defeat|deficit)\s+into\s+(?:\S+\s+){0,2}?(?:win|victory)\b/i,
  // A win by a trophy named: "The Egg Goes to The Plucky Rebels", "the Ashes go to England".
  /\b(?:[A-Z][\w'’]*\s+)?(?:Cup|Trophy|Bowl|Ashes|Egg|Bell|Axe|Jug|Shield|Plate|Crown|Belt|title)\s+(?:goes|go|went|stays?|stayed|returns?|returned)\s+(?:to|with|home\s+to)\s+(?:the\s+)?[A-Z]/,
];

/**
 * Medals and placings of an individual event: "Hansen takes bronze", "Phelps Touches Gold", "gold for Britain",
 * "Carter finishes fourth", "US Finishes Second". A medal as a name ("Olympic silver medalist") is not one.
 */
const MEDAL: RegExp[] = [
  /\b(?:win|wins|won|winning|take|takes|took|taking|bag|bags|bagged|grab|grabs|grabbed|claim|claims|claimed|capture[sd]?|collect(?:s|ed)?|earn(?:s|ed)?|snatch(?:es|ed)?|land(?:s|ed)?|scoop(?:s|ed)?|touch(?:es|ed)?|strike[s]?|struck|secure[sd]?|clinch(?:es|ed)?|seal(?:s|ed)?|add(?:s|ed)?|get(?:s)?|got|pick(?:s|ed)?\s+up|settle[sd]?\s+for|sprint(?:s|ed)?\s+to|swim(?:s)?\s+to|swam\s+to|race[sd]?\s+to|run(?:s)?\s+to|ran\s+to|ride[s]?\s+to|rode\s+to|power(?:s|ed)?\s+to|surge[sd]?\s+to|storm(?:s|ed)?\s+to|roar(?:s|ed)?\s+to|to)\s+(?:\S+\s+){0,3}?(?:gold|silver|bronze)\b(?!\s+(?:medall?ist|medal\s+winner|coin|standard|card|hair))/i,
  /\b(?:gold|silver|bronze)\s+(?:medal\s+)?(?:for|to|goes\s+to|went\s+to)\s+(?:the\s+)?[A-Z]/,
  /\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|\d+(?:st|nd|rd|th))\s+(?:Olympic\s+|world\s+|major\s+|career\s+|straight\s+)?(?:gold|silver|bronze)\b(?!\s+medall?ist)/i,
  /\b(?:finish(?:es|ed)?|end(?:s|ed)?|place[sd]?|come(?:s)?|came)\s+(?:a\s+|an\s+)?(?:(?!the\b|his\b|her\b|their\b|its\b)\S+\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|\d+(?:st|nd|rd|th)|runner-?up|on\s+the\s+podium)\b(?!\s+[A-Z])(?!\s+(?:in|of)\s+(?:the\s+)?(?:standings|table|league|conference|division|group|East|West|AL|NL|NFC|AFC|world\s+rankings|rankings|season))/i,
  /\b(?:on|onto|off)\s+the\s+podium\b|\bpodium\s+finish\b|\brunner-?up\s+(?:to|behind)\s+[A-Z]|\bmedal\s+(?:haul|tally)\s+(?:grows|rises|reaches)\b/i,
];

/**
 * A result by its margin: cricket's "by 23 runs", "by seven wickets", "seven-wicket defeat", "by an innings";
 * tennis's "in straight sets"; football's "on penalties".
 */
const MARGIN =
  /(?<!\b(?:lead|leads|leading|led|ahead|trail|trails|trailing|trailed|behind|clear|up|down)\s)\bby\s+(?:an\s+innings|\d+|one|two|three|four|five|six|seven|eight|nine|ten|\w+-\w+)\s*(?:and\s+\d+\s+)?(?:runs?|wickets?|innings|strokes?|shots?|lengths?|tries)\b(?!\s+(?:an?\s+)?(?:over|session))|\bin\s+(?:straight|two|three|four|five)\s+sets\b|\b(?:on|via)\s+(?:penalties|pens|penalty\s+kicks|a\s+penalty\s+shoot-?out|aggregate|away\s+goals)\b|\b(?:won|win|wins|lost|lose|loses|decided)\s+(?:it\s+)?in\s+(?:a|the)\s+(?:penalty\s+)?shoot-?out\b/i;

/** Nouns of a result with whose it was: "in Aces' win", "Game 6 defeat", "Fever loss to Sun". */
const RESULT_NOUN =
  /(?:\b[A-Z][\w.-]*(?:'s?|’s?)\s+(?:(?!to\b|a\b|an\b|and\b|or\b|but\b|chances?\b|bid\b|hopes?\b)[^\s,;]+\s+){0,3}?|\bGame\s+\d+\s+|\b(?:derby|record|blowout|comeback|road|overtime|OT|upset|season-ending|dramatic|narrow|lopsided|humiliating|heavy|first-round|opening-round|second-round|third-round|fourth-round|semi-?final|quarter-?final|final|play-?off|cup|shock|surprise|famous|stunning|thumping|crushing|emphatic|convincing|comfortable|thrilling|enthralling|epic|nervy|hard-fought|gritty|impressive|resounding|straight-sets?|five-set|three-set|penalty|shoot-?out|extra-time|injury-time|last-gasp|last-minute|late|away|home|[\w]+-(?:wicket|run|goal|point|shot|stroke|try|set|game|innings))\s+)(?:win|victory|triumph|loss|defeat|elimination|rout|collapse)\b(?!\s+(?:total|column|probability|percentage))|\b(?:early|first-round|second-round|third-round|group-stage|quarter-?final|semi-?final|last-\d+|cup|Cup|shock|surprise|premature|humiliating|embarrassing|tame|penalty|shoot-?out)\s+exit\b/;

/** "their FA Cup exit", "his first-round loss": a result owned by a pronoun, named by its competition or stage. */
const OWNED_RESULT =
  /\b(?:their|its|his|her)\s+(?:[A-Z][\w'’.-]*\s+|[\w]+-[\w-]+\s+){1,3}(?:win|victory|triumph|defeat|loss|exit|elimination)\b/;

/** "Tennessee Loses McNair Again in Loss": a result named as the occasion. */
const IN_RESULT =
  /\b(?:in|during)\s+(?:a\s+|the\s+|an\s+)?(?:[\w-]+\s+)?(?:win|victory|loss|defeat|rout|triumph)\s*(?:$|[,;:.!]|\s+(?:over|to|against|at|for|on)\b)/i;

/** "Fever loss to Sun", "Defeat to Mets": a result with its opponent. */
const RESULT_NOUN_TO =
  /\b(?:win|victory|loss|defeat|triumph|rout|exit)\s+(?:to|over|against|at|by|in)\s+(?:the\s+)?(?:No\.\s*\d+\s+)?[A-Z]/i;

/** Series and elimination: "force Game 6", "take Game 3", "keeps Knicks alive", "lead the series 3-1". */
const SERIES: RegExp[] = [
  /\b(?:force[sd]?|take[sn]?|took|steal(?:s)?|stole|drop(?:s|ped)?|split(?:s)?|win(?:s)?|won|lose(?:s)?|lost)\s+(?:a\s+)?Game\s+\d\b/i,
  /\b(?:keep(?:s)?|kept)\s+(?:\S+\s+){0,2}?alive\b/i,
  /\b(?:eliminat(?:ed|es|ion)|knocked\s+out|ousted|swept)\b(?!\s+game)/i,
  /\b(?:lead(?:s)?|trail(?:s)?|led|trailed|up|down)\s+(?:the\s+)?series\s+\d/i,
  /\b(?:advance[sd]?|advancing|move[sd]?\s+on|moving\s+on|progress(?:es|ed|ing)?|through|sail(?:s|ed)?|cruise[sd]?|ease[sd]?|storm(?:s|ed)?|power(?:s|ed)?|march(?:es|ed)?|book(?:s|ed)?\s+(?:a\s+|their\s+|his\s+|her\s+|its\s+)?(?:place|spot|berth))\s+(?:to|into|in)\s+(?:the\s+)?(?:\S+\s+){0,3}?(?:final|finals|semi-?finals?|semis|quarter-?finals?|quarters|last\s+(?:\d+|eight|four|sixteen)|knockouts?|knock-?out\s+(?:stage|phase|round)s?|(?:second|third|fourth|fifth|next|\d+(?:st|nd|rd|th))\s+round|round\s+(?:of\s+)?\d+|play-?offs|postseason|medal\s+round|Super\s+Bowl|World\s+Series|Grand\s+Final|decider)\b/i,
  /\b(?:advances|advanced\s+(?:to|into|past|at|in|with)|advance\s+(?:to|into|past))\b/i,
  /\b(?:advance[sd]?|advancing|move[sd]?\s+on|progress(?:es|ed)?)\s+(?:to|into|in)\b/i,
  /\bqualif(?:y|ies|ied)\s+(?:for|to)\b|\b(?:won|win|wins|seal(?:s|ed)?|secure[sd]?|clinch(?:es|ed)?|earn(?:s|ed)?)\s+promotion\b|\b(?:[A-Z][\w'’.-]*|are|is|were|was|been|get|gets|got)\s+relegated\b|\brelegated\s+from\b|\bavoid(?:s|ed)?\s+relegation\b/i,
  /\b(?:level(?:s|led|ed)?|tie[sd]?|square[sd]?)\s+(?:up\s+)?(?:the\s+)?(?:best-of-\w+\s+)?series\b|\bseries\s+(?:is\s+)?(?:tied|level|all\s+square)\b|\b(?:tied|level)\s+at\s+(?:\w+|\d)\s+(?:games?\s+)?(?:apiece|all|each)\b|\bseries\s+(?:win|victory|defeat|loss|sweep|triumph|clincher)\b|\b(?:win|wins|won|lose|loses|lost|take|takes|took|clinch(?:es|ed)?|seal(?:s|ed)?)\s+(?:the\s+)?(?:\S+\s+){0,2}?series\b/i,
  /\bset(?:s)?\s+up\s+(?:a\s+|an\s+|the\s+)?(?:\S+\s+){0,3}?(?:showdown|clash|meeting|date|final|semi-?final|quarter-?final|rematch|tie|decider)\b/i,
  /\b(?:reach(?:es|ed)?|into|make[sd]?|made|return(?:s|ed)?\s+to|run\s+to)\s+(?:the\s+)?(?:\S+\s+){0,3}?(?:final|finals|semi-?finals?|semis|quarter-?finals?|quarters|knock-?out\s+(?:phase|stage|round)s?|knockouts|last\s+(?:\d+|eight|four|sixteen)|play-?offs|postseason|medal\s+round|(?:second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+round)\b/i,
  /\b(?:clinch(?:es|ed)?|seal(?:s|ed)?|secure[sd]?|book(?:s|ed)?|punch(?:es|ed)?|earn(?:s|ed)?)\s+(?:\S+\s+){0,4}?(?:berth|spot|place|ticket|series|division|title|crown|pennant|seed)\b/i,
  /\ba\s+place\s+in\s+the\s+final\b|\b(?:play-?off|postseason|final|finals|semi-?final|quarter-?final|World\s+Cup|Olympic|Super\s+Bowl|knock-?out|Champions\s+League|Europa\s+League)\s+(?:berth|place|spot|ticket)\b/i,
  /\bput(?:s)?\s+(?:(?!ahead\b|behind\b|level\b)\S+\s+){1,3}in(?:to)?\s+(?:the\s+)?(?:\S+\s+){0,3}?final\b/i,
];

/** Streaks: "snap 5-game skid", "end nine-game slide", "win 6th straight", "9 in a row", "unbeaten streak reaches 48". */
const STREAK: RegExp[] = [
  /\b(?:snap(?:s|ped)?|end(?:s|ed)?|extend(?:s|ed)?|stretch(?:es|ed)?|halt(?:s|ed)?|stop(?:s|ped)?|run(?:s)?|ran)\s+(?:\S+\s+){0,5}?(?:streak|skid|slide|slump|run|wait|drought|hoodoo|jinx|curse)\b/i,
  /\brun\s+of\s+(?:\w+|\d+)\s+(?:straight\s+|consecutive\s+|successive\s+)?(?:defeats|wins|victories|losses|draws|games\s+without)\b|\bon\s+(?:a\s+|an\s+)?(?:\S+\s+){0,3}?(?:winning|unbeaten|losing|winless)\s+(?:run|streak)\b/i,
  /\b(?:[\w-]+-(?:game|match)|\d+-(?:game|match)|\d+(?:st|nd|rd|th)\s+straight|\w+\s+straight)\s+(?:losing\s+|winning\s+)?(?:streak|skid|slide|slump|win|loss|victory|defeat)\b/i,
  /\b(?:\d+|\w+)\s+in\s+a\s+row\b/i,
  /\b(?:\d+(?:st|nd|rd|th)|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(?:straight|consecutive|successive)(?:\s+(?:win|wins|victory|victories|loss|losses|defeat|defeats|game|games|decision|time)\b|\s+(?:[A-Z][\w'’-]*\s+){0,3}(?:title|titles|crown|championship|trophy)\b|\s*$|\s*[,;!])/i,
  /\bunbeaten\s+(?:streak|run)\b|\bwithout\s+a\s+(?:loss|defeat|win)\b|\bstay(?:s|ed)?\s+(?:perfect|unbeaten|undefeated)\b/i,
];

/** A record that says how the last game went: "improve to 7-0", "fall to 2-5", "7-0 start". */
const RECORD_CHANGE =
  /\b(?:improve[sd]?|move[sd]?|fall(?:s)?|fell|drop(?:s|ped)?|slip(?:s|ped)?|climb(?:s|ed)?|even(?:s|ed)?)\s+to\s+\d{1,3}[-–]\d{1,3}\b|\b(?:\d{1,3}[-–]0|0[-–]\d{1,3})\s+start\b|\b(?:perfect|unbeaten|flawless|100%|winning)\s+starts?\b|\b(?:lose|loses|lost|end(?:s|ed)?|extend(?:s|ed)?|keep(?:s)?|kept|maintain(?:s|ed)?|preserve[sd]?)\s+(?:their\s+|its\s+|his\s+|her\s+|the\s+)?(?:\S+\s+){0,2}?(?:100%|perfect|unbeaten|undefeated|winning|unblemished)\s+(?:\S+\s+)?(?:record|starts?|run|streak|season|campaign)\b/i;

/** Draws: "held to draw", "scoreless draw", "only manage draw", "tied 1-1". */
const DRAW =
  /\b(?:held|hold(?:s)?|play(?:s|ed)?|manage[sd]?|settle[sd]?\s+for|earn(?:s|ed)?|secure[sd]?|salvage[sd]?|grab(?:s|bed)?|clung\s+on\s+for|cling(?:s)?\s+on\s+for|hang(?:s)?\s+on\s+for|hung\s+on\s+for|battle[sd]?\s+(?:out\s+|to\s+)|fought\s+out|fight(?:s)?\s+out|rescue[sd]?|snatch(?:es|ed)?|steal(?:s)?|stole)\s+(?:\S+\s+){0,3}?(?:draw|tie|stalemate|point)\b|\b(?:scoreless|goalless|score|valiant|unlikely|hard-earned|creditable|dull|thrilling|battling|gritty|deserved|late|dramatic|bore|\d[-–]\d)\s+(?:draw|tie|stalemate)\b|\bequali[sz]er\b|\bdraw(?:s|n)?\s+(?:with|against|at)\s+(?:the\s+)?[A-Z]|[A-Z][\w.'’-]*(?:,|\s+and)\s+(?:the\s+)?[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)?\s+(?:draw|tie)\s*$/i;

/** A title or a place in a final: "Canada reclaims World Cup", "Canada, Finland set for WCH final". */
const TITLE =
  /\b(?:set\s+for|to\s+face|to\s+meet|face[sd]?|meet(?:s)?|take[sn]?\s+on|took\s+on|play(?:s)?)\b[^;:!?]{0,40}?\b(?:final|championship|title\s+game|semi-?finals?|semis|quarter-?finals?|last\s+(?:four|eight))\b|\b(?:semi-?final|quarter-?final|final|ALCS|NLCS)\s+(?:first[- ]leg\s+|second[- ]leg\s+)?(?:clash|showdown|tie|meeting|against|with|v|vs\.?|rematch)\s+(?:the\s+)?[A-Z]|\brule\s+pools\b|\b(?:takes?|took|wins?|won)\b[^.;:!?]{0,30}\bgold\b/i;

/**
 * Who reached a final: a final round named with its teams tells a fan who has not seen the semi-final how
 * it ended ("NBA Finals betting: Thunder heavily favored over Pacers"). The conference finals and the
 * Finals MVP are not that; the Super Bowl is left out because NFL news names it all year as a hope.
 */
const FINAL_ROUND =
  /\b(?:NBA|WNBA)\s+Finals\b(?!\s+MVP)|(?<![Cc]onference\s)\bFinals\b(?!\s+MVP)|\bStanley\s+Cup\s+(?:Final|showdown|matchup)\b|\b(?:championship|title)\s+(?:matchup|showdown)\b|\bEast(?:ern\s+Conference)?\s+champions?\b|\blast\s+16\b/;

/**
 * A score: "24-17", "3–1", "6-3, 6-2". Not a record ("the 8-5 Chiefs", "4-13 seasons", "(51-31, third in
 * the East)"), a run inside a game ("9-0 run"), a shooting line ("7-for-7"), a height or a scheme ("6-5
 * guard", "3-4 defense"), a span of years, or a rating ("5-star").
 */
const SCORE =
  /(?<![\d.$/:-])(\d{1,3})\s?[-–—](\s?)(\d{1,3})(?![\d%/-]|\.\d|:\d|\s?(?:for|foot|ft|star|year|yard|yd|man|point|hour|day|week|month|minute|game|match|team|seed|over|member)s?\b)/g;
const SCORE_NOT_AFTER =
  /^\s*(?:run|lead|deficit|record|mark|season|seasons|start|finish|team|teams|club|squad|defen[cs]e|scheme|front|formation|guard|forward|center|centre|receiver|wide|tackle|edge|lineman|split|pick|vote|ruling|margin|edge|advantage|count|in\s+(?:the\s+)?(?:East|West|Eastern|Western|AL|NL|AFC|NFC|conference|division|league|Big))/i;
const RESULT_NOUN_AFTER =
  /^\s*(?:[\w.'’-]+\s+){0,3}?(?:series\s+(?:lead|win|victory|defeat|loss|sweep)|win|victory|triumph|loss|defeat|draw|tie|rout|decision|thriller|shutout|blowout|comeback|final|romp|pounding|drubbing|hammering|thrashing|shellacking|success|on\s+(?:pens|penalties|aggregate))\b/i;

/** The box-score form of wire headlines: "Braves 6, Padres 5", "No. 5 North Carolina 63, No. 24 Villanova 56". */
const MONTHS = /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?$/;
const BOX_SCORE =
  /((?:No\.\s*\d+\s+)?[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,3})\s+(\d{1,3}),\s+((?:No\.\s*\d+\s+)?[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,3})\s+(\d{1,3})\b(?![\d,])/;

function scoreIn(clause: string): string | null {
  for (const m of clause.matchAll(SCORE)) {
    const [whole, a, , b] = m;
    const at = m.index ?? 0;
    const before = clause.slice(0, at);
    const after = clause.slice(at + whole.length);
    // A state during the game: "Redskins Trail, 14-10", "lead 2-1 at half-time".
    if (/\b(?:trail(?:s|ed|ing)?|lead(?:s|ing)?|ahead|behind|up|down)\s*,?\s*$/i.test(before)) continue;
    // "Shaun Murphy leads Kyren Wilson 6-2 in Masters final": a lead over a named side during the match (a
    // series lead, "lead series 3-1", is a series state and still counts).
    if (/\b(?:trail(?:s|ed|ing)?|lead(?:s|ing)?)\s+(?:[A-Z][\w'’.-]*\s+){1,3}$/.test(before)) continue;
    if (
      /^\s*(?:at\s+(?:the\s+)?(?:half|half-?time|halftime|break|interval)\b|after\s+(?:\w+\s+)?(?:quarters?|periods?|innings|halves|half)\b)/i.test(
        after,
      )
    )
      continue;
    if (RESULT_NOUN_AFTER.test(after)) return whole;
    if (SCORE_NOT_AFTER.test(after)) continue;
    // A record inside brackets of a preview line: "(51-31, third in the Eastern Conference)".
    if (/\(\s*$/.test(before) && /^\s*[,)]/.test(after)) continue;
    // "the 8-5 Chiefs", "are 2-2", "at 7-2": a record standing as an adjective or a state.
    if (
      /\b(?:the|an?|are|is|was|were|at|with|of|finished|finish|went|go|goes|improved|record|to)\s*$/i.test(
        before,
      )
    )
      continue;
    // A tennis set or a 1-0 at 2-1 style pair: both numbers small or plausible scores; skip years "2004-05".
    if (Number(a) > 300 || Number(b) > 300) continue;
    return whole;
  }
  return null;
}

function boxScoreIn(clause: string): string | null {
  const m = BOX_SCORE.exec(clause);
  if (!m) return null;
  const firstWord = (m[1] ?? '').split(/\s+/).pop() ?? '';
  if (MONTHS.test(firstWord)) return null;
  return m[0];
}

// Sentence ends, but not after an initial or an abbreviation ("D.C. to Face K.C.", "No. 5 North Carolina",
// "St. Louis"); dashes; and "after"/"as", which join a result to what followed it.
const CLAUSE_BREAK =
  /(?<![A-Z]\.|\b(?:St|No|Nos|Mt|Jr|Sr|Dr|Mr|Mrs|Ms|vs|Ft|Gov|Sen|Rep|Gen|Lt|Sgt|Jan|Feb|Mar|Apr|Aug|Sept|Sep|Oct|Nov|Dec)\.)(?<=[.!?;:])\s+|\s+[—–-]{1,2}\s+|\s+\|\s+|\bafter\b|\bas\b/;

/** Cuts a text into clauses that are judged one by one. */
function clauses(text: string): string[] {
  return text
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

// "expectation to win", "Why OKC will have to be their best to beat the Pacers": an infinitive is a goal,
// unless a rally or a play before it made it happen ("complete improbable OT comeback to eliminate Bucks",
// "Red Sox Rally to Beat White Sox").
const INFINITIVE = /\bto\s+$/i;
const DONE_BEFORE_INFINITIVE =
  /\b(?:rall(?:y|ies|ied)|comeback|came\s+back|come\s+back|run|surge|deficit|goal|homer|shot|double|single|basket|kick|FG|field\s+goal|hit|hits|three|3|pointer|layup|dunk|overtime|OT|twice|two|held\s+on|hold\s+off|held\s+off|save[sd]?|saving|match\s+points?|sets?\s+down|fightback|fight\s+back|fought\s+back|battled?\s+back|recover(?:s|ed)?|survive[sd]?|escape[sd]?|innings|wickets?|birdie|eagle|putt|try|tries|penalty|header|strike|brace|hat-trick|score[sd]?|scoring|late|past\s+[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2})\b[^.;:!?]{0,40}\bto\s+$/i;

function isHypothetical(clause: string, at: number): boolean {
  const before = clause.slice(0, at);
  if (HYPOTHETICAL.test(before)) return true;
  return INFINITIVE.test(before) && !DONE_BEFORE_INFINITIVE.test(before);
}

// A result of an earlier season told as background ("LSU beat Oklahoma in the title game last January",
// "won the national championship two years ago") is not a game a fan could still be watching on delay.
const BACKGROUND =
  /\b(?:last\s+(?:season|year|January|February|March|April|May|June|July|August|September|October|November|December|spring|fall|winter|summer)|(?:\w+|\d+)\s+(?:years|seasons)\s+(?:ago|earlier)|in\s+(?:19|20)\d\d\b)/i;

/** The rules in the order they are tried; the first that fires names the verdict. */
const RULE_TESTS: [SpoilerRule, RegExp][] = [
  ['result-verb', RESULT_VERB],
  ['result-verb', CARRIES_PAST],
  ['result-noun', RESULT_NOUN],
  ['result-noun', RESULT_NOUN_TO],
  ['result-noun', IN_RESULT],
  ['result-noun', OWNED_RESULT],
  ...RESULT_PHRASES.map((r): [SpoilerRule, RegExp] => ['result-verb', r]),
  ...SERIES.map((r): [SpoilerRule, RegExp] => ['series', r]),
  ...STREAK.map((r): [SpoilerRule, RegExp] => ['streak', r]),
  ['record-change', RECORD_CHANGE],
  ...MEDAL.map((r): [SpoilerRule, RegExp] => ['medal', r]),
  ['margin', MARGIN],
  ['draw', DRAW],
  ['title', TITLE],
  ['final-round', FINAL_ROUND],
];

const RULE_TESTS_ALL: [SpoilerRule, RegExp, RegExp][] = RULE_TESTS.map(([rule, re]) => [
  rule,
  re,
  new RegExp(re.source, `${re.flags}g`),
]);

function judgeClause(clause: string): { rule: SpoilerRule; match: string } | null {
  const score = scoreIn(clause);
  if (score) return { rule: 'score', match: score };
  const box = boxScoreIn(clause);
  if (box) return { rule: 'box-score', match: box };

  // A clause that tells an earlier season's result as background gives nothing away.
  if (BACKGROUND.test(clause)) return null;
  // Every match of a rule is tried, overlapping ones too, not only the first: "to secure an unlikely draw" is
  // a goal at "secure" and a result at "unlikely draw".
  for (const [rule, re, all] of RULE_TESTS_ALL) {
    if (!re.test(clause)) continue;
    all.lastIndex = 0;
    for (let m = all.exec(clause); m; m = all.exec(clause)) {
      const at = m.index;
      all.lastIndex = at + 1;
      if (re === RESULT_VERB && HAND.test(m[0]) && !HAND_RESULT.test(clause.slice(at))) continue;
      // A result named in a question, a wish or a forecast is not news of one ("Can Jets beat the Bills?").
      // Who reached a final is news even in a forecast ("NBA Finals betting: Thunder favored over Pacers").
      if (rule !== 'final-round' && isHypothetical(clause, at)) continue;
      return { rule, match: m[0].trim() };
    }
  }
  return null;
}

/** True when a line reads as a forecast or a question (FORECAST): the learned component leaves it alone. */
export function readsAsForecast(text: string): boolean {
  return FORECAST.test(text);
}

/** True when a text tells an earlier season's result as background (BACKGROUND). */
export function tellsBackground(text: string): boolean {
  return BACKGROUND.test(text);
}

/** The first hand-written rule that fires on a text (headline or summary), or null: the learned component's input. */
export function resultRuleIn(text: string): { rule: SpoilerRule; match: string } | null {
  for (const clause of clauses(text)) {
    const verdict = judgeClause(clause);
    if (verdict) return verdict;
  }
  return null;
}

/**
 * Whether a headline, or its summary when one is given, gives a game's result away, with the rule that
 * fired. The hand-written rules are tried first (their names say why); a line none of them fires on is then
 * scored by the learned component (`rule: 'model'`, `match` its highest-weighted words in the line), which
 * catches the many ways of telling a result that no rule names. Pure and fast (regular expressions and a
 * table of weights), so the shield can run it on every card it renders.
 */
export function givesResultAway(headline: string, summary?: string | null): SpoilerVerdict {
  const inHeadline = resultRuleIn(headline);
  if (inHeadline) return { spoiler: true, ...inHeadline, field: 'headline' };
  const inSummary = summary ? resultRuleIn(summary) : null;
  if (inSummary) return { spoiler: true, ...inSummary, field: 'summary' };
  // A forecast headline's card is a forecast too: the model judges neither. A summary that tells an earlier
  // season's result as background is left to the rules, which read "last January" as background.
  const cardSummary = summary && tellsBackground(summary) ? null : summary;
  const byModel = readsAsForecast(headline) ? null : modelVerdict(headline, cardSummary);
  if (byModel) return { spoiler: true, rule: 'model', match: byModel.match, field: byModel.field };
  return { spoiler: false, rule: null, match: null, field: null };
}
